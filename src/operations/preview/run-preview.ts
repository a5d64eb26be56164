import type { GitHubRepo } from '../../github/api/client.js';
import {
  changedFileNames,
  getFileContent,
  listPullRequestFileEntries,
  type CommitState,
  type PullRequestFileEntry,
} from '../../github/api/rest.js';
import { codeSpan, escapeMarkdown, markdownLink } from '../../reporting/markdown.js';
import { PREVIEW_DOMAIN, serviceLinks } from '../../reporting/service-links.js';
import { safeLine } from '../../util/untrusted-text.js';
import { PreviewPublisher } from '../../github/preview-publisher.js';
import { TokenIdentity } from '../../github/token-identity.js';
import type { ProjectLog } from '../../reporting/project-log.js';
import type { RunnerLog } from '../../runner/port.js';
import type { PreviewRow, PreviewStatus } from '../../github/comment-rows.js';
import { InputError } from '../../inputs/inputs.js';
import { PROJECT_SLUG } from '../../inputs/slugs.js';
import type { RunContext } from '../../inputs/github-context.js';
import { forEachProject } from '../run-projects.js';
import type { OperationContext, ProjectResult, StepOperation } from '../types.js';
import type { PreviewDetails } from './details.js';
import { concludeFollowed, watchBuildOfCommit } from '../shared/follow-commit.js';
import { concludeSkippedByRule } from '../shared/skipped-by-rule.js';
import { expectedFromHistory, recordBuild } from '../shared/watch-build.js';
import {
  builderOfDoctype,
  changedPages,
  MAX_READTHEDOCS_YAML_BYTES,
  readReadthedocsConfig,
  sourcePagePath,
  type ChangedPage,
  type DocsBuilder,
} from './changed-pages.js';
import { checkPage } from './check-page.js';
import { lookUpPages } from './page-lookups.js';
import { PreviewDeployments, closePreview, deploymentOutcome } from './deployments.js';
import { findPullRequestBuild } from './find-pr-build.js';
import { pullRequestOfWorkflowRun, type WorkflowRunPullRequest } from './workflow-run-pull-request.js';
import { validatePreviewTemplate } from './preview-url.js';
import { ProjectRecords, resolvePreviewUrl } from './resolve-preview-url.js';
import { checkRedirects, unredirectedFailure, type UnredirectedPage } from './redirect-check.js';
import { unredirectedSection } from '../../github/render-comment.js';
import { changedPagesFromDiff, commentPages, diffDetails, pagesSummary, type DiffOutcome } from './diff-pages.js';

const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);
/** The notice of a `workflow_run` whose finished run has no open pull request to report on. */
export const NO_PULL_REQUEST_TITLE = 'No pull request to report on';
/** The names the service looks for at the top of the repository, when the project sets no path. */
const READTHEDOCS_YAML_PATHS = ['.readthedocs.yaml', '.readthedocs.yml', 'readthedocs.yaml', 'readthedocs.yml'];
/** A fresh preview can lag behind its build's end: look this many times before giving up. */
const PREVIEW_ATTEMPTS = 6;
const PAGE_ATTEMPTS = 2;
/** The changed pages' look-ups, all of them: one wait between two rounds fits (5 s with `auto`). */
const PAGE_LOOKUP_BUDGET_MS = 15_000;

interface PullRequestRun {
  pr: number;
  headSha: string;
  owner: string | undefined;
  repo: string | undefined;
  repoUrl: string;
}

/** What the step learns about one project's preview besides its result. */
interface PreviewInfo {
  pages: ChangedPage[];
  /** `redirect-check`: pages moved or removed without a redirect. */
  unredirected: UnredirectedPage[];
  /** Whether the service's file tree diff gave the pages, once the preview answered. */
  diff?: DiffOutcome;
}

/**
 * `preview`: for each project (and its translations), the build of the pull request's head
 * commit, waited for; its preview URL, checked to answer; the changed pages that answer; all of it
 * in one sticky PR comment (or the description), a commit status per project, the summary and
 * the outputs.
 */
