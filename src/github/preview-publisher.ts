import type { GitHubRepo } from './api/client.js';
import { GitHubError } from './api/client.js';
import { createCommitStatus, type CommitState } from './api/create-commit-status.js';
import { createIssueComment } from './api/create-issue-comment.js';
import { deleteIssueComment } from './api/delete-issue-comment.js';
import { getAuthenticatedUser } from './api/get-authenticated-user.js';
import { getCollaboratorPermission } from './api/get-collaborator-permission.js';
import { getPullRequest } from './api/get-pull-request.js';
import { listIssueComments, type IssueComment } from './api/list-issue-comments.js';
import { updateIssueComment } from './api/update-issue-comment.js';
import { updatePullRequestBody } from './api/update-pull-request-body.js';
import { commentMarker, mergeRows, readRows, renderComment, replaceMarkedBlock, type PreviewRow } from './sticky-comment.js';

/** The account behind the workflow's GITHUB_TOKEN, which may not ask GET /user who it is. */
export const GITHUB_TOKEN_LOGIN = 'github-actions[bot]';

/** Repository permissions (collaborators permission endpoint) that may write the description's rows. */
const WRITE_PERMISSIONS: ReadonlySet<string> = new Set(['admin', 'maintain', 'write']);

export type CommentMode = 'comment' | 'description' | 'none';

export interface PublisherOptions {
  /** Resolves to the client, or `undefined` when GitHub is not to be called (no token). */
  github: () => Promise<GitHubRepo | undefined>;
  pr: number;
  headSha: string;
  mode: CommentMode;
  header: string;
  /** `https://github.com/owner/repo`, to link commits. */
  repoUrl: string;
  warning: (message: string, title: string) => void;
  info: (message: string) => void;
  debug: (message: string) => void;
}

export type StatusContext = `readthedocs-preview/${string}`;

/**
 * Reports previews on the pull request: one sticky comment (or a block in the description) that
 * every write re-reads and merges into, and a commit status per project. GitHub is where the
 * result is shown, not the work itself: a refusal (fork PRs get a read-only token) or a fault
 * becomes one warning per kind and a note for the summary, never a failed step. Only a refusal
 * stops further writes of its kind: after a fault the next write tries again, so the comment and
 * the status still reach their final state (a comment whose answer was lost is found by its marker).
 */
export class PreviewPublisher {
  /** Said in the job summary: what could not be posted, and why. */
  readonly notes: string[] = [];
  /** Where the report was written (the comment, or the pull request for its description). */
  location: string | undefined;
  private readonly rows = new Map<string, PreviewRow>();
  private queue: Promise<void> = Promise.resolve();
  private dirty = false;
  private commentsOff = false;
  private statusesOff = false;
  private readonly warned = new Set<'comment' | 'status'>();
  /** The login of the token's own account, once known: only its comments are ours. */
  private login: string | undefined;
  /** Whether a login may write to the repository, asked once per login. */
  private readonly writers = new Map<string, boolean>();

  constructor(private readonly options: PublisherOptions) {}

  /** Sets rows (one per project) and writes the comment; writes are serialised and coalesced. */
  publish(rows: PreviewRow[]): Promise<void> {
    for (const row of rows) this.rows.set(row.project, row);
    if (this.options.mode === 'none' || this.commentsOff) return this.queue;
    this.dirty = true;
    this.queue = this.queue.then(async () => {
      if (!this.dirty || this.commentsOff) return;
      this.dirty = false;
      try {
        const gh = await this.options.github();
        if (!gh) return;
        if (this.options.mode === 'description') await this.writeDescription(gh, [...this.rows.values()]);
        else await this.writeComment(gh, [...this.rows.values()]);
      } catch (error) {
        if (isRefusal(error)) this.commentsOff = true;
        const where = this.options.mode === 'description' ? 'PR description' : 'PR comment';
        this.warnOnce('comment', error, `The ${where} could not be written`, 'pull-requests: write');
      }
    });
    return this.queue;
  }

  /** Sets the commit status of `project` on the head commit. */
  async status(project: string, state: CommitState, description: string, targetUrl: string | undefined): Promise<void> {
    if (this.statusesOff) return;
    try {
      const gh = await this.options.github();
      if (!gh) return;
      await createCommitStatus(gh, this.options.headSha, {
        state,
        context: statusContext(project),
        description,
        ...(targetUrl === undefined ? {} : { targetUrl }),
      });
      this.options.debug(`status ${statusContext(project)}: ${state} (${description})`);
    } catch (error) {
      if (this.statusesOff) return;
      if (isRefusal(error)) this.statusesOff = true;
      this.warnOnce('status', error, 'The commit status could not be set', 'statuses: write');
    }
  }

