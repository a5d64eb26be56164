import { z } from 'zod/mini';
import { call, type GitHubRepo } from './client.js';

/** DELETE repos/{owner}/{repo}/issues/comments/{id} (a duplicate left by two jobs racing). */
export async function deleteIssueComment(gh: GitHubRepo, commentId: number): Promise<void> {
  await call(
    'DELETE issues/comments/{id}',
    z.unknown(),
    (request) =>
      gh.octokit.request('DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}', {
        owner: gh.owner,
        repo: gh.repo,
        comment_id: commentId,
        request,
      }),
    { idempotent: true, limits: gh.limits },
  );
}
