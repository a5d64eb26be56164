/**
 * The one issue `health` keeps in the repository: the open issue whose body starts with a hidden
 * marker and that the token's own account opened. Opened when something is wrong, edited in place
 * while it stays wrong, closed with a comment once all is well. Anyone can copy the marker into an
 * issue of their own: only the token's are adopted, edited or closed.
 *
 * Found without paging through the repository's other issues: by `creator=` once the token's login
 * is known, else by a search on the marker among the issues the workflow's GITHUB_TOKEN opened
 * (`github-actions[bot]`'s: the token that may not ask who it is, by default). After opening one,
 * the token's login is known from it: its copies (a race, a search that lagged) are closed as
 * duplicates of the oldest, so at most one stays open per marker.
 */
import { visibleControls } from '../../util/untrusted-text.js';
import type { GitHubRepo } from '../../github/api/client.js';
import { createIssue, createIssueComment, listOpenIssuesBy, searchOpenIssues, updateIssue } from '../../github/api/rest.js';
import { GITHUB_TOKEN_LOGIN, type TokenIdentity } from '../../github/token-identity.js';

export interface HealthIssueOptions {
  marker: string;
  identity: TokenIdentity;
  title: string;
  /**
   * The body while something is wrong (it starts with the marker), written knowing the body of the
   * issue kept so far (its hidden state: dead-links.ts); undefined when all is well.
   */
  body: ((previous: string | undefined) => string) | undefined;
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

/** What is read of an issue, whether listed or found by a search. */
interface KeptIssue {
  number: number;
  title: string;
  body?: string | null | undefined;
  html_url: string;
  user: { login: string; type?: string } | null;
}

/**
 * The token's own open issues that carry the marker, oldest first: listed by `creator=` when the
 * login is known. Else the token is taken for the workflow's GITHUB_TOKEN (the action's default,
 * which may not ask who it is): the search on the marker asks for `github-actions[bot]`'s issues
 * only, so another App's bot that copies what users write into issues is never adopted. An App's
 * token that cannot tell who it is finds nothing so, opens an issue, and learns its login from it.
 */
async function ownIssues(gh: GitHubRepo, marker: string, identity: TokenIdentity): Promise<KeptIssue[]> {
  const login = await identity.login(gh);
  const carries = (issue: KeptIssue) => (issue.body ?? '').startsWith(marker);
  if (login !== '') {
    const listed = await listOpenIssuesBy(gh, login);
    return listed.filter((issue) => carries(issue) && issue.user?.login.toLowerCase() === login.toLowerCase()).sort(byNumber);
  }
  // GitHub's search ignores the comment's punctuation: it matches the marker's words.
  const found = await searchOpenIssues(gh, marker, WORKFLOW_TOKEN_AUTHOR);
  return found.filter((issue) => carries(issue) && isWorkflowTokens(issue)).sort(byNumber);
}

/** The search qualifier for the issues the workflow's GITHUB_TOKEN opened. */
const WORKFLOW_TOKEN_AUTHOR = 'app/github-actions';

/** Whether GitHub names the workflow token's bot as the issue's author (a search's answer is checked too). */
const isWorkflowTokens = (issue: KeptIssue) =>
  issue.user?.type === 'Bot' && issue.user.login.toLowerCase() === GITHUB_TOKEN_LOGIN.toLowerCase();

const byNumber = (a: KeptIssue, b: KeptIssue) => a.number - b.number;

/** Opens, edits or closes the one issue as `options.body` says; a copy left by a race is closed as a duplicate. */
export async function keepHealthIssue(gh: GitHubRepo, options: HealthIssueOptions): Promise<HealthIssueWrite> {
  const own = await ownIssues(gh, options.marker, options.identity);
  if (options.body === undefined) return closeAll(gh, own, options.closing);
  const [kept, ...copies] = own;
  if (!kept) return openOne(gh, options, options.body);
  const duplicates = await closeDuplicates(gh, kept, copies);
  return { ...(await edit(gh, kept, options.title, options.body(kept.body ?? undefined))), duplicates };
}

/** Every issue of the marker closed with the comment; `none` when there was none. */
async function closeAll(gh: GitHubRepo, own: KeptIssue[], closing: string): Promise<HealthIssueWrite> {
  const [kept] = own;
  if (!kept) return { action: 'none', duplicates: [] };
  for (const issue of own) {
    await createIssueComment(gh, issue.number, closing);
    await updateIssue(gh, issue.number, { state: 'closed', state_reason: 'completed' });
  }
  return { action: 'closed', number: kept.number, url: kept.html_url, duplicates: [] };
}

/**
 * A new issue; then, its author naming the token, the token's issues of the marker listed again:
 * when another is older (a job that ran at the same moment, a search that missed it), the oldest
 * is kept and edited, the others closed as its duplicates.
 */
async function openOne(
  gh: GitHubRepo,
  options: HealthIssueOptions,
  body: (previous: string | undefined) => string,
): Promise<HealthIssueWrite> {
  const created = await createIssue(gh, { title: options.title, body: body(undefined) });
  const opened: HealthIssueWrite = { action: 'opened', number: created.number, url: created.html_url, duplicates: [] };
  const author = created.user?.login;
  if (!author) return opened;
  options.identity.learn(author);
  const listed = await ownIssues(gh, options.marker, options.identity);
  // The new issue is the newest: last, when a list that lags does not show it yet.
  const own = listed.some((issue) => issue.number === created.number) ? listed : [...listed, created];
  const [kept, ...copies] = own as [KeptIssue, ...KeptIssue[]];
  const duplicates = await closeDuplicates(gh, kept, copies);
  if (kept.number === created.number) return { ...opened, duplicates };
  return { ...(await edit(gh, kept, options.title, body(kept.body ?? undefined))), duplicates };
}

/** Each copy told it duplicates the kept issue (GitHub marks it so), and closed. */
async function closeDuplicates(gh: GitHubRepo, kept: KeptIssue, copies: KeptIssue[]): Promise<number[]> {
  const duplicates: number[] = [];
  for (const copy of copies) {
    await createIssueComment(gh, copy.number, `Duplicate of #${kept.number}.`);
    await updateIssue(gh, copy.number, { state: 'closed', state_reason: 'not_planned' });
    duplicates.push(copy.number);
  }
  return duplicates;
}

/** The kept issue edited when its title or body differ from what they should say (as GitHub stores them); else left alone. */
async function edit(gh: GitHubRepo, kept: KeptIssue, title: string, body: string): Promise<Omit<HealthIssueWrite, 'duplicates'>> {
  const where = { number: kept.number, url: kept.html_url };
  if (kept.body === visibleControls(body) && kept.title === visibleControls(title)) return { action: 'unchanged', ...where };
  await updateIssue(gh, kept.number, { title, body });
  return { action: 'updated', ...where };
}
