// Waiting for something to appear: a poll until a look finds it, and the short bounded search after a
// write whose answer was lost.
import { DeadlineError } from '../util/abort.js';
import type { DeadlineClock } from './schedule.js';
import { type Sleep, sleep as realSleep } from './wait.js';

export interface PollOptions {
  /** The wait before the next look: a number, or worked out from the round that just ended (1 for the first). */
  intervalMs: number | ((round: number) => number);
  /** Ends a wait at once with the signal's reason (the step's deadline and the workflow's cancellation). */
  signal?: AbortSignal;
  /** No wait goes past it: the last one is cut short to end there, and then the poll stops with a DeadlineError. */
  deadline?: DeadlineClock;
  sleep?: Sleep;
}

/**
 * Looks until `look` returns something other than `undefined`, waiting `intervalMs` between looks.
 * Ends with the signal's reason when it aborts, or a DeadlineError when the deadline has passed.
 */
export async function pollUntil<T>(look: (round: number) => Promise<T | undefined>, options: PollOptions): Promise<T> {
  const sleep = options.sleep ?? realSleep;
  for (let round = 1; ; round += 1) {
    const found = await look(round);
    if (found !== undefined) return found;
    const interval = typeof options.intervalMs === 'number' ? options.intervalMs : options.intervalMs(round);
    const remaining = options.deadline?.remainingMs();
    if (remaining !== undefined && remaining <= 0) throw new DeadlineError();
    await sleep(remaining === undefined ? interval : Math.min(interval, remaining), options.signal);
  }
}

export interface LostWriteOptions {
  /** Looks in all, the first one at once. */
  checks: number;
  /** Between looks: a request that timed out may still be in the service's hands. */
  intervalMs: number;
  signal?: AbortSignal;
  sleep?: Sleep;
}

/**
 * After a write whose answer was lost: looks up to `checks` times, `intervalMs` apart, for what it may
 * have created. `undefined` when no look found it (the write most likely never happened).
 */
export async function findAfterLostWrite<T>(lookup: () => Promise<T | undefined>, options: LostWriteOptions): Promise<T | undefined> {
  const sleep = options.sleep ?? realSleep;
  for (let check = 1; check <= options.checks; check += 1) {
    const found = await lookup();
    if (found !== undefined) return found;
    if (check < options.checks) await sleep(options.intervalMs, options.signal);
  }
  return undefined;
}
