import { describe, expect, it } from 'vitest';
import { RateBudget } from '../src/readthedocs/rate-budget.js';

describe('RateBudget.nextSlotAt', () => {
  it('is now while the window has room', async () => {
    let now = 1_000;
    const budget = new RateBudget(3, 10_000, () => now);
    expect(budget.nextSlotAt()).toBe(1_000);
    await budget.acquire();
    await budget.acquire();
    now = 2_000;
    expect(budget.nextSlotAt()).toBe(2_000);
  });

  it('is when the oldest request of a full window ages out', async () => {
    let now = 1_000;
    const budget = new RateBudget(3, 10_000, () => now);
    for (const at of [1_000, 2_000, 3_000]) {
      now = at;
      await budget.acquire();
    }
    now = 4_000;
    expect(budget.nextSlotAt()).toBe(11_000);
    now = 11_000;
    expect(budget.nextSlotAt()).toBe(11_000);
  });

  it('counts requests already waiting for a slot, and a pause after a 429', async () => {
    let now = 0;
    const budget = new RateBudget(2, 10_000, () => now);
    await budget.acquire();
    now = 1_000;
    await budget.acquire();
    const controller = new AbortController();
    const waiting = budget.acquire(controller.signal).catch(() => undefined);
    // The waiter takes the slot freed at 10 s; the next one frees at 11 s.
    expect(budget.nextSlotAt()).toBe(11_000);
    controller.abort();
    await waiting;
    budget.throttled(30_000);
    expect(budget.nextSlotAt()).toBe(31_000);
  });
});

describe('RateBudget on an injected clock', () => {
  it('a request beyond the window waits on the injected sleep, never in real time, until the oldest one ages out', async () => {
    let now = 0;
    const waits: number[] = [];
    const budget = new RateBudget(
      2,
      10_000,
      () => now,
      async (ms) => {
        waits.push(ms);
        now += ms;
      },
    );
    const sentAt: number[] = [];
    for (let request = 0; request < 4; request += 1) {
      await budget.acquire();
      sentAt.push(now);
    }
    // Two at once; the third waits until the oldest ages out (plus the 2% margin), and the fourth goes with it.
    expect(sentAt).toEqual([0, 0, 10_201, 10_201]);
    expect(waits).toEqual([10_201]);
    expect(budget.stats).toMatchObject({ sent: 4, delayed: 1, waitedMs: 10_201 });
  });
});
