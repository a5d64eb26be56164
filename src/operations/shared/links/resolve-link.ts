/**
 * Where a link of a page leads, as the link check sees it: a page or image of the version being
 * checked (its host and below its root path: checked), another site (checked only with
 * `link-check-external`), or something never checked (another path of the same host, `mailto:`,
 * `tel:`, `javascript:`, `data:`, an ignored pattern). Pure.
 */

export type LinkTarget =
  /** `url` without its fragment; `path` below the version's root (`guide/install.html`); `fragment` decoded. */
  | { kind: 'internal'; url: string; path: string; fragment?: string }
  | { kind: 'external'; url: string; host: string }
  | { kind: 'skipped'; why: 'scheme' | 'outside-root' | 'ignored' | 'invalid' | 'self' };

/** Longer links are not followed (and counted as not checked). */
const MAX_LINK_LENGTH = 2_048;

/**
 * The target of `href` written on the page at `pageUrl` (after its `<base href>`, when it has one),
 * for the version served at `root` (a URL ending in `/`).
 */
export function resolveLink(href: string, pageUrl: string, root: URL, ignore: GlobList, base?: string): LinkTarget {
  const written = href.trim();
  if (written === '' || written.length > MAX_LINK_LENGTH) return { kind: 'skipped', why: written === '' ? 'self' : 'invalid' };
  const against = base !== undefined && URL.canParse(base, pageUrl) ? new URL(base, pageUrl).href : pageUrl;
  if (!URL.canParse(written, against)) return { kind: 'skipped', why: 'invalid' };
  const url = new URL(written, against);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'skipped', why: 'scheme' };
  const fragment = fragmentOf(url.hash);
  url.hash = '';
  if (url.origin !== root.origin) {
    if (ignore.matches(url.href) || ignore.matches(url.href + (fragment === undefined ? '' : `#${fragment}`)))
      return { kind: 'skipped', why: 'ignored' };
    return { kind: 'external', url: url.href, host: url.host };
  }
  if (!url.pathname.startsWith(root.pathname)) return { kind: 'skipped', why: 'outside-root' };
  const path = safeDecode(url.pathname.slice(root.pathname.length));
  const withFragment = fragment === undefined ? '' : `#${fragment}`;
  if ([url.href, url.href + withFragment, path, path + withFragment].some((text) => ignore.matches(text)))
    return { kind: 'skipped', why: 'ignored' };
  return { kind: 'internal', url: url.href, path, ...(fragment === undefined ? {} : { fragment }) };
}

/** A fragment worth checking: none for `#`, `#top` (the top of any page, as browsers have it) or nothing. */
function fragmentOf(hash: string): string | undefined {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
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
export function hasAnchor(anchors: ReadonlySet<string>, fragment: string): boolean {
  return anchors.has(fragment) || anchors.has(safeDecode(fragment));
}

/** `link-check-ignore`'s patterns. */
export interface GlobList {
  matches(text: string): boolean;
}

/**
 * Glob patterns: `*` matches anything but `/`, `**` anything, `?` one character but `/`; the rest
 * is literal. A pattern matches a whole text. Each match is at most (text × pattern) steps, with
 * no backtracking blow-up: patterns are the user's, texts are hostile.
 */
export function globList(patterns: readonly string[]): GlobList {
  const compiled = patterns.map(compileGlob);
  return { matches: (text) => compiled.some((tokens) => matchGlob(tokens, text)) };
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
