export const id = 169;
export const ids = [169];
export const modules = {

/***/ 5169:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  healthStep: () => (/* binding */ healthStep),
  issueMarker: () => (/* binding */ issueMarker)
});

// EXTERNAL MODULE: ./lib/util/message-of.js
var message_of = __webpack_require__(485);
// EXTERNAL MODULE: ./lib/github/api/client.js
var client = __webpack_require__(5225);
// EXTERNAL MODULE: ./lib/util/untrusted-text.js
var untrusted_text = __webpack_require__(9052);
// EXTERNAL MODULE: ./lib/github/api/rest.js
var rest = __webpack_require__(1252);
// EXTERNAL MODULE: ./lib/github/token-identity.js
var token_identity = __webpack_require__(1133);
;// CONCATENATED MODULE: ./lib/operations/health/health-issue.js
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



/**
 * The token's own open issues that carry the marker, oldest first: listed by `creator=` when the
 * login is known. Else the token is taken for the workflow's GITHUB_TOKEN (the action's default,
 * which may not ask who it is): the search on the marker asks for `github-actions[bot]`'s issues
 * only, so another App's bot that copies what users write into issues is never adopted. An App's
 * token that cannot tell who it is finds nothing so, opens an issue, and learns its login from it.
 */
async function ownIssues(gh, marker, identity) {
    const login = await identity.login(gh);
    const carries = (issue) => (issue.body ?? '').startsWith(marker);
    if (login !== '') {
        const listed = await (0,rest/* listOpenIssuesBy */.wN)(gh, login);
        return listed.filter((issue) => carries(issue) && issue.user?.login.toLowerCase() === login.toLowerCase()).sort(byNumber);
    }
    // GitHub's search ignores the comment's punctuation: it matches the marker's words.
    const found = await (0,rest/* searchOpenIssues */.Xh)(gh, marker, WORKFLOW_TOKEN_AUTHOR);
    return found.filter((issue) => carries(issue) && isWorkflowTokens(issue)).sort(byNumber);
}
/** The search qualifier for the issues the workflow's GITHUB_TOKEN opened. */
const WORKFLOW_TOKEN_AUTHOR = 'app/github-actions';
/** Whether GitHub names the workflow token's bot as the issue's author (a search's answer is checked too). */
const isWorkflowTokens = (issue) => issue.user?.type === 'Bot' && issue.user.login.toLowerCase() === token_identity/* GITHUB_TOKEN_LOGIN */.U.toLowerCase();
const byNumber = (a, b) => a.number - b.number;
/** Opens, edits or closes the one issue as `options.body` says; a copy left by a race is closed as a duplicate. */
async function keepHealthIssue(gh, options) {
    const own = await ownIssues(gh, options.marker, options.identity);
    if (options.body === undefined)
        return closeAll(gh, own, options.closing);
    const [kept, ...copies] = own;
    if (!kept)
        return openOne(gh, options, options.body);
    const duplicates = await closeDuplicates(gh, kept, copies);
    return { ...(await edit(gh, kept, options.title, options.body(kept.body ?? undefined))), duplicates };
}
/** Every issue of the marker closed with the comment; `none` when there was none. */
async function closeAll(gh, own, closing) {
    const [kept] = own;
    if (!kept)
        return { action: 'none', duplicates: [] };
    for (const issue of own) {
        await (0,rest/* createIssueComment */.D$)(gh, issue.number, closing);
        await (0,rest/* updateIssue */.tt)(gh, issue.number, { state: 'closed', state_reason: 'completed' });
    }
    return { action: 'closed', number: kept.number, url: kept.html_url, duplicates: [] };
}
/**
 * A new issue; then, its author naming the token, the token's issues of the marker listed again:
 * when another is older (a job that ran at the same moment, a search that missed it), the oldest
 * is kept and edited, the others closed as its duplicates.
 */
async function openOne(gh, options, body) {
    const created = await (0,rest/* createIssue */.Ko)(gh, { title: options.title, body: body(undefined) });
    const opened = { action: 'opened', number: created.number, url: created.html_url, duplicates: [] };
    const author = created.user?.login;
    if (!author)
        return opened;
    options.identity.learn(author);
    const listed = await ownIssues(gh, options.marker, options.identity);
    // The new issue is the newest: last, when a list that lags does not show it yet.
    const own = listed.some((issue) => issue.number === created.number) ? listed : [...listed, created];
    const [kept, ...copies] = own;
    const duplicates = await closeDuplicates(gh, kept, copies);
    if (kept.number === created.number)
        return { ...opened, duplicates };
    return { ...(await edit(gh, kept, options.title, body(kept.body ?? undefined))), duplicates };
}
/** Each copy told it duplicates the kept issue (GitHub marks it so), and closed. */
async function closeDuplicates(gh, kept, copies) {
    const duplicates = [];
    for (const copy of copies) {
        await (0,rest/* createIssueComment */.D$)(gh, copy.number, `Duplicate of #${kept.number}.`);
        await (0,rest/* updateIssue */.tt)(gh, copy.number, { state: 'closed', state_reason: 'not_planned' });
        duplicates.push(copy.number);
    }
    return duplicates;
}
/** The kept issue edited when its title or body differ from what they should say (as GitHub stores them); else left alone. */
async function edit(gh, kept, title, body) {
    const where = { number: kept.number, url: kept.html_url };
    if (kept.body === (0,untrusted_text/* visibleControls */.xx)(body) && kept.title === (0,untrusted_text/* visibleControls */.xx)(title))
        return { action: 'unchanged', ...where };
    await (0,rest/* updateIssue */.tt)(gh, kept.number, { title, body });
    return { action: 'updated', ...where };
}

// EXTERNAL MODULE: ./lib/reporting/output-values.js
var output_values = __webpack_require__(7460);
// EXTERNAL MODULE: ./lib/reporting/service-links.js
var service_links = __webpack_require__(5501);
// EXTERNAL MODULE: ./lib/operations/run-projects.js + 1 modules
var run_projects = __webpack_require__(5120);
// EXTERNAL MODULE: ./lib/inputs/slugs.js
var slugs = __webpack_require__(4961);
// EXTERNAL MODULE: ./lib/util/format-duration.js + 1 modules
var format_duration = __webpack_require__(7365);
// EXTERNAL MODULE: ./lib/operations/shared/builds/build-ids.js
var build_ids = __webpack_require__(3253);
// EXTERNAL MODULE: ./lib/operations/shared/versions/docs-root.js
var docs_root = __webpack_require__(5788);
// EXTERNAL MODULE: ./lib/operations/shared/versions/version-tag.js
var version_tag = __webpack_require__(9591);
;// CONCATENATED MODULE: ./lib/operations/health/checks.js





const CHECKS = (/* unused pure expression or super */ null && ([
    'latest is current',
    'releases have docs',
    'active versions build',
    'the root works',
    'links work',
    'links to other sites',
]));
const checks_short = (sha) => (sha ? sha.slice(0, 7) : 'an unknown commit');
const buildLink = (build) => ({ label: `build #${build.id}`, url: build.urls.build });
/** The version that tracks the default branch: `latest`, else the branch version of that name. */
function trackingVersion(facts) {
    return (facts.versions.find((v) => v.slug === 'latest') ??
        facts.versions.find((v) => v.type === 'branch' && (v.verbose_name ?? v.slug) === facts.defaultBranch));
}
/** Every check of one project, in the order of {@link CHECKS}. */
function checkProject(facts, options) {
    return [...checkLatest(facts, options), ...checkReleases(facts), ...checkActiveBuilds(facts), ...checkRoot(facts)];
}
/**
 * Latest is current: its last successful build is of the branch's head, or a build of the head is
 * running; a head younger than the grace period may still be waiting for its build.
 */
