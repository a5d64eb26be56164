// GET /user: the token's own account; the workflow's GITHUB_TOKEN (no `tokenLogin`) is refused, as
// GitHub refuses it.
import { json, refused } from './replies.ts';
import type { Reply } from './replies.ts';
import type { Route } from './router.ts';
import type { GitHubStore } from './store.ts';

export class UserResources {
  private readonly store: GitHubStore;

  constructor(store: GitHubStore) {
    this.store = store;
  }

  routes(): Route[] {
    return [{ pattern: /^\/user$/, global: true, methods: { GET: () => this.authenticated() } }];
  }

  private authenticated(): Reply {
    if (!this.store.tokenLogin) return refused();
    return json(200, { login: this.store.tokenLogin, id: 1, type: 'User' });
  }
}
