import { z } from 'zod/mini';
import { callPages, type GitHubRepo } from './client.js';

const FileSchema = z.object({ filename: z.string(), status: z.optional(z.string()) });

/** GitHub lists at most 3000 files of a pull request. */
const MAX_PAGES = 30;

/** GET repos/{owner}/{repo}/pulls/{n}/files: the paths the PR adds or changes (removed ones left out). */
export async function listPullRequestFiles(gh: GitHubRepo, pr: number): Promise<string[]> {
  const files = await callPages(
    gh,
    'GET pulls/{n}/files',
    z.array(FileSchema),
    'GET /repos/{owner}/{repo}/pulls/{pull_number}/files',
    { pull_number: pr },
    MAX_PAGES,
  );
  return files.filter((file) => file.status !== 'removed').map((file) => file.filename);
}
