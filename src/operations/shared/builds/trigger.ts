import type { ProjectLog } from '../../../reporting/project-log.js';
import { findAfterLostWrite } from '../../../resilience/index.js';
import { SchemaError, ReadTheDocsError, UncertainWriteError } from '../../../readthedocs/errors.js';
import type { Build } from '../../../readthedocs/schemas.js';
import { CancelledError, DeadlineError } from '../../../util/abort.js';
import { safeLine } from '../../../util/untrusted-text.js';
import { buildCreatedAfter } from './build-ids.js';
import { buildsDisabledNotice } from './builds-disabled.js';
import type { OperationContext } from '../../types.js';

// Triggering a build exactly once, shared by `build` and `sync-versions`.

/** How often and how long to look for a build whose trigger answer was lost. */
export const LOST_TRIGGER_CHECKS = 3;
export const LOST_TRIGGER_CHECK_INTERVAL_MS = 1000;
/** Triggers sent at most when every answer is lost and no build shows up. */
export const MAX_TRIGGER_ATTEMPTS = 3;

/**
 * Triggers exactly one build. The service never deduplicates and a second trigger cancels the
 * first build, so when the answer is lost the newest build of the version is compared with the
 * one before the trigger, and a new one is adopted; only a trigger that surely made nothing is
 * repeated.
 */
export async function triggerOnce(
  ctx: OperationContext,
  project: string,
  version: string,
  newestBefore: number,
  log: ProjectLog,
): Promise<{ build: Build; docsUrl?: string }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const answer = await ctx.api.triggerBuild(project, version);
      if (!answer.triggered && answer.refusal !== undefined) throw refusedTrigger(version, answer.refusal);
      if (!answer.triggered) {
        throw new ReadTheDocsError(
          `the service did not trigger a build (400, triggered: false): ${await whyNotTriggered(ctx, project)}`,
          'Build not triggered',
          'POST projects/{project}/versions/{version}/builds/',
          400,
        );
      }
      return { build: answer.build, docsUrl: answer.docsUrl };
    } catch (error) {
      if (error instanceof CancelledError || error instanceof DeadlineError) {
        // The POST was on its way: the service may have created a build nobody will report.
        log.warning(
          `Stopped while the build trigger was on its way: a build of ${version} may have been created; see ${ctx.inputs.baseUrl}/projects/${project}/builds/`,
          'Build may have been triggered',
        );
      }
      // An answer that came back garbled is as good as lost: the service did act on the request.
      const lost = error instanceof UncertainWriteError || (error instanceof SchemaError && (error.status ?? 202) < 300);
      if (!lost) throw error;
      log.warning(`The answer to the build trigger was lost (${error.message}). Looking for the build it may have created.`, 'Answer lost');
      // Looked for after the last attempt too: that one may have created the build.
      const adopted = await findBuildAfter(ctx, project, version, newestBefore);
      if (adopted) {
        log.info(`The trigger did create build #${adopted.id}: following it`);
        return { build: adopted };
      }
      if (attempt >= MAX_TRIGGER_ATTEMPTS) throw error;
      log.info('No build was created: triggering again');
    }
  }
}

/** The service's own words for a trigger of a version it never builds (FACTS, *Builds*: direct upload). */
const UPLOADED_VERSION = /cannot trigger a build for an uploaded version/i;

/**
 * A trigger the service refused with an error body (no `triggered`): for an uploaded version, what
 * to do instead; otherwise the service's words.
 */
function refusedTrigger(version: string, refusal: string): ReadTheDocsError {
  const endpoint = 'POST projects/{project}/versions/{version}/builds/';
  if (UPLOADED_VERSION.test(refusal.slice(0, 500))) {
    return new ReadTheDocsError(
      `version ${safeLine(version, 100)} is uploaded by a pipeline (the service's direct upload): Read the Docs never builds it, ` +
        'so a build cannot be triggered (400: Cannot trigger a build for an uploaded version). Follow the upload with `operation: wait` instead',
      'Uploaded version',
      endpoint,
      400,
    );
  }
  return new ReadTheDocsError(
    `the service refused the build trigger (400: ${safeLine(refusal, 300)})`,
    'Build not triggered',
    endpoint,
    400,
  );
}

/**
 * FACTS: a trigger answers `triggered: false` when the project is inactive, or on Community when
 * the service disabled its builds after 25 failed builds of the default version in a row (the
 * project's notification says so; an admin's token reads it).
 */
async function whyNotTriggered(ctx: OperationContext, project: string): Promise<string> {
  const inactive = 'the project is not active, or its builds are disabled. Check it in the dashboard';
  try {
    const notice = await buildsDisabledNotice(ctx.api, project);
    if (notice === undefined) return inactive;
    return (
      `the service disabled the project's builds after consecutive failed builds of its default version ` +
      `(${safeLine(notice, 300)}). Fix the default version's build, then re-enable builds in the project's settings`
    );
  } catch (error) {
    if (error instanceof CancelledError || error instanceof DeadlineError) throw error;
    return inactive;
  }
}

async function findBuildAfter(ctx: OperationContext, project: string, version: string, newestBefore: number): Promise<Build | undefined> {
  return findAfterLostWrite(async () => buildCreatedAfter(await ctx.api.recentBuilds(project, { version, limit: 5 }), newestBefore), {
    checks: LOST_TRIGGER_CHECKS,
    intervalMs: LOST_TRIGGER_CHECK_INTERVAL_MS,
    signal: ctx.deadline.signal,
    sleep: ctx.sleep,
  });
}
