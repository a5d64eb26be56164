// `poll-interval` is resolved once into a polling plan: one figure per use, the same figures the
// operations used when each worked them out itself.
import { describe, expect, it } from 'vitest';
import { defaultPollPolicy, pollingPlan } from '../src/operations/polling-plan.js';
import { nextPollDelay, watchDelay } from '../src/operations/shared/builds/poll-policy.js';

describe('pollingPlan', () => {
  it('auto: each wait has its own tuned figure, the watch is predictive', () => {
    expect(pollingPlan('auto')).toEqual({
      watch: { kind: 'predictive', policy: defaultPollPolicy },
      appearIntervalMs: 5000,
      graceWindowMs: 60_000,
      lookIntervalMs: 3000,
      searchIntervalMs: 5000,
      verifyWindowMs: 180_000,
      previewRetryMs: 5000,
      diffIntervalMs: 5000,
      diffWindowMs: 60_000,
    });
  });

  it('a fixed interval is every look, and the windows are counted in looks of it', () => {
    expect(pollingPlan(2000)).toEqual({
      watch: { kind: 'fixed', intervalMs: 2000 },
      appearIntervalMs: 2000,
      graceWindowMs: 20_000,
      lookIntervalMs: 2000,
      searchIntervalMs: 2000,
      verifyWindowMs: 30_000,
      previewRetryMs: 2000,
      diffIntervalMs: 2000,
      diffWindowMs: 24_000,
    });
  });

  it('a short fixed interval keeps the windows at their floors (1 s of grace, 2 s of search)', () => {
    const plan = pollingPlan(50);
    expect(plan.graceWindowMs).toBe(1000);
    expect(plan.verifyWindowMs).toBe(2000);
    expect(plan.appearIntervalMs).toBe(50);
    expect(plan.diffWindowMs).toBe(1000);
    // Just above the floors, the looks count again.
    expect(pollingPlan(150).graceWindowMs).toBe(1500);
    expect(pollingPlan(150).verifyWindowMs).toBe(2250);
  });
});

describe('watchDelay', () => {
  const observation = { now: 100_000, state: 'building', buildStartedAt: 40_000, expectedDurationMs: 300_000, durationSpreadMs: 10_000 };

  it('predictive: the policy decides from what the last answer showed', () => {
    const plan = pollingPlan('auto');
    expect(watchDelay(plan.watch, observation)).toBe(nextPollDelay(observation, defaultPollPolicy));
    expect(watchDelay(plan.watch, { ...observation, state: 'triggered', buildStartedAt: 95_000 })).toBe(5000);
  });

  it('fixed: the interval, whatever the build says', () => {
    const plan = pollingPlan(750);
    expect(watchDelay(plan.watch, observation)).toBe(750);
    expect(watchDelay(plan.watch, { ...observation, state: 'triggered' })).toBe(750);
  });
});
