import type { GitHubRepo } from './api/client.js';
import { GitHubError } from './api/client.js';
import { createCommitStatus, type CommitState } from './api/create-commit-status.js';
import { createIssueComment } from './api/create-issue-comment.js';
import { deleteIssueComment } from './api/delete-issue-comment.js';
import { getPullRequest } from './api/get-pull-request.js';
import { listIssueComments, type IssueComment } from './api/list-issue-comments.js';
import { updateIssueComment } from './api/update-issue-comment.js';
import { updatePullRequestBody } from './api/update-pull-request-body.js';
import { commentMarker, mergeRows, readRows, renderComment, replaceMarkedBlock, type PreviewRow } from './sticky-comment.js';

/** GitHub's `author_association` values of people with write access to the repository. */
const TRUSTED_ASSOCIATIONS: ReadonlySet<string> = new Set(['OWNER', 'MEMBER', 'COLLABORATOR']);

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

  private async writeComment(gh: GitHubRepo, rows: PreviewRow[]): Promise<void> {
    const { pr, header } = this.options;
    let marked = await this.markedComments(gh);
    if (marked.length === 0) {
      const created = await createIssueComment(gh, pr, this.render(rows));
      this.location = this.commentUrl(created.id);
      this.options.info(`Posted the preview comment: ${this.location}`);
      // Another job may have posted at the same moment: look again, keep the oldest.
      marked = await this.markedComments(gh);
      if (marked.length <= 1) return;
    }
    const [keep, ...duplicates] = marked as [IssueComment, ...IssueComment[]];
    this.location = this.commentUrl(keep.id);
    // Rows of every copy survive (another job's row may be only in its copy); ours win.
    const others = duplicates.flatMap((comment) => readRows(comment.body ?? undefined, header));
    const body = this.render(mergeRows(keep.body ?? undefined, header, [...others, ...rows]));
    if (body !== keep.body) {
      await updateIssueComment(gh, keep.id, body);
      this.options.info(`Updated the preview comment: ${this.commentUrl(keep.id)}`);
    }
    for (const duplicate of duplicates) {
      // Only copies written by the same account: a user's comment quoting the marker is not ours to delete.
      if (duplicate.user?.login !== keep.user?.login) continue;
      await deleteIssueComment(gh, duplicate.id);
      this.options.debug(`deleted duplicate preview comment ${duplicate.id}`);
    }
  }

  private async writeDescription(gh: GitHubRepo, rows: PreviewRow[]): Promise<void> {
    const { pr, header } = this.options;
    const pull = await getPullRequest(gh, pr);
    const current = pull.body ?? '';
    // Rows kept from the description must have been written by someone trusted: a fork's author
    // owns the description and could plant a row with a link of their choosing.
    const trusted = TRUSTED_ASSOCIATIONS.has(pull.author_association ?? '');
    const block = this.render(mergeRows(trusted ? current : undefined, header, rows));
    const updated = replaceMarkedBlock(current, header, block);
    this.location = `${this.options.repoUrl}/pull/${pr}`;
    if (updated === current) return;
    await updatePullRequestBody(gh, pr, updated);
    this.options.info(`Updated the preview block in the description of pull request #${pr}`);
  }

  /**
   * Comments that start with this header's marker, oldest first (bots' ahead of people's). Only a
   * bot's or a repository member's comment can be ours: anyone may post a comment that starts with
   * the marker, and its hidden rows would otherwise be merged into the table.
   */
  private async markedComments(gh: GitHubRepo): Promise<IssueComment[]> {
    const marker = commentMarker(this.options.header);
    const comments = await listIssueComments(gh, this.options.pr);
    return comments
      .filter((comment) => (comment.body ?? '').startsWith(marker))
      .filter((comment) => comment.user?.type === 'Bot' || TRUSTED_ASSOCIATIONS.has(comment.author_association ?? ''))
      .sort((a, b) => Number(b.user?.type === 'Bot') - Number(a.user?.type === 'Bot') || a.id - b.id);
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
