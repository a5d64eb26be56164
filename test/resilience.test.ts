import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  countAttempts,
  findAfterLostWrite,
  nextAttemptLine,
  parseRetryAfter,
  pastDeadlineLine,
  pollUntil,
  RetryDeadlineError,
  type RetryPolicy,
  retry,
  sleepWithProgress,
  untilAborted,
  waitAsAsked,
  waitUntil,
} from '../src/resilience/index.js';
import { CancelledError, DeadlineError } from '../src/util/abort.js';

/** A clock that moves only when something sleeps on it; every wait is recorded. */
function fakeClock(deadlineInMs?: number) {
  let now = 0;
  const waits: number[] = [];
  const sleep = async (ms: number, signal?: AbortSignal) => {
    if (signal?.aborted) throw signal.reason;
    waits.push(ms);
    now += ms;
  };
  const deadline = deadlineInMs === undefined ? undefined : { remainingMs: () => Math.max(0, deadlineInMs - now) };
  return { now: () => now, sleep, waits, deadline };
}

/** Attempts that play a script: an Error is thrown, anything else returned. */
function scripted<T>(...script: (T | Error)[]) {
  const calls: number[] = [];
  const attempt = async (n: number): Promise<T> => {
    calls.push(n);
    const next = script[Math.min(n, script.length) - 1]!;
    if (next instanceof Error) throw next;
    return next;
  };
  return { attempt, calls };
}

class Transient extends Error {
  constructor(readonly retryAfterMs?: number) {
    super(retryAfterMs === undefined ? 'transient' : `throttled for ${retryAfterMs} ms`);
  }
}

/** Retries `Transient` up to `maxAttempts`, Retry-After first, else 1 s, 2 s, 4 s... (no jitter). */
function policy(maxAttempts = 4): RetryPolicy {
  return {
    decide: (error, attempt) => {
      if (!(error instanceof Transient)) return { retry: false };
      if (attempt >= maxAttempts) return { retry: false, error: new Error(`kept failing after ${attempt} attempts`) };
      return { retry: true, delayMs: error.retryAfterMs ?? backoffDelay(attempt, { baseMs: 1000, maxMs: 8000 }, () => 1) };
    },
  };
}

describe('retry', () => {
  it('returns the first success, waiting the policy’s delays in between', async () => {
    const clock = fakeClock();
    const { attempt, calls } = scripted<string>(new Transient(), new Transient(), 'done');
    expect(await retry(attempt, policy(), { sleep: clock.sleep })).toBe('done');
    expect(calls).toEqual([1, 2, 3]);
    expect(clock.waits).toEqual([1000, 2000]);
  });

  it('waits what Retry-After says instead of the backoff', async () => {
    const clock = fakeClock();
    const { attempt } = scripted<string>(new Transient(7000), 'done');
    await retry(attempt, policy(), { sleep: clock.sleep });
    expect(clock.waits).toEqual([7000]);
  });

  it('stops at once on what the policy will not retry, with that error', async () => {
    const clock = fakeClock();
    const fatal = new Error('401');
    const { attempt, calls } = scripted<string>(fatal);
    await expect(retry(attempt, policy(), { sleep: clock.sleep })).rejects.toBe(fatal);
    expect(calls).toEqual([1]);
    expect(clock.waits).toEqual([]);
  });

  it('stops after the last attempt with the error the policy names', async () => {
    const clock = fakeClock();
    const { attempt, calls } = scripted<string>(new Transient());
    await expect(retry(attempt, policy(3), { sleep: clock.sleep })).rejects.toThrow('kept failing after 3 attempts');
    expect(calls).toEqual([1, 2, 3]);
    expect(clock.waits).toEqual([1000, 2000]);
  });

  it('never waits past the deadline: gives up before a wait that would reach it, and says so', async () => {
    const clock = fakeClock(2500);
    const { attempt, calls } = scripted<string>(new Transient());
    const error = await retry(attempt, policy(), { sleep: clock.sleep, deadline: clock.deadline }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RetryDeadlineError);
    expect((error as Error).message).toBe(
      'gave up after 2 attempts: the next retry (in 2s) would come after the deadline (1.5s left); last error: transient',
    );
    expect(calls).toEqual([1, 2]);
    expect(clock.waits).toEqual([1000]);
  });

  it('a policy may word the deadline error itself', async () => {
    const clock = fakeClock(500);
    const { attempt } = scripted<string>(new Transient(60_000));
    const worded: RetryPolicy = {
      ...policy(),
      pastDeadline: ({ attempts, delayMs, remainingMs }) => new Error(`${attempts}/${delayMs}/${remainingMs}`),
    };
    await expect(retry(attempt, worded, { sleep: clock.sleep, deadline: clock.deadline })).rejects.toThrow('1/60000/500');
  });

  it('ends a wait with the signal’s reason when the step is cancelled', async () => {
    const controller = new AbortController();
    const clock = fakeClock();
    const { attempt, calls } = scripted<string>(new Transient());
    const sleep = async (ms: number, signal?: AbortSignal) => {
      controller.abort(new CancelledError());
      return clock.sleep(ms, signal);
    };
    await expect(retry(attempt, policy(), { sleep, signal: controller.signal })).rejects.toBeInstanceOf(CancelledError);
    expect(calls).toEqual([1]);
  });

  it('tells onRetry about each wait before it starts', async () => {
    const clock = fakeClock();
    const seen: string[] = [];
    const { attempt } = scripted<string>(new Transient(), new Transient(300), 'done');
    await retry(attempt, policy(), { sleep: clock.sleep, onRetry: ({ attempt: n, delayMs }) => seen.push(`${n}:${delayMs}`) });
    expect(seen).toEqual(['1:1000', '2:300']);
  });
});

