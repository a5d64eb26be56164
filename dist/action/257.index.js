export const id = 257;
export const ids = [257];
export const modules = {

/***/ 1252:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D$: () => (/* binding */ createIssueComment),
/* harmony export */   I8: () => (/* binding */ createCommitStatus),
/* harmony export */   IR: () => (/* binding */ getCollaboratorPermission),
/* harmony export */   Jn: () => (/* binding */ listDeployments),
/* harmony export */   Ko: () => (/* binding */ createIssue),
/* harmony export */   LA: () => (/* binding */ listReleaseTags),
/* harmony export */   Qz: () => (/* binding */ updateIssueComment),
/* harmony export */   RN: () => (/* binding */ listPullRequestFileEntries),
/* harmony export */   Rs: () => (/* binding */ getBranchHead),
/* harmony export */   T9: () => (/* binding */ getPullRequest),
/* harmony export */   UK: () => (/* binding */ getViewerLogin),
/* harmony export */   Xh: () => (/* binding */ searchOpenIssues),
/* harmony export */   Yy: () => (/* binding */ createDeployment),
/* harmony export */   _P: () => (/* binding */ getFileContent),
/* harmony export */   cG: () => (/* binding */ listIssueComments),
/* harmony export */   dq: () => (/* binding */ updatePullRequestBody),
/* harmony export */   e$: () => (/* binding */ deleteIssueComment),
/* harmony export */   gt: () => (/* binding */ createDeploymentStatus),
/* harmony export */   n4: () => (/* binding */ changedFileNames),
/* harmony export */   oh: () => (/* binding */ listOpenPullRequests),
/* harmony export */   p: () => (/* binding */ listTagNames),
/* harmony export */   tt: () => (/* binding */ updateIssue),
/* harmony export */   vD: () => (/* binding */ getAuthenticatedUser),
/* harmony export */   wN: () => (/* binding */ listOpenIssuesBy)
/* harmony export */ });
/* harmony import */ var _reporting_markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2817);
/* harmony import */ var _util_untrusted_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9052);
/* harmony import */ var _client_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5225);
/**
 * Every GitHub call the action makes, one Octokit typed REST method each (`octokit.rest.*`, lists
 * through `octokit.paginate`), sent by `client.ts` with its guards: the API's origin only, bounded
 * answers, the workflow's cancellation, retries only where a repeat is harmless, and each failure a
 * `GitHubError` named by the call (`POST issues/{n}/comments`). The answers are typed by Octokit;
 * the text in them (bodies, logins, file names) is still hostile: printed through the neutraliser.
 * What the action writes for people (comment and issue bodies, titles, descriptions) leaves with no
 * raw C1 or bidi control (`visibleControls`), whichever path built it.
 */



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
function at(gh) {
    return { owner: gh.owner, repo: gh.repo };
}
/** Safe to send twice (a GET, an edit, a status): a network fault or 5xx is retried. */
function repeatable(gh) {
    return { idempotent: true, limits: gh.limits };
}
/** A repeat would write twice (a second comment, a second deployment): never retried. */
function once(gh) {
    return { idempotent: false, limits: gh.limits };
}
/**
 * `text` with its controls made visible, cut to GitHub's limit for a status description (counted in
 * UTF-16 code units, at least its characters; never inside a surrogate pair).
 */
function describe(text) {
    const visible = (0,_util_untrusted_text_js__WEBPACK_IMPORTED_MODULE_1__/* .visibleControls */ .xx)(text);
    if (visible.length <= DESCRIPTION_LIMIT)
        return visible;
    let kept = '';
    for (const char of visible) {
        if (kept.length + char.length > DESCRIPTION_LIMIT - 1)
            break;
        kept += char;
    }
    return `${kept}…`;
}
/**
 * A comment, issue or pull request body as it is sent: its controls made visible, and refused here,
 * before any request, when GitHub would refuse it (over {@link GITHUB_BODY_LIMIT}): a clear error
 * instead of a 422. The renderers fit their bodies; this is the guard for every path that sends one.
 */
function sentBody(body) {
    return withinBodyLimit((0,_util_untrusted_text_js__WEBPACK_IMPORTED_MODULE_1__/* .visibleControls */ .xx)(body));
}
/** `sent` as it is, or an error before any request when it is over {@link GITHUB_BODY_LIMIT}. */
function withinBodyLimit(sent) {
    if (sent.length > _reporting_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .GITHUB_BODY_LIMIT */ .nY) {
        throw new Error(`the body would be ${sent.length.toLocaleString('en-US')} characters, over GitHub's limit of ${_reporting_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .GITHUB_BODY_LIMIT */ .nY.toLocaleString('en-US')}: not sent`);
    }
    return sent;
}
/** GET /user: the token's own login. The workflow's GITHUB_TOKEN and App tokens are refused (403): callers need a fallback. */
async function getAuthenticatedUser(gh) {
    const user = await (0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .call */ .T1)('GET user', (request) => gh.octokit.rest.users.getAuthenticated({ request }), repeatable(gh));
    return user.login;
}
/** A login as GitHub spells them: an account's, or an App's bot (`name[bot]`). */
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/;
/**
 * GraphQL's `viewer`: who the token is, for every kind of token (a GitHub App's installation token
 * and the workflow's GITHUB_TOKEN, which GET /user refuses, name their bot: `name[bot]`).
 */
