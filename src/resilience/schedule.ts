// Scheduling: running attempts and sleeping between them as a policy (decide.ts) says, under the
// step's cancellation and never past its deadline.
import { type Sleep, sleep } from './wait.js';
import { type PastDeadline, pastDeadlineLine, type RetryPolicy, RetryDeadlineError } from './decide.js';

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
  /** Tests pass a fake; the default is the real one (`sleep`, wait.ts). */
  sleep?: Sleep;
}

/**
 * Runs `attempt` (given its number, from 1) until it succeeds or `policy` says stop. Between attempts
 * it sleeps the policy's delay, ending early when `signal` aborts; a delay that would reach the
 * deadline is not waited: it stops at once with what went wrong.
 */
export async function retry<T>(attempt: (n: number) => Promise<T>, policy: RetryPolicy, options: RetryOptions = {}): Promise<T> {
  const wait = options.sleep ?? sleep;
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
      await wait(decision.delayMs, options.signal);
    }
  }
}

function defaultPastDeadline(info: PastDeadline): Error {
  return new RetryDeadlineError(pastDeadlineLine(info), info.error);
}
