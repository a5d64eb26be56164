/**
 * Which documentation pages a pull request changes, as links into its preview. Pure: the caller
 * lists the changed files (dropping deleted ones) and reads `.readthedocs.yaml`.
 */
import { encodeSegment } from '../../util/url.js';

export type DocsBuilder = 'sphinx' | 'mkdocs';

export interface ChangedPage {
  /** Repository path of the changed source file. */
  file: string;
  /** Address of the page built from it in the preview. */
  url: string;
}

export const MAX_CHANGED_PAGES = 20;

const SPHINX_SOURCE_EXTENSIONS = ['.rst', '.md', '.ipynb'];
const MKDOCS_SOURCE_EXTENSIONS = ['.md', '.markdown'];
const MKDOCS_INDEX_PAGES = ['index', 'readme'];
// Never pages: hidden folders (.github, .ipynb_checkpoints) and Sphinx's own output folder.
const NEVER_PAGE_SEGMENT = (segment: string) => segment.startsWith('.') || segment === '_build';

/**
 * The Sphinx source folder from a `.readthedocs.yaml` text: `sphinx.configuration: docs/conf.py`
 * gives `docs`, a `conf.py` at the top gives `.`. MkDocs keeps its `docs_dir` in `mkdocs.yml`,
 * which this file does not see, so an MkDocs project gives `undefined`, as does anything unclear.
 * Reads only the few lines it needs (no YAML library): block or flow mappings, quotes, comments.
 */
export function docsDirFromReadthedocsYaml(yamlText: string): string | undefined {
  const sphinx = topLevelMapping(yamlText, 'sphinx');
  const configuration = sphinx?.get('configuration');
  if (configuration === undefined) return undefined;
  const path = normaliseRepoPath(configuration);
  if (path === undefined || path === '' || !path.endsWith('.py')) return undefined;
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '.' : path.slice(0, slash);
}

/** `sphinx` or `mkdocs` when `.readthedocs.yaml` has that top-level key, else `undefined`. */
export function builderFromReadthedocsYaml(yamlText: string): DocsBuilder | undefined {
  const keys = topLevelKeys(yamlText);
  if (keys.has('sphinx')) return 'sphinx';
  if (keys.has('mkdocs')) return 'mkdocs';
  return undefined;
}

/**
 * Maps changed files under `docsDir` to preview page URLs, sorted by path, at most `limit`
 * (default 20). Sphinx (the default): `.rst`, `.md`, `.ipynb` become `.html` (`guide/index.rst` →
 * `guide/index.html`; a `dirhtml` builder cannot be detected). MkDocs: `.md` pages use directory
 * URLs (`guide/setup.md` → `guide/setup/`, `guide/index.md` → `guide/`). Other files are ignored.
 */
export function changedPages(args: {
  changedFiles: string[];
  docsDir: string;
  previewUrl: string;
  builder?: DocsBuilder;
  limit?: number;
}): ChangedPage[] {
  const builder = args.builder ?? 'sphinx';
  const limit = args.limit ?? MAX_CHANGED_PAGES;
  const docsDir = normaliseRepoPath(args.docsDir);
  if (docsDir === undefined) return [];
  const prefix = docsDir === '' ? '' : `${docsDir}/`;

  const pages = new Map<string, string>();
  for (const file of args.changedFiles) {
    const path = normaliseRepoPath(file);
    if (path === undefined || path === '' || !path.startsWith(prefix)) continue;
    const relative = path.slice(prefix.length);
    const segments = relative.split('/');
    if (segments.some(NEVER_PAGE_SEGMENT)) continue;
    const pagePath = builder === 'mkdocs' ? mkdocsPagePath(segments) : sphinxPagePath(segments);
    if (pagePath !== undefined && !pages.has(path)) pages.set(path, joinUrl(args.previewUrl, pagePath));
  }
  return [...pages]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, Math.max(0, limit))
    .map(([file, url]) => ({ file, url }));
}

function sphinxPagePath(segments: string[]): string[] | undefined {
  const name = segments.at(-1) ?? '';
  const extension = SPHINX_SOURCE_EXTENSIONS.find((candidate) => name.toLowerCase().endsWith(candidate));
  if (extension === undefined || name.length === extension.length) return undefined;
  return [...segments.slice(0, -1), `${name.slice(0, -extension.length)}.html`];
}

