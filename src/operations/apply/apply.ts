import { readFile, stat } from 'node:fs/promises';
import type { ProjectLog } from '../../reporting/project-log.js';
import { InputError } from '../../inputs/inputs.js';
import { safeLine } from '../../util/untrusted-text.js';
import { forEachProject } from '../run-projects.js';
import type { Conclusion, OperationContext, ProjectRun, StepOperation } from '../types.js';
import type { RunContext } from '../../inputs/github-context.js';
import {
  annotateFileReading,
  changesReason,
  invalidFileReport,
  missingVersionsRefused,
  PLAN_ONLY_TITLE,
  planOutputs,
  planSummary,
  progressTable,
  refusedBeforeWrite,
  tellPlan,
} from './apply-report.js';
import { carryOut, readBack } from './carry-out.js';
import { concludeWriteFailure, type WriteFailure } from '../write-failure.js';
import { MissingVersionsError, readCurrent } from '../shared/project-file/current-state.js';
import { changeCount, planEntries, type ApplyDetails, type WriteStatus } from './describe.js';
import { editionOf } from '../shared/project-file/edition.js';
import { ConfigFileError, MAX_FILE_BYTES, parseConfigFile, type ParsedConfigFile } from '../shared/project-file/file.js';
import { preflight } from './preflight.js';
import type { DesiredProject } from '../shared/project-file/model.js';
import { planProject, type CurrentState, type ProjectPlan } from '../shared/project-file/plan.js';
import { configPath } from '../shared/project-file/paths.js';
import { publishPlanComment } from './plan-comment.js';
import { messageOf } from '../../util/message-of.js';

// `apply`: when it may write, the step over every project, and each project's plan carried out
// (reading the current state: current-state.ts; writing: carry-out.ts; reporting: apply-report.ts).

/** The events on which `apply` may write: none of them can run a pull request's version of the file. */
const WRITING_EVENTS = new Set(['push', 'schedule', 'release', 'workflow_dispatch']);
/** A branch or a tag; the merge queue's temporary branches (`gh-readonly-queue/…`) hold a pull request's file. */
const WRITING_REF = /^refs\/(?:heads\/(?!gh-readonly-queue\/)|tags\/)./;
const WRITES_WHEN =
  '`apply` writes on `push` to a branch or tag, `schedule`, `release` and `workflow_dispatch` of a branch or tag, and from the command line run by a person';

/**
 * Whether `apply` may write in this run, decided by an allow-list: only on `push`, `schedule`,
 * `release` and `workflow_dispatch` whose ref is a branch or a tag, when nothing in the payload
 * names a pull request. Every other event (`pull_request*`, `merge_group`, `issue_comment`,
 * `workflow_run`…) may hold a pull request's version of the file: there it only plans, and `why`
 * says so. With no GitHub event (the command line run by a person), it writes, unless another CI
 * says the run is a merge or change request's.
 */
export function applyWriteGate(
  run: Pick<RunContext, 'eventName' | 'githubRef' | 'pullRequestNamedBy'>,
): { writes: true } | { writes: false; why: string } {
  const plansOnly = (reason: string) => ({
    writes: false as const,
    why: `${run.eventName ? `On a \`${run.eventName}\` event` : 'Here'} \`apply\` only plans: nothing is written, whatever \`dry-run\` says (${reason}). ${WRITES_WHEN}.`,
  });
  if (run.pullRequestNamedBy) return plansOnly(run.pullRequestNamedBy);
  if (run.eventName === '') return { writes: true };
  if (!WRITING_EVENTS.has(run.eventName)) return plansOnly("the file may be a pull request's");
  if (!run.githubRef) return plansOnly('GITHUB_REF names no branch or tag');
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
export const applyStep: StepOperation<ApplyDetails> = async (ctx) => {
  const { inputs } = ctx;
  const gate = applyWriteGate(ctx.run);
  const planOnly = !gate.writes;
  const dryRun = inputs.dryRun || planOnly;
  const text = await readConfigText(inputs.config, ctx.run.workspace);
  let parsed: ParsedConfigFile;
  try {
    parsed = await parseConfigFile(inputs.config, text, inputs.projects, { edition: editionOf(inputs.baseUrl) });
    annotateFileReading(ctx.log, parsed);
  } catch (error) {
    if (!(error instanceof ConfigFileError)) throw error;
    return invalidFileReport(ctx.log, inputs, error, dryRun);
  }
  if (!gate.writes) ctx.log.notice(safeLine(gate.why), { title: PLAN_ONLY_TITLE });
  const desired = parsed.projects;
  const results = await forEachProject<ApplyDetails>(ctx, [...desired.keys()], (c, run) =>
    applyProject(c, run, desired.get(run.name)!, dryRun, parsed.locate),
  );
  const summary = [planSummary(results, { planOnly, dryRun, eventName: ctx.run.eventName })];
  await publishPlanComment(ctx, results, dryRun).catch((error: unknown) => {
    ctx.log.warning(safeLine(`The pull request comment was not written: ${messageOf(error)}`), {
      title: 'Plan comment not written',
    });
  });
  return { results, summary, outputs: planOutputs(results) };
};