async function getViewerLogin(gh) {
    const answer = await (0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .call */ .T1)('POST graphql (viewer)', async (request) => ({ data: await gh.octokit.graphql('query { viewer { login } }', { request }) }), repeatable(gh));
    const login = answer?.viewer?.login;
    if (typeof login !== 'string' || !LOGIN.test(login)) {
        throw new _client_js__WEBPACK_IMPORTED_MODULE_2__/* .GitHubError */ .y_('POST graphql (viewer): the answer names no login', 0, 'POST graphql (viewer)');
    }
    return login;
}
/** GET repos/{owner}/{repo}/collaborators/{user}/permission: `admin`, `write`, `read` or `none`. */
async function getCollaboratorPermission(gh, username) {
    const answer = await (0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .call */ .T1)('GET collaborators/{user}/permission', (request) => gh.octokit.rest.repos.getCollaboratorPermissionLevel({ ...at(gh), username, request }), repeatable(gh));
    return answer.permission;
}
/** GET repos/{owner}/{repo}/issues/{n}/comments, every page, oldest first. */
function listIssueComments(gh, issue) {
    const pages = gh.octokit.paginate.iterator((0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .withRequest */ .ah)(gh.octokit.rest.issues.listComments, gh.limits), {
        ...at(gh),
        issue_number: issue,
        per_page: PAGE_SIZE,
    });
    return (0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .readPages */ .n4)('GET issues/{n}/comments', pages, MAX_COMMENT_PAGES, gh.limits);
}
/** POST repos/{owner}/{repo}/issues/{n}/comments. */
function createIssueComment(gh, issue, body) {
    return (0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .call */ .T1)('POST issues/{n}/comments', (request) => gh.octokit.rest.issues.createComment({ ...at(gh), issue_number: issue, body: sentBody(body), request }), once(gh));
}
/** PATCH repos/{owner}/{repo}/issues/comments/{id}: replaces the body (repeating it changes nothing). */
function updateIssueComment(gh, commentId, body) {
    return (0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .call */ .T1)('PATCH issues/comments/{id}', (request) => gh.octokit.rest.issues.updateComment({ ...at(gh), comment_id: commentId, body: sentBody(body), request }), repeatable(gh));
}
/** DELETE repos/{owner}/{repo}/issues/comments/{id} (a duplicate left by two jobs racing). */
async function deleteIssueComment(gh, commentId) {
    await (0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .call */ .T1)('DELETE issues/comments/{id}', (request) => gh.octokit.rest.issues.deleteComment({ ...at(gh), comment_id: commentId, request }), repeatable(gh));
}
/** GET repos/{owner}/{repo}/pulls/{n}. */
function getPullRequest(gh, pr) {
    return (0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .call */ .T1)('GET pulls/{n}', (request) => gh.octokit.rest.pulls.get({ ...at(gh), pull_number: pr, request }), repeatable(gh));
}
/**
 * PATCH repos/{owner}/{repo}/pulls/{n} with a new description: the author's text kept as written
 * (the action's block in it is escaped where it is made), refused before any request over GitHub's limit.
 */
function updatePullRequestBody(gh, pr, body) {
    return (0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .call */ .T1)('PATCH pulls/{n}', (request) => gh.octokit.rest.pulls.update({ ...at(gh), pull_number: pr, body: withinBodyLimit(body), request }), repeatable(gh));
}
/**
 * GET repos/{owner}/{repo}/pulls?head={owner}:{branch}&state=open: the open pull requests whose
 * head is that branch of that owner's repository (a fork's, for a fork PR).
 */
function listOpenPullRequests(gh, head) {
    const pages = gh.octokit.paginate.iterator((0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .withRequest */ .ah)(gh.octokit.rest.pulls.list, gh.limits), {
        ...at(gh),
        head: `${head.owner}:${head.branch}`,
        state: 'open',
        per_page: PAGE_SIZE,
    });
    return (0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .readPages */ .n4)('GET pulls?head', pages, MAX_PULL_PAGES, gh.limits);
}
/** The paths the PR adds or changes, from its entries (removed ones left out). */
function changedFileNames(files) {
    return files.filter((file) => file.status !== 'removed').map((file) => file.filename);
}
/** GET repos/{owner}/{repo}/pulls/{n}/files: every entry, removed and renamed ones with their status (`redirect-check`). */
async function listPullRequestFileEntries(gh, pr) {
    const pages = gh.octokit.paginate.iterator((0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .withRequest */ .ah)(gh.octokit.rest.pulls.listFiles, gh.limits), {
        ...at(gh),
        pull_number: pr,
        per_page: PAGE_SIZE,
    });
    const files = await (0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .readPages */ .n4)('GET pulls/{n}/files', pages, MAX_FILE_PAGES, gh.limits);
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
async function getFileContent(gh, path, ref) {
    let content;
    try {
        content = await (0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .call */ .T1)('GET contents/{path}', (request) => gh.octokit.rest.repos.getContent({ ...at(gh), path, ref, request }), repeatable(gh));
    }
    catch (error) {
        if (error instanceof _client_js__WEBPACK_IMPORTED_MODULE_2__/* .GitHubError */ .y_ && error.status === 404)
            return undefined;
        throw error;
    }
    if (Array.isArray(content) || content.type !== 'file' || !('content' in content) || typeof content.content !== 'string')
        return undefined;
    return content.encoding === 'base64' ? Buffer.from(content.content, 'base64').toString('utf8') : content.content;
}
/** POST repos/{owner}/{repo}/statuses/{sha}: the newest status of a context is the one shown. */
async function createCommitStatus(gh, sha, status) {
    const targetUrl = (0,_reporting_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .safeHttpUrl */ .vH)(status.targetUrl);
    await (0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .call */ .T1)('POST statuses/{sha}', (request) => gh.octokit.rest.repos.createCommitStatus({
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
    repeatable(gh));
}
/** GET repos/{owner}/{repo}/deployments filtered by `sha` and/or `environment`, newest first. */
function listDeployments(gh, filter) {
    const pages = gh.octokit.paginate.iterator((0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .withRequest */ .ah)(gh.octokit.rest.repos.listDeployments, gh.limits), {
        ...at(gh),
        ...(filter.sha === undefined ? {} : { sha: filter.sha }),
        ...(filter.environment === undefined ? {} : { environment: filter.environment }),
        per_page: PAGE_SIZE,
    });
    return (0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .readPages */ .n4)('GET deployments', pages, MAX_DEPLOYMENT_PAGES, gh.limits);
}
/**
 * POST repos/{owner}/{repo}/deployments: a transient, non-production deployment of `sha`, with
 * no merge of the base and no required checks (the docs build is what is being reported).
 */
async function createDeployment(gh, deployment) {
    const created = await (0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .call */ .T1)('POST deployments', (request) => gh.octokit.rest.repos.createDeployment({
        ...at(gh),
        ref: deployment.sha,
        environment: deployment.environment,
        description: (0,_util_untrusted_text_js__WEBPACK_IMPORTED_MODULE_1__/* .visibleControls */ .xx)(deployment.description),
        payload: deployment.payload,
        auto_merge: false,
        required_contexts: [],
        transient_environment: true,
        production_environment: false,
        request,
    }), 
    // A repeat would make a second deployment: not retried.
    once(gh));
    // A 202 (a merge of the base first) has no deployment: `auto_merge: false` asks for none.
    if (!('id' in created))
        throw new _client_js__WEBPACK_IMPORTED_MODULE_2__/* .GitHubError */ .y_('POST deployments: no deployment was created', 202, 'POST deployments');
    return created;
}
/** POST repos/{owner}/{repo}/deployments/{id}/statuses: the newest status is the one shown. */
async function createDeploymentStatus(gh, deploymentId, status) {
    const environmentUrl = (0,_reporting_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .safeHttpUrl */ .vH)(status.environmentUrl);
    const logUrl = (0,_reporting_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .safeHttpUrl */ .vH)(status.logUrl);
    await (0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .call */ .T1)('POST deployments/{id}/statuses', (request) => gh.octokit.rest.repos.createDeploymentStatus({
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
    repeatable(gh));
}
/** The token's own open issues looked through for the one `health` keeps (100 a page). */
const MAX_ISSUE_PAGES = 10;
/** GET repos/{owner}/{repo}/branches/{branch}: its head commit and when it was committed (ms epoch; NaN when GitHub gives none). */
async function getBranchHead(gh, branch) {
    const answer = await (0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .call */ .T1)('GET branches/{branch}', (request) => gh.octokit.rest.repos.getBranch({ ...at(gh), branch, request }), repeatable(gh));
    const commit = answer.commit.commit;
    return { sha: answer.commit.sha, date: Date.parse(commit.committer?.date ?? commit.author?.date ?? '') };
}
/** GET repos/{owner}/{repo}/releases: one page, newest first; drafts left out (their tags may not exist yet). */
async function listReleaseTags(gh, count) {
    const releases = await (0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .call */ .T1)('GET releases', (request) => gh.octokit.rest.repos.listReleases({ ...at(gh), per_page: PAGE_SIZE, request }), repeatable(gh));
    return releases
        .filter((release) => !release.draft)
        .slice(0, count)
        .map((release) => ({ tag: release.tag_name, prerelease: release.prerelease }));
}
/** GET repos/{owner}/{repo}/tags: one page of the tags' names (GitHub's order, not a version order). */
async function listTagNames(gh) {
    const tags = await (0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .call */ .T1)('GET tags', (request) => gh.octokit.rest.repos.listTags({ ...at(gh), per_page: PAGE_SIZE, request }), repeatable(gh));
    return tags.map((tag) => tag.name);
}
/**
 * GET repos/{owner}/{repo}/issues?state=open&creator={login}: the open issues `login` opened (pull
 * requests left out), oldest first. Filtered by GitHub, so a repository's thousands of other issues
 * are never paged through; a bounded number of pages all the same.
 */
async function listOpenIssuesBy(gh, creator) {
    const pages = gh.octokit.paginate.iterator((0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .withRequest */ .ah)(gh.octokit.rest.issues.listForRepo, gh.limits), {
        ...at(gh),
        state: 'open',
        creator,
        sort: 'created',
        direction: 'asc',
        per_page: PAGE_SIZE,
    });
    const issues = await (0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .readPages */ .n4)('GET issues?creator', pages, MAX_ISSUE_PAGES, gh.limits);
    return issues.filter((issue) => !issue.pull_request);
}
/**
 * GET search/issues: the repository's open issues `author` opened (a search qualifier: a login, or
 * `app/NAME` for an App's bot) whose body holds `phrase`, oldest first (one
 * page: the caller's phrase is a marker, rare by design). GitHub's search may lag a new issue by a
 * few seconds and reads only the first 1000 results; callers use it only where no list can do.
 */
async function searchOpenIssues(gh, phrase, author) {
    const q = `repo:${gh.owner}/${gh.repo} is:issue is:open author:${author} in:body "${phrase.replaceAll('"', '')}"`;
    const found = await (0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .call */ .T1)('GET search/issues', (request) => gh.octokit.rest.search.issuesAndPullRequests({ q, sort: 'created', order: 'asc', per_page: PAGE_SIZE, request }), repeatable(gh));
    return found.items.filter((issue) => !issue.pull_request);
}
/** POST repos/{owner}/{repo}/issues: never repeated (a second issue). */
function createIssue(gh, issue) {
    return (0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .call */ .T1)('POST issues', (request) => gh.octokit.rest.issues.create({ ...at(gh), title: (0,_util_untrusted_text_js__WEBPACK_IMPORTED_MODULE_1__/* .visibleControls */ .xx)(issue.title), body: sentBody(issue.body), request }), once(gh));
}
/** PATCH repos/{owner}/{repo}/issues/{n}: a new title and body, or closed as completed or not planned (repeating it changes nothing). */
function updateIssue(gh, issue, changes) {
    const text = () => ({
        ...(changes.title === undefined ? {} : { title: (0,_util_untrusted_text_js__WEBPACK_IMPORTED_MODULE_1__/* .visibleControls */ .xx)(changes.title) }),
        ...(changes.body === undefined ? {} : { body: sentBody(changes.body) }),
    });
    return (0,_client_js__WEBPACK_IMPORTED_MODULE_2__/* .call */ .T1)('PATCH issues/{n}', (request) => gh.octokit.rest.issues.update({ ...at(gh), issue_number: issue, ...changes, ...text(), request }), repeatable(gh));
}


/***/ }),

/***/ 1133:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   U: () => (/* binding */ GITHUB_TOKEN_LOGIN),
/* harmony export */   u: () => (/* binding */ TokenIdentity)
/* harmony export */ });
/* harmony import */ var _api_rest_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1252);
/* harmony import */ var _util_message_of_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(485);


