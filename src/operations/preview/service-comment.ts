/**
 * Read the Docs' own build-overview comment on a pull request (GitHub App projects, on by
 * default): by the service's app, its body starting `<!-- readthedocs-{project id} -->` (the
 * project's numeric API v3 `id`). The service writes it only after a successful build and never
 * touches it after a failed one, so it may be about an older commit than the head: its body names
 * the commit it compares ("Comparing {commit} against …"). The action never edits it; it only links
 * to it, by its id.
 */
import type { IssueComment } from '../../github/api/rest.js';

/**
 * The service's app accounts, lower case: Read the Docs' GitHub App posts as `readthedocs[bot]`.
 * Any other app can post the marker (an App installed on the repository, a workflow's token): only
 * these speak for the service.
 */
const SERVICE_APP_LOGINS: ReadonlySet<string> = new Set(['readthedocs[bot]']);

/** Anchored, bounded: linear whatever the body holds. */
const SERVICE_MARKER = /^<!-- readthedocs-(\d{1,15}) -->/;
/** The commit the overview compares; the search is bounded to the body's start (the line is near the top). */
const COMPARED_COMMIT = /Comparing ([0-9a-fA-F]{7,40}) against/;
const COMPARED_SEARCH_CHARS = 4096;

/** One project's comment of the service. */
export interface ServiceComment {
  id: number;
  /** The commit it compares (lower case, as the body gives it: full or abbreviated); undefined when it names none. */
  commit: string | undefined;
}

/**
 * The service's comments among `comments`, by project id (the oldest per project). Only a Bot-type
 * account among {@link SERVICE_APP_LOGINS} counts, never the token's own account: a copy of the
 * marker by anyone else (another app included) is ignored.
 */
export function serviceComments(comments: IssueComment[], ownLogin: string): Map<number, ServiceComment> {
  const found = new Map<number, ServiceComment>();
  const own = ownLogin.toLowerCase();
  for (const comment of [...comments].sort((a, b) => a.id - b.id)) {
    const user = comment.user;
    if (user?.type !== 'Bot') continue;
    const login = user.login.toLowerCase();
    if (!SERVICE_APP_LOGINS.has(login) || login === own) continue;
    const body = comment.body ?? '';
    const match = SERVICE_MARKER.exec(body);
    const projectId = match ? Number(match[1]) : undefined;
    if (projectId === undefined || found.has(projectId)) continue;
    const compared = COMPARED_COMMIT.exec(body.slice(0, COMPARED_SEARCH_CHARS));
    found.set(projectId, { id: comment.id, commit: compared ? compared[1]!.toLowerCase() : undefined });
  }
  return found;
}

/** Whether the service's comment is about `headSha` (its compared commit, full or abbreviated, is the head's). */
export function isAboutCommit(comment: ServiceComment, headSha: string): boolean {
  return comment.commit !== undefined && headSha.toLowerCase().startsWith(comment.commit);
}
