export const id = 44;
export const ids = [44];
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

/***/ 8044:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  mergeQueueStep: () => (/* binding */ mergeQueueStep)
});

// EXTERNAL MODULE: ./lib/reporting/markdown.js
var markdown = __webpack_require__(2817);
// EXTERNAL MODULE: ./lib/operations/run-projects.js + 1 modules
var run_projects = __webpack_require__(5120);
// EXTERNAL MODULE: ./lib/readthedocs/errors.js
var errors = __webpack_require__(1833);
// EXTERNAL MODULE: ./lib/util/abort.js
var abort = __webpack_require__(2830);
// EXTERNAL MODULE: ./lib/util/format-duration.js + 1 modules
var format_duration = __webpack_require__(7365);
// EXTERNAL MODULE: ./lib/util/untrusted-text.js
var untrusted_text = __webpack_require__(9052);
// EXTERNAL MODULE: ./lib/operations/shared/builds/build-ids.js
var build_ids = __webpack_require__(3253);
// EXTERNAL MODULE: ./lib/operations/shared/builds/follow-commit.js
var follow_commit = __webpack_require__(1467);
// EXTERNAL MODULE: ./lib/operations/shared/builds/version-appears.js
var version_appears = __webpack_require__(7053);
// EXTERNAL MODULE: ./lib/operations/shared/builds/watch-build.js + 5 modules
var watch_build = __webpack_require__(1566);
// EXTERNAL MODULE: ./lib/operations/shared/builds/trigger.js
var trigger = __webpack_require__(2146);
// EXTERNAL MODULE: ./lib/util/message-of.js
var message_of = __webpack_require__(485);
;// CONCATENATED MODULE: ./lib/operations/merge-queue/checks.js











/** The annotation of `mirror` when the pull request's head commit has no build of its version. */
const NO_PR_BUILD_TITLE = 'No build of the pull request';
/** The annotation of a queue branch's version that could not be deactivated after the check. */
const LEFT_ACTIVE_TITLE = 'Queue version left active';
/** How long the deactivation may take after the step's deadline (after a cancellation: `CANCEL_CLEANUP_MS`). */
const CLEANUP_MS = 30_000;
/**
 * `build`: syncs the versions, waits for the queue branch's version, activates it hidden (which
 * queues its build) unless the service got there first (a rule activated it at the branch's push,
 * or an earlier run left it active: its build of the group's commit is taken, a build triggered
 * only when there is none), and waits for the build of the group's commit as `wait` does. Whatever
 * ended the wait, the version is to be deactivated after the status (`needsDeactivation`).
 */
async function buildCheck(ctx, run, group) {
    const { api } = ctx;
    const { name: project, log, seen } = run;
    seen.version(group.versionSlug);
    seen.commit(group.commit);
    // Build ids only grow: the newest before the sync tells the activation's build from older ones.
    const history = await api.recentBuilds(project, { limit: 10 });
    log.info(`Syncing the versions of ${project}: the queue branch becomes version ${group.versionSlug}`);
    if (!(await api.syncVersions(project))) {
        const refused = syncRefused(project);
        log.info(`${refused.subject}: ${refused.reason}`);
        return refused;
    }
    const record = await queueVersion(ctx, run, group);
    if ('outcome' in record)
        return record;
    // Whether the version may be active: a rule activated it, or the activation may have taken.
    const touched = { active: record.active };
    let followed;
    const follow = async () => {
        followed = await buildToFollow(ctx, project, record, group, (0,build_ids/* newestBuildId */.ig)(history), log, touched);
        const watched = await (0,follow_commit/* watchBuildOfCommit */.o)(ctx, run, followed, group.commit, (0,watch_build/* expectedFromHistory */.LE)(history), (next) => {
            followed = next;
        });
        followed = watched.build;
        // Input `warnings`: the group's build against the base branch's, as a pull request's preview.
        return (0,follow_commit/* concludeFollowed */.E)(ctx, run, watched, group.commit, { baseline: { kind: 'base-branch', branch: group.base }, gate: true });
    };
    // Whatever ended the wait, the version's docs are temporary: deactivated once the status is set.
    const { concluded } = await (0,run_projects/* whateverEnded */.jT)(ctx, run, follow, async (error) => {
        if (followed && (error instanceof abort/* DeadlineError */.j3 || error instanceof abort/* CancelledError */.cc))
            logRunsOn(log, followed, record.slug);
    });
    return { ...concluded, needsDeactivation: touched.active };
}
/**
 * FACTS: no API cancels a build; only a new trigger does, and it starts another build. So the
 * queue build is left to run: once its version is inactive, nothing it uploads is served.
 */
