/**
 * Read the Docs' own build-overview comment on a pull request (GitHub App projects, on by
 * default): by `<app name>[bot]`, its body starting `<!-- readthedocs-{project id} -->` (the
 * project's numeric API v3 `id`). The action never edits it; it only links to it, by its id.
 */
import type { IssueComment } from './api/rest.js';

/** Anchored, bounded: linear whatever the body holds. */
const SERVICE_MARKER = /^<!-- readthedocs-(\d{1,15}) -->/;

/**
 * The service's comments among `comments`, as project id → comment id (the oldest per project).
 * Only a Bot-type account whose login ends in `[bot]` counts (only a GitHub App can post as one),
 * never the token's own account: a copy of the marker by anyone else is ignored.
 */
export function serviceComments(comments: IssueComment[], ownLogin: string): Map<number, number> {
  const found = new Map<number, number>();
  const own = ownLogin.toLowerCase();
  for (const comment of [...comments].sort((a, b) => a.id - b.id)) {
    const login = comment.user?.login.toLowerCase() ?? '';
    if (comment.user?.type !== 'Bot' || !login.endsWith('[bot]') || login === own) continue;
    const match = SERVICE_MARKER.exec(comment.body ?? '');
    const projectId = match ? Number(match[1]) : undefined;
    if (projectId !== undefined && !found.has(projectId)) found.set(projectId, comment.id);
  }
  return found;
}
