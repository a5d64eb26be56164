export const id = 925;
export const ids = [925];
export const modules = {

/***/ 2925:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  exportStep: () => (/* binding */ exportStep)
});

// EXTERNAL MODULE: ./lib/reporting/markdown.js
var markdown = __webpack_require__(2817);
// EXTERNAL MODULE: ./lib/util/abort.js
var abort = __webpack_require__(2830);
// EXTERNAL MODULE: ./lib/util/untrusted-text.js
var untrusted_text = __webpack_require__(9052);
// EXTERNAL MODULE: ./lib/operations/run-projects.js + 1 modules
var run_projects = __webpack_require__(5120);
// EXTERNAL MODULE: ./lib/operations/shared/project-file/current-state.js
var current_state = __webpack_require__(9392);
// EXTERNAL MODULE: ./lib/operations/shared/project-file/normal-form.js
var normal_form = __webpack_require__(1641);
// EXTERNAL MODULE: ./lib/operations/shared/project-file/paths.js
var paths = __webpack_require__(1573);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
;// CONCATENATED MODULE: ./lib/operations/export/safe-write.js



/** A path `export` will not write through: a symbolic link (or a file where a folder should be) on the way. */
class UnsafePathError extends Error {
    constructor(message) {
        super(message);
        this.name = 'UnsafePathError';
    }
}
/**
 * Writes `text` to `path` without following a symbolic link anywhere on the way: a checked-out
 * repository can hold `.github` as a link out of the workspace, and the file must not land there.
 * Every folder from `base` down (from the root for a path outside `base`) is checked with `lstat`
 * and made when missing, one at a time; the file is opened with `O_NOFOLLOW`, and created
 * exclusively unless `overwrite`. False when the file exists and `overwrite` is not given.
 */
async function writeWithoutLinks(base, path, text, overwrite) {
    const inside = (0,external_node_path_.relative)(base, path);
    const [start, rest] = inside !== '' && !inside.startsWith('..') && !(0,external_node_path_.isAbsolute)(inside)
        ? [base, inside]
        : [(0,external_node_path_.parse)(path).root, (0,external_node_path_.relative)((0,external_node_path_.parse)(path).root, path)];
    const parts = rest.split(external_node_path_.sep).filter((part) => part !== '');
    let at = start;
    /** The path as the message names it: from the workspace when inside it. */
    const shown = (where) => (start === base ? (0,external_node_path_.relative)(base, where) : where);
    for (const [index, part] of parts.entries()) {
        at = (0,external_node_path_.join)(at, part);
        const last = index === parts.length - 1;
        const stats = await (0,promises_.lstat)(at).catch((error) => {
            if (error.code === 'ENOENT')
                return undefined;
            throw error;
        });
        if (stats?.isSymbolicLink()) {
            throw new UnsafePathError(`${shown(at)} is a symbolic link: export writes nothing through one (it could point out of the workspace)`);
        }
        if (last)
            break;
        if (stats === undefined) {
            await (0,promises_.mkdir)(at).catch((error) => {
                if (error.code !== 'EEXIST')
                    throw error;
            });
            // Made since by another: checked as any folder on the way.
            if ((await (0,promises_.lstat)(at)).isSymbolicLink())
                throw new UnsafePathError(`${shown(at)} is a symbolic link: export writes nothing through one`);
        }
        else if (!stats.isDirectory())
            throw new UnsafePathError(`${shown(at)} is not a folder`);
    }
    // O_NOFOLLOW (not on Windows, where the lstat above stands alone) refuses a link made since.
    const flags = external_node_fs_.constants.O_WRONLY | external_node_fs_.constants.O_CREAT | (overwrite ? external_node_fs_.constants.O_TRUNC : external_node_fs_.constants.O_EXCL) | (external_node_fs_.constants.O_NOFOLLOW ?? 0);
    let file;
    try {
        file = await (0,promises_.open)(path, flags, 0o666);
    }
    catch (error) {
        const code = error.code;
        if (code === 'EEXIST')
            return false;
        if (code === 'ELOOP')
            throw new UnsafePathError(`${shown(path)} is a symbolic link: export writes nothing through one`);
        throw error;
    }
    try {
        await file.writeFile(text, 'utf8');
    }
    finally {
        await file.close();
    }
    return true;
}

