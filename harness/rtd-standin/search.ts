// What readers reach: search API v3 (`project:`/`subprojects:` arguments, a version indexed
// `indexDelayMs` after its last successful build, page-number pagination up to 1000 results) and
// the documentation pages themselves (200 once the version is built, else Django's 404), behind
// the docs hosts' own rules (docs-host.ts: throttle, private docs, folder and user redirects).
import { contentTypeOf, DocsThrottle, folderRedirect, PRIVATE_DOCS, userRedirect } from './docs-host.ts';
import { escapeHtml } from './model.ts';
import type { DocsRate, ProjectData, SearchHitSeed, VersionData } from './model.ts';
import { sortedQuery } from './pagination.ts';
import { DJANGO_404, html, json } from './replies.ts';
import type { Reply } from './replies.ts';
import type { Ctx, Route } from './router.ts';
import type { Store } from './store.ts';
import type { RedirectData } from './project-config.ts';
import { type SiteFiles, type SiteIndexKind, withSiteIndex } from './site-index.ts';

/** A request placed on a version: its project, the version (null when the project has none of that name), its root path, the rest. */
interface Placed {
  p: ProjectData;
  v: VersionData | null | undefined;
  root: string;
  below: string;
}

export class SearchResources {
  private readonly store: Store;
  private readonly indexDelayMs: number;
  private readonly hits = new Map<string, SearchHitSeed[]>();
  /** The pages a test gave a version (`setSitePages`), with its index files: then only they exist, each path below the version's root. */
  private readonly sites = new Map<string, ReadonlyMap<string, string | Buffer>>();

  private readonly throttle: DocsThrottle;
  private readonly redirectsOf: (project: string) => readonly RedirectData[];

  constructor(
    store: Store,
    indexDelayMs: number,
    docs: { rate: DocsRate | null; redirectsOf: (project: string) => readonly RedirectData[] },
  ) {
    this.store = store;
    this.indexDelayMs = indexDelayMs;
    this.throttle = new DocsThrottle(docs.rate);
    this.redirectsOf = docs.redirectsOf;
  }

  /** Requests the docs hosts refused (throttled or challenged), by host (`acme`, `acme--7`). */
  docsRefused(): ReadonlyMap<string, number> {
    return this.throttle.refused;
  }

  setHits(project: string, version: string, hits: SearchHitSeed[]): void {
    this.hits.set(`${project}/${version}`, hits);
  }

  /** The version's pages, and the index files its builder publishes made from them (site-index.ts; Sphinx `html` unless said). */
  setSitePages(project: string, version: string, pages: SiteFiles, options: { index?: SiteIndexKind } = {}): void {
    this.sites.set(`${project}/${version}`, new Map(Object.entries(withSiteIndex(pages, options.index ?? 'sphinx'))));
  }

  routes(): Route[] {
    return [
      { pattern: /^\/api\/v3\/search\/$/, methods: { GET: (c) => this.search(c) } },
      // A docs host answers HEAD as it answers GET, without the body (link checkers ask HEAD first).
      { pattern: /^\/docs\/.*$/, plain: true, methods: { GET: (c) => this.serveDocs(c), HEAD: (c) => this.serveDocs(c) } },
    ];
  }

