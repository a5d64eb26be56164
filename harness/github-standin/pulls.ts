// Pull requests: get one, edit its description (refused over GitHub's 65,536 characters, 422), list them by head (`head=owner:branch`, `state`),
// and the files it changes; and who may write to the repository (the collaborators permission).
import { bodyTooLong, invalid, json, notFound, page } from './replies.ts';
import type { Reply } from './replies.ts';
import type { Ctx, Route } from './router.ts';
import type { GitHubStore, StoredPull } from './store.ts';

export interface PullRequestSeed {
  number: number;
  headSha: string;
  body?: string;
  /** Changed files; status defaults to `modified`. */
  files?: { filename: string; status?: 'added' | 'modified' | 'removed' | 'renamed'; previous_filename?: string }[];
  /** The PR author's relation to the repository; default COLLABORATOR (a branch of the repository). */
  authorAssociation?: string;
  /** The PR author's login; default `pr-author`. */
  author?: string;
  /**
   * The PR author's permission (collaborators permission endpoint); default `write` for an
   * OWNER, MEMBER or COLLABORATOR association, else `read`.
   */
  authorPermission?: 'admin' | 'write' | 'read' | 'none';
  /** The head branch; default `feature`. */
  headRef?: string;
  /** `owner/name` of the head's repository (a fork's); default the repository itself. */
  headRepo?: string;
  /** Default `open`. */
  state?: 'open' | 'closed';
}

export class PullResources {
  private readonly store: GitHubStore;

  constructor(store: GitHubStore) {
    this.store = store;
  }

  add(seed: PullRequestSeed): void {
    const association = seed.authorAssociation ?? 'COLLABORATOR';
    const permission = seed.authorPermission ?? (['OWNER', 'MEMBER', 'COLLABORATOR'].includes(association) ? 'write' : 'read');
    this.store.permissions.set(seed.author ?? 'pr-author', permission);
    this.store.pulls.set(seed.number, {
      headSha: seed.headSha,
      body: seed.body ?? '',
      authorAssociation: association,
      author: seed.author ?? 'pr-author',
      files: (seed.files ?? []).map((file) => ({
        filename: file.filename,
        status: file.status ?? 'modified',
        // GitHub gives the path before a rename as `previous_filename`, on renamed entries only.
        ...(file.status === 'renamed' && file.previous_filename !== undefined ? { previous_filename: file.previous_filename } : {}),
      })),
      headRef: seed.headRef ?? 'feature',
      headRepo: seed.headRepo ?? `${this.store.owner}/${this.store.repo}`,
      state: seed.state ?? 'open',
    });
  }

  body(pr: number): string {
    return this.store.pulls.get(pr)?.body ?? '';
  }

  routes(): Route[] {
    return [
      { pattern: /^\/pulls\/(\d+)$/, methods: { GET: (_c, m) => this.get(Number(m[1])), PATCH: (c, m) => this.update(c, Number(m[1])) } },
      { pattern: /^\/pulls$/, methods: { GET: (c) => this.list(c) } },
      { pattern: /^\/pulls\/(\d+)\/files$/, methods: { GET: (c, m) => this.files(c, Number(m[1])) } },
      { pattern: /^\/collaborators\/([^/]+)\/permission$/, methods: { GET: (_c, m) => this.permission(decodeURIComponent(m[1]!)) } },
    ];
  }

  private get(number: number): Reply {
    const pr = this.store.pulls.get(number);
    return pr ? json(200, this.render(number, pr)) : notFound();
  }

  private update(ctx: Ctx, number: number): Reply {
    const pr = this.store.pulls.get(number);
    if (!pr) return notFound();
    if (typeof ctx.input.body !== 'string') return invalid('body');
    const tooLong = bodyTooLong('PullRequest', ctx.input.body);
    if (tooLong) return tooLong;
    pr.body = ctx.input.body;
    return json(200, this.render(number, pr));
  }

  /** `head=owner:branch` (the owner of the head's repository), `state` open by default, as GitHub filters. */
  private list(ctx: Ctx): Reply {
    const head = ctx.url.searchParams.get('head');
    const state = ctx.url.searchParams.get('state') ?? 'open';
    const found = [...this.store.pulls]
      .filter(([, pr]) => state === 'all' || pr.state === state)
      .filter(([, pr]) => head === null || `${pr.headRepo.split('/')[0]}:${pr.headRef}` === head)
      .sort(([a], [b]) => b - a)
      .map(([number, pr]) => this.render(number, pr));
    return page(ctx.url, found, this.store.maxPerPage);
  }

  private files(ctx: Ctx, number: number): Reply {
    const pr = this.store.pulls.get(number);
    if (!pr) return notFound();
    const files = pr.files.map((file, index) => ({
      sha: String(index),
      filename: file.filename,
      status: file.status,
      ...(file.previous_filename === undefined ? {} : { previous_filename: file.previous_filename }),
      additions: 1,
      deletions: 0,
      changes: 1,
    }));
    return page(ctx.url, files, this.store.maxPerPage);
  }

  private permission(login: string): Reply {
    const permission = this.store.permissions.get(login) ?? 'none';
    return json(200, { permission, role_name: permission, user: { login } });
  }

  private render(number: number, pr: StoredPull) {
    return {
      number,
      body: pr.body === '' ? null : pr.body,
      head: { sha: pr.headSha, ref: pr.headRef, repo: { full_name: pr.headRepo } },
      base: { ref: 'main', repo: { full_name: `${this.store.owner}/${this.store.repo}` } },
      state: pr.state,
      author_association: pr.authorAssociation,
      user: { login: pr.author },
    };
  }
}
