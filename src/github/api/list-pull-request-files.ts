import { z } from 'zod/mini';
import { callPages, type GitHubRepo } from './client.js';

const FileSchema = z.object({ filename: z.string(), status: z.optional(z.string()), previous_filename: z.optional(z.string()) });

/** A file of the pull request: its path, GitHub's status (`added`, `removed`, `renamed`…), and for a rename the path before. */
export interface PullRequestFileEntry {
  filename: string;
  status?: string;
  previousFilename?: string;
}

/** GitHub lists at most 3000 files of a pull request. */
const MAX_PAGES = 30;

/** GET repos/{owner}/{repo}/pulls/{n}/files: the paths the PR adds or changes (removed ones left out). */
export async function listPullRequestFiles(gh: GitHubRepo, pr: number): Promise<string[]> {
  return changedFileNames(await listPullRequestFileEntries(gh, pr));
}

/** The paths the PR adds or changes, from its entries (removed ones left out). */
export function changedFileNames(files: PullRequestFileEntry[]): string[] {
  return files.filter((file) => file.status !== 'removed').map((file) => file.filename);
}

/** GET repos/{owner}/{repo}/pulls/{n}/files: every file entry, removed and renamed ones with their status. */
export async function listPullRequestFileEntries(gh: GitHubRepo, pr: number): Promise<PullRequestFileEntry[]> {
  const files = await callPages(
    gh,
    'GET pulls/{n}/files',
    z.array(FileSchema),
    'GET /repos/{owner}/{repo}/pulls/{pull_number}/files',
    { pull_number: pr },
    MAX_PAGES,
  );
  return files.map((file) => ({
    filename: file.filename,
    ...(file.status === undefined ? {} : { status: file.status }),
    ...(file.previous_filename === undefined ? {} : { previousFilename: file.previous_filename }),
  }));
}
