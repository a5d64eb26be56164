import { commitToWaitFor } from '../../inputs/github-context.js';
import { ReadTheDocsError } from '../../readthedocs/errors.js';
import type { Build, Notification } from '../../readthedocs/schemas.js';
import { pollUntil } from '../../resilience/index.js';
import { findDocsUrl } from '../shared/builds/docs-url.js';
import { failUnlessProjectVisible, VersionExists } from './project-visible.js';
import { concludeFollowed, watchBuildOfCommit } from '../shared/builds/follow-commit.js';
import { AutomationRuleSkip, concludeSkippedByRule } from '../shared/builds/skipped-by-rule.js';
import { concludeBuild, elapsed, expectedFromHistory, SKIP_NOTIFICATION, waitingNotice } from '../shared/builds/watch-build.js';
import { reasonWithSubject, type Conclusion, type OperationContext, type ProjectOperation, type ProjectRun } from '../types.js';
import type { ProjectLog } from '../../reporting/project-log.js';
import { newestBuild } from '../shared/builds/build-ids.js';
import { safeLine } from '../../util/untrusted-text.js';
import { ofPushVersions, pushVersions, stableAtCommit, type PushVersions } from './push-versions.js';
import { notRead } from '../../util/message-of.js';
import type { WarningsCheck } from '../shared/builds/warnings/check.js';

/** What the look for the commit's build found. */
type Found =
  | { build: Build }
  /** A build of the push's versions, created since the push, that skipped itself (exit code 183) before it told its commit. */
  | { selfSkipped: Build; notification: Notification }
  /** The pull request's version moved to the commit and no build of it came (an automation rule). */
  | { skippedByRule: number };

/** `wait`: never triggers; finds the build of the commit (and version) and waits for its end. */
export const waitProject: ProjectOperation = async (ctx, run) => {
  const { name: project, log, seen } = run;
  const commit = commitToWaitFor(ctx.inputs.commit, ctx.run);
  if (!commit) {
    throw new ReadTheDocsError(
      'Input `commit` is empty and the workflow gives no commit (GITHUB_SHA): set `commit` to the full SHA to wait for',
      'No commit to wait for',
      'wait',
    );
  }
  seen.commit(commit);
  seen.version(ctx.inputs.version);
  const what = `${project}${ctx.inputs.version ? ` ${ctx.inputs.version}` : ''} at ${commit}`;
  log.info(`Looking for the build of ${what}`);
  const since = Math.min(ctx.startedAt, ctx.run.pushedAt ?? Number.POSITIVE_INFINITY);
  const scope = await pushVersions(ctx, project, commit, ctx.inputs.version, log);
  if (scope.ref !== undefined) log.info(`Builds of ${scope.describe} are taken; those of other versions are not`);
  const found = await findBuildOfCommit(ctx, project, commit, scope, log, {
    onMissing: (first) =>
      log.progress(`${elapsed(ctx)} ${first ? 'no' : 'still no'} build of ${what} yet: waiting for the service to start one`),
    since,
  });
  if ('skippedByRule' in found) return concludeSkippedByRule(ctx, run, found.skippedByRule, commit);
  if ('selfSkipped' in found) return concludeSelfSkipped(run, found.selfSkipped, found.notification, commit);
  const { build } = found;
  if (build.commit === null && build.state.code === 'finished') return concludeFailedBeforeCheckout(ctx, run, build, commit);
  if (build.commit === null) {
    // Cancelled before it cloned, with a newer build of its version: this push's build, superseded.
    log.info(
      `No build of ${commit} appeared, but build #${build.id} of ${build.version}, created after the push, was cancelled before it cloned`,
    );
  } else {
    log.info(`Found build #${build.id} (${build.version}): ${build.urls.build}`);
  }
  // Only predictive polling uses the version's history: a fixed interval spares the request.
  const history =
    ctx.polling.watch.kind === 'predictive'
      ? await ctx.api.recentBuilds(project, { version: build.version ?? undefined, limit: 10 })
      : undefined;
  const followed = await watchBuildOfCommit(ctx, run, build, commit, history && expectedFromHistory(history));
  const conclusion = await concludeFollowed(ctx, run, followed, commit, warningsCheckOf(ctx, followed.build, history));
  const docsUrl = await findDocsUrl(ctx, run, conclusion.outcome);
  return docsUrl === undefined ? conclusion : { ...conclusion, docsUrl };
};

/**
 * Input `warnings`: the build of a pull request's version is compared with the base branch's
 * build, as `preview` does; any other with its version's previous successful build (among the
 * version's builds listed for the schedule, when they were: no request more).
 */
