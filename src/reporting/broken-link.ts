/**
 * A broken link and how every report shows it: its one line, `page → target: problem` (plain text
 * for annotations and a failure's reason, Markdown for the comment and the job summary); the
 * links counted by kind (`broken links: 3 to pages, 2 to anchors`); and grouped by page, each page once
 * with its first targets under it (where the pull request's source writes each one, the link's
 * text), so that a page of 500 broken links is one short block. Here, below `github/` and
 * `operations/`, so that `preview` and `health` use the same words. Every text of a link came from
 * a page or a pull request: hostile, bounded where it is printed.
 */
import { sourceUrl, type SourceLinks } from './file-problems.js';
import { codeSpan, escapeMarkdown, safeHttpUrl } from './markdown.js';
import { clipMiddle } from '../util/clip-middle.js';

/** What is wrong with a link: its target page, image or anchor is missing, or it answers an error. */
export interface BrokenLink {
  /** The page the link is on, below the version's root (`guide/install.html`; the root itself is `/`). */
  page: string;
  /** Where it leads: below the root (with its fragment) for the version's own pages, else the whole URL. */
  target: string;
  /** `missing page`, `missing image`, `missing resource` (a stylesheet, script…), `missing anchor` or `answered 403`. */
  problem: string;
  kind: 'page' | 'image' | 'anchor' | 'resource';
  external: boolean;
  /** What a reader sees of the link on the page (its text, an image's `alt`), at most 80 characters. */
  text?: string;
  /** `preview`: the pull request's file that builds the page, and the line that writes the link when one does. */
  source?: LinkSource;
}

/** A repository file and, when found, the line in it. */
interface LinkSource {
  file: string;
  line?: number;
}

type Shown = Pick<BrokenLink, 'page' | 'target' | 'problem'>;

/** `guide/install.html → guide/gone.html: missing page`, as written (the caller neutralises it where it prints). */
export function brokenLinkText(link: Shown): string {
  return `${link.page} → ${link.target}: ${link.problem}`;
}

/** What broken links are counted by: the kind of their target, another site's apart. */
type CountedKind = 'page' | 'anchor' | 'image' | 'resource' | 'external';
export type KindCounts = Partial<Record<CountedKind, number>>;

// "3 to pages", never "3 pages": one page of 500 broken links is not 500 pages.
const KIND_WORDS: [CountedKind, string, string][] = [
  ['page', 'to a page', 'to pages'],
  ['anchor', 'to an anchor', 'to anchors'],
  ['image', 'to an image', 'to images'],
  ['resource', 'to a resource', 'to resources'],
  ['external', 'to another site', 'to other sites'],
];

