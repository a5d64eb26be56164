// Who the token is. GET /user: a personal token's account; the workflow's GITHUB_TOKEN and a GitHub
// App's installation token are refused, as GitHub refuses them. GraphQL's `query { viewer { login } }`
// (POST /graphql, the only query the stand-in answers) names every kind: the account, the App's
// bot, or `github-actions[bot]`.
import { json, refused } from './replies.ts';
import type { Reply } from './replies.ts';
import type { Ctx, Route } from './router.ts';
import type { GitHubStore } from './store.ts';

export class UserResources {
  private readonly store: GitHubStore;

  constructor(store: GitHubStore) {
    this.store = store;
  }

  routes(): Route[] {
    return [
      { pattern: /^\/user$/, global: true, methods: { GET: () => this.authenticated() } },
      { pattern: /^\/graphql$/, global: true, methods: { POST: (c) => this.graphql(c) } },
    ];
  }

  private authenticated(): Reply {
    if (!this.store.tokenLogin) return refused();
    return json(200, { login: this.store.tokenLogin, id: 1, type: 'User' });
  }

  private graphql(ctx: Ctx): Reply {
    const query = typeof ctx.input.query === 'string' ? ctx.input.query.replace(/\s+/g, ' ').trim() : '';
    if (!/^(query )?\{ ?viewer ?\{ ?login ?\} ?\}$/.test(query)) {
      return json(200, { errors: [{ message: 'The stand-in answers only `query { viewer { login } }`' }] });
    }
    return json(200, { data: { viewer: { login: this.store.tokenAuthor().login } } });
  }
}