function checkLatest(facts, { now, graceMs }) {
    const row = (state, details, links = [], subject) => [
        { check: 'latest is current', state, ...(subject === undefined ? {} : { subject }), details, links },
    ];
    const version = trackingVersion(facts);
    const branch = facts.defaultBranch ?? 'the default branch';
    if (!version)
        return row('problem', `no version tracks ${branch}: the project has no \`latest\``);
    if (typeof facts.head === 'string')
        return row('unknown', facts.head, [], version.slug);
    const head = facts.head;
    const headLinks = head.url ? [{ label: checks_short(head.sha), url: head.url }] : [];
    const ofHead = facts.trackingBuilds.filter((b) => b.commit === head.sha);
    const lastSuccess = facts.trackingBuilds.find((b) => b.success === true);
    if (lastSuccess && lastSuccess.commit === head.sha) {
        return row('ok', `built at the head of ${branch}, ${checks_short(head.sha)}`, [buildLink(lastSuccess)], version.slug);
    }
    // A running build of the head, or one whose commit is not known yet (a webhook's, before cloning) made after it.
    const running = facts.trackingBuilds.find((b) => !build_ids/* FINAL_STATES */.MS.has(b.state.code) && (b.commit === head.sha || (b.commit === null && createdAfter(b, head.date))));
    if (running)
        return row('ok', `build #${running.id} of the head of ${branch} is running`, [buildLink(running)], version.slug);
    // Whole minutes: an age is told to a person, not measured.
    const age = Math.floor((now - head.date) / 60_000) * 60_000;
    const served = lastSuccess ? `last built ${checks_short(lastSuccess.commit)}` : 'has no successful build among its recent ones';
    if (Number.isFinite(age) && age < graceMs) {
        return row('ok', `the head of ${branch}, ${checks_short(head.sha)}, is ${(0,format_duration/* formatDuration */.a)(age)} old (within the grace period); ${served}`, headLinks, version.slug);
    }
    const failed = ofHead.find((b) => b.success === false && b.state.code === 'finished');
    const ageText = Number.isFinite(age) ? ` is ${(0,format_duration/* formatDuration */.a)(age)} old and` : '';
    const what = failed ? `its build #${failed.id} failed` : 'has no build';
    const links = [...headLinks, ...(failed ? [buildLink(failed)] : lastSuccess ? [buildLink(lastSuccess)] : [])];
    return row('problem', `${served}; the head of ${branch}, ${checks_short(head.sha)},${ageText} ${what}`, links, version.slug);
}
function createdAfter(build, date) {
    const created = build.created === null ? Number.NaN : Date.parse(build.created);
    return !Number.isFinite(date) || !Number.isFinite(created) || created >= date;
}
/**
 * The tag version a release tag names: by name, else by the slug the service makes of it (two
 * names with one slug: the service adds `_a` to the second, and the name tells them apart).
 */
function versionOfTag(versions, tag) {
    const tags = versions.filter((v) => v.type === 'tag');
    const slug = (0,slugs/* versionSlug */.o$)(tag);
    return tags.find((v) => v.verbose_name === tag) ?? tags.find((v) => v.slug === slug);
}
/** Releases have docs: each of the newest release tags has an active, built version; `stable` is not older than the newest. */
function checkReleases(facts) {
    if (typeof facts.releases === 'string')
        return [{ check: 'releases have docs', state: 'unknown', details: facts.releases, links: [] }];
    if (facts.releases.length === 0)
        return [{ check: 'releases have docs', state: 'ok', details: 'no release tag to look at', links: [] }];
    const rows = [];
    for (const tag of facts.releases) {
        const version = versionOfTag(facts.versions, tag);
        const problem = !version
            ? 'the release has no version on the service (sync the versions; check the automation rules)'
            : !version.active
                ? `its version ${version.slug} is inactive`
                : version.built === false
                    ? `its version ${version.slug} is active but not built`
                    : undefined;
        if (problem)
            rows.push({
                check: 'releases have docs',
                state: 'problem',
                subject: tag,
                details: problem,
                links: docsLink(version),
            });
    }
    if (rows.length === 0) {
        rows.push({ check: 'releases have docs', state: 'ok', details: `${facts.releases.join(', ')}: active and built`, links: [] });
    }
    return [...rows, ...checkStable(facts.versions, facts.releases)];
}
/**
 * `stable` is not older than the newest release. FACTS (Versions): the service's `stable` is "the
 * highest non-prerelease (PEP 440, on `verbose_name`) among all internal versions (tags and
 * branches), active or not", so it may serve a tag or branch newer than any GitHub release; and "a
 * user's own branch or tag named `stable` [...] the service never moves": no problem. Which one it
 * is, and what it serves, its `aliases` and `ref` say (see {@link servedByStable}).
 */
function checkStable(versions, releases) {
    const newest = newestRelease(releases);
    const stable = versions.find((v) => v.slug === 'stable');
    if (newest === undefined || !stable)
        return [];
    const row = (state, details) => [
        { check: 'releases have docs', state, subject: 'stable', details, links: docsLink(stable) },
    ];
    const serves = servedByStable(versions, stable);
    if (!serves)
        return row('ok', "a branch or tag of the project's own, which the service never moves");
    const name = serves.version.verbose_name ?? serves.version.slug;
    const newestParsed = (0,version_tag/* parseVersionTag */._Q)(newest);
    if (serves.parsed && newestParsed && (0,version_tag/* compareVersions */.Zy)(serves.parsed, newestParsed) < 0) {
        return row('problem', `serves ${name}, older than the newest release ${newest}`);
    }
    return row('ok', `serves ${name}, not older than the newest release ${newest}`);
}
/**
 * The tag or branch `stable` serves, undefined for a `stable` of the project's own. FACTS
 * (Versions): the service's own `stable` has a `ref` (the slug of the version it points to) and,
 * when that version is active, `aliases` (the version it stands for now); a user's own has `ref:
 * null` and no alias. So a user's `stable` tag at an older release's commit is its own, not the
 * service's serving that release. An answer without `ref` (the documented one lacks it) and
 * without an alias: guessed from its `identifier` (see {@link guessedFromIdentifier}).
 */
function servedByStable(versions, stable) {
    const named = (slug, fallback) => {
        const version = versions.find((v) => v.slug === slug) ?? fallback;
        return { version, parsed: (0,version_tag/* parseVersionTag */._Q)(version.verbose_name ?? version.slug) };
    };
    const alias = stable.aliases?.[0];
    if (alias)
        return named(alias.slug, alias);
    if (typeof stable.ref === 'string' && stable.ref !== '')
        return named(stable.ref, { slug: stable.ref });
    if (stable.ref === null)
        return undefined;
    return guessedFromIdentifier(versions, stable);
}
/**
 * Without `ref`: of the tags and branches `stable`'s `identifier` names (a tag's commit, a
 * branch's name), the highest by PEP 440. Undefined when none: a `stable` of the project's own.
 */
function guessedFromIdentifier(versions, stable) {
    const id = stable.identifier;
    if (!id)
        return undefined;
    let best;
    for (const version of versions) {
        if (version.slug === 'stable' || version.slug === 'latest')
            continue;
        const named = (version.type === 'tag' && version.identifier === id) ||
            (version.type === 'branch' && (version.identifier === id || version.verbose_name === id));
        if (!named)
            continue;
        const parsed = (0,version_tag/* parseVersionTag */._Q)(version.verbose_name ?? version.slug);
        if (!best || (parsed && (!best.parsed || (0,version_tag/* compareVersions */.Zy)(parsed, best.parsed) > 0)))
            best = { version, parsed };
    }
    return best;
}
/** The highest release (no pre-release) among the tags, by PEP 440's order; undefined when none parses. */
function newestRelease(tags) {
    let best;
    for (const tag of tags) {
        const parsed = (0,version_tag/* parseVersionTag */._Q)(tag);
        if (!parsed || parsed.prerelease)
            continue;
        if (!best || (0,version_tag/* compareVersions */.Zy)(parsed, best.parsed) > 0)
            best = { tag, parsed };
    }
    return best?.tag;
}
function docsLink(version) {
    const url = version?.urls?.documentation;
    return url ? [{ label: 'docs', url }] : [];
}
/**
 * The last final build of each active version, among the project's recent builds: a failed one is
 * a problem. A cancelled build is no failure (superseded, skipped by exit code 183).
 */
