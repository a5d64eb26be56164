import { z } from 'zod/mini';
import { call, GitHubError, type GitHubRepo } from './client.js';

const ContentSchema = z.object({
  type: z.string(),
  encoding: z.optional(z.string()),
  content: z.optional(z.string()),
});

/**
 * GET repos/{owner}/{repo}/contents/{path}?ref={sha}: a file's text at a commit, or `undefined`
 * when it does not exist there. Reads through the API, so no checkout of PR code is needed.
 */
export async function getFileContent(gh: GitHubRepo, path: string, ref: string): Promise<string | undefined> {
  let content: z.infer<typeof ContentSchema>;
  try {
    content = await call(
      'GET contents/{path}',
      ContentSchema,
      (request) =>
        gh.octokit.request('GET /repos/{owner}/{repo}/contents/{path}', {
          owner: gh.owner,
          repo: gh.repo,
          path,
          ref,
          request,
        }),
      { idempotent: true, limits: gh.limits },
    );
  } catch (error) {
    if (error instanceof GitHubError && error.status === 404) return undefined;
    throw error;
  }
  if (content.type !== 'file' || content.content === undefined) return undefined;
  return content.encoding === 'base64' ? Buffer.from(content.content, 'base64').toString('utf8') : content.content;
}
