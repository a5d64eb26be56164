/**
 * Every GitHub call the action makes, one Octokit typed REST method each (`octokit.rest.*`, lists
 * through `octokit.paginate`), sent by `client.ts` with its guards: the API's origin only, bounded
 * answers, the workflow's cancellation, retries only where a repeat is harmless, and each failure a
 * `GitHubError` named by the call (`POST issues/{n}/comments`). The answers are typed by Octokit;
 * the text in them (bodies, logins, file names) is still hostile: printed through the neutraliser.
 * What the action writes for people (comment and issue bodies, titles, descriptions) leaves with no
 * raw C1 or bidi control (`visibleControls`), whichever path built it.
 */
import { GITHUB_BODY_LIMIT, safeHttpUrl } from '../../reporting/markdown.js';
import { visibleControls } from '../../util/untrusted-text.js';
import { call, GitHubError, type GitHubRepo, type Octokit, readPages, withRequest } from './client.js';

type Rest = Octokit['rest'];
type DataOf<M extends (...args: never[]) => Promise<{ data: unknown }>> = Awaited<ReturnType<M>>['data'];

export type IssueComment = DataOf<Rest['issues']['createComment']>;
export type PullRequest = DataOf<Rest['pulls']['get']>;
export type OpenPullRequest = DataOf<Rest['pulls']['list']>[number];
export type Deployment = DataOf<Rest['repos']['listDeployments']>[number];
export type CommitState = 'pending' | 'success' | 'failure' | 'error';
export type DeploymentState = 'in_progress' | 'success' | 'failure' | 'error' | 'inactive';

/** GitHub refuses longer status descriptions. */
const DESCRIPTION_LIMIT = 140;
/** A pull request with more comments than this is not searched further (GitHub caps threads well below). */
const MAX_COMMENT_PAGES = 30;
/** GitHub lists at most 3000 files of a pull request. */
const MAX_FILE_PAGES = 30;
/** One head branch has one open pull request per base branch: a few pages are plenty. */
const MAX_PULL_PAGES = 3;
const MAX_DEPLOYMENT_PAGES = 10;
/** GitHub's largest page. */
const PAGE_SIZE = 100;

/** The repository every call is about. */
function at(gh: GitHubRepo): { owner: string; repo: string } {
  return { owner: gh.owner, repo: gh.repo };
}

/** Safe to send twice (a GET, an edit, a status): a network fault or 5xx is retried. */
function repeatable(gh: GitHubRepo) {
  return { idempotent: true, limits: gh.limits };
}

/** A repeat would write twice (a second comment, a second deployment): never retried. */
function once(gh: GitHubRepo) {
  return { idempotent: false, limits: gh.limits };
}

/**
 * `text` with its controls made visible, cut to GitHub's limit for a status description (counted in
 * UTF-16 code units, at least its characters; never inside a surrogate pair).
 */
function describe(text: string): string {
  const visible = visibleControls(text);
  if (visible.length <= DESCRIPTION_LIMIT) return visible;
  let kept = '';
  for (const char of visible) {
    if (kept.length + char.length > DESCRIPTION_LIMIT - 1) break;
    kept += char;
  }
  return `${kept}…`;
}

/**
 * A comment, issue or pull request body as it is sent: its controls made visible, and refused here,
 * before any request, when GitHub would refuse it (over {@link GITHUB_BODY_LIMIT}): a clear error
 * instead of a 422. The renderers fit their bodies; this is the guard for every path that sends one.
 */
function sentBody(body: string): string {
  return withinBodyLimit(visibleControls(body));
}

/** `sent` as it is, or an error before any request when it is over {@link GITHUB_BODY_LIMIT}. */
function withinBodyLimit(sent: string): string {
  if (sent.length > GITHUB_BODY_LIMIT) {
    throw new Error(
      `the body would be ${sent.length.toLocaleString('en-US')} characters, over GitHub's limit of ${GITHUB_BODY_LIMIT.toLocaleString('en-US')}: not sent`,
    );
  }
  return sent;
}

