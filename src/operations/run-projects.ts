import { formatDuration } from '../util/format-duration.js';
import { createProjectLog, type ProjectLog } from '../reporting/project-log.js';
import { notFoundToDo, ReadTheDocsError } from '../readthedocs/errors.js';
import { CancelledError, DeadlineError } from '../util/abort.js';
import {
  LastSeenRecorder,
  reasonWithSubject,
  type Conclusion,
  type LastSeen,
  type OperationContext,
  type ProjectOperation,
  type ProjectResult,
  type ProjectRun,
  type StepOperation,
} from './types.js';
import { messageOf } from '../util/message-of.js';

/**
 * Runs one operation for each project concurrently, and makes each project's result: from what
 * the operation concluded, or from what ended it (a failed build, the deadline, the workflow's
 * cancellation, an error) with the last state it saw. One project's failure does not stop the
 * others. This is the one place a `ProjectResult` is made.
 */
export async function forEachProject<D extends object>(
  ctx: OperationContext,
  projects: string[],
  operation: ProjectOperation<D>,
): Promise<ProjectResult<D>[]> {
  const concurrent = projects.length > 1;
  return Promise.all(
    projects.map(async (name) => {
      const log = createProjectLog(name, concurrent, ctx.log);
      const seen = new LastSeenRecorder(ctx.inputs.baseUrl, log);
      let conclusion: Conclusion<D>;
      try {
        conclusion = await operation(ctx, { name, log, seen });
      } catch (error) {
        conclusion = failureOf(ctx, name, seen, error, log);
      } finally {
        log.flush();
      }
      return resultOf(name, seen.current, conclusion);
    }),
  );
}

/** A project's result: its name, the operation's outcome, what was last seen, and the rest of the conclusion. */
function resultOf<D extends object>(project: string, seen: LastSeen, conclusion: Conclusion<D>): ProjectResult<D> {
  const result: ProjectResult<D> = { project, ...seen, ...conclusion };
  if (result.summarySections?.length === 0) delete result.summarySections;
  return result;
}

/**
 * A step that is its projects and nothing besides (`build`, `wait`, `sync-versions`): each
 * project's result, its summary sections on it, and no outputs beyond the results'.
 */
export function perProjectStep<D extends object>(operation: ProjectOperation<D>): StepOperation<D> {
  return async (ctx) => ({ results: await forEachProject(ctx, ctx.inputs.projects, operation), summary: [], outputs: {} });
}

/**
 * Goes on from what a project concluded so far (a build's success, its links, its chart): what
 * `next` concludes, or, when it throws (the deadline while the pages are checked), the error's
 * outcome and reason with the rest of `concluded` kept, as a timeout keeps the last state seen.
 */
export async function continueFrom<D extends object>(
  ctx: OperationContext,
  run: ProjectRun,
  concluded: Conclusion<D>,
  next: () => Promise<Conclusion<D>>,
): Promise<Conclusion<D>> {
  try {
    return await next();
  } catch (error) {
    return { ...concluded, ...failureOf(ctx, run.name, run.seen, error, run.log) };
  }
}

/**
 * docs/troubleshooting.md's *What to do* of a wait that found no build: *Not found*'s (the service
 * lists no builds, never a 404, under an unknown or private project, so the slug and the token are
 * as likely as a missing build), then the build itself.
 */
const NO_BUILD_TO_DO = (project: string) =>
  notFoundToDo(project, { lastly: 'that the service builds this commit (its webhook got the push); or raise `timeout`.' });

/** What `work` concludes, or when it throws, the error's outcome and reason (as the runner would make them). */
export async function concluding<C extends Conclusion<object>>(
  ctx: OperationContext,
  run: ProjectRun,
  work: () => Promise<C>,
): Promise<C | Conclusion<never>> {
  try {
    return await work();
  } catch (error) {
    return failureOf(ctx, run.name, run.seen, error, run.log);
  }
}

