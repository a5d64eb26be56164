import type { z } from 'zod/mini';
import type { CleanupLimits, ReadTheDocsHttpClient } from './http-client.js';
import {
  BuildCommandsSchema,
  BuildConfigSchema,
  BuildSchema,
  doctypeOf,
  EnvironmentVariableSchema,
  NotificationSchema,
  ProjectSchema,
  searchResponseSchema,
  SubprojectSchema,
  SyncVersionsSchema,
  TriggerSchema,
  VersionSchema,
  VersionV2Schema,
  ProjectSettingsSchema,
  RedirectSchema,
  paginated,
  type Build,
  type BuildCommands,
  type BuildDoctype,
  type EnvironmentVariable,
  type Notification,
  type Project,
  type ProjectSettings,
  type Redirect,
  type SearchResponse,
  type Subproject,
  type Version,
  type VersionV2,
  describeErrorBody,
} from './schemas.js';
import { SchemaError, ReadTheDocsError } from './errors.js';
import { formatBytes, formatCount, MAX_LIST_BYTES, MAX_LIST_NODES } from '../util/bounded-body.js';

const seg = encodeURIComponent;
const MAX_PAGES = 50;
/** The notification states that still stand: `dismissed` and `cancelled` ones are over. */
const STANDING_NOTIFICATIONS: readonly string[] = ['unread', 'read'];

/** `docsUrl`: the version's documentation, when the answer carried a readable version. */
/** A refused trigger: `triggered: false`, or the service's error body (`refusal`, hostile text) when it had no `triggered`. */
export type TriggerResult = { triggered: true; build: Build; docsUrl?: string } | { triggered: false; refusal?: string };

/** The Read the Docs endpoints the action uses, one method each, every answer schema-checked. */
export class ReadTheDocsApi {
  /** Commands of builds already final, by build id. */
  private readonly finalCommands = new Map<number, BuildCommands>();

  constructor(readonly http: ReadTheDocsHttpClient) {}

  /** A list item the action cannot read is dropped with a debug line (through the client's `debug`). */
  private readonly debug = (message: string) => this.http.debug(message);

  /** `permissions`: with `?expand=permissions`, whether the token's user administers the project (`permissions.admin`). */
  async project(project: string, options: { permissions?: boolean } = {}): Promise<Project> {
    const { data } = await this.http.send({
      method: 'GET',
      path: `/api/v3/projects/${seg(project)}/`,
      ...(options.permissions ? { query: { expand: 'permissions' } } : {}),
      schema: ProjectSchema,
      endpoint: options.permissions ? 'GET projects/{project}/?expand=permissions' : 'GET projects/{project}/',
      kind: 'read',
    });
    return data;
  }

  async translations(project: string): Promise<Project[]> {
    return this.list(`/api/v3/projects/${seg(project)}/translations/`, ProjectSchema, 'GET projects/{project}/translations/');
  }

  /** The projects `project` serves as subprojects, each with its alias (the `/projects/{alias}/` path). */
  async subprojects(project: string): Promise<Subproject[]> {
    return this.list(`/api/v3/projects/${seg(project)}/subprojects/`, SubprojectSchema, 'GET projects/{project}/subprojects/');
  }

  async version(project: string, version: string): Promise<Version> {
    const { data } = await this.http.send({
      method: 'GET',
      path: `/api/v3/projects/${seg(project)}/versions/${seg(version)}/`,
      schema: VersionSchema,
      endpoint: 'GET projects/{project}/versions/{version}/',
      kind: 'read',
    });
    return data;
  }

  /** PATCH: `active`, `hidden`, and on Business `privacy_level`; 204, no body. `cleanup`: sent after the step's end too. */
  async updateVersion(
    project: string,
    version: string,
    changes: { active?: boolean; hidden?: boolean; privacy_level?: string },
    options: { cleanup?: CleanupLimits } = {},
  ): Promise<void> {
    await this.http.send({
      method: 'PATCH',
      path: `/api/v3/projects/${seg(project)}/versions/${seg(version)}/`,
      body: changes,
      endpoint: 'PATCH projects/{project}/versions/{version}/',
      kind: 'idempotent-write',
      ...(options.cleanup ? { cleanup: options.cleanup } : {}),
    });
  }

