// A loopback stand-in of the Read the Docs API (v3, v2 build, search v3) that behaves as the real
// service was observed to behave: states move with the clock, triggers cancel older builds,
// throttling, auth rules and injected network faults.
//
// This file composes the parts, one per resource: store.ts (shared state and lookups),
// build-queue.ts (triggers and plans), projects.ts (+ project-config.ts, project-notifications.ts), versions.ts, builds.ts,
// env-vars.ts, api-v2.ts (a build's commands, a version's identifier, the version and build lists), search.ts (search and
// documentation pages), addons.ts (the preview host's file tree diff), webhooks.ts (pushes and pull requests, automation rules);
// router.ts (routing, auth, throttle.ts); the HTTP base shared with the GitHub stand-in,
// ../standin-http/ (server, request log, faults);
// pagination.ts, replies.ts, model.ts (types and the clock-driven build lifecycle).
import { ApiV2Resources } from './api-v2.ts';
import { BuildQueue } from './build-queue.ts';
import { BuildResources } from './builds.ts';
import { EnvVarResources } from './env-vars.ts';
import { HttpServer } from '../standin-http/server.ts';
import type { Fault, RecordedRequest } from '../standin-http/server.ts';
import { countRequests } from '../standin-http/reply.ts';
import { normaliseFractions } from './model.ts';
import type { ProjectData } from './model.ts';
import type {
  AutomationRuleSeed,
  BuildPlan,
  BuildRecord,
  BuildSeed,
  ProjectSeed,
  SearchHitSeed,
  StandinOptions,
  VersionAddedRuleSeed,
  VersionSeed,
  WebhookEvent,
} from './model.ts';
import type { RedirectData } from './project-config.ts';
import { ProjectNotificationResources, type ProjectNotificationSeed } from './project-notifications.ts';
import { ProjectResources } from './projects.ts';
import { Router } from './router.ts';
import { SearchResources } from './search.ts';
import type { SiteFiles, SiteIndexKind } from './site-index.ts';
import { AddonsResources, type FileTreeDiffSeed, type FileTreeDiffTiming } from './addons.ts';
import { Store } from './store.ts';
import { VersionResources } from './versions.ts';
import { Webhooks } from './webhooks.ts';
import { DOCS_RATE } from './docs-host.ts';

export interface Standin {
  /** 'http://127.0.0.1:PORT', no trailing slash. */
  url: string;
  requests: RecordedRequest[];
  count(method: string, pathPattern: RegExp | string): number;
  addProject(p: ProjectSeed): void;
  addVersion(project: string, v: VersionSeed): void;
  addBuild(project: string, version: string, b: BuildSeed): number;
  /**
   * A merge queue's branch, pushed: after the next sync (and `appearsAfterSyncMs`) an inactive
   * version whose activation builds `commit`, the group's. Returns its slug.
   */
  addQueueBranch(project: string, branch: string, commit: string, appearsAfterSyncMs?: number): string;
  /**
   * GitHub's push creating `branch` at `commit`: the service syncs at once (an inactive, unbuilt
   * version, which a version-added rule may activate and build at once). Returns its slug.
   */
  branchCreated(project: string, branch: string, commit: string): string;
  /** GitHub's push deleting `branch`: the service syncs and deletes the version if it is inactive. Whether it did. */
  branchDeleted(project: string, branch: string): boolean;
  /** A version-added automation rule (dashboard only, no request recorded): activate or hide new versions whose name matches. */
  addVersionAddedRule(project: string, rule: VersionAddedRuleSeed): void;
  /** A version as the stand-in holds it (no request recorded), pending ones included. */
  versionRecord(
    project: string,
    slug: string,
  ): { slug: string; active: boolean; hidden: boolean; built: boolean; verboseName: string } | undefined;
  onTrigger(project: string, version: string, plan: BuildPlan | BuildPlan[]): void;
  /**
   * GitHub's webhook for a push to `branch`: the branch's head moves to `commit` (what later API
   * triggers build), then a build of it (known once cloned), or none when no automation rule matches.
   */
  push(project: string, branch: string, event: WebhookEvent): number | null;
  /** One `git push` moving several branches or tags: each one's builds, its own version's first. */
  pushes(project: string, refs: ({ branch: string } & WebhookEvent)[]): number[][];
  /** GitHub's webhook for pull request `pr`'s new head: its version moves to `commit`, then a build, or none when no rule matches. */
  pullRequest(project: string, pr: number, event: WebhookEvent): number | null;
  /** A webhook automation rule of a GitHub App project (no request recorded). */
  addAutomationRule(project: string, rule: AutomationRuleSeed): void;
  setSearchHits(project: string, version: string, hits: SearchHitSeed[]): void;
  fault(f: Fault): void;
  builds(project?: string): BuildRecord[];
  /** Deletes a version; its builds stay, with `version: null`. */
  deleteVersion(project: string, slug: string): void;
  /**
   * The file tree diff the preview host's addons endpoint gives for a pull request version (its
   * slug, the PR number) once it has a successful build: the pages it lists, `absent` (the default)
   * or `off`; written a while after each build's end (`timing`), the earlier build's shown meanwhile.
   */
  setFileTreeDiff(project: string, version: string, diff: FileTreeDiffSeed, timing?: FileTreeDiffTiming): void;
  /**
   * The pages a version serves (HTML or not), by path below its root (`index.html`,
   * `guide/install.html`, `_images/logo.png`), once built; then any other path is a 404.
   * Without it, every path of a built version answers a small page. The version also serves the
   * index files its builder publishes, made from its pages (site-index.ts): Sphinx `html`'s
   * unless `index` names another builder, none with `index: false`.
   */
  setSitePages(project: string, version: string, pages: SiteFiles, options?: { index?: SiteIndexKind }): void;
  /** Requests the docs hosts refused as too fast (429 or a 403 challenge), by host (`acme`, `acme--7`). */
  docsRefused(): ReadonlyMap<string, number>;
  envVars(project: string): { pk: number; name: string; value: string; public: boolean | null }[];
  /** Seeds a variable as the dashboard would (no request recorded); returns its pk (`public: null` as the model allows). */
  addEnvVar(project: string, v: { name: string; value: string; public?: boolean | null }): number;
  /** Seeds a redirect as the dashboard would (no request recorded), last in order; returns its pk. */
  addRedirect(project: string, r: Partial<Omit<RedirectData, 'pk' | 'project'>> & { type: string }): number;
  /** The project's redirects in order of position. */
  redirects(project: string): RedirectData[];
  /** Makes `child` a subproject of `parent` as the dashboard would. */
  addSubproject(parent: string, child: string, alias?: string): void;
  /**
   * Disables (or re-enables) the project's builds as the service does after 25 failed builds of the
   * default version in a row: its notification `project:builds:disabled-due-to-consecutive-failures`,
   * `unread`; re-enabled, the notification stays listed, `cancelled`.
   */
  disableBuilds(project: string, disabled?: boolean): void;
  /** Seeds one of the project's own notifications (no request recorded), in any state. */
  addProjectNotification(project: string, seed: ProjectNotificationSeed): void;
  close(): Promise<void>;
}

