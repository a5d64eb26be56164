// Builds over API v3: a version's builds (GET) and the trigger (POST), the project's builds with
// the `commit` and `running` filters, the detail, and the notifications a build ends with. States
// move with the clock (model.ts `snapshot`); triggers go through build-queue.ts. The detail's
// `?expand=config` adds the build's resolved configuration (FACTS: `doctype`, `sphinx.builder`…).
import { isFinal, iso, titleCase } from './model.ts';
import type { BuildData, BuildRecord, BuildSeed, ProjectData } from './model.ts';
import { detail, json, parseBool } from './replies.ts';
import type { Reply } from './replies.ts';
import { PROJECT, VSLUG } from './router.ts';
import type { Ctx, Route } from './router.ts';
import type { BuildQueue } from './build-queue.ts';
import type { ProjectResources } from './projects.ts';
import type { Store } from './store.ts';
import type { VersionResources } from './versions.ts';

const ICONS: Record<string, string> = {
  error: 'fas fa-circle-xmark',
  warning: 'fas fa-circle-exclamation',
  info: 'fas fa-circle-info',
  note: 'fas fa-circle-info',
  tip: 'fas fa-circle-info',
};

export class BuildResources {
  private readonly store: Store;
  private readonly queue: BuildQueue;
  private readonly projects: ProjectResources;
  private readonly versions: VersionResources;
  private readonly buildsDisabled: (p: ProjectData, now: number) => boolean;

  constructor(
    store: Store,
    queue: BuildQueue,
    projects: ProjectResources,
    versions: VersionResources,
    buildsDisabled: (p: ProjectData, now: number) => boolean = () => false,
  ) {
    this.buildsDisabled = buildsDisabled;
    this.store = store;
    this.queue = queue;
    this.projects = projects;
    this.versions = versions;
  }

  add(project: string, version: string, b: BuildSeed): number {
    const s = this.store;
    const v = s.versions.find((x) => x.project === project && x.slug === version);
    if (!v) throw new Error(`stand-in: add version ${project}/${version} before its builds`);
    return this.queue.create(v, b, s.clock() - (b.startedAgoMs ?? 0), 'seed', b.commitFromStart ?? false).id;
  }

  records(project?: string): BuildRecord[] {
    const now = this.store.clock();
    return this.store.buildList
      .filter((b) => project === undefined || b.project === project)
      .map((b) => {
        const s = this.store.snap(b, now);
        return { ...b, state: s.state, success: s.success };
      });
  }

  json(b: BuildData, now: number): Record<string, unknown> {
    const st = this.store;
    const s = st.snap(b, now);
    const self = st.api(`projects/${b.project}/builds/${b.id}/`);
    return {
      _links: {
        _self: self,
        notifications: `${self}notifications/`,
        project: st.api(`projects/${b.project}/`),
        version: b.orphaned ? null : st.api(`projects/${b.project}/versions/${b.version}/`),
      },
      commit: s.commit,
      created: iso(b.createdAt),
      duration: s.duration,
      error: '',
      finished: s.finished === null ? null : iso(s.finished),
      id: b.id,
      project: b.project,
      state: { code: s.state, name: titleCase(s.state) },
      success: s.success,
      urls: {
        build: `${st.url}/projects/${b.project}/builds/${b.id}/`,
        project: `${st.url}/projects/${b.project}/`,
        version: b.orphaned ? null : `${st.url}/dashboard/${b.project}/version/${b.version}/edit/`,
      },
      version: b.orphaned ? null : b.version,
    };
  }

  // FACTS: "No cancel endpoint exists in API v3 (the dashboard's needs a session); the only way
  // with a token is a new trigger of the version": nothing here cancels a build.
  routes(): Route[] {
    return [
      {
        pattern: new RegExp(`${PROJECT}/versions/${VSLUG}/builds/$`),
        admin: 'writes',
        methods: {
          GET: (c, m) => this.versionBuilds(c, m[1] ?? '', m[2] ?? ''),
          POST: (c, m) => this.trigger(c, m[1] ?? '', m[2] ?? ''),
        },
      },
      { pattern: new RegExp(`${PROJECT}/builds/$`), methods: { GET: (c, m) => this.list(c, m[1] ?? '') } },
      { pattern: new RegExp(`${PROJECT}/builds/(\\d+)/$`), methods: { GET: (c, m) => this.detail(c, m[1] ?? '', Number(m[2])) } },
      {
        pattern: new RegExp(`${PROJECT}/builds/(\\d+)/notifications/$`),
        methods: { GET: (c, m) => this.notifications(c, m[1] ?? '', Number(m[2])) },
      },
    ];
  }