// EXTERNAL MODULE: ./lib/operations/shared/project-file/version-policy.js
var version_policy = __webpack_require__(9820);
;// CONCATENATED MODULE: ./lib/operations/export/export.js









/** The branch GET shows when the project sets none and no connected repository says otherwise. */
const FALLBACK_BRANCH = 'master';
/** Where the published schema lives, named at the top of every exported file. */
const SCHEMA_URL = 'https://raw.githubusercontent.com/readthedocs-action/readthedocs-action/main/schema/readthedocs-project.schema.json';
/**
 * The project as the file describes it: its settings, redirects in order, subprojects, and
 * versions that are on or hidden (but a merge queue's temporary ones). Applying what it returns writes nothing.
 */
async function exportProject(ctx, project) {
    const { api } = ctx;
    const info = await api.projectSettings(project);
    const settings = {
        name: info.name,
        ...(info.repository ? { repository: { url: info.repository.url, type: 'git' } } : {}),
        language: info.language.code,
        ...(info.programming_language ? { programming_language: info.programming_language.code } : {}),
        ...(info.homepage ? { homepage: info.homepage } : {}),
        tags: info.tags ?? [],
        ...(info.default_version ? { default_version: info.default_version } : {}),
        // FACTS: "GET's `default_branch` falls back to the repository's default, then `master`, when
        // none is set": `master` is most likely that fallback, which the file must not pin (connecting
        // a repository later would then not change it). Write `default_branch: master` to pin it.
        ...(info.default_branch && info.default_branch !== FALLBACK_BRANCH ? { default_branch: info.default_branch } : {}),
        ...(info.readthedocs_yaml_path ? { readthedocs_yaml_path: info.readthedocs_yaml_path } : {}),
    };
    if (info.versioning_scheme)
        settings.versioning_scheme = info.versioning_scheme;
    const seen = new Set();
    const redirects = [];
    for (const r of (await api.redirects(project)).map(current_state/* currentRedirect */.Iu).sort((a, b) => a.position - b.position || a.pk - b.pk)) {
        // A redirect stored twice is written once: the file refuses duplicates (`prune` deletes the copy).
        const key = (0,normal_form/* redirectKey */.Yz)(r);
        if (seen.has(key))
            continue;
        seen.add(key);
        const entry = { type: r.type };
        // A redirect stored in the removed `$rest` syntax is written in the `*`/`:splat` syntax the
        // file takes; `apply` reads the two as one redirect, so the stored one is left as it is.
        if ((0,normal_form/* hasPaths */.p4)(r.type))
            Object.assign(entry, (0,normal_form/* modernEquivalent */.kg)(r.from, r.to) ?? { from: r.from, to: r.to });
        if (r.http_status !== 302)
            entry.http_status = r.http_status;
        if (r.force)
            entry.force = true;
        if (!r.enabled)
            entry.enabled = false;
        if (r.description)
            entry.description = r.description;
        redirects.push(entry);
    }
    const subprojects = (await api.subprojects(project)).map((s) => s.alias === s.child.slug ? { child: s.child.slug } : { child: s.child.slug, alias: s.alias });
    const versions = {};
    const list = await api.versions(project);
    // A `version_policy` when one reproduces the tags as they are; the versions it decides are left out below.
    const fit = (0,version_policy/* fitPolicy */.Uo)(list.map(version_policy/* policyVersionOf */.Ke), () => {
        // The fitting is synchronous: the deadline's timer cannot fire during it, so its clock is read.
        ctx.deadline.signal.throwIfAborted();
        if (ctx.deadline.remainingMs() <= 0)
            throw new abort/* DeadlineError */.j3();
    });
    for (const version of list) {
        if (fit?.decided.has(version.slug) || isMergeQueueVersion(version.slug))
            continue;
        if (version.active || version.hidden)
            versions[version.slug] = { active: version.active, hidden: version.hidden ?? false };
    }
    return { settings, redirects, subprojects, ...(fit ? { version_policy: (0,version_policy/* policyEntry */.Ry)(fit.policy) } : {}), versions };
}
/**
 * A merge queue's temporary branch, as a version (FACTS, Versions: `gh-readonly-queue/main/pr-42-1a2b…`
 * has the slug `gh-readonly-queue-main-pr-42-1a2b…`): the service deletes it once the group leaves
 * the queue, and a file that names it could then never be applied. Left out of the export.
 */