function warningsCheckOf(ctx: OperationContext, build: Build, history: Build[] | undefined): WarningsCheck {
  const pr = ctx.run.pullRequest;
  const version = build.version ?? '';
  if (pr !== undefined && (version === String(pr.number) || version.startsWith(`${pr.number}_`)))
    return { baseline: { kind: 'base-branch', branch: pr.baseRef }, gate: true };
  return { baseline: { kind: 'previous', ...(history === undefined ? {} : { history }) }, gate: true };
}

/**
 * No build of the commit appeared, but a build of the push's versions failed before it checked out
 * a commit: config loading and validation run inside checkout, so a build failing there never gets
 * a commit.
 */
async function concludeFailedBeforeCheckout(
  ctx: OperationContext,
  run: ProjectRun,
  build: Build,
  commit: string,
): Promise<Conclusion<never>> {
  run.seen.build(build);
  const conclusion = await concludeBuild(ctx, run, { build });
  const subject = run.name;
  const reason =
    `no build of ${commit} appeared, but build #${build.id} of ${build.version ?? '(deleted version)'}, ` +
    `created after the push, failed before checking out a commit, so it is likely this push's build ` +
    `(a broken .readthedocs.yaml, a clone error or a failing post_checkout step)\n${reasonWithSubject(conclusion) ?? ''}`;
  run.log.info(`${subject}: ${reason}`);
  return { ...conclusion, title: 'Build failed before checkout', subject, reason };
}

/** The service's clock and the runner's may disagree by a little. */
const CREATED_SLACK_MS = 5000;

/** Created at or after `since` (ms epoch), give or take the clocks' disagreement. */
function createdSince(build: Build, since: number): boolean {
  const created = build.created === null ? Number.NaN : Date.parse(build.created);
  return Number.isFinite(created) && created >= since - CREATED_SLACK_MS;
}

/** Whether the build is of the version (a slug), or of one of the versions (any when undefined). */
function ofVersions(build: Build, versions: string | readonly string[] | undefined): boolean {
  if (versions === undefined) return true;
  return build.version !== null && (typeof versions === 'string' ? build.version === versions : versions.includes(build.version));
}

/** A final, unsuccessful build without a commit, of the version(s) (when given), created at or after `since`. */
export function failedBeforeCheckout(build: Build, since: number, versions: string | readonly string[] | undefined): boolean {
  return (
    build.commit === null &&
    build.success !== true &&
    build.state.code === 'finished' &&
    build.version !== null &&
    ofVersions(build, versions) &&
    createdSince(build, since)
  );
}

/**
 * A cancelled build without a commit, of the version(s) (when given), created at or after `since`:
 * cancelled before it cloned (a newer trigger), or skipped by exit code 183 before its commit was
 * recorded (in `post_checkout`). Only its notifications tell which.
 */
function cancelledBeforeCheckout(build: Build, since: number, versions: string | readonly string[] | undefined): boolean {
  return (
    build.commit === null &&
    build.state.code === 'cancelled' &&
    build.version !== null &&
    ofVersions(build, versions) &&
    createdSince(build, since)
  );
}

/**
 * A build of the version (when given) created at or after `since`, cancelled before it cloned
 * (its commit stays null for ever), that a newer build of its version followed: the push's build
 * that a newer push superseded before it could tell its commit.
 */
function supersededBeforeCheckout(build: Build, since: number, versions: string | readonly string[] | undefined, recent: Build[]): boolean {
  return cancelledBeforeCheckout(build, since, versions) && recent.some((newer) => newer.version === build.version && newer.id > build.id);
}

/**
 * The newest build of exactly this commit, of the push's versions (`scope`), looked for (every
 * `appearIntervalMs` of the polling plan) until one appears or the step ends. Builds of other
 * commits are never taken, however recent, nor builds of other versions. Every other look also
 * lists the push's versions' (or the project's) recent builds, for one that tells about the push
 * without its commit: skipped by exit code 183 before its commit was recorded, failed before
 * checkout, or cancelled before cloning by a newer build (superseded). On a pull request, past the
 * grace period, a version moved to the commit with no build of it means an automation rule skipped
 * the push.
 */
