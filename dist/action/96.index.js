export const id = 96;
export const ids = [96];
export const modules = {

/***/ 4156:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   I: () => (/* binding */ keepStickyComment)
/* harmony export */ });
/* harmony import */ var _api_rest_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1252);

/**
 * Creates the comment, or edits the token's own marked comment when its body differs. After a post,
 * it looks again: another job may have posted at the same moment; the oldest copy is kept, given the
 * body rendered from every copy, and the others are deleted (every copy is the same account's).
 */
async function keepStickyComment(gh, options) {
    let { own, all } = await markedComments(gh, options);
    let created;
    if (own.length === 0) {
        const first = options.render([], all);
        if (first === undefined)
            return { id: undefined, created: undefined, updated: false, deleted: [] };
        const comment = await (0,_api_rest_js__WEBPACK_IMPORTED_MODULE_0__/* .createIssueComment */ .D$)(gh, options.issue, first);
        created = comment.id;
        options.identity.learn(comment.user?.login);
        ({ own, all } = await markedComments(gh, options));
        if (own.length <= 1)
            return { id: comment.id, created, updated: false, deleted: [] };
    }
    const [keep, ...duplicates] = own;
    const body = options.render(own, all);
    const deleted = [];
    for (const duplicate of body === undefined ? own : duplicates) {
        await (0,_api_rest_js__WEBPACK_IMPORTED_MODULE_0__/* .deleteIssueComment */ .e$)(gh, duplicate.id);
        deleted.push(duplicate.id);
    }
    if (body === undefined)
        return { id: undefined, created, updated: false, deleted };
    const updated = body !== keep.body;
    if (updated)
        await (0,_api_rest_js__WEBPACK_IMPORTED_MODULE_0__/* .updateIssueComment */ .Qz)(gh, keep.id, body);
    return { id: keep.id, created, updated, deleted };
}
/** Every comment of the issue, and the token's own that start with `marker` (oldest first). */
async function markedComments(gh, options) {
    const login = (await options.identity.login(gh)).toLowerCase();
    const all = await (0,_api_rest_js__WEBPACK_IMPORTED_MODULE_0__/* .listIssueComments */ .cG)(gh, options.issue);
    const own = all
        .filter((comment) => (comment.body ?? '').startsWith(options.marker))
        .filter((comment) => comment.user?.login.toLowerCase() === login)
        .sort((a, b) => a.id - b.id);
    return { own, all };
}


/***/ }),

/***/ 3779:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B: () => (/* binding */ COMMUNITY_REDIRECT_LIMIT),
/* harmony export */   y: () => (/* binding */ editionOf)
/* harmony export */ });
function editionOf(baseUrl) {
    let host;
    try {
        host = new URL(baseUrl).hostname.toLowerCase();
    }
    catch {
        return 'unknown';
    }
    if (host === 'app.readthedocs.org' || host === 'readthedocs.org')
        return 'community';
    if (host === 'app.readthedocs.com' || host === 'readthedocs.com')
        return 'business';
    return 'unknown';
}
/** FACTS: "Community projects may hold 100 redirects: a create is refused while the project has 100". */
const COMMUNITY_REDIRECT_LIMIT = 100;


/***/ }),

/***/ 9517:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  x: () => (/* binding */ ConfigFileError),
  gZ: () => (/* binding */ MAX_FILE_BYTES),
  me: () => (/* binding */ parseConfigFile)
});

// UNUSED EXPORTS: MAX_ALIASES, MAX_PROBLEMS_SHOWN, keyPath

// EXTERNAL MODULE: ./lib/util/message-of.js
var message_of = __webpack_require__(485);
// EXTERNAL MODULE: ./lib/inputs/slugs.js
var slugs = __webpack_require__(4961);
// EXTERNAL MODULE: ./lib/operations/shared/project-file/edition.js
var project_file_edition = __webpack_require__(3779);
// EXTERNAL MODULE: ./lib/operations/shared/project-file/model.js
var model = __webpack_require__(8432);
// EXTERNAL MODULE: ./lib/operations/shared/project-file/service-choices.js
var service_choices = __webpack_require__(3431);
// EXTERNAL MODULE: ./lib/operations/shared/project-file/normal-form.js
var normal_form = __webpack_require__(1641);
;// CONCATENATED MODULE: ./lib/operations/shared/project-file/file-rules.js





/** FACTS: "`from_url`, `to_url` or `description` over 255 characters" are refused. */
const MAX_REDIRECT_FIELD = 255;
/**
 * A subproject alias as the service takes it. FACTS: "An alias must [...] match
 * `[-\w]+(?:/[-\w]+)*` with Unicode `\w`; a `/` needs a feature flag": the flag is not readable,
 * so an alias with `/` is taken here, and a new one refused before any write when the project
 * shows no sign of the flag (see `preflight.ts`).
 */
