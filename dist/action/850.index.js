export const id = 850;
export const ids = [850];
export const modules = {

/***/ 850:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  environmentStep: () => (/* binding */ environmentStep)
});

// EXTERNAL MODULE: ./lib/readthedocs/errors.js
var errors = __webpack_require__(1833);
// EXTERNAL MODULE: ./lib/resilience/index.js + 5 modules
var resilience = __webpack_require__(5816);
// EXTERNAL MODULE: ./lib/operations/run-projects.js + 1 modules
var run_projects = __webpack_require__(5120);
// EXTERNAL MODULE: ./lib/operations/write-failure.js
var write_failure = __webpack_require__(4670);
// EXTERNAL MODULE: ./lib/reporting/markdown.js
var markdown = __webpack_require__(2817);
;// CONCATENATED MODULE: ./lib/operations/env/outcome.js

const RECREATE_NOTE = 'Read the Docs never returns the value of a variable, so the action cannot tell whether it changed: ' +
    'every variable named in `variables` or `public-variables` is re-created on each run (`replaced` when it existed), even when its value did not change.';
/** The entries of a plan, as the dry run reports them: what would be done. */
function plannedEntries(plan) {
    return plan.map(({ name, public: isPublic, action }) => ({ name, public: isPublic, action }));
}
/**
 * The entries of what was really done: a change that did not happen shows as the variable it left
 * in place (`kept`), or not at all when there was none (a create that failed).
 */
function appliedEntries(plan, existing, progress) {
    const entries = [];
    plan.forEach((change, index) => {
        const done = progress[index] ?? { create: 'pending', deletedPks: [] };
        const previous = { name: change.name, public: existingFlag(existing, change.name), action: 'kept' };
        if (change.action === 'created') {
            if (done.create === 'created')
                entries.push({ name: change.name, public: change.public, action: 'created' });
        }
        else if (change.action === 'replaced') {
            entries.push(done.create === 'created' ? { name: change.name, public: change.public, action: 'replaced' } : previous);
        }
        else if (change.action === 'deleted') {
            entries.push(allDeleted(change, done) ? { name: change.name, public: change.public, action: 'deleted' } : previous);
        }
        else {
            entries.push({ name: change.name, public: change.public, action: 'kept' });
        }
    });
    return entries;
}
/**
 * After a failure: which variables changed, which did not, and which are half-way, by name.
 * Empty lists are left out.
 */
