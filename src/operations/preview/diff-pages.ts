/**
 * The changed pages of a preview from the service's file tree diff (`file-tree-diff.ts`): every
 * page it adds, modifies or deletes, with the preview link and the link to the page before the
 * change; the deleted pages for the redirect guard; and what the comment and the summary say of
 * them. When the diff is absent, `preview` maps the pull request's source files instead.
 */
import type { PreviewRow } from './comment-rows.js';
import { changedPageLine, visualDiffUrl } from './changed-page-lines.js';
import { escapeMarkdown } from '../../reporting/markdown.js';
import type { ProjectLog } from '../../reporting/project-log.js';
import { plainUrl } from '../../reporting/output-values.js';
import { serviceLinks } from '../../reporting/service-links.js';
import { safeLine } from '../../util/untrusted-text.js';
import type { OperationContext } from '../types.js';
import { joinUrl, type ChangedPage } from './changed-pages.js';
import { readCurrentFileTreeDiff, type AcceptLink, type DiffPage, type FileTreeDiff } from './file-tree-diff.js';
import type { MovedPage } from './redirect-guard.js';
import type { PreviewDetails } from './details.js';
import { plural } from '../../util/plural.js';

type PreviewDetailsFields = Extract<PreviewDetails, { pages: unknown }>;

/** Pages the comment lists for a project; the job summary lists them all. */
export const MAX_COMMENT_PAGES = 20;
/** Pages the job summary lists for a project (`results` carries every one, or its file when it is cut: `setOutputs`). */
const MAX_SUMMARY_PAGES = 1_000;

/**
 * What the diff gives a preview, or why it gives nothing (the one line the summary says). An
 * `outdated` diff is an earlier build's (never current within the window): its pages are marked
 * so, and `removed` is empty (its deleted pages are not this push's).
 */
export type DiffOutcome =
  | { pages: ChangedPage[]; removed: MovedPage[]; outdated: boolean; base?: string; note: string }
  | { fallback: string };

/**
 * The file tree diff of the project's PR version, once its preview answers. Never throws but for
 * the step's deadline: a custom preview host (`preview-url-template`) has no diff to read.
 */
export async function changedPagesFromDiff(
  ctx: OperationContext,
  log: ProjectLog,
  args: {
    project: string;
    /** The pull request's version (its slug once the build told it). */
    version: string | undefined;
    previewUrl: string;
    /** The project's documentation URL (its record's), where the base version is served. */
    docsUrl?: string | undefined;
  },
): Promise<DiffOutcome> {
  const { project, version, previewUrl } = args;
  const fallback = (why: string): DiffOutcome => {
    const line = `No file tree diff from Read the Docs (${why}): the changed pages are mapped from the pull request's source files`;
    log.info(safeLine(line, 500));
    return { fallback: line };
  };
  if (ctx.inputs.previewUrlTemplate) return fallback('the preview is on a host of `preview-url-template`');
  if (version === undefined) return fallback('the version is unknown');
  const accept = diffLinks(ctx.inputs.baseUrl, previewUrl, args.docsUrl);
  const { diffIntervalMs: intervalMs, diffWindowMs: windowMs } = ctx.polling;
  const { result: diff, reads } = await readCurrentFileTreeDiff(ctx, { previewUrl, project, version, accept, intervalMs, windowMs });
  if ('absent' in diff) return fallback(diff.absent + (diff.unwritten && reads > 1 ? `, after ${reads} reads` : ''));
  if (diff.outdated) return outdatedDiff(log, diff, previewUrl, reads);
  const base = baseRoot(diff);
  const note =
    `Changed pages from Read the Docs' file tree diff${base ? ` against ${base}` : ''}: ` +
    `${diff.added.length} added, ${diff.modified.length} modified, ${diff.deleted.length} deleted`;
  log.info(safeLine(note, 500));
  return {
    pages: diffChangedPages(diff, previewUrl),
    removed: removedPages(diff.deleted),
    outdated: false,
    ...(base ? { base } : {}),
    note,
  };
}

/**
 * A diff still of an earlier build after every read: its pages marked as from that build, and no
 * deleted page for the redirect guard (they may be another push's). The caller prefers the pull
 * request's source files when it has them.
 */
function outdatedDiff(log: ProjectLog, diff: FileTreeDiff, previewUrl: string, reads: number): DiffOutcome {
  const base = baseRoot(diff);
  const note =
    `Read the Docs' file tree diff is still of an earlier build of this pull request after ${plural(reads, 'read')}: ` +
    `its pages (${diff.added.length} added, ${diff.modified.length} modified, ${diff.deleted.length} deleted) may not be this push's`;
  log.info(safeLine(note, 500));
  const pages = diffChangedPages(diff, previewUrl).map((page): ChangedPage => ({ ...page, earlierBuild: true }));
  return { pages, removed: [], outdated: true, ...(base ? { base } : {}), note };
}

