import { z } from 'zod/mini';
import { callPage, type GitHubRepo } from './client.js';

export const CommentSchema = z.object({
  id: z.number(),
  body: z.optional(z.nullable(z.string())),
  user: z.optional(z.nullable(z.object({ login: z.string(), type: z.optional(z.string()) }))),
  author_association: z.optional(z.string()),
});
export type IssueComment = z.infer<typeof CommentSchema>;

const PAGE_SIZE = 100;
/** A pull request with more comments than this is not searched further (GitHub caps threads well below). */
const MAX_PAGES = 30;

/** GET repos/{owner}/{repo}/issues/{n}/comments, every page, oldest first. */
export async function listIssueComments(gh: GitHubRepo, issue: number): Promise<IssueComment[]> {
  const comments: IssueComment[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const { items, hasNext } = await callPage(
      'GET issues/{n}/comments',
      z.array(CommentSchema),
      (signal) =>
        gh.octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
          owner: gh.owner,
          repo: gh.repo,
          issue_number: issue,
          per_page: PAGE_SIZE,
          page,
          request: { signal },
        }),
      gh.limits,
    );
    comments.push(...items);
    if (!hasNext) break;
  }
  return comments;
}
