import type { ProjectLog } from '../../reporting/project-log.js';
import { NotFoundError, ReadTheDocsError, UncertainWriteError } from '../../readthedocs/errors.js';
import type { Build } from '../../readthedocs/schemas.js';
import { pollUntil } from '../../resilience/index.js';
import type { OperationContext } from '../types.js';
import { elapsed } from '../shared/builds/watch-build.js';
import { formatDuration } from '../../util/format-duration.js';
import { newestBuild } from '../shared/builds/build-ids.js';
import { safeLine } from '../../util/untrusted-text.js';
import { AutomationRuleSkip, PULL_REQUEST_SLUG_SUFFIXES } from '../shared/builds/skipped-by-rule.js';

/** The build of the pull request's head, or word that none is coming (an automation rule skipped the push). */
export type PullRequestBuild = { build: Build } | { skippedByRule: true };

/**
 * The build of pull request `pr` (its version's slug is the PR number) for exactly `headSha`,
 * looked for (every `appearIntervalMs` of the polling plan) until the deadline: `builds/?commit=`
 * filtered to that version, newest first. A build of an older commit is never taken. Past the
 * grace period, a version that stands at `headSha` with no build of it means an automation rule
 * skipped the push: no build is coming ({@link AutomationRuleSkip}). When none appears within the
 * grace period this says so and, with `trigger: true`, triggers the PR version once (not while the
 * version stands at the head: the trigger would rebuild an older commit). The service rebuilds the
 * last commit it built for a PR version, so the triggered build counts only once it is known to be
 * of `headSha`.
 */
export async function findPullRequestBuild(
  ctx: OperationContext,
  project: string,
  pr: number,
  headSha: string,
  log: ProjectLog,
): Promise<PullRequestBuild> {
  const graceMs = ctx.polling.graceWindowMs;
  const started = ctx.now();
  const ruleSkip = new AutomationRuleSkip(ctx, project, pr, headSha, undefined, log);
  let graceOver = false;
  let triggered: number | undefined;
  return pollUntil<PullRequestBuild>(
    async () => {
      const builds = await ctx.api.recentBuilds(project, { commit: headSha, limit: 20 });
      const match = newestBuild(
        builds.filter((build) => build.commit === headSha && build.version !== null && isPullRequestVersion(build.version, pr)),
      );
      if (match) return { build: match };
      if (triggered !== undefined) {
        const build = await ctx.api.build(project, triggered);
        if (build.commit !== null && build.commit !== headSha) throw otherCommitBuilt(build, pr, headSha);
      }
      if (ctx.now() - started < graceMs) return undefined;
      if (triggered === undefined && (await ruleSkip.noBuildComing())) return { skippedByRule: true };
      if (!graceOver) {
        graceOver = true;
        const missing = `${elapsed(ctx)} no build of pull request #${pr} at ${headSha} appeared for ${project} within ${formatDuration(graceMs)}`;
        if (ruleSkip.versionAtCommit) {
          log.info(`${missing}, though the pull request's version is at this commit: looking once more before taking it as skipped`);
        } else if (ctx.inputs.trigger) {
          log.info(`${missing}: triggering the pull request version (input \`trigger\`)`);
          triggered = await triggerPullRequestVersion(ctx, project, pr, headSha, log);
        } else {
          log.warning(
            `${missing}. Is "Build pull requests for this repository" enabled in ${project}'s settings, and the webhook working? ` +
              'Or did a webhook automation rule of the project skip this push? ' +
              'Still waiting; `trigger: true` would trigger the pull request version.',
            'No preview build yet',
          );
        }
      }
      return undefined;
    },
    { intervalMs: ctx.polling.appearIntervalMs, signal: ctx.deadline.signal, sleep: ctx.sleep },
  );
}

/**
 * The slug of the pull request's own (external) version. `7` may be a branch: triggering it would
 * rebuild the branch and cancel its running builds. API v3 hides PR versions (404) and shows
 * every other one, so the first candidate it does not show is the PR's; one it shows, whatever
 * its type, is never triggered. Undefined when every candidate is taken.
 */
async function pullRequestVersionSlug(ctx: OperationContext, project: string, pr: number, log: ProjectLog): Promise<string | undefined> {
  for (const suffix of PULL_REQUEST_SLUG_SUFFIXES) {
    const slug = `${pr}${suffix}`;
    try {
      const version = await ctx.api.version(project, slug);
      if (version.type === 'external') return slug;
      log.info(`Version ${slug} of ${project} is a ${safeLine(version.type)}, not pull request #${pr}: it is not triggered`);
    } catch (error) {
      if (error instanceof NotFoundError) return slug;
      throw error;
    }
  }
  return undefined;
}

/**
 * A triggered PR build that cloned another commit: the service rebuilds the last commit it
 * *built*, and webhook automation rules can skip a push without a build while the version's
 * identifier moves on, so the head was never built. Waiting on would only reach the timeout.
 */
function otherCommitBuilt(build: Build, pr: number, headSha: string): ReadTheDocsError {
  return new ReadTheDocsError(
    `the service did not build ${headSha}: the triggered build #${build.id} of pull request #${pr} ` +
      `checked out ${safeLine(build.commit ?? '')} (${build.urls.build}). A trigger rebuilds the last commit the service built for the pull request; the push of the head was ` +
      'likely skipped without a build (a webhook automation rule in the project, or a webhook that did not arrive). ' +
      "Push again, or check the project's automation rules",
    'Commit not built',
    'POST projects/{project}/versions/{version}/builds/',
  );
}

/** Triggers the PR's version once; the id of the new build when the answer came. */
async function triggerPullRequestVersion(
  ctx: OperationContext,
  project: string,
  pr: number,
  headSha: string,
  log: ProjectLog,
): Promise<number | undefined> {
  let version = String(pr);
  try {
    const slug = await pullRequestVersionSlug(ctx, project, pr, log);
    if (slug === undefined) throw new NotFoundError('no external version', 'Not found', 'GET projects/{project}/versions/{version}/');
    version = slug;
    const answer = await ctx.api.triggerBuild(project, version);
    if (!answer.triggered) {
      throw new ReadTheDocsError(
        'the service did not trigger a build (400, triggered: false): the project is not active',
        'Build not triggered',
        'POST projects/{project}/versions/{version}/builds/',
        400,
      );
    }
    log.info(
      `Triggered build #${answer.build.id}: it counts once it is known to build ${headSha} (the service rebuilds the last commit it saw)`,
    );
    return answer.build.id;
  } catch (error) {
    if (error instanceof UncertainWriteError) {
      // Triggering again would cancel the build it may have made; the search finds it either way.
      log.warning(`The answer to the trigger was lost (${error.message}); still looking for the build of ${headSha}`, 'Answer lost');
      return undefined;
    }
    if (error instanceof NotFoundError) {
      throw new ReadTheDocsError(
        `no version for pull request #${pr}: the service has not seen this pull request. ` +
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
