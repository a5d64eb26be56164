/**
 * The build's own list of its pages and anchors as the link check's first answer (issue 46: about
 * one request per changed page). A Sphinx build publishes `searchindex.js` (every document, and the
 * anchors of its sections, objects and index entries) and `objects.inv` (labels and objects, with
 * their addresses); an MkDocs build `search/search_index.json` (every page and section). The
 * version's index is read once per run (at most {@link MAX_INDEX_BYTES}, parsed in one pass:
 * index-formats.ts), and a target of the version's own that it lists, with every anchor its links
 * name, is answered from it instead of asked. Only what it confirms is answered: a page it does not
 * list, an anchor it does not know (a raw `id`), a file (an image, a stylesheet) is still asked, so a
 * broken link is still found by its own 404 or its page's missing anchor, never guessed. Without a
 * readable index (404, too large, malformed, a builder it cannot place), every target is asked.
 *
 * Sphinx names documents (`guide/install`), not addresses: its builder says which (`html`:
 * `guide/install.html`; `dirhtml`: `guide/install/`), from the build's resolved configuration when
 * the caller knows it, else from the build's `_static/documentation_options.js`. `objects.inv` is
 * read only when the search index left anchors unconfirmed on pages it lists (`:ref:` labels,
 * explicit targets), and only when it may save more than its own request.
 *
 * The index of a preview is the pull request's build, trusted as its pages are: it is served from
 * the same host and cache, and a build that makes it lie could as well make its pages lie.
 */
import type { LimitFunction } from 'p-limit';
import type { OperationContext } from '../../types.js';
import { IndexFormatError } from './index-literal.js';
import {
  type IndexedPlace,
  mkdocsSearchIndex,
  sphinxInventory,
  sphinxLayout,
  type SphinxLayout,
  sphinxPagePath,
  sphinxSearchIndex,
} from './index-formats.js';
import type { Answer, LinkAnswers } from './link-answers.js';
import type { Occurrence } from './link-judge.js';
import { hasAnchor, pageAddress } from './resolve-link.js';
import { messageOf } from '../../../util/message-of.js';
import { safeLine } from '../../../util/untrusted-text.js';

/** How the version was built, when the caller knows it (the build's resolved configuration): the same names as `preview`'s. */
export type SiteBuilder = 'sphinx' | 'sphinx-dirhtml' | 'sphinx-singlehtml' | 'mkdocs';

/** The index's part of a link check's plan: its presence lets the check read the version's index. */
export interface SiteIndexPlan {
  builder?: SiteBuilder | undefined;
}

/** What the index did for one check: the file read, the targets it answered, the requests it took. */
export interface IndexUse {
  /** The index read (`searchindex.js`), none when no index could be used. */
  file?: string;
  answered: number;
  requests: number;
}

/** An index larger than this is not read (a large site's is a few megabytes). */
const MAX_INDEX_BYTES = 20 * 1024 * 1024;
/** `documentation_options.js` is under a kilobyte. */
const MAX_OPTIONS_BYTES = 64 * 1024;
/** `objects.inv` is compressed: a large site's is under a megabyte. */
const MAX_INVENTORY_FILE_BYTES = 5 * 1024 * 1024;
/** An index is worth its requests (up to three files) when at least this many targets would each be asked. */
const MIN_TARGETS = 4;
/** One index file's own time limit (shortened to what is left of the budget): it may be megabytes. */
const INDEX_TIMEOUT_MS = 20_000;

const SPHINX_INDEX = 'searchindex.js';
const MKDOCS_INDEX = 'search/search_index.json';

/** The index as read: each page by its one address (`pageAddress`), with its anchors. */
interface SiteIndex {
  file: string;
  pages: Map<string, Set<string>>;
  /** Sphinx: reads `objects.inv` once, adding its pages and anchors; true when it added anything. */
  inventory?: () => Promise<boolean>;
}

/** What an index file answered (the page fetcher's answer). */
interface FileAnswer {
  status?: number;
  body?: string;
  bytes?: Uint8Array;
  problem?: string;
}

type FileGet = (path: string, options: { maxBytes: number; bytes?: boolean }) => Promise<FileAnswer | undefined>;

/** The versions' indexes a run has read, by the run's answers and the version's root: each once. */
const READ = new WeakMap<LinkAnswers, Map<string, Promise<SiteIndex | undefined>>>();

/**
 * The targets of `pending` (the version's own, not read) that the version's index answers: each
 * listed page whose every anchor the links name it knows, as a 200 with those anchors.
 */
