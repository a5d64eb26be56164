// The four checks of `health`, pure: what one project's facts (read once, in lists) say about it.
// Every name and text here came from the service or GitHub: it stays text (the report escapes it).
import type { FileProblem } from '../../domain/project-result.js';
import type { BrokenLink } from '../../reporting/broken-link.js';
import type { Build, Version } from '../../readthedocs/schemas.js';
import { versionSlug } from '../../inputs/slugs.js';
import { formatDuration } from '../../util/format-duration.js';
import { FINAL_STATES } from '../shared/builds/build-ids.js';
import { rootWithoutDefault } from '../shared/versions/docs-root.js';
import { compareVersions, parseVersionTag, type ParsedVersion } from '../shared/versions/version-tag.js';

const CHECKS = [
  'latest is current',
  'releases have docs',
  'active versions build',
  'the root works',
  'links work',
  'links to other sites',
] as const;
type CheckName = (typeof CHECKS)[number];
/** `unknown`: the check could not be made (no GitHub token, an answer that failed); never a problem by itself. */
export type CheckState = 'ok' | 'problem' | 'unknown';

interface CheckLink {
  label: string;
  url: string;
}

/** One row of the report: a check, about the project or one version of it. */
export interface CheckRow {
  check: CheckName;
  state: CheckState;
  /** The version or tag the row is about, when it is about one. */
  subject?: string;
  details: string;
  links: CheckLink[];
  /** A failed build's reason as `wait` gives it (notifications, the failed command's last lines). */
  reason?: string;
  /** A failed build's Sphinx warnings and errors, and the commit it built (their lines are that commit's). */
  problems?: FileProblem[];
  commit?: string;
  /**
   * `links work`: every broken link of the version's own the crawl found (at most the link check's
   * 1,000), in the order of their pages; `links to other sites`: the dead ones, confirmed.
   */
  broken?: BrokenLink[];
  /**
   * `links to other sites`: the targets this run could not judge (their site would not tell, or
   * they were not asked), at most 2,000: a dead one the issue listed keeps its date through them.
   */
  unjudged?: string[];
}

/** The default branch's head as GitHub gives it. */
export interface BranchHead {
  sha: string;
  /** When it was committed (ms epoch; NaN when unknown). */
  date: number;
  /** Its page on GitHub. */
  url?: string;
}

/** What the checks read of one project: a handful of lists, read once. */
export interface ProjectFacts {
  /** The branch `latest` follows: its `identifier`; else the event's default branch, else the project's `default_branch`. */
  defaultBranch: string | undefined;
  defaultVersion: string | undefined;
  /** The project's `versioning_scheme` (undefined when the answer does not say). */
  versioningScheme?: string | undefined;
  /** The project's language code, for the default version's path. */
  language?: string | undefined;
  /** The project's documentation URL as the service gives it (`urls.documentation`): its custom domain, if any. */
  documentationUrl?: string | undefined;
  versions: Version[];
  /** The project's recent builds, newest first. */
  builds: Build[];
  /** The recent builds of the version that tracks the default branch, newest first. */
  trackingBuilds: Build[];
  /** The notification that says the project's builds are disabled, when there is one. */
  buildsDisabled: string | undefined;
  /** Why the project's notifications were not read (the token is not an admin's, or the read failed): `buildsDisabled` is then unknown. */
  notificationsUnread?: string | undefined;
  /** The default branch's head; a string says why it is not known. */
  head: BranchHead | string;
  /** The newest release tags, newest first; a string says why they are not known. */
  releases: string[] | string;
  /** Why each failed build failed, by build id. */
  failureReasons: Map<number, { headline: string; reason: string; problems?: FileProblem[] }>;
}

export interface CheckOptions {
  now: number;
  graceMs: number;
}

const short = (sha: string | null | undefined): string => (sha ? sha.slice(0, 7) : 'an unknown commit');
const buildLink = (build: Build): CheckLink => ({ label: `build #${build.id}`, url: build.urls.build });

/** The version that tracks the default branch: `latest`, else the branch version of that name. */
export function trackingVersion(facts: Pick<ProjectFacts, 'versions' | 'defaultBranch'>): Version | undefined {
  return (
    facts.versions.find((v) => v.slug === 'latest') ??
    facts.versions.find((v) => v.type === 'branch' && (v.verbose_name ?? v.slug) === facts.defaultBranch)
  );
}

/** Every check of one project, in the order of {@link CHECKS}. */
export function checkProject(facts: ProjectFacts, options: CheckOptions): CheckRow[] {
  return [...checkLatest(facts, options), ...checkReleases(facts), ...checkActiveBuilds(facts), ...checkRoot(facts)];
}

