/**
 * Which of the file tree diff's deleted pages the redirect guard asks a redirect for. The diff's
 * base is a snapshot from the pull request's first build, never refreshed (FACTS): a page the base
 * removed since shows as deleted too. The base's live docs tell the two apart, one request per
 * page: a page they still serve is removed by this pull request (its redirect is asked whatever
 * its files, e.g. an autodoc page of a module deleted from the code); one they no longer serve
 * (404, 410) moved on the base, said once, not warned. A page without an answer (none in time, a
 * throttle, a 5xx, over the bound) is judged as before: by the pull request's removed and renamed
 * files, else marked unconfirmed.
 */
import type { ProjectLog } from '../../reporting/project-log.js';
import { safeLine } from '../../util/untrusted-text.js';
import type { OperationContext } from '../types.js';
import type { ChangedPage } from './changed-pages.js';
import { lookUpPages } from './page-lookups.js';
import type { ChangedSources } from './pull-request.js';
import { removedByPullRequest, type MovedPage } from './redirect-guard.js';
import { plural } from '../../util/plural.js';

/** Deleted pages asked on the live docs at most (the others are judged by the files)... */
const MAX_LIVE_CHECKS = 50;
/** ...all within this long (and the step's deadline). */
const LIVE_CHECK_BUDGET_MS = 10_000;

/** What the base's live docs say of a deleted page. */
type Live = 'served' | 'gone' | 'unknown';

/**
 * The deleted pages the guard checks: those the base's live docs still serve, then, of those
 * without an answer, the ones a removed or renamed file of the pull request builds (every one,
 * marked unconfirmed, when its files are unknown). `pages` are the diff's changed pages: a deleted
 * one's `before` is its address on the base. Without `token` the redirects cannot be read, so
 * nothing is asked of the live docs.
 */
export async function deletedPagesToGuard(
  ctx: OperationContext,
  log: ProjectLog,
  args: { removed: MovedPage[]; pages: readonly ChangedPage[]; sources: ChangedSources | undefined },
): Promise<MovedPage[]> {
  const { removed, sources } = args;
  if (removed.length === 0) return [];
  const byFiles = sources === undefined ? undefined : new Set(removedByPullRequest(removed, sources.entries).ours);
  const live = ctx.inputs.token ? await liveAnswers(ctx, log, { removed, pages: args.pages, byFiles }) : new Map<string, Live>();
  const guarded: MovedPage[] = [];
  const gone: MovedPage[] = [];
  const unexplained: MovedPage[] = [];
  for (const page of removed) {
    const answer = live.get(page.file) ?? 'unknown';
    if (answer === 'served') guarded.push({ ...page, served: true });
    else if (answer === 'gone') gone.push(page);
    else if (byFiles === undefined) guarded.push({ ...page, unconfirmed: true });
    else if (byFiles.has(page)) guarded.push(page);
    else unexplained.push(page);
  }
  if (gone.length > 0) {
    said(
      log,
      gone,
      "the base's live docs no longer serve them: they moved on the base since this pull request's first build (the diff compares with a snapshot of it), so no redirect is asked for them",
    );
  }
  if (unexplained.length > 0) {
    said(
      log,
      unexplained,
      "are built by no file this pull request removes or renames and the base's live docs did not tell: they may have moved on the base since " +
        "this pull request's first build (the diff compares with a snapshot of it), so no redirect is asked for them",
    );
  }
  return guarded;
}

/** One line for a group of deleted pages: how many, the first few, and why. */
function said(log: ProjectLog, pages: MovedPage[], why: string): void {
  const shown = pages.slice(0, 5).map((page) => page.from);
  log.info(
    safeLine(
      `${plural(pages.length, 'page')} the file tree diff lists as deleted (${shown.join(', ')}${pages.length > shown.length ? ', …' : ''}): ${why}`,
      1000,
    ),
  );
}

/**
 * Each deleted page's answer on the base's live docs, by its built file: one request each, at most
 * {@link MAX_LIVE_CHECKS}, those the pull request's files do not explain first. Only a 200 is
 * served and a 404 or 410 gone; anything else tells nothing.
 */
async function liveAnswers(
  ctx: OperationContext,
  log: ProjectLog,
  { removed, pages, byFiles }: { removed: MovedPage[]; pages: readonly ChangedPage[]; byFiles: ReadonlySet<MovedPage> | undefined },
): Promise<Map<string, Live>> {
  const baseOf = new Map<string, string>();
  for (const page of pages) if (page.change === 'deleted' && page.before !== undefined) baseOf.set(page.file, page.before);
  // An index page's two addresses are one page: asked once.
  const files = [
    ...new Set([...removed].sort((a, b) => Number(byFiles?.has(a) ?? false) - Number(byFiles?.has(b) ?? false)).map((page) => page.file)),
  ];
  const asked = files.flatMap((file) => {
    const url = baseOf.get(file);
    return url === undefined ? [] : [{ file, url }];
  });
  const answers = new Map<string, Live>();
  if (asked.length === 0) return answers;
  const { checks } = await lookUpPages(
    ctx,
    asked.slice(0, MAX_LIVE_CHECKS).map(({ url }) => url),
    { attempts: 1, retryIf: () => false, budgetMs: LIVE_CHECK_BUDGET_MS },
  );
  for (const { file, url } of asked) {
    const status = checks.get(url)?.status;
    answers.set(file, status === 200 ? 'served' : status === 404 || status === 410 ? 'gone' : 'unknown');
  }
  const told = [...answers.values()].filter((answer) => answer !== 'unknown').length;
  log.debug(`The base's live docs asked for ${plural(Math.min(asked.length, MAX_LIVE_CHECKS), 'deleted page')}: ${told} answered`);
  return answers;
}
