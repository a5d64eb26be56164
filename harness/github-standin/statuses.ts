// Commit statuses: created on a full commit SHA; GitHub refuses an unknown state and a description
// over 140 characters.
import { invalid, json } from './replies.ts';
import type { Reply } from './replies.ts';
import type { Ctx, Route } from './router.ts';
import type { GitHubStore, StoredStatus } from './store.ts';

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
  addService(sha: string, slug: string, state: 'pending' | 'success' | 'failure' | 'error' = 'success'): void {
    this.store.statuses.push({
      id: this.store.id(),
      sha,
      state,
      context: `docs/readthedocs:${slug}`,
      description: state === 'success' ? 'Read the Docs build succeeded!' : 'Read the Docs build is in progress!',
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
