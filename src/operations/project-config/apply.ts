import { readFile } from 'node:fs/promises';
import type { ProjectLog } from '../../reporting/project-log.js';
import { InputError } from '../../inputs/inputs.js';
import { UncertainWriteError } from '../../service/errors.js';
import type { Redirect } from '../../service/schemas.js';
import { safeLine } from '../../util/untrusted-text.js';
import { CancelledError, DeadlineError } from '../../util/abort.js';
import { forEachProject, recordFailure } from '../run-projects.js';
import type { OperationContext, ProjectResult, StepOperation } from '../types.js';
import { changeCount, describeChange, planEntries, planTable, symbolOf, type ApplyDetails, type WriteStatus } from './describe.js';
import { ConfigFileError, parseConfigFile } from './file.js';
import { redirectKey, type DesiredProject, type DesiredRedirect } from './model.js';
import { planProject, type CurrentRedirect, type CurrentState, type PlannedChange, type ProjectPlan } from './plan.js';
import { configPath } from './paths.js';
import { policyVersionOf } from './version-policy.js';
import { publishPlanComment } from './plan-comment.js';

export const INVALID_FILE_TITLE = 'Invalid project file';
const CREATE_ATTEMPTS = 3;

/**
 * `apply`: the file is read and checked once, before any request; then each project is planned
 * and applied. Reports the plan of each project (summary, PR comment, outputs `plan` and `changes`).
 */