function mkdocsPagePath(segments: string[]): string[] | undefined {
  const name = segments.at(-1) ?? '';
  const extension = MKDOCS_SOURCE_EXTENSIONS.find((candidate) => name.toLowerCase().endsWith(candidate));
  if (extension === undefined || name.length === extension.length) return undefined;
  const stem = name.slice(0, -extension.length);
  const folders = segments.slice(0, -1);
  // Directory URLs: an index page is its folder, any other page gets a folder of its own.
  return MKDOCS_INDEX_PAGES.includes(stem.toLowerCase()) ? [...folders, ''] : [...folders, stem, ''];
}

function joinUrl(base: string, segments: string[]): string {
  const url = new URL(base);
  const basePath = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  url.pathname = basePath + segments.map(encodeSegment).join('/');
  url.hash = '';
  return url.href;
}

/** A repository-relative path without `./`, leading or trailing `/`; `undefined` if it climbs out. */
function normaliseRepoPath(path: string): string | undefined {
  const resolved: string[] = [];
  for (const segment of path.trim().replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (resolved.pop() === undefined) return undefined;
      continue;
    }
    resolved.push(segment);
  }
  return resolved.join('/');
}

// --- a minimal reader for the top-level mappings of a YAML file ---

interface YamlLine {
  indent: number;
  /** The line without indentation, trailing comment and trailing spaces. */
  text: string;
}

const KEY_LINE = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s:'"][^:]*?)\s*:(?:\s+(.*))?$/;

function meaningfulLines(yamlText: string): YamlLine[] {
  const lines: YamlLine[] = [];
  for (const raw of yamlText.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const text = stripComment(raw).trimEnd();
    const content = text.trimStart();
    if (content === '' || content === '---' || content === '...') continue;
    lines.push({ indent: text.length - content.length, text: content });
  }
  return lines;
}

function stripComment(line: string): string {
  let quote: '"' | "'" | undefined;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (quote === '"' && char === '\\') index++;
    else if (quote !== undefined && char === quote) quote = undefined;
    else if (quote === undefined && (char === '"' || char === "'") && (index === 0 || /[\s:{[,]/.test(line[index - 1] ?? ''))) quote = char;
    else if (quote === undefined && char === '#' && (index === 0 || /\s/.test(line[index - 1] ?? ''))) return line.slice(0, index);
  }
  return line;
}

function splitKeyLine(text: string): { key: string; value: string } | undefined {
  const match = KEY_LINE.exec(text);
  if (match === null) return undefined;
  const key = parseScalar(match[1] ?? '');
  return key === undefined ? undefined : { key, value: (match[2] ?? '').trim() };
}

function topLevelKeys(yamlText: string): Set<string> {
  const keys = new Set<string>();
  for (const line of meaningfulLines(yamlText)) {
    const entry = line.indent === 0 ? splitKeyLine(line.text) : undefined;
    if (entry !== undefined) keys.add(entry.key);
  }
  return keys;
}

/** The scalar entries of the top-level mapping under `key`, or `undefined` when the key is absent. */
function topLevelMapping(yamlText: string, key: string): Map<string, string> | undefined {
  const lines = meaningfulLines(yamlText);
  const start = lines.findIndex((line) => line.indent === 0 && splitKeyLine(line.text)?.key === key);
  if (start === -1) return undefined;
  const inline = splitKeyLine(lines[start]!.text)!.value;
  const entries = new Map<string, string>();
  if (inline !== '') {
    if (inline.startsWith('{') && inline.endsWith('}')) {
      for (const part of inline.slice(1, -1).split(',')) addEntry(entries, part.trim());
    }
    return entries;
  }
  const end = lines.findIndex((line, index) => index > start && line.indent === 0);
  const children = lines.slice(start + 1, end === -1 ? undefined : end);
  const childIndent = children[0]?.indent;
  for (const child of children) if (child.indent === childIndent) addEntry(entries, child.text);
  return entries;
}

function addEntry(entries: Map<string, string>, text: string): void {
  const entry = splitKeyLine(text);
  const value = entry === undefined ? undefined : parseScalar(entry.value);
  if (entry !== undefined && value !== undefined && !entries.has(entry.key)) entries.set(entry.key, value);
}

function parseScalar(raw: string): string | undefined {
  const text = raw.trim();
  if (text.startsWith('"')) {
    const match = /^"((?:[^"\\]|\\.)*)"$/.exec(text);
    return match === null ? undefined : match[1]!.replace(/\\(.)/g, '$1');
  }
  if (text.startsWith("'")) {
    const match = /^'((?:[^']|'')*)'$/.exec(text);
    return match === null ? undefined : match[1]!.replace(/''/g, "'");
  }
  // Empty, null, block scalars, nested collections and anchors are not paths this reader can use.
  if (text === '' || text === '~' || /^null$/i.test(text) || /^[|>{[&*!]/.test(text)) return undefined;
  return text;
}
