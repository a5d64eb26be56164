export const id = 407;
export const ids = [407];
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

/***/ 629:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   W: () => (/* binding */ linkLevels),
/* harmony export */   a: () => (/* binding */ failingLinks)
/* harmony export */ });
/* harmony import */ var _gates_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9414);

function linkLevels(inputs, operation) {
    const links = inputs.linkCheck === 'auto' ? (operation === 'preview' ? 'warn' : 'off') : inputs.linkCheck;
    const anchors = links === 'off' ? 'off' : inputs.linkCheckAnchors === 'auto' ? links : inputs.linkCheckAnchors;
    return { links, anchors };
}
/** Whether broken links of a report fail at these levels: an internal page, image or resource with `fail`, an internal anchor with anchors at `fail`. */
function failingLinks(broken, levels) {
    return broken.filter((link) => !link.external && (0,_gates_js__WEBPACK_IMPORTED_MODULE_0__/* .failsAt */ .ZN)(link.kind === 'anchor' ? levels.anchors : levels.links));
}


/***/ }),

/***/ 8409:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  q0: () => (/* reexport */ LinkAnswers),
  rd: () => (/* binding */ MAX_PAGE_BYTES),
  me: () => (/* binding */ annotateBroken),
  mY: () => (/* binding */ checkLinks)
});

// UNUSED EXPORTS: recheckPlan

// EXTERNAL MODULE: ./node_modules/p-limit/index.js + 1 modules
var p_limit = __webpack_require__(370);
// EXTERNAL MODULE: ./lib/reporting/broken-link.js
var broken_link = __webpack_require__(2242);
// EXTERNAL MODULE: ./lib/resilience/index.js + 5 modules
var resilience = __webpack_require__(5816);
// EXTERNAL MODULE: ./lib/util/untrusted-text.js
var untrusted_text = __webpack_require__(9052);
;// CONCATENATED MODULE: ./lib/operations/shared/links/anchor-set.js
/**
 * The anchors of a page as the link check keeps them: not their names but a 52-bit hash of each,
 * sorted in one `Float64Array` and looked up by binary search. A crawl keeps the anchors of every
 * page it reads, and a hostile page may hold 50,000 ids of 4 KB each: as hashes, every anchor costs
 * 8 bytes whatever its length or characters, and nothing of the page's text is kept. Two names with
 * the same hash would make a missing anchor look present: about one chance in 10^11 for a page of
 * 50,000 anchors, never a broken link reported that is not. Pure, shared by the parser's worker
 * (which makes the hashes) and the check (which asks them).
 */
/** 2^32, to put the first hash's 20 high bits above the second's 32. */
const TWO_TO_32 = 0x1_0000_0000;
/** Two independent 32-bit hashes of the name's UTF-16 code units, made one 52-bit number. */
function anchorHash(name) {
    // FNV-1a, and a multiply-xorshift with another constant: each a full pass over the name.
    let first = 0x811c9dc5;
    let second = 0x9747b28c;
    for (let i = 0; i < name.length; i++) {
        const unit = name.charCodeAt(i);
        first = Math.imul(first ^ unit, 0x01000193);
        second = Math.imul(second + unit, 0x9e3779b1);
        second ^= second >>> 15;
    }
    // The length mixed in, then a final mix so that the high bits depend on every unit.
    second = Math.imul(second ^ name.length, 0x85ebca6b);
    second ^= second >>> 13;
    first ^= first >>> 16;
    first = Math.imul(first, 0x2c1b3c6d);
    return (first >>> 12) * TWO_TO_32 + (second >>> 0);
}
/** The hashes of `names`, sorted, each once: what {@link AnchorSet} is made of (and what the worker sends). */
function anchorHashes(names) {
    const hashes = Float64Array.from(names, anchorHash).sort();
    let kept = 0;
    for (let i = 0; i < hashes.length; i++) {
        if (i === 0 || hashes[i] !== hashes[kept - 1])
            hashes[kept++] = hashes[i];
    }
    return kept === hashes.length ? hashes : hashes.slice(0, kept);
}
class AnchorSet {
    // A field, not a parameter property: this file runs in the parser's worker, whose Node strips types only.
    hashes;
    /** `hashes` as {@link anchorHashes} makes them: sorted, each once. */
    constructor(hashes) {
        this.hashes = hashes;
    }
    /** Anchors kept (names with the same hash count once). */
    get size() {
        return this.hashes.length;
    }
    has(name) {
        const hash = anchorHash(name);
        for (let low = 0, high = this.hashes.length - 1; low <= high;) {
            const middle = (low + high) >>> 1;
            const value = this.hashes[middle];
            if (value === hash)
                return true;
            if (value < hash)
                low = middle + 1;
            else
                high = middle - 1;
        }
        return false;
    }
}

// EXTERNAL MODULE: external "node:worker_threads"
var external_node_worker_threads_ = __webpack_require__(5919);
// EXTERNAL MODULE: ./lib/util/abort.js
var abort = __webpack_require__(2830);
;// CONCATENATED MODULE: ./lib/operations/shared/links/page-parser.js
/**
 * The link check's pages read off the main thread: one worker (parse-worker.ts), started on the
 * first page and given one page at a time, its bytes transferred. A page is read under a CPU budget
 * (the worker stops itself past it), a time limit (the worker is ended: a starved or stuck one
 * too) and the step's signal (its deadline, SIGINT, SIGTERM: the worker is ended at once and the
 * signal's reason thrown). The main thread stays free meanwhile, so the step's deadline, its
 * signals and its report on GitHub keep their time whatever a page holds. The worker's heap is
 * bounded (`resourceLimits`): a page that would take more ends it, and is cut short like one
 * over its budget. A worker that ended is started again for the next page.
 */


/**
 * CPU time one page may take, decoding included: the tokenizer reads 4 MB in about half a second,
 * whatever the page's nesting.
 */
const PAGE_CPU_BUDGET_MS = 5_000;
/** Real time one page may take once it is the worker's: a starved worker on a busy machine ends too. */
const PAGE_TIME_LIMIT_MS = 30_000;
/**
 * The worker's heap: a 4-MB page decoded is 8 MB at most (UTF-16), what is read of it far less. A
 * small young generation keeps the garbage of a reading from growing the process's memory.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 4, stackSizeMb: 4 };
/**
 * Where the worker is, beside this module as it runs: `parse-worker.ts` from the sources (Node
 * strips its types), `parse-worker.js` from lib/ and in dist/action/, where `npm run build` bundles
 * it on its own (the name is computed, so that the bundler leaves it as it is).
 */
