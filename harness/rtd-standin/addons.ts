// The addons endpoint of the preview host, as far as the file tree diff goes (FACTS.md, *The
// service's own pull-request integration*): `GET /_/addons/?api-version=1&project-slug=&version-slug=`,
// anonymous (a token is ignored), never throttled. `addons.filetreediff.diff` lists the built HTML
// pages a pull request version adds, deletes and modifies against `latest`, each with its
// `current` and `base` URLs; it is there only after a successful build of a public PR version, and
// only when a test configured one (`Standin.setFileTreeDiff`): by default the diff is absent, as
// when the base was built without a manifest.
import type { VersionData } from './model.ts';
import { json } from './replies.ts';
import type { Reply } from './replies.ts';
import type { Ctx, Route } from './router.ts';
import type { Store } from './store.ts';

/** What a test sets for a PR version: the built pages the diff lists (`guide/install.html`), or `absent`. */
export type FileTreeDiffSeed =
  | { added?: string[]; modified?: string[]; deleted?: string[]; outdated?: boolean; baseVersion?: string }
  | 'absent'
  /** Any JSON as the `filetreediff` value: what a changed or broken payload looks like. */
  | { raw: unknown };

export class AddonsResources {
  private readonly store: Store;
  private readonly diffs = new Map<string, FileTreeDiffSeed>();

  constructor(store: Store) {
    this.store = store;
  }

  setFileTreeDiff(project: string, version: string, diff: FileTreeDiffSeed): void {
    this.diffs.set(`${project}/${version}`, diff);
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
    const seed = this.diffs.get(`${version.project}/${version.slug}`);
    const built = this.store.lastSuccess(version, now) !== null;
    // Pull request versions only, public ones, after a successful build, and when the base had a manifest.
    if (version.type !== 'external' || version.privacy !== 'public' || !built || seed === undefined || seed === 'absent') {
      return { enabled: version.type === 'external' };
    }
    if ('raw' in seed) return seed.raw;
    const project = this.store.projects.get(version.project)!;
    const current = this.store.docsUrl(project, version.slug, true);
    const base = this.store.docsUrl(project, seed.baseVersion ?? 'latest', false);
    const files = (names: string[] | undefined) =>
      (names ?? []).map((filename) => ({ filename, urls: { current: `${current}${filename}`, base: `${base}${filename}` } }));
    return {
      enabled: true,
      outdated: seed.outdated ?? false,
      diff: { added: files(seed.added), deleted: files(seed.deleted), modified: files(seed.modified) },
    };
  }
}
