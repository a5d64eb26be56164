/**
 * The redirect guard (pure): which pages a pull request moves or removes, whether a redirect of
 * the project covers each old address, and the entry to paste for those that are not covered.
 */
import { safeLine } from '../../util/untrusted-text.js';
import { sourcePagePath, type DocsBuilder } from './changed-pages.js';
import { naturalCompare } from '../../util/natural-order.js';

/** A file of the pull request as GitHub lists it. */
export interface PullRequestFile {
  filename: string;
  status?: string;
  /** For `renamed`: the path before. */
  previousFilename?: string;
}

/** A redirect as the guard reads it (from the service or the project file). */
export interface RedirectRule {
  type: string;
  from: string;
  /** Where it sends (the service's `to_url`), to name the redirect; the guard itself never needs it. */
  to?: string;
  enabled?: boolean;
}

/** A page whose address disappears from the docs. */
export interface MovedPage {
  /** The source file that built it (before the rename, or the removed one). */
  file: string;
  /** Where a renamed file went. */
  newFile?: string;
  /** Its old path below the version's root (`/install.html`). */
  from: string;
  /** The path of the page the renamed file builds now, when there is one. */
  to?: string;
  /** From the service's file tree diff: a page the build no longer makes (`file` is that built page). */
  builtOnly?: boolean;
  /** From the diff while the pull request's files are unknown: it may have moved on the base instead. */
  unconfirmed?: boolean;
  /** From the diff, and the base's live docs still serve it: this pull request removes it, whatever its files. */
  served?: boolean;
}

/** At most this many pages are reported (a pull request that moves a whole tree says so once). */
export const MAX_MOVED_PAGES = 50;
/** Longer paths are no documentation page anyone links to: left out, so every entry stays small. */
const MAX_PATH_LENGTH = 512;

/**
 * The addresses a source file's page answers at, below the version's root: its page, and for an
 * html builder's index page its folder too (`guide/index.rst` serves `/guide/index.html` and
 * `/guide/`). The version's own root (`/`) is left out: no redirect replaces it.
 */
function pageAddresses(file: string, docsDir: string, builder: DocsBuilder = 'sphinx'): string[] {
  if (file.length > MAX_PATH_LENGTH) return [];
  const page = sourcePagePath(file, docsDir, builder);
  if (page === undefined) return [];
  if (builder === 'sphinx' && page.endsWith('/index.html') && page !== '/index.html') return [page, page.slice(0, -'index.html'.length)];
  return [page];
}

/**
 * The pages whose address disappears: built by a removed file, or by a renamed file whose new
 * name builds another page (or none), and built by no other file of the pull request now. An
 * html builder's index page is two addresses (`/guide/index.html` and `/guide/`), each its own
 * entry, since a redirect of one does not cover the other.
 */
export function movedPages(args: { files: PullRequestFile[]; docsDir: string; builder?: DocsBuilder }): MovedPage[] {
  const { files, docsDir } = args;
  const builder = args.builder ?? 'sphinx';
  const addressesOf = (file: string) => pageAddresses(file, docsDir, builder);
  // Pages the head commit builds from the pull request's files: those addresses stay.
  const stays = new Set<string>();
  for (const file of files) {
    if (file.status === 'removed') continue;
    for (const page of addressesOf(file.filename)) stays.add(normalisePath(page));
  }
  const moved = new Map<string, MovedPage>();
  for (const file of files) {
    const old = file.status === 'removed' ? file.filename : file.status === 'renamed' ? file.previousFilename : undefined;
    if (old === undefined) continue;
    const now = file.status === 'renamed' ? addressesOf(file.filename) : [];
    addressesOf(old).forEach((from, index) => {
      if (stays.has(normalisePath(from)) || moved.has(normalisePath(from))) return;
      const page: MovedPage = { file: old, from };
      if (file.status === 'renamed') {
        page.newFile = file.filename;
        // The index page's folder goes to the new index page's folder, any other to the new page.
        const to = now[index] ?? now[0];
        if (to !== undefined) page.to = to;
      }
      moved.set(normalisePath(from), page);
    });
  }
  return [...moved.values()].sort((a, b) => naturalCompare(a.from, b.from));
}

/**
 * The file tree diff's deleted pages split by cause. Its base is a snapshot from the pull request's
 * first build, never refreshed (FACTS): a page the base removed since shows as deleted too. A page
 * is this pull request's when one of its removed files, or a renamed file's old name, builds it:
 * the same path without its extension (`docs/api/legacy.rst` → `api/legacy.html` or `api/legacy/`),
 * whatever the docs folder and the builder; an index or readme page stands for its folder.
 */