const WORKER_URL = new URL(`./parse-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);
class PageParser {
    worker;
    nextId = 0;
    /** The pages given to a worker and not answered yet, with the worker that has them. */
    waiting = new Map();
    queue = Promise.resolve();
    /** The links and anchors of a page's bytes (UTF-8), one page at a time; throws the signal's reason when it aborts. */
    parse(bytes, options) {
        const turn = this.queue.then(() => this.parseNow(bytes, options));
        this.queue = turn.catch(() => undefined);
        return turn;
    }
    /** Ends the worker (it is started again if another page comes). */
    async close() {
        const worker = this.worker;
        this.worker = undefined;
        await worker?.terminate();
    }
    parseNow(bytes, options) {
        const { signal } = options;
        if (signal.aborted)
            return Promise.reject((0,abort/* abortReason */.Js)(signal));
        const worker = this.started();
        const id = this.nextId++;
        const limit = AbortSignal.any([signal, AbortSignal.timeout(options.timeLimitMs ?? PAGE_TIME_LIMIT_MS)]);
        return new Promise((resolve, reject) => {
            const settle = () => {
                limit.removeEventListener('abort', onLimit);
                this.waiting.delete(id);
                if (this.waiting.size === 0)
                    this.worker?.unref();
            };
            const onLimit = () => {
                settle();
                // Ended where it is: whatever the page holds, the worker takes no more time.
                void this.close();
                if (signal.aborted)
                    reject((0,abort/* abortReason */.Js)(signal));
                else
                    resolve({ cut: 'time' });
            };
            limit.addEventListener('abort', onLimit, { once: true });
            this.waiting.set(id, {
                worker,
                answer: (reply) => {
                    settle();
                    resolve('page' in reply ? { page: reply.page } : { cut: reply.cut });
                },
            });
            // While a page is read, the worker keeps the process alive; idle, it does not.
            worker.ref();
            // The bytes are moved, not copied: a view of a larger buffer is copied first (only a whole buffer moves).
            const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
            const request = { id, bytes: owned, cpuBudgetMs: options.cpuBudgetMs ?? PAGE_CPU_BUDGET_MS };
            worker.postMessage(request, [owned.buffer]);
        });
    }
    started() {
        if (this.worker !== undefined)
            return this.worker;
        const worker = new external_node_worker_threads_.Worker(WORKER_URL, { resourceLimits: WORKER_LIMITS });
        worker.unref();
        worker.on('message', (reply) => this.waiting.get(reply.id)?.answer(reply));
        // Out of memory (its heap's limit) or failed: every page it held is cut short, and the next page starts another.
        const lost = (cut) => {
            if (this.worker === worker)
                this.worker = undefined;
            for (const waiting of [...this.waiting.values()])
                if (waiting.worker === worker)
                    waiting.answer({ cut });
        };
        worker.on('error', (error) => lost(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'error'));
        worker.on('exit', () => lost('error'));
        this.worker = worker;
        return worker;
    }
}

// EXTERNAL MODULE: ./lib/operations/shared/links/resolve-link.js
var resolve_link = __webpack_require__(8293);
;// CONCATENATED MODULE: ./lib/operations/shared/links/link-answers.js
/**
 * What one run has fetched for its link checks, shared by its projects: each target is fetched
 * once per run however many pages (of however many projects) link to it, and a page another check
 * of the run read already (`preview`'s look-up of a changed page) is parsed from that body instead
 * of fetched again, and only once (the root read as `/` is not read again as `index.html`). Pages
 * are parsed in the run's parser worker (page-parser.ts); what is kept of them is what the worker
 * sends back (status, the hashes of the anchors, the links, all copies): never a body, nor a piece
 * of one. The run parses at most {@link MAX_RUN_PARSE_BYTES} in all: past it, a page is not read
 * (its links not checked, counted).
 */



/** Bytes of pages one run parses at most (each page at most 4 MB): past it, pages are not read. */
const MAX_RUN_PARSE_BYTES = 64 * 1024 * 1024;
/** The process's parser: one worker, started on the first page, idle it holds nothing up. */
const parser = new PageParser();
class LinkAnswers {
    reads = new Map();
    second = new Map();
    parsedBytes = 0;
    signal;
    maxParseBytes;
    parser;
    /**
     * `signal`: the step's deadline and cancellation, which end a page's reading. `parser`: where pages
     * are read, the process's worker unless a test gives another (a page cut short, without a page
     * that takes seconds).
     */
    constructor(options = {}) {
        this.signal = options.signal ?? new AbortController().signal;
        this.maxParseBytes = options.maxParseBytes ?? MAX_RUN_PARSE_BYTES;
        this.parser = options.parser ?? parser;
    }
    /**
     * A page of the version the run fetched already (answered 200, its bounded body when it was
     * read): parsed unless the run has it read already, under this address or another of the same page.
     */
    async keep(url, answer) {
        const known = this.reads.get(keyOf(url, false)) ?? (answer.url === undefined ? undefined : this.reads.get(keyOf(answer.url, false)));
        if (known?.body === true) {
            await known.read;
            return;
        }
        const read = this.parse(answer);
        this.remember(url, false, { body: true, read });
        await read;
    }
    /** The answer the run has for `url`, else `fetch`'s, kept; one without a body does not serve a read of the page's anchors. */
    read(url, options, fetch) {
        const known = this.reads.get(keyOf(url, options.external));
        if (known && (known.body || !options.body) && !(options.links && known.linksGone))
            return known.read;
        const read = fetch();
        this.remember(url, options.external, { body: options.body, read });
        return read;
    }
    /**
     * A check took the links of the page at `url`: the run keeps its answer and anchors, not its links
     * (a crawl of hundreds of pages would hold them all). A later read for its links fetches it again.
     */
    linksTaken(url) {
        const kept = this.reads.get(keyOf(url, false));
        if (kept === undefined || kept.linksGone)
            return;
        kept.linksGone = true;
        kept.read = kept.read.then((read) => read && { answer: read.answer, links: [], ...(read.url === undefined ? {} : { url: read.url }), parsed: read.parsed });
    }
    /**
     * `url` asked a second time (a target the CDN may still have served from the previous build,
     * another site's that looked dead), once in the run: a check that asks again what another asked
     * again already (or is asking) gets that answer, and the run keeps it as the target's answer.
     */
    again(url, options, fetch) {
        const key = keyOf(url, options.external);
        const known = this.second.get(key);
        if (known !== undefined)
            return known;
        this.reads.delete(key);
        const read = this.read(url, options, fetch);
        this.second.set(key, read);
        return read;
    }
    /** Whether the run asked `url` a second time: what it has of it is that answer. */
    askedAgain(url, external) {
        return this.second.has(keyOf(url, external));
    }
    /** Whether the run has parsed all it may: a page is then not fetched for its links, a target not for its anchors. */
    get spent() {
        return this.parsedBytes >= this.maxParseBytes;
    }
    /**
     * An answer made a page read when it is an HTML page that answered 200 with its body, parsed in the
     * worker; else its status (and why it was not read).
     */
    async parse(answer) {
        const html = answer.contentType === undefined ? undefined : isHtmlType(answer.contentType);
        const facts = {
            ...(answer.status === undefined ? {} : { status: answer.status }),
            ...(html === false ? { html } : {}),
            ...(answer.refused === undefined ? {} : { refused: answer.refused }),
        };
        const unread = (unreadable) => ({
            answer: facts,
            links: [],
            ...(answer.url === undefined ? {} : { url: answer.url }),
            parsed: false,
            ...(unreadable === undefined ? {} : { unreadable }),
        });
        if (answer.status !== 200 || html === false)
            return unread();
        if (answer.tooLarge === true)
            return unread('too large');
        if (answer.bytes === undefined)
            return unread();
        if (this.parsedBytes + answer.bytes.byteLength > this.maxParseBytes) {
            // Spent: the next pages are not fetched for their links.
            this.parsedBytes = this.maxParseBytes;
            return unread('run total');
        }
        this.parsedBytes += answer.bytes.byteLength;
        const outcome = await this.parser.parse(answer.bytes, { signal: this.signal });
        // Cut short (its budget, its time, the worker's heap): the page's own size or shape took more than a page may.
        if ('cut' in outcome)
            return unread('too complex');
        const { links, anchors, base, dropped } = outcome.page;
        return {
            answer: { ...facts, anchors: new AnchorSet(anchors), html: true },
            links,
            base,
            ...(answer.url === undefined ? {} : { url: answer.url }),
            parsed: true,
            ...(dropped > 0 ? { dropped } : {}),
        };
    }
    /** Kept under its address, and once served, under the address it was served from (a redirect's end) when that has none. */
    remember(url, external, entry) {
        this.reads.set(keyOf(url, external), entry);
        void entry.read.then((read) => {
            if (read?.url === undefined || external)
                return;
            const served = keyOf(read.url, false);
            if (!this.reads.has(served))
                this.reads.set(served, entry);
        }, () => undefined);
    }
}
/** The same URL is asked differently as another site's (no redirect followed): kept apart. A page of the version is its one address. */
function keyOf(url, external) {
    const bare = withoutHash(url);
    return external ? `external ${bare}` : `internal ${(0,resolve_link/* pageAddress */.qx)(bare)}`;
}
function withoutHash(url) {
    const parsed = new URL(url);
    parsed.hash = '';
    return parsed.href;
}
function isHtmlType(type) {
    return type === 'text/html' || type === 'application/xhtml+xml';
}

;// CONCATENATED MODULE: ./lib/operations/shared/links/link-judge.js

/** Broken links kept in the report (the counts go on). */
const MAX_BROKEN = 1_000;
/** Targets not judged kept in the report: as many as `health`'s issue keeps dates of. */
const MAX_UNJUDGED = 2_000;
/** `confirmed`: other sites' targets asked a second time, whose answer is that one: only they may be broken. */
function judge(plan, occurrences, answerOf, confirmed = new Set()) {
    const judged = {
        checked: 0,
        notChecked: 0,
        broken: [],
        otherSites: 0,
        ignored: 0,
        outsideVersion: 0,
        suspects: new Set(),
        unavailable: 0,
        unconfirmed: new Set(),
        unjudged: new Set(),
    };
    const external = { accept: plan.accept ?? new Set(), confirmed };
    // Once per page and target: the occurrences come page after page, so the set holds one page's.
    let done = new Set();
    let current;
    for (const { page, kind, target, fragment: written, text } of occurrences) {
        if (page !== current) {
            done = new Set();
            current = page;
        }
        const fragment = target.kind === 'internal' && kind === 'link' && plan.anchors ? written : undefined;
        const shown = target.kind === 'internal' ? `${target.path === '' ? '/' : target.path}${fragment === undefined ? '' : `#${fragment}`}` : target.url;
        const key = `${kind}\n${target.kind}\n${shown}`;
        if (done.has(key))
            continue;
        done.add(key);
        if (target.kind === 'ignored')
            judged.ignored += 1;
        else if (target.kind === 'outside')
            judged.outsideVersion += 1;
        else if (target.kind === 'external' && !plan.external)
            judged.otherSites += 1;
        else
            judgeOne(judged, { page, kind, url: target.url, external: target.kind === 'external', shown, fragment, text }, answerOf(target.url), external);
    }
    return judged;
}
function judgeOne(judged, link, answer, policy) {
    const { external } = link;
    const problem = external ? externalProblem(answer, policy.accept) : problemOf(answer, link.kind, link.fragment);
    if (problem === 'not checked') {
        judged.notChecked += 1;
        if (external)
            unjudged(judged, link.url);
        return;
    }
    if (problem === UNAVAILABLE || (external && problem !== undefined && !policy.confirmed.has(link.url))) {
        // Broken-looking but not asked twice yet: the checker asks it again later, and only then may it be broken.
        if (problem !== UNAVAILABLE)
            judged.unconfirmed.add(link.url);
        judged.unavailable += 1;
        unjudged(judged, link.url);
        return;
    }
    judged.checked += 1;
    if (problem === undefined)
        return;
    if (!external && (problem.startsWith('missing ') || answer?.status === 410))
        judged.suspects.add(link.url);
    if (judged.broken.length < MAX_BROKEN) {
        const kind = problem === 'missing anchor' ? 'anchor' : link.kind === 'image' ? 'image' : link.kind === 'resource' ? 'resource' : 'page';
        judged.broken.push({
            page: link.page,
            target: link.shown,
            problem,
            kind,
            external,
            ...(link.text === undefined ? {} : { text: link.text }),
        });
    }
}
/** Another site's target this check could not judge, kept while there is room. */
function unjudged(judged, url) {
    if (judged.unjudged.size < MAX_UNJUDGED)
        judged.unjudged.add(url);
}
const MISSING = { link: 'missing page', image: 'missing image', resource: 'missing resource' };
/** What an other site's answer that says nothing of the link is: the site would not tell. */
const UNAVAILABLE = 'unavailable';
/**
 * What is wrong with a link to another site given its answer: `answered 404`, `no such host`…;
 * `unavailable` when the site would not tell (throttled, challenged, a server error, no answer in
 * time); `not checked` when it was not asked (a bound, a private address); undefined when it works
 * (a status below 400, a redirect not followed, or one `accept` counts as working).
 */
function externalProblem(answer, accept) {
    if (answer === undefined || answer.refused === 'private')
        return 'not checked';
    const status = answer.status;
    if (status !== undefined && accept.has(status))
        return undefined;
    if (answer.refused !== undefined || answer.failed === 'no answer')
        return UNAVAILABLE;
    if (answer.failed !== undefined)
        return answer.failed;
    if (status === undefined)
        return 'not checked';
    if (status === 429 || (status >= 500 && status < 600))
        return UNAVAILABLE;
    return status >= 400 ? `answered ${status}` : undefined;
}
/** What is wrong with a link to the version's own pages given its target's answer; `not checked` when it tells nothing. */
function problemOf(answer, kind, fragment) {
    const status = answer?.status;
    // A throttled or challenged request says nothing about the link: it is never broken.
    if (status === undefined || answer?.refused !== undefined)
        return 'not checked';
    if (status === 404 || status === 410)
        return MISSING[kind];
    if (status >= 400 && status < 500)
        return `answered ${status}`;
    // A server error or a redirect off the host tells nothing about the link.
    if (status !== 200)
        return 'not checked';
    // A fragment into a file that is not an HTML page (a PDF's `#page=2`) is no anchor.
    if (fragment === undefined || answer?.html === false)
        return undefined;
    if (answer?.anchors === undefined)
        return 'not checked';
    return (0,resolve_link/* hasAnchor */.q1)(answer.anchors, fragment) ? undefined : 'missing anchor';
}