export const previewStep: StepOperation<PreviewDetails> = async (ctx) => {
  const base = baseRepository(ctx.run);
  if (ctx.inputs.previewUrlTemplate) {
    try {
      validatePreviewTemplate(ctx.inputs.previewUrlTemplate);
    } catch (error) {
      throw new InputError([(error as Error).message]);
    }
  }
  const github = lazyGitHub(ctx, base);
  const found = await pullRequestOf(ctx.run, github, ctx.log);
  if ('none' in found) {
    ctx.log.notice(safeLine(found.none), { title: NO_PULL_REQUEST_TITLE });
    return { results: [], summary: [], outputs: {} };
  }
  const run: PullRequestRun = { ...base, ...found };
  const { pr, headSha } = run;
  ctx.log.untrusted(`Pull request #${pr}, head commit ${headSha}`);

  // Who the token is, asked once: only its own comment and deployments are adopted.
  const identity = new TokenIdentity((message) => ctx.log.debug(message));
  const records = new ProjectRecords(ctx.api);
  const publisher = new PreviewPublisher({
    github,
    pr,
    headSha,
    mode: ctx.inputs.comment,
    header: ctx.inputs.commentHeader,
    repoUrl: run.repoUrl,
    identity,
    warning: (message, title) => ctx.log.warning(message, { title }),
    info: (message) => ctx.log.untrusted(message),
    debug: (message) => ctx.log.debug(message),
    // Read the Docs' own comment names the project by its id. A closed PR's rows need no comparing.
    ...(ctx.run.action === 'closed'
      ? {}
      : {
          projectId: (project: string) =>
            records.get(project).then(
              (p) => p.id,
              () => undefined,
            ),
        }),
  });
  const deployments = new PreviewDeployments({
    github,
    enabled: ctx.inputs.deployment,
    environment: ctx.inputs.deploymentEnvironment,
    pr,
    headSha,
    identity,
    warning: (message, title) => ctx.log.warning(message, { title }),
    debug: (message) => ctx.log.debug(message),
  });
  if (ctx.run.action === 'closed') {
    // The translations' rows and deployments end too: they share the comment.
    const projects = await projectsToPreview(ctx, records).catch((error: unknown) => {
      ctx.log.info(safeLine(`The translations are unknown (${(error as Error).message}): only the listed projects' rows are rewritten`));
      return [...ctx.inputs.projects];
    });
    const results = await closePreview(ctx, { publisher, deployments, merged: ctx.run.pullRequest?.merged === true, headSha, projects });
    return { results, summary: [], outputs: {} };
  }
  const projects = await projectsToPreview(ctx, records);
  const infos = new Map<string, PreviewInfo>(projects.map((project) => [project, { pages: [], unredirected: [] }]));

  await publisher.publish(projects.map((project) => ({ project, status: 'building', commit: headSha, updatedAt: new Date(ctx.now()) })));

  const links = serviceLinks(ctx.inputs.baseUrl);
  const pendingStatuses: Promise<void>[] = [];
  // One read per configuration file path: projects of one repository may name different ones.
  const sourcesByYamlPath = new Map<string, Promise<ChangedSources | undefined>>();
  const changedFiles = (yamlPath: string | undefined) => {
    const key = yamlPath ?? '';
    let sources = sourcesByYamlPath.get(key);
    if (!sources) {
      sources = changedSourceFiles(ctx, github, run, yamlPath);
      sourcesByYamlPath.set(key, sources);
    }
    return sources;
  };
  // `redirect-check`: the PR's project file, read once at the head commit when a moved page needs it.
  const projectFile = once(async () => {
    const gh = await github();
    return gh ? getFileContent(gh, ctx.inputs.config, headSha).catch(() => undefined) : undefined;
  });
  const results = await forEachProject<PreviewDetails>(ctx, projects, async (ctx, result, log) => {
    // Until the build tells the slug (`7_a` beside a branch `7`).
    result.version = String(pr);
    result.commit = headSha;
    log.info(`Looking for the build of pull request #${pr} at ${headSha}`);
    const found = await findPullRequestBuild(ctx, result.project, pr, headSha, log);
    if ('skippedByRule' in found) {
      concludeSkippedByRule(ctx, result, log, pr, headSha);
      return;
    }
    const { build } = found;
    recordBuild(ctx, result, build, log);
    log.info(`Found build #${build.id}: ${result.buildUrl ?? 'no link'}`);
    void publisher.publish([{ ...rowOf(ctx, result, headSha, []), status: 'building' }]);
    pendingStatuses.push(publisher.status(result.project, 'pending', pendingDescription(build), result.buildUrl));
    pendingStatuses.push(deployments.start(result.project, result.buildUrl));
    const history = await ctx.api.recentBuilds(result.project, { version: build.version ?? undefined, limit: 10 }).catch(() => []);
    const followed = await watchBuildOfCommit(ctx, result, log, build, headSha, expectedFromHistory(history), (newer) =>
      pendingStatuses.push(publisher.status(result.project, 'pending', pendingDescription(newer), links.build(newer.urls.build))),
    );
    await concludeFollowed(ctx, result, log, followed, headSha);
    if (result.outcome !== 'success') return;
    await verifyPreview(ctx, result, log, {
      pr,
      records,
      info: infos.get(result.project)!,
      changedFiles,
      projectFile,
    });
  });

  await Promise.all(pendingStatuses);
  const rows = results.map((result) => rowOf(ctx, result, headSha, infos.get(result.project)?.pages ?? []));
  // `redirect-check`: the ready row lists its pages without a redirect; with `fail`, they turn the
  // project (and so its commit status and the step) red while the row keeps the ready preview.
  const statuses = results.map((result, index) => {
    const unredirected = infos.get(result.project)?.unredirected ?? [];
    const status = commitStatusOf(result, rows[index]!.status);
    if (rows[index]!.status !== 'ready' || unredirected.length === 0) return status;
    rows[index]!.unredirected = unredirected;
    if (ctx.inputs.redirectCheck !== 'fail') return status;
    Object.assign(result, unredirectedFailure(result.project, unredirected));
    return { ...status, state: 'failure' as const, description: `${unredirected.length} page(s) moved or removed without a redirect` };
  });
  await Promise.all([
    publisher.publish(rows),
    ...results.map((result, index) => {
      const { state, description, targetUrl } = statuses[index]!;
      return publisher.status(result.project, state, description, targetUrl);
    }),
    ...results.map((result, index) => deploymentOutcome(deployments, result, commitStatusOf(result, rows[index]!.status))),
  ]);

  results.forEach((result, index) => {
    const info = infos.get(result.project);
    result.details = {
      pullRequest: pr,
      headSha,
      previewStatus: rows[index]!.status,
      pages: info?.pages ?? [],
      ...diffDetails(info?.diff),
      ...(ctx.inputs.redirectCheck === 'off' ? {} : { unredirected: info?.unredirected ?? [] }),
    };
  });
  return { results, summary: [summarySection(run, results, infos, publisher)], outputs: {} };
};

