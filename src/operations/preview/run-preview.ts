import type { GitHubRepo } from '../../github/api/client.js';
import { getFileContent } from '../../github/api/rest.js';
import { PreviewPublisher } from './preview-publisher.js';
import { TokenIdentity } from '../../github/token-identity.js';
import { InputError } from '../../inputs/inputs.js';
import { NotFoundError } from '../../readthedocs/errors.js';
import { serviceLinks } from '../../reporting/service-links.js';
import { safeLine } from '../../util/untrusted-text.js';
import { continueFrom, forEachProject } from '../run-projects.js';
import type { Conclusion, OperationContext, ProjectOperation, ProjectResult, ProjectRun, StepOperation } from '../types.js';
import { concludeFollowed, watchBuildOfCommit } from '../shared/builds/follow-commit.js';
import { concludeSkippedByRule } from '../shared/builds/skipped-by-rule.js';
import { expectedFromHistory } from '../shared/builds/watch-build.js';
import { PreviewDeployments, closePreview } from './deployments.js';
import type { PreviewDetails } from './details.js';
import { findPullRequestBuild } from './find-pr-build.js';
import { presentPreviews, rowOf } from './present.js';
import { validatePreviewTemplate } from './preview-url.js';
import {
  baseRepository,
  changedSourceFiles,
  lazyGitHub,
  NO_PULL_REQUEST_TITLE,
  projectsToPreview,
  pullRequestOf,
  type ChangedSources,
  type PullRequestRun,
} from './pull-request.js';
import { once } from '../../util/once.js';
import { ProjectRecords } from './resolve-preview-url.js';
import { verifyPreview, type PreviewFindings, type PreviewVerification } from './verify-preview.js';
import { messageOf } from '../../util/message-of.js';
import { LinkAnswers } from '../shared/links/link-checker.js';

// `preview`: the step, and each project's part (its build followed, its preview verified). Its
// jobs are apart: reading the pull request (pull-request.ts), verifying the preview
// (verify-preview.ts), presenting rows and statuses (present.ts).

/** Where a preview is told as it goes: the PR comment (or description), commit statuses, deployments. */
interface Reporters {
  records: ProjectRecords;
  publisher: PreviewPublisher;
  deployments: PreviewDeployments;
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
      throw new InputError([messageOf(error)]);
    }
  }
  const github = lazyGitHub(ctx, base);
  const found = await pullRequestOf(ctx.run, github, ctx.log);
  if ('none' in found) {
    ctx.log.notice(safeLine(found.none), { title: NO_PULL_REQUEST_TITLE });
    return { results: [], summary: [], outputs: {} };
  }
  const run: PullRequestRun = { ...base, ...found };
  ctx.log.untrusted(`Pull request #${run.pr}, head commit ${run.headSha}`);
  const reporters = reportersOf(ctx, github, run);
  const { records, publisher, deployments } = reporters;
  if (ctx.run.action === 'closed') {
    // The translations' rows and deployments end too: they share the comment.
    const projects = await projectsToPreview(ctx, records).catch((error: unknown) => {
      ctx.log.info(safeLine(`The translations are unknown (${messageOf(error)}): only the listed projects' rows are rewritten`));
      return [...ctx.inputs.projects];
    });
    const results = await closePreview(ctx, {
      publisher,
      deployments,
      merged: ctx.run.pullRequest?.merged === true,
      headSha: run.headSha,
      projects,
    });
    return { results, summary: [], outputs: {} };
  }
  // A mistyped slug ends as *Not found* before anything is posted on the pull request for it.
  const missing = await records.missing(ctx.inputs.projects);
  const notFound = await notFoundResults(ctx, run.pr, missing);
  const listed = ctx.inputs.projects.filter((project) => !missing.has(project));
  if (listed.length === 0) return { results: notFound, summary: [], outputs: {} };
  const projects = await projectsToPreview(ctx, records, listed);
  await publisher.publish(
    projects.map((project) => ({ project, status: 'building', commit: run.headSha, updatedAt: new Date(ctx.now()) })),
  );
  const verification = sharedVerification(ctx, github, run, records);
  const results = await forEachProject(ctx, projects, previewProject(run, reporters, verification));
  const report = await presentPreviews(ctx, { run, publisher, deployments }, results);
  return notFound.length === 0 ? report : { ...report, results: [...report.results, ...notFound] };
};

/** The results of the listed projects the service does not know: *Not found*, naming the slug, with nothing posted for them. */
function notFoundResults(ctx: OperationContext, pr: number, missing: Map<string, NotFoundError>): Promise<ProjectResult<PreviewDetails>[]> {
  const slugs = ctx.inputs.projects.filter((project) => missing.has(project));
  return forEachProject<PreviewDetails>(ctx, slugs, async (_ctx, { name }) => {
    const error = missing.get(name)!;
    throw new NotFoundError(
      `project \`${name}\` is not found: ${error.message}. Nothing is posted on pull request #${pr} for it (no comment row, status or deployment)`,
      'Not found',
      error.endpoint,
      404,
    );
  });
}

