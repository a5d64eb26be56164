import { z } from 'zod/mini';
import { callPage, type GitHubRepo } from './client.js';
import { DeploymentSchema, type Deployment } from './create-deployment.js';

const PAGE_SIZE = 100;
const MAX_PAGES = 10;

/** GET repos/{owner}/{repo}/deployments filtered by `sha` and/or `environment`, newest first. */
export async function listDeployments(gh: GitHubRepo, filter: { sha?: string; environment?: string }): Promise<Deployment[]> {
  const deployments: Deployment[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const { items, hasNext } = await callPage('GET deployments', z.array(DeploymentSchema), (signal) =>
      gh.octokit.request('GET /repos/{owner}/{repo}/deployments', {
        owner: gh.owner,
        repo: gh.repo,
        ...(filter.sha === undefined ? {} : { sha: filter.sha }),
        ...(filter.environment === undefined ? {} : { environment: filter.environment }),
        per_page: PAGE_SIZE,
        page,
        request: { signal },
      }),
    );
    deployments.push(...items);
    if (!hasNext) break;
  }
  return deployments;
}