/**
 * Latest is current: its last successful build is of the branch's head, or a build of the head is
 * running; a head younger than the grace period may still be waiting for its build.
 */
export function checkLatest(facts: ProjectFacts, { now, graceMs }: CheckOptions): CheckRow[] {
  const row = (state: CheckState, details: string, links: CheckLink[] = [], subject?: string): CheckRow[] => [
    { check: 'latest is current', state, ...(subject === undefined ? {} : { subject }), details, links },
  ];
  const version = trackingVersion(facts);
  const branch = facts.defaultBranch ?? 'the default branch';
  if (!version) return row('problem', `no version tracks ${branch}: the project has no \`latest\``);
  if (typeof facts.head === 'string') return row('unknown', facts.head, [], version.slug);
  const head = facts.head;
  const headLinks = head.url ? [{ label: short(head.sha), url: head.url }] : [];
  const ofHead = facts.trackingBuilds.filter((b) => b.commit === head.sha);
  const lastSuccess = facts.trackingBuilds.find((b) => b.success === true);
  if (lastSuccess && lastSuccess.commit === head.sha) {
    return row('ok', `built at the head of ${branch}, ${short(head.sha)}`, [buildLink(lastSuccess)], version.slug);
  }
  // A running build of the head, or one whose commit is not known yet (a webhook's, before cloning) made after it.
  const running = facts.trackingBuilds.find(
    (b) => !FINAL_STATES.has(b.state.code) && (b.commit === head.sha || (b.commit === null && createdAfter(b, head.date))),
  );
  if (running) return row('ok', `build #${running.id} of the head of ${branch} is running`, [buildLink(running)], version.slug);
  // Whole minutes: an age is told to a person, not measured.
  const age = Math.floor((now - head.date) / 60_000) * 60_000;
  const served = lastSuccess ? `last built ${short(lastSuccess.commit)}` : 'has no successful build among its recent ones';
  if (Number.isFinite(age) && age < graceMs) {
    return row(
      'ok',
      `the head of ${branch}, ${short(head.sha)}, is ${formatDuration(age)} old (within the grace period); ${served}`,
      headLinks,
      version.slug,
    );
  }
  const failed = ofHead.find((b) => b.success === false && b.state.code === 'finished');
  const ageText = Number.isFinite(age) ? ` is ${formatDuration(age)} old and` : '';
  const what = failed ? `its build #${failed.id} failed` : 'has no build';
  const links = [...headLinks, ...(failed ? [buildLink(failed)] : lastSuccess ? [buildLink(lastSuccess)] : [])];
  return row('problem', `${served}; the head of ${branch}, ${short(head.sha)},${ageText} ${what}`, links, version.slug);
}

function createdAfter(build: Build, date: number): boolean {
  const created = build.created === null ? Number.NaN : Date.parse(build.created);
  return !Number.isFinite(date) || !Number.isFinite(created) || created >= date;
}

/**
 * The tag version a release tag names: by name, else by the slug the service makes of it (two
 * names with one slug: the service adds `_a` to the second, and the name tells them apart).
 */
function versionOfTag(versions: Version[], tag: string): Version | undefined {
  const tags = versions.filter((v) => v.type === 'tag');
  const slug = versionSlug(tag);
  return tags.find((v) => v.verbose_name === tag) ?? tags.find((v) => v.slug === slug);
}

/** Releases have docs: each of the newest release tags has an active, built version; `stable` is not older than the newest. */
export function checkReleases(facts: ProjectFacts): CheckRow[] {
  if (typeof facts.releases === 'string') return [{ check: 'releases have docs', state: 'unknown', details: facts.releases, links: [] }];
  if (facts.releases.length === 0) return [{ check: 'releases have docs', state: 'ok', details: 'no release tag to look at', links: [] }];
  const rows: CheckRow[] = [];
  for (const tag of facts.releases) {
    const version = versionOfTag(facts.versions, tag);
    const problem = !version
      ? 'the release has no version on the service (sync the versions; check the automation rules)'
      : !version.active
        ? `its version ${version.slug} is inactive`
        : version.built === false
          ? `its version ${version.slug} is active but not built`
          : undefined;
    if (problem)
      rows.push({
        check: 'releases have docs',
        state: 'problem',
        subject: tag,
        details: problem,
        links: docsLink(version),
      });
  }
  if (rows.length === 0) {
    rows.push({ check: 'releases have docs', state: 'ok', details: `${facts.releases.join(', ')}: active and built`, links: [] });
  }
  return [...rows, ...checkStable(facts.versions, facts.releases)];
}