/** The account behind the workflow's GITHUB_TOKEN, which may not ask GET /user who it is. */
const GITHUB_TOKEN_LOGIN = 'github-actions[bot]';
/**
 * Who the token is: the only author whose comments and deployments the action takes for its own
 * (anyone can copy a marker). GET /user names a personal token's account; the workflow's
 * GITHUB_TOKEN and a GitHub App's installation token may not ask it, so GraphQL's `viewer` is asked
 * next (it names their bot: `github-actions[bot]`, `my-app[bot]`). When neither tells, the token is
 * nobody yet: nothing is adopted as its own until something it wrote (a comment, a deployment)
 * names its author. Asked once, shared by every writer.
 */
class TokenIdentity {
    debug;
    known;
    asking;
    constructor(debug = () => undefined) {
        this.debug = debug;
    }
    /** The token's login, asked of GitHub on first use; `''` (nobody's) while it is unknown. */
    login(gh) {
        if (this.known !== undefined)
            return Promise.resolve(this.known);
        this.asking ??= this.ask(gh).then((login) => this.settle(login));
        return this.asking;
    }
    async ask(gh) {
        try {
            return await (0,_api_rest_js__WEBPACK_IMPORTED_MODULE_0__/* .getAuthenticatedUser */ .vD)(gh);
        }
        catch (error) {
            this.debug(`GET /user: ${(0,_util_message_of_js__WEBPACK_IMPORTED_MODULE_1__/* .messageOf */ .b)(error)}; asking GraphQL's viewer`);
        }
        try {
            return await (0,_api_rest_js__WEBPACK_IMPORTED_MODULE_0__/* .getViewerLogin */ .UK)(gh);
        }
        catch (error) {
            this.debug(`GraphQL viewer: ${(0,_util_message_of_js__WEBPACK_IMPORTED_MODULE_1__/* .messageOf */ .b)(error)}; no comment or deployment is taken for the token's until it writes one`);
            return '';
        }
    }
    /** The answer, unless something the token wrote named its author meanwhile. */
    settle(login) {
        if (login !== '')
            this.known ??= login;
        return this.known ?? '';
    }
    /** The author of something this token just wrote: from now on, that is who the token is. */
    learn(login) {
        if (login)
            this.known = login;
    }
    /** Whether `author` is the token's own account (as known now; GitHub logins ignore case). */
    async isOwn(gh, author) {
        const own = await this.login(gh);
        return own !== '' && author !== undefined && author.toLowerCase() === own.toLowerCase();
    }
}


