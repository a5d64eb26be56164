// The repository's refs as `health` reads them: a branch with its head commit and the commit's
// date, the releases (newest first, drafts included as GitHub lists them to a token that may
// push), and the tags (GitHub's order).
import { json, page } from './replies.ts';
import type { Reply } from './replies.ts';
import type { Ctx, Route } from './router.ts';
import type { GitHubStore, StoredRelease } from './store.ts';

export class RepositoryResources {
  private readonly store: GitHubStore;

  constructor(store: GitHubStore) {
    this.store = store;
  }

  /** The branch's head moves to `sha`, committed at `date` (ms epoch). */
  setBranch(branch: string, sha: string, date: number): void {
    this.store.branches.set(branch, { sha, date });
  }

  /** A release of `tag`, newer than every one before it. */
  addRelease(release: Omit<StoredRelease, 'id'>): void {
    this.store.releases.unshift({ id: this.store.id(), ...release });
  }

  addTag(name: string, sha: string): void {
    this.store.tags.unshift({ name, sha });
  }

  routes(): Route[] {
    return [
      { pattern: /^\/branches\/(.+)$/, methods: { GET: (_c, m) => this.branch(decodeURIComponent(m[1]!)) } },
      { pattern: /^\/releases$/, methods: { GET: (c) => this.releases(c) } },
      { pattern: /^\/tags$/, methods: { GET: (c) => this.tagList(c) } },
    ];
  }

  private branch(name: string): Reply {
    const head = this.store.branches.get(name);
    if (!head) return json(404, { message: 'Branch not found', documentation_url: 'https://docs.github.com/rest', status: '404' });
    const date = new Date(head.date).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const person = { name: 'Octo Cat', email: 'octo@example.com', date };
    return json(200, {
      name,
      commit: { sha: head.sha, commit: { author: person, committer: person, message: 'Update the docs' } },
      protected: name.startsWith('gh-readonly-queue/'),
    });
  }

  private releases(ctx: Ctx): Reply {
    const items = this.store.releases.map((r) => ({
      id: r.id,
      tag_name: r.tag,
      name: r.name ?? r.tag,
      draft: r.draft ?? false,
      prerelease: r.prerelease ?? false,
      html_url: `https://github.com/${this.store.owner}/${this.store.repo}/releases/tag/${r.tag}`,
    }));
    return page(ctx.url, items, this.store.maxPerPage);
  }

  private tagList(ctx: Ctx): Reply {
    return page(
      ctx.url,
      this.store.tags.map((t) => ({ name: t.name, commit: { sha: t.sha, url: '' } })),
      this.store.maxPerPage,
    );
  }
}
