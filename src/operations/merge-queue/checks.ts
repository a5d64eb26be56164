import { whateverEnded } from '../run-projects.js';
import type { CommitState } from '../../github/api/rest.js';
import type { ProjectLog } from '../../reporting/project-log.js';
import type { Build, Version } from '../../readthedocs/schemas.js';
import { ReadTheDocsError } from '../../readthedocs/errors.js';
import { CancelledError, type CleanupWindow, DeadlineError } from '../../util/abort.js';
import { formatDuration } from '../../util/format-duration.js';
import { safeLine } from '../../util/untrusted-text.js';
import { buildCreatedAfter, FINAL_STATES, newestBuild, newestBuildId } from '../shared/builds/build-ids.js';
import { concludeFollowed, watchBuildOfCommit } from '../shared/builds/follow-commit.js';
import { waitForBuild, waitForVersion } from '../shared/builds/version-appears.js';
import { concludeBuild, elapsed, expectedFromHistory, watchBuild } from '../shared/builds/watch-build.js';
import { triggerOnce } from '../shared/builds/trigger.js';
import type { Conclusion, OperationContext, ProjectResult, ProjectRun } from '../types.js';
import type { MergeGroup } from './group.js';
import { messageOf } from '../../util/message-of.js';

/** The annotation of `mirror` when the pull request's head commit has no build of its version. */
const NO_PR_BUILD_TITLE = 'No build of the pull request';
/** The annotation of a queue branch's version that could not be deactivated after the check. */
const LEFT_ACTIVE_TITLE = 'Queue version left active';
/** How long the deactivation may take after the step's deadline (after a cancellation: `CANCEL_CLEANUP_MS`). */
const CLEANUP_MS = 30_000;

/** What the check adds to a project's entry of `results`. */
export interface MergeQueueDetails {
  queueCheck: 'build' | 'mirror';
  /** The group's commit, where the status goes. */
  groupCommit: string;
  queueBranch: string;
  pullRequest: number;
  /** `mirror`: the pull request's head commit whose build was carried over. */
  pullRequestHead?: string;
  /** `build`: the queue branch's version was deactivated after the check. */
  deactivated?: boolean;
  /** `build`: queue versions earlier runs left active that this run's sweep deactivated (absent when none). */
  leftoversDeactivated?: string[];
  statusContext: string;
  /** The last commit status set on the group's commit (none when GitHub did not take one). */
  status?: CommitState;
}

/**
 * What a project's check concludes before its status is set. `needsDeactivation` (`build`): the
 * version may be active, and is deactivated once the status is set (the queue does not wait on it).
 */
export type Checked = Conclusion<Partial<MergeQueueDetails>> & { needsDeactivation?: boolean };

/**
 * `build`: syncs the versions, waits for the queue branch's version, activates it hidden (which
 * queues its build) unless the service got there first (a rule activated it at the branch's push,
 * or an earlier run left it active: its build of the group's commit is taken, a build triggered
 * only when there is none), and waits for the build of the group's commit as `wait` does. Whatever
 * ended the wait, the version is to be deactivated after the status (`needsDeactivation`).
 */
export async function buildCheck(ctx: OperationContext, run: ProjectRun, group: MergeGroup): Promise<Checked> {
  const { api } = ctx;
  const { name: project, log, seen } = run;
  seen.version(group.versionSlug);
  seen.commit(group.commit);
  // Build ids only grow: the newest before the sync tells the activation's build from older ones.
  const history = await api.recentBuilds(project, { limit: 10 });
  log.info(`Syncing the versions of ${project}: the queue branch becomes version ${group.versionSlug}`);
  if (!(await api.syncVersions(project))) {
    const refused = syncRefused(project);
    log.info(`${refused.subject}: ${refused.reason}`);
    return refused;
  }
  const record = await queueVersion(ctx, run, group);
  if ('outcome' in record) return record;
  // Whether the version may be active: a rule activated it, or the activation may have taken.
  const touched = { active: record.active };
  let followed: Build | undefined;
  const follow = async () => {
    followed = await buildToFollow(ctx, project, record, group, newestBuildId(history), log, touched);
    const watched = await watchBuildOfCommit(ctx, run, followed, group.commit, expectedFromHistory(history), (next) => {
      followed = next;
    });
    followed = watched.build;
    // Input `warnings`: the group's build against the base branch's, as a pull request's preview.
    return concludeFollowed(ctx, run, watched, group.commit, { baseline: { kind: 'base-branch', branch: group.base }, gate: true });
  };
  // Whatever ended the wait, the version's docs are temporary: deactivated once the status is set.
  const { concluded } = await whateverEnded(ctx, run, follow, async (error) => {
    if (followed && (error instanceof DeadlineError || error instanceof CancelledError)) logRunsOn(log, followed, record.slug);
  });
  return { ...concluded, needsDeactivation: touched.active };
}

/**
 * FACTS: no API cancels a build; only a new trigger does, and it starts another build. So the
 * queue build is left to run: once its version is inactive, nothing it uploads is served.
 */
