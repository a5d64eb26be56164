// Deciding: whether a failure is worth another attempt, and how long to wait first. Pure functions,
// no clock of their own; `retry` (schedule.ts) does the waiting.
import { formatDuration } from '../util/format-duration.js';
import { messageOf } from '../util/message-of.js';

/** What a policy says about one failure: try again after `delayMs`, or stop with `error`. */
type RetryDecision = { retry: true; delayMs: number } | { retry: false; error?: unknown };

export interface RetryPolicy {
  /**
   * After attempt `attempt` (1 for the first) failed with `error`: another attempt after a delay,
   * or stop (with `error` to throw instead of the failure, e.g. "kept failing after N attempts").
   */
  decide(error: unknown, attempt: number): RetryDecision;
  /**
   * The error to stop with when the next wait would end after the deadline. Without it, a
   * `RetryDeadlineError` saying so.
   */
  pastDeadline?(info: PastDeadline): Error;
}

export interface PastDeadline {
  /** Attempts made so far. */
  attempts: number;
  /** The wait the policy asked for. */
  delayMs: number;
  /** Time left before the deadline. */
  remainingMs: number;
  /** The last failure. */
  error: unknown;
}

/** Stopped retrying because the next attempt could only start after the deadline. */
export class RetryDeadlineError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'RetryDeadlineError';
  }
}

export interface BackoffOptions {
  /** The first retry waits between half of this and all of it. */
  baseMs: number;
  /** No wait is longer than this. */
  maxMs: number;
}

/**
 * Exponential backoff with jitter for retry number `retry` (1 for the first): the ceiling doubles from
 * `baseMs` up to `maxMs`, and the wait is drawn between half the ceiling and all of it, so clients that
 * failed together do not come back together.
 */
export function backoffDelay(retry: number, options: BackoffOptions, random: () => number = Math.random): number {
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** (retry - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * A `Retry-After` header in milliseconds: delta-seconds (fractions allowed) or an HTTP date, counted
 * from `now`. `undefined` when there is none or it cannot be read.
 */
export function parseRetryAfter(header: string | string[] | undefined, now: () => number = Date.now): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.ceil(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now());
}

/** "1 attempt", "3 attempts". */
export function countAttempts(attempts: number): string {
  return `${attempts} attempt${attempts > 1 ? 's' : ''}`;
}

/** "attempt 2 of 6 in 1s": what a retry line says of the attempt to come. The one place it is worded. */
export function nextAttemptLine(attempt: number, maxAttempts: number, delayMs: number): string {
  return `attempt ${attempt} of ${maxAttempts} in ${formatDuration(delayMs, { tenths: true })}`;
}

/**
 * "gave up after 2 attempts: the next retry (in 4s) would come after the deadline (1.5s left);
 * last error: …", naming the deadline (`name`) and what sets it (`setBy`, e.g. "input `timeout`").
 */
export function pastDeadlineLine(info: PastDeadline, deadline: { name: string; setBy?: string } = { name: 'the deadline' }): string {
  const last = messageOf(info.error);
  const setBy = deadline.setBy === undefined ? '' : `${deadline.setBy}, `;
  return (
    `gave up after ${countAttempts(info.attempts)}: the next retry (in ${formatDuration(info.delayMs, { tenths: true })}) ` +
    `would come after ${deadline.name} (${setBy}${formatDuration(info.remainingMs, { tenths: true })} left); last error: ${last}`
  );
}
