// A long build is never silent: watchBuild says how it is doing about once a minute, from the same
// history predictive polling uses. The clock and timers are faked: minutes pass without waiting.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectLog } from '../src/reporting/project-log.js';
import type { Build } from '../src/readthedocs/schemas.js';
import { LastSeenRecorder, type OperationContext } from '../src/operations/types.js';
import { PROGRESS_INTERVAL_MS, progressLine, watchBuild } from '../src/operations/shared/builds/watch-build.js';
import { pollingPlan } from '../src/operations/polling-plan.js';
import { WatcherRegistry } from '../src/operations/watchers.js';
import { sleep } from '../src/util/abort.js';

const T0 = Date.parse('2026-11-23T08:00:00Z');

function buildAt(state: string, success: boolean | null = null): Build {
  return {
    id: 42,
    project: 'demo',
    version: 'latest',
    commit: 'a'.repeat(40),
    created: new Date(T0).toISOString(),
    finished: null,
    duration: null,
    success,
    error: '',
    state: { code: state, name: state[0]!.toUpperCase() + state.slice(1) },
    urls: { build: 'https://app.readthedocs.org/projects/demo/builds/42/', project: '', version: '' },
    _links: {},
  } as unknown as Build;
}

/** A build queued 10 s, then building until `endsAfterMs` after T0. */
function fakeContext(endsAfterMs: number, overrides: Partial<OperationContext> = {}) {
  const polls: number[] = [];
  const api = {
    // The build's log: none here.
    buildCommands: async (id: number) => ({ id, commands: [] }),
    build: async () => {
      const now = Date.now();
      polls.push(now - T0);
      if (now - T0 >= endsAfterMs) return buildAt('finished', true);
      return buildAt(now - T0 < 10_000 ? 'triggered' : 'building');
    },
  };
  const ctx = {
    inputs: { pollInterval: 'auto', baseUrl: 'https://app.readthedocs.org' },
    polling: pollingPlan('auto'),
    sleep,
    watchers: new WatcherRegistry(),
    api,
    budget: { fairIntervalMs: () => 0, nextSlotAt: () => 0 },
    deadline: { signal: new AbortController().signal },
    startedAt: T0,
    now: () => Date.now(),
    ...overrides,
  } as unknown as OperationContext;
  return { ctx, polls };
}

function collectingLog() {
  const lines: { at: number; message: string }[] = [];
  const log: ProjectLog = {
    info: (message) => lines.push({ at: Date.now() - T0, message }),
    progress: (message) => lines.push({ at: Date.now() - T0, message }),
    warning: () => undefined,
    notice: () => undefined,
    debug: () => undefined,
    section: () => undefined,
    flush: () => undefined,
  };
  return { log, lines };
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('progress while a build runs', () => {
  it('a 3-minute build with a 6-minute history prints a line at least every 70 s, with the expected time', async () => {
    const { ctx } = fakeContext(180_000);
    const { log, lines } = collectingLog();
    const seen = new LastSeenRecorder('https://app.readthedocs.org');

    const watching = watchBuild(ctx, { name: 'demo', log, seen }, buildAt('triggered'), { expectedMs: 360_000, spreadMs: 20_000 });
    await vi.advanceTimersByTimeAsync(200_000);
    const { build: final } = await watching;

    expect(final.state.code).toBe('finished');
    const times = lines.map((line) => line.at);
    for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBeLessThanOrEqual(70_000);
    expect(times.at(-1)).toBeGreaterThanOrEqual(180_000);
    const still = lines.filter((line) => line.message.includes('still building'));
    expect(still.length).toBeGreaterThanOrEqual(2);
    expect(still[0]!.message).toMatch(/^\[1m\d*s?\] build #42: still building, 1m of about 6m expected$/);
    expect(lines.some((line) => /still building, 2m of about 6m expected$/.test(line.message))).toBe(true);
  });

  it('the interval is a setting: shortened, the lines come as often, between sparse polls', async () => {
    const { ctx, polls } = fakeContext(60_000, {
      progressIntervalMs: 5_000,
      inputs: { pollInterval: 15_000, baseUrl: 'https://app.readthedocs.org' } as OperationContext['inputs'],
      polling: pollingPlan(15_000),
    });
    const { log, lines } = collectingLog();

    const watching = watchBuild(
      ctx,
      { name: 'demo', log, seen: new LastSeenRecorder('https://app.readthedocs.org') },
      buildAt('building'),
      undefined,
    );
    await vi.advanceTimersByTimeAsync(70_000);
    await watching;

    const still = lines.filter((line) => line.message.includes('still building'));
    // A line every 5 s of the minute (but not right after a state change), more lines than polls.
    expect(still.length).toBeGreaterThanOrEqual(10);
    expect(still.length).toBeGreaterThan(polls.length);
    expect(still.every((line) => / so far$/.test(line.message))).toBe(true); // no history: no expected time
  });

  it('a short build prints no progress line at the default interval', async () => {
    expect(PROGRESS_INTERVAL_MS).toBe(60_000);
    const { ctx } = fakeContext(20_000);
    const { log, lines } = collectingLog();
    const watching = watchBuild(
      ctx,
      { name: 'demo', log, seen: new LastSeenRecorder('https://app.readthedocs.org') },
      buildAt('triggered'),
      {
        expectedMs: 10_000,
        spreadMs: 1_000,
      },
    );
    await vi.advanceTimersByTimeAsync(40_000);
    await watching;
    expect(lines.filter((line) => line.message.includes('still'))).toEqual([]);
  });
});

describe('progressLine', () => {
  it.each([
    ['building', 240_000, { expectedMs: 360_000, spreadMs: 0 }, 'still building, 4m of about 6m expected'],
    ['building', 420_000, { expectedMs: 360_000, spreadMs: 0 }, 'still building, 7m (about 6m expected)'],
    ['installing', 45_400, undefined, 'still installing, 45s so far'],
    ['triggered', 125_000, { expectedMs: 360_000, spreadMs: 0 }, 'still queued, for 2m so far'],
  ] as const)('%s after %d ms', (state, ms, estimate, line) => expect(progressLine(state, ms, estimate)).toBe(line));
});