/***/ }),

/***/ 7257:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  applyStep: () => (/* binding */ applyStep),
  applyWriteGate: () => (/* binding */ applyWriteGate)
});

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: ./lib/inputs/inputs.js
var inputs = __webpack_require__(8864);
// EXTERNAL MODULE: ./lib/util/untrusted-text.js
var untrusted_text = __webpack_require__(9052);
// EXTERNAL MODULE: ./lib/operations/run-projects.js + 1 modules
var run_projects = __webpack_require__(5120);
// EXTERNAL MODULE: ./lib/operations/apply/apply-report.js + 1 modules
var apply_report = __webpack_require__(4894);
// EXTERNAL MODULE: ./lib/readthedocs/errors.js
var errors = __webpack_require__(1833);
// EXTERNAL MODULE: ./lib/operations/shared/project-file/current-state.js
var current_state = __webpack_require__(9392);
// EXTERNAL MODULE: ./lib/operations/apply/describe.js
var describe = __webpack_require__(9740);
// EXTERNAL MODULE: ./lib/operations/shared/project-file/model.js
var model = __webpack_require__(8432);
// EXTERNAL MODULE: ./lib/operations/shared/project-file/normal-form.js
var normal_form = __webpack_require__(1641);
// EXTERNAL MODULE: ./lib/operations/shared/project-file/plan.js
var project_file_plan = __webpack_require__(4214);
// EXTERNAL MODULE: ./lib/util/message-of.js
var message_of = __webpack_require__(485);
;// CONCATENATED MODULE: ./lib/operations/apply/carry-out.js








// `apply`'s second job: carrying out the plan, each write exactly once, then reading back what took.
const CREATE_ATTEMPTS = 3;
/** The write that failed, and why: the first failure stops every write after it. */
/** Carries out the plan in its order; the first failure stops every write after it. */
async function carryOut(ctx, plan, statuses, log) {
    const { project } = plan;
    for (const [index, change] of plan.changes.entries()) {
        if (change.action === 'unmanaged')
            continue;
        try {
            await write(ctx, project, change, log);
            statuses[index] = 'done';
            log.progress((0,untrusted_text/* safeLine */.om)(`${(0,describe/* symbolOf */.wX)(change)} ${(0,describe/* describeChange */.uQ)(change)}: done`));
        }
        catch (error) {
            statuses[index] = 'failed';
            for (let rest = index + 1; rest < plan.changes.length; rest += 1) {
                if (plan.changes[rest].action !== 'unmanaged')
                    statuses[rest] = 'not done';
            }
            return { step: `${(0,describe/* symbolOf */.wX)(change)} ${(0,describe/* describeChange */.uQ)(change)}`, error };
        }
    }
    return undefined;
}
function redirectBody(r, position) {
    const body = {
        type: r.type,
        http_status: r.http_status,
        force: r.force,
        enabled: r.enabled,
        description: r.description,
        position,
    };
    if ((0,normal_form/* hasPaths */.p4)(r.type)) {
        body.from_url = r.from;
        body.to_url = r.to;
    }
    return body;
}
async function write(ctx, project, change, log) {
    const { api } = ctx;
    switch (change.kind) {
        case 'version':
            return api.updateVersion(project, change.slug, change.body);
        case 'settings':
            return api.updateProject(project, change.body);
        case 'redirect':
            if (change.action === 'create')
                return createRedirectOnce(ctx, project, change.redirect, change.at, log);
            if (change.action === 'update') {
                await api.updateRedirect(project, change.pk, redirectBody(change.redirect, change.at));
                return;
            }
            return api.deleteRedirect(project, change.pk);
        case 'subproject':
            if (change.action === 'create')
                return createSubprojectOnce(ctx, project, change.child, change.alias, log);
            return api.deleteSubproject(project, change.alias);
    }
}
/**
 * Creates one redirect exactly once: the service makes a second one if asked twice, so after a
 * lost answer the list is read and the redirect looked for, in the service's normal form, before
 * creating it again.
 */
async function createRedirectOnce(ctx, project, redirect, position, log) {
    const key = (0,normal_form/* redirectKey */.Yz)(redirect);
    for (let attempt = 1;; attempt += 1) {
        try {
            await ctx.api.createRedirect(project, redirectBody(redirect, position));
            return;
        }
        catch (error) {
            if (!(error instanceof errors/* UncertainWriteError */.ze))
                throw error;
            log.warning((0,untrusted_text/* safeLine */.om)(`The answer to creating a redirect was lost (${error.message}). Looking for it before creating it again.`), 'Answer lost');
            const found = (await ctx.api.redirects(project)).map(current_state/* currentRedirect */.Iu).find((r) => (0,normal_form/* redirectKey */.Yz)(r) === key);
            if (found) {
                log.info(`The service did create the redirect (pk ${found.pk}): keeping it`);
                if (found.position !== position)
                    await ctx.api.updateRedirect(project, found.pk, redirectBody(redirect, position));
                return;
            }
            if (attempt >= CREATE_ATTEMPTS)
                throw error;
        }
    }
}
async function createSubprojectOnce(ctx, project, child, alias, log) {
    for (let attempt = 1;; attempt += 1) {
        try {
            await ctx.api.createSubproject(project, { child, alias });
            return;
        }
        catch (error) {
            if (!(error instanceof errors/* UncertainWriteError */.ze))
                throw error;
            log.warning((0,untrusted_text/* safeLine */.om)(`The answer to adding subproject ${child} was lost (${error.message}). Looking for it before adding it again.`), 'Answer lost');
            const found = (await ctx.api.subprojects(project)).find((s) => s.alias === alias && s.child.slug === child);
            if (found)
                return;
            if (attempt >= CREATE_ATTEMPTS)
                throw error;
        }
    }
}
/**
 * After writing, reads back what was sent (FACTS: "On save the service may keep its own values
 * [...] So read back after writing, and say which keys did not take"): each settings key and
 * version field that did not take gets a warning naming it and the value the service kept.
 */
