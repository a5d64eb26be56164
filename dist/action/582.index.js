export const id = 582;
export const ids = [582];
export const modules = {

/***/ 4582:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  pendingDescription: () => (/* binding */ pendingDescription),
  previewStep: () => (/* binding */ previewStep)
});

// EXTERNAL MODULE: ./lib/github/api/rest.js
var rest = __webpack_require__(1252);
// EXTERNAL MODULE: ./lib/github/api/client.js
var client = __webpack_require__(5225);
// EXTERNAL MODULE: ./node_modules/zod/v4/mini/schemas.js + 2 modules
var mini_schemas = __webpack_require__(5395);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/api.js + 1 modules
var api = __webpack_require__(3305);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/core.js
var core_core = __webpack_require__(8532);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/schemas.js + 2 modules
var core_schemas = __webpack_require__(1041);
;// CONCATENATED MODULE: ./node_modules/zod/v4/mini/iso.js


const ZodMiniISODateTime = /*@__PURE__*/ core_core/* $constructor */.xI("ZodMiniISODateTime", (inst, def) => {
    core_schemas/* $ZodISODateTime */.Ko.init(inst, def);
    mini_schemas/* ZodMiniStringFormat */.zUr.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function datetime(params) {
    return api/* _isoDateTime */.G1(ZodMiniISODateTime, params);
}
const ZodMiniISODate = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniISODate", (inst, def) => {
    core.$ZodISODate.init(inst, def);
    schemas.ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function date(params) {
    return core._isoDate(ZodMiniISODate, params);
}
const ZodMiniISOTime = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniISOTime", (inst, def) => {
    core.$ZodISOTime.init(inst, def);
    schemas.ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function time(params) {
    return core._isoTime(ZodMiniISOTime, params);
}
const ZodMiniISODuration = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniISODuration", (inst, def) => {
    core.$ZodISODuration.init(inst, def);
    schemas.ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function duration(params) {
    return core._isoDuration(ZodMiniISODuration, params);
}

// EXTERNAL MODULE: ./lib/reporting/markdown.js
var markdown = __webpack_require__(2817);
// EXTERNAL MODULE: ./lib/util/clip-middle.js
var clip_middle = __webpack_require__(8768);
;// CONCATENATED MODULE: ./lib/util/url.js
/**
 * Percent-encodes one URL path segment (or marker text) strictly: beyond encodeURIComponent,
 * `! ' ( ) *` too, so the result cannot end a Markdown link or an HTML comment early.
 */
function encodeSegment(segment) {
    return encodeURIComponent(segment).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

;// CONCATENATED MODULE: ./lib/operations/preview/comment-rows.js
/**
 * The rows of the preview comment (or PR description block): one per project. Several jobs share
 * one comment, so the rows travel inside the comment itself as base64 JSON in a hidden HTML
 * comment, written by {@link dataComment} and read back (as untrusted input) by {@link readRows}.
 */




const PREVIEW_STATUSES = [
    'building',
    'ready',
    'skipped',
    'superseded',
    'failed',
    'cancelled',
    'timed-out',
    'not-found',
    'error',
    'merged',
    'closed',
];
const PAGE_CHANGES = ['added', 'modified', 'deleted'];
/** The prefix of every hidden marker of the preview report (comment, data, description block). */
const MARKER_PREFIX = 'readthedocs-action:preview';
/** The hidden marker that identifies the comment of `header`: `<!-- readthedocs-action:preview:{header} -->`. */
function commentMarker(header) {
    return `<!-- ${MARKER_PREFIX}:${encodeSegment(header)} -->`;
}
/** The rows of `header` as a hidden HTML comment, read back by {@link readRows}. */
function dataComment(header, rows) {
    const payload = { version: 1, rows: rows.map(serialiseRow) };
    // base64 has no `-`, `>` or spaces, so the data can never close the HTML comment early.
    return `<!-- ${MARKER_PREFIX}-data:${encodeSegment(header)} ${Buffer.from(JSON.stringify(payload), 'utf8').toString('base64')} -->`;
}
function dataCommentPattern(header) {
    const escapedHeader = encodeSegment(header).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`<!-- ${MARKER_PREFIX}-data:${escapedHeader} ([A-Za-z0-9+/=]*) -->`);
}
function serialiseRow(row) {
    return {
        ...row,
        updatedAt: row.updatedAt.toISOString(),
        ...(row.brokenPages === undefined ? {} : { brokenPages: row.brokenPages.map(pageAsCells) }),
        ...(row.redirectedLinks === undefined ? {} : { redirectedLinks: row.redirectedLinks.map(redirectedAsCells) }),
    };
}
/**
 * A list item whose every text is a cell: cut to {@link CELL_LIMIT} as its code span shows it, in the
 * hidden state too (written and read back), so that neither half of the comment grows with a link's length.
 */
function redirectedAsCells(link) {
    return { ...asCells(link), redirect: asCells(link.redirect) };
}
function pageAsCells(page) {
    return {
        ...asCells(page),
        links: page.links.map((link) => ({ ...asCells(link), ...(link.source ? { source: asCells(link.source) } : {}) })),
    };
}
function asCells(item) {
    return Object.fromEntries(Object.entries(item).map(([key, value]) => [key, typeof value === 'string' ? (0,clip_middle/* clipMiddle */.e)(value, markdown/* CELL_LIMIT */.rX) : value]));
}
const storedProblemSchema = mini_schemas/* object */.Ikc({
    level: mini_schemas/* enum */.k5n(['warning', 'error']),
    file: mini_schemas/* optional */.lqM(mini_schemas/* string */.YjP().check(api/* _maxLength */.Eb(500))),
    line: mini_schemas/* optional */.lqM(mini_schemas/* int */.Whr().check(api/* _positive */.NC())),
    message: mini_schemas/* string */.YjP().check(api/* _maxLength */.Eb(1000)),
    new: mini_schemas/* optional */.lqM(mini_schemas/* literal */.euz(true)),
});
/** `item` parsed by `schema`, in a list of one, or none when it does not read back. */
function readsBack(schema, item) {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
}
/** A row's problems: one that does not read back is dropped, not its row (a failed row would vanish from the comment). */
function storedProblems() {
    return mini_schemas/* pipe */.FsL(mini_schemas/* array */.YOg(mini_schemas/* unknown */.L5J()).check(api/* _maxLength */.Eb(20)), mini_schemas/* transform */.pdi((items) => items.flatMap((item) => readsBack(storedProblemSchema, item))));
}
const storedBrokenLink = mini_schemas/* object */.Ikc({
    target: mini_schemas/* string */.YjP(),
    problem: mini_schemas/* string */.YjP(),
    text: mini_schemas/* optional */.lqM(mini_schemas/* string */.YjP()),
    source: mini_schemas/* optional */.lqM(mini_schemas/* object */.Ikc({ file: mini_schemas/* string */.YjP(), line: mini_schemas/* optional */.lqM(mini_schemas/* int */.Whr().check(api/* _positive */.NC())) })),
});
const storedRowSchema = mini_schemas/* object */.Ikc({
    project: mini_schemas/* string */.YjP(),
    status: mini_schemas/* enum */.k5n(PREVIEW_STATUSES),
    previewUrl: mini_schemas/* optional */.lqM(mini_schemas/* string */.YjP()),
    buildUrl: mini_schemas/* optional */.lqM(mini_schemas/* string */.YjP()),
    buildId: mini_schemas/* optional */.lqM(mini_schemas/* int */.Whr()),
    commit: mini_schemas/* string */.YjP(),
    updatedAt: mini_schemas/* pipe */.FsL(datetime(), mini_schemas/* transform */.pdi((value) => new Date(value))),
    reason: mini_schemas/* optional */.lqM(mini_schemas/* string */.YjP()),
    tail: mini_schemas/* optional */.lqM(mini_schemas/* string */.YjP()),
    problems: mini_schemas/* optional */.lqM(storedProblems()),
    moreProblems: mini_schemas/* optional */.lqM(mini_schemas/* int */.Whr()),
    pages: mini_schemas/* optional */.lqM(mini_schemas/* array */.YOg(mini_schemas/* object */.Ikc({
        file: mini_schemas/* string */.YjP(),
        url: mini_schemas/* string */.YjP(),
        change: mini_schemas/* optional */.lqM(mini_schemas/* enum */.k5n(PAGE_CHANGES)),
        before: mini_schemas/* optional */.lqM(mini_schemas/* string */.YjP()),
        earlierBuild: mini_schemas/* optional */.lqM(mini_schemas/* literal */.euz(true)),
    }))),
    morePages: mini_schemas/* optional */.lqM(mini_schemas/* int */.Whr()),
    projectId: mini_schemas/* optional */.lqM(mini_schemas/* int */.Whr()),
    runUrl: mini_schemas/* optional */.lqM(mini_schemas/* string */.YjP().check(api/* _maxLength */.Eb(500))),
    unredirected: mini_schemas/* optional */.lqM(mini_schemas/* array */.YOg(mini_schemas/* object */.Ikc({ file: mini_schemas/* string */.YjP(), from: mini_schemas/* string */.YjP(), to: mini_schemas/* optional */.lqM(mini_schemas/* string */.YjP()), entry: mini_schemas/* string */.YjP() })).check(api/* _maxLength */.Eb(100))),
    moreUnredirected: mini_schemas/* optional */.lqM(mini_schemas/* int */.Whr()),
    brokenPages: mini_schemas/* optional */.lqM(mini_schemas/* pipe */.FsL(mini_schemas/* array */.YOg(mini_schemas/* object */.Ikc({
        page: mini_schemas/* string */.YjP(),
        total: mini_schemas/* int */.Whr().check(api/* _nonnegative */.UI()),
        links: mini_schemas/* array */.YOg(storedBrokenLink).check(api/* _maxLength */.Eb(10)),
    }))
        .check(api/* _maxLength */.Eb(20)), mini_schemas/* transform */.pdi((pages) => pages.map(pageAsCells)))),
    moreBrokenPages: mini_schemas/* optional */.lqM(mini_schemas/* int */.Whr()),
    brokenCounts: mini_schemas/* optional */.lqM(mini_schemas/* partialRecord */.jgl(mini_schemas/* enum */.k5n(['page', 'anchor', 'image', 'resource', 'external']), mini_schemas/* int */.Whr().check(api/* _nonnegative */.UI()))),
    redirectedLinks: mini_schemas/* optional */.lqM(mini_schemas/* pipe */.FsL(mini_schemas/* array */.YOg(mini_schemas/* object */.Ikc({
        page: mini_schemas/* string */.YjP(),
        target: mini_schemas/* string */.YjP(),
        redirect: mini_schemas/* object */.Ikc({ type: mini_schemas/* string */.YjP(), from: mini_schemas/* string */.YjP(), to: mini_schemas/* optional */.lqM(mini_schemas/* string */.YjP()) }),
    }))
        .check(api/* _maxLength */.Eb(20)), mini_schemas/* transform */.pdi((links) => links.map(redirectedAsCells)))),
    moreRedirectedLinks: mini_schemas/* optional */.lqM(mini_schemas/* int */.Whr()),
    unreadPages: mini_schemas/* optional */.lqM(mini_schemas/* int */.Whr()),
    warnings: mini_schemas/* optional */.lqM(mini_schemas/* object */.Ikc({
        total: mini_schemas/* int */.Whr(),
        fixed: mini_schemas/* int */.Whr(),
        new: storedProblems(),
        moreNew: mini_schemas/* int */.Whr(),
        baseline: mini_schemas/* object */.Ikc({ build: mini_schemas/* int */.Whr(), version: mini_schemas/* string */.YjP().check(api/* _maxLength */.Eb(255)) }),
    })),
    failedChecks: mini_schemas/* optional */.lqM(mini_schemas/* array */.YOg(mini_schemas/* string */.YjP().check(api/* _maxLength */.Eb(markdown/* CELL_LIMIT */.rX))).check(api/* _maxLength */.Eb(5))),
});
/**
 * The rows stored in a comment or PR body by {@link dataComment} for `header`. Rows that do not
 * read back cleanly are dropped: the body may have been edited by hand.
 */
function readRows(body, header) {
    const encoded = body === undefined ? undefined : dataCommentPattern(header).exec(body)?.[1];
    if (encoded === undefined)
        return [];
    let payload;
    try {
        payload = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
    }
    catch {
        return [];
    }
    const storedRows = mini_schemas/* object */.Ikc({ rows: mini_schemas/* array */.YOg(mini_schemas/* unknown */.L5J()) }).safeParse(payload);
    if (!storedRows.success)
        return [];
    const rows = [];
    for (const candidate of storedRows.data.rows) {
        const parsed = storedRowSchema.safeParse(candidate);
        if (parsed.success)
            rows.push(withoutUndefined(parsed.data));
    }
    return rows;
}
function withoutUndefined(row) {
    return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined));
}
/**
 * The rows to show after this job's update: rows of other projects already in the comment stay
 * (in their place), rows of the same project are replaced, new projects are added at the end.
 */
function mergeRows(existingBody, header, rows) {
    const merged = new Map();
    for (const row of readRows(existingBody, header))
        merged.set(row.project, row);
    for (const row of rows)
        merged.set(row.project, row);
    return [...merged.values()];
}

;// CONCATENATED MODULE: ./lib/operations/preview/pr-description.js
/** The preview report as a marked block in the pull request's description (`comment: description`). */


function blockMarkers(header) {
    const name = encodeSegment(header);
    return { start: `<!-- ${MARKER_PREFIX}:${name}:start -->`, end: `<!-- ${MARKER_PREFIX}:${name}:end -->` };
}
/**
 * Puts `block` between start and end markers in a PR description (`comment: description`): the
 * first marked block of `header` is replaced, any further copies removed, and without one the
 * block is appended. Text outside the markers is left as it was, so applying it again changes nothing.
 */
function replaceMarkedBlock(description, header, block) {
    const { start, end } = blockMarkers(header);
    const marked = `${start}\n${block.trimEnd()}\n${end}`;
    let result = '';
    let rest = description;
    let placed = false;
    for (let endIndex = rest.indexOf(end); endIndex !== -1; endIndex = rest.indexOf(end)) {
        // Pair each end with the nearest start before it, so a start marker orphaned by a hand edit
        // never swallows the user's text; an end without a start is left where it is.
        const startIndex = rest.lastIndexOf(start, endIndex);
        result += startIndex === -1 ? rest.slice(0, endIndex + end.length) : rest.slice(0, startIndex) + (placed ? '' : marked);
        placed ||= startIndex !== -1;
        rest = rest.slice(endIndex + end.length);
    }
    result += rest;
    if (placed)
        return result;
    const trimmed = description.trimEnd();
    return trimmed === '' ? marked : `${trimmed}\n\n${marked}`;
}

// EXTERNAL MODULE: ./lib/reporting/broken-link.js
var broken_link = __webpack_require__(2242);
// EXTERNAL MODULE: ./lib/reporting/file-problems.js
var file_problems = __webpack_require__(9867);
;// CONCATENATED MODULE: ./lib/util/natural-order.js
/**
 * Paths in the order a reader expects: runs of digits compared as numbers (`page-2` before
 * `page-10`), then, for names equal that way, code unit order (so the order never depends on the
 * machine's locale and no two different paths compare equal).
 */
