import { safeLine } from '../../util/untrusted-text.js';
import { escapeMarkdown, markdownLink, safeHttpUrl } from '../../reporting/markdown.js';
import type { SearchResponse } from '../../readthedocs/schemas.js';

/** Results asked for per search: set explicitly, the service's default (15) has changed before. */
export const VERIFY_PAGE_SIZE = 10;
/** Hits listed in the summary and the `results` output. */
export const TOP_HITS = 5;

/** A search result from the version being verified. `title` is the service's text, untrusted. */
export interface SearchHit {
  title: string;
  /** Deep link to the page (the result's domain and path), when it is a usable http(s) URL. */
  url: string | undefined;
}

/**
 * What `sync-versions` puts in a project's result: whether search found the version's pages
 * (null: not checked, `verify: none`) and the first hits.
 */
export interface SyncDetails {
  verified: boolean | null;
  searchHits?: SearchHit[];
}

/** The search that finds the version's pages: `project:{p}/{v}` restricts it, the rest is the text. */
/**
 * The project's name as search text: the service reads `project:` and `user:` anywhere in a query
 * as filters, so a name containing them is quoted (its own quotes dropped) to stay plain text.
 */
export function searchTextFromName(name: string): string {
  return /(?:project|user):/i.test(name) ? `"${name.replaceAll('"', ' ')}"` : name;
}

export function verifySearchQuery(project: string, version: string, text: string): string {
  return `project:${project}/${version} ${text}`.trim();
}

/**
 * The results that come from exactly this project and version. A search scoped to a version
 * the service has not indexed yet may answer with nothing, or (for an unknown version) with
 * another version's pages: only hits from the version itself prove that its docs are live.
 */
export function hitsFromVersion(response: SearchResponse, project: string, version: string): SearchHit[] {
  return response.results
    .filter((result) => result.project.slug === project && result.version.slug === version)
    .map((result) => ({ title: result.title, url: result.domain && result.path ? deepLink(result.domain, result.path) : undefined }));
}

/**
 * `domain` + `path` as one URL, kept on the result's own host: a path such as `//elsewhere/`
 * or a full URL must not turn the link into one to another site. Undefined when unusable.
 */
export function deepLink(domain: string, path: string): string | undefined {
  const base = /^[a-z][a-z0-9+.-]*:\/\//i.test(domain) ? domain : `https://${domain}`;
  let origin: string;
  try {
    origin = new URL(base).origin;
  } catch {
    return undefined;
  }
  if (origin === 'null') return undefined;
  const pathPart = path.startsWith('/') ? path : `/${path}`;
  let url: URL;
  try {
    url = new URL(`${origin}${pathPart}`);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  return safeHttpUrl(url.href);
}

/** The job summary's part for one project: its top hits as links, every service text escaped. */
export function searchHitsMarkdown(project: string, version: string, query: string, hits: SearchHit[]): string {
  const lines = [
    `### Found through search: ${escapeMarkdown(project)} ${escapeMarkdown(version)}`,
    '',
    `Top results for ${escapeMarkdown(`“${query}”`)}:`,
    '',
  ];
  for (const hit of hits.slice(0, TOP_HITS)) {
    const title = hit.title.trim() === '' ? (hit.url ?? '(untitled page)') : hit.title;
    lines.push(`- ${markdownLink(title, hit.url)}`);
  }
  return lines.join('\n');
}

/**
 * Untrusted text made safe for one log line (`safeLine`: no line breaks, control characters or
 * `##[`, no leading `::`), trimmed and not too long.
 */
export function plainLine(text: string, max = 160): string {
  return safeLine(text.replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, ' ').trim(), max);
}