function lastFinalBuilds(versions, builds) {
    const active = new Set(versions.filter((v) => v.active && v.type !== 'external').map((v) => v.slug));
    const last = new Map();
    for (const build of builds) {
        if (build.version === null || !active.has(build.version) || last.has(build.version))
            continue;
        if (build.state.code === 'finished')
            last.set(build.version, build);
    }
    return last;
}
/** The failed ones of {@link lastFinalBuilds}: those whose reason is worth reading. */
function failedLastBuilds(facts) {
    return [...lastFinalBuilds(facts.versions, facts.builds).values()].filter((build) => build.success === false);
}
/** Active versions build: every active version's last build succeeded (judged by `built` when it is not among the recent builds). */
function checkActiveBuilds(facts) {
    const last = lastFinalBuilds(facts.versions, facts.builds);
    const rows = [];
    for (const version of facts.versions.filter((v) => v.active && v.type !== 'external')) {
        const build = last.get(version.slug);
        if (build?.success === false) {
            const why = facts.failureReasons.get(build.id);
            rows.push({
                check: 'active versions build',
                state: 'problem',
                subject: version.slug,
                details: `its last build #${build.id} failed${why ? `: ${why.headline}` : ''}`,
                links: [buildLink(build)],
                ...(why ? { reason: why.reason } : {}),
                ...(why?.problems?.length ? { problems: why.problems, ...(build.commit ? { commit: build.commit } : {}) } : {}),
            });
        }
        else if (!build && version.built === false && !facts.builds.some((b) => b.version === version.slug)) {
            rows.push({
                check: 'active versions build',
                state: 'problem',
                subject: version.slug,
                details: 'active, but never built',
                links: [],
            });
        }
    }
    const count = facts.versions.filter((v) => v.active && v.type !== 'external').length;
    if (rows.length === 0)
        rows.push({
            check: 'active versions build',
            state: 'ok',
            details: `${count} active version${count === 1 ? '' : 's'}: last builds succeeded`,
            links: [],
        });
    return rows;
}
/**
 * The root works: the default version is active and built, and the project's builds are not
 * disabled (*not checked* when the project's notifications, which alone say so, were not read). FACTS (Versions): "on a multi-version project an inactive or missing default version
 * makes the root quietly serve `latest` while `/{lang}/{default}/` answers 404; single-version
 * projects (and a default of `latest`) answer 404."
 */
function checkRoot(facts) {
    const rows = [];
    const slug = facts.defaultVersion ?? 'latest';
    const version = facts.versions.find((v) => v.slug === slug);
    const problem = rootProblem(facts, slug, version);
    if (problem)
        rows.push({ check: 'the root works', state: 'problem', subject: slug, details: problem, links: [] });
    if (facts.buildsDisabled !== undefined) {
        rows.push({
            check: 'the root works',
            state: 'problem',
            details: `the project's builds are disabled: ${facts.buildsDisabled}`,
            links: [],
        });
    }
    const unread = facts.notificationsUnread;
    if (rows.length === 0)
        rows.push({
            check: 'the root works',
            state: 'ok',
            details: `${slug} is active and built${unread === undefined ? '; builds are enabled' : ''}`,
            links: docsLink(version),
        });
    // Whether the service disabled the builds is in the project's notifications only: not read, not known.
    if (unread !== undefined)
        rows.push({
            check: 'the root works',
            state: 'unknown',
            details: `whether the project's builds are disabled is not known: ${unread}`,
            links: [],
        });
    return rows;
}
/** What the docs root does when the default version cannot serve it (docs-root.ts, FACTS' rule); undefined when it can. */
function rootProblem(facts, slug, version) {
    if (version?.active)
        return version.built === false ? 'the default version is not built: the docs root has nothing to serve' : undefined;
    const what = `the default version ${version ? 'is inactive' : 'does not exist'}`;
    const root = (0,docs_root/* rootWithoutDefault */.G)(facts, slug);
    if (root.serves === 'nothing')
        return `${what}: the docs root answers 404${root.singleVersion ? ' (a single-version project)' : ''}`;
    const latest = facts.versions.find((v) => v.slug === 'latest');
    const served = latest?.active && latest.built !== false
        ? 'the docs root quietly serves `latest` instead'
        : 'the docs root falls back to `latest`, which has nothing to serve either: it answers 404';
    return `${what}: ${served}, and ${root.defaultPath} answers 404`;
}

// EXTERNAL MODULE: ./lib/operations/shared/builds/builds-disabled.js
var builds_disabled = __webpack_require__(6454);
// EXTERNAL MODULE: ./lib/operations/shared/builds/failure-reason.js
var failure_reason = __webpack_require__(6237);
// EXTERNAL MODULE: ./lib/operations/shared/builds/sphinx-warnings.js
var sphinx_warnings = __webpack_require__(5426);
// EXTERNAL MODULE: ./lib/operations/shared/versions/latest-branch.js
var latest_branch = __webpack_require__(9028);
;// CONCATENATED MODULE: ./lib/operations/health/facts.js
// What `health` reads, and only reads: a handful of lists per project from Read the Docs (through
// the one client and its rate budget), and from GitHub the default branch's head and the release
// tags (each asked once per step, shared by the projects).










/** The project's recent builds read in one list: a version's last build is among them unless it is older. */
const BUILDS_LOOKED_AT = 100;
/** The recent builds of the version that tracks the default branch. */
const TRACKING_BUILDS = 25;
/** Failed builds whose reason is read (two requests each); others are named without it. */
const MAX_EXPLAINED = 3;
/** The reads of GitHub, each made once; without a client, every answer says why. */
function gitHubReads(gh, serverUrl, count) {
    const heads = new Map();
    let releases;
    // The call's route template (`GET branches/{branch}`) says nothing to a user: name what was asked for.
    const why = (what) => (error) => `GitHub could not be read (${what}): ${error instanceof client/* GitHubError */.y_ ? error.message.replace(`${error.endpoint}: `, '') : (0,message_of/* messageOf */.b)(error)}`;
    return {
        head: (branch) => {
            if (typeof gh === 'string')
                return Promise.resolve(gh);
            let found = heads.get(branch);
            if (!found) {
                const page = (sha) => `${serverUrl}/${gh.owner}/${gh.repo}/commit/${sha}`;
                found = (0,rest/* getBranchHead */.Rs)(gh, branch).then((head) => ({ ...head, url: page(head.sha) }), why(`the head of branch ${(0,untrusted_text/* safeLine */.om)(branch, 200)}`));
                heads.set(branch, found);
            }
            return found;
        },
        releases: () => {
            if (typeof gh === 'string')
                return Promise.resolve(gh);
            releases ??= count === 0 ? Promise.resolve([]) : releaseTags(gh, count).catch(why('the releases and tags'));
            return releases;
        },
    };
}
/** The newest release tags: GitHub's releases (drafts left out), else the tags that parse as versions, highest first. */
async function releaseTags(gh, count) {
    const releases = await (0,rest/* listReleaseTags */.LA)(gh, count);
    if (releases.length > 0)
        return releases.map((release) => release.tag);
    const versions = (await (0,rest/* listTagNames */.p)(gh)).flatMap((tag) => {
        const parsed = (0,version_tag/* parseVersionTag */._Q)(tag);
        return parsed ? [{ tag, parsed }] : [];
    });
    return versions
        .sort((a, b) => (0,version_tag/* compareVersions */.Zy)(b.parsed, a.parsed))
        .slice(0, count)
        .map((version) => version.tag);
}
/** Everything the checks read of one project. Failed builds' reasons come last: only those are explained. */
async function readProjectFacts(api, github, project, log, eventDefaultBranch) {
    // `expand=permissions`: whether the token may read the notifications, known before asking them.
    const record = await api.project(project, { permissions: true });
    const versions = await api.versions(project);
    const builds = await api.recentBuilds(project, { limit: BUILDS_LOOKED_AT });
    // The branch `latest` follows: API `default_branch` may be the `master` fallback (FACTS, Versions).
    const defaultBranch = (0,latest_branch/* branchLatestTracks */._)(versions.find((v) => v.slug === 'latest')) ?? eventDefaultBranch ?? record.default_branch ?? undefined;
    const tracking = trackingVersion({ versions, defaultBranch });
    const trackingBuilds = tracking ? await api.recentBuilds(project, { version: tracking.slug, limit: TRACKING_BUILDS }) : [];
    const notices = await disabledNotice(api, project, log, record.permissions?.admin);
    const [head, releases] = await Promise.all([
        defaultBranch ? github.head(defaultBranch) : Promise.resolve('the project names no default branch'),
        github.releases(),
    ]);
    const facts = {
        defaultBranch,
        defaultVersion: record.default_version ?? undefined,
        versioningScheme: record.versioning_scheme ?? (record.single_version === true ? 'single_version_without_translations' : undefined),
        language: record.language.code,
        documentationUrl: record.urls?.documentation ?? undefined,
        versions,
        builds,
        trackingBuilds,
        ...notices,
        head,
        releases,
        failureReasons: new Map(),
    };
    for (const build of failedLastBuilds(facts).slice(0, MAX_EXPLAINED)) {
        const findings = await (0,failure_reason/* explainFailure */.S)(api, build);
        const { problems } = findings.output ? (0,sphinx_warnings/* problemsToShow */.hS)(findings.output) : { problems: [] };
        facts.failureReasons.set(build.id, { headline: findings.headline ?? 'the service gave no reason', reason: findings.text, problems });
    }
    return facts;
}
/**
 * The project's notification saying its builds are disabled (header and body), or why it is not
 * known: the notifications are an admin's to read (FACTS), so a token that `expand=permissions`
 * says is not an admin's does not ask them; a refused or failed read says why too.
 */