/** Where the pull request lives: the base repository (the event's, else GITHUB_REPOSITORY). */
function baseRepository(run: RunContext): Pick<PullRequestRun, 'owner' | 'repo' | 'repoUrl'> {
  const fullName = (run.eventName === 'workflow_run' ? run.workflowRun?.repository : run.pullRequest?.baseRepo) ?? run.repository;
  const [owner, repo] = fullName?.split('/') ?? [];
  return { owner, repo, repoUrl: `${run.serverUrl.replace(/\/+$/, '')}/${fullName ?? ''}` };
}

/**
 * The PR number and head SHA from the event payload, never GITHUB_SHA (the merge commit); on
 * `workflow_run`, the pull request of the finished run (see {@link pullRequestOfWorkflowRun}).
 */
async function pullRequestOf(
  run: RunContext,
  github: () => Promise<GitHubRepo | undefined>,
  log: RunnerLog,
): Promise<WorkflowRunPullRequest> {
  if (run.eventName === 'workflow_run') {
    if (!run.workflowRun) {
      throw new InputError([
        "Input `operation`: `preview` needs the finished run's head commit from the `workflow_run` event payload, which has none",
      ]);
    }
    try {
      return await pullRequestOfWorkflowRun(run.workflowRun, github);
    } catch (error) {
      log.warning(safeLine(`The pull request of the finished run could not be looked up: ${(error as Error).message}`), {
        title: NO_PULL_REQUEST_TITLE,
      });
      return { none: 'No pull request was found: nothing to report' };
    }
  }
  if (!PULL_REQUEST_EVENTS.has(run.eventName)) {
    throw new InputError([
      `Input \`operation\`: \`preview\` runs on \`pull_request\` or \`pull_request_target\` events; this run's event is \`${run.eventName || 'unknown'}\`. ` +
        'Use `operation: wait` to wait for the build of a commit on other events, or run `preview` on `workflow_run` to report on the pull request of a finished build workflow',
    ]);
  }
  if (!run.pullRequest) {
    throw new InputError([
      `Input \`operation\`: \`preview\` needs the pull request's number and head commit from the \`${run.eventName}\` event payload, which has none`,
    ]);
  }
  return { pr: run.pullRequest.number, headSha: run.pullRequest.headSha.toLowerCase() };
}

