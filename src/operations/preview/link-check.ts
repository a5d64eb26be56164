/**
 * `link-check` in `preview`: the links, images and anchors of the changed pages (added and
 * modified), checked on the preview itself, so that a link to a page the pull request adds
 * resolves. Each broken one is traced back to the pull request's line that writes it
 * (link-sources.ts) and annotated there (an error when it fails the project); the comment's row
 * keeps the first pages and their first links, the job summary lists every page; with `fail`, a
 * broken internal target turns the project red (`linkGate`, the one place that says so).
 */
import type { PreviewRow } from './comment-rows.js';
import { BROKEN_LINKS_TITLE, REDIRECTED_LINKS_INTRO, redirectedLinkMarkdown } from './render-comment.js';
import {
  type BrokenLink,
  brokenLinksWords,
  countKinds,
  kindWords,
  listedPages,
  listedPagesMarkdown,
  listedPagesText,
  type ListedLink,
} from '../../reporting/broken-link.js';
import type { SourceLinks } from '../../reporting/file-problems.js';
import { escapeMarkdown } from '../../reporting/markdown.js';
import type { ProjectLog } from '../../reporting/project-log.js';
import type { OperationContext } from '../types.js';
import { gateFailure, type GateFailure } from '../gates.js';
import { annotateBroken, checkLinks, type LinkAnswers, type LinkReport } from '../shared/links/link-checker.js';
import { linkCounts } from '../shared/links/link-counts.js';
import { failingLinks, linkLevels } from '../shared/links/levels.js';
import { globList } from '../shared/links/resolve-link.js';
import type { IndexUse, SiteBuilder } from '../shared/links/site-index.js';
import type { ChangedPage } from './changed-pages.js';
import { locateBrokenLinks, type SourceReading } from './link-sources.js';
import type { ProjectRedirects } from './redirect-check.js';
import { type PreviewLinkReport, type RedirectedLink, setRedirectedApart } from './redirected-links.js';

/** Changed pages read at most, and distinct targets asked at most (the rest counted as not checked). */
const MAX_LINK_CHECKED_PAGES = 200;
const MAX_LINK_TARGETS = 2_000;
/** The whole check's time (and the step's deadline). */
const LINK_CHECK_BUDGET_MS = 60_000;
/** Pages with broken links the comment's row keeps, and links of each; the job summary lists every page. */
const COMMENT_BOUNDS = { pages: 10, perPage: 5 };
/** Redirected links the comment's row keeps; the job summary lists them all. */
const MAX_COMMENT_REDIRECTED = 10;
/** Links the job summary lists per page (every page listed; `results` has every link)... */
const SUMMARY_PER_PAGE = 20;
/** ...and redirected links per project. */
const MAX_SUMMARY_REDIRECTED = 1_000;
/** A failure's reason (the error annotation, the job summary's block): the first pages, and links of each. */
const REASON_BOUNDS = { pages: 10, perPage: 5 };

/** What `results[].links` says: how many links were checked, how many not and why, the broken ones, and those a redirect keeps working. */
export interface LinkDetails {
  checked: number;
  notChecked: number;
  broken: BrokenLink[];
  redirected: RedirectedLink[];
  /** Links to other sites not checked (without `link-check-external`), ignored ones, and those outside the version. */
  otherSites: number;
  ignored: number;
  outsideVersion: number;
  /** Requests a host would not answer (throttled or challenged), their links not checked. */
  throttled: number;
  /** Links to other sites whose site would not tell (throttled, a server error, no answer): not checked, never broken. */
  unavailable: number;
}

/**
 * The changed pages' links checked on the preview at `previewUrl`; undefined with `link-check: off`
 * or no page to read. A missing target that a redirect of the project covers is set apart (the
 * preview applies no redirects): see redirected-links.ts.
 */
