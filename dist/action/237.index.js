export const id = 237;
export const ids = [237];
export const modules = {

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


/***/ }),

/***/ 8618:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  syncVersionsProject: () => (/* binding */ syncVersionsProject)
});

// EXTERNAL MODULE: ./lib/util/format-duration.js + 1 modules
var format_duration = __webpack_require__(7365);
// EXTERNAL MODULE: ./lib/readthedocs/errors.js
var errors = __webpack_require__(1833);
// EXTERNAL MODULE: ./lib/operations/shared/builds/version-appears.js
var version_appears = __webpack_require__(7053);
// EXTERNAL MODULE: ./lib/resilience/index.js + 5 modules
var resilience = __webpack_require__(5816);
// EXTERNAL MODULE: ./lib/util/abort.js
var abort = __webpack_require__(2830);
// EXTERNAL MODULE: ./lib/operations/shared/builds/trigger.js
var trigger = __webpack_require__(2146);
// EXTERNAL MODULE: ./lib/operations/shared/builds/build-ids.js
var build_ids = __webpack_require__(3253);
;// CONCATENATED MODULE: ./lib/operations/sync-versions/queued-build.js

/**
 * For a version that is already active, the build the service queued for it: the newest one that
 * is still running (a push of the tag starts one) or that was created after the sync began.
 * A finished build from before the sync is the previous release's, not this one.
 */
function queuedBuild(builds, newestBefore) {
    return (0,build_ids/* newestBuild */.Dz)(builds.filter((build) => build.id > newestBefore || !build_ids/* FINAL_STATES */.MS.has(build.state.code)));
}

// EXTERNAL MODULE: ./lib/util/untrusted-text.js
var untrusted_text = __webpack_require__(9052);
// EXTERNAL MODULE: ./lib/reporting/markdown.js
var markdown = __webpack_require__(2817);
;// CONCATENATED MODULE: ./lib/operations/sync-versions/search-hits.js


/** Results asked for per search: set explicitly, the service's default (15) has changed before. */
const VERIFY_PAGE_SIZE = 10;
/** Hits listed in the summary and the `results` output. */
const TOP_HITS = 5;
/** The search that finds the version's pages: `project:{p}/{v}` restricts it, the rest is the text. */
/**
 * The project's name as search text: the service reads `project:` and `user:` anywhere in a query
 * as filters, so a name containing them is quoted (its own quotes dropped) to stay plain text.
 */
function searchTextFromName(name) {
    return /(?:project|user):/i.test(name) ? `"${name.replaceAll('"', ' ')}"` : name;
}
function verifySearchQuery(project, version, text) {
    return `project:${project}/${version} ${text}`.trim();
}
/**
 * The results that come from exactly this project and version. A search scoped to a version
 * the service has not indexed yet may answer with nothing, or (for an unknown version) with
 * another version's pages: only hits from the version itself prove that its docs are live.
 */
function hitsFromVersion(response, project, version) {
    return response.results
        .filter((result) => result.project.slug === project && result.version.slug === version)
        .map((result) => ({ title: result.title, url: result.domain && result.path ? deepLink(result.domain, result.path) : undefined }));
}
/**
 * `domain` + `path` as one URL, kept on the result's own host: a path such as `//elsewhere/`
 * or a full URL must not turn the link into one to another site. Undefined when unusable.
 */
function deepLink(domain, path) {
    const base = /^[a-z][a-z0-9+.-]*:\/\//i.test(domain) ? domain : `https://${domain}`;
    let origin;
    try {
        origin = new URL(base).origin;
    }
    catch {
        return undefined;
    }
    if (origin === 'null')
        return undefined;
    const pathPart = path.startsWith('/') ? path : `/${path}`;
    let url;
    try {
        url = new URL(`${origin}${pathPart}`);
    }
    catch {
        return undefined;
    }
    if (url.origin !== origin)
        return undefined;
    return (0,markdown/* safeHttpUrl */.vH)(url.href);
}
/** The job summary's part for one project: its top hits as links, every service text escaped. */
function searchHitsMarkdown(project, version, query, hits) {
    const lines = [
        `### Found through search: ${(0,markdown/* escapeMarkdown */.FV)(project)} ${(0,markdown/* escapeMarkdown */.FV)(version)}`,
        '',
        `Top results for ${(0,markdown/* escapeMarkdown */.FV)(`“${query}”`)}:`,
        '',
    ];
    for (const hit of hits.slice(0, TOP_HITS)) {
        const title = hit.title.trim() === '' ? (hit.url ?? '(untitled page)') : hit.title;
        lines.push(`- ${(0,markdown/* markdownLink */.iQ)(title, hit.url)}`);
    }
    return lines.join('\n');
}
/**
 * Untrusted text made safe for one log line (`safeLine`: no line breaks, control characters or
 * `##[`, no leading `::`), trimmed and not too long.
 */
function plainLine(text, max = 160) {
    return (0,untrusted_text/* safeLine */.om)(text.replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, ' ').trim(), max);
}