/** The file's text, refused by size before it is read whole. */
async function readConfigText(config: string, workspace: string): Promise<string> {
  const path = configPath(config, workspace);
  try {
    const size = (await stat(path)).size;
    if (size > MAX_FILE_BYTES) {
      throw new InputError([
        `Input \`config\`: ${config} is ${size} bytes, larger than ${MAX_FILE_BYTES / 1024} KiB: a project file is refused past that`,
      ]);
    }
    return await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof InputError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError([
      code === 'ENOENT'
        ? `Input \`config\`: ${config} does not exist. Check out the repository first, or run \`export\` to write it`
        : `Input \`config\`: cannot read ${config}: ${messageOf(error)}`,
    ]);
  }
}

/** One project: its plan from the current state, refused before any write if the service would refuse part of it, else carried out. */
async function applyProject(
  ctx: OperationContext,
  { name: project, log, seen }: ProjectRun,
  desired: DesiredProject,
  dryRun: boolean,
  locate: ParsedConfigFile['locate'],
): Promise<Conclusion<ApplyDetails>> {
  const { inputs } = ctx;
  let current: CurrentState;
  try {
    current = await readCurrent(ctx, project, desired);
  } catch (error) {
    if (!(error instanceof MissingVersionsError)) throw error;
    return missingVersionsRefused(ctx.log, error, locate, log, dryRun);
  }
  const plan = planProject(project, desired, current, inputs.prune);
  const changes = changeCount(plan);
  tellPlan(plan, changes, dryRun, log);
  const kept = plan.kept.length > 0 ? { keptActive: plan.kept } : {};
  // What the service would refuse part-way: refused here, before any write, at its line of the file.
  const refusals = preflight(plan, desired, current, editionOf(inputs.baseUrl));
  if (refusals.length > 0) return refusedBeforeWrite(ctx.log, plan, refusals, locate, log, { changes, dryRun, ...kept });
  let details: ApplyDetails = { plan: planEntries(plan), changes, dryRun, ...kept };
  if (!dryRun) {
    const statuses: WriteStatus[] = plan.changes.map(() => 'planned');
    const failure = await carryOut(ctx, plan, statuses, log);
    const notKept = await readBack(ctx, plan, statuses, log);
    details = { plan: planEntries(plan, statuses), changes, dryRun: false, ...kept, ...(notKept.length > 0 ? { notKept } : {}) };
    if (failure) return { ...writeFailure(ctx, seen, plan, statuses, failure, log), details };
  }
  if (inputs.failOnChanges && changes > 0) {
    return {
      outcome: 'failed',
      title: 'Project differs from the file',
      subject: project,
      reason: changesReason(plan, changes, dryRun),
      details,
    };
  }
  return { outcome: 'success', details };
}

/** A write failed: the error's outcome, and a reason that says which write and what was done before it. */
function writeFailure(
  ctx: OperationContext,
  seen: ProjectRun['seen'],
  plan: ProjectPlan,
  statuses: WriteStatus[],
  failure: WriteFailure,
  log: ProjectLog,
): Conclusion<never> {
  const concluded = concludeWriteFailure(ctx, { name: plan.project, seen }, failure, {
    changedAnything: statuses.includes('done'),
    partly: 'Project partly changed',
    unchanged: 'Project not changed',
    after: [progressTable(plan, statuses)],
  });
  log.info(safeLine(`${concluded.subject}: ${concluded.reason.split('\n')[0] ?? ''}`));
  return concluded;
}