// EXTERNAL MODULE: ./lib/util/private-host.js
var private_host = __webpack_require__(1898);
// EXTERNAL MODULE: ./lib/operations/shared/builds/sphinx-warnings.js
var sphinx_warnings = __webpack_require__(5426);
;// CONCATENATED MODULE: ./lib/operations/shared/links/index-literal.js
/**
 * A reader of the literals the docs builders' search indexes are written in: JSON (MkDocs'
 * `search_index.json`, Sphinx's `searchindex.js` since Sphinx 7) and the JavaScript subset older
 * Sphinx wrote (keys as bare words: `{docnames:["index"],…}`). An index of a pull request's preview
 * is the pull request's own text: it is read in one pass (each character once, no backtracking),
 * nested at most {@link MAX_DEPTH} deep, and only the parts a `Pick` names are kept, within a count
 * of values; anything else is an {@link IndexFormatError}. Objects are read into `Map`s (a key
 * `__proto__` is a key like any other). Pure.
 */
class IndexFormatError extends Error {
    constructor(message, at) {
        super(`${message} at character ${at}`);
        this.name = 'IndexFormatError';
    }
}
/** Nesting deeper than this is no index (Sphinx's goes 4 deep, MkDocs' 3). */
const MAX_DEPTH = 16;
/**
 * Reads the object literal at `start` of `text`, keeping what `pick` names and at most `maxValues`
 * values; returns it and where it ended.
 */
function readObjectLiteral(text, start, pick, options) {
    const reader = new Reader(text, start, options.maxValues);
    reader.space();
    if (text[reader.at] !== '{')
        throw new IndexFormatError('expected an object', reader.at);
    const value = reader.value(pick, 0);
    return { value, end: reader.at };
}
const BARE_KEY = /[A-Za-z0-9_$]/;
class Reader {
    text;
    at;
    maxValues;
    values = 0;
    constructor(text, at, maxValues) {
        this.text = text;
        this.at = at;
        this.maxValues = maxValues;
    }
    /** The value at `at`: kept (as `pick` says) or skipped (`pick` undefined, returning undefined). */
    value(pick, depth) {
        if (depth > MAX_DEPTH)
            throw new IndexFormatError('nested too deep', this.at);
        if (pick !== undefined && ++this.values > this.maxValues)
            throw new IndexFormatError(`over ${this.maxValues} values`, this.at);
        const c = this.text[this.at];
        if (c === '{')
            return this.object(pick, depth);
        if (c === '[')
            return this.list(pick, depth);
        if (c === '"')
            return this.string(pick !== undefined);
        if (c === '-' || (c !== undefined && c >= '0' && c <= '9'))
            return this.number(pick !== undefined);
        for (const [word, literal] of WORDS) {
            if (this.text.startsWith(word, this.at)) {
                this.at += word.length;
                return pick === undefined ? undefined : literal;
            }
        }
        throw new IndexFormatError('expected a value', this.at);
    }
    space() {
        const { text } = this;
        for (let c = text[this.at]; c === ' ' || c === '\n' || c === '\r' || c === '\t'; c = text[++this.at])
            ;
    }
    object(pick, depth) {
        const kept = pick === undefined ? undefined : new Map();
        this.at += 1;
        this.space();
        if (this.text[this.at] === '}') {
            this.at += 1;
            return kept;
        }
        for (;;) {
            this.space();
            const key = this.key();
            this.space();
            this.expect(':');
            this.space();
            const inner = pick === undefined ? undefined : pick === true ? true : Object.hasOwn(pick, key) ? pick[key] : undefined;
            const value = this.value(inner, depth + 1);
            if (kept !== undefined && value !== undefined)
                kept.set(key, value);
            this.space();
            if (this.text[this.at] === '}') {
                this.at += 1;
                return kept;
            }
            this.expect(',');
        }
    }
    list(pick, depth) {
        const kept = pick === undefined ? undefined : [];
        const inner = pick === undefined ? undefined : pick === true ? true : Object.hasOwn(pick, '[]') ? pick['[]'] : undefined;
        this.at += 1;
        this.space();
        if (this.text[this.at] === ']') {
            this.at += 1;
            return kept;
        }
        for (;;) {
            this.space();
            const value = this.value(inner, depth + 1);
            if (kept !== undefined && value !== undefined)
                kept.push(value);
            this.space();
            if (this.text[this.at] === ']') {
                this.at += 1;
                return kept;
            }
            this.expect(',');
        }
    }
    /** A key: a string, or a bare word (older Sphinx's `docnames:`, `0:`). */
    key() {
        if (this.text[this.at] === '"')
            return this.string(true);
        const from = this.at;
        while (this.at < this.text.length && BARE_KEY.test(this.text[this.at]))
            this.at += 1;
        if (this.at === from)
            throw new IndexFormatError('expected a key', this.at);
        return this.text.slice(from, this.at);
    }
    /** A string in double quotes with JSON's escapes; undefined when not kept (its escapes still stepped over). */
    string(keep) {
        const { text } = this;
        const parts = [];
        let run = ++this.at;
        for (;;) {
            const c = text[this.at];
            if (c === undefined)
                throw new IndexFormatError('unterminated string', this.at);
            if (c === '"')
                break;
            if (c !== '\\') {
                this.at += 1;
                continue;
            }
            if (keep)
                parts.push(text.slice(run, this.at));
            const escaped = text[this.at + 1];
            if (escaped === 'u') {
                const hex = text.slice(this.at + 2, this.at + 6);
                if (!/^[0-9a-fA-F]{4}$/.test(hex))
                    throw new IndexFormatError('bad \\u escape', this.at);
                if (keep)
                    parts.push(String.fromCharCode(Number.parseInt(hex, 16)));
                this.at += 6;
            }
            else {
                const plain = escaped === undefined ? undefined : ESCAPES[escaped];
                if (plain === undefined)
                    throw new IndexFormatError('bad escape', this.at);
                if (keep)
                    parts.push(plain);
                this.at += 2;
            }
            run = this.at;
        }
        const value = keep ? parts.join('') + text.slice(run, this.at) : undefined;
        this.at += 1;
        return value;
    }
    number(keep) {
        const from = this.at;
        const { text } = this;
        if (text[this.at] === '-')
            this.at += 1;
        while (isNumberPart(text[this.at]))
            this.at += 1;
        const number = Number(text.slice(from, this.at));
        if (this.at === from || Number.isNaN(number))
            throw new IndexFormatError('bad number', from);
        return keep ? number : undefined;
    }
    expect(c) {
        if (this.text[this.at] !== c)
            throw new IndexFormatError(`expected '${c}'`, this.at);
        this.at += 1;
    }
}
const WORDS = [
    ['true', true],
    ['false', false],
    ['null', null],
];
const ESCAPES = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
function isNumberPart(c) {
    return c !== undefined && ((c >= '0' && c <= '9') || c === '.' || c === 'e' || c === 'E' || c === '+' || c === '-');
}

// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(8522);
;// CONCATENATED MODULE: ./lib/operations/shared/links/index-formats.js
/**
 * The docs builders' own lists of a version's pages and anchors, read from the files a build
 * publishes beside its pages (FACTS, *Docs hosts*): Sphinx's `searchindex.js` (its documents, and
 * the anchors of their sections, objects and index entries), `objects.inv` (its labels and objects,
 * each with the address it is served at) and `_static/documentation_options.js` (the builder, which
 * says how a document is served: `guide/install.html` or `guide/install/`); MkDocs'
 * `search/search_index.json` (each page and section by address). Each is a pull request's text on a
 * preview: bounded, read in one pass, every entry checked for its shape and the malformed ones
 * left out. Pure, but for `objects.inv`'s decompression (zlib, bounded in what it gives).
 */


/** Values one index may keep (a large API reference keeps a few hundred thousand). */
const MAX_INDEX_VALUES = 2_000_000;
/** A document's name, an anchor or an address longer than this is left out. */
const MAX_NAME_LENGTH = 1_024;
/** What `objects.inv`'s compressed part may give at most. */
const MAX_INVENTORY_BYTES = 32 * 1024 * 1024;
const SPHINX_PREFIX = 'Search.setIndex(';
const SPHINX_PICK = { docnames: true, alltitles: true, objects: true, objnames: true, indexentries: true };
/**
 * Sphinx's `searchindex.js`: `Search.setIndex({…})`, JSON since Sphinx 7 and bare-word keys before.
 * Its documents by name, and the anchors of each: the sections (`alltitles`: title → [[document,
 * id]]), the objects (`objects`: prefix → [[document, type, priority, anchor, name]], the anchor
 * short for the full name (`''`) or the type and full name (`'-'`), as Sphinx's search page builds
 * them; the names HTML-escaped) and the index entries (`indexentries`: entry → [[document, id,
 * main]]). Throws an IndexFormatError when the text is no such index.
 */
function sphinxSearchIndex(text) {
    const start = text.indexOf(SPHINX_PREFIX);
    if (start < 0 || text.slice(0, start).trim() !== '')
        throw new IndexFormatError(`expected ${SPHINX_PREFIX}`, 0);
    const { value, end } = readObjectLiteral(text, start + SPHINX_PREFIX.length, SPHINX_PICK, { maxValues: MAX_INDEX_VALUES });
    if (!/^\s*\)\s*;?\s*$/.test(text.slice(end, end + 64)) || text.length > end + 64)
        throw new IndexFormatError("expected ')'", end);
    const docnames = listOf(value.get('docnames')).map((name) => (typeof name === 'string' && isName(name) ? name : ''));
    if (docnames.length === 0)
        throw new IndexFormatError('no documents', start);
    const anchors = new Map();
    const add = (doc, anchor) => {
        if (typeof doc !== 'number' || !Number.isInteger(doc) || doc < 0 || doc >= docnames.length)
            return;
        if (anchor === undefined || anchor === '' || anchor.length > MAX_NAME_LENGTH)
            return;
        const set = anchors.get(doc) ?? new Set();
        anchors.set(doc, set.add(anchor));
    };
    for (const entries of mapOf(value.get('alltitles')).values()) {
        for (const entry of listOf(entries)) {
            const [doc, id] = listOf(entry);
            add(doc, typeof id === 'string' ? id : undefined);
        }
    }
    for (const entries of mapOf(value.get('indexentries')).values()) {
        for (const entry of listOf(entries)) {
            const [doc, id] = listOf(entry);
            add(doc, typeof id === 'string' ? id : undefined);
        }
    }
    const typeNames = new Map();
    for (const [key, names] of mapOf(value.get('objnames'))) {
        const type = listOf(names)[1];
        if (typeof type === 'string')
            typeNames.set(key, type);
    }
    for (const [prefix, entries] of mapOf(value.get('objects'))) {
        for (const [doc, anchor] of objectAnchors(prefix, entries, typeNames))
            add(doc, anchor);
    }
    return { docnames, anchors };
}
/**
 * The anchors of one prefix's objects: a list of [document, type, priority, anchor, name] (Sphinx
 * 4 and later), or a map of name → [document, type, priority, anchor] (before).
 */