function describeProgress(plan, progress) {
    const changed = [];
    const unchanged = [];
    const halfway = [];
    plan.forEach((change, index) => {
        const done = progress[index] ?? { create: 'pending', deletedPks: [] };
        const name = `\`${change.name}\``;
        if (change.action === 'created') {
            if (done.create === 'created')
                changed.push(`${name} (created)`);
            else if (done.create === 'unknown')
                halfway.push(`${name} (may have been created: the service could not be asked)`);
            else
                unchanged.push(`${name} (not created)`);
        }
        else if (change.action === 'replaced') {
            if (done.create === 'created' && allDeleted(change, done))
                changed.push(`${name} (replaced)`);
            else if (done.create === 'created')
                halfway.push(`${name} (new value created, but the old one is still there too)`);
            else if (done.create === 'unknown')
                halfway.push(`${name} (a new value may have been created beside the old one)`);
            else
                unchanged.push(`${name} (old value kept)`);
        }
        else if (change.action === 'deleted') {
            if (allDeleted(change, done))
                changed.push(`${name} (deleted)`);
            else if (done.deletedPks.length > 0)
                halfway.push(`${name} (some copies deleted, not all)`);
            else
                unchanged.push(`${name} (not deleted)`);
        }
    });
    const lines = [
        changed.length > 0 ? `Changed: ${changed.join(', ')}.` : 'Nothing was changed.',
        unchanged.length > 0 ? `Not changed: ${unchanged.join(', ')}.` : '',
        halfway.length > 0 ? `Half-way: ${halfway.join(', ')}. Run the step again to finish: it replaces every copy of a named variable.` : '',
    ];
    return lines.filter(Boolean).join('\n');
}
/** True when the progress shows any change on the service (or possibly one). */
function changedAnything(progress) {
    return progress.some((done) => done.create === 'created' || done.create === 'unknown' || done.deletedPks.length > 0);
}
/** The `variables` output: the first project's entries. */
function variablesOutput(results) {
    return JSON.stringify(results[0]?.details?.variables ?? []);
}
/** One table Name | Public | Action per project, then the note about re-creating. */
function environmentSection(results) {
    const lines = [];
    const dryRun = results.some((result) => result.details?.dryRun);
    for (const { project, details } of results) {
        if (!details)
            continue;
        lines.push(`### Environment variables: ${(0,markdown/* escapeMarkdown */.FV)(project)}${details.dryRun ? ' (dry run)' : ''}`, '');
        if (details.variables.length === 0) {
            lines.push('No variables.', '');
            continue;
        }
        lines.push('| Name | Public | Action |', '| --- | --- | --- |');
        for (const entry of details.variables) {
            const action = details.dryRun ? `${entry.action} (planned)` : entry.action;
            lines.push(`| ${(0,markdown/* escapeMarkdown */.FV)(entry.name)} | ${entry.public ? 'yes' : 'no'} | ${action} |`);
        }
        lines.push('');
    }
    if (dryRun)
        lines.push('> Dry run: nothing was changed; the actions are what a run without `dry-run` would do.', '');
    lines.push(`> ${RECREATE_NOTE}`);
    return lines.join('\n');
}
function allDeleted(change, done) {
    return change.deletePks.every((pk) => done.deletedPks.includes(pk));
}
function existingFlag(existing, name) {
    const copies = existing.filter((variable) => variable.name === name);
    return copies.length > 0 && copies.every((copy) => copy.public);
}

;// CONCATENATED MODULE: ./lib/operations/env/plan.js
/**
 * Works out what to do so that the project holds exactly the desired variables.
 *
 * Values cannot be read back and there is no update call, so every desired name that already exists
 * is 'replaced' (create the new variable, then delete each old one), whether or not its value or its
 * public flag changed. Names that exist but are not desired are 'deleted' when pruning, else 'kept'.
 *
 * The order is the order to apply: creates and replaces first (in input order), then deletions, then
 * the kept ones (sorted by name). Creating before deleting means a failure part-way leaves the old
 * value in place rather than no variable at all. Note that the service counts the old values in its
 * 256,000-character project total until they are deleted.
 *
 * Throws when a desired name appears twice: run validateVariables first.
 */
function planEnvironment(desired, existing, prune) {
    const existingByName = groupByName(existing);
    const desiredNames = new Set();
    const plan = [];
    for (const variable of desired) {
        if (desiredNames.has(variable.name)) {
            throw new Error(`planEnvironment: \`${variable.name}\` is desired twice; validate the variables first`);
        }
        desiredNames.add(variable.name);
        const current = existingByName.get(variable.name);
        plan.push({
            name: variable.name,
            public: variable.public,
            action: current === undefined ? 'created' : 'replaced',
            create: variable,
            deletePks: current === undefined ? [] : pksOf(current),
        });
    }
    const leftOver = [...existingByName.entries()].filter(([name]) => !desiredNames.has(name)).sort(([a], [b]) => compareCodeUnits(a, b));
    for (const [name, copies] of leftOver) {
        plan.push({
            name,
            // With duplicates of mixed flags, only call it public when every copy is.
            public: copies.every((copy) => copy.public),
            action: prune ? 'deleted' : 'kept',
            deletePks: prune ? pksOf(copies) : [],
        });
    }
    // Deletions come before the kept ones whatever their names.
    return plan.sort((a, b) => rank(a.action) - rank(b.action));
}
/** A one-line summary such as "2 created, 1 replaced, 1 deleted, 3 kept" (zero counts left out). */
function describePlan(plan) {
    const actions = ['created', 'replaced', 'deleted', 'kept'];
    const parts = actions
        .map((action) => ({ action, count: plan.filter((change) => change.action === action).length }))
        .filter(({ count }) => count > 0)
        .map(({ action, count }) => `${count} ${action}`);
    return parts.length === 0 ? 'no variables' : parts.join(', ');
}
function rank(action) {
    // Array.prototype.sort is stable, so equal ranks keep the order built above.
    return action === 'created' || action === 'replaced' ? 0 : action === 'deleted' ? 1 : 2;
}
function groupByName(existing) {
    const byName = new Map();
    for (const variable of existing) {
        const copies = byName.get(variable.name);
        if (copies === undefined)
            byName.set(variable.name, [variable]);
        else
            copies.push(variable);
    }
    return byName;
}
function pksOf(copies) {
    return [...new Set(copies.map((copy) => copy.pk))].sort((a, b) => a - b);
}
// Locale-independent, so the plan is the same on every runner.
function compareCodeUnits(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}

