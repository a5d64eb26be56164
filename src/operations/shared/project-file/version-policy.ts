/**
 * The project file's `version_policy`: which release tags stay active, which pre-releases are
 * hidden, from the tag names alone. Pure: the caller reads the versions list and plans the writes.
 *
 * Tags are read as PEP 440 (`1.2.0`, `1.2.0rc1`, `1.2.0.post1`, `1.2.dev3`, an epoch `1!2.0`, and
 * `1.0-1`, PEP 440's post-release `1.0.post1`: FACTS.md, "Versions") or SemVer (`1.2.0`,
 * `1.2.0-rc.1`, `1.2.0-beta2+build.5`) versions, with or without a leading `v`. Branches and tags
 * that are not versions are never touched. Numbers are compared as zero-padded text, so a 20-digit
 * part is exact.
 */

import type { Version } from '../../../readthedocs/schemas.js';
import { POLICY_ACTIVE, POLICY_PRERELEASES, type VersionPolicy } from './model.js';
import { compareRelease, compareVersions, minorOf, parseVersionTag, type ParsedVersion } from '../versions/version-tag.js';
import { plural } from '../../../util/plural.js';

// The tag parsing is in ../versions/version-tag.ts (health reads release tags too); re-exported for this folder.
export { compareVersions, minorOf, parseVersionTag };

export type { VersionPolicy };

/** A version as the versions list gives it. */
export interface PolicyVersion {
  slug: string;
  type: string;
  /** The tag's name (`verbose_name`); the slug is read when it is not a version. */
  verboseName?: string;
  active: boolean;
  hidden: boolean;
}

/** A version of the versions list as the policy reads it. */
export function policyVersionOf(v: Version): PolicyVersion {
  return {
    slug: v.slug,
    type: v.type,
    ...(v.verbose_name ? { verboseName: v.verbose_name } : {}),
    active: v.active,
    hidden: v.hidden ?? false,
  };
}

/** The policy as the file spells it (`newest-minors`). */
export function policyEntry(policy: VersionPolicy): {
  active: VersionPolicy['active'];
  'newest-minors'?: number;
  prereleases?: VersionPolicy['prereleases'];
} {
  return {
    active: policy.active,
    ...(policy.newestMinors === undefined ? {} : { 'newest-minors': policy.newestMinors }),
    ...(policy.prereleases === undefined ? {} : { prereleases: policy.prereleases }),
  };
}

/** What the policy wants for one tag: `hidden` undefined is left as it is. */
export interface PolicyTarget {
  slug: string;
  active: boolean;
  hidden?: boolean;
  /** Why, in a few words (`older patch of 1.1`). */
  reason: string;
}

/** The version a tag names: its name first, then its slug. */
function parsedTag(version: PolicyVersion): ParsedVersion | undefined {
  if (version.type !== 'tag') return undefined;
  return (version.verboseName ? parseVersionTag(version.verboseName) : undefined) ?? parseVersionTag(version.slug);
}

/**
 * What the policy wants for each tag it manages, in the list's order. `overridden` slugs (named
 * under `versions:`) are left to their entry. Releases: the newest `newestMinors` minors (counted
 * among releases) keep their newest patch (or every release, with `all`) active, every other
 * release is deactivated. Pre-releases: as `prereleases` says while their release is not out;
 * once a release as new or newer is, they are deactivated like an old release.
 */
export function policyTargets(
  versions: PolicyVersion[],
  policy: VersionPolicy,
  overridden: ReadonlySet<string> = new Set(),
): PolicyTarget[] {
  const tags = versions
    .map((version) => ({ version, parsed: parsedTag(version) }))
    .filter((t): t is { version: PolicyVersion; parsed: ParsedVersion } => t.parsed !== undefined);
  const releases = tags.filter((t) => !t.parsed.prerelease);
  const newestByMinor = new Map<string, ParsedVersion>();
  for (const { parsed } of releases) {
    const minor = minorOf(parsed);
    const best = newestByMinor.get(minor);
    if (!best || compareVersions(parsed, best) > 0) newestByMinor.set(minor, parsed);
  }
  const minorsNewestFirst = [...newestByMinor.entries()].sort(([, a], [, b]) => compareVersions(b, a)).map(([minor]) => minor);
  const kept = new Set(policy.newestMinors === undefined ? minorsNewestFirst : minorsNewestFirst.slice(0, policy.newestMinors));
  const newestRelease = releases.reduce<ParsedVersion | undefined>(
    (best, { parsed }) => (!best || compareVersions(parsed, best) > 0 ? parsed : best),
    undefined,
  );

  const targets: PolicyTarget[] = [];
  for (const { version, parsed } of tags) {
    if (overridden.has(version.slug)) continue;
    const minor = minorOf(parsed);
    if (parsed.prerelease) {
      const released = newestRelease !== undefined && compareRelease(newestRelease, parsed) >= 0;
      if (released) targets.push({ slug: version.slug, active: false, reason: 'pre-release of a version already released' });
      else if (policy.prereleases === 'hidden')
        targets.push({ slug: version.slug, active: true, hidden: true, reason: 'pre-release: hidden' });
      else if (policy.prereleases === 'active')
        targets.push({ slug: version.slug, active: true, hidden: false, reason: 'pre-release: active' });
      else if (policy.prereleases === 'inactive') targets.push({ slug: version.slug, active: false, reason: 'pre-release: inactive' });
      continue;
    }
    if (!kept.has(minor)) {
      const count = policy.newestMinors ?? 0;
      targets.push({
        slug: version.slug,
        active: false,
        reason: `${minor} is older than the newest ${plural(count, 'minor')}`,
      });
      continue;
    }
    const newest = newestByMinor.get(minor)!;
    if (policy.active === 'all' || compareVersions(parsed, newest) === 0) {
      targets.push({
        slug: version.slug,
        active: true,
        reason: policy.active === 'all' ? `release of ${minor}` : `latest patch of ${minor}`,
      });
    } else {
      targets.push({ slug: version.slug, active: false, reason: `older patch of ${minor}` });
    }
  }
  return targets;
}