/** The GitHub client, made on first use; `undefined` (said once) when there is no token or repository. */
function lazyGitHub(ctx: OperationContext, run: Pick<PullRequestRun, 'owner' | 'repo'>): () => Promise<GitHubRepo | undefined> {
  return once(async () => {
    const token = ctx.inputs.githubToken;
    if (!token || !run.owner || !run.repo) {
      ctx.log.warning(
        !token
          ? 'Input `github-token` is empty: no PR comment and no commit status. The summary and outputs still carry the preview'
          : 'The repository is unknown (no GITHUB_REPOSITORY): no PR comment and no commit status',
        { title: 'Not reporting on GitHub' },
      );
      return undefined;
    }
    ctx.log.debug(`GitHub API: ${ctx.run.apiUrl}`);
    // GitHub calls report on the step, after its timeout too (the final comment and status): the
    // step's deadline does not stop them, but the report has a few seconds past it in all (the
    // deadline's `reporting`), and the workflow's cancellation stops them at once.
    const limits = { signal: ctx.deadline.reporting };
    // Octokit's own warnings (a deprecated endpoint) are for whoever debugs the step, one neutralised line each.
    const octokit = await ctx.github(token, { log: (message) => ctx.log.debug(message) });
    return { octokit, owner: run.owner, repo: run.repo, limits };
  });
}

/**
 * The `project` input, and with `translations: true` each project's translations after it. A
 * translation's slug names a request path, a log prefix, a deployment environment and a status
 * context: one that is not a project slug, as the `project` input takes them, is left out, said in
 * a warning.
 */
async function projectsToPreview(ctx: OperationContext, records: ProjectRecords): Promise<string[]> {
  const projects = [...ctx.inputs.projects];
  if (!ctx.inputs.translations) return projects;
  for (const project of ctx.inputs.projects) {
    const translations = (await ctx.api.translations(project)).filter((translation) => {
      if (PROJECT_SLUG.test(translation.slug)) return true;
      // The slug shown JSON-quoted (line breaks as `\n`), cut and neutralised.
      const shown = safeLine(JSON.stringify(translation.slug), 80);
      ctx.log.warning(
        `${project}: the service names a translation whose slug ${shown} is not a project slug ` +
          '(lowercase letters, digits, `-` and `_`, as the `project` input takes them): it is left out',
        { title: 'Translation left out' },
      );
      return false;
    });
    for (const translation of translations) {
      records.remember(translation);
      if (!projects.includes(translation.slug)) projects.push(translation.slug);
    }
    ctx.log.untrusted(
      translations.length === 0
        ? `${project} has no translations`
        : `${project} has ${translations.length} translation(s): ${translations.map((t) => `${t.slug} (${t.language.code})`).join(', ')}`,
    );
  }
  return projects;
}

/**
 * Sets `previewUrl` only when the preview answers 200; otherwise the project is not green and its
 * row says why. Then links the changed pages that answer.
 */