async function readBack(ctx, plan, statuses, log) {
    const done = plan.changes.filter((_, index) => statuses[index] === 'done');
    const settings = done.find((change) => change.kind === 'settings');
    const versions = done.filter((change) => change.kind === 'version');
    const compared = settings?.fields.filter((field) => !field.writeOnly) ?? [];
    if (compared.length === 0 && versions.length === 0)
        return [];
    const notKept = [];
    try {
        if (compared.length > 0) {
            const now = (0,current_state/* comparableSettings */.Gc)(await ctx.api.projectSettings(plan.project));
            for (const field of compared) {
                const name = field.field;
                if (!(0,project_file_plan/* sameSetting */.RS)(name, now[name], field.new))
                    notKept.push({ key: `settings.${name}`, wanted: field.new, kept: now[name] ?? null });
            }
        }
        if (versions.length > 0) {
            const now = (0,current_state/* namedVersions */.fY)(await ctx.api.versions(plan.project), plan.project, versions.map((change) => change.slug));
            for (const change of versions) {
                for (const field of change.fields) {
                    const kept = now[change.slug]?.[field.field];
                    if (kept !== field.new)
                        notKept.push({ key: `versions.${change.slug}.${field.field}`, wanted: field.new, kept: kept ?? null });
                }
            }
        }
    }
    catch (error) {
        log.warning((0,untrusted_text/* safeLine */.om)(`${plan.project}: the writes are done, but reading the project back failed, so whether the service kept every value is not known: ${(0,message_of/* messageOf */.b)(error)}`), 'Project not read back');
        return notKept;
    }
    for (const { key, wanted, kept } of notKept) {
        log.warning((0,untrusted_text/* safeLine */.om)(`${plan.project}: \`${key}\` did not take: asked for ${(0,describe/* shown */.SP)(wanted)}, the service kept ${(0,describe/* shown */.SP)(kept)} (${whyNotKept(key, kept)}). ` +
            'Every apply plans it again until the file says what the service keeps.'), 'Setting not kept');
    }
    return notKept;
}
/** What FACTS.md says makes the service keep its own value. */
function whyNotKept(key, kept) {
    const name = key.split('.').pop();
    if (name === 'repository')
        return "a project connected to a repository keeps that repository's clone URL";
    if (name === 'external_builds_privacy_level' && kept === 'public') {
        return 'Read the Docs for Business only, and forced to `public` for a public repository';
    }
    if (model/* BUSINESS_ONLY_SETTINGS */.OF.includes(name))
        return 'Read the Docs for Business only: Community drops it';
    return 'the service keeps its own value';
}

// EXTERNAL MODULE: ./lib/operations/write-failure.js
var write_failure = __webpack_require__(4670);
// EXTERNAL MODULE: ./lib/operations/shared/project-file/edition.js
var project_file_edition = __webpack_require__(3779);
// EXTERNAL MODULE: ./lib/operations/shared/project-file/file.js + 2 modules
var file = __webpack_require__(9517);
// EXTERNAL MODULE: ./lib/operations/shared/versions/docs-root.js
var docs_root = __webpack_require__(5788);
// EXTERNAL MODULE: ./lib/operations/shared/project-file/service-choices.js
var service_choices = __webpack_require__(3431);
;// CONCATENATED MODULE: ./lib/operations/apply/preflight.js




/**
 * What the service would refuse once some of the plan is written, found from its state before any
 * write (FACTS.md, "Versions" and "Rules the service enforces on writes"), so that a plan that is
 * green on the pull request does not fail part-way on the push and leave the project half changed.
 * Pure; an empty list lets the plan go ahead.
 */
function preflight(plan, desired, current, edition) {
    return [
        ...defaultVersionRefusals(desired, current),
        ...legacyLanguageRefusals(plan),
        ...redirectLimitRefusals(plan, current, edition),
        ...aliasRefusals(plan, desired, current),
    ];
}
/**
 * FACTS: "`language` and `programming_language` one of the service's choices": `zh` is no longer
 * one, though older projects keep it. The file may say `zh` for a project that has it (nothing is
 * sent); setting it is refused.
 */
function legacyLanguageRefusals(plan) {
    const sends = plan.changes.some((c) => c.kind === 'settings' && c.body.language === service_choices/* LEGACY_LANGUAGE */.D7);
    if (!sends)
        return [];
    return [
        {
            path: ['settings', 'language'],
            message: `\`${service_choices/* LEGACY_LANGUAGE */.D7}\` is no longer taken by the service (projects that have it keep it): \`zh-cn\` or \`zh-tw\``,
        },
    ];
}
/**
 * FACTS: "The API lets any version be deactivated, the project's `default_version` included (the
 * dashboard refuses that one: "it should be active")"; then "on a multi-version project an inactive
 * [...] default version makes the root quietly serve `latest` while `/{lang}/{default}/` answers
 * 404; single-version projects (and a default of `latest`) answer 404." (docs-root.ts says which.)
 */
function defaultVersionRefusals(desired, current) {
    const defaultVersion = (0,project_file_plan/* defaultVersionOf */.p3)(desired, current);
    if (defaultVersion === undefined || desired.versions?.[defaultVersion]?.active !== false)
        return [];
    const scheme = desired.settings?.versioning_scheme ?? current.settings.versioning_scheme;
    const root = (0,docs_root/* rootWithoutDefault */.G)({ versioningScheme: typeof scheme === 'string' ? scheme : undefined }, defaultVersion).serves === 'nothing'
        ? 'the docs root then answers 404'
        : `the docs root then quietly serves \`latest\` instead, and the default version's own URL answers 404`;
    return [
        {
            path: ['versions', defaultVersion, 'active'],
            message: `\`${defaultVersion}\` is the project's default version (\`default_version\`): deactivating it deletes its docs (${root}), ` +
                'and the dashboard refuses it. Set another `default_version` first (in `settings:`, or in a run before this one), or drop `active: false`',
        },
    ];
}
/**
 * FACTS: "Community projects may hold 100 redirects (disabled ones count): a create is refused while
 * the project has 100 [...] a plan that would end above 100 fails part-way. Business plans differ."
 * The plan deletes before it creates, so the most it holds is what it ends with.
 */
function redirectLimitRefusals(plan, current, edition) {
    if (edition === 'business')
        return [];
    let creates = 0;
    let deletes = 0;
    let unmanaged = 0;
    for (const change of plan.changes) {
        if (change.kind !== 'redirect')
            continue;
        if (change.action === 'create')
            creates += 1;
        else if (change.action === 'delete')
            deletes += 1;
        else if (change.action === 'unmanaged')
            unmanaged += 1;
    }
    const total = current.redirects.length - deletes + creates;
    if (creates === 0 || total <= project_file_edition/* COMMUNITY_REDIRECT_LIMIT */.B)
        return [];
    const kept = unmanaged > 0 ? `, ${unmanaged} of them not in the file and kept without \`prune\`` : '';
    return [
        {
            path: ['redirects'],
            message: `the plan would leave the project with ${total} redirects (${current.redirects.length} now, ${deletes} deleted, ${creates} created${kept}): ` +
                `a Read the Docs Community project holds at most ${project_file_edition/* COMMUNITY_REDIRECT_LIMIT */.B} (the limit), and the service would refuse the creations past it ` +
                'with the project half changed. Remove redirects (listing them, with `prune`, deletes the others), or join several into one `*` redirect',
        },
    ];
}
/**
 * FACTS: "a `/` needs a feature flag (else `non_field_errors` "Aliases can't contain slashes.")".
 * The flag cannot be read: a project that already has an alias with `/` has it; otherwise a new one
 * is refused here rather than by the service part-way.
 */
