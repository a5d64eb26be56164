/**
 * Where a link of a page leads, as the link check sees it: a page or file of the version being
 * checked (its host and below its root path, but for what the service keeps there: checked),
 * another site (checked only with `link-check-external`), or something never checked: another path
 * of the same host (outside the version), an ignored pattern (both counted), `mailto:`, `tel:`,
 * `javascript:`, `data:`. Pure.
 */

export type LinkTarget =
  /**
   * `url` without its fragment, the one address asked for the page (`X/index.html` is asked as `X/`,
   * the same page); `path` below the version's root as written (`guide/install.html`); `fragment`
   * decoded, only for an HTML page (a PDF's `#page=2` is no anchor); `html`: the target is a page.
   */
  | { kind: 'internal'; url: string; path: string; fragment?: string; html: boolean }
  | { kind: 'external'; url: string; host: string }
  /** Counted, never asked: another path of the version's host, or a target `link-check-ignore` matches. */
  | { kind: 'outside' | 'ignored'; url: string }
  | { kind: 'skipped'; why: 'scheme' | 'invalid' | 'self' };

/** The version whose links are checked: what is below its root on its host, but for `outside` (paths below the root). */
export interface VersionScope {
  root: URL;
  /**
   * The root's origin and path, read once: a URL's getters make a new string at each call, and a
   * crawl resolves tens of thousands of links against the root.
   */
  origin: string;
  path: string;
  outside: readonly string[];
}

/**
 * The scope of the version served at `root` (a URL ending in `/`). FACTS (Docs hosts): on a
 * single-version project (`singleVersion`, or a root at `/`) `/` is the version's root, but
 * `/projects/{alias}/…` (subprojects) and `/_/…` (the service's own endpoints) are not the
 * version's pages.
 */
export function versionScope(root: string, singleVersion = false): VersionScope {
  const url = new URL(root);
  const path = url.pathname;
  return { root: url, origin: url.origin, path, outside: singleVersion || path === '/' ? ['projects/', '_/'] : [] };
}

/** Whether `url` is a page of the version: on its host, below its root, not in what the service keeps there. */
export function isInScope(scope: VersionScope, url: URL): boolean {
  return inScope(scope, url.origin, url.pathname);
}

function inScope(scope: VersionScope, origin: string, pathname: string): boolean {
  if (origin !== scope.origin || !pathname.startsWith(scope.path)) return false;
  const below = pathname.slice(scope.path.length);
  return !scope.outside.some((prefix) => below.startsWith(prefix));
}

/** Longer links are not followed (and counted as not checked). */
const MAX_LINK_LENGTH = 2_048;

/**
 * The target of `href` written on the page at `pageUrl` (the address it was served from, after
 * its `<base href>` when it has one), for the version of `scope`.
 */
export function resolveLink(href: string, pageUrl: string, scope: VersionScope, ignore: GlobList, base?: string): LinkTarget {
  const written = href.trim();
  if (written === '' || written.length > MAX_LINK_LENGTH) return { kind: 'skipped', why: written === '' ? 'self' : 'invalid' };
  const url = URL.parse(written, base === undefined ? pageUrl : linkBase(pageUrl, base));
  if (url === null) return { kind: 'skipped', why: 'invalid' };
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'skipped', why: 'scheme' };
  const fragment = fragmentOf(url.hash);
  url.hash = '';
  // Each read once: every getter call makes a new string.
  const { href: address, origin, pathname } = url;
  const withFragment = fragment === undefined ? '' : `#${fragment}`;
  const ignored = (...texts: string[]) => !ignore.empty && texts.some((text) => ignore.matches(text));
  if (origin !== scope.origin) {
    if (ignored(address, address + withFragment)) return { kind: 'ignored', url: address };
    return { kind: 'external', url: address, host: url.host };
  }
  const path = safeDecode(pathname.startsWith(scope.path) ? pathname.slice(scope.path.length) : pathname);
  if (ignored(address, address + withFragment, path, path + withFragment)) return { kind: 'ignored', url: address };
  if (!inScope(scope, origin, pathname)) return { kind: 'outside', url: address };
  const html = isPagePath(pathname);
  return { kind: 'internal', url: pageAddress(address), path, ...(fragment !== undefined && html ? { fragment } : {}), html };
}

