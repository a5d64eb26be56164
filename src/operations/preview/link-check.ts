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

/** What `results[].links` says: how many links were checked, how many not, and the broken ones. */
export interface LinkDetails {
  checked: number;
  notChecked: number;
  broken: BrokenLink[];
}

/** The changed pages' links checked on the preview at `previewUrl`; undefined with `link-check: off` or no page to read. */
export async function checkPreviewLinks(
  ctx: OperationContext,
  log: ProjectLog,
  args: { previewUrl: string; pages: readonly ChangedPage[]; answers: LinkAnswers },
): Promise<LinkReport | undefined> {
  const levels = linkLevels(ctx.inputs, 'preview');
  if (levels.links === 'off') return undefined;
  const pages = args.pages.filter((page) => page.change !== 'deleted').map((page) => page.url);
  if (pages.length === 0) return undefined;
  const report = await checkLinks(ctx, {
    root: asRoot(args.previewUrl),
    pages,
    crawl: false,
    maxPages: MAX_LINK_CHECKED_PAGES,
    maxTargets: MAX_LINK_TARGETS,
    external: ctx.inputs.linkCheckExternal,
    anchors: levels.anchors !== 'off',
    ignore: globList(ctx.inputs.linkCheckIgnore),
    budgetMs: LINK_CHECK_BUDGET_MS,
    answers: args.answers,
  });
  annotateBroken(log, report.broken);
  log.info(
    `Links of ${report.pages} changed page(s): ${report.checked} checked, ${report.broken.length} broken, ${report.notChecked} not checked` +
      (pages.length > MAX_LINK_CHECKED_PAGES ? ` (at most ${MAX_LINK_CHECKED_PAGES} pages are read)` : ''),
  );
  return report;
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
  return report ? { links: { checked: report.checked, notChecked: report.notChecked, broken: report.broken } } : {};
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
  const head = `**${BROKEN_LINKS_TITLE} in ${escapeMarkdown(project)}**: ${report.broken.length} broken, ${report.checked} checked, ${report.notChecked} not checked`;
  if (report.broken.length === 0) return ['', head];
  const lines = ['', head, ''];
  for (const link of report.broken.slice(0, MAX_SUMMARY_BROKEN))
    lines.push(`- ${brokenLinkMarkdown(link)}${link.external ? ' (another site)' : ''}`);
  if (report.broken.length > MAX_SUMMARY_BROKEN)
    lines.push(`- … and ${report.broken.length - MAX_SUMMARY_BROKEN} more (every one in the \`results\` output)`);
  return lines;
}
