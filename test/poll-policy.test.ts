import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  expectedDuration,
  durationSpread,
  nextPollDelay,
  StartTracker,
  type PollObservation,
} from '../src/operations/shared/builds/poll-policy.js';
import { defaultPollPolicy, type PollPolicyOptions } from '../src/operations/polling-plan.js';
import { simulatePolling } from './support/simulate-polling.ts';

const SECOND = 1_000;
const opts = defaultPollPolicy;
const { minIntervalMs: MIN, maxIntervalMs: MAX } = defaultPollPolicy;

/** A peer that polls every `intervalMs` from t = 0: GETs until one sees the end, and its lag. */
function fixedInterval(endsAtMs: number, intervalMs: number): { requests: number; detectionLagMs: number } {
  const polls = Math.ceil(endsAtMs / intervalMs);
  return { requests: polls + 1, detectionLagMs: polls * intervalMs - endsAtMs };
}

/** Same shape as the simulator's result, over a range of end times (so no lucky alignment). */
function overEndTimes(fromMs: number, toMs: number, stepMs: number, run: (endMs: number) => { requests: number; detectionLagMs: number }) {
  const results: { requests: number; detectionLagMs: number }[] = [];
  for (let end = fromMs; end < toMs; end += stepMs) results.push(run(end));
  const mean = (pick: (r: { requests: number; detectionLagMs: number }) => number) =>
    results.reduce((sum, r) => sum + pick(r), 0) / results.length;
  return {
    meanRequests: mean((r) => r.requests),
    meanLagMs: mean((r) => r.detectionLagMs),
    maxLagMs: Math.max(...results.map((r) => r.detectionLagMs)),
  };
}

describe('expectedDuration', () => {
  it('is the median of the usable durations, in ms', () => {
    expect(expectedDuration([40, 41, 39])).toBe(40_000);
    expect(expectedDuration([30, 50])).toBe(40_000);
    // One cold-cache outlier does not move it much.
    expect(expectedDuration([40, 41, 39, 40, 300])).toBe(40_000);
  });

  it('ignores builds that never ran to the end (null, 0, negative, not finite)', () => {
    expect(expectedDuration([null, 0, 42, -5, Number.NaN, undefined, Number.POSITIVE_INFINITY])).toBe(42_000);
  });

  it('gives undefined without history', () => {
    expect(expectedDuration([])).toBeUndefined();
    expect(expectedDuration([null, 0])).toBeUndefined();
  });
});

describe('durationSpread', () => {
  it('is 1.5 median absolute deviations: zero for steady builds, wide for erratic ones', () => {
    expect(durationSpread([40, 40, 40, 40])).toBe(0);
    expect(durationSpread([38, 39, 40, 41, 42])).toBe(1_500);
    expect(durationSpread([30, 40, 50, 45, 38])).toBe(7_500);
  });

  it('assumes 5 % with fewer than three durations, and never more than half the estimate', () => {
    expect(durationSpread([40])).toBe(2_000);
    expect(durationSpread([40, null, 0])).toBe(2_000);
    expect(durationSpread([10, 10, 10, 100, 100, 100])).toBe(27_500);
    expect(durationSpread([])).toBeUndefined();
  });
});

describe('StartTracker', () => {
  it('counts a build never seen queued from its creation', () => {
    const start = new StartTracker(1_000);
    expect(start.observe(1_200, 'cloning')).toEqual({ buildStartedAt: 1_000, startUncertaintyMs: 0 });
    expect(start.observe(9_000, 'building')).toEqual({ buildStartedAt: 1_000, startUncertaintyMs: 0 });
  });

  it('places a start seen after a queue between the last queued answer and the first running one', () => {
    const start = new StartTracker(1_000);
    expect(start.observe(1_100, 'triggered')).toEqual({ buildStartedAt: 1_000, startUncertaintyMs: 0 });
    start.observe(2_100, 'triggered');
    expect(start.observe(3_400, 'cloning')).toEqual({ buildStartedAt: 3_400, startUncertaintyMs: 1_300 });
    expect(start.observe(20_000, 'uploading')).toEqual({ buildStartedAt: 3_400, startUncertaintyMs: 1_300 });
  });

  it('does not trust a creation time ahead of the runner clock, nor a missing one', () => {
    expect(new StartTracker(50_000).observe(10_000, 'building').buildStartedAt).toBe(10_000);
    expect(new StartTracker(undefined).observe(10_000, 'building').buildStartedAt).toBe(10_000);
    expect(new StartTracker(undefined).observe(10_000, 'triggered').buildStartedAt).toBeUndefined();
  });
});