/** GET /user: the token's own login. The workflow's GITHUB_TOKEN and App tokens are refused (403): callers need a fallback. */
export async function getAuthenticatedUser(gh: GitHubRepo): Promise<string> {
  const user = await call('GET user', (request) => gh.octokit.rest.users.getAuthenticated({ request }), repeatable(gh));
  return user.login;
}

/** A login as GitHub spells them: an account's, or an App's bot (`name[bot]`). */
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/;

/**
 * GraphQL's `viewer`: who the token is, for every kind of token (a GitHub App's installation token
 * and the workflow's GITHUB_TOKEN, which GET /user refuses, name their bot: `name[bot]`).
 */
export async function getViewerLogin(gh: GitHubRepo): Promise<string> {
  const answer = await call(
    'POST graphql (viewer)',
    async (request) => ({ data: await gh.octokit.graphql<{ viewer?: { login?: unknown } }>('query { viewer { login } }', { request }) }),
    repeatable(gh),
  );
  const login = answer?.viewer?.login;
  if (typeof login !== 'string' || !LOGIN.test(login)) {
    throw new GitHubError('POST graphql (viewer): the answer names no login', 0, 'POST graphql (viewer)');
  }
  return login;
}

/** GET repos/{owner}/{repo}/collaborators/{user}/permission: `admin`, `write`, `read` or `none`. */
export async function getCollaboratorPermission(gh: GitHubRepo, username: string): Promise<string> {
  const answer = await call(
    'GET collaborators/{user}/permission',
    (request) => gh.octokit.rest.repos.getCollaboratorPermissionLevel({ ...at(gh), username, request }),
    repeatable(gh),
  );
  return answer.permission;
}

/** GET repos/{owner}/{repo}/issues/{n}/comments, every page, oldest first. */
export function listIssueComments(gh: GitHubRepo, issue: number): Promise<IssueComment[]> {
  const pages = gh.octokit.paginate.iterator(withRequest(gh.octokit.rest.issues.listComments, gh.limits), {
    ...at(gh),
    issue_number: issue,
    per_page: PAGE_SIZE,
  });
  return readPages('GET issues/{n}/comments', pages, MAX_COMMENT_PAGES, gh.limits);
}

/** POST repos/{owner}/{repo}/issues/{n}/comments. */
export function createIssueComment(gh: GitHubRepo, issue: number, body: string): Promise<IssueComment> {
  return call(
    'POST issues/{n}/comments',
    (request) => gh.octokit.rest.issues.createComment({ ...at(gh), issue_number: issue, body: sentBody(body), request }),
    once(gh),
  );
}

/** PATCH repos/{owner}/{repo}/issues/comments/{id}: replaces the body (repeating it changes nothing). */
export function updateIssueComment(gh: GitHubRepo, commentId: number, body: string): Promise<IssueComment> {
  return call(
    'PATCH issues/comments/{id}',
    (request) => gh.octokit.rest.issues.updateComment({ ...at(gh), comment_id: commentId, body: sentBody(body), request }),
    repeatable(gh),
  );
}

/** DELETE repos/{owner}/{repo}/issues/comments/{id} (a duplicate left by two jobs racing). */
export async function deleteIssueComment(gh: GitHubRepo, commentId: number): Promise<void> {
  await call(
    'DELETE issues/comments/{id}',
    (request) => gh.octokit.rest.issues.deleteComment({ ...at(gh), comment_id: commentId, request }),
    repeatable(gh),
  );
}

/** GET repos/{owner}/{repo}/pulls/{n}. */
export function getPullRequest(gh: GitHubRepo, pr: number): Promise<PullRequest> {
  return call('GET pulls/{n}', (request) => gh.octokit.rest.pulls.get({ ...at(gh), pull_number: pr, request }), repeatable(gh));
}

/**
 * PATCH repos/{owner}/{repo}/pulls/{n} with a new description: the author's text kept as written
 * (the action's block in it is escaped where it is made), refused before any request over GitHub's limit.
 */
