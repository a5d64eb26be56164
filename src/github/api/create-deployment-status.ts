import { z } from 'zod/mini';
import { call, type GitHubRepo } from './client.js';

export type DeploymentState = 'in_progress' | 'success' | 'failure' | 'error' | 'inactive';

/** GitHub refuses longer descriptions. */
const DESCRIPTION_LIMIT = 140;

/** POST repos/{owner}/{repo}/deployments/{id}/statuses: the newest status is the one shown. */
export async function createDeploymentStatus(
  gh: GitHubRepo,
  deploymentId: number,
  status: { state: DeploymentState; description: string; environmentUrl?: string; logUrl?: string },
): Promise<void> {
  const chars = [...status.description];
  const description = chars.length > DESCRIPTION_LIMIT ? `${chars.slice(0, DESCRIPTION_LIMIT - 1).join('')}…` : status.description;
  await call(
    'POST deployments/{id}/statuses',
    z.object({ id: z.number(), state: z.string() }),
    (request) =>
      gh.octokit.request('POST /repos/{owner}/{repo}/deployments/{deployment_id}/statuses', {
        owner: gh.owner,
        repo: gh.repo,
        deployment_id: deploymentId,
        state: status.state,
        description,
        ...(status.environmentUrl === undefined ? {} : { environment_url: status.environmentUrl }),
        ...(status.logUrl === undefined ? {} : { log_url: status.logUrl }),
        // A success must not mark this PR's other deployments inactive: one environment per project.
        auto_inactive: false,
        request,
      }),
    // The same state twice shows once: repeating it is harmless.
    { idempotent: true, limits: gh.limits },
  );
}
