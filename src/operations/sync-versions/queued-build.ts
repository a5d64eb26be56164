import type { Build } from '../../readthedocs/schemas.js';
import { FINAL_STATES, newestBuild } from '../shared/builds/build-ids.js';

/**
 * For a version that is already active, the build the service queued for it: the newest one that
 * is still running (a push of the tag starts one) or that was created after the sync began.
 * A finished build from before the sync is the previous release's, not this one.
 */
export function queuedBuild(builds: Build[], newestBefore: number): Build | undefined {
  return newestBuild(builds.filter((build) => build.id > newestBefore || !FINAL_STATES.has(build.state.code)));
}