async function disabledNotice(api, project, log, admin) {
    if (admin === false) {
        const why = `the token is not an admin of ${project} (the project's \`permissions\`), and only an admin's token reads the project's notifications, which alone say so: give \`token\` an admin's to check it`;
        log.info(`Builds disabled or not: the project's notifications are not asked, ${why}`);
        return { buildsDisabled: undefined, notificationsUnread: why };
    }
    try {
        return { buildsDisabled: await (0,builds_disabled/* buildsDisabledNotice */.u)(api, project) };
    }
    catch (error) {
        const why = `the project's notifications could not be read (an admin's token reads them): ${(0,message_of/* messageOf */.b)(error)}`;
        log.info(`Builds disabled or not: ${why}`);
        return { buildsDisabled: undefined, notificationsUnread: why };
    }
}

// EXTERNAL MODULE: ./lib/reporting/broken-link.js
var broken_link = __webpack_require__(2242);
// EXTERNAL MODULE: ./lib/util/plural.js
var plural = __webpack_require__(3960);
// EXTERNAL MODULE: ./lib/operations/gates.js
var gates = __webpack_require__(9414);
// EXTERNAL MODULE: ./lib/operations/shared/links/link-checker.js + 7 modules
var link_checker = __webpack_require__(8409);
// EXTERNAL MODULE: ./lib/operations/shared/links/link-counts.js
var link_counts = __webpack_require__(9055);
// EXTERNAL MODULE: ./lib/operations/shared/links/levels.js
var links_levels = __webpack_require__(629);
// EXTERNAL MODULE: ./lib/operations/shared/links/resolve-link.js
var resolve_link = __webpack_require__(8293);
;// CONCATENATED MODULE: ./lib/operations/health/link-sweep.js
/**
 * `link-check` in `health`: the default version crawled from its root, within that version (at
 * most `link-check-pages` pages), every link, image and anchor of the pages read checked. Its row
 * of the report is a problem with `fail` (so the issue names the links, and closes once they are
 * fixed); with `warn` the broken links are warnings and the row stays ok. Either way the row
 * carries every broken link (`results`, the job summary's list grouped by page, the issue's). A
 * crawl that left more links not checked than checked (an endless site, a throttled host, its
 * time spent) is *partial*: it vouches for nothing, so its row is never ok (a problem with `fail`,
 * not checked with `warn`), and an issue about the links stays open.
 */








/** Distinct targets asked at most in one crawl (the rest counted as not checked). */
const MAX_SWEEP_TARGETS = 5_000;
/** The whole crawl's time (and the step's deadline): at the docs host's pace of 4 requests a second, about 1,200 pages and targets. */
const SWEEP_BUDGET_MS = 300_000;
const SINGLE_VERSION = 'single_version_without_translations';
/** What a partial crawl's row says after its counts. */
const PARTIAL = 'more links were left unchecked than checked, so this crawl does not vouch for the links: ' +
    'crawl fewer pages (`link-check-pages`) or leave an endless part out (`link-check-ignore`)';
/** The `links work` row of a project, or none with `link-check: off` (the default for `health`). */
async function linkSweepRows(ctx, facts, log, 
/** The run's answers, shared by its projects: a target two projects link to is fetched once. */
answers) {
    const levels = (0,links_levels/* linkLevels */.W)(ctx.inputs, 'health');
    if (levels.links === 'off')
        return [];
    const slug = facts.defaultVersion ?? 'latest';
    const version = facts.versions.find((candidate) => candidate.slug === slug);
    const documentation = version?.urls?.documentation ?? undefined;
    const root = documentation === undefined ? undefined : (0,output_values/* plainUrl */.kP)(documentation);
    if (root === undefined) {
        return [row('unknown', slug, 'the default version has no documentation address to crawl (not built, or not an http(s) URL)')];
    }
    log.info(`Crawling ${root} for broken links (at most ${ctx.inputs.linkCheckPages} pages)`);
    const base = root.endsWith('/') ? root : `${root}/`;
    const report = await (0,link_checker/* checkLinks */.mY)(ctx, {
        root: base,
        singleVersion: facts.versioningScheme === SINGLE_VERSION,
        pages: [base],
        crawl: true,
        maxPages: ctx.inputs.linkCheckPages,
        maxTargets: MAX_SWEEP_TARGETS,
        external: ctx.inputs.linkCheckExternal,
        accept: ctx.inputs.linkCheckAccept,
        externalRecheckMs: ctx.inputs.linkCheckRecheck,
        anchors: levels.anchors !== 'off',
        ignore: (0,resolve_link/* globList */.Xq)(ctx.inputs.linkCheckIgnore),
        budgetMs: SWEEP_BUDGET_MS,
        answers,
        // The live version's own search index answers the targets it lists that the crawl did not read (site-index.ts).
        index: {},
    });
    if (report.pages === 0)
        return [row('unknown', slug, unreadRoot(root, report))];
    const note = (0,link_counts/* throttleNote */.Pb)(report);
    const checked = [`${(0,plural/* plural */.L)(report.checked, 'link')} checked`, `${report.notChecked} not checked`, ...(0,link_counts/* apartCounts */.n9)(report)].join(', ');
    // More links left than checked: the crawl vouches for nothing.
    const partial = report.notChecked > report.checked;
    const counts = `${checked}${note === '' ? '' : `; ${note}`}${partial ? `; ${PARTIAL}` : ''}`;
    const own = report.broken.filter((link) => !link.external);
    const failing = (0,links_levels/* failingLinks */.a)(own, levels);
    const warned = own.filter((link) => !failing.includes(link));
    (0,link_checker/* annotateBroken */.me)({ annotations: ctx.log, story: log }, warned);
    // Every broken link in `results` (the row's), the job summary's list and the issue's come from it.
    const broken = own.length === 0 ? {} : { broken: own };
    const read = `${partial ? 'partial: ' : ''}${(0,plural/* plural */.L)(report.pages, 'page')}`;
    const others = ctx.inputs.linkCheckExternal ? [otherSitesRow(ctx, { report, slug, fail: (0,gates/* failsAt */.ZN)(levels.links), log })] : [];
    if (failing.length === 0) {
        const told = warned.length === 0 ? '' : `; ${brokenWords(warned)}, told as warnings (\`link-check: warn\`)`;
        const state = !partial ? 'ok' : (0,gates/* failsAt */.ZN)(levels.links) ? 'problem' : 'unknown';
        return [{ ...row(state, slug, `${read} read, ${counts}${told}`), ...broken }, ...others];
    }
    const pages = (0,broken_link/* byPage */.XQ)(failing).length;
    const also = warned.length === 0 ? '' : `, and ${(0,plural/* plural */.L)(warned.length, 'more broken link')} told as warnings`;
    return [{ ...row('problem', slug, `${brokenWords(failing)} on ${pages} of the ${read} read${also}; ${counts}`), ...broken }, ...others];
}
/**
 * `links to other sites` (with `link-check-external`): the links whose site says they are gone
 * (404, 410, another client error `link-check-accept` does not accept) or that is not there, each
 * confirmed by a second ask later in the run (link-judge.ts). A problem with `link-check: fail`, so
 * that the issue lists them by site with since when each is dead; warnings with `warn`. A site
 * that would not tell (throttled, a server error, no answer) is counted, never dead.
 */