function isMergeQueueVersion(slug) {
    return slug.startsWith('gh-readonly-queue-');
}
/** The file's text: one project at the top, several under `projects`. */
async function renderConfigFile(configs) {
    const { stringify } = await __webpack_require__.e(/* import() */ 815).then(__webpack_require__.t.bind(__webpack_require__, 8815, 19));
    const body = configs.size === 1 ? [...configs.values()][0] : { projects: Object.fromEntries(configs) };
    const header = [
        `# yaml-language-server: $schema=${SCHEMA_URL}`,
        '# Read the Docs project settings, applied by the readthedocs action (operation `apply`).',
        '',
    ].join('\n');
    return `${header}${stringify(body, { lineWidth: 0, flowCollectionPadding: false })}`;
}
/**
 * `export`: the file is written when it does not exist yet; otherwise it goes to the output
 * `config` and the log. The output `config` holds the text either way.
 */
const exportStep = async (ctx) => {
    const configs = new Map();
    const exported = await (0,run_projects/* forEachProject */.Wr)(ctx, ctx.inputs.projects, async (c, { name }) => {
        configs.set(name, await exportProject(c, name));
        return { outcome: 'success' };
    });
    // Each project's details say where the file went, once the file is written (or not).
    const finished = (conclusion) => exported.map((result) => ({ ...result, ...conclusion }));
    if (exported.some((r) => r.outcome !== 'success'))
        return { results: exported, summary: [], outputs: {} };
    const ordered = new Map(ctx.inputs.projects.map((p) => [p, configs.get(p)]));
    const text = await renderConfigFile(ordered);
    const shown = (0,untrusted_text/* safeLine */.om)(ctx.inputs.config);
    let written = false;
    try {
        written = await writeWithoutLinks(ctx.run.workspace, (0,paths/* configPath */.e)(ctx.inputs.config, ctx.run.workspace), text, ctx.overwriteConfig === true);
    }
    catch (error) {
        if (!(error instanceof UnsafePathError))
            throw error;
        const results = finished({ outcome: 'error', reason: `${shown} was not written: ${error.message}`, details: { config: null } });
        return { results, summary: [exportedFileSection(ctx.inputs.config, text, 'refused')], outputs: { config: text } };
    }
    if (written)
        ctx.log.info(`Wrote ${shown}: commit it, then run \`apply\` to keep the project in step with it`);
    else {
        ctx.log.info(`${shown} exists already and was left as it is; the export is in the output \`config\` and below:`);
        ctx.log.untrusted(text);
    }
    const results = finished({ outcome: 'success', details: { config: written ? ctx.inputs.config : null } });
    return { results, summary: [exportedFileSection(ctx.inputs.config, text, written ? 'written' : 'exists')], outputs: { config: text } };
};
/**
 * The file in the job summary, ready to copy: on a runner the written file goes away with the job
 * unless a later step commits it (docs/project-as-code.md shows one that opens a pull request).
 */
function exportedFileSection(config, text, state) {
    const where = {
        written: `Written to ${(0,markdown/* codeSpan */.SS)(config)} on the runner: commit it (a later step can open a pull request with it), or copy it from here.`,
        exists: `${(0,markdown/* codeSpan */.SS)(config)} exists already and was left as it is: compare it with the export below.`,
        refused: `${(0,markdown/* codeSpan */.SS)(config)} was not written (a symbolic link on its path): copy the export from here.`,
    }[state];
    return [`### The exported file`, '', where, '', (0,markdown/* fencedCode */.Vl)(text, 'yaml')].join('\n');
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


/***/ })

};