// EXTERNAL MODULE: ./lib/util/plural.js
var plural = __webpack_require__(3960);
;// CONCATENATED MODULE: ./lib/operations/env/write-variables.js







/** How often one variable is created when its answers keep getting lost. */
const CREATE_ATTEMPTS = 3;
/** How often, and how far apart, to look for a variable whose create answer was lost. */
const LOST_CREATE_CHECKS = 2;
const LOST_CREATE_CHECK_INTERVAL_MS = 1000;
/**
 * `env`: makes the project's environment variables match the inputs. Values are write-only and
 * there is no update, so each named variable is created anew and its old copies deleted after
 * every create is done: a failure part-way leaves the old values in place.
 */
const applyEnvironment = async (ctx, { name: project, log, seen }) => {
    const { api, inputs } = ctx;
    // The list answers an empty 200 for an unknown project: ask for the project first, for a clear 404.
    await api.project(project);
    const existing = await api.environmentVariables(project, { complete: inputs.prune });
    const plan = planEnvironment(inputs.desiredVariables, existing, inputs.prune);
    log.info(`${project} has ${(0,plural/* plural */.L)(existing.length, 'variable')}. Plan: ${describePlan(plan)}` +
        (inputs.dryRun ? ' (dry run: nothing will be changed)' : ''));
    for (const change of plan)
        log.info(`  ${change.action.padEnd(8)} ${change.name} (${change.public ? 'public' : 'private'})`);
    if (inputs.dryRun)
        return { outcome: 'success', details: { variables: plannedEntries(plan), dryRun: true } };
    const progress = plan.map(() => ({ create: 'pending', deletedPks: [] }));
    const failure = await applyPlan(ctx, project, plan, existing, progress, log);
    const details = { variables: appliedEntries(plan, existing, progress), dryRun: false };
    if (failure === undefined) {
        log.info(`${project}: ${describePlan(plan)}`);
        return { outcome: 'success', details };
    }
    const { outcome, title, subject, reason } = (0,write_failure/* concludeWriteFailure */.f)(ctx, { name: project, seen }, failure, {
        changedAnything: changedAnything(progress),
        partly: 'Variables partly changed',
        unchanged: 'Variables not changed',
        after: [totalLimitHint(failure.error, plan), describeProgress(plan, progress)],
    });
    log.info(`${subject}: ${reason}`);
    return { outcome, title, subject, reason, details };
};
/** `env` for every project, then one summary table per project and the `variables` output. */
const environmentStep = async (ctx) => {
    const results = await (0,run_projects/* forEachProject */.Wr)(ctx, ctx.inputs.projects, applyEnvironment);
    return { results, summary: [environmentSection(results)], outputs: { variables: variablesOutput(results) } };
};
/**
 * Creates first, then deletes, recording progress as it goes. After a failed create nothing more
 * is created or pruned; only the replacements whose new variable exists lose their old copies, so
 * that no name is left holding two values.
 */
