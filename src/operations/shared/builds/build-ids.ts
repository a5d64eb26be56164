import type { Build } from '../../../readthedocs/schemas.js';

/** Build states after which nothing more happens to the build. */
export const FINAL_STATES: ReadonlySet<string> = new Set(['finished', 'cancelled']);

// Build ids only grow, service-wide: comparing them tells which build came after which.

/** The newest id among builds (0 when none). */
export function newestBuildId(builds: Build[]): number {
  return newestBuild(builds)?.id ?? 0;
}

/** The build with the highest id, if any. */
export function newestBuild(builds: Build[]): Build | undefined {
  return builds.reduce<Build | undefined>((newest, build) => (newest === undefined || build.id > newest.id ? build : newest), undefined);
}

/** The newest build created after the one whose id was `newestBefore` (older ones belong to earlier runs). */
export function buildCreatedAfter(builds: Build[], newestBefore: number): Build | undefined {
  return newestBuild(builds.filter((build) => build.id > newestBefore));
}