function logRunsOn(log, build, version) {
    log.info(`Build #${build.id} of ${version} runs on: a token cannot cancel it (only a new trigger would, and that starts another build). ` +
        "The step deactivates its version after the status, and an inactive version's output is never served");
}
function syncRefused(project) {
    return {
        outcome: 'failed',
        title: 'Sync not triggered',
        subject: project,
        reason: `Read the Docs did not sync its versions (400, triggered: false), so the queue branch never becomes a version. ` +
            'It does so when the project is inactive or has version sync turned off. Check the project in the dashboard.',
    };
}
/** The queue branch's version once the sync made it; the conclusion that says why when the step timed out first. */
async function queueVersion(ctx, { name: project, log }, group) {
    log.info(`Waiting for version ${group.versionSlug} (the queue branch) to appear`);
    try {
        const record = await (0,version_appears/* waitForVersion */.PF)(ctx, project, group.versionSlug, log);
        log.info(`${(0,watch_build/* elapsed */.vk)(ctx)} ${group.versionSlug} is there (${record.active ? 'active' : 'inactive'}${record.hidden ? ', hidden' : ''})`);
        return record;
    }
    catch (error) {
        if (!(error instanceof abort/* DeadlineError */.j3))
            throw error;
        const reason = `timed out after ${(0,format_duration/* formatDuration */.a)(ctx.inputs.timeoutMs)} (input \`timeout\`) waiting for the queue branch ` +
            `${(0,untrusted_text/* safeLine */.om)(group.branch, 300)} to appear as version ${group.versionSlug} after the sync. Check that the project builds from this ` +
            'repository and that no automation rule of the project deletes or renames such versions';
        log.info(`${project}: ${reason}`);
        return { outcome: 'timed-out', title: 'Timed out', subject: project, reason };
    }
}
/**
 * The build to follow. An inactive version is activated hidden (never in the flyout or search):
 * the activation queues its build, which is the one followed (a trigger would cancel it). An
 * active one (a rule activated it at the branch's push, or an earlier run left it so) is hidden,
 * and its build of the group's commit taken; only when it has none is a build triggered.
 */
async function buildToFollow(ctx, project, record, group, newestBefore, log, touched) {
    const version = record.slug;
    if (!record.active)
        return activateHidden(ctx, project, version, newestBefore, log, touched);
    if (!record.hidden) {
        log.info(`${version} is already active: hiding it`);
        await ctx.api.updateVersion(project, version, { hidden: true });
    }
    const builds = await ctx.api.recentBuilds(project, { version, limit: 10 });
    const taken = buildOfGroup(builds, version, group);
    if (taken) {
        log.info(`${version} was already active (an automation rule at the queue branch's push, or an earlier run): ` +
            `following its build #${taken.id} of the group's commit: ${taken.urls.build}`);
        return taken;
    }
    log.info(`${version} is already active and has no build of the group's commit since the queue branch appeared: triggering one`);
    return (await (0,trigger/* triggerOnce */.Kn)(ctx, project, version, (0,build_ids/* newestBuildId */.ig)(builds), log)).build;
}
/** How much earlier than the group's commit timestamp a build may be created (the two clocks differ). */
const CLOCK_SKEW_MS = 60_000;
/**
 * The version's newest build of the group's commit, or one whose commit is not known yet (not
 * cloned), created since the queue branch appeared. Without that time, a build not yet cloned
 * counts only while it runs (a final one may be of an earlier branch of the same name).
 */
function buildOfGroup(builds, version, group) {
    const since = group.appearedAt === undefined ? undefined : group.appearedAt - CLOCK_SKEW_MS;
    return (0,build_ids/* newestBuild */.Dz)(builds.filter((build) => {
        if (build.version !== version || (build.commit !== null && build.commit !== group.commit))
            return false;
        if (since !== undefined)
            return build.created !== null && Date.parse(build.created) >= since;
        return build.commit !== null || !build_ids/* FINAL_STATES */.MS.has(build.state.code);
    }));
}
/** Whether a write that failed may have been done: a refusal (4xx) changed nothing; any other failure (a lost answer) may have. */
function mayHaveTaken(error) {
    return !(error instanceof errors/* ReadTheDocsError */.rq && error.status !== undefined && error.status >= 400 && error.status < 500);
}
/** Activates the version hidden; its activation queues the build followed. */
async function activateHidden(ctx, project, version, newestBefore, log, touched) {
    log.info(`Activating ${version}, hidden: the service queues its build`);
    try {
        await ctx.api.updateVersion(project, version, { active: true, hidden: true });
    }
    catch (error) {
        touched.active = mayHaveTaken(error);
        throw error;
    }
    touched.active = true;
    const build = await (0,version_appears/* waitForBuild */.nt)(ctx, project, version, (builds) => (0,build_ids/* buildCreatedAfter */.tu)(builds, newestBefore));
    log.info(`Build #${build.id} of ${version} was queued by the activation: ${build.urls.build}`);
    return build;
}
/**
 * Deactivates the queue branch's version (which deletes its temporary docs), with a signal of its
 * own: it is sent after a timeout or a cancellation too. A failure is a warning; the check's
 * outcome stands. Returns whether the version is inactive now. `shared`: a window of the caller's
 * (the leftover sweep's, one for all its deactivations) instead of one of its own.
 */