  private search(ctx: Ctx): Reply {
    const q = ctx.params.get('q');
    if (q === null) return json(400, { q: ['This query parameter is required'] });
    const targets: { p: ProjectData; versionSlug: string; alias: string | null }[] = [];
    const textParts: string[] = [];
    for (const token of q.split(/\s+/).filter(Boolean)) {
      const arg = token.match(/^(project|subprojects|user):(.*)$/);
      if (!arg) {
        textParts.push(token);
        continue;
      }
      const [slug = '', vslug] = (arg[2] ?? '').split('/', 2);
      const p = this.store.visibleProject(slug, ctx);
      if (arg[1] === 'user' || !p) continue;
      targets.push({ p, versionSlug: vslug || p.defaultVersion, alias: null });
      if (arg[1] === 'subprojects') {
        for (const child of this.store.projects.values()) {
          if (child.subprojectOf?.parent === p.slug && this.store.visibleProject(child.slug, ctx)) {
            targets.push({ p: child, versionSlug: child.defaultVersion, alias: child.subprojectOf.alias });
          }
        }
      }
    }
    const text = textParts.join(' ');
    const words = textParts.map((w) => w.replace(/^"|"$/g, '')).filter(Boolean);
    const results: Record<string, unknown>[] = [];
    for (const t of targets) {
      const v = this.store.findVersion(t.p.slug, t.versionSlug, ctx.now);
      if (!v || v.type === 'external' || !this.indexed(v, ctx.now)) continue;
      const hits = this.hits.get(`${t.p.slug}/${v.slug}`) ?? [{ title: t.p.name, path: '/index.html', content: `Welcome to ${t.p.name}.` }];
      const base = new URL(this.store.docsUrl(t.p, v.slug, false));
      for (const hit of hits) {
        const path = hit.path.startsWith(base.pathname) ? hit.path : `${base.pathname}${hit.path.replace(/^\//, '')}`;
        results.push({
          blocks: hit.content
            ? [
                {
                  content: hit.content,
                  highlights: { content: highlight(hit.content, words), title: [] },
                  id: hit.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
                  title: hit.title,
                  type: 'section',
                },
              ]
            : [],
          domain: this.store.url,
          highlights: { title: highlight(hit.title, words) },
          path,
          project: { alias: t.alias, slug: t.p.slug },
          title: hit.title,
          type: 'page',
          version: { slug: v.slug },
        });
      }
    }
    const sizeRaw = ctx.params.get('page_size');
    const sizeParsed = sizeRaw && /^\d+$/.test(sizeRaw) ? Number(sizeRaw) : 0;
    const pageSize = sizeParsed > 0 ? Math.min(sizeParsed, 30) : 15;
    const pageRaw = ctx.params.get('page') ?? '1';
    const page = /^\d+$/.test(pageRaw) ? Number(pageRaw) : NaN;
    const pages = Math.max(1, Math.ceil(results.length / pageSize));
    if (!(page >= 1)) return json(400, ['Invalid page']);
    if ((page - 1) * pageSize >= 1000) return json(400, ['Page number is too high.']);
    if (page > pages) return json(400, ['Invalid page']);
    const link = (n: number): string => {
      const p = new URLSearchParams(ctx.params);
      if (n === 1) p.delete('page');
      else p.set('page', String(n));
      const qs = sortedQuery(p);
      return `${this.store.url}${ctx.path}${qs ? `?${qs}` : ''}`;
    };
    const projects = new Map<string, Set<string>>();
    for (const t of targets) projects.set(t.p.slug, (projects.get(t.p.slug) ?? new Set()).add(t.versionSlug));
    return json(200, {
      count: results.length,
      next: page < pages ? link(page + 1) : null,
      previous: page > 1 ? link(page - 1) : null,
      projects: [...projects].map(([slug, vs]) => ({ slug, versions: [...vs].map((s) => ({ slug: s })) })),
      query: text,
      results: results.slice((page - 1) * pageSize, page * pageSize),
    });
  }

  /** Indexed once the latest successful build ended indexDelayMs ago (seeded built versions count as indexed). */
  private indexed(v: VersionData, now: number): boolean {
    const last = this.store.lastSuccess(v, now);
    if (last) return now - last.endedAt >= this.indexDelayMs;
    return v.built && !this.store.buildList.some((b) => b.project === v.project && b.version === v.slug);
  }

  /**
   * Serves documentation pages (FACTS, *Docs hosts*): the host's throttle first (the CDN), then the
   * version's page (200 once built, else Django's 404; 401 when private), a folder without its
   * slash redirected, and on the public host the project's user redirects.
   */
  private serveDocs(ctx: Ctx): Reply {
    const host = /^\/docs\/([^/]+)/.exec(ctx.path)?.[1] ?? '';
    const refused = this.throttle.check(host, ctx.now);
    if (refused) return refused;
    const atRoot = this.projectRoot(ctx);
    if (atRoot && !('p' in atRoot)) return atRoot;
    const placed = atRoot ?? this.versionAt(ctx);
    if (placed === undefined) return this.unplaced(ctx, host);
    const reply = this.page(placed, ctx);
    // FACTS: "PR preview hosts never apply them, so a link that production redirects answers 404 in a preview."
    if (host.includes('--') || (reply.status !== 404 && reply.status !== 200)) return reply;
    const hostPrefix = `${this.store.url}/docs/${host}`;
    const redirect = userRedirect(
      this.redirectsOf(placed.p.slug),
      {
        hostPath: ctx.path.slice(`/docs/${host}`.length) || '/',
        pagePath: `/${placed.below}`,
        hostPrefix,
        versionPrefix: `${this.store.url}${placed.root.replace(/\/$/, '')}`,
      },
      reply.status === 404,
    );
    return redirect ?? reply;
  }

  /** A path under no version: a version's root without its slash (a folder redirect), an exact user redirect, else 404. */
  private unplaced(ctx: Ctx, host: string): Reply {
    for (const v of this.store.versions) {
      const p = this.store.projects.get(v.project);
      if (p && v.visibleAt <= ctx.now && new URL(this.store.docsUrl(p, v.slug, v.type === 'external')).pathname === `${ctx.path}/`)
        return folderRedirect(ctx.path, searchOf(ctx));
    }
    const p = host.includes('--') ? undefined : this.store.projects.get(host);
    const hostPath = ctx.path.slice(`/docs/${host}`.length) || '/';
    const redirect = p && userRedirect(this.redirectsOf(p.slug), { hostPath, hostPrefix: `${this.store.url}/docs/${host}` }, true);
    return redirect || html(404, DJANGO_404);
  }