export async function indexAnswers(
  ctx: Pick<OperationContext, 'pages' | 'deadline' | 'log'>,
  plan: SiteIndexPlan,
  args: {
    root: URL;
    answers: LinkAnswers;
    occurrences: readonly Occurrence[];
    pending: readonly string[];
    anchors: boolean;
    limit: LimitFunction;
    remainingMs: () => number;
  },
): Promise<{ answers: Map<string, Answer>; use?: IndexUse }> {
  const read = READ.get(args.answers) ?? new Map<string, Promise<SiteIndex | undefined>>();
  READ.set(args.answers, read);
  const known = read.get(args.root.href);
  if (known === undefined && args.pending.length < MIN_TARGETS) return { answers: new Map() };
  let requests = 0;
  // Counted when sent: a file not asked for want of time is no request.
  const get: FileGet = (path, options) =>
    args.limit(() => fetchFile(ctx, new URL(path, args.root).href, options, args.remainingMs(), () => (requests += 1)));
  const debug = (line: string) => ctx.log.debug(safeLine(`link check: ${line}`, 500));
  const reading = known ?? readIndex(plan.builder, args.root, get, debug);
  read.set(args.root.href, reading);
  const index = await reading;
  if (index === undefined) return { answers: new Map(), ...(requests > 0 ? { use: { answered: 0, requests } } : {}) };
  const wanted = fragmentsOf(args.occurrences, args.pending, args.anchors);
  let found = confirmed(index, wanted);
  // Anchors its search index lacks on pages it lists (labels): `objects.inv` may have them.
  if (index.inventory && found.lacking >= 2 && (await index.inventory())) found = confirmed(index, wanted);
  debug(`${index.file} answered ${found.answers.size} of ${args.pending.length} target(s)`);
  return { answers: found.answers, use: { file: index.file, answered: found.answers.size, requests } };
}

/** Each pending target and the anchors its links name (none when anchors are not checked). */
function fragmentsOf(occurrences: readonly Occurrence[], pending: readonly string[], anchors: boolean): Map<string, Set<string>> {
  const wanted = new Map(pending.map((url) => [url, new Set<string>()]));
  if (!anchors) return wanted;
  for (const { target, kind, fragment } of occurrences) {
    if (fragment === undefined || kind !== 'link' || target.kind !== 'internal') continue;
    wanted.get(target.url)?.add(fragment);
  }
  return wanted;
}

/** The targets the index confirms, and how many it lists without every anchor asked for. */
function confirmed(index: SiteIndex, wanted: ReadonlyMap<string, ReadonlySet<string>>): { answers: Map<string, Answer>; lacking: number } {
  const answers = new Map<string, Answer>();
  let lacking = 0;
  for (const [url, fragments] of wanted) {
    const anchors = index.pages.get(url);
    if (anchors === undefined) continue;
    if ([...fragments].every((fragment) => hasAnchor(anchors, fragment))) answers.set(url, { status: 200, html: true, anchors });
    else lacking += 1;
  }
  return { answers, lacking };
}

/** The version's index: Sphinx's, else MkDocs' (the one the builder names, when known); undefined when none can be used. */
async function readIndex(
  builder: SiteBuilder | undefined,
  root: URL,
  get: FileGet,
  debug: (line: string) => void,
): Promise<SiteIndex | undefined> {
  if (builder === 'sphinx-singlehtml') return undefined;
  const files = builder === 'mkdocs' ? [MKDOCS_INDEX] : builder === undefined ? [SPHINX_INDEX, MKDOCS_INDEX] : [SPHINX_INDEX];
  for (const [at, file] of files.entries()) {
    const answer = await get(file, { maxBytes: MAX_INDEX_BYTES });
    if (answer?.status === 404 && at + 1 < files.length) continue;
    if (answer?.status !== 200 || answer.body === undefined) {
      debug(
        `no search index read (${file}: ${answer?.problem ?? (answer ? `answered ${answer.status}` : 'no answer')}); every target is asked`,
      );
      return undefined;
    }
    try {
      return file === SPHINX_INDEX ? await sphinxIndex(answer.body, { builder, root, get, debug }) : mkdocsIndex(answer.body, root);
    } catch (error) {
      if (!(error instanceof IndexFormatError)) throw error;
      debug(`${file} is not a search index this check reads (${messageOf(error)}); every target is asked`);
      return undefined;
    }
  }
  return undefined;
}

