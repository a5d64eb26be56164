// The docs hosts' own rules, in front of the pages (FACTS.md, *Docs hosts*): the throttle of the
// CDN (429 with Retry-After, or a 403 challenge), private docs (401), the folder redirect of a URL
// without its slash (302, `X-RTD-Redirect: system`), the project's user redirects (301/302,
// `X-RTD-Redirect: user`) on the public host only, and the content types of what a page needs.
// Used by search.ts, which serves the pages.
import type { DocsRate } from './model.ts';
import type { RedirectData } from './project-config.ts';
import type { Reply } from './replies.ts';

/** The service's policy: 4 a second on average, a small burst tolerated. */
export const DOCS_RATE: DocsRate = { perSecond: 4, burst: 6, answer: 'throttle' };

export class DocsThrottle {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  /** Requests refused (429 or challenged), by host. */
  readonly refused = new Map<string, number>();

  private readonly rate: DocsRate | null;

  constructor(rate: DocsRate | null) {
    this.rate = rate;
  }

  /** Undefined when the request may go on (it takes a token), else the CDN's refusal. */
  check(host: string, now: number): Reply | undefined {
    const rate = this.rate;
    if (rate === null) return undefined;
    const bucket = this.buckets.get(host) ?? { tokens: rate.burst, at: now };
    bucket.tokens = Math.min(rate.burst, bucket.tokens + (Math.max(0, now - bucket.at) * rate.perSecond) / 1000);
    bucket.at = Math.max(bucket.at, now);
    this.buckets.set(host, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return undefined;
    }
    this.refused.set(host, (this.refused.get(host) ?? 0) + 1);
    if (rate.answer === 'challenge') {
      return {
        status: 403,
        headers: { 'content-type': 'text/html; charset=UTF-8', 'cf-mitigated': 'challenge' },
        body: '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>',
      };
    }
    const seconds = Math.max(1, Math.ceil((1 - bucket.tokens) / rate.perSecond));
    return {
      status: 429,
      headers: { 'content-type': 'text/plain; charset=UTF-8', 'retry-after': String(seconds) },
      body: 'error code: 1015',
    };
  }
}

/** FACTS: "Private Business docs answer 401 without a sharing token ... the API token does not open them." */
export const PRIVATE_DOCS: Reply = {
  status: 401,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: '<!doctype html>\n<html><head><title>Private documentation</title></head><body><h1>This documentation is private</h1></body></html>\n',
};

/**
 * FACTS: "A directory URL without its slash (`/en/latest`, `/en/latest/guide`) answers 302 to the
 * slashed URL (`X-RTD-Redirect: system`)".
 */
export function folderRedirect(path: string, search: string): Reply {
  return { status: 302, headers: { location: `${path}/${search}`, 'x-rtd-redirect': 'system' }, body: '' };
}

/** Where the version's pages and the host's paths are, for the redirects of one request. */
export interface RedirectPlace {
  /** The path on the docs host (after `/docs/{host}`), `/en/latest/old.html`. */
  hostPath: string;
  /** The path below the version's root with a leading `/` (`/old.html`), when the request is in a version. */
  pagePath?: string;
  /** The stand-in's prefix of the host (`http://127.0.0.1:1234/docs/acme`) and of the version's root (`…/docs/acme/en/latest`). */
  hostPrefix: string;
  versionPrefix?: string;
}

/**
 * The project's user redirects, as the service applies them on its public and custom domains
 * (FACTS: "User redirects ... answer 301/302 with `X-RTD-Redirect: user` on the public and custom
 * domains only: PR preview hosts never apply them"): the first enabled one, by position, that
 * matches. `page` rules match the path below the version, `exact` the full path; a `from` without
 * `*` is compared without its trailing `/`, one ending in `*` by prefix (`:splat` takes the rest);
 * case-sensitive; `clean_url_to_html` and `html_to_clean_url` turn `x/` into `x.html` and back.
 * Unless `force`d, a redirect applies only where the page itself is missing.
 */
export function userRedirect(redirects: readonly RedirectData[], place: RedirectPlace, pageMissing: boolean): Reply | undefined {
  for (const redirect of [...redirects].sort((a, b) => a.position - b.position)) {
    if (!redirect.enabled || (!pageMissing && !redirect.force)) continue;
    const target = redirectTarget(redirect, place);
    if (target === undefined) continue;
    return { status: redirect.http_status === 301 ? 301 : 302, headers: { location: target, 'x-rtd-redirect': 'user' }, body: '' };
  }
  return undefined;
}

function redirectTarget(redirect: RedirectData, place: RedirectPlace): string | undefined {
  const { pagePath, versionPrefix } = place;
  if (redirect.type === 'exact') {
    const to = matchFrom(redirect, place.hostPath);
    return to === undefined ? undefined : absolute(to, place.hostPrefix);
  }
  if (pagePath === undefined || versionPrefix === undefined) return undefined;
  if (redirect.type === 'page') {
    const to = matchFrom(redirect, pagePath);
    return to === undefined ? undefined : absolute(to, versionPrefix);
  }
  if (redirect.type === 'clean_url_to_html' && pagePath.endsWith('/') && pagePath !== '/')
    return `${versionPrefix}${pagePath.slice(0, -1)}.html`;
  if (redirect.type === 'html_to_clean_url' && pagePath.endsWith('.html')) {
    const stem = pagePath.endsWith('/index.html') ? pagePath.slice(0, -'index.html'.length) : `${pagePath.slice(0, -'.html'.length)}/`;
    return stem === pagePath ? undefined : `${versionPrefix}${stem}`;
  }
  return undefined;
}

/** The `to` of a redirect whose `from` matches `path`, `:splat` filled in; undefined when it does not match. */
function matchFrom(redirect: RedirectData, path: string): string | undefined {
  const from = redirect.from_url;
  if (from.endsWith('*')) {
    const prefix = from.slice(0, -1);
    return path.startsWith(prefix) ? redirect.to_url.replace(':splat', path.slice(prefix.length)) : undefined;
  }
  const bare = (text: string) => (text.length > 1 ? text.replace(/\/$/, '') : text);
  return bare(path) === bare(from) ? redirect.to_url : undefined;
}

function absolute(to: string, prefix: string): string {
  return to.startsWith('http://') || to.startsWith('https://') ? to : `${prefix}${to}`;
}

/** The content type a docs host serves a file of a build with. */
export function contentTypeOf(path: string): string {
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  const types: Record<string, string> = {
    html: 'text/html; charset=utf-8',
    css: 'text/css; charset=utf-8',
    js: 'text/javascript; charset=utf-8',
    json: 'application/json',
    png: 'image/png',
    svg: 'image/svg+xml',
    ico: 'image/vnd.microsoft.icon',
    pdf: 'application/pdf',
    mp4: 'video/mp4',
    webm: 'video/webm',
    mp3: 'audio/mpeg',
  };
  return types[extension] ?? 'application/octet-stream';
}
