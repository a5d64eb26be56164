import type { ProjectLog } from '../../reporting/project-log.js';
import type { Build } from '../../service/schemas.js';
import type { OperationContext, ProjectResult } from '../types.js';
import { watchBuild, type DurationEstimate } from './watch-build.js';
import { buildCreatedAfter } from './build-ids.js';

/** Newer builds of the same commit followed at most, so that a rebuild loop cannot keep the step waiting. */
export const MAX_HANDOVERS = 3;

/**
 * Watches the build of `commit` to its end, for operations that follow a commit's build rather
 * than one they triggered (`wait`, `preview`). A trigger of the same version cancels the running
 * build (someone pressed "Rebuild", or a trigger raced the webhook): when the cancelled build has
 * a newer one of this version for the same commit, or one whose commit is not known yet (triggered
 * through the API, not cloned), that one is followed instead. One that turns out to build another
 * commit ends it: this commit's docs will not be built, and the cancellation stands. Returns the
 * build to conclude: the final one, or the last cancelled build known to be of `commit`.
 */
export async function watchBuildOfCommit(
  ctx: OperationContext,
  result: ProjectResult,
  log: ProjectLog,
  initial: Build,
  commit: string,
  estimate: DurationEstimate | undefined,
  onFollow?: (build: Build) => void,
): Promise<Build> {
  const ofOtherCommit = (build: Build) => build.commit !== null && build.commit !== commit;
  let lastOfCommit = initial;
  let current = initial;
  for (let handovers = 0; ; handovers += 1) {
    const seen = await watchBuild(ctx, result, log, current, estimate, ofOtherCommit);
    if (ofOtherCommit(seen)) {
      log.info(`Build #${seen.id} builds ${seen.commit}, not ${commit}: the cancellation of build #${lastOfCommit.id} stands`);
      return restore(result, lastOfCommit);
    }
    if (seen.commit === commit) lastOfCommit = seen;
    if (seen.state.code !== 'cancelled') return seen;
    if (handovers >= MAX_HANDOVERS) {
      log.info(`Build #${seen.id} was cancelled after ${MAX_HANDOVERS} hand-overs to newer builds of ${commit}: not following further`);
      return restore(result, lastOfCommit);
    }
    const newer = await supersedingBuild(ctx, result.project, seen, commit);
    if (!newer) return restore(result, lastOfCommit);
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
 * The newest build of `cancelled`'s version started after it, for `commit` or not cloned yet.
 * One request: the version's builds, newest first.
 */
async function supersedingBuild(ctx: OperationContext, project: string, cancelled: Build, commit: string): Promise<Build | undefined> {
  // A build whose version was deleted has no version left to list.
  if (cancelled.version === null) return undefined;
  const builds = await ctx.api.recentBuilds(project, { version: cancelled.version, limit: 10 });
  return buildCreatedAfter(
    builds.filter((build) => build.version === cancelled.version && (build.commit === commit || build.commit === null)),
    cancelled.id,
  );
}

/** Forgets what a build of another commit left in the result before the cancelled one is concluded. */
function restore(result: ProjectResult, build: Build): Build {
  if (build.duration === null) delete result.duration;
  return build;
}
