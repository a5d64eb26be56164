// A loopback stand-in of the Read the Docs API (v3, v2 build, search v3) that behaves as the real
// service was observed to behave: states move with the clock, triggers cancel older builds,
// throttling, auth rules and injected network faults.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { escapeHtml, fakeSha, isFinal, iso, languageName, normaliseFractions, phaseBoundaries, snapshot, titleCase } from './model.ts';
import type {
  BuildData,
  BuildPlan,
  BuildRecord,
  BuildSeed,
  BuildSource,
  EnvVarData,
  ProjectData,
  ProjectSeed,
  RateLimit,
  SearchHitSeed,
  Snapshot,
  StandinOptions,
  VersionData,
  VersionSeed,
} from './model.ts';
import {
  DJANGO_404,
  Throttle,
  detail,
  empty,
  faultMatches,
  html,
  json,
  paginate,
  parseBody,
  parseBool,
  sortedQuery,
  throttled,
} from './http.ts';
import type { Fault, QueuedFault, RecordedRequest, Reply } from './http.ts';
import { ProjectConfigResources } from './project-config.ts';
import type { RedirectData } from './project-config.ts';

export interface Standin {
  /** 'http://127.0.0.1:PORT', no trailing slash. */
  url: string;
  requests: RecordedRequest[];
  count(method: string, pathPattern: RegExp | string): number;
  addProject(p: ProjectSeed): void;
  addVersion(project: string, v: VersionSeed): void;
  addBuild(project: string, version: string, b: BuildSeed): number;
  onTrigger(project: string, version: string, plan: BuildPlan | BuildPlan[]): void;
  setSearchHits(project: string, version: string, hits: SearchHitSeed[]): void;
  fault(f: Fault): void;
  builds(project?: string): BuildRecord[];
  /** Deletes a version; its builds stay, with `version: null`. */
  deleteVersion(project: string, slug: string): void;
  envVars(project: string): { pk: number; name: string; value: string; public: boolean | null }[];
  /** Seeds a variable as the dashboard would (no request recorded); returns its pk (`public: null` as the model allows). */
  addEnvVar(project: string, v: { name: string; value: string; public?: boolean | null }): number;
  /** Seeds a redirect as the dashboard would (no request recorded), last in order; returns its pk. */
  addRedirect(project: string, r: Partial<Omit<RedirectData, 'pk' | 'project'>> & { type: string }): number;
  /** The project's redirects in order of position. */
  redirects(project: string): RedirectData[];
  /** Makes `child` a subproject of `parent` as the dashboard would. */
  addSubproject(parent: string, child: string, alias?: string): void;
  close(): Promise<void>;
}

interface Ctx {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: Record<string, string>;
  body: string;
  /** Valid token, or null when anonymous. */
  token: string | null;
  now: number;
}

type Handler = (ctx: Ctx, m: RegExpMatchArray) => Reply;

interface Route {
  pattern: RegExp;
  methods: Record<string, Handler>;
  /** Every method needs a token (env vars, the projects list). */
  tokenOnly?: boolean;
  /** Django view outside DRF: no auth, no throttle. */
  plain?: boolean;
}

const SLUG = '([-a-zA-Z0-9_]+)';
const VSLUG = '([-._a-zA-Z0-9]+)';
const MAX_ENV_TOTAL = 256_000;
const DEFAULT_PLAN: BuildPlan = { durationMs: 3000, outcome: 'success' };
const ICONS: Record<string, string> = {
  error: 'fas fa-circle-xmark',
  warning: 'fas fa-circle-exclamation',
  info: 'fas fa-circle-info',
  note: 'fas fa-circle-info',
  tip: 'fas fa-circle-info',
};

class StandinServer implements Standin {
  url = '';
  requests: RecordedRequest[] = [];

  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly clock: () => number;
  private readonly tokens: Set<string>;
  private readonly rateLimit: RateLimit | null;
  private readonly anonymousRateLimit: RateLimit | null;
  private readonly latencyMs: number;
  private readonly indexDelayMs: number;
  private readonly fractions: number[];
  private readonly throttle = new Throttle();
  private readonly faults: QueuedFault[] = [];
  private readonly projects = new Map<string, ProjectData>();
  private readonly versions: VersionData[] = [];
  private readonly buildList: BuildData[] = [];
  private readonly plans = new Map<string, BuildPlan[]>();
  private readonly searchHits = new Map<string, SearchHitSeed[]>();
  private readonly env: EnvVarData[] = [];
  private readonly routes: Route[];
  private readonly config = new ProjectConfigResources({
    origin: () => this.url,
    projects: this.projects,
    visibleProject: (slug, ctx) => this.visibleProject(slug, ctx as Ctx),
    projectJson: (p, ctx) => this.projectJson(p, [], ctx.now),
  });
  private nextId = { project: 1, version: 1, build: 1, env: 1 };