const ALIAS = /^[-\p{L}\p{N}_]+(?:\/[-\p{L}\p{N}_]+)*$/u;
const MAX_ALIAS = 255;
/**
 * Rules the schema alone cannot say: required paths, spellings given twice, duplicates, and what
 * the service refuses on write (FACTS.md, "Rules the service enforces on writes"), each refused
 * here, before any request, with what to write instead.
 */
function checkProject(project, base, report) {
    checkRedirects(project, base, report);
    checkSubprojects(project, base, report);
    checkSettings(project, base, report);
    if (report.edition === 'community')
        checkBusinessOnly(project, base, report);
}
function checkRedirects(project, base, { problem, edition }) {
    const redirects = project.redirects ?? [];
    const seen = new Map();
    for (const [index, redirect] of redirects.entries()) {
        const at = [...base, 'redirects', index];
        if (redirect.from !== undefined && redirect.from_url !== undefined)
            problem([...at, 'from_url'], 'give `from` or `from_url`, not both');
        if (redirect.to !== undefined && redirect.to_url !== undefined)
            problem([...at, 'to_url'], 'give `to` or `to_url`, not both');
        const fromKey = redirect.from !== undefined ? 'from' : 'from_url';
        const toKey = redirect.to !== undefined ? 'to' : 'to_url';
        const rawFrom = redirect.from ?? redirect.from_url;
        const rawTo = redirect.to ?? redirect.to_url;
        const wanted = (0,normal_form/* normaliseRedirect */.hK)(redirect);
        if ((0,normal_form/* hasPaths */.p4)(redirect.type)) {
            if (!rawFrom?.trim())
                problem(at, `a redirect of type \`${redirect.type}\` needs \`from\``);
            if (!rawTo?.trim())
                problem(at, `a redirect of type \`${redirect.type}\` needs \`to\``);
            if (rawFrom?.trim() && rawTo?.trim()) {
                checkPaths(wanted.from, wanted.to, rawTo, [...at, fromKey], [...at, toKey], problem);
            }
        }
        if (wanted.description.length > MAX_REDIRECT_FIELD) {
            problem([...at, 'description'], `at most ${MAX_REDIRECT_FIELD} characters: the service refuses longer`);
        }
        const key = (0,normal_form/* redirectKey */.Yz)(wanted);
        const first = seen.get(key);
        if (first === undefined)
            seen.set(key, index);
        else if (!(0,normal_form/* hasPaths */.p4)(redirect.type)) {
            // FACTS: "a second redirect of type `clean_url_to_html` (or `html_to_clean_url`) in a project" is refused.
            problem(at, `a project has at most one redirect of type \`${redirect.type}\`: redirects[${first}] is one already`);
        }
        else
            problem(at, `duplicate redirect: the same type, from and to as redirects[${first}]`);
    }
    // FACTS: "Community projects may hold 100 redirects [...] a plan that would end above 100 fails
    // part-way. Business plans differ.": refused unless `base-url` names Business.
    if (edition !== 'business' && redirects.length > project_file_edition/* COMMUNITY_REDIRECT_LIMIT */.B) {
        problem([...base, 'redirects'], `${redirects.length} redirects: a Read the Docs Community project holds at most ${project_file_edition/* COMMUNITY_REDIRECT_LIMIT */.B} (the limit), and the service refuses to create more (Read the Docs for Business has no such limit: \`base-url: https://app.readthedocs.com\`)`);
    }
}
/** The service's refusals of a redirect's paths, each with what to write instead. */
function checkPaths(from, to, rawTo, fromPath, toPath, problem) {
    // FACTS: "`from_url` ending in `$rest` ("The $rest wildcard has been removed in favor of *.")"
    if (from.endsWith(normal_form/* LEGACY_WILDCARD */.NY)) {
        const modernFrom = `${from.slice(0, -normal_form/* LEGACY_WILDCARD */.NY.length)}*`;
        const modernTo = to.includes(':splat') ? to : `${to}:splat`;
        problem(fromPath, `\`$rest\` was removed in favour of \`*\`: write \`${modernFrom}\`, and \`${modernTo}\` as \`to\` to keep the rest of the path`);
    }
    else if (from.includes('*') && !from.endsWith('*')) {
        // FACTS: "a `*` that is not the last character of `from_url`"
        problem(fromPath, `\`*\` may only end the path (it matches the rest): write \`${from.slice(0, from.indexOf('*') + 1)}\``);
    }
    else if (to.includes(':splat') && !from.endsWith('*')) {
        // FACTS: "`:splat` in `to_url` without a trailing `*` in `from_url`"
        problem(toPath, `\`:splat\` places what \`*\` matched: end \`from\` with \`*\` (\`${from === '/' ? '' : from}/*\`), or drop \`:splat\``);
    }
    const target = targetProblem(rawTo);
    if (target !== undefined)
        problem(toPath, target);
    if (from.length > MAX_REDIRECT_FIELD)
        problem(fromPath, `at most ${MAX_REDIRECT_FIELD} characters as the service stores it (\`/\` added)`);
    if (to.length > MAX_REDIRECT_FIELD)
        problem(toPath, `at most ${MAX_REDIRECT_FIELD} characters as the service stores it (\`/\` added)`);
}
// Control characters (C0, DEL, C1): a browser drops some (tab, line breaks) and cuts at others.
const TARGET_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/**
 * Why a redirect's target is refused, read as a browser reads a `Location`: it strips the
 * surrounding controls and spaces and every tab and line break, and takes `\` for `/` (WHATWG URL).
 * So `java\tscript:` is a script, and `//host`, `/\host` or `\\host` another host: a target is a
 * path on the docs site or an `http(s)://` URL, spelled as the browser will read it.
 */
