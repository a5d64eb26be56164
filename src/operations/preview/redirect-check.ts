/**
 * `redirect-check` in `preview`: the pages the pull request moves or removes that no redirect of
 * the project (or of the PR's project file) covers, with the entry to paste, each told as a
 * warning annotation on its file. Reading the redirects or the file can fail: then nothing is
 * reported, the preview is not held back.
 */
import type { Dispatcher } from 'undici';
import type { PullRequestFileEntry } from '../../github/api/rest.js';
import { UNREDIRECTED_TITLE } from '../../github/render-comment.js';
import type { ProjectLog } from '../../reporting/project-log.js';
import type { Project } from '../../readthedocs/schemas.js';
import { safeLine } from '../../util/untrusted-text.js';
import { USER_AGENT } from '../../version.js';
import type { OperationContext } from '../types.js';
import { joinUrl, type DocsBuilder } from './changed-pages.js';
import { checkPage } from './check-page.js';
import { forPreview } from './resolve-preview-url.js';
import {
  isCovered,
  MAX_MOVED_PAGES,
  movedPages,
  projectFileRedirects,
  redirectEntry,
  type MovedPage,
  type RedirectRule,
} from './redirect-guard.js';

/** The annotation's title for each page moved or removed without a redirect. */
export const NO_REDIRECT_TITLE = 'Page moved without a redirect';

/** A page whose address disappears with no redirect: what the comment, summary and `results` show. */
export interface UnredirectedPage {
  file: string;
  newFile?: string;
  from: string;
  to?: string;
  /** The line to paste under `redirects:`. */
  entry: string;
}

export interface RedirectCheckInput {
  project: string;
  files: PullRequestFileEntry[];
  docsDir: string;
  builder: DocsBuilder | undefined;
  previewUrl: string;
  projectRecord: Project | undefined;
  dispatcher: Dispatcher;
  /** The PR's project file (`config`) at the head commit, read once for every project. */
  projectFile: () => Promise<string | undefined>;
  attempts: number;
}

export async function checkRedirects(ctx: OperationContext, log: ProjectLog, input: RedirectCheckInput): Promise<UnredirectedPage[]> {
  const moved = movedPages({ files: input.files, docsDir: input.docsDir, ...(input.builder ? { builder: input.builder } : {}) });
  if (moved.length === 0) return [];
  if (!ctx.inputs.token) {
    // The redirects of a project are read with a maintainer's token only.
    log.info(`${moved.length} page(s) moved or removed; their redirects are not checked without \`token\``);
    return [];
  }
  let uncovered = moved;
  try {
    const rules: RedirectRule[] = (await ctx.api.redirects(input.project)).map((r) => ({
      type: r.type,
      from: r.from_url ?? '',
      ...(r.enabled === false ? { enabled: false } : {}),
    }));
    const prefix = exactPrefix(input.projectRecord);
    uncovered = moved.filter((page) => !isCovered(page.from, rules, prefix));
    if (uncovered.length > 0) {
      const text = await input.projectFile();
      const fileRules = text === undefined ? undefined : await projectFileRedirects(text, input.project);
      if (fileRules) uncovered = uncovered.filter((page) => !isCovered(page.from, fileRules, prefix));
    }
  } catch (error) {
    log.warning(safeLine(`Moved pages were not checked for redirects: ${(error as Error).message}`), 'Redirects not checked');
    return [];
  }
  const pages: UnredirectedPage[] = [];
  for (const page of uncovered.slice(0, MAX_MOVED_PAGES)) {
    let to = page.to;
    if (to !== undefined) {
      // Only an address that answers on the preview is suggested.
      const url = joinUrl(input.previewUrl, to.replace(/^\/+/, '').split('/'));
      const check = await checkPage(url, {
        dispatcher: input.dispatcher,
        userAgent: USER_AGENT,
        signal: ctx.deadline.signal,
        attempts: input.attempts,
        retryDelayMs: ctx.polling.previewRetryMs,
        sleep: ctx.sleep,
      });
      if (!check.ok) {
        log.debug(safeLine(`${url} ${check.problem ?? 'did not answer'}: no \`to\` suggested for ${page.from}`));
        to = undefined;
      }
    }
    const found: MovedPage = { ...page };
    if (to === undefined) delete found.to;
    const entry = redirectEntry(found);
    pages.push({ ...found, entry });
    log.warning(
      safeLine(
        `${page.from} (built from ${page.file}) ${page.newFile === undefined ? 'is removed' : `moves${to ? ` to ${to}` : ''}`} ` +
          `and no redirect of ${input.project} covers it. Add to the project file's \`redirects:\`: ${entry.split('  #')[0]}`,
      ),
      NO_REDIRECT_TITLE,
      safeLine(page.newFile ?? page.file, 500),
    );
  }
  if (uncovered.length > MAX_MOVED_PAGES) log.info(`${uncovered.length - MAX_MOVED_PAGES} more moved pages are not listed`);
  log.info(`Moved or removed pages: ${moved.length}, ${uncovered.length} without a redirect`);
  return pages;
}

/** Where `exact` redirects see a page of the default version: `/en/latest`; none for subprojects. */
function exactPrefix(project: Project | undefined): string | undefined {
  if (!project) return undefined;
  const p = forPreview(project);
  if (p.subprojectOf) return undefined;
  const version = project.default_version || 'latest';
  if (p.versioningScheme === 'single_version_without_translations') return '';
  if (p.versioningScheme === 'multiple_versions_without_translations') return `/${version}`;
  return `/${p.language}/${version}`;
}

/** With `redirect-check: fail`: the project is red, and says which pages. */
export function unredirectedFailure(project: string, pages: UnredirectedPage[]): { outcome: 'failed'; title: string; reason: string } {
  return {
    outcome: 'failed',
    title: UNREDIRECTED_TITLE,
    reason: [
      `${project}: ${pages.length} page(s) moved or removed without a redirect (input \`redirect-check: fail\`). Add under \`redirects:\`:`,
      ...pages.map((page) => page.entry),
    ].join('\n'),
  };
}
