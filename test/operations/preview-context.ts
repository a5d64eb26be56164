// `preview` in-process: both stand-ins (Read the Docs on the fake clock, GitHub's REST API), a
// pull request seeded on each, and `previewStep` called with the RunContext a workflow event
// would give. The report it returns, the stand-ins' states and requests are what tests assert on.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRunContext, type RunContext } from '../../src/inputs/github-context.js';
import type { RawInputs } from '../../src/inputs/inputs.js';
import type { PreviewDetails } from '../../src/operations/preview/details.js';
import { previewStep } from '../../src/operations/preview/run-preview.js';
import type { StepReport } from '../../src/operations/types.js';
import { summaryMarkdown, summaryResults } from '../../src/reporting/report.js';
import { startGitHubStandin, type GitHubStandin, type StoredComment } from '../../harness/github-standin.ts';
import { FakeClock, operationContext } from '../support/operation-context.ts';
import { type DocsRate, startStandin, type Standin } from '../../harness/rtd-standin.ts';

export const PR = 7;
export const HEAD = '3f2a9c1d5e7b4a6c8d0e2f4a6b8c0d2e4f6a8b0c';
export const OLDER = '9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d';
export const GITHUB_TOKEN = 'ghs_preview_in_process_token_0123456789';
const REPOSITORY = 'octo/docs-repo';

export interface PreviewStage {
  rtd: Standin;
  gh: GitHubStandin;
  clock: FakeClock;
  close(): Promise<void>;
}

/**
 * Both stand-ins: project `demo` with the PR's version and its built `latest`, and (unless `pullRequest: false`) the pull
 * request on GitHub's side. GitHub lists two items a page, so every list the action reads is paginated.
 */
export async function previewStage(
  options: { pullRequest?: boolean; tokenApp?: string; docsRate?: DocsRate | null } = {},
): Promise<PreviewStage> {
  const clock = new FakeClock();
  const rtd = await startStandin({
    now: clock.now,
    rateLimit: null,
    ...(options.docsRate === undefined ? {} : { docsRate: options.docsRate }),
  });
  // `latest` built: the base the file tree diff compares with (FACTS: the diff needs a built base),
  // whose live docs serve every page unless a test gives its pages (`setSitePages`).
  rtd.addProject({
    slug: 'demo',
    name: 'Demo Docs',
    versions: [
      { slug: 'latest', built: true },
      { slug: String(PR), type: 'external' },
    ],
  });
  const gh = await startGitHubStandin({
    token: GITHUB_TOKEN,
    maxPerPage: 2,
    ...(options.tokenApp === undefined ? {} : { tokenApp: options.tokenApp }),
  });
  if (options.pullRequest !== false) gh.addPullRequest({ number: PR, headSha: HEAD });
  return { rtd, gh, clock, close: () => Promise.all([rtd.close(), gh.close()]).then(() => undefined) };
}

/** The preview host is reached through the template: the stand-in serves PR versions under /docs/. */
export const previewOf = (rtd: Standin, language = 'en', project = 'demo') => `${rtd.url}/docs/${project}--${PR}/${language}/${PR}/`;

/** The page of the workflow run the tests' runs are (GITHUB_RUN_ID 4242). */
export const RUN_URL = `https://github.com/${REPOSITORY}/actions/runs/4242`;

/** The RunContext of a `pull_request` event on PR 7 (`action` synchronize unless given). */
export function pullRequestRun(
  gh: GitHubStandin,
  options: { action?: string; eventName?: string; headRepo?: string; merged?: boolean } = {},
): Partial<RunContext> {
  return {
    eventName: options.eventName ?? 'pull_request',
    action: options.action ?? 'synchronize',
    sha: 'f'.repeat(40), // GITHUB_SHA on pull_request events: the merge commit, never the one to report
    repository: REPOSITORY,
    apiUrl: gh.url,
    runUrl: RUN_URL,
    pullRequest: {
      number: PR,
      headSha: HEAD,
      baseRepo: REPOSITORY,
      headRepo: options.headRepo ?? REPOSITORY,
      merged: options.merged ?? false,
    },
  };
}

/** The RunContext the runner's environment gives for `event` (its payload read from a file, as the action reads it). */
export function runOfEvent(gh: GitHubStandin, event: { name: string; payload: unknown }): RunContext {
  const dir = mkdtempSync(join(tmpdir(), 'rtd-preview-event-'));
  try {
    const path = join(dir, 'event.json');
    writeFileSync(path, JSON.stringify(event.payload));
    return readRunContext({
      GITHUB_EVENT_NAME: event.name,
      GITHUB_EVENT_PATH: path,
      GITHUB_REPOSITORY: REPOSITORY,
      GITHUB_API_URL: gh.url,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `preview` for project `demo` through the template, as the e2e workflow sets it; `inputs` and `run` override. */
export async function runPreview(
  stage: PreviewStage,
  inputs: Partial<RawInputs> = {},
  run: Partial<RunContext> = pullRequestRun(stage.gh),
): Promise<StepReport<PreviewDetails>> {
  const test = operationContext({
    baseUrl: stage.rtd.url,
    clock: stage.clock,
    inputs: {
      operation: 'preview',
      project: 'demo',
      'github-token': GITHUB_TOKEN,
      'preview-url-template': `${stage.rtd.url}/docs/demo--{version}/{language}/{version}/`,
      ...inputs,
    },
    run,
  });
  try {
    return await previewStep(test.ctx);
  } finally {
    await test.close();
  }
}

/** The job summary step.ts writes for this report. */
export const summaryOf = (report: StepReport) => summaryMarkdown('Read the Docs preview', summaryResults(report), report.summary);

/** The newest status of each context on a commit, as GitHub shows them. */
export function latestStatuses(gh: GitHubStandin, sha: string) {
  const latest = new Map<string, { state: string; target_url: string | null; description: string | null }>();
  for (const status of gh.statuses(sha)) latest.set(status.context, status);
  return latest;
}

/** The comment table's rows, header and separator left out. */
export const tableRows = (body: string) =>
  body
    .split('\n')
    .filter((line) => line.startsWith('| '))
    .slice(2);

/** The bodies the action sent to create (POST) or edit (PATCH) a comment, in order. */
export const commentBodies = (gh: GitHubStandin, method: 'POST' | 'PATCH') =>
  gh.requests
    .filter((r) => r.method === method && /\/issues\/(\d+\/)?comments/.test(r.path))
    .map((r) => (JSON.parse(r.body) as { body: string }).body);

export function onlyComment(gh: GitHubStandin): StoredComment {
  const comments = gh.comments(PR);
  if (comments.length !== 1) throw new Error(`expected one comment on #${PR}, found ${comments.length}`);
  return comments[0]!;
}
