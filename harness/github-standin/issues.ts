// The repository's issues: create (by the token's account), list (open, closed or all, newest first
// unless `direction=asc`, by `creator=` when given, paginated; pull requests are issues too, GitHub
// lists them with `pull_request`), edit (title, body, state and its reason), and search
// (`GET /search/issues`: a quoted phrase in the body, `repo:`, `is:issue`, `is:open`, `author:`
// with `app/NAME` for an App's bot; at most 1000 results, as GitHub's search gives). A body over
// GitHub's 65,536 characters is refused (422). Their comments are comments.ts's.
import { bodyTooLong, invalid, json, notFound, page } from './replies.ts';
import type { Reply } from './replies.ts';
import type { Ctx, Route } from './router.ts';
import type { GitHubStore, StoredIssue } from './store.ts';

export class IssueResources {
  private readonly store: GitHubStore;

  constructor(store: GitHubStore) {
    this.store = store;
  }

  /** An issue someone opened (no request recorded); returns its number. */
  add(seed: { title: string; body: string; user?: StoredIssue['user']; state?: 'open' | 'closed' }): number {
    const number = this.nextNumber();
    const now = new Date().toISOString();
    this.store.issues.set(number, {
      number,
      title: seed.title,
      body: seed.body,
      user: seed.user ?? { login: 'someone', type: 'User' },
      state: seed.state ?? 'open',
      state_reason: null,
      created_at: now,
      updated_at: now,
    });
    return number;
  }

  /** Copies of the issues, by number. */
  records(): StoredIssue[] {
    return [...this.store.issues.values()].map((issue) => ({ ...issue }));
  }

  routes(): Route[] {
    return [
      { pattern: /^\/issues$/, methods: { GET: (c) => this.list(c), POST: (c) => this.create(c) } },
      { pattern: /^\/issues\/(\d+)$/, methods: { PATCH: (c, m) => this.update(c, Number(m[1])) } },
      { pattern: /^\/search\/issues$/, global: true, methods: { GET: (c) => this.search(c) } },
    ];
  }

  /** Issue and pull request numbers share one sequence, as on GitHub. */
  private nextNumber(): number {
    return Math.max(0, ...this.store.pulls.keys(), ...this.store.issues.keys()) + 1;
  }

  private json(issue: StoredIssue): Record<string, unknown> {
    return { ...issue, html_url: `https://github.com/${this.store.owner}/${this.store.repo}/issues/${issue.number}`, id: issue.number };
  }

  /** GitHub's list: newest first by default, `creator=` filters by author (logins ignore case); pull requests are among them. */
  private list(ctx: Ctx): Reply {
    const state = ctx.url.searchParams.get('state') ?? 'open';
    const ascending = ctx.url.searchParams.get('direction') === 'asc';
    const creator = ctx.url.searchParams.get('creator')?.toLowerCase();
    const issues = [...this.store.issues.values()]
      .filter((issue) => state === 'all' || issue.state === state)
      .filter((issue) => creator === undefined || issue.user.login.toLowerCase() === creator)
      .map((issue) => ({ number: issue.number, item: this.json(issue) }));
    const pulls = [...this.store.pulls.entries()]
      .filter(([, pull]) => (state === 'all' || pull.state === state) && (creator === undefined || pull.author.toLowerCase() === creator))
      .map(([number, pull]) => ({
        number,
        item: { number, title: `PR ${number}`, body: pull.body, state: pull.state, pull_request: { url: '' } },
      }));
    const all = [...issues, ...pulls].sort((a, b) => (ascending ? a.number - b.number : b.number - a.number));
    return page(
      ctx.url,
      all.map((entry) => entry.item),
      this.store.maxPerPage,
    );
  }

  /**
   * GitHub's issue search, as far as the action asks it: `repo:{owner}/{repo}`, `is:issue`,
   * `is:open`, `in:body` and one quoted phrase, found in the body (case ignored); `author:LOGIN`,
   * or `author:app/NAME` for the issues the App's bot `NAME[bot]` opened (the workflow's
   * GITHUB_TOKEN's are `app/github-actions`'s), as GitHub's search qualifiers say; `sort=created`
   * with `order=asc` or `desc` (the default). GitHub gives at most 1000 results of a search
   * (`total_count` may say more); a query on another repository finds nothing here.
   */
  private search(ctx: Ctx): Reply {
    const query = ctx.url.searchParams.get('q') ?? '';
    const phrase = /"([^"]*)"/.exec(query)?.[1]?.toLowerCase();
    const repo = /(?:^|\s)repo:(\S+)/.exec(query)?.[1];
    if (phrase === undefined || phrase === '') return invalid('q');
    const ascending = ctx.url.searchParams.get('order') === 'asc';
    const author = searchedAuthor(query);
    const found =
      repo?.toLowerCase() !== `${this.store.owner}/${this.store.repo}`.toLowerCase()
        ? []
        : [...this.store.issues.values()]
            .filter((issue) => !/\bis:open\b/.test(query) || issue.state === 'open')
            .filter((issue) => issue.body.toLowerCase().includes(phrase))
            .filter(
              (issue) =>
                author === undefined ||
                (issue.user.login.toLowerCase() === author.login && (author.type === undefined || issue.user.type === author.type)),
            )
            .sort((a, b) => (ascending ? a.number - b.number : b.number - a.number));
    const items = found.slice(0, 1000).map((issue) => ({ ...this.json(issue), score: 1 }));
    const reply = page(ctx.url, items, this.store.maxPerPage);
    const body = { total_count: found.length, incomplete_results: false, items: JSON.parse(reply.body) as unknown[] };
    return json(200, body, reply.headers);
  }

  private create(ctx: Ctx): Reply {
    if (typeof ctx.input.title !== 'string' || ctx.input.title === '') return invalid('title');
    const tooLong = typeof ctx.input.body === 'string' ? bodyTooLong('Issue', ctx.input.body) : undefined;
    if (tooLong) return tooLong;
    const number = this.add({
      title: ctx.input.title,
      body: typeof ctx.input.body === 'string' ? ctx.input.body : '',
      user: this.store.tokenAuthor(),
    });
    return json(201, this.json(this.store.issues.get(number)!));
  }

  private update(ctx: Ctx, number: number): Reply {
    const issue = this.store.issues.get(number);
    if (!issue) return notFound();
    const { title, body, state, state_reason: reason } = ctx.input;
    if (state !== undefined && state !== 'open' && state !== 'closed') return invalid('state');
    const tooLong = typeof body === 'string' ? bodyTooLong('Issue', body) : undefined;
    if (tooLong) return tooLong;
    if (typeof title === 'string') issue.title = title;
    if (typeof body === 'string') issue.body = body;
    if (state === 'open' || state === 'closed') {
      issue.state = state;
      issue.state_reason = state === 'closed' ? (typeof reason === 'string' ? reason : 'completed') : 'reopened';
    }
    issue.updated_at = new Date().toISOString();
    return json(200, this.json(issue));
  }
}

/** The author an `author:` qualifier names: `app/NAME` is the App's bot `NAME[bot]`, anything else a login (case ignored). */
function searchedAuthor(query: string): { login: string; type?: 'Bot' } | undefined {
  const named = /(?:^|\s)author:(\S+)/.exec(query)?.[1]?.toLowerCase();
  if (named === undefined) return undefined;
  return named.startsWith('app/') ? { login: `${named.slice(4)}[bot]`, type: 'Bot' } : { login: named };
}