/**
 * `stable` is not older than the newest release. FACTS (Versions): the service's `stable` is "the
 * highest non-prerelease (PEP 440, on `verbose_name`) among all internal versions (tags and
 * branches), active or not", so it may serve a tag or branch newer than any GitHub release; and "a
 * user's own branch or tag named `stable` [...] the service never moves": no problem. Which one it
 * is, and what it serves, its `aliases` and `ref` say (see {@link servedByStable}).
 */
function checkStable(versions: Version[], releases: string[]): CheckRow[] {
  const newest = newestRelease(releases);
  const stable = versions.find((v) => v.slug === 'stable');
  if (newest === undefined || !stable) return [];
  const row = (state: CheckState, details: string): CheckRow[] => [
    { check: 'releases have docs', state, subject: 'stable', details, links: docsLink(stable) },
  ];
  const serves = servedByStable(versions, stable);
  if (!serves) return row('ok', "a branch or tag of the project's own, which the service never moves");
  const name = serves.version.verbose_name ?? serves.version.slug;
  const newestParsed = parseVersionTag(newest);
  if (serves.parsed && newestParsed && compareVersions(serves.parsed, newestParsed) < 0) {
    return row('problem', `serves ${name}, older than the newest release ${newest}`);
  }
  return row('ok', `serves ${name}, not older than the newest release ${newest}`);
}

/** What `stable` serves: the version (as the list has it, else as the answer names it) and its release number. */
type Served = { version: Pick<Version, 'slug' | 'verbose_name'>; parsed: ParsedVersion | undefined };

/**
 * The tag or branch `stable` serves, undefined for a `stable` of the project's own. FACTS
 * (Versions): the service's own `stable` has a `ref` (the slug of the version it points to) and,
 * when that version is active, `aliases` (the version it stands for now); a user's own has `ref:
 * null` and no alias. So a user's `stable` tag at an older release's commit is its own, not the
 * service's serving that release. An answer without `ref` (the documented one lacks it) and
 * without an alias: guessed from its `identifier` (see {@link guessedFromIdentifier}).
 */
function servedByStable(versions: Version[], stable: Version): Served | undefined {
  const named = (slug: string, fallback: Pick<Version, 'slug' | 'verbose_name'>): Served => {
    const version = versions.find((v) => v.slug === slug) ?? fallback;
    return { version, parsed: parseVersionTag(version.verbose_name ?? version.slug) };
  };
  const alias = stable.aliases?.[0];
  if (alias) return named(alias.slug, alias);
  if (typeof stable.ref === 'string' && stable.ref !== '') return named(stable.ref, { slug: stable.ref });
  if (stable.ref === null) return undefined;
  return guessedFromIdentifier(versions, stable);
}

/**
 * Without `ref`: of the tags and branches `stable`'s `identifier` names (a tag's commit, a
 * branch's name), the highest by PEP 440. Undefined when none: a `stable` of the project's own.
 */
function guessedFromIdentifier(versions: Version[], stable: Version): Served | undefined {
  const id = stable.identifier;
  if (!id) return undefined;
  let best: Served | undefined;
  for (const version of versions) {
    if (version.slug === 'stable' || version.slug === 'latest') continue;
    const named =
      (version.type === 'tag' && version.identifier === id) ||
      (version.type === 'branch' && (version.identifier === id || version.verbose_name === id));
    if (!named) continue;
    const parsed = parseVersionTag(version.verbose_name ?? version.slug);
    if (!best || (parsed && (!best.parsed || compareVersions(parsed, best.parsed) > 0))) best = { version, parsed };
  }
  return best;
}

/** The highest release (no pre-release) among the tags, by PEP 440's order; undefined when none parses. */
export function newestRelease(tags: string[]): string | undefined {
  let best: { tag: string; parsed: ParsedVersion } | undefined;
  for (const tag of tags) {
    const parsed = parseVersionTag(tag);
    if (!parsed || parsed.prerelease) continue;
    if (!best || compareVersions(parsed, best.parsed) > 0) best = { tag, parsed };
  }
  return best?.tag;
}

function docsLink(version: Version | undefined): CheckLink[] {
  const url = version?.urls?.documentation;
  return url ? [{ label: 'docs', url }] : [];
}

/**
 * The last final build of each active version, among the project's recent builds: a failed one is
 * a problem. A cancelled build is no failure (superseded, skipped by exit code 183).
 */
