import type { GitHubRepo } from '../../github/api/client.js';
import { changedFileNames, getFileContent, listPullRequestFileEntries, type PullRequestFileEntry } from '../../github/api/rest.js';
import { InputError } from '../../inputs/inputs.js';
import type { RunContext } from '../../inputs/github-context.js';
import { PROJECT_SLUG } from '../../inputs/slugs.js';
import type { RunnerLog } from '../../runner/port.js';
import { safeLine } from '../../util/untrusted-text.js';
import type { OperationContext } from '../types.js';
import { MAX_READTHEDOCS_YAML_BYTES, readReadthedocsConfig, type DocsBuilder } from './changed-pages.js';
import type { ProjectRecords } from './resolve-preview-url.js';
import { pullRequestOfWorkflowRun, type WorkflowRunPullRequest } from './workflow-run-pull-request.js';
import { messageOf } from '../../util/message-of.js';
import { plural } from '../../util/plural.js';
import { once } from '../../util/once.js';

// `preview`'s first job: reading the pull request (which one, its repository, the projects to
// preview, its changed files), through the event and the GitHub API: no checkout of PR code.

const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);
/** The notice of a `workflow_run` whose finished run has no open pull request to report on. */
export const NO_PULL_REQUEST_TITLE = 'No pull request to report on';
/** The names the service looks for at the top of the repository, when the project sets no path. */
const READTHEDOCS_YAML_PATHS = ['.readthedocs.yaml', '.readthedocs.yml', 'readthedocs.yaml', 'readthedocs.yml'];

/** The pull request a preview reports on, and its repository. */
export interface PullRequestRun {
  pr: number;
  headSha: string;
  owner: string | undefined;
  repo: string | undefined;
  repoUrl: string;
}

/** Where the pull request lives: the base repository (the event's, else GITHUB_REPOSITORY). */
export function baseRepository(run: RunContext): Pick<PullRequestRun, 'owner' | 'repo' | 'repoUrl'> {
  const fullName = (run.eventName === 'workflow_run' ? run.workflowRun?.repository : run.pullRequest?.baseRepo) ?? run.repository;
  const [owner, repo] = fullName?.split('/') ?? [];
  return { owner, repo, repoUrl: `${run.serverUrl.replace(/\/+$/, '')}/${fullName ?? ''}` };
}

/**
 * The PR number and head SHA from the event payload, never GITHUB_SHA (the merge commit); on
 * `workflow_run`, the pull request of the finished run (see {@link pullRequestOfWorkflowRun}).
 */
export async function pullRequestOf(
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
      log.warning(safeLine(`The pull request of the finished run could not be looked up: ${messageOf(error)}`), {
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
export function lazyGitHub(ctx: OperationContext, run: Pick<PullRequestRun, 'owner' | 'repo'>): () => Promise<GitHubRepo | undefined> {
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
    // step's deadline does not stop them, but the report has a few seconds past it in all, and as
    // many past the workflow's cancellation (the deadline's `settling`): a commit status is never
    // left `pending`.
    const limits = { signal: ctx.deadline.settling };
    // Octokit's own warnings (a deprecated endpoint) are for whoever debugs the step, one neutralised line each.
    const octokit = await ctx.github(token, { log: (message) => ctx.log.debug(message) });
    return { octokit, owner: run.owner, repo: run.repo, limits };
  });
}

/**
 * The `project` input (`listed`: those the service knows), and with `translations: true` each project's translations after it. A
 * translation's slug names a request path, a log prefix, a deployment environment and a status
 * context: one that is not a project slug, as the `project` input takes them, is left out, said in
 * a warning.
 */
export async function projectsToPreview(
  ctx: OperationContext,
  records: ProjectRecords,
  listed: readonly string[] = ctx.inputs.projects,
): Promise<string[]> {
  const projects = [...listed];
  if (!ctx.inputs.translations) return projects;
  for (const project of listed) {
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
        : `${project} has ${plural(translations.length, 'translation')}: ${translations.map((t) => `${t.slug} (${t.language.code})`).join(', ')}`,
    );
  }
  return projects;
}

/** The pull request's changed files and where the docs' sources are (`.readthedocs.yaml`, else `docs-path`). */
export interface ChangedSources {
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
export async function changedSourceFiles(
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
    ctx.log.debug(`docs folder ${docsDir} (${builder ?? 'sphinx'}), ${plural(files.length, 'changed file')}`);
    return { files, entries, docsDir, builder };
  } catch (error) {
    ctx.log.warning(`Changed pages are not linked: ${messageOf(error)}`, { title: 'Changed pages unknown' });
    return undefined;
  }
}