const COLLATOR = new Intl.Collator('en', { numeric: true, sensitivity: 'variant' });
function naturalCompare(a, b) {
    return COLLATOR.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

// EXTERNAL MODULE: ./lib/reporting/build-warnings.js
var build_warnings = __webpack_require__(2034);
;// CONCATENATED MODULE: ./lib/operations/preview/new-warnings.js



/** New warnings a row keeps; the job summary lists more, the `results` output all. */
const ROW_NEW_WARNINGS = 10;
/** The row's part: the first new warnings and the counts; nothing when the build added none (or was not compared). */
function rowWarnings(warnings) {
    if (warnings === undefined || warnings.baseline === null || warnings.new.length === 0)
        return {};
    const shown = warnings.new.slice(0, ROW_NEW_WARNINGS);
    return {
        warnings: {
            total: warnings.total,
            fixed: warnings.fixed,
            new: shown,
            moreNew: warnings.new.length - shown.length,
            baseline: { build: warnings.baseline.build, version: warnings.baseline.version },
        },
    };
}
/** How many new warnings a row tells (those listed and those counted). */
function rowNewWarnings(row) {
    return (row.warnings?.new.length ?? 0) + (row.warnings?.moreNew ?? 0);
}
/** The comment's section of a row's new warnings: the counts, each at its line (blob links at the row's commit), how many more. */
function newWarningsSection(row, repoUrl, runUrl) {
    const { warnings } = row;
    if (warnings === undefined)
        return '';
    const counts = (0,build_warnings/* comparedLine */.Ei)({ ...warnings, new: rowNewWarnings(row) });
    const lines = [`#### ${build_warnings/* NEW_WARNINGS_SECTION */.hn} (${(0,markdown/* escapeMarkdown */.FV)(row.project)})`, '', `${(0,markdown/* escapeMarkdown */.FV)(counts)}:`, ''];
    for (const item of (0,file_problems/* problemList */.gH)(warnings.new, 0, { repoUrl, commit: row.commit }))
        lines.push(item);
    if (warnings.moreNew > 0) {
        const summary = (0,markdown/* safeHttpUrl */.vH)(row.runUrl ?? runUrl) === undefined
            ? 'the job summary of this run'
            : (0,markdown/* markdownLink */.iQ)('the job summary of this run', row.runUrl ?? runUrl);
        lines.push(`- … and ${warnings.moreNew} more: ${summary} lists them`);
    }
    return lines.join('\n');
}

;// CONCATENATED MODULE: ./lib/operations/preview/changed-page-lines.js
/**
 * The changed pages as Markdown: one page's line (the comment's and the job summary's: its link,
 * what the service's file tree diff says of it, the page before and the service's visual diff),
 * and the comment's collapsed lists, one shared by the projects whose lists are the same (the
 * translations of one change).
 */

/** The query the service's addons read to highlight, on the page, what the pull request changed (its visual diff). */
const VISUAL_DIFF_QUERY = 'readthedocs-diff';
/** `url` with the service's visual diff on (`?readthedocs-diff=true`), or undefined when it is no http(s) URL. */
function visualDiffUrl(url) {
    if ((0,markdown/* safeHttpUrl */.vH)(url) === undefined)
        return undefined;
    const page = new URL(url);
    page.searchParams.set(VISUAL_DIFF_QUERY, 'true');
    return page.href;
}
/**
 * A changed page as a list item's text: `label` linked to the page, then what the service's file
 * tree diff says of it (new, removed), for a modified page its visual diff, and the page before.
 */
function changedPageLine(page, label) {
    const link = (text, url) => {
        const destination = (0,markdown/* safeHttpUrl */.vH)(url);
        return destination === undefined ? text : `[${text}](${destination})`;
    };
    switch (page.change) {
        case 'added':
            return `${link(label, page.url)} (new)`;
        case 'deleted':
            return `${label} (removed) · ${link('before', page.before ?? page.url)}`;
        case 'modified': {
            const diff = visualDiffUrl(page.url);
            const links = [link(label, page.url), ...(diff === undefined ? [] : [link('diff', diff)])];
            if (page.before !== undefined)
                links.push(link('before', page.before));
            return links.join(' · ');
        }
        default:
            return link(label, page.url);
    }
}
/**
 * The comment's collapsed lists of changed pages of `rows` (ready previews of the head commit):
 * one per distinct list, so projects with the same pages (a project's translations, built from one
 * change) share one, linked to the first one's pages.
 */
function changedPagesFolds(rows, runUrl) {
    const groups = new Map();
    for (const row of rows) {
        const pages = linkedPages(row);
        if (pages.length === 0)
            continue;
        const key = JSON.stringify([row.morePages ?? 0, pages.map((page) => [page.file, page.change ?? null, page.earlierBuild ?? false])]);
        groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    return [...groups.values()].flatMap((group) => changedPagesFold(group, runUrl));
}
/** A row's pages that can be linked. */
function linkedPages(row) {
    return (row.pages ?? []).filter((page) => (0,markdown/* safeHttpUrl */.vH)(page.url) !== undefined);
}
/** One collapsed list: the first row's pages, each linked, naming every project it stands for, and how many more the job summary lists. */
function changedPagesFold(rows, runUrl) {
    const [first, ...others] = rows;
    const pages = linkedPages(first);
    const count = pages.length + (first.morePages ?? 0);
    const earlier = pages.some((page) => page.earlierBuild) ? ' of an earlier build, not this push' : '';
    const from = pages.some((page) => page.change !== undefined) ? `, from Read the Docs' file tree diff${earlier}` : '';
    const who = others.length === 0 ? (0,markdown/* escapeHtml */.ZD)(first.project) : `${rows.length} projects: ${rows.map((row) => (0,markdown/* escapeHtml */.ZD)(row.project)).join(', ')}`;
    const lines = ['', `<details><summary>Changed pages in ${who} (${count}${from})</summary>`, ''];
    if (others.length > 0)
        lines.push(`The same pages in each; linked in ${(0,markdown/* escapeMarkdown */.FV)(first.project)}'s preview.`, '');
    for (const page of pages)
        lines.push(`- ${changedPageLine(page, (0,markdown/* codeSpan */.SS)(page.file, { inTable: false }))}`);
    if (first.morePages)
        lines.push(`- … and ${first.morePages} more: ${(0,markdown/* markdownLink */.iQ)('the job summary of this run', first.runUrl ?? runUrl)} lists them all`);
    lines.push('', '</details>');
    return lines;
}

// EXTERNAL MODULE: ./lib/operations/shared/builds/warnings/gate.js
var gate = __webpack_require__(3891);
// EXTERNAL MODULE: ./lib/operations/gates.js
var gates = __webpack_require__(9414);
;// CONCATENATED MODULE: ./lib/operations/preview/render-comment.js
/** The Markdown of the preview comment: a heading, one table row per project, reasons and changed pages. */










/** Each status's cell; `heading` when the heading should not just lower-case the label. */
const STATUS_LABELS = {
    building: { emoji: '⏳', label: 'Building' },
    ready: { emoji: '✅', label: 'Ready' },
    skipped: { emoji: '⏭️', label: 'Skipped' },
    // 🔀, not ⏩: beside ⏭️ the two look alike; ⏱️ for a timeout, not ⌛ beside ⏳ (the job summary's too).
    superseded: { emoji: '🔀', label: 'Superseded' },
    failed: { emoji: '❌', label: 'Failed' },
    cancelled: { emoji: '🚫', label: 'Cancelled' },
    'timed-out': { emoji: '⏱️', label: 'Timed out' },
    'not-found': { emoji: '❔', label: 'Not found' },
    error: { emoji: '⚠️', label: 'Error' },
    // The service keeps a closed pull request's preview and deletes it about 90 days later.
    merged: { emoji: '🟣', label: 'PR merged', heading: 'PR merged' },
    closed: { emoji: '⚪', label: 'PR closed', heading: 'PR closed' },
};
// The heading takes the first status present in this order: what needs attention first,
// then what is still moving, and "ready" only when everything is.
const HEADING_PRIORITY = [
    'failed',
    'error',
    'building',
    'timed-out',
    'cancelled',
    'not-found',
    'superseded',
    'skipped',
    'ready',
    'merged',
    'closed',
];
const REASON_LIMIT = 300;
const SHORT_REASON_LIMIT = 200;
/** The output tail in the comment: the last lines, trimmed from the top. */
const TAIL_LIMITS = { lines: 25, chars: 3_000 };
const SHORT_TAIL_LIMITS = { lines: 10, chars: 800 };
/**
 * The Markdown body of the preview comment for `header`, within `limit` once sent (GitHub's, or the
 * room a pull request's description leaves): whatever does not fit goes, in the body and its hidden
 * state alike, until only counts are left.
 */
function renderComment(args, limit = markdown/* GITHUB_BODY_LIMIT */.nY) {
    const fits = (body) => (0,markdown/* fitsGitHubBody */.yR)(body, limit);
    const full = render(args, { pages: true, reasonLimit: REASON_LIMIT, tail: TAIL_LIMITS });
    if (fits(full))
        return full;
    // Too long for GitHub: drop the page lists first, then shorten the reasons and output tails.
    const withoutPages = render({ ...args, rows: args.rows.map(({ pages: _pages, ...row }) => row) }, { pages: false, reasonLimit: REASON_LIMIT, tail: TAIL_LIMITS });
    if (fits(withoutPages))
        return withoutPages;
    const shortened = args.rows.map(({ pages: _pages, reason, tail, ...row }) => ({
        ...row,
        ...(reason === undefined ? {} : { reason: shortReason(reason, (tail ?? '').trim() !== '') }),
        ...(tail === undefined ? {} : { tail: (0,markdown/* outputTail */.ci)(tail, SHORT_TAIL_LIMITS) }),
    }));
    const short = render({ ...args, rows: shortened }, { pages: false, reasonLimit: SHORT_REASON_LIMIT, tail: SHORT_TAIL_LIMITS });
    if (fits(short))
        return short;
    // Last, counts and not rows: every list of a row (broken links, pages without a redirect, the
    // build's problems) as how many, which the job summary lists.
    return render({ ...args, rows: shortened.map(countsOnly) }, { pages: false, reasonLimit: SHORT_REASON_LIMIT, tail: undefined });
}
/** A row whose lists are only counted (`more…`), its output tail dropped. */
function countsOnly(row) {
    const { tail: _tail, unredirected, brokenPages, redirectedLinks, problems, ...kept } = row;
    const counted = (listed, more) => (listed?.length ?? 0) + (more ?? 0);
    const lost = counted(unredirected, row.moreUnredirected);
    const broken = counted(brokenPages, row.moreBrokenPages);
    const redirected = counted(redirectedLinks, row.moreRedirectedLinks);
    const problemCount = counted(problems, row.moreProblems);
    return {
        ...kept,
        ...(lost > 0 ? { moreUnredirected: lost } : {}),
        ...(broken > 0 ? { moreBrokenPages: broken } : {}),
        ...(redirected > 0 ? { moreRedirectedLinks: redirected } : {}),
        ...(problemCount > 0 ? { moreProblems: problemCount } : {}),
        ...(row.warnings ? { warnings: { ...row.warnings, new: [], moreNew: rowNewWarnings(row) } } : {}),
    };
}
function render(args, options) {
    const { header, headSha } = args;
    const repoUrl = (0,markdown/* safeHttpUrl */.vH)(args.repoUrl)?.replace(/\/+$/, '');
    // The stored rows keep their order (each job replaces its own in place); the reader sees failures first.
    const lines = [commentMarker(header), dataComment(header, args.rows), `### ${heading(args.rows, headSha)}`, ''];
    const rows = failuresFirst(args.rows);
    if (rows.length === 0)
        return lines.join('\n');
    // The commit is written out once, below the table; so is the time when every row has the same.
    const times = new Set(rows.map((row) => formatUpdated(row.updatedAt)));
    const timeColumn = times.size > 1;
    for (const line of tableLines(rows, headSha, timeColumn))
        lines.push(line);
    lines.push('');
    for (const line of footerLines(args, rows, repoUrl, timeColumn ? undefined : [...times][0]))
        lines.push(line);
    for (const line of detailLines(args, rows, options, repoUrl))
        lines.push(line);
    return `${lines.join('\n')}\n`;
}
/** Read the Docs' own comment on the pull request for a row's project, when the service wrote one. */
function serviceCommentOf(args, row) {
    return row.projectId === undefined ? undefined : args.serviceComments?.get(row.projectId);
}
/** Below the table: the commit (with the time every row shares, and the run), and Read the Docs' own comments. */
function footerLines(args, rows, repoUrl, time) {
    const lines = [];
    const commits = commitLines(rows, repoUrl);
    if (time !== undefined && time !== '—' && commits.length === 1)
        commits[0] += ` · updated ${time} UTC`;
    const run = (0,markdown/* safeHttpUrl */.vH)(args.runUrl) === undefined ? undefined : (0,markdown/* markdownLink */.iQ)('workflow run', args.runUrl);
    if (run !== undefined && commits.length === 1)
        commits[0] += ` · ${run}`;
    else if (run !== undefined) {
        if (commits.length > 0)
            commits.push('');
        commits.push(`Reported by the ${run}`);
    }
    for (const line of commits)
        lines.push(line);
    const linked = rows.filter((row) => (0,markdown/* safeHttpUrl */.vH)(serviceCommentOf(args, row)) !== undefined);
    if (linked.length > 0) {
        const links = linked.map((row) => (0,markdown/* markdownLink */.iQ)(row.project, serviceCommentOf(args, row))).join(' · ');
        lines.push('', `Read the Docs' own comment${linked.length > 1 ? 's' : ''} (changed files): ${links}`);
    }
    return lines;
}
/**
 * The rows' details, one kind after another: why a row is not ready, the pages moved without a
 * redirect, the links, the new warnings, the changed pages. A new kind of detail is one more block here.
 */
function detailLines(args, rows, options, repoUrl) {
    const { headSha } = args;
    const lines = [];
    for (const row of rows)
        for (const line of reasonLines(row, options, repoUrl))
            lines.push(line);
    // Projects that lose the same pages (one source tree, several projects) share one section.
    const unredirected = rows.filter((row) => shownUnredirected(row, headSha));
    for (const section of unredirectedSections(unredirected.map(unredirectedOfRow))) {
        lines.push('', section);
    }
    for (const section of linkSections(rows, { headSha, repoUrl, runUrl: args.runUrl }))
        lines.push('', section);
    // Input `warnings`: what a ready preview's build added, at its lines of the head commit.
    for (const row of rows.filter((row) => shownNewWarnings(row, headSha)))
        lines.push('', newWarningsSection(row, repoUrl, args.runUrl));
    if (options.pages) {
        // Links to pages of a preview that is not ready (or is outdated) would mislead; the service's
        // own comment lists them already.
        const listed = rows.filter((row) => readyAtHead(row, headSha) && serviceCommentOf(args, row) === undefined);
        for (const line of changedPagesFolds(listed, args.runUrl))
            lines.push(line);
    }
    return lines;
}
/** The table: a row per project, its status, its preview and its build (and when it was updated, when rows differ). */
function tableLines(rows, headSha, timeColumn) {
    const lines = [
        `| Project | Status | Preview | Build |${timeColumn ? ' Updated (UTC) |' : ''}`,
        `| --- | --- | --- | --- |${timeColumn ? ' --- |' : ''}`,
    ];
    for (const row of rows) {
        const outdated = headSha !== undefined && row.commit !== headSha;
        const cells = [
            (0,markdown/* escapeMarkdown */.FV)(row.project),
            statusCell(row) + (outdated ? ' (older commit)' : ''),
            row.status === 'ready' && !outdated && (0,markdown/* safeHttpUrl */.vH)(row.previewUrl) !== undefined ? (0,markdown/* markdownLink */.iQ)('Preview', row.previewUrl) : '—',
            buildCell(row),
        ];
        if (timeColumn)
            cells.push(formatUpdated(row.updatedAt));
        lines.push(`| ${cells.join(' | ')} |`);
    }
    return lines;
}
/**
 * A row's reason: its first line after the project's name, then the output tail (or the reason's
 * other lines) collapsed in a code block, trimmed from the top so that the last line stays whole.
 */
function reasonLines(row, options, repoUrl) {
    const reasonText = (row.reason ?? '').replace(/\r\n?/g, '\n').trim();
    if (reasonText === '' && (row.tail ?? '').trim() === '' && !row.problems?.length)
        return [];
    const [first = '', ...rest] = reasonText.split('\n');
    const log = (0,markdown/* safeHttpUrl */.vH)(row.buildUrl) === undefined ? '' : ` (${(0,markdown/* markdownLink */.iQ)('build log', row.buildUrl)})`;
    // Cut in the middle: the end ("exited with code 2") is what a reader needs.
    const line = first.trim() === '' ? 'see the output below' : (0,clip_middle/* clipMiddle */.e)(first.trim(), options.reasonLimit);
    const lines = ['', `- ${STATUS_LABELS[row.status].emoji} **${(0,markdown/* escapeMarkdown */.FV)(row.project)}**: ${(0,markdown/* escapeMarkdown */.FV)(line)}${log}`];
    // What to fix, unfolded: each warning on its line of the pull request's head.
    for (const item of (0,file_problems/* problemList */.gH)(row.problems ?? [], row.moreProblems ?? 0, { repoUrl, commit: row.commit }, '  '))
        lines.push(item);
    const more = (row.tail ?? '').trim() !== '' ? row.tail : rest.join('\n');
    if (options.tail === undefined || more.trim() === '')
        return lines;
    // The project is named in the line above: the summary holds no untrusted text.
    const summary = (row.tail ?? '').trim() !== '' ? 'Last lines of the output' : 'More about it';
    lines.push('', `<details><summary>${summary}</summary>`, '', (0,markdown/* fencedCode */.Vl)((0,markdown/* outputTail */.ci)(more, options.tail)), '', '</details>');
    return lines;
}
/**
 * The verdict: the leading status's emoji and every status counted, then what a reader must still
 * fix: a gate that turned a ready preview red says its words (`❌ … broken links: 3 pages, 2
 * anchors`, the row's cell too, the preview still linked); otherwise the build's warnings, pages
 * that lose their address and broken links (a ready preview with those is not "✅ ready": it says
 * how many, under ⚠️).
 */
function heading(rows, headSha) {
    if (rows.length === 0)
        return 'ℹ️ Read the Docs preview: nothing to report yet';
    const counts = new Map();
    for (const row of rows)
        counts.set(shownStatus(row), (counts.get(shownStatus(row)) ?? 0) + 1);
    const leading = HEADING_PRIORITY.find((status) => counts.has(status)) ?? 'ready';
    const words = (status) => STATUS_LABELS[status].heading ?? STATUS_LABELS[status].label.toLowerCase();
    const gated = rows.filter((row) => row.failedChecks?.length);
    // A gate's words stand for its row's notes: the rest are told of the other rows.
    const others = rows.filter((row) => !row.failedChecks?.length);
    const notes = [
        ...gated.map((row) => `${rows.length > 1 ? `${row.project}: ` : ''}${row.failedChecks.join('; ')}`),
        ...headingNotes(rows, others, headSha),
    ];
    const noted = notes.length > gated.length;
    const emoji = leading === 'ready' && noted ? '⚠️' : STATUS_LABELS[leading].emoji;
    const said = notes.length === 0 ? '' : ` · ${notes.join(' · ')}`;
    if (rows.length === 1 && gated.length === 1)
        return `${emoji} Read the Docs preview: ${notes.join(' · ')}`;
    if (rows.length === 1)
        return `${emoji} Read the Docs preview: ${words(leading)}${said}`;
    if (counts.size === 1)
        return `${emoji} Read the Docs previews: all ${rows.length} ${words(leading)}${said}`;
    const summary = HEADING_PRIORITY.filter((status) => counts.has(status))
        .map((status) => `${counts.get(status)} ${words(status)}`)
        .join(', ');
    return `${emoji} Read the Docs previews: ${summary}${said}`;
}
/** What the rows without a failed gate still have to fix, counted: the build's warnings, pages without a redirect, broken links, changed pages not read for links, new warnings. */
function headingNotes(rows, others, headSha) {
    const warnings = (0,file_problems/* problemCount */.bS)(rows.flatMap((row) => row.problems ?? []), rows.reduce((sum, row) => sum + (row.moreProblems ?? 0), 0));
    const unredirected = others.filter((row) => shownUnredirected(row, headSha));
    // Projects built from one source tree lose the same pages: each address counted once (the
    // unlisted ones once per distinct list).
    const listed = new Set(unredirected.flatMap((row) => (row.unredirected ?? []).map((page) => page.from))).size;
    const unlisted = new Map(unredirected.map((row) => [listKey(unredirectedOfRow(row)), row.moreUnredirected ?? 0]));
    const lost = listed + [...unlisted.values()].reduce((sum, more) => sum + more, 0);
    const broken = others.filter((row) => readyAtHead(row, headSha)).reduce((sum, row) => sum + brokenCount(row), 0);
    // Issue 50: a changed page the link check could not read is said, never passed over in silence.
    const unread = rows.filter((row) => readyAtHead(row, headSha)).reduce((sum, row) => sum + (row.unreadPages ?? 0), 0);
    const added = others.filter((row) => shownNewWarnings(row, headSha)).reduce((sum, row) => sum + rowNewWarnings(row), 0);
    return [
        warnings,
        lost === 0
            ? ''
            : `${lost} page${lost === 1 ? '' : 's'} moved or removed without a redirect${unredirected.length > 1 ? ` in ${unredirected.length} projects` : ''}`,
        broken === 0 ? '' : `${broken} broken link${broken === 1 ? '' : 's'}`,
        unread === 0 ? '' : `${unread} changed page${unread === 1 ? '' : 's'} not read for links`,
        added === 0 ? '' : (0,gate/* newWarningsCount */.lR)(added),
    ].filter((note) => note !== '');
}
/** The status a row is shown with: a ready preview that a gate turned red is counted with the failed ones. */
function shownStatus(row) {
    return row.status === 'ready' && row.failedChecks?.length ? 'failed' : row.status;
}
/** A ready preview of the head commit (any commit when the head is not known): what its findings are told of. */
function readyAtHead(row, headSha) {
    return row.status === 'ready' && (headSha === undefined || row.commit === headSha);
}
/** A row's broken links, counted. */
function brokenCount(row) {
    return (0,broken_link/* countOf */.pq)(row.brokenCounts ?? {});
}
function unredirectedOfRow(row) {
    return { project: row.project, pages: row.unredirected ?? [], more: row.moreUnredirected ?? 0 };
}
/** Whether the comment lists the row's new warnings (input `warnings`): a ready preview of the head commit. */
function shownNewWarnings(row, headSha) {
    return row.status === 'ready' && rowNewWarnings(row) > 0 && (headSha === undefined || row.commit === headSha);
}
/** Whether the comment tells the row's pages without a redirect (listed or counted): a ready preview of the head commit. */
function shownUnredirected(row, headSha) {
    const lost = (row.unredirected?.length ?? 0) + (row.moreUnredirected ?? 0);
    return row.status === 'ready' && lost > 0 && (headSha === undefined || row.commit === headSha);
}
/** The rows in the order of {@link previewOrder}: what needs attention first, then by name. */
function failuresFirst(rows) {
    return [...rows].sort(previewOrder);
}
/**
 * The order a reader sees projects in, the comment's and the job summary's: by status as shown
 * (a ready preview a gate failed is failed) in the order of {@link HEADING_PRIORITY} (what needs
 * attention first), then by name in natural order (the stored rows come in the order their jobs ended).
 */
function previewOrder(a, b) {
    const rank = (row) => HEADING_PRIORITY.indexOf(shownStatus(row));
    return rank(a) - rank(b) || naturalCompare(a.project, b.project);
}
/** `✅ Ready`, or for a ready preview a gate turned red, `❌` and the gate's words: `❌ Broken links: 3 to pages, 2 to anchors`. */
function statusCell(row) {
    if (row.status === 'ready' && row.failedChecks?.length)
        return `${STATUS_LABELS.failed.emoji} ${(0,markdown/* escapeMarkdown */.FV)((0,gates/* gateWords */.DO)(row.failedChecks))}`;
    const { emoji, label } = STATUS_LABELS[row.status];
    return `${emoji} ${label}`;
}
function buildCell(row) {
    const label = row.buildId === undefined ? 'build log' : `#${row.buildId}`;
    if ((0,markdown/* safeHttpUrl */.vH)(row.buildUrl) !== undefined)
        return (0,markdown/* markdownLink */.iQ)(label, row.buildUrl);
    // No build to link yet: the run that is waiting for one shows what it sees.
    if (row.buildId === undefined && row.status === 'building' && (0,markdown/* safeHttpUrl */.vH)(row.runUrl) !== undefined)
        return (0,markdown/* markdownLink */.iQ)('run', row.runUrl);
    return row.buildId === undefined ? '—' : (0,markdown/* escapeMarkdown */.FV)(label);
}
/** `text` linked to the workflow run, when it is known. */
function runLink(runUrl, text) {
    return (0,markdown/* safeHttpUrl */.vH)(runUrl) === undefined ? (0,markdown/* escapeMarkdown */.FV)(text) : (0,markdown/* markdownLink */.iQ)(text, runUrl);
}
function isSha(commit) {
    return /^[0-9a-f]{7,64}$/i.test(commit);
}
/** The commits, written out once below the table: 7 characters, linked to the full one (narrow screens). */
function commitLines(rows, repoUrl) {
    const fullCommit = (commit) => {
        const code = (0,markdown/* codeSpan */.SS)(isSha(commit) ? commit.slice(0, 7) : commit, { inTable: false });
        return repoUrl !== undefined && isSha(commit) ? `[${code}](${repoUrl}/commit/${commit})` : code;
    };
    const commits = [...new Set(rows.map((row) => row.commit).filter((commit) => commit !== ''))];
    if (commits.length === 0)
        return [];
    if (commits.length === 1)
        return [`Commit: ${fullCommit(commits[0])}`];
    return [
        'Commits:',
        ...rows.filter((row) => row.commit !== '').map((row) => `- ${(0,markdown/* escapeMarkdown */.FV)(row.project)}: ${fullCommit(row.commit)}`),
    ];
}
function formatUpdated(date) {
    if (Number.isNaN(date.getTime()))
        return '—';
    const iso = date.toISOString();
    return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}
/**
 * A reason as the rows keep it when the comment must shrink: its first line cut in the middle, and
 * its other lines (shown only when there is no output tail) bounded like a tail.
 */
function shortReason(reason, hasTail) {
    const [first = '', ...rest] = reason.replace(/\r\n?/g, '\n').trim().split('\n');
    const line = (0,clip_middle/* clipMiddle */.e)(first.trim(), SHORT_REASON_LIMIT);
    const more = rest.join('\n');
    return hasTail || more.trim() === '' ? line : `${line}\n${(0,markdown/* outputTail */.ci)(more, SHORT_TAIL_LIMITS)}`;
}
/** The title of the `redirect-check` section, in the comment and the job summary. */
const UNREDIRECTED_TITLE = 'Pages moved or removed without a redirect';
/**
 * The sections listing the pages that lose their address, one per distinct list: projects that
 * lose the same pages (one source tree built as several projects) share theirs.
 */
function unredirectedSections(projects) {
    const groups = new Map();
    for (const { project, pages, more = 0 } of projects) {
        const key = listKey({ pages, more });
        const group = groups.get(key);
        if (group)
            group.names.push(project);
        else
            groups.set(key, { names: [project], pages, more });
    }
    return [...groups.values()].map(({ names, pages, more }) => unredirectedSection(names, pages, more));
}
/** Projects with the same key lose the same pages: one section, each address counted once. */
function listKey({ pages, more = 0 }) {
    return JSON.stringify([more, pages.map((page) => [page.file, page.from, page.to ?? null, page.entry])]);
}
/**
 * The section of the pages that lose their address (of one project, or of several that lose the
 * same): how many, then the entries to paste under `redirects:` in one YAML block (its fence
 * cannot be closed by a path), in natural order.
 */
function unredirectedSection(projects, pages, unlisted) {
    // The YAML block is the list: each entry names the old address, the new one and the file (said once).
    const shown = [...pages].sort((a, b) => naturalCompare(a.from, b.from)).slice(0, 50);
    const names = typeof projects === 'string' ? [projects] : projects;
    const who = names.length > 1 ? `${names.length} projects: ${names.map(markdown/* escapeMarkdown */.FV).join(', ')}` : (0,markdown/* escapeMarkdown */.FV)(names[0] ?? '');
    const each = names.length > 1 ? ' of each' : '';
    const total = pages.length + unlisted;
    const count = `${total} page${total === 1 ? '' : 's'} lose${total === 1 ? 's' : ''} ${total === 1 ? 'its' : 'their'} address`;
    const more = total > shown.length ? ` (the first ${shown.length} below)` : '';
    if (shown.length === 0)
        return [`#### ${UNREDIRECTED_TITLE} (${who})`, '', `${count}: the job summary of this run lists them, with the entries to paste.`].join('\n');
    return [
        `#### ${UNREDIRECTED_TITLE} (${who})`,
        '',
        `${count}${more}. Add under \`redirects:\` in the project file${each} (\`apply\`), or as page redirects in the project's settings:`,
        '',
        (0,markdown/* fencedCode */.Vl)(shown.map((page) => page.entry).join('\n'), 'yaml'),
    ].join('\n');
}
/** `link-check`'s sections of the ready rows of the head commit: their broken links, and those a redirect keeps working. */
function linkSections(rows, at) {
    const sections = [];
    for (const row of rows) {
        if (row.status !== 'ready' || (at.headSha !== undefined && row.commit !== at.headSha))
            continue;
        const run = row.runUrl ?? at.runUrl;
        if (brokenCount(row) > 0)
            sections.push(brokenLinksSection(row, at.repoUrl, run));
        if (row.redirectedLinks?.length || row.moreRedirectedLinks)
            sections.push(redirectedLinksSection(row.project, row.redirectedLinks ?? [], row.moreRedirectedLinks, run));
    }
    return sections;
}
/** The title of the `link-check` section, in the comment and the job summary (and a failed project's). */
const BROKEN_LINKS_TITLE = 'Broken links';
/** The title of the redirected links' section (`link-check`), in the comment and the job summary... */
const REDIRECTED_LINKS_TITLE = 'Links kept working by redirects';
/** ...and what it says of them. */
const REDIRECTED_LINKS_INTRO = "These answer 404 on the preview, which applies no redirects (Read the Docs applies the project's redirects on the public docs " +
    'only); in production a redirect of the project sends each one on, so they are not counted as broken. Linking the new address spares readers the redirect:';
/** The section listing a project's first links that a redirect keeps working, each with the redirect, and how many more the job summary lists. */
function redirectedLinksSection(project, links, more, runUrl) {
    return [
        `#### ${REDIRECTED_LINKS_TITLE} (${(0,markdown/* escapeMarkdown */.FV)(project)})`,
        '',
        REDIRECTED_LINKS_INTRO,
        '',
        ...links.map((link) => `- ${redirectedLinkMarkdown(link)}`),
        ...(more ? [`- … and ${more} more: ${runLink(runUrl, 'the job summary of this run')} lists them all`] : []),
    ].join('\n');
}
/** `page` → `target`: works in production through the page redirect `/old.html` → `/new.html` (the comment's and the job summary's line). */
function redirectedLinkMarkdown(link) {
    const { type, from, to } = link.redirect;
    const where = to ? ` → ${(0,markdown/* codeSpan */.SS)(to, { inTable: false })}` : '';
    const head = `${(0,markdown/* codeSpan */.SS)(link.page, { inTable: false })} → ${(0,markdown/* codeSpan */.SS)(link.target, { inTable: false })}`;
    return `${head}: works in production through the ${(0,markdown/* escapeMarkdown */.FV)(type)} redirect ${(0,markdown/* codeSpan */.SS)(from || '/', { inTable: false })}${where}`;
}
/**
 * The section of a project's broken links, grouped by page: its first pages, each linked on the
 * preview, with its first links (at the line of the pull request that writes each, its text), and
 * how many more the job summary lists.
 */
function brokenLinksSection(row, repoUrl, runUrl) {
    const counts = row.brokenCounts ?? {};
    const pages = (row.brokenPages ?? []).map((page) => ({ ...page, url: (0,broken_link/* pageOnSite */.i_)(row.previewUrl, page.page) }));
    const elsewhere = `: ${runLink(runUrl, 'the job summary of this run')} lists them`;
    const total = (0,broken_link/* countOf */.pq)(counts);
    const list = pages.length === 0
        ? [`- ${total} broken link${total === 1 ? '' : 's'}${elsewhere} all`]
        : (0,broken_link/* listedPagesMarkdown */.pU)(pages, { links: { repoUrl, commit: row.commit }, morePages: row.moreBrokenPages ?? 0, elsewhere });
    return [`#### ${BROKEN_LINKS_TITLE} (${(0,markdown/* escapeMarkdown */.FV)(row.project)}): ${(0,markdown/* escapeMarkdown */.FV)((0,broken_link/* kindWords */.Gk)(counts))}`, '', ...list].join('\n');
}

;// CONCATENATED MODULE: ./lib/operations/preview/service-comment.js
/**
 * The service's app accounts, lower case: Read the Docs' GitHub App posts as `readthedocs[bot]`.
 * Any other app can post the marker (an App installed on the repository, a workflow's token): only
 * these speak for the service.
 */
const SERVICE_APP_LOGINS = new Set(['readthedocs[bot]']);
/** Anchored, bounded: linear whatever the body holds. */
const SERVICE_MARKER = /^<!-- readthedocs-(\d{1,15}) -->/;
/** The commit the overview compares; the search is bounded to the body's start (the line is near the top). */
const COMPARED_COMMIT = /Comparing ([0-9a-fA-F]{7,40}) against/;
const COMPARED_SEARCH_CHARS = 4096;
/**
 * The service's comments among `comments`, by project id (the oldest per project). Only a Bot-type
 * account among {@link SERVICE_APP_LOGINS} counts, never the token's own account: a copy of the
 * marker by anyone else (another app included) is ignored.
 */
function serviceComments(comments, ownLogin) {
    const found = new Map();
    const own = ownLogin.toLowerCase();
    for (const comment of [...comments].sort((a, b) => a.id - b.id)) {
        const user = comment.user;
        if (user?.type !== 'Bot')
            continue;
        const login = user.login.toLowerCase();
        if (!SERVICE_APP_LOGINS.has(login) || login === own)
            continue;
        const body = comment.body ?? '';
        const match = SERVICE_MARKER.exec(body);
        const projectId = match ? Number(match[1]) : undefined;
        if (projectId === undefined || found.has(projectId))
            continue;
        const compared = COMPARED_COMMIT.exec(body.slice(0, COMPARED_SEARCH_CHARS));
        found.set(projectId, { id: comment.id, commit: compared ? compared[1].toLowerCase() : undefined });
    }
    return found;
}
/** Whether the service's comment is about `headSha` (its compared commit, full or abbreviated, is the head's). */
function isAboutCommit(comment, headSha) {
    return comment.commit !== undefined && headSha.toLowerCase().startsWith(comment.commit);
}

// EXTERNAL MODULE: ./lib/github/sticky-comment.js
var sticky_comment = __webpack_require__(4156);
// EXTERNAL MODULE: ./lib/github/token-identity.js
var token_identity = __webpack_require__(1133);
// EXTERNAL MODULE: ./lib/util/message-of.js
var message_of = __webpack_require__(485);
;// CONCATENATED MODULE: ./lib/operations/preview/preview-publisher.js










/** Repository permissions (collaborators permission endpoint) that may write the description's rows. */
const WRITE_PERMISSIONS = new Set(['admin', 'maintain', 'write']);
/**
 * Reports previews on the pull request: one sticky comment (or a block in the description) that
 * every write re-reads and merges into, and a commit status per project. GitHub is where the
 * result is shown, not the work itself: a refusal (fork PRs get a read-only token) or a fault
 * becomes one warning per kind and a note for the summary, never a failed step. Only a refusal
 * stops further writes of its kind: after a fault the next write tries again, so the comment and
 * the status still reach their final state (a comment whose answer was lost is found by its marker).
 */
class PreviewPublisher {
    options;
    /** Said in the job summary: what could not be posted, and why. */
    notes = [];
    /** Where the report was written (the comment, or the pull request for its description). */
    location;
    /** With `comment: auto`, the service's own comment that reports every project instead of the action's. */
    handedOverTo;
    rows = new Map();
    queue = Promise.resolve();
    dirty = false;
    commentsOff = false;
    statusesOff = false;
    warned = new Set();
    /** The token's own account: only its comments are ours. */
    identity;
    /** Whether a login may write to the repository, asked once per login. */
    writers = new Map();
    constructor(options) {
        this.options = options;
        this.identity = options.identity ?? new token_identity/* TokenIdentity */.u(options.debug);
    }
    /** Sets rows (one per project) and writes the comment; writes are serialised and coalesced. */
    publish(rows) {
        const { runUrl } = this.options;
        for (const row of rows)
            this.rows.set(row.project, runUrl === undefined ? row : { ...row, runUrl });
        if (this.options.mode === 'none' || this.commentsOff)
            return this.queue;
        this.dirty = true;
        this.queue = this.queue.then(async () => {
            if (!this.dirty || this.commentsOff)
                return;
            this.dirty = false;
            try {
                const gh = await this.options.github();
                if (!gh)
                    return;
                if (this.options.mode === 'description')
                    await this.writeDescription(gh, [...this.rows.values()]);
                else
                    await this.writeComment(gh, [...this.rows.values()]);
            }
            catch (error) {
                if (isRefusal(error))
                    this.commentsOff = true;
                const where = this.options.mode === 'description' ? 'PR description' : 'PR comment';
                this.warnOnce('comment', error, `The ${where} could not be written`, 'pull-requests: write');
            }
        });
        return this.queue;
    }
    /** Sets the commit status of `project` on the head commit. */
    async status(project, state, description, targetUrl) {
        if (this.statusesOff)
            return;
        try {
            const gh = await this.options.github();
            if (!gh)
                return;
            await (0,rest/* createCommitStatus */.I8)(gh, this.options.headSha, {
                state,
                context: statusContext(project),
                description,
                ...(targetUrl === undefined ? {} : { targetUrl }),
            });
            this.options.debug(`status ${statusContext(project)}: ${state} (${description})`);
        }
        catch (error) {
            if (this.statusesOff)
                return;
            if (isRefusal(error))
                this.statusesOff = true;
            this.warnOnce('status', error, 'The commit status could not be set', 'statuses: write');
        }
    }
    /**
     * Only comments written by the token's own account are adopted, merged or edited: anyone, a
     * repository member included, can post a copy of the comment with rows of their own. Rows of
     * every copy survive (another job's row may be only in its copy); ours win. Rows of a project
     * whose Read the Docs' own comment is about the head commit link to it and leave it the changed
     * files. With `auto`, the action hands over (its comment is not posted, and one posted before is
     * removed) only when every row is ready at the head commit and the service's comment of every
     * project is about that commit: the service writes its comment only after a successful build, so
     * after a failed push it still shows the older, green one, and ours must say what happened. The
     * service's comment is never edited.
     */
    async writeComment(gh, rows) {
        const { pr, header, headSha } = this.options;
        const withIds = await Promise.all(rows.map(async (row) => withProjectId(row, await this.options.projectId?.(row.project))));
        // Asked once and kept: the same call keepStickyComment makes.
        const ownLogin = await this.identity.login(gh);
        let handedOver;
        const write = await (0,sticky_comment/* keepStickyComment */.I)(gh, {
            issue: pr,
            marker: commentMarker(header),
            identity: this.identity,
            render: (own, all) => {
                // Only the service's comments about the head commit report it: an older one shows an older build.
                const service = new Map([...serviceComments(all, ownLogin)]
                    .filter(([, comment]) => isAboutCommit(comment, headSha))
                    .map(([project, comment]) => [project, this.commentUrl(comment.id)]));
                let shown = withIds;
                if (own.length > 0) {
                    const [keep, ...duplicates] = own;
                    const others = duplicates.flatMap((comment) => readRows(comment.body ?? undefined, header));
                    shown = mergeRows(keep.body ?? undefined, header, [...others, ...withIds]);
                }
                const reported = shown.map((row) => row.status === 'ready' && row.commit.toLowerCase() === headSha.toLowerCase() && row.projectId !== undefined
                    ? service.get(row.projectId)
                    : undefined);
                // A row with something to tell (broken links, links kept working by a redirect, pages without a redirect, new warnings) keeps the action's comment.
                const tells = shown.some((row) => Boolean(row.brokenCounts ||
                    row.failedChecks?.length ||
                    row.unreadPages ||
                    row.redirectedLinks?.length ||
                    row.unredirected?.length ||
                    row.moreUnredirected ||
                    row.warnings?.new.length ||
                    row.warnings?.moreNew));
                if (this.options.mode === 'auto' && shown.length > 0 && !tells && reported.every((url) => url !== undefined)) {
                    handedOver = reported[0];
                    return undefined;
                }
                return this.render(shown, service);
            },
        });
        this.handedOverTo = handedOver;
        if (write.id === undefined) {
            this.location = undefined;
            this.options.info(write.deleted.length > 0
                ? "Read the Docs' own comment now reports every project ready at the head commit: the action's comment is removed (`comment: auto`)"
                : "Read the Docs' own comment reports every project ready at the head commit: no comment of the action's (`comment: auto`)");
            return;
        }
        if (write.created !== undefined)
            this.options.info(`Posted the preview comment: ${this.commentUrl(write.created)}`);
        this.location = this.commentUrl(write.id);
        if (write.updated)
            this.options.info(`Updated the preview comment: ${this.commentUrl(write.id)}`);
        for (const id of write.deleted)
            this.options.debug(`deleted duplicate preview comment ${id}`);
    }
    async writeDescription(gh, rows) {
        const { pr, header } = this.options;
        const pull = await (0,rest/* getPullRequest */.T9)(gh, pr);
        const current = pull.body ?? '';
        // The description is its author's: rows kept from it must be of someone who may write to the
        // repository (a fork's author could plant a row with a link of their choosing).
        const trusted = await this.mayWrite(gh, pull.user?.login);
        // The author's text stays as written: the block gets the room it leaves under GitHub's limit.
        const room = markdown/* GITHUB_BODY_LIMIT */.nY - replaceMarkedBlock(current, header, '').length;
        const block = this.render(mergeRows(trusted ? current : undefined, header, rows), undefined, room);
        const updated = replaceMarkedBlock(current, header, block);
        this.location = `${this.options.repoUrl}/pull/${pr}`;
        if (updated === current)
            return;
        await (0,rest/* updatePullRequestBody */.dq)(gh, pr, updated);
        this.options.info(`Updated the preview block in the description of pull request #${pr}`);
    }
    /** Whether `login` has at least `write` permission on the repository (asked, never guessed). */
    async mayWrite(gh, login) {
        if (!login)
            return false;
        let may = this.writers.get(login);
        if (may === undefined) {
            try {
                may = WRITE_PERMISSIONS.has(await (0,rest/* getCollaboratorPermission */.IR)(gh, login));
            }
            catch (error) {
                this.options.debug(`permission of the pull request's author unknown (${(0,message_of/* messageOf */.b)(error)}): its rows are not kept`);
                may = false;
            }
            this.writers.set(login, may);
        }
        return may;
    }
    render(rows, serviceComments, limit) {
        return renderComment({
            header: this.options.header,
            rows,
            repoUrl: this.options.repoUrl,
            headSha: this.options.headSha,
            ...(this.options.runUrl === undefined ? {} : { runUrl: this.options.runUrl }),
            ...(serviceComments ? { serviceComments } : {}),
        }, limit);
    }
    commentUrl(id) {
        return `${this.options.repoUrl}/pull/${this.options.pr}#issuecomment-${id}`;
    }
    warnOnce(kind, error, what, permission) {
        if (this.warned.has(kind))
            return;
        this.warned.add(kind);
        const message = (0,message_of/* messageOf */.b)(error);
        const refused = isRefusal(error);
        const text = refused
            ? `${what}: GitHub refused it (403). Pull requests from forks get a read-only token; otherwise give the job \`permissions: ${permission}\`. ` +
                `The summary and outputs still carry the preview. (${message})`
            : `${what}: ${message}`;
        this.options.warning(text, refused ? 'GitHub refused the report' : 'GitHub report failed');
        this.notes.push(text);
    }
}
function withProjectId(row, projectId) {
    return projectId === undefined ? row : { ...row, projectId };
}
function isRefusal(error) {
    return error instanceof client/* GitHubError */.y_ && error.refused;
}
function statusContext(project) {
    return `readthedocs-preview/${project}`;
}

// EXTERNAL MODULE: ./lib/inputs/inputs.js
var inputs = __webpack_require__(8864);
// EXTERNAL MODULE: ./lib/readthedocs/errors.js
var errors = __webpack_require__(1833);
// EXTERNAL MODULE: ./lib/reporting/service-links.js
var service_links = __webpack_require__(5501);
// EXTERNAL MODULE: ./lib/util/untrusted-text.js
var untrusted_text = __webpack_require__(9052);
// EXTERNAL MODULE: ./lib/operations/run-projects.js + 1 modules
var run_projects = __webpack_require__(5120);
// EXTERNAL MODULE: ./lib/operations/shared/builds/follow-commit.js
var follow_commit = __webpack_require__(1467);
// EXTERNAL MODULE: ./lib/operations/shared/builds/skipped-by-rule.js
var skipped_by_rule = __webpack_require__(7481);
// EXTERNAL MODULE: ./lib/operations/shared/builds/watch-build.js + 5 modules
var watch_build = __webpack_require__(1566);
// EXTERNAL MODULE: ./lib/util/bounded-body.js
var bounded_body = __webpack_require__(7410);
;// CONCATENATED MODULE: ./lib/operations/preview/deployments.js





/** The payload key that marks a deployment as this action's, with the PR and project it is for. */
const PAYLOAD_KEY = 'readthedocs-action';
/**
 * GitHub deployments of the previews: one per project on the PR's head commit, transient and not
 * production, reused by a re-run for the same head. GitHub is reporting here, never the work: a
 * refusal (no `deployments: write`, a fork's read-only token) is said once and ends the reporting.
 */
class PreviewDeployments {
    options;
    ids = new Map();
    disabled;
    constructor(options) {
        this.options = options;
        this.disabled = !options.enabled;
    }
    environmentOf(project) {
        return this.options.environment.replaceAll('{project}', project);
    }
    /** Finds or makes the project's deployment on the head commit and marks it `in_progress`. */
    start(project, logUrl) {
        return this.update(project, 'in_progress', 'Read the Docs is building the preview', { logUrl });
    }
    /** The final status: `success` with the verified preview URL, else `failure` or `error`; `inactive` when a newer commit took over. */
    finish(project, state, description, urls) {
        return this.update(project, state, description, urls);
    }
    /** The PR closed: every deployment of this PR in the projects' environments becomes `inactive`. */
    async deactivate(projects, description) {
        let count = 0;
        for (const project of projects) {
            if (this.disabled)
                break;
            await this.guard(async (gh) => {
                const mine = await this.ours(gh, await (0,rest/* listDeployments */.Jn)(gh, { environment: this.environmentOf(project) }), project);
                for (const deployment of mine) {
                    await (0,rest/* createDeploymentStatus */.gt)(gh, deployment.id, { state: 'inactive', description });
                    count += 1;
                }
            });
        }
        return count;
    }
    async update(project, state, description, urls) {
        if (this.disabled)
            return;
        const id = await this.deploymentId(project);
        if (id === undefined || this.disabled)
            return;
        await this.guard((gh) => (0,rest/* createDeploymentStatus */.gt)(gh, id, {
            state,
            description: (0,untrusted_text/* safeLine */.om)(description, 140),
            ...(urls.environmentUrl === undefined ? {} : { environmentUrl: urls.environmentUrl }),
            ...(urls.logUrl === undefined ? {} : { logUrl: urls.logUrl }),
        }));
    }
    deploymentId(project) {
        let id = this.ids.get(project);
        if (!id) {
            id = this.guard(async (gh) => {
                const environment = this.environmentOf(project);
                const [existing] = await this.ours(gh, await (0,rest/* listDeployments */.Jn)(gh, { sha: this.options.headSha, environment }), project);
                if (existing) {
                    this.options.debug(`reusing deployment ${existing.id} in ${environment}`);
                    return existing.id;
                }
                const created = await (0,rest/* createDeployment */.Yy)(gh, {
                    sha: this.options.headSha,
                    environment,
                    description: `Read the Docs preview of ${project} for #${this.options.pr}`,
                    payload: { [PAYLOAD_KEY]: { pr: this.options.pr, project } },
                });
                this.options.identity.learn(created.creator?.login);
                return created.id;
            });
            this.ids.set(project, id);
        }
        return id;
    }
    /**
     * Only deployments this action made for this PR and project: the payload says so, and the token's
     * own account created them (anyone who may deploy could copy the payload).
     */
    async ours(gh, deployments, project) {
        const own = (await this.options.identity.login(gh)).toLowerCase();
        return deployments.filter((deployment) => deployment.creator?.login.toLowerCase() === own && this.isMarked(deployment, project));
    }
    /** The payload's mark: this action, this PR, this project. */
    isMarked(deployment, project) {
        const payload = typeof deployment.payload === 'string' ? parseJson(deployment.payload) : deployment.payload;
        const mark = payload?.[PAYLOAD_KEY];
        return mark?.pr === this.options.pr && mark?.project === project;
    }
    /** Runs a GitHub call; a refusal turns deployments off with one warning, any other fault is a warning too. */
    async guard(work) {
        if (this.disabled)
            return undefined;
        const gh = await this.options.github();
        if (!gh) {
            this.disabled = true;
            return undefined;
        }
        try {
            return await work(gh);
        }
        catch (error) {
            if (this.disabled)
                return undefined;
            this.disabled = true;
            const refused = error instanceof client/* GitHubError */.y_ && (error.refused || error.status === 404);
            this.options.warning(refused
                ? "GitHub refused the deployment: the token lacks the `deployments: write` permission (add it to the workflow's `permissions`; " +
                    "a fork's pull_request token is read-only). The comment, statuses and outputs still report the preview"
                : `No GitHub deployment: ${(0,untrusted_text/* safeLine */.om)((0,message_of/* messageOf */.b)(error))}`, 'Deployment not reported');
            return undefined;
        }
    }
}
/** The action's payload holds a handful of values: a payload of more is not ours, and not parsed. */
const MAX_PAYLOAD_NODES = 100;
function parseJson(text) {
    if ((0,bounded_body/* countJsonNodes */.Dk)(Buffer.from(text, 'utf8'), MAX_PAYLOAD_NODES) > MAX_PAYLOAD_NODES)
        return undefined;
    try {
        return JSON.parse(text);
    }
    catch {
        return undefined;
    }
}
/** The final deployment status of a project, from its commit status (the same verdict, told twice). */
function deploymentOutcome(deployments, result, status) {
    if (status.state === 'pending')
        return Promise.resolve();
    // Superseded: this commit gets no preview, and the newer commit's run deploys its own.
    const state = result.outcome === 'superseded' ? 'inactive' : status.state;
    return deployments.finish(result.project, state, status.description, {
        ...(status.state === 'success' && result.previewUrl ? { environmentUrl: result.previewUrl } : {}),
        ...(result.buildUrl === undefined ? {} : { logUrl: result.buildUrl }),
    });
}
/**
 * The pull request closed: no build is looked for or triggered. Every deployment of this PR in the
 * environments of `projects` (translations included) turns `inactive`, and their comment rows
 * say the PR was merged or closed and that the service deletes the preview about 90 days later.
 */
async function closePreview(ctx, shared) {
    const status = shared.merged ? 'merged' : 'closed';
    // FACTS: "A closed or merged PR's version stays served; the service deletes it about 90 days later."
    const reason = `PR ${status}: the service deletes the preview about 90 days later`;
    ctx.log.info(`${reason}. No build is triggered`);
    await shared.publisher.publish(shared.projects.map((project) => ({ project, status, commit: shared.headSha, updatedAt: new Date(ctx.now()), reason })));
    const count = await shared.deployments.deactivate(shared.projects, reason);
    ctx.log.info(`Deployments marked inactive: ${count}`);
    return shared.projects.map((project) => ({
        project,
        outcome: 'success',
        commit: shared.headSha,
        details: { previewStatus: status },
    }));
}

// EXTERNAL MODULE: ./lib/resilience/index.js + 5 modules
var resilience = __webpack_require__(5816);
// EXTERNAL MODULE: ./lib/util/format-duration.js + 1 modules
var format_duration = __webpack_require__(7365);
// EXTERNAL MODULE: ./lib/operations/shared/builds/build-ids.js
var build_ids = __webpack_require__(3253);
;// CONCATENATED MODULE: ./lib/operations/preview/find-pr-build.js







/**
 * The build of pull request `pr` (its version's slug is the PR number) for exactly `headSha`,
 * looked for (every `appearIntervalMs` of the polling plan) until the deadline: `builds/?commit=`
 * filtered to that version, newest first. A build of an older commit is never taken. Past the
 * grace period, a version that stands at `headSha` with no build of it means an automation rule
 * skipped the push: no build is coming ({@link AutomationRuleSkip}). When none appears within the
 * grace period this says so and, with `trigger: true`, triggers the PR version once (not while the
 * version stands at the head: the trigger would rebuild an older commit). The service rebuilds the
 * last commit it built for a PR version, so the triggered build counts only once it is known to be
 * of `headSha`.
 */
async function findPullRequestBuild(ctx, project, pr, headSha, log) {
    const graceMs = ctx.polling.graceWindowMs;
    const started = ctx.now();
    const ruleSkip = new skipped_by_rule/* AutomationRuleSkip */.bu(ctx, project, pr, headSha, undefined, log);
    let graceOver = false;
    let triggered;
    return (0,resilience/* pollUntil */.g3)(async () => {
        const builds = await ctx.api.recentBuilds(project, { commit: headSha, limit: 20 });
        const match = (0,build_ids/* newestBuild */.Dz)(builds.filter((build) => build.commit === headSha && build.version !== null && isPullRequestVersion(build.version, pr)));
        if (match)
            return { build: match };
        if (triggered !== undefined) {
            const build = await ctx.api.build(project, triggered);
            if (build.commit !== null && build.commit !== headSha)
                throw otherCommitBuilt(build, pr, headSha);
        }
        if (ctx.now() - started < graceMs)
            return undefined;
        if (triggered === undefined && (await ruleSkip.noBuildComing()))
            return { skippedByRule: true };
        if (!graceOver) {
            graceOver = true;
            const missing = `${(0,watch_build/* elapsed */.vk)(ctx)} no build of pull request #${pr} at ${headSha} appeared for ${project} within ${(0,format_duration/* formatDuration */.a)(graceMs)}`;
            if (ruleSkip.versionAtCommit) {
                log.info(`${missing}, though the pull request's version is at this commit: looking once more before taking it as skipped`);
            }
            else if (ctx.inputs.trigger) {
                log.info(`${missing}: triggering the pull request version (input \`trigger\`)`);
                triggered = await triggerPullRequestVersion(ctx, project, pr, headSha, log);
            }
            else {
                log.warning(`${missing}. Is "Build pull requests for this repository" enabled in ${project}'s settings, and the webhook working? ` +
                    'Or did a webhook automation rule of the project skip this push? ' +
                    'Still waiting; `trigger: true` would trigger the pull request version.', 'No preview build yet');
            }
        }
        return undefined;
    }, { intervalMs: ctx.polling.appearIntervalMs, signal: ctx.deadline.signal, sleep: ctx.sleep });
}
/**
 * The slug of the pull request's own (external) version. `7` may be a branch: triggering it would
 * rebuild the branch and cancel its running builds. API v3 hides PR versions (404) and shows
 * every other one, so the first candidate it does not show is the PR's; one it shows, whatever
 * its type, is never triggered. Undefined when every candidate is taken.
 */
async function pullRequestVersionSlug(ctx, project, pr, log) {
    for (const suffix of skipped_by_rule/* PULL_REQUEST_SLUG_SUFFIXES */.gK) {
        const slug = `${pr}${suffix}`;
        try {
            const version = await ctx.api.version(project, slug);
            if (version.type === 'external')
                return slug;
            log.info(`Version ${slug} of ${project} is a ${(0,untrusted_text/* safeLine */.om)(version.type)}, not pull request #${pr}: it is not triggered`);
        }
        catch (error) {
            if (error instanceof errors/* NotFoundError */.m_)
                return slug;
            throw error;
        }
    }
    return undefined;
}
/**
 * A triggered PR build that cloned another commit: the service rebuilds the last commit it
 * *built*, and webhook automation rules can skip a push without a build while the version's
 * identifier moves on, so the head was never built. Waiting on would only reach the timeout.
 */
function otherCommitBuilt(build, pr, headSha) {
    return new errors/* ReadTheDocsError */.rq(`the service did not build ${headSha}: the triggered build #${build.id} of pull request #${pr} ` +
        `checked out ${(0,untrusted_text/* safeLine */.om)(build.commit ?? '')} (${build.urls.build}). A trigger rebuilds the last commit the service built for the pull request; the push of the head was ` +
        'likely skipped without a build (a webhook automation rule in the project, or a webhook that did not arrive). ' +
        "Push again, or check the project's automation rules", 'Commit not built', 'POST projects/{project}/versions/{version}/builds/');
}
/** Triggers the PR's version once; the id of the new build when the answer came. */
async function triggerPullRequestVersion(ctx, project, pr, headSha, log) {
    let version = String(pr);
    try {
        const slug = await pullRequestVersionSlug(ctx, project, pr, log);
        if (slug === undefined)
            throw new errors/* NotFoundError */.m_('no external version', 'Not found', 'GET projects/{project}/versions/{version}/');
        version = slug;
        const answer = await ctx.api.triggerBuild(project, version);
        if (!answer.triggered) {
            throw new errors/* ReadTheDocsError */.rq('the service did not trigger a build (400, triggered: false): the project is not active', 'Build not triggered', 'POST projects/{project}/versions/{version}/builds/', 400);
        }
        log.info(`Triggered build #${answer.build.id}: it counts once it is known to build ${headSha} (the service rebuilds the last commit it saw)`);
        return answer.build.id;
    }
    catch (error) {
        if (error instanceof errors/* UncertainWriteError */.ze) {
            // Triggering again would cancel the build it may have made; the search finds it either way.
            log.warning(`The answer to the trigger was lost (${error.message}); still looking for the build of ${headSha}`, 'Answer lost');
            return undefined;
        }
        if (error instanceof errors/* NotFoundError */.m_) {
            throw new errors/* ReadTheDocsError */.rq(`no version for pull request #${pr}: the service has not seen this pull request. ` +
                'Enable "Build pull requests for this repository" in the project\'s settings and check its webhook', 'No pull request version', 'POST projects/{project}/versions/{version}/builds/', 404);
        }
        throw error;
    }
}
/** The PR version's slug is its number, or the number with a suffix such as `_a` when a branch already has that slug. */
function isPullRequestVersion(slug, pr) {
    return slug === String(pr) || new RegExp(`^${pr}_[a-z]$`).test(slug);
}

// EXTERNAL MODULE: ./lib/operations/types.js + 1 modules
var types = __webpack_require__(3419);
// EXTERNAL MODULE: ./lib/reporting/output-values.js
var output_values = __webpack_require__(7460);
;// CONCATENATED MODULE: ./lib/operations/preview/changed-pages.js


const MAX_CHANGED_PAGES = 20;
const SPHINX_SOURCE_EXTENSIONS = ['.rst', '.md', '.ipynb'];
const MKDOCS_SOURCE_EXTENSIONS = ['.md', '.markdown'];
const MKDOCS_INDEX_PAGES = ['index', 'readme'];
// Never pages: hidden folders (.github, .ipynb_checkpoints) and Sphinx's own output folder.
const NEVER_PAGE_SEGMENT = (segment) => segment.startsWith('.') || segment === '_build';
/** Larger configuration files are not parsed (the service's own are a few hundred bytes). */
const MAX_READTHEDOCS_YAML_BYTES = 64 * 1024;
/**
 * The parsed configuration file, or `undefined` when it is too large, not YAML, or not a mapping.
 * The `yaml` package is loaded on first use, so the bundle's entry stays small.
 */
async function parseReadthedocsYaml(yamlText) {
    if (Buffer.byteLength(yamlText, 'utf8') > MAX_READTHEDOCS_YAML_BYTES)
        return undefined;
    const { parse } = await __webpack_require__.e(/* import() */ 815).then(__webpack_require__.t.bind(__webpack_require__, 8815, 19));
    let document;
    try {
        // Aliases bounded: a file from a pull request is hostile input.
        document = parse(yamlText, { maxAliasCount: 100, uniqueKeys: false, prettyErrors: false });
    }
    catch {
        return undefined;
    }
    return document !== null && typeof document === 'object' && !Array.isArray(document) ? document : undefined;
}
function mapping(value) {
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}
/**
 * Reads a `.readthedocs.yaml` text: `sphinx.configuration: docs/conf.py` gives `docs`, a `conf.py`
 * at the top gives `.`; `sphinx.builder: dirhtml` (or its synonym `htmldir`) gives directory URLs. MkDocs keeps its
 * `docs_dir` in `mkdocs.yml`, which this file does not see, so an MkDocs project has no folder.
 */
async function readReadthedocsConfig(yamlText) {
    const document = await parseReadthedocsYaml(yamlText);
    const sphinx = mapping(document?.sphinx);
    const builder = sphinx
        ? sphinx.builder === 'dirhtml' || sphinx.builder === 'htmldir'
            ? 'sphinx-dirhtml'
            : sphinx.builder === 'singlehtml'
                ? 'sphinx-singlehtml'
                : 'sphinx'
        : document !== undefined && 'mkdocs' in document
            ? 'mkdocs'
            : undefined;
    const configuration = sphinx?.configuration;
    let docsDir;
    if (typeof configuration === 'string') {
        const path = normaliseRepoPath(configuration);
        if (path !== undefined && path !== '' && path.endsWith('.py')) {
            const slash = path.lastIndexOf('/');
            docsDir = slash === -1 ? '.' : path.slice(0, slash);
        }
    }
    return { docsDir, builder };
}
/**
 * The builder a build's resolved configuration names (its `doctype`): what the service really
 * built, so it wins over the configuration file's reading. `generic` (`build.commands`) tells
 * nothing about the pages' addresses: undefined.
 */
function builderOfDoctype(doctype) {
    switch (doctype) {
        case 'sphinx':
            return 'sphinx';
        case 'sphinx_htmldir':
            return 'sphinx-dirhtml';
        case 'sphinx_singlehtml':
            return 'sphinx-singlehtml';
        case 'mkdocs':
            return 'mkdocs';
        default:
            return undefined;
    }
}
/** The Sphinx source folder from a `.readthedocs.yaml` text (see {@link readReadthedocsConfig}). */
async function docsDirFromReadthedocsYaml(yamlText) {
    return (await readReadthedocsConfig(yamlText)).docsDir;
}
/** The builder a `.readthedocs.yaml` declares, else `undefined`. */
async function builderFromReadthedocsYaml(yamlText) {
    return (await readReadthedocsConfig(yamlText)).builder;
}
/**
 * Maps changed files under `docsDir` to preview page URLs, sorted by path, at most `limit`
 * (default 20). Sphinx (the default): `.rst`, `.md`, `.ipynb` become `.html` (`guide/index.rst` →
 * `guide/index.html`). Sphinx's `dirhtml` builder and MkDocs use directory URLs (`guide/setup.md`
 * → `guide/setup/`, `guide/index.md` → `guide/`). `singlehtml` has no pages to link. Other files are ignored.
 */
function changedPages(args) {
    const builder = args.builder ?? 'sphinx';
    const limit = args.limit ?? MAX_CHANGED_PAGES;
    const docsDir = normaliseRepoPath(args.docsDir);
    if (docsDir === undefined || builder === 'sphinx-singlehtml')
        return [];
    const prefix = docsDir === '' ? '' : `${docsDir}/`;
    const pages = new Map();
    for (const file of args.changedFiles) {
        const path = normaliseRepoPath(file);
        if (path === undefined || path === '' || !path.startsWith(prefix))
            continue;
        const pagePath = pageSegments(path.slice(prefix.length), builder);
        if (pagePath !== undefined && !pages.has(path))
            pages.set(path, joinUrl(args.previewUrl, pagePath));
    }
    return [...pages]
        .sort(([a], [b]) => naturalCompare(a, b))
        .slice(0, Math.max(0, limit))
        .map(([file, url]) => ({ file, url }));
}
/** The page a source file (relative to the docs folder) builds, as path segments; undefined when none. */
function pageSegments(relative, builder) {
    const segments = relative.split('/');
    if (segments.some(NEVER_PAGE_SEGMENT))
        return undefined;
    if (builder === 'mkdocs')
        return mkdocsPagePath(segments);
    return builder === 'sphinx-dirhtml' ? sphinxDirPagePath(segments) : sphinxPagePath(segments);
}
/**
 * The path of the page a repository file builds, below the version's root (`/install.html`,
 * `/guide/setup/`), unencoded; undefined when the file is outside `docsDir` or builds no page.
 * The same mapping as {@link changedPages}.
 */
function sourcePagePath(file, docsDir, builder = 'sphinx') {
    const dir = normaliseRepoPath(docsDir);
    const path = normaliseRepoPath(file);
    if (dir === undefined || path === undefined || path === '' || builder === 'sphinx-singlehtml')
        return undefined;
    const prefix = dir === '' ? '' : `${dir}/`;
    if (!path.startsWith(prefix))
        return undefined;
    const segments = pageSegments(path.slice(prefix.length), builder);
    return segments === undefined ? undefined : `/${segments.join('/')}`;
}
function sphinxPagePath(segments) {
    const name = segments.at(-1) ?? '';
    const extension = SPHINX_SOURCE_EXTENSIONS.find((candidate) => name.toLowerCase().endsWith(candidate));
    if (extension === undefined || name.length === extension.length)
        return undefined;
    return [...segments.slice(0, -1), `${name.slice(0, -extension.length)}.html`];
}
/** Sphinx `dirhtml`: `guide/setup.rst` → `guide/setup/`, `guide/index.rst` → `guide/`. */
function sphinxDirPagePath(segments) {
    const html = sphinxPagePath(segments);
    if (html === undefined)
        return undefined;
    const stem = (html.at(-1) ?? '').slice(0, -'.html'.length);
    const folders = html.slice(0, -1);
    return stem === 'index' ? [...folders, ''] : [...folders, stem, ''];
}
function mkdocsPagePath(segments) {
    const name = segments.at(-1) ?? '';
    const extension = MKDOCS_SOURCE_EXTENSIONS.find((candidate) => name.toLowerCase().endsWith(candidate));
    if (extension === undefined || name.length === extension.length)
        return undefined;
    const stem = name.slice(0, -extension.length);
    const folders = segments.slice(0, -1);
    // Directory URLs: an index page is its folder, any other page gets a folder of its own.
    return MKDOCS_INDEX_PAGES.includes(stem.toLowerCase()) ? [...folders, ''] : [...folders, stem, ''];
}
/** `base` (a preview URL) with the page's path segments appended, each encoded. */
function joinUrl(base, segments) {
    const url = new URL(base);
    const basePath = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
    url.pathname = basePath + segments.map(encodeSegment).join('/');
    url.hash = '';
    return url.href;
}
/** A repository-relative path without `./`, leading or trailing `/`; `undefined` if it climbs out. */
function normaliseRepoPath(path) {
    const resolved = [];
    for (const segment of path.trim().replace(/\\/g, '/').split('/')) {
        if (segment === '' || segment === '.')
            continue;
        if (segment === '..') {
            if (resolved.pop() === undefined)
                return undefined;
            continue;
        }
        resolved.push(segment);
    }
    return resolved.join('/');
}

;// CONCATENATED MODULE: ./lib/operations/preview/file-tree-diff.js
/**
 * The service's own file tree diff of a pull request build (FACTS.md, *The service's own
 * pull-request integration*): the built HTML pages the PR version adds, deletes and modifies
 * against the project's base version, read from the addons endpoint of the preview's own host
 * (`/_/addons/?api-version=1&project-slug=…&version-slug=…`), anonymous, through `ctx.pages`. The
 * service calls the payload alpha: it is parsed tolerantly (unknown keys ignored, a broken entry
 * dropped), and anything missing means "no diff", never a failure. The diff is written after the
 * build ends: until then the answer has none, or the previous build's marked `outdated`, so it is
 * read again, spaced, within a bounded window (`readCurrentFileTreeDiff`).
 */





/** The addons answer is a few kilobytes per hundred pages: more is not read. */
const MAX_ADDONS_BYTES = 4 * 1024 * 1024;
const MAX_ADDONS_NODES = 200_000;
/** Pages kept per kind (a PR touching more is reported as touching these). */
const MAX_DIFF_PAGES = 5_000;
const MAX_FILENAME_LENGTH = 1_024;
const ADDONS_TIMEOUT_MS = 10_000;
/** The addons endpoint of the preview's own host for the PR version. */
function addonsUrl(previewUrl, project, version) {
    const url = new URL('/_/addons/', previewUrl);
    url.search = new URLSearchParams({ 'api-version': '1', 'project-slug': project, 'version-slug': version }).toString();
    return url.href;
}
/** Reads the diff once; any problem is a {@link NoDiff}, except the step's own deadline. */
async function readFileTreeDiff(ctx, args) {
    const url = addonsUrl(args.previewUrl, args.project, args.version);
    const timeoutMs = Math.max(1, Math.min(ADDONS_TIMEOUT_MS, ctx.deadline.remainingMs()));
    try {
        const answer = await ctx.pages.get(url, {
            signal: ctx.deadline.signal,
            timeoutMs,
            accept: 'application/json',
            maxBodyBytes: MAX_ADDONS_BYTES,
        });
        if (answer.body === undefined)
            return { absent: `the preview host's addons endpoint ${answer.problem ?? 'gave nothing'}` };
        return parseFileTreeDiff(answer.body, args.accept);
    }
    catch (error) {
        if (ctx.deadline.signal.aborted)
            throw error;
        return { absent: (0,message_of/* notRead */.Q)("the preview host's addons endpoint", error) };
    }
}
/** Of the window, the part a diff that is still absent is waited for (it may never come: a base built without a manifest). */
const UNWRITTEN_SHARE = 3;
/**
 * Reads the diff until it is current: again every `intervalMs` while the answer is outdated (for at
 * most `windowMs`, and half of the step's time left) or has no diff yet (a third of that), since the
 * service writes it after the build ends (FACTS). Returns the last answer: possibly still outdated.
 */
async function readCurrentFileTreeDiff(ctx, args) {
    const started = ctx.now();
    const windowMs = Math.min(args.windowMs, ctx.deadline.remainingMs() / 2);
    let last;
    let reads = 0;
    let endsAt = started + windowMs;
    const look = async () => {
        last = await readFileTreeDiff(ctx, args);
        reads += 1;
        endsAt = started + ('absent' in last ? windowMs / UNWRITTEN_SHARE : windowMs);
        return isSettled(last) ? last : undefined;
    };
    const window = { remainingMs: () => endsAt - ctx.now() };
    try {
        await (0,resilience/* pollUntil */.g3)(look, { intervalMs: args.intervalMs, signal: ctx.deadline.signal, deadline: window, sleep: ctx.sleep });
    }
    catch (error) {
        // The window's end is no failure: the last answer stands. The step's deadline is (a read
        // throws only then, so there is a last answer here).
        if (ctx.deadline.signal.aborted)
            throw error;
    }
    return { result: last, reads };
}
/** Whether reading again cannot change the answer: a current diff, or a final reason for none. */
function isSettled(read) {
    return 'absent' in read ? read.unwritten !== true : !read.outdated;
}
const fileSchema = mini_schemas/* object */.Ikc({
    filename: mini_schemas/* string */.YjP().check(api/* _maxLength */.Eb(MAX_FILENAME_LENGTH)),
    urls: mini_schemas/* optional */.lqM(mini_schemas/* object */.Ikc({ current: mini_schemas/* optional */.lqM(mini_schemas/* unknown */.L5J()), base: mini_schemas/* optional */.lqM(mini_schemas/* unknown */.L5J()) })),
});
const listSchema = mini_schemas/* optional */.lqM(mini_schemas/* array */.YOg(mini_schemas/* unknown */.L5J()));
const payloadSchema = mini_schemas/* object */.Ikc({
    addons: mini_schemas/* object */.Ikc({
        filetreediff: mini_schemas/* object */.Ikc({
            enabled: mini_schemas/* optional */.lqM(mini_schemas/* unknown */.L5J()),
            outdated: mini_schemas/* optional */.lqM(mini_schemas/* unknown */.L5J()),
            diff: mini_schemas/* optional */.lqM(mini_schemas/* object */.Ikc({ added: listSchema, deleted: listSchema, modified: listSchema })),
        }),
    }),
});
/**
 * The diff in an addons answer (`addons.filetreediff`), or why there is none. Linear in the text:
 * its JSON nodes are counted before it is parsed. A `current` or `base` link that `accept` refuses
 * is left out.
 */
function parseFileTreeDiff(text, accept) {
    if ((0,bounded_body/* countJsonNodes */.Dk)(Buffer.from(text), MAX_ADDONS_NODES) > MAX_ADDONS_NODES)
        return { absent: 'the addons answer is too large' };
    let document;
    try {
        document = JSON.parse(text);
    }
    catch {
        return { absent: 'the addons answer is not JSON' };
    }
    const parsed = payloadSchema.safeParse(document);
    if (!parsed.success)
        return { absent: 'the service gives no file tree diff for this build' };
    const { filetreediff } = parsed.data.addons;
    // FACTS: `{enabled: false}` comes without `diff`.
    if (filetreediff.enabled === false)
        return { absent: 'the file tree diff is off for this project' };
    if (filetreediff.diff === undefined) {
        return { absent: 'the service gives no file tree diff for this build', unwritten: true };
    }
    const { added, deleted, modified } = filetreediff.diff;
    return {
        added: pagesOf(added, accept),
        modified: pagesOf(modified, accept),
        deleted: pagesOf(deleted, accept),
        outdated: filetreediff.outdated === true,
    };
}
function pagesOf(list, accept) {
    if (list === undefined)
        return [];
    const pages = new Map();
    for (const item of list.slice(0, MAX_DIFF_PAGES)) {
        const entry = fileSchema.safeParse(item);
        if (!entry.success)
            continue;
        const filename = builtPath(entry.data.filename);
        if (filename === undefined || pages.has(filename))
            continue;
        const current = typeof entry.data.urls?.current === 'string' ? accept(entry.data.urls.current) : undefined;
        const base = typeof entry.data.urls?.base === 'string' ? accept(entry.data.urls.base) : undefined;
        pages.set(filename, { filename, ...(current ? { current } : {}), ...(base ? { base } : {}) });
    }
    // By filename, in natural order (page-2 before page-10; the keys are unique).
    return [...pages.keys()].sort(naturalCompare).map((filename) => pages.get(filename));
}
/** A built page's path below the version's root, without a leading `/`; undefined when it is not one (climbs out, control characters). */
function builtPath(filename) {
    if (/[\u0000-\u001f\u007f\\]/.test(filename))
        return undefined;
    const segments = filename.split('/').filter((segment) => segment !== '' && segment !== '.');
    if (segments.length === 0 || segments.includes('..'))
        return undefined;
    return segments.join('/');
}

// EXTERNAL MODULE: ./lib/util/plural.js
var plural = __webpack_require__(3960);
;// CONCATENATED MODULE: ./lib/operations/preview/diff-pages.js








/** Pages the comment lists for a project; the job summary lists them all. */
const MAX_COMMENT_PAGES = 20;
/** Pages the job summary lists for a project (`results` carries every one, or its file when it is cut: `setOutputs`). */
const MAX_SUMMARY_PAGES = 1_000;
/**
 * The file tree diff of the project's PR version, once its preview answers. Never throws but for
 * the step's deadline: a custom preview host (`preview-url-template`) has no diff to read.
 */
async function changedPagesFromDiff(ctx, log, args) {
    const { project, version, previewUrl } = args;
    const fallback = (why) => {
        const line = `No file tree diff from Read the Docs (${why}): the changed pages are mapped from the pull request's source files`;
        log.info((0,untrusted_text/* safeLine */.om)(line, 500));
        return { fallback: line };
    };
    if (ctx.inputs.previewUrlTemplate)
        return fallback('the preview is on a host of `preview-url-template`');
    if (version === undefined)
        return fallback('the version is unknown');
    const accept = diffLinks(ctx.inputs.baseUrl, previewUrl, args.docsUrl);
    const { diffIntervalMs: intervalMs, diffWindowMs: windowMs } = ctx.polling;
    const { result: diff, reads } = await readCurrentFileTreeDiff(ctx, { previewUrl, project, version, accept, intervalMs, windowMs });
    if ('absent' in diff)
        return fallback(diff.absent + (diff.unwritten && reads > 1 ? `, after ${reads} reads` : ''));
    if (diff.outdated)
        return outdatedDiff(log, diff, previewUrl, reads);
    const base = baseRoot(diff);
    const note = `Changed pages from Read the Docs' file tree diff${base ? ` against ${base}` : ''}: ` +
        `${diff.added.length} added, ${diff.modified.length} modified, ${diff.deleted.length} deleted`;
    log.info((0,untrusted_text/* safeLine */.om)(note, 500));
    return {
        pages: diffChangedPages(diff, previewUrl),
        removed: removedPages(diff.deleted),
        outdated: false,
        ...(base ? { base } : {}),
        note,
    };
}
/**
 * A diff still of an earlier build after every read: its pages marked as from that build, and no
 * deleted page for the redirect guard (they may be another push's). The caller prefers the pull
 * request's source files when it has them.
 */
function outdatedDiff(log, diff, previewUrl, reads) {
    const base = baseRoot(diff);
    const note = `Read the Docs' file tree diff is still of an earlier build of this pull request after ${(0,plural/* plural */.L)(reads, 'read')}: ` +
        `its pages (${diff.added.length} added, ${diff.modified.length} modified, ${diff.deleted.length} deleted) may not be this push's`;
    log.info((0,untrusted_text/* safeLine */.om)(note, 500));
    const pages = diffChangedPages(diff, previewUrl).map((page) => ({ ...page, earlierBuild: true }));
    return { pages, removed: [], outdated: true, ...(base ? { base } : {}), note };
}
/** The service's own documentation domains (Community, Business), where a base version is served without a custom domain. */
const DOCS_DOMAINS = ['readthedocs.io', 'readthedocs-hosted.com'];
/**
 * The diff's links that may be shown: plain http(s) URLs on the preview domain or the service's
 * (the existing link checks), on its documentation domains, or on the preview's own origin or
 * the project's documentation origin (a custom domain). Anything else is left out.
 */
function diffLinks(baseUrl, previewUrl, docsUrl) {
    const service = (0,service_links/* serviceLinks */.b)(baseUrl);
    const origins = new Set([previewUrl, docsUrl].flatMap((url) => (url && URL.canParse(url) ? [new URL(url).origin] : [])));
    return (url) => service.preview(url) ??
        (0,output_values/* plainUrl */.kP)(url, DOCS_DOMAINS) ??
        ((0,output_values/* plainUrl */.kP)(url) !== undefined && URL.canParse(url) && origins.has(new URL(url).origin) ? url : undefined);
}
/** Added (preview link), modified (preview and before), deleted (before, when the service gives it): each sorted. */
function diffChangedPages(diff, previewUrl) {
    const inPreview = (page) => page.current ?? joinUrl(previewUrl, page.filename.split('/'));
    return [
        ...diff.added.map((page) => ({ file: page.filename, url: inPreview(page), change: 'added' })),
        ...diff.modified.map((page) => {
            const url = inPreview(page);
            const visual = visualDiffUrl(url);
            return {
                file: page.filename,
                url,
                change: 'modified',
                ...(page.base ? { before: page.base } : {}),
                ...(visual ? { diff: visual } : {}),
            };
        }),
        ...diff.deleted.flatMap((page) => page.base ? [{ file: page.filename, url: page.base, change: 'deleted', before: page.base }] : []),
    ];
}
/**
 * The addresses the deleted pages had, for the redirect guard: `/api/legacy.html`, and for a
 * folder's index page its folder too (`/guide/index.html` and `/guide/`), each its own entry.
 */
function removedPages(deleted) {
    const pages = [];
    for (const { filename } of deleted) {
        pages.push({ file: filename, from: `/${filename}`, builtOnly: true });
        if (filename.endsWith('/index.html'))
            pages.push({ file: filename, from: `/${filename.slice(0, -'index.html'.length)}`, builtOnly: true });
    }
    return pages;
}
/** The base version's root, from a page's `base` link that ends with its filename; undefined when none does. */
function baseRoot(diff) {
    for (const page of [...diff.modified, ...diff.deleted, ...diff.added]) {
        if (page.base?.endsWith(`/${page.filename}`))
            return page.base.slice(0, -page.filename.length);
    }
    return undefined;
}
/** A ready row's pages: the first ones, and how many more the job summary lists. */
function commentPages(pages) {
    if (pages.length === 0)
        return {};
    // The comment's stored rows keep no visual diff link: the comment makes it from the page's.
    const shown = pages.slice(0, MAX_COMMENT_PAGES).map(({ diff: _diff, ...page }) => page);
    return { pages: shown, ...(pages.length > shown.length ? { morePages: pages.length - shown.length } : {}) };
}
/** The job summary's list of a project's changed pages, headed by where it came from. */
function changedPagesSummary(project, pages, note) {
    const lines = ['', `**Changed pages in ${(0,markdown/* escapeMarkdown */.FV)(project)}**`, ''];
    if (note)
        lines.push((0,markdown/* escapeMarkdown */.FV)(note), '');
    for (const page of pages.slice(0, MAX_SUMMARY_PAGES))
        lines.push(`- ${changedPageLine(page, (0,markdown/* escapeMarkdown */.FV)(page.file))}`);
    if (pages.length > MAX_SUMMARY_PAGES)
        lines.push(`- … and ${pages.length - MAX_SUMMARY_PAGES} more (every one in the \`results\` output)`);
    return lines;
}
/** A ready preview's part of the job summary: its pages and where they came from, or the one line saying the diff is absent. */
function pagesSummary(project, pages, diff) {
    const note = diff === undefined ? undefined : 'note' in diff ? diff.note : diff.fallback;
    if (pages.length > 0)
        return changedPagesSummary(project, pages, note);
    return note === undefined ? [] : ['', `${(0,markdown/* escapeMarkdown */.FV)(project)}: ${(0,markdown/* escapeMarkdown */.FV)(note)}`];
}
/** What `results` says of the diff when the pages came from it (nothing otherwise, as before the diff). */
function diffDetails(diff) {
    if (diff === undefined || 'fallback' in diff)
        return {};
    return { fileTreeDiff: { outdated: diff.outdated, ...(diff.base ? { base: diff.base } : {}) } };
}

// EXTERNAL MODULE: ./lib/operations/shared/links/link-checker.js + 7 modules
var link_checker = __webpack_require__(8409);
// EXTERNAL MODULE: ./lib/operations/shared/links/link-counts.js
var link_counts = __webpack_require__(9055);
// EXTERNAL MODULE: ./lib/operations/shared/links/levels.js
var links_levels = __webpack_require__(629);
// EXTERNAL MODULE: ./lib/operations/shared/links/resolve-link.js
var resolve_link = __webpack_require__(8293);
// EXTERNAL MODULE: ./node_modules/p-limit/index.js + 1 modules
var p_limit = __webpack_require__(370);
;// CONCATENATED MODULE: ./lib/operations/preview/link-sources.js
/**
 * From a broken link back to the line of the pull request that writes it. The page's source is
 * found among the PR's added and changed files by the changed pages' own mapping (changed-pages.ts:
 * `docs/guide/install.rst` builds `guide/install.html`, or `guide/install/` with `dirhtml` and
 * MkDocs), read at the head commit (one request per file, at most {@link MAX_FILES} files, the
 * first {@link MAX_SOURCE_CHARS} characters of each), and the first line that names the target as
 * reStructuredText, MyST or Markdown write it: its page's name (`gone.html` as `gone`,
 * `` :doc:`gone` ``, `[x](gone.md)`), its anchor (`#nope`, `<nope>`, `` `nope` ``), its file's name
 * (an image), its URL (another site's). None found: the file without a line. A file is a pull
 * request's text, hostile: one pass over it, word by word, each word looked up in the set of what
 * its page's links want, so the work is linear in the file whatever it holds.
 */


/** Source files read at most for one project's broken links (one GitHub request each). */
const MAX_FILES = 20;
/** A file's characters looked through at most (GitHub's contents API gives the text of files up to 1 MB). */
const MAX_SOURCE_CHARS = 1_000_000;
/** Longer words are no link anyone wrote (and are not looked at). */
const MAX_WORD = 2_048;
/** Files read at the same time. */
const CONCURRENCY = 4;
/** `broken`, each link of a page the pull request's files build with its `source`: the file, and the line when one names the target. */
async function locateBrokenLinks(broken, reading, log) {
    const sourceOf = pageSources(reading);
    const fileOf = (link) => sourceOf.get(pageKey(link.page));
    const files = [...new Set(broken.flatMap((link) => fileOf(link) ?? []))];
    if (files.length === 0)
        return [...broken];
    const read = files.slice(0, MAX_FILES);
    if (files.length > read.length)
        log.info(`The first ${read.length} of ${files.length} source files are read for the broken links' lines`);
    const limit = (0,p_limit/* default */.A)(CONCURRENCY);
    const found = new Map();
    await Promise.all(read.map((file) => limit(async () => {
        const wanted = new Set(broken.filter((link) => fileOf(link) === file).flatMap(linkKeys));
        const text = await reading.read(file);
        found.set(file, text === undefined ? new Map() : firstLines(text.slice(0, MAX_SOURCE_CHARS), wanted));
    })));
    const located = broken.map((link) => {
        const file = fileOf(link);
        if (file === undefined)
            return link;
        let line;
        for (const key of linkKeys(link)) {
            const at = found.get(file)?.get(key);
            if (at !== undefined && (line === undefined || at < line))
                line = at;
        }
        return { ...link, source: { file, ...(line === undefined ? {} : { line }) } };
    });
    const withLine = located.filter((link) => link.source?.line !== undefined).length;
    const filesRead = `${read.length} file${read.length === 1 ? '' : 's'} read`;
    log.info(`Broken links in the pull request's files: ${withLine} of ${broken.length} found on their line, in ${filesRead}`);
    return located;
}
/** Each page the pull request's files build (by its key), and the file that builds it. */
function pageSources(reading) {
    const builders = reading.builder === undefined ? ['sphinx', 'sphinx-dirhtml', 'mkdocs'] : [reading.builder];
    const pages = new Map();
    for (const builder of builders) {
        for (const file of reading.files) {
            const path = file.length > 1024 ? undefined : sourcePagePath(file, reading.docsDir, builder);
            if (path !== undefined && !pages.has(pageKey(path)))
                pages.set(pageKey(path), file);
        }
    }
    return pages;
}
/** A page as the link check names it, below the root: a folder's `index.html` is the folder (`/` and `/index.html` are ``). */
function pageKey(page) {
    let path = page;
    while (path.startsWith('/'))
        path = path.slice(1);
    return path === 'index.html' || path.endsWith('/index.html') ? path.slice(0, -'index.html'.length) : path;
}
/** What names a link's target in a source: another site's URL, an anchor, an image's or resource's file, a page's name. */
function linkKeys(link) {
    if (link.external) {
        const url = urlKey(link.target);
        return url === undefined ? [] : [url];
    }
    const hash = link.target.indexOf('#');
    const path = hash === -1 ? link.target : link.target.slice(0, hash);
    if (link.kind === 'anchor' && hash !== -1)
        return [`frag:${anchorKey(link.target.slice(hash + 1))}`];
    if (link.kind === 'image' || link.kind === 'resource') {
        const file = baseName(path);
        return file === '' ? [] : [`file:${file.toLowerCase()}`];
    }
    return [`name:${pageName(path)}`];
}
// What ends a word: spaces, and the marks around a link in reStructuredText, MyST, Markdown and HTML.
const DELIMITERS = new Set([' ', '\t', '\r', '\n', '\f', '\v', '`', '<', '>', '(', ')', '[', ']', '"', "'", '{', '}', '|', '*']);
const OPENING = new Set(['`', '<', '(']);
const CLOSING = new Set(['`', '>', ')']);
// What a word may end with that is not the link's: a sentence's punctuation, a JSON string's escape.
const TRAILING = new Set(['.', ',', ';', ':', '!', '?', '\\']);
/** The first line of each wanted key, in one pass over `text`. */
function firstLines(text, wanted) {
    const found = new Map();
    if (wanted.size === 0)
        return found;
    let line = 1;
    let start = -1;
    let before = '';
    for (let i = 0; i <= text.length; i++) {
        const char = i < text.length ? text[i] : '\n';
        if (!DELIMITERS.has(char)) {
            if (start === -1)
                start = i;
            continue;
        }
        if (start !== -1 && i - start <= MAX_WORD) {
            for (const key of wordKeys(text.slice(start, i), OPENING.has(before) && CLOSING.has(char))) {
                if (wanted.has(key) && !found.has(key))
                    found.set(key, line);
            }
            if (found.size === wanted.size)
                break;
        }
        start = -1;
        before = char;
        if (char === '\n')
            line++;
    }
    return found;
}
/**
 * What a word of a source may name: a URL; else an anchor (after `#`), a file (its name), a page
 * (its name, when the word looks like a link: a path, an extension, a fragment, or set in
 * backticks, `<…>` or `(…)` as `` :doc:`gone` `` and `(nope)=` are, which may then be an anchor too).
 */
function wordKeys(raw, bracketed) {
    let end = raw.length;
    while (end > 0 && TRAILING.has(raw[end - 1]))
        end--;
    const word = raw.slice(0, end);
    if (word === '')
        return [];
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(word)) {
        const url = urlKey(word);
        return url === undefined ? [] : [url];
    }
    const hash = word.indexOf('#');
    const keys = [];
    if (hash !== -1 && hash < word.length - 1)
        keys.push(`frag:${anchorKey(word.slice(hash + 1))}`);
    const written = hash === -1 ? word : word.slice(0, hash);
    const query = written.indexOf('?');
    const path = decoded(query === -1 ? written : written.slice(0, query));
    if (path === '')
        return keys;
    const file = baseName(path);
    if (file !== '')
        keys.push(`file:${file.toLowerCase()}`);
    const plain = !path.includes('/') && !path.includes('.');
    if (!plain || bracketed || hash !== -1)
        keys.push(`name:${pageName(path)}`);
    if (plain && bracketed && hash === -1)
        keys.push(`frag:${anchorKey(path)}`);
    return keys;
}
/** Another site's address as both a target and a source write it: parsed, without its fragment or a last `/`. */
function urlKey(text) {
    const url = URL.parse(text);
    if (url === null)
        return undefined;
    url.hash = '';
    return `url:${url.href.endsWith('/') ? url.href.slice(0, -1) : url.href}`;
}
/** An anchor as Sphinx makes ids of names: lower case, `_` as `-`. */
function anchorKey(fragment) {
    return decoded(fragment).toLowerCase().replaceAll('_', '-');
}
/** The last segment of a path (`img/diagram.png` → `diagram.png`), '' for a folder. */
function baseName(path) {
    return path.slice(path.lastIndexOf('/') + 1);
}
// The extensions of a page's address and of the sources that build one.
const PAGE_EXTENSIONS = ['.html', '.htm', '.xhtml', '.rst', '.md', '.markdown', '.ipynb', '.txt'];
/**
 * A page's name as its links write it: the last segment without its extension (`../guide/gone.html`,
 * `gone.md`, `gone/` and `gone` are `gone`); a folder's index is the folder (`guide/index.html`,
 * `guide/` are `guide`), the root `index`.
 */
function pageName(path) {
    const segments = path.split('/').filter((segment) => segment !== '' && segment !== '.' && segment !== '..');
    const last = segments.at(-1) ?? 'index';
    const extension = PAGE_EXTENSIONS.find((candidate) => last.toLowerCase().endsWith(candidate));
    const stem = extension === undefined || last.length === extension.length ? last : last.slice(0, -extension.length);
    return stem === 'index' && segments.length > 1 ? segments.at(-2) : stem;
}
function decoded(text) {
    try {
        return decodeURIComponent(text);
    }
    catch {
        return text;
    }
}

;// CONCATENATED MODULE: ./lib/operations/preview/check-page.js

/**
 * Whether `url` answers 200 to a plain GET. It is another host than the service's API, so no
 * token is sent. Redirects are followed on `url`'s own origin only (a preview root may redirect to
 * its language): a page leading to another host (an internal address) is never requested, and is
 * reported as such, so that whether that host answers never shows in the comment.
 */
async function checkPage(url, options) {
    let last = { ok: false, attempts: 0 };
    if (options.attempts < 1)
        return last;
    const notYet = new Error('not yet');
    try {
        return await (0,resilience/* retry */.L5)(async (attempt) => {
            last = { ...(await fetchOnce(url, options)), attempts: attempt };
            if (!last.ok)
                throw notYet;
            return last;
        }, {
            decide: (error, attempt) => error === notYet && attempt < options.attempts ? { retry: true, delayMs: options.retryDelayMs } : { retry: false },
        }, { signal: options.signal, ...(options.sleep ? { sleep: options.sleep } : {}) });
    }
    catch (error) {
        if (error !== notYet)
            throw error;
        return last;
    }
}
async function fetchOnce(url, options) {
    const maxBodyBytes = options.maxBodyBytes ?? 0;
    const answer = await options.pages.get(url, {
        signal: options.signal,
        timeoutMs: options.timeoutMs ?? 10_000,
        ...(maxBodyBytes > 0 ? { maxBodyBytes, bytes: true } : {}),
    });
    // A 200 whose body was too large or cut off answers all the same (its body is not kept).
    if (answer.status === 200 && (answer.problem === undefined || maxBodyBytes > 0)) {
        const served = {
            ...(answer.url === undefined ? {} : { url: answer.url }),
            ...(answer.contentType ? { contentType: answer.contentType } : {}),
        };
        const body = answer.bytes === undefined ? (answer.tooLarge ? { tooLarge: true } : {}) : { bytes: answer.bytes };
        return { ok: true, status: 200, ...body, ...served };
    }
    return { ok: false, ...(answer.status === undefined ? {} : { status: answer.status }), problem: answer.problem ?? 'did not answer' };
}

;// CONCATENATED MODULE: ./lib/operations/preview/page-lookups.js
/**
 * Looking up many preview pages at once under one small budget: the changed pages to link and the
 * new addresses `redirect-check` suggests. Every page is asked once, a few at a time; those that
 * may still come (as the caller's `retryIf` says) are asked again together after one wait, not
 * each after its own; a wait that would pass the budget is not taken, and no look-up starts once
 * the budget is spent. So a pull request that moves a whole tree costs seconds, not minutes.
 */



/** Pages looked up at the same time. */
const PAGE_LOOKUP_CONCURRENCY = 4;
/** One look-up's own limit (shortened to what is left of the budget). */
const PAGE_TIMEOUT_MS = 10_000;
async function lookUpPages(ctx, urls, options) {
    const checks = new Map();
    const unchecked = [];
    let pending = [...new Set(urls)];
    if (pending.length === 0 || options.attempts < 1)
        return { checks, unchecked: pending };
    const endsAt = ctx.now() + Math.min(options.budgetMs, ctx.deadline.remainingMs());
    const budget = { remainingMs: () => Math.max(0, endsAt - ctx.now()) };
    const limit = (0,p_limit/* default */.A)(PAGE_LOOKUP_CONCURRENCY);
    const notYet = new Error('not yet');
    try {
        await (0,resilience/* retry */.L5)(async (round) => {
            const again = [];
            await limit.map(pending, async (url) => {
                const remainingMs = budget.remainingMs();
                if (remainingMs <= 0) {
                    if (!checks.has(url))
                        unchecked.push(url);
                    return;
                }
                const check = await checkPage(url, {
                    pages: ctx.pages,
                    signal: ctx.deadline.signal,
                    attempts: 1,
                    retryDelayMs: 0,
                    timeoutMs: Math.min(PAGE_TIMEOUT_MS, remainingMs),
                    sleep: ctx.sleep,
                    ...(options.read ? { maxBodyBytes: options.read.maxBodyBytes } : {}),
                });
                const { bytes, tooLarge, ...looked } = check;
                if (check.ok && options.read) {
                    await options.read.page(url, { status: 200, bytes, tooLarge, url: check.url, contentType: check.contentType });
                }
                checks.set(url, { ...looked, attempts: round });
                if (!check.ok && options.retryIf(check))
                    again.push(url);
            });
            pending = again;
            if (pending.length > 0)
                throw notYet;
        }, {
            decide: (error, round) => error === notYet && round < options.attempts ? { retry: true, delayMs: ctx.polling.previewRetryMs } : { retry: false },
            pastDeadline: () => notYet,
        }, { signal: ctx.deadline.signal, deadline: budget, sleep: ctx.sleep });
    }
    catch (error) {
        if (error !== notYet)
            throw error;
    }
    return { checks, unchecked };
}

;// CONCATENATED MODULE: ./lib/operations/preview/preview-url.js
/**
 * Where Read the Docs serves the build of a pull request. The rules follow the service's resolver:
 * the host belongs to the canonical project (the parent of a translation or subproject), the path
 * follows the project's `versioning_scheme`.
 */


const PREVIEW_TEMPLATE_INPUT = 'preview-url-template';
const PREVIEW_TEMPLATE_PLACEHOLDERS = ['{project}', '{version}', '{language}'];
const PREVIEW_DOMAINS = {
    org: 'org.readthedocs.build',
    com: 'com.readthedocs.build',
};
/** Business (`readthedocs.com`) or Community (everything else) from the API base URL. */
function editionFromBaseUrl(baseUrl) {
    let hostname;
    try {
        hostname = new URL(baseUrl).hostname.toLowerCase();
    }
    catch {
        return 'org';
    }
    return hostname === 'readthedocs.com' || hostname.endsWith('.readthedocs.com') ? 'com' : 'org';
}
/**
 * The pull-request preview URL of `project`, always ending in `/`.
 *
 * `parent` is the canonical project when `project` is a translation or a subproject; for a
 * subproject it carries the alias under which the parent serves it. `template` replaces the whole
 * computation (see {@link validatePreviewTemplate}). Throws when the URL cannot be known for sure.
 */
function previewUrl(args) {
    const { project, parent, edition, template } = args;
    if (!Number.isSafeInteger(args.pr) || args.pr <= 0) {
        throw new Error(`A pull request number must be a positive integer, got ${String(args.pr)}.`);
    }
    const pr = args.version ?? String(args.pr);
    if (!/^[a-z0-9][a-z0-9_-]*$/.test(pr))
        throw new Error(`Version slug "${pr}" cannot be part of a preview URL.`);
    if (template !== undefined && template.trim() !== '') {
        return fillPreviewTemplate(template, { project: hostLabel(project.slug), version: pr, language: project.language });
    }
    const relation = relationToParent(project, parent);
    if (relation === 'none') {
        return `${origin(project.slug, pr, edition)}${schemePath(project, project.language, pr)}`;
    }
    if (parent === undefined) {
        const parentSlug = relation === 'translation' ? project.translationOf : project.subprojectOf;
        throw new Error(`Project "${project.slug}" is a ${relation} of "${parentSlug}": the parent project's details are needed to build its preview URL.`);
    }
    if (parent.translationOf || parent.subprojectOf) {
        throw new Error(`Project "${project.slug}" belongs to "${parent.slug}", which itself belongs to "${parent.translationOf || parent.subprojectOf}"; ` +
            `such nested projects are not resolved automatically: set the input "${PREVIEW_TEMPLATE_INPUT}".`);
    }
    if (relation === 'translation') {
        // A translation lives under the main-language project's host and scheme, in its own language.
        return `${origin(parent.slug, pr, edition)}${schemePath(parent, project.language, pr)}`;
    }
    const alias = parent.subprojectAlias?.trim();
    if (!alias) {
        throw new Error(`The alias under which "${parent.slug}" serves subproject "${project.slug}" is needed to build its preview URL.`);
    }
    return `${origin(parent.slug, pr, edition)}/projects/${aliasPath(alias, project.slug)}${schemePath(project, project.language, pr)}`;
}
/**
 * A subproject's alias in the path: a `/` in it (the service allows one behind a feature flag)
 * stays a `/`, every segment is encoded on its own. Empty, `.` and `..` segments are refused: the
 * URL would resolve elsewhere.
 */
function aliasPath(alias, slug) {
    const segments = alias.split('/');
    if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
        throw new Error(`The alias "${alias}" of subproject "${slug}" has an empty, "." or ".." part: set the input "${PREVIEW_TEMPLATE_INPUT}" to give the preview URL.`);
    }
    return segments.map(encodeSegment).join('/');
}
/**
 * Checks a `preview-url-template` input early: only `{project}`, `{version}` and `{language}` may
 * appear in braces, and the result must be an absolute http(s) URL. Throws an `Error` naming the input.
 */
