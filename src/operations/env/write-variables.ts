import type { ProjectLog } from '../../reporting/project-log.js';
import { ReadTheDocsError, UncertainWriteError } from '../../readthedocs/errors.js';
import { findAfterLostWrite } from '../../resilience/index.js';
import { forEachProject } from '../run-projects.js';
import { concludeWriteFailure, type WriteFailure } from '../write-failure.js';
import type { OperationContext, ProjectOperation, StepOperation } from '../types.js';
import {
  appliedEntries,
  changedAnything,
  describeProgress,
  environmentSection,
  plannedEntries,
  variablesOutput,
  type ChangeProgress,
  type EnvironmentDetails,
} from './outcome.js';
import { describePlan, planEnvironment, type ExistingVariable, type PlannedChange } from './plan.js';
import type { DesiredVariable } from '../../inputs/env-variables.js';
import { plural } from '../../util/plural.js';

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
const applyEnvironment: ProjectOperation<EnvironmentDetails> = async (ctx, { name: project, log, seen }) => {
  const { api, inputs } = ctx;
  // The list answers an empty 200 for an unknown project: ask for the project first, for a clear 404.
  await api.project(project);
  const existing: ExistingVariable[] = await api.environmentVariables(project, { complete: inputs.prune });
  const plan = planEnvironment(inputs.desiredVariables, existing, inputs.prune);
  log.info(
    `${project} has ${plural(existing.length, 'variable')}. Plan: ${describePlan(plan)}` +
      (inputs.dryRun ? ' (dry run: nothing will be changed)' : ''),
  );
  for (const change of plan) log.info(`  ${change.action.padEnd(8)} ${change.name} (${change.public ? 'public' : 'private'})`);

  if (inputs.dryRun) return { outcome: 'success', details: { variables: plannedEntries(plan), dryRun: true } };

  const progress: ChangeProgress[] = plan.map(() => ({ create: 'pending', deletedPks: [] }));
  const failure = await applyPlan(ctx, project, plan, existing, progress, log);
  const details = { variables: appliedEntries(plan, existing, progress), dryRun: false };
  if (failure === undefined) {
    log.info(`${project}: ${describePlan(plan)}`);
    return { outcome: 'success', details };
  }
  const { outcome, title, subject, reason } = concludeWriteFailure(ctx, { name: project, seen }, failure, {
    changedAnything: changedAnything(progress),
    partly: 'Variables partly changed',
    unchanged: 'Variables not changed',
    after: [totalLimitHint(failure.error, plan), describeProgress(plan, progress)],
  });
  log.info(`${subject}: ${reason}`);
  return { outcome, title, subject, reason, details };
};

/** `env` for every project, then one summary table per project and the `variables` output. */
export const environmentStep: StepOperation<EnvironmentDetails> = async (ctx) => {
  const results = await forEachProject(ctx, ctx.inputs.projects, applyEnvironment);
  return { results, summary: [environmentSection(results)], outputs: { variables: variablesOutput(results) } };
};

/**
 * Creates first, then deletes, recording progress as it goes. After a failed create nothing more
 * is created or pruned; only the replacements whose new variable exists lose their old copies, so
 * that no name is left holding two values.
 */
async function applyPlan(
  ctx: OperationContext,
  project: string,
  plan: PlannedChange[],
  existing: ExistingVariable[],
  progress: ChangeProgress[],
  log: ProjectLog,
): Promise<WriteFailure | undefined> {
  let failure: WriteFailure | undefined;
  const knownPks = new Set(existing.map((variable) => variable.pk));
  for (const [index, change] of plan.entries()) {
    const done = progress[index]!;
    if (change.create === undefined) continue;
    try {
      const pk = await createOnce(ctx, project, change.create, knownPks, done, log);
      knownPks.add(pk);
      done.create = 'created';
      log.progress(`${change.action === 'replaced' ? 'Created the new' : 'Created'} ${change.name}`);
    } catch (error) {
      if (done.create === 'pending') done.create = 'failed';
      failure = { step: `creating \`${change.name}\``, error };
      break;
    }
  }
  for (const [index, change] of plan.entries()) {
    const done = progress[index]!;
    if (change.deletePks.length === 0) continue;
    if (failure !== undefined && !(change.action === 'replaced' && done.create === 'created')) continue;
    for (const pk of change.deletePks) {
      try {
        await ctx.api.deleteEnvironmentVariable(project, pk);
        done.deletedPks.push(pk);
      } catch (error) {
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
async function createOnce(
  ctx: OperationContext,
  project: string,
  variable: DesiredVariable,
  knownPks: Set<number>,
  done: ChangeProgress,
  log: ProjectLog,
): Promise<number> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const created = await ctx.api.createEnvironmentVariable(project, {
        name: variable.name,
        value: variable.value,
        public: variable.public,
      });
      return created.pk;
    } catch (error) {
      if (!(error instanceof UncertainWriteError)) throw error;
      const note = `The answer to creating ${variable.name} was lost (${error.message}). Looking for it before creating it again.`;
      if (attempt === 1) log.warning(note, 'Answer lost');
      else log.info(note);
      done.create = 'unknown';
      const found = await findCreated(ctx, project, variable, knownPks);
      if (found !== undefined) {
        log.info(`The service did create ${variable.name}: keeping it`);
        return found;
      }
      done.create = 'pending';
      if (attempt >= CREATE_ATTEMPTS) throw error;
      log.info(`${variable.name} was not created: trying again`);
    }
  }
}

async function findCreated(
  ctx: OperationContext,
  project: string,
  variable: DesiredVariable,
  knownPks: Set<number>,
): Promise<number | undefined> {
  const lookup = async () => {
    const listed = await ctx.api.environmentVariables(project);
    const fresh = listed
      .filter((candidate) => candidate.name === variable.name && candidate.public === variable.public && !knownPks.has(candidate.pk))
      .sort((a, b) => b.pk - a.pk)[0];
    return fresh?.pk;
  };
  return findAfterLostWrite(lookup, {
    checks: LOST_CREATE_CHECKS,
    intervalMs: LOST_CREATE_CHECK_INTERVAL_MS,
    signal: ctx.deadline.signal,
    sleep: ctx.sleep,
  });
}

/** The service counts old values until they are deleted, which create-before-delete runs into. */
function totalLimitHint(error: unknown, plan: PlannedChange[]): string {
  if (!(error instanceof ReadTheDocsError) || error.status !== 400 || !/total/i.test(error.message)) return '';
  if (!plan.some((change) => change.action === 'replaced')) return '';
  return (
    'Read the Docs counts the value being replaced in the project total until the old variable is deleted, ' +
    'and the action deletes it only after the new one exists. Delete the largest variables in the dashboard, then run again.'
  );
}