  async build(project: string, id: number): Promise<Build> {
    const { data } = await this.http.send({
      method: 'GET',
      path: `/api/v3/projects/${seg(project)}/builds/${id}/`,
      schema: BuildSchema,
      endpoint: 'GET projects/{project}/builds/{id}/',
      kind: 'read',
    });
    return data;
  }

  /**
   * How a build built the docs, from its resolved configuration (`?expand=config`): its `doctype`,
   * undefined when the answer does not tell (no configuration yet, or an unknown shape).
   */
  async buildDoctype(project: string, id: number): Promise<BuildDoctype | undefined> {
    const { data } = await this.http.send({
      method: 'GET',
      path: `/api/v3/projects/${seg(project)}/builds/${id}/`,
      query: { expand: 'config' },
      schema: BuildConfigSchema,
      endpoint: 'GET projects/{project}/builds/{id}/?expand=config',
      kind: 'read',
    });
    return doctypeOf(data.config);
  }

  /** One page of builds, newest first. `version` lists a version's builds (PR versions included). */
  async recentBuilds(project: string, filters: { version?: string; commit?: string; running?: boolean; limit?: number }): Promise<Build[]> {
    const path =
      filters.version === undefined
        ? `/api/v3/projects/${seg(project)}/builds/`
        : `/api/v3/projects/${seg(project)}/versions/${seg(filters.version)}/builds/`;
    const { data } = await this.http.send({
      method: 'GET',
      path,
      query: { commit: filters.commit, running: filters.running, limit: filters.limit ?? 10 },
      schema: paginated(BuildSchema, this.debug),
      endpoint: filters.version === undefined ? 'GET projects/{project}/builds/' : 'GET projects/{project}/versions/{version}/builds/',
      kind: 'read',
    });
    return data.results;
  }

  /**
   * POST .../builds/. Never retried once it may have reached the service: the service does not
   * deduplicate, and a second trigger cancels the first build.
   */
  async triggerBuild(project: string, version: string): Promise<TriggerResult> {
    const { data, status } = await this.http.send({
      method: 'POST',
      path: `/api/v3/projects/${seg(project)}/versions/${seg(version)}/builds/`,
      schema: TriggerSchema,
      endpoint: 'POST projects/{project}/versions/{version}/builds/',
      kind: 'write',
      accept: [400],
    });
    // FACTS (Error bodies, Builds): a 400 without `triggered` is an error body, e.g. an uploaded version's.
    if (data.triggered === undefined && status === 400) {
      return { triggered: false, refusal: describeErrorBody(data.error ?? data.detail) ?? 'no detail' };
    }
    if (data.triggered === undefined) {
      throw new SchemaError(
        'POST projects/{project}/versions/{version}/builds/: unexpected response: field `triggered` missing',
        'Unexpected response from Read the Docs',
        'POST projects/{project}/versions/{version}/builds/',
      );
    }
    if (!data.triggered) return { triggered: false };
    const build = BuildSchema.safeParse(data.build);
    if (!build.success) {
      throw new SchemaError(
        `POST projects/{project}/versions/{version}/builds/: unexpected response: field \`build.${build.error.issues[0]?.path.join('.')}\` ${build.error.issues[0]?.message}`,
        'Unexpected response from Read the Docs',
        'POST projects/{project}/versions/{version}/builds/',
      );
    }
    // Only a convenience: an answer without a usable version still triggered the build.
    const described = VersionSchema.safeParse(data.version);
    const docsUrl = described.success ? (described.data.urls?.documentation ?? undefined) : undefined;
    return { triggered: true, build: build.data, docsUrl };
  }