export function updatePullRequestBody(gh: GitHubRepo, pr: number, body: string): Promise<PullRequest> {
  return call(
    'PATCH pulls/{n}',
    (request) => gh.octokit.rest.pulls.update({ ...at(gh), pull_number: pr, body: withinBodyLimit(body), request }),
    repeatable(gh),
  );
}

/**
 * GET repos/{owner}/{repo}/pulls?head={owner}:{branch}&state=open: the open pull requests whose
 * head is that branch of that owner's repository (a fork's, for a fork PR).
 */
export function listOpenPullRequests(gh: GitHubRepo, head: { owner: string; branch: string }): Promise<OpenPullRequest[]> {
  const pages = gh.octokit.paginate.iterator(withRequest(gh.octokit.rest.pulls.list, gh.limits), {
    ...at(gh),
    head: `${head.owner}:${head.branch}`,
    state: 'open',
    per_page: PAGE_SIZE,
  });
  return readPages('GET pulls?head', pages, MAX_PULL_PAGES, gh.limits);
}

/** A file of the pull request: its path, GitHub's status (`added`, `removed`, `renamed`…), and for a rename the path before. */
export interface PullRequestFileEntry {
  filename: string;
  status?: string;
  previousFilename?: string;
}

/** The paths the PR adds or changes, from its entries (removed ones left out). */
export function changedFileNames(files: PullRequestFileEntry[]): string[] {
  return files.filter((file) => file.status !== 'removed').map((file) => file.filename);
}

/** GET repos/{owner}/{repo}/pulls/{n}/files: every entry, removed and renamed ones with their status (`redirect-check`). */
export async function listPullRequestFileEntries(gh: GitHubRepo, pr: number): Promise<PullRequestFileEntry[]> {
  const pages = gh.octokit.paginate.iterator(withRequest(gh.octokit.rest.pulls.listFiles, gh.limits), {
    ...at(gh),
    pull_number: pr,
    per_page: PAGE_SIZE,
  });
  const files = await readPages('GET pulls/{n}/files', pages, MAX_FILE_PAGES, gh.limits);
  return files.map((file) => ({
    filename: file.filename,
    ...(file.status === undefined ? {} : { status: file.status }),
    ...(file.previous_filename === undefined || file.previous_filename === null ? {} : { previousFilename: file.previous_filename }),
  }));
}

/**
 * GET repos/{owner}/{repo}/contents/{path}?ref={sha}: a file's text at a commit, or `undefined`
 * when it does not exist there (or is a folder, a link). Read through the API: no checkout of PR code.
 */
export async function getFileContent(gh: GitHubRepo, path: string, ref: string): Promise<string | undefined> {
  let content: DataOf<Rest['repos']['getContent']>;
  try {
    content = await call(
      'GET contents/{path}',
      (request) => gh.octokit.rest.repos.getContent({ ...at(gh), path, ref, request }),
      repeatable(gh),
    );
  } catch (error) {
    if (error instanceof GitHubError && error.status === 404) return undefined;
    throw error;
  }
  if (Array.isArray(content) || content.type !== 'file' || !('content' in content) || typeof content.content !== 'string') return undefined;
  return content.encoding === 'base64' ? Buffer.from(content.content, 'base64').toString('utf8') : content.content;
}

/** POST repos/{owner}/{repo}/statuses/{sha}: the newest status of a context is the one shown. */
export async function createCommitStatus(
  gh: GitHubRepo,
  sha: string,
  status: { state: CommitState; context: string; description: string; targetUrl?: string },
): Promise<void> {
  const targetUrl = safeHttpUrl(status.targetUrl);
  await call(
    'POST statuses/{sha}',
    (request) =>
      gh.octokit.rest.repos.createCommitStatus({
        ...at(gh),
        sha,
        state: status.state,
        context: status.context,
        description: describe(status.description),
        // Only an http(s) link: whatever the caller checked, a `javascript:` one never reaches GitHub.
        ...(targetUrl === undefined ? {} : { target_url: targetUrl }),
        request,
      }),
    // The same status twice shows once: repeating it is harmless.
    repeatable(gh),
  );
}