function logRunsOn(log: ProjectLog, build: Build, version: string): void {
  log.info(
    `Build #${build.id} of ${version} runs on: a token cannot cancel it (only a new trigger would, and that starts another build). ` +
      "The step deactivates its version after the status, and an inactive version's output is never served",
  );
}

function syncRefused(project: string): Conclusion<never> & { subject: string; reason: string } {
  return {
    outcome: 'failed',
    title: 'Sync not triggered',
    subject: project,
    reason:
      `Read the Docs did not sync its versions (400, triggered: false), so the queue branch never becomes a version. ` +
      'It does so when the project is inactive or has version sync turned off. Check the project in the dashboard.',
  };
}

/** The queue branch's version once the sync made it; the conclusion that says why when the step timed out first. */
async function queueVersion(
  ctx: OperationContext,
  { name: project, log }: ProjectRun,
  group: MergeGroup,
): Promise<Version | Conclusion<never>> {
  log.info(`Waiting for version ${group.versionSlug} (the queue branch) to appear`);
  try {
    const record = await waitForVersion(ctx, project, group.versionSlug, log);
    log.info(`${elapsed(ctx)} ${group.versionSlug} is there (${record.active ? 'active' : 'inactive'}${record.hidden ? ', hidden' : ''})`);
    return record;
  } catch (error) {
    if (!(error instanceof DeadlineError)) throw error;
    const reason =
      `timed out after ${formatDuration(ctx.inputs.timeoutMs)} (input \`timeout\`) waiting for the queue branch ` +
      `${safeLine(group.branch, 300)} to appear as version ${group.versionSlug} after the sync. Check that the project builds from this ` +
      'repository and that no automation rule of the project deletes or renames such versions';
    log.info(`${project}: ${reason}`);
    return { outcome: 'timed-out', title: 'Timed out', subject: project, reason };
  }
}

/**
 * The build to follow. An inactive version is activated hidden (never in the flyout or search):
 * the activation queues its build, which is the one followed (a trigger would cancel it). An
 * active one (a rule activated it at the branch's push, or an earlier run left it so) is hidden,
 * and its build of the group's commit taken; only when it has none is a build triggered.
 */
async function buildToFollow(
  ctx: OperationContext,
  project: string,
  record: Version,
  group: MergeGroup,
  newestBefore: number,
  log: ProjectLog,
  touched: { active: boolean },
): Promise<Build> {
  const version = record.slug;
  if (!record.active) return activateHidden(ctx, project, version, newestBefore, log, touched);
  if (!record.hidden) {
    log.info(`${version} is already active: hiding it`);
    await ctx.api.updateVersion(project, version, { hidden: true });
  }
  const builds = await ctx.api.recentBuilds(project, { version, limit: 10 });
  const taken = buildOfGroup(builds, version, group);
  if (taken) {
    log.info(
      `${version} was already active (an automation rule at the queue branch's push, or an earlier run): ` +
        `following its build #${taken.id} of the group's commit: ${taken.urls.build}`,
    );
    return taken;
  }
  log.info(`${version} is already active and has no build of the group's commit since the queue branch appeared: triggering one`);
  return (await triggerOnce(ctx, project, version, newestBuildId(builds), log)).build;
}

/** How much earlier than the group's commit timestamp a build may be created (the two clocks differ). */
const CLOCK_SKEW_MS = 60_000;

/**
 * The version's newest build of the group's commit, or one whose commit is not known yet (not
 * cloned), created since the queue branch appeared. Without that time, a build not yet cloned
 * counts only while it runs (a final one may be of an earlier branch of the same name).
 */
export function buildOfGroup(builds: Build[], version: string, group: Pick<MergeGroup, 'commit' | 'appearedAt'>): Build | undefined {
  const since = group.appearedAt === undefined ? undefined : group.appearedAt - CLOCK_SKEW_MS;
  return newestBuild(
    builds.filter((build) => {
      if (build.version !== version || (build.commit !== null && build.commit !== group.commit)) return false;
      if (since !== undefined) return build.created !== null && Date.parse(build.created) >= since;
      return build.commit !== null || !FINAL_STATES.has(build.state.code);
    }),
  );
}

/** Whether a write that failed may have been done: a refusal (4xx) changed nothing; any other failure (a lost answer) may have. */
export function mayHaveTaken(error: unknown): boolean {
  return !(error instanceof ReadTheDocsError && error.status !== undefined && error.status >= 400 && error.status < 500);
}

/** Activates the version hidden; its activation queues the build followed. */
async function activateHidden(
  ctx: OperationContext,
  project: string,
  version: string,
  newestBefore: number,
  log: ProjectLog,
  touched: { active: boolean },
): Promise<Build> {
  log.info(`Activating ${version}, hidden: the service queues its build`);
  try {
    await ctx.api.updateVersion(project, version, { active: true, hidden: true });
  } catch (error) {
    touched.active = mayHaveTaken(error);
    throw error;
  }
  touched.active = true;
  const build = await waitForBuild(ctx, project, version, (builds) => buildCreatedAfter(builds, newestBefore));
  log.info(`Build #${build.id} of ${version} was queued by the activation: ${build.urls.build}`);
  return build;
}

