// Project settings (PATCH), redirects and subproject writes of the stand-in, as the service
// behaves, with the rules it enforces on writes (FACTS.md, "Rules the service enforces on
// writes"), each next to the line it models: PATCH answers 204, takes only the listed keys (the
// privacy keys on Business only) and keeps the service's own values; redirects are normalised on
// save, validated (the 100-redirect limit of Community included) and ordered by position;
// subprojects are created with an alias, under the candidate rules, and deleted by it. Routed
// from projects.ts.
import { iso } from './model.ts';
import type { ProjectData } from './model.ts';
import { LANGUAGE_CODES, PROGRAMMING_LANGUAGE_CODES } from './choices.ts';
import { paginate } from './pagination.ts';
import { detail, empty, json, parseBody } from './replies.ts';
import type { Reply } from './replies.ts';

export interface ConfigCtx {
  path: string;
  params: URLSearchParams;
  headers: Record<string, string>;
  body: string;
  token: string | null;
  now: number;
}

export interface ConfigHost {
  origin(): string;
  projects: Map<string, ProjectData>;
  visibleProject(slug: string, ctx: ConfigCtx): ProjectData | null;
  projectJson(p: ProjectData, ctx: ConfigCtx): Record<string, unknown>;
}

export interface RedirectData {
  pk: number;
  project: string;
  type: string;
  from_url: string;
  to_url: string;
  http_status: number;
  force: boolean;
  enabled: boolean;
  description: string;
  position: number;
  created: number;
  modified: number;
}

/** Settings the project JSON does not carry in ProjectData; the write-only ones are kept but never shown. */
export interface ProjectExtras {
  homepage?: string;
  tags?: string[];
  programming_language?: string;
  external_builds_privacy_level?: string;
  repository_type?: string;
  analytics_code?: string;
  analytics_disabled?: boolean;
  external_builds_enabled?: boolean;
  show_version_warning?: boolean;
}

const REDIRECT_TYPES = ['page', 'exact', 'clean_url_to_html', 'html_to_clean_url'];
const SCHEMES = ['multiple_versions_with_translations', 'multiple_versions_without_translations', 'single_version_without_translations'];
/** FACTS: "Community projects may hold 100 redirects". */
const COMMUNITY_REDIRECT_LIMIT = 100;

/**
 * FACTS: "Redirects are normalised on save: `from_url` loses its trailing `/` and gets exactly one
 * leading `/`; `to_url` gets exactly one leading `/` unless it starts with `http://` or `https://`;
 * strings are trimmed."
 */
function normaliseFromUrl(raw: string): string {
  return `/${raw.trim().replace(/\/+$/, '').replace(/^\/+/, '')}`;
}

function normaliseToUrl(raw: string): string {
  const trimmed = raw.trim();
  if (trimmed.startsWith('http://') || trimmed.startsWith('https://')) return trimmed;
  return `/${trimmed.replace(/^\/+/, '')}`;
}

/** FACTS: "`readthedocs_yaml_path` relative, without `..` or any of ``[]{}()`'"\\%&<>|,``, naming `.readthedocs.yaml`". */
const YAML_PATH_CHARACTERS = '[]{}()`\'"\\%&<>|,';

/** The service's message for a `readthedocs_yaml_path` it refuses, or undefined. */
function yamlPathError(path: string): string | undefined {
  if (path.startsWith('/')) {
    return "Use a relative path. It should not begin with '/'. The path is relative to the root of your repository.";
  }
  if (path.endsWith('/')) return "The path cannot end with '/', as it cannot be a directory.";
  if (path.includes('..')) return "Found invalid sequence in path: '..'";
  if ([...YAML_PATH_CHARACTERS].some((c) => path.includes(c))) {
    return `Found invalid character. Avoid these characters: <code>${YAML_PATH_CHARACTERS}</code>`;
  }
  if (path !== '.readthedocs.yaml' && !path.endsWith('/.readthedocs.yaml')) {
    return 'The only allowed filename is <code>.readthedocs.yaml</code>.';
  }
  return undefined;
}