export function removedByPullRequest(removed: MovedPage[], files: PullRequestFile[]): { ours: MovedPage[]; onBase: MovedPage[] } {
  // Every tail of each source's path, at a folder boundary: the docs folder in front is unknown.
  const tails = new Set<string>();
  for (const file of files) {
    const old = file.status === 'removed' ? file.filename : file.status === 'renamed' ? file.previousFilename : undefined;
    if (old === undefined || old.length > MAX_PATH_LENGTH) continue;
    for (const stem of sourceStems(old)) {
      const segments = stem.split('/');
      for (let start = 0; start < segments.length; start += 1) tails.add(segments.slice(start).join('/'));
    }
  }
  const ours: MovedPage[] = [];
  const onBase: MovedPage[] = [];
  for (const page of removed) (tails.has(pageStem(page.file)) ? ours : onBase).push(page);
  return { ours, onBase };
}

/** A source path without its extension, and its folder too when it is an index or readme page. */
function sourceStems(path: string): string[] {
  const clean = trimSlashes(path.replace(/\\/g, '/'));
  const dot = clean.lastIndexOf('.');
  const stem = dot > clean.lastIndexOf('/') ? clean.slice(0, dot) : clean;
  const slash = stem.lastIndexOf('/');
  const name = stem.slice(slash + 1).toLowerCase();
  return name === 'index' || name === 'readme' ? [stem, slash === -1 ? '' : stem.slice(0, slash)] : [stem];
}

/** A built page's path without `.html` or `/index.html`: `api/legacy.html` and `api/legacy/index.html` are `api/legacy`. */
function pageStem(file: string): string {
  const clean = trimSlashes(file);
  if (clean === 'index.html') return 'index';
  if (clean.endsWith('/index.html')) return clean.slice(0, -'/index.html'.length);
  return clean.endsWith('.html') ? clean.slice(0, -'.html'.length) : clean;
}

/**
 * A path as the service stores a redirect's `from_url`: trimmed, without a trailing `/`, with
 * exactly one leading `/` (the root stays `/`).
 */
export function normalisePath(path: string): string {
  return `/${trimEnds(path)}`;
}

/** A slash or what `trim()` removes: the ends a path's normal form drops, in any order (`x /` too). */
const END_CHAR = /[\s/]/;

/**
 * Without leading and trailing slashes and white space, mixed in any order, so that the normal form
 * is its own normal form; two scans, linear whatever the text (a `/[\s/]+$/` is not).
 */
function trimEnds(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && END_CHAR.test(text[start]!)) start += 1;
  while (end > start && END_CHAR.test(text[end - 1]!)) end -= 1;
  return text.slice(start, end);
}

/** Without leading and trailing `/`: two scans, linear whatever the text (a `/\/+$/` is not). */
function trimSlashes(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === '/') start += 1;
  while (end > start && text[end - 1] === '/') end -= 1;
  return text.slice(start, end);
}

/**
 * Whether a redirect sends `page` (its path below the version's root, with the address a rename
 * gives it) somewhere, as the service matches: enabled redirects only; `page` redirects against
 * that path; `exact` ones against the full path under any of `prefixes` (every version and
 * language prefix the project serves, e.g. `/en/latest`, `/projects/alias/en/v2`); a `from`
 * ending in `*` matches by prefix, any other equals the path without its trailing `/`.
 * `clean_url_to_html` (`x/` and `x/index.html` to `x.html`) and `html_to_clean_url` (`x.html` to
 * `x/`) cover a move when the address they send it to is the page's new one.
 */
export function isCovered(
  page: string | Pick<MovedPage, 'from' | 'to'>,
  rules: RedirectRule[],
  prefixes: string | readonly string[] | undefined,
): boolean {
  return coverage(rules, prefixes)(page);
}

/**
 * {@link isCovered} for many pages: the `exact` redirects are brought below the version's root
 * once (for each prefix), so each page costs one pass over the redirects whatever the number of
 * versions.
 */
export function coverage(
  rules: RedirectRule[],
  prefixes: string | readonly string[] | undefined,
): (page: string | Pick<MovedPage, 'from' | 'to'>) => boolean {
  const covering = coveringRule(rules, prefixes);
  return (page) => covering(page) !== undefined;
}

/**
 * The redirect that covers a page, as {@link coverage} decides (the first in the list's order when
 * several do), or undefined: the one matcher of the service's rules, for the guard and for a
 * preview's links to addresses that production redirects.
 */