function objectAnchors(prefix, entries, typeNames) {
    const found = [];
    const one = (doc, type, short, name) => {
        if (typeof short !== 'string' || typeof name !== 'string')
            return;
        const full = unescapeHtml(prefix === '' ? name : `${prefix}.${name}`);
        if (short === '')
            found.push([doc, full]);
        else if (short === '-') {
            const typeName = typeNames.get(String(type));
            if (typeName !== undefined)
                found.push([doc, `${typeName}-${full}`]);
        }
        else
            found.push([doc, short]);
    };
    if (entries instanceof Map) {
        for (const [name, entry] of entries) {
            const [doc, type, , short] = listOf(entry);
            one(doc, type, short, name);
        }
    }
    else {
        for (const entry of listOf(entries)) {
            const [doc, type, , short, name] = listOf(entry);
            one(doc, type, short, name);
        }
    }
    return found;
}
/** The builders' names as Sphinx (and the service's own older builders) write them. */
const BUILDERS = {
    html: 'html',
    readthedocs: 'html',
    dirhtml: 'dirhtml',
    readthedocsdirhtml: 'dirhtml',
    singlehtml: 'singlehtml',
    readthedocssinglehtml: 'singlehtml',
    readthedocssinglehtmllocalmedia: 'singlehtml',
};
/**
 * `_static/documentation_options.js`'s `BUILDER` and `FILE_SUFFIX` (Sphinx 2.3 and later):
 * undefined when it names neither a known builder nor, for `html`, a plain suffix (`.html`).
 */
function sphinxLayout(text) {
    const head = text.slice(0, 64 * 1024);
    const builder = /\bBUILDER\s*:\s*['"]([A-Za-z0-9_-]{1,40})['"]/.exec(head)?.[1];
    const known = builder === undefined ? undefined : BUILDERS[builder];
    if (known === undefined || !Object.hasOwn(BUILDERS, builder))
        return undefined;
    if (known !== 'html')
        return { builder: known };
    const suffix = /\bFILE_SUFFIX\s*:\s*['"]([^'"\n]{0,20})['"]/.exec(head)?.[1];
    return suffix !== undefined && /^\.[A-Za-z0-9]{1,10}$/.test(suffix) ? { builder: 'html', suffix } : undefined;
}
/**
 * The address of Sphinx document `docname` below the version's root, as its builder serves it
 * (`guide/install.html`, `guide/install/`, `guide/` for `guide/index`, `` for `index`); undefined
 * for a single-page build (every document is in one page) or a name that is no plain path.
 */
function sphinxPagePath(docname, layout) {
    if (!isName(docname) || layout.builder === 'singlehtml')
        return undefined;
    if (layout.builder === 'html')
        return `${docname}${layout.suffix}`;
    if (docname === 'index')
        return '';
    return docname.endsWith('/index') ? docname.slice(0, -'index'.length) : `${docname}/`;
}
const MKDOCS_PICK = { docs: { '[]': { location: true } } };
/**
 * MkDocs' `search/search_index.json` (Material's too): `{docs: [{location, title, text}], config}`,
 * each page at `guide/` (or `guide.html`) and each section at `guide/#id`. Throws an
 * IndexFormatError when the text is no such index.
 */
function mkdocsSearchIndex(text) {
    const { value, end } = readObjectLiteral(text, 0, MKDOCS_PICK, { maxValues: MAX_INDEX_VALUES });
    if (text.slice(end).trim() !== '')
        throw new IndexFormatError('text after the index', end);
    const docs = value.get('docs');
    if (!Array.isArray(docs))
        throw new IndexFormatError('no docs', 0);
    const places = [];
    for (const doc of docs) {
        const location = doc instanceof Map ? doc.get('location') : undefined;
        if (typeof location !== 'string' || location.length > MAX_NAME_LENGTH * 2)
            continue;
        const hash = location.indexOf('#');
        const path = hash < 0 ? location : location.slice(0, hash);
        const anchor = hash < 0 ? '' : location.slice(hash + 1);
        if (path !== '' && !isName(path))
            continue;
        places.push({ path, page: true, ...(anchor === '' || anchor.length > MAX_NAME_LENGTH ? {} : { anchor }) });
    }
    return places;
}
const INVENTORY_HEADER = '# Sphinx inventory version 2';
/**
 * Sphinx's `objects.inv` (version 2): four lines of header, then zlib-compressed lines of `name
 * domain:role priority address display-name`, the address below the root with its anchor (a `$`
 * at its end standing for the name). The places of its entries, a document's (`std:doc`) a page;
 * it throws an IndexFormatError on anything else, or when the compressed part would give more than
 * {@link MAX_INVENTORY_BYTES}.
 */
async function sphinxInventory(file) {
    const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
    let offset = 0;
    const header = [];
    for (let line = 0; line < 4; line++) {
        const end = bytes.indexOf(0x0a, offset);
        if (end < 0 || end - offset > 4_096)
            throw new IndexFormatError('no inventory header', offset);
        header.push(bytes.subarray(offset, end).toString('utf8').trimEnd());
        offset = end + 1;
    }
    if (header[0] !== INVENTORY_HEADER || !header[3].includes('zlib'))
        throw new IndexFormatError('not an inventory of version 2', 0);
    const text = await new Promise((resolve, reject) => {
        (0,external_node_zlib_.inflate)(bytes.subarray(offset), { maxOutputLength: MAX_INVENTORY_BYTES }, (error, out) => error ? reject(new IndexFormatError(`not zlib data (${error.message})`, offset)) : resolve(out.toString('utf8')));
    });
    const places = [];
    for (const line of text.split('\n')) {
        const place = inventoryPlace(line);
        if (place !== undefined)
            places.push(place);
    }
    return places;
}
/**
 * One line's place. The name may hold spaces (a glossary term), so the role is the first word
 * after it that has a `:` and is followed by a priority and an address, found in one pass.
 */
function inventoryPlace(line) {
    const words = line.trimEnd().split(' ');
    for (let i = 1; i + 2 < words.length; i++) {
        if (!words[i].includes(':') || !/^-?\d+$/.test(words[i + 1]))
            continue;
        const name = words.slice(0, i).join(' ');
        const written = words[i + 2];
        const address = written.endsWith('$') ? written.slice(0, -1) + name : written;
        const hash = address.indexOf('#');
        const path = hash < 0 ? address : address.slice(0, hash);
        const anchor = hash < 0 ? '' : address.slice(hash + 1);
        if ((path !== '' && !isName(path)) || anchor.length > MAX_NAME_LENGTH)
            return undefined;
        return { path, page: words[i] === 'std:doc', ...(anchor === '' ? {} : { anchor }) };
    }
    return undefined;
}
/** A relative path below the root and nothing else: no scheme, query, fragment, backslash or `..`. */
function isName(path) {
    return (path.length > 0 &&
        path.length <= MAX_NAME_LENGTH &&
        !path.startsWith('/') &&
        !/[?#\\\u0000-\u001f]|^[A-Za-z][A-Za-z0-9+.-]*:/.test(path) &&
        !path.split('/').some((segment) => segment === '..' || segment === '.'));
}
function listOf(value) {
    return Array.isArray(value) ? value : [];
}
function mapOf(value) {
    return value instanceof Map ? value : new Map();
}
const ENTITIES = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };
/** What Python's `html.escape` did to an object's name, undone. */
function unescapeHtml(text) {
    return text.includes('&') ? text.replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity]) : text;
}

// EXTERNAL MODULE: ./lib/util/message-of.js
var message_of = __webpack_require__(485);
;// CONCATENATED MODULE: ./lib/operations/shared/links/site-index.js





/** An index larger than this is not read (a large site's is a few megabytes). */
const MAX_INDEX_BYTES = 20 * 1024 * 1024;
/** `documentation_options.js` is under a kilobyte. */
const MAX_OPTIONS_BYTES = 64 * 1024;
/** `objects.inv` is compressed: a large site's is under a megabyte. */
const MAX_INVENTORY_FILE_BYTES = 5 * 1024 * 1024;
/** An index is worth its requests (up to three files) when at least this many targets would each be asked. */
const MIN_TARGETS = 4;
/** One index file's own time limit (shortened to what is left of the budget): it may be megabytes. */
const INDEX_TIMEOUT_MS = 20_000;
const SPHINX_INDEX = 'searchindex.js';
const MKDOCS_INDEX = 'search/search_index.json';
/** The versions' indexes a run has read, by the run's answers and the version's root: each once. */
const READ = new WeakMap();
/**
 * The targets of `pending` (the version's own, not read) that the version's index answers: each
 * listed page whose every anchor the links name it knows, as a 200 with those anchors.
 */
