import type { ProjectLog } from '../../reporting/project-log.js';
import { PREVIEW_DOMAIN, serviceLinks } from '../../reporting/service-links.js';
import { safeLine } from '../../util/untrusted-text.js';
import { continueFrom } from '../run-projects.js';
import type { Conclusion, OperationContext, ProjectRun } from '../types.js';
import { builderOfDoctype, changedPages, sourcePagePath, type ChangedPage, type DocsBuilder } from './changed-pages.js';
import { checkPage } from './check-page.js';
import { changedPagesFromDiff, type DiffOutcome } from './diff-pages.js';
import { MAX_PAGE_BYTES, type LinkAnswers } from '../shared/links/link-checker.js';
import { linkLevels } from '../shared/links/levels.js';
import { checkPreviewLinks, linkGate } from './link-check.js';
import { lookUpPages } from './page-lookups.js';
import type { ChangedSources } from './pull-request.js';
import { checkRedirects, projectRedirects, redirectGate, type UnredirectedPage } from './redirect-check.js';
import { deletedPagesToGuard } from './deleted-pages.js';
import type { PreviewLinkReport } from './redirected-links.js';
import { resolvePreviewUrl, type ProjectRecords } from './resolve-preview-url.js';
import { messageOf } from '../../util/message-of.js';
import { warningsGate } from '../shared/builds/warnings/gate.js';

// `preview`'s second job: verifying a built preview (it answers), then its changed pages (the
// service's file tree diff, else the pull request's source files) and their redirects.

/** A fresh preview can lag behind its build's end: look this many times before giving up. */
const PREVIEW_ATTEMPTS = 6;
const PAGE_ATTEMPTS = 2;
/** The changed pages' look-ups, all of them: one wait between two rounds fits (5 s with `auto`). */
const PAGE_LOOKUP_BUDGET_MS = 15_000;

/**
 * What a project's part found of its preview, filled in as it goes: its result's `details`, which
 * the step presents (present.ts) once every project's part has ended.
 */
export interface PreviewFindings {
  pages: ChangedPage[];
  /** `redirect-check`: the first pages moved or removed without a redirect... */
  unredirected: UnredirectedPage[];
  /** ...and how many there are in all. */
  unredirectedTotal: number;
  /** Whether the service's file tree diff gave the pages, once the preview answered. */
  diff?: DiffOutcome;
  /** `link-check` (unless `off`): the changed pages' links, checked on the preview. */
  links?: PreviewLinkReport;
  /** The preview answered and its pages were checked to the end: its row shows it ready, even when a check failed the project. */
  ready?: true;
}

/** What the step shares between its projects' verifications. */
export interface PreviewVerification {
  pr: number;
  records: ProjectRecords;
  changedFiles: (yamlPath: string | undefined) => Promise<ChangedSources | undefined>;
  projectFile: () => Promise<string | undefined>;
  /** What the link check has fetched in this run, for every project: each page and target once. */
  linkAnswers: LinkAnswers;
  /** A file of the pull request at its head commit (a broken link's source), read once in the run; undefined when it cannot be. */
  sourceText: (path: string) => Promise<string | undefined>;
}

/**
 * The conclusion of a successful build (`built`) with its preview: `previewUrl` only when the
 * preview answers 200; otherwise the project is not green and its row says why. Then links the
 * changed pages that answer, and checks their redirects (`redirect-check`).
 */
export async function verifyPreview(
  ctx: OperationContext,
  run: ProjectRun,
  built: Conclusion<never>,
  shared: PreviewVerification,
): Promise<Conclusion<PreviewFindings>> {
  const { name: project, log, seen } = run;
  const url =
    (await serviceDocumentationUrl(ctx, run)) ??
    (await resolvePreviewUrl({
      api: ctx.api,
      records: shared.records,
      slug: project,
      pr: shared.pr,
      version: seen.current.version,
      baseUrl: ctx.inputs.baseUrl,
      template: ctx.inputs.previewUrlTemplate,
    }));
  const checksLinks = linkLevels(ctx.inputs, 'preview').links !== 'off';
  seen.doing(`checking that the preview ${url} answers`);
  const check = await checkPage(url, {
    pages: ctx.pages,
    signal: ctx.deadline.signal,
    attempts: PREVIEW_ATTEMPTS,
    retryDelayMs: ctx.polling.previewRetryMs,
    sleep: ctx.sleep,
    // The root read once: when it is a changed page or a link's target, the link check takes this answer.
    ...(checksLinks ? { maxBodyBytes: MAX_PAGE_BYTES } : {}),
  });
  if (!check.ok) {
    const subject = project;
    const reason =
      `build #${seen.current.buildId} succeeded, but its preview ${url} ${check.problem ?? 'did not answer'} ` +
      `(${check.attempts} tries), so it is not reported as ready. Check the project's preview settings, or set \`preview-url-template\` for custom hosting`;
    log.info(`${subject}: ${reason}`);
    return { ...built, outcome: 'error', title: 'Preview not answering', subject, reason };
  }
  log.info(`Preview ready: ${url}`);
  if (checksLinks) {
    const { bytes, tooLarge, url: served, contentType } = check;
    await shared.linkAnswers.keep(url, { status: 200, bytes, tooLarge, url: served, contentType });
  }
  // What was found stays the project's details when the checks end early (the deadline).
  const ready = { ...built, previewUrl: url, details: { pages: [], unredirected: [], unredirectedTotal: 0 } as PreviewFindings };
  return continueFrom(ctx, run, ready, async () => {
    await verifyChangedPages(ctx, run, url, shared, ready.details);
    ready.details.ready = true;
    return checksVerdict(ctx, project, ready);
  });
}