class StandinServer implements Standin {
  requests: RecordedRequest[] = [];

  private readonly http: HttpServer;
  private readonly store: Store;
  private readonly queue: BuildQueue;
  private readonly projectsApi: ProjectResources;
  private readonly versionsApi: VersionResources;
  private readonly buildsApi: BuildResources;
  private readonly envApi: EnvVarResources;
  private readonly searchApi: SearchResources;
  private readonly addonsApi: AddonsResources;
  private readonly webhooks: Webhooks;
  private readonly projectNotifications: ProjectNotificationResources;

  constructor(options: StandinOptions) {
    const rateLimit = options.rateLimit === undefined ? { limit: 60, windowMs: 60_000 } : options.rateLimit;
    const anonymousRateLimit =
      rateLimit === null ? null : options.anonymousRateLimit === undefined ? { limit: 5, windowMs: 60_000 } : options.anonymousRateLimit;
    this.store = new Store(options.now ?? Date.now, normaliseFractions(options.phaseFractions), options.nonAdminTokens);
    this.queue = new BuildQueue(this.store);
    this.versionsApi = new VersionResources(this.store, this.queue);
    this.projectsApi = new ProjectResources(this.store, this.versionsApi);
    this.projectNotifications = new ProjectNotificationResources(this.store);
    const buildsDisabled = (p: ProjectData, now: number) => this.projectNotifications.buildsDisabled(p, now);
    this.buildsApi = new BuildResources(this.store, this.queue, this.projectsApi, this.versionsApi, buildsDisabled);
    this.envApi = new EnvVarResources(this.store);
    this.searchApi = new SearchResources(this.store, options.indexDelayMs ?? 1500, {
      rate: options.docsRate === undefined ? DOCS_RATE : options.docsRate,
      redirectsOf: (project) => this.projectsApi.redirects(project),
    });
    this.addonsApi = new AddonsResources(this.store);
    this.webhooks = new Webhooks(this.store, this.queue, this.versionsApi, buildsDisabled);
    const router = new Router(
      [
        ...this.projectsApi.routes(),
        ...this.projectNotifications.routes(),
        ...this.versionsApi.routes(),
        ...this.buildsApi.routes(),
        ...this.envApi.routes(),
        ...this.searchApi.routes(),
        ...this.addonsApi.routes(),
        ...new ApiV2Resources(this.store).routes(),
      ],
      {
        clock: this.store.clock,
        tokens: new Set([...(options.tokens ?? ['test-token']), ...(options.nonAdminTokens ?? [])]),
        rateLimit,
        anonymousRateLimit,
        isAdmin: (token) => this.store.isAdmin(token),
      },
    );
    this.http = new HttpServer(
      {
        record: (rec) => this.requests.push(rec),
        process: (method, url, headers, body, path, ip) => router.process(method, url, headers, body, path, ip),
      },
      options.latencyMs ?? 0,
    );
  }

