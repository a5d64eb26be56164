// Projects: the list, the detail (with `expand`), translations, subprojects and the superproject;
// PATCH, redirects and subproject writes are in project-config.ts, routed from here.
import { iso, languageName } from './model.ts';
import type { ProjectData, ProjectSeed } from './model.ts';
import { ProjectConfigResources } from './project-config.ts';
import type { RedirectData } from './project-config.ts';
import { detail, empty, json } from './replies.ts';
import type { Reply } from './replies.ts';
import { PROJECT, SLUG } from './router.ts';
import type { Ctx, Route } from './router.ts';
import type { Store } from './store.ts';
import type { VersionResources } from './versions.ts';

export class ProjectResources {
  private readonly store: Store;
  private readonly versions: VersionResources;
  private readonly config: ProjectConfigResources;

  constructor(store: Store, versions: VersionResources) {
    this.store = store;
    this.versions = versions;
    this.config = new ProjectConfigResources({
      origin: () => store.url,
      projects: store.projects,
      visibleProject: (slug, ctx) => store.visibleProject(slug, ctx),
      projectJson: (p, ctx) => this.json(p, [], ctx.now),
    });
  }

  add(p: ProjectSeed): void {
    const s = this.store;
    if (s.projects.has(p.slug)) throw new Error(`stand-in: project ${p.slug} already exists`);
    s.projects.set(p.slug, {
      id: s.ids.project++,
      slug: p.slug,
      name: p.name ?? p.slug,
      language: p.language ?? 'en',
      versioningScheme: p.versioningScheme ?? 'multiple_versions_with_translations',
      translationOf: p.translationOf ?? null,
      subprojectOf: p.subprojectOf ?? null,
      defaultVersion: p.defaultVersion ?? 'latest',
      defaultBranch: p.defaultBranch === undefined ? 'main' : p.defaultBranch,
      repositoryHead: p.repositoryHead ?? null,
      active: p.active ?? true,
      privacy: p.privacy ?? 'public',
      // A connected repository's clone URL is what the project shows (the service keeps it on every save).
      repositoryUrl: p.repositoryUrl ?? p.remoteRepository?.cloneUrl ?? `https://github.com/example/${p.slug}`,
      readthedocsYamlPath: p.readthedocsYamlPath ?? null,
      plan: p.plan ?? 'community',
      remoteRepository: p.remoteRepository ?? null,
      createdAt: s.clock(),
    });
    const seeds = p.versions ?? [];
    if ((p.latest ?? true) && !seeds.some((v) => v.slug === 'latest')) this.versions.add(p.slug, { slug: 'latest' });
    for (const v of seeds) this.versions.add(p.slug, v);
  }

  addRedirect(project: string, r: Partial<Omit<RedirectData, 'pk' | 'project'>> & { type: string }): number {
    this.store.requireProject(project);
    return this.config.addRedirect(project, r);
  }

  redirects(project: string): RedirectData[] {
    return this.config.redirects(project).map((r) => ({ ...r }));
  }

  addSubproject(parent: string, child: string, alias?: string): void {
    this.store.requireProject(parent);
    this.store.requireProject(child).subprojectOf = { parent, alias: alias ?? child };
  }

  json(p: ProjectData, expand: string[], now: number, admin = false): Record<string, unknown> {
    const s = this.store;
    const self = s.api(`projects/${p.slug}/`);
    const out: Record<string, unknown> = {
      _links: {
        _self: self,
        builds: `${self}builds/`,
        environmentvariables: `${self}environmentvariables/`,
        notifications: `${self}notifications/`,
        redirects: `${self}redirects/`,
        subprojects: `${self}subprojects/`,
        superproject: `${self}superproject/`,
        sync_versions: `${self}sync-versions/`,
        translations: `${self}translations/`,
        versions: `${self}versions/`,
      },
      created: iso(p.createdAt),
      default_branch: s.defaultBranchOf(p),
      default_version: p.defaultVersion,
      external_builds_privacy_level: 'public',
      homepage: `https://${p.slug}.example.com`,
      id: p.id,
      language: { code: p.language, name: languageName(p.language) },
      modified: iso(p.createdAt),
      name: p.name,
      privacy_level: p.privacy,
      programming_language: { code: 'words', name: 'Only Words' },
      readthedocs_yaml_path: p.readthedocsYamlPath,
      repository: { type: 'git', url: p.repositoryUrl },
      single_version: p.versioningScheme === 'single_version_without_translations',
      slug: p.slug,
      subproject_of: p.subprojectOf?.parent ?? null,
      tags: [],
      translation_of: p.translationOf,
      urls: {
        builds: `${s.url}/projects/${p.slug}/builds/`,
        documentation: s.docsUrl(p, p.defaultVersion, false),
        downloads: null,
        home: `${s.url}/projects/${p.slug}/`,
        versions: `${s.url}/projects/${p.slug}/versions/`,
      },
      users: [{ username: 'testuser' }],
      versioning_scheme: p.versioningScheme,
    };
    if (expand.includes('active_versions')) {
      out['active_versions'] = s.versions
        .filter((v) => v.project === p.slug && v.active && v.type !== 'external' && v.visibleAt <= now)
        .map((v) => this.versions.json(p, v, now));
    }
    // `?expand=permissions`: whether the caller administers the project (FACTS, Versions); the
    // service's own tests expect `admin: false` for an anonymous caller.
    if (expand.includes('permissions')) out['permissions'] = { admin };
    this.config.decorate(p, out);
    return out;
  }

