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
  /** When GitHub made the group (its commit's timestamp, the branch's push), ms epoch; default now. */
  createdAt?: number;
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
    const createdAt = seed.createdAt ?? Date.now();
    this.store.branches.set(branch, { sha: seed.headSha, date: createdAt });
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
            timestamp: new Date(createdAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
            author: { name: 'pr-author', email: 'pr-author@example.com' },
            committer: { name: 'GitHub', email: 'noreply@github.com' },
          },
        },
        repository: { full_name: `${this.store.owner}/${this.store.repo}` },
      },
    };
  }

  /** The group left the queue (merged, removed, or the queue was rebuilt): GitHub deletes its branch. */
  remove(seed: Pick<MergeGroupSeed, 'pr' | 'baseSha' | 'base'>): void {
    this.store.branches.delete(`gh-readonly-queue/${seed.base ?? 'main'}/pr-${seed.pr}-${seed.baseSha}`);
  }
}
