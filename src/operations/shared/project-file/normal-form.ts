import { versionPolicyOf, type DesiredProject, type DesiredRedirect, type ProjectConfig, type RedirectEntry } from './model.js';

/**
 * The file's entries as the service would store them. A redirect's paths in the service's normal
 * form (FACTS.md, "Rules the service enforces on writes"): `from` loses its trailing `/` and gets
 * exactly one leading `/`; `to` gets exactly one leading `/` unless it starts with `http://` or
 * `https://`; both are trimmed. The plan compares, keys and looks redirects up in this form only,
 * so that what the file says and what the service stored are the same redirect. Every function
 * here is linear in its input (service text is hostile).
 */

/** `s` without the run of `char` at its start (`end: false`) or its end (`end: true`); one pass, no regex. */
function stripRun(s: string, char: string, end: boolean): string {
  if (end) {
    let stop = s.length;
    while (stop > 0 && s[stop - 1] === char) stop -= 1;
    return s.slice(0, stop);
  }
  let start = 0;
  while (start < s.length && s[start] === char) start += 1;
  return s.slice(start);
}

/** Whether `to` is an absolute URL the service keeps as it is. */
export function isAbsoluteTarget(to: string): boolean {
  return to.startsWith('http://') || to.startsWith('https://');
}

/** `from_url` as the service stores it: `docs/ ` → `/docs`. */
export function normalFrom(raw: string): string {
  return `/${stripRun(stripRun(raw.trim(), '/', true), '/', false)}`;
}

/** `to_url` as the service stores it: `guide/intro.html` → `/guide/intro.html`; `https://…` kept. */
export function normalTo(raw: string): string {
  const trimmed = raw.trim();
  return isAbsoluteTarget(trimmed) ? trimmed : `/${stripRun(trimmed, '/', false)}`;
}

/** The removed wildcard: a `from` ending in it is refused by the service in a new or changed redirect. */
export const LEGACY_WILDCARD = '$rest';

/**
 * A redirect stored with the removed `$rest` syntax, read as the `*` and `:splat` redirect that does
 * the same (`/en/v1/$rest` → `/en/latest/` matches `/en/v1/*` → `/en/latest/:splat`: the rest of the
 * path is appended to `to` in both), or undefined when it does not use that syntax.
 */
export function modernEquivalent(from: string, to: string): { from: string; to: string } | undefined {
  if (!from.endsWith(LEGACY_WILDCARD) || to.includes(':splat')) return undefined;
  return { from: `${from.slice(0, -LEGACY_WILDCARD.length)}*`, to: `${to}:splat` };
}

/** A URL scheme at the start of `to` (`javascript:`, `data:`, `HTTP:`), lower-cased, if it has one. */
export function schemeOf(to: string): string | undefined {
  const trimmed = to.trim();
  let end = 0;
  while (end < trimmed.length && end <= 32 && /[A-Za-z0-9+.-]/.test(trimmed[end]!)) end += 1;
  if (end === 0 || trimmed[end] !== ':' || !/[A-Za-z]/.test(trimmed[0]!)) return undefined;
  return trimmed.slice(0, end).toLowerCase();
}

/** Whether a redirect of this type has paths (`clean_url_to_html` and `html_to_clean_url` store empty ones). */
export function hasPaths(type: string): boolean {
  return type === 'page' || type === 'exact';
}

/**
 * The key identifying a redirect: (type, from, to) in the service's normal form, a stored `$rest`
 * redirect keyed as its `*`/`:splat` equivalent (the one the file must now spell).
 */
export function redirectKey(r: { type: string; from: string; to: string }): string {
  const modern = hasPaths(r.type) ? modernEquivalent(r.from, r.to) : undefined;
  return JSON.stringify([r.type, modern?.from ?? r.from, modern?.to ?? r.to]);
}

/**
 * A file entry as the service would store it: paths in normal form (FACTS: "`clean_url_to_html`
 * and `html_to_clean_url` store empty `from_url`/`to_url`"), the description trimmed, the
 * service's defaults filled in.
 */
export function normaliseRedirect(entry: RedirectEntry): DesiredRedirect {
  const paths = hasPaths(entry.type);
  const from = entry.from ?? entry.from_url;
  const to = entry.to ?? entry.to_url;
  return {
    type: entry.type,
    from: paths && from ? normalFrom(from) : '',
    to: paths && to ? normalTo(to) : '',
    http_status: entry.http_status ?? 302,
    force: entry.force ?? false,
    enabled: entry.enabled ?? true,
    description: (entry.description ?? '').trim(),
  };
}

export function normaliseProject(config: ProjectConfig): DesiredProject {
  return {
    settings: config.settings,
    redirects: config.redirects?.map(normaliseRedirect),
    subprojects: config.subprojects?.map((s) => ({ child: s.child, alias: s.alias ?? s.child })),
    versions: config.versions,
    ...(config.version_policy ? { versionPolicy: versionPolicyOf(config.version_policy) } : {}),
  };
}