function validatePreviewTemplate(template) {
    fillPreviewTemplate(template, { project: 'project', version: '1', language: 'en' });
}
function relationToParent(project, parent) {
    const declared = project.translationOf || project.subprojectOf;
    const relation = project.translationOf
        ? 'translation'
        : project.subprojectOf || parent?.subprojectAlias !== undefined
            ? 'subproject'
            : 'none';
    if (parent !== undefined) {
        if (relation === 'none') {
            throw new Error(`A parent project ("${parent.slug}") was given for "${project.slug}", which is neither a translation nor a subproject.`);
        }
        if (declared && declared !== parent.slug) {
            throw new Error(`Project "${project.slug}" belongs to "${declared}", but the parent given is "${parent.slug}".`);
        }
    }
    return relation;
}
/** Read the Docs writes slugs into host names with `_` turned into `-`. */
function hostLabel(slug) {
    return slug.replace(/_/g, '-');
}
function origin(slug, pr, edition) {
    const label = hostLabel(slug).toLowerCase();
    if (!/^[a-z0-9-]+$/.test(label)) {
        throw new Error(`Project slug "${slug}" cannot be part of a preview host name.`);
    }
    return `https://${label}--${pr}.${PREVIEW_DOMAINS[edition]}`;
}
function schemePath(schemeOwner, language, pr) {
    switch (schemeOwner.versioningScheme) {
        case 'multiple_versions_with_translations':
            if (language.trim() === '')
                throw new Error(`Project "${schemeOwner.slug}" has no language to build its preview URL.`);
            return `/${encodeSegment(language)}/${pr}/`;
        case 'multiple_versions_without_translations':
            return `/${pr}/`;
        case 'single_version_without_translations':
            return '/';
        default:
            throw new Error(`Project "${schemeOwner.slug}" uses the versioning scheme "${schemeOwner.versioningScheme}", which this action does not know; ` +
                `set the input "${PREVIEW_TEMPLATE_INPUT}" to give the preview URL.`);
    }
}
function fillPreviewTemplate(template, values) {
    const accepted = PREVIEW_TEMPLATE_PLACEHOLDERS.join(', ');
    const unknown = [...template.matchAll(/\{[^{}]*\}/g)]
        .map((match) => match[0])
        .filter((placeholder) => !PREVIEW_TEMPLATE_PLACEHOLDERS.includes(placeholder));
    if (unknown.length > 0) {
        const names = [...new Set(unknown)];
        throw new Error(`Input "${PREVIEW_TEMPLATE_INPUT}" has unknown ${(0,plural/* forCount */.V)(names.length, 'placeholder')} ${names.join(', ')}; accepted placeholders: ${accepted}.`);
    }
    const filled = template
        .trim()
        .replace(/\{(project|version|language)\}/g, (_match, name) => encodeSegment(values[name]));
    if (/[{}]/.test(filled)) {
        throw new Error(`Input "${PREVIEW_TEMPLATE_INPUT}" has an unmatched brace; accepted placeholders: ${accepted}.`);
    }
    let url;
    try {
        url = new URL(filled);
    }
    catch {
        throw new Error(`Input "${PREVIEW_TEMPLATE_INPUT}" must give an absolute http(s) URL, got "${filled}"; accepted placeholders: ${accepted}.`);
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') {
        throw new Error(`Input "${PREVIEW_TEMPLATE_INPUT}" must give an http(s) URL, got "${filled}"; accepted placeholders: ${accepted}.`);
    }
    return url.href;
}

