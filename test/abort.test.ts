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
