import { z } from 'zod/mini';
import { call, type GitHubRepo } from './client.js';

const UserSchema = z.object({ login: z.string() });

/**
 * GET /user: the login of the token's own account. Personal tokens answer; the workflow's
 * GITHUB_TOKEN and GitHub App tokens are refused (403), so a caller must have a fallback.
 */
export async function getAuthenticatedUser(gh: GitHubRepo): Promise<string> {
  const user = await call('GET user', UserSchema, (request) => gh.octokit.request('GET /user', { request }), {
    idempotent: true,
    limits: gh.limits,
  });
  return user.login;
}