async function applyPlan(ctx, project, plan, existing, progress, log) {
    let failure;
    const knownPks = new Set(existing.map((variable) => variable.pk));
    for (const [index, change] of plan.entries()) {
        const done = progress[index];
        if (change.create === undefined)
            continue;
        try {
            const pk = await createOnce(ctx, project, change.create, knownPks, done, log);
            knownPks.add(pk);
            done.create = 'created';
            log.progress(`${change.action === 'replaced' ? 'Created the new' : 'Created'} ${change.name}`);
        }
        catch (error) {
            if (done.create === 'pending')
                done.create = 'failed';
            failure = { step: `creating \`${change.name}\``, error };
            break;
        }
    }
    for (const [index, change] of plan.entries()) {
        const done = progress[index];
        if (change.deletePks.length === 0)
            continue;
        if (failure !== undefined && !(change.action === 'replaced' && done.create === 'created'))
            continue;
        for (const pk of change.deletePks) {
            try {
                await ctx.api.deleteEnvironmentVariable(project, pk);
                done.deletedPks.push(pk);
            }
            catch (error) {
                failure ??= { step: `deleting the old \`${change.name}\` (pk ${pk})`, error };
                return failure;
            }
        }
        log.progress(change.action === 'replaced' ? `Deleted the old ${change.name}` : `Deleted ${change.name}`);
    }
    return failure;
}
/**
 * Creates one variable exactly once. The service accepts duplicate names, so when an answer is
 * lost the list is searched for a new variable of that name (a pk not seen before) before trying
 * again.
 */
async function createOnce(ctx, project, variable, knownPks, done, log) {
    for (let attempt = 1;; attempt += 1) {
        try {
            const created = await ctx.api.createEnvironmentVariable(project, {
                name: variable.name,
                value: variable.value,
                public: variable.public,
            });
            return created.pk;
        }
        catch (error) {
            if (!(error instanceof errors/* UncertainWriteError */.ze))
                throw error;
            const note = `The answer to creating ${variable.name} was lost (${error.message}). Looking for it before creating it again.`;
            if (attempt === 1)
                log.warning(note, 'Answer lost');
            else
                log.info(note);
            done.create = 'unknown';
            const found = await findCreated(ctx, project, variable, knownPks);
            if (found !== undefined) {
                log.info(`The service did create ${variable.name}: keeping it`);
                return found;
            }
            done.create = 'pending';
            if (attempt >= CREATE_ATTEMPTS)
                throw error;
            log.info(`${variable.name} was not created: trying again`);
        }
    }
}
async function findCreated(ctx, project, variable, knownPks) {
    const lookup = async () => {
        const listed = await ctx.api.environmentVariables(project);
        const fresh = listed
            .filter((candidate) => candidate.name === variable.name && candidate.public === variable.public && !knownPks.has(candidate.pk))
            .sort((a, b) => b.pk - a.pk)[0];
        return fresh?.pk;
    };
    return (0,resilience/* findAfterLostWrite */.Jy)(lookup, {
        checks: LOST_CREATE_CHECKS,
        intervalMs: LOST_CREATE_CHECK_INTERVAL_MS,
        signal: ctx.deadline.signal,
        sleep: ctx.sleep,
    });
}
/** The service counts old values until they are deleted, which create-before-delete runs into. */
function totalLimitHint(error, plan) {
    if (!(error instanceof errors/* ReadTheDocsError */.rq) || error.status !== 400 || !/total/i.test(error.message))
        return '';
    if (!plan.some((change) => change.action === 'replaced'))
        return '';
    return ('Read the Docs counts the value being replaced in the project total until the old variable is deleted, ' +
        'and the action deletes it only after the new one exists. Delete the largest variables in the dashboard, then run again.');
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