/** The service's own documentation domains (Community, Business), where a base version is served without a custom domain. */
const DOCS_DOMAINS = ['readthedocs.io', 'readthedocs-hosted.com'];

/**
 * The diff's links that may be shown: plain http(s) URLs on the preview domain or the service's
 * (the existing link checks), on its documentation domains, or on the preview's own origin or
 * the project's documentation origin (a custom domain). Anything else is left out.
 */
export function diffLinks(baseUrl: string, previewUrl: string, docsUrl: string | undefined): AcceptLink {
  const service = serviceLinks(baseUrl);
  const origins = new Set([previewUrl, docsUrl].flatMap((url) => (url && URL.canParse(url) ? [new URL(url).origin] : [])));
  return (url) =>
    service.preview(url) ??
    plainUrl(url, DOCS_DOMAINS) ??
    (plainUrl(url) !== undefined && URL.canParse(url) && origins.has(new URL(url).origin) ? url : undefined);
}

/** Added (preview link), modified (preview and before), deleted (before, when the service gives it): each sorted. */
export function diffChangedPages(diff: FileTreeDiff, previewUrl: string): ChangedPage[] {
  const inPreview = (page: DiffPage) => page.current ?? joinUrl(previewUrl, page.filename.split('/'));
  return [
    ...diff.added.map((page): ChangedPage => ({ file: page.filename, url: inPreview(page), change: 'added' })),
    ...diff.modified.map((page): ChangedPage => {
      const url = inPreview(page);
      const visual = visualDiffUrl(url);
      return {
        file: page.filename,
        url,
        change: 'modified',
        ...(page.base ? { before: page.base } : {}),
        ...(visual ? { diff: visual } : {}),
      };
    }),
    ...diff.deleted.flatMap((page): ChangedPage[] =>
      page.base ? [{ file: page.filename, url: page.base, change: 'deleted', before: page.base }] : [],
    ),
  ];
}

/**
 * The addresses the deleted pages had, for the redirect guard: `/api/legacy.html`, and for a
 * folder's index page its folder too (`/guide/index.html` and `/guide/`), each its own entry.
 */
export function removedPages(deleted: DiffPage[]): MovedPage[] {
  const pages: MovedPage[] = [];
  for (const { filename } of deleted) {
    pages.push({ file: filename, from: `/${filename}`, builtOnly: true });
    if (filename.endsWith('/index.html'))
      pages.push({ file: filename, from: `/${filename.slice(0, -'index.html'.length)}`, builtOnly: true });
  }
  return pages;
}

/** The base version's root, from a page's `base` link that ends with its filename; undefined when none does. */
function baseRoot(diff: FileTreeDiff): string | undefined {
  for (const page of [...diff.modified, ...diff.deleted, ...diff.added]) {
    if (page.base?.endsWith(`/${page.filename}`)) return page.base.slice(0, -page.filename.length);
  }
  return undefined;
}

/** A ready row's pages: the first ones, and how many more the job summary lists. */
export function commentPages(pages: ChangedPage[]): Pick<PreviewRow, 'pages' | 'morePages'> {
  if (pages.length === 0) return {};
  // The comment's stored rows keep no visual diff link: the comment makes it from the page's.
  const shown = pages.slice(0, MAX_COMMENT_PAGES).map(({ diff: _diff, ...page }) => page);
  return { pages: shown, ...(pages.length > shown.length ? { morePages: pages.length - shown.length } : {}) };
}

/** The job summary's list of a project's changed pages, headed by where it came from. */
function changedPagesSummary(project: string, pages: ChangedPage[], note: string | undefined): string[] {
  const lines = ['', `**Changed pages in ${escapeMarkdown(project)}**`, ''];
  if (note) lines.push(escapeMarkdown(note), '');
  for (const page of pages.slice(0, MAX_SUMMARY_PAGES)) lines.push(`- ${changedPageLine(page, escapeMarkdown(page.file))}`);
  if (pages.length > MAX_SUMMARY_PAGES)
    lines.push(`- … and ${pages.length - MAX_SUMMARY_PAGES} more (every one in the \`results\` output)`);
  return lines;
}

/** A ready preview's part of the job summary: its pages and where they came from, or the one line saying the diff is absent. */
export function pagesSummary(project: string, pages: ChangedPage[], diff: DiffOutcome | undefined): string[] {
  const note = diff === undefined ? undefined : 'note' in diff ? diff.note : diff.fallback;
  if (pages.length > 0) return changedPagesSummary(project, pages, note);
  return note === undefined ? [] : ['', `${escapeMarkdown(project)}: ${escapeMarkdown(note)}`];
}

/** What `results` says of the diff when the pages came from it (nothing otherwise, as before the diff). */
export function diffDetails(diff: DiffOutcome | undefined): Pick<PreviewDetailsFields, 'fileTreeDiff'> {
  if (diff === undefined || 'fallback' in diff) return {};
  return { fileTreeDiff: { outdated: diff.outdated, ...(diff.base ? { base: diff.base } : {}) } };
}
