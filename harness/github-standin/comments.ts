// Issue comments of the pull requests and issues: list (paginated, oldest first), create, update, delete;
// a body over GitHub's 65,536 characters is refused (422).
// What the token posts is its own account's (`github-actions[bot]` for the workflow's token).
import { bodyTooLong, invalid, json, notFound, page } from './replies.ts';
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
  // edited in place", whose body "names the commit it compares ("Comparing {commit} against …")".
  addService(pr: number, projectId: number, options: ServiceCommentOptions = {}): number {
    return this.add(pr, serviceBody(projectId, options), { login: `${options.app ?? 'readthedocs'}[bot]`, type: 'Bot' });
  }

  /**
   * What the service does to its comment when a build of the pull request ends. FACTS: "written only
   * after a **successful** build ...: it is created only when the file tree diff shows changed files,
   * edited after every later successful build (also "No files changed"), never touched by a failed
   * build, and not written once the PR is closed". Returns the comment's id, undefined when none.
   */
  serviceBuildEnded(
    pr: number,
    projectId: number,
    build: { commit: string; success: boolean; filesChanged?: boolean; app?: string },
  ): number | undefined {
    const login = `${build.app ?? 'readthedocs'}[bot]`;
    const marker = `<!-- readthedocs-${projectId} -->`;
    const existing = this.store.comments(pr).find((comment) => comment.user.login === login && comment.body.startsWith(marker));
    const open = this.store.pulls.get(pr)?.state !== 'closed';
    if (!build.success || !open) return existing?.id;
    const filesChanged = build.filesChanged ?? true;
    const body = serviceBody(projectId, { commit: build.commit, filesChanged });
    if (existing) {
      existing.body = body;
      existing.updated_at = new Date().toISOString();
      return existing.id;
    }
    return filesChanged ? this.add(pr, body, { login, type: 'Bot' }) : undefined;
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
    const tooLong = bodyTooLong('IssueComment', ctx.input.body);
    if (tooLong) return tooLong;
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
    const tooLong = bodyTooLong('IssueComment', ctx.input.body);
    if (tooLong) return tooLong;
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

export interface ServiceCommentOptions {
  /** The app's name: the comment is by `{app}[bot]` (default `readthedocs`). */
  app?: string;
  /** The commit the comment compares (its build's); a placeholder commit when not given. */
  commit?: string;
  filesChanged?: boolean;
  /** The whole text after the marker, instead of the service's overview. */
  text?: string;
}

/** The service's build overview (its `core/build-overview.md`), in short: the commit it compares, the files. */
function serviceBody(projectId: number, options: ServiceCommentOptions): string {
  const commit = options.commit ?? '0'.repeat(40);
  const text =
    options.text ??
    '### Documentation build overview\n\n' +
      `> 📚 [demo](https://readthedocs.org/projects/demo/) | 🛠️ Build #1 | 📁 Comparing ${commit} against [latest](https://demo.readthedocs.io/en/latest/) (${'f'.repeat(40)})\n\n` +
      '[<kbd><br />🔍 Preview build <br /></kbd>](https://example--7.org.readthedocs.build/)\n\n' +
      (options.filesChanged === false
        ? 'No files changed.\n'
        : '<details>\n<summary>Show files changed (2 files in total)</summary>\n</details>\n');
  return `<!-- readthedocs-${projectId} -->\n${text}`;
}
