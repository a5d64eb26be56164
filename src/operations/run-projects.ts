import { formatDuration } from '../util/format-duration.js';
import { createProjectLog, type ProjectLog } from '../reporting/project-log.js';
import { ServiceError } from '../readthedocs/errors.js';
import { CancelledError, DeadlineError } from '../util/abort.js';
import type { OperationContext, ProjectOperation, ProjectResult, StepOperation } from './types.js';

/**
 * Runs one operation for each project concurrently. Whatever ends a project's part (success, a
 * failed build, the deadline, the workflow's cancellation, an error) lands in its result with the
 * last state seen; one project's failure does not stop the others.
 */
export async function forEachProject<D extends object>(
  ctx: OperationContext,
  projects: string[],
  operation: ProjectOperation<D>,
): Promise<ProjectResult<D>[]> {
  const concurrent = projects.length > 1;
  return Promise.all(
    projects.map(async (project) => {
      const result: ProjectResult<D> = { project, outcome: 'error' };
      const log = createProjectLog(project, concurrent, ctx.log);
      try {
        await operation(ctx, result, log);
      } catch (error) {
        recordFailure(ctx, result, error, log);
      } finally {
        log.flush();
      }
      return result;
    }),
  );
}

/**
 * A step that is its projects and nothing besides (`build`, `wait`, `sync-versions`): each
 * project's result, its summary sections on it, and no outputs beyond the results'.
 */
export function perProjectStep<D extends object>(operation: ProjectOperation<D>): StepOperation<D> {
  return async (ctx) => ({ results: await forEachProject(ctx, ctx.inputs.projects, operation), summary: [], outputs: {} });
}

/** Turns whatever stopped a project into an outcome and a reason a user can act on. */
export function recordFailure(ctx: OperationContext, result: ProjectResult, error: unknown, log?: ProjectLog): void {
  const build = result.buildId !== undefined ? `build #${result.buildId} (${result.buildUrl ?? 'no link'})` : undefined;
  if (error instanceof DeadlineError) {
    result.outcome = 'timed-out';
    result.title = 'Timed out';
    result.reason =
      `${result.project}: timed out after ${formatDuration(ctx.inputs.timeoutMs)} (input \`timeout\`). ` +
      (build
        ? `Last state of ${build}: ${result.state ?? 'unknown'}. The build keeps running on Read the Docs.`
        : result.commit
          ? `No build of commit ${result.commit} appeared.`
          : 'Nothing was finished.');
  } else if (error instanceof CancelledError) {
    result.outcome = 'aborted';
    result.title = error.title;
    result.reason =
      `${result.project}: the wait was ${error.message}.` +
      (build ? ` ${build} keeps running on Read the Docs (last state: ${result.state ?? 'unknown'}); the API cannot cancel it.` : '');
  } else if (error instanceof ServiceError) {
    result.outcome = 'error';
    result.title = error.title;
    result.reason = `${result.project}: ${error.message}`;
  } else {
    result.outcome = 'error';
    result.title = 'Unexpected error';
    result.reason = `${result.project}: ${error instanceof Error ? error.message : String(error)}`;
    log?.debug(error instanceof Error && error.stack ? error.stack : String(error));
  }
  log?.info(result.reason);
}