;// CONCATENATED MODULE: ./lib/operations/preview/resolve-preview-url.js


/** The service's project records, each fetched once per step (translations come with theirs). */
class ProjectRecords {
    api;
    cache = new Map();
    constructor(api) {
        this.api = api;
    }
    get(slug) {
        let record = this.cache.get(slug);
        if (!record) {
            record = this.api.project(slug);
            this.cache.set(slug, record);
            // A 404 stays known; a read that failed otherwise (the service down) is asked again by the next caller.
            record.catch((error) => {
                if (!(error instanceof errors/* NotFoundError */.m_))
                    this.cache.delete(slug);
            });
        }
        return record;
    }
    /**
     * The slugs among `slugs` the service does not know (their record answers 404), each with its
     * error: read before anything is posted on the pull request, with the records the preview
     * reads anyway. A record that cannot be read for another reason proves nothing here.
     */
    async missing(slugs) {
        const missing = new Map();
        await Promise.all(slugs.map((slug) => this.get(slug).catch((error) => {
            if (error instanceof errors/* NotFoundError */.m_)
                missing.set(slug, error);
        })));
        return missing;
    }
    remember(project) {
        if (!this.cache.has(project.slug))
            this.cache.set(project.slug, Promise.resolve(project));
    }
}
/**
 * The preview URL of `slug` for pull request `pr`: from the template when one is given, else from
 * the project's record, with its parent's (the main-language project of a translation, the
 * superproject of a subproject, with the alias it serves it under) when it has one.
 */
