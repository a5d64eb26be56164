import type { GitHubRepo } from '../../github/api/client.js';
import { GitHubError } from '../../github/api/client.js';
import {
  createCommitStatus,
  getCollaboratorPermission,
  getPullRequest,
  updatePullRequestBody,
  type CommitState,
} from '../../github/api/rest.js';
import { commentMarker, mergeRows, readRows, type PreviewRow } from './comment-rows.js';
import { replaceMarkedBlock } from './pr-description.js';
import { renderComment } from './render-comment.js';
import { GITHUB_BODY_LIMIT } from '../../reporting/markdown.js';
import { isAboutCommit, serviceComments } from './service-comment.js';
import { keepStickyComment } from '../../github/sticky-comment.js';
import { TokenIdentity } from '../../github/token-identity.js';
import { messageOf } from '../../util/message-of.js';

/** Repository permissions (collaborators permission endpoint) that may write the description's rows. */
const WRITE_PERMISSIONS: ReadonlySet<string> = new Set(['admin', 'maintain', 'write']);

/**
 * `auto`: the sticky comment, except when every project it would show is ready at the head commit
 * and Read the Docs' own comment (GitHub App projects) of each is about that commit: then none (an
 * earlier one of the action's is removed).
 */
type CommentMode = 'auto' | 'comment' | 'description' | 'none';

export interface PublisherOptions {
  /** Resolves to the client, or `undefined` when GitHub is not to be called (no token). */
  github: () => Promise<GitHubRepo | undefined>;
  pr: number;
  headSha: string;
  mode: CommentMode;
  header: string;
  /** `https://github.com/owner/repo`, to link commits. */
  repoUrl: string;
  /** This workflow run's page, linked from the comment and from each row it writes. */
  runUrl?: string;
  warning: (message: string, title: string) => void;
  info: (message: string) => void;
  debug: (message: string) => void;
  /** Who the token is, shared with the deployments; a new one when not given. */
  identity?: TokenIdentity;
  /** The project's numeric id on the service, to recognise its own comment; undefined when unknown. */
  projectId?: (project: string) => Promise<number | undefined>;
}