describe('simulatePolling with the default policy (min 1 s, max 15 s, window 4 s)', () => {
  it('notices a 40 s build with 40 s history within 2 s, in at most 8 GETs', () => {
    const expected = expectedDuration([40, 39, 41, 40, 40]);
    expect(expected).toBe(40_000);
    const durationSpreadMs = durationSpread([40, 39, 41, 40, 40]);
    expect(durationSpreadMs).toBe(0);
    const result = simulatePolling({ buildDurationMs: 40 * SECOND, expectedDurationMs: expected, durationSpreadMs, opts });
    // Measured: 4 GETs (0, then three equal hops landing at 40.5 s), lag 0.5 s.
    expect(result.requests).toBeLessThanOrEqual(5);
    expect(result.detectionLagMs).toBeLessThanOrEqual(2 * SECOND);
    // Fixed 2 s needs 21 GETs for the same build.
    expect(result.requests).toBeLessThan(fixedInterval(40 * SECOND, 2 * SECOND).requests);
  });

  it('stays on target when the first GET comes late or the build is as far off as its history varies', () => {
    const history = [38, 39, 40, 41, 42];
    const durationSpreadMs = durationSpread(history);
    expect(durationSpreadMs).toBe(1_500);
    for (let real = 38 * SECOND; real <= 42 * SECOND; real += 250) {
      const result = simulatePolling({
        buildDurationMs: real,
        expectedDurationMs: expectedDuration(history),
        durationSpreadMs,
        opts,
        startDelayMs: 700,
      });
      // ±5 % around the estimate: measured at most 8 GETs and 1 s lag.
      expect(result.requests, `real ${real} ms`).toBeLessThanOrEqual(8);
      expect(result.detectionLagMs, `real ${real} ms`).toBeLessThanOrEqual(SECOND);
    }
  });

  it('with history steadier than the build: an early end costs lag (at most a hop), never extra GETs', () => {
    const early = simulatePolling({ buildDurationMs: 38 * SECOND, expectedDurationMs: 40 * SECOND, opts });
    expect(early.requests).toBeLessThanOrEqual(4);
    expect(early.detectionLagMs).toBeLessThanOrEqual(2.5 * SECOND);
    const late = simulatePolling({ buildDurationMs: 42 * SECOND, expectedDurationMs: 40 * SECOND, opts });
    expect(late.requests).toBeLessThanOrEqual(6);
    expect(late.detectionLagMs).toBeLessThanOrEqual(MIN);
  });

  it('a short pickup queue (1.5 s) costs two GETs and keeps the lag within 2 s', () => {
    const result = simulatePolling({
      buildDurationMs: 40 * SECOND,
      queueMs: 1_500,
      expectedDurationMs: 40 * SECOND,
      durationSpreadMs: 0,
      opts,
    });
    // Measured: GETs at 0 (queued), 1 (queued), 2 (running), three hops to 40.5 s after creation... 6 in all.
    expect(result.requests).toBeLessThanOrEqual(6);
    expect(result.detectionLagMs).toBeLessThanOrEqual(2 * SECOND);
  });

  it('without history, a 40 s build: at most 15 GETs and 4.5 s lag, beating fixed 2 s on GETs and fixed 10 s on lag', () => {
    const exact = simulatePolling({ buildDurationMs: 40 * SECOND, opts });
    // Measured: 13 GETs, lag 2.6 s (waits of 3 s plus 3 % of the running time).
    expect(exact.requests).toBeLessThanOrEqual(15);
    expect(exact.detectionLagMs).toBeLessThanOrEqual(4 * SECOND);

    // Over end times 40–50 s, so fixed intervals get no lucky alignment.
    const ours = overEndTimes(40 * SECOND, 50 * SECOND, 100, (end) => simulatePolling({ buildDurationMs: end, opts }));
    const every2s = overEndTimes(40 * SECOND, 50 * SECOND, 100, (end) => fixedInterval(end, 2 * SECOND));
    const every10s = overEndTimes(40 * SECOND, 50 * SECOND, 100, (end) => fixedInterval(end, 10 * SECOND));
    expect(ours.maxLagMs).toBeLessThanOrEqual(4.5 * SECOND);
    expect(ours.meanRequests).toBeLessThan(every2s.meanRequests * 0.7);
    expect(ours.meanLagMs).toBeLessThan(every10s.meanLagMs / 2);
    expect(ours.maxLagMs).toBeLessThan(every10s.maxLagMs / 2);
  });

  it('a slow build (expected 40 s, real 120 s) is still seen within the max interval, with bounded GETs', () => {
    const result = simulatePolling({ buildDurationMs: 120 * SECOND, expectedDurationMs: 40 * SECOND, opts });
    // Measured: 21 GETs, lag 1.2 s.
    expect(result.detectionLagMs).toBeLessThanOrEqual(MAX);
    expect(result.requests).toBeLessThanOrEqual(25);
    // Fixed 2 s would need 61.
    expect(result.requests).toBeLessThan(fixedInterval(120 * SECOND, 2 * SECOND).requests / 2);
  });

  it('a very slow build settles at the max interval, not at a dense one', () => {
    const result = simulatePolling({ buildDurationMs: 900 * SECOND, expectedDurationMs: 40 * SECOND, opts });
    expect(result.detectionLagMs).toBeLessThanOrEqual(MAX);
    // ~860 s of overrun at 15 s is ~57 GETs; leave room for the approach and the back-off ramp.
    expect(result.requests).toBeLessThanOrEqual(85);
  });

  it('a fast build (expected 40 s, real 10 s) is seen within 5 s (half the expected time, capped at max)', () => {
    const result = simulatePolling({ buildDurationMs: 10 * SECOND, expectedDurationMs: 40 * SECOND, opts });
    // Measured: GETs at 0 and 15 s, lag 5 s.
    expect(result.detectionLagMs).toBeLessThanOrEqual(5 * SECOND);
    expect(result.requests).toBeLessThanOrEqual(2);
  });

  it('a build queued 60 s in triggered, then running 40 s as its history says', () => {
    const result = simulatePolling({
      buildDurationMs: 40 * SECOND,
      queueMs: 60 * SECOND,
      expectedDurationMs: 40 * SECOND,
      opts,
    });
    // Measured: 15 GETs (8 while queued: 0, 1, 2, 4, 8, 16, 31, 46 s), lag 1 s.
    expect(result.requests).toBeLessThanOrEqual(16);
    expect(result.detectionLagMs).toBeLessThanOrEqual(2 * SECOND);
  });

  it('a long queue costs about one GET per max interval', () => {
    const queued = simulatePolling({ buildDurationMs: 40 * SECOND, queueMs: 600 * SECOND, expectedDurationMs: 40 * SECOND, opts });
    const notQueued = simulatePolling({ buildDurationMs: 40 * SECOND, expectedDurationMs: 40 * SECOND, opts });
    expect(queued.requests - notQueued.requests).toBeLessThanOrEqual(600 / 15 + 8);
    expect(queued.detectionLagMs).toBeLessThanOrEqual(2 * SECOND);
  });

  it('counts a build already over at the first GET as one request', () => {
    expect(simulatePolling({ buildDurationMs: 5 * SECOND, opts, startDelayMs: 8 * SECOND })).toEqual({
      requests: 1,
      detectionLagMs: 3 * SECOND,
    });
  });
});

