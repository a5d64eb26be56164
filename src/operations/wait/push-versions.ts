import type { ProjectLog } from '../../reporting/project-log.js';
import type { OperationContext } from '../types.js';
import { safeLine } from '../../util/untrusted-text.js';
import { versionSlug } from '../../inputs/slugs.js';
import { NotFoundError } from '../../readthedocs/errors.js';
import type { Version } from '../../readthedocs/schemas.js';
import { notRead } from '../../util/message-of.js';
import { branchLatestTracks } from '../shared/versions/latest-branch.js';

/**
 * The versions whose builds `wait` may take as this push's. With the `version` input, that one;
 * on a branch or tag the run was started for (and whose commit it waits for), the versions the
 * service builds for that ref: the branch's (or tag's) own, `latest` for the branch it follows,
 * and `stable` for a tag (only when `stable` stands at the commit, for a build that has not told
 * its commit). Without either, every version (`slugs` undefined).
 */
export interface PushVersions {
  /** Version slugs; undefined: any version. */
  slugs: string[] | undefined;
  /** The pushed ref, when the versions come from it. */
  ref?: { kind: 'branch' | 'tag'; name: string };
  /** Says what the versions are, for the log. */
  describe: string;
}

/** Whether `slug` is one of the push's versions. */
export function ofPushVersions(scope: Pick<PushVersions, 'slugs'>, slug: string | null): boolean {
  return scope.slugs === undefined || (slug !== null && scope.slugs.includes(slug));
}

/**
 * Works out the push's versions (see {@link PushVersions}). Reads the version of the name's slug
 * and, when its `verbose_name` is not the name (a slug clash: `_a`), the project's versions, to
 * find the ref's by `verbose_name`, then by slug; and, for a branch, `latest` (the branch it
 * follows, see {@link latestBranch}). A read that fails falls back to the name's slug, and says
 * so in the debug log.
 */
export async function pushVersions(
  ctx: OperationContext,
  project: string,
  commit: string,
  version: string | undefined,
  log: ProjectLog,
): Promise<PushVersions> {
  if (version !== undefined) return { slugs: [version], describe: `version ${version}` };
  const ref = ctx.run.ref;
  const ownRun = ctx.run.sha !== undefined && ctx.run.sha.toLowerCase() === commit.toLowerCase();
  if (ref === undefined || !ownRun || ctx.run.pullRequest !== undefined) {
    return { slugs: undefined, describe: 'any version' };
  }
  // The slug the service makes of the name; undefined when it cannot be told here (non-Latin letters).
  let own = versionSlug(ref.name) || undefined;
  let versions: Version[] | undefined;
  try {
    // One request when the slug's version is the ref's (the usual case); else the whole list.
    const bySlug = own === undefined ? undefined : await versionOrNone(ctx, project, own);
    if (bySlug?.verbose_name !== ref.name) {
      versions = await ctx.api.versions(project);
      const found =
        versions.find((v) => v.verbose_name === ref.name && v.type === ref.kind) ??
        versions.find((v) => v.verbose_name === ref.name) ??
        versions.find((v) => v.slug === own);
      if (found) own = found.slug;
    }
  } catch (error) {
    log.debug(`${notRead("the project's versions", error)}: the ${ref.kind}'s version is taken as ${own ?? 'unknown'}`);
  }
  if (own === undefined) {
    log.info(`The ${ref.kind} ${safeLine(ref.name, 120)} has no version the action can tell: builds of any version are taken`);
    return { slugs: undefined, describe: 'any version' };
  }
  const slugs = [own];
  if (ref.kind === 'branch') {
    if (own !== 'latest' && (await latestBranch(ctx, project, versions, log)) === ref.name) slugs.push('latest');
  } else if (own !== 'stable') {
    slugs.push('stable');
  }
  return {
    slugs,
    ref,
    describe: `the ${ref.kind} ${safeLine(ref.name, 120)}'s versions: ${slugs.join(', ')}`,
  };
}

/**
 * The branch `latest` builds: the one its `identifier` names when it is a branch (API
 * `default_branch` may be the `master` fallback, FACTS Versions); else the event's
 * `repository.default_branch`; else the project's `default_branch`. Undefined when the project has
 * no `latest`, or nothing could be read. `versions`: the project's list, when it was read.
 */
async function latestBranch(
  ctx: OperationContext,
  project: string,
  versions: Version[] | undefined,
  log: ProjectLog,
): Promise<string | undefined> {
  try {
    const latest = versions ? versions.find((v) => v.slug === 'latest') : await versionOrNone(ctx, project, 'latest');
    if (latest === undefined) return undefined;
    const tracked = branchLatestTracks(latest);
    if (tracked !== undefined) return tracked;
  } catch (error) {
    log.debug(`${notRead('latest', error)}: the branch it builds is taken from the event or the project`);
  }
  if (ctx.run.defaultBranch !== undefined) return ctx.run.defaultBranch;
  try {
    return (await ctx.api.project(project)).default_branch ?? undefined;
  } catch (error) {
    log.debug(`${notRead('the project', error)}: no default branch is known`);
    return undefined;
  }
}

/** The version of the slug, or undefined when the service has none (404). */
async function versionOrNone(ctx: OperationContext, project: string, slug: string): Promise<Version | undefined> {
  try {
    return await ctx.api.version(project, slug);
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/**
 * Whether the project's `stable` stands at `commit` (a tag push that moved it): only then is a
 * build of `stable` that has not told its commit this push's. A read that fails says no.
 */
export async function stableAtCommit(ctx: OperationContext, project: string, commit: string): Promise<boolean> {
  try {
    const stable = await ctx.api.version(project, 'stable');
    return stable.identifier?.toLowerCase() === commit.toLowerCase();
  } catch {
    return false;
  }
}