type StatusContext = `readthedocs-preview/${string}`;

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
  /** With `comment: auto`, the service's own comment that reports every project instead of the action's. */
  handedOverTo: string | undefined;
  private readonly rows = new Map<string, PreviewRow>();
  private queue: Promise<void> = Promise.resolve();
  private dirty = false;
  private commentsOff = false;
  private statusesOff = false;
  private readonly warned = new Set<'comment' | 'status'>();
  /** The token's own account: only its comments are ours. */
  private readonly identity: TokenIdentity;
  /** Whether a login may write to the repository, asked once per login. */
  private readonly writers = new Map<string, boolean>();

  constructor(private readonly options: PublisherOptions) {
    this.identity = options.identity ?? new TokenIdentity(options.debug);
  }

  /** Sets rows (one per project) and writes the comment; writes are serialised and coalesced. */
  publish(rows: PreviewRow[]): Promise<void> {
    const { runUrl } = this.options;
    for (const row of rows) this.rows.set(row.project, runUrl === undefined ? row : { ...row, runUrl });
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
   * repository member included, can post a copy of the comment with rows of their own. Rows of
   * every copy survive (another job's row may be only in its copy); ours win. Rows of a project
   * whose Read the Docs' own comment is about the head commit link to it and leave it the changed
   * files. With `auto`, the action hands over (its comment is not posted, and one posted before is
   * removed) only when every row is ready at the head commit and the service's comment of every
   * project is about that commit: the service writes its comment only after a successful build, so
   * after a failed push it still shows the older, green one, and ours must say what happened. The
   * service's comment is never edited.
   */
  private async writeComment(gh: GitHubRepo, rows: PreviewRow[]): Promise<void> {
    const { pr, header, headSha } = this.options;
    const withIds = await Promise.all(rows.map(async (row) => withProjectId(row, await this.options.projectId?.(row.project))));
    // Asked once and kept: the same call keepStickyComment makes.
    const ownLogin = await this.identity.login(gh);
    let handedOver: string | undefined;
    const write = await keepStickyComment(gh, {
      issue: pr,
      marker: commentMarker(header),
      identity: this.identity,
      render: (own, all) => {
        // Only the service's comments about the head commit report it: an older one shows an older build.
        const service = new Map(
          [...serviceComments(all, ownLogin)]
            .filter(([, comment]) => isAboutCommit(comment, headSha))
            .map(([project, comment]) => [project, this.commentUrl(comment.id)]),
        );
        let shown = withIds;
        if (own.length > 0) {
          const [keep, ...duplicates] = own;
          const others = duplicates.flatMap((comment) => readRows(comment.body ?? undefined, header));
          shown = mergeRows(keep!.body ?? undefined, header, [...others, ...withIds]);
        }
        const reported = shown.map((row) =>
          row.status === 'ready' && row.commit.toLowerCase() === headSha.toLowerCase() && row.projectId !== undefined
            ? service.get(row.projectId)
            : undefined,
        );
        // A row with something to tell (broken links, links kept working by a redirect, pages without a redirect, new warnings) keeps the action's comment.
        const tells = shown.some((row) =>
          Boolean(
            row.brokenCounts ||
              row.failedChecks?.length ||
              row.unreadPages ||
              row.redirectedLinks?.length ||
              row.unredirected?.length ||
              row.moreUnredirected ||
              row.warnings?.new.length ||
              row.warnings?.moreNew,
          ),
        );
        if (this.options.mode === 'auto' && shown.length > 0 && !tells && reported.every((url) => url !== undefined)) {
          handedOver = reported[0];
          return undefined;
        }
        return this.render(shown, service);
      },
    });
    this.handedOverTo = handedOver;
    if (write.id === undefined) {
      this.location = undefined;
      this.options.info(
        write.deleted.length > 0
          ? "Read the Docs' own comment now reports every project ready at the head commit: the action's comment is removed (`comment: auto`)"
          : "Read the Docs' own comment reports every project ready at the head commit: no comment of the action's (`comment: auto`)",
      );
      return;
    }
    if (write.created !== undefined) this.options.info(`Posted the preview comment: ${this.commentUrl(write.created)}`);
    this.location = this.commentUrl(write.id);
    if (write.updated) this.options.info(`Updated the preview comment: ${this.commentUrl(write.id)}`);
    for (const id of write.deleted) this.options.debug(`deleted duplicate preview comment ${id}`);
  }

  private async writeDescription(gh: GitHubRepo, rows: PreviewRow[]): Promise<void> {
    const { pr, header } = this.options;
    const pull = await getPullRequest(gh, pr);
    const current = pull.body ?? '';
    // The description is its author's: rows kept from it must be of someone who may write to the
    // repository (a fork's author could plant a row with a link of their choosing).
    const trusted = await this.mayWrite(gh, pull.user?.login);
    // The author's text stays as written: the block gets the room it leaves under GitHub's limit.
    const room = GITHUB_BODY_LIMIT - replaceMarkedBlock(current, header, '').length;
    const block = this.render(mergeRows(trusted ? current : undefined, header, rows), undefined, room);
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
        this.options.debug(`permission of the pull request's author unknown (${messageOf(error)}): its rows are not kept`);
        may = false;
      }
      this.writers.set(login, may);
    }
    return may;
  }

  private render(rows: PreviewRow[], serviceComments?: ReadonlyMap<number, string>, limit?: number): string {
    return renderComment(
      {
        header: this.options.header,
        rows,
        repoUrl: this.options.repoUrl,
        headSha: this.options.headSha,
        ...(this.options.runUrl === undefined ? {} : { runUrl: this.options.runUrl }),
        ...(serviceComments ? { serviceComments } : {}),
      },
      limit,
    );
  }

  private commentUrl(id: number): string {
    return `${this.options.repoUrl}/pull/${this.options.pr}#issuecomment-${id}`;
  }

  private warnOnce(kind: 'comment' | 'status', error: unknown, what: string, permission: string): void {
    if (this.warned.has(kind)) return;
    this.warned.add(kind);
    const message = messageOf(error);
    const refused = isRefusal(error);
    const text = refused
      ? `${what}: GitHub refused it (403). Pull requests from forks get a read-only token; otherwise give the job \`permissions: ${permission}\`. ` +
        `The summary and outputs still carry the preview. (${message})`
      : `${what}: ${message}`;
    this.options.warning(text, refused ? 'GitHub refused the report' : 'GitHub report failed');
    this.notes.push(text);
  }
}

function withProjectId(row: PreviewRow, projectId: number | undefined): PreviewRow {
  return projectId === undefined ? row : { ...row, projectId };
}

function isRefusal(error: unknown): boolean {
  return error instanceof GitHubError && error.refused;
}

function statusContext(project: string): StatusContext {
  return `readthedocs-preview/${project}`;
}
