/**
 * `redirect-check` in `preview`: the pages the pull request moves or removes that no redirect of
 * the project (or of the PR's project file) covers, with the entry to paste, each told as a
 * warning annotation on its file. Reading the redirects or the file can fail: then nothing is
 * reported, the preview is not held back.
 */
import type { PullRequestFileEntry } from '../../github/api/rest.js';
import { UNREDIRECTED_TITLE } from './render-comment.js';
import type { ProjectLog } from '../../reporting/project-log.js';
import type { Project } from '../../readthedocs/schemas.js';
import { safeLine } from '../../util/untrusted-text.js';
import type { OperationContext } from '../types.js';
import type { Inputs } from '../../inputs/inputs.js';
import { failsAt, gateFailure, type GateFailure } from '../gates.js';
import { joinUrl, type DocsBuilder } from './changed-pages.js';
import { lookUpPages } from './page-lookups.js';
import { forPreview } from './resolve-preview-url.js';
import {
  coveringRule,
  MAX_MOVED_PAGES,
  movedPages,
  normalisePath,
  redirectEntry,
  type MovedPage,
  type RedirectRule,
} from './redirect-guard.js';
import { messageOf } from '../../util/message-of.js';
import { once } from '../../util/once.js';
import { projectFileRedirects } from '../shared/project-file/redirects-of.js';
import { naturalCompare } from '../../util/natural-order.js';
import { forCount, plural } from '../../util/plural.js';

/** The annotation's title for each page moved or removed without a redirect. */
const NO_REDIRECT_TITLE = 'Page moved without a redirect';

/** A page whose address disappears with no redirect: what the comment, summary and `results` show. */
export interface UnredirectedPage {
  file: string;
  newFile?: string;
  from: string;
  to?: string;
  /** The line to paste under `redirects:`. */
  entry: string;
}

/** The first {@link MAX_MOVED_PAGES} pages without a redirect, and how many there are in all. */
export interface UnredirectedPages {
  pages: UnredirectedPage[];
  total: number;
}

const NONE: UnredirectedPages = { pages: [], total: 0 };

export interface RedirectCheckInput {
  project: string;
  files: PullRequestFileEntry[];
  docsDir: string;
  builder: DocsBuilder | undefined;
  previewUrl: string;
  projectRecord: Project | undefined;
  /** The PR's project file (`config`) at the head commit, read once for every project. */
  projectFile: () => Promise<string | undefined>;
  attempts: number;
  /** Pages the build no longer makes, from the service's file tree diff, whatever the source files say. */
  removedPages?: MovedPage[];
  /** Preview pages already looked up (the changed pages), by URL: whether each answered. */
  checked: ReadonlyMap<string, boolean>;
  /** The project's redirects, read once for its checks (the link check's notes too); read here when not given. */
  redirects?: ProjectRedirects;
}

/** A project's redirects (the service's) and the prefixes its `exact` ones are matched under, each read once, on first use. */
export interface ProjectRedirects {
  rules(): Promise<RedirectRule[]>;
  prefixes(): Promise<string[] | undefined>;
}

/** The reads of {@link ProjectRedirects} for `project`: its redirects need a maintainer's token (`token`). */
export function projectRedirects(ctx: OperationContext, log: ProjectLog, project: string, record: Project | undefined): ProjectRedirects {
  return {
    rules: once(async () =>
      (await ctx.api.redirects(project)).map((r) => ({
        type: r.type,
        from: r.from_url ?? '',
        ...(r.to_url ? { to: r.to_url } : {}),
        ...(r.enabled === false ? { enabled: false } : {}),
      })),
    ),
    // The prefixes `exact` redirects are matched under, asked for only when one needs them.
    prefixes: once(() => exactPrefixes(ctx, log, record)),
  };
}

/** The matcher of `rules` (the project's, unless given): which of them covers a page. */
export async function redirectMatcher(
  redirects: ProjectRedirects,
  rules?: RedirectRule[],
): Promise<(page: string | Pick<MovedPage, 'from' | 'to'>) => RedirectRule | undefined> {
  const list = rules ?? (await redirects.rules());
  return coveringRule(list, list.some(isExact) ? await redirects.prefixes() : undefined);
}

