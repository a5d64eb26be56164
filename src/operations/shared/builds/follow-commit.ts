import type { Build } from '../../../readthedocs/schemas.js';
import { serviceLinks } from '../../../reporting/service-links.js';
import { safeLine } from '../../../util/untrusted-text.js';
import type { Conclusion, OperationContext, ProjectRun } from '../../types.js';
import { concludeBuild, watchBuild, type DurationEstimate } from './watch-build.js';
import { buildCreatedAfter } from './build-ids.js';
import type { WarningsCheck } from './warnings/check.js';

const SHA = /^[0-9a-f]{40,64}$/i;

/** Newer builds of the same commit followed at most, so that a rebuild loop cannot keep the step waiting. */
const MAX_HANDOVERS = 3;

/** How following a commit's build ended. */
export interface FollowedBuild {
  /** The build to conclude (the project's last state seen): the final one, or the last cancelled build known to be of the commit. */
  build: Build;
  /** A newer build of the version, of another commit, that cancelled `build` and took over. */
  supersededBy?: Build;
  /** The charts of the builds watched (for the job summary). */
  summarySections: string[];
  /** The last build watched whose every command the log showed with its output. */
  outputShownOf?: number;
}

/**
 * Watches the build of `commit` to its end, for operations that follow a commit's build rather
 * than one they triggered (`wait`, `preview`). A trigger of the same version cancels the running
 * build (someone pressed "Rebuild", a trigger raced the webhook, a newer push): when the cancelled
 * build has a newer one of its version for the same commit, or one whose commit is not known yet
 * (not cloned), that one is followed instead. A newer build of another commit means a newer push
 * took over: `supersededBy` names it, and this commit's docs will not be built. `initial` may be a
 * build cancelled before it cloned (commit null), which only its successor can explain.
 */
export async function watchBuildOfCommit(
  ctx: OperationContext,
  run: ProjectRun,
  initial: Build,
  commit: string,
  estimate: DurationEstimate | undefined,
  onFollow?: (build: Build) => void,
): Promise<FollowedBuild> {
  const { log } = run;
  const ofOtherCommit = (build: Build) => build.commit !== null && build.commit !== commit;
  const summarySections: string[] = [];
  let outputShownOf: number | undefined;
  const followed = (build: Build, supersededBy?: Build): FollowedBuild => ({
    build,
    summarySections,
    ...(outputShownOf === undefined ? {} : { outputShownOf }),
    ...(supersededBy === undefined ? {} : { supersededBy }),
  });
  /** The cancelled build of the commit, concluded instead of the newer one last polled. */
  const settleOn = (build: Build, supersededBy?: Build): FollowedBuild => {
    run.seen.settleOn(build);
    return followed(build, supersededBy);
  };
  let lastOfCommit = initial;
  let current = initial;
  for (let handovers = 0; ; handovers += 1) {
    const watched = await watchBuild(ctx, run, current, estimate, ofOtherCommit);
    const seen = watched.build;
    for (const section of watched.summarySections) summarySections.push(section);
    outputShownOf = watched.outputShownOf ?? outputShownOf;
    if (ofOtherCommit(seen)) return settleOn(lastOfCommit, seen);
    if (seen.commit === commit) lastOfCommit = seen;
    if (seen.state.code !== 'cancelled') return followed(seen);
    if (handovers >= MAX_HANDOVERS) {
      log.info(`Build #${seen.id} was cancelled after ${MAX_HANDOVERS} hand-overs to newer builds of ${commit}: not following further`);
      return settleOn(lastOfCommit);
    }
    const newer = await newerBuildOfVersion(ctx, run.name, seen);
    if (!newer) return settleOn(lastOfCommit);
    if (ofOtherCommit(newer)) return settleOn(lastOfCommit, newer);
    log.info(
      `Build #${seen.id} was cancelled: superseded by build #${newer.id} of the same version` +
        (newer.commit === null ? ' (its commit is not known yet: followed until it is)' : ' and commit') +
        `: following it (${newer.urls.build})`,
    );
    onFollow?.(newer);
    current = newer;
  }
}

/**
 * The project's outcome from a followed build: the build's own (its warnings checked with
 * `warningsCheck`), or `superseded` by the newer build that took over.
 */
export async function concludeFollowed(
  ctx: OperationContext,
  run: ProjectRun,
  followed: FollowedBuild,
  commit: string,
  warningsCheck?: WarningsCheck,
): Promise<Conclusion<never>> {
  if (followed.supersededBy === undefined) return concludeBuild(ctx, run, followed, warningsCheck);
  const { build: cancelled, supersededBy: newer } = followed;
  run.seen.commit(commit);
  const newerUrl = serviceLinks(ctx.inputs.baseUrl).build(newer.urls.build) ?? '';
  const version = cancelled.version ?? '(deleted version)';
  const before = cancelled.commit === null ? ', before it cloned a commit,' : '';
  const subject = `${run.name} ${version}`;
  const reason =
    `${commit} was superseded: build #${newer.id} of ${newer.commit === null ? 'a newer commit' : safeLine(newer.commit, 64)} ` +
    `(a newer push) cancelled build #${cancelled.id}${before} and took over (${newerUrl || 'no link'}). ${commit} will not be built; ` +
    "the newer commit's own run checks its build";
  run.log.info(`${subject}: ${reason}`);
  return {
    outcome: 'superseded',
    title: 'Superseded',
    subject,
    supersededBy: { buildId: newer.id, buildUrl: newerUrl, commit: SHA.test(newer.commit ?? '') ? newer.commit! : '' },
    reason,
    summarySections: followed.summarySections,
  };
}

/**
 * The newest build of `cancelled`'s version started after it, whatever its commit (the one that
 * cancelled it, or a later one). One request: the version's builds, newest first.
 */
async function newerBuildOfVersion(ctx: OperationContext, project: string, cancelled: Build): Promise<Build | undefined> {
  // A build whose version was deleted has no version left to list.
  if (cancelled.version === null) return undefined;
  const builds = await ctx.api.recentBuilds(project, { version: cancelled.version, limit: 10 });
  return buildCreatedAfter(
    builds.filter((build) => build.version === cancelled.version),
    cancelled.id,
  );
}
