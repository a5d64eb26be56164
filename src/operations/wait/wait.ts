import { commitToWaitFor } from '../../inputs/github-context.js';
import { ServiceError } from '../../service/errors.js';
import type { Build } from '../../service/schemas.js';
import { pollUntil } from '../../resilience/index.js';
import { addDocsUrl } from '../watching/docs-url.js';
import { watchBuildOfCommit } from '../watching/follow-commit.js';
import { concludeBuild, elapsed, expectedFromHistory } from '../watching/watch-build.js';
import type { OperationContext, ProjectOperation } from '../types.js';
import { newestBuild } from '../watching/build-ids.js';

/** `wait`: never triggers; finds the build of the commit (and version) and waits for its end. */
export const waitOperation: ProjectOperation = async (ctx, result, log) => {
  const commit = commitToWaitFor(ctx.inputs.commit, ctx.run);
  if (!commit) {
    throw new ServiceError(
      'Input `commit` is empty and the workflow gives no commit (GITHUB_SHA): set `commit` to the full SHA to wait for',
      'No commit to wait for',
      'wait',
    );
  }
  result.commit = commit;
  result.version = ctx.inputs.version;
  const what = `${result.project}${ctx.inputs.version ? ` ${ctx.inputs.version}` : ''} at ${commit}`;
  log.info(`Looking for the build of ${what}`);
  const since = Math.min(ctx.startedAt, ctx.run.pushedAt ?? Number.POSITIVE_INFINITY);
  const build = await findBuildOfCommit(
    ctx,
    result.project,
    commit,
    ctx.inputs.version,
    () => log.info(`${elapsed(ctx)} no build of ${what} yet: waiting for the service to start one`),
    since,
  );
  if (build.commit === null) {
    // Config loading and validation run inside checkout: a build failing there never gets a commit.
    await concludeBuild(ctx, result, log, build);
    result.title = 'Build failed before checkout';
    result.reason =
      `${result.project}: no build of ${commit} appeared, but build #${build.id} of ${build.version ?? '(deleted version)'}, ` +
      `created after the push, failed before checking out a commit, so it is likely this push's build ` +
      `(a broken .readthedocs.yaml, a clone error or a failing post_checkout step)\n${result.reason ?? ''}`;
    log.info(result.reason);
    return;
  }
  log.info(`Found build #${build.id} (${build.version}): ${build.urls.build}`);
  // Only predictive polling uses the version's history: a fixed interval spares the request.
  const estimate =
    ctx.polling.watch.kind === 'predictive'
      ? expectedFromHistory(await ctx.api.recentBuilds(result.project, { version: build.version ?? undefined, limit: 10 }))
      : undefined;
  const final = await watchBuildOfCommit(ctx, result, log, build, commit, estimate);
  await concludeBuild(ctx, result, log, final);
  await addDocsUrl(ctx, result, log);
};

/** A final, unsuccessful build without a commit, of the version (when given), created at or after `since`. */
export function failedBeforeCheckout(build: Build, since: number, version: string | undefined): boolean {
  const created = build.created === null ? Number.NaN : Date.parse(build.created);
  return (
    build.commit === null &&
    build.success !== true &&
    build.state.code === 'finished' &&
    build.version !== null &&
    (version === undefined || build.version === version) &&
    Number.isFinite(created) &&
    created >= since - CREATED_SLACK_MS
  );
}

/** The service's clock and the runner's may disagree by a little. */
const CREATED_SLACK_MS = 5000;

/**
 * The newest build of exactly this commit, looked for (every `appearIntervalMs` of the polling
 * plan) until one appears or the step ends. Builds of other commits are never taken, however recent.
 */
async function findBuildOfCommit(
  ctx: OperationContext,
  project: string,
  commit: string,
  version: string | undefined,
  onMissing: () => void,
  /** With a time (ms epoch), every other look also takes a build failed before checkout created since then. */
  failedBeforeCheckoutSince?: number,
): Promise<Build> {
  return pollUntil(
    async (round) => {
      const builds = await ctx.api.recentBuilds(project, { commit, limit: 20 });
      const match = newestBuild(builds.filter((build) => build.commit === commit && (version === undefined || build.version === version)));
      if (match) return match;
      if (failedBeforeCheckoutSince !== undefined && round % 2 === 0) {
        const recent = await ctx.api.recentBuilds(project, { version, limit: 20 });
        const failed = newestBuild(recent.filter((build) => failedBeforeCheckout(build, failedBeforeCheckoutSince, version)));
        if (failed) return failed;
      }
      if (round === 1) onMissing();
      return undefined;
    },
    { intervalMs: ctx.polling.appearIntervalMs, signal: ctx.deadline.signal, sleep: ctx.sleep },
  );
}