/** Whether the versions already are as the policy wants them. */
function fits(versions: PolicyVersion[], targets: PolicyTarget[]): boolean {
  const bySlug = new Map(versions.map((v) => [v.slug, v]));
  return targets.every((t) => {
    const now = bySlug.get(t.slug)!;
    return now.active === t.active && (t.hidden === undefined || !t.active || now.hidden === t.hidden);
  });
}

/**
 * The simplest policy under which the project's tags are as they are now (for `export`), with the
 * slugs it decides; undefined when no tag is a version or no policy fits. Prefers `latest-patch`,
 * no `newest-minors` limit, then the fewest minors; a `prereleases` value only when there are some.
 *
 * Linear after one sort of the minors: the releases' part of a policy (`active`, `newest-minors`)
 * and the pre-releases' part (`prereleases`) decide disjoint tags, so each is fitted on its own,
 * the first from per-minor facts summed as prefixes and suffixes, and the policy found is checked
 * once against `policyTargets`. `checkpoint` throws to stop it (the step's deadline) between passes.
 */
export function fitPolicy(
  versions: PolicyVersion[],
  checkpoint: () => void = () => {},
): { policy: VersionPolicy; decided: Set<string> } | undefined {
  const tags = versions
    .map((version) => ({ version, parsed: parsedTag(version) }))
    .filter((t): t is { version: PolicyVersion; parsed: ParsedVersion } => t.parsed !== undefined);
  if (tags.length === 0) return undefined;
  checkpoint();
  const releases = tags.filter((t) => !t.parsed.prerelease);
  const prereleases = tags.filter((t) => t.parsed.prerelease);

  // Releases, grouped by minor: its newest release, and whether each way of keeping it fits.
  const byMinor = new Map<string, { newest: ParsedVersion; tags: { version: PolicyVersion; parsed: ParsedVersion }[] }>();
  for (const tag of releases) {
    const minor = minorOf(tag.parsed);
    const group = byMinor.get(minor);
    if (!group) byMinor.set(minor, { newest: tag.parsed, tags: [tag] });
    else {
      group.tags.push(tag);
      if (compareVersions(tag.parsed, group.newest) > 0) group.newest = tag.parsed;
    }
  }
  const groups = [...byMinor.values()].sort((a, b) => compareVersions(b.newest, a.newest));
  checkpoint();
  const facts = groups.map(({ newest, tags: members }) => ({
    inactive: members.every((t) => !t.version.active),
    all: members.every((t) => t.version.active),
    'latest-patch': members.every((t) => t.version.active === (compareVersions(t.parsed, newest) === 0)),
  }));
  // suffixInactive[i]: every minor from the i-th newest on is all inactive.
  const suffixInactive = Array.from({ length: facts.length + 1 }, () => true);
  for (let i = facts.length - 1; i >= 0; i -= 1) suffixInactive[i] = suffixInactive[i + 1]! && facts[i]!.inactive;

  let releasePart: Pick<VersionPolicy, 'active' | 'newestMinors'> | undefined;
  for (const active of POLICY_ACTIVE) {
    // keptFit[n]: the n newest minors are kept as `active` says.
    const keptFit = [true];
    for (const [i, fact] of facts.entries()) keptFit.push(keptFit[i]! && fact[active]);
    if (keptFit[facts.length]) releasePart = { active };
    else {
      const limit = keptFit.findIndex((fit, n) => n >= 1 && fit && suffixInactive[n]);
      if (limit >= 1) releasePart = { active, newestMinors: limit };
    }
    if (releasePart) break;
  }
  if (!releasePart) return undefined;
  checkpoint();

  // Pre-releases: those of a version already out are inactive whatever the policy; the others as `prereleases` says.
  const newestRelease = groups[0]?.newest;
  const isPending = (t: { parsed: ParsedVersion }) => newestRelease === undefined || compareRelease(newestRelease, t.parsed) < 0;
  const pending = prereleases.filter(isPending);
  if (prereleases.some((t) => !isPending(t) && t.version.active)) return undefined;
  const wants: Record<(typeof POLICY_PRERELEASES)[number], (v: PolicyVersion) => boolean> = {
    hidden: (v) => v.active && v.hidden,
    inactive: (v) => !v.active,
    active: (v) => v.active && !v.hidden,
  };
  const choice = prereleases.length === 0 ? undefined : POLICY_PRERELEASES.find((value) => pending.every((t) => wants[value](t.version)));
  const policy: VersionPolicy = { ...releasePart, ...(choice ? { prereleases: choice } : {}) };

  const targets = policyTargets(versions, policy);
  if (!fits(versions, targets)) return undefined;
  // A target that leaves `hidden` open decides the version only when it is not hidden.
  const bySlug = new Map(versions.map((v) => [v.slug, v]));
  const decided = new Set(targets.filter((t) => t.hidden !== undefined || !t.active || !bySlug.get(t.slug)!.hidden).map((t) => t.slug));
  return { policy, decided };
}