export class ProjectConfigResources {
  readonly extras = new Map<string, ProjectExtras>();
  readonly redirectList: RedirectData[] = [];
  private nextPk = 1;

  private readonly host: ConfigHost;

  constructor(host: ConfigHost) {
    this.host = host;
  }

  /**
   * Adds what PATCH can change and the rest of the project JSON does not know. FACTS:
   * "`show_version_warning`, `analytics_*` and `external_builds_enabled` are never returned by GET."
   */
  decorate(p: ProjectData, out: Record<string, unknown>): void {
    const x = this.extras.get(p.slug);
    if (!x) return;
    if (x.homepage !== undefined) out['homepage'] = x.homepage;
    if (x.tags !== undefined) out['tags'] = [...x.tags];
    if (x.programming_language !== undefined) out['programming_language'] = { code: x.programming_language, name: x.programming_language };
    if (x.external_builds_privacy_level !== undefined) out['external_builds_privacy_level'] = x.external_builds_privacy_level;
    if (x.repository_type !== undefined) out['repository'] = { type: x.repository_type, url: p.repositoryUrl };
  }

  /** Seeds a redirect as the dashboard would (no request recorded), at the end of the list. */
  addRedirect(project: string, r: Partial<Omit<RedirectData, 'pk' | 'project'>> & { type: string }): number {
    const list = this.of(project);
    const data: RedirectData = {
      pk: this.nextPk++,
      project,
      from_url: '',
      to_url: '',
      http_status: 302,
      force: false,
      enabled: true,
      description: '',
      created: 0,
      modified: 0,
      ...r,
      position: list.length,
    };
    this.redirectList.push(data);
    return data.pk;
  }

  redirects(project: string): RedirectData[] {
    return this.of(project);
  }

  // ---------- project PATCH ----------