function mkdocsIndex(text: string, root: URL): SiteIndex {
  const pages = new Map<string, Set<string>>();
  addPlaces(pages, root, mkdocsSearchIndex(text));
  return { file: MKDOCS_INDEX, pages };
}

/** Sphinx's search index, its documents placed by the builder's layout; undefined when the layout is unknown. */
async function sphinxIndex(
  text: string,
  args: { builder: SiteBuilder | undefined; root: URL; get: FileGet; debug: (line: string) => void },
): Promise<SiteIndex | undefined> {
  const { root, get } = args;
  const documents = sphinxSearchIndex(text);
  const layout = layoutOfBuilder(args.builder) ?? (await readLayout(get));
  if (layout === undefined || layout.builder === 'singlehtml') {
    args.debug(
      `${SPHINX_INDEX} read, but not how its documents are served (a single page, or no documentation_options.js); every target is asked`,
    );
    return undefined;
  }
  const pages = new Map<string, Set<string>>();
  for (const [at, docname] of documents.docnames.entries()) {
    const path = sphinxPagePath(docname, layout);
    const url = path === undefined ? undefined : placeUrl(root, path);
    if (url !== undefined) pages.set(url, documents.anchors.get(at) ?? new Set());
  }
  let inventory: Promise<boolean> | undefined;
  const readInventory = async () => {
    const answer = await get('objects.inv', { maxBytes: MAX_INVENTORY_FILE_BYTES, bytes: true });
    if (answer?.status !== 200 || answer.bytes === undefined) return false;
    try {
      return addPlaces(pages, root, await sphinxInventory(answer.bytes)) > 0;
    } catch (error) {
      if (!(error instanceof IndexFormatError)) throw error;
      args.debug(`objects.inv is not an inventory this check reads (${messageOf(error)})`);
      return false;
    }
  };
  return { file: SPHINX_INDEX, pages, inventory: () => (inventory ??= readInventory()) };
}

/** The layout the build's resolved configuration names: an `html` build's pages end in `.html`. */
function layoutOfBuilder(builder: SiteBuilder | undefined): SphinxLayout | undefined {
  if (builder === 'sphinx') return { builder: 'html', suffix: '.html' };
  if (builder === 'sphinx-dirhtml') return { builder: 'dirhtml' };
  return undefined;
}

async function readLayout(get: FileGet): Promise<SphinxLayout | undefined> {
  const answer = await get('_static/documentation_options.js', { maxBytes: MAX_OPTIONS_BYTES });
  return answer?.status === 200 && answer.body !== undefined ? sphinxLayout(answer.body) : undefined;
}

/** Each place's page added (a page the build made), and its anchor on a page listed; how many were new. */
function addPlaces(pages: Map<string, Set<string>>, root: URL, places: readonly IndexedPlace[]): number {
  let added = 0;
  for (const place of places.filter((one) => one.page).concat(places.filter((one) => !one.page))) {
    const url = placeUrl(root, place.path);
    if (url === undefined) continue;
    if (!pages.has(url) && place.page) {
      pages.set(url, new Set());
      added += 1;
    }
    const anchors = pages.get(url);
    if (anchors !== undefined && place.anchor !== undefined && !anchors.has(place.anchor)) {
      anchors.add(place.anchor);
      added += 1;
    }
  }
  return added;
}

/** The one address of a path below the root, as the link check asks it; undefined when it leaves the root. */
function placeUrl(root: URL, path: string): string | undefined {
  const url = URL.parse(path, root.href);
  if (url === null || url.origin !== root.origin || !url.pathname.startsWith(root.pathname)) return undefined;
  url.search = '';
  url.hash = '';
  return pageAddress(url.href);
}

/** One GET of an index file within what is left of the budget (`sent` called as it goes); undefined when there is no time left. */
async function fetchFile(
  ctx: Pick<OperationContext, 'pages' | 'deadline'>,
  url: string,
  options: { maxBytes: number; bytes?: boolean },
  remainingMs: number,
  sent: () => void,
): Promise<FileAnswer | undefined> {
  if (remainingMs <= 0) return undefined;
  sent();
  return ctx.pages.get(url, {
    signal: ctx.deadline.signal,
    timeoutMs: Math.min(INDEX_TIMEOUT_MS, remainingMs),
    waitMs: remainingMs,
    accept: '*/*',
    maxBodyBytes: options.maxBytes,
    ...(options.bytes ? { bytes: true } : {}),
  });
}
