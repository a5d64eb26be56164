// Waiting for a moment rather than for an answer: until a time that may move while waiting (a slot of
// the rate budget, a poller's fair turn), a long sleep that says how things stand meanwhile (a build's
// progress), and a wait someone else asks for, made only within limits (GitHub's rate limit).
import { abortReason, sleep as timerSleep } from '../util/abort.js';

/** How every wait is made: `ms`, ended at once with the signal's reason when it aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/**
 * The real wait (a timer, ended by the signal): what the action hands the operations as `ctx.sleep`
 * and every primitive here uses when given none. Tests pass a fake clock's instead.
 */
export const sleep: Sleep = timerSleep;

export interface WaitUntilOptions {
  /** The clock `readyAt` is read on. */
  now: () => number;
  sleep?: Sleep;
  /** Ends the wait at once with the signal's reason; an aborted signal ends it before the first look. */
  signal?: AbortSignal;
  /** Added to every wait, e.g. to land past a window's edge rather than on it. */
  marginMs?: number;
}

/**
 * Waits until the moment `readyAt()` names (on `now`'s clock) has come. The moment is asked again after
 * each wait, since it may move meanwhile (others took slots, pollers stopped): returns once it is now
 * or past.
 */
export async function waitUntil(readyAt: () => number, options: WaitUntilOptions): Promise<void> {
  const wait = options.sleep ?? sleep;
  for (;;) {
    if (options.signal?.aborted) throw abortReason(options.signal);
    const left = readyAt() - options.now();
    if (left <= 0) return;
    await wait(left + (options.marginMs ?? 0), options.signal);
  }
}

export interface ProgressOptions {
  now: () => number;
  /** When the next progress line is due (on `now`'s clock). */
  dueAt: () => number;
  /** Called once the due moment has passed during a wait (given the time then); it sets the next `dueAt`. */
  onDue: (now: number) => void;
}

/**
 * `sleep`, cut into steps that end when progress is due, so that a long wait is never silent. The wait
 * is counted down by the time slept, not by the clock: a clock that stands still cannot stall it.
 */
export function sleepWithProgress(wait: Sleep, progress: ProgressOptions): Sleep {
  return async (ms, signal) => {
    for (let remaining = ms; remaining > 0; ) {
      const step = Math.min(remaining, Math.max(1, progress.dueAt() - progress.now()));
      await wait(step, signal);
      remaining -= step;
      const now = progress.now();
      if (now >= progress.dueAt()) progress.onDue(now);
    }
  };
}

export interface WaitLimits {
  /** Waits allowed in all. */
  maxWaits: number;
  /** No wait longer than this is made. */
  maxWaitMs: number;
}

/**
 * A wait another party asks for (a `retry-after`), made only within `limits`: `waitsBefore` is how many
 * such waits came before this one. True once waited; false when the wait is refused by the limits or
 * ended by the signal (the caller then stops instead of trying again).
 */
export async function waitAsAsked(
  delayMs: number,
  waitsBefore: number,
  limits: WaitLimits,
  options: { sleep?: Sleep; signal?: AbortSignal | undefined } = {},
): Promise<boolean> {
  if (waitsBefore >= limits.maxWaits || delayMs > limits.maxWaitMs) return false;
  try {
    await (options.sleep ?? sleep)(delayMs, options.signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * `pending`, or the signal's reason as soon as it aborts (at once when it already has): a caller stops
 * waiting for work that cannot itself be stopped (a turn in a queue, a request inside a plugin).
 */
export function untilAborted<T>(pending: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return pending;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    pending.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