function otherSitesRow(ctx, args) {
    const dead = args.report.broken.filter((link) => link.external);
    const unavailable = args.report.unavailable === 0
        ? ''
        : `; ${(0,plural/* plural */.L)(args.report.unavailable, 'link')} not checked: the site was unavailable (throttled, a server error or no answer), never dead`;
    const unjudged = [...args.report.unjudged];
    // The targets not judged: a dead one the issue listed keeps its first day through a run that could not tell.
    const untold = unjudged.length === 0 ? {} : { unjudged };
    if (dead.length === 0)
        return { ...otherRow('ok', args.slug, `no dead link to another site${unavailable}`), ...untold };
    const sites = new Set(dead.map((link) => (URL.canParse(link.target) ? new URL(link.target).host : link.target))).size;
    const targets = new Set(dead.map((link) => link.target)).size;
    const found = `${(0,plural/* plural */.L)(targets, 'dead link')} to ${(0,plural/* plural */.L)(sites, 'other site')}, on ${(0,plural/* plural */.L)((0,broken_link/* byPage */.XQ)(dead).length, 'page')}`;
    if (args.fail)
        return { ...otherRow('problem', args.slug, `${found}${unavailable}`), broken: dead, ...untold };
    (0,link_checker/* annotateBroken */.me)({ annotations: ctx.log, story: args.log }, dead);
    return { ...otherRow('ok', args.slug, `${found}, told as warnings (\`link-check: warn\`)${unavailable}`), broken: dead, ...untold };
}
/** "5 broken links (2 to pages, 2 to anchors, 1 to an image)". */
function brokenWords(links) {
    return `${(0,plural/* plural */.L)(links.length, 'broken link')} (${(0,broken_link/* kindWords */.Gk)((0,broken_link/* countKinds */.xb)(links))})`;
}
/**
 * Why the root gave no page to read: only an HTML page that answered 200 is read, so nothing is
 * said of the links. FACTS (Docs hosts): private docs answer 401 without a sharing token, which the
 * API token is not; a throttled or blocked runner meets 429 or a 403 (a challenge).
 */
function unreadRoot(root, report) {
    const answer = report.unread[0];
    const status = answer?.status;
    const start = `the root ${root}`;
    if (status === 401)
        return (`${start} answered 401: the docs are private, and private docs open only to a sharing token ` +
            "(the project's Sharing settings), which this action does not send; the API token does not open them, so the links are not checked");
    if (answer?.refused === 'challenged')
        return `${start} answered 403 with a challenge: the docs host's bot protection blocked this runner`;
    if (status === 429 || answer?.refused === 'throttled')
        return `${start} ${status === undefined ? 'was throttled' : `answered ${status}`}: the docs host throttled this runner (it asks for at most 4 requests a second)`;
    if (status === 403)
        return `${start} answered 403: the docs host blocked this runner, or the docs are not public`;
    if (status === 404)
        return `${start} answered 404: the default version has no page there (not built, or its root is elsewhere)`;
    if (status === 200)
        return `${start} answered 200 with no HTML page to read`;
    if (status !== undefined)
        return `${start} answered ${status}: no page was read`;
    return `${start} could not be read (no answer in time)`;
}
function row(state, subject, details) {
    return { check: 'links work', state, subject, details, links: [] };
}
function otherRow(state, subject, details) {
    return { check: 'links to other sites', state, subject, details, links: [] };
}

// EXTERNAL MODULE: ./lib/reporting/markdown.js
var markdown = __webpack_require__(2817);
// EXTERNAL MODULE: ./lib/reporting/file-problems.js
var file_problems = __webpack_require__(9867);
// EXTERNAL MODULE: ./lib/reporting/report.js + 2 modules
var report = __webpack_require__(8526);
// EXTERNAL MODULE: ./lib/util/clip-middle.js
var clip_middle = __webpack_require__(8768);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./lib/operations/health/dead-links.js
/**
 * What `health`'s issue remembers of the dead links to other sites (`link-check-external`): since
 * when each one is dead. The dates live in the issue's body, in a hidden comment under the marker
 * (one key per project and target: a hash, so nothing a page wrote is in it), read back from the
 * issue the next run keeps, so that a link dead for three weeks says "since" the day it was first
 * found. Each run writes the dates of the dead links it found, then keeps those of the links it
 * could not judge (their site would not tell: throttled, a server error, no answer; or not asked)
 * and all those of a project it did not crawl (each key starts with its project's hash): not
 * listed, as not confirmed, but dead again on a later run they say their first day. A link that
 * works again, or is linked no more, leaves the issue and the state; the issue closes when nothing
 * is left, and its dates with it. The body is hostile (anyone who may edit the issue may write it):
 * read in linear time, bounded, and a date that is not one is ignored. Pure.
 */

/** The hidden comment's opening; its JSON follows on the same line. */
const STATE_OPEN = '<!-- readthedocs-action:dead-links ';
const STATE_CLOSE = ' -->';
/**
 * Dates kept at most (a project's dead links beyond them start their date again): 34 characters
 * each, so the state takes at most 34,000 of the 65,536 GitHub holds of a body (the issue lists 50).
 */
const MAX_ENTRIES = 1_000;
/** Hex digits of a key that name its project. */
const PROJECT_KEY_LENGTH = 6;
/** What is read of a body to find the state: GitHub holds a body to 65,536 characters. */
const MAX_BODY_READ = 70_000;
/** Pages named under one dead target (the rest counted). */
const PAGES_PER_TARGET = 5;
/** The key of one project's dead target in the state: its project's {@link projectKey}, then 12 hex digits of a SHA-256. */
function deadKey(project, target) {
    return `${projectKey(project)}${(0,external_node_crypto_.createHash)('sha256').update(`${project}\n${target}`).digest('hex').slice(0, 12)}`;
}
/** What every key of a project's targets starts with (6 hex digits of a SHA-256): a project not crawled keeps its dates by it. */
function projectKey(project) {
    return (0,external_node_crypto_.createHash)('sha256').update(project).digest('hex').slice(0, PROJECT_KEY_LENGTH);
}
/** The dates a body's hidden state holds, by key (ms epoch); empty when it has none or not one that reads. */
function readSince(body) {
    const since = new Map();
    if (body === undefined)
        return since;
    const text = body.slice(0, MAX_BODY_READ);
    const start = text.indexOf(STATE_OPEN);
    if (start < 0)
        return since;
    const end = text.indexOf(STATE_CLOSE, start + STATE_OPEN.length);
    if (end < 0)
        return since;
    let parsed;
    try {
        parsed = JSON.parse(text.slice(start + STATE_OPEN.length, end));
    }
    catch {
        return since;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        return since;
    for (const [key, value] of Object.entries(parsed)) {
        if (since.size >= MAX_ENTRIES)
            break;
        // A day written as `YYYY-MM-DD`, nothing else.
        if (!/^[0-9a-f]{18}$/.test(key) || typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value))
            continue;
        const at = Date.parse(`${value}T00:00:00Z`);
        if (Number.isFinite(at))
            since.set(key, at);
    }
    return since;
}
/** The hidden comment holding `since` (at most {@link MAX_ENTRIES}, the first ones), or '' when it is empty. */
function sinceComment(since) {
    if (since.size === 0)
        return '';
    const entries = [...since].slice(0, MAX_ENTRIES).map(([key, at]) => [key, new Date(at).toISOString().slice(0, 10)]);
    return `${STATE_OPEN}${JSON.stringify(Object.fromEntries(entries))}${STATE_CLOSE}`;
}
/** When each of a project's dead targets was first found: the previous state's day, else `now`. Keys as {@link deadKey}. */
function sinceOfDead(project, sites, previous, now) {
    const since = new Map();
    for (const site of sites)
        for (const link of site.links) {
            const key = deadKey(project, link.target);
            since.set(key, previous.get(key) ?? now);
        }
    return since;
}
/**
 * The state a run writes: each dead target's first day ({@link sinceOfDead}), then the day the
 * previous state had for each target the run could not judge (kept, not listed), then every day
 * the previous state had for the projects whose links this run did not crawl (`notCrawled`: its
 * root could not be read, or the check was off), which the run can tell nothing about. The dead
 * ones come first, so that {@link sinceComment}'s bound keeps them before the others.
 */