async function resolvePreviewUrl(args) {
    const { api, records, slug, template } = args;
    const pr = args.pr;
    const version = args.version;
    const project = forPreview(await records.get(slug));
    const edition = editionFromBaseUrl(args.baseUrl);
    if (template)
        return previewUrl({ project, pr, version, edition, template });
    const parentSlug = project.translationOf || project.subprojectOf;
    if (!parentSlug)
        return previewUrl({ project, pr, version, edition });
    const parent = forPreview(await records.get(parentSlug));
    if (project.translationOf)
        return previewUrl({ project, parent, pr, version, edition });
    const alias = (await api.subprojects(parentSlug)).find((subproject) => subproject.child.slug === slug)?.alias;
    return previewUrl({ project, parent: { ...parent, ...(alias === undefined ? {} : { subprojectAlias: alias }) }, pr, version, edition });
}
/** The fields the URL rules need. Older answers lack `versioning_scheme`: `single_version` tells. */
function forPreview(project) {
    return {
        slug: project.slug,
        language: project.language.code,
        versioningScheme: project.versioning_scheme ?? (project.single_version ? 'single_version_without_translations' : 'multiple_versions_with_translations'),
        translationOf: slugOf(project.translation_of),
        subprojectOf: slugOf(project.subproject_of),
    };
}
/** `translation_of` / `subproject_of` come as a slug or as the expanded project. */
function slugOf(ref) {
    if (ref === null || ref === undefined)
        return null;
    return typeof ref === 'string' ? ref : ref.slug;
}

;// CONCATENATED MODULE: ./lib/operations/preview/redirect-guard.js
/**
 * The redirect guard (pure): which pages a pull request moves or removes, whether a redirect of
 * the project covers each old address, and the entry to paste for those that are not covered.
 */



/** At most this many pages are reported (a pull request that moves a whole tree says so once). */
const MAX_MOVED_PAGES = 50;
/** Longer paths are no documentation page anyone links to: left out, so every entry stays small. */
const MAX_PATH_LENGTH = 512;
/**
 * The addresses a source file's page answers at, below the version's root: its page, and for an
 * html builder's index page its folder too (`guide/index.rst` serves `/guide/index.html` and
 * `/guide/`). The version's own root (`/`) is left out: no redirect replaces it.
 */
function pageAddresses(file, docsDir, builder = 'sphinx') {
    if (file.length > MAX_PATH_LENGTH)
        return [];
    const page = sourcePagePath(file, docsDir, builder);
    if (page === undefined)
        return [];
    if (builder === 'sphinx' && page.endsWith('/index.html') && page !== '/index.html')
        return [page, page.slice(0, -'index.html'.length)];
    return [page];
}
/**
 * The pages whose address disappears: built by a removed file, or by a renamed file whose new
 * name builds another page (or none), and built by no other file of the pull request now. An
 * html builder's index page is two addresses (`/guide/index.html` and `/guide/`), each its own
 * entry, since a redirect of one does not cover the other.
 */
function movedPages(args) {
    const { files, docsDir } = args;
    const builder = args.builder ?? 'sphinx';
    const addressesOf = (file) => pageAddresses(file, docsDir, builder);
    // Pages the head commit builds from the pull request's files: those addresses stay.
    const stays = new Set();
    for (const file of files) {
        if (file.status === 'removed')
            continue;
        for (const page of addressesOf(file.filename))
            stays.add(normalisePath(page));
    }
    const moved = new Map();
    for (const file of files) {
        const old = file.status === 'removed' ? file.filename : file.status === 'renamed' ? file.previousFilename : undefined;
        if (old === undefined)
            continue;
        const now = file.status === 'renamed' ? addressesOf(file.filename) : [];
        addressesOf(old).forEach((from, index) => {
            if (stays.has(normalisePath(from)) || moved.has(normalisePath(from)))
                return;
            const page = { file: old, from };
            if (file.status === 'renamed') {
                page.newFile = file.filename;
                // The index page's folder goes to the new index page's folder, any other to the new page.
                const to = now[index] ?? now[0];
                if (to !== undefined)
                    page.to = to;
            }
            moved.set(normalisePath(from), page);
        });
    }
    return [...moved.values()].sort((a, b) => naturalCompare(a.from, b.from));
}
/**
 * The file tree diff's deleted pages split by cause. Its base is a snapshot from the pull request's
 * first build, never refreshed (FACTS): a page the base removed since shows as deleted too. A page
 * is this pull request's when one of its removed files, or a renamed file's old name, builds it:
 * the same path without its extension (`docs/api/legacy.rst` → `api/legacy.html` or `api/legacy/`),
 * whatever the docs folder and the builder; an index or readme page stands for its folder.
 */