export async function checkRedirects(ctx: OperationContext, log: ProjectLog, input: RedirectCheckInput): Promise<UnredirectedPages> {
  const moved = withRemoved(
    movedPages({ files: input.files, docsDir: input.docsDir, ...(input.builder ? { builder: input.builder } : {}) }),
    input.removedPages,
  );
  if (moved.length === 0) return NONE;
  if (!ctx.inputs.token) {
    // The redirects of a project are read with a maintainer's token only.
    log.info(`${plural(moved.length, 'page')} moved or removed; redirects are not checked without \`token\``);
    return NONE;
  }
  let uncovered = moved;
  const redirects = input.redirects ?? projectRedirects(ctx, log, input.project, input.projectRecord);
  try {
    const byProject = await redirectMatcher(redirects);
    uncovered = moved.filter((page) => byProject(page) === undefined);
    if (uncovered.length > 0) {
      const text = await input.projectFile();
      const fileRules = text === undefined ? undefined : await projectFileRedirects(text, input.project);
      if (fileRules) {
        const byFile = await redirectMatcher(redirects, fileRules);
        uncovered = uncovered.filter((page) => byFile(page) === undefined);
      }
    }
  } catch (error) {
    log.warning(safeLine(`Moved pages were not checked for redirects: ${messageOf(error)}`), 'Redirects not checked');
    return NONE;
  }
  const listed = uncovered.slice(0, MAX_MOVED_PAGES);
  const answering = await answeringTargets(ctx, log, input, listed);
  const pages: UnredirectedPage[] = [];
  for (const page of listed) {
    // Only an address that answers on the preview is suggested.
    const to = page.to !== undefined && answering.has(page.to) ? page.to : undefined;
    const found: MovedPage = { ...page };
    if (to === undefined) delete found.to;
    const entry = redirectEntry(found);
    pages.push({ ...found, entry });
    const what = page.unconfirmed
      ? "is no longer built (the service's file tree diff), or it moved on the base: this pull request's files are not known"
      : page.builtOnly
        ? `is no longer built (the service's file tree diff)${page.served ? ", the base's live docs still serve it," : ''}`
        : `(built from ${page.file}) ${page.newFile === undefined ? 'is removed' : `moves${to ? ` to ${to}` : ''}`}`;
    log.warning(
      safeLine(
        `${page.from} ${what} and no redirect of ${input.project} covers it. Add to the project file's \`redirects:\`: ${entry.split('  #')[0]}`,
      ),
      NO_REDIRECT_TITLE,
      // A built page is no file of the repository: the annotation names none.
      ...(page.builtOnly ? [] : [safeLine(page.newFile ?? page.file, 500)]),
    );
  }
  if (uncovered.length > MAX_MOVED_PAGES) log.info(`${uncovered.length - MAX_MOVED_PAGES} more moved pages are not listed`);
  log.info(`Moved or removed pages: ${moved.length}, ${uncovered.length} without a redirect`);
  return { pages, total: uncovered.length };
}

/** At most this many new addresses are looked up on the preview (beyond the changed pages')... */
export const MAX_TARGET_CHECKS = 20;
/**
 * ...all within this long (and the step's deadline): a pull request moving a tree costs seconds, not
 * minutes. At the docs host's pace (4 a second) the 20 take 5 s, and one wait for a second round fits.
 */
const TARGET_CHECK_BUDGET_MS = 15_000;

/**
 * The new addresses of `pages` that answer on the preview: what the changed pages' look-ups found,
 * then at most {@link MAX_TARGET_CHECKS} more, looked up at once within {@link TARGET_CHECK_BUDGET_MS}
 * (see `lookUpPages`). An answer such as 404 is final (the preview already answers, so the build's
 * pages are there); only a look-up that got no answer, a 5xx or a 429 is tried again.
 */