  projectUpdate(ctx: ConfigCtx, slug: string): Reply {
    const p = this.host.visibleProject(slug, ctx);
    if (!p) return detail(404, 'No Project matches the given query.');
    const parsed = parseBody(ctx.body, ctx.headers['content-type']);
    if (!parsed.ok) return parsed.reply;
    // FACTS: "Project PATCH (204, no body) accepts: name, repository {url, type}, language,
    // programming_language, homepage, tags, default_version, default_branch, versioning_scheme,
    // readthedocs_yaml_path, show_version_warning, analytics_code, analytics_disabled,
    // external_builds_enabled, and on Business only privacy_level and external_builds_privacy_level.
    // Unknown keys are ignored silently: on Community the two privacy keys are dropped without an error."
    // Only the keys below are read; anything else in the body is never looked at.
    const f = { ...parsed.data };
    if (p.plan === 'community') {
      delete f['privacy_level'];
      delete f['external_builds_privacy_level'];
    }
    const errors: Record<string, unknown> = {};
    const str = (name: string, max = 255): string | undefined => {
      const v = f[name];
      if (v === undefined) return undefined;
      if (typeof v !== 'string') errors[name] = ['Not a valid string.'];
      else if (v.length > max) errors[name] = [`Ensure this field has no more than ${max} characters.`];
      else return v;
      return undefined;
    };
    /** A string, or null (the field's "none set"). */
    const nullableStr = (name: string, max = 255): string | null | undefined => (f[name] === null ? null : str(name, max));
    const bool = (name: string): boolean | undefined => {
      const v = f[name];
      if (v === undefined) return undefined;
      if (typeof v !== 'boolean') errors[name] = ['Must be a valid boolean.'];
      return typeof v === 'boolean' ? v : undefined;
    };
    const choice = (name: string, values: string[]): string | undefined => {
      const v = str(name);
      if (v !== undefined && !values.includes(v)) errors[name] = [`"${v}" is not a valid choice.`];
      return v !== undefined && values.includes(v) ? v : undefined;
    };
    // FACTS: "Field rules of the project (400 when broken): `name` ≤ 63 characters; `analytics_code`
    // ≤ 50; `homepage` a URL of at most 200; `language` and `programming_language` one of the
    // service's choices; `readthedocs_yaml_path` relative, without `..` [...], at most 1024
    // characters, and stored trimmed (`''` becomes null)."
    const name = str('name', 63);
    const homepage = str('homepage', 200);
    if (homepage !== undefined && homepage !== '' && !/^https?:\/\/[^\s/?#]+\.[^\s/?#]+(?:[/?#]\S*)?$/i.test(homepage)) {
      errors['homepage'] = ['Enter a valid URL.'];
    }
    const language = choice('language', [...LANGUAGE_CODES]);
    const programming = choice('programming_language', [...PROGRAMMING_LANGUAGE_CODES]);
    const defaultVersion = str('default_version');
    const defaultBranch = nullableStr('default_branch');
    const scheme = choice('versioning_scheme', SCHEMES);
    const rawYamlPath = nullableStr('readthedocs_yaml_path', 1024);
    const yamlPath = typeof rawYamlPath === 'string' ? rawYamlPath.trim() : rawYamlPath;
    const yamlPathProblem = yamlPath ? yamlPathError(yamlPath) : undefined;
    if (yamlPathProblem !== undefined) errors['readthedocs_yaml_path'] = [yamlPathProblem];
    const privacy = choice('privacy_level', ['public', 'private']);
    const externalPrivacy = choice('external_builds_privacy_level', ['public', 'private']);
    const analyticsCode = str('analytics_code', 50);
    const analyticsDisabled = bool('analytics_disabled');
    const externalBuilds = bool('external_builds_enabled');
    const versionWarning = bool('show_version_warning');
    let tags: string[] | undefined;
    if (f['tags'] !== undefined) {
      if (!Array.isArray(f['tags']) || f['tags'].some((t) => typeof t !== 'string')) errors['tags'] = ['Expected a list of items.'];
      else tags = f['tags'] as string[];
    }
    let repository: { url?: string; type?: string } | undefined;
    if (f['repository'] !== undefined) {
      const r = f['repository'];
      if (!r || typeof r !== 'object' || Array.isArray(r)) errors['repository'] = { non_field_errors: ['Invalid data.'] };
      else {
        repository = r as { url?: string; type?: string };
        if (typeof repository.url !== 'string' || !/^(https?:\/\/|git@)\S+$/.test(repository.url))
          errors['repository'] = { url: ['Enter a valid URL.'] };
      }
    }
    if (Object.keys(errors).length > 0) return json(400, errors);
    const x = this.extras.get(p.slug) ?? {};
    this.extras.set(p.slug, x);
    if (name !== undefined) p.name = name;
    if (language !== undefined) p.language = language;
    if (defaultVersion !== undefined) p.defaultVersion = defaultVersion;
    // An empty branch is "none set", as null is.
    if (defaultBranch !== undefined) p.defaultBranch = defaultBranch || null;
    if (scheme !== undefined) p.versioningScheme = scheme as ProjectData['versioningScheme'];
    if (yamlPath !== undefined) p.readthedocsYamlPath = yamlPath || null;
    if (privacy !== undefined) p.privacy = privacy as ProjectData['privacy'];
    if (repository?.url !== undefined) {
      p.repositoryUrl = repository.url;
      x.repository_type = repository.type ?? 'git';
    }
    if (homepage !== undefined) x.homepage = homepage;
    if (tags !== undefined) x.tags = tags;
    if (programming !== undefined) x.programming_language = programming;
    if (externalPrivacy !== undefined) x.external_builds_privacy_level = externalPrivacy;
    if (analyticsCode !== undefined) x.analytics_code = analyticsCode;
    if (analyticsDisabled !== undefined) x.analytics_disabled = analyticsDisabled;
    if (externalBuilds !== undefined) x.external_builds_enabled = externalBuilds;
    if (versionWarning !== undefined) x.show_version_warning = versionWarning;
    // FACTS: "On save the service may keep its own values: a project connected to a repository gets
    // that repository's clone URL as `repository.url`, and `external_builds_privacy_level` is forced
    // to `public` when the repository is public."
    const remote = p.remoteRepository;
    if (remote) {
      p.repositoryUrl = remote.cloneUrl;
      if (!remote.private) x.external_builds_privacy_level = 'public';
    }
    return empty(204);
  }

  // ---------- redirects ----------

  private of(project: string): RedirectData[] {
    return this.redirectList.filter((r) => r.project === project).sort((a, b) => a.position - b.position || b.modified - a.modified);
  }

  private renumber(project: string): void {
    for (const [i, r] of this.of(project).entries()) r.position = i;
  }

  private redirectJson(r: RedirectData): Record<string, unknown> {
    const self = `${this.host.origin()}/api/v3/projects/${r.project}/redirects/${r.pk}/`;
    return {
      _links: { _self: self, project: `${this.host.origin()}/api/v3/projects/${r.project}/` },
      created: iso(r.created),
      description: r.description,
      enabled: r.enabled,
      force: r.force,
      from_url: r.from_url,
      http_status: r.http_status,
      modified: iso(r.modified),
      pk: r.pk,
      position: r.position,
      project: r.project,
      to_url: r.to_url,
      type: r.type,
    };
  }

  redirectsList(ctx: ConfigCtx, slug: string): Reply {
    const p = this.host.visibleProject(slug, ctx);
    const items = p ? this.of(p.slug) : [];
    return json(
      200,
      paginate(items, this.host.origin(), ctx.path, ctx.params, (r) => this.redirectJson(r)),
    );
  }

  /**
   * Validates a create or PUT body (PUT needs every required field again) and normalises it as the
   * service saves it. FACTS: "Updates (PUT) are validated like creations." `pk` is the redirect a
   * PUT replaces (it does not count against itself).
   */
  private redirectFields(
    ctx: ConfigCtx,
    project: ProjectData,
    pk: number | undefined,
  ):
    | { ok: true; data: Omit<RedirectData, 'pk' | 'project' | 'created' | 'modified' | 'position'> & { position?: number } }
    | { ok: false; reply: Reply } {
    const parsed = parseBody(ctx.body, ctx.headers['content-type']);
    if (!parsed.ok) return parsed;
    const f = parsed.data;
    const errors: Record<string, string[]> = {};
    const type = f['type'];
    if (typeof type !== 'string' || !REDIRECT_TYPES.includes(type))
      errors['type'] = [type === undefined ? 'This field is required.' : `"${String(type)}" is not a valid choice.`];
    const status = f['http_status'] ?? 302;
    if (status !== 301 && status !== 302) errors['http_status'] = [`"${String(status)}" is not a valid choice.`];
    const position = f['position'];
    if (position !== undefined && (typeof position !== 'number' || !Number.isInteger(position) || position < 0))
      errors['position'] = ['A valid integer is required.'];
    if (Object.keys(errors).length > 0) return { ok: false, reply: json(400, errors) };
    const refuse = (message: string) => ({ ok: false as const, reply: json(400, [message]) });
    const rawFrom = typeof f['from_url'] === 'string' ? f['from_url'] : '';
    const rawTo = typeof f['to_url'] === 'string' ? f['to_url'] : '';
    const description = typeof f['description'] === 'string' ? f['description'] : '';
    // FACTS: "`clean_url_to_html` and `html_to_clean_url` store empty `from_url`/`to_url`."
    const urls = type === 'page' || type === 'exact';
    const from = urls ? normaliseFromUrl(rawFrom) : '';
    const to = urls ? normaliseToUrl(rawTo) : '';
    if (urls && (!rawFrom.trim() || !rawTo.trim())) return refuse(`Redirects of type ${type} need a from_url and a to_url.`);
    // FACTS: "`from_url`, `to_url` or `description` over 255 characters" (refused, a bare list).
    for (const [field, value] of [
      ['from_url', rawFrom.length > from.length ? rawFrom : from],
      ['to_url', rawTo.length > to.length ? rawTo : to],
      ['description', description],
    ] as const) {
      if (value.length > 255) return refuse(`${field}: Ensure this field has no more than 255 characters.`);
    }
    // FACTS: "`from_url` ending in `$rest` ("The $rest wildcard has been removed in favor of *.")"
    if (from.endsWith('$rest')) return refuse('The $rest wildcard has been removed in favor of *.');
    // FACTS: "a `*` that is not the last character of `from_url`"
    if (from.includes('*') && !from.endsWith('*')) return refuse('The * wildcard must be at the end of the path.');
    // FACTS: "`:splat` in `to_url` without a trailing `*` in `from_url`"
    if (to.includes(':splat') && !from.endsWith('*'))
      return refuse('The * wildcard must be at the end of from_url to use the :splat placeholder in to_url.');
    // FACTS: "a second redirect of type `clean_url_to_html` (or `html_to_clean_url`) in a project"
    if (type === 'clean_url_to_html' || type === 'html_to_clean_url') {
      if (this.of(project.slug).some((r) => r.type === type && r.pk !== pk))
        return refuse(`Only one redirect of type \`${type}\` is allowed per project.`);
    }
    return {
      ok: true,
      data: {
        type: type as string,
        from_url: from,
        to_url: to,
        http_status: status as number,
        force: f['force'] === true,
        enabled: f['enabled'] !== false,
        description: description.trim(),
        ...(typeof position === 'number' ? { position } : {}),
      },
    };
  }

  /** Puts `r` at `position` (clamped), shifting the others. */
  private place(r: RedirectData, position: number | undefined): void {
    // FACTS: "Positions: a create or a position change shifts the others"
    const others = this.of(r.project).filter((x) => x !== r);
    const at = Math.min(position ?? others.length, others.length);
    others.splice(at, 0, r);
    for (const [i, x] of others.entries()) x.position = i;
  }

  redirectCreate(ctx: ConfigCtx, slug: string): Reply {
    const p = this.host.visibleProject(slug, ctx);
    if (!p) return detail(404, 'No Project matches the given query.');
    const fields = this.redirectFields(ctx, p, undefined);
    if (!fields.ok) return fields.reply;
    // FACTS: "Community projects may hold 100 redirects: a create is refused while the project has
    // 100 [...]. Business plans differ." (the stand-in's Business projects have no limit)
    if (p.plan === 'community' && this.of(p.slug).length >= COMMUNITY_REDIRECT_LIMIT) {
      return json(400, [
        `This project has reached the limit of ${COMMUNITY_REDIRECT_LIMIT} redirects. Consider replacing some of your redirects with a wildcard redirect.`,
      ]);
    }
    const { position, ...rest } = fields.data;
    const r: RedirectData = {
      ...rest,
      pk: this.nextPk++,
      project: p.slug,
      position: Number.MAX_SAFE_INTEGER,
      created: ctx.now,
      modified: ctx.now,
    };
    this.redirectList.push(r);
    this.place(r, position);
    return json(201, this.redirectJson(r));
  }

  private findRedirect(ctx: ConfigCtx, slug: string, pk: number): RedirectData | null {
    const p = this.host.visibleProject(slug, ctx);
    return (p && this.redirectList.find((r) => r.project === p.slug && r.pk === pk)) || null;
  }

  redirectDetail(ctx: ConfigCtx, slug: string, pk: number): Reply {
    const r = this.findRedirect(ctx, slug, pk);
    return r ? json(200, this.redirectJson(r)) : detail(404, 'No Redirect matches the given query.');
  }

  redirectUpdate(ctx: ConfigCtx, slug: string, pk: number): Reply {
    const r = this.findRedirect(ctx, slug, pk);
    if (!r) return detail(404, 'No Redirect matches the given query.');
    const fields = this.redirectFields(ctx, this.host.projects.get(r.project)!, r.pk);
    if (!fields.ok) return fields.reply;
    const { position, ...rest } = fields.data;
    Object.assign(r, rest, { modified: ctx.now });
    if (position !== undefined && position !== r.position) this.place(r, position);
    return json(200, this.redirectJson(r));
  }

  redirectDelete(ctx: ConfigCtx, slug: string, pk: number): Reply {
    const r = this.findRedirect(ctx, slug, pk);
    if (!r) return detail(404, 'No Redirect matches the given query.');
    this.redirectList.splice(this.redirectList.indexOf(r), 1);
    // FACTS: "a delete closes the gap by itself (the positions stay contiguous from 0), so removing
    // the first redirect needs no updates."
    this.renumber(r.project);
    return empty(204);
  }

  // ---------- subprojects ----------

  private subprojectJson(parent: string, child: ProjectData, ctx: ConfigCtx): Record<string, unknown> {
    const alias = child.subprojectOf?.alias ?? child.slug;
    return {
      _links: {
        _self: `${this.host.origin()}/api/v3/projects/${parent}/subprojects/${alias}/`,
        parent: `${this.host.origin()}/api/v3/projects/${parent}/`,
      },
      alias,
      child: this.host.projectJson(child, ctx),
    };
  }

  subprojectCreate(ctx: ConfigCtx, slug: string): Reply {
    const p = this.host.visibleProject(slug, ctx);
    if (!p) return detail(404, 'No Project matches the given query.');
    const parsed = parseBody(ctx.body, ctx.headers['content-type']);
    if (!parsed.ok) return parsed.reply;
    const childSlug = parsed.data['child'];
    const rawAlias = parsed.data['alias'];
    const alias = typeof rawAlias === 'string' && rawAlias ? rawAlias : String(childSlug);
    const child = typeof childSlug === 'string' ? this.host.projects.get(childSlug) : undefined;
    if (!child) return json(400, { child: ['Select a valid choice. That choice is not one of the available choices.'] });
    const all = [...this.host.projects.values()];
    // FACTS: "a child that is already the subproject of any project, or is itself a parent, or is
    // the parent, is refused with 400 `child: … is not valid as subproject`"
    const isParent = all.some((x) => x.subprojectOf?.parent === child.slug);
    if (child.slug === p.slug || child.subprojectOf || isParent) {
      return json(400, { child: [`Project with slug=${child.slug} is not valid as subproject`] });
    }
    // FACTS: "a parent that is itself a subproject is refused (no nesting)"
    if (p.subprojectOf) return json(400, { parent: ['Subproject nesting is not supported'] });
    // FACTS: "An alias must [...] match `[-\w]+(?:/[-\w]+)*` with Unicode `\w`; a `/` needs a
    // feature flag (else `non_field_errors` "Aliases can't contain slashes.")" (off here, as it is
    // for nearly every project).
    if (!/^[-\p{L}\p{N}_]+(?:\/[-\p{L}\p{N}_]+)*$/u.test(alias) || alias.length > 255) {
      return json(400, { alias: ['Enter a valid value.'] });
    }
    if (alias.includes('/')) return json(400, { non_field_errors: ["Aliases can't contain slashes."] });
    // FACTS: "An alias must be unique in the parent"
    const taken = all.some((x) => x.subprojectOf?.parent === p.slug && x.subprojectOf.alias === alias);
    if (taken) return json(400, { alias: ['A subproject with this alias already exists.'] });
    child.subprojectOf = { parent: p.slug, alias };
    return json(201, this.subprojectJson(p.slug, child, ctx));
  }

  private findSubproject(ctx: ConfigCtx, slug: string, alias: string): ProjectData | null {
    const p = this.host.visibleProject(slug, ctx);
    if (!p) return null;
    return [...this.host.projects.values()].find((x) => x.subprojectOf?.parent === p.slug && x.subprojectOf.alias === alias) ?? null;
  }

  subprojectDetail(ctx: ConfigCtx, slug: string, alias: string): Reply {
    const child = this.findSubproject(ctx, slug, alias);
    return child ? json(200, this.subprojectJson(slug, child, ctx)) : detail(404, 'No ProjectRelationship matches the given query.');
  }

  subprojectDelete(ctx: ConfigCtx, slug: string, alias: string): Reply {
    const child = this.findSubproject(ctx, slug, alias);
    if (!child) return detail(404, 'No ProjectRelationship matches the given query.');
    child.subprojectOf = null;
    return empty(204);
  }
}