/**
 * Whatever ended `work` (its conclusion, or the error that stopped it: the deadline, the
 * cancellation, a failed request), `then` runs next (a clean-up that must happen either way), and
 * only then is it concluded: the conclusion, or the error's outcome and reason.
 */
export async function whateverEnded<D extends object, T>(
  ctx: OperationContext,
  run: ProjectRun,
  work: () => Promise<Conclusion<D>>,
  then: (error: unknown) => Promise<T>,
): Promise<{ concluded: Conclusion<D>; after: T }> {
  let ended: { conclusion: Conclusion<D> } | { error: unknown };
  try {
    ended = { conclusion: await work() };
  } catch (error) {
    ended = { error };
  }
  const after = await then('error' in ended ? ended.error : undefined);
  const concluded = 'error' in ended ? failureOf(ctx, run.name, run.seen, ended.error, run.log) : ended.conclusion;
  return { concluded, after };
}

/** A build state after which the build runs no more (FACTS, Builds: only `finished` and `cancelled` are final). */
const FINAL_STATES = new Set(['finished', 'cancelled']);

/**
 * Why a project timed out: how long `timeout` was, what the operation was doing when it ran out
 * (the link check, say: the build had ended), and the build's last state, or the commit whose
 * build never appeared.
 */
function timedOutReason(ctx: OperationContext, project: string, seen: LastSeen, activity: string | undefined): string {
  const build = seen.buildId !== undefined ? `build #${seen.buildId} (${seen.buildUrl ?? 'no link'})` : undefined;
  const head = `timed out after ${formatDuration(ctx.inputs.timeoutMs)} (input \`timeout\`)${activity ? ` while ${activity}` : ''}.`;
  if (build && seen.state !== undefined && FINAL_STATES.has(seen.state)) {
    const ended = seen.state === 'cancelled' ? 'was cancelled' : seen.success === false ? 'had failed' : 'had succeeded';
    return `${head} The ${build} ${ended}.`;
  }
  if (build) return `${head} Last state of ${build}: ${seen.state ?? 'unknown'}. The build keeps running on Read the Docs.`;
  if (seen.commit) return `${head} No build of commit ${seen.commit} appeared. ${NO_BUILD_TO_DO(project)}`;
  return `${head}${activity ? '' : ' Nothing was finished.'}`;
}

/**
 * Turns whatever stopped a project into an outcome and a reason a user can act on, with the last
 * state seen (the build that keeps running, the commit whose build never came, what the operation
 * was doing when time ran out); says it in the project's log when given one.
 */
export function failureOf(
  ctx: OperationContext,
  project: string,
  recorder: Pick<LastSeenRecorder, 'current' | 'activity'>,
  error: unknown,
  log?: ProjectLog,
): Conclusion<never> {
  const seen = recorder.current;
  const build = seen.buildId !== undefined ? `build #${seen.buildId} (${seen.buildUrl ?? 'no link'})` : undefined;
  let failure: Conclusion<never> & { reason: string };
  if (error instanceof DeadlineError) {
    failure = { outcome: 'timed-out', title: 'Timed out', subject: project, reason: timedOutReason(ctx, project, seen, recorder.activity) };
  } else if (error instanceof CancelledError) {
    failure = {
      outcome: 'aborted',
      title: error.title,
      subject: project,
      reason:
        `the wait was ${error.message}${recorder.activity ? ` while ${recorder.activity}` : ''}.` +
        (build && !FINAL_STATES.has(seen.state ?? '')
          ? ` ${build} keeps running on Read the Docs (last state: ${seen.state ?? 'unknown'}); the API cannot cancel it.`
          : ''),
    };
  } else if (error instanceof ReadTheDocsError) {
    failure = { outcome: 'error', title: error.title, subject: project, reason: error.message };
  } else {
    failure = {
      outcome: 'error',
      title: 'Unexpected error',
      subject: project,
      reason: messageOf(error),
    };
    log?.debug(error instanceof Error && error.stack ? error.stack : String(error));
  }
  log?.info(reasonWithSubject(failure)!);
  return failure;
}