/** GET repos/{owner}/{repo}/deployments filtered by `sha` and/or `environment`, newest first. */
export function listDeployments(gh: GitHubRepo, filter: { sha?: string; environment?: string }): Promise<Deployment[]> {
  const pages = gh.octokit.paginate.iterator(withRequest(gh.octokit.rest.repos.listDeployments, gh.limits), {
    ...at(gh),
    ...(filter.sha === undefined ? {} : { sha: filter.sha }),
    ...(filter.environment === undefined ? {} : { environment: filter.environment }),
    per_page: PAGE_SIZE,
  });
  return readPages('GET deployments', pages, MAX_DEPLOYMENT_PAGES, gh.limits);
}

/**
 * POST repos/{owner}/{repo}/deployments: a transient, non-production deployment of `sha`, with
 * no merge of the base and no required checks (the docs build is what is being reported).
 */
export async function createDeployment(
  gh: GitHubRepo,
  deployment: { sha: string; environment: string; description: string; payload: Record<string, unknown> },
): Promise<Deployment> {
  const created = await call<DataOf<Rest['repos']['createDeployment']>>(
    'POST deployments',
    (request) =>
      gh.octokit.rest.repos.createDeployment({
        ...at(gh),
        ref: deployment.sha,
        environment: deployment.environment,
        description: visibleControls(deployment.description),
        payload: deployment.payload,
        auto_merge: false,
        required_contexts: [],
        transient_environment: true,
        production_environment: false,
        request,
      }),
    // A repeat would make a second deployment: not retried.
    once(gh),
  );
  // A 202 (a merge of the base first) has no deployment: `auto_merge: false` asks for none.
  if (!('id' in created)) throw new GitHubError('POST deployments: no deployment was created', 202, 'POST deployments');
  return created;
}

/** POST repos/{owner}/{repo}/deployments/{id}/statuses: the newest status is the one shown. */
export async function createDeploymentStatus(
  gh: GitHubRepo,
  deploymentId: number,
  status: { state: DeploymentState; description: string; environmentUrl?: string; logUrl?: string },
): Promise<void> {
  const environmentUrl = safeHttpUrl(status.environmentUrl);
  const logUrl = safeHttpUrl(status.logUrl);
  await call(
    'POST deployments/{id}/statuses',
    (request) =>
      gh.octokit.rest.repos.createDeploymentStatus({
        ...at(gh),
        deployment_id: deploymentId,
        state: status.state,
        description: describe(status.description),
        // Only http(s) links: whatever the caller checked, a `javascript:` one never reaches GitHub.
        ...(environmentUrl === undefined ? {} : { environment_url: environmentUrl }),
        ...(logUrl === undefined ? {} : { log_url: logUrl }),
        // A success must not mark this PR's other deployments inactive: one environment per project.
        auto_inactive: false,
        request,
      }),
    // The same state twice shows once: repeating it is harmless.
    repeatable(gh),
  );
}

// ---------- `health`: the default branch's head, the releases, and the one issue it keeps ----------

export type Issue = DataOf<Rest['issues']['create']>;
/** The token's own open issues looked through for the one `health` keeps (100 a page). */
const MAX_ISSUE_PAGES = 10;

/** GET repos/{owner}/{repo}/branches/{branch}: its head commit and when it was committed (ms epoch; NaN when GitHub gives none). */
export async function getBranchHead(gh: GitHubRepo, branch: string): Promise<{ sha: string; date: number }> {
  const answer = await call(
    'GET branches/{branch}',
    (request) => gh.octokit.rest.repos.getBranch({ ...at(gh), branch, request }),
    repeatable(gh),
  );
  const commit = answer.commit.commit;
  return { sha: answer.commit.sha, date: Date.parse(commit.committer?.date ?? commit.author?.date ?? '') };
}