  /**
   * Only comments written by the token's own account are adopted, merged or edited: anyone, a
   * repository member included, can post a copy of the comment with rows of their own.
   */
  private async writeComment(gh: GitHubRepo, rows: PreviewRow[]): Promise<void> {
    const { pr, header } = this.options;
    let marked = await this.markedComments(gh, await this.ownLogin(gh));
    if (marked.length === 0) {
      const created = await createIssueComment(gh, pr, this.render(rows));
      this.location = this.commentUrl(created.id);
      this.options.info(`Posted the preview comment: ${this.location}`);
      // The comment's author is the token's account (a GitHub App's, say, which GET /user would not name).
      if (created.user?.login) this.login = created.user.login;
      // Another job may have posted at the same moment: look again, keep the oldest.
      marked = await this.markedComments(gh, this.login);
      if (marked.length <= 1) return;
    }
    const [keep, ...duplicates] = marked as [IssueComment, ...IssueComment[]];
    this.location = this.commentUrl(keep.id);
    // Rows of every copy survive (another job's row may be only in its copy); ours win. Every
    // copy is the same account's.
    const others = duplicates.flatMap((comment) => readRows(comment.body ?? undefined, header));
    const body = this.render(mergeRows(keep.body ?? undefined, header, [...others, ...rows]));
    if (body !== keep.body) {
      await updateIssueComment(gh, keep.id, body);
      this.options.info(`Updated the preview comment: ${this.commentUrl(keep.id)}`);
    }
    for (const duplicate of duplicates) {
      await deleteIssueComment(gh, duplicate.id);
      this.options.debug(`deleted duplicate preview comment ${duplicate.id}`);
    }
  }

  /**
   * The token's own login: GET /user for a personal token; the workflow's GITHUB_TOKEN (and an
   * App's) may not ask, and is taken to be `github-actions[bot]` until a comment it posts says.
   */
  private async ownLogin(gh: GitHubRepo): Promise<string> {
    if (this.login === undefined) {
      try {
        this.login = await getAuthenticatedUser(gh);
      } catch (error) {
        this.options.debug(`GET /user: ${(error as Error).message}; taking the token to be ${GITHUB_TOKEN_LOGIN}`);
        this.login = GITHUB_TOKEN_LOGIN;
      }
    }
    return this.login;
  }

  private async writeDescription(gh: GitHubRepo, rows: PreviewRow[]): Promise<void> {
    const { pr, header } = this.options;
    const pull = await getPullRequest(gh, pr);
    const current = pull.body ?? '';
    // The description is its author's: rows kept from it must be of someone who may write to the
    // repository (a fork's author could plant a row with a link of their choosing).
    const trusted = await this.mayWrite(gh, pull.user?.login);
    const block = this.render(mergeRows(trusted ? current : undefined, header, rows));
    const updated = replaceMarkedBlock(current, header, block);
    this.location = `${this.options.repoUrl}/pull/${pr}`;
    if (updated === current) return;
    await updatePullRequestBody(gh, pr, updated);
    this.options.info(`Updated the preview block in the description of pull request #${pr}`);
  }

  /** Whether `login` has at least `write` permission on the repository (asked, never guessed). */
  private async mayWrite(gh: GitHubRepo, login: string | undefined): Promise<boolean> {
    if (!login) return false;
    let may = this.writers.get(login);
    if (may === undefined) {
      try {
        may = WRITE_PERMISSIONS.has(await getCollaboratorPermission(gh, login));
      } catch (error) {
        this.options.debug(`permission of the pull request's author unknown (${(error as Error).message}): its rows are not kept`);
        may = false;
      }
      this.writers.set(login, may);
    }
    return may;
  }

  /** Comments of `login` that start with this header's marker, oldest first. */
  private async markedComments(gh: GitHubRepo, login: string | undefined): Promise<IssueComment[]> {
    const marker = commentMarker(this.options.header);
    const own = login?.toLowerCase();
    const comments = await listIssueComments(gh, this.options.pr);
    return comments
      .filter((comment) => (comment.body ?? '').startsWith(marker))
      .filter((comment) => own !== undefined && comment.user?.login.toLowerCase() === own)
      .sort((a, b) => a.id - b.id);
  }

  private render(rows: PreviewRow[]): string {
    return renderComment({
      header: this.options.header,
      rows,
      repoUrl: this.options.repoUrl,
      headSha: this.options.headSha,
    });
  }

  private commentUrl(id: number): string {
    return `${this.options.repoUrl}/pull/${this.options.pr}#issuecomment-${id}`;
  }

  private warnOnce(kind: 'comment' | 'status', error: unknown, what: string, permission: string): void {
    if (this.warned.has(kind)) return;
    this.warned.add(kind);
    const message = error instanceof Error ? error.message : String(error);
    const refused = isRefusal(error);
    const text = refused
      ? `${what}: GitHub refused it (403). Pull requests from forks get a read-only token; otherwise give the job \`permissions: ${permission}\`. ` +
        `The summary and outputs still carry the preview. (${message})`
      : `${what}: ${message}`;
    this.options.warning(text, refused ? 'GitHub refused the report' : 'GitHub report failed');
    this.notes.push(text);
  }
}

function isRefusal(error: unknown): boolean {
  return error instanceof GitHubError && error.refused;
}

export function statusContext(project: string): StatusContext {
  return `readthedocs-preview/${project}`;
}
