/**
 * `link-check` in `preview`: the links, images and anchors of the changed pages (added and
 * modified), checked on the preview itself, so that a link to a page the pull request adds
 * resolves. Each broken one is a warning annotation; the comment's row keeps the first ones, the
 * job summary lists them all; with `fail`, a broken internal target turns the project red.
 */
import type { PreviewRow } from './comment-rows.js';
import { BROKEN_LINKS_TITLE, REDIRECTED_LINKS_INTRO, redirectedLinkMarkdown } from './render-comment.js';
import { type BrokenLink, brokenLinkMarkdown, brokenLinkText } from '../../reporting/broken-link.js';
import { escapeMarkdown } from '../../reporting/markdown.js';
import type { ProjectLog } from '../../reporting/project-log.js';
import type { OperationContext } from '../types.js';
import { annotateBroken, checkLinks, type LinkAnswers, type LinkReport } from '../shared/links/link-checker.js';
import { linkCounts } from '../shared/links/link-counts.js';
import { failingLinks, linkLevels } from '../shared/links/levels.js';
import { globList } from '../shared/links/resolve-link.js';
import type { IndexUse, SiteBuilder } from '../shared/links/site-index.js';
import type { ChangedPage } from './changed-pages.js';
import type { ProjectRedirects } from './redirect-check.js';
import { type PreviewLinkReport, type RedirectedLink, setRedirectedApart } from './redirected-links.js';

/** Changed pages read at most, and distinct targets asked at most (the rest counted as not checked). */
const MAX_LINK_CHECKED_PAGES = 200;
const MAX_LINK_TARGETS = 2_000;
/** The whole check's time (and the step's deadline). */
const LINK_CHECK_BUDGET_MS = 60_000;
/** Broken links the comment's row keeps; the job summary lists them all. */
const MAX_COMMENT_BROKEN = 10;
/** Broken links the job summary lists per project. */
const MAX_SUMMARY_BROKEN = 1_000;

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
    anchors: levels.anchors !== 'off',
    ignore: globList(ctx.inputs.linkCheckIgnore),
    budgetMs: LINK_CHECK_BUDGET_MS,
    answers: args.answers,
    // The CDN serves the previous build until the service's indexing ends (FACTS): without the diff, which comes after it, a 404 may be stale.
    ...(args.recheck ? { recheckAfterMs: ctx.polling.previewRetryMs } : {}),
    // The preview's own search index answers the targets it lists (site-index.ts).
    index: { builder: args.builder },
  });
  const report = await setRedirectedApart(log, checked, { redirects: args.redirects, token: Boolean(ctx.inputs.token) });
  annotateBroken(log, report.broken);
  if (report.index?.file !== undefined) log.info(indexLine(report.index));
  const unread = report.unread.length === 0 ? '' : `; changed pages not read: ${unreadText(report)}`;
  log.info(
    `Links of ${report.pages} changed page(s): ${linkCounts(report)}${unread}` +
      (pages.length > MAX_LINK_CHECKED_PAGES ? ` (at most ${MAX_LINK_CHECKED_PAGES} pages are read)` : ''),
  );
  return report;
}

/** "The build's search index (searchindex.js) answered 1980 target(s) of the changed pages, asked no more (2 request(s))". */
function indexLine(use: IndexUse): string {
  return `The build's search index (${use.file}) answered ${use.answered} target(s) of the changed pages, asked no more (${use.requests} request(s))`;
}

/** What the first unread pages answered, each once: "answered 404", "throttled", "no answer". */
function unreadText(report: LinkReport): string {
  const said = report.unread.map((page) => page.refused ?? (page.status === undefined ? 'no answer' : `answered ${page.status}`));
  return [...new Set(said)].join(', ');
}

/** A preview URL as the root its pages are below (ending in `/`). */
function asRoot(previewUrl: string): string {
  const url = new URL(previewUrl);
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  url.search = '';
  url.hash = '';
  return url.href;
}