function aliasRefusals(plan, desired, current) {
    if (current.subprojects.some((s) => s.alias.includes('/')))
        return [];
    const created = new Set(plan.changes.flatMap((c) => (c.kind === 'subproject' && c.action === 'create' && c.alias.includes('/') ? [c.alias] : [])));
    const refusals = [];
    for (const [index, subproject] of (desired.subprojects ?? []).entries()) {
        if (!created.has(subproject.alias))
            continue;
        refusals.push({
            path: ['subprojects', index, 'alias'],
            message: `\`/\` in an alias needs a feature flag the service turns on per project, on request, and none of this project's aliases has one: ` +
                'the service would refuse it ("Aliases can\'t contain slashes."). Use `-` or `_`, or ask Read the Docs for the flag',
        });
    }
    return refusals;
}

// EXTERNAL MODULE: ./lib/operations/shared/project-file/paths.js
var paths = __webpack_require__(1573);
// EXTERNAL MODULE: ./lib/github/sticky-comment.js
var sticky_comment = __webpack_require__(4156);
// EXTERNAL MODULE: ./lib/github/token-identity.js
var token_identity = __webpack_require__(1133);
// EXTERNAL MODULE: ./lib/reporting/markdown.js
var markdown = __webpack_require__(2817);
;// CONCATENATED MODULE: ./lib/operations/apply/plan-comment.js




const PLAN_COMMENT_MARKER = '<!-- readthedocs-action:project-plan -->';
const PLAN_COMMENT_TITLE = 'Read the Docs: planned changes';
/**
 * The comment: each project's plan as a table; when that would not fit in a GitHub comment, each
 * project's count of changes instead (counts, not rows), which the job summary lists.
 */
function renderPlanComment(results, dryRun) {
    const full = planComment(results, dryRun, (result) => [(0,describe/* resultTable */.AD)(result, !dryRun), (0,describe/* keptVersionsNote */.Sm)(result.details?.keptActive ?? []), (0,describe/* refusedNote */.HS)(result.details?.refused ?? [])]
        .filter(Boolean)
        .join('\n\n'));
    if ((0,markdown/* fitsGitHubBody */.yR)(full))
        return full;
    return planComment(results, dryRun, (result) => {
        const count = result.details?.plan.length ?? 0;
        if (count === 0)
            return (0,describe/* resultTable */.AD)(result, false);
        return `#### ${(0,markdown/* escapeMarkdown */.FV)(result.project)}\n\n${count} entr${count === 1 ? 'y' : 'ies'} in the plan: too many for a comment, the job summary of this run lists them.`;
    });
}
function planComment(results, dryRun, plan) {
    const tables = results.map(plan);
    const errors = results
        .filter((r) => r.outcome === 'error')
        .map((r) => `- ${(0,markdown/* escapeMarkdown */.FV)(r.project)}: ${(0,markdown/* escapeMarkdown */.FV)(r.title ?? 'error')}`);
    return [
        PLAN_COMMENT_MARKER,
        `### ${PLAN_COMMENT_TITLE}`,
        '',
        dryRun ? 'What merging this pull request will change on Read the Docs:' : 'What this run changed on Read the Docs:',
        '',
        tables.join('\n\n'),
        ...(errors.length > 0 ? ['', '**Not planned:**', ...errors] : []),
        '',
        '`+` create, `~` update (old → new), `-` delete, · unmanaged (kept; `prune: true` deletes it).',
    ].join('\n');
}
/**
 * On `pull_request` events: one comment, edited on every push. Only a comment this token wrote
 * is adopted: anyone can post a comment carrying the marker.
 */
async function publishPlanComment(ctx, results, dryRun) {
    const { run, inputs } = ctx;
    if (!run.eventName.startsWith('pull_request') || !run.pullRequest)
        return;
    const [owner, repo] = (run.pullRequest.baseRepo ?? run.repository ?? '').split('/');
    if (!inputs.githubToken || !owner || !repo)
        return;
    // The comment follows a timed-out step too, within the deadline's few seconds of `reporting`.
    const octokit = await ctx.github(inputs.githubToken, { log: (message) => ctx.log.debug(message) });
    const gh = { octokit, owner, repo, limits: { signal: ctx.deadline.reporting } };
    const body = renderPlanComment(results, dryRun);
    const write = await (0,sticky_comment/* keepStickyComment */.I)(gh, {
        issue: run.pullRequest.number,
        marker: PLAN_COMMENT_MARKER,
        identity: new token_identity/* TokenIdentity */.u((message) => ctx.log.debug(message)),
        render: () => body,
    });
    ctx.log.info(`${write.created === undefined ? 'Updated' : 'Posted'} the plan comment on pull request #${run.pullRequest.number}`);
}

;// CONCATENATED MODULE: ./lib/operations/apply/apply.js
















// `apply`: when it may write, the step over every project, and each project's plan carried out
// (reading the current state: current-state.ts; writing: carry-out.ts; reporting: apply-report.ts).
/** The events on which `apply` may write: none of them can run a pull request's version of the file. */
const WRITING_EVENTS = new Set(['push', 'schedule', 'release', 'workflow_dispatch']);
/** A branch or a tag; the merge queue's temporary branches (`gh-readonly-queue/…`) hold a pull request's file. */
const WRITING_REF = /^refs\/(?:heads\/(?!gh-readonly-queue\/)|tags\/)./;
const WRITES_WHEN = '`apply` writes on `push` to a branch or tag, `schedule`, `release` and `workflow_dispatch` of a branch or tag, and from the command line run by a person';
/**
 * Whether `apply` may write in this run, decided by an allow-list: only on `push`, `schedule`,
 * `release` and `workflow_dispatch` whose ref is a branch or a tag, when nothing in the payload
 * names a pull request. Every other event (`pull_request*`, `merge_group`, `issue_comment`,
 * `workflow_run`…) may hold a pull request's version of the file: there it only plans, and `why`
 * says so. With no GitHub event (the command line run by a person), it writes, unless another CI
 * says the run is a merge or change request's.
 */
function applyWriteGate(run) {
    const plansOnly = (reason) => ({
        writes: false,
        why: `${run.eventName ? `On a \`${run.eventName}\` event` : 'Here'} \`apply\` only plans: nothing is written, whatever \`dry-run\` says (${reason}). ${WRITES_WHEN}.`,
    });
    if (run.pullRequestNamedBy)
        return plansOnly(run.pullRequestNamedBy);
    if (run.eventName === '')
        return { writes: true };
    if (!WRITING_EVENTS.has(run.eventName))
        return plansOnly("the file may be a pull request's");
    if (!run.githubRef)
        return plansOnly('GITHUB_REF names no branch or tag');
    if (!WRITING_REF.test(run.githubRef)) {
        const ref = run.githubRef.length > 200 ? `${run.githubRef.slice(0, 200)}…` : run.githubRef;
        return plansOnly(`its ref \`${ref}\` is not a branch or tag`);
    }
    return { writes: true };
}
/**
 * `apply`: the file is read and checked once, before any request; then each project is planned
 * and applied. Reports the plan of each project (summary, PR comment, outputs `plan` and `changes`).
 */