  async buildNotifications(project: string, id: number): Promise<Notification[]> {
    return this.list(
      `/api/v3/projects/${seg(project)}/builds/${id}/notifications/`,
      NotificationSchema,
      'GET projects/{project}/builds/{id}/notifications/',
    );
  }

  /**
   * The project's own notifications that still stand (an admin token's):
   * `project:builds:disabled-due-to-consecutive-failures` among them. FACTS (Builds): the list holds
   * every state, and a builds-disabled notice stays there, `cancelled`, once builds are re-enabled:
   * only `unread` and `read` ones are asked for, and kept should the filter be ignored.
   */
  async projectNotifications(project: string): Promise<Notification[]> {
    const all = await this.list(
      `/api/v3/projects/${seg(project)}/notifications/?state__in=${STANDING_NOTIFICATIONS.join(',')}`,
      NotificationSchema,
      'GET projects/{project}/notifications/',
    );
    return all.filter((notification) => notification.state === undefined || STANDING_NOTIFICATIONS.includes(notification.state));
  }

  /** API v2 is the only place that publishes the build's commands and their output. */
  async buildCommands(id: number, options: { bestEffort?: boolean } = {}): Promise<BuildCommands> {
    // A final build's commands no longer change: read once (the log, the gantt chart and the
    // failure reason all want them).
    const known = this.finalCommands.get(id);
    if (known) return known;
    const { data } = await this.http.send({
      method: 'GET',
      path: `/api/v2/build/${id}/`,
      schema: BuildCommandsSchema,
      endpoint: 'GET api/v2/build/{id}/',
      kind: 'read',
      // API v2 ignores the token: sending it would only expose it to an endpoint that has no use for it.
      // Not throttled by the service, it draws from no budget.
      anonymous: true,
      ...(options.bestEffort ? { bestEffort: true } : {}),
    });
    if (data.state === 'finished' || data.state === 'cancelled') this.finalCommands.set(id, data);
    return data;
  }

  /**
   * API v2's version detail: the one place a pull request's version shows its `identifier` (API v3
   * hides pull request versions). Its id is the `version` of the version's builds in API v2.
   */
  async versionById(id: number): Promise<VersionV2> {
    const { data } = await this.http.send({
      method: 'GET',
      path: `/api/v2/version/${id}/`,
      schema: VersionV2Schema,
      endpoint: 'GET api/v2/version/{id}/',
      kind: 'read',
      anonymous: true,
    });
    return data;
  }

  /**
   * API v2's version list of a project (`?project__slug=`): pull request versions included, built
   * or not (`type` `external`, `verbose_name` the PR number). Anonymous and unthrottled, as the detail.
   */
  async versionsV2(project: string): Promise<VersionV2[]> {
    const path = `/api/v2/version/?project__slug=${seg(project)}`;
    return (await this.listPages(path, VersionV2Schema, 'GET api/v2/version/?project__slug=', { anonymous: true })).items;
  }

  async syncVersions(project: string): Promise<boolean> {
    const { data } = await this.http.send({
      method: 'POST',
      path: `/api/v3/projects/${seg(project)}/sync-versions/`,
      schema: SyncVersionsSchema,
      endpoint: 'POST projects/{project}/sync-versions/',
      // Repeating a sync only schedules the same sync again.
      kind: 'idempotent-write',
      accept: [400],
    });
    return data.triggered;
  }

  /**
   * The project's variables. With `complete`, a list cut at the page bound is refused: it cannot
   * decide what `prune` deletes.
   */
  async environmentVariables(project: string, options: { complete?: boolean } = {}): Promise<EnvironmentVariable[]> {
    const endpoint = 'GET projects/{project}/environmentvariables/';
    const path = `/api/v3/projects/${seg(project)}/environmentvariables/`;
    const { items, cut } = await this.listPages(path, EnvironmentVariableSchema, endpoint);
    if (cut && options.complete) {
      throw new ReadTheDocsError(
        `${endpoint}: the list goes on past ${MAX_PAGES} pages and was cut there; ` +
          'a cut list cannot decide what `prune` deletes, so nothing was changed',
        'Variables not changed',
        endpoint,
      );
    }
    return items;
  }