/** What the relative links of the page at `pageUrl` resolve against: its `<base href>` when it has a valid one. */
export function linkBase(pageUrl: string, base: string | undefined): string {
  return (base === undefined ? null : URL.parse(base, pageUrl))?.href ?? pageUrl;
}

/**
 * The one address of a page: `X/index.html` and `X/` are the same page (the service serves a folder
 * from its `index.html`), asked once as `X/`. `url` has no fragment.
 */
export function pageAddress(url: string): string {
  return url.endsWith('/index.html') ? url.slice(0, -'index.html'.length) : url;
}

/** A path that names a page (a folder, `.html`, a name without an extension), not a file (a PDF, an image). */
function isPagePath(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1).toLowerCase();
  return last === '' || last.endsWith('.html') || last.endsWith('.htm') || last.endsWith('.xhtml') || !last.includes('.');
}

/**
 * A fragment worth checking: none for `#`, `#top` (the top of any page, as browsers have it) or
 * nothing, and none in a text fragment (`#:~:text=…`: a directive to the browser, not an anchor;
 * `#intro:~:text=…` names `intro`).
 */
function fragmentOf(hash: string): string | undefined {
  const raw = (hash.startsWith('#') ? hash.slice(1) : hash).split(':~:')[0]!;
  if (raw === '' || raw.toLowerCase() === 'top') return undefined;
  return raw;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Whether a page's anchors hold `fragment`, as written or percent-decoded (browsers try both). */
export function hasAnchor(anchors: { has(name: string): boolean }, fragment: string): boolean {
  return anchors.has(fragment) || anchors.has(safeDecode(fragment));
}

/** `link-check-ignore`'s patterns. */
export interface GlobList {
  matches(text: string): boolean;
  /** No pattern: nothing is ignored. */
  readonly empty: boolean;
}

/**
 * Glob patterns: `*` matches anything but `/`, `**` anything, `?` one character but `/`; the rest
 * is literal. A pattern matches a whole text. Each match is at most (text × pattern) steps, with
 * no backtracking blow-up: patterns are the user's, texts are hostile.
 */
export function globList(patterns: readonly string[]): GlobList {
  const compiled = patterns.map(compileGlob);
  return { matches: (text) => compiled.some((tokens) => matchGlob(tokens, text)), empty: compiled.length === 0 };
}

type GlobToken = { any: 'segment' | 'all' } | { one: true } | { literal: string };

function compileGlob(pattern: string): GlobToken[] {
  const tokens: GlobToken[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') {
      const all = pattern[i + 1] === '*';
      if (all) while (pattern[i + 1] === '*') i++;
      tokens.push({ any: all ? 'all' : 'segment' });
    } else if (c === '?') tokens.push({ one: true });
    else tokens.push({ literal: c });
  }
  return tokens;
}

/** Dynamic programming over the text, one row of states per character: linear in the text for a fixed pattern. */
function matchGlob(tokens: GlobToken[], text: string): boolean {
  // states[j]: the first j tokens match the text read so far.
  let states = new Array<boolean>(tokens.length + 1).fill(false);
  states[0] = true;
  const closeOverStars = (row: boolean[]) => {
    for (let j = 0; j < tokens.length; j++) if (row[j] && 'any' in tokens[j]!) row[j + 1] = true;
  };
  closeOverStars(states);
  for (const c of text) {
    const next = new Array<boolean>(tokens.length + 1).fill(false);
    for (let j = 0; j < tokens.length; j++) {
      if (!states[j]) continue;
      const token = tokens[j]!;
      if ('any' in token) {
        if (token.any === 'all' || c !== '/') next[j] = true;
      } else if ('one' in token) {
        if (c !== '/') next[j + 1] = true;
      } else if (token.literal === c) next[j + 1] = true;
    }
    closeOverStars(next);
    states = next;
  }
  return states[tokens.length] === true;
}