describe('deciding', () => {
  it('backoff doubles up to its ceiling, with jitter between half and all of it', () => {
    const options = { baseMs: 1000, maxMs: 5000 };
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, options, () => 1))).toEqual([1000, 2000, 4000, 5000]);
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, options, () => 0))).toEqual([500, 1000, 2000, 2500]);
  });

  it('Retry-After: seconds, fractions, an HTTP date, or nothing', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(['0.5', '9'])).toBe(500);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), () => 4000)).toBe(6000);
    expect(parseRetryAfter(new Date(1000).toUTCString(), () => 4000)).toBe(0);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});

describe('pollUntil', () => {
  it('looks until something is there, waiting the interval between looks', async () => {
    const clock = fakeClock();
    const answers = [undefined, undefined, 'built'];
    const found = await pollUntil(async (round) => answers[round - 1], { intervalMs: 2000, sleep: clock.sleep });
    expect(found).toBe('built');
    expect(clock.waits).toEqual([2000, 2000]);
  });

  it('takes the interval from the round when it is a function', async () => {
    const clock = fakeClock();
    await pollUntil(async (round) => (round === 4 ? true : undefined), { intervalMs: (round) => round * 100, sleep: clock.sleep });
    expect(clock.waits).toEqual([100, 200, 300]);
  });

  it('cuts the last wait to the deadline, then stops with a DeadlineError', async () => {
    const clock = fakeClock(5000);
    let looks = 0;
    const polling = pollUntil(
      async () => {
        looks += 1;
        return undefined;
      },
      { intervalMs: 2000, sleep: clock.sleep, deadline: clock.deadline },
    );
    await expect(polling).rejects.toBeInstanceOf(DeadlineError);
    expect(clock.waits).toEqual([2000, 2000, 1000]);
    expect(looks).toBe(4);
  });

  it('ends with the signal’s reason', async () => {
    const controller = new AbortController();
    const clock = fakeClock();
    const polling = pollUntil(
      async (round) => {
        if (round === 2) controller.abort(new CancelledError());
        return undefined;
      },
      { intervalMs: 1000, sleep: clock.sleep, signal: controller.signal },
    );
    await expect(polling).rejects.toBeInstanceOf(CancelledError);
    expect(clock.waits).toEqual([1000]);
  });
});

describe('findAfterLostWrite', () => {
  it('looks `checks` times, `intervalMs` apart, and not after the last look', async () => {
    const clock = fakeClock();
    let looks = 0;
    const found = await findAfterLostWrite(
      async () => {
        looks += 1;
        return undefined;
      },
      { checks: 3, intervalMs: 1000, sleep: clock.sleep },
    );
    expect(found).toBeUndefined();
    expect(looks).toBe(3);
    expect(clock.waits).toEqual([1000, 1000]);
  });

  it('returns what a look found, at once', async () => {
    const clock = fakeClock();
    const answers = [undefined, 0, 7];
    let looks = 0;
    const found = await findAfterLostWrite(async () => answers[looks++], { checks: 3, intervalMs: 1000, sleep: clock.sleep });
    expect(found).toBe(0);
    expect(looks).toBe(2);
    expect(clock.waits).toEqual([1000]);
  });

  it('a failing look ends the search with its error', async () => {
    const clock = fakeClock();
    await expect(
      findAfterLostWrite(
        async () => {
          throw new Error('503');
        },
        { checks: 3, intervalMs: 1000, sleep: clock.sleep },
      ),
    ).rejects.toThrow('503');
    expect(clock.waits).toEqual([]);
  });
});