  routes(): Route[] {
    const config = this.config;
    return [
      { pattern: /^\/api\/v3\/projects\/$/, tokenOnly: true, methods: { GET: (c) => this.list(c) } },
      {
        pattern: new RegExp(`${PROJECT}/$`),
        admin: 'writes',
        methods: { GET: (c, m) => this.detail(c, m[1] ?? ''), PATCH: (c, m) => config.projectUpdate(c, m[1] ?? '') },
      },
      { pattern: new RegExp(`${PROJECT}/translations/$`), methods: { GET: (c, m) => this.translations(c, m[1] ?? '') } },
      {
        pattern: new RegExp(`${PROJECT}/subprojects/$`),
        admin: 'writes',
        methods: { GET: (c, m) => this.subprojects(c, m[1] ?? ''), POST: (c, m) => config.subprojectCreate(c, m[1] ?? '') },
      },
      {
        pattern: new RegExp(`${PROJECT}/subprojects/${SLUG}/$`),
        admin: 'writes',
        methods: {
          GET: (c, m) => config.subprojectDetail(c, m[1] ?? '', m[2] ?? ''),
          DELETE: (c, m) => config.subprojectDelete(c, m[1] ?? '', m[2] ?? ''),
        },
      },
      {
        pattern: new RegExp(`${PROJECT}/redirects/$`),
        tokenOnly: true,
        admin: 'all',
        methods: { GET: (c, m) => config.redirectsList(c, m[1] ?? ''), POST: (c, m) => config.redirectCreate(c, m[1] ?? '') },
      },
      {
        pattern: new RegExp(`${PROJECT}/redirects/(\\d+)/$`),
        tokenOnly: true,
        admin: 'all',
        methods: {
          GET: (c, m) => config.redirectDetail(c, m[1] ?? '', Number(m[2])),
          PUT: (c, m) => config.redirectUpdate(c, m[1] ?? '', Number(m[2])),
          DELETE: (c, m) => config.redirectDelete(c, m[1] ?? '', Number(m[2])),
        },
      },
      { pattern: new RegExp(`${PROJECT}/superproject/$`), methods: { GET: (c, m) => this.superproject(c, m[1] ?? '') } },
    ];
  }

  private list(ctx: Ctx): Reply {
    const expand = (ctx.params.get('expand') ?? '').split(',');
    // FACTS (fixtures): the list has only the projects the token's user administers.
    const items = this.store.isAdmin(ctx.token) ? [...this.store.projects.values()] : [];
    return this.store.list(ctx, items, (p) => this.json(p, expand, ctx.now, true));
  }

  private detail(ctx: Ctx, slug: string): Reply {
    const p = this.store.visibleProject(slug, ctx);
    if (!p) return detail(404, 'No Project matches the given query.');
    const expand = (ctx.params.get('expand') ?? '').split(',').map((s) => s.trim());
    return json(200, this.json(p, expand, ctx.now, this.store.isAdmin(ctx.token)));
  }

  private translations(ctx: Ctx, slug: string): Reply {
    const p = this.store.visibleProject(slug, ctx);
    const items = p ? [...this.store.projects.values()].filter((x) => x.translationOf === p.slug) : [];
    return this.store.list(ctx, items, (x) => this.json(x, [], ctx.now));
  }

  private subprojects(ctx: Ctx, slug: string): Reply {
    const s = this.store;
    const p = s.visibleProject(slug, ctx);
    const items = p ? [...s.projects.values()].filter((x) => x.subprojectOf?.parent === p.slug) : [];
    return s.list(ctx, items, (x) => ({
      _links: {
        _self: s.api(`projects/${slug}/subprojects/${x.subprojectOf?.alias ?? x.slug}/`),
        parent: s.api(`projects/${slug}/`),
      },
      alias: x.subprojectOf?.alias ?? x.slug,
      child: this.json(x, [], ctx.now),
    }));
  }

  private superproject(ctx: Ctx, slug: string): Reply {
    const p = this.store.visibleProject(slug, ctx);
    const parent = p?.subprojectOf ? this.store.projects.get(p.subprojectOf.parent) : undefined;
    // The service answers this 404 with an empty body.
    if (!parent) return empty(404);
    return json(200, this.json(parent, [], ctx.now));
  }
}