async function indexAnswers(ctx, plan, args) {
    const read = READ.get(args.answers) ?? new Map();
    READ.set(args.answers, read);
    const known = read.get(args.root.href);
    if (known === undefined && args.pending.length < MIN_TARGETS)
        return { answers: new Map() };
    let requests = 0;
    // Counted when sent: a file not asked for want of time is no request.
    const get = (path, options) => args.limit(() => fetchFile(ctx, new URL(path, args.root).href, options, args.remainingMs(), () => (requests += 1)));
    const debug = (line) => ctx.log.debug((0,untrusted_text/* safeLine */.om)(`link check: ${line}`, 500));
    const reading = known ?? readIndex(plan.builder, args.root, get, debug);
    read.set(args.root.href, reading);
    const index = await reading;
    if (index === undefined)
        return { answers: new Map(), ...(requests > 0 ? { use: { answered: 0, requests } } : {}) };
    const wanted = fragmentsOf(args.occurrences, args.pending, args.anchors);
    let found = confirmed(index, wanted);
    // Anchors its search index lacks on pages it lists (labels): `objects.inv` may have them.
    if (index.inventory && found.lacking >= 2 && (await index.inventory()))
        found = confirmed(index, wanted);
    debug(`${index.file} answered ${found.answers.size} of ${args.pending.length} target(s)`);
    return { answers: found.answers, use: { file: index.file, answered: found.answers.size, requests } };
}
/** Each pending target and the anchors its links name (none when anchors are not checked). */
function fragmentsOf(occurrences, pending, anchors) {
    const wanted = new Map(pending.map((url) => [url, new Set()]));
    if (!anchors)
        return wanted;
    for (const { target, kind, fragment } of occurrences) {
        if (fragment === undefined || kind !== 'link' || target.kind !== 'internal')
            continue;
        wanted.get(target.url)?.add(fragment);
    }
    return wanted;
}
/** The targets the index confirms, and how many it lists without every anchor asked for. */
function confirmed(index, wanted) {
    const answers = new Map();
    let lacking = 0;
    for (const [url, fragments] of wanted) {
        const anchors = index.pages.get(url);
        if (anchors === undefined)
            continue;
        if ([...fragments].every((fragment) => (0,resolve_link/* hasAnchor */.q1)(anchors, fragment)))
            answers.set(url, { status: 200, html: true, anchors });
        else
            lacking += 1;
    }
    return { answers, lacking };
}
/** The version's index: Sphinx's, else MkDocs' (the one the builder names, when known); undefined when none can be used. */
async function readIndex(builder, root, get, debug) {
    if (builder === 'sphinx-singlehtml')
        return undefined;
    const files = builder === 'mkdocs' ? [MKDOCS_INDEX] : builder === undefined ? [SPHINX_INDEX, MKDOCS_INDEX] : [SPHINX_INDEX];
    for (const [at, file] of files.entries()) {
        const answer = await get(file, { maxBytes: MAX_INDEX_BYTES });
        if (answer?.status === 404 && at + 1 < files.length)
            continue;
        if (answer?.status !== 200 || answer.body === undefined) {
            debug(`no search index read (${file}: ${answer?.problem ?? (answer ? `answered ${answer.status}` : 'no answer')}); every target is asked`);
            return undefined;
        }
        try {
            return file === SPHINX_INDEX ? await sphinxIndex(answer.body, { builder, root, get, debug }) : mkdocsIndex(answer.body, root);
        }
        catch (error) {
            if (!(error instanceof IndexFormatError))
                throw error;
            debug(`${file} is not a search index this check reads (${(0,message_of/* messageOf */.b)(error)}); every target is asked`);
            return undefined;
        }
    }
    return undefined;
}
function mkdocsIndex(text, root) {
    const pages = new Map();
    addPlaces(pages, root, mkdocsSearchIndex(text));
    return { file: MKDOCS_INDEX, pages };
}
/** Sphinx's search index, its documents placed by the builder's layout; undefined when the layout is unknown. */
async function sphinxIndex(text, args) {
    const { root, get } = args;
    const documents = sphinxSearchIndex(text);
    const layout = layoutOfBuilder(args.builder) ?? (await readLayout(get));
    if (layout === undefined || layout.builder === 'singlehtml') {
        args.debug(`${SPHINX_INDEX} read, but not how its documents are served (a single page, or no documentation_options.js); every target is asked`);
        return undefined;
    }
    const pages = new Map();
    for (const [at, docname] of documents.docnames.entries()) {
        const path = sphinxPagePath(docname, layout);
        const url = path === undefined ? undefined : placeUrl(root, path);
        if (url !== undefined)
            pages.set(url, documents.anchors.get(at) ?? new Set());
    }
    let inventory;
    const readInventory = async () => {
        const answer = await get('objects.inv', { maxBytes: MAX_INVENTORY_FILE_BYTES, bytes: true });
        if (answer?.status !== 200 || answer.bytes === undefined)
            return false;
        try {
            return addPlaces(pages, root, await sphinxInventory(answer.bytes)) > 0;
        }
        catch (error) {
            if (!(error instanceof IndexFormatError))
                throw error;
            args.debug(`objects.inv is not an inventory this check reads (${(0,message_of/* messageOf */.b)(error)})`);
            return false;
        }
    };
    return { file: SPHINX_INDEX, pages, inventory: () => (inventory ??= readInventory()) };
}
/** The layout the build's resolved configuration names: an `html` build's pages end in `.html`. */
function layoutOfBuilder(builder) {
    if (builder === 'sphinx')
        return { builder: 'html', suffix: '.html' };
    if (builder === 'sphinx-dirhtml')
        return { builder: 'dirhtml' };
    return undefined;
}
async function readLayout(get) {
    const answer = await get('_static/documentation_options.js', { maxBytes: MAX_OPTIONS_BYTES });
    return answer?.status === 200 && answer.body !== undefined ? sphinxLayout(answer.body) : undefined;
}
/** Each place's page added (a page the build made), and its anchor on a page listed; how many were new. */
function addPlaces(pages, root, places) {
    let added = 0;
    for (const place of places.filter((one) => one.page).concat(places.filter((one) => !one.page))) {
        const url = placeUrl(root, place.path);
        if (url === undefined)
            continue;
        if (!pages.has(url) && place.page) {
            pages.set(url, new Set());
            added += 1;
        }
        const anchors = pages.get(url);
        if (anchors !== undefined && place.anchor !== undefined && !anchors.has(place.anchor)) {
            anchors.add(place.anchor);
            added += 1;
        }
    }
    return added;
}
/** The one address of a path below the root, as the link check asks it; undefined when it leaves the root. */
function placeUrl(root, path) {
    const url = URL.parse(path, root.href);
    if (url === null || url.origin !== root.origin || !url.pathname.startsWith(root.pathname))
        return undefined;
    url.search = '';
    url.hash = '';
    return (0,resolve_link/* pageAddress */.qx)(url.href);
}
/** One GET of an index file within what is left of the budget (`sent` called as it goes); undefined when there is no time left. */
async function fetchFile(ctx, url, options, remainingMs, sent) {
    if (remainingMs <= 0)
        return undefined;
    sent();
    return ctx.pages.get(url, {
        signal: ctx.deadline.signal,
        timeoutMs: Math.min(INDEX_TIMEOUT_MS, remainingMs),
        waitMs: remainingMs,
        accept: '*/*',
        maxBodyBytes: options.maxBytes,
        ...(options.bytes ? { bytes: true } : {}),
    });
}

;// CONCATENATED MODULE: ./lib/operations/shared/links/link-checker.js
/**
 * The link check of `preview` (the changed pages) and `health` (a crawl of the default version):
 * the pages read and parsed (only an HTML page that answered 200 is a page read; its links resolved
 * against the address it was served from), then every distinct target they link to asked once, the
 * version's own before other sites', a few at a time, each with a short time limit, all within one
 * budget (and the step's deadline); then each link judged on its target's answer (link-judge.ts).
 * What is over a bound, out of time or refused by a throttled host is counted as not checked,
 * never guessed. Internal targets are on the version's host and below its root; another site is
 * asked only when `external` is set, with a limit per host and without following its redirects,
 * and only at a public address (resolved and checked as it connects: `publicOnly`), unless it is
 * a host the action talks to anyway. Requests are paced per host by `ctx.pages`, which sends no
 * token. Pages are parsed in a worker thread (page-parser.ts) under a CPU budget, so the step's
 * deadline and signals are honoured during the check whatever a page holds.
 */











/** `link-check-recheck`'s default: a site down for a moment is not dead. */
const DEFAULT_EXTERNAL_RECHECK_MS = 30_000;
/** Requests at the same time (each host's pace is the page fetcher's)... */
const CONCURRENCY = 4;
/** ...and to one other site at the same time, and at most this many of its targets. */
const PER_HOST_CONCURRENCY = 2;
const MAX_TARGETS_PER_HOST = 100;
/** One request's own limit (shortened to what is left of the budget). */
const REQUEST_TIMEOUT_MS = 5_000;
/** A page read for its links or anchors: larger ones are not parsed (counted as not checked). */
const MAX_PAGE_BYTES = 4 * 1024 * 1024;
/** Unread pages of the plan named in the report. */
const MAX_UNREAD_KEPT = 20;
async function checkLinks(ctx, plan) {
    const scope = (0,resolve_link/* versionScope */.xC)(plan.root, plan.singleVersion);
    const endsAt = ctx.now() + Math.min(plan.budgetMs, ctx.deadline.remainingMs());
    const remainingMs = () => Math.max(0, endsAt - ctx.now());
    const limit = (0,p_limit/* default */.A)(CONCURRENCY);
    const answers = plan.answers ?? new LinkAnswers({ signal: ctx.deadline.signal });
    // Requests this check sent (an answer another project of the run had already is none).
    let sent = 0;
    const fetchCounted = (url, options) => {
        sent += 1;
        return fetchRead(ctx, answers, url, options, remainingMs());
    };
    // Out of time, nothing is asked (and nothing kept for the run's other projects).
    const ask = (url, options) => limit(() => (remainingMs() <= 0 ? undefined : answers.read(url, options, () => fetchCounted(url, options))));
    const askAgain = (url, options) => limit(() => (remainingMs() <= 0 ? undefined : answers.again(url, options, () => fetchCounted(url, options))));
    const read = await readPages(plan, scope, ask, (url) => answers.linksTaken(url));
    const sentForPages = sent;
    const { wants, refused } = wantsOf(plan, read.occurrences, mayAskOf(ctx, scope.root));
    const indexed = await answeredByIndex(ctx, plan, { read, wants, root: scope.root, answers, limit, remainingMs });
    const askedAt = new Map();
    const targets = await askTargets(plan, wants, read.known, ask, (url) => askedAt.set(url, ctx.now()));
    const known = new Map([...read.known, ...refused, ...(indexed?.answers ?? []), ...targets.answers]);
    // Another site's target another project of the run asked twice already: that answer stands.
    const before = new Set([...targets.answers.keys()].filter((url) => answers.askedAgain(url, true)));
    const first = judge(plan, read.occurrences, (url) => known.get(url), before);
    const again = recheckPlan(plan, first, { askedAt, now: ctx.now(), endsAt });
    if (again === undefined)
        return finish(first);
    await (0,resilience/* waitUntil */.a0)(() => again.at, { now: ctx.now, sleep: ctx.sleep, signal: ctx.deadline.signal });
    const asked = again.urls.map((url) => [url, wants.get(url) ?? { body: plan.anchors, external: false }]);
    const fresh = await askAll(asked, askAgain);
    for (const [url, answer] of fresh)
        known.set(url, answer);
    // Another site's target is broken only when a second answer says so too.
    const confirmed = new Set(before);
    for (const [url, want] of asked)
        if (want.external && fresh.has(url))
            confirmed.add(url);
    return finish(judge(plan, read.occurrences, (url) => known.get(url), confirmed));
    function finish(judged) {
        const requests = sent - sentForPages + (indexed?.use?.requests ?? 0);
        const index = indexed?.use === undefined ? {} : { index: indexed.use };
        return { ...report(judged, { ...read, requests, known, askedOthers: targets.askedOthers }), ...index };
    }
}
/**
 * What is asked a second time, and when: the version's own missing targets after
 * `recheckAfterMs` (the CDN may have served the previous build's page), other sites' broken-looking
 * ones at least `externalRecheckMs` after their first answer (a site down for a moment is not
 * dead); each only when the wait ends within the budget (another site's, not asked again, then
 * stays unavailable). Undefined when nothing is.
 */
