/**
 * One way to keep a sticky comment on a pull request: the comment that starts with a hidden marker
 * and was written by the token's own account, edited in place on every run. Only such comments are
 * adopted, edited or deleted: anyone, a repository member included, can post a copy of the marker.
 */
import type { GitHubRepo } from './api/client.js';
import { createIssueComment, deleteIssueComment, listIssueComments, updateIssueComment, type IssueComment } from './api/rest.js';
import type { TokenIdentity } from './token-identity.js';

export interface StickyCommentOptions {
  /** The pull request (or issue) number. */
  issue: number;
  /** The hidden marker the comment's body starts with. */
  marker: string;
  /** Whose comments are ours; learns the author of a comment it posts (a GitHub App's bot). */
  identity: TokenIdentity;
  /**
   * The body the comment is to hold, given the token's own marked comments already there, oldest
   * first (none before the first post), and every comment of the issue. Called again with every
   * copy when two jobs posted at once. `undefined`: no comment is wanted (none is posted, and the
   * token's own are deleted). It must fit GitHub's 65,536 characters (`fitsGitHubBody`): a longer
   * body is refused before it is sent (src/github/api/rest.ts), the comment left as it was.
   */
  render: (own: IssueComment[], all: IssueComment[]) => string | undefined;
}

export interface StickyCommentWrite {
  /** The comment kept; undefined when none is wanted. */
  id: number | undefined;
  /** The comment this call posted, if it posted one. */
  created: number | undefined;
  /** Whether the kept comment was edited. */
  updated: boolean;
  /** Copies removed: two jobs that posted at the same moment leave two comments, the oldest stays. */
  deleted: number[];
}

/**
 * Creates the comment, or edits the token's own marked comment when its body differs. After a post,
 * it looks again: another job may have posted at the same moment; the oldest copy is kept, given the
 * body rendered from every copy, and the others are deleted (every copy is the same account's).
 */
export async function keepStickyComment(gh: GitHubRepo, options: StickyCommentOptions): Promise<StickyCommentWrite> {
  let { own, all } = await markedComments(gh, options);
  let created: number | undefined;
  if (own.length === 0) {
    const first = options.render([], all);
    if (first === undefined) return { id: undefined, created: undefined, updated: false, deleted: [] };
    const comment = await createIssueComment(gh, options.issue, first);
    created = comment.id;
    options.identity.learn(comment.user?.login);
    ({ own, all } = await markedComments(gh, options));
    if (own.length <= 1) return { id: comment.id, created, updated: false, deleted: [] };
  }
  const [keep, ...duplicates] = own as [IssueComment, ...IssueComment[]];
  const body = options.render(own, all);
  const deleted: number[] = [];
  for (const duplicate of body === undefined ? own : duplicates) {
    await deleteIssueComment(gh, duplicate.id);
    deleted.push(duplicate.id);
  }
  if (body === undefined) return { id: undefined, created, updated: false, deleted };
  const updated = body !== keep.body;
  if (updated) await updateIssueComment(gh, keep.id, body);
  return { id: keep.id, created, updated, deleted };
}

/** Every comment of the issue, and the token's own that start with `marker` (oldest first). */
async function markedComments(
  gh: GitHubRepo,
  options: Pick<StickyCommentOptions, 'issue' | 'marker' | 'identity'>,
): Promise<{ own: IssueComment[]; all: IssueComment[] }> {
  const login = (await options.identity.login(gh)).toLowerCase();
  const all = await listIssueComments(gh, options.issue);
  const own = all
    .filter((comment) => (comment.body ?? '').startsWith(options.marker))
    .filter((comment) => comment.user?.login.toLowerCase() === login)
    .sort((a, b) => a.id - b.id);
  return { own, all };
}