/** The links counted by kind; another site's counted apart whatever their kind. */
export function countKinds(links: readonly Pick<BrokenLink, 'kind' | 'external'>[]): KindCounts {
  const counts: KindCounts = {};
  for (const link of links) {
    const kind: CountedKind = link.external ? 'external' : link.kind;
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
}

/** How many links the counts hold. */
export function countOf(counts: KindCounts): number {
  return Object.values(counts).reduce((sum, count) => sum + (count ?? 0), 0);
}

/** "3 to pages, 2 to anchors, 1 to an image": each kind that has links, in one order. */
export function kindWords(counts: KindCounts): string {
  return KIND_WORDS.flatMap(([kind, one, many]) => {
    const count = counts[kind] ?? 0;
    return count === 0 ? [] : [`${count} ${count === 1 ? one : many}`];
  }).join(', ');
}

/** "broken links: 3 to pages, 2 to anchors": the words of the link check's verdict, everywhere it is said. */
export function brokenLinksWords(counts: KindCounts): string {
  return `broken links: ${kindWords(counts)}`;
}

/** The links grouped by page, each page once, in the order of its first link. */
export function byPage<T extends Pick<BrokenLink, 'page'>>(links: readonly T[]): { page: string; links: T[] }[] {
  const pages = new Map<string, T[]>();
  for (const link of links) {
    const listed = pages.get(link.page);
    if (listed) listed.push(link);
    else pages.set(link.page, [link]);
  }
  return [...pages].map(([page, listed]) => ({ page, links: listed }));
}

/** The address of a page below a version's root (`/` is the root itself), its path's segments encoded. */
export function pageOnSite(root: string | undefined, page: string): string | undefined {
  const base = safeHttpUrl(root);
  if (base === undefined) return undefined;
  const url = new URL(base);
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  url.search = '';
  url.hash = '';
  if (page !== '/') url.pathname += page.split('/').map(encodeURIComponent).join('/');
  return safeHttpUrl(url.href);
}

/** A link as a list shows it: where its source writes it (when known), its text, its target and what is wrong. */
export type ListedLink = Pick<BrokenLink, 'target' | 'problem' | 'text' | 'source'>;

/** A page as a list shows it: its address (linked when known), how many broken links it has, the first ones. */
export interface ListedPage {
  page: string;
  url?: string | undefined;
  total: number;
  links: ListedLink[];
}

/** The link text shown, in characters (the parser keeps 80; a stored row read back may hold more). */
const TEXT_SHOWN = 80;

/**
 * `` [`docs/guide.rst:8`](…#L8): “the next step” → `gone.html`: missing page ``: where its source
 * writes it (linked to the line at the commit when the repository is known; a link whose line was
 * not found leaves it to its page's line), its text, its target and what is wrong.
 */
function listedLinkMarkdown(link: ListedLink, links: SourceLinks): string {
  const { source } = link;
  let place = '';
  if (source?.line !== undefined) {
    const where = codeSpan(`${source.file}:${source.line}`, { inTable: false });
    const url = sourceUrl(source, links);
    place = `${url === undefined ? where : `[${where}](${url})`}: `;
  }
  const text = link.text === undefined || link.text === '' ? '' : `“${escapeMarkdown(clipMiddle(link.text, TEXT_SHOWN))}” → `;
  return `${place}${text}${codeSpan(link.target, { inTable: false })}: ${escapeMarkdown(link.problem)}`;
}

/** A page's line: the page (linked when its address is known), the pull request's file that builds it, how many when not all are listed. */
function listedPageMarkdown(page: ListedPage, links: SourceLinks): string {
  const label = codeSpan(page.page, { inTable: false });
  const url = safeHttpUrl(page.url);
  const file = page.links.find((link) => link.source !== undefined)?.source?.file;
  let from = '';
  if (file !== undefined) {
    const name = codeSpan(file, { inTable: false });
    const blob = sourceUrl({ file }, links);
    from = ` from ${blob === undefined ? name : `[${name}](${blob})`}`;
  }
  const count = page.total > page.links.length ? ` · ${page.total} broken` : '';
  return `- ${url === undefined ? label : `[${label}](${url})`}${from}${count}`;
}

/**
 * The pages as a Markdown list: each page once (linked to it when its address is known), its
 * links under it, then how many more it has and how many more pages there are, each followed by
 * `elsewhere` (where every one is: `: the job summary of this run lists them`).
 */
export function listedPagesMarkdown(
  pages: readonly ListedPage[],
  options: { links: SourceLinks; morePages: number; elsewhere: string },
): string[] {
  const lines: string[] = [];
  for (const page of pages) {
    lines.push(listedPageMarkdown(page, options.links));
    for (const link of page.links) lines.push(`  - ${listedLinkMarkdown(link, options.links)}`);
    const more = page.total - page.links.length;
    if (more > 0) lines.push(`  - … and ${more} more on this page${options.elsewhere}`);
  }
  if (options.morePages > 0) lines.push(`- … and ${options.morePages} more page${options.morePages === 1 ? '' : 's'}${options.elsewhere}`);
  return lines;
}

/** The links grouped by page, at most `pages` pages of at most `perPage` links each. */
export function listedPages(
  links: readonly BrokenLink[],
  bounds: { pages: number; perPage: number; root?: string | undefined },
): { pages: ListedPage[]; morePages: number } {
  const groups = byPage(links);
  const pages = groups.slice(0, bounds.pages).map(
    (group): ListedPage => ({
      page: group.page,
      url: pageOnSite(bounds.root, group.page),
      total: group.links.length,
      links: group.links.slice(0, bounds.perPage),
    }),
  );
  return { pages, morePages: groups.length - pages.length };
}

/**
 * The links grouped by page as plain text (a failure's reason, an annotation): a page's line, then
 * its first links indented, and how many more; at most `pages` pages.
 */
export function listedPagesText(links: readonly BrokenLink[], bounds: { pages: number; perPage: number }): string[] {
  const { pages, morePages } = listedPages(links, bounds);
  const lines: string[] = [];
  for (const page of pages) {
    const file = page.links.find((link) => link.source !== undefined)?.source?.file;
    lines.push(`${page.page}${file === undefined ? '' : ` (${file})`}:`);
    for (const link of page.links) lines.push(`  ${listedLinkText(link)}`);
    if (page.total > page.links.length) lines.push(`  … and ${page.total - page.links.length} more on this page`);
  }
  if (morePages > 0) lines.push(`… and ${morePages} more page${morePages === 1 ? '' : 's'}`);
  return lines;
}

/** `docs/guide.rst:8: “the next step” → gone.html: missing page`, as written (the file without a line is its page's). */
function listedLinkText(link: ListedLink): string {
  const { source } = link;
  const place = source?.line === undefined ? '' : `${source.file}:${source.line}: `;
  const text = link.text === undefined || link.text === '' ? '' : `“${link.text}” → `;
  return `${place}${text}${link.target}: ${link.problem}`;
}
