import { z } from 'zod/mini';
import { call, type GitHubRepo } from './client.js';

export const DeploymentSchema = z.object({
  id: z.number(),
  sha: z.string(),
  environment: z.string(),
  creator: z.optional(z.nullable(z.object({ login: z.string() }))),
  payload: z.optional(z.unknown()),
});
export type Deployment = z.infer<typeof DeploymentSchema>;

/**
 * POST repos/{owner}/{repo}/deployments: a transient, non-production deployment of `sha`, with
 * no merge of the base and no required checks (the docs build is what is being reported).
 */
export async function createDeployment(
  gh: GitHubRepo,
  deployment: { sha: string; environment: string; description: string; payload: Record<string, unknown> },
): Promise<Deployment> {
  return call(
    'POST deployments',
    DeploymentSchema,
    (request) =>
      gh.octokit.request('POST /repos/{owner}/{repo}/deployments', {
        owner: gh.owner,
        repo: gh.repo,
        ref: deployment.sha,
        environment: deployment.environment,
        description: deployment.description,
        payload: deployment.payload,
        auto_merge: false,
        required_contexts: [],
        transient_environment: true,
        production_environment: false,
        request,
      }),
    // A repeat would make a second deployment: not retried.
    { idempotent: false, limits: gh.limits },
  );
}