  constructor(options: StandinOptions) {
    this.clock = options.now ?? Date.now;
    this.tokens = new Set(options.tokens ?? ['test-token']);
    this.rateLimit = options.rateLimit === undefined ? { limit: 60, windowMs: 60_000 } : options.rateLimit;
    this.anonymousRateLimit =
      this.rateLimit === null
        ? null
        : options.anonymousRateLimit === undefined
          ? { limit: 5, windowMs: 60_000 }
          : options.anonymousRateLimit;
    this.latencyMs = options.latencyMs ?? 0;
    this.indexDelayMs = options.indexDelayMs ?? 1500;
    this.fractions = normaliseFractions(options.phaseFractions);
    this.routes = this.buildRoutes();
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((e: unknown) => {
        if (!res.headersSent && !res.destroyed) {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(`stand-in error: ${String(e)}`);
        }
      });
    });
    this.server.on('connection', (s: Socket) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
  }

  // ---------- public API for tests ----------

  addRedirect(project: string, r: Partial<Omit<RedirectData, 'pk' | 'project'>> & { type: string }): number {
    this.requireProject(project);
    return this.config.addRedirect(project, r);
  }

  redirects(project: string): RedirectData[] {
    return this.config.redirects(project).map((r) => ({ ...r }));
  }

  addSubproject(parent: string, child: string, alias?: string): void {
    this.requireProject(parent);
    this.requireProject(child).subprojectOf = { parent, alias: alias ?? child };
  }

  count(method: string, pathPattern: RegExp | string): number {
    const m = method.toUpperCase();
    return this.requests.filter((r) => {
      if (m !== '*' && r.method !== m) return false;
      if (typeof pathPattern === 'string') return r.path.includes(pathPattern);
      pathPattern.lastIndex = 0;
      return pathPattern.test(r.path);
    }).length;
  }

  addProject(p: ProjectSeed): void {
    if (this.projects.has(p.slug)) throw new Error(`stand-in: project ${p.slug} already exists`);
    this.projects.set(p.slug, {
      id: this.nextId.project++,
      slug: p.slug,
      name: p.name ?? p.slug,
      language: p.language ?? 'en',
      versioningScheme: p.versioningScheme ?? 'multiple_versions_with_translations',
      translationOf: p.translationOf ?? null,
      subprojectOf: p.subprojectOf ?? null,
      defaultVersion: p.defaultVersion ?? 'latest',
      defaultBranch: p.defaultBranch ?? 'main',
      active: p.active ?? true,
      privacy: p.privacy ?? 'public',
      repositoryUrl: p.repositoryUrl ?? `https://github.com/example/${p.slug}`,
      readthedocsYamlPath: p.readthedocsYamlPath ?? null,
      createdAt: this.clock(),
    });
    const seeds = p.versions ?? [];
    if ((p.latest ?? true) && !seeds.some((v) => v.slug === 'latest')) this.addVersion(p.slug, { slug: 'latest' });
    for (const v of seeds) this.addVersion(p.slug, v);
  }

  addVersion(project: string, v: VersionSeed): void {
    this.requireProject(project);
    if (this.versions.some((x) => x.project === project && x.slug === v.slug)) {
      throw new Error(`stand-in: version ${project}/${v.slug} already exists`);
    }
    const pending = v.appearsAfterSyncMs !== undefined;
    this.versions.push({
      id: this.nextId.version++,
      project,
      slug: v.slug,
      type: v.type ?? 'branch',
      active: v.active ?? true,
      hidden: v.hidden ?? false,
      built: v.built ?? false,
      privacy: v.privacy ?? 'public',
      identifier: v.identifier ?? fakeSha(`${project}/${v.slug}`),
      verboseName: v.verboseName ?? v.slug,
      pendingSyncDelayMs: pending ? (v.appearsAfterSyncMs ?? 0) : null,
      visibleAt: pending ? Infinity : 0,
    });
  }

  addBuild(project: string, version: string, b: BuildSeed): number {
    const v = this.versions.find((x) => x.project === project && x.slug === version);
    if (!v) throw new Error(`stand-in: add version ${project}/${version} before its builds`);
    return this.createBuild(v, b, this.clock() - (b.startedAgoMs ?? 0), 'seed', b.commitFromStart ?? false).id;
  }

  onTrigger(project: string, version: string, plan: BuildPlan | BuildPlan[]): void {
    this.plans.set(`${project}/${version}`, Array.isArray(plan) ? [...plan] : [plan]);
  }

  setSearchHits(project: string, version: string, hits: SearchHitSeed[]): void {
    this.searchHits.set(`${project}/${version}`, hits);
  }

  fault(f: Fault): void {
    this.faults.push({ fault: f, remaining: f.times ?? 1, seen: 0 });
  }

  builds(project?: string): BuildRecord[] {
    const now = this.clock();
    return this.buildList
      .filter((b) => project === undefined || b.project === project)
      .map((b) => {
        const s = this.snap(b, now);
        return { ...b, state: s.state, success: s.success };
      });
  }

  /**
   * Deletes a version as the service does (closed PR versions after 90 days, removed branches):
   * its builds stay in the project's list with `version: null`.
   */
  deleteVersion(project: string, slug: string): void {
    const index = this.versions.findIndex((v) => v.project === project && v.slug === slug);
    if (index >= 0) this.versions.splice(index, 1);
    for (const b of this.buildList) if (b.project === project && b.version === slug) b.orphaned = true;
  }

  envVars(project: string): { pk: number; name: string; value: string; public: boolean | null }[] {
    return this.env.filter((e) => e.project === project).map((e) => ({ pk: e.pk, name: e.name, value: e.value, public: e.public }));
  }

  addEnvVar(project: string, v: { name: string; value: string; public?: boolean | null }): number {
    this.requireProject(project);
    const e: EnvVarData = {
      pk: this.nextId.env++,
      project,
      name: v.name,
      value: v.value,
      public: v.public === undefined ? false : v.public,
      createdAt: this.clock(),
    };
    this.env.push(e);
    return e.pk;
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
      for (const s of this.sockets) s.destroy();
    });
  }

  // ---------- request handling ----------

  private sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.timers.delete(t);
        resolve();
      }, ms);
      this.timers.add(t);
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const at = Date.now();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = (req.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
    }
    const rec: RecordedRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams.entries()),
      headers,
      body,
      at,
      status: 0,
    };
    this.requests.push(rec);

    const fault = this.takeFault(method, url.pathname, url.pathname + url.search);
    if (fault) rec.fault = fault.kind;
    await this.sleep(this.latencyMs);

    if (fault?.kind === 'reset') {
      this.destroy(req);
      return;
    }
    if (fault?.kind === 'status') {
      const text = fault.body ?? `<html><body><h1>${fault.status}</h1></body></html>`;
      const looksJson = /^\s*[[{]/.test(text);
      const reply: Reply = {
        status: fault.status,
        headers: {
          'content-type': fault.contentType ?? (looksJson ? 'application/json' : 'text/html; charset=utf-8'),
          ...(fault.headers ?? {}),
        },
        body: text,
      };
      this.send(res, rec, reply);
      return;
    }
    if (fault?.kind === 'redirect') {
      this.send(res, rec, {
        status: fault.status ?? 302,
        headers: { location: fault.location, 'content-type': 'text/html; charset=utf-8' },
        body: '',
      });
      return;
    }
    if (fault?.kind === 'delay') await this.sleep(fault.ms);

    const reply = this.process(method, url, headers, body, rec.path, req.socket.remoteAddress ?? 'unknown');

    if (fault?.kind === 'delay-after-processing') await this.sleep(fault.ms);
    if (fault?.kind === 'reset-after-processing') {
      this.destroy(req);
      return;
    }
    if (fault?.kind === 'truncate') {
      const buf = Buffer.from(reply.body, 'utf8');
      rec.status = reply.status;
      if (res.destroyed) return;
      res.writeHead(reply.status, { ...reply.headers, 'content-length': String(buf.length) });
      res.write(buf.subarray(0, Math.floor(buf.length / 2)), () => this.destroy(req));
      return;
    }
    if (fault?.kind === 'stall-body') {
      const buf = Buffer.from(reply.body, 'utf8');
      rec.status = reply.status;
      if (res.destroyed) return;
      res.writeHead(reply.status, { ...reply.headers, 'content-length': String(buf.length) });
      res.write(buf.subarray(0, Math.floor(buf.length / 2)));
      await this.sleep(fault.ms);
      this.destroy(req);
      return;
    }
    this.send(res, rec, fault?.kind === 'rewrite' ? { ...reply, body: fault.transform(reply.body) } : reply);
  }

  private destroy(req: IncomingMessage): void {
    const s = req.socket;
    if (typeof s.resetAndDestroy === 'function') s.resetAndDestroy();
    else s.destroy();
  }

  private send(res: ServerResponse, rec: RecordedRequest, reply: Reply): void {
    rec.status = reply.status;
    if (res.destroyed || res.headersSent) return;
    const buf = Buffer.from(reply.body, 'utf8');
    res.writeHead(reply.status, { ...reply.headers, 'content-length': String(buf.length) });
    res.end(buf);
  }

  private takeFault(method: string, path: string, fullPath: string): Fault | null {
    for (const q of this.faults) {
      if (q.remaining <= 0 || !faultMatches(q.fault, method, path, fullPath)) continue;
      q.seen++;
      if (q.seen <= (q.fault.after ?? 0)) continue;
      q.remaining--;
      return q.fault;
    }
    return null;
  }

  private process(method: string, url: URL, headers: Record<string, string>, body: string, path: string, ip: string): Reply {
    let found: { route: Route; match: RegExpMatchArray } | null = null;
    for (const route of this.routes) {
      const match = path.match(route.pattern);
      if (match) {
        found = { route, match };
        break;
      }
    }
    if (!found) {
      // Django's CommonMiddleware: APPEND_SLASH redirects when the slashed path resolves.
      if (!path.endsWith('/') && this.routes.some((r) => r.pattern.test(`${path}/`))) {
        return { status: 301, headers: { location: `${path}/${url.search}`, 'content-type': 'text/html; charset=utf-8' }, body: '' };
      }
      return html(404, DJANGO_404);
    }
    const { route, match } = found;
    const now = this.clock();
    const ctx: Ctx = { method, path, params: url.searchParams, headers, body, token: null, now };
    if (route.plain) {
      const h = route.methods[method];
      return h ? h(ctx, match) : html(405, '');
    }

    // DRF order: authentication, permissions, throttling, then the handler (405 included).
    const auth = this.authenticate(headers['authorization']);
    if (typeof auth !== 'string' && auth !== null) return auth;
    ctx.token = auth;
    const safe = method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
    if (ctx.token === null && (route.tokenOnly || !safe)) {
      return detail(401, 'Authentication credentials were not provided.', { 'www-authenticate': 'Token' });
    }
    if (this.rateLimit) {
      const limit = ctx.token === null ? this.anonymousRateLimit : this.rateLimit;
      if (limit) {
        const key = ctx.token === null ? `ip:${ip}` : `token:${ctx.token}`;
        const wait = this.throttle.check(key, limit.limit, limit.windowMs, now);
        if (wait !== null) return throttled(wait);
      }
    }
    const handler = route.methods[method === 'HEAD' ? 'GET' : method];
    if (!handler) {
      return detail(405, `Method "${method}" not allowed.`, { allow: Object.keys(route.methods).join(', ') });
    }
    return handler(ctx, match);
  }

  /** Returns the valid token, null for anonymous, or a 401 reply. */
  private authenticate(header: string | undefined): string | null | Reply {
    if (!header) return null;
    const parts = header.trim().split(/\s+/);
    if ((parts[0] ?? '').toLowerCase() !== 'token') return null;
    const challenge = { 'www-authenticate': 'Token' };
    if (parts.length === 1) return detail(401, 'Invalid token header. No credentials provided.', challenge);
    if (parts.length > 2) return detail(401, 'Invalid token header. Token string should not contain spaces.', challenge);
    const key = parts[1] ?? '';
    return this.tokens.has(key) ? key : detail(401, 'Invalid token.', challenge);
  }

  // ---------- lookups ----------

  private requireProject(slug: string): ProjectData {
    const p = this.projects.get(slug);
    if (!p) throw new Error(`stand-in: unknown project ${slug}`);
    return p;
  }

  private visibleProject(slug: string, ctx: Ctx): ProjectData | null {
    const p = this.projects.get(slug);
    if (!p) return null;
    if (p.privacy === 'private' && ctx.token === null) return null;
    return p;
  }

  /** Versions that exist for the API (pending ones excluded); PR versions included. */
  private findVersion(project: string, slug: string, now: number): VersionData | null {
    const v = this.versions.find((x) => x.project === project && x.slug === slug);
    return v && v.visibleAt <= now ? v : null;
  }

  private snap(b: BuildData, now: number): Snapshot {
    return snapshot(b, now, this.fractions);
  }

  private versionBuilt(v: VersionData, now: number): boolean {
    return v.built || this.lastSuccess(v, now) !== null;
  }

  private lastSuccess(v: VersionData, now: number): { build: BuildData; endedAt: number } | null {
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

  // ---------- builds ----------

  private nextPlan(v: VersionData): BuildPlan {
    const queue = this.plans.get(`${v.project}/${v.slug}`);
    if (!queue || queue.length === 0) return DEFAULT_PLAN;
    // Successive triggers take successive plans; the last one repeats.
    return (queue.length > 1 ? queue.shift() : queue[0]) ?? DEFAULT_PLAN;
  }

  private defaultCommit(v: VersionData): string {
    if (v.type === 'external') {
      // Rebuilding a PR version builds the last built commit.
      const last = this.buildList.filter((b) => b.project === v.project && b.version === v.slug).at(-1);
      if (last) return last.commit;
    }
    return v.identifier;
  }

  private createBuild(v: VersionData, plan: BuildPlan, createdAt: number, source: BuildSource, commitFromStart: boolean): BuildData {
    const b: BuildData = {
      id: this.nextId.build++,
      project: v.project,
      version: v.slug,
      createdAt,
      queueMs: plan.queueMs ?? 0,
      durationMs: plan.durationMs,
      outcome: plan.outcome,
      commit: plan.commit ?? this.defaultCommit(v),
      commitFromStart,
      failingCommand: plan.failingCommand,
      notifications: plan.notifications,
      cancelledAt: null,
      source,
    };
    this.buildList.push(b);
    return b;
  }

  /** A trigger never deduplicates: it cancels every non-final build of the version, then queues one. */
  private trigger(v: VersionData, now: number, source: BuildSource): BuildData {
    for (const b of this.buildList) {
      if (b.project === v.project && b.version === v.slug && !isFinal(this.snap(b, now).state)) b.cancelledAt = now;
    }
    return this.createBuild(v, this.nextPlan(v), now, source, false);
  }

  // ---------- rendering ----------

  private api(path: string): string {
    return `${this.url}/api/v3/${path}`;
  }

  /** Documentation root of a version, following the versioning scheme and the canonical project. */
  private docsUrl(p: ProjectData, versionSlug: string, external: boolean): string {
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

  private projectJson(p: ProjectData, expand: string[], now: number): Record<string, unknown> {
    const self = this.api(`projects/${p.slug}/`);
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
      default_branch: p.defaultBranch,
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
        builds: `${this.url}/projects/${p.slug}/builds/`,
        documentation: this.docsUrl(p, p.defaultVersion, false),
        downloads: null,
        home: `${this.url}/projects/${p.slug}/`,
        versions: `${this.url}/projects/${p.slug}/versions/`,
      },
      users: [{ username: 'testuser' }],
      versioning_scheme: p.versioningScheme,
    };
    if (expand.includes('active_versions')) {
      out['active_versions'] = this.versions
        .filter((v) => v.project === p.slug && v.active && v.type !== 'external' && v.visibleAt <= now)
        .map((v) => this.versionJson(p, v, now));
    }
    if (expand.includes('permissions')) out['permissions'] = { admin: true };
    this.config.decorate(p, out);
    return out;
  }

  private versionJson(p: ProjectData, v: VersionData, now: number): Record<string, unknown> {
    const self = this.api(`projects/${p.slug}/versions/${v.slug}/`);
    const last = this.lastSuccess(v, now);
    const vcsPath = v.type === 'external' ? `pull/${v.slug}` : `tree/${v.slug === 'latest' ? p.defaultBranch : v.slug}`;
    return {
      _links: { _self: self, builds: `${self}builds/`, project: this.api(`projects/${p.slug}/`) },
      active: v.active,
      aliases: [],
      built: this.versionBuilt(v, now),
      downloads: {},
      hidden: v.hidden,
      id: v.id,
      identifier: last ? last.build.commit : v.identifier,
      privacy_level: v.privacy,
      ref: null,
      slug: v.slug,
      type: v.type,
      urls: {
        dashboard: { edit: `${this.url}/dashboard/${p.slug}/version/${v.slug}/edit/` },
        documentation: this.docsUrl(p, v.slug, v.type === 'external'),
        vcs: `${p.repositoryUrl}/${vcsPath}/`,
      },
      verbose_name: v.verboseName,
    };
  }

  private buildJson(b: BuildData, now: number): Record<string, unknown> {
    const s = this.snap(b, now);
    const self = this.api(`projects/${b.project}/builds/${b.id}/`);
    return {
      _links: {
        _self: self,
        notifications: `${self}notifications/`,
        project: this.api(`projects/${b.project}/`),
        version: b.orphaned ? null : this.api(`projects/${b.project}/versions/${b.version}/`),
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
        build: `${this.url}/projects/${b.project}/builds/${b.id}/`,
        project: `${this.url}/projects/${b.project}/`,
        version: b.orphaned ? null : `${this.url}/dashboard/${b.project}/version/${b.version}/edit/`,
      },
      version: b.orphaned ? null : b.version,
    };
  }

  private notificationsOf(b: BuildData, now: number): Record<string, unknown>[] {
    const s = this.snap(b, now);
    let seeds = b.notifications ?? [];
    if (seeds.length === 0 && s.state === 'cancelled' && b.outcome === 'skipped' && b.cancelledAt === null) {
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
        _links: { _self: this.api(`projects/${b.project}/builds/${b.id}/notifications/${id}/`) },
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

  private commandsOf(b: BuildData, s: Snapshot): Record<string, unknown>[] {
    const p = this.projects.get(b.project);
    const start = b.createdAt + b.queueMs;
    const bounds = phaseBoundaries(b.durationMs, this.fractions);
    const failing =
      b.outcome === 'failure'
        ? (b.failingCommand ?? {
            command: 'python -m sphinx -T -W --keep-going -b html -d _build/doctrees -D language=en . $READTHEDOCS_OUTPUT/html',
            output: 'Warning, treated as error:\nindex.rst:12: WARNING: undefined label: missing',
            exit_code: 1,
          })
        : null;
    const steps: { phase: number; command: string; output: string; exit_code: number }[] = [
      { phase: 0, command: `git clone --depth 1 ${p?.repositoryUrl ?? ''} .`, output: "Cloning into '.'...", exit_code: 0 },
      { phase: 0, command: `git checkout --force ${b.commit}`, output: `HEAD is now at ${b.commit.slice(0, 7)}`, exit_code: 0 },
      {
        phase: 1,
        command: 'python -m pip install --upgrade --no-cache-dir -r docs/requirements.txt',
        output: 'Successfully installed sphinx',
        exit_code: 0,
      },
      failing
        ? { phase: 2, ...failing }
        : {
            phase: 2,
            command: 'python -m sphinx -T -b html -d _build/doctrees -D language=en . $READTHEDOCS_OUTPUT/html',
            output: 'build succeeded.',
            exit_code: 0,
          },
    ];
    const out: Record<string, unknown>[] = [];
    steps.forEach((step, i) => {
      const from = start + (bounds[step.phase] ?? 0);
      const to = start + (bounds[step.phase + 1] ?? b.durationMs);
      if (to > s.effectiveAt) return;
      out.push({
        build: b.id,
        command: step.command,
        description: '',
        end_time: iso(to),
        exit_code: step.exit_code,
        id: b.id * 100 + i + 1,
        output: step.output,
        run_time: Math.round((to - from) / 1000),
        start_time: iso(from),
      });
    });
    return out;
  }

  // ---------- routes ----------

  private buildRoutes(): Route[] {
    const P = `^/api/v3/projects/${SLUG}`;
    return [
      { pattern: /^\/api\/v3\/projects\/$/, tokenOnly: true, methods: { GET: (c) => this.projectsList(c) } },
      {
        pattern: new RegExp(`${P}/$`),
        methods: { GET: (c, m) => this.projectDetail(c, m[1] ?? ''), PATCH: (c, m) => this.config.projectUpdate(c, m[1] ?? '') },
      },
      { pattern: new RegExp(`${P}/translations/$`), methods: { GET: (c, m) => this.translations(c, m[1] ?? '') } },
      {
        pattern: new RegExp(`${P}/subprojects/$`),
        methods: { GET: (c, m) => this.subprojects(c, m[1] ?? ''), POST: (c, m) => this.config.subprojectCreate(c, m[1] ?? '') },
      },
      {
        pattern: new RegExp(`${P}/subprojects/${SLUG}/$`),
        methods: {
          GET: (c, m) => this.config.subprojectDetail(c, m[1] ?? '', m[2] ?? ''),
          DELETE: (c, m) => this.config.subprojectDelete(c, m[1] ?? '', m[2] ?? ''),
        },
      },
      {
        pattern: new RegExp(`${P}/redirects/$`),
        tokenOnly: true,
        methods: { GET: (c, m) => this.config.redirectsList(c, m[1] ?? ''), POST: (c, m) => this.config.redirectCreate(c, m[1] ?? '') },
      },
      {
        pattern: new RegExp(`${P}/redirects/(\\d+)/$`),
        tokenOnly: true,
        methods: {
          GET: (c, m) => this.config.redirectDetail(c, m[1] ?? '', Number(m[2])),
          PUT: (c, m) => this.config.redirectUpdate(c, m[1] ?? '', Number(m[2])),
          DELETE: (c, m) => this.config.redirectDelete(c, m[1] ?? '', Number(m[2])),
        },
      },
      { pattern: new RegExp(`${P}/superproject/$`), methods: { GET: (c, m) => this.superproject(c, m[1] ?? '') } },
      { pattern: new RegExp(`${P}/versions/$`), methods: { GET: (c, m) => this.versionsList(c, m[1] ?? '') } },
      {
        pattern: new RegExp(`${P}/versions/${VSLUG}/$`),
        methods: {
          GET: (c, m) => this.versionDetail(c, m[1] ?? '', m[2] ?? ''),
          PATCH: (c, m) => this.versionUpdate(c, m[1] ?? '', m[2] ?? ''),
          PUT: (c, m) => this.versionUpdate(c, m[1] ?? '', m[2] ?? ''),
        },
      },
      {
        pattern: new RegExp(`${P}/versions/${VSLUG}/builds/$`),
        methods: {
          GET: (c, m) => this.versionBuilds(c, m[1] ?? '', m[2] ?? ''),
          POST: (c, m) => this.triggerBuild(c, m[1] ?? '', m[2] ?? ''),
        },
      },
      { pattern: new RegExp(`${P}/builds/$`), methods: { GET: (c, m) => this.buildsList(c, m[1] ?? '') } },
      { pattern: new RegExp(`${P}/builds/(\\d+)/$`), methods: { GET: (c, m) => this.buildDetail(c, m[1] ?? '', Number(m[2])) } },
      {
        pattern: new RegExp(`${P}/builds/(\\d+)/notifications/$`),
        methods: { GET: (c, m) => this.buildNotifications(c, m[1] ?? '', Number(m[2])) },
      },
      { pattern: new RegExp(`${P}/sync-versions/$`), methods: { POST: (c, m) => this.syncVersions(c, m[1] ?? '') } },
      {
        pattern: new RegExp(`${P}/environmentvariables/$`),
        tokenOnly: true,
        methods: { GET: (c, m) => this.envList(c, m[1] ?? ''), POST: (c, m) => this.envCreate(c, m[1] ?? '') },
      },
      {
        pattern: new RegExp(`${P}/environmentvariables/(\\d+)/$`),
        tokenOnly: true,
        methods: {
          GET: (c, m) => this.envDetail(c, m[1] ?? '', Number(m[2])),
          DELETE: (c, m) => this.envDelete(c, m[1] ?? '', Number(m[2])),
        },
      },
      { pattern: /^\/api\/v3\/search\/$/, methods: { GET: (c) => this.search(c) } },
      { pattern: /^\/api\/v2\/build\/(\d+)\/$/, methods: { GET: (c, m) => this.v2Build(c, Number(m[1])) } },
      { pattern: /^\/docs\/.*$/, plain: true, methods: { GET: (c) => this.serveDocs(c) } },
    ];
  }

  private list<T>(ctx: Ctx, items: T[], render: (item: T) => unknown): Reply {
    return json(200, paginate(items, this.url, ctx.path, ctx.params, render));
  }

  private projectsList(ctx: Ctx): Reply {
    const expand = (ctx.params.get('expand') ?? '').split(',');
    return this.list(ctx, [...this.projects.values()], (p) => this.projectJson(p, expand, ctx.now));
  }

  private projectDetail(ctx: Ctx, slug: string): Reply {
    const p = this.visibleProject(slug, ctx);
    if (!p) return detail(404, 'No Project matches the given query.');
    const expand = (ctx.params.get('expand') ?? '').split(',').map((s) => s.trim());
    return json(200, this.projectJson(p, expand, ctx.now));
  }

  private translations(ctx: Ctx, slug: string): Reply {
    const p = this.visibleProject(slug, ctx);
    const items = p ? [...this.projects.values()].filter((x) => x.translationOf === p.slug) : [];
    return this.list(ctx, items, (x) => this.projectJson(x, [], ctx.now));
  }

  private subprojects(ctx: Ctx, slug: string): Reply {
    const p = this.visibleProject(slug, ctx);
    const items = p ? [...this.projects.values()].filter((x) => x.subprojectOf?.parent === p.slug) : [];
    return this.list(ctx, items, (x) => ({
      _links: {
        _self: this.api(`projects/${slug}/subprojects/${x.subprojectOf?.alias ?? x.slug}/`),
        parent: this.api(`projects/${slug}/`),
      },
      alias: x.subprojectOf?.alias ?? x.slug,
      child: this.projectJson(x, [], ctx.now),
    }));
  }

  private superproject(ctx: Ctx, slug: string): Reply {
    const p = this.visibleProject(slug, ctx);
    const parent = p?.subprojectOf ? this.projects.get(p.subprojectOf.parent) : undefined;
    // The service answers this 404 with an empty body.
    if (!parent) return empty(404);
    return json(200, this.projectJson(parent, [], ctx.now));
  }

  private versionsList(ctx: Ctx, slug: string): Reply {
    const p = this.visibleProject(slug, ctx);
    if (!p) return this.list(ctx, [], (x) => x);
    const active = parseBool(ctx.params.get('active'));
    const built = parseBool(ctx.params.get('built'));
    const type = ctx.params.get('type');
    const privacy = ctx.params.get('privacy_level');
    const slugFilter = ctx.params.get('slug')?.toLowerCase();
    const nameFilter = ctx.params.get('verbose_name')?.toLowerCase();
    const items = this.versions.filter(
      (v) =>
        v.project === p.slug &&
        v.type !== 'external' &&
        v.visibleAt <= ctx.now &&
        (active === null || v.active === active) &&
        (built === null || this.versionBuilt(v, ctx.now) === built) &&
        (!type || v.type === type) &&
        (!privacy || v.privacy === privacy) &&
        (!slugFilter || v.slug.toLowerCase().includes(slugFilter)) &&
        (!nameFilter || v.verboseName.toLowerCase().includes(nameFilter)),
    );
    return this.list(ctx, items, (v) => this.versionJson(p, v, ctx.now));
  }

  private versionDetail(ctx: Ctx, slug: string, vslug: string): Reply {
    const p = this.visibleProject(slug, ctx);
    const v = p ? this.findVersion(p.slug, vslug, ctx.now) : null;
    if (!p || !v || v.type === 'external') return detail(404, 'No Version matches the given query.');
    return json(200, this.versionJson(p, v, ctx.now));
  }

  private versionUpdate(ctx: Ctx, slug: string, vslug: string): Reply {
    const p = this.visibleProject(slug, ctx);
    const v = p ? this.findVersion(p.slug, vslug, ctx.now) : null;
    if (!p || !v || v.type === 'external') return detail(404, 'No Version matches the given query.');
    const parsed = parseBody(ctx.body, ctx.headers['content-type']);
    if (!parsed.ok) return parsed.reply;
    const fields = parsed.data;
    const errors: Record<string, string[]> = {};
    const boolField = (name: string): boolean | undefined => {
      const raw = fields[name];
      if (raw === undefined) return undefined;
      if (typeof raw === 'boolean') return raw;
      const parsed = typeof raw === 'string' ? parseBool(raw) : null;
      if (parsed === null) errors[name] = ['Must be a valid boolean.'];
      return parsed ?? undefined;
    };
    const active = boolField('active');
    const hidden = boolField('hidden');
    const privacy = fields['privacy_level'];
    if (privacy !== undefined && privacy !== 'public' && privacy !== 'private') {
      errors['privacy_level'] = [`"${String(privacy)}" is not a valid choice.`];
    }
    if (Object.keys(errors).length > 0) return json(400, errors);
    const wasActive = v.active;
    if (active !== undefined) v.active = active;
    if (hidden !== undefined) v.hidden = hidden;
    if (privacy === 'public' || privacy === 'private') v.privacy = privacy;
    // Activating a version queues a build by itself.
    if (!wasActive && v.active) this.trigger(v, ctx.now, 'activation');
    return empty(204);
  }

  private versionBuilds(ctx: Ctx, slug: string, vslug: string): Reply {
    const p = this.visibleProject(slug, ctx);
    const v = p ? this.findVersion(p.slug, vslug, ctx.now) : null;
    const items = v ? this.filteredBuilds(ctx, (b) => b.project === v.project && b.version === v.slug && !b.orphaned) : [];
    return this.list(ctx, items, (b) => this.buildJson(b, ctx.now));
  }

  private filteredBuilds(ctx: Ctx, scope: (b: BuildData) => boolean): BuildData[] {
    const commit = ctx.params.get('commit');
    const running = parseBool(ctx.params.get('running'));
    return this.buildList
      .filter((b) => {
        if (!scope(b)) return false;
        const s = this.snap(b, ctx.now);
        if (commit && s.commit !== commit) return false;
        if (running !== null && isFinal(s.state) === running) return false;
        return true;
      })
      .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
  }

  private triggerBuild(ctx: Ctx, slug: string, vslug: string): Reply {
    const p = this.visibleProject(slug, ctx);
    if (!p) return detail(404, 'No Project matches the given query.');
    const v = this.findVersion(p.slug, vslug, ctx.now);
    if (!v) return detail(404, 'No Version matches the given query.');
    if (!p.active) {
      return json(400, {
        build: { _links: {}, commit: '', created: null, duration: null, state: { code: '' }, urls: { build: '' } },
        project: this.projectJson(p, [], ctx.now),
        triggered: false,
        version: this.versionJson(p, v, ctx.now),
      });
    }
    const b = this.trigger(v, ctx.now, 'api');
    return json(202, {
      build: this.buildJson(b, ctx.now),
      project: this.projectJson(p, [], ctx.now),
      triggered: true,
      version: this.versionJson(p, v, ctx.now),
    });
  }

  private buildsList(ctx: Ctx, slug: string): Reply {
    const p = this.visibleProject(slug, ctx);
    const items = p ? this.filteredBuilds(ctx, (b) => b.project === p.slug) : [];
    return this.list(ctx, items, (b) => this.buildJson(b, ctx.now));
  }

  private findBuild(ctx: Ctx, slug: string, id: number): BuildData | null {
    const p = this.visibleProject(slug, ctx);
    return (p && this.buildList.find((b) => b.id === id && b.project === p.slug)) || null;
  }

  private buildDetail(ctx: Ctx, slug: string, id: number): Reply {
    const b = this.findBuild(ctx, slug, id);
    if (!b) return detail(404, 'No Build matches the given query.');
    return json(200, this.buildJson(b, ctx.now));
  }

  private buildNotifications(ctx: Ctx, slug: string, id: number): Reply {
    const b = this.findBuild(ctx, slug, id);
    return this.list(ctx, b ? this.notificationsOf(b, ctx.now) : [], (n) => n);
  }

  private syncVersions(ctx: Ctx, slug: string): Reply {
    const p = this.visibleProject(slug, ctx);
    if (!p) return detail(404, 'No Project matches the given query.');
    if (!p.active) return json(400, { triggered: false });
    for (const v of this.versions) {
      if (v.project === p.slug && v.pendingSyncDelayMs !== null) {
        v.visibleAt = ctx.now + v.pendingSyncDelayMs;
        v.pendingSyncDelayMs = null;
      }
    }
    return json(202, { triggered: true });
  }

  // ---------- environment variables ----------

  private envJson(e: EnvVarData): Record<string, unknown> {
    return {
      _links: {
        _self: this.api(`projects/${e.project}/environmentvariables/${e.pk}/`),
        project: this.api(`projects/${e.project}/`),
      },
      created: iso(e.createdAt),
      modified: iso(e.createdAt),
      name: e.name,
      pk: e.pk,
      project: e.project,
      public: e.public,
    };
  }

  private envList(ctx: Ctx, slug: string): Reply {
    const p = this.visibleProject(slug, ctx);
    return this.list(ctx, p ? this.env.filter((e) => e.project === p.slug) : [], (e) => this.envJson(e));
  }

  private envCreate(ctx: Ctx, slug: string): Reply {
    const p = this.visibleProject(slug, ctx);
    if (!p) return detail(404, 'No Project matches the given query.');
    const parsed = parseBody(ctx.body, ctx.headers['content-type']);
    if (!parsed.ok) return parsed.reply;
    const fields = parsed.data;
    const errors: Record<string, string[]> = {};
    const text = (name: string, max: number): string => {
      const raw = fields[name];
      if (raw === undefined || raw === null) {
        errors[name] = ['This field is required.'];
        return '';
      }
      if (typeof raw !== 'string' && typeof raw !== 'number') {
        errors[name] = ['Not a valid string.'];
        return '';
      }
      const s = String(raw);
      if (name === 'name' && s.trim() === '') errors[name] = ['This field may not be blank.'];
      else if (s.length > max) errors[name] = [`Ensure this field has no more than ${max} characters.`];
      return s;
    };
    const name = text('name', 128);
    const value = text('value', 48_000);
    let isPublic = false;
    if (fields['public'] !== undefined) {
      const raw = fields['public'];
      const parsed = typeof raw === 'boolean' ? raw : typeof raw === 'string' ? parseBool(raw) : null;
      if (parsed === null) errors['public'] = ['Must be a valid boolean.'];
      else isPublic = parsed;
    }
    if (Object.keys(errors).length > 0) return json(400, errors);
    const total = this.env.filter((e) => e.project === p.slug).reduce((n, e) => n + e.value.length, 0) + value.length;
    if (total > MAX_ENV_TOTAL) {
      return json(400, ['The total size of all environment variables in the project cannot exceed 256 KB.']);
    }
    const e: EnvVarData = { pk: this.nextId.env++, project: p.slug, name, value, public: isPublic, createdAt: ctx.now };
    this.env.push(e);
    return json(201, this.envJson(e));
  }

  private envDetail(ctx: Ctx, slug: string, pk: number): Reply {
    const p = this.visibleProject(slug, ctx);
    const e = p ? this.env.find((x) => x.project === p.slug && x.pk === pk) : undefined;
    if (!e) return detail(404, 'No EnvironmentVariable matches the given query.');
    return json(200, this.envJson(e));
  }

  private envDelete(ctx: Ctx, slug: string, pk: number): Reply {
    const p = this.visibleProject(slug, ctx);
    const i = p ? this.env.findIndex((x) => x.project === p.slug && x.pk === pk) : -1;
    if (i < 0) return detail(404, 'No EnvironmentVariable matches the given query.');
    this.env.splice(i, 1);
    return empty(204);
  }

  // ---------- v2 build, search, docs ----------

  private v2Build(ctx: Ctx, id: number): Reply {
    const b = this.buildList.find((x) => x.id === id);
    // API v2 ignores the token (it reads `Token …` only as a build API key): private builds are 404.
    const p = b ? this.visibleProject(b.project, { ...ctx, token: null }) : null;
    if (!b || !p) return detail(404, 'No Build matches the given query.');
    const v = this.versions.find((x) => x.project === b.project && x.slug === b.version);
    const s = this.snap(b, ctx.now);
    return json(200, {
      builder: 'build-default-standin',
      cold_storage: false,
      commands: this.commandsOf(b, s),
      commit: s.commit,
      date: iso(b.createdAt),
      docs_url: v ? this.docsUrl(p, v.slug, v.type === 'external') : null,
      error: '',
      exit_code: s.state === 'finished' ? (s.success ? 0 : (b.failingCommand?.exit_code ?? 1)) : null,
      id: b.id,
      length: s.duration,
      project: p.id,
      project_slug: p.slug,
      state: s.state,
      state_display: titleCase(s.state),
      success: s.success,
      type: 'html',
      version: v?.id ?? null,
      version_name: v?.verboseName ?? b.version,
      version_slug: b.version,
      version_type: v?.type ?? 'branch',
    });
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
      const p = this.visibleProject(slug, ctx);
      if (arg[1] === 'user' || !p) continue;
      targets.push({ p, versionSlug: vslug || p.defaultVersion, alias: null });
      if (arg[1] === 'subprojects') {
        for (const child of this.projects.values()) {
          if (child.subprojectOf?.parent === p.slug && this.visibleProject(child.slug, ctx)) {
            targets.push({ p: child, versionSlug: child.defaultVersion, alias: child.subprojectOf.alias });
          }
        }
      }
    }
    const text = textParts.join(' ');
    const words = textParts.map((w) => w.replace(/^"|"$/g, '')).filter(Boolean);
    const results: Record<string, unknown>[] = [];
    for (const t of targets) {
      const v = this.findVersion(t.p.slug, t.versionSlug, ctx.now);
      if (!v || v.type === 'external' || !this.indexed(v, ctx.now)) continue;
      const hits = this.searchHits.get(`${t.p.slug}/${v.slug}`) ?? [
        { title: t.p.name, path: '/index.html', content: `Welcome to ${t.p.name}.` },
      ];
      const base = new URL(this.docsUrl(t.p, v.slug, false));
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
          domain: this.url,
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
      return `${this.url}${ctx.path}${qs ? `?${qs}` : ''}`;
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
    const last = this.lastSuccess(v, now);
    if (last) return now - last.endedAt >= this.indexDelayMs;
    return v.built && !this.buildList.some((b) => b.project === v.project && b.version === v.slug);
  }

  /** Serves documentation pages: 200 once the version has been built, else Django's 404. */
  private serveDocs(ctx: Ctx): Reply {
    let best: { root: string; v: VersionData; p: ProjectData } | null = null;
    for (const v of this.versions) {
      const p = this.projects.get(v.project);
      if (!p || v.visibleAt > ctx.now) continue;
      const root = new URL(this.docsUrl(p, v.slug, v.type === 'external')).pathname;
      if (ctx.path.startsWith(root) && (!best || root.length > best.root.length)) best = { root, v, p };
    }
    if (!best?.v.active || !this.versionBuilt(best.v, ctx.now)) return html(404, DJANGO_404);
    const title = escapeHtml(`${best.p.name} ${best.v.verboseName}`);
    return html(200, `<!doctype html>\n<html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>\n`);
  }
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

export async function startStandin(options: StandinOptions = {}): Promise<Standin> {
  const s = new StandinServer(options);
  await s.listen();
  return s;
}