export async function checkPreviewLinks(
  ctx: OperationContext,
  log: ProjectLog,
  /**
   * `recheck`: the pages come from the pull request's files (no file tree diff): a broken target is
   * asked once more first. `singleVersion`: the project's versioning scheme says so.
   */
  args: {
    previewUrl: string;
    pages: readonly ChangedPage[];
    answers: LinkAnswers;
    redirects: ProjectRedirects;
    recheck?: boolean;
    singleVersion?: boolean;
    /** The builder the build's resolved configuration names: how its search index's documents are served. */
    builder?: SiteBuilder | undefined;
    /** The pull request's sources, to find the line that writes each broken link. */
    sources?: SourceReading | undefined;
  },
): Promise<PreviewLinkReport | undefined> {
  const levels = linkLevels(ctx.inputs, 'preview');
  if (levels.links === 'off') return undefined;
  const pages = args.pages.filter((page) => page.change !== 'deleted').map((page) => page.url);
  if (pages.length === 0) return undefined;
  const checked = await checkLinks(ctx, {
    root: asRoot(args.previewUrl),
    singleVersion: args.singleVersion === true,
    pages,
    crawl: false,
    maxPages: MAX_LINK_CHECKED_PAGES,
    maxTargets: MAX_LINK_TARGETS,
    external: ctx.inputs.linkCheckExternal,
    accept: ctx.inputs.linkCheckAccept,
    externalRecheckMs: ctx.inputs.linkCheckRecheck,
    anchors: levels.anchors !== 'off',
    ignore: globList(ctx.inputs.linkCheckIgnore),
    budgetMs: LINK_CHECK_BUDGET_MS,
    answers: args.answers,
    // The CDN serves the previous build until the service's indexing ends (FACTS): without the diff, which comes after it, a 404 may be stale.
    ...(args.recheck ? { recheckAfterMs: ctx.polling.previewRetryMs } : {}),
    // The preview's own search index answers the targets it lists (site-index.ts).
    index: { builder: args.builder },
  });
  const apart = await setRedirectedApart(log, checked, { redirects: args.redirects, token: Boolean(ctx.inputs.token) });
  const report =
    args.sources && apart.broken.length > 0 ? { ...apart, broken: await locateBrokenLinks(apart.broken, args.sources, log) } : apart;
  const failing = new Set(failingLinks(report.broken, levels));
  annotateBroken({ annotations: ctx.log, story: log }, report.broken, (link) => failing.has(link));
  if (report.index?.file !== undefined) log.info(indexLine(report.index));
  log.info(checkedLine(report, pages.length));
  return report;
}

/**
 * The log's line of the check of `planned` changed pages: "Links of 3 changed page(s): 1 broken, 15
 * checked, …; changed pages not read: 1 (answered 404)", and when more were planned than are read,
 * how many are.
 */
export function checkedLine(report: LinkReport, planned: number): string {
  const unread = report.unreadPages === 0 ? '' : `; changed pages not read: ${unreadText(report)}`;
  const bounded = planned > MAX_LINK_CHECKED_PAGES ? ` (at most ${MAX_LINK_CHECKED_PAGES} pages are read)` : '';
  return `Links of ${report.pages} changed page(s): ${linkCounts(report)}${unread}${bounded}`;
}

/** "The build's search index (searchindex.js) answered 1980 target(s) of the changed pages, asked no more (2 request(s))". */
function indexLine(use: IndexUse): string {
  return `The build's search index (${use.file}) answered ${use.answered} target(s) of the changed pages, asked no more (${use.requests} request(s))`;
}

/** Why a changed page that answered 200 was not read. */
const UNREADABLE: Record<NonNullable<LinkReport['unread'][number]['unreadable']>, string> = {
  'too large': 'over 4 MB',
  'too complex': 'too large or complex to read in its time',
  'run total': 'past the 64 MB of pages a run reads',
};

/** What the first unread pages answered, each once: "answered 404", "throttled", "over 4 MB", "no answer". */
function unreadText(report: LinkReport): string {
  const said = report.unread.map((page) =>
    page.unreadable !== undefined
      ? UNREADABLE[page.unreadable]
      : (page.refused ?? (page.status === undefined ? 'no answer' : `answered ${page.status}`)),
  );
  return said.length === 0 ? String(report.unreadPages) : `${report.unreadPages} (${[...new Set(said)].join(', ')})`;
}

/** A preview URL as the root its pages are below (ending in `/`). */
function asRoot(previewUrl: string): string {
  const url = new URL(previewUrl);
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  url.search = '';
  url.hash = '';
  return url.href;
}

/**
 * `link-check`'s gate, the one place that says whether the broken links fail the project (an
 * internal page, image or resource at `link-check: fail`, an anchor at `link-check-anchors: fail`)
 * and in what words; undefined when they do not.
 */
