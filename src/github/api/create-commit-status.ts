import { z } from 'zod/mini';
import { call, type GitHubRepo } from './client.js';

export type CommitState = 'pending' | 'success' | 'failure' | 'error';

/** GitHub refuses longer descriptions. */
const DESCRIPTION_LIMIT = 140;

/** POST repos/{owner}/{repo}/statuses/{sha}: the newest status of a context is the one shown. */
export async function createCommitStatus(
  gh: GitHubRepo,
  sha: string,
  status: { state: CommitState; context: string; description: string; targetUrl?: string },
): Promise<void> {
  const description =
    [...status.description].length > DESCRIPTION_LIMIT
      ? `${[...status.description].slice(0, DESCRIPTION_LIMIT - 1).join('')}…`
      : status.description;
  await call(
    'POST statuses/{sha}',
    z.object({ id: z.number(), state: z.string() }),
    (request) =>
      gh.octokit.request('POST /repos/{owner}/{repo}/statuses/{sha}', {
        owner: gh.owner,
        repo: gh.repo,
        sha,
        state: status.state,
        context: status.context,
        description,
        ...(status.targetUrl === undefined ? {} : { target_url: status.targetUrl }),
        request,
      }),
    // The same status twice shows once: repeating it is harmless.
    { idempotent: true, limits: gh.limits },
  );
}