// EXTERNAL MODULE: ./lib/operations/shared/builds/watch-build.js + 5 modules
var watch_build = __webpack_require__(1566);
// EXTERNAL MODULE: ./lib/operations/run-projects.js + 1 modules
var run_projects = __webpack_require__(5120);
// EXTERNAL MODULE: ./lib/util/plural.js
var plural = __webpack_require__(3960);
;// CONCATENATED MODULE: ./lib/operations/sync-versions/sync-versions.js












/**
 * An active version gets its build from the service (a push of the tag, an automation rule);
 * it is given this many looks for one to show up before the step triggers one itself.
 */
const ADOPT_GRACE_POLLS = 5;
/**
 * `sync-versions`: asks the service to sync the project's versions with its repository. With
 * `version`, it goes on until that version's docs are live: waits for the version to appear,
 * activates it (which queues its build) or adopts the build queued for it, waits for the build
 * as `build` does, and checks through search that the pages are found.
 */
const syncVersionsProject = async (ctx, run) => {
    const stage = { waitingFor: '' };
    try {
        return await syncProject(ctx, run, stage);
    }
    catch (error) {
        // Before any build is known, say what never came; once there is one, the build's state says it.
        if (!(error instanceof abort/* DeadlineError */.j3) || run.seen.current.buildId !== undefined || !stage.waitingFor)
            throw error;
        const subject = run.name;
        const reason = `timed out after ${(0,format_duration/* formatDuration */.a)(ctx.inputs.timeoutMs)} (input \`timeout\`) waiting for ${stage.waitingFor}.`;
        run.log.info(`${subject}: ${reason}`);
        return { outcome: 'timed-out', title: 'Timed out', subject, reason };
    }
};
async function syncProject(ctx, run, stage) {
    const { api, inputs } = ctx;
    const { name: project, log } = run;
    const version = inputs.version;
    run.seen.version(version);
    // Build ids only grow: the newest one before the sync tells later builds from earlier ones.
    // The same request gives the project's recent build times for the poll schedule.
    const history = version ? await api.recentBuilds(project, { limit: 10 }) : [];
    const newestBefore = (0,build_ids/* newestBuildId */.ig)(history);
    log.info(`Syncing the versions of ${project} with its repository`);
    if (!(await api.syncVersions(project))) {
        const subject = project;
        const reason = `Read the Docs did not sync its versions (400, triggered: false). It does so when the project is ` +
            'inactive, has no `latest` version to sync from, or has version sync turned off. Check the project in the dashboard.';
        log.info(`${subject}: ${reason}`);
        return { outcome: 'failed', title: 'Sync not triggered', subject, reason };
    }
    if (!version) {
        log.info('Sync scheduled: new branches and tags appear as versions within a minute or so');
        return { outcome: 'triggered' };
    }
    const given = inputs.versionGiven ? ` (from \`${inputs.versionGiven}\`)` : '';
    stage.waitingFor =
        `version ${version}${given} to appear after the sync. Check that the tag or branch is pushed to the repository ` +
            `the project builds from, and that its slug is \`${version}\`: the dashboard's Versions page shows the slugs ` +
            '(a name that slugifies like another one gets `_a`); set `version` to that slug';
    log.info(`Sync scheduled; waiting for version ${version}${given} to appear`);
    const record = await (0,version_appears/* waitForVersion */.PF)(ctx, project, version, log);
    log.info(`${(0,watch_build/* elapsed */.vk)(ctx)} ${version} is there (${record.type}, ${record.active ? 'active' : 'inactive'})`);
    const build = await buildOfVersion(ctx, run, record, newestBefore, stage);
    if ('outcome' in build)
        return build;
    const built = await (0,watch_build/* concludeBuild */.Yz)(ctx, run, await (0,watch_build/* watchBuild */.WS)(ctx, run, build, (0,watch_build/* expectedFromHistory */.LE)(history)));
    if (built.outcome !== 'success')
        return built;
    const documentation = record.urls?.documentation;
    const live = documentation ? { ...built, docsUrl: documentation } : built;
    return (0,run_projects/* continueFrom */.oj)(ctx, run, live, () => verifyThroughSearch(ctx, run, version, live));
}
/**
 * The one build to wait for. An inactive version is activated, which queues its build: the step
 * never triggers another, as a trigger would cancel it. An active version's build is adopted
 * when the service queues one, and triggered only when none comes within a short grace period.
 */