  async createEnvironmentVariable(
    project: string,
    variable: { name: string; value: string; public: boolean },
  ): Promise<EnvironmentVariable> {
    const { data } = await this.http.send({
      method: 'POST',
      path: `/api/v3/projects/${seg(project)}/environmentvariables/`,
      body: variable,
      schema: EnvironmentVariableSchema,
      endpoint: 'POST projects/{project}/environmentvariables/',
      kind: 'write',
    });
    return data;
  }

  async deleteEnvironmentVariable(project: string, pk: number): Promise<void> {
    await this.http.send({
      method: 'DELETE',
      path: `/api/v3/projects/${seg(project)}/environmentvariables/${pk}/`,
      endpoint: 'DELETE projects/{project}/environmentvariables/{pk}/',
      kind: 'idempotent-write',
      // Gone already (a retried delete whose first answer was lost) is what we wanted.
      accept: [404],
    });
  }

  // ---------- project as code (`apply`, `export`) ----------

  async projectSettings(project: string): Promise<ProjectSettings> {
    const { data } = await this.http.send({
      method: 'GET',
      path: `/api/v3/projects/${seg(project)}/`,
      schema: ProjectSettingsSchema,
      endpoint: 'GET projects/{project}/',
      kind: 'read',
    });
    return data;
  }

  /** PATCH projects/{project}/: 204; repeating it sets the same values again. */
  async updateProject(project: string, changes: Record<string, unknown>): Promise<void> {
    await this.http.send({
      method: 'PATCH',
      path: `/api/v3/projects/${seg(project)}/`,
      body: changes,
      endpoint: 'PATCH projects/{project}/',
      kind: 'idempotent-write',
    });
  }

  /** Every version, or those `filters` keep (`active`, `type`: the list's own filters). */
  async versions(project: string, filters: { active?: boolean; type?: string } = {}): Promise<Version[]> {
    const query = new URLSearchParams();
    if (filters.active !== undefined) query.set('active', String(filters.active));
    if (filters.type !== undefined) query.set('type', filters.type);
    const search = query.size > 0 ? `?${query.toString()}` : '';
    return this.list(`/api/v3/projects/${seg(project)}/versions/${search}`, VersionSchema, 'GET projects/{project}/versions/');
  }

  async redirects(project: string): Promise<Redirect[]> {
    return this.list(`/api/v3/projects/${seg(project)}/redirects/`, RedirectSchema, 'GET projects/{project}/redirects/');
  }

  /** POST: never repeated once it may have arrived (the service would make a second redirect). */
  async createRedirect(project: string, body: Record<string, unknown>): Promise<Redirect> {
    const { data } = await this.http.send({
      method: 'POST',
      path: `/api/v3/projects/${seg(project)}/redirects/`,
      body,
      schema: RedirectSchema,
      endpoint: 'POST projects/{project}/redirects/',
      kind: 'write',
    });
    return data;
  }

  /** PUT with the whole redirect: repeating it leaves the same redirect at the same position. */
  async updateRedirect(project: string, pk: number, body: Record<string, unknown>): Promise<Redirect> {
    const { data } = await this.http.send({
      method: 'PUT',
      path: `/api/v3/projects/${seg(project)}/redirects/${pk}/`,
      body,
      schema: RedirectSchema,
      endpoint: 'PUT projects/{project}/redirects/{pk}/',
      kind: 'idempotent-write',
    });
    return data;
  }

  async deleteRedirect(project: string, pk: number): Promise<void> {
    await this.http.send({
      method: 'DELETE',
      path: `/api/v3/projects/${seg(project)}/redirects/${pk}/`,
      endpoint: 'DELETE projects/{project}/redirects/{pk}/',
      kind: 'idempotent-write',
      accept: [404],
    });
  }