function removedByPullRequest(removed, files) {
    // Every tail of each source's path, at a folder boundary: the docs folder in front is unknown.
    const tails = new Set();
    for (const file of files) {
        const old = file.status === 'removed' ? file.filename : file.status === 'renamed' ? file.previousFilename : undefined;
        if (old === undefined || old.length > MAX_PATH_LENGTH)
            continue;
        for (const stem of sourceStems(old)) {
            const segments = stem.split('/');
            for (let start = 0; start < segments.length; start += 1)
                tails.add(segments.slice(start).join('/'));
        }
    }
    const ours = [];
    const onBase = [];
    for (const page of removed)
        (tails.has(pageStem(page.file)) ? ours : onBase).push(page);
    return { ours, onBase };
}
/** A source path without its extension, and its folder too when it is an index or readme page. */
function sourceStems(path) {
    const clean = trimSlashes(path.replace(/\\/g, '/'));
    const dot = clean.lastIndexOf('.');
    const stem = dot > clean.lastIndexOf('/') ? clean.slice(0, dot) : clean;
    const slash = stem.lastIndexOf('/');
    const name = stem.slice(slash + 1).toLowerCase();
    return name === 'index' || name === 'readme' ? [stem, slash === -1 ? '' : stem.slice(0, slash)] : [stem];
}
/** A built page's path without `.html` or `/index.html`: `api/legacy.html` and `api/legacy/index.html` are `api/legacy`. */
function pageStem(file) {
    const clean = trimSlashes(file);
    if (clean === 'index.html')
        return 'index';
    if (clean.endsWith('/index.html'))
        return clean.slice(0, -'/index.html'.length);
    return clean.endsWith('.html') ? clean.slice(0, -'.html'.length) : clean;
}
/**
 * A path as the service stores a redirect's `from_url`: trimmed, without a trailing `/`, with
 * exactly one leading `/` (the root stays `/`).
 */
function normalisePath(path) {
    return `/${trimEnds(path)}`;
}
/** A slash or what `trim()` removes: the ends a path's normal form drops, in any order (`x /` too). */
const END_CHAR = /[\s/]/;
/**
 * Without leading and trailing slashes and white space, mixed in any order, so that the normal form
 * is its own normal form; two scans, linear whatever the text (a `/[\s/]+$/` is not).
 */
function trimEnds(text) {
    let start = 0;
    let end = text.length;
    while (start < end && END_CHAR.test(text[start]))
        start += 1;
    while (end > start && END_CHAR.test(text[end - 1]))
        end -= 1;
    return text.slice(start, end);
}
/** Without leading and trailing `/`: two scans, linear whatever the text (a `/\/+$/` is not). */
function trimSlashes(text) {
    let start = 0;
    let end = text.length;
    while (start < end && text[start] === '/')
        start += 1;
    while (end > start && text[end - 1] === '/')
        end -= 1;
    return text.slice(start, end);
}
/**
 * Whether a redirect sends `page` (its path below the version's root, with the address a rename
 * gives it) somewhere, as the service matches: enabled redirects only; `page` redirects against
 * that path; `exact` ones against the full path under any of `prefixes` (every version and
 * language prefix the project serves, e.g. `/en/latest`, `/projects/alias/en/v2`); a `from`
 * ending in `*` matches by prefix, any other equals the path without its trailing `/`.
 * `clean_url_to_html` (`x/` and `x/index.html` to `x.html`) and `html_to_clean_url` (`x.html` to
 * `x/`) cover a move when the address they send it to is the page's new one.
 */
function isCovered(page, rules, prefixes) {
    return coverage(rules, prefixes)(page);
}
/**
 * {@link isCovered} for many pages: the `exact` redirects are brought below the version's root
 * once (for each prefix), so each page costs one pass over the redirects whatever the number of
 * versions.
 */
function coverage(rules, prefixes) {
    const covering = coveringRule(rules, prefixes);
    return (page) => covering(page) !== undefined;
}
/**
 * The redirect that covers a page, as {@link coverage} decides (the first in the list's order when
 * several do), or undefined: the one matcher of the service's rules, for the guard and for a
 * preview's links to addresses that production redirects.
 */
function coveringRule(rules, prefixes) {
    const bases = prefixes === undefined ? [] : typeof prefixes === 'string' ? [prefixes] : prefixes;
    // Each `from` below the version's root, with the first rule that has it.
    const below = new Map();
    let cleanToHtml;
    let htmlToClean;
    const add = (from, rule) => {
        if (!below.has(from))
            below.set(from, rule);
    };
    for (const rule of rules) {
        if (rule.enabled === false)
            continue;
        if (rule.type === 'page')
            add(rule.from, rule);
        else if (rule.type === 'exact')
            for (const from of exactBelowRoot(rule.from, bases))
                add(from, rule);
        else if (rule.type === 'clean_url_to_html')
            cleanToHtml ??= rule;
        else if (rule.type === 'html_to_clean_url')
            htmlToClean ??= rule;
    }
    return (page) => {
        const { from, to } = typeof page === 'string' ? { from: page, to: undefined } : page;
        for (const [rule, found] of below)
            if (matches(rule, from))
                return found;
        if (to === undefined)
            return undefined;
        if (cleanToHtml && sameAddress(cleanUrlToHtml(from), to))
            return cleanToHtml;
        return htmlToClean && sameAddress(htmlToCleanUrl(from), to) ? htmlToClean : undefined;
    };
}
/**
 * An `exact` redirect's `from` as `page` redirects write it (below the version's root), once for
 * each prefix it falls under: `/en/latest/install.html` under `/en/latest` is `/install.html`;
 * `/en/*` under `/en/latest` is `*` (every page).
 */
function exactBelowRoot(from, prefixes) {
    const rule = normalisePath(from);
    const star = rule.endsWith('*');
    const head = star ? rule.slice(0, -1) : rule;
    const out = [];
    for (const prefix of prefixes) {
        const base = trimSlashes(prefix);
        if (base === '') {
            out.push(rule);
            continue;
        }
        // Every page's full path starts with `/base/`.
        const root = `/${base}/`;
        if (star && root.startsWith(head))
            out.push('*');
        else if (head.startsWith(root) && head[root.length] !== '/')
            out.push(`${head.slice(root.length - 1)}${star ? '*' : ''}`);
        // A rule with `//` right after the root (`/en/latest//*`) matches no page: a page's full path
        // has one slash there. Brought below the root, it would normalise to `/*`, every page.
    }
    return out;
}
/** Where `clean_url_to_html` sends a path: `x/` and `x/index.html` to `x.html` (never the root's). */
function cleanUrlToHtml(path) {
    const suffix = path.endsWith('/index.html') ? '/index.html' : path.endsWith('/') ? '/' : undefined;
    const stem = suffix === undefined ? '' : path.slice(0, -suffix.length);
    return stem === '' ? undefined : `${stem}.html`;
}
/** Where `html_to_clean_url` sends a path: `x.html` to `x/` (an index page is left alone). */
function htmlToCleanUrl(path) {
    if (!path.endsWith('.html') || path.endsWith('/index.html') || path === '/.html')
        return undefined;
    return `${path.slice(0, -'.html'.length)}/`;
}
/** Two addresses of one page: `x/` is served as `x/index.html` too. */
function sameAddress(a, b) {
    const folder = (path) => (path.endsWith('/index.html') ? path.slice(0, -'index.html'.length) : path);
    return a !== undefined && normalisePath(folder(a)) === normalisePath(folder(b));
}
function matches(from, path) {
    const rule = normalisePath(from);
    const full = `/${path.replace(/^\/+/, '')}`;
    if (rule.endsWith('*'))
        return full.startsWith(rule.slice(0, -1));
    return normalisePath(full) === rule;
}
/** A path written into YAML: plain when it is only URL-path characters, else double-quoted. */
function yamlPath(path) {
    return /^\/[A-Za-z0-9._~/%-]*$/.test(path) ? path : JSON.stringify(path);
}
/**
 * The entry to paste under `redirects:`, with a comment naming the source files:
 * `- {type: page, from: /install.html, to: /getting-started/install.html}`. For a page with no
 * new address, `to:` is left empty for the author (`apply` refuses it until it is filled in).
 */
function redirectEntry(page) {
    const to = page.to === undefined ? '' : ` ${yamlPath(page.to)}`;
    const why = page.newFile !== undefined
        ? `${page.file} → ${page.newFile}`
        : page.unconfirmed
            ? 'no longer built, or moved on the base: choose where it goes'
            : page.builtOnly
                ? 'no longer built: choose where it goes'
                : `${page.file} removed: choose where it goes`;
    return `- {type: page, from: ${yamlPath(page.from)}, to:${to}}  # ${(0,untrusted_text/* safeLine */.om)(why, 300)}`;
}

;// CONCATENATED MODULE: ./lib/util/once.js
/**
 * `once(make)`: a lazy value of the run, made on first use and shared by every later caller (the
 * pull request's changed files, its project file, a project's redirects): one promise, asked for
 * by several projects' parts at once, makes one request.
 */
/** Calls `make` once, on first use; later callers share its promise. */
function once(make) {
    let promise;
    return () => (promise ??= make());
}

// EXTERNAL MODULE: ./lib/operations/shared/project-file/file.js + 2 modules
var file = __webpack_require__(9517);
;// CONCATENATED MODULE: ./lib/operations/shared/project-file/redirects-of.js
/**
 * The redirects a project file (`apply`'s) lists for one project, read leniently for `preview`'s
 * redirect check: the file comes from the pull request, so it is parsed bounded, under the same size
 * limit as `apply`'s reader (file.ts), and a file that cannot be read gives none.
 */

/**
 * The redirects the project file (`apply`'s) lists for `project`: under `projects.<slug>`, or at
 * the top when there is no `projects`. Undefined when the file manages no redirects or cannot
 * be read; the file comes from the pull request, so it is parsed bounded and read leniently.
 */