/**
 * Deactivates the queue branch's version (which deletes its temporary docs), with a signal of its
 * own: it is sent after a timeout or a cancellation too. A failure is a warning; the check's
 * outcome stands. Returns whether the version is inactive now. `shared`: a window of the caller's
 * (the leftover sweep's, one for all its deactivations) instead of one of its own.
 */
export async function deactivate(
  ctx: OperationContext,
  project: string,
  version: string,
  log: ProjectLog,
  shared?: CleanupWindow,
): Promise<boolean> {
  const window = shared ?? ctx.deadline.cleanupWindow(CLEANUP_MS);
  try {
    await ctx.api.updateVersion(project, version, { active: false }, { cleanup: window });
    log.info(`Deactivated ${version}: its temporary docs are deleted`);
    return true;
  } catch (error) {
    log.warning(
      `${project}: version ${version} (the queue branch) could not be deactivated: ${safeLine(messageOf(error), 600)}. ` +
        `It stays active, and served on the docs domain (hidden), for ever: the service deletes only inactive versions. ` +
        `Deactivate it in the dashboard (${versionEditPage(ctx, project, version)}); the next \`merge-queue\` run does it once the group has left the queue`,
      LEFT_ACTIVE_TITLE,
    );
    return false;
  } finally {
    if (!shared) window.dispose();
  }
}

/** The dashboard page where a version is deactivated. */
function versionEditPage(ctx: OperationContext, project: string, version: string): string {
  return `${ctx.inputs.baseUrl}/dashboard/${project}/version/${version}/edit/`;
}

/**
 * `mirror`: no build. The pull request version's build of the PR's head commit (the builds list
 * filtered by that commit), waited for when it still runs; its result is the group's. Writes
 * nothing on the service.
 */
export async function mirrorCheck(ctx: OperationContext, run: ProjectRun, group: MergeGroup, head: string): Promise<Checked> {
  const { name: project, log, seen } = run;
  const pr = group.pullRequest;
  seen.version(String(pr));
  seen.commit(head);
  const builds = await ctx.api.recentBuilds(project, { commit: head, limit: 20 });
  const build = newestBuild(builds.filter((b) => b.commit === head && isVersionOfPullRequest(b.version, pr)));
  if (!build) {
    const reason =
      `no build of pull request #${pr}'s head commit ${head} was found, so there is no result to carry to the group. ` +
      'Turn on pull-request builds for the project, or use `queue-check: build` to build the group itself';
    log.info(`${project}: ${reason}`);
    return { outcome: 'failed', title: NO_PR_BUILD_TITLE, subject: project, reason };
  }
  log.info(`Pull request #${pr}'s build of ${head}: #${build.id} (${build.state.code}) ${build.urls.build}`);
  if (!FINAL_STATES.has(build.state.code)) return concludeBuild(ctx, run, await watchBuild(ctx, run, build, undefined));
  seen.build(build);
  return concludeBuild(ctx, run, { build });
}

/** The pull request's version slug: its number, or `42_a` beside a branch `42`. */
export function isVersionOfPullRequest(version: string | null, pr: number): boolean {
  return version !== null && (version === String(pr) || new RegExp(`^${pr}_[a-z]{1,3}$`).test(version));
}

/**
 * The queue passes only on what was checked: a build that another commit's build superseded turns
 * the project red. A skipped build (exit code 183, the service's own recipe) passes: the service
 * itself reports a skipped pull-request build to GitHub as `success` so that the PR can merge.
 */
export function settle<C extends Conclusion<object>>(checked: C): C {
  if (checked.outcome === 'superseded') {
    return {
      ...checked,
      outcome: 'failed',
      reason: `${checked.reason ?? ''}\nThe merge queue needs the build of the group's commit itself: it stays red`.trim(),
    };
  }
  return checked;
}

/** The commit status that tells the project's check, in at most a line. */
export function finalStatus(
  result: Pick<ProjectResult, 'outcome' | 'title' | 'buildId'>,
  mode: 'build' | 'mirror',
  pr: number,
): { state: CommitState; description: string } {
  const build = result.buildId === undefined ? '' : ` (build #${result.buildId})`;
  const green = result.outcome === 'success' || result.outcome === 'skipped';
  if (green) {
    return {
      state: 'success',
      description:
        result.outcome === 'skipped'
          ? `${mode === 'mirror' ? `Pull request #${pr}'s` : "The group's"} docs build skipped itself${build}`
          : mode === 'mirror'
            ? `Pull request #${pr}'s docs build succeeded${build}`
            : `The group's docs build succeeded${build}`,
    };
  }
  return { state: 'failure', description: `${result.title ?? 'Failed'}${build}` };
}

/** The pending status while the project's check runs. */
export function pendingStatus(mode: 'build' | 'mirror', pr: number): string {
  return mode === 'build' ? "Building the merge group's docs on Read the Docs" : `Checking pull request #${pr}'s docs build`;
}