export const applyStep: StepOperation<ApplyDetails> = async (ctx) => {
  const { inputs } = ctx;
  let text: string;
  try {
    text = await readFile(configPath(inputs.config), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError([
      code === 'ENOENT'
        ? `Input \`config\`: ${inputs.config} does not exist. Check out the repository first, or run \`export\` to write it`
        : `Input \`config\`: cannot read ${inputs.config}: ${(error as Error).message}`,
    ]);
  }
  let desired: Map<string, DesiredProject>;
  try {
    desired = await parseConfigFile(inputs.config, text, inputs.projects);
  } catch (error) {
    if (!(error instanceof ConfigFileError)) throw error;
    for (const problem of error.problems) {
      ctx.log.error(safeLine(`${problem.path ? `${problem.path}: ` : ''}${problem.message}`), {
        title: INVALID_FILE_TITLE,
        file: problem.file,
        startLine: problem.line,
      });
    }
    const results: ProjectResult<ApplyDetails>[] = inputs.projects.map((project) => ({
      project,
      outcome: 'error',
      title: INVALID_FILE_TITLE,
      reason: safeLine(error.message.split('\n').join(' | '), 4000),
      details: { plan: [], changes: 0, dryRun: inputs.dryRun },
    }));
    return { results, summary: [], outputs: planOutputs(results) };
  }
  const results = await forEachProject(ctx, [...desired.keys()], (c, result: ProjectResult<ApplyDetails>, log) =>
    applyProject(c, result, log, desired.get(result.project)!),
  );
  const sections = results.map((result) => planTable(result.project, result.details?.plan ?? [], !inputs.dryRun));
  const heading = inputs.dryRun ? '### Planned changes (dry run: nothing was written)' : '### Changes';
  const summary = [
    [heading, '', 'Legend: `+` create, `~` update (old → new), `-` delete, · unmanaged, kept.', '', sections.join('\n\n')].join('\n'),
  ];
  await publishPlanComment(ctx, results).catch((error: unknown) => {
    ctx.log.warning(safeLine(`The pull request comment was not written: ${error instanceof Error ? error.message : String(error)}`), {
      title: 'Plan comment not written',
    });
  });
  return { results, summary, outputs: planOutputs(results) };
};

/** What the service has now, for the parts the file manages. Reads only. */
export async function readCurrent(ctx: OperationContext, project: string, desired: DesiredProject): Promise<CurrentState> {
  const { api } = ctx;
  const info = await api.projectSettings(project);
  const current: CurrentState = {
    settings: {
      name: info.name,
      repository: info.repository ? { url: info.repository.url, type: info.repository.type ?? 'git' } : undefined,
      language: info.language.code,
      programming_language: info.programming_language?.code,
      homepage: info.homepage ?? '',
      tags: info.tags ?? [],
      default_version: info.default_version ?? undefined,
      default_branch: info.default_branch ?? undefined,
      versioning_scheme: info.versioning_scheme,
      privacy_level: info.privacy_level,
      external_builds_privacy_level: info.external_builds_privacy_level,
    },
    redirects: desired.redirects ? (await api.redirects(project)).map(currentRedirect) : [],
    subprojects: desired.subprojects ? (await api.subprojects(project)).map((s) => ({ child: s.child.slug, alias: s.alias })) : [],
    versions: {},
  };
  // The versions list (limit=100, paged) holds `active` and `hidden`: one read, not a GET per version.
  const named = Object.keys(desired.versions ?? {});
  if (named.length === 0 && !desired.versionPolicy) return current;
  const list = (await api.versions(project)).map(policyVersionOf);
  const bySlug = new Map(list.map((v) => [v.slug, v]));
  for (const slug of named) {
    const version = bySlug.get(slug);
    if (!version) throw new Error(`version \`${safeLine(slug, 200)}\` named under \`versions\` does not exist on ${project}`);
    current.versions[slug] = { active: version.active, hidden: version.hidden };
  }
  if (desired.versionPolicy) current.versionList = list;
  return current;
}

export function currentRedirect(r: Redirect): CurrentRedirect {
  const urls = r.type === 'page' || r.type === 'exact';
  return {
    pk: r.pk,
    type: r.type as DesiredRedirect['type'],
    from: urls ? (r.from_url ?? '') : '',
    to: urls ? (r.to_url ?? '') : '',
    http_status: r.http_status === 301 ? 301 : 302,
    force: r.force ?? false,
    enabled: r.enabled ?? true,
    description: r.description ?? '',
    position: r.position ?? 0,
  };
}

async function applyProject(
  ctx: OperationContext,
  result: ProjectResult<ApplyDetails>,
  log: ProjectLog,
  desired: DesiredProject,
): Promise<void> {
  const { inputs } = ctx;
  const { project } = result;
  const current = await readCurrent(ctx, project, desired);
  const plan = planProject(project, desired, current, inputs.prune);
  const changes = changeCount(plan);
  log.info(
    `${project}: ${changes === 0 ? 'no changes' : `${changes} change${changes === 1 ? '' : 's'}`}${inputs.dryRun ? ' (dry run: nothing will be written)' : ''}`,
  );
  for (const change of plan.changes) log.info(safeLine(`  ${symbolOf(change)} ${describeChange(change)}`));
  const statuses: WriteStatus[] = plan.changes.map(() => 'planned');
  result.details = { plan: planEntries(plan, inputs.dryRun ? undefined : statuses), changes, dryRun: inputs.dryRun };
  if (!inputs.dryRun) {
    const failure = await carryOut(ctx, plan, statuses, log);
    result.details = { plan: planEntries(plan, statuses), changes, dryRun: false };
    if (failure) {
      recordFailure(ctx, result, failure.error);
      if (!(failure.error instanceof DeadlineError || failure.error instanceof CancelledError)) {
        result.title = statuses.includes('done') ? 'Project partly changed' : 'Project not changed';
      }
      result.reason = [
        `${project}: ${failure.step} failed: ${failure.error instanceof Error ? failure.error.message : String(failure.error)}`,
        progressTable(plan, statuses),
      ].join('\n');
      log.info(safeLine(result.reason.split('\n')[0] ?? ''));
      return;
    }
  }
  if (inputs.failOnChanges && changes > 0) {
    result.outcome = 'failed';
    result.title = 'Project differs from the file';
    result.reason = `${project}: ${changes} change${changes === 1 ? '' : 's'} ${inputs.dryRun ? 'planned' : 'applied'} (input \`fail-on-changes\`):\n${plan.changes
      .filter((c) => c.action !== 'unmanaged')
      .map((c) => `${symbolOf(c)} ${describeChange(c)}`)
      .join('\n')}`;
    return;
  }
  result.outcome = 'success';
}

/** Plain text: what was done and what was not, one line each. */
export function progressTable(plan: ProjectPlan, statuses: WriteStatus[]): string {
  const rows = plan.changes.map(
    (change, i) => `${(change.action === 'unmanaged' ? 'kept' : statuses[i]!).padEnd(8)} ${symbolOf(change)} ${describeChange(change)}`,
  );
  return ['Result   Change', ...rows].join('\n');
}

interface Failure {
  step: string;
  error: unknown;
}

/** Carries out the plan in its order; the first failure stops every write after it. */
async function carryOut(ctx: OperationContext, plan: ProjectPlan, statuses: WriteStatus[], log: ProjectLog): Promise<Failure | undefined> {
  const { project } = plan;
  for (const [index, change] of plan.changes.entries()) {
    if (change.action === 'unmanaged') continue;
    try {
      await write(ctx, project, change, log);
      statuses[index] = 'done';
      log.progress(safeLine(`${symbolOf(change)} ${describeChange(change)}: done`));
    } catch (error) {
      statuses[index] = 'failed';
      for (let rest = index + 1; rest < plan.changes.length; rest += 1) {
        if (plan.changes[rest]!.action !== 'unmanaged') statuses[rest] = 'not done';
      }
      return { step: `${symbolOf(change)} ${describeChange(change)}`, error };
    }
  }
  return undefined;
}

function redirectBody(r: DesiredRedirect, position: number): Record<string, unknown> {
  const body: Record<string, unknown> = {
    type: r.type,
    http_status: r.http_status,
    force: r.force,
    enabled: r.enabled,
    description: r.description,
    position,
  };
  if (r.type === 'page' || r.type === 'exact') {
    body.from_url = r.from;
    body.to_url = r.to;
  }
  return body;
}

async function write(ctx: OperationContext, project: string, change: PlannedChange, log: ProjectLog): Promise<void> {
  const { api } = ctx;
  switch (change.kind) {
    case 'version':
      return api.updateVersion(project, change.slug, change.body);
    case 'settings':
      return api.updateProject(project, change.body);
    case 'redirect':
      if (change.action === 'create') return createRedirectOnce(ctx, project, change.redirect, change.position, log);
      if (change.action === 'update') {
        await api.updateRedirect(project, change.pk, redirectBody(change.redirect, change.position));
        return;
      }
      return api.deleteRedirect(project, change.pk);
    case 'subproject':
      if (change.action === 'create') return createSubprojectOnce(ctx, project, change.child, change.alias, log);
      return api.deleteSubproject(project, change.alias);
  }
}

/**
 * Creates one redirect exactly once: the service makes a second one if asked twice, so after a
 * lost answer the list is read and the redirect looked for before creating it again.
 */
async function createRedirectOnce(ctx: OperationContext, project: string, redirect: DesiredRedirect, position: number, log: ProjectLog) {
  const key = redirectKey(redirect);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await ctx.api.createRedirect(project, redirectBody(redirect, position));
      return;
    } catch (error) {
      if (!(error instanceof UncertainWriteError)) throw error;
      log.warning(
        safeLine(`The answer to creating a redirect was lost (${error.message}). Looking for it before creating it again.`),
        'Answer lost',
      );
      const found = (await ctx.api.redirects(project)).map(currentRedirect).find((r) => redirectKey(r) === key);
      if (found) {
        log.info(`The service did create the redirect (pk ${found.pk}): keeping it`);
        if (found.position !== position) await ctx.api.updateRedirect(project, found.pk, redirectBody(redirect, position));
        return;
      }
      if (attempt >= CREATE_ATTEMPTS) throw error;
    }
  }
}

async function createSubprojectOnce(ctx: OperationContext, project: string, child: string, alias: string, log: ProjectLog) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await ctx.api.createSubproject(project, { child, alias });
      return;
    } catch (error) {
      if (!(error instanceof UncertainWriteError)) throw error;
      log.warning(
        safeLine(`The answer to adding subproject ${child} was lost (${error.message}). Looking for it before adding it again.`),
        'Answer lost',
      );
      const found = (await ctx.api.subprojects(project)).find((s) => s.alias === alias && s.child.slug === child);
      if (found) return;
      if (attempt >= CREATE_ATTEMPTS) throw error;
    }
  }
}

/** The `plan` output: every project's entries; `changes`: their count. */
export function planOutputs(results: ProjectResult<ApplyDetails>[]): { plan: string; changes: string } {
  const plans = results.map((result) => ({ project: result.project, changes: result.details?.plan ?? [] }));
  const count = results.reduce((n, result) => n + (result.details?.changes ?? 0), 0);
  return { plan: JSON.stringify(plans), changes: String(count) };
}
