import * as core from '@actions/core';
import { z } from 'zod/mini';
import { call, createOctokit, GitHubError, type GitHubRepo } from '../../github/api/client.js';
import { createIssueComment } from '../../github/api/create-issue-comment.js';
import { listIssueComments } from '../../github/api/list-issue-comments.js';
import { updateIssueComment } from '../../github/api/update-issue-comment.js';
import { escapeMarkdown } from '../../reporting/markdown.js';
import { USER_AGENT } from '../../version.js';
import type { OperationContext, ProjectResult } from '../types.js';
import { planTable, type ApplyDetails } from './describe.js';

export const PLAN_COMMENT_MARKER = '<!-- readthedocs-action:project-plan -->';
export const PLAN_COMMENT_TITLE = 'Read the Docs: planned changes';
/** The identity of the workflow's own `GITHUB_TOKEN`, which cannot ask GitHub who it is. */
const ACTIONS_BOT = 'github-actions[bot]';

export function renderPlanComment(results: ProjectResult[], dryRun: boolean): string {
  const tables = results.map((result) => {
    const details = result.details as ApplyDetails | undefined;
    if (!details) return planTable(result.project, [], false);
    return planTable(result.project, details.plan, !dryRun);
  });
  const errors = results
    .filter((r) => r.outcome === 'error')
    .map((r) => `- ${escapeMarkdown(r.project)}: ${escapeMarkdown(r.title ?? 'error')}`);
  return [
    PLAN_COMMENT_MARKER,
    `### ${PLAN_COMMENT_TITLE}`,
    '',
    dryRun ? 'What merging this pull request will change on Read the Docs:' : 'What this run changed on Read the Docs:',
    '',
    tables.join('\n\n'),
    ...(errors.length > 0 ? ['', '**Not planned:**', ...errors] : []),
    '',
    '`+` create, `~` update (old → new), `-` delete, · unmanaged (kept; `prune: true` deletes it).',
  ].join('\n');
}

/** The login the comments of this token carry: asked of GitHub for a personal token, else the Actions bot. */
async function ownLogin(gh: GitHubRepo): Promise<string> {
  try {
    const me = await call('GET user', z.object({ login: z.string() }), (request) => gh.octokit.request('GET /user', { request }), {
      idempotent: true,
    });
    return me.login;
  } catch (error) {
    if (error instanceof GitHubError && [401, 403, 404].includes(error.status)) return ACTIONS_BOT;
    throw error;
  }
}

/**
 * On `pull_request` events: one comment, edited on every push. Only a comment this token wrote
 * is adopted: anyone can post a comment carrying the marker.
 */
export async function publishPlanComment(ctx: OperationContext, results: ProjectResult[]): Promise<void> {
  const { run, inputs } = ctx;
  if (!run.eventName.startsWith('pull_request') || !run.pullRequest) return;
  const [owner, repo] = (run.pullRequest.baseRepo ?? run.repository ?? '').split('/');
  if (!inputs.githubToken || !owner || !repo) return;
  const gh: GitHubRepo = { octokit: await createOctokit(inputs.githubToken, run.apiUrl, USER_AGENT), owner, repo };
  const body = renderPlanComment(results, inputs.dryRun);
  const login = await ownLogin(gh);
  const ours = (await listIssueComments(gh, run.pullRequest.number)).find(
    (comment) => (comment.body ?? '').startsWith(PLAN_COMMENT_MARKER) && comment.user?.login === login,
  );
  if (ours) {
    if (ours.body !== body) await updateIssueComment(gh, ours.id, body);
    core.info(`Updated the plan comment on pull request #${run.pullRequest.number}`);
  } else {
    await createIssueComment(gh, run.pullRequest.number, body);
    core.info(`Posted the plan comment on pull request #${run.pullRequest.number}`);
  }
}