async function buildOfVersion(ctx, { name: project, log }, record, newestBefore, stage) {
    const { api, inputs } = ctx;
    const version = record.slug;
    const hidden = inputs.hidden !== undefined && record.hidden !== inputs.hidden ? { hidden: inputs.hidden } : {};
    if (!record.active) {
        if (!inputs.activate) {
            const subject = project;
            const reason = `version ${version} exists but is inactive, and \`activate\` is false, so nothing builds it. ` +
                'Activate it in the dashboard (or with an automation rule), or set `activate: true`.';
            log.info(`${subject}: ${reason}`);
            return { outcome: 'failed', title: 'Version inactive', subject, reason };
        }
        log.info(`Activating ${version}${'hidden' in hidden ? ` (hidden: ${inputs.hidden})` : ''}: the service queues its build`);
        await api.updateVersion(project, version, { active: true, ...hidden });
        stage.waitingFor = `the build that activating ${version} queued (it may show up late on the service's builds list)`;
        const build = await (0,version_appears/* waitForBuild */.nt)(ctx, project, version, (builds) => (0,build_ids/* buildCreatedAfter */.tu)(builds, newestBefore));
        log.info(`Build #${build.id} was queued by the activation: ${build.urls.build}`);
        return build;
    }
    if ('hidden' in hidden) {
        log.info(`Setting ${version} hidden: ${inputs.hidden}`);
        await api.updateVersion(project, version, hidden);
    }
    const graceMs = ADOPT_GRACE_POLLS * (0,version_appears/* lookInterval */.dz)(ctx);
    stage.waitingFor = `a build of ${version}`;
    const queued = await (0,version_appears/* lookForBuild */.FB)(ctx, project, version, (builds) => queuedBuild(builds, newestBefore), graceMs);
    if (queued) {
        log.info(`${version} is active; following build #${queued.id} the service queued for it: ${queued.urls.build}`);
        return queued;
    }
    log.info(`${version} is active and no build of it came within ${(0,format_duration/* formatDuration */.a)(graceMs)}: triggering one`);
    return (await (0,trigger/* triggerOnce */.Kn)(ctx, project, version, newestBefore, log)).build;
}
/**
 * Searches for the version's pages until results come from it. Indexing runs after the build
 * ends, so the search is repeated within a bounded window (never past the step's deadline).
 * Not found in time: a warning, or a failure with `verify: strict`.
 */
async function verifyThroughSearch(ctx, { name: project, log, seen }, version, built) {
    const { api, inputs } = ctx;
    if (inputs.verify === 'none') {
        log.info('Search check skipped (`verify: none`)');
        return { ...built, details: { verified: null } };
    }
    let text = inputs.verifyQuery ?? project;
    const interval = ctx.polling.searchIntervalMs;
    const windowMs = ctx.polling.verifyWindowMs;
    const startedAt = ctx.now();
    const until = Math.min(startedAt + windowMs, ctx.deadline.endsAt);
    let hits = [];
    let searchFailure;
    seen.doing(`checking through search that the pages of ${version} are found`);
    try {
        if (inputs.verifyQuery === undefined)
            text = searchTextFromName((await api.project(project)).name);
        const query = verifySearchQuery(project, version, text);
        log.info(`Checking through search that the pages of ${version} are found: ${plainLine(query)}`);
        await (0,resilience/* pollUntil */.g3)(async (round) => {
            hits = hitsFromVersion(await api.search(query, VERIFY_PAGE_SIZE), project, version);
            // Found, or the next search would come after the window: either ends the poll.
            if (hits.length > 0 || ctx.now() + interval >= until)
                return hits;
            if (round === 1)
                log.info(`${(0,watch_build/* elapsed */.vk)(ctx)} no result from ${version} yet: the service indexes the pages after the build`);
            return undefined;
        }, { intervalMs: interval, signal: ctx.deadline.signal, sleep: ctx.sleep });
    }
    catch (error) {
        // The step's deadline ends the search like the window does; a search the service refuses
        // (retries spent) is a check that could not be made, as `verify` says. The build succeeded.
        if (error instanceof errors/* ReadTheDocsError */.rq)
            searchFailure = error.message;
        else if (!(error instanceof abort/* DeadlineError */.j3))
            throw error;
    }
    if (hits.length > 0) {
        const top = hits.slice(0, TOP_HITS);
        log.info(`${(0,watch_build/* elapsed */.vk)(ctx)} Search finds ${(0,plural/* plural */.L)(hits.length, 'page')} of ${version}:`);
        for (const hit of top)
            log.info(`  - ${plainLine(hit.title)} ${hit.url ?? ''}`.trimEnd());
        const summarySections = [...(built.summarySections ?? []), searchHitsMarkdown(project, version, text, top)];
        return { ...built, details: { verified: true, searchHits: top }, summarySections };
    }
    const { buildId } = seen.current;
    const message = searchFailure !== undefined
        ? `build #${buildId} succeeded, but the search that checks its pages failed: ${plainLine(searchFailure, 600)}`
        : `build #${buildId} succeeded, but search found no page of ${version} for “${plainLine(text)}” ` +
            `within ${(0,format_duration/* formatDuration */.a)(until - startedAt)}. Indexing runs after the build and can lag; ` +
            'check that the query words appear in the docs (input `verify-query`) and that search works for the project.';
    const details = { verified: false };
    if (inputs.verify === 'strict') {
        log.info(`${project}: ${message}`);
        return { ...built, outcome: 'failed', title: 'Not found through search', subject: project, reason: message, details };
    }
    log.warning(`${project}: ${message} (\`verify: strict\` would fail the step)`, `Not found through search: ${project} ${version}`);
    return { ...built, details };
}


/***/ })

};