export function linkGate(ctx: OperationContext, project: string, report: LinkReport | undefined): GateFailure | undefined {
  const failing = report ? failingLinks(report.broken, linkLevels(ctx.inputs, 'preview')) : [];
  return gateFailure(failing.length, () => {
    const words = brokenLinksWords(countKinds(failing));
    return {
      title: BROKEN_LINKS_TITLE,
      subject: project,
      words,
      reason: [`${words} (input \`link-check: fail\`):`, ...listedPagesText(failing, REASON_BOUNDS)].join('\n'),
    };
  });
}

/** The comment row's part: the first pages with broken links (and their first links), every one counted by kind; the first redirected links. */
export function rowBrokenLinks(
  report: PreviewLinkReport | undefined,
): Pick<PreviewRow, 'brokenPages' | 'moreBrokenPages' | 'brokenCounts' | 'redirectedLinks' | 'moreRedirectedLinks' | 'unreadPages'> {
  if (!report) return {};
  const row: ReturnType<typeof rowBrokenLinks> = {};
  if (report.unreadPages > 0) row.unreadPages = report.unreadPages;
  if (report.broken.length > 0) {
    const { pages, morePages } = listedPages(report.broken, COMMENT_BOUNDS);
    row.brokenCounts = countKinds(report.broken);
    row.brokenPages = pages.map(({ url: _, links, ...page }) => ({ ...page, links: links.map(rowLink) }));
    if (morePages > 0) row.moreBrokenPages = morePages;
  }
  if (report.redirected.length > 0) {
    const shown = report.redirected.slice(0, MAX_COMMENT_REDIRECTED).map(({ page, target, redirect }) => ({ page, target, redirect }));
    row.redirectedLinks = shown;
    if (report.redirected.length > shown.length) row.moreRedirectedLinks = report.redirected.length - shown.length;
  }
  return row;
}

/** What the comment keeps of a link: its target, problem, text and source. */
function rowLink(link: ListedLink) {
  const { target, problem, text, source } = link;
  return { target, problem, ...(text === undefined ? {} : { text }), ...(source === undefined ? {} : { source }) };
}

/** What `results[].links` carries. */
export function linkDetails(report: PreviewLinkReport | undefined): { links?: LinkDetails } {
  if (!report) return {};
  const { checked, notChecked, broken, redirected, otherSites, ignored, outsideVersion, unavailable } = report;
  const throttled = report.throttled.docsHost + report.throttled.otherSites;
  return { links: { checked, notChecked, broken, redirected, otherSites, ignored, outsideVersion, throttled, unavailable } };
}

/**
 * The job summary's part of a project's broken links: its counts, then every page (linked on the
 * preview at `previewUrl`) with its first {@link SUMMARY_PER_PAGE} links, each at its source's
 * line; then those a redirect of the project keeps working in production.
 */
export function brokenLinksSummary(
  project: string,
  report: PreviewLinkReport | undefined,
  where: SourceLinks & { previewUrl?: string | undefined },
): string[] {
  if (!report) return [];
  const redirected = report.redirected.length === 0 ? '' : `, ${report.redirected.length} redirected in production`;
  // "1 broken, 2 redirected in production, 11 checked, …": the notes beside the broken ones.
  const counts = linkCounts(report).replace(/^\d+ broken/, (broken) => `${broken}${redirected}`);
  const kinds = report.broken.length === 0 ? '' : ` (${escapeMarkdown(kindWords(countKinds(report.broken)))})`;
  const lines = ['', `**${BROKEN_LINKS_TITLE} in ${escapeMarkdown(project)}**${kinds}: ${counts}`];
  if (report.broken.length > 0) {
    const bounds = { pages: Number.MAX_SAFE_INTEGER, perPage: SUMMARY_PER_PAGE, root: where.previewUrl };
    const { pages, morePages } = listedPages(report.broken, bounds);
    lines.push('');
    for (const line of listedPagesMarkdown(pages, { links: where, morePages, elsewhere: ' (every one in the `results` output)' }))
      lines.push(line);
  }
  if (report.redirected.length > 0) {
    lines.push('', REDIRECTED_LINKS_INTRO, '');
    for (const link of report.redirected.slice(0, MAX_SUMMARY_REDIRECTED)) lines.push(`- ${redirectedLinkMarkdown(link)}`);
    if (report.redirected.length > MAX_SUMMARY_REDIRECTED)
      lines.push(`- … and ${report.redirected.length - MAX_SUMMARY_REDIRECTED} more (every one in the \`results\` output)`);
  }
  return lines;
}
