// The addons endpoint of the preview host, as far as the file tree diff goes (FACTS.md, *The
// service's own pull-request integration*): `GET /_/addons/?api-version=1&project-slug=&version-slug=`,
// anonymous (a token is ignored), never throttled, 400 without `api-version`. `addons.filetreediff.diff`
// lists the built HTML pages a pull request version adds, deletes and modifies against `latest`,
// each with its `current` and `base` URLs; it is there only after a successful build of a public
// PR version, and only when a test configured one (`Standin.setFileTreeDiff`): by default the diff
// is absent, as when the base was built without a manifest. FACTS: "The diff is written after the
// PR build is `finished` (indexing runs asynchronously): right after a build there is either no
// `diff` (first build) or the previous build's diff with `outdated: true`": each diff is written
// `writtenAfterMs` after its build ended, on the stand-in's clock. "With the addon disabled the
// answer is `{enabled: false}` without `diff`" (the seed `off`).
import type { BuildData, VersionData } from './model.ts';
import { json } from './replies.ts';
import type { Reply } from './replies.ts';
import type { Ctx, Route } from './router.ts';
import type { Store } from './store.ts';

/** What a test sets for a PR version: the built pages the diff lists (`guide/install.html`), `absent`, or `off` (the addon disabled). */
export type FileTreeDiffSeed =
  | { added?: string[]; modified?: string[]; deleted?: string[]; outdated?: boolean; baseVersion?: string }
  | 'absent'
  | 'off'
  /** Any JSON as the `filetreediff` value: what a changed or broken payload looks like. */
  | { raw: unknown };

/** Which builds a seed is the diff of, and how long after each one's end the service writes it. */
export interface FileTreeDiffTiming {
  /** The diff of the builds of this commit only (by default, of every build of the version). */
  commit?: string;
  /** Written this long after the build ended (default {@link DIFF_WRITTEN_AFTER_MS}); until then the previous build's shows, outdated. */
  writtenAfterMs?: number;
  /** And only once the endpoint has answered this many reads of the version (an end-to-end test's real clock is not its own). */
  writtenAfterReads?: number;
}

/** The service indexes a finished build asynchronously: its diff appears a few seconds later. */
const DIFF_WRITTEN_AFTER_MS = 3_000;

interface PlacedSeed {
  seed: FileTreeDiffSeed;
  commit: string | undefined;
  writtenAfterMs: number;
  writtenAfterReads: number;
}

export class AddonsResources {
  private readonly store: Store;
  private readonly diffs = new Map<string, PlacedSeed[]>();
  /** Reads answered so far, by version. */
  private readonly reads = new Map<string, number>();

  constructor(store: Store) {
    this.store = store;
  }

  /** A later seed for the same commit (or for every build) replaces the earlier one. */
  setFileTreeDiff(project: string, version: string, diff: FileTreeDiffSeed, timing: FileTreeDiffTiming = {}): void {
    const key = `${project}/${version}`;
    const placed = (this.diffs.get(key) ?? []).filter((seed) => seed.commit !== timing.commit);
    placed.push({
      seed: diff,
      commit: timing.commit,
      writtenAfterMs: timing.writtenAfterMs ?? DIFF_WRITTEN_AFTER_MS,
      writtenAfterReads: timing.writtenAfterReads ?? 0,
    });
    this.diffs.set(key, placed);
  }

  routes(): Route[] {
    return [{ pattern: /^\/_\/addons\/$/, plain: true, methods: { GET: (c) => this.addons(c) } }];
  }

  private addons(ctx: Ctx): Reply {
    const project = this.store.projects.get(ctx.params.get('project-slug') ?? '');
    const version = project ? this.store.findVersion(project.slug, ctx.params.get('version-slug') ?? '', ctx.now) : null;
    if (ctx.params.get('api-version') !== '1') return json(400, { error: 'api-version is required and must be 1' });
    if (!project || !version) return json(404, { detail: 'Not found.' });
    return json(200, { api_version: '1', addons: { filetreediff: this.fileTreeDiff(version, ctx.now) } });
  }

  private fileTreeDiff(version: VersionData, now: number): unknown {
    const key = `${version.project}/${version.slug}`;
    const seeds = this.diffs.get(key) ?? [];
    const served = this.reads.get(key) ?? 0;
    this.reads.set(key, served + 1);
    if (version.type !== 'external') return { enabled: false };
    if (seeds.some((placed) => placed.seed === 'off')) return { enabled: false };
    // Pull request versions only, public ones, after a successful build, and when the base had a manifest.
    if (version.privacy !== 'public') return { enabled: true };
    const written = this.writtenDiffs(version, seeds, now, served);
    const newest = written[0];
    if (newest === undefined) return { enabled: true };
    const { seed, build } = newest;
    if (seed === 'absent' || seed === 'off') return { enabled: true };
    if ('raw' in seed) return seed.raw;
    // The newest successful build's diff is not written yet: the one shown is an earlier build's.
    const outdated = seed.outdated ?? build.id !== this.store.lastSuccess(version, now)?.build.id;
    const project = this.store.projects.get(version.project)!;
    const current = this.store.docsUrl(project, version.slug, true);
    const base = this.store.docsUrl(project, seed.baseVersion ?? 'latest', false);
    const files = (names: string[] | undefined) =>
      (names ?? []).map((filename) => ({ filename, urls: { current: `${current}${filename}`, base: `${base}${filename}` } }));
    return {
      enabled: true,
      outdated,
      diff: { added: files(seed.added), deleted: files(seed.deleted), modified: files(seed.modified) },
    };
  }

  /** The successful builds whose diff the service has written by `now`, newest first, each with its seed. */
  private writtenDiffs(
    version: VersionData,
    seeds: PlacedSeed[],
    now: number,
    served: number,
  ): { seed: FileTreeDiffSeed; build: BuildData }[] {
    const written: { seed: FileTreeDiffSeed; build: BuildData; endedAt: number }[] = [];
    for (const build of this.store.buildList) {
      if (build.project !== version.project || build.version !== version.slug) continue;
      const snap = this.store.snap(build, now);
      if (snap.state !== 'finished' || !snap.success || snap.endedAt === null) continue;
      const placed = seeds.find((seed) => seed.commit === build.commit) ?? seeds.find((seed) => seed.commit === undefined);
      if (placed === undefined || now < snap.endedAt + placed.writtenAfterMs || served < placed.writtenAfterReads) continue;
      written.push({ seed: placed.seed, build, endedAt: snap.endedAt });
    }
    return written.sort((a, b) => b.endedAt - a.endedAt);
  }
}