function targetProblem(rawTo) {
    const trimmed = rawTo.trim();
    if (TARGET_CONTROL.test(trimmed)) {
        return 'holds a control character (a tab, a line break, NUL…): a browser drops or stops at them, so it would go elsewhere than written';
    }
    const read = trimmed.replaceAll('\\', '/');
    const scheme = (0,normal_form/* schemeOf */.dz)(read);
    if (scheme !== undefined && !(0,normal_form/* isAbsoluteTarget */.nl)(trimmed)) {
        return scheme === 'http' || scheme === 'https'
            ? `an absolute target starts with \`${scheme}://\` in lower case`
            : `a redirect goes to a path or an \`http(s)://\` URL: \`${scheme}:\` is refused (a path starts with \`/\`)`;
    }
    if (scheme === undefined && read.startsWith('//')) {
        return 'a browser reads a target that starts with `//` (or `/\\`, `\\\\`: it takes `\\` for `/`) as another host: write `https://host/…` for another site, or one `/` for a path on this one';
    }
    if (scheme === undefined && trimmed.includes('\\')) {
        return 'a browser reads `\\` as `/`: write `/`';
    }
    return undefined;
}
function checkSubprojects(project, base, { problem }) {
    const aliases = new Map();
    const children = new Map();
    for (const [index, subproject] of (project.subprojects ?? []).entries()) {
        const at = [...base, 'subprojects', index];
        if (!slugs/* PROJECT_SLUG */.QV.test(subproject.child))
            problem([...at, 'child'], 'a project slug: lowercase letters, digits, `-` and `_`');
        const alias = subproject.alias ?? subproject.child;
        if (subproject.alias !== undefined && (!ALIAS.test(alias) || alias.length > MAX_ALIAS)) {
            problem([...at, 'alias'], `an alias is letters (of any script), digits, \`-\` and \`_\`, in parts joined by single \`/\` (which needs a feature flag of the service), at most ${MAX_ALIAS}`);
        }
        const firstAlias = aliases.get(alias);
        if (firstAlias !== undefined)
            problem(at, `duplicate alias \`${alias}\`: subprojects[${firstAlias}] has it too`);
        else
            aliases.set(alias, index);
        const firstChild = children.get(subproject.child);
        if (firstChild !== undefined)
            problem(at, `duplicate child \`${subproject.child}\`: subprojects[${firstChild}] names it too`);
        else
            children.set(subproject.child, index);
    }
}
/**
 * FACTS: "Project PATCH [...] accepts [...] on Business only privacy_level and
 * external_builds_privacy_level [...] on Community the two privacy keys are dropped without an
 * error" and "Version PATCH accepts `active`, `hidden`, and on Business `privacy_level`". Refused
 * rather than reported as applied when the service would drop them.
 */
