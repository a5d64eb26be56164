import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // End-to-end tests spawn dist/index.js and spend most of their time waiting for the stand-in's
    // clock, not computing: four workers overlap those waits on a two-core machine.
    maxWorkers: 4,
    // One worker runs file after file without a fresh module graph for each: most of the unit
    // layer's time was spent starting workers and importing. Every file restores what it changes
    // (real timers, process.env) in its own afterEach.
    isolate: false,
  },
});