async function findBuildOfCommit(
  ctx: OperationContext,
  project: string,
  commit: string,
  scope: PushVersions,
  log: ProjectLog,
  options: { onMissing: (first: boolean) => void; since: number },
): Promise<Found> {
  const pr = ctx.run.pullRequest?.headSha.toLowerCase() === commit.toLowerCase() ? ctx.run.pullRequest.number : undefined;
  const ruleSkip = pr === undefined ? undefined : new AutomationRuleSkip(ctx, project, pr, commit, ctx.inputs.version, log);
  const skips = new SkipNotifications(ctx, project, log);
  const versionExists = new VersionExists(ctx, project, ctx.inputs.version, log);
  const started = ctx.now();
  // Said at the first look, then about every 30 s while the build does not appear.
  const notice = waitingNotice(ctx, () => options.onMissing(false));
  return pollUntil<Found>(
    async (round) => {
      const builds = await ctx.api.recentBuilds(project, { commit, limit: 20 });
      const match = newestBuild(builds.filter((build) => build.commit === commit && ofPushVersions(scope, build.version)));
      if (match) return { build: match };
      if (round % 2 === 0) {
        const told = await commitLessBuildOfPush(ctx, project, commit, scope, options.since, skips);
        if (told) return told;
      }
      if (round === 1) {
        // An empty list may be a missing or private project's (FACTS, Lists): asked once, not polled to the timeout.
        await failUnlessProjectVisible(ctx, project, `no build of ${commit} is listed`, log);
        options.onMissing(true);
        notice.begin();
      }
      // A `version` the project does not have: *Not found*, not a wait until the timeout.
      await versionExists.check(ctx.now() - started, `no build of ${commit} is listed`);
      if (ruleSkip && pr !== undefined && ctx.now() - started >= ctx.polling.graceWindowMs && (await ruleSkip.noBuildComing())) {
        return { skippedByRule: pr };
      }
      return undefined;
    },
    { intervalMs: ctx.polling.appearIntervalMs, signal: ctx.deadline.signal, sleep: notice.sleep },
  );
}

/**
 * The newest build of the push's versions, created since the push, that ended without telling its
 * commit: skipped itself, failed before checkout, or superseded before cloning. One list of recent
 * builds per version of the push (the project's when any version may be the push's). `stable`'s
 * builds count on a tag push only when `stable` stands at the commit.
 */
async function commitLessBuildOfPush(
  ctx: OperationContext,
  project: string,
  commit: string,
  scope: PushVersions,
  since: number,
  skips: SkipNotifications,
): Promise<Found | undefined> {
  const lists = await Promise.all((scope.slugs ?? [undefined]).map((version) => ctx.api.recentBuilds(project, { version, limit: 20 })));
  const recent = lists.flat().filter((build) => ofPushVersions(scope, build.version));
  const candidates = recent
    .filter((build) => failedBeforeCheckout(build, since, scope.slugs) || cancelledBeforeCheckout(build, since, scope.slugs))
    .sort((a, b) => b.id - a.id);
  let stable: boolean | undefined;
  for (const build of candidates) {
    if (scope.ref?.kind === 'tag' && build.version === 'stable') {
      stable ??= await stableAtCommit(ctx, project, commit);
      if (!stable) continue;
    }
    if (build.state.code === 'cancelled') {
      const notification = await skips.of(build);
      if (notification) return { selfSkipped: build, notification };
      if (!supersededBeforeCheckout(build, since, scope.slugs, recent)) continue;
    }
    return { build };
  }
  return undefined;
}

/** Each cancelled build's skip notification (`build:user:exit-code-183`), read once: a final build's do not change. */
class SkipNotifications {
  private readonly seen = new Map<number, Notification | undefined>();

  constructor(
    private readonly ctx: OperationContext,
    private readonly project: string,
    private readonly log: ProjectLog,
  ) {}

  async of(build: Build): Promise<Notification | undefined> {
    if (this.seen.has(build.id)) return this.seen.get(build.id);
    let skip: Notification | undefined;
    try {
      const notifications = await this.ctx.api.buildNotifications(this.project, build.id);
      skip = notifications.find((notification) => notification.message.id === SKIP_NOTIFICATION);
    } catch (error) {
      // Unknown this time: asked again on the next look.
      this.log.debug(notRead(`build #${build.id}'s notifications`, error));
      return undefined;
    }
    this.seen.set(build.id, skip);
    return skip;
  }
}

/** The outcome when the push's build skipped itself (exit code 183) before its commit was recorded. */
function concludeSelfSkipped({ name, log, seen }: ProjectRun, build: Build, notification: Notification, commit: string): Conclusion<never> {
  seen.build(build);
  seen.commit(commit);
  const said = [notification.message.header, notification.message.body].filter(Boolean).join(': ');
  const service = `${safeLine(said || 'no text', 300)} (${safeLine(notification.message.id, 80)})`;
  const subject = `${name} ${build.version ?? '(deleted version)'}`;
  const reason =
    `build #${build.id}, created after the push, skipped itself ` +
    `before it recorded a commit (exit code 183, the service's documented skip, in post_checkout): the service says: ${service}. ` +
    `Nothing to wait for: ${commit} is not built (${seen.current.buildUrl ?? 'no link'})`;
  log.info(`${subject}: ${reason}`);
  return { outcome: 'skipped', title: 'Build skipped', headline: service, subject, reason };
}
