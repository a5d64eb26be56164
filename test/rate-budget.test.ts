// The one request budget of a step: a sliding window like the service's throttle, shared by every
// concurrent wait, paused by a 429. Unit tests on a fake clock; a whole step against a stand-in as
// strict as the real service is in test/operations/build.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateBudget } from '../src/readthedocs/rate-budget.js';
import { CancelledError } from '../src/util/abort.js';

describe('RateBudget (fake clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Starts `acquire` and records when it resolves (or how it failed). */
  function track(budget: RateBudget, signal?: AbortSignal) {
    const state: { at?: number; error?: unknown } = {};
    budget.acquire(signal).then(
      () => {
        state.at = Date.now();
      },
      (error: unknown) => {
        state.error = error;
      },
    );
    return state;
  }

  it('lets `limit` requests through at once, then the next one when the oldest leaves the window', async () => {
    const start = Date.now();
    const budget = new RateBudget(3, 1000);
    const calls = [track(budget), track(budget), track(budget), track(budget)];
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.slice(0, 3).map((call) => call.at! - start)).toEqual([0, 0, 0]);
    expect(calls[3]!.at).toBeUndefined();
    await vi.advanceTimersByTimeAsync(999);
    expect(calls[3]!.at).toBeUndefined();
    await vi.advanceTimersByTimeAsync(100);
    // One window plus a small margin for uneven network delays.
    expect(calls[3]!.at! - start).toBeGreaterThanOrEqual(1000);
    expect(calls[3]!.at! - start).toBeLessThanOrEqual(1050);
  });

  it('never lets more than `limit` requests into any window, however many consumers share it', async () => {
    const budget = new RateBudget(5, 2000);
    const sent: number[] = [];
    const consumer = async (requests: number) => {
      for (let i = 0; i < requests; i += 1) {
        await budget.acquire();
        sent.push(Date.now());
      }
    };
    const all = Promise.all([consumer(10), consumer(10), consumer(10)]);
    await vi.advanceTimersByTimeAsync(30_000);
    await all;
    expect(sent).toHaveLength(30);
    for (const at of sent) expect(sent.filter((other) => other >= at && other < at + 2000).length).toBeLessThanOrEqual(5);
    // ...and it does not crawl either: 30 requests at 5 per 2 s take about 10 s.
    expect(sent.at(-1)! - sent[0]!).toBeLessThan(12_500);
  });

  it('serves waiters in the order they came', async () => {
    const budget = new RateBudget(1, 1000);
    const order: string[] = [];
    const names = ['a', 'b', 'c', 'd'];
    const all = Promise.all(names.map((name) => budget.acquire().then(() => order.push(name))));
    await vi.advanceTimersByTimeAsync(5000);
    await all;
    expect(order).toEqual(names);
  });

  it('after a 429 nobody sends before Retry-After has passed, and the pace stays slower', async () => {
    const budget = new RateBudget(60, 60_000);
    expect(budget.fairIntervalMs(1)).toBe(1000);
    await budget.acquire();
    budget.throttled(3000);
    const start = Date.now();
    const waiters = [track(budget), track(budget)];
    await vi.advanceTimersByTimeAsync(2990);
    expect(waiters.map((waiter) => waiter.at)).toEqual([undefined, undefined]);
    await vi.advanceTimersByTimeAsync(20);
    for (const waiter of waiters) expect(waiter.at! - start).toBeGreaterThanOrEqual(3000);
    expect(budget.currentLimit).toBeLessThan(60);
    expect(budget.fairIntervalMs(1)).toBeGreaterThan(1000);
    expect(budget.stats.throttled).toBe(1);
  });

  it('spaces concurrent pollers so that together they stay within the budget', () => {
    const budget = new RateBudget(60, 60_000);
    expect(budget.fairIntervalMs(1)).toBe(1000);
    expect(budget.fairIntervalMs(3)).toBe(3000);
    expect(budget.fairIntervalMs(0)).toBe(1000);
  });

  it('a cancelled waiter leaves at once, takes no slot, and does not hold up the others', async () => {
    const budget = new RateBudget(1, 1000);
    await budget.acquire();
    const controller = new AbortController();
    const first = track(budget);
    const cancelled = track(budget, controller.signal);
    const last = track(budget);
    await vi.advanceTimersByTimeAsync(100);
    controller.abort(new CancelledError());
    await vi.advanceTimersByTimeAsync(0);
    expect(cancelled.error).toBeInstanceOf(CancelledError);
    expect(budget.queued).toBe(2);
    await vi.advanceTimersByTimeAsync(2100);
    expect(first.at).toBeDefined();
    expect(last.at).toBeDefined();
    // The cancelled one took no slot: the last waiter came one window after the first.
    expect(last.at! - first.at!).toBeLessThan(1100);
    expect(budget.stats.sent).toBe(3);
    await expect(budget.acquire(controller.signal)).rejects.toBeInstanceOf(CancelledError);
  });
});