describe('waitUntil', () => {
  it('returns at once when the moment has come, without waiting', async () => {
    const clock = fakeClock();
    await waitUntil(() => 0, { now: clock.now, sleep: clock.sleep });
    expect(clock.waits).toEqual([]);
  });

  it('waits until the moment, asking again after each wait since it may move meanwhile', async () => {
    const clock = fakeClock();
    // The moment moves later once (another request took the slot), then stays.
    const moments = [1000, 1500];
    await waitUntil(() => moments[Math.min(clock.waits.length, moments.length - 1)]!, { now: clock.now, sleep: clock.sleep });
    expect(clock.waits).toEqual([1000, 500]);
    expect(clock.now()).toBe(1500);
  });

  it('adds the margin to every wait', async () => {
    const clock = fakeClock();
    await waitUntil(() => 1000, { now: clock.now, sleep: clock.sleep, marginMs: 500 });
    expect(clock.waits).toEqual([1500]);
  });

  it('ends with the signal’s reason, even when no wait is needed', async () => {
    const clock = fakeClock();
    const controller = new AbortController();
    controller.abort(new CancelledError());
    await expect(waitUntil(() => 0, { now: clock.now, sleep: clock.sleep, signal: controller.signal })).rejects.toBeInstanceOf(
      CancelledError,
    );
  });
});

describe('sleepWithProgress', () => {
  it('sleeps the whole time in steps that end when progress is due, and tells it each time', async () => {
    const clock = fakeClock();
    let dueAt = 1000;
    const told: number[] = [];
    const sleep = sleepWithProgress(clock.sleep, {
      now: clock.now,
      dueAt: () => dueAt,
      onDue: (now) => {
        told.push(now);
        dueAt = now + 1000;
      },
    });
    await sleep(2500);
    expect(clock.waits).toEqual([1000, 1000, 500]);
    expect(told).toEqual([1000, 2000]);
  });

  it('counts the time slept, not the clock: a clock that stands still cannot stall it', async () => {
    const waits: number[] = [];
    const still = async (ms: number) => {
      waits.push(ms);
    };
    const sleep = sleepWithProgress(still, { now: () => 0, dueAt: () => 1000, onDue: () => undefined });
    await sleep(2500);
    expect(waits).toEqual([1000, 1000, 500]);
  });
});

describe('waitAsAsked', () => {
  const limits = { maxWaits: 2, maxWaitMs: 60_000 };

  it('waits what is asked within the limits, and says so', async () => {
    const clock = fakeClock();
    expect(await waitAsAsked(60_000, 1, limits, { sleep: clock.sleep })).toBe(true);
    expect(clock.waits).toEqual([60_000]);
  });

  it('refuses a wait longer than allowed, or one wait too many, without waiting', async () => {
    const clock = fakeClock();
    expect(await waitAsAsked(60_001, 0, limits, { sleep: clock.sleep })).toBe(false);
    expect(await waitAsAsked(1000, 2, limits, { sleep: clock.sleep })).toBe(false);
    expect(clock.waits).toEqual([]);
  });

  it('answers no when the wait is cancelled', async () => {
    const clock = fakeClock();
    const controller = new AbortController();
    controller.abort(new CancelledError());
    expect(await waitAsAsked(1000, 0, limits, { sleep: clock.sleep, signal: controller.signal })).toBe(false);
  });
});

describe('the words of a retry', () => {
  it('counts attempts and says when the next one goes', () => {
    expect(countAttempts(1)).toBe('1 attempt');
    expect(countAttempts(3)).toBe('3 attempts');
    expect(nextAttemptLine(2, 6, 1000)).toBe('attempt 2 of 6 in 1s');
    expect(nextAttemptLine(3, 6, 12_000)).toBe('attempt 3 of 6 in 12s');
  });

  it('says why it gave up before a deadline, naming the deadline', () => {
    const info = { attempts: 2, delayMs: 4000, remainingMs: 1500, error: new Error('503') };
    expect(pastDeadlineLine(info)).toBe(
      'gave up after 2 attempts: the next retry (in 4s) would come after the deadline (1.5s left); last error: 503',
    );
    expect(pastDeadlineLine(info, { name: "the step's deadline", setBy: 'input `timeout`' })).toBe(
      "gave up after 2 attempts: the next retry (in 4s) would come after the step's deadline (input `timeout`, 1.5s left); last error: 503",
    );
  });
});

describe('untilAborted', () => {
  it('settles as the work does while the signal holds', async () => {
    const controller = new AbortController();
    expect(await untilAborted(Promise.resolve('done'), controller.signal)).toBe('done');
    await expect(untilAborted(Promise.reject(new Error('failed')), controller.signal)).rejects.toThrow('failed');
    expect(await untilAborted(Promise.resolve('no signal'), undefined)).toBe('no signal');
  });

  it('stops waiting with the signal’s reason when it aborts, at once when it already has', async () => {
    const never = new Promise<string>(() => undefined);
    const controller = new AbortController();
    const waiting = untilAborted(never, controller.signal);
    controller.abort(new CancelledError());
    await expect(waiting).rejects.toBeInstanceOf(CancelledError);
    await expect(untilAborted(never, controller.signal)).rejects.toBeInstanceOf(CancelledError);
  });
});
