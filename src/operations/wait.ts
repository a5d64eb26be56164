import { commitToWaitFor } from '../inputs/github-context.js';
import { ServiceError } from '../service/errors.js';
import type { Build } from '../service/schemas.js';
import { sleep } from '../util/abort.js';
import { addDocsUrl } from './build.js';
import { watchBuildOfCommit } from './follow-commit.js';
import { concludeBuild, elapsed, expectedFromHistory } from './watch-build.js';
import type { OperationContext, ProjectOperation } from './types.js';
import { newestBuild } from './build-ids.js';

/** How often to look for a build that has not appeared yet (the service's webhook can lag). */
const APPEAR_INTERVAL_MS = 5000;

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
  const build = await findBuildOfCommit(ctx, result.project, commit, ctx.inputs.version, () =>
    log.info(`${elapsed(ctx)} no build of ${what} yet: waiting for the service to start one`),
  );
  log.info(`Found build #${build.id} (${build.version}): ${build.urls.build}`);
  // Only predictive polling uses the version's history: a fixed interval spares the request.
  const estimate =
    ctx.inputs.pollInterval === 'auto'
      ? expectedFromHistory(await ctx.api.recentBuilds(result.project, { version: build.version ?? undefined, limit: 10 }))
      : undefined;
  const final = await watchBuildOfCommit(ctx, result, log, build, commit, estimate);
  await concludeBuild(ctx, result, log, final);
  await addDocsUrl(ctx, result, log);
};

/**
 * The newest build of exactly this commit, looked for until one appears or the deadline passes.
 * Builds of other commits are never taken, however recent.
 */
export async function findBuildOfCommit(
  ctx: OperationContext,
  project: string,
  commit: string,
  version: string | undefined,
  onMissing: () => void,
  intervalMs = ctx.inputs.pollInterval === 'auto' ? APPEAR_INTERVAL_MS : ctx.inputs.pollInterval,
): Promise<Build> {
  let told = false;
  for (;;) {
    const builds = await ctx.api.recentBuilds(project, { commit, limit: 20 });
    const match = newestBuild(builds.filter((build) => build.commit === commit && (version === undefined || build.version === version)));
    if (match) return match;
    if (!told) {
      onMissing();
      told = true;
    }
    await sleep(intervalMs, ctx.deadline.signal);
  }
}
