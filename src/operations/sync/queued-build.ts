import type { Build } from '../../service/schemas.js';
import { FINAL_STATES } from '../watch-build.js';

/** The newest id among builds (0 when none): build ids only grow, service-wide. */
export function newestBuildId(builds: Build[]): number {
  return Math.max(0, ...builds.map((build) => build.id));
}

/**
 * The build activating a version queued: the newest build of it created after the step began
 * (an id above the newest seen before the sync). Older builds belong to earlier runs.
 */
export function buildCreatedAfter(builds: Build[], newestBefore: number): Build | undefined {
  return newest(builds.filter((build) => build.id > newestBefore));
}

/**
 * For a version that is already active, the build the service queued for it: the newest one that
 * is still running (a push of the tag starts one) or that was created after the sync began.
 * A finished build from before the sync is the previous release's, not this one.
 */
export function queuedBuild(builds: Build[], newestBefore: number): Build | undefined {
  return newest(builds.filter((build) => build.id > newestBefore || !FINAL_STATES.has(build.state.code)));
}

function newest(builds: Build[]): Build | undefined {
  return [...builds].sort((a, b) => b.id - a.id)[0];
}