function recheckPlan(plan, judged, clock) {
    const parts = [];
    if (plan.recheckAfterMs !== undefined && judged.suspects.size > 0)
        parts.push({ at: clock.now + plan.recheckAfterMs, urls: [...judged.suspects] });
    if (plan.external && judged.unconfirmed.size > 0) {
        const urls = [...judged.unconfirmed];
        const last = urls.reduce((latest, url) => Math.max(latest, clock.askedAt.get(url) ?? clock.now), 0);
        parts.push({ at: Math.max(clock.now, last + (plan.externalRecheckMs ?? DEFAULT_EXTERNAL_RECHECK_MS)), urls });
    }
    const fitting = parts.filter((part) => part.at < clock.endsAt);
    if (fitting.length === 0)
        return undefined;
    return { at: fitting.reduce((latest, part) => Math.max(latest, part.at), 0), urls: fitting.flatMap((part) => part.urls) };
}
/**
 * With `plan.index`, the version's own pages not read that its build's search index confirms
 * (site-index.ts): answered from it and taken out of `wants`, so they are asked no more.
 */
async function answeredByIndex(ctx, plan, args) {
    if (plan.index === undefined)
        return undefined;
    const { read, wants, ...reading } = args;
    // Only pages are in an index: a file (an image, a stylesheet) is asked as before.
    const pages = new Set();
    for (const { target } of read.occurrences)
        if (target.kind === 'internal' && target.html)
            pages.add(target.url);
    const pending = [...wants.keys()].filter((url) => pages.has(url) && !read.known.has(url));
    const indexed = await indexAnswers(ctx, plan.index, { ...reading, occurrences: read.occurrences, pending, anchors: plan.anchors });
    for (const url of indexed.answers.keys())
        wants.delete(url);
    return indexed;
}
function report(judged, facts) {
    const throttled = { docsHost: 0, otherSites: 0 };
    let privateAddresses = 0;
    for (const [url, answer] of facts.known) {
        if (answer.refused === 'private')
            privateAddresses += 1;
        else if (answer.refused !== undefined)
            throttled[facts.askedOthers.has(url) ? 'otherSites' : 'docsHost'] += 1;
    }
    const { suspects: _, unconfirmed: __, ...counts } = judged;
    return {
        ...counts,
        // An unread page of the plan counts as one, each link past a page's limit as one: nothing uncounted.
        notChecked: judged.notChecked + facts.notRead + facts.dropped,
        unreadPages: facts.notRead,
        throttled,
        privateAddresses,
        pages: facts.pages,
        unread: facts.unread,
        requests: facts.requests,
    };
}
/**
 * How another site's target may be asked: as any page when it is on a host the action talks to
 * anyway (the preview's, `base-url`'s, GitHub's API: `own`); never when its host is this machine
 * or a private network as written (`private`: a pull request's page must not make a self-hosted
 * runner probe them; not checked, counted); else at a public address only (`public`), whatever
 * its name, a redirect or DNS makes of it.
 */
function mayAskOf(ctx, root) {
    const own = new Set([
        root.origin,
        ...[ctx.inputs.baseUrl, ctx.run.apiUrl].flatMap((url) => (URL.canParse(url) ? [new URL(url).origin] : [])),
    ]);
    return (url) => {
        const target = new URL(url);
        if (own.has(target.origin))
            return 'own';
        return (0,private_host/* isPrivateHost */.Sf)(target.hostname) ? 'private' : 'public';
    };
}
/**
 * The pages read in waves, the first one the plan's pages; with `crawl`, each next wave the
 * version's pages the last one links to, until `maxPages`. Every answer is kept (`known`), but
 * only an HTML page that answered 200 is a page read.
 */
async function readPages(plan, scope, ask, linksTaken) {
    const known = new Map();
    // Each page's links, told in the order the pages were found (reads finish in any order).
    const linksOf = new Map();
    // Only pages of the version are read: a page address from the service never picks another host.
    const start = [...new Set(plan.pages.map((url) => (0,resolve_link/* pageAddress */.qx)(withoutHash(url))))].filter((url) => (0,resolve_link/* isInScope */.yX)(scope, new URL(url)));
    const seen = new Set(start.slice(0, plan.maxPages));
    const starts = new Set(seen);
    // Where each page read was served from: a page reached twice (a redirect's end) is read once.
    const served = new Set();
    const unread = [];
    const targets = new Map();
    let notRead = Math.max(0, start.length - plan.maxPages);
    let dropped = 0;
    let wave = [...seen];
    while (wave.length > 0) {
        const next = [];
        await Promise.all(wave.map(async (url) => {
            if (served.has(url))
                return;
            const page = await ask(url, { body: true, external: false, links: true });
            if (page !== undefined)
                known.set(url, page.answer);
            if (page === undefined || !page.parsed) {
                // A page of the plan that gave no page to read: its links are not checked.
                if (!starts.has(url))
                    return;
                notRead += 1;
                if (unread.length < MAX_UNREAD_KEPT)
                    unread.push({ url, ...(page === undefined ? {} : unreadAnswer(page)) });
                return;
            }
            const at = (0,resolve_link/* pageAddress */.qx)(page.url ?? url);
            if (served.has(at))
                return;
            served.add(at);
            dropped += page.dropped ?? 0;
            linksOf.set(url, occurrencesOf(plan, scope, { page, at, targets }, (target) => crawled(plan, seen, next, target)));
            linksTaken(url);
        }));
        wave = next;
    }
    const occurrences = [...seen].flatMap((url) => linksOf.get(url) ?? []);
    return { known, occurrences, pages: served.size, unread, notRead, dropped };
}
function unreadAnswer(page) {
    const { answer, unreadable } = page;
    return {
        ...(answer.status === undefined ? {} : { status: answer.status }),
        ...(answer.refused ? { refused: answer.refused } : {}),
        ...(unreadable === undefined ? {} : { unreadable }),
    };
}
/** The links of a page read, resolved against where it was served from (`at`); `follow` is told each page of the version it links to. */
function occurrencesOf(plan, scope, read, follow) {
    const pagePath = pathBelow(scope.root, read.at);
    const against = (0,resolve_link/* linkBase */.I$)(read.at, read.page.base);
    const occurrences = [];
    for (const link of read.page.links) {
        const resolved = (0,resolve_link/* resolveLink */.nm)(link.href, against, scope, plan.ignore);
        if (resolved.kind === 'skipped')
            continue;
        const { fragment, ...where } = resolved.kind === 'internal' ? resolved : { ...resolved, fragment: undefined };
        // One target object for every link to the same place, its fragment kept on the link.
        const key = `${where.url}\0${where.kind === 'internal' ? where.path : ''}`;
        let target = read.targets.get(key);
        if (target === undefined) {
            target = where;
            read.targets.set(key, target);
        }
        occurrences.push({
            page: pagePath,
            kind: link.kind,
            target,
            ...(fragment === undefined ? {} : { fragment }),
            ...(link.text === undefined ? {} : { text: link.text }),
        });
        if (target.kind === 'internal' && link.kind === 'link' && target.html)
            follow(target.url);
    }
    return occurrences;
}
/** With `crawl`, a page of the version not seen yet joins the next wave, until `maxPages`. */
function crawled(plan, seen, next, url) {
    if (!plan.crawl || seen.has(url) || seen.size >= plan.maxPages)
        return;
    seen.add(url);
    next.push(url);
}
/**
 * Every distinct target not known yet, and how to ask it; another site's only with `external`, and
 * never at a private address: one whose host is private as written is `refused` at once.
 */
function wantsOf(plan, occurrences, mayAsk) {
    const wanted = new Map();
    const refused = new Map();
    for (const { target, kind, fragment } of occurrences) {
        if (target.kind !== 'internal' && target.kind !== 'external')
            continue;
        if (target.kind === 'external' && !plan.external)
            continue;
        const body = plan.anchors && target.kind === 'internal' && kind === 'link' && fragment !== undefined;
        const known = wanted.get(target.url);
        if (known)
            known.body ||= body;
        else if (target.kind === 'internal')
            wanted.set(target.url, { body, external: false });
        else {
            const how = mayAsk(target.url);
            if (how === 'private')
                refused.set(target.url, { refused: 'private' });
            else
                wanted.set(target.url, { body, external: true, host: target.host, ...(how === 'public' ? { publicOnly: true } : {}) });
        }
    }
    return { wants: wanted, refused };
}
/**
 * The targets not read as pages, asked once each: the version's own first, then other sites' (at
 * most {@link MAX_TARGETS_PER_HOST} per site, so that one site's thousands of links take no place
 * of the version's), within `maxTargets` in all.
 */