async function answeringTargets(
  ctx: OperationContext,
  log: ProjectLog,
  input: RedirectCheckInput,
  pages: MovedPage[],
): Promise<Set<string>> {
  const answering = new Set<string>();
  const urlOf = new Map<string, string>();
  for (const page of pages) {
    if (page.to !== undefined) urlOf.set(page.to, joinUrl(input.previewUrl, page.to.replace(/^\/+/, '').split('/')));
  }
  // What the changed pages' look-ups learnt is not asked again.
  const targets = [...urlOf].filter(([to, url]) => {
    const known = input.checked.get(url);
    if (known) answering.add(to);
    return known === undefined;
  });
  if (targets.length === 0) return answering;
  const asked = targets.slice(0, MAX_TARGET_CHECKS);
  const { checks, unchecked } = await lookUpPages(
    ctx,
    asked.map(([, url]) => url),
    {
      attempts: input.attempts,
      retryIf: (check) => check.status === undefined || check.status >= 500 || check.status === 429,
      budgetMs: TARGET_CHECK_BUDGET_MS,
    },
  );
  for (const [to, url] of asked) {
    const check = checks.get(url);
    if (check?.ok) answering.add(to);
    else if (check) log.debug(safeLine(`${url} ${check.problem ?? 'did not answer'}: no \`to\` suggested for it`));
  }
  const notAsked = targets.length - asked.length + unchecked.length;
  if (notAsked > 0) {
    log.info(
      `${plural(notAsked, 'new page address', 'new page addresses')} ${forCount(notAsked, 'was', 'were')} not looked up on the preview ` +
        `(at most ${MAX_TARGET_CHECKS}, within ${TARGET_CHECK_BUDGET_MS / 1000} s): ` +
        `${forCount(notAsked, 'its entry leaves', 'their entries leave')} \`to:\` for you to fill in`,
    );
  }
  return answering;
}

/** The source files' moved pages, then the diff's removed pages they do not list already, sorted by address. */
function withRemoved(moved: MovedPage[], removed: MovedPage[] | undefined): MovedPage[] {
  if (!removed?.length) return moved;
  const known = new Set(moved.map((page) => normalisePath(page.from)));
  const added = removed.filter((page) => !known.has(normalisePath(page.from)) && known.add(normalisePath(page.from)));
  return [...moved, ...added].sort((a, b) => naturalCompare(a.from, b.from));
}

const isExact = (rule: RedirectRule) => rule.type === 'exact' && rule.enabled !== false;

/**
 * Where `exact` redirects see the project's pages: its own language (a translation's own) and
 * every version it serves (the active ones, its default version and `latest`), after
 * `/projects/{alias}` for a subproject: `/en/latest`, `/projects/api/en/v2`, `` for a single
 * version. Undefined (no `exact` redirect matched) when the project or a subproject's alias is
 * unknown.
 */
async function exactPrefixes(ctx: OperationContext, log: ProjectLog, project: Project | undefined): Promise<string[] | undefined> {
  if (!project) return undefined;
  const p = forPreview(project);
  let base = '';
  if (p.subprojectOf && !p.translationOf) {
    const alias = (await ctx.api.subprojects(p.subprojectOf)).find((subproject) => subproject.child.slug === project.slug)?.alias;
    if (alias === undefined) return undefined;
    base = `/projects/${alias}`;
  }
  if (p.versioningScheme === 'single_version_without_translations') return [base];
  const versions = new Set([project.default_version || 'latest', 'latest']);
  try {
    for (const version of await ctx.api.versions(project.slug)) if (version.active) versions.add(version.slug);
  } catch (error) {
    log.debug(
      safeLine(
        `The versions of ${project.slug} are unknown (${messageOf(error)}): \`exact\` redirects are matched under its default version and latest`,
      ),
    );
  }
  const language = p.versioningScheme === 'multiple_versions_without_translations' ? '' : `/${p.language}`;
  return [...versions].map((version) => `${base}${language}/${version}`);
}

/**
 * `redirect-check`'s gate, the one place that says whether pages moved or removed without a
 * redirect fail the project (`redirect-check: fail`), and in what words; undefined when they do not.
 */
export function redirectGate(
  level: Inputs['redirectCheck'],
  project: string,
  { pages, total }: UnredirectedPages,
): GateFailure | undefined {
  return gateFailure(failsAt(level) ? total : 0, () => {
    const first = total > pages.length ? ` (the first ${pages.length})` : '';
    const words = `${plural(total, 'page')} moved or removed without a redirect`;
    return {
      title: UNREDIRECTED_TITLE,
      subject: project,
      words,
      reason: [`${words} (input \`redirect-check: fail\`). Add under \`redirects:\`${first}:`, ...pages.map((page) => page.entry)].join(
        '\n',
      ),
    };
  });
}
