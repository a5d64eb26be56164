import { call, type GitHubRepo } from './client.js';
import { CommentSchema, type IssueComment } from './list-issue-comments.js';

/** POST repos/{owner}/{repo}/issues/{n}/comments. Not retried: a repeat would post a second comment. */
export async function createIssueComment(gh: GitHubRepo, issue: number, body: string): Promise<IssueComment> {
  return call(
    'POST issues/{n}/comments',
    CommentSchema,
    (request) =>
      gh.octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        owner: gh.owner,
        repo: gh.repo,
        issue_number: issue,
        body,
        request,
      }),
    { idempotent: false, limits: gh.limits },
  );
}
