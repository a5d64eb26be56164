/**
 * The one issue `health` keeps in the repository: the open issue whose body starts with a hidden
 * marker and that the token's own account opened. Opened when something is wrong, edited in place
 * while it stays wrong, closed with a comment once all is well. Anyone can copy the marker into an
 * issue of their own: only the token's are adopted, edited or closed.
 */
import type { GitHubRepo } from './api/client.js';
import { createIssue, createIssueComment, listOpenIssues, updateIssue, type Issue } from './api/rest.js';
import type { TokenIdentity } from './token-identity.js';

export interface HealthIssueOptions {
  marker: string;
  identity: TokenIdentity;
  title: string;
  /** The body while something is wrong (it starts with the marker); undefined when all is well. */
  body: string | undefined;
  /** The comment the issue is closed with. */
  closing: string;
}

export interface HealthIssueWrite {
  action: 'opened' | 'updated' | 'unchanged' | 'closed' | 'none';
  number?: number;
  url?: string;
  /** Copies another job opened at the same moment, closed as duplicates. */
  duplicates: number[];
}

/** The token's own open issues that carry the marker, oldest first. */
async function ownIssues(gh: GitHubRepo, marker: string, identity: TokenIdentity): Promise<Issue[]> {
  const own: Issue[] = [];
  for (const issue of await listOpenIssues(gh)) {
    if ((issue.body ?? '').startsWith(marker) && (await identity.isOwn(gh, issue.user?.login))) own.push(issue);
  }
  return own;
}

/** Opens, edits or closes the one issue as `options.body` says; a copy left by a race is closed as a duplicate. */
export async function keepHealthIssue(gh: GitHubRepo, options: HealthIssueOptions): Promise<HealthIssueWrite> {
  const [kept, ...copies] = await ownIssues(gh, options.marker, options.identity);
  const duplicates: number[] = [];
  for (const copy of options.body === undefined ? [] : copies) {
    await createIssueComment(gh, copy.number, `Duplicate of #${kept!.number}.`);
    await updateIssue(gh, copy.number, { state: 'closed' });
    duplicates.push(copy.number);
  }
  if (options.body === undefined) {
    if (!kept) return { action: 'none', duplicates };
    for (const issue of [kept, ...copies]) {
      await createIssueComment(gh, issue.number, options.closing);
      await updateIssue(gh, issue.number, { state: 'closed', state_reason: 'completed' });
    }
    return { action: 'closed', number: kept.number, url: kept.html_url, duplicates };
  }
  if (!kept) {
    const issue = await createIssue(gh, { title: options.title, body: options.body });
    options.identity.learn(issue.user?.login);
    return { action: 'opened', number: issue.number, url: issue.html_url, duplicates };
  }
  if (kept.body === options.body && kept.title === options.title) {
    return { action: 'unchanged', number: kept.number, url: kept.html_url, duplicates };
  }
  await updateIssue(gh, kept.number, { title: options.title, body: options.body });
  return { action: 'updated', number: kept.number, url: kept.html_url, duplicates };
}