const applyStep = async (ctx) => {
    const { inputs } = ctx;
    const gate = applyWriteGate(ctx.run);
    const planOnly = !gate.writes;
    const dryRun = inputs.dryRun || planOnly;
    const text = await readConfigText(inputs.config, ctx.run.workspace);
    let parsed;
    try {
        parsed = await (0,file/* parseConfigFile */.me)(inputs.config, text, inputs.projects, { edition: (0,project_file_edition/* editionOf */.y)(inputs.baseUrl) });
        (0,apply_report/* annotateFileReading */.Zs)(ctx.log, parsed);
    }
    catch (error) {
        if (!(error instanceof file/* ConfigFileError */.x))
            throw error;
        return (0,apply_report/* invalidFileReport */.GQ)(ctx.log, inputs, error, dryRun);
    }
    if (!gate.writes)
        ctx.log.notice((0,untrusted_text/* safeLine */.om)(gate.why), { title: apply_report/* PLAN_ONLY_TITLE */.Ow });
    const desired = parsed.projects;
    const results = await (0,run_projects/* forEachProject */.Wr)(ctx, [...desired.keys()], (c, run) => applyProject(c, run, desired.get(run.name), dryRun, parsed.locate));
    const summary = [(0,apply_report/* planSummary */.MM)(results, { planOnly, dryRun, eventName: ctx.run.eventName })];
    await publishPlanComment(ctx, results, dryRun).catch((error) => {
        ctx.log.warning((0,untrusted_text/* safeLine */.om)(`The pull request comment was not written: ${(0,message_of/* messageOf */.b)(error)}`), {
            title: 'Plan comment not written',
        });
    });
    return { results, summary, outputs: (0,apply_report/* planOutputs */.iS)(results) };
};
/** The file's text, refused by size before it is read whole. */
async function readConfigText(config, workspace) {
    const path = (0,paths/* configPath */.e)(config, workspace);
    try {
        const size = (await (0,promises_.stat)(path)).size;
        if (size > file/* MAX_FILE_BYTES */.gZ) {
            throw new inputs/* InputError */.dz([
                `Input \`config\`: ${config} is ${size} bytes, larger than ${file/* MAX_FILE_BYTES */.gZ / 1024} KiB: a project file is refused past that`,
            ]);
        }
        return await (0,promises_.readFile)(path, 'utf8');
    }
    catch (error) {
        if (error instanceof inputs/* InputError */.dz)
            throw error;
        const code = error.code;
        throw new inputs/* InputError */.dz([
            code === 'ENOENT'
                ? `Input \`config\`: ${config} does not exist. Check out the repository first, or run \`export\` to write it`
                : `Input \`config\`: cannot read ${config}: ${(0,message_of/* messageOf */.b)(error)}`,
        ]);
    }
}
/** One project: its plan from the current state, refused before any write if the service would refuse part of it, else carried out. */
async function applyProject(ctx, { name: project, log, seen }, desired, dryRun, locate) {
    const { inputs } = ctx;
    let current;
    try {
        current = await (0,current_state/* readCurrent */.cA)(ctx, project, desired);
    }
    catch (error) {
        if (!(error instanceof current_state/* MissingVersionsError */.Ir))
            throw error;
        return (0,apply_report/* missingVersionsRefused */.o2)(ctx.log, error, locate, log, dryRun);
    }
    const plan = (0,project_file_plan/* planProject */.fU)(project, desired, current, inputs.prune);
    const changes = (0,describe/* changeCount */.YR)(plan);
    (0,apply_report/* tellPlan */.fb)(plan, changes, dryRun, log);
    const kept = plan.kept.length > 0 ? { keptActive: plan.kept } : {};
    // What the service would refuse part-way: refused here, before any write, at its line of the file.
    const refusals = preflight(plan, desired, current, (0,project_file_edition/* editionOf */.y)(inputs.baseUrl));
    if (refusals.length > 0)
        return (0,apply_report/* refusedBeforeWrite */.pl)(ctx.log, plan, refusals, locate, log, { changes, dryRun, ...kept });
    let details = { plan: (0,describe/* planEntries */.W9)(plan), changes, dryRun, ...kept };
    if (!dryRun) {
        const statuses = plan.changes.map(() => 'planned');
        const failure = await carryOut(ctx, plan, statuses, log);
        const notKept = await readBack(ctx, plan, statuses, log);
        details = { plan: (0,describe/* planEntries */.W9)(plan, statuses), changes, dryRun: false, ...kept, ...(notKept.length > 0 ? { notKept } : {}) };
        if (failure)
            return { ...writeFailure(ctx, seen, plan, statuses, failure, log), details };
    }
    if (inputs.failOnChanges && changes > 0) {
        return {
            outcome: 'failed',
            title: 'Project differs from the file',
            subject: project,
            reason: (0,apply_report/* changesReason */.S9)(plan, changes, dryRun),
            details,
        };
    }
    return { outcome: 'success', details };
}
/** A write failed: the error's outcome, and a reason that says which write and what was done before it. */
function writeFailure(ctx, seen, plan, statuses, failure, log) {
    const concluded = (0,write_failure/* concludeWriteFailure */.f)(ctx, { name: plan.project, seen }, failure, {
        changedAnything: statuses.includes('done'),
        partly: 'Project partly changed',
        unchanged: 'Project not changed',
        after: [(0,apply_report/* progressTable */.wC)(plan, statuses)],
    });
    log.info((0,untrusted_text/* safeLine */.om)(`${concluded.subject}: ${concluded.reason.split('\n')[0] ?? ''}`));
    return concluded;
}


/***/ }),

/***/ 9392:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gc: () => (/* binding */ comparableSettings),
/* harmony export */   Ir: () => (/* binding */ MissingVersionsError),
/* harmony export */   Iu: () => (/* binding */ currentRedirect),
/* harmony export */   cA: () => (/* binding */ readCurrent),
/* harmony export */   fY: () => (/* binding */ namedVersions)
/* harmony export */ });
/* harmony import */ var _util_plural_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3960);
/* harmony import */ var _util_untrusted_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9052);
/* harmony import */ var _normal_form_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1641);
/* harmony import */ var _version_policy_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9820);