function sinceOfRun(projects, previous, now, notCrawled = []) {
    const since = new Map();
    for (const { project, sites } of projects)
        for (const [key, at] of sinceOfDead(project, sites, previous, now))
            since.set(key, at);
    for (const { project, unjudged } of projects)
        for (const target of unjudged) {
            const key = deadKey(project, target);
            const at = previous.get(key);
            if (at !== undefined)
                since.set(key, at);
        }
    const untouched = new Set(notCrawled.map(projectKey));
    for (const [key, at] of previous)
        if (untouched.has(key.slice(0, PROJECT_KEY_LENGTH)) && !since.has(key))
            since.set(key, at);
    return since;
}
/** Broken links to other sites grouped by site, then by target (each target once, with the pages linking to it). */
function deadSites(broken) {
    const sites = new Map();
    for (const link of broken) {
        if (!link.external)
            continue;
        const site = siteOf(link.target);
        const targets = sites.get(site) ?? new Map();
        sites.set(site, targets);
        const dead = targets.get(link.target) ?? { site, target: link.target, problem: link.problem, pages: [], morePages: 0 };
        targets.set(link.target, dead);
        if (dead.pages.includes(link.page))
            continue;
        if (dead.pages.length < PAGES_PER_TARGET)
            dead.pages.push(link.page);
        else
            dead.morePages += 1;
    }
    return [...sites].map(([site, targets]) => ({ site, links: [...targets.values()] }));
}
/** The host a target is on (its whole text when it is no URL). */
function siteOf(target) {
    return URL.canParse(target) ? new URL(target).host : target;
}

;// CONCATENATED MODULE: ./lib/operations/health/report.js
// How `health` tells what it found: the table of the job summary (and the terminal), the log's
// lines, the issue's body. Every name, detail and reason came from the service or GitHub: escaped.






const STATE_LABEL = { ok: '✅ passed', problem: '❌ problem', unknown: '❔ not checked' };
/** GitHub refuses an issue body over 65,536 characters: the rows and reasons that do not fit are counted instead. */
const MAX_ISSUE_BODY = 60_000;
/** A failed build's reason in the issue: its beginning (the notification) and its end (the output's last lines). */
const MAX_REASON_IN_ISSUE = 4_000;
/** The crawl's broken links in the issue: the first pages, and links of each (the job summary lists every page). */
const ISSUE_LINKS = { pages: 10, perPage: 5 };
/** Dead links to other sites the issue lists per project (grouped by site; every date is kept), and a target's or page's characters shown. */
const ISSUE_DEAD_LINKS = 50;
const DEAD_SHOWN = 200;
/** Links the job summary lists per page (every page listed). */
const SUMMARY_LINKS_PER_PAGE = 20;
function linksCell(row) {
    return row.links.map((link) => (0,markdown/* markdownLink */.iQ)(link.label, link.url)).join(' ');
}
/** The row's details, the version it is about first as code (its name as the service spells it). */
function detailsCell(row) {
    return `${row.subject === undefined ? '' : `${(0,markdown/* codeSpan */.SS)(row.subject)}: `}${(0,markdown/* escapeMarkdown */.FV)(row.details)}`;
}
/**
 * The job summary's section: every check of every project; a project that could not be read says
 * so. No column repeats one value on every row: the project's with one project, the links' when
 * there are none.
 */
function healthTable(projects) {
    const problems = projects.reduce((sum, p) => sum + p.rows.filter((row) => row.state === 'problem').length, 0);
    const unread = projects.filter((p) => p.rows.length === 0).length;
    const verdict = problems > 0
        ? `❌ ${problems} problem${problems === 1 ? '' : 's'} found.`
        : unread > 0
            ? `❔ ${unread} project${unread === 1 ? '' : 's'} could not be checked.`
            : '✅ Healthy: every check passed.';
    const cells = projects.flatMap((p) => p.rows.length === 0
        ? [[(0,markdown/* escapeMarkdown */.FV)(p.project), 'every check', STATE_LABEL.unknown, 'the project could not be read (the reason is above)', '']]
        : p.rows.map((row) => [
            (0,markdown/* escapeMarkdown */.FV)(p.project),
            (0,markdown/* escapeMarkdown */.FV)(row.check),
            STATE_LABEL[row.state],
            detailsCell(row),
            linksCell(row),
        ]));
    // Project, Check, State, Details, Links.
    const shown = [projects.length > 1, true, true, true, cells.some((row) => row[4] !== '')];
    const line = (row) => `| ${row.filter((_, column) => shown[column]).join(' | ')} |`;
    const head = [line(['Project', 'Check', 'State', 'Details', 'Links']), line(['---', '---', '---', '---', '---'])];
    const title = projects.length === 1 ? `### Health of ${(0,markdown/* escapeMarkdown */.FV)(projects[0].project)}` : '### Health';
    return [title, '', verdict, '', ...head, ...cells.map(line)].join('\n');
}
/** One line per problem, for the project's reason (the annotation and the summary's block). */
function problemLines(rows) {
    return rows.filter((row) => row.state === 'problem').map(rowLine);
}
/** A row as one line of text: the check, the version it is about, the details. */
function rowLine(row) {
    return `${row.check}: ${row.subject === undefined ? '' : `${row.subject}: `}${row.details}`;
}
/** The issue's title. */
function issueTitle(projects) {
    const names = projects.filter((p) => p.rows.some((row) => row.state === 'problem')).map((p) => p.project);
    const shown = names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
    return `Read the Docs health: problems in ${shown}`;
}
/**
 * What to do about a problem, by its check (and for some, what the details say): every problem
 * the issue lists comes with its fix.
 */
function fixFor(row) {
    const version = row.subject === undefined ? 'the version' : (0,markdown/* codeSpan */.SS)(row.subject, { inTable: false });
    switch (row.check) {
        case 'latest is current':
            return /no version tracks/.test(row.details)
                ? "Activate a version for the default branch (`latest`) in the project's *Versions*."
                : `Build ${version} again (\`operation: build\`); if pushes start no build, check the project's GitHub integration and its webhook deliveries (*Admin → Integrations*).`;
        case 'releases have docs':
            return /follow|no version on the service/.test(row.details)
                ? 'Sync the versions (`operation: sync-versions`) so that every release tag has a version, and check the automation rules that activate new tags; `stable` then follows the newest release.'
                : `Activate and build ${version} (\`operation: sync-versions\`, or an automation rule that activates new tags).`;
        case 'active versions build':
            return /never built/.test(row.details)
                ? `Build ${version} (\`operation: build\`), or deactivate it if nobody reads it.`
                : `Fix what the service says (below), then build ${version} again; or deactivate it if nobody reads it.`;
        case 'the root works':
            return /disabled/.test(row.details)
                ? "Re-enable the project's builds (*Admin → Settings*); the notification quoted says why they stopped."
                : "Set the default version to an active version that builds (`apply`'s `default_version`, or *Admin → Settings*).";
        case 'links work':
            return /^partial: /.test(row.details)
                ? 'Make the crawl fit: fewer pages (`link-check-pages`), an endless part left out (`link-check-ignore`), or a host that answers at its pace.'
                : 'Fix or remove the broken links (below) in the pages named, then build the default version again.';
        case 'links to other sites':
            return ('Update or remove each dead link (below) in the pages named, then build the default version again. A site that answers ' +
                'robots with an error while its pages work (LinkedIn’s 999, a 403): list that status in `link-check-accept`, or leave ' +
                'the site out with `link-check-ignore`.');
    }
}
/** Each check's problem in words: the heading says what is wrong, not the check's name. */
const PROBLEM_WORDS = {
    'latest is current': '`latest` is behind the default branch',
    'releases have docs': 'a release has no docs',
    'active versions build': 'an active version does not build',
    'the root works': "the project's root does not work",
    'links work': 'broken links',
    'links to other sites': 'dead links to other sites',
};
/** The heading's words: a partial crawl that found no broken link is no "broken links". */
function problemWords(row) {
    return row.check === 'links work' && /^partial: /.test(row.details) ? 'a partial link check' : PROBLEM_WORDS[row.check];
}
/** A problem as the issue tells it: the problem (heading), the evidence (details, links, the build's output), the fix. */
function problemBlock(project, row, index, where) {
    const { repoUrl, since } = where;
    // `latest` is named by the problem's words already.
    const about = row.subject === undefined || row.check === 'latest is current' ? '' : ` · ${(0,markdown/* codeSpan */.SS)(row.subject, { inTable: false })}`;
    const links = row.links.length === 0 ? '' : ` · ${row.links.map((link) => (0,markdown/* markdownLink */.iQ)(link.label, link.url)).join(' · ')}`;
    const lines = [
        `#### ${index}. ❌ ${(0,markdown/* escapeMarkdown */.FV)(project)}${about}: ${problemWords(row)}`,
        '',
        `- **Found:** ${(0,markdown/* escapeMarkdown */.FV)(row.details)}${links}`,
        // The build's warnings, unfolded: each a link to its line of the commit built.
        ...(0,file_problems/* problemList */.gH)(row.problems ?? [], 0, { repoUrl, commit: row.commit }, '  '),
        `- **Fix:** ${fixFor(row)}`,
    ];
    // What was found beyond the line above, headed by who found it: the crawl's links, grouped by page; the service's words.
    if (row.check === 'links to other sites' && row.broken?.length) {
        lines.push('', 'Dead links, by site (each confirmed by a second request later in the run):', '', ...deadLinesOf(project, row, since));
    }
    else if (row.broken?.length) {
        const { pages, morePages } = (0,broken_link/* listedPages */.s1)(row.broken, ISSUE_LINKS);
        const elsewhere = ': the job summary of the run lists them all';
        const list = (0,broken_link/* listedPagesMarkdown */.pU)(pages, { links: {}, morePages, elsewhere });
        lines.push('', '<details><summary>What the crawl found</summary>', '');
        for (const line of list)
            lines.push(line);
        lines.push('', '</details>');
    }
    else if (row.reason) {
        lines.push('', '<details><summary>What the service said</summary>', '', (0,markdown/* fencedCode */.Vl)((0,report/* abridged */.$y)(row.reason, MAX_REASON_IN_ISSUE)), '', '</details>');
    }
    return `\n${lines.join('\n')}`;
}
/**
 * A project's dead links to other sites as the issue lists them: each site once, its dead targets
 * under it, each with what it answered, since when it is dead (`since`, by {@link deadKey}) and
 * the pages that link to it; at most {@link ISSUE_DEAD_LINKS} targets.
 */