async function projectFileRedirects(text, project) {
    // Larger files are not read, as `apply` refuses them: one limit for every reader of the file.
    if (Buffer.byteLength(text, 'utf8') > file/* MAX_FILE_BYTES */.gZ)
        return undefined;
    const { parse } = await __webpack_require__.e(/* import() */ 815).then(__webpack_require__.t.bind(__webpack_require__, 8815, 19));
    let document;
    try {
        document = parse(text, { maxAliasCount: 50, prettyErrors: false });
    }
    catch {
        return undefined;
    }
    const top = record(document);
    const projects = record(top?.projects);
    const config = projects ? record(projects[project]) : top;
    const list = config?.redirects;
    if (!Array.isArray(list))
        return undefined;
    const rules = [];
    for (const item of list.slice(0, 1000)) {
        const entry = record(item);
        const from = entry?.from ?? entry?.from_url;
        // The service refuses a `from_url` over 255 characters: a longer one redirects nothing.
        if (typeof entry?.type !== 'string' || typeof from !== 'string' || from.length > 255)
            continue;
        rules.push({ type: entry.type, from, ...(entry.enabled === false ? { enabled: false } : {}) });
    }
    return rules;
}
function record(value) {
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

;// CONCATENATED MODULE: ./lib/operations/preview/redirect-check.js












/** The annotation's title for each page moved or removed without a redirect. */
const NO_REDIRECT_TITLE = 'Page moved without a redirect';
const NONE = { pages: [], total: 0 };
/** The reads of {@link ProjectRedirects} for `project`: its redirects need a maintainer's token (`token`). */
function projectRedirects(ctx, log, project, record) {
    return {
        rules: once(async () => (await ctx.api.redirects(project)).map((r) => ({
            type: r.type,
            from: r.from_url ?? '',
            ...(r.to_url ? { to: r.to_url } : {}),
            ...(r.enabled === false ? { enabled: false } : {}),
        }))),
        // The prefixes `exact` redirects are matched under, asked for only when one needs them.
        prefixes: once(() => exactPrefixes(ctx, log, record)),
    };
}
/** The matcher of `rules` (the project's, unless given): which of them covers a page. */
async function redirectMatcher(redirects, rules) {
    const list = rules ?? (await redirects.rules());
    return coveringRule(list, list.some(isExact) ? await redirects.prefixes() : undefined);
}
async function checkRedirects(ctx, log, input) {
    const moved = withRemoved(movedPages({ files: input.files, docsDir: input.docsDir, ...(input.builder ? { builder: input.builder } : {}) }), input.removedPages);
    if (moved.length === 0)
        return NONE;
    if (!ctx.inputs.token) {
        // The redirects of a project are read with a maintainer's token only.
        log.info(`${(0,plural/* plural */.L)(moved.length, 'page')} moved or removed; redirects are not checked without \`token\``);
        return NONE;
    }
    let uncovered = moved;
    const redirects = input.redirects ?? projectRedirects(ctx, log, input.project, input.projectRecord);
    try {
        const byProject = await redirectMatcher(redirects);
        uncovered = moved.filter((page) => byProject(page) === undefined);
        if (uncovered.length > 0) {
            const text = await input.projectFile();
            const fileRules = text === undefined ? undefined : await projectFileRedirects(text, input.project);
            if (fileRules) {
                const byFile = await redirectMatcher(redirects, fileRules);
                uncovered = uncovered.filter((page) => byFile(page) === undefined);
            }
        }
    }
    catch (error) {
        log.warning((0,untrusted_text/* safeLine */.om)(`Moved pages were not checked for redirects: ${(0,message_of/* messageOf */.b)(error)}`), 'Redirects not checked');
        return NONE;
    }
    const listed = uncovered.slice(0, MAX_MOVED_PAGES);
    const answering = await answeringTargets(ctx, log, input, listed);
    const pages = [];
    for (const page of listed) {
        // Only an address that answers on the preview is suggested.
        const to = page.to !== undefined && answering.has(page.to) ? page.to : undefined;
        const found = { ...page };
        if (to === undefined)
            delete found.to;
        const entry = redirectEntry(found);
        pages.push({ ...found, entry });
        const what = page.unconfirmed
            ? "is no longer built (the service's file tree diff), or it moved on the base: this pull request's files are not known"
            : page.builtOnly
                ? `is no longer built (the service's file tree diff)${page.served ? ", the base's live docs still serve it," : ''}`
                : `(built from ${page.file}) ${page.newFile === undefined ? 'is removed' : `moves${to ? ` to ${to}` : ''}`}`;
        log.warning((0,untrusted_text/* safeLine */.om)(`${page.from} ${what} and no redirect of ${input.project} covers it. Add to the project file's \`redirects:\`: ${entry.split('  #')[0]}`), NO_REDIRECT_TITLE, 
        // A built page is no file of the repository: the annotation names none.
        ...(page.builtOnly ? [] : [(0,untrusted_text/* safeLine */.om)(page.newFile ?? page.file, 500)]));
    }
    if (uncovered.length > MAX_MOVED_PAGES)
        log.info(`${uncovered.length - MAX_MOVED_PAGES} more moved pages are not listed`);
    log.info(`Moved or removed pages: ${moved.length}, ${uncovered.length} without a redirect`);
    return { pages, total: uncovered.length };
}
/** At most this many new addresses are looked up on the preview (beyond the changed pages')... */
const MAX_TARGET_CHECKS = 20;
/**
 * ...all within this long (and the step's deadline): a pull request moving a tree costs seconds, not
 * minutes. At the docs host's pace (4 a second) the 20 take 5 s, and one wait for a second round fits.
 */
const TARGET_CHECK_BUDGET_MS = 15_000;
/**
 * The new addresses of `pages` that answer on the preview: what the changed pages' look-ups found,
 * then at most {@link MAX_TARGET_CHECKS} more, looked up at once within {@link TARGET_CHECK_BUDGET_MS}
 * (see `lookUpPages`). An answer such as 404 is final (the preview already answers, so the build's
 * pages are there); only a look-up that got no answer, a 5xx or a 429 is tried again.
 */
async function answeringTargets(ctx, log, input, pages) {
    const answering = new Set();
    const urlOf = new Map();
    for (const page of pages) {
        if (page.to !== undefined)
            urlOf.set(page.to, joinUrl(input.previewUrl, page.to.replace(/^\/+/, '').split('/')));
    }
    // What the changed pages' look-ups learnt is not asked again.
    const targets = [...urlOf].filter(([to, url]) => {
        const known = input.checked.get(url);
        if (known)
            answering.add(to);
        return known === undefined;
    });
    if (targets.length === 0)
        return answering;
    const asked = targets.slice(0, MAX_TARGET_CHECKS);
    const { checks, unchecked } = await lookUpPages(ctx, asked.map(([, url]) => url), {
        attempts: input.attempts,
        retryIf: (check) => check.status === undefined || check.status >= 500 || check.status === 429,
        budgetMs: TARGET_CHECK_BUDGET_MS,
    });
    for (const [to, url] of asked) {
        const check = checks.get(url);
        if (check?.ok)
            answering.add(to);
        else if (check)
            log.debug((0,untrusted_text/* safeLine */.om)(`${url} ${check.problem ?? 'did not answer'}: no \`to\` suggested for it`));
    }
    const notAsked = targets.length - asked.length + unchecked.length;
    if (notAsked > 0) {
        log.info(`${(0,plural/* plural */.L)(notAsked, 'new page address', 'new page addresses')} ${(0,plural/* forCount */.V)(notAsked, 'was', 'were')} not looked up on the preview ` +
            `(at most ${MAX_TARGET_CHECKS}, within ${TARGET_CHECK_BUDGET_MS / 1000} s): ` +
            `${(0,plural/* forCount */.V)(notAsked, 'its entry leaves', 'their entries leave')} \`to:\` for you to fill in`);
    }
    return answering;
}
/** The source files' moved pages, then the diff's removed pages they do not list already, sorted by address. */
function withRemoved(moved, removed) {
    if (!removed?.length)
        return moved;
    const known = new Set(moved.map((page) => normalisePath(page.from)));
    const added = removed.filter((page) => !known.has(normalisePath(page.from)) && known.add(normalisePath(page.from)));
    return [...moved, ...added].sort((a, b) => naturalCompare(a.from, b.from));
}
const isExact = (rule) => rule.type === 'exact' && rule.enabled !== false;
/**
 * Where `exact` redirects see the project's pages: its own language (a translation's own) and
 * every version it serves (the active ones, its default version and `latest`), after
 * `/projects/{alias}` for a subproject: `/en/latest`, `/projects/api/en/v2`, `` for a single
 * version. Undefined (no `exact` redirect matched) when the project or a subproject's alias is
 * unknown.
 */
async function exactPrefixes(ctx, log, project) {
    if (!project)
        return undefined;
    const p = forPreview(project);
    let base = '';
    if (p.subprojectOf && !p.translationOf) {
        const alias = (await ctx.api.subprojects(p.subprojectOf)).find((subproject) => subproject.child.slug === project.slug)?.alias;
        if (alias === undefined)
            return undefined;
        base = `/projects/${alias}`;
    }
    if (p.versioningScheme === 'single_version_without_translations')
        return [base];
    const versions = new Set([project.default_version || 'latest', 'latest']);
    try {
        for (const version of await ctx.api.versions(project.slug))
            if (version.active)
                versions.add(version.slug);
    }
    catch (error) {
        log.debug((0,untrusted_text/* safeLine */.om)(`The versions of ${project.slug} are unknown (${(0,message_of/* messageOf */.b)(error)}): \`exact\` redirects are matched under its default version and latest`));
    }
    const language = p.versioningScheme === 'multiple_versions_without_translations' ? '' : `/${p.language}`;
    return [...versions].map((version) => `${base}${language}/${version}`);
}
/**
 * `redirect-check`'s gate, the one place that says whether pages moved or removed without a
 * redirect fail the project (`redirect-check: fail`), and in what words; undefined when they do not.
 */
function redirectGate(level, project, { pages, total }) {
    return (0,gates/* gateFailure */.I9)((0,gates/* failsAt */.ZN)(level) ? total : 0, () => {
        const first = total > pages.length ? ` (the first ${pages.length})` : '';
        const words = `${(0,plural/* plural */.L)(total, 'page')} moved or removed without a redirect`;
        return {
            title: UNREDIRECTED_TITLE,
            subject: project,
            words,
            reason: [`${words} (input \`redirect-check: fail\`). Add under \`redirects:\`${first}:`, ...pages.map((page) => page.entry)].join('\n'),
        };
    });
}

;// CONCATENATED MODULE: ./lib/operations/preview/redirected-links.js




/** Notes told in the log, one line each (the job summary and `results` have them all). */
const MAX_LOGGED = 50;
/** A redirect's `from` or `to` as shown: the service stores at most 255 characters. */
const MAX_SHOWN = 300;
/**
 * `report` with its missing pages and images that a redirect of the project covers set apart as
 * {@link RedirectedLink}s. Only those problems can be a redirect's (the service redirects a path
 * that would answer 404); another site's links are never the project's. Without `token` (the
 * redirects are a maintainer's to read), or when they cannot be read, every broken link stays.
 */
async function setRedirectedApart(log, report, args) {
    const candidates = report.broken.filter(mayBeRedirected);
    if (candidates.length === 0)
        return { ...report, redirected: [] };
    if (!args.token) {
        log.info(`${(0,plural/* plural */.L)(candidates.length, 'missing target')} may work in production through a redirect: the project's redirects are not read without \`token\``);
        return { ...report, redirected: [] };
    }
    let covering;
    try {
        covering = await redirectMatcher(args.redirects);
    }
    catch (error) {
        log.info((0,untrusted_text/* safeLine */.om)(`The project's redirects could not be read (${(0,message_of/* messageOf */.b)(error)}): every missing target stays broken`));
        return { ...report, redirected: [] };
    }
    const broken = [];
    const redirected = [];
    for (const link of report.broken) {
        const rule = mayBeRedirected(link) ? covering(`/${pathOf(link.target)}`) : undefined;
        if (rule === undefined)
            broken.push(link);
        else
            redirected.push({ ...link, redirect: { type: rule.type, from: rule.from, ...(rule.to === undefined ? {} : { to: rule.to }) } });
    }
    for (const link of redirected.slice(0, MAX_LOGGED))
        log.info((0,untrusted_text/* safeLine */.om)(`${link.page} → ${link.target}: ${redirectedNote(link)}`, 1000));
    if (redirected.length > 0)
        log.info(`${(0,plural/* plural */.L)(redirected.length, 'link')} ${(0,plural/* forCount */.V)(redirected.length, 'answers', 'answer')} 404 on the preview, which applies no redirects, ` +
            `but ${(0,plural/* forCount */.V)(redirected.length, 'works', 'work')} in production through the project's redirects`);
    return { ...report, broken, redirected };
}
/** What the log says of a redirected link: `works in production through the page redirect /old.html → /new.html`. */
function redirectedNote(link) {
    const { type, from, to } = link.redirect;
    const target = to === undefined || to === '' ? '' : ` → ${(0,untrusted_text/* safeLine */.om)(to, MAX_SHOWN)}`;
    return `works in production through the ${(0,untrusted_text/* safeLine */.om)(type, 40)} redirect ${(0,untrusted_text/* safeLine */.om)(from || '/', MAX_SHOWN)}${target}`;
}
/** A missing page or image of the version's own: what a redirect of the project may send on. */
function mayBeRedirected(link) {
    return !link.external && (link.problem === 'missing page' || link.problem === 'missing image');
}
/** A target below the version's root without its fragment (`guide/old.html#setup` → `guide/old.html`; the root is `/`). */
function pathOf(target) {
    const hash = target.indexOf('#');
    const path = hash === -1 ? target : target.slice(0, hash);
    return path === '/' ? '' : path;
}

;// CONCATENATED MODULE: ./lib/operations/preview/link-check.js










/** Changed pages read at most, and distinct targets asked at most (the rest counted as not checked). */
const MAX_LINK_CHECKED_PAGES = 200;
const MAX_LINK_TARGETS = 2_000;
/** The whole check's time (and the step's deadline). */
const LINK_CHECK_BUDGET_MS = 60_000;
/** Pages with broken links the comment's row keeps, and links of each; the job summary lists every page. */
const COMMENT_BOUNDS = { pages: 10, perPage: 5 };
/** Redirected links the comment's row keeps; the job summary lists them all. */
const MAX_COMMENT_REDIRECTED = 10;
/** Links the job summary lists per page (every page listed; `results` has every link)... */
const SUMMARY_PER_PAGE = 20;
/** ...and redirected links per project. */
const MAX_SUMMARY_REDIRECTED = 1_000;
/** A failure's reason (the error annotation, the job summary's block): the first pages, and links of each. */
const REASON_BOUNDS = { pages: 10, perPage: 5 };
/**
 * The changed pages' links checked on the preview at `previewUrl`; undefined with `link-check: off`
 * or no page to read. A missing target that a redirect of the project covers is set apart (the
 * preview applies no redirects): see redirected-links.ts.
 */
async function checkPreviewLinks(ctx, log, 
/**
 * `recheck`: the pages come from the pull request's files (no file tree diff): a broken target is
 * asked once more first. `singleVersion`: the project's versioning scheme says so.
 */
args) {
    const levels = (0,links_levels/* linkLevels */.W)(ctx.inputs, 'preview');
    if (levels.links === 'off')
        return undefined;
    const pages = args.pages.filter((page) => page.change !== 'deleted').map((page) => page.url);
    if (pages.length === 0)
        return undefined;
    const checked = await (0,link_checker/* checkLinks */.mY)(ctx, {
        root: asRoot(args.previewUrl),
        singleVersion: args.singleVersion === true,
        pages,
        crawl: false,
        maxPages: MAX_LINK_CHECKED_PAGES,
        maxTargets: MAX_LINK_TARGETS,
        external: ctx.inputs.linkCheckExternal,
        accept: ctx.inputs.linkCheckAccept,
        externalRecheckMs: ctx.inputs.linkCheckRecheck,
        anchors: levels.anchors !== 'off',
        ignore: (0,resolve_link/* globList */.Xq)(ctx.inputs.linkCheckIgnore),
        budgetMs: LINK_CHECK_BUDGET_MS,
        answers: args.answers,
        // The CDN serves the previous build until the service's indexing ends (FACTS): without the diff, which comes after it, a 404 may be stale.
        ...(args.recheck ? { recheckAfterMs: ctx.polling.previewRetryMs } : {}),
        // The preview's own search index answers the targets it lists (site-index.ts).
        index: { builder: args.builder },
    });
    const apart = await setRedirectedApart(log, checked, { redirects: args.redirects, token: Boolean(ctx.inputs.token) });
    const report = args.sources && apart.broken.length > 0 ? { ...apart, broken: await locateBrokenLinks(apart.broken, args.sources, log) } : apart;
    const failing = new Set((0,links_levels/* failingLinks */.a)(report.broken, levels));
    (0,link_checker/* annotateBroken */.me)({ annotations: ctx.log, story: log }, report.broken, (link) => failing.has(link));
    if (report.index?.file !== undefined)
        log.info(indexLine(report.index));
    log.info(checkedLine(report, pages.length));
    return report;
}
/**
 * The log's line of the check of `planned` changed pages: "Links of 3 changed page(s): 1 broken, 15
 * checked, …; changed pages not read: 1 (answered 404)", and when more were planned than are read,
 * how many are.
 */
function checkedLine(report, planned) {
    const unread = report.unreadPages === 0 ? '' : `; changed pages not read: ${unreadText(report)}`;
    const bounded = planned > MAX_LINK_CHECKED_PAGES ? ` (at most ${MAX_LINK_CHECKED_PAGES} pages are read)` : '';
    return `Links of ${report.pages} changed page(s): ${(0,link_counts/* linkCounts */.r3)(report)}${unread}${bounded}`;
}
/** "The build's search index (searchindex.js) answered 1980 target(s) of the changed pages, asked no more (2 request(s))". */
function indexLine(use) {
    return `The build's search index (${use.file}) answered ${use.answered} target(s) of the changed pages, asked no more (${use.requests} request(s))`;
}
/** Why a changed page that answered 200 was not read. */
const UNREADABLE = {
    'too large': 'over 4 MB',
    'too complex': 'too large or complex to read in its time',
    'run total': 'past the 64 MB of pages a run reads',
};
/** What the first unread pages answered, each once: "answered 404", "throttled", "over 4 MB", "no answer". */
function unreadText(report) {
    const said = report.unread.map((page) => page.unreadable !== undefined
        ? UNREADABLE[page.unreadable]
        : (page.refused ?? (page.status === undefined ? 'no answer' : `answered ${page.status}`)));
    return said.length === 0 ? String(report.unreadPages) : `${report.unreadPages} (${[...new Set(said)].join(', ')})`;
}
/** A preview URL as the root its pages are below (ending in `/`). */
function asRoot(previewUrl) {
    const url = new URL(previewUrl);
    if (!url.pathname.endsWith('/'))
        url.pathname = `${url.pathname}/`;
    url.search = '';
    url.hash = '';
    return url.href;
}
/**
 * `link-check`'s gate, the one place that says whether the broken links fail the project (an
 * internal page, image or resource at `link-check: fail`, an anchor at `link-check-anchors: fail`)
 * and in what words; undefined when they do not.
 */
function linkGate(ctx, project, report) {
    const failing = report ? (0,links_levels/* failingLinks */.a)(report.broken, (0,links_levels/* linkLevels */.W)(ctx.inputs, 'preview')) : [];
    return (0,gates/* gateFailure */.I9)(failing.length, () => {
        const words = (0,broken_link/* brokenLinksWords */.q$)((0,broken_link/* countKinds */.xb)(failing));
        return {
            title: BROKEN_LINKS_TITLE,
            subject: project,
            words,
            reason: [`${words} (input \`link-check: fail\`):`, ...(0,broken_link/* listedPagesText */.XM)(failing, REASON_BOUNDS)].join('\n'),
        };
    });
}
/** The comment row's part: the first pages with broken links (and their first links), every one counted by kind; the first redirected links. */
function rowBrokenLinks(report) {
    if (!report)
        return {};
    const row = {};
    if (report.unreadPages > 0)
        row.unreadPages = report.unreadPages;
    if (report.broken.length > 0) {
        const { pages, morePages } = (0,broken_link/* listedPages */.s1)(report.broken, COMMENT_BOUNDS);
        row.brokenCounts = (0,broken_link/* countKinds */.xb)(report.broken);
        row.brokenPages = pages.map(({ url: _, links, ...page }) => ({ ...page, links: links.map(rowLink) }));
        if (morePages > 0)
            row.moreBrokenPages = morePages;
    }
    if (report.redirected.length > 0) {
        const shown = report.redirected.slice(0, MAX_COMMENT_REDIRECTED).map(({ page, target, redirect }) => ({ page, target, redirect }));
        row.redirectedLinks = shown;
        if (report.redirected.length > shown.length)
            row.moreRedirectedLinks = report.redirected.length - shown.length;
    }
    return row;
}
/** What the comment keeps of a link: its target, problem, text and source. */
function rowLink(link) {
    const { target, problem, text, source } = link;
    return { target, problem, ...(text === undefined ? {} : { text }), ...(source === undefined ? {} : { source }) };
}
/** What `results[].links` carries. */
function linkDetails(report) {
    if (!report)
        return {};
    const { checked, notChecked, broken, redirected, otherSites, ignored, outsideVersion, unavailable } = report;
    const throttled = report.throttled.docsHost + report.throttled.otherSites;
    return { links: { checked, notChecked, broken, redirected, otherSites, ignored, outsideVersion, throttled, unavailable } };
}
/**
 * The job summary's part of a project's broken links: its counts, then every page (linked on the
 * preview at `previewUrl`) with its first {@link SUMMARY_PER_PAGE} links, each at its source's
 * line; then those a redirect of the project keeps working in production.
 */
function brokenLinksSummary(project, report, where) {
    if (!report)
        return [];
    const redirected = report.redirected.length === 0 ? '' : `, ${report.redirected.length} redirected in production`;
    // "1 broken, 2 redirected in production, 11 checked, …": the notes beside the broken ones.
    const counts = (0,link_counts/* linkCounts */.r3)(report).replace(/^\d+ broken/, (broken) => `${broken}${redirected}`);
    const kinds = report.broken.length === 0 ? '' : ` (${(0,markdown/* escapeMarkdown */.FV)((0,broken_link/* kindWords */.Gk)((0,broken_link/* countKinds */.xb)(report.broken)))})`;
    const lines = ['', `**${BROKEN_LINKS_TITLE} in ${(0,markdown/* escapeMarkdown */.FV)(project)}**${kinds}: ${counts}`];
    if (report.broken.length > 0) {
        const bounds = { pages: Number.MAX_SAFE_INTEGER, perPage: SUMMARY_PER_PAGE, root: where.previewUrl };
        const { pages, morePages } = (0,broken_link/* listedPages */.s1)(report.broken, bounds);
        lines.push('');
        for (const line of (0,broken_link/* listedPagesMarkdown */.pU)(pages, { links: where, morePages, elsewhere: ' (every one in the `results` output)' }))
            lines.push(line);
    }
    if (report.redirected.length > 0) {
        lines.push('', REDIRECTED_LINKS_INTRO, '');
        for (const link of report.redirected.slice(0, MAX_SUMMARY_REDIRECTED))
            lines.push(`- ${redirectedLinkMarkdown(link)}`);
        if (report.redirected.length > MAX_SUMMARY_REDIRECTED)
            lines.push(`- … and ${report.redirected.length - MAX_SUMMARY_REDIRECTED} more (every one in the \`results\` output)`);
    }
    return lines;
}

;// CONCATENATED MODULE: ./lib/operations/preview/present.js








// `preview`'s third job: presenting what each project's part found: the comment's rows, the
// commit statuses and deployments, each project's details, and the job summary.
/**
 * The step's report once every project's part has ended, from their results alone: the comment's
 * rows and the commit statuses and deployments published, each result with its details.
 * `redirect-check`: the ready row lists its pages without a redirect; a project that `fail` (or
 * `link-check: fail`) turned red in its own part keeps its row ready, its commit status says why.
 */
async function presentPreviews(ctx, step, found) {
    const { run, publisher, deployments } = step;
    const findings = found.map((result) => result.details ?? { pages: [], unredirected: [], unredirectedTotal: 0 });
    const rows = found.map((result, index) => rowOf(ctx, result, run.headSha, findings[index].pages, findings[index].ready));
    const ready = (index) => rows[index].status === 'ready';
    const statuses = found.map((result, index) => {
        const row = rows[index];
        const { unredirected, unredirectedTotal } = ready(index) ? findings[index] : { unredirected: [], unredirectedTotal: 0 };
        const status = commitStatusOf(result, row.status);
        if (unredirected.length > 0)
            row.unredirected = unredirected;
        if (unredirectedTotal > unredirected.length)
            row.moreUnredirected = unredirectedTotal - unredirected.length;
        // `link-check`: the row lists the first pages with broken links.
        Object.assign(row, rowBrokenLinks(ready(index) ? findings[index].links : undefined));
        // A gate that turned the ready preview red (its own part decided it): ❌ and its words, the preview still linked.
        const failed = ready(index) ? result.failedChecks : undefined;
        if (!failed?.length)
            return status;
        row.failedChecks = failed;
        return { ...status, state: 'failure', description: `${(0,gates/* gateWords */.DO)(failed)} (build #${result.buildId}; the preview is ready)` };
    });
    await Promise.all([
        publisher.publish(rows),
        ...found.map((result, index) => {
            const { state, description, targetUrl } = statuses[index];
            return publisher.status(result.project, state, description, targetUrl);
        }),
        // The deployment says what the commit status says (a red link or redirect check included).
        ...found.map((result, index) => deploymentOutcome(deployments, result, statuses[index])),
    ]);
    const results = found.map((result, index) => {
        const info = findings[index];
        const details = {
            pullRequest: run.pr,
            headSha: run.headSha,
            previewStatus: rows[index].status,
            pages: info.pages,
            ...diffDetails(info.diff),
            ...(ctx.inputs.redirectCheck === 'off' ? {} : { unredirected: info.unredirected, unredirectedTotal: info.unredirectedTotal }),
            ...linkDetails(ready(index) ? info.links : undefined),
        };
        return { ...result, details };
    });
    // The summary lists the projects as the comment does: failures first, then by name.
    const summaryOrder = (a, b) => previewOrder(summaryRow(a), summaryRow(b));
    return { results, summary: [summarySection(run, results, findings, publisher, summaryOrder)], outputs: {}, summaryOrder };
}
/** What {@link previewOrder} reads of a result: its name and its status as the comment shows it. */
function summaryRow(result) {
    const status = result.details?.previewStatus ?? previewStatusOf(result);
    return { project: result.project, status, ...(result.failedChecks ? { failedChecks: result.failedChecks } : {}) };
}
function previewStatusOf(result) {
    switch (result.outcome) {
        case 'success':
            return result.previewUrl ? 'ready' : 'error';
        case 'triggered':
            return 'building';
        case 'skipped':
            return 'skipped';
        case 'superseded':
            return 'superseded';
        case 'failed':
            return 'failed';
        case 'cancelled':
            return 'cancelled';
        case 'timed-out':
            return result.buildId === undefined ? 'not-found' : 'timed-out';
        case 'aborted':
        case 'error':
            return 'error';
    }
}
/** The comment row of a project whose part has ended (`ready` when its preview answered and its pages were checked). */
function rowOf(ctx, result, headSha, pages, ready) {
    const status = ready ? 'ready' : previewStatusOf(result);
    return {
        project: result.project,
        status,
        commit: headSha,
        updatedAt: new Date(ctx.now()),
        ...(result.buildId === undefined ? {} : { buildId: result.buildId }),
        ...(result.buildUrl === undefined ? {} : { buildUrl: result.buildUrl }),
        ...(status === 'ready' && result.previewUrl ? { previewUrl: result.previewUrl } : {}),
        // One line in the row (the notification or the failed command), the output's tail apart.
        ...(status !== 'ready' && (result.headline ?? result.reason) ? { reason: (result.headline ?? (0,types/* reasonWithSubject */.JZ)(result)) } : {}),
        ...(status !== 'ready' && result.outputTail ? { tail: result.outputTail } : {}),
        ...(status !== 'ready' && result.problems?.length ? { problems: result.problems } : {}),
        ...(status !== 'ready' && result.moreProblems ? { moreProblems: result.moreProblems } : {}),
        ...(status === 'ready' ? commentPages(pages) : {}),
        ...(status === 'ready' ? rowWarnings(result.warnings) : {}),
    };
}
function commitStatusOf(result, status) {
    const build = result.buildId === undefined ? 'the build' : `build #${result.buildId}`;
    switch (status) {
        case 'ready':
            return { state: 'success', description: `Preview ready (build #${result.buildId})`, targetUrl: result.previewUrl };
        case 'skipped':
            return result.buildId === undefined
                ? { state: 'success', description: 'No build: an automation rule of the project skipped this commit', targetUrl: undefined }
                : { state: 'success', description: `Build #${result.buildId} skipped (exit code 183): no preview`, targetUrl: result.buildUrl };
        case 'superseded':
            return {
                state: 'success',
                description: `Superseded by build #${result.supersededBy?.buildId} of a newer commit: no preview of this one`,
                targetUrl: result.supersededBy?.buildUrl,
            };
        case 'building':
            return { state: 'pending', description: `Building (${build})`, targetUrl: result.buildUrl };
        case 'failed':
            return { state: 'failure', description: `Build #${result.buildId} failed`, targetUrl: result.buildUrl };
        case 'cancelled':
            return { state: 'failure', description: `Build #${result.buildId} was cancelled`, targetUrl: result.buildUrl };
        case 'timed-out':
            return { state: 'error', description: `Timed out waiting for ${build}`, targetUrl: result.buildUrl };
        case 'not-found':
            return { state: 'error', description: 'No build of this commit appeared', targetUrl: undefined };
        case 'error':
        case 'merged':
        case 'closed':
            return { state: 'error', description: result.title ?? 'Error', targetUrl: result.buildUrl };
    }
}
function summarySection(run, unordered, unorderedFindings, publisher, order) {
    const entries = unordered.map((result, index) => ({ result, info: unorderedFindings[index] })).sort((a, b) => order(a.result, b.result));
    const results = entries.map(({ result }) => result);
    const findings = entries.map(({ info }) => info);
    const where = publisher.location
        ? ` · ${(0,markdown/* markdownLink */.iQ)(locationLabel(publisher), publisher.location)}`
        : publisher.handedOverTo
            ? ` · ${(0,markdown/* markdownLink */.iQ)("Read the Docs' own comment", publisher.handedOverTo)} (no comment of the action's: \`comment: auto\`)`
            : '';
    const lines = [`Pull request #${run.pr}, head commit ${commitLink(run.repoUrl, run.headSha)}${where}`];
    for (const [index, result] of results.entries()) {
        const info = findings[index];
        if (result.previewUrl)
            for (const line of pagesSummary(result.project, info.pages, info.diff))
                lines.push(line);
    }
    const unredirected = results
        .map((result, index) => {
        const { unredirected: pages, unredirectedTotal } = findings[index];
        return { project: result.project, pages, more: unredirectedTotal - pages.length };
    })
        .filter(({ pages }) => pages.length > 0);
    for (const section of unredirectedSections(unredirected))
        lines.push('', section);
    for (const [index, result] of results.entries()) {
        if (!result.previewUrl)
            continue;
        const where = { repoUrl: run.repoUrl, commit: run.headSha, previewUrl: result.previewUrl };
        for (const line of brokenLinksSummary(result.project, findings[index].links, where))
            lines.push(line);
    }
    for (const note of publisher.notes)
        lines.push('', `> ⚠️ ${(0,markdown/* escapeMarkdown */.FV)(note)}`);
    return lines.join('\n');
}
/** The commit as elsewhere: 7 characters in code, linked to the full one. */
function commitLink(repoUrl, sha) {
    const code = (0,markdown/* codeSpan */.SS)(sha.slice(0, 7), { inTable: false });
    const url = (0,markdown/* safeHttpUrl */.vH)(`${repoUrl}/commit/${sha}`);
    return url === undefined ? code : `[${code}](${url})`;
}
function locationLabel(publisher) {
    return publisher.location?.includes('#issuecomment-') ? 'the preview comment' : 'the pull request description';
}

// EXTERNAL MODULE: ./lib/inputs/slugs.js
var slugs = __webpack_require__(4961);
;// CONCATENATED MODULE: ./lib/operations/preview/workflow-run-pull-request.js

const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);
/**
 * The pull request of a finished `pull_request` run (the reporter half of the two-workflow
 * pattern), from GitHub's own payload, never from anything the PR wrote (an artifact, a file):
 * an entry of GitHub's `pull_requests` list only when its head is the run's (`head_sha`, and the
 * repository of `head_repository.id`): GitHub fills that list by branch name, so a fork's run on
 * `fix-typo` may list the base repository's own PR of a branch `fix-typo`. Otherwise (a fork's PR,
 * for which the list is empty or names others) the open pull requests of
 * `head_repository.owner:head_branch`, of which only one whose head is the run's commit in the
 * run's head repository is taken. The head commit is always the run's `head_sha`.
 */
async function pullRequestOfWorkflowRun(run, github) {
    const headSha = run.headSha;
    if (!PULL_REQUEST_EVENTS.has(run.event)) {
        return { none: `The finished run was started by a \`${run.event || 'unknown'}\` event, not by a pull request: nothing to report` };
    }
    const ofHead = run.pullRequests.filter((pr) => pr.headSha === headSha && pr.headRepoId !== undefined && pr.headRepoId === run.headRepoId);
    if (ofHead.length === 1)
        return { pr: ofHead[0].number, headSha };
    if (ofHead.length > 1) {
        return {
            none: `The finished run belongs to several pull requests (${ofHead.map((pr) => `#${pr.number}`).join(', ')}): nothing to report`,
        };
    }
    if (!run.headOwner || !run.headBranch || !run.headRepo) {
        return { none: 'The finished run names no pull request of its head and no head branch: nothing to report' };
    }
    const gh = await github();
    if (!gh)
        return { none: "Without `github-token`, the pull request of a fork's run cannot be looked up: nothing to report" };
    const head = `${run.headOwner}:${run.headBranch}`;
    const headRepo = run.headRepo.toLowerCase();
    const matching = (await (0,rest/* listOpenPullRequests */.oh)(gh, { owner: run.headOwner, branch: run.headBranch })).filter((pr) => pr.head.sha.toLowerCase() === headSha && pr.head.repo?.full_name.toLowerCase() === headRepo);
    if (matching.length === 1)
        return { pr: matching[0].number, headSha };
    if (matching.length === 0) {
        return {
            none: `No open pull request from ${head} has the head commit ${headSha} (closed, or a newer push moved it on): nothing to report`,
        };
    }
    return { none: `Several open pull requests from ${head} have the head commit ${headSha}: nothing to report` };
}

;// CONCATENATED MODULE: ./lib/operations/preview/pull-request.js









// `preview`'s first job: reading the pull request (which one, its repository, the projects to
// preview, its changed files), through the event and the GitHub API: no checkout of PR code.
const pull_request_PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);
/** The notice of a `workflow_run` whose finished run has no open pull request to report on. */
const NO_PULL_REQUEST_TITLE = 'No pull request to report on';
/** The names the service looks for at the top of the repository, when the project sets no path. */
const READTHEDOCS_YAML_PATHS = ['.readthedocs.yaml', '.readthedocs.yml', 'readthedocs.yaml', 'readthedocs.yml'];
/** Where the pull request lives: the base repository (the event's, else GITHUB_REPOSITORY). */
function baseRepository(run) {
    const fullName = (run.eventName === 'workflow_run' ? run.workflowRun?.repository : run.pullRequest?.baseRepo) ?? run.repository;
    const [owner, repo] = fullName?.split('/') ?? [];
    return { owner, repo, repoUrl: `${run.serverUrl.replace(/\/+$/, '')}/${fullName ?? ''}` };
}
/**
 * The PR number and head SHA from the event payload, never GITHUB_SHA (the merge commit); on
 * `workflow_run`, the pull request of the finished run (see {@link pullRequestOfWorkflowRun}).
 */
async function pullRequestOf(run, github, log) {
    if (run.eventName === 'workflow_run') {
        if (!run.workflowRun) {
            throw new inputs/* InputError */.dz([
                "Input `operation`: `preview` needs the finished run's head commit from the `workflow_run` event payload, which has none",
            ]);
        }
        try {
            return await pullRequestOfWorkflowRun(run.workflowRun, github);
        }
        catch (error) {
            log.warning((0,untrusted_text/* safeLine */.om)(`The pull request of the finished run could not be looked up: ${(0,message_of/* messageOf */.b)(error)}`), {
                title: NO_PULL_REQUEST_TITLE,
            });
            return { none: 'No pull request was found: nothing to report' };
        }
    }
    if (!pull_request_PULL_REQUEST_EVENTS.has(run.eventName)) {
        throw new inputs/* InputError */.dz([
            `Input \`operation\`: \`preview\` runs on \`pull_request\` or \`pull_request_target\` events; this run's event is \`${run.eventName || 'unknown'}\`. ` +
                'Use `operation: wait` to wait for the build of a commit on other events, or run `preview` on `workflow_run` to report on the pull request of a finished build workflow',
        ]);
    }
    if (!run.pullRequest) {
        throw new inputs/* InputError */.dz([
            `Input \`operation\`: \`preview\` needs the pull request's number and head commit from the \`${run.eventName}\` event payload, which has none`,
        ]);
    }
    return { pr: run.pullRequest.number, headSha: run.pullRequest.headSha.toLowerCase() };
}
/** The GitHub client, made on first use; `undefined` (said once) when there is no token or repository. */
function lazyGitHub(ctx, run) {
    return once(async () => {
        const token = ctx.inputs.githubToken;
        if (!token || !run.owner || !run.repo) {
            ctx.log.warning(!token
                ? 'Input `github-token` is empty: no PR comment and no commit status. The summary and outputs still carry the preview'
                : 'The repository is unknown (no GITHUB_REPOSITORY): no PR comment and no commit status', { title: 'Not reporting on GitHub' });
            return undefined;
        }
        ctx.log.debug(`GitHub API: ${ctx.run.apiUrl}`);
        // GitHub calls report on the step, after its timeout too (the final comment and status): the
        // step's deadline does not stop them, but the report has a few seconds past it in all, and as
        // many past the workflow's cancellation (the deadline's `settling`): a commit status is never
        // left `pending`.
        const limits = { signal: ctx.deadline.settling };
        // Octokit's own warnings (a deprecated endpoint) are for whoever debugs the step, one neutralised line each.
        const octokit = await ctx.github(token, { log: (message) => ctx.log.debug(message) });
        return { octokit, owner: run.owner, repo: run.repo, limits };
    });
}
/**
 * The `project` input (`listed`: those the service knows), and with `translations: true` each project's translations after it. A
 * translation's slug names a request path, a log prefix, a deployment environment and a status
 * context: one that is not a project slug, as the `project` input takes them, is left out, said in
 * a warning.
 */
async function projectsToPreview(ctx, records, listed = ctx.inputs.projects) {
    const projects = [...listed];
    if (!ctx.inputs.translations)
        return projects;
    for (const project of listed) {
        const translations = (await ctx.api.translations(project)).filter((translation) => {
            if (slugs/* PROJECT_SLUG */.QV.test(translation.slug))
                return true;
            // The slug shown JSON-quoted (line breaks as `\n`), cut and neutralised.
            const shown = (0,untrusted_text/* safeLine */.om)(JSON.stringify(translation.slug), 80);
            ctx.log.warning(`${project}: the service names a translation whose slug ${shown} is not a project slug ` +
                '(lowercase letters, digits, `-` and `_`, as the `project` input takes them): it is left out', { title: 'Translation left out' });
            return false;
        });
        for (const translation of translations) {
            records.remember(translation);
            if (!projects.includes(translation.slug))
                projects.push(translation.slug);
        }
        ctx.log.untrusted(translations.length === 0
            ? `${project} has no translations`
            : `${project} has ${(0,plural/* plural */.L)(translations.length, 'translation')}: ${translations.map((t) => `${t.slug} (${t.language.code})`).join(', ')}`);
    }
    return projects;
}
/**
 * The PR's added or changed files and the docs source folder: from `.readthedocs.yaml` at the head
 * commit when it tells, else the `docs-path` input. Read through the API: no checkout of PR code.
 * Anything missing means no page links, never a failure.
 */
async function changedSourceFiles(ctx, github, run, 
/** The project's `readthedocs_yaml_path`, when it sets one: then only that file counts. */
yamlPath) {
    try {
        const gh = await github();
        if (!gh)
            return undefined;
        let yaml;
        for (const path of yamlPath ? [yamlPath.replace(/^\/+/, '')] : READTHEDOCS_YAML_PATHS) {
            yaml = await (0,rest/* getFileContent */._P)(gh, path, run.headSha);
            if (yaml !== undefined)
                break;
        }
        if (yaml !== undefined && Buffer.byteLength(yaml, 'utf8') > MAX_READTHEDOCS_YAML_BYTES) {
            ctx.log.info(`The configuration file is over ${MAX_READTHEDOCS_YAML_BYTES / 1024} KB: not read`);
            yaml = undefined;
        }
        const config = yaml === undefined ? undefined : await readReadthedocsConfig(yaml);
        const docsDir = config?.docsDir ?? ctx.inputs.docsPath;
        const builder = config?.builder;
        if (docsDir === undefined) {
            ctx.log.info('Changed pages are not linked: `.readthedocs.yaml` does not name the docs folder; set `docs-path`');
            return undefined;
        }
        const entries = await (0,rest/* listPullRequestFileEntries */.RN)(gh, run.pr);
        const files = (0,rest/* changedFileNames */.n4)(entries);
        ctx.log.debug(`docs folder ${docsDir} (${builder ?? 'sphinx'}), ${(0,plural/* plural */.L)(files.length, 'changed file')}`);
        return { files, entries, docsDir, builder };
    }
    catch (error) {
        ctx.log.warning(`Changed pages are not linked: ${(0,message_of/* messageOf */.b)(error)}`, { title: 'Changed pages unknown' });
        return undefined;
    }
}

