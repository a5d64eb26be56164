import { call, type GitHubRepo } from './client.js';
import { CommentSchema, type IssueComment } from './list-issue-comments.js';

/** PATCH repos/{owner}/{repo}/issues/comments/{id}: replaces the body (repeating it changes nothing). */
export async function updateIssueComment(gh: GitHubRepo, commentId: number, body: string): Promise<IssueComment> {
  return call(
    'PATCH issues/comments/{id}',
    CommentSchema,
    (request) =>
      gh.octokit.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
        owner: gh.owner,
        repo: gh.repo,
        comment_id: commentId,
        body,
        request,
      }),
    { idempotent: true, limits: gh.limits },
  );
}