function deadLinesOf(project, row, since) {
    const lines = [];
    let shown = 0;
    let left = 0;
    for (const site of deadSites(row.broken ?? [])) {
        const links = site.links.slice(0, Math.max(0, ISSUE_DEAD_LINKS - shown));
        left += site.links.length - links.length;
        if (links.length === 0)
            continue;
        shown += links.length;
        lines.push(`- ${(0,markdown/* codeSpan */.SS)((0,clip_middle/* clipMiddle */.e)(site.site, DEAD_SHOWN), { inTable: false })}`);
        for (const link of links) {
            const at = since.get(deadKey(project, link.target));
            const day = at === undefined ? '' : `, dead since ${new Date(at).toISOString().slice(0, 10)}`;
            const pages = link.pages.map((page) => (0,markdown/* codeSpan */.SS)((0,clip_middle/* clipMiddle */.e)(page, DEAD_SHOWN), { inTable: false })).join(', ');
            const more = link.morePages === 0 ? '' : ` and ${link.morePages} more`;
            lines.push(`  - ${(0,markdown/* codeSpan */.SS)((0,clip_middle/* clipMiddle */.e)(link.target, DEAD_SHOWN), { inTable: false })}: ${(0,markdown/* escapeMarkdown */.FV)(link.problem)}${day} · linked from ${pages}${more}`);
        }
    }
    if (left > 0)
        lines.push(`- … and ${left} more dead link${left === 1 ? '' : 's'}: the job summary of the run lists them all`);
    return lines;
}
/**
 * The job summary's list of each project's broken links (`links work`, whatever its level): every
 * page once, with its first {@link SUMMARY_LINKS_PER_PAGE} links; `results` has every one.
 */
