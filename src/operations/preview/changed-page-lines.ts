/**
 * The changed pages as Markdown: one page's line (the comment's and the job summary's: its link,
 * what the service's file tree diff says of it, the page before and the service's visual diff),
 * and the comment's collapsed lists, one shared by the projects whose lists are the same (the
 * translations of one change).
 */
import { codeSpan, escapeHtml, escapeMarkdown, markdownLink, safeHttpUrl } from '../../reporting/markdown.js';
import type { PreviewRow, RowPage } from './comment-rows.js';

/** The query the service's addons read to highlight, on the page, what the pull request changed (its visual diff). */
const VISUAL_DIFF_QUERY = 'readthedocs-diff';

/** `url` with the service's visual diff on (`?readthedocs-diff=true`), or undefined when it is no http(s) URL. */
export function visualDiffUrl(url: string): string | undefined {
  if (safeHttpUrl(url) === undefined) return undefined;
  const page = new URL(url);
  page.searchParams.set(VISUAL_DIFF_QUERY, 'true');
  return page.href;
}

/**
 * A changed page as a list item's text: `label` linked to the page, then what the service's file
 * tree diff says of it (new, removed), for a modified page its visual diff, and the page before.
 */
export function changedPageLine(page: RowPage, label: string): string {
  const link = (text: string, url: string | undefined) => {
    const destination = safeHttpUrl(url);
    return destination === undefined ? text : `[${text}](${destination})`;
  };
  switch (page.change) {
    case 'added':
      return `${link(label, page.url)} (new)`;
    case 'deleted':
      return `${label} (removed) · ${link('before', page.before ?? page.url)}`;
    case 'modified': {
      const diff = visualDiffUrl(page.url);
      const links = [link(label, page.url), ...(diff === undefined ? [] : [link('diff', diff)])];
      if (page.before !== undefined) links.push(link('before', page.before));
      return links.join(' · ');
    }
    default:
      return link(label, page.url);
  }
}

/**
 * The comment's collapsed lists of changed pages of `rows` (ready previews of the head commit):
 * one per distinct list, so projects with the same pages (a project's translations, built from one
 * change) share one, linked to the first one's pages.
 */
export function changedPagesFolds(rows: PreviewRow[], runUrl: string | undefined): string[] {
  const groups = new Map<string, PreviewRow[]>();
  for (const row of rows) {
    const pages = linkedPages(row);
    if (pages.length === 0) continue;
    const key = JSON.stringify([row.morePages ?? 0, pages.map((page) => [page.file, page.change ?? null, page.earlierBuild ?? false])]);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].flatMap((group) => changedPagesFold(group, runUrl));
}

/** A row's pages that can be linked. */
function linkedPages(row: PreviewRow): RowPage[] {
  return (row.pages ?? []).filter((page) => safeHttpUrl(page.url) !== undefined);
}

/** One collapsed list: the first row's pages, each linked, naming every project it stands for, and how many more the job summary lists. */
function changedPagesFold(rows: PreviewRow[], runUrl: string | undefined): string[] {
  const [first, ...others] = rows as [PreviewRow, ...PreviewRow[]];
  const pages = linkedPages(first);
  const count = pages.length + (first.morePages ?? 0);
  const earlier = pages.some((page) => page.earlierBuild) ? ' of an earlier build, not this push' : '';
  const from = pages.some((page) => page.change !== undefined) ? `, from Read the Docs' file tree diff${earlier}` : '';
  const who =
    others.length === 0 ? escapeHtml(first.project) : `${rows.length} projects: ${rows.map((row) => escapeHtml(row.project)).join(', ')}`;
  const lines = ['', `<details><summary>Changed pages in ${who} (${count}${from})</summary>`, ''];
  if (others.length > 0) lines.push(`The same pages in each; linked in ${escapeMarkdown(first.project)}'s preview.`, '');
  for (const page of pages) lines.push(`- ${changedPageLine(page, codeSpan(page.file, { inTable: false }))}`);
  if (first.morePages)
    lines.push(`- … and ${first.morePages} more: ${markdownLink('the job summary of this run', first.runUrl ?? runUrl)} lists them all`);
  lines.push('', '</details>');
  return lines;
}