/** GET repos/{owner}/{repo}/releases: one page, newest first; drafts left out (their tags may not exist yet). */
export async function listReleaseTags(gh: GitHubRepo, count: number): Promise<{ tag: string; prerelease: boolean }[]> {
  const releases = await call(
    'GET releases',
    (request) => gh.octokit.rest.repos.listReleases({ ...at(gh), per_page: PAGE_SIZE, request }),
    repeatable(gh),
  );
  return releases
    .filter((release) => !release.draft)
    .slice(0, count)
    .map((release) => ({ tag: release.tag_name, prerelease: release.prerelease }));
}

/** GET repos/{owner}/{repo}/tags: one page of the tags' names (GitHub's order, not a version order). */
export async function listTagNames(gh: GitHubRepo): Promise<string[]> {
  const tags = await call(
    'GET tags',
    (request) => gh.octokit.rest.repos.listTags({ ...at(gh), per_page: PAGE_SIZE, request }),
    repeatable(gh),
  );
  return tags.map((tag) => tag.name);
}

/**
 * GET repos/{owner}/{repo}/issues?state=open&creator={login}: the open issues `login` opened (pull
 * requests left out), oldest first. Filtered by GitHub, so a repository's thousands of other issues
 * are never paged through; a bounded number of pages all the same.
 */
export async function listOpenIssuesBy(gh: GitHubRepo, creator: string): Promise<Issue[]> {
  const pages = gh.octokit.paginate.iterator(withRequest(gh.octokit.rest.issues.listForRepo, gh.limits), {
    ...at(gh),
    state: 'open',
    creator,
    sort: 'created',
    direction: 'asc',
    per_page: PAGE_SIZE,
  });
  const issues = await readPages('GET issues?creator', pages, MAX_ISSUE_PAGES, gh.limits);
  return issues.filter((issue) => !issue.pull_request) as Issue[];
}

/** An issue as the search API gives it. */
export type FoundIssue = DataOf<Rest['search']['issuesAndPullRequests']>['items'][number];

/**
 * GET search/issues: the repository's open issues `author` opened (a search qualifier: a login, or
 * `app/NAME` for an App's bot) whose body holds `phrase`, oldest first (one
 * page: the caller's phrase is a marker, rare by design). GitHub's search may lag a new issue by a
 * few seconds and reads only the first 1000 results; callers use it only where no list can do.
 */
export async function searchOpenIssues(gh: GitHubRepo, phrase: string, author: string): Promise<FoundIssue[]> {
  const q = `repo:${gh.owner}/${gh.repo} is:issue is:open author:${author} in:body "${phrase.replaceAll('"', '')}"`;
  const found = await call(
    'GET search/issues',
    (request) => gh.octokit.rest.search.issuesAndPullRequests({ q, sort: 'created', order: 'asc', per_page: PAGE_SIZE, request }),
    repeatable(gh),
  );
  return found.items.filter((issue) => !issue.pull_request);
}

/** POST repos/{owner}/{repo}/issues: never repeated (a second issue). */
export function createIssue(gh: GitHubRepo, issue: { title: string; body: string }): Promise<Issue> {
  return call(
    'POST issues',
    (request) => gh.octokit.rest.issues.create({ ...at(gh), title: visibleControls(issue.title), body: sentBody(issue.body), request }),
    once(gh),
  );
}

/** PATCH repos/{owner}/{repo}/issues/{n}: a new title and body, or closed as completed or not planned (repeating it changes nothing). */
export function updateIssue(
  gh: GitHubRepo,
  issue: number,
  changes: { title?: string; body?: string; state?: 'open' | 'closed'; state_reason?: 'completed' | 'not_planned' },
): Promise<Issue> {
  const text = () => ({
    ...(changes.title === undefined ? {} : { title: visibleControls(changes.title) }),
    ...(changes.body === undefined ? {} : { body: sentBody(changes.body) }),
  });
  return call(
    'PATCH issues/{n}',
    (request) => gh.octokit.rest.issues.update({ ...at(gh), issue_number: issue, ...changes, ...text(), request }),
    repeatable(gh),
  );
}
