import { CancelledError, DeadlineError } from '../util/abort.js';
import { messageOf } from '../util/message-of.js';
import { failureOf } from './run-projects.js';
import type { Conclusion, OperationContext, ProjectRun } from './types.js';

/** The write that failed: what was being done, for the message ("creating `API_KEY`"), and why. */
export interface WriteFailure {
  step: string;
  error: unknown;
}

/** How a project's writes ended when one failed: its titles, and the lines the reason adds. */
export interface WriteFailureShape {
  /** Whether any write was done before the failure: it picks `partly` or `unchanged`. */
  changedAnything: boolean;
  partly: string;
  unchanged: string;
  /** After the first line: a hint, what was done and what not (empty ones are left out). */
  after: string[];
}

/**
 * A project's writes stopped at `failure`: the error's outcome (a timeout or a cancel keeps its own
 * title), else a title saying whether anything changed, and a reason naming the write that failed.
 */
export function concludeWriteFailure(
  ctx: OperationContext,
  run: Pick<ProjectRun, 'name' | 'seen'>,
  failure: WriteFailure,
  shape: WriteFailureShape,
): Conclusion<never> & { title: string; subject: string; reason: string } {
  const stopped = failure.error instanceof DeadlineError || failure.error instanceof CancelledError;
  const { outcome, title: stoppedTitle } = failureOf(ctx, run.name, run.seen, failure.error);
  const title = stopped && stoppedTitle ? stoppedTitle : shape.changedAnything ? shape.partly : shape.unchanged;
  const reason = [`${failure.step} failed: ${writeErrorMessage(failure.error)}`, ...shape.after].filter(Boolean).join('\n');
  return { outcome, title, subject: run.name, reason };
}

function writeErrorMessage(error: unknown): string {
  if (error instanceof DeadlineError) return 'the step timed out (input `timeout`)';
  return messageOf(error);
}
