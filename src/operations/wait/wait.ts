import { commitToWaitFor } from '../../inputs/github-context.js';
import { ServiceError } from '../../readthedocs/errors.js';
import type { Build } from '../../readthedocs/schemas.js';
import { pollUntil } from '../../resilience/index.js';
import { addDocsUrl } from '../shared/docs-url.js';
import { concludeFollowed, watchBuildOfCommit } from '../shared/follow-commit.js';
import { AutomationRuleSkip, concludeSkippedByRule } from '../shared/skipped-by-rule.js';
import { concludeBuild, elapsed, expectedFromHistory } from '../shared/watch-build.js';
import type { OperationContext, ProjectOperation } from '../types.js';
import type { ProjectLog } from '../../reporting/project-log.js';
import { newestBuild } from '../shared/build-ids.js';

/** What the look for the commit's build found. */
type Found =
  | { build: Build }
  /** The pull request's version moved to the commit and no build of it came (an automation rule). */
  | { skippedByRule: number };

/** `wait`: never triggers; finds the build of the commit (and version) and waits for its end. */
export const waitProject: ProjectOperation = async (ctx, result, log) => {
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
  const found = await findBuildOfCommit(ctx, result.project, commit, ctx.inputs.version, log, {
    onMissing: () => log.info(`${elapsed(ctx)} no build of ${what} yet: waiting for the service to start one`),
    since,
  });
  if ('skippedByRule' in found) {
    concludeSkippedByRule(ctx, result, log, found.skippedByRule, commit);
    return;
  }
  const { build } = found;
  if (build.commit === null && build.state.code === 'finished') {
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
  if (build.commit === null) {
    // Cancelled before it cloned, with a newer build of its version: this push's build, superseded.
    log.info(
      `No build of ${commit} appeared, but build #${build.id} of ${build.version}, created after the push, was cancelled before it cloned`,
    );
  } else {
    log.info(`Found build #${build.id} (${build.version}): ${build.urls.build}`);
  }
  // Only predictive polling uses the version's history: a fixed interval spares the request.
  const estimate =
    ctx.polling.watch.kind === 'predictive'
      ? expectedFromHistory(await ctx.api.recentBuilds(result.project, { version: build.version ?? undefined, limit: 10 }))
      : undefined;
  const followed = await watchBuildOfCommit(ctx, result, log, build, commit, estimate);
  await concludeFollowed(ctx, result, log, followed, commit);
  await addDocsUrl(ctx, result, log);
};

/** The service's clock and the runner's may disagree by a little. */
const CREATED_SLACK_MS = 5000;

/** Created at or after `since` (ms epoch), give or take the clocks' disagreement. */
function createdSince(build: Build, since: number): boolean {
  const created = build.created === null ? Number.NaN : Date.parse(build.created);
  return Number.isFinite(created) && created >= since - CREATED_SLACK_MS;
}

/** A final, unsuccessful build without a commit, of the version (when given), created at or after `since`. */
export function failedBeforeCheckout(build: Build, since: number, version: string | undefined): boolean {
  return (
    build.commit === null &&
    build.success !== true &&
    build.state.code === 'finished' &&
    build.version !== null &&
    (version === undefined || build.version === version) &&
    createdSince(build, since)
  );
}

/**
 * A build of the version (when given) created at or after `since`, cancelled before it cloned
 * (its commit stays null for ever), that a newer build of its version followed: the push's build
 * that a newer push superseded before it could tell its commit.
 */
export function supersededBeforeCheckout(build: Build, since: number, version: string | undefined, recent: Build[]): boolean {
  return (
    build.commit === null &&
    build.state.code === 'cancelled' &&
    build.version !== null &&
    (version === undefined || build.version === version) &&
    createdSince(build, since) &&
    recent.some((newer) => newer.version === build.version && newer.id > build.id)
  );
}

/**
 * The newest build of exactly this commit, looked for (every `appearIntervalMs` of the polling
 * plan) until one appears or the step ends. Builds of other commits are never taken, however
 * recent. Every other look also lists the version's (or project's) recent builds, for one that
 * tells about the push without its commit: failed before checkout, or cancelled before cloning by
 * a newer build (superseded). On a pull request, past the grace period, a version moved to the
 * commit with no build of it means an automation rule skipped the push.
 */
async function findBuildOfCommit(
  ctx: OperationContext,
  project: string,
  commit: string,
  version: string | undefined,
  log: ProjectLog,
  options: { onMissing: () => void; since: number },
): Promise<Found> {
  const pr = ctx.run.pullRequest?.headSha.toLowerCase() === commit.toLowerCase() ? ctx.run.pullRequest.number : undefined;
  const ruleSkip = pr === undefined ? undefined : new AutomationRuleSkip(ctx, project, pr, commit, version, log);
  const started = ctx.now();
  return pollUntil<Found>(
    async (round) => {
      const builds = await ctx.api.recentBuilds(project, { commit, limit: 20 });
      const match = newestBuild(builds.filter((build) => build.commit === commit && (version === undefined || build.version === version)));
      if (match) return { build: match };
      if (round % 2 === 0) {
        const recent = await ctx.api.recentBuilds(project, { version, limit: 20 });
        const told = newestBuild(
          recent.filter(
            (build) =>
              failedBeforeCheckout(build, options.since, version) || supersededBeforeCheckout(build, options.since, version, recent),
          ),
        );
        if (told) return { build: told };
      }
      if (round === 1) options.onMissing();
      if (ruleSkip && pr !== undefined && ctx.now() - started >= ctx.polling.graceWindowMs && (await ruleSkip.noBuildComing())) {
        return { skippedByRule: pr };
      }
      return undefined;
    },
    { intervalMs: ctx.polling.appearIntervalMs, signal: ctx.deadline.signal, sleep: ctx.sleep },
  );
}