describe('nextPollDelay', () => {
  const t0 = 1_700_000_000_000;
  const running = (elapsedMs: number, expectedDurationMs?: number): PollObservation => ({
    now: t0 + elapsedMs,
    state: 'building',
    buildStartedAt: t0,
    expectedDurationMs,
  });

  it('reaches the expected end in the fewest equal hops of at most max, landing just past it', () => {
    const polls: number[] = [];
    for (let at = 0; polls.length < 4; ) {
      at += nextPollDelay(running(at, 40 * SECOND), opts);
      polls.push(at);
    }
    // 40.5 s: durations are whole seconds, so a build "of 40 s" may end half a second late.
    expect(polls.slice(0, 3)).toEqual([13_500, 27_000, 40_500]);
    // Past the window: densest polling.
    expect(polls[3]).toBe(41_500);
    // Two densest intervals from the end, it goes straight to the end.
    expect(nextPollDelay(running(38_500, 40 * SECOND), opts)).toBe(2_000);
    // A longer build: hops never longer than max, and all the same length.
    expect(nextPollDelay(running(0, 300 * SECOND), opts)).toBe(Math.round(300_500 / 21));
  });

  it('crosses the window of likely ends at the densest interval, starting one interval into it', () => {
    // Spread 1 s, start unsure by 0.5 s: likely ends between 38 s and 41.5 s after the latest start.
    const unsure = (elapsedMs: number): PollObservation => ({
      ...running(elapsedMs, 40 * SECOND),
      durationSpreadMs: SECOND,
      startUncertaintyMs: 500,
    });
    const polls: number[] = [];
    for (let at = 0; at < 41_500; ) {
      at += nextPollDelay(unsure(at), opts);
      polls.push(at);
    }
    expect(polls).toEqual([13_000, 26_000, 39_000, 40_000, 41_000, 42_000]);
  });

  it('crosses a wide window in about six polls rather than at the densest interval', () => {
    const erratic = (elapsedMs: number): PollObservation => ({ ...running(elapsedMs, 40 * SECOND), durationSpreadMs: 10 * SECOND });
    // Likely ends between 29.5 s and 50.5 s: steps of 3.5 s, the first at 33 s.
    expect(nextPollDelay(erratic(0), opts)).toBe(11_000);
    expect(nextPollDelay(erratic(33_000), opts)).toBe(3_500);
    expect(nextPollDelay(erratic(47_000), opts)).toBe(3_500);
  });

  it('after the expected end: dense for the window, then backs off exponentially up to max', () => {
    const window = opts.nearEndWindowMs!;
    for (let overrun = 0; overrun < window; overrun += 500) {
      expect(nextPollDelay(running(40 * SECOND + overrun, 40 * SECOND), opts)).toBe(MIN);
    }
    // Walk the schedule: each wait is longer than the last until the max.
    let now = 40 * SECOND + window;
    let previous = MIN;
    const waits: number[] = [];
    while (previous < MAX) {
      const wait = nextPollDelay(running(now, 40 * SECOND), opts);
      expect(wait).toBeGreaterThanOrEqual(previous);
      waits.push(wait);
      previous = wait;
      now += wait;
    }
    // Exponential but gradual: each wait at most doubles, and 15 s comes after a handful of polls.
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeLessThanOrEqual(2 * waits[i - 1]!);
    expect(waits.length).toBeGreaterThanOrEqual(4);
    expect(waits.length).toBeLessThanOrEqual(10);
    expect(nextPollDelay(running(10 * 60 * SECOND, 40 * SECOND), opts)).toBe(MAX);
  });

  it('without nearEndWindowMs, stays dense for four densest intervals after the expected end', () => {
    const noWindow: PollPolicyOptions = { minIntervalMs: 1_000, maxIntervalMs: 15_000 };
    expect(nextPollDelay(running(43_900, 40 * SECOND), noWindow)).toBe(1_000);
    expect(nextPollDelay(running(50 * SECOND, 40 * SECOND), noWindow)).toBe(4_000);
  });

  it('queued: follows the queue time (short pickups seen quickly), max once queued long or when unknown', () => {
    const queued = (queuedMs: number | undefined): PollObservation => ({
      now: t0 + (queuedMs ?? 0),
      state: 'triggered',
      buildStartedAt: queuedMs === undefined ? undefined : t0,
      expectedDurationMs: 40 * SECOND,
    });
    expect(nextPollDelay(queued(0), opts)).toBe(MIN);
    expect(nextPollDelay(queued(4 * SECOND), opts)).toBe(4 * SECOND);
    expect(nextPollDelay(queued(2 * 60 * SECOND), opts)).toBe(MAX);
    expect(nextPollDelay(queued(undefined), opts)).toBe(MAX);
  });

  it('without history: a few densest intervals that stretch with the running time', () => {
    expect(nextPollDelay(running(0), opts)).toBe(3 * MIN);
    // A start time ahead of the runner's clock (clock skew) counts as just started.
    expect(nextPollDelay(running(-30 * SECOND), opts)).toBe(3 * MIN);
    expect(nextPollDelay(running(100 * SECOND), opts)).toBe(6 * SECOND);
    expect(nextPollDelay(running(20 * 60 * SECOND), opts)).toBe(MAX);
  });

  it('never leaves [min, max], even for odd observations', () => {
    const odd: PollObservation[] = [
      running(0, 40 * SECOND),
      running(39_999, 40 * SECOND),
      running(40 * SECOND, 40 * SECOND),
      running(-30 * SECOND, 40 * SECOND), // runner clock behind the server's
      running(5 * SECOND, Number.NaN),
      running(5 * SECOND, -1),
      running(5 * SECOND, 0),
      { now: t0, state: 'building' },
      { now: t0, state: 'finished', buildStartedAt: t0 },
      { now: t0, state: 'cancelled' },
      { now: t0, state: 'some-new-state', buildStartedAt: t0 - 10 * SECOND, expectedDurationMs: 5 * SECOND },
      { now: Number.NaN, state: 'building', buildStartedAt: t0 },
    ];
    for (const obs of odd) {
      const delay = nextPollDelay(obs, opts);
      expect(delay, JSON.stringify(obs)).toBeGreaterThanOrEqual(MIN);
      expect(delay, JSON.stringify(obs)).toBeLessThanOrEqual(MAX);
    }
  });

  it('keeps a max below the min from producing delays under the min', () => {
    const inverted: PollPolicyOptions = { minIntervalMs: 2_000, maxIntervalMs: 500 };
    expect(nextPollDelay(running(0, 40 * SECOND), inverted)).toBe(2_000);
    expect(nextPollDelay(running(0), { minIntervalMs: 0, maxIntervalMs: 0 })).toBeGreaterThan(0);
  });

  it('works with the tiny intervals the action uses in tests', () => {
    const fast: PollPolicyOptions = { minIntervalMs: 10, maxIntervalMs: 100 };
    const result = simulatePolling({ buildDurationMs: 400, expectedDurationMs: 400, opts: fast });
    expect(result.detectionLagMs).toBeLessThanOrEqual(20);
    expect(result.requests).toBeLessThanOrEqual(10);
  });
});