;// CONCATENATED MODULE: ./lib/operations/preview/deleted-pages.js




/** Deleted pages asked on the live docs at most (the others are judged by the files)... */
const MAX_LIVE_CHECKS = 50;
/** ...all within this long (and the step's deadline). */
const LIVE_CHECK_BUDGET_MS = 10_000;
/**
 * The deleted pages the guard checks: those the base's live docs still serve, then, of those
 * without an answer, the ones a removed or renamed file of the pull request builds (every one,
 * marked unconfirmed, when its files are unknown). `pages` are the diff's changed pages: a deleted
 * one's `before` is its address on the base. Without `token` the redirects cannot be read, so
 * nothing is asked of the live docs.
 */
async function deletedPagesToGuard(ctx, log, args) {
    const { removed, sources } = args;
    if (removed.length === 0)
        return [];
    const byFiles = sources === undefined ? undefined : new Set(removedByPullRequest(removed, sources.entries).ours);
    const live = ctx.inputs.token ? await liveAnswers(ctx, log, { removed, pages: args.pages, byFiles }) : new Map();
    const guarded = [];
    const gone = [];
    const unexplained = [];
    for (const page of removed) {
        const answer = live.get(page.file) ?? 'unknown';
        if (answer === 'served')
            guarded.push({ ...page, served: true });
        else if (answer === 'gone')
            gone.push(page);
        else if (byFiles === undefined)
            guarded.push({ ...page, unconfirmed: true });
        else if (byFiles.has(page))
            guarded.push(page);
        else
            unexplained.push(page);
    }
    if (gone.length > 0) {
        said(log, gone, "the base's live docs no longer serve them: they moved on the base since this pull request's first build (the diff compares with a snapshot of it), so no redirect is asked for them");
    }
    if (unexplained.length > 0) {
        said(log, unexplained, "are built by no file this pull request removes or renames and the base's live docs did not tell: they may have moved on the base since " +
            "this pull request's first build (the diff compares with a snapshot of it), so no redirect is asked for them");
    }
    return guarded;
}
/** One line for a group of deleted pages: how many, the first few, and why. */
function said(log, pages, why) {
    const shown = pages.slice(0, 5).map((page) => page.from);
    log.info((0,untrusted_text/* safeLine */.om)(`${(0,plural/* plural */.L)(pages.length, 'page')} the file tree diff lists as deleted (${shown.join(', ')}${pages.length > shown.length ? ', …' : ''}): ${why}`, 1000));
}
/**
 * Each deleted page's answer on the base's live docs, by its built file: one request each, at most
 * {@link MAX_LIVE_CHECKS}, those the pull request's files do not explain first. Only a 200 is
 * served and a 404 or 410 gone; anything else tells nothing.
 */
async function liveAnswers(ctx, log, { removed, pages, byFiles }) {
    const baseOf = new Map();
    for (const page of pages)
        if (page.change === 'deleted' && page.before !== undefined)
            baseOf.set(page.file, page.before);
    // An index page's two addresses are one page: asked once.
    const files = [
        ...new Set([...removed].sort((a, b) => Number(byFiles?.has(a) ?? false) - Number(byFiles?.has(b) ?? false)).map((page) => page.file)),
    ];
    const asked = files.flatMap((file) => {
        const url = baseOf.get(file);
        return url === undefined ? [] : [{ file, url }];
    });
    const answers = new Map();
    if (asked.length === 0)
        return answers;
    const { checks } = await lookUpPages(ctx, asked.slice(0, MAX_LIVE_CHECKS).map(({ url }) => url), { attempts: 1, retryIf: () => false, budgetMs: LIVE_CHECK_BUDGET_MS });
    for (const { file, url } of asked) {
        const status = checks.get(url)?.status;
        answers.set(file, status === 200 ? 'served' : status === 404 || status === 410 ? 'gone' : 'unknown');
    }
    const told = [...answers.values()].filter((answer) => answer !== 'unknown').length;
    log.debug(`The base's live docs asked for ${(0,plural/* plural */.L)(Math.min(asked.length, MAX_LIVE_CHECKS), 'deleted page')}: ${told} answered`);
    return answers;
}

;// CONCATENATED MODULE: ./lib/operations/preview/verify-preview.js















// `preview`'s second job: verifying a built preview (it answers), then its changed pages (the
// service's file tree diff, else the pull request's source files) and their redirects.
/** A fresh preview can lag behind its build's end: look this many times before giving up. */
const PREVIEW_ATTEMPTS = 6;
const PAGE_ATTEMPTS = 2;
/** The changed pages' look-ups, all of them: one wait between two rounds fits (5 s with `auto`). */
const PAGE_LOOKUP_BUDGET_MS = 15_000;
/**
 * The conclusion of a successful build (`built`) with its preview: `previewUrl` only when the
 * preview answers 200; otherwise the project is not green and its row says why. Then links the
 * changed pages that answer, and checks their redirects (`redirect-check`).
 */
async function verifyPreview(ctx, run, built, shared) {
    const { name: project, log, seen } = run;
    const url = (await serviceDocumentationUrl(ctx, run)) ??
        (await resolvePreviewUrl({
            api: ctx.api,
            records: shared.records,
            slug: project,
            pr: shared.pr,
            version: seen.current.version,
            baseUrl: ctx.inputs.baseUrl,
            template: ctx.inputs.previewUrlTemplate,
        }));
    const checksLinks = (0,links_levels/* linkLevels */.W)(ctx.inputs, 'preview').links !== 'off';
    seen.doing(`checking that the preview ${url} answers`);
    const check = await checkPage(url, {
        pages: ctx.pages,
        signal: ctx.deadline.signal,
        attempts: PREVIEW_ATTEMPTS,
        retryDelayMs: ctx.polling.previewRetryMs,
        sleep: ctx.sleep,
        // The root read once: when it is a changed page or a link's target, the link check takes this answer.
        ...(checksLinks ? { maxBodyBytes: link_checker/* MAX_PAGE_BYTES */.rd } : {}),
    });
    if (!check.ok) {
        const subject = project;
        const reason = `build #${seen.current.buildId} succeeded, but its preview ${url} ${check.problem ?? 'did not answer'} ` +
            `(${check.attempts} tries), so it is not reported as ready. Check the project's preview settings, or set \`preview-url-template\` for custom hosting`;
        log.info(`${subject}: ${reason}`);
        return { ...built, outcome: 'error', title: 'Preview not answering', subject, reason };
    }
    log.info(`Preview ready: ${url}`);
    if (checksLinks) {
        const { bytes, tooLarge, url: served, contentType } = check;
        await shared.linkAnswers.keep(url, { status: 200, bytes, tooLarge, url: served, contentType });
    }
    // What was found stays the project's details when the checks end early (the deadline).
    const ready = { ...built, previewUrl: url, details: { pages: [], unredirected: [], unredirectedTotal: 0 } };
    return (0,run_projects/* continueFrom */.oj)(ctx, run, ready, async () => {
        await verifyChangedPages(ctx, run, url, shared, ready.details);
        ready.details.ready = true;
        return checksVerdict(ctx, project, ready);
    });
}
/**
 * Each gate's own verdict (`redirect-check`, `link-check`, `warnings`, in that order): when one
 * fails, the project is red with the first one's title and reason, its row still ready, and
 * `failedChecks` says every one that failed in its words. Else the ready preview.
 */
function checksVerdict(ctx, project, ready) {
    const { unredirected, unredirectedTotal, links } = ready.details;
    // What the PR comment's heading counts, the job summary's counts too (a ⚠️ with `warn`).
    const notes = { unredirected: unredirectedTotal, 'broken-link': links?.broken.length ?? 0, 'unread-page': links?.unreadPages ?? 0 };
    const noted = { ...ready, notes };
    const failed = [
        redirectGate(ctx.inputs.redirectCheck, project, { pages: unredirected, total: unredirectedTotal }),
        linkGate(ctx, project, links),
        (0,gate/* warningsGate */.XS)(project, ready.warnings, ctx.inputs.warnings),
    ].filter((gate) => gate !== undefined);
    const [first] = failed;
    if (first === undefined)
        return noted;
    const { words: _, ...failure } = first;
    return { ...noted, ...failure, failedChecks: failed.map((gate) => gate.words) };
}
/** The changed pages of an answering preview that answer too, and (`redirect-check`) the moved pages without a redirect. */
async function verifyChangedPages(ctx, run, url, shared, info) {
    const { name: project, log, seen } = run;
    // The service's file tree diff first; the pull request's source files when it gives none.
    seen.doing('reading the changed pages (the file tree diff, the pull request’s files)');
    const record = await shared.records.get(project).catch(() => undefined);
    const read = await changedPagesFromDiff(ctx, log, {
        project,
        version: seen.current.version,
        previewUrl: url,
        docsUrl: record?.urls?.documentation ?? undefined,
    });
    const yamlPath = record?.readthedocs_yaml_path ?? undefined;
    const sources = await shared.changedFiles(yamlPath || undefined);
    // A diff still of an earlier build is this push's pages only when nothing better is known.
    const diff = 'pages' in read && read.outdated && sources
        ? { fallback: `${read.note}: the changed pages are mapped from the pull request's source files` }
        : read;
    info.diff = diff;
    if (!sources && 'fallback' in diff)
        return;
    // The build's own configuration, when read, also says how its search index's documents are served.
    const built = sources ? await builtWith(ctx, run, sources) : undefined;
    const builder = built ?? sources?.builder;
    const checked = new Map();
    if ('pages' in diff)
        info.pages = diff.pages;
    else if (sources) {
        seen.doing('looking up the changed pages on the preview');
        info.pages = await answeringSourcePages(ctx, log, { sources, builder, previewUrl: url, checked, links: shared.linkAnswers });
    }
    // The project's redirects, read once for the link check's notes and the redirect check.
    const redirects = projectRedirects(ctx, log, project, record);
    seen.doing('checking the links of the changed pages (the link check)');
    const links = await checkPreviewLinks(ctx, log, {
        previewUrl: url,
        pages: info.pages,
        answers: shared.linkAnswers,
        redirects,
        recheck: !('pages' in diff),
        singleVersion: record?.versioning_scheme === 'single_version_without_translations',
        builder: built,
        sources: sources && { files: sources.files, docsDir: sources.docsDir, builder, read: shared.sourceText },
    });
    if (links)
        info.links = links;
    if (ctx.inputs.redirectCheck !== 'off') {
        seen.doing('checking that moved or removed pages have a redirect (the redirect check)');
        const found = await checkRedirects(ctx, log, {
            project,
            files: sources?.entries ?? [],
            docsDir: sources?.docsDir ?? '.',
            builder,
            previewUrl: url,
            projectRecord: record,
            projectFile: shared.projectFile,
            attempts: PAGE_ATTEMPTS,
            checked,
            redirects,
            removedPages: 'removed' in diff ? await deletedPagesToGuard(ctx, log, { removed: diff.removed, pages: diff.pages, sources }) : [],
        });
        info.unredirected = found.pages;
        info.unredirectedTotal = found.total;
    }
}
/**
 * The changed pages mapped from the pull request's source files that answer on the preview,
 * looked up at once under one budget; `checked` learns whether each answered.
 */
async function answeringSourcePages(ctx, log, args) {
    const { sources, builder, previewUrl: url } = args;
    const candidates = changedPages({ changedFiles: sources.files, docsDir: sources.docsDir, previewUrl: url, builder });
    // At once, under one budget: a page that does not answer yet is asked again with the others, after one wait.
    const lookups = await lookUpPages(ctx, candidates.map((page) => page.url), {
        attempts: PAGE_ATTEMPTS,
        retryIf: () => true,
        budgetMs: PAGE_LOOKUP_BUDGET_MS,
        // With `link-check`, each page that answers is read now, its links parsed: the check fetches it no more.
        ...((0,links_levels/* linkLevels */.W)(ctx.inputs, 'preview').links === 'off'
            ? {}
            : { read: { maxBodyBytes: link_checker/* MAX_PAGE_BYTES */.rd, page: (pageUrl, answer) => args.links.keep(pageUrl, answer) } }),
    });
    for (const [pageUrl, check] of lookups.checks)
        args.checked.set(pageUrl, check.ok);
    const answering = candidates.filter((page) => {
        const pageCheck = lookups.checks.get(page.url);
        if (!pageCheck?.ok)
            log.debug(`changed page ${page.url} ${pageCheck?.problem ?? 'not looked up in time'}: not linked`);
        return pageCheck?.ok === true;
    });
    if (candidates.length > 0)
        log.info(`Changed pages: ${answering.length} of ${candidates.length} answer`);
    return answering;
}
/**
 * The builder the pull request's build really used, from its resolved configuration
 * (`?expand=config`, its `doctype`): it wins over the reading of `.readthedocs.yaml`. Asked only
 * when a file of the PR is a page source under the docs folder; undefined when the answer does
 * not tell (`generic`, no configuration) or cannot be read.
 */
async function builtWith(ctx, { name: project, log, seen }, sources) {
    const { buildId } = seen.current;
    if (buildId === undefined)
        return undefined;
    const isPage = (file) => file !== undefined &&
        file.length <= 1024 &&
        (sourcePagePath(file, sources.docsDir, 'sphinx') ?? sourcePagePath(file, sources.docsDir, 'mkdocs')) !== undefined;
    if (!sources.entries.some((entry) => isPage(entry.filename) || isPage(entry.previousFilename)))
        return undefined;
    try {
        const builder = builderOfDoctype(await ctx.api.buildDoctype(project, buildId));
        if (builder !== undefined && builder !== (sources.builder ?? 'sphinx')) {
            log.info(`Build #${buildId} used the ${builder} builder (its resolved configuration): its pages are linked as it serves them`);
        }
        return builder;
    }
    catch (error) {
        log.debug((0,untrusted_text/* safeLine */.om)(`build #${buildId}'s configuration: ${(0,message_of/* messageOf */.b)(error)}; the builder is read from .readthedocs.yaml`));
        return undefined;
    }
}
/**
 * The preview URL as the service gives it (the built build's `docs_url` in API v2; PR versions
 * are hidden from API v3's versions): right with custom URL prefixes and subproject prefixes,
 * which the computed URL cannot know. Undefined with `preview-url-template` (the user's choice
 * wins) or when the service gives none (private projects: API v2 ignores the token).
 */
async function serviceDocumentationUrl(ctx, { log, seen }) {
    const { buildId } = seen.current;
    if (ctx.inputs.previewUrlTemplate || buildId === undefined)
        return undefined;
    try {
        const build = await ctx.api.buildCommands(buildId);
        const url = (0,service_links/* serviceLinks */.b)(ctx.inputs.baseUrl).preview(build.docs_url ?? undefined);
        if (url === undefined && build.docs_url) {
            log.info(`The service's preview link of build #${buildId} is not an http(s) page on ${service_links/* PREVIEW_DOMAIN */.U} or the service: it is computed instead`);
        }
        return url;
    }
    catch (error) {
        log.debug((0,untrusted_text/* safeLine */.om)(`build #${buildId} (API v2): ${(0,message_of/* messageOf */.b)(error)}; the preview URL is computed instead`));
        return undefined;
    }
}

;// CONCATENATED MODULE: ./lib/operations/preview/run-preview.js





















/**
 * `preview`: for each project (and its translations), the build of the pull request's head
 * commit, waited for; its preview URL, checked to answer; the changed pages that answer; all of it
 * in one sticky PR comment (or the description), a commit status per project, the summary and
 * the outputs.
 */
const previewStep = async (ctx) => {
    const base = baseRepository(ctx.run);
    if (ctx.inputs.previewUrlTemplate) {
        try {
            validatePreviewTemplate(ctx.inputs.previewUrlTemplate);
        }
        catch (error) {
            throw new inputs/* InputError */.dz([(0,message_of/* messageOf */.b)(error)]);
        }
    }
    const github = lazyGitHub(ctx, base);
    const found = await pullRequestOf(ctx.run, github, ctx.log);
    if ('none' in found) {
        ctx.log.notice((0,untrusted_text/* safeLine */.om)(found.none), { title: NO_PULL_REQUEST_TITLE });
        return { results: [], summary: [], outputs: {} };
    }
    const run = { ...base, ...found };
    ctx.log.untrusted(`Pull request #${run.pr}, head commit ${run.headSha}`);
    const reporters = reportersOf(ctx, github, run);
    const { records, publisher, deployments } = reporters;
    if (ctx.run.action === 'closed') {
        // The translations' rows and deployments end too: they share the comment.
        const projects = await projectsToPreview(ctx, records).catch((error) => {
            ctx.log.info((0,untrusted_text/* safeLine */.om)(`The translations are unknown (${(0,message_of/* messageOf */.b)(error)}): only the listed projects' rows are rewritten`));
            return [...ctx.inputs.projects];
        });
        const results = await closePreview(ctx, {
            publisher,
            deployments,
            merged: ctx.run.pullRequest?.merged === true,
            headSha: run.headSha,
            projects,
        });
        return { results, summary: [], outputs: {} };
    }
    // A mistyped slug ends as *Not found* before anything is posted on the pull request for it.
    const missing = await records.missing(ctx.inputs.projects);
    const notFound = await notFoundResults(ctx, run.pr, missing);
    const listed = ctx.inputs.projects.filter((project) => !missing.has(project));
    if (listed.length === 0)
        return { results: notFound, summary: [], outputs: {} };
    const projects = await projectsToPreview(ctx, records, listed);
    await publisher.publish(projects.map((project) => ({ project, status: 'building', commit: run.headSha, updatedAt: new Date(ctx.now()) })));
    const verification = sharedVerification(ctx, github, run, records);
    const results = await (0,run_projects/* forEachProject */.Wr)(ctx, projects, previewProject(run, reporters, verification));
    const report = await presentPreviews(ctx, { run, publisher, deployments }, results);
    return notFound.length === 0 ? report : { ...report, results: [...report.results, ...notFound] };
};
/** The results of the listed projects the service does not know: *Not found*, naming the slug, with nothing posted for them. */
function notFoundResults(ctx, pr, missing) {
    const slugs = ctx.inputs.projects.filter((project) => missing.has(project));
    return (0,run_projects/* forEachProject */.Wr)(ctx, slugs, async (_ctx, { name }) => {
        const error = missing.get(name);
        throw new errors/* NotFoundError */.m_(`project \`${name}\` is not found: ${error.message}. Nothing is posted on pull request #${pr} for it (no comment row, status or deployment)`, 'Not found', error.endpoint, 404);
    });
}
/** The step's records of the projects, its PR comment's publisher and its deployments. */
function reportersOf(ctx, github, run) {
    // Who the token is, asked once: only its own comment and deployments are adopted.
    const identity = new token_identity/* TokenIdentity */.u((message) => ctx.log.debug(message));
    const records = new ProjectRecords(ctx.api);
    const publisher = new PreviewPublisher({
        github,
        pr: run.pr,
        headSha: run.headSha,
        mode: ctx.inputs.comment,
        header: ctx.inputs.commentHeader,
        repoUrl: run.repoUrl,
        ...(ctx.run.runUrl === undefined ? {} : { runUrl: ctx.run.runUrl }),
        identity,
        warning: (message, title) => ctx.log.warning(message, { title }),
        info: (message) => ctx.log.untrusted(message),
        debug: (message) => ctx.log.debug(message),
        // Read the Docs' own comment names the project by its id. A closed PR's rows need no comparing.
        ...(ctx.run.action === 'closed'
            ? {}
            : {
                projectId: (project) => records.get(project).then((p) => p.id, () => undefined),
            }),
    });
    const deployments = new PreviewDeployments({
        github,
        enabled: ctx.inputs.deployment,
        environment: ctx.inputs.deploymentEnvironment,
        pr: run.pr,
        headSha: run.headSha,
        identity,
        warning: (message, title) => ctx.log.warning(message, { title }),
        debug: (message) => ctx.log.debug(message),
    });
    return { records, publisher, deployments };
}
/** What the projects' verifications share: the PR's changed files per configuration path, and its project file, each read once. */
function sharedVerification(ctx, github, run, records) {
    // One read per configuration file path: projects of one repository may name different ones.
    const sourcesByYamlPath = new Map();
    const changedFiles = (yamlPath) => {
        const key = yamlPath ?? '';
        let sources = sourcesByYamlPath.get(key);
        if (!sources) {
            sources = changedSourceFiles(ctx, github, run, yamlPath);
            sourcesByYamlPath.set(key, sources);
        }
        return sources;
    };
    // `redirect-check`: the PR's project file, read once at the head commit when a moved page needs it.
    const projectFile = once(async () => {
        const gh = await github();
        return gh ? (0,rest/* getFileContent */._P)(gh, ctx.inputs.config, run.headSha).catch(() => undefined) : undefined;
    });
    return {
        pr: run.pr,
        records,
        changedFiles,
        projectFile,
        linkAnswers: new link_checker/* LinkAnswers */.q0({ signal: ctx.deadline.signal }),
        sourceText: sourceTexts(ctx, github, run),
    };
}
/**
 * The pull request's files at its head commit, each read once in the run (projects of one
 * repository share them): a broken link's source. Undefined when it cannot be read (said in the
 * debug log), or when it is not a file's text GitHub gives (a file over 1 MB comes without it).
 */
function sourceTexts(ctx, github, run) {
    const texts = new Map();
    return (path) => {
        let text = texts.get(path);
        if (text === undefined) {
            text = github()
                .then((gh) => (gh ? (0,rest/* getFileContent */._P)(gh, path, run.headSha) : undefined))
                .catch((error) => {
                ctx.log.debug((0,untrusted_text/* safeLine */.om)(`${path} at ${run.headSha}: ${(0,message_of/* messageOf */.b)(error)}; its broken links have no line`));
                return undefined;
            });
            texts.set(path, text);
        }
        return text;
    };
}
/**
 * One project's part: the build of the head commit found and followed (the row, a pending status
 * and the deployment told as it goes), then its preview verified. Its pending statuses are set
 * before it ends, so that the final one (present.ts) comes after them.
 */
function previewProject(run, reporters, verification) {
    return async (ctx, projectRun) => {
        const pendingStatuses = [];
        try {
            return await followAndVerify(ctx, projectRun, { run, reporters, verification, pendingStatuses });
        }
        finally {
            await Promise.all(pendingStatuses);
        }
    };
}
async function followAndVerify(ctx, projectRun, part) {
    const { pr, headSha } = part.run;
    const { publisher, deployments } = part.reporters;
    const { verification, pendingStatuses } = part;
    const { name: project, log, seen } = projectRun;
    const links = (0,service_links/* serviceLinks */.b)(ctx.inputs.baseUrl);
    // Until the build tells the slug (`7_a` beside a branch `7`).
    seen.version(String(pr));
    seen.commit(headSha);
    log.info(`Looking for the build of pull request #${pr} at ${headSha}`);
    const found = await findPullRequestBuild(ctx, project, pr, headSha, log);
    if ('skippedByRule' in found)
        return (0,skipped_by_rule/* concludeSkippedByRule */.Li)(ctx, projectRun, pr, headSha);
    const { build } = found;
    seen.build(build);
    const { buildUrl } = seen.current;
    log.info(`Found build #${build.id}: ${buildUrl ?? 'no link'}`);
    void publisher.publish([{ ...rowOf(ctx, { project, outcome: 'error', ...seen.current }, headSha, []), status: 'building' }]);
    pendingStatuses.push(publisher.status(project, 'pending', pendingDescription(build), buildUrl));
    pendingStatuses.push(deployments.start(project, buildUrl));
    const history = await ctx.api.recentBuilds(project, { version: build.version ?? undefined, limit: 10 }).catch(() => []);
    const followed = await (0,follow_commit/* watchBuildOfCommit */.o)(ctx, projectRun, build, headSha, (0,watch_build/* expectedFromHistory */.LE)(history), (newer) => pendingStatuses.push(publisher.status(project, 'pending', pendingDescription(newer), links.build(newer.urls.build))));
    // Input `warnings`: against the base branch's build; whether new ones fail is decided once the preview is checked.
    const warnings = { baseline: { kind: 'base-branch', branch: ctx.run.pullRequest?.baseRef }, gate: false };
    const built = await (0,follow_commit/* concludeFollowed */.E)(ctx, projectRun, followed, headSha, warnings);
    if (built.outcome !== 'success')
        return built;
    return (0,run_projects/* continueFrom */.oj)(ctx, projectRun, built, () => verifyPreview(ctx, projectRun, built, verification));
}
/**
 * A pending commit status, as the state the build is in when it is set: a build found already
 * finished is being checked, not "finished" while the status still says pending.
 */
function pendingDescription(build) {
    const { id, state } = build;
    if (state.code === 'finished')
        return `Build #${id} finished: checking the preview`;
    if (state.code === 'cancelled')
        return `Build #${id} cancelled: looking for a newer build of the commit`;
    if (state.code === 'triggered')
        return `Build #${id} queued`;
    return `Build #${id} in progress (${state.code})`;
}


/***/ })

};