function checkBusinessOnly(project, base, { problem }) {
    const hint = 'Read the Docs for Business only (`base-url: https://app.readthedocs.com`): Read the Docs Community drops it';
    for (const key of model/* BUSINESS_ONLY_SETTINGS */.OF) {
        if (project.settings?.[key] !== undefined)
            problem([...base, 'settings', key], hint);
    }
    for (const [slug, version] of Object.entries(project.versions ?? {})) {
        if (version.privacy_level !== undefined)
            problem([...base, 'versions', slug, 'privacy_level'], hint);
    }
}
/** The service's message-free rule for `readthedocs_yaml_path`, on the value as it stores it (trimmed); undefined when it is taken. */
function yamlPathProblem(path) {
    if (path.length > service_choices/* MAX_YAML_PATH */.tK)
        return `at most ${service_choices/* MAX_YAML_PATH */.tK} characters`;
    if (path.startsWith('/'))
        return 'a path relative to the top of the repository: it may not start with `/`';
    if (path.includes('..'))
        return '`..` is refused: a path inside the repository, relative to its top';
    const bad = [...service_choices/* YAML_PATH_FORBIDDEN */.S5].find((c) => path.includes(c));
    if (bad !== undefined)
        return `\`${bad === '`' ? '\\`' : bad}\` is refused: the service refuses any of ${service_choices/* YAML_PATH_FORBIDDEN */.S5}`;
    if (path !== '.readthedocs.yaml' && !path.endsWith('/.readthedocs.yaml')) {
        return 'the file must be named `.readthedocs.yaml` (`.readthedocs.yaml` or `some/folder/.readthedocs.yaml`)';
    }
    return undefined;
}
/** Whether `text` is an `http(s)` URL as the service's URL check takes it (a host with a dot, or localhost). */
function isWebUrl(text) {
    if (!/^https?:\/\/[^\s]+$/i.test(text))
        return false;
    try {
        const url = new URL(text);
        return url.hostname === 'localhost' || /^[^.]+(\.[^.]+)+$/.test(url.hostname);
    }
    catch {
        return false;
    }
}
/**
 * FACTS: "Field rules of the project (400 when broken)" and "`show_version_warning` has no effect
 * anywhere in the service". Each refused at its line, before any request.
 */