  /** The version whose root is the longest prefix of the path. */
  private versionAt(ctx: Ctx): Placed | undefined {
    let best: Placed | undefined;
    for (const v of this.store.versions) {
      const p = this.store.projects.get(v.project);
      if (!p || v.visibleAt > ctx.now) continue;
      const root = new URL(this.store.docsUrl(p, v.slug, v.type === 'external')).pathname;
      if (ctx.path.startsWith(root) && (!best || root.length > best.root.length)) best = { p, v, root, below: ctx.path.slice(root.length) };
    }
    return best;
  }

  private page({ p, v, below }: Placed, ctx: Ctx): Reply {
    if (!v?.active || !this.store.versionBuilt(v, ctx.now)) return html(404, DJANGO_404);
    if (v.privacy === 'private') return PRIVATE_DOCS;
    // FACTS: "On a single-version project `/` is the version's root, but `/projects/{alias}/…`
    // (subprojects) and `/_/…` (the service's own endpoints) are not the version's pages."
    const single = p.versioningScheme === 'single_version_without_translations' && !p.subprojectOf;
    if (single && (below.startsWith('_/') || below.startsWith('projects/'))) return html(404, DJANGO_404);
    const site = this.sites.get(`${p.slug}/${v.slug}`);
    if (site) return sitePage(site, below, () => folderRedirect(ctx.path, searchOf(ctx)));
    const title = escapeHtml(`${p.name} ${v.verboseName}`);
    return html(200, `<!doctype html>\n<html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>\n`);
  }

  /**
   * A project's docs root. FACTS (Versions): "The docs root redirects to `default_version` when that
   * version exists and is active, else to `latest`: on a multi-version project an inactive or
   * missing default version makes the root quietly serve `latest` while `/{lang}/{default}/`
   * answers 404; single-version projects (and a default of `latest`) answer 404." Undefined when
   * the path is no project's root; a single-version project's pages are placed on its default version.
   */
  private projectRoot(ctx: Ctx): Reply | Placed | undefined {
    for (const p of this.store.projects.values()) {
      if (p.translationOf || p.subprojectOf) continue;
      const root = new URL(this.store.docsUrl(p, p.defaultVersion, false)).pathname;
      const single = p.versioningScheme === 'single_version_without_translations';
      // A single-version project's root is its default version's pages; a multi-version one's only `/docs/{slug}/`.
      if (single ? !ctx.path.startsWith(root) : ctx.path !== `/docs/${p.slug}/`) continue;
      const version = this.store.findVersion(p.slug, p.defaultVersion, ctx.now);
      if (single) {
        // A subproject's pages (`/projects/{alias}/`) are its own version's.
        const deeper = this.versionAt(ctx);
        return deeper && deeper.root.length > root.length ? deeper : { p, v: version, root, below: ctx.path.slice(root.length) };
      }
      const target = version?.active ? p.defaultVersion : 'latest';
      return { status: 302, headers: { location: this.store.docsUrl(p, target, false) }, body: '' };
    }
    return undefined;
  }
}

function searchOf(ctx: Ctx): string {
  const query = ctx.params.toString();
  return query === '' ? '' : `?${query}`;
}

function highlight(text: string, words: string[]): string[] {
  const lower = text.toLowerCase();
  const word = words.find((w) => lower.includes(w.toLowerCase()));
  if (!word) return [];
  const i = lower.indexOf(word.toLowerCase());
  const before = text.slice(0, i);
  const match = text.slice(i, i + word.length);
  const after = text.slice(i + word.length);
  return [`${escapeHtml(before)}<span>${escapeHtml(match)}</span>${escapeHtml(after)}`];
}

/**
 * A page of a version whose pages a test gave: a folder serves its `index.html` (FACTS: the
 * service serves `guide/` from `guide/index.html`), a folder named without its slash is
 * redirected (`folder`), anything else not given is Django's 404.
 */
function sitePage(site: ReadonlyMap<string, string | Buffer>, rawPath: string, folder: () => Reply): Reply {
  let path = rawPath;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    // kept as written
  }
  if (path !== '' && !path.endsWith('/') && !site.has(path) && site.has(`${path}/index.html`)) return folder();
  if (path === '' || path.endsWith('/')) path += 'index.html';
  const body = site.get(path);
  if (body === undefined) return html(404, DJANGO_404);
  const headers = { 'content-type': contentTypeOf(path) };
  return typeof body === 'string' ? { status: 200, headers, body } : { status: 200, headers, body: '', bytes: body };
}
