import type { Version } from '../../../readthedocs/schemas.js';

/** A full commit SHA: what older answers (and tag versions) give as `identifier`, never a branch. */
const COMMIT = /^[0-9a-f]{40}$/i;

/**
 * The branch `latest` builds, when its version says. FACTS (Versions): "`latest` follows the
 * repository's real default branch: webhooks and successful builds rewrite its `identifier` (the
 * branch name). API `default_branch` may instead read `master` (the fallback) when no branch is set
 * and no repository is linked: take the branch `latest` tracks from its `identifier`." Undefined
 * when `latest` is missing, is no branch (a tag), or names a commit.
 */
export function branchLatestTracks(latest: Pick<Version, 'type' | 'identifier'> | undefined): string | undefined {
  if (latest?.type !== 'branch' || !latest.identifier || COMMIT.test(latest.identifier)) return undefined;
  return latest.identifier;
}
