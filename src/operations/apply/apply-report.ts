import type { Inputs } from '../../inputs/inputs.js';
import { annotateFileLine } from '../../reporting/file-annotations.js';
import type { ProjectLog } from '../../reporting/project-log.js';
import { codeSpan, escapeMarkdown } from '../../reporting/markdown.js';
import type { RunnerLog } from '../../runner/port.js';
import { safeLine } from '../../util/untrusted-text.js';
import type { Conclusion, ProjectResult, StepReport } from '../types.js';
import {
  describeChange,
  keptVersionsNote,
  notKeptNote,
  planEntries,
  refusedNote,
  resultTable,
  symbolOf,
  type ApplyDetails,
  type WriteStatus,
} from './describe.js';
import type { ConfigFileError, ParsedConfigFile } from '../shared/project-file/file.js';
import { modernEquivalent } from '../shared/project-file/normal-form.js';
import type { ProjectPlan } from '../shared/project-file/plan.js';
import type { MissingVersionsError } from '../shared/project-file/current-state.js';
import type { Refusal } from './preflight.js';
import { forCount, plural } from '../../util/plural.js';

// `apply`'s third job: reporting the plan and what became of it (log, annotations, summary, outputs).

export const INVALID_FILE_TITLE = 'Invalid project file';
/** A plan the service would refuse part-way, refused before any write. */
const REFUSED_TITLE = 'Refused before any write';
export const PLAN_ONLY_TITLE = 'apply only plans here';

/** The file's warnings and notices (keys that have no effect), each at its line. */
export function annotateFileReading(log: RunnerLog, parsed: Pick<ParsedConfigFile, 'warnings' | 'notices'>): void {
  for (const warning of parsed.warnings) {
    annotateFileLine(log, 'warning', `${warning.path ? `${warning.path}: ` : ''}${warning.message}`, {
      title: 'Project file warning',
      file: warning.file,
      line: warning.line,
    });
  }
  for (const notice of parsed.notices) {
    annotateFileLine(log, 'notice', `${notice.path ? `${notice.path}: ` : ''}${notice.message}`, {
      title: 'No effect',
      file: notice.file,
      line: notice.line,
    });
  }
}

/**
 * The step's report when the file is refused: each problem at its line, every project in error
 * with the problems as its reason and an empty plan, nothing read from the service.
 */