async function verifyPreview(
  ctx: OperationContext,
  result: ProjectResult,
  log: ProjectLog,
  shared: {
    pr: number;
    records: ProjectRecords;
    info: PreviewInfo;
    changedFiles: (yamlPath: string | undefined) => Promise<ChangedSources | undefined>;
    projectFile: () => Promise<string | undefined>;
  },
): Promise<void> {
  const url =
    (await serviceDocumentationUrl(ctx, result, log)) ??
    (await resolvePreviewUrl({
      api: ctx.api,
      records: shared.records,
      slug: result.project,
      pr: shared.pr,
      version: result.version,
      baseUrl: ctx.inputs.baseUrl,
      template: ctx.inputs.previewUrlTemplate,
    }));
  const retryDelayMs = ctx.polling.previewRetryMs;
  const check = await checkPage(url, {
    pages: ctx.pages,
    signal: ctx.deadline.signal,
    attempts: PREVIEW_ATTEMPTS,
    retryDelayMs,
    sleep: ctx.sleep,
  });
  if (!check.ok) {
    result.outcome = 'error';
    result.title = 'Preview not answering';
    result.reason =
      `${result.project}: build #${result.buildId} succeeded, but its preview ${url} ${check.problem ?? 'did not answer'} ` +
      `(${check.attempts} tries), so it is not reported as ready. Check the project's preview settings, or set \`preview-url-template\` for custom hosting`;
    log.info(result.reason);
    return;
  }
  result.previewUrl = url;
  log.info(`Preview ready: ${url}`);

  // The service's file tree diff first; the pull request's source files when it gives none.
  const record = await shared.records.get(result.project).catch(() => undefined);
  const diff = await changedPagesFromDiff(ctx, log, { result, previewUrl: url, docsUrl: record?.urls?.documentation ?? undefined });
  shared.info.diff = diff;
  const yamlPath = record?.readthedocs_yaml_path ?? undefined;
  const sources = await shared.changedFiles(yamlPath || undefined);
  if (!sources && 'fallback' in diff) return;
  const builder = sources ? ((await builtWith(ctx, result, log, sources)) ?? sources.builder) : undefined;
  const checked = new Map<string, boolean>();
  if ('pages' in diff) shared.info.pages = diff.pages;
  else if (sources) shared.info.pages = await answeringSourcePages(ctx, log, { sources, builder, previewUrl: url, checked });
  if (ctx.inputs.redirectCheck !== 'off') {
    shared.info.unredirected = await checkRedirects(ctx, log, {
      project: result.project,
      files: sources?.entries ?? [],
      docsDir: sources?.docsDir ?? '.',
      builder,
      previewUrl: url,
      projectRecord: record,
      projectFile: shared.projectFile,
      attempts: PAGE_ATTEMPTS,
      checked,
      ...('removed' in diff ? { removedPages: diff.removed } : {}),
    });
  }
}

/**
 * The changed pages mapped from the pull request's source files that answer on the preview,
 * looked up at once under one budget; `checked` learns whether each answered.
 */
