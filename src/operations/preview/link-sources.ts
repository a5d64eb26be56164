/**
 * From a broken link back to the line of the pull request that writes it. The page's source is
 * found among the PR's added and changed files by the changed pages' own mapping (changed-pages.ts:
 * `docs/guide/install.rst` builds `guide/install.html`, or `guide/install/` with `dirhtml` and
 * MkDocs), read at the head commit (one request per file, at most {@link MAX_FILES} files, the
 * first {@link MAX_SOURCE_CHARS} characters of each), and the first line that names the target as
 * reStructuredText, MyST or Markdown write it: its page's name (`gone.html` as `gone`,
 * `` :doc:`gone` ``, `[x](gone.md)`), its anchor (`#nope`, `<nope>`, `` `nope` ``), its file's name
 * (an image), its URL (another site's). None found: the file without a line. A file is a pull
 * request's text, hostile: one pass over it, word by word, each word looked up in the set of what
 * its page's links want, so the work is linear in the file whatever it holds.
 */
import pLimit from 'p-limit';
import type { BrokenLink } from '../../reporting/broken-link.js';
import type { ProjectLog } from '../../reporting/project-log.js';
import { sourcePagePath, type DocsBuilder } from './changed-pages.js';

/** Source files read at most for one project's broken links (one GitHub request each). */
const MAX_FILES = 20;
/** A file's characters looked through at most (GitHub's contents API gives the text of files up to 1 MB). */
const MAX_SOURCE_CHARS = 1_000_000;
/** Longer words are no link anyone wrote (and are not looked at). */
const MAX_WORD = 2_048;
/** Files read at the same time. */
const CONCURRENCY = 4;

/** Where the pull request's sources are, and how to read one at its head commit. */
export interface SourceReading {
  /** The pull request's added and changed files. */
  files: readonly string[];
  docsDir: string;
  /** The builder that built the pages; every builder's mapping is tried when it is unknown. */
  builder: DocsBuilder | undefined;
  /** A file's text at the head commit; undefined when it cannot be read. */
  read: (path: string) => Promise<string | undefined>;
}

/** `broken`, each link of a page the pull request's files build with its `source`: the file, and the line when one names the target. */
export async function locateBrokenLinks(broken: readonly BrokenLink[], reading: SourceReading, log: ProjectLog): Promise<BrokenLink[]> {
  const sourceOf = pageSources(reading);
  const fileOf = (link: BrokenLink) => sourceOf.get(pageKey(link.page));
  const files = [...new Set(broken.flatMap((link) => fileOf(link) ?? []))];
  if (files.length === 0) return [...broken];
  const read = files.slice(0, MAX_FILES);
  if (files.length > read.length) log.info(`The first ${read.length} of ${files.length} source files are read for the broken links' lines`);
  const limit = pLimit(CONCURRENCY);
  const found = new Map<string, Map<string, number>>();
  await Promise.all(
    read.map((file) =>
      limit(async () => {
        const wanted = new Set(broken.filter((link) => fileOf(link) === file).flatMap(linkKeys));
        const text = await reading.read(file);
        found.set(file, text === undefined ? new Map() : firstLines(text.slice(0, MAX_SOURCE_CHARS), wanted));
      }),
    ),
  );
  const located = broken.map((link): BrokenLink => {
    const file = fileOf(link);
    if (file === undefined) return link;
    let line: number | undefined;
    for (const key of linkKeys(link)) {
      const at = found.get(file)?.get(key);
      if (at !== undefined && (line === undefined || at < line)) line = at;
    }
    return { ...link, source: { file, ...(line === undefined ? {} : { line }) } };
  });
  const withLine = located.filter((link) => link.source?.line !== undefined).length;
  const filesRead = `${read.length} file${read.length === 1 ? '' : 's'} read`;
  log.info(`Broken links in the pull request's files: ${withLine} of ${broken.length} found on their line, in ${filesRead}`);
  return located;
}

/** Each page the pull request's files build (by its key), and the file that builds it. */
function pageSources(reading: Pick<SourceReading, 'files' | 'docsDir' | 'builder'>): Map<string, string> {
  const builders: DocsBuilder[] = reading.builder === undefined ? ['sphinx', 'sphinx-dirhtml', 'mkdocs'] : [reading.builder];
  const pages = new Map<string, string>();
  for (const builder of builders) {
    for (const file of reading.files) {
      const path = file.length > 1024 ? undefined : sourcePagePath(file, reading.docsDir, builder);
      if (path !== undefined && !pages.has(pageKey(path))) pages.set(pageKey(path), file);
    }
  }
  return pages;
}

/** A page as the link check names it, below the root: a folder's `index.html` is the folder (`/` and `/index.html` are ``). */
function pageKey(page: string): string {
  let path = page;
  while (path.startsWith('/')) path = path.slice(1);
  return path === 'index.html' || path.endsWith('/index.html') ? path.slice(0, -'index.html'.length) : path;
}

