import { readFile, stat } from 'node:fs/promises';
import { annotateFileLine } from '../../reporting/file-annotations.js';
import type { ProjectLog } from '../../reporting/project-log.js';
import { InputError } from '../../inputs/inputs.js';
import { UncertainWriteError } from '../../readthedocs/errors.js';
import type { ProjectSettings, Redirect, Version } from '../../readthedocs/schemas.js';
import { codeSpan, escapeMarkdown } from '../../reporting/markdown.js';
import { safeLine } from '../../util/untrusted-text.js';
import { CancelledError, DeadlineError } from '../../util/abort.js';
import { forEachProject, recordFailure } from '../run-projects.js';
import type { OperationContext, ProjectResult, StepOperation } from '../types.js';
import type { RunContext } from '../../inputs/github-context.js';
import {
  changeCount,
  describeChange,
  notKeptNote,
  planEntries,
  keptVersionsNote,
  planTable,
  refusedNote,
  shown,
  symbolOf,
  type ApplyDetails,
  type NotKept,
  type WriteStatus,
} from './describe.js';
import { editionOf } from './edition.js';
import { ConfigFileError, MAX_FILE_BYTES, parseConfigFile, type ParsedConfigFile } from './file.js';
import { preflight } from './preflight.js';
import { BUSINESS_ONLY_SETTINGS, type DesiredProject, type DesiredRedirect, type SettingName } from './model.js';
import { planProject, sameSetting, type CurrentRedirect, type CurrentState, type PlannedChange, type ProjectPlan } from './plan.js';
import { configPath } from './paths.js';
import { policyVersionOf } from './version-policy.js';
import { publishPlanComment } from './plan-comment.js';
import { hasPaths, modernEquivalent, normalFrom, normalTo, redirectKey } from './normal-form.js';

export const INVALID_FILE_TITLE = 'Invalid project file';
/** A plan the service would refuse part-way, refused before any write. */
export const REFUSED_TITLE = 'Refused before any write';
export const PLAN_ONLY_TITLE = 'apply only plans here';
const CREATE_ATTEMPTS = 3;

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
  const text = await readConfigText(inputs.config);
  let desired: Map<string, DesiredProject>;
  let locate: ParsedConfigFile['locate'];
  try {
    const parsed = await parseConfigFile(inputs.config, text, inputs.projects, { edition: editionOf(inputs.baseUrl) });
    desired = parsed.projects;
    locate = parsed.locate;
    for (const warning of parsed.warnings) {
      annotateFileLine(ctx.log, 'warning', `${warning.path ? `${warning.path}: ` : ''}${warning.message}`, {
        title: 'Project file warning',
        file: warning.file,
        line: warning.line,
      });
    }
    for (const notice of parsed.notices) {
      annotateFileLine(ctx.log, 'notice', `${notice.path ? `${notice.path}: ` : ''}${notice.message}`, {
        title: 'No effect',
        file: notice.file,
        line: notice.line,
      });
    }
  } catch (error) {
    if (!(error instanceof ConfigFileError)) throw error;
    for (const problem of error.problems) {
      annotateFileLine(ctx.log, 'error', `${problem.path ? `${problem.path}: ` : ''}${problem.message}`, {
        title: INVALID_FILE_TITLE,
        file: problem.file,
        line: problem.line,
      });
    }
    const more = error.total - error.problems.length;
    if (more > 0) {
      annotateFileLine(
        ctx.log,
        'error',
        `… and ${more} more problems: fix the ${error.problems.length} shown and run again to see the rest`,
        {
          title: INVALID_FILE_TITLE,
          file: inputs.config,
        },
      );
    }
    const results: ProjectResult<ApplyDetails>[] = inputs.projects.map((project) => ({
      project,
      outcome: 'error',
      title: INVALID_FILE_TITLE,
      reason: problemsReason(inputs.config, error),
      details: { plan: [], changes: 0, dryRun },
    }));
    return { results, summary: [problemsSection(inputs.config, error)], outputs: planOutputs(results) };
  }
  if (!gate.writes) ctx.log.notice(safeLine(gate.why), { title: PLAN_ONLY_TITLE });
  const results = await forEachProject(ctx, [...desired.keys()], (c, result: ProjectResult<ApplyDetails>, log) =>
    applyProject(c, result, log, desired.get(result.project)!, dryRun, locate),
  );
  const sections = results.map((result) =>
    [
      planTable(result.project, result.details?.plan ?? [], !dryRun),
      keptVersionsNote(result.details?.keptActive ?? []),
      refusedNote(result.details?.refused ?? []),
      notKeptNote(result.details?.notKept ?? []),
    ]
      .filter(Boolean)
      .join('\n\n'),
  );
  const heading = planOnly
    ? `### Planned changes (${ctx.run.eventName ? `on \`${ctx.run.eventName}\` ` : ''}\`apply\` only plans: nothing was written)`
    : dryRun
      ? '### Planned changes (dry run: nothing was written)'
      : '### Changes';
  const summary = [
    [heading, '', 'Legend: `+` create, `~` update (old → new), `-` delete, · unmanaged, kept.', '', sections.join('\n\n')].join('\n'),
  ];
  await publishPlanComment(ctx, results, dryRun).catch((error: unknown) => {
    ctx.log.warning(safeLine(`The pull request comment was not written: ${error instanceof Error ? error.message : String(error)}`), {
      title: 'Plan comment not written',
    });
  });
  return { results, summary, outputs: planOutputs(results) };
};

