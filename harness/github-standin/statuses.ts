// Commit statuses: created on a full commit SHA; GitHub refuses an unknown state and a description
// over 140 characters.
import { invalid, json } from './replies.ts';
import type { Reply } from './replies.ts';
import type { Ctx, Route } from './router.ts';
import type { GitHubStore, StoredStatus } from './store.ts';

const SERVICE_DESCRIPTIONS = {
  pending: 'Read the Docs build is in progress!',
  success: 'Read the Docs build succeeded!',
  skipped: 'Read the Docs build skipped.',
  failure: 'Read the Docs build failed!',
  error: 'Read the Docs build failed!',
} as const;

export class StatusResources {
  private readonly store: GitHubStore;

  constructor(store: GitHubStore) {
    this.store = store;
  }

  records(sha: string): StoredStatus[] {
    return this.store.statuses.filter((status) => status.sha === sha);
  }

  // FACTS: "They also get a commit status with context `docs/readthedocs:{slug}` (the service's
  // setting `RTD_BUILD_STATUS_API_NAME`)".
  // FACTS (Builds): "A PR build skipped by exit code 183 gets the GitHub status `success`, "Read the
  // Docs build skipped.", so that the PR is not blocked from merging (failed ones: `failure`, "Read
  // the Docs build failed!")".
  addService(sha: string, slug: string, outcome: 'pending' | 'success' | 'failure' | 'error' | 'skipped' = 'success'): void {
    const state = outcome === 'skipped' ? 'success' : outcome;
    this.store.statuses.push({
      id: this.store.id(),
      sha,
      state,
      context: `docs/readthedocs:${slug}`,
      description: SERVICE_DESCRIPTIONS[outcome],
      target_url: null,
    });
  }

  routes(): Route[] {
    return [{ pattern: /^\/statuses\/([0-9a-f]{40})$/, methods: { POST: (c, m) => this.create(c, m[1]!) } }];
  }

  private create(ctx: Ctx, sha: string): Reply {
    const { input } = ctx;
    const state = input.state;
    if (state !== 'pending' && state !== 'success' && state !== 'failure' && state !== 'error') return invalid('state');
    if (typeof input.description === 'string' && input.description.length > 140) return invalid('description');
    const status: StoredStatus = {
      id: this.store.id(),
      sha,
      state,
      context: typeof input.context === 'string' ? input.context : 'default',
      description: typeof input.description === 'string' ? input.description : null,
      target_url: typeof input.target_url === 'string' ? input.target_url : null,
    };
    this.store.statuses.push(status);
    return json(201, status);
  }
}