function checkSettings(project, base, { problem, notice }) {
    const settings = project.settings;
    if (!settings)
        return;
    const at = (key) => [...base, 'settings', key];
    if (settings.name !== undefined && settings.name.length > service_choices/* MAX_NAME */.zB) {
        problem(at('name'), `${settings.name.length} characters: the service takes a name of at most ${service_choices/* MAX_NAME */.zB}`);
    }
    if (settings.analytics_code !== undefined && settings.analytics_code.length > service_choices/* MAX_ANALYTICS_CODE */.Gh) {
        problem(at('analytics_code'), `${settings.analytics_code.length} characters: the service takes at most ${service_choices/* MAX_ANALYTICS_CODE */.Gh}`);
    }
    const homepage = settings.homepage?.trim();
    if (homepage) {
        if (!isWebUrl(homepage))
            problem(at('homepage'), 'an `http://` or `https://` URL (or empty for none)');
        else if (homepage.length > service_choices/* MAX_HOMEPAGE */._r)
            problem(at('homepage'), `${homepage.length} characters: the service takes at most ${service_choices/* MAX_HOMEPAGE */._r}`);
    }
    // `zh` is what older projects still have (and `export` writes): refused only when it would be sent (preflight.ts).
    if (settings.language !== undefined && settings.language !== service_choices/* LEGACY_LANGUAGE */.D7 && !service_choices/* LANGUAGES */.Yj.has(settings.language)) {
        problem(at('language'), "not one of the service's language codes (`en`, `de`, `pt-br`, `zh-cn`, … in lower case)");
    }
    if (settings.programming_language !== undefined && !service_choices/* PROGRAMMING_LANGUAGES */.c2.has(settings.programming_language)) {
        problem(at('programming_language'), `one of ${[...service_choices/* PROGRAMMING_LANGUAGES */.c2].map((code) => `\`${code}\``).join(', ')}`);
    }
    const yamlPath = settings.readthedocs_yaml_path?.trim();
    if (yamlPath) {
        const why = yamlPathProblem(yamlPath);
        if (why !== undefined)
            problem(at('readthedocs_yaml_path'), why);
    }
    if (settings.show_version_warning !== undefined) {
        notice?.(at('show_version_warning'), 'has no effect: the service accepts this key and does nothing with it, so it is not sent (remove it from the file)');
    }
}

;// CONCATENATED MODULE: ./lib/operations/shared/project-file/salvage.js
/** The keys the format has for the object at `path` (through optionals, lists and maps); none when it is no object. */
function keysAt(schema, path) {
    let def = schema._zod.def;
    const unwrap = () => {
        while (def && (def.type === 'optional' || def.type === 'pipe' || def.type === 'nullable'))
            def = (def.innerType ?? def.in)?._zod.def;
    };
    for (const segment of path) {
        unwrap();
        if (!def)
            return [];
        if (def.type === 'object')
            def = def.shape?.[String(segment)]?._zod.def;
        else if (def.type === 'array')
            def = def.element?._zod.def;
        else if (def.type === 'record')
            def = def.valueType?._zod.def;
        else
            return [];
    }
    unwrap();
    return def?.type === 'object' ? Object.keys(def.shape ?? {}) : [];
}
/** The lists whose items the rules count and compare: an item refused keeps its place as a stand-in. */
const LISTS = {
    // A path pair no other redirect has and no rule refuses.
    redirects: (index) => ({ type: 'page', from: `/set-aside-${index}`, to: `/set-aside-${index}-target` }),
    subprojects: (index) => ({ child: `set-aside-${index}` }),
};
/** How many rounds of setting aside before giving up (each removes what the last parse refused). */
const ROUNDS = 3;
/**
 * The document with what the schema refuses set aside: unknown keys removed, a refused value's key
 * removed, a refused item of `redirects` or `subprojects` replaced by a stand-in that keeps the
 * others' indices (their lines). Parsed again until it passes, at most `ROUNDS` times; undefined when
 * it still does not (or the document itself is no map).
 */
function setAside(data, issues, parse) {
    if (data === null || typeof data !== 'object' || Array.isArray(data))
        return undefined;
    const copy = structuredClone(data);
    let refused = issues;
    for (let round = 0; round < ROUNDS; round += 1) {
        for (const issue of refused) {
            if (!removeAt(copy, issue))
                return undefined;
        }
        const again = parse(copy);
        if (again.success)
            return again.data;
        refused = again.error.issues;
    }
    return undefined;
}
/** Sets aside what one issue refuses; false when it is the whole document. */
function removeAt(root, issue) {
    const path = issue.path.filter((segment) => typeof segment !== 'symbol');
    // An item of a list the rules compare is set aside whole, keeping its place: with a key removed
    // (`form` for `from`), the rules would only say again what is wrong with it ("needs `from`").
    if (standInFor(root, path))
        return true;
    if (issue.code === 'unrecognized_keys') {
        const holder = nodeAt(root, path);
        if (holder !== null && typeof holder === 'object')
            for (const key of issue.keys ?? [])
                delete holder[key];
        return true;
    }
    if (path.length === 0)
        return false;
    const key = path.at(-1);
    const holder = nodeAt(root, path.slice(0, -1));
    if (Array.isArray(holder)) {
        // An item of another list (`tags`): the whole list goes, with the key that holds it.
        return path.length > 1 ? removeAt(root, { code: 'custom', path: path.slice(0, -1) }) : false;
    }
    if (holder !== null && typeof holder === 'object')
        delete holder[String(key)];
    return true;
}
/** Replaces the item of `redirects` or `subprojects` that `path` is in by its stand-in; false when it is in none. */
function standInFor(root, path) {
    for (let at = 1; at < path.length; at += 1) {
        const list = LISTS[String(path[at - 1])];
        const index = path[at];
        const holder = nodeAt(root, path.slice(0, at));
        if (list && typeof index === 'number' && Array.isArray(holder)) {
            holder[index] = list(index);
            return true;
        }
    }
    return false;
}
/** The node at `path`, or undefined. */
function nodeAt(root, path) {
    let node = root;
    for (const segment of path) {
        if (node === null || typeof node !== 'object')
            return undefined;
        node = node[segment];
    }
    return node;
}

// EXTERNAL MODULE: ./lib/util/near-miss.js
var near_miss = __webpack_require__(6477);
// EXTERNAL MODULE: ./lib/util/plural.js
var plural = __webpack_require__(3960);
;// CONCATENATED MODULE: ./lib/operations/shared/project-file/file.js







/** Problems shown one by one; past this many, one more line says how many were left out. */
const MAX_PROBLEMS_SHOWN = 50;
class ConfigFileError extends Error {
    problems;
    /** How many problems were found in all (`problems` holds the first `MAX_PROBLEMS_SHOWN`, by line). */
    total;
    constructor(problems, total = problems.length) {
        const more = total - problems.length;
        super([
            ...problems.map((p) => `${p.file}:${p.line}: ${p.path ? `${p.path}: ` : ''}${p.message}`),
            ...(more > 0 ? [`… and ${(0,plural/* plural */.L)(more, 'more problem')} (the first ${problems.length} are shown)`] : []),
        ].join('\n'));
        this.problems = problems;
        this.name = 'ConfigFileError';
        this.total = total;
    }
}
/** `redirects[2].from`: the path as a user reads it. */
function keyPath(path) {
    let out = '';
    for (const segment of path)
        out += pathStep(segment, out === '');
    return out;
}
function pathStep(segment, first) {
    if (typeof segment === 'number')
        return `[${segment}]`;
    return /^[A-Za-z_][\w-]*$/.test(segment) ? `${first ? '' : '.'}${segment}` : `[${JSON.stringify(segment)}]`;
}
/**
 * Files over this size are refused before they are parsed. At this size the slowest files
 * measured (see docs/performance.md) are parsed and checked in under a second.
 */
const MAX_FILE_BYTES = 256 * 1024;
/**
 * At most this many aliases (`*name`) in a file: resolving one looks through the document for its
 * anchor, so many of them would cost time in the square of the file's size.
 */
const MAX_ALIASES = 50;
/** How deep the line index goes: the file's format is at most 6 keys deep (`projects.a.redirects[0].from`). */
const INDEX_DEPTH = 8;
/**
 * Parses and validates the file's text. `projects` are the `project` input's slugs: a file without
 * a `projects` map applies to each of them; `edition` is what the `base-url` input says about the
 * service. Every problem names the file, the line and the key path. Linear in the file's size:
 * the lines are indexed in one walk of the parsed document (which also finds keys given twice and
 * counts aliases), and only the first `MAX_PROBLEMS_SHOWN` problems are kept, the others counted.
 */
async function parseConfigFile(file, text, projects, options = {}) {
    const { data, lineAt } = await readDocument(file, text);
    const at = (path, message) => ({ file, line: lineAt(path), path: keyPath(path), message });
    const edition = options.edition ?? 'unknown';
    const parsed = model/* ConfigFileSchema */.Kx.safeParse(data);
    if (!parsed.success) {
        // The parts the schema takes are checked against the service's rules too: every problem in one run.
        const rest = setAside(data, parsed.error.issues, (again) => model/* ConfigFileSchema */.Kx.safeParse(again));
        const rules = rest === undefined ? [] : checkedProjects(rest, projects, at, edition).problems;
        return refuse(dedupe([...schemaProblems(file, parsed.error.issues, lineAt), ...rules]));
    }
    const { result, bases, problems, warnings, notices } = checkedProjects(parsed.data, projects, at, edition);
    if (problems.length > 0)
        refuse(dedupe(problems));
    const locate = (project, path) => at([...(bases.get(project) ?? []), ...path], '');
    return { projects: result, warnings: dedupe(warnings), notices: dedupe(notices), locate };
}
/** Each project's entry checked against the service's rules (and reported once when the file applies to several), and its desired state. */
function checkedProjects(config, projects, at, edition) {
    const problems = [];
    const warnings = [];
    const notices = [];
    const problem = (path, message) => problems.push(at(path, message));
    const warning = (path, message) => warnings.push(at(path, message));
    const notice = (path, message) => notices.push(at(path, message));
    const result = new Map();
    const bases = new Map();
    const checked = new Set();
    for (const [slug, project, base] of projectEntries(config, projects, problem)) {
        // A file without `projects` applies to every project of the input: checked (and reported) once.
        if (!checked.has(project))
            checkProject(project, base, { problem, warning, notice, edition });
        checked.add(project);
        result.set(slug, (0,normal_form/* normaliseProject */.WP)(project));
        bases.set(slug, base);
    }
    return { result, bases, problems, warnings, notices };
}
/** Refuses the file: its problems in the order of their lines, the first `MAX_PROBLEMS_SHOWN` shown, the rest counted. */
function refuse(problems) {
    const sorted = problems.sort((a, b) => a.line - b.line);
    throw new ConfigFileError(sorted.slice(0, MAX_PROBLEMS_SHOWN), sorted.length);
}
/**
 * The file's data, and where each of its keys is. Refused here: a file too large, one that is not
 * YAML, a key given twice in a map, too many aliases or aliases that expand too much.
 */
async function readDocument(file, text) {
    if (Buffer.byteLength(text, 'utf8') > MAX_FILE_BYTES) {
        throw new ConfigFileError([{ file, line: 1, path: '', message: `is larger than ${MAX_FILE_BYTES / 1024} KiB` }]);
    }
    const { LineCounter, parseDocument } = await __webpack_require__.e(/* import() */ 815).then(__webpack_require__.t.bind(__webpack_require__, 8815, 19));
    const lineCounter = new LineCounter();
    const lineOf = (offset) => (offset === undefined ? 1 : lineCounter.linePos(offset).line);
    // `uniqueKeys: false`: the library's own check compares each key of a map with every other one
    // (quadratic); keys given twice are found in the line index's walk instead.
    let doc;
    try {
        doc = parseDocument(text, { lineCounter, uniqueKeys: false, prettyErrors: false });
    }
    catch (error) {
        return refuse([{ file, line: 1, path: '', message: `cannot be read: ${(0,message_of/* messageOf */.b)(error).split('\n')[0]}` }]);
    }
    if (doc.errors.length > 0) {
        return refuse(doc.errors.map((error) => ({ file, line: lineOf(error.pos[0]), path: '', message: error.message.split('\n')[0] ?? 'not YAML' })));
    }
    const index = await indexLines(doc.contents, lineOf);
    if (index.duplicates.length > 0) {
        return refuse(index.duplicates.map(({ line, path }) => ({ file, line, path, message: 'this key is given twice in the same map' })));
    }
    if (index.aliases.length > MAX_ALIASES) {
        return refuse([
            {
                file,
                line: index.aliases[MAX_ALIASES],
                path: '',
                message: `${index.aliases.length} aliases (\`*name\`): a project file may use at most ${MAX_ALIASES}`,
            },
        ]);
    }
    try {
        // Aliases are resolved here: an unknown one, or one expanding too much (a "billion laughs" file), is refused.
        return { data: doc.toJS({ maxAliasCount: 50 }) ?? {}, lineAt: lineAtOf(index.lines) };
    }
    catch (error) {
        const message = (0,message_of/* messageOf */.b)(error).split('\n')[0] ?? '';
        return refuse([{ file, line: 1, path: '', message: `cannot be read: ${message}` }]);
    }
}
/** Finds a key path's line in the index (`lines`, by key path to `INDEX_DEPTH`), falling back on its parents'. */
function lineAtOf(lines) {
    return (path) => {
        const keys = [];
        let key = '';
        for (const segment of path.slice(0, INDEX_DEPTH)) {
            key += pathStep(segment, key === '');
            keys.push(key);
        }
        for (let depth = keys.length - 1; depth >= 0; depth -= 1) {
            const line = lines.get(keys[depth]);
            if (line !== undefined)
                return line;
        }
        return lines.get('') ?? 1;
    };
}
/** What the file's shape breaks, each on its line: an unknown key once per key. */
function schemaProblems(file, issues, lineAt) {
    const problems = [];
    for (const issue of issues) {
        const base = issue.path.filter((s) => typeof s !== 'symbol');
        if (issue.code === 'unrecognized_keys') {
            // One problem per key, each on its own line.
            for (const name of issue.keys) {
                const path = [...base, name];
                const near = (0,near_miss/* didYouMean */.a)(name, keysAt(model/* ConfigFileSchema */.Kx, base));
                problems.push({ file, line: lineAt(path), path: keyPath(path), message: `unknown key \`${name}\`${near}` });
            }
        }
        else {
            problems.push({ file, line: lineAt(base), path: keyPath(base), message: issueMessage(issue) });
        }
    }
    return problems;
}
/**
 * Each project's entry and where it is: the `projects` map's (each named in the `project` input),
 * or, without one, the whole file for every project of the input.
 */