export function coveringRule(
  rules: RedirectRule[],
  prefixes: string | readonly string[] | undefined,
): (page: string | Pick<MovedPage, 'from' | 'to'>) => RedirectRule | undefined {
  const bases = prefixes === undefined ? [] : typeof prefixes === 'string' ? [prefixes] : prefixes;
  // Each `from` below the version's root, with the first rule that has it.
  const below = new Map<string, RedirectRule>();
  let cleanToHtml: RedirectRule | undefined;
  let htmlToClean: RedirectRule | undefined;
  const add = (from: string, rule: RedirectRule) => {
    if (!below.has(from)) below.set(from, rule);
  };
  for (const rule of rules) {
    if (rule.enabled === false) continue;
    if (rule.type === 'page') add(rule.from, rule);
    else if (rule.type === 'exact') for (const from of exactBelowRoot(rule.from, bases)) add(from, rule);
    else if (rule.type === 'clean_url_to_html') cleanToHtml ??= rule;
    else if (rule.type === 'html_to_clean_url') htmlToClean ??= rule;
  }
  return (page) => {
    const { from, to } = typeof page === 'string' ? { from: page, to: undefined } : page;
    for (const [rule, found] of below) if (matches(rule, from)) return found;
    if (to === undefined) return undefined;
    if (cleanToHtml && sameAddress(cleanUrlToHtml(from), to)) return cleanToHtml;
    return htmlToClean && sameAddress(htmlToCleanUrl(from), to) ? htmlToClean : undefined;
  };
}

/**
 * An `exact` redirect's `from` as `page` redirects write it (below the version's root), once for
 * each prefix it falls under: `/en/latest/install.html` under `/en/latest` is `/install.html`;
 * `/en/*` under `/en/latest` is `*` (every page).
 */
function exactBelowRoot(from: string, prefixes: readonly string[]): string[] {
  const rule = normalisePath(from);
  const star = rule.endsWith('*');
  const head = star ? rule.slice(0, -1) : rule;
  const out: string[] = [];
  for (const prefix of prefixes) {
    const base = trimSlashes(prefix);
    if (base === '') {
      out.push(rule);
      continue;
    }
    // Every page's full path starts with `/base/`.
    const root = `/${base}/`;
    if (star && root.startsWith(head)) out.push('*');
    else if (head.startsWith(root) && head[root.length] !== '/') out.push(`${head.slice(root.length - 1)}${star ? '*' : ''}`);
    // A rule with `//` right after the root (`/en/latest//*`) matches no page: a page's full path
    // has one slash there. Brought below the root, it would normalise to `/*`, every page.
  }
  return out;
}

/** Where `clean_url_to_html` sends a path: `x/` and `x/index.html` to `x.html` (never the root's). */
function cleanUrlToHtml(path: string): string | undefined {
  const suffix = path.endsWith('/index.html') ? '/index.html' : path.endsWith('/') ? '/' : undefined;
  const stem = suffix === undefined ? '' : path.slice(0, -suffix.length);
  return stem === '' ? undefined : `${stem}.html`;
}

/** Where `html_to_clean_url` sends a path: `x.html` to `x/` (an index page is left alone). */
function htmlToCleanUrl(path: string): string | undefined {
  if (!path.endsWith('.html') || path.endsWith('/index.html') || path === '/.html') return undefined;
  return `${path.slice(0, -'.html'.length)}/`;
}

/** Two addresses of one page: `x/` is served as `x/index.html` too. */
function sameAddress(a: string | undefined, b: string): boolean {
  const folder = (path: string) => (path.endsWith('/index.html') ? path.slice(0, -'index.html'.length) : path);
  return a !== undefined && normalisePath(folder(a)) === normalisePath(folder(b));
}

function matches(from: string, path: string): boolean {
  const rule = normalisePath(from);
  const full = `/${path.replace(/^\/+/, '')}`;
  if (rule.endsWith('*')) return full.startsWith(rule.slice(0, -1));
  return normalisePath(full) === rule;
}

/** A path written into YAML: plain when it is only URL-path characters, else double-quoted. */
function yamlPath(path: string): string {
  return /^\/[A-Za-z0-9._~/%-]*$/.test(path) ? path : JSON.stringify(path);
}

/**
 * The entry to paste under `redirects:`, with a comment naming the source files:
 * `- {type: page, from: /install.html, to: /getting-started/install.html}`. For a page with no
 * new address, `to:` is left empty for the author (`apply` refuses it until it is filled in).
 */
export function redirectEntry(page: MovedPage): string {
  const to = page.to === undefined ? '' : ` ${yamlPath(page.to)}`;
  const why =
    page.newFile !== undefined
      ? `${page.file} → ${page.newFile}`
      : page.unconfirmed
        ? 'no longer built, or moved on the base: choose where it goes'
        : page.builtOnly
          ? 'no longer built: choose where it goes'
          : `${page.file} removed: choose where it goes`;
  return `- {type: page, from: ${yamlPath(page.from)}, to:${to}}  # ${safeLine(why, 300)}`;
}