// `apply`'s first job: what the service has now, for the parts the file manages (reads only).
/** The settings the file can name, as GET shows them (`language` as its code, `repository` as `{url, type}`). */
function comparableSettings(info) {
    return {
        name: info.name,
        repository: info.repository ? { url: info.repository.url, type: info.repository.type ?? 'git' } : undefined,
        language: info.language.code,
        programming_language: info.programming_language?.code,
        homepage: info.homepage ?? '',
        tags: info.tags ?? [],
        default_version: info.default_version ?? undefined,
        default_branch: info.default_branch ?? undefined,
        versioning_scheme: info.versioning_scheme,
        readthedocs_yaml_path: info.readthedocs_yaml_path ?? null,
        privacy_level: info.privacy_level,
        external_builds_privacy_level: info.external_builds_privacy_level,
    };
}
/** The versions the file names, as the versions list gives them. */
function namedVersions(list, project, slugs) {
    const bySlug = new Map(list.map((v) => [v.slug, v]));
    const versions = {};
    for (const slug of slugs) {
        const version = bySlug.get(slug);
        if (!version)
            throw new Error(`version \`${(0,_util_untrusted_text_js__WEBPACK_IMPORTED_MODULE_0__/* .safeLine */ .om)(slug, 200)}\` named under \`versions\` does not exist on ${project}`);
        versions[slug] = {
            active: version.active,
            hidden: version.hidden ?? false,
            ...(version.privacy_level === undefined ? {} : { privacy_level: version.privacy_level }),
        };
    }
    return versions;
}
/**
 * Versions the file names that the project does not have (a deleted branch or tag, a merge
 * queue's temporary branch the service deleted): a problem of the file, at each one's line, never
 * an error of the action.
 */
class MissingVersionsError extends Error {
    project;
    slugs;
    name = 'MissingVersionsError';
    constructor(project, slugs) {
        super(`${(0,_util_plural_js__WEBPACK_IMPORTED_MODULE_3__/* .forCount */ .V)(slugs.length, 'A version', 'Versions')} named under \`versions\` that ${project} does not have: ${slugs.map((slug) => (0,_util_untrusted_text_js__WEBPACK_IMPORTED_MODULE_0__/* .safeLine */ .om)(slug, 200)).join(', ')}`);
        this.project = project;
        this.slugs = slugs;
    }
}
/** What the service has now, for the parts the file manages. Reads only; {@link MissingVersionsError} for versions it does not have. */
async function readCurrent(ctx, project, desired) {
    const { api } = ctx;
    const info = await api.projectSettings(project);
    // FACTS: "the versions list (`limit=100`) returns them all, so no per-version GET is needed":
    // 300 versions are 3 requests, read once for the versions named and for `version_policy`.
    const named = Object.keys(desired.versions ?? {});
    const list = named.length > 0 || desired.versionPolicy ? await api.versions(project) : [];
    const listed = new Set(list.map((v) => v.slug));
    const missing = named.filter((slug) => !listed.has(slug));
    if (missing.length > 0)
        throw new MissingVersionsError(project, missing);
    return {
        settings: comparableSettings(info),
        redirects: desired.redirects ? (await api.redirects(project)).map(currentRedirect) : [],
        subprojects: desired.subprojects ? (await api.subprojects(project)).map((s) => ({ child: s.child.slug, alias: s.alias })) : [],
        versions: namedVersions(list, project, named),
        ...(desired.versionPolicy ? { versionList: list.map(_version_policy_js__WEBPACK_IMPORTED_MODULE_2__/* .policyVersionOf */ .Ke) } : {}),
    };
}
/** A redirect as the service holds it, in the normal form the plan compares (a stored value may predate it). */
function currentRedirect(r) {
    const paths = (0,_normal_form_js__WEBPACK_IMPORTED_MODULE_1__/* .hasPaths */ .p4)(r.type);
    return {
        pk: r.pk,
        type: r.type,
        from: paths && r.from_url ? (0,_normal_form_js__WEBPACK_IMPORTED_MODULE_1__/* .normalFrom */ .QC)(r.from_url) : '',
        to: paths && r.to_url ? (0,_normal_form_js__WEBPACK_IMPORTED_MODULE_1__/* .normalTo */ .vW)(r.to_url) : '',
        http_status: r.http_status === 301 ? 301 : 302,
        force: r.force ?? false,
        enabled: r.enabled ?? true,
        description: (r.description ?? '').trim(),
        position: r.position ?? 0,
    };
}


/***/ }),

/***/ 5788:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   G: () => (/* binding */ rootWithoutDefault)
/* harmony export */ });
function rootWithoutDefault(project, defaultVersion) {
    if (project.versioningScheme === 'single_version_without_translations')
        return { serves: 'nothing', singleVersion: true };
    if (defaultVersion === 'latest')
        return { serves: 'nothing', singleVersion: false };
    return { serves: 'latest', defaultPath: versionPath(project, defaultVersion) };
}
/** A version's path under the docs domain, as the project's versioning scheme makes it (the language left out when unknown). */
function versionPath(project, slug) {
    const withLanguage = project.versioningScheme !== 'multiple_versions_without_translations' && project.language !== undefined;
    return `${withLanguage ? `/${project.language}` : ''}/${slug}/`;
}


/***/ }),

/***/ 4670:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   f: () => (/* binding */ concludeWriteFailure)
/* harmony export */ });
/* harmony import */ var _util_abort_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2830);
/* harmony import */ var _util_message_of_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(485);
/* harmony import */ var _run_projects_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5120);



/**
 * A project's writes stopped at `failure`: the error's outcome (a timeout or a cancel keeps its own
 * title), else a title saying whether anything changed, and a reason naming the write that failed.
 */
function concludeWriteFailure(ctx, run, failure, shape) {
    const stopped = failure.error instanceof _util_abort_js__WEBPACK_IMPORTED_MODULE_0__/* .DeadlineError */ .j3 || failure.error instanceof _util_abort_js__WEBPACK_IMPORTED_MODULE_0__/* .CancelledError */ .cc;
    const { outcome, title: stoppedTitle } = (0,_run_projects_js__WEBPACK_IMPORTED_MODULE_1__/* .failureOf */ .g5)(ctx, run.name, run.seen, failure.error);
    const title = stopped && stoppedTitle ? stoppedTitle : shape.changedAnything ? shape.partly : shape.unchanged;
    const reason = [`${failure.step} failed: ${writeErrorMessage(failure.error)}`, ...shape.after].filter(Boolean).join('\n');
    return { outcome, title, subject: run.name, reason };
}
function writeErrorMessage(error) {
    if (error instanceof _util_abort_js__WEBPACK_IMPORTED_MODULE_0__/* .DeadlineError */ .j3)
        return 'the step timed out (input `timeout`)';
    return (0,_util_message_of_js__WEBPACK_IMPORTED_MODULE_2__/* .messageOf */ .b)(error);
}


/***/ })

};