function projectEntries(config, projects, problem) {
    const single = config.settings !== undefined ||
        config.redirects !== undefined ||
        config.subprojects !== undefined ||
        config.versions !== undefined ||
        config.version_policy !== undefined;
    if (config.projects === undefined)
        return projects.map((slug) => [slug, config, []]);
    if (single) {
        problem(['projects'], 'use either `projects` or `settings`/`redirects`/`subprojects`/`versions`/`version_policy` at the top, not both');
    }
    const entries = [];
    for (const [slug, project] of Object.entries(config.projects)) {
        if (!projects.includes(slug)) {
            problem(['projects', slug], `\`${slug}\` is not named in the input \`project\` (${projects.join(', ')})`);
        }
        entries.push([slug, project, ['projects', slug]]);
    }
    return entries;
}
/**
 * One walk of the document, iterative (no recursion to exhaust on a deep file): the line of every
 * key to `INDEX_DEPTH` (a map's entry is found at its key's line) and of every item of a list, by
 * key path; every key given twice in the same map; and the line of every alias. Each node is
 * visited once and each path is built from its parent's, so the walk is linear in the file's size.
 */
async function indexLines(root, lineOf) {
    const { isAlias, isMap, isPair, isScalar, isSeq } = await __webpack_require__.e(/* import() */ 815).then(__webpack_require__.t.bind(__webpack_require__, 8815, 19));
    const lines = new Map();
    const duplicates = [];
    const aliases = [];
    const rangeStart = (node) => node?.range?.[0];
    /** `path` is undefined past `INDEX_DEPTH`: the node is only looked into for aliases. */
    const stack = [{ node: root, path: '', depth: 0 }];
    lines.set('', lineOf(rangeStart(root)));
    while (stack.length > 0) {
        const { node, path, depth } = stack.pop();
        const indexed = path !== undefined && depth < INDEX_DEPTH ? path : undefined;
        if (isAlias(node))
            aliases.push(lineOf(rangeStart(node)));
        else if (isMap(node)) {
            const seen = new Set();
            for (const pair of node.items) {
                if (!isPair(pair))
                    continue;
                let childPath;
                if (isScalar(pair.key)) {
                    const name = String(pair.key.value);
                    const line = lineOf(rangeStart(pair.key));
                    if (indexed !== undefined) {
                        childPath = indexed + pathStep(name, indexed === '');
                        if (!lines.has(childPath))
                            lines.set(childPath, line);
                    }
                    if (seen.has(name))
                        duplicates.push({ line, path: childPath ?? '' });
                    seen.add(name);
                }
                else {
                    stack.push({ node: pair.key, path: undefined, depth: depth + 1 });
                }
                stack.push({ node: pair.value, path: childPath, depth: depth + 1 });
            }
        }
        else if (isSeq(node)) {
            node.items.forEach((item, i) => {
                const childPath = indexed === undefined ? undefined : `${indexed}[${i}]`;
                if (childPath !== undefined)
                    lines.set(childPath, lineOf(rangeStart(item)));
                stack.push({ node: item, path: childPath, depth: depth + 1 });
            });
        }
    }
    aliases.sort((a, b) => a - b);
    return { lines, duplicates, aliases };
}
/** zod/mini's messages are terse ("Invalid input"): say what the key accepts. */
function issueMessage(issue) {
    switch (issue.code) {
        case 'invalid_type':
            return `expected ${String(issue.expected)}`;
        case 'invalid_value':
            return `accepts ${(issue.values ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
        case 'too_big':
            return `too long: at most ${String(issue.maximum)}`;
        case 'invalid_union': {
            const values = (issue.errors ?? [])
                .flatMap((e) => (Array.isArray(e) ? e : []))
                .flatMap((i) => i.values ?? []);
            return values.length > 0 ? `accepts ${values.map((v) => JSON.stringify(v)).join(', ')}` : issue.message;
        }
        default:
            return issue.message;
    }
}
function dedupe(problems) {
    const seen = new Set();
    return problems.filter((p) => {
        const key = `${p.line}\u0000${p.path}\u0000${p.message}`;
        if (seen.has(key))
            return false;
        seen.add(key);
        return true;
    });
}


/***/ }),

/***/ 3431:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D7: () => (/* binding */ LEGACY_LANGUAGE),
/* harmony export */   Gh: () => (/* binding */ MAX_ANALYTICS_CODE),
/* harmony export */   S5: () => (/* binding */ YAML_PATH_FORBIDDEN),
/* harmony export */   Yj: () => (/* binding */ LANGUAGES),
/* harmony export */   _r: () => (/* binding */ MAX_HOMEPAGE),
/* harmony export */   c2: () => (/* binding */ PROGRAMMING_LANGUAGES),
/* harmony export */   tK: () => (/* binding */ MAX_YAML_PATH),
/* harmony export */   zB: () => (/* binding */ MAX_NAME)
/* harmony export */ });
/**
 * The values the service takes for a project's `language` and `programming_language` (FACTS.md:
 * "`language` and `programming_language` one of the service's choices"), as readthedocs.org lists
 * them. `zh` is still served for old projects but no longer accepted: `zh-cn` or `zh-tw`.
 */
const LANGUAGES = new Set(('aa ab acr af agu am ar as ay az ba be bg bh bi bn bo br ca caa cab cac cak co cs cy da de dz el en eo es et eu fa ' +
    'fi fj fo fr fy ga gd gl gn gu ha he hi hr hu hy ia id ie ik is it itz iu ixl ja jac jv ka kek kjb kk kl km kn knj ' +
    'ko ks ku ky la ln lo lt lv mam mg mi mk ml mn mop mr ms mt my na ne nl no oc om or pa pl pnb poc poh ps pt qu quc ' +
    'qum quv rm rn ro ru rw sa sd sg si sk skr sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt ' +
    'ttc tw tzj ug uk ur usp uz vi vo wo xh xin yi yo za zu es-mx nb-no pt-br uk-ua zh-cn zh-tw').split(' '));
/** Kept by the projects that have it, refused in a write: `zh-cn` or `zh-tw`. */
const LEGACY_LANGUAGE = 'zh';
const PROGRAMMING_LANGUAGES = new Set('c coffee cpp csharp css go groovy haskell java js julia lua objc other perl php py r ruby scala swift ts vb words'.split(' '));
/** FACTS: "`name` ≤ 63 characters; `analytics_code` ≤ 50; `homepage` a URL of at most 200". */
const MAX_NAME = 63;
const MAX_ANALYTICS_CODE = 50;
const MAX_HOMEPAGE = 200;
/** FACTS: "`readthedocs_yaml_path` [...] at most 1024 characters". */
const MAX_YAML_PATH = 1024;
/** FACTS: "`readthedocs_yaml_path` relative, without `..` or any of ``[]{}()`'"\%&<>|,``". */
const YAML_PATH_FORBIDDEN = '[]{}()`\'"\\%&<>|,';


/***/ })

};
