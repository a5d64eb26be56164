import { z } from 'zod/mini';
import { callPage, type GitHubRepo } from './client.js';

const FileSchema = z.object({ filename: z.string(), status: z.optional(z.string()) });

const PAGE_SIZE = 100;
/** GitHub lists at most 3000 files of a pull request. */
const MAX_PAGES = 30;

/** GET repos/{owner}/{repo}/pulls/{n}/files: the paths the PR adds or changes (removed ones left out). */
export async function listPullRequestFiles(gh: GitHubRepo, pr: number): Promise<string[]> {
  const files: string[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const { items, hasNext } = await callPage(
      'GET pulls/{n}/files',
      z.array(FileSchema),
      (signal) =>
        gh.octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}/files', {
          owner: gh.owner,
          repo: gh.repo,
          pull_number: pr,
          per_page: PAGE_SIZE,
          page,
          request: { signal },
        }),
      gh.limits,
    );
    for (const file of items) if (file.status !== 'removed') files.push(file.filename);
    if (!hasNext) break;
  }
  return files;
}