async function deactivate(ctx, project, version, log, shared) {
    const window = shared ?? ctx.deadline.cleanupWindow(CLEANUP_MS);
    try {
        await ctx.api.updateVersion(project, version, { active: false }, { cleanup: window });
        log.info(`Deactivated ${version}: its temporary docs are deleted`);
        return true;
    }
    catch (error) {
        log.warning(`${project}: version ${version} (the queue branch) could not be deactivated: ${(0,untrusted_text/* safeLine */.om)((0,message_of/* messageOf */.b)(error), 600)}. ` +
            `It stays active, and served on the docs domain (hidden), for ever: the service deletes only inactive versions. ` +
            `Deactivate it in the dashboard (${versionEditPage(ctx, project, version)}); the next \`merge-queue\` run does it once the group has left the queue`, LEFT_ACTIVE_TITLE);
        return false;
    }
    finally {
        if (!shared)
            window.dispose();
    }
}
/** The dashboard page where a version is deactivated. */
function versionEditPage(ctx, project, version) {
    return `${ctx.inputs.baseUrl}/dashboard/${project}/version/${version}/edit/`;
}
/**
 * `mirror`: no build. The pull request version's build of the PR's head commit (the builds list
 * filtered by that commit), waited for when it still runs; its result is the group's. Writes
 * nothing on the service.
 */
async function mirrorCheck(ctx, run, group, head) {
    const { name: project, log, seen } = run;
    const pr = group.pullRequest;
    seen.version(String(pr));
    seen.commit(head);
    const builds = await ctx.api.recentBuilds(project, { commit: head, limit: 20 });
    const build = (0,build_ids/* newestBuild */.Dz)(builds.filter((b) => b.commit === head && isVersionOfPullRequest(b.version, pr)));
    if (!build) {
        const reason = `no build of pull request #${pr}'s head commit ${head} was found, so there is no result to carry to the group. ` +
            'Turn on pull-request builds for the project, or use `queue-check: build` to build the group itself';
        log.info(`${project}: ${reason}`);
        return { outcome: 'failed', title: NO_PR_BUILD_TITLE, subject: project, reason };
    }
    log.info(`Pull request #${pr}'s build of ${head}: #${build.id} (${build.state.code}) ${build.urls.build}`);
    if (!build_ids/* FINAL_STATES */.MS.has(build.state.code))
        return (0,watch_build/* concludeBuild */.Yz)(ctx, run, await (0,watch_build/* watchBuild */.WS)(ctx, run, build, undefined));
    seen.build(build);
    return (0,watch_build/* concludeBuild */.Yz)(ctx, run, { build });
}
/** The pull request's version slug: its number, or `42_a` beside a branch `42`. */
function isVersionOfPullRequest(version, pr) {
    return version !== null && (version === String(pr) || new RegExp(`^${pr}_[a-z]{1,3}$`).test(version));
}
/**
 * The queue passes only on what was checked: a build that another commit's build superseded turns
 * the project red. A skipped build (exit code 183, the service's own recipe) passes: the service
 * itself reports a skipped pull-request build to GitHub as `success` so that the PR can merge.
 */
function settle(checked) {
    if (checked.outcome === 'superseded') {
        return {
            ...checked,
            outcome: 'failed',
            reason: `${checked.reason ?? ''}\nThe merge queue needs the build of the group's commit itself: it stays red`.trim(),
        };
    }
    return checked;
}
/** The commit status that tells the project's check, in at most a line. */
function finalStatus(result, mode, pr) {
    const build = result.buildId === undefined ? '' : ` (build #${result.buildId})`;
    const green = result.outcome === 'success' || result.outcome === 'skipped';
    if (green) {
        return {
            state: 'success',
            description: result.outcome === 'skipped'
                ? `${mode === 'mirror' ? `Pull request #${pr}'s` : "The group's"} docs build skipped itself${build}`
                : mode === 'mirror'
                    ? `Pull request #${pr}'s docs build succeeded${build}`
                    : `The group's docs build succeeded${build}`,
        };
    }
    return { state: 'failure', description: `${result.title ?? 'Failed'}${build}` };
}
/** The pending status while the project's check runs. */
function pendingStatus(mode, pr) {
    return mode === 'build' ? "Building the merge group's docs on Read the Docs" : `Checking pull request #${pr}'s docs build`;
}

