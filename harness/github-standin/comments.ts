// Issue comments of the pull requests and issues: list (paginated, oldest first), create, update, delete.
// What the token posts is its own account's (`github-actions[bot]` for the workflow's token).
import { invalid, json, notFound, page } from './replies.ts';
import type { Reply } from './replies.ts';
import type { Ctx, Route } from './router.ts';
import { BOT, type GitHubStore, type StoredComment } from './store.ts';

export class CommentResources {
  private readonly store: GitHubStore;

  constructor(store: GitHubStore) {
    this.store = store;
  }

  /** A comment as someone wrote it (no request recorded); returns its id. */
  add(pr: number, body: string, user: StoredComment['user'] = BOT, association = user.type === 'Bot' ? 'NONE' : 'COLLABORATOR'): number {
    const now = new Date().toISOString();
    const comment = { id: this.store.id(), body, user, author_association: association, created_at: now, updated_at: now };
    this.store.comments(pr).push(comment);
    return comment.id;
  }

  // FACTS ("The service's own pull-request integration"): "a PR comment by `<app name>[bot]` whose
  // body starts with `<!-- readthedocs-{project id} -->` (the numeric `id` of API v3's project),
  // edited in place, posted only when the build's file tree diff shows changed files".
  addService(pr: number, projectId: number, options: { app?: string; text?: string } = {}): number {
    const text =
      options.text ?? '### Documentation build overview\n\n📚 Files changed: 2 · [Preview](https://example--7.org.readthedocs.build/)';
    return this.add(pr, `<!-- readthedocs-${projectId} -->\n${text}`, { login: `${options.app ?? 'readthedocs'}[bot]`, type: 'Bot' });
  }

  /** Copies of the comments of `pr`, oldest first. */
  records(pr: number): StoredComment[] {
    return this.store.comments(pr).map((comment) => ({ ...comment }));
  }

  routes(): Route[] {
    return [
      {
        pattern: /^\/issues\/(\d+)\/comments$/,
        methods: { GET: (c, m) => this.list(c, Number(m[1])), POST: (c, m) => this.create(c, Number(m[1])) },
      },
      {
        pattern: /^\/issues\/comments\/(\d+)$/,
        methods: { PATCH: (c, m) => this.update(c, Number(m[1])), DELETE: (_c, m) => this.delete(Number(m[1])) },
      },
    ];
  }

  private list(ctx: Ctx, pr: number): Reply {
    if (!this.store.hasIssue(pr)) return notFound();
    return page(ctx.url, this.store.comments(pr), this.store.maxPerPage);
  }

  private create(ctx: Ctx, pr: number): Reply {
    if (!this.store.hasIssue(pr)) return notFound();
    if (typeof ctx.input.body !== 'string') return invalid('body');
    const id = this.add(pr, ctx.input.body, this.store.tokenAuthor());
    return json(
      201,
      this.store.comments(pr).find((comment) => comment.id === id),
    );
  }

  private update(ctx: Ctx, id: number): Reply {
    const found = this.find(id);
    if (!found) return notFound();
    if (typeof ctx.input.body !== 'string') return invalid('body');
    const { list, index } = found;
    list[index] = { ...list[index]!, body: ctx.input.body, updated_at: new Date().toISOString() };
    return json(200, list[index]);
  }

  private delete(id: number): Reply {
    const found = this.find(id);
    if (!found) return notFound();
    found.list.splice(found.index, 1);
    return json(204);
  }

  private find(id: number): { list: StoredComment[]; index: number } | undefined {
    for (const list of this.store.commentsByPr.values()) {
      const index = list.findIndex((comment) => comment.id === id);
      if (index !== -1) return { list, index };
    }
    return undefined;
  }
}