/** The broken links that fail the project at the inputs' levels. */
export function failingOf(ctx: OperationContext, report: LinkReport | undefined): BrokenLink[] {
  return report ? failingLinks(report.broken, linkLevels(ctx.inputs, 'preview')) : [];
}

/** The comment row's part: the first broken links and redirected ones, and how many more the summary lists. */
export function rowBrokenLinks(
  report: PreviewLinkReport | undefined,
): Pick<PreviewRow, 'brokenLinks' | 'moreBrokenLinks' | 'redirectedLinks' | 'moreRedirectedLinks'> {
  if (!report) return {};
  const row: ReturnType<typeof rowBrokenLinks> = {};
  if (report.broken.length > 0) {
    const shown = report.broken.slice(0, MAX_COMMENT_BROKEN).map(({ page, target, problem }) => ({ page, target, problem }));
    row.brokenLinks = shown;
    if (report.broken.length > shown.length) row.moreBrokenLinks = report.broken.length - shown.length;
  }
  if (report.redirected.length > 0) {
    const shown = report.redirected.slice(0, MAX_COMMENT_BROKEN).map(({ page, target, redirect }) => ({ page, target, redirect }));
    row.redirectedLinks = shown;
    if (report.redirected.length > shown.length) row.moreRedirectedLinks = report.redirected.length - shown.length;
  }
  return row;
}

/** What `results[].links` carries. */
export function linkDetails(report: PreviewLinkReport | undefined): { links?: LinkDetails } {
  if (!report) return {};
  const { checked, notChecked, broken, redirected, otherSites, ignored, outsideVersion } = report;
  const throttled = report.throttled.docsHost + report.throttled.otherSites;
  return { links: { checked, notChecked, broken, redirected, otherSites, ignored, outsideVersion, throttled } };
}

/** With `link-check: fail` (or anchors at `fail`): the project is red, and says which links. */
export function brokenLinksFailure(
  project: string,
  failing: BrokenLink[],
): { outcome: 'failed'; title: string; subject: string; reason: string } {
  return {
    outcome: 'failed',
    title: BROKEN_LINKS_TITLE,
    subject: project,
    reason: [
      `${failing.length} broken link(s) on the changed pages (input \`link-check: fail\`):`,
      ...failing.slice(0, 20).map(brokenLinkText),
      ...(failing.length > 20 ? [`… and ${failing.length - 20} more (the job summary lists them all)`] : []),
    ].join('\n'),
  };
}

/**
 * The job summary's list of a project's broken links: every one, up to {@link MAX_SUMMARY_BROKEN};
 * then those a redirect of the project keeps working in production, as many.
 */
export function brokenLinksSummary(project: string, report: PreviewLinkReport | undefined): string[] {
  if (!report) return [];
  const redirected = report.redirected.length === 0 ? '' : `, ${report.redirected.length} redirected in production`;
  // "1 broken, 2 redirected in production, 11 checked, …": the notes beside the broken ones.
  const counts = linkCounts(report).replace(/^\d+ broken/, (broken) => `${broken}${redirected}`);
  const head = `**${BROKEN_LINKS_TITLE} in ${escapeMarkdown(project)}**: ${counts}`;
  const lines = ['', head];
  if (report.broken.length > 0) {
    lines.push('');
    for (const line of listed(report.broken, (link) => `${brokenLinkMarkdown(link)}${link.external ? ' (another site)' : ''}`))
      lines.push(line);
  }
  if (report.redirected.length > 0) {
    lines.push('', REDIRECTED_LINKS_INTRO, '');
    for (const line of listed(report.redirected, redirectedLinkMarkdown)) lines.push(line);
  }
  return lines;
}

/** Up to {@link MAX_SUMMARY_BROKEN} list items, then how many more `results` has. */
function listed<T>(items: readonly T[], line: (item: T) => string): string[] {
  const lines = items.slice(0, MAX_SUMMARY_BROKEN).map((item) => `- ${line(item)}`);
  if (items.length > MAX_SUMMARY_BROKEN)
    lines.push(`- … and ${items.length - MAX_SUMMARY_BROKEN} more (every one in the \`results\` output)`);
  return lines;
}