export function invalidFileReport(
  log: RunnerLog,
  inputs: Pick<Inputs, 'config' | 'projects'>,
  error: ConfigFileError,
  dryRun: boolean,
): StepReport<ApplyDetails> {
  for (const problem of error.problems) {
    annotateFileLine(log, 'error', `${problem.path ? `${problem.path}: ` : ''}${problem.message}`, {
      title: INVALID_FILE_TITLE,
      file: problem.file,
      line: problem.line,
    });
  }
  const more = error.total - error.problems.length;
  if (more > 0) {
    annotateFileLine(log, 'error', `… and ${more} more problems: fix the ${error.problems.length} shown and run again to see the rest`, {
      title: INVALID_FILE_TITLE,
      file: inputs.config,
    });
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

/** The project's plan in its log: how many changes, each change, the versions kept active, the old redirects. */
export function tellPlan(plan: ProjectPlan, changes: number, dryRun: boolean, log: ProjectLog): void {
  log.info(
    `${plan.project}: ${changes === 0 ? 'no changes' : plural(changes, 'change')}${dryRun ? ' (dry run: nothing will be written)' : ''}`,
  );
  for (const change of plan.changes) log.info(safeLine(`  ${symbolOf(change)} ${describeChange(change)}`));
  for (const { slug, reason } of plan.kept) log.info(safeLine(`  = version ${slug} kept active: ${reason}`));
  tellLegacy(plan, log);
}

/**
 * The service would refuse part of the plan: nothing is written, each refusal is annotated at its
 * line of the file, and the plan's entries say `not done` (none when it only planned).
 */
export function refusedBeforeWrite(
  runnerLog: RunnerLog,
  plan: ProjectPlan,
  refusals: Refusal[],
  locate: ParsedConfigFile['locate'],
  log: ProjectLog,
  details: Omit<ApplyDetails, 'plan'>,
): Conclusion<ApplyDetails> {
  const { project } = plan;
  const refused = refusals.map((refusal) => {
    const where = locate(project, refusal.path);
    annotateFileLine(runnerLog, 'error', `${project}: ${where.path ? `${where.path}: ` : ''}${refusal.message}`, {
      title: REFUSED_TITLE,
      file: where.file,
      line: where.line,
    });
    return `${where.file}:${where.line}: ${where.path ? `${where.path}: ` : ''}${refusal.message}`;
  });
  const reason = ['nothing was written: the service would refuse part of the plan.', ...refused]
    .map((line) => safeLine(line, 600))
    .join('\n');
  log.info(safeLine(`${project}: nothing was written: ${plural(refusals.length, 'part')} of the plan the service would refuse`));
  const plannedEntries = planEntries(plan, details.dryRun ? undefined : plan.changes.map(() => 'not done'));
  return { outcome: 'error', title: REFUSED_TITLE, subject: project, reason, details: { plan: plannedEntries, ...details, refused } };
}

/**
 * Versions the file names that the project does not have: *Invalid project file*, each at its
 * line, nothing planned or written (a plan without them would say "no changes" to a file that
 * cannot be applied).
 */
export function missingVersionsRefused(
  runnerLog: RunnerLog,
  error: MissingVersionsError,
  locate: ParsedConfigFile['locate'],
  log: ProjectLog,
  dryRun: boolean,
): Conclusion<ApplyDetails> {
  const { project, slugs } = error;
  const refused = slugs.map((slug) => {
    const where = locate(project, ['versions', slug]);
    const message =
      `version \`${safeLine(slug, 200)}\` does not exist on ${project} (the service lists no such version: a deleted branch or tag, ` +
      "or a merge queue's temporary branch the service has deleted). Remove its entry, or push the branch or tag and sync the versions";
    annotateFileLine(runnerLog, 'error', `${project}: ${where.path ? `${where.path}: ` : ''}${message}`, {
      title: INVALID_FILE_TITLE,
      file: where.file,
      line: where.line,
    });
    return `${where.file}:${where.line}: ${where.path ? `${where.path}: ` : ''}${message}`;
  });
  const reason = ['nothing was planned or written: the file names versions the project does not have.', ...refused]
    .map((line) => safeLine(line, 600))
    .join('\n');
  log.info(
    safeLine(
      `${project}: nothing was planned: ${plural(slugs.length, 'version')} named in the file ${forCount(slugs.length, 'does', 'do')} not exist`,
    ),
  );
  return { outcome: 'error', title: INVALID_FILE_TITLE, subject: project, reason, details: { plan: [], changes: 0, dryRun } };
}

/** Why `fail-on-changes` turns the project red (its subject is the project): the changes, one a line. */
export function changesReason(plan: ProjectPlan, changes: number, dryRun: boolean): string {
  return `${plural(changes, 'change')} ${dryRun ? 'planned' : 'applied'} (input \`fail-on-changes\`):\n${plan.changes
    .filter((c) => c.action !== 'unmanaged')
    .map((c) => `${symbolOf(c)} ${describeChange(c)}`)
    .join('\n')}`;
}

/** The job summary's part: every project's plan (or what became of it), its kept versions, refusals and values not kept. */
export function planSummary(
  results: ProjectResult<ApplyDetails>[],
  how: { planOnly: boolean; dryRun: boolean; eventName: string | undefined },
): string {
  const sections = results.map((result) =>
    [
      resultTable(result, !how.dryRun),
      keptVersionsNote(result.details?.keptActive ?? []),
      refusedNote(result.details?.refused ?? []),
      notKeptNote(result.details?.notKept ?? []),
    ]
      .filter(Boolean)
      .join('\n\n'),
  );
  const heading = how.planOnly
    ? `### Planned changes (${how.eventName ? `on \`${how.eventName}\` ` : ''}\`apply\` only plans: nothing was written)`
    : how.dryRun
      ? '### Planned changes (dry run: nothing was written)'
      : '### Changes';
  return [heading, '', 'Legend: `+` create, `~` update (old → new), `-` delete, · unmanaged, kept.', '', sections.join('\n\n')].join('\n');
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

/** Plain text: what was done and what was not, one line each. */
export function progressTable(plan: ProjectPlan, statuses: WriteStatus[]): string {
  const rows = plan.changes.map(
    (change, i) => `${(change.action === 'unmanaged' ? 'kept' : statuses[i]!).padEnd(8)} ${symbolOf(change)} ${describeChange(change)}`,
  );
  return ['Result   Change', ...rows].join('\n');
}

/** The `plan` output: every project's entries; `changes`: their count. */
export function planOutputs(results: ProjectResult<ApplyDetails>[]): { plan: string; changes: string } {
  const plans = results.map((result) => ({ project: result.project, changes: result.details?.plan ?? [] }));
  const count = results.reduce((n, result) => n + (result.details?.changes ?? 0), 0);
  return { plan: JSON.stringify(plans), changes: String(count) };
}

/** Why the file was refused: how many problems, then one line each (`file:line: key: what is expected`). */
function problemsReason(config: string, error: ConfigFileError): string {
  const count = `${plural(error.total, 'problem')} in ${config}`;
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
    `Nothing was read from Read the Docs and nothing was written. ${plural(error.total, 'problem')}:`,
    '',
    '| Where | Key | What is expected |',
    '| --- | --- | --- |',
    ...rows,
    ...(more > 0 ? ['', `… and ${more} more: fix the ${error.problems.length} shown and run again to see the rest.`] : []),
  ].join('\n');
}
