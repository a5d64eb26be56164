import { call, type GitHubRepo } from './client.js';
import { PullRequestSchema, type PullRequest } from './get-pull-request.js';

/** PATCH repos/{owner}/{repo}/pulls/{n} with a new description. */
export async function updatePullRequestBody(gh: GitHubRepo, pr: number, body: string): Promise<PullRequest> {
  return call(
    'PATCH pulls/{n}',
    PullRequestSchema,
    (request) =>
      gh.octokit.request('PATCH /repos/{owner}/{repo}/pulls/{pull_number}', {
        owner: gh.owner,
        repo: gh.repo,
        pull_number: pr,
        body,
        request,
      }),
    { idempotent: true, limits: gh.limits },
  );
}
