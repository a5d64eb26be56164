import { NotFoundError, SchemaError, ServiceError, UncertainWriteError } from '../service/errors.js';
import type { Build } from '../service/schemas.js';
import { findAfterLostWrite } from '../resilience/index.js';
import { CancelledError, DeadlineError } from '../util/abort.js';
import type { ProjectLog } from '../reporting/project-log.js';
import { buildCreatedAfter, newestBuildId } from './build-ids.js';
import { concludeBuild, expectedFromHistory, recordBuild, watchBuild } from './watch-build.js';
import type { OperationContext, ProjectOperation, ProjectResult } from './types.js';

/** How often and how long to look for a build whose trigger answer was lost. */
const LOST_TRIGGER_CHECKS = 3;
const LOST_TRIGGER_CHECK_INTERVAL_MS = 1000;
/** Triggers sent at most when every answer is lost and no build shows up. */
const MAX_TRIGGER_ATTEMPTS = 3;

/** `build`: trigger a build of the version, then wait for its end unless `wait: false`. */
export const buildOperation: ProjectOperation = async (ctx, result, log) => {
  const { api, inputs } = ctx;
  const version = await resolveVersion(ctx, result.project);
  result.version = version;
  // One list request serves twice: the expected duration, and the newest build before ours,
  // which tells whether a trigger whose answer got lost created a build.
  const history = await api.recentBuilds(result.project, { version, limit: 10 });
  const newestBefore = newestBuildId(history);
  log.info(`Triggering a build of ${result.project}, version ${version}`);
  const { build, docsUrl } = await triggerOnce(ctx, result.project, version, newestBefore, log);
  recordBuild(result, build);
  log.info(`Build #${build.id} created: ${build.urls.build}`);
  if (!inputs.wait) {
    result.outcome = 'triggered';
    return;
  }
  const final = await watchBuild(ctx, result, log, build, expectedFromHistory(history));
  await concludeBuild(ctx, result, log, final);
  // The trigger's answer described the version: no request needed for its documentation URL.
  if (docsUrl && result.outcome === 'success') result.docsUrl = docsUrl;
  else await addDocsUrl(ctx, result, log);
};

/** The `version` input, or the project's default version. */
export async function resolveVersion(ctx: OperationContext, project: string): Promise<string> {
  if (ctx.inputs.version) return ctx.inputs.version;
  const details = await ctx.api.project(project);
  if (!details.default_version) {
    throw new ServiceError('the project has no default version: set the `version` input', 'No version', 'GET projects/{project}/');
  }
  return details.default_version;
}

/**
 * Sets `docs-url` from the version's details (PR versions have none there; that is fine). The
 * build has succeeded by now: failing to read the URL leaves it empty and never turns the step red.
 */
export async function addDocsUrl(ctx: OperationContext, result: ProjectResult, log: ProjectLog): Promise<void> {
  if (!result.version || result.outcome !== 'success') return;
  try {
    const version = await ctx.api.version(result.project, result.version);
    if (version.urls?.documentation) result.docsUrl = version.urls.documentation;
  } catch (error) {
    const message = `no documentation URL for ${result.version}: ${(error as Error).message}`;
    if (error instanceof NotFoundError) log.debug(message);
    else log.info(`The build succeeded, but \`docs-url\` stays empty: ${message}`);
  }
}

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
      if (!answer.triggered) {
        throw new ServiceError(
          'the service did not trigger a build (400, triggered: false): the project is not active. Check it in the dashboard',
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

async function findBuildAfter(ctx: OperationContext, project: string, version: string, newestBefore: number): Promise<Build | undefined> {
  return findAfterLostWrite(async () => buildCreatedAfter(await ctx.api.recentBuilds(project, { version, limit: 5 }), newestBefore), {
    checks: LOST_TRIGGER_CHECKS,
    intervalMs: LOST_TRIGGER_CHECK_INTERVAL_MS,
    signal: ctx.deadline.signal,
  });
}