async function askTargets(plan, wants, read, ask, answered) {
    const pending = [...wants].filter(([url]) => !read.has(url));
    const perHost = new Map();
    const others = pending.filter(([, want]) => {
        if (want.host === undefined)
            return false;
        perHost.set(want.host, (perHost.get(want.host) ?? 0) + 1);
        return perHost.get(want.host) <= MAX_TARGETS_PER_HOST;
    });
    const asked = [...pending.filter(([, want]) => want.host === undefined), ...others].slice(0, plan.maxTargets);
    const answers = await askAll(asked, ask, answered);
    return { answers, asked: asked.length, askedOthers: new Set(others.map(([url]) => url)) };
}
/** Each target asked; another site's at most {@link PER_HOST_CONCURRENCY} at a time. */
async function askAll(asked, ask, answered) {
    const answers = new Map();
    const perHost = new Map();
    await Promise.all(asked.map(async ([url, want]) => {
        const go = async () => {
            const read = await ask(url, want);
            if (read)
                answers.set(url, read.answer);
            answered?.(url);
        };
        if (want.host === undefined)
            return go();
        const host = perHost.get(want.host) ?? (0,p_limit/* default */.A)(PER_HOST_CONCURRENCY);
        perHost.set(want.host, host);
        return host(go);
    }));
    return answers;
}
/** One GET within what is left of the budget, its body parsed when asked for; undefined when no answer came. */
async function fetchRead(ctx, answers, url, options, remainingMs) {
    if (remainingMs <= 0)
        return undefined;
    // The run has parsed all it may: a page is not fetched for its links (not read, counted), a target only for its status.
    if (options.links && answers.spent)
        return { answer: {}, links: [], parsed: false, unreadable: 'run total' };
    const body = options.body && !answers.spent;
    const answer = await ctx.pages.get(url, {
        signal: ctx.deadline.signal,
        timeoutMs: Math.min(REQUEST_TIMEOUT_MS, remainingMs),
        // The host's turns and its throttles may take what is left of the budget.
        waitMs: remainingMs,
        accept: body ? 'text/html' : '*/*',
        ...(body ? { maxBodyBytes: MAX_PAGE_BYTES, bytes: true } : {}),
        ...(options.external ? { followRedirects: false } : {}),
        ...(options.publicOnly ? { publicOnly: true } : {}),
    });
    if (answer.status === undefined) {
        ctx.log.debug((0,untrusted_text/* safeLine */.om)(`link check: ${url}: ${answer.problem ?? 'no answer'}`, 500));
        // A host that throttled and would not give a turn in time (counted as throttled), or a private address (counted apart).
        if (answer.refused !== undefined)
            return { answer: { refused: answer.refused }, links: [], parsed: false };
        // Another site that is not there, or said nothing in time: what link-judge.ts reads of it.
        return options.external && answer.failed !== undefined ? { answer: { failed: answer.failed }, links: [], parsed: false } : undefined;
    }
    // A page too large to read answered: it is there, its anchors are unknown.
    return answers.parse({ ...answer, bytes: body ? answer.bytes : undefined });
}
/** The path of `url` below `root`, `/` for the root itself. */
function pathBelow(root, url) {
    const { pathname } = new URL(url);
    const path = pathname.startsWith(root.pathname) ? pathname.slice(root.pathname.length) : pathname;
    let decoded = path;
    try {
        decoded = decodeURIComponent(path);
    }
    catch {
        // kept as written
    }
    return decoded === '' ? '/' : decoded;
}
/** The annotation's title of a broken link of the version's own pages, by what it leads to... */
const BROKEN_TITLES = {
    page: 'Broken link',
    anchor: 'Broken anchor',
    image: 'Broken image',
    resource: 'Broken resource',
};
/** ...and of a link to another site (`link-check-external`), never failing. */
const BROKEN_EXTERNAL_TITLE = 'Broken external link';
/**
 * One annotation per broken link, at its source's line when known (the pull request's Files tab
 * shows it there): an error for one that fails the project (`fails`), else a warning; those with a
 * line first, at most GitHub's share of each level (`ANNOTATION_LIMITS`). The story counts the rest.
 */
function annotateBroken(log, broken, fails = () => false) {
    const placed = [...broken.filter((link) => link.source?.line !== undefined), ...broken.filter((link) => link.source?.line === undefined)];
    const shown = { warning: 0, error: 0 };
    for (const link of placed) {
        const level = fails(link) ? 'error' : 'warning';
        if (shown[level] >= sphinx_warnings/* ANNOTATION_LIMITS */.xC[level])
            continue;
        shown[level] += 1;
        const text = link.text === undefined ? '' : ` (“${link.text}”)`;
        const where = {
            title: link.external ? BROKEN_EXTERNAL_TITLE : BROKEN_TITLES[link.kind],
            ...(link.source === undefined ? {} : { file: (0,untrusted_text/* safeLine */.om)(link.source.file, 500) }),
            ...(link.source?.line === undefined ? {} : { startLine: link.source.line }),
        };
        log.annotations[level]((0,untrusted_text/* safeLine */.om)(`${(0,broken_link/* brokenLinkText */.Vz)(link)}${text}`, 500), where);
    }
    const left = broken.length - shown.warning - shown.error;
    const more = left === 1 ? '1 more broken link is' : `${left} more broken links are`;
    if (left > 0)
        log.story.info(`${more} not annotated (GitHub shows a few per step): the job summary lists them all`);
}


/***/ }),

/***/ 9055:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Pb: () => (/* binding */ throttleNote),
/* harmony export */   n9: () => (/* binding */ apartCounts),
/* harmony export */   r3: () => (/* binding */ linkCounts)
/* harmony export */ });
/** The counts beside checked and not checked, each when it is not 0: "2 to other sites not checked (…)", "1 ignored", … */
function apartCounts(report) {
    return [
        ...(report.otherSites > 0
            ? [`${report.otherSites} to other sites not checked (\`link-check-external: true\` checks them; they never fail the step)`]
            : []),
        ...(report.unavailable > 0
            ? [`${report.unavailable} to other sites not checked (unavailable: throttled, a server error or no answer; never broken)`]
            : []),
        ...(report.ignored > 0 ? [`${report.ignored} ignored (\`link-check-ignore\`)`] : []),
        ...(report.outsideVersion > 0 ? [`${report.outsideVersion} outside the version (not checked)`] : []),
    ];
}
/**
 * "the docs host throttled 3 requests, 2 other sites' targets at a private address not asked (their
 * links are not checked…)", or '' when none was refused.
 */
function throttleNote(report) {
    const { docsHost, otherSites } = report.throttled;
    const parts = [
        ...(docsHost > 0 ? [`the docs host throttled ${docsHost} request(s)`] : []),
        ...(otherSites > 0 ? [`other sites throttled ${otherSites} request(s)`] : []),
        ...(report.privateAddresses > 0 ? [`${report.privateAddresses} target(s) at a private address not asked`] : []),
    ];
    return parts.length === 0 ? '' : `${parts.join(', ')} (their links are not checked, never reported broken)`;
}
/** "3 broken, 15 checked, 0 not checked, 1 ignored (…); the docs host throttled 2 request(s) (…)". */
function linkCounts(report) {
    const counts = [
        `${report.broken.length} broken`,
        `${report.checked} checked`,
        `${report.notChecked} not checked`,
        ...apartCounts(report),
    ];
    const note = throttleNote(report);
    return `${counts.join(', ')}${note === '' ? '' : `; ${note}`}`;
}


/***/ }),

/***/ 8293:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   I$: () => (/* binding */ linkBase),
/* harmony export */   Xq: () => (/* binding */ globList),
/* harmony export */   nm: () => (/* binding */ resolveLink),
/* harmony export */   q1: () => (/* binding */ hasAnchor),
/* harmony export */   qx: () => (/* binding */ pageAddress),
/* harmony export */   xC: () => (/* binding */ versionScope),
/* harmony export */   yX: () => (/* binding */ isInScope)
/* harmony export */ });
/**
 * Where a link of a page leads, as the link check sees it: a page or file of the version being
 * checked (its host and below its root path, but for what the service keeps there: checked),
 * another site (checked only with `link-check-external`), or something never checked: another path
 * of the same host (outside the version), an ignored pattern (both counted), `mailto:`, `tel:`,
 * `javascript:`, `data:`. Pure.
 */
/**
 * The scope of the version served at `root` (a URL ending in `/`). FACTS (Docs hosts): on a
 * single-version project (`singleVersion`, or a root at `/`) `/` is the version's root, but
 * `/projects/{alias}/…` (subprojects) and `/_/…` (the service's own endpoints) are not the
 * version's pages.
 */
function versionScope(root, singleVersion = false) {
    const url = new URL(root);
    const path = url.pathname;
    return { root: url, origin: url.origin, path, outside: singleVersion || path === '/' ? ['projects/', '_/'] : [] };
}
/** Whether `url` is a page of the version: on its host, below its root, not in what the service keeps there. */
function isInScope(scope, url) {
    return inScope(scope, url.origin, url.pathname);
}
function inScope(scope, origin, pathname) {
    if (origin !== scope.origin || !pathname.startsWith(scope.path))
        return false;
    const below = pathname.slice(scope.path.length);
    return !scope.outside.some((prefix) => below.startsWith(prefix));
}
/** Longer links are not followed (and counted as not checked). */
const MAX_LINK_LENGTH = 2_048;
/**
 * The target of `href` written on the page at `pageUrl` (the address it was served from, after
 * its `<base href>` when it has one), for the version of `scope`.
 */
function resolveLink(href, pageUrl, scope, ignore, base) {
    const written = href.trim();
    if (written === '' || written.length > MAX_LINK_LENGTH)
        return { kind: 'skipped', why: written === '' ? 'self' : 'invalid' };
    const url = URL.parse(written, base === undefined ? pageUrl : linkBase(pageUrl, base));
    if (url === null)
        return { kind: 'skipped', why: 'invalid' };
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
        return { kind: 'skipped', why: 'scheme' };
    const fragment = fragmentOf(url.hash);
    url.hash = '';
    // Each read once: every getter call makes a new string.
    const { href: address, origin, pathname } = url;
    const withFragment = fragment === undefined ? '' : `#${fragment}`;
    const ignored = (...texts) => !ignore.empty && texts.some((text) => ignore.matches(text));
    if (origin !== scope.origin) {
        if (ignored(address, address + withFragment))
            return { kind: 'ignored', url: address };
        return { kind: 'external', url: address, host: url.host };
    }
    const path = safeDecode(pathname.startsWith(scope.path) ? pathname.slice(scope.path.length) : pathname);
    if (ignored(address, address + withFragment, path, path + withFragment))
        return { kind: 'ignored', url: address };
    if (!inScope(scope, origin, pathname))
        return { kind: 'outside', url: address };
    const html = isPagePath(pathname);
    return { kind: 'internal', url: pageAddress(address), path, ...(fragment !== undefined && html ? { fragment } : {}), html };
}
/** What the relative links of the page at `pageUrl` resolve against: its `<base href>` when it has a valid one. */
function linkBase(pageUrl, base) {
    return (base === undefined ? null : URL.parse(base, pageUrl))?.href ?? pageUrl;
}
/**
 * The one address of a page: `X/index.html` and `X/` are the same page (the service serves a folder
 * from its `index.html`), asked once as `X/`. `url` has no fragment.
 */
function pageAddress(url) {
    return url.endsWith('/index.html') ? url.slice(0, -'index.html'.length) : url;
}
/** A path that names a page (a folder, `.html`, a name without an extension), not a file (a PDF, an image). */
function isPagePath(pathname) {
    const last = pathname.slice(pathname.lastIndexOf('/') + 1).toLowerCase();
    return last === '' || last.endsWith('.html') || last.endsWith('.htm') || last.endsWith('.xhtml') || !last.includes('.');
}
/**
 * A fragment worth checking: none for `#`, `#top` (the top of any page, as browsers have it) or
 * nothing, and none in a text fragment (`#:~:text=…`: a directive to the browser, not an anchor;
 * `#intro:~:text=…` names `intro`).
 */
