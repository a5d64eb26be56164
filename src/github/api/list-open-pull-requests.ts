import { z } from 'zod/mini';
import { callPage, type GitHubRepo } from './client.js';

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

const PAGE_SIZE = 100;
/** One head branch has one open pull request per base branch: a few pages are plenty. */
const MAX_PAGES = 3;

/**
 * GET repos/{owner}/{repo}/pulls?head={owner}:{branch}&state=open: the open pull requests whose
 * head is that branch of that owner's repository (a fork's, for a fork PR).
 */
export async function listOpenPullRequests(gh: GitHubRepo, head: { owner: string; branch: string }): Promise<OpenPullRequest[]> {
  const pulls: OpenPullRequest[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const { items, hasNext } = await callPage(
      'GET pulls?head',
      z.array(OpenPullRequestSchema),
      (signal) =>
        gh.octokit.request('GET /repos/{owner}/{repo}/pulls', {
          owner: gh.owner,
          repo: gh.repo,
          head: `${head.owner}:${head.branch}`,
          state: 'open',
          per_page: PAGE_SIZE,
          page,
          request: { signal },
        }),
      gh.limits,
    );
    pulls.push(...items);
    if (!hasNext) break;
  }
  return pulls;
}