// EXTERNAL MODULE: ./lib/inputs/inputs.js
var inputs_inputs = __webpack_require__(8864);
// EXTERNAL MODULE: ./lib/inputs/slugs.js
var slugs = __webpack_require__(4961);
;// CONCATENATED MODULE: ./lib/operations/merge-queue/group.js



/** The longest branch name read: GitHub's queue branches are far shorter. */
const MAX_BRANCH_LENGTH = 255;
/** `gh-readonly-queue/{base}/pr-{N}-{base sha}` (GitHub's naming; the base may hold `/`, never what git refuses in a ref). */
const QUEUE_BRANCH = /^gh-readonly-queue\/([^\s\u0000-\u001f\u007f~^:?*[\\]+)\/pr-(\d{1,9})-[0-9a-f]{40}$/;
/** The parts of a queue branch's name, or undefined when it is not one. Bounded before the match. */
function parseQueueBranch(name) {
    if (name.length > MAX_BRANCH_LENGTH)
        return undefined;
    const match = QUEUE_BRANCH.exec(name);
    if (!match)
        return undefined;
    const pullRequest = Number(match[2]);
    return pullRequest > 0 ? { base: match[1], pullRequest } : undefined;
}
/**
 * The group of this run: from the `merge_group` event, or, on any other event (a run from a
 * terminal), from `commit` (the group's commit) and `version` (the queue branch's name). Anything
 * missing or malformed is an input error that names what to give: nothing has been sent yet.
 */
function groupOfRun(run, inputs) {
    if (run.eventName === 'merge_group') {
        if (!run.mergeGroup) {
            throw new inputs_inputs/* InputError */.dz([
                "Input `operation`: `merge-queue` needs the group's commit and ref from the `merge_group` event payload, which has none",
            ]);
        }
        const branch = run.mergeGroup.headRef.replace(/^refs\/heads\//, '');
        const group = groupOf(run.mergeGroup.headSha, branch, 'the `merge_group` event names the ref');
        return run.mergeGroup.createdAt === undefined ? group : { ...group, appearedAt: run.mergeGroup.createdAt };
    }
    const branch = inputs.versionGiven ?? inputs.version;
    if (!inputs.commit || !branch) {
        const missing = [
            inputs.commit ? '' : "`commit` (the group's full commit SHA)",
            branch ? '' : '`version` (the queue branch, `gh-readonly-queue/main/pr-42-<base sha>`)',
        ].filter(Boolean);
        // A workflow run on another event: the same file's `pull_request` needs the step's `if:`, a
        // `workflow_dispatch` may name the group by hand. A terminal (no event) needs the group by hand.
        throw new inputs_inputs/* InputError */.dz([
            run.eventName
                ? `Input \`operation\`: \`merge-queue\` runs on \`merge_group\` events; this run's event is \`${(0,untrusted_text/* safeLine */.om)(run.eventName, 60)}\`. ` +
                    "Give the step `if: github.event_name == 'merge_group'` when its workflow also runs on other events (`pull_request`), " +
                    `or name the group by hand on this event: give ${missing.join(' and ')}`
                : `Input \`operation\`: \`merge-queue\` outside a \`merge_group\` event needs the group by hand: give ${missing.join(' and ')}`,
        ]);
    }
    return groupOf(inputs.commit, branch, 'input `version` is');
}
function groupOf(commit, branch, where) {
    const parts = parseQueueBranch(branch);
    const slug = parts ? (0,slugs/* versionSlug */.o$)(branch) : undefined;
    if (!parts || !slug) {
        throw new inputs_inputs/* InputError */.dz([
            `Input \`operation\`: \`merge-queue\` needs a merge queue branch (\`gh-readonly-queue/<base>/pr-<number>-<base sha>\`); ` +
                `${where} \`${(0,untrusted_text/* safeLine */.om)(branch, 120)}\``,
        ]);
    }
    return { commit: commit.toLowerCase(), branch, versionSlug: slug, base: parts.base, pullRequest: parts.pullRequest };
}

// EXTERNAL MODULE: ./lib/github/api/client.js
var client = __webpack_require__(5225);
// EXTERNAL MODULE: ./lib/github/api/rest.js
var rest = __webpack_require__(1252);
;// CONCATENATED MODULE: ./lib/operations/merge-queue/leftovers.js






/** Queue versions looked at per run at most: a backlog is cleared over a few runs. */
const MAX_LEFTOVERS = 10;
/** The whole sweep's time at most, its deactivations' retries included; it ends at the step's deadline in any case. */
const SWEEP_MS = 30_000;
/**
 * Queue versions an earlier run left active (its deactivation failed, or the runner killed it):
 * FACTS, the service deletes only inactive versions whose branch is gone, so such a version stays,
 * served on the docs domain, for ever. Each `build` run deactivates those whose queue branch is
 * gone from GitHub (the group left the queue); a branch that still exists is a group still in the
 * queue, whose own run deactivates its version. GitHub answers 404 also to a token that cannot see
 * the repository: a 404 is taken for "gone" only once the group's own queue branch answered 200 in
 * this run, and a 401 or 403 ends the sweep. Best effort: a failure is logged, never the run's.
 * Returns the slugs deactivated.
 */
async function deactivateLeftovers(ctx, project, group, github, log) {
    try {
        // The filters spare the service work; FACTS documents none, and one it ignores is dropped silently.
        const listed = await ctx.api.versions(project, { active: true, type: 'branch' });
        const leftovers = listed
            .filter((v) => v.active && v.type === 'branch' && isOtherQueueBranch(v.verbose_name, group))
            .slice(0, MAX_LEFTOVERS);
        if (leftovers.length === 0)
            return [];
        const gh = await github();
        if (!gh)
            return [];
        const own = await readBranch(gh, group.branch);
        if (own !== 'there') {
            log.info(`Queue versions earlier runs left active are not looked for: ${SKIPPED[own]}`);
            return [];
        }
        return await sweep(ctx, project, gh, leftovers, log);
    }
    catch (error) {
        log.info(`Looking for queue versions earlier runs left active failed: ${(0,untrusted_text/* safeLine */.om)((0,message_of/* messageOf */.b)(error), 300)}`);
        return [];
    }
}
/** Deactivates the leftovers whose queue branch GitHub says is gone, until the step's deadline. */
async function sweep(ctx, project, gh, leftovers, log) {
    const done = [];
    // One window for every deactivation, closing at the step's deadline: not 30 s more for each.
    const window = ctx.deadline.cleanupWindow(Math.min(SWEEP_MS, ctx.deadline.remainingMs()));
    try {
        for (const version of leftovers) {
            if (window.signal.aborted || ctx.deadline.signal.aborted) {
                log.info("Queue versions earlier runs left active: the rest are left to a later run (the step's time is up)");
                break;
            }
            const read = await readBranch(gh, version.verbose_name);
            if (read === 'refused') {
                log.info(`Queue versions earlier runs left active are not looked for further: ${SKIPPED.refused}`);
                break;
            }
            if (read !== 'gone') {
                log.debug(`${version.slug}: an active queue version whose branch is still on GitHub (a group in the queue): left to its run`);
                continue;
            }
            log.info(`${version.slug} is a queue version an earlier run left active, and its branch is gone from GitHub: deactivating it`);
            if (await deactivate(ctx, project, version.slug, log, window))
                done.push(version.slug);
        }
    }
    finally {
        window.dispose();
    }
    return done;
}
/** A queue branch's name, not this group's. */
function isOtherQueueBranch(name, group) {
    return name != null && name !== group.branch && parseQueueBranch(name) !== undefined;
}
/** Why the sweep stops, by what GitHub said of a branch. */
const SKIPPED = {
    gone: "GitHub answered 404 for the group's own queue branch (the group has left the queue, or the token cannot see the repository), " +
        'so a 404 cannot tell a branch gone',
    refused: 'GitHub refused to read a branch (401 or 403): give the job `permissions: contents: read`',
    unknown: "the group's own queue branch could not be read from GitHub",
};
async function readBranch(gh, branch) {
    try {
        await (0,rest/* getBranchHead */.Rs)(gh, branch);
        return 'there';
    }
    catch (error) {
        if (!(error instanceof client/* GitHubError */.y_))
            return 'unknown';
        if (error.status === 404)
            return 'gone';
        return error.status === 401 || error.status === 403 ? 'refused' : 'unknown';
    }
}

;// CONCATENATED MODULE: ./lib/operations/merge-queue/statuses.js




/** The annotation of a commit status GitHub did not take: the queue then waits for a check that never comes. */
const STATUS_NOT_SET_TITLE = 'Commit status not set';
/** The status context of `project`: the input's `{project}` replaced by its slug. */
function statusContextOf(template, project) {
    return template.replaceAll('{project}', project);
}
/**
 * The commit statuses on the group's commit, one per project. GitHub is where the merge queue reads
 * the check: a status GitHub refuses or loses is a warning naming the permission (said once), and
 * the step's own outcome still tells the result. Statuses follow a timed-out step (only the
 * workflow's cancellation ends them).
 */
class GroupStatuses {
    ctx;
    commit;
    client;
    warned = false;
    /** Why there is no client: only what is missing (a token given is not named). */
    missing = '';
    constructor(ctx, commit) {
        this.ctx = ctx;
        this.commit = commit;
    }
    /** The repository's client, made on first use; undefined (said once) without a token or repository. */
    github() {
        this.client ??= this.makeClient();
        return this.client;
    }
    /** Sets the project's status; returns its state once GitHub took it (for the project's result), else undefined. */
    async status(project, state, description, targetUrl) {
        const context = statusContextOf(this.ctx.inputs.statusContext, project);
        try {
            const gh = await this.github();
            if (!gh)
                return undefined;
            await (0,rest/* createCommitStatus */.I8)(gh, this.commit, { state, context, description, ...(targetUrl === undefined ? {} : { targetUrl }) });
            this.ctx.log.debug(`status ${context}: ${state} (${description})`);
            return state;
        }
        catch (error) {
            this.warnOnce(error);
            return undefined;
        }
    }
    warnOnce(error) {
        if (this.warned)
            return;
        this.warned = true;
        const message = (0,untrusted_text/* safeLine */.om)((0,message_of/* messageOf */.b)(error), 600);
        const refused = error instanceof client/* GitHubError */.y_ && error.refused;
        this.ctx.log.warning(refused
            ? `The commit status on the group's commit was refused (403): give the job \`permissions: statuses: write\`. Until it is set, the merge queue waits for it. (${message})`
            : `The commit status on the group's commit could not be set: ${message}. Until it is set, the merge queue waits for it`, { title: STATUS_NOT_SET_TITLE });
    }
    async makeClient() {
        const { ctx } = this;
        const [owner, repo] = ctx.run.repository?.split('/') ?? [];
        if (!ctx.inputs.githubToken || !owner || !repo) {
            this.missing = !ctx.inputs.githubToken ? '`github-token` is empty' : 'the repository is unknown (no GITHUB_REPOSITORY)';
            ctx.log.warning(!ctx.inputs.githubToken
                ? "Input `github-token` is empty: no commit status on the group's commit, so a merge queue that requires it waits until it times out"
                : "The repository is unknown (no GITHUB_REPOSITORY): no commit status on the group's commit", { title: STATUS_NOT_SET_TITLE });
            this.warned = true;
            return undefined;
        }
        // Reporting follows a timed-out step: a few seconds past the deadline for every call together
        // (the deadline's `reporting`), and the workflow's cancellation at once.
        const octokit = await ctx.github(ctx.inputs.githubToken, { log: (message) => ctx.log.debug(message) });
        return { octokit, owner, repo, limits: { signal: ctx.deadline.reporting } };
    }
}
/** The queued pull request's head commit, from GitHub (`pull-requests: read`), or why it is unknown. */
async function pullRequestHead(statuses, pr, log) {
    try {
        const gh = await statuses.github();
        if (!gh)
            return { problem: `pull request #${pr} cannot be read: ${statuses.missing}` };
        const head = (await (0,rest/* getPullRequest */.T9)(gh, pr)).head.sha.toLowerCase();
        if (!/^[0-9a-f]{40}$/.test(head))
            return { problem: `GitHub gave pull request #${pr} no usable head commit` };
        log.info(`Pull request #${pr}: head commit ${head}`);
        return { sha: head };
    }
    catch (error) {
        const message = (0,untrusted_text/* safeLine */.om)((0,message_of/* messageOf */.b)(error), 600);
        const refused = error instanceof client/* GitHubError */.y_ && error.refused;
        return {
            problem: `pull request #${pr} could not be read from GitHub${refused ? ' (403: give the job `permissions: pull-requests: read`)' : ''}: ${message}`,
        };
    }
}

;// CONCATENATED MODULE: ./lib/operations/merge-queue/merge-queue.js






/** The annotation of `mirror` when the queued pull request cannot be read from GitHub. */
const PULL_REQUEST_UNKNOWN_TITLE = 'Pull request unknown';
/**
 * `merge-queue`: the docs check a merge queue waits for. For the group of this `merge_group` run
 * (its commit, its queue branch, the queued pull request), each project gets a commit status on the
 * group's commit (pending, then success or failure) from `queue-check`: `build` builds the group's
 * commit on the queue branch's version (hidden, deactivated after), `mirror` carries the result of
 * the pull request's head build.
 */
const mergeQueueStep = async (ctx) => {
    const group = groupOfRun(ctx.run, ctx.inputs);
    const mode = ctx.inputs.queueCheck;
    ctx.log.untrusted(`Merge group ${group.commit}: queue branch ${group.branch}, pull request #${group.pullRequest} into ${group.base}`);
    const statuses = new GroupStatuses(ctx, group.commit);
    const shared = { group, mode, statuses, head: undefined };
    if (mode === 'mirror')
        shared.head = await pullRequestHead(statuses, group.pullRequest, ctx.log);
    const results = await (0,run_projects/* forEachProject */.Wr)(ctx, ctx.inputs.projects, (ctx, run) => checkProject(ctx, run, shared));
    return { results, summary: [summarySection(shared, results)], outputs: {} };
};
/**
 * One project: the pending status, its check, then the status that tells how it ended (whatever
 * ended it), and only then (`build`) the deactivation of the queue version, so that the queue does
 * not wait on it.
 */
async function checkProject(ctx, run, shared) {
    const { group, mode, statuses } = shared;
    const { name: project, log, seen } = run;
    // The run's page until there is a build to link: the check says where to look from its first state.
    let set = await statuses.status(project, 'pending', pendingStatus(mode, group.pullRequest), ctx.run.runUrl);
    const checked = await (0,run_projects/* concluding */.XK)(ctx, run, async () => {
        if (mode === 'build')
            return buildCheck(ctx, run, group);
        if (shared.head && 'sha' in shared.head)
            return mirrorCheck(ctx, run, group, shared.head.sha);
        return unknownPullRequest(project, shared.head);
    });
    const { needsDeactivation, ...conclusion } = settle(checked);
    // A cancelled workflow ends GitHub calls too: the group is gone from the queue with it.
    if (!ctx.deadline.cancellation.aborted) {
        const { state, description } = finalStatus({ ...seen.current, ...conclusion }, mode, group.pullRequest);
        set = (await statuses.status(project, state, description, seen.current.buildUrl)) ?? set;
    }
    // After the group's status, so that the queue does not wait on it; sent after a timeout or a cancellation too.
    if (needsDeactivation)
        conclusion.details = { ...conclusion.details, deactivated: await deactivate(ctx, project, group.versionSlug, log) };
    // Not past the step's deadline, nor after a cancellation.
    const leftovers = mode === 'build' && !ctx.deadline.signal.aborted ? await deactivateLeftovers(ctx, project, group, () => statuses.github(), log) : [];
    const details = {
        queueCheck: mode,
        groupCommit: group.commit,
        queueBranch: group.branch,
        pullRequest: group.pullRequest,
        statusContext: statusContextOf(ctx.inputs.statusContext, project),
        ...(shared.head && 'sha' in shared.head ? { pullRequestHead: shared.head.sha } : {}),
        ...conclusion.details,
        ...(set === undefined ? {} : { status: set }),
        ...(leftovers.length === 0 ? {} : { leftoversDeactivated: leftovers }),
    };
    return { ...conclusion, details };
}
function unknownPullRequest(project, head) {
    const problem = head && 'problem' in head ? head.problem : 'the pull request was not read';
    return { outcome: 'error', title: PULL_REQUEST_UNKNOWN_TITLE, subject: project, reason: problem };
}
/** The job summary's part: which mode ran, on what, and why each project passed or failed. */
function summarySection(shared, results) {
    const { group, mode } = shared;
    const how = mode === 'build'
        ? "`queue-check: build`: the queue branch's version was built at the group's commit, hidden, and deactivated afterwards."
        : `\`queue-check: mirror\`: nothing was built; the result of pull request #${group.pullRequest}'s head build was carried to the group's commit.`;
    // Each project's verdict and status first, the long names after: at 420 px the start of a line is what shows.
    const lines = [];
    for (const result of results) {
        const { state, description } = finalStatus(result, mode, group.pullRequest);
        const set = result.details?.status;
        const context = (0,markdown/* codeSpan */.SS)(result.details?.statusContext ?? '', { inTable: false });
        lines.push(`- ${state === 'success' ? '✅ passed' : '❌ failed'}: **${(0,markdown/* escapeMarkdown */.FV)(result.project)}**, status ${set ? `\`${set}\`` : 'not set'}: ` +
            `${(0,markdown/* escapeMarkdown */.FV)(description)} (${context})`);
    }
    for (const result of results) {
        const swept = leftoversLine(result);
        if (swept)
            lines.push(swept);
    }
    lines.push('', `Pull request #${group.pullRequest} into ${(0,markdown/* codeSpan */.SS)(group.base, { inTable: false })}, merge group ${(0,markdown/* codeSpan */.SS)(group.commit.slice(0, 7), { inTable: false })} ` +
        `(queue branch ${(0,markdown/* codeSpan */.SS)(group.branch, { inTable: false })})`, '', how);
    return lines.join('\n');
}
/** The sweep's work, when it did any: the queue versions earlier runs left active, now inactive. */
function leftoversLine(result) {
    const slugs = result.details?.leftoversDeactivated ?? [];
    if (slugs.length === 0)
        return undefined;
    const what = slugs.length === 1 ? '1 queue version earlier runs left active was' : `${slugs.length} queue versions earlier runs left active were`;
    return `- **${(0,markdown/* escapeMarkdown */.FV)(result.project)}**: ${what} deactivated: ${slugs.map((slug) => (0,markdown/* codeSpan */.SS)(slug, { inTable: false })).join(', ')}`;
}


/***/ }),

