// The stand-in's shared state: projects, versions and builds, the clock, and the lookups and URLs
// every resource needs. Resource modules (projects.ts, versions.ts, builds.ts, …) read and change
// it; none of them imports another's state.
import { snapshot } from './model.ts';
import type { BuildData, ProjectData, Snapshot, VersionData } from './model.ts';
import { paginate } from './pagination.ts';
import { json } from './replies.ts';
import type { Reply } from './replies.ts';
import type { Ctx } from './router.ts';

export class Store {
  /** 'http://127.0.0.1:PORT' once listening. */
  url = '';
  readonly clock: () => number;
  readonly fractions: number[];
  readonly projects = new Map<string, ProjectData>();
  readonly versions: VersionData[] = [];
  readonly buildList: BuildData[] = [];
  readonly ids = { project: 1, version: 1, build: 1 };
  /** Tokens whose user administers no project (`StandinOptions.nonAdminTokens`). */
  readonly nonAdmins: ReadonlySet<string>;

  constructor(clock: () => number, fractions: number[], nonAdmins: Iterable<string> = []) {
    this.clock = clock;
    this.fractions = fractions;
    this.nonAdmins = new Set(nonAdmins);
  }

  /** Whether the caller (a valid token, or null when anonymous) may use a project's admin-only parts: anonymous callers never. */
  isAdmin(token: string | null): boolean {
    return token !== null && !this.nonAdmins.has(token);
  }

  requireProject(slug: string): ProjectData {
    const p = this.projects.get(slug);
    if (!p) throw new Error(`stand-in: unknown project ${slug}`);
    return p;
  }

  visibleProject(slug: string, ctx: { token: string | null }): ProjectData | null {
    const p = this.projects.get(slug);
    if (!p) return null;
    if (p.privacy === 'private' && ctx.token === null) return null;
    return p;
  }

  /**
   * The project's default branch as GET shows it. FACTS: "GET's `default_branch` falls back to the
   * repository's default, then `master`, when none is set."
   */
  defaultBranchOf(p: ProjectData): string {
    return p.defaultBranch ?? p.remoteRepository?.defaultBranch ?? 'master';
  }

  /**
   * The branch `latest` builds. FACTS (Versions): "`latest` follows the repository's real default
   * branch: webhooks and successful builds rewrite its `identifier` (the branch name). API
   * `default_branch` may instead read `master` (the fallback) when no branch is set and no
   * repository is linked".
   */
  latestBranchOf(p: ProjectData): string {
    return p.defaultBranch ?? p.remoteRepository?.defaultBranch ?? p.repositoryHead ?? this.defaultBranchOf(p);
  }

  /**
   * The `identifier` the API shows. FACTS (Versions): "`identifier` is the branch name for
   * branches, the commit for tags, the head commit for PR versions"; `latest`'s is the branch it
   * follows (`latestBranchOf`).
   */
  identifierOf(p: ProjectData, v: VersionData): string {
    if (v.type !== 'branch') return v.commit;
    return v.slug === 'latest' ? this.latestBranchOf(p) : v.verboseName;
  }

  /** Versions that exist for the API (pending ones excluded); PR versions included. */
  findVersion(project: string, slug: string, now: number): VersionData | null {
    const v = this.versions.find((x) => x.project === project && x.slug === slug);
    return v && v.visibleAt <= now ? v : null;
  }

  /** The build as the clock has moved it: state, success, commit, duration. */
  snap(b: BuildData, now: number): Snapshot {
    return snapshot(b, now, this.fractions);
  }

  /**
   * FACTS: "Deactivating a version (PATCH `active: false`) deletes its hosted docs and search index
   * and sets `built: false`": only a success that ended after the last deactivation counts.
   */
  versionBuilt(v: VersionData, now: number): boolean {
    const last = this.lastSuccess(v, now);
    return v.built || (last !== null && last.endedAt > (v.deactivatedAt ?? -Infinity));
  }

  lastSuccess(v: VersionData, now: number): { build: BuildData; endedAt: number } | null {
    let best: { build: BuildData; endedAt: number } | null = null;
    for (const b of this.buildList) {
      if (b.project !== v.project || b.version !== v.slug) continue;
      const s = this.snap(b, now);
      if (s.state === 'finished' && s.success && s.endedAt !== null && (!best || s.endedAt > best.endedAt)) {
        best = { build: b, endedAt: s.endedAt };
      }
    }
    return best;
  }

  api(path: string): string {
    return `${this.url}/api/v3/${path}`;
  }

  /** Documentation root of a version, following the versioning scheme and the canonical project. */
  docsUrl(p: ProjectData, versionSlug: string, external: boolean): string {
    let root = p;
    let prefix = '';
    if (p.translationOf) root = this.projects.get(p.translationOf) ?? p;
    if (p.subprojectOf) {
      root = this.projects.get(p.subprojectOf.parent) ?? p;
      prefix = `/projects/${p.subprojectOf.alias}`;
    }
    const host = external ? `${root.slug.replace(/_/g, '-')}--${versionSlug}` : root.slug;
    const scheme =
      p.versioningScheme === 'multiple_versions_with_translations'
        ? `/${p.language}/${versionSlug}/`
        : p.versioningScheme === 'multiple_versions_without_translations'
          ? `/${versionSlug}/`
          : '/';
    return `${this.url}/docs/${host}${prefix}${scheme}`;
  }

  /** A paginated API v3 list of `items`. */
  list<T>(ctx: Ctx, items: T[], render: (item: T) => unknown): Reply {
    return json(200, paginate(items, this.url, ctx.path, ctx.params, render));
  }
}