/** The file's text, refused by size before it is read whole. */
async function readConfigText(config: string): Promise<string> {
  const path = configPath(config);
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
        : `Input \`config\`: cannot read ${config}: ${(error as Error).message}`,
    ]);
  }
}

/** The settings the file can name, as GET shows them (`language` as its code, `repository` as `{url, type}`). */
export function comparableSettings(info: ProjectSettings): CurrentState['settings'] {
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
function namedVersions(list: Version[], project: string, slugs: string[]): CurrentState['versions'] {
  const bySlug = new Map(list.map((v) => [v.slug, v]));
  const versions: CurrentState['versions'] = {};
  for (const slug of slugs) {
    const version = bySlug.get(slug);
    if (!version) throw new Error(`version \`${safeLine(slug, 200)}\` named under \`versions\` does not exist on ${project}`);
    versions[slug] = {
      active: version.active,
      hidden: version.hidden ?? false,
      ...(version.privacy_level === undefined ? {} : { privacy_level: version.privacy_level }),
    };
  }
  return versions;
}

/** What the service has now, for the parts the file manages. Reads only. */
export async function readCurrent(ctx: OperationContext, project: string, desired: DesiredProject): Promise<CurrentState> {
  const { api } = ctx;
  const info = await api.projectSettings(project);
  // FACTS: "the versions list (`limit=100`) returns them all, so no per-version GET is needed":
  // 300 versions are 3 requests, read once for the versions named and for `version_policy`.
  const named = Object.keys(desired.versions ?? {});
  const list = named.length > 0 || desired.versionPolicy ? await api.versions(project) : [];
  return {
    settings: comparableSettings(info),
    redirects: desired.redirects ? (await api.redirects(project)).map(currentRedirect) : [],
    subprojects: desired.subprojects ? (await api.subprojects(project)).map((s) => ({ child: s.child.slug, alias: s.alias })) : [],
    versions: namedVersions(list, project, named),
    ...(desired.versionPolicy ? { versionList: list.map(policyVersionOf) } : {}),
  };
}

/** A redirect as the service holds it, in the normal form the plan compares (a stored value may predate it). */
export function currentRedirect(r: Redirect): CurrentRedirect {
  const paths = hasPaths(r.type);
  return {
    pk: r.pk,
    type: r.type as DesiredRedirect['type'],
    from: paths && r.from_url ? normalFrom(r.from_url) : '',
    to: paths && r.to_url ? normalTo(r.to_url) : '',
    http_status: r.http_status === 301 ? 301 : 302,
    force: r.force ?? false,
    enabled: r.enabled ?? true,
    description: (r.description ?? '').trim(),
    position: r.position ?? 0,
  };
}

async function applyProject(
  ctx: OperationContext,
  result: ProjectResult<ApplyDetails>,
  log: ProjectLog,
  desired: DesiredProject,
  dryRun: boolean,
  locate: ParsedConfigFile['locate'],
): Promise<void> {
  const { inputs } = ctx;
  const { project } = result;
  const current = await readCurrent(ctx, project, desired);
  const plan = planProject(project, desired, current, inputs.prune);
  const changes = changeCount(plan);
  log.info(
    `${project}: ${changes === 0 ? 'no changes' : `${changes} change${changes === 1 ? '' : 's'}`}${dryRun ? ' (dry run: nothing will be written)' : ''}`,
  );
  for (const change of plan.changes) log.info(safeLine(`  ${symbolOf(change)} ${describeChange(change)}`));
  const keptActive = plan.kept;
  for (const { slug, reason } of keptActive) log.info(safeLine(`  = version ${slug} kept active: ${reason}`));
  tellLegacy(plan, log);
  const statuses: WriteStatus[] = plan.changes.map(() => 'planned');
  result.details = {
    plan: planEntries(plan, dryRun ? undefined : statuses),
    changes,
    dryRun,
    ...(keptActive.length > 0 ? { keptActive } : {}),
  };
  // What the service would refuse part-way: refused here, before any write, at its line of the file.
  const refusals = preflight(plan, desired, current, editionOf(inputs.baseUrl));
  if (refusals.length > 0) {
    const refused = refusals.map((refusal) => {
      const where = locate(project, refusal.path);
      annotateFileLine(ctx.log, 'error', `${project}: ${where.path ? `${where.path}: ` : ''}${refusal.message}`, {
        title: REFUSED_TITLE,
        file: where.file,
        line: where.line,
      });
      return `${where.file}:${where.line}: ${where.path ? `${where.path}: ` : ''}${refusal.message}`;
    });
    result.outcome = 'error';
    result.title = REFUSED_TITLE;
    result.reason = [`${project}: nothing was written: the service would refuse part of the plan.`, ...refused]
      .map((line) => safeLine(line, 600))
      .join('\n');
    result.details = { ...result.details, plan: planEntries(plan, dryRun ? undefined : plan.changes.map(() => 'not done')), refused };
    log.info(
      safeLine(
        `${project}: nothing was written: ${refusals.length} part${refusals.length === 1 ? '' : 's'} of the plan the service would refuse`,
      ),
    );
    return;
  }
  if (!dryRun) {
    const failure = await carryOut(ctx, plan, statuses, log);
    const notKept = await readBack(ctx, plan, statuses, log);
    result.details = {
      plan: planEntries(plan, statuses),
      changes,
      dryRun: false,
      ...(keptActive.length > 0 ? { keptActive } : {}),
      ...(notKept.length > 0 ? { notKept } : {}),
    };
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
    result.reason = `${project}: ${changes} change${changes === 1 ? '' : 's'} ${dryRun ? 'planned' : 'applied'} (input \`fail-on-changes\`):\n${plan.changes
      .filter((c) => c.action !== 'unmanaged')
      .map((c) => `${symbolOf(c)} ${describeChange(c)}`)
      .join('\n')}`;
    return;
  }
  result.outcome = 'success';
}

/**
 * A notice for each redirect stored in the removed `$rest` syntax that the plan leaves as it is:
 * not an error (the service still lists it), but FACTS.md says only that the service removed the
 * wildcard in favour of `*` and refuses it in a new or changed redirect: nothing promises the
 * stored one still matches the rest of a path, so the notice promises nothing either.
 */
function tellLegacy(plan: ProjectPlan, log: ProjectLog): void {
  for (const { redirect, listed } of plan.legacy) {
    const modern = modernEquivalent(redirect.from, redirect.to)!;
    log.notice(
      safeLine(
        `${plan.project}: the redirect ${redirect.type} ${redirect.from} → ${redirect.to} uses the removed \`$rest\` syntax. ` +
          'The service still lists it, but it removed that wildcard in favour of `*` and refuses it in a new or changed redirect, ' +
          'so do not count on it redirecting; ' +
          (listed
            ? `the file's ${modern.from} → ${modern.to} stands for it, and is what the next change to it writes.`
            : `it is not in the file (kept); to list it, write from: ${modern.from} and to: ${modern.to}.`),
      ),
      'Old redirect syntax',
    );
  }
}

/**
 * After writing, reads back what was sent (FACTS: "On save the service may keep its own values
 * [...] So read back after writing, and say which keys did not take"): each settings key and
 * version field that did not take gets a warning naming it and the value the service kept.
 */
async function readBack(ctx: OperationContext, plan: ProjectPlan, statuses: WriteStatus[], log: ProjectLog): Promise<NotKept[]> {
  const done = plan.changes.filter((_, index) => statuses[index] === 'done');
  const settings = done.find((change) => change.kind === 'settings');
  const versions = done.filter((change) => change.kind === 'version');
  const compared = settings?.fields.filter((field) => !field.writeOnly) ?? [];
  if (compared.length === 0 && versions.length === 0) return [];
  const notKept: NotKept[] = [];
  try {
    if (compared.length > 0) {
      const now = comparableSettings(await ctx.api.projectSettings(plan.project));
      for (const field of compared) {
        const name = field.field as SettingName;
        if (!sameSetting(name, now[name], field.new)) notKept.push({ key: `settings.${name}`, wanted: field.new, kept: now[name] ?? null });
      }
    }
    if (versions.length > 0) {
      const now = namedVersions(
        await ctx.api.versions(plan.project),
        plan.project,
        versions.map((change) => change.slug),
      );
      for (const change of versions) {
        for (const field of change.fields) {
          const kept = now[change.slug]?.[field.field as 'active' | 'hidden' | 'privacy_level'];
          if (kept !== field.new) notKept.push({ key: `versions.${change.slug}.${field.field}`, wanted: field.new, kept: kept ?? null });
        }
      }
    }
  } catch (error) {
    log.warning(
      safeLine(
        `${plan.project}: the writes are done, but reading the project back failed, so whether the service kept every value is not known: ${error instanceof Error ? error.message : String(error)}`,
      ),
      'Project not read back',
    );
    return notKept;
  }
  for (const { key, wanted, kept } of notKept) {
    log.warning(
      safeLine(
        `${plan.project}: \`${key}\` did not take: asked for ${shown(wanted)}, the service kept ${shown(kept)} (${whyNotKept(key, kept)}). ` +
          'Every apply plans it again until the file says what the service keeps.',
      ),
      'Setting not kept',
    );
  }
  return notKept;
}

/** What FACTS.md says makes the service keep its own value. */
function whyNotKept(key: string, kept: unknown): string {
  const name = key.split('.').pop()!;
  if (name === 'repository') return "a project connected to a repository keeps that repository's clone URL";
  if (name === 'external_builds_privacy_level' && kept === 'public') {
    return 'Read the Docs for Business only, and forced to `public` for a public repository';
  }
  if ((BUSINESS_ONLY_SETTINGS as readonly string[]).includes(name)) return 'Read the Docs for Business only: Community drops it';
  return 'the service keeps its own value';
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
  if (hasPaths(r.type)) {
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
      if (change.action === 'create') return createRedirectOnce(ctx, project, change.redirect, change.at, log);
      if (change.action === 'update') {
        await api.updateRedirect(project, change.pk, redirectBody(change.redirect, change.at));
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
 * lost answer the list is read and the redirect looked for, in the service's normal form, before
 * creating it again.
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

/** Why the file was refused: how many problems, then one line each (`file:line: key: what is expected`). */
function problemsReason(config: string, error: ConfigFileError): string {
  const count = `${error.total} problem${error.total === 1 ? '' : 's'} in ${config}`;
  return [`${safeLine(count, 300)}:`, ...error.message.split('\n').map((line) => safeLine(line, 300))].join('\n');
}

/** The job summary's list of the file's problems, one row each: where, which key, what is expected. */
function problemsSection(config: string, error: ConfigFileError): string {
  const cell = (text: string) => escapeMarkdown(safeLine(text, 300));
  const rows = error.problems.map(
    (p) =>
      `| ${codeSpan(`${p.file}:${p.line}`, { inTable: true })} | ${p.path ? codeSpan(p.path, { inTable: true }) : ''} | ${cell(p.message)} |`,
  );
  const more = error.total - error.problems.length;
  return [
    `### ${INVALID_FILE_TITLE}: ${codeSpan(config)}`,
    '',
    `Nothing was read from Read the Docs and nothing was written. ${error.total} problem${error.total === 1 ? '' : 's'}:`,
    '',
    '| Where | Key | What is expected |',
    '| --- | --- | --- |',
    ...rows,
    ...(more > 0 ? ['', `… and ${more} more: fix the ${error.problems.length} shown and run again to see the rest.`] : []),
  ].join('\n');
}
