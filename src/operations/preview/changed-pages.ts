/**
 * Which documentation pages a pull request changes, as links into its preview. Pure: the caller
 * lists the changed files (dropping deleted ones) and reads `.readthedocs.yaml`.
 */
import type { BuildDoctype } from '../../readthedocs/schemas.js';
import { encodeSegment } from '../../util/url.js';
import { naturalCompare } from '../../util/natural-order.js';

/** `sphinx-dirhtml` links pages as `page/`; `sphinx-singlehtml` has one page, so no page links. */
export type DocsBuilder = 'sphinx' | 'sphinx-dirhtml' | 'sphinx-singlehtml' | 'mkdocs';

export interface ChangedPage {
  /** Repository path of the changed source file. */
  file: string;
  /** Address of the page built from it in the preview. */
  url: string;
  /**
   * From the service's file tree diff (then `file` is the built page, `guide/install.html`): what
   * happened to the page. A deleted page's `url` is its address before the change.
   */
  change?: 'added' | 'modified' | 'deleted';
  /** From the file tree diff: the modified or deleted page before the change (the base version's). */
  before?: string;
  /** From the file tree diff: a modified page with the service's visual diff on (`?readthedocs-diff=true`), what changed highlighted. */
  diff?: string;
  /** From a file tree diff of an earlier build of the pull request (the service had not written this push's). */
  earlierBuild?: true;
}

export const MAX_CHANGED_PAGES = 20;

const SPHINX_SOURCE_EXTENSIONS = ['.rst', '.md', '.ipynb'];
const MKDOCS_SOURCE_EXTENSIONS = ['.md', '.markdown'];
const MKDOCS_INDEX_PAGES = ['index', 'readme'];
// Never pages: hidden folders (.github, .ipynb_checkpoints) and Sphinx's own output folder.
const NEVER_PAGE_SEGMENT = (segment: string) => segment.startsWith('.') || segment === '_build';

/** Larger configuration files are not parsed (the service's own are a few hundred bytes). */
export const MAX_READTHEDOCS_YAML_BYTES = 64 * 1024;

/**
 * The parsed configuration file, or `undefined` when it is too large, not YAML, or not a mapping.
 * The `yaml` package is loaded on first use, so the bundle's entry stays small.
 */
async function parseReadthedocsYaml(yamlText: string): Promise<Record<string, unknown> | undefined> {
  if (Buffer.byteLength(yamlText, 'utf8') > MAX_READTHEDOCS_YAML_BYTES) return undefined;
  const { parse } = await import('yaml');
  let document: unknown;
  try {
    // Aliases bounded: a file from a pull request is hostile input.
    document = parse(yamlText, { maxAliasCount: 100, uniqueKeys: false, prettyErrors: false });
  } catch {
    return undefined;
  }
  return document !== null && typeof document === 'object' && !Array.isArray(document) ? (document as Record<string, unknown>) : undefined;
}