  /** 'http://127.0.0.1:PORT', no trailing slash. */
  get url(): string {
    return this.store.url;
  }

  async listen(): Promise<void> {
    await this.http.listen();
    this.store.url = this.http.url;
  }

  close(): Promise<void> {
    return this.http.close();
  }

  count(method: string, pathPattern: RegExp | string): number {
    return countRequests(this.requests, method, pathPattern);
  }

  fault(f: Fault): void {
    this.http.faults.add(f);
  }

  addProject(p: ProjectSeed): void {
    this.projectsApi.add(p);
  }

  addVersion(project: string, v: VersionSeed): void {
    this.versionsApi.add(project, v);
  }

  deleteVersion(project: string, slug: string): void {
    this.versionsApi.delete(project, slug);
  }

  addBuild(project: string, version: string, b: BuildSeed): number {
    return this.buildsApi.add(project, version, b);
  }

  addQueueBranch(project: string, branch: string, commit: string, appearsAfterSyncMs?: number): string {
    return this.versionsApi.addQueueBranch(project, branch, commit, appearsAfterSyncMs);
  }

  branchCreated(project: string, branch: string, commit: string): string {
    return this.versionsApi.branchCreated(project, branch, commit);
  }

  branchDeleted(project: string, branch: string): boolean {
    return this.versionsApi.branchDeleted(project, branch);
  }

  addVersionAddedRule(project: string, rule: VersionAddedRuleSeed): void {
    this.versionsApi.addVersionAddedRule(project, rule);
  }

  versionRecord(
    project: string,
    slug: string,
  ): { slug: string; active: boolean; hidden: boolean; built: boolean; verboseName: string } | undefined {
    const v = this.store.versions.find((x) => x.project === project && x.slug === slug);
    return v && { ...v, built: this.store.versionBuilt(v, this.store.clock()) };
  }

  onTrigger(project: string, version: string, plan: BuildPlan | BuildPlan[]): void {
    this.queue.onTrigger(project, version, plan);
  }

  push(project: string, branch: string, event: WebhookEvent): number | null {
    return this.webhooks.push(project, branch, event);
  }

  pushes(project: string, refs: ({ branch: string } & WebhookEvent)[]): number[][] {
    return this.webhooks.pushes(project, refs);
  }

  pullRequest(project: string, pr: number, event: WebhookEvent): number | null {
    return this.webhooks.pullRequest(project, pr, event);
  }

  addAutomationRule(project: string, rule: AutomationRuleSeed): void {
    this.webhooks.addRule(project, rule);
  }

  builds(project?: string): BuildRecord[] {
    return this.buildsApi.records(project);
  }

  setSearchHits(project: string, version: string, hits: SearchHitSeed[]): void {
    this.searchApi.setHits(project, version, hits);
  }

  setSitePages(project: string, version: string, pages: SiteFiles, options: { index?: SiteIndexKind } = {}): void {
    this.searchApi.setSitePages(project, version, pages, options);
  }

  docsRefused(): ReadonlyMap<string, number> {
    return this.searchApi.docsRefused();
  }

  setFileTreeDiff(project: string, version: string, diff: FileTreeDiffSeed, timing?: FileTreeDiffTiming): void {
    this.addonsApi.setFileTreeDiff(project, version, diff, timing);
  }

  envVars(project: string): { pk: number; name: string; value: string; public: boolean | null }[] {
    return this.envApi.records(project);
  }

  addEnvVar(project: string, v: { name: string; value: string; public?: boolean | null }): number {
    return this.envApi.add(project, v);
  }

  addRedirect(project: string, r: Partial<Omit<RedirectData, 'pk' | 'project'>> & { type: string }): number {
    return this.projectsApi.addRedirect(project, r);
  }

  redirects(project: string): RedirectData[] {
    return this.projectsApi.redirects(project);
  }

  addSubproject(parent: string, child: string, alias?: string): void {
    this.projectsApi.addSubproject(parent, child, alias);
  }

  disableBuilds(project: string, disabled = true): void {
    this.projectNotifications.disable(project, disabled);
  }

  addProjectNotification(project: string, seed: ProjectNotificationSeed): void {
    this.projectNotifications.add(project, seed);
  }
}

export async function startStandin(options: StandinOptions = {}): Promise<Standin> {
  const s = new StandinServer(options);
  await s.listen();
  return s;
}
