import type { ProjectLog } from '../../reporting/project-log.js';
import { NotFoundError, ServiceError, UncertainWriteError } from '../../service/errors.js';
import type { Build } from '../../service/schemas.js';
import { sleep } from '../../util/abort.js';
import type { OperationContext } from '../types.js';
import { elapsed } from '../watch-build.js';
import { formatDuration } from '../../inputs/duration.js';
import { newestBuild } from '../build-ids.js';

/** How often to look for the build when `poll-interval` is `auto`, and how long before saying so. */
const APPEAR_INTERVAL_MS = 5000;
const AUTO_GRACE_MS = 60_000;
/** With a fixed `poll-interval`, the grace period is this many looks. */
const GRACE_LOOKS = 10;

export function gracePeriodMs(pollInterval: 'auto' | number): number {
  return pollInterval === 'auto' ? AUTO_GRACE_MS : Math.max(1000, GRACE_LOOKS * pollInterval);
}

/**
 * The build of pull request `pr` (its version's slug is the PR number) for exactly `headSha`,
 * looked for until the deadline: `builds/?commit=` filtered to that version, newest first. A build
 * of an older commit is never taken. When none appears within the grace period this says so and,
 * with `trigger: true`, triggers the PR version once. The service rebuilds the last commit it saw
 * for a PR version, so the triggered build counts only once it is known to be of `headSha`.
 */
export async function findPullRequestBuild(
  ctx: OperationContext,
  project: string,
  pr: number,
  headSha: string,
  log: ProjectLog,
): Promise<Build> {
  const version = String(pr);
  const intervalMs = ctx.inputs.pollInterval === 'auto' ? APPEAR_INTERVAL_MS : ctx.inputs.pollInterval;
  const graceMs = gracePeriodMs(ctx.inputs.pollInterval);
  const started = ctx.now();
  let graceOver = false;
  for (;;) {
    const builds = await ctx.api.recentBuilds(project, { commit: headSha, limit: 20 });
    const match = newestBuild(builds.filter((build) => build.commit === headSha && isPullRequestVersion(build.version, pr)));
    if (match) return match;
    if (!graceOver && ctx.now() - started >= graceMs) {
      graceOver = true;
      const missing = `${elapsed(ctx)} no build of pull request #${pr} at ${headSha} appeared for ${project} within ${formatDuration(graceMs)}`;
      if (ctx.inputs.trigger) {
        log.info(`${missing}: triggering the pull request version (input \`trigger\`)`);
        await triggerPullRequestVersion(ctx, project, version, headSha, log);
      } else {
        log.warning(
          `${missing}. Is "Build pull requests for this repository" enabled in ${project}'s settings, and the webhook working? ` +
            'Still waiting; `trigger: true` would trigger the pull request version.',
          'No preview build yet',
        );
      }
    }
    await sleep(intervalMs, ctx.deadline.signal);
  }
}

async function triggerPullRequestVersion(ctx: OperationContext, project: string, version: string, headSha: string, log: ProjectLog): Promise<void> {
  try {
    const answer = await ctx.api.triggerBuild(project, version);
    if (!answer.triggered) {
      throw new ServiceError('the service did not trigger a build (400, triggered: false): the project is not active', 'Build not triggered', 'POST projects/{project}/versions/{version}/builds/', 400);
    }
    log.info(`Triggered build #${answer.build.id}: it counts once it is known to build ${headSha} (the service rebuilds the last commit it saw)`);
  } catch (error) {
    if (error instanceof UncertainWriteError) {
      // Triggering again would cancel the build it may have made; the search finds it either way.
      log.warning(`The answer to the trigger was lost (${error.message}); still looking for the build of ${headSha}`, 'Answer lost');
      return;
    }
    if (error instanceof NotFoundError) {
      throw new ServiceError(
        `no version for pull request #${version}: the service has not seen this pull request. ` +
          'Enable "Build pull requests for this repository" in the project\'s settings and check its webhook',
        'No pull request version',
        'POST projects/{project}/versions/{version}/builds/',
        404,
      );
    }
    throw error;
  }
}

/** The PR version's slug is its number, or the number with a suffix such as `_a` when a branch already has that slug. */
export function isPullRequestVersion(slug: string, pr: number): boolean {
  return slug === String(pr) || new RegExp(`^${pr}_[a-z]$`).test(slug);
}
