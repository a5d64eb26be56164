import { describe, expect, it } from 'vitest';
import { Deadline, sleep } from '../src/util/abort.js';

// Node runs a timer longer than 2^31 - 1 ms after 1 ms instead: a long `timeout` or
// `poll-interval` (`1000h`) must not end the step at once or turn polling into a tight loop.
const BEYOND_TIMER_RANGE_MS = 2 ** 31 + 60_000;

describe('timers beyond what setTimeout holds', () => {
  it('a deadline far away does not fire at once', async () => {
    const deadline = new Deadline(Date.now() + BEYOND_TIMER_RANGE_MS, new AbortController().signal);
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(deadline.signal.aborted).toBe(false);
    } finally {
      deadline.dispose();
    }
  });

  it('a sleep far longer does not end at once, and still ends on abort', async () => {
    const controller = new AbortController();
    let ended = false;
    const sleeping = sleep(BEYOND_TIMER_RANGE_MS, controller.signal).then(() => {
      ended = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ended).toBe(false);
    controller.abort(new Error('stop'));
    await expect(sleeping).rejects.toThrow('stop');
  });
});

describe("the report's time after the deadline", () => {
  /** A timer driven by hand: `advance` fires what is due. */
  function manualClock(start = 0) {
    let now = start;
    const timers: { at: number; fire: () => void }[] = [];
    return {
      now: () => now,
      timer: (ms: number, fire: () => void) => {
        const entry = { at: now + ms, fire };
        timers.push(entry);
        return () => timers.splice(timers.indexOf(entry), 1);
      },
      advance(ms: number) {
        now += ms;
        for (const due of timers.filter((entry) => entry.at <= now)) {
          timers.splice(timers.indexOf(due), 1);
          due.fire();
        }
      },
    };
  }

  it('GitHub calls outlive the deadline by REPORT_BUDGET_MS in all, then end, saying why', async () => {
    const { REPORT_BUDGET_MS } = await import('../src/util/abort.js');
    const clock = manualClock();
    const deadline = new Deadline(20_000, new AbortController().signal, clock.now, clock.timer);
    clock.advance(20_000);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.reporting.aborted).toBe(false);
    clock.advance(REPORT_BUDGET_MS - 1);
    expect(deadline.reporting.aborted).toBe(false);
    clock.advance(1);
    expect(deadline.reporting.aborted).toBe(true);
    expect((deadline.reporting.reason as Error).message).toBe(
      'the step timed out, and its report on GitHub had 5 s more in all, which have passed',
    );
  });

  it("ends at once with the workflow's cancellation", () => {
    const clock = manualClock();
    const cancellation = new AbortController();
    const deadline = new Deadline(20_000, cancellation.signal, clock.now, clock.timer);
    cancellation.abort(new Error('cancelled'));
    expect(deadline.reporting.aborted).toBe(true);
    expect((deadline.reporting.reason as Error).message).toBe('cancelled');
  });

  // Issue 50: a preview's commit status is never left `pending`, after a signal either.
  it('`settling` outlives the deadline and the cancellation by REPORT_BUDGET_MS, whichever comes first', async () => {
    const { REPORT_BUDGET_MS } = await import('../src/util/abort.js');
    const clock = manualClock();
    const cancellation = new AbortController();
    const deadline = new Deadline(20_000, cancellation.signal, clock.now, clock.timer);
    clock.advance(1_000);
    cancellation.abort(new Error('cancelled'));
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.settling.aborted).toBe(false);
    clock.advance(REPORT_BUDGET_MS - 1);
    expect(deadline.settling.aborted).toBe(false);
    clock.advance(1);
    expect(deadline.settling.aborted).toBe(true);
    expect((deadline.settling.reason as Error).message).toBe('cancelled');

    const timedOut = new Deadline(clock.now() + 20_000, new AbortController().signal, clock.now, clock.timer);
    clock.advance(20_000 + REPORT_BUDGET_MS - 1);
    expect(timedOut.settling.aborted).toBe(false);
    clock.advance(1);
    expect(timedOut.settling.aborted).toBe(true);
    expect((timedOut.settling.reason as Error).message).toMatch(/^the step timed out, and its report on GitHub had 5 s more/);

    // Disposed, its timers go: nothing fires later.
    const disposed = new Deadline(20_000, new AbortController().signal, clock.now, clock.timer);
    const late = new AbortController();
    const cancelledThenDisposed = new Deadline(clock.now() + 20_000, late.signal, clock.now, clock.timer);
    late.abort(new Error('cancelled'));
    disposed.dispose();
    cancelledThenDisposed.dispose();
    clock.advance(60_000);
    expect(disposed.settling.aborted).toBe(false);
    expect(cancelledThenDisposed.settling.aborted).toBe(false);
  });
});