function lastFinalBuilds(versions: Version[], builds: Build[]): Map<string, Build> {
  const active = new Set(versions.filter((v) => v.active && v.type !== 'external').map((v) => v.slug));
  const last = new Map<string, Build>();
  for (const build of builds) {
    if (build.version === null || !active.has(build.version) || last.has(build.version)) continue;
    if (build.state.code === 'finished') last.set(build.version, build);
  }
  return last;
}

/** The failed ones of {@link lastFinalBuilds}: those whose reason is worth reading. */
export function failedLastBuilds(facts: Pick<ProjectFacts, 'versions' | 'builds'>): Build[] {
  return [...lastFinalBuilds(facts.versions, facts.builds).values()].filter((build) => build.success === false);
}

/** Active versions build: every active version's last build succeeded (judged by `built` when it is not among the recent builds). */
export function checkActiveBuilds(facts: ProjectFacts): CheckRow[] {
  const last = lastFinalBuilds(facts.versions, facts.builds);
  const rows: CheckRow[] = [];
  for (const version of facts.versions.filter((v) => v.active && v.type !== 'external')) {
    const build = last.get(version.slug);
    if (build?.success === false) {
      const why = facts.failureReasons.get(build.id);
      rows.push({
        check: 'active versions build',
        state: 'problem',
        subject: version.slug,
        details: `its last build #${build.id} failed${why ? `: ${why.headline}` : ''}`,
        links: [buildLink(build)],
        ...(why ? { reason: why.reason } : {}),
        ...(why?.problems?.length ? { problems: why.problems, ...(build.commit ? { commit: build.commit } : {}) } : {}),
      });
    } else if (!build && version.built === false && !facts.builds.some((b) => b.version === version.slug)) {
      rows.push({
        check: 'active versions build',
        state: 'problem',
        subject: version.slug,
        details: 'active, but never built',
        links: [],
      });
    }
  }
  const count = facts.versions.filter((v) => v.active && v.type !== 'external').length;
  if (rows.length === 0)
    rows.push({
      check: 'active versions build',
      state: 'ok',
      details: `${count} active version${count === 1 ? '' : 's'}: last builds succeeded`,
      links: [],
    });
  return rows;
}

/**
 * The root works: the default version is active and built, and the project's builds are not
 * disabled (*not checked* when the project's notifications, which alone say so, were not read). FACTS (Versions): "on a multi-version project an inactive or missing default version
 * makes the root quietly serve `latest` while `/{lang}/{default}/` answers 404; single-version
 * projects (and a default of `latest`) answer 404."
 */
export function checkRoot(facts: ProjectFacts): CheckRow[] {
  const rows: CheckRow[] = [];
  const slug = facts.defaultVersion ?? 'latest';
  const version = facts.versions.find((v) => v.slug === slug);
  const problem = rootProblem(facts, slug, version);
  if (problem) rows.push({ check: 'the root works', state: 'problem', subject: slug, details: problem, links: [] });
  if (facts.buildsDisabled !== undefined) {
    rows.push({
      check: 'the root works',
      state: 'problem',
      details: `the project's builds are disabled: ${facts.buildsDisabled}`,
      links: [],
    });
  }
  const unread = facts.notificationsUnread;
  if (rows.length === 0)
    rows.push({
      check: 'the root works',
      state: 'ok',
      details: `${slug} is active and built${unread === undefined ? '; builds are enabled' : ''}`,
      links: docsLink(version),
    });
  // Whether the service disabled the builds is in the project's notifications only: not read, not known.
  if (unread !== undefined)
    rows.push({
      check: 'the root works',
      state: 'unknown',
      details: `whether the project's builds are disabled is not known: ${unread}`,
      links: [],
    });
  return rows;
}

/** What the docs root does when the default version cannot serve it (docs-root.ts, FACTS' rule); undefined when it can. */
function rootProblem(facts: ProjectFacts, slug: string, version: Version | undefined): string | undefined {
  if (version?.active) return version.built === false ? 'the default version is not built: the docs root has nothing to serve' : undefined;
  const what = `the default version ${version ? 'is inactive' : 'does not exist'}`;
  const root = rootWithoutDefault(facts, slug);
  if (root.serves === 'nothing') return `${what}: the docs root answers 404${root.singleVersion ? ' (a single-version project)' : ''}`;
  const latest = facts.versions.find((v) => v.slug === 'latest');
  const served =
    latest?.active && latest.built !== false
      ? 'the docs root quietly serves `latest` instead'
      : 'the docs root falls back to `latest`, which has nothing to serve either: it answers 404';
  return `${what}: ${served}, and ${root.defaultPath} answers 404`;
}
