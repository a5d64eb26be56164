/**
 * `link-check` in `preview`: the links, images and anchors of the changed pages (added and
 * modified), checked on the preview itself, so that a link to a page the pull request adds
 * resolves. Each broken one is a warning annotation; the comment's row keeps the first ones, the
 * job summary lists them all; with `fail`, a broken internal target turns the project red.
 */
import type { BrokenLinkRow } from './comment-rows.js';
import { BROKEN_LINKS_TITLE } from './render-comment.js';
import { type BrokenLink, brokenLinkMarkdown, brokenLinkText } from '../../reporting/broken-link.js';
import { escapeMarkdown } from '../../reporting/markdown.js';
import type { ProjectLog } from '../../reporting/project-log.js';
import type { OperationContext } from '../types.js';
import { annotateBroken, checkLinks, type LinkAnswers, type LinkReport } from '../shared/links/link-checker.js';
import { linkCounts } from '../shared/links/link-counts.js';
import { failingLinks, linkLevels } from '../shared/links/levels.js';
import { globList } from '../shared/links/resolve-link.js';
import type { ChangedPage } from './changed-pages.js';

/** Changed pages read at most, and distinct targets asked at most (the rest counted as not checked). */
const MAX_LINK_CHECKED_PAGES = 200;
const MAX_LINK_TARGETS = 2_000;
/** The whole check's time (and the step's deadline). */
const LINK_CHECK_BUDGET_MS = 60_000;
/** Broken links the comment's row keeps; the job summary lists them all. */
const MAX_COMMENT_BROKEN = 10;
/** Broken links the job summary lists per project. */
const MAX_SUMMARY_BROKEN = 1_000;

/** What `results[].links` says: how many links were checked, how many not and why, and the broken ones. */
export interface LinkDetails {
  checked: number;
  notChecked: number;
  broken: BrokenLink[];
  /** Links to other sites not checked (without `link-check-external`), ignored ones, and those outside the version. */
  otherSites: number;
  ignored: number;
  outsideVersion: number;
  /** Requests a host would not answer (throttled or challenged), their links not checked. */
  throttled: number;
}

/** The changed pages' links checked on the preview at `previewUrl`; undefined with `link-check: off` or no page to read. */
export async function checkPreviewLinks(
  ctx: OperationContext,
  log: ProjectLog,
  /**
   * `recheck`: the pages come from the pull request's files (no file tree diff): a broken target is
   * asked once more first. `singleVersion`: the project's versioning scheme says so.
   */
  args: { previewUrl: string; pages: readonly ChangedPage[]; answers: LinkAnswers; recheck?: boolean; singleVersion?: boolean },
): Promise<LinkReport | undefined> {
  const levels = linkLevels(ctx.inputs, 'preview');
  if (levels.links === 'off') return undefined;
  const pages = args.pages.filter((page) => page.change !== 'deleted').map((page) => page.url);
  if (pages.length === 0) return undefined;
  const report = await checkLinks(ctx, {
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
  });
  annotateBroken(log, report.broken);
  const unread = report.unread.length === 0 ? '' : `; changed pages not read: ${unreadText(report)}`;
  log.info(
    `Links of ${report.pages} changed page(s): ${linkCounts(report)}${unread}` +
      (pages.length > MAX_LINK_CHECKED_PAGES ? ` (at most ${MAX_LINK_CHECKED_PAGES} pages are read)` : ''),
  );
  return report;
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

/** The comment row's part: the first broken links, and how many more the summary lists. */
export function rowBrokenLinks(report: LinkReport | undefined): { brokenLinks?: BrokenLinkRow[]; moreBrokenLinks?: number } {
  if (!report || report.broken.length === 0) return {};
  const shown = report.broken.slice(0, MAX_COMMENT_BROKEN).map(({ page, target, problem }) => ({ page, target, problem }));
  return { brokenLinks: shown, ...(report.broken.length > shown.length ? { moreBrokenLinks: report.broken.length - shown.length } : {}) };
}

/** What `results[].links` carries. */
export function linkDetails(report: LinkReport | undefined): { links?: LinkDetails } {
  if (!report) return {};
  const { checked, notChecked, broken, otherSites, ignored, outsideVersion } = report;
  const throttled = report.throttled.docsHost + report.throttled.otherSites;
  return { links: { checked, notChecked, broken, otherSites, ignored, outsideVersion, throttled } };
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

/** The job summary's list of a project's broken links: every one, up to {@link MAX_SUMMARY_BROKEN}. */
export function brokenLinksSummary(project: string, report: LinkReport | undefined): string[] {
  if (!report) return [];
  const head = `**${BROKEN_LINKS_TITLE} in ${escapeMarkdown(project)}**: ${linkCounts(report)}`;
  if (report.broken.length === 0) return ['', head];
  const lines = ['', head, ''];
  for (const link of report.broken.slice(0, MAX_SUMMARY_BROKEN))
    lines.push(`- ${brokenLinkMarkdown(link)}${link.external ? ' (another site)' : ''}`);
  if (report.broken.length > MAX_SUMMARY_BROKEN)
    lines.push(`- … and ${report.broken.length - MAX_SUMMARY_BROKEN} more (every one in the \`results\` output)`);
  return lines;
}