describe('properties', () => {
  const policyOptions = fc
    .record({
      min: fc.integer({ min: 50, max: 3_000 }),
      extra: fc.integer({ min: 0, max: 30_000 }),
      window: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: undefined }),
    })
    .map(
      ({ min, extra, window }): PollPolicyOptions => ({
        minIntervalMs: min,
        maxIntervalMs: min + extra,
        nearEndWindowMs: window,
      }),
    );
  const history = fc.array(fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 900 })), { maxLength: 10 });
  const state = fc.constantFrom('triggered', 'cloning', 'installing', 'building', 'uploading', 'finished', 'cancelled');

  it('every delay is within [min, max]', () => {
    fc.assert(
      fc.property(
        policyOptions,
        state,
        history,
        fc.integer({ min: -60_000, max: 2_000_000 }),
        fc.option(fc.integer({ min: 0, max: 10 ** 13 }), { nil: undefined }),
        (o, code, durations, elapsed, startedAt) => {
          const delay = nextPollDelay(
            {
              now: (startedAt ?? 1_700_000_000_000) + elapsed,
              state: code,
              buildStartedAt: startedAt,
              expectedDurationMs: expectedDuration(durations),
            },
            o,
          );
          expect(delay).toBeGreaterThanOrEqual(o.minIntervalMs);
          expect(delay).toBeLessThanOrEqual(o.maxIntervalMs);
        },
      ),
    );
  });

  it('every simulated wait ends, seeing the end within the max interval', () => {
    fc.assert(
      fc.property(
        policyOptions,
        history,
        fc.integer({ min: 0, max: 900_000 }),
        fc.integer({ min: 0, max: 300_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (o, durations, buildDurationMs, queueMs, startFraction) => {
          const result = simulatePolling({
            buildDurationMs,
            queueMs,
            expectedDurationMs: expectedDuration(durations),
            opts: o,
            startDelayMs: Math.floor(startFraction * o.maxIntervalMs),
          });
          expect(result.requests).toBeGreaterThanOrEqual(1);
          expect(result.detectionLagMs).toBeGreaterThanOrEqual(0);
          expect(result.detectionLagMs).toBeLessThanOrEqual(o.maxIntervalMs);
        },
      ),
    );
  });

  it('with exact history, the end is seen within one densest interval, in logarithmically many GETs', () => {
    fc.assert(
      fc.property(policyOptions, fc.integer({ min: 1, max: 900 }), (o, seconds) => {
        const ms = seconds * SECOND;
        const result = simulatePolling({ buildDurationMs: ms, expectedDurationMs: ms, opts: o });
        expect(result.detectionLagMs).toBeLessThanOrEqual(o.minIntervalMs);
        // Max-interval steps until the end is near, then halvings down to the densest interval.
        const bound = ms / o.maxIntervalMs + Math.log2(o.maxIntervalMs / o.minIntervalMs) + 4;
        expect(result.requests).toBeLessThanOrEqual(bound);
      }),
    );
  });
});