/**
 * Each gate's own verdict (`redirect-check`, `link-check`, `warnings`, in that order): when one
 * fails, the project is red with the first one's title and reason, its row still ready, and
 * `failedChecks` says every one that failed in its words. Else the ready preview.
 */
function checksVerdict(
  ctx: OperationContext,
  project: string,
  ready: Conclusion<PreviewFindings> & { details: PreviewFindings },
): Conclusion<PreviewFindings> {
  const { unredirected, unredirectedTotal, links } = ready.details;
  // What the PR comment's heading counts, the job summary's counts too (a ⚠️ with `warn`).
  const notes = { unredirected: unredirectedTotal, 'broken-link': links?.broken.length ?? 0, 'unread-page': links?.unreadPages ?? 0 };
  const noted = { ...ready, notes };
  const failed = [
    redirectGate(ctx.inputs.redirectCheck, project, { pages: unredirected, total: unredirectedTotal }),
    linkGate(ctx, project, links),
    warningsGate(project, ready.warnings, ctx.inputs.warnings),
  ].filter((gate) => gate !== undefined);
  const [first] = failed;
  if (first === undefined) return noted;
  const { words: _, ...failure } = first;
  return { ...noted, ...failure, failedChecks: failed.map((gate) => gate.words) };
}

/** The changed pages of an answering preview that answer too, and (`redirect-check`) the moved pages without a redirect. */
async function verifyChangedPages(
  ctx: OperationContext,
  run: ProjectRun,
  url: string,
  shared: PreviewVerification,
  info: PreviewFindings,
): Promise<void> {
  const { name: project, log, seen } = run;
  // The service's file tree diff first; the pull request's source files when it gives none.
  seen.doing('reading the changed pages (the file tree diff, the pull request’s files)');
  const record = await shared.records.get(project).catch(() => undefined);
  const read = await changedPagesFromDiff(ctx, log, {
    project,
    version: seen.current.version,
    previewUrl: url,
    docsUrl: record?.urls?.documentation ?? undefined,
  });
  const yamlPath = record?.readthedocs_yaml_path ?? undefined;
  const sources = await shared.changedFiles(yamlPath || undefined);
  // A diff still of an earlier build is this push's pages only when nothing better is known.
  const diff =
    'pages' in read && read.outdated && sources
      ? { fallback: `${read.note}: the changed pages are mapped from the pull request's source files` }
      : read;
  info.diff = diff;
  if (!sources && 'fallback' in diff) return;
  // The build's own configuration, when read, also says how its search index's documents are served.
  const built = sources ? await builtWith(ctx, run, sources) : undefined;
  const builder = built ?? sources?.builder;
  const checked = new Map<string, boolean>();
  if ('pages' in diff) info.pages = diff.pages;
  else if (sources) {
    seen.doing('looking up the changed pages on the preview');
    info.pages = await answeringSourcePages(ctx, log, { sources, builder, previewUrl: url, checked, links: shared.linkAnswers });
  }
  // The project's redirects, read once for the link check's notes and the redirect check.
  const redirects = projectRedirects(ctx, log, project, record);
  seen.doing('checking the links of the changed pages (the link check)');
  const links = await checkPreviewLinks(ctx, log, {
    previewUrl: url,
    pages: info.pages,
    answers: shared.linkAnswers,
    redirects,
    recheck: !('pages' in diff),
    singleVersion: record?.versioning_scheme === 'single_version_without_translations',
    builder: built,
    sources: sources && { files: sources.files, docsDir: sources.docsDir, builder, read: shared.sourceText },
  });
  if (links) info.links = links;
  if (ctx.inputs.redirectCheck !== 'off') {
    seen.doing('checking that moved or removed pages have a redirect (the redirect check)');
    const found = await checkRedirects(ctx, log, {
      project,
      files: sources?.entries ?? [],
      docsDir: sources?.docsDir ?? '.',
      builder,
      previewUrl: url,
      projectRecord: record,
      projectFile: shared.projectFile,
      attempts: PAGE_ATTEMPTS,
      checked,
      redirects,
      removedPages: 'removed' in diff ? await deletedPagesToGuard(ctx, log, { removed: diff.removed, pages: diff.pages, sources }) : [],
    });
    info.unredirected = found.pages;
    info.unredirectedTotal = found.total;
  }
}

