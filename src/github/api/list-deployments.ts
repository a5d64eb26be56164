import { z } from 'zod/mini';
import { callPages, type GitHubRepo } from './client.js';
import { DeploymentSchema, type Deployment } from './create-deployment.js';

const MAX_PAGES = 10;

/** GET repos/{owner}/{repo}/deployments filtered by `sha` and/or `environment`, newest first. */
export async function listDeployments(gh: GitHubRepo, filter: { sha?: string; environment?: string }): Promise<Deployment[]> {
  return callPages(
    gh,
    'GET deployments',
    z.array(DeploymentSchema),
    'GET /repos/{owner}/{repo}/deployments',
    {
      ...(filter.sha === undefined ? {} : { sha: filter.sha }),
      ...(filter.environment === undefined ? {} : { environment: filter.environment }),
    },
    MAX_PAGES,
  );
}
