// Scheduling: running attempts and sleeping between them as a policy (decide.ts) says, under the
// step's cancellation and never past its deadline.
import { sleep as realSleep } from '../util/abort.js';
import { formatDuration } from '../util/format-duration.js';
import { type RetryPolicy, RetryDeadlineError } from './decide.js';

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Anything that knows the time left before the step's deadline (`Deadline` from src/util/abort fits). */
export interface DeadlineClock {
  remainingMs(): number;
}

export interface RetryOptions {
  /** Ends a wait at once (with the signal's reason): the step's deadline and the workflow's cancellation. */
  signal?: AbortSignal;
  /** A wait that would end at or after this deadline is not started: the policy's `pastDeadline` error is thrown. */
  deadline?: DeadlineClock;
  /** Called before each wait, e.g. to count and log retries. */
  onRetry?: (info: { attempt: number; delayMs: number; error: unknown }) => void;
  /** Tests pass a fake; the default is src/util/abort's `sleep`. */
  sleep?: Sleep;
}

/**
 * Runs `attempt` (given its number, from 1) until it succeeds or `policy` says stop. Between attempts
 * it sleeps the policy's delay, ending early when `signal` aborts; a delay that would reach the
 * deadline is not waited: it stops at once with what went wrong.
 */
export async function retry<T>(attempt: (n: number) => Promise<T>, policy: RetryPolicy, options: RetryOptions = {}): Promise<T> {
  const sleep = options.sleep ?? realSleep;
  for (let n = 1; ; n += 1) {
    try {
      return await attempt(n);
    } catch (error) {
      const decision = policy.decide(error, n);
      if (!decision.retry) throw 'error' in decision && decision.error !== undefined ? decision.error : error;
      const remainingMs = options.deadline?.remainingMs();
      if (remainingMs !== undefined && decision.delayMs >= remainingMs) {
        const info = { attempts: n, delayMs: decision.delayMs, remainingMs, error };
        throw policy.pastDeadline?.(info) ?? defaultPastDeadline(info);
      }
      options.onRetry?.({ attempt: n, delayMs: decision.delayMs, error });
      await sleep(decision.delayMs, options.signal);
    }
  }
}

function defaultPastDeadline(info: { attempts: number; delayMs: number; remainingMs: number; error: unknown }): Error {
  const last = info.error instanceof Error ? info.error.message : String(info.error);
  return new RetryDeadlineError(
    `gave up after ${info.attempts} attempt${info.attempts > 1 ? 's' : ''}: the next retry (in ${formatDuration(info.delayMs, { tenths: true })}) ` +
      `would come after the deadline (${formatDuration(info.remainingMs, { tenths: true })} left); last error: ${last}`,
    info.error,
  );
}
