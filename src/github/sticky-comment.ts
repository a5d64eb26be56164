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
   * first (none before the first post). Called again with every copy when two jobs posted at once.
   */
  render: (own: IssueComment[]) => string;
}

export interface StickyCommentWrite {
  /** The comment kept. */
  id: number;
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
  let own = await ownMarkedComments(gh, options);
  let created: number | undefined;
  if (own.length === 0) {
    const comment = await createIssueComment(gh, options.issue, options.render([]));
    created = comment.id;
    options.identity.learn(comment.user?.login);
    own = await ownMarkedComments(gh, options);
    if (own.length <= 1) return { id: comment.id, created, updated: false, deleted: [] };
  }
  const [keep, ...duplicates] = own as [IssueComment, ...IssueComment[]];
  const body = options.render(own);
  const updated = body !== keep.body;
  if (updated) await updateIssueComment(gh, keep.id, body);
  const deleted: number[] = [];
  for (const duplicate of duplicates) {
    await deleteIssueComment(gh, duplicate.id);
    deleted.push(duplicate.id);
  }
  return { id: keep.id, created, updated, deleted };
}

/** The token's own comments on the issue that start with `marker`, oldest first. */
export async function ownMarkedComments(
  gh: GitHubRepo,
  options: Pick<StickyCommentOptions, 'issue' | 'marker' | 'identity'>,
): Promise<IssueComment[]> {
  const login = (await options.identity.login(gh)).toLowerCase();
  const comments = await listIssueComments(gh, options.issue);
  return comments
    .filter((comment) => (comment.body ?? '').startsWith(options.marker))
    .filter((comment) => comment.user?.login.toLowerCase() === login)
    .sort((a, b) => a.id - b.id);
}