/** What names a link's target in a source: another site's URL, an anchor, an image's or resource's file, a page's name. */
function linkKeys(link: BrokenLink): string[] {
  if (link.external) {
    const url = urlKey(link.target);
    return url === undefined ? [] : [url];
  }
  const hash = link.target.indexOf('#');
  const path = hash === -1 ? link.target : link.target.slice(0, hash);
  if (link.kind === 'anchor' && hash !== -1) return [`frag:${anchorKey(link.target.slice(hash + 1))}`];
  if (link.kind === 'image' || link.kind === 'resource') {
    const file = baseName(path);
    return file === '' ? [] : [`file:${file.toLowerCase()}`];
  }
  return [`name:${pageName(path)}`];
}

// What ends a word: spaces, and the marks around a link in reStructuredText, MyST, Markdown and HTML.
const DELIMITERS = new Set([' ', '\t', '\r', '\n', '\f', '\v', '`', '<', '>', '(', ')', '[', ']', '"', "'", '{', '}', '|', '*']);
const OPENING = new Set(['`', '<', '(']);
const CLOSING = new Set(['`', '>', ')']);
// What a word may end with that is not the link's: a sentence's punctuation, a JSON string's escape.
const TRAILING = new Set(['.', ',', ';', ':', '!', '?', '\\']);

/** The first line of each wanted key, in one pass over `text`. */
function firstLines(text: string, wanted: ReadonlySet<string>): Map<string, number> {
  const found = new Map<string, number>();
  if (wanted.size === 0) return found;
  let line = 1;
  let start = -1;
  let before = '';
  for (let i = 0; i <= text.length; i++) {
    const char = i < text.length ? text[i]! : '\n';
    if (!DELIMITERS.has(char)) {
      if (start === -1) start = i;
      continue;
    }
    if (start !== -1 && i - start <= MAX_WORD) {
      for (const key of wordKeys(text.slice(start, i), OPENING.has(before) && CLOSING.has(char))) {
        if (wanted.has(key) && !found.has(key)) found.set(key, line);
      }
      if (found.size === wanted.size) break;
    }
    start = -1;
    before = char;
    if (char === '\n') line++;
  }
  return found;
}

/**
 * What a word of a source may name: a URL; else an anchor (after `#`), a file (its name), a page
 * (its name, when the word looks like a link: a path, an extension, a fragment, or set in
 * backticks, `<…>` or `(…)` as `` :doc:`gone` `` and `(nope)=` are, which may then be an anchor too).
 */
function wordKeys(raw: string, bracketed: boolean): string[] {
  let end = raw.length;
  while (end > 0 && TRAILING.has(raw[end - 1]!)) end--;
  const word = raw.slice(0, end);
  if (word === '') return [];
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(word)) {
    const url = urlKey(word);
    return url === undefined ? [] : [url];
  }
  const hash = word.indexOf('#');
  const keys: string[] = [];
  if (hash !== -1 && hash < word.length - 1) keys.push(`frag:${anchorKey(word.slice(hash + 1))}`);
  const written = hash === -1 ? word : word.slice(0, hash);
  const query = written.indexOf('?');
  const path = decoded(query === -1 ? written : written.slice(0, query));
  if (path === '') return keys;
  const file = baseName(path);
  if (file !== '') keys.push(`file:${file.toLowerCase()}`);
  const plain = !path.includes('/') && !path.includes('.');
  if (!plain || bracketed || hash !== -1) keys.push(`name:${pageName(path)}`);
  if (plain && bracketed && hash === -1) keys.push(`frag:${anchorKey(path)}`);
  return keys;
}

/** Another site's address as both a target and a source write it: parsed, without its fragment or a last `/`. */
function urlKey(text: string): string | undefined {
  const url = URL.parse(text);
  if (url === null) return undefined;
  url.hash = '';
  return `url:${url.href.endsWith('/') ? url.href.slice(0, -1) : url.href}`;
}

/** An anchor as Sphinx makes ids of names: lower case, `_` as `-`. */
function anchorKey(fragment: string): string {
  return decoded(fragment).toLowerCase().replaceAll('_', '-');
}

/** The last segment of a path (`img/diagram.png` → `diagram.png`), '' for a folder. */
function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

// The extensions of a page's address and of the sources that build one.
const PAGE_EXTENSIONS = ['.html', '.htm', '.xhtml', '.rst', '.md', '.markdown', '.ipynb', '.txt'];

/**
 * A page's name as its links write it: the last segment without its extension (`../guide/gone.html`,
 * `gone.md`, `gone/` and `gone` are `gone`); a folder's index is the folder (`guide/index.html`,
 * `guide/` are `guide`), the root `index`.
 */
function pageName(path: string): string {
  const segments = path.split('/').filter((segment) => segment !== '' && segment !== '.' && segment !== '..');
  const last = segments.at(-1) ?? 'index';
  const extension = PAGE_EXTENSIONS.find((candidate) => last.toLowerCase().endsWith(candidate));
  const stem = extension === undefined || last.length === extension.length ? last : last.slice(0, -extension.length);
  return stem === 'index' && segments.length > 1 ? segments.at(-2)! : stem;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
