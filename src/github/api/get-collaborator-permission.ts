import { z } from 'zod/mini';
import { call, type GitHubRepo } from './client.js';

const PermissionSchema = z.object({ permission: z.string() });

/** GET repos/{owner}/{repo}/collaborators/{user}/permission: `admin`, `write`, `read` or `none`. */
export async function getCollaboratorPermission(gh: GitHubRepo, username: string): Promise<string> {
  const answer = await call(
    'GET collaborators/{user}/permission',
    PermissionSchema,
    (request) =>
      gh.octokit.request('GET /repos/{owner}/{repo}/collaborators/{username}/permission', {
        owner: gh.owner,
        repo: gh.repo,
        username,
        request,
      }),
    { idempotent: true, limits: gh.limits },
  );
  return answer.permission;
}