  private notificationsOf(b: BuildData, now: number): Record<string, unknown>[] {
    const s = this.store.snap(b, now);
    let seeds = b.notifications ?? [];
    if (
      seeds.length === 0 &&
      s.state === 'cancelled' &&
      (b.outcome === 'skipped' || b.outcome === 'skipped-in-post-checkout') &&
      b.cancelledAt === null
    ) {
      seeds = [
        {
          id: 'build:user:exit-code-183',
          header: 'Build skipped.',
          body: 'This build was skipped because a command exited with code 183.',
          type: 'info',
        },
      ];
    } else if (seeds.length === 0 && s.state === 'finished' && b.outcome === 'failure-before-checkout') {
      seeds = [
        {
          id: 'config:base:invalid-syntax',
          header: 'Invalid configuration file',
          body: 'Error while parsing `.readthedocs.yaml`.',
          type: 'error',
        },
      ];
    } else if (seeds.length === 0 && s.state === 'cancelled') {
      // FACTS: "(a newer push's build superseded it: notification `build:user:cancelled`, `length` 0)":
      // a user's cancel and a newer trigger's say the same.
      seeds = [
        { id: 'build:user:cancelled', header: 'Build cancelled manually.', body: 'The user has cancelled this build.', type: 'error' },
      ];
    } else if (seeds.length === 0 && s.state === 'finished' && s.success === false) {
      const fc = b.failingCommand;
      seeds = [
        {
          id: 'build:commands:failed',
          header: 'Build failed',
          body: fc ? `The command "${fc.command}" exited with code ${fc.exit_code}.` : 'A build command failed.',
          type: 'error',
        },
      ];
    } else if (!isFinal(s.state)) {
      seeds = [];
    }
    return seeds.map((n, i) => {
      const id = b.id * 100 + i + 1;
      return {
        _links: { _self: this.store.api(`projects/${b.project}/builds/${b.id}/notifications/${id}/`) },
        attached_to_content_type: 'build',
        attached_to_id: b.id,
        dismissable: false,
        id,
        message: { body: n.body, header: n.header, icon_classes: ICONS[n.type] ?? ICONS['error'], id: n.id, type: n.type },
        news: false,
        state: 'unread',
      };
    });
  }

  private versionBuilds(ctx: Ctx, slug: string, vslug: string): Reply {
    const p = this.store.visibleProject(slug, ctx);
    const v = p ? this.store.findVersion(p.slug, vslug, ctx.now) : null;
    const items = v ? this.filtered(ctx, (b) => b.project === v.project && b.version === v.slug && !b.orphaned) : [];
    return this.store.list(ctx, items, (b) => this.json(b, ctx.now));
  }

  private filtered(ctx: Ctx, scope: (b: BuildData) => boolean): BuildData[] {
    const commit = ctx.params.get('commit');
    const running = parseBool(ctx.params.get('running'));
    return this.store.buildList
      .filter((b) => {
        if (!scope(b)) return false;
        const s = this.store.snap(b, ctx.now);
        if (commit && s.commit !== commit) return false;
        if (running !== null && isFinal(s.state) === running) return false;
        return true;
      })
      .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
  }

  private trigger(ctx: Ctx, slug: string, vslug: string): Reply {
    const p = this.store.visibleProject(slug, ctx);
    if (!p) return detail(404, 'No Project matches the given query.');
    const v = this.store.findVersion(p.slug, vslug, ctx.now);
    if (!v) return detail(404, 'No Version matches the given query.');
    // FACTS (Builds): "A version uploaded by a pipeline (the service's direct upload, beta) is never
    // built by the service: a trigger answers 400 `{"error": "Cannot trigger a build for an uploaded version."}`".
    if (v.uploaded) return json(400, { error: 'Cannot trigger a build for an uploaded version.' });
    // FACTS (Builds): an inactive project, or (Community) one whose builds the service disabled after
    // 25 failed builds of its default version in a row: "a trigger then answers 400 `triggered: false`".
    if (!p.active || this.buildsDisabled(p, ctx.now)) {
      return json(400, {
        build: { _links: {}, commit: '', created: null, duration: null, state: { code: '' }, urls: { build: '' } },
        project: this.projects.json(p, [], ctx.now),
        triggered: false,
        version: this.versions.json(p, v, ctx.now),
      });
    }
    const b = this.queue.trigger(v, ctx.now, 'api');
    return json(202, {
      build: this.json(b, ctx.now),
      project: this.projects.json(p, [], ctx.now),
      triggered: true,
      version: this.versions.json(p, v, ctx.now),
    });
  }

  private list(ctx: Ctx, slug: string): Reply {
    const p = this.store.visibleProject(slug, ctx);
    const items = p ? this.filtered(ctx, (b) => b.project === p.slug) : [];
    return this.store.list(ctx, items, (b) => this.json(b, ctx.now));
  }

  private find(ctx: Ctx, slug: string, id: number): BuildData | null {
    const p = this.store.visibleProject(slug, ctx);
    return (p && this.store.buildList.find((b) => b.id === id && b.project === p.slug)) || null;
  }

  private detail(ctx: Ctx, slug: string, id: number): Reply {
    const b = this.find(ctx, slug, id);
    if (!b) return detail(404, 'No Build matches the given query.');
    const body = this.json(b, ctx.now);
    const expand = (ctx.params.get('expand') ?? '').split(',').map((s) => s.trim());
    if (expand.includes('config')) body['config'] = this.configOf(b, ctx.now);
    return json(200, body);
  }

  /**
   * FACTS: "A finished build's resolved configuration: `GET /projects/{p}/builds/{id}/?expand=config`
   * (… `doctype`: `sphinx`, `sphinx_htmldir`, `sphinx_singlehtml`, `mkdocs` or `generic`)". The
   * configuration is read after the checkout: null before it, and for a build that never got there.
   */
  private configOf(b: BuildData, now: number): Record<string, unknown> | null {
    const s = this.store.snap(b, now);
    if (b.outcome === 'failure-before-checkout' || s.state === 'triggered' || s.state === 'cloning' || s.commit === null) return null;
    return b.config ?? {};
  }

  private notifications(ctx: Ctx, slug: string, id: number): Reply {
    const b = this.find(ctx, slug, id);
    return this.store.list(ctx, b ? this.notificationsOf(b, ctx.now) : [], (n) => n);
  }
}
