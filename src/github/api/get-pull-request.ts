import { z } from 'zod/mini';
import { call, type GitHubRepo } from './client.js';

export const PullRequestSchema = z.object({
  number: z.number(),
  body: z.optional(z.nullable(z.string())),
  head: z.object({ sha: z.string() }),
  author_association: z.optional(z.string()),
  user: z.optional(z.nullable(z.object({ login: z.string() }))),
});
export type PullRequest = z.infer<typeof PullRequestSchema>;

/** GET repos/{owner}/{repo}/pulls/{n}. */
export async function getPullRequest(gh: GitHubRepo, pr: number): Promise<PullRequest> {
  return call(
    'GET pulls/{n}',
    PullRequestSchema,
    (request) =>
      gh.octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
        owner: gh.owner,
        repo: gh.repo,
        pull_number: pr,
        request,
      }),
    { idempotent: true, limits: gh.limits },
  );
}