function brokenLinksSections(projects) {
    return projects.flatMap(({ project, rows }) => rows.flatMap((row) => {
        if (!row.broken?.length)
            return [];
        const bounds = { pages: Number.MAX_SAFE_INTEGER, perPage: SUMMARY_LINKS_PER_PAGE };
        const { pages, morePages } = (0,broken_link/* listedPages */.s1)(row.broken, bounds);
        const about = row.subject === undefined ? '' : ` (${(0,markdown/* codeSpan */.SS)(row.subject, { inTable: false })})`;
        const list = (0,broken_link/* listedPagesMarkdown */.pU)(pages, { links: {}, morePages, elsewhere: ' (every one in the `results` output)' });
        const found = `${row.broken.length} broken link${row.broken.length === 1 ? '' : 's'} (${(0,markdown/* escapeMarkdown */.FV)((0,broken_link/* kindWords */.Gk)((0,broken_link/* countKinds */.xb)(row.broken)))}) on ${pages.length + morePages} page${pages.length + morePages === 1 ? '' : 's'}:`;
        const heading = row.check === 'links to other sites' ? 'Dead links to other sites' : 'Broken links';
        return [[`### ${heading} in ${(0,markdown/* escapeMarkdown */.FV)(project)}${about}`, '', found, '', ...list].join('\n')];
    }));
}
/** Where the issue's problems are kept: its number and link, and what this run did to it. */
function issueLine(issue) {
    if (issue.number === undefined || issue.action === 'none')
        return undefined;
    const link = (0,markdown/* markdownLink */.iQ)(`#${issue.number}`, issue.url);
    const what = {
        opened: 'opened by this run: it lists every problem with its fix',
        updated: 'updated by this run',
        unchanged: 'unchanged: it already lists these problems',
        closed: 'closed by this run: every check passes again',
    };
    return `Health issue ${link}: ${what[issue.action] ?? issue.action}.`;
}
/** `2026-11-28 06:00 UTC`. */
function utc(ms) {
    const iso = new Date(ms).toISOString();
    return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
/**
 * The issue's body: the marker, the verdict, when and by which run it was checked, then each
 * problem with its evidence and its fix; bounded by {@link MAX_ISSUE_BODY}.
 */
function issueBody(marker, projects, checked) {
    const problems = projects.flatMap((p) => p.rows.filter((row) => row.state === 'problem').map((row) => ({ project: p.project, row })));
    const names = [...new Set(problems.map(({ project }) => project))];
    const run = checked?.runUrl === undefined ? '' : ` (${(0,markdown/* markdownLink */.iQ)('workflow run', checked.runUrl)})`;
    const heading = [
        marker,
        `### ❌ Read the Docs health: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${names.map(markdown/* escapeMarkdown */.FV).join(', ')}`,
        '',
        `${checked === undefined ? 'Checked' : `Last checked ${utc(checked.at)}${run}`}. This issue is updated while a problem lasts, and closed once every check passes again.`,
    ].join('\n');
    // Since when each dead link to another site is dead: the day the issue first listed it, else today; kept in the body, hidden,
    // with the days of the links this run could not judge (a problem row's or not: another problem may keep the issue open), and
    // all the days of a project whose links it did not crawl (no row of other sites: its root unread, or the check off).
    const crawled = projects.flatMap(({ project, rows }) => rows
        .filter((row) => row.check === 'links to other sites')
        .map((row) => ({ project, sites: row.state === 'problem' ? deadSites(row.broken ?? []) : [], unjudged: row.unjudged ?? [] })));
    const notCrawled = projects.map(({ project }) => project).filter((project) => !crawled.some((row) => row.project === project));
    const since = sinceOfRun(crawled, readSince(checked?.previous), checked?.at ?? 0, notCrawled);
    const state = checked === undefined ? '' : sinceComment(since);
    const head = state === '' ? heading : `${heading.slice(0, marker.length)}\n${state}${heading.slice(marker.length)}`;
    const blocks = problems.map(({ project, row }, index) => problemBlock(project, row, index + 1, { repoUrl: checked?.repoUrl, since: checked === undefined ? new Map() : since }));
    const footer = '\n_Checked by the `health` operation of the Read the Docs action, on every scheduled run._';
    const kept = [head];
    let size = head.length + footer.length + 200;
    let left = 0;
    for (const block of blocks) {
        if (size + block.length + 1 > MAX_ISSUE_BODY) {
            left++;
            continue;
        }
        kept.push(block);
        size += block.length + 1;
    }
    if (left > 0)
        kept.push(`\n_${left} more problem${left === 1 ? '' : 's'} left out: an issue holds at most 64 KB; the job summary of the run has them all._`);
    return `${kept.join('\n')}\n${footer}\n`;
}
/** The comment the issue is closed with. */
function closingComment(projects) {
    return `Every health check passes again for ${projects.map((project) => (0,markdown/* escapeMarkdown */.FV)(project)).join(', ')}: closing.`;
}

;// CONCATENATED MODULE: ./lib/operations/health/health.js

// `health`: for `on: schedule`, reads each project (never writes to Read the Docs) and checks that
// its docs are current; reports a table, and keeps one issue in the repository while a problem remains.












/** The hidden marker the issue's body starts with; `comment-header` tells several uses in one repository apart. */
function issueMarker(header) {
    return `<!-- readthedocs-action:health${header ? `:${header.replace(/[^A-Za-z0-9._-]/g, '-')}` : ''} -->`;
}
/** The repository's page on GitHub, for the links to a failed build's lines. */
function repositoryUrl(ctx) {
    return ctx.run.repository ? `${ctx.run.serverUrl.replace(/\/+$/, '')}/${ctx.run.repository}` : undefined;
}
/** The step: every project checked at once (their reads share the rate budget), then the one issue. */
const healthStep = async (ctx) => {
    const gh = await gitHubRepo(ctx);
    const reads = gitHubReads(gh, ctx.run.serverUrl, ctx.inputs.releases);
    const results = await (0,run_projects/* forEachProject */.Wr)(ctx, ctx.inputs.projects, healthProject(reads, new link_checker/* LinkAnswers */.q0({ signal: ctx.deadline.signal })));
    const rows = results.map((result) => ({ project: result.project, rows: result.details?.checks ?? [] }));
    const { failure, issue } = ctx.inputs.healthIssue ? await reportThroughIssue(ctx, gh, results, rows) : {};
    const kept = issue === undefined ? undefined : issueLine(issue);
    const summary = [healthTable(rows), ...(kept === undefined ? [] : [kept]), ...brokenLinksSections(rows)];
    return { results, summary, outputs: {}, ...(failure ? { failure } : {}) };
};
/** The repository's client, or why there is none (the checks that need GitHub then say so). */
async function gitHubRepo(ctx) {
    const [owner, repo] = (ctx.run.repository ?? '').split('/');
    if (!owner || !repo)
        return 'no repository to read: GITHUB_REPOSITORY is not set';
    if (!ctx.inputs.githubToken)
        return 'GitHub was not read: `github-token` is empty';
    const octokit = await ctx.github(ctx.inputs.githubToken, { log: (message) => ctx.log.debug(message) });
    return { octokit, owner, repo, limits: { signal: ctx.deadline.reporting } };
}
/** One project: its facts read, its checks made (their links held to their hosts), and what they conclude. */
function healthProject(reads, linkAnswers) {
    return async (ctx, { name: project, log, seen }) => {
        log.info(`Checking the health of ${project}`);
        seen.doing("reading the project's versions, builds and releases");
        const facts = await readProjectFacts(ctx.api, reads, project, log, ctx.run.defaultBranch);
        const rows = checkProject(facts, { now: ctx.now(), graceMs: ctx.inputs.gracePeriodMs });
        // `link-check` (off by default here): a crawl of the default version, its own row.
        seen.doing('crawling the default version for broken links (the link check)');
        const swept = [...rows, ...(await linkSweepRows(ctx, facts, log, linkAnswers))];
        return concludeHealth(ctx, project, heldLinks(swept, linkHosts(ctx, facts.documentationUrl), log), log);
    };
}
/**
 * Where a link of the report may point: a build's page on the service, a version's docs on the
 * service, its documentation domains or the project's own documentation host as the service
 * gives it for this project (`serviceLinks`' `docsOf`: a custom domain), or a page of the GitHub
 * the run is on (the head commit's). The report goes to a public issue: a link the service gives
 * elsewhere is not made.
 */
function linkHosts(ctx, documentationUrl) {
    const service = (0,service_links/* serviceLinks */.b)(ctx.inputs.baseUrl);
    const docs = service.docsOf(documentationUrl);
    const github = URL.canParse(ctx.run.serverUrl) ? [new URL(ctx.run.serverUrl).hostname.toLowerCase()] : [];
    return (url) => service.build(url) ?? docs(url) ?? (github.length > 0 ? (0,output_values/* plainUrl */.kP)(url, github) : undefined);
}
/** The rows with only the links `accept` takes; each one left out is said in the log. */
function heldLinks(rows, accept, log) {
    return rows.map((row) => {
        const links = row.links.filter((link) => accept(link.url) !== undefined);
        for (const link of row.links.filter((kept) => !links.includes(kept))) {
            log.info((0,untrusted_text/* safeLine */.om)(`${row.check}: the ${link.label} link the service gave is not on its hosts, left out: ${link.url}`, 500));
        }
        return links.length === row.links.length ? row : { ...row, links };
    });
}
/** What a project's rows conclude: healthy, or its problems (a warning with `on-problem: warn`). */
function concludeHealth(ctx, project, rows, log) {
    const problems = problemLines(rows);
    for (const row of rows)
        log.info(`${row.state === 'ok' ? 'ok' : row.state === 'problem' ? 'PROBLEM' : 'not checked'} · ${rowLine(row)}`);
    // A watchdog that could not look says so: a problem there would go unseen while the step stays green.
    const unchecked = rows.filter((row) => row.state === 'unknown').map(rowLine);
    if (unchecked.length > 0)
        log.warning(`${project}: not checked, so a problem there would go unseen:\n${unchecked.join('\n')}`, 'Health not checked');
    const details = { healthy: problems.length === 0, checks: rows };
    // Counted for the verdict: a green run with problems (`on-problem: warn`) or unmade checks is ⚠️.
    const notes = { problem: problems.length, 'not-checked': unchecked.length };
    if (problems.length === 0)
        return { outcome: 'success', details, notes };
    const subject = project;
    const reason = `${problems.length} problem${problems.length === 1 ? '' : 's'}\n${problems.join('\n')}`;
    if (ctx.inputs.onProblem === 'warn') {
        log.warning(`${subject}: ${reason}\n(\`on-problem: fail\` would fail the step)`, `Unhealthy: ${project}`);
        return { outcome: 'success', details, notes };
    }
    return { outcome: 'failed', title: 'Unhealthy', subject, reason, details, notes };
}
/** The error annotation's title when the issue could not be kept for a fault other than GitHub's refusal. */
const ISSUE_FAILED_TITLE = 'Health issue failed';
/**
 * Opens, updates or closes the one issue. A project that could not be checked leaves the issue as
 * it is when nothing else is wrong: it cannot say all is well. GitHub's refusal is a warning, not a
 * failure; anything else (a fault of the keeper's own, a cancellation) is not hidden as one: it is
 * the step's failure, returned so that the run's results, summary and outputs are still reported.
 */
async function reportThroughIssue(ctx, gh, results, rows) {
    if (typeof gh === 'string') {
        ctx.log.info(`No health issue kept: ${gh}`);
        return {};
    }
    const unhealthy = results.some((result) => result.details?.healthy === false);
    if (!unhealthy && results.some((result) => result.details === undefined))
        return {};
    const marker = issueMarker(ctx.inputs.commentHeader);
    try {
        const write = await keepHealthIssue(gh, {
            marker,
            identity: new token_identity/* TokenIdentity */.u((message) => ctx.log.debug(message)),
            title: unhealthy ? issueTitle(rows) : '',
            body: unhealthy
                ? (previous) => issueBody(marker, rows, { at: ctx.now(), runUrl: ctx.run.runUrl, repoUrl: repositoryUrl(ctx), previous })
                : undefined,
            closing: closingComment(results.map((result) => result.project)),
        });
        if (write.action !== 'none')
            ctx.log.untrusted(write.url ?? '', `Health issue #${write.number} ${write.action}:`);
        return { issue: write };
    }
    catch (error) {
        const why = (0,message_of/* messageOf */.b)(error);
        if (!(error instanceof client/* GitHubError */.y_))
            return { failure: { title: ISSUE_FAILED_TITLE, message: (0,untrusted_text/* safeLine */.om)(`The health issue could not be kept: ${why}`) } };
        ctx.log.warning((0,untrusted_text/* safeLine */.om)(`The health issue could not be kept: ${why}. Give the job \`issues: write\`.`), {
            title: 'Health issue not kept',
        });
    }
    return {};
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


/***/ })

};
