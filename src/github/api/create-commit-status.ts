import { z } from 'zod/mini';
import { safeHttpUrl } from '../../reporting/markdown.js';
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
  const targetUrl = safeHttpUrl(status.targetUrl);
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
        // Only an http(s) link: whatever the caller checked, a `javascript:` one never reaches GitHub.
        ...(targetUrl === undefined ? {} : { target_url: targetUrl }),
        request,
      }),
    // The same status twice shows once: repeating it is harmless.
    { idempotent: true, limits: gh.limits },
  );
}
