import { z } from 'zod/mini';
import { callPages, type GitHubRepo } from './client.js';

export const CommentSchema = z.object({
  id: z.number(),
  body: z.optional(z.nullable(z.string())),
  user: z.optional(z.nullable(z.object({ login: z.string(), type: z.optional(z.string()) }))),
  author_association: z.optional(z.string()),
});
export type IssueComment = z.infer<typeof CommentSchema>;

/** A pull request with more comments than this is not searched further (GitHub caps threads well below). */
const MAX_PAGES = 30;

/** GET repos/{owner}/{repo}/issues/{n}/comments, every page, oldest first. */
export async function listIssueComments(gh: GitHubRepo, issue: number): Promise<IssueComment[]> {
  return callPages(
    gh,
    'GET issues/{n}/comments',
    z.array(CommentSchema),
    'GET /repos/{owner}/{repo}/issues/{issue_number}/comments',
    { issue_number: issue },
    MAX_PAGES,
  );
}