function fragmentOf(hash) {
    const raw = (hash.startsWith('#') ? hash.slice(1) : hash).split(':~:')[0];
    if (raw === '' || raw.toLowerCase() === 'top')
        return undefined;
    return raw;
}
function safeDecode(text) {
    try {
        return decodeURIComponent(text);
    }
    catch {
        return text;
    }
}
/** Whether a page's anchors hold `fragment`, as written or percent-decoded (browsers try both). */
function hasAnchor(anchors, fragment) {
    return anchors.has(fragment) || anchors.has(safeDecode(fragment));
}
/**
 * Glob patterns: `*` matches anything but `/`, `**` anything, `?` one character but `/`; the rest
 * is literal. A pattern matches a whole text. Each match is at most (text × pattern) steps, with
 * no backtracking blow-up: patterns are the user's, texts are hostile.
 */
function globList(patterns) {
    const compiled = patterns.map(compileGlob);
    return { matches: (text) => compiled.some((tokens) => matchGlob(tokens, text)), empty: compiled.length === 0 };
}
function compileGlob(pattern) {
    const tokens = [];
    for (let i = 0; i < pattern.length; i++) {
        const c = pattern[i];
        if (c === '*') {
            const all = pattern[i + 1] === '*';
            if (all)
                while (pattern[i + 1] === '*')
                    i++;
            tokens.push({ any: all ? 'all' : 'segment' });
        }
        else if (c === '?')
            tokens.push({ one: true });
        else
            tokens.push({ literal: c });
    }
    return tokens;
}
/** Dynamic programming over the text, one row of states per character: linear in the text for a fixed pattern. */
function matchGlob(tokens, text) {
    // states[j]: the first j tokens match the text read so far.
    let states = new Array(tokens.length + 1).fill(false);
    states[0] = true;
    const closeOverStars = (row) => {
        for (let j = 0; j < tokens.length; j++)
            if (row[j] && 'any' in tokens[j])
                row[j + 1] = true;
    };
    closeOverStars(states);
    for (const c of text) {
        const next = new Array(tokens.length + 1).fill(false);
        for (let j = 0; j < tokens.length; j++) {
            if (!states[j])
                continue;
            const token = tokens[j];
            if ('any' in token) {
                if (token.any === 'all' || c !== '/')
                    next[j] = true;
            }
            else if ('one' in token) {
                if (c !== '/')
                    next[j + 1] = true;
            }
            else if (token.literal === c)
                next[j + 1] = true;
        }
        closeOverStars(next);
        states = next;
    }
    return states[tokens.length] === true;
}


/***/ }),

/***/ 2242:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gk: () => (/* binding */ kindWords),
/* harmony export */   Vz: () => (/* binding */ brokenLinkText),
/* harmony export */   XM: () => (/* binding */ listedPagesText),
/* harmony export */   XQ: () => (/* binding */ byPage),
/* harmony export */   i_: () => (/* binding */ pageOnSite),
/* harmony export */   pU: () => (/* binding */ listedPagesMarkdown),
/* harmony export */   pq: () => (/* binding */ countOf),
/* harmony export */   q$: () => (/* binding */ brokenLinksWords),
/* harmony export */   s1: () => (/* binding */ listedPages),
/* harmony export */   xb: () => (/* binding */ countKinds)
/* harmony export */ });
/* harmony import */ var _file_problems_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9867);
/* harmony import */ var _markdown_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2817);
/* harmony import */ var _util_clip_middle_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8768);
/**
 * A broken link and how every report shows it: its one line, `page → target: problem` (plain text
 * for annotations and a failure's reason, Markdown for the comment and the job summary); the
 * links counted by kind (`broken links: 3 to pages, 2 to anchors`); and grouped by page, each page once
 * with its first targets under it (where the pull request's source writes each one, the link's
 * text), so that a page of 500 broken links is one short block. Here, below `github/` and
 * `operations/`, so that `preview` and `health` use the same words. Every text of a link came from
 * a page or a pull request: hostile, bounded where it is printed.
 */



/** `guide/install.html → guide/gone.html: missing page`, as written (the caller neutralises it where it prints). */
function brokenLinkText(link) {
    return `${link.page} → ${link.target}: ${link.problem}`;
}
// "3 to pages", never "3 pages": one page of 500 broken links is not 500 pages.
const KIND_WORDS = [
    ['page', 'to a page', 'to pages'],
    ['anchor', 'to an anchor', 'to anchors'],
    ['image', 'to an image', 'to images'],
    ['resource', 'to a resource', 'to resources'],
    ['external', 'to another site', 'to other sites'],
];
/** The links counted by kind; another site's counted apart whatever their kind. */
function countKinds(links) {
    const counts = {};
    for (const link of links) {
        const kind = link.external ? 'external' : link.kind;
        counts[kind] = (counts[kind] ?? 0) + 1;
    }
    return counts;
}
/** How many links the counts hold. */
function countOf(counts) {
    return Object.values(counts).reduce((sum, count) => sum + (count ?? 0), 0);
}
/** "3 to pages, 2 to anchors, 1 to an image": each kind that has links, in one order. */
function kindWords(counts) {
    return KIND_WORDS.flatMap(([kind, one, many]) => {
        const count = counts[kind] ?? 0;
        return count === 0 ? [] : [`${count} ${count === 1 ? one : many}`];
    }).join(', ');
}
/** "broken links: 3 to pages, 2 to anchors": the words of the link check's verdict, everywhere it is said. */
function brokenLinksWords(counts) {
    return `broken links: ${kindWords(counts)}`;
}
/** The links grouped by page, each page once, in the order of its first link. */
function byPage(links) {
    const pages = new Map();
    for (const link of links) {
        const listed = pages.get(link.page);
        if (listed)
            listed.push(link);
        else
            pages.set(link.page, [link]);
    }
    return [...pages].map(([page, listed]) => ({ page, links: listed }));
}
/** The address of a page below a version's root (`/` is the root itself), its path's segments encoded. */
function pageOnSite(root, page) {
    const base = (0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .safeHttpUrl */ .vH)(root);
    if (base === undefined)
        return undefined;
    const url = new URL(base);
    if (!url.pathname.endsWith('/'))
        url.pathname = `${url.pathname}/`;
    url.search = '';
    url.hash = '';
    if (page !== '/')
        url.pathname += page.split('/').map(encodeURIComponent).join('/');
    return (0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .safeHttpUrl */ .vH)(url.href);
}
/** The link text shown, in characters (the parser keeps 80; a stored row read back may hold more). */
const TEXT_SHOWN = 80;
/**
 * `` [`docs/guide.rst:8`](…#L8): “the next step” → `gone.html`: missing page ``: where its source
 * writes it (linked to the line at the commit when the repository is known; a link whose line was
 * not found leaves it to its page's line), its text, its target and what is wrong.
 */
function listedLinkMarkdown(link, links) {
    const { source } = link;
    let place = '';
    if (source?.line !== undefined) {
        const where = (0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .codeSpan */ .SS)(`${source.file}:${source.line}`, { inTable: false });
        const url = (0,_file_problems_js__WEBPACK_IMPORTED_MODULE_0__/* .sourceUrl */ .Hx)(source, links);
        place = `${url === undefined ? where : `[${where}](${url})`}: `;
    }
    const text = link.text === undefined || link.text === '' ? '' : `“${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeMarkdown */ .FV)((0,_util_clip_middle_js__WEBPACK_IMPORTED_MODULE_2__/* .clipMiddle */ .e)(link.text, TEXT_SHOWN))}” → `;
    return `${place}${text}${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .codeSpan */ .SS)(link.target, { inTable: false })}: ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeMarkdown */ .FV)(link.problem)}`;
}
/** A page's line: the page (linked when its address is known), the pull request's file that builds it, how many when not all are listed. */
function listedPageMarkdown(page, links) {
    const label = (0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .codeSpan */ .SS)(page.page, { inTable: false });
    const url = (0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .safeHttpUrl */ .vH)(page.url);
    const file = page.links.find((link) => link.source !== undefined)?.source?.file;
    let from = '';
    if (file !== undefined) {
        const name = (0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .codeSpan */ .SS)(file, { inTable: false });
        const blob = (0,_file_problems_js__WEBPACK_IMPORTED_MODULE_0__/* .sourceUrl */ .Hx)({ file }, links);
        from = ` from ${blob === undefined ? name : `[${name}](${blob})`}`;
    }
    const count = page.total > page.links.length ? ` · ${page.total} broken` : '';
    return `- ${url === undefined ? label : `[${label}](${url})`}${from}${count}`;
}
/**
 * The pages as a Markdown list: each page once (linked to it when its address is known), its
 * links under it, then how many more it has and how many more pages there are, each followed by
 * `elsewhere` (where every one is: `: the job summary of this run lists them`).
 */
function listedPagesMarkdown(pages, options) {
    const lines = [];
    for (const page of pages) {
        lines.push(listedPageMarkdown(page, options.links));
        for (const link of page.links)
            lines.push(`  - ${listedLinkMarkdown(link, options.links)}`);
        const more = page.total - page.links.length;
        if (more > 0)
            lines.push(`  - … and ${more} more on this page${options.elsewhere}`);
    }
    if (options.morePages > 0)
        lines.push(`- … and ${options.morePages} more page${options.morePages === 1 ? '' : 's'}${options.elsewhere}`);
    return lines;
}
/** The links grouped by page, at most `pages` pages of at most `perPage` links each. */
function listedPages(links, bounds) {
    const groups = byPage(links);
    const pages = groups.slice(0, bounds.pages).map((group) => ({
        page: group.page,
        url: pageOnSite(bounds.root, group.page),
        total: group.links.length,
        links: group.links.slice(0, bounds.perPage),
    }));
    return { pages, morePages: groups.length - pages.length };
}
/**
 * The links grouped by page as plain text (a failure's reason, an annotation): a page's line, then
 * its first links indented, and how many more; at most `pages` pages.
 */
function listedPagesText(links, bounds) {
    const { pages, morePages } = listedPages(links, bounds);
    const lines = [];
    for (const page of pages) {
        const file = page.links.find((link) => link.source !== undefined)?.source?.file;
        lines.push(`${page.page}${file === undefined ? '' : ` (${file})`}:`);
        for (const link of page.links)
            lines.push(`  ${listedLinkText(link)}`);
        if (page.total > page.links.length)
            lines.push(`  … and ${page.total - page.links.length} more on this page`);
    }
    if (morePages > 0)
        lines.push(`… and ${morePages} more page${morePages === 1 ? '' : 's'}`);
    return lines;
}
/** `docs/guide.rst:8: “the next step” → gone.html: missing page`, as written (the file without a line is its page's). */
function listedLinkText(link) {
    const { source } = link;
    const place = source?.line === undefined ? '' : `${source.file}:${source.line}: `;
    const text = link.text === undefined || link.text === '' ? '' : `“${link.text}” → `;
    return `${place}${text}${link.target}: ${link.problem}`;
}


/***/ })

};