/** The step's records of the projects, its PR comment's publisher and its deployments. */
function reportersOf(ctx: OperationContext, github: () => Promise<GitHubRepo | undefined>, run: PullRequestRun): Reporters {
  // Who the token is, asked once: only its own comment and deployments are adopted.
  const identity = new TokenIdentity((message) => ctx.log.debug(message));
  const records = new ProjectRecords(ctx.api);
  const publisher = new PreviewPublisher({
    github,
    pr: run.pr,
    headSha: run.headSha,
    mode: ctx.inputs.comment,
    header: ctx.inputs.commentHeader,
    repoUrl: run.repoUrl,
    ...(ctx.run.runUrl === undefined ? {} : { runUrl: ctx.run.runUrl }),
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
    pr: run.pr,
    headSha: run.headSha,
    identity,
    warning: (message, title) => ctx.log.warning(message, { title }),
    debug: (message) => ctx.log.debug(message),
  });
  return { records, publisher, deployments };
}

/** What the projects' verifications share: the PR's changed files per configuration path, and its project file, each read once. */
function sharedVerification(
  ctx: OperationContext,
  github: () => Promise<GitHubRepo | undefined>,
  run: PullRequestRun,
  records: ProjectRecords,
): PreviewVerification {
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
    return gh ? getFileContent(gh, ctx.inputs.config, run.headSha).catch(() => undefined) : undefined;
  });
  return {
    pr: run.pr,
    records,
    changedFiles,
    projectFile,
    linkAnswers: new LinkAnswers({ signal: ctx.deadline.signal }),
    sourceText: sourceTexts(ctx, github, run),
  };
}

/**
 * The pull request's files at its head commit, each read once in the run (projects of one
 * repository share them): a broken link's source. Undefined when it cannot be read (said in the
 * debug log), or when it is not a file's text GitHub gives (a file over 1 MB comes without it).
 */
function sourceTexts(ctx: OperationContext, github: () => Promise<GitHubRepo | undefined>, run: PullRequestRun) {
  const texts = new Map<string, Promise<string | undefined>>();
  return (path: string): Promise<string | undefined> => {
    let text = texts.get(path);
    if (text === undefined) {
      text = github()
        .then((gh) => (gh ? getFileContent(gh, path, run.headSha) : undefined))
        .catch((error: unknown) => {
          ctx.log.debug(safeLine(`${path} at ${run.headSha}: ${messageOf(error)}; its broken links have no line`));
          return undefined;
        });
      texts.set(path, text);
    }
    return text;
  };
}

/**
 * One project's part: the build of the head commit found and followed (the row, a pending status
 * and the deployment told as it goes), then its preview verified. Its pending statuses are set
 * before it ends, so that the final one (present.ts) comes after them.
 */
function previewProject(run: PullRequestRun, reporters: Reporters, verification: PreviewVerification): ProjectOperation<PreviewFindings> {
  return async (ctx, projectRun) => {
    const pendingStatuses: Promise<void>[] = [];
    try {
      return await followAndVerify(ctx, projectRun, { run, reporters, verification, pendingStatuses });
    } finally {
      await Promise.all(pendingStatuses);
    }
  };
}

async function followAndVerify(
  ctx: OperationContext,
  projectRun: ProjectRun,
  part: { run: PullRequestRun; reporters: Reporters; verification: PreviewVerification; pendingStatuses: Promise<void>[] },
): Promise<Conclusion<PreviewFindings>> {
  const { pr, headSha } = part.run;
  const { publisher, deployments } = part.reporters;
  const { verification, pendingStatuses } = part;
  const { name: project, log, seen } = projectRun;
  const links = serviceLinks(ctx.inputs.baseUrl);
  // Until the build tells the slug (`7_a` beside a branch `7`).
  seen.version(String(pr));
  seen.commit(headSha);
  log.info(`Looking for the build of pull request #${pr} at ${headSha}`);
  const found = await findPullRequestBuild(ctx, project, pr, headSha, log);
  if ('skippedByRule' in found) return concludeSkippedByRule(ctx, projectRun, pr, headSha);
  const { build } = found;
  seen.build(build);
  const { buildUrl } = seen.current;
  log.info(`Found build #${build.id}: ${buildUrl ?? 'no link'}`);
  void publisher.publish([{ ...rowOf(ctx, { project, outcome: 'error', ...seen.current }, headSha, []), status: 'building' }]);
  pendingStatuses.push(publisher.status(project, 'pending', pendingDescription(build), buildUrl));
  pendingStatuses.push(deployments.start(project, buildUrl));
  const history = await ctx.api.recentBuilds(project, { version: build.version ?? undefined, limit: 10 }).catch(() => []);
  const followed = await watchBuildOfCommit(ctx, projectRun, build, headSha, expectedFromHistory(history), (newer) =>
    pendingStatuses.push(publisher.status(project, 'pending', pendingDescription(newer), links.build(newer.urls.build))),
  );
  // Input `warnings`: against the base branch's build; whether new ones fail is decided once the preview is checked.
  const warnings = { baseline: { kind: 'base-branch', branch: ctx.run.pullRequest?.baseRef }, gate: false } as const;
  const built = await concludeFollowed(ctx, projectRun, followed, headSha, warnings);
  if (built.outcome !== 'success') return built;
  return continueFrom<PreviewFindings>(ctx, projectRun, built, () => verifyPreview(ctx, projectRun, built, verification));
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
