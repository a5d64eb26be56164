import { z } from 'zod/mini';
import { safeHttpUrl } from '../../reporting/markdown.js';
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
  const environmentUrl = safeHttpUrl(status.environmentUrl);
  const logUrl = safeHttpUrl(status.logUrl);
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
        // Only http(s) links: whatever the caller checked, a `javascript:` one never reaches GitHub.
        ...(environmentUrl === undefined ? {} : { environment_url: environmentUrl }),
        ...(logUrl === undefined ? {} : { log_url: logUrl }),
        // A success must not mark this PR's other deployments inactive: one environment per project.
        auto_inactive: false,
        request,
      }),
    // The same state twice shows once: repeating it is harmless.
    { idempotent: true, limits: gh.limits },
  );
}