  /** POST: a repeat after a lost answer is refused by the service (the alias exists), never doubled. */
  async createSubproject(project: string, body: { child: string; alias: string }): Promise<Subproject> {
    const { data } = await this.http.send({
      method: 'POST',
      path: `/api/v3/projects/${seg(project)}/subprojects/`,
      body,
      schema: SubprojectSchema,
      endpoint: 'POST projects/{project}/subprojects/',
      kind: 'write',
    });
    return data;
  }

  async deleteSubproject(project: string, alias: string): Promise<void> {
    await this.http.send({
      method: 'DELETE',
      path: `/api/v3/projects/${seg(project)}/subprojects/${seg(alias)}/`,
      endpoint: 'DELETE projects/{project}/subprojects/{alias}/',
      kind: 'idempotent-write',
      accept: [404],
    });
  }

  async search(query: string, pageSize = 10): Promise<SearchResponse> {
    const { data } = await this.http.send({
      method: 'GET',
      path: '/api/v3/search/',
      query: { q: query, page_size: pageSize },
      schema: searchResponseSchema(this.debug),
      endpoint: 'GET search/',
      kind: 'read',
    });
    return data;
  }

  /** Follows `next` links (absolute, as the service gives them) up to a bound. */
  private async list<T extends z.ZodMiniType>(path: string, item: T, endpoint: string): Promise<z.infer<T>[]> {
    return (await this.listPages(path, item, endpoint)).items;
  }

  /** The items of every page up to the bound; `cut` when a `next` link was left unfollowed there. */
  private async listPages<T extends z.ZodMiniType>(
    path: string,
    item: T,
    endpoint: string,
    /** API v2: sent without the token, drawing from no budget. */
    options: { anonymous?: boolean } = {},
  ): Promise<{ items: z.infer<T>[]; cut: boolean }> {
    const items: z.infer<T>[] = [];
    const first = new URL(path, this.http.origin);
    let next: string | null = first.href;
    let bytes = 0;
    let nodes = 0;
    for (let page = 0; next && page < MAX_PAGES; page += 1) {
      const answer: { data: { next: string | null; results: z.infer<T>[] }; bytes: number; nodes: number } = await this.http.send({
        method: 'GET',
        path: page === 0 ? next : this.sameList(next, first, page, endpoint),
        query: page === 0 ? { limit: 100 } : undefined,
        schema: paginated(item, this.debug),
        endpoint,
        kind: 'read',
        ...(options.anonymous ? { anonymous: true } : {}),
        bodyLimit: {
          bytes: MAX_LIST_BYTES - bytes,
          reason: `the list is over ${formatBytes(MAX_LIST_BYTES)}, its pages together (page ${page + 1} was not read to its end); not read further`,
          nodes: MAX_LIST_NODES - nodes,
          nodesReason: `the list holds over ${formatCount(MAX_LIST_NODES)} objects, lists and values, its pages together (page ${page + 1} was not parsed); not read further`,
        },
      });
      const { data } = answer;
      bytes += answer.bytes;
      nodes += answer.nodes;
      // One at a time: spreading a page's items into push() overflows the stack on a page of many.
      for (const result of data.results) items.push(result);
      next = data.next;
    }
    return { items, cut: next !== null };
  }

  /**
   * A `next` link continues the list only on the list's own origin and path, the query alone
   * differing (the service gives it absolute, its parameters re-sorted). Anything else is refused,
   * never re-pointed: a link to another host must not get the token, and one to another list on
   * the service (another project's variables) must not be read as this list's next page.
   */
  private sameList(link: string, first: URL, page: number, endpoint: string): string {
    const url = URL.canParse(link, first.href) ? new URL(link, first) : undefined;
    if (url?.origin !== first.origin || url.pathname !== first.pathname) {
      throw new ReadTheDocsError(
        `${endpoint}: the \`next\` link of page ${page} leads away from the list (another host or path); not followed`,
        'Unexpected response from Read the Docs',
        endpoint,
      );
    }
    return url.href;
  }
}