/***/ 7053:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FB: () => (/* binding */ lookForBuild),
/* harmony export */   PF: () => (/* binding */ waitForVersion),
/* harmony export */   dz: () => (/* binding */ lookInterval),
/* harmony export */   nt: () => (/* binding */ waitForBuild)
/* harmony export */ });
/* harmony import */ var _readthedocs_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1833);
/* harmony import */ var _resilience_index_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5816);
/* harmony import */ var _watch_build_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1566);



// Looking for what a sync or an activation makes, shared by `sync-versions` and `merge-queue`:
// a version that appears after a sync, and the build that activating it queues.
/**
 * Polls the version's record until it exists (404 until the sync has created it), saying so at the
 * first look and then about every 30 s (`waitingNotice`), as `wait` does for a build, so that a long
 * wait is never silent.
 */
async function waitForVersion(ctx, project, version, log) {
    const notice = (0,_watch_build_js__WEBPACK_IMPORTED_MODULE_2__/* .waitingNotice */ .qQ)(ctx, () => log.info(`${(0,_watch_build_js__WEBPACK_IMPORTED_MODULE_2__/* .elapsed */ .vk)(ctx)} ${version} is still not there: waiting for the sync to create it`));
    return (0,_resilience_index_js__WEBPACK_IMPORTED_MODULE_1__/* .pollUntil */ .g3)(async (round) => {
        try {
            return await ctx.api.version(project, version);
        }
        catch (error) {
            if (!(error instanceof _readthedocs_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .NotFoundError */ .m_))
                throw error;
        }
        if (round === 1) {
            log.info(`${(0,_watch_build_js__WEBPACK_IMPORTED_MODULE_2__/* .elapsed */ .vk)(ctx)} ${version} is not there yet: the sync runs in the background`);
            notice.begin();
        }
        return undefined;
    }, { intervalMs: () => lookInterval(ctx), signal: ctx.deadline.signal, sleep: notice.sleep });
}
/** Looks at the version's builds until `pick` finds one: only the deadline ends it otherwise. */
async function waitForBuild(ctx, project, version, pick) {
    return (0,_resilience_index_js__WEBPACK_IMPORTED_MODULE_1__/* .pollUntil */ .g3)(async () => pick(await ctx.api.recentBuilds(project, { version, limit: 5 })), {
        intervalMs: () => lookInterval(ctx),
        signal: ctx.deadline.signal,
        sleep: ctx.sleep,
    });
}
/** Looks at the version's builds until `pick` finds one, or `withinMs` has passed (then none). */
async function lookForBuild(ctx, project, version, pick, withinMs) {
    const until = ctx.now() + withinMs;
    const { found } = await (0,_resilience_index_js__WEBPACK_IMPORTED_MODULE_1__/* .pollUntil */ .g3)(async () => {
        const build = pick(await ctx.api.recentBuilds(project, { version, limit: 5 }));
        // Found, or the window is over (then nothing was found): either ends the poll.
        return build || ctx.now() >= until ? { found: build } : undefined;
    }, { intervalMs: () => lookInterval(ctx), signal: ctx.deadline.signal, sleep: ctx.sleep });
    return found;
}
/** How often to look for a version or a build that is expected soon. */
function lookInterval(ctx) {
    return Math.max(ctx.polling.lookIntervalMs, ctx.budget.fairIntervalMs(ctx.inputs.projects.length));
}


/***/ })

};
