// Merge queues: a group's queue branch (`gh-readonly-queue/{base}/pr-{N}-{base sha}`, pushed by
// GitHub at the group's commit) and the `merge_group` event a workflow receives for it. The branch
// can be read back (GET branches/{branch}, served by repository.ts) as GitHub serves it.
import type { GitHubStore } from './store.ts';

export interface MergeGroupSeed {
  /** The queued pull request (the group's last). */
  pr: number;
  /** The group's commit: the queue branch's head. */
  headSha: string;
  /** The base branch's commit the group was made on. */
  baseSha: string;
  /** Default `main`. */
  base?: string;
}

export class MergeQueueResources {
  private readonly store: GitHubStore;

  constructor(store: GitHubStore) {
    this.store = store;
  }

  /** Pushes the queue branch and returns the `merge_group` event (action `checks_requested`) as GitHub sends it. */
  add(seed: MergeGroupSeed): { name: 'merge_group'; payload: Record<string, unknown> } {
    const base = seed.base ?? 'main';
    const branch = `gh-readonly-queue/${base}/pr-${seed.pr}-${seed.baseSha}`;
    this.store.branches.set(branch, { sha: seed.headSha, date: 0 });
    return {
      name: 'merge_group',
      payload: {
        action: 'checks_requested',
        merge_group: {
          head_sha: seed.headSha,
          head_ref: `refs/heads/${branch}`,
          base_sha: seed.baseSha,
          base_ref: `refs/heads/${base}`,
          head_commit: {
            id: seed.headSha,
            tree_id: seed.baseSha,
            message: `Merge pull request #${seed.pr} into ${base}`,
            timestamp: new Date(0).toISOString(),
            author: { name: 'pr-author', email: 'pr-author@example.com' },
            committer: { name: 'GitHub', email: 'noreply@github.com' },
          },
        },
        repository: { full_name: `${this.store.owner}/${this.store.repo}` },
      },
    };
  }
}
