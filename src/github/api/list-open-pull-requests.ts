import { z } from 'zod/mini';
import { callPages, type GitHubRepo } from './client.js';

const OpenPullRequestSchema = z.object({
  number: z.number(),
  state: z.optional(z.string()),
  head: z.object({
    sha: z.string(),
    ref: z.optional(z.string()),
    repo: z.optional(z.nullable(z.object({ full_name: z.string() }))),
  }),
});
export type OpenPullRequest = z.infer<typeof OpenPullRequestSchema>;

/** One head branch has one open pull request per base branch: a few pages are plenty. */
const MAX_PAGES = 3;

/**
 * GET repos/{owner}/{repo}/pulls?head={owner}:{branch}&state=open: the open pull requests whose
 * head is that branch of that owner's repository (a fork's, for a fork PR).
 */
export async function listOpenPullRequests(gh: GitHubRepo, head: { owner: string; branch: string }): Promise<OpenPullRequest[]> {
  return callPages(
    gh,
    'GET pulls?head',
    z.array(OpenPullRequestSchema),
    'GET /repos/{owner}/{repo}/pulls',
    { head: `${head.owner}:${head.branch}`, state: 'open' },
    MAX_PAGES,
  );
}