/**
 * The changed pages mapped from the pull request's source files that answer on the preview,
 * looked up at once under one budget; `checked` learns whether each answered.
 */
async function answeringSourcePages(
  ctx: OperationContext,
  log: ProjectLog,
  args: {
    sources: ChangedSources;
    builder: DocsBuilder | undefined;
    previewUrl: string;
    checked: Map<string, boolean>;
    links: LinkAnswers;
  },
): Promise<ChangedPage[]> {
  const { sources, builder, previewUrl: url } = args;
  const candidates = changedPages({ changedFiles: sources.files, docsDir: sources.docsDir, previewUrl: url, builder });
  // At once, under one budget: a page that does not answer yet is asked again with the others, after one wait.
  const lookups = await lookUpPages(
    ctx,
    candidates.map((page) => page.url),
    {
      attempts: PAGE_ATTEMPTS,
      retryIf: () => true,
      budgetMs: PAGE_LOOKUP_BUDGET_MS,
      // With `link-check`, each page that answers is read now, its links parsed: the check fetches it no more.
      ...(linkLevels(ctx.inputs, 'preview').links === 'off'
        ? {}
        : { read: { maxBodyBytes: MAX_PAGE_BYTES, page: (pageUrl, answer) => args.links.keep(pageUrl, answer) } }),
    },
  );
  for (const [pageUrl, check] of lookups.checks) args.checked.set(pageUrl, check.ok);
  const answering = candidates.filter((page) => {
    const pageCheck = lookups.checks.get(page.url);
    if (!pageCheck?.ok) log.debug(`changed page ${page.url} ${pageCheck?.problem ?? 'not looked up in time'}: not linked`);
    return pageCheck?.ok === true;
  });
  if (candidates.length > 0) log.info(`Changed pages: ${answering.length} of ${candidates.length} answer`);
  return answering;
}

/**
 * The builder the pull request's build really used, from its resolved configuration
 * (`?expand=config`, its `doctype`): it wins over the reading of `.readthedocs.yaml`. Asked only
 * when a file of the PR is a page source under the docs folder; undefined when the answer does
 * not tell (`generic`, no configuration) or cannot be read.
 */
async function builtWith(
  ctx: OperationContext,
  { name: project, log, seen }: ProjectRun,
  sources: ChangedSources,
): Promise<DocsBuilder | undefined> {
  const { buildId } = seen.current;
  if (buildId === undefined) return undefined;
  const isPage = (file: string | undefined) =>
    file !== undefined &&
    file.length <= 1024 &&
    (sourcePagePath(file, sources.docsDir, 'sphinx') ?? sourcePagePath(file, sources.docsDir, 'mkdocs')) !== undefined;
  if (!sources.entries.some((entry) => isPage(entry.filename) || isPage(entry.previousFilename))) return undefined;
  try {
    const builder = builderOfDoctype(await ctx.api.buildDoctype(project, buildId));
    if (builder !== undefined && builder !== (sources.builder ?? 'sphinx')) {
      log.info(`Build #${buildId} used the ${builder} builder (its resolved configuration): its pages are linked as it serves them`);
    }
    return builder;
  } catch (error) {
    log.debug(safeLine(`build #${buildId}'s configuration: ${messageOf(error)}; the builder is read from .readthedocs.yaml`));
    return undefined;
  }
}

/**
 * The preview URL as the service gives it (the built build's `docs_url` in API v2; PR versions
 * are hidden from API v3's versions): right with custom URL prefixes and subproject prefixes,
 * which the computed URL cannot know. Undefined with `preview-url-template` (the user's choice
 * wins) or when the service gives none (private projects: API v2 ignores the token).
 */
async function serviceDocumentationUrl(ctx: OperationContext, { log, seen }: ProjectRun): Promise<string | undefined> {
  const { buildId } = seen.current;
  if (ctx.inputs.previewUrlTemplate || buildId === undefined) return undefined;
  try {
    const build = await ctx.api.buildCommands(buildId);
    const url = serviceLinks(ctx.inputs.baseUrl).preview(build.docs_url ?? undefined);
    if (url === undefined && build.docs_url) {
      log.info(
        `The service's preview link of build #${buildId} is not an http(s) page on ${PREVIEW_DOMAIN} or the service: it is computed instead`,
      );
    }
    return url;
  } catch (error) {
    log.debug(safeLine(`build #${buildId} (API v2): ${messageOf(error)}; the preview URL is computed instead`));
    return undefined;
  }
}