function mapping(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** What changed-page links need from the configuration file. */
export interface ReadthedocsConfig {
  /** The Sphinx source folder (`sphinx.configuration`'s folder), undefined for MkDocs or when unclear. */
  docsDir: string | undefined;
  builder: DocsBuilder | undefined;
}

/**
 * Reads a `.readthedocs.yaml` text: `sphinx.configuration: docs/conf.py` gives `docs`, a `conf.py`
 * at the top gives `.`; `sphinx.builder: dirhtml` (or its synonym `htmldir`) gives directory URLs. MkDocs keeps its
 * `docs_dir` in `mkdocs.yml`, which this file does not see, so an MkDocs project has no folder.
 */
export async function readReadthedocsConfig(yamlText: string): Promise<ReadthedocsConfig> {
  const document = await parseReadthedocsYaml(yamlText);
  const sphinx = mapping(document?.sphinx);
  const builder: DocsBuilder | undefined = sphinx
    ? sphinx.builder === 'dirhtml' || sphinx.builder === 'htmldir'
      ? 'sphinx-dirhtml'
      : sphinx.builder === 'singlehtml'
        ? 'sphinx-singlehtml'
        : 'sphinx'
    : document !== undefined && 'mkdocs' in document
      ? 'mkdocs'
      : undefined;
  const configuration = sphinx?.configuration;
  let docsDir: string | undefined;
  if (typeof configuration === 'string') {
    const path = normaliseRepoPath(configuration);
    if (path !== undefined && path !== '' && path.endsWith('.py')) {
      const slash = path.lastIndexOf('/');
      docsDir = slash === -1 ? '.' : path.slice(0, slash);
    }
  }
  return { docsDir, builder };
}

/**
 * The builder a build's resolved configuration names (its `doctype`): what the service really
 * built, so it wins over the configuration file's reading. `generic` (`build.commands`) tells
 * nothing about the pages' addresses: undefined.
 */
export function builderOfDoctype(doctype: BuildDoctype | undefined): DocsBuilder | undefined {
  switch (doctype) {
    case 'sphinx':
      return 'sphinx';
    case 'sphinx_htmldir':
      return 'sphinx-dirhtml';
    case 'sphinx_singlehtml':
      return 'sphinx-singlehtml';
    case 'mkdocs':
      return 'mkdocs';
    default:
      return undefined;
  }
}

/** The Sphinx source folder from a `.readthedocs.yaml` text (see {@link readReadthedocsConfig}). */
export async function docsDirFromReadthedocsYaml(yamlText: string): Promise<string | undefined> {
  return (await readReadthedocsConfig(yamlText)).docsDir;
}

/** The builder a `.readthedocs.yaml` declares, else `undefined`. */
export async function builderFromReadthedocsYaml(yamlText: string): Promise<DocsBuilder | undefined> {
  return (await readReadthedocsConfig(yamlText)).builder;
}

/**
 * Maps changed files under `docsDir` to preview page URLs, sorted by path, at most `limit`
 * (default 20). Sphinx (the default): `.rst`, `.md`, `.ipynb` become `.html` (`guide/index.rst` →
 * `guide/index.html`). Sphinx's `dirhtml` builder and MkDocs use directory URLs (`guide/setup.md`
 * → `guide/setup/`, `guide/index.md` → `guide/`). `singlehtml` has no pages to link. Other files are ignored.
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
  if (docsDir === undefined || builder === 'sphinx-singlehtml') return [];
  const prefix = docsDir === '' ? '' : `${docsDir}/`;

  const pages = new Map<string, string>();
  for (const file of args.changedFiles) {
    const path = normaliseRepoPath(file);
    if (path === undefined || path === '' || !path.startsWith(prefix)) continue;
    const pagePath = pageSegments(path.slice(prefix.length), builder);
    if (pagePath !== undefined && !pages.has(path)) pages.set(path, joinUrl(args.previewUrl, pagePath));
  }
  return [...pages]
    .sort(([a], [b]) => naturalCompare(a, b))
    .slice(0, Math.max(0, limit))
    .map(([file, url]) => ({ file, url }));
}

/** The page a source file (relative to the docs folder) builds, as path segments; undefined when none. */
function pageSegments(relative: string, builder: DocsBuilder): string[] | undefined {
  const segments = relative.split('/');
  if (segments.some(NEVER_PAGE_SEGMENT)) return undefined;
  if (builder === 'mkdocs') return mkdocsPagePath(segments);
  return builder === 'sphinx-dirhtml' ? sphinxDirPagePath(segments) : sphinxPagePath(segments);
}

/**
 * The path of the page a repository file builds, below the version's root (`/install.html`,
 * `/guide/setup/`), unencoded; undefined when the file is outside `docsDir` or builds no page.
 * The same mapping as {@link changedPages}.
 */
export function sourcePagePath(file: string, docsDir: string, builder: DocsBuilder = 'sphinx'): string | undefined {
  const dir = normaliseRepoPath(docsDir);
  const path = normaliseRepoPath(file);
  if (dir === undefined || path === undefined || path === '' || builder === 'sphinx-singlehtml') return undefined;
  const prefix = dir === '' ? '' : `${dir}/`;
  if (!path.startsWith(prefix)) return undefined;
  const segments = pageSegments(path.slice(prefix.length), builder);
  return segments === undefined ? undefined : `/${segments.join('/')}`;
}

function sphinxPagePath(segments: string[]): string[] | undefined {
  const name = segments.at(-1) ?? '';
  const extension = SPHINX_SOURCE_EXTENSIONS.find((candidate) => name.toLowerCase().endsWith(candidate));
  if (extension === undefined || name.length === extension.length) return undefined;
  return [...segments.slice(0, -1), `${name.slice(0, -extension.length)}.html`];
}

/** Sphinx `dirhtml`: `guide/setup.rst` → `guide/setup/`, `guide/index.rst` → `guide/`. */
function sphinxDirPagePath(segments: string[]): string[] | undefined {
  const html = sphinxPagePath(segments);
  if (html === undefined) return undefined;
  const stem = (html.at(-1) ?? '').slice(0, -'.html'.length);
  const folders = html.slice(0, -1);
  return stem === 'index' ? [...folders, ''] : [...folders, stem, ''];
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

/** `base` (a preview URL) with the page's path segments appended, each encoded. */
export function joinUrl(base: string, segments: string[]): string {
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