async function answeringSourcePages(
  ctx: OperationContext,
  log: ProjectLog,
  args: { sources: ChangedSources; builder: DocsBuilder | undefined; previewUrl: string; checked: Map<string, boolean> },
): Promise<ChangedPage[]> {
  const { sources, builder, previewUrl: url } = args;
  const candidates = changedPages({ changedFiles: sources.files, docsDir: sources.docsDir, previewUrl: url, builder });
  // At once, under one budget: a page that does not answer yet is asked again with the others, after one wait.
  const lookups = await lookUpPages(
    ctx,
    candidates.map((page) => page.url),
    { attempts: PAGE_ATTEMPTS, retryIf: () => true, budgetMs: PAGE_LOOKUP_BUDGET_MS },
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
  result: ProjectResult,
  log: ProjectLog,
  sources: ChangedSources,
): Promise<DocsBuilder | undefined> {
  if (result.buildId === undefined) return undefined;
  const isPage = (file: string | undefined) =>
    file !== undefined &&
    file.length <= 1024 &&
    (sourcePagePath(file, sources.docsDir, 'sphinx') ?? sourcePagePath(file, sources.docsDir, 'mkdocs')) !== undefined;
  if (!sources.entries.some((entry) => isPage(entry.filename) || isPage(entry.previousFilename))) return undefined;
  try {
    const builder = builderOfDoctype(await ctx.api.buildDoctype(result.project, result.buildId));
    if (builder !== undefined && builder !== (sources.builder ?? 'sphinx')) {
      log.info(`Build #${result.buildId} used the ${builder} builder (its resolved configuration): its pages are linked as it serves them`);
    }
    return builder;
  } catch (error) {
    log.debug(
      safeLine(`build #${result.buildId}'s configuration: ${(error as Error).message}; the builder is read from .readthedocs.yaml`),
    );
    return undefined;
  }
}

/**
 * The preview URL as the service gives it (the built build's `docs_url` in API v2; PR versions
 * are hidden from API v3's versions): right with custom URL prefixes and subproject prefixes,
 * which the computed URL cannot know. Undefined with `preview-url-template` (the user's choice
 * wins) or when the service gives none (private projects: API v2 ignores the token).
 */
async function serviceDocumentationUrl(ctx: OperationContext, result: ProjectResult, log: ProjectLog): Promise<string | undefined> {
  if (ctx.inputs.previewUrlTemplate || result.buildId === undefined) return undefined;
  try {
    const build = await ctx.api.buildCommands(result.buildId);
    const url = serviceLinks(ctx.inputs.baseUrl).preview(build.docs_url ?? undefined);
    if (url === undefined && build.docs_url) {
      log.info(
        `The service's preview link of build #${result.buildId} is not an http(s) page on ${PREVIEW_DOMAIN} or the service: it is computed instead`,
      );
    }
    return url;
  } catch (error) {
    log.debug(safeLine(`build #${result.buildId} (API v2): ${(error as Error).message}; the preview URL is computed instead`));
    return undefined;
  }
}

interface ChangedSources {
  files: string[];
  /** Every entry, removed and renamed ones included (`redirect-check`). */
  entries: PullRequestFileEntry[];
  docsDir: string;
  builder: DocsBuilder | undefined;
}

/**
 * The PR's added or changed files and the docs source folder: from `.readthedocs.yaml` at the head
 * commit when it tells, else the `docs-path` input. Read through the API: no checkout of PR code.
 * Anything missing means no page links, never a failure.
 */
async function changedSourceFiles(
  ctx: OperationContext,
  github: () => Promise<GitHubRepo | undefined>,
  run: PullRequestRun,
  /** The project's `readthedocs_yaml_path`, when it sets one: then only that file counts. */
  yamlPath: string | undefined,
): Promise<ChangedSources | undefined> {
  try {
    const gh = await github();
    if (!gh) return undefined;
    let yaml: string | undefined;
    for (const path of yamlPath ? [yamlPath.replace(/^\/+/, '')] : READTHEDOCS_YAML_PATHS) {
      yaml = await getFileContent(gh, path, run.headSha);
      if (yaml !== undefined) break;
    }
    if (yaml !== undefined && Buffer.byteLength(yaml, 'utf8') > MAX_READTHEDOCS_YAML_BYTES) {
      ctx.log.info(`The configuration file is over ${MAX_READTHEDOCS_YAML_BYTES / 1024} KB: not read`);
      yaml = undefined;
    }
    const config = yaml === undefined ? undefined : await readReadthedocsConfig(yaml);
    const docsDir = config?.docsDir ?? ctx.inputs.docsPath;
    const builder = config?.builder;
    if (docsDir === undefined) {
      ctx.log.info('Changed pages are not linked: `.readthedocs.yaml` does not name the docs folder; set `docs-path`');
      return undefined;
    }
    const entries = await listPullRequestFileEntries(gh, run.pr);
    const files = changedFileNames(entries);
    ctx.log.debug(`docs folder ${docsDir} (${builder ?? 'sphinx'}), ${files.length} changed file(s)`);
    return { files, entries, docsDir, builder };
  } catch (error) {
    ctx.log.warning(`Changed pages are not linked: ${(error as Error).message}`, { title: 'Changed pages unknown' });
    return undefined;
  }
}

function previewStatusOf(result: ProjectResult): PreviewStatus {
  switch (result.outcome) {
    case 'success':
      return result.previewUrl ? 'ready' : 'error';
    case 'triggered':
      return 'building';
    case 'skipped':
      return 'skipped';
    case 'superseded':
      return 'superseded';
    case 'failed':
      return 'failed';
    case 'cancelled':
      return 'cancelled';
    case 'timed-out':
      return result.buildId === undefined ? 'not-found' : 'timed-out';
    case 'aborted':
    case 'error':
      return 'error';
  }
}

/** The comment row of a project whose part has ended. */
function rowOf(ctx: OperationContext, result: ProjectResult, headSha: string, pages: ChangedPage[]): PreviewRow {
  const status = previewStatusOf(result);
  return {
    project: result.project,
    status,
    commit: headSha,
    updatedAt: new Date(ctx.now()),
    ...(result.buildId === undefined ? {} : { buildId: result.buildId }),
    ...(result.buildUrl === undefined ? {} : { buildUrl: result.buildUrl }),
    ...(status === 'ready' && result.previewUrl ? { previewUrl: result.previewUrl } : {}),
    // One line in the row (the notification or the failed command), the output's tail apart.
    ...(status !== 'ready' && (result.headline ?? result.reason) ? { reason: (result.headline ?? result.reason)! } : {}),
    ...(status !== 'ready' && result.outputTail ? { tail: result.outputTail } : {}),
    ...(status === 'ready' ? commentPages(pages) : {}),
  };
}

function commitStatusOf(
  result: ProjectResult,
  status: PreviewStatus,
): { state: CommitState; description: string; targetUrl: string | undefined } {
  const build = result.buildId === undefined ? 'the build' : `build #${result.buildId}`;
  switch (status) {
    case 'ready':
      return { state: 'success', description: `Preview ready (build #${result.buildId})`, targetUrl: result.previewUrl };
    case 'skipped':
      return result.buildId === undefined
        ? { state: 'success', description: 'No build: an automation rule of the project skipped this commit', targetUrl: undefined }
        : { state: 'success', description: `Build #${result.buildId} skipped (exit code 183): no preview`, targetUrl: result.buildUrl };
    case 'superseded':
      return {
        state: 'success',
        description: `Superseded by build #${result.supersededBy?.buildId} of a newer commit: no preview of this one`,
        targetUrl: result.supersededBy?.buildUrl,
      };
    case 'building':
      return { state: 'pending', description: `Building (${build})`, targetUrl: result.buildUrl };
    case 'failed':
      return { state: 'failure', description: `Build #${result.buildId} failed`, targetUrl: result.buildUrl };
    case 'cancelled':
      return { state: 'failure', description: `Build #${result.buildId} was cancelled`, targetUrl: result.buildUrl };
    case 'timed-out':
      return { state: 'error', description: `Timed out waiting for ${build}`, targetUrl: result.buildUrl };
    case 'not-found':
      return { state: 'error', description: 'No build of this commit appeared', targetUrl: undefined };
    case 'error':
    case 'merged':
    case 'closed':
      return { state: 'error', description: result.title ?? 'Error', targetUrl: result.buildUrl };
  }
}

function summarySection(
  run: PullRequestRun,
  results: ProjectResult[],
  infos: Map<string, PreviewInfo>,
  publisher: PreviewPublisher,
): string {
  const where = publisher.location
    ? ` · ${markdownLink(locationLabel(publisher), publisher.location)}`
    : publisher.handedOverTo
      ? ` · ${markdownLink("Read the Docs' own comment", publisher.handedOverTo)} (no comment of the action's: \`comment: auto\`)`
      : '';
  const lines = [`Pull request #${run.pr}, head commit ${codeSpan(run.headSha, { inTable: false })}${where}`];
  for (const result of results) {
    const info = infos.get(result.project);
    if (result.previewUrl) for (const line of pagesSummary(result.project, info?.pages ?? [], info?.diff)) lines.push(line);
  }
  for (const result of results) {
    const unredirected = infos.get(result.project)?.unredirected ?? [];
    if (unredirected.length > 0) lines.push('', unredirectedSection(result.project, unredirected));
  }
  for (const note of publisher.notes) lines.push('', `> ⚠️ ${escapeMarkdown(note)}`);
  return lines.join('\n');
}

function locationLabel(publisher: PreviewPublisher): string {
  return publisher.location?.includes('#issuecomment-') ? 'the preview comment' : 'the pull request description';
}

/** Calls `make` once, on first use; later callers share its promise. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () => (promise ??= make());
}

/**
 * A pending commit status, as the state the build is in when it is set: a build found already
 * finished is being checked, not "finished" while the status still says pending.
 */
export function pendingDescription(build: { id: number; state: { code: string } }): string {
  const { id, state } = build;
  if (state.code === 'finished') return `Build #${id} finished: checking the preview`;
  if (state.code === 'cancelled') return `Build #${id} cancelled: looking for a newer build of the commit`;
  if (state.code === 'triggered') return `Build #${id} queued`;
  return `Build #${id} in progress (${state.code})`;
}
