import { defineConfig } from 'vitest/config';

/**
 * Test files that call the action's `run()` in-process: it leaves process-wide state behind (the
 * toolkit keeps the first job-summary path it reads; one of them replaces @actions/core with a
 * mock), so each of them gets a fresh module graph.
 */
const RUN_IN_PROCESS = ['test/operations/report.test.ts', 'test/operations/local-action.test.ts'];

export default defineConfig({
  test: {
    // Guards against a hang only, generous for a loaded machine: no test may depend on its speed
    // (each asserts on states, requests and outputs, never on how long it took).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Tests over real HTTP to the loopback stand-ins wait as much as they compute: four workers
    // overlap those waits on a two-core machine (the end-to-end project sets its own, below).
    maxWorkers: 4,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', ...RUN_IN_PROCESS],
          // One worker runs file after file without a fresh module graph for each: most of the unit
          // layer's time was spent starting workers and importing. Every file restores what it
          // changes (real timers, process.env) in its own afterEach.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: RUN_IN_PROCESS, isolate: true } },
      // dist/index.js run as the runner runs it (npm run build first). After the other two (a group
      // of its own), on three workers: its child processes then compete neither with the unit files
      // nor with too many of their own, which keeps their timing-sensitive tests (timeouts, signals)
      // steady and each file's time its own, in the same wall time as one mixed pool.
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          isolate: false,
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
          testTimeout: 240_000,
        },
      },
    ],
  },
});
