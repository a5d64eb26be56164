import { codeSpan, escapeMarkdown } from '../../reporting/markdown.js';
import type { ProjectResult } from '../types.js';
import type { DesiredRedirect } from '../shared/project-file/model.js';
import { countsAsChange, type FieldChange, type KeptVersion, type PlannedChange, type ProjectPlan } from '../shared/project-file/plan.js';
import { plural } from '../../util/plural.js';

/** Where a planned write got to. */
export type WriteStatus = 'planned' | 'done' | 'failed' | 'not done' | 'kept';

export interface PlanEntry {
  symbol: '+' | '~' | '-' | '=';
  kind: PlannedChange['kind'];
  action: PlannedChange['action'];
  description: string;
  status: WriteStatus;
}

/** A key the service was sent and did not keep (read back after writing). */
export interface NotKept {
  /** `settings.privacy_level`, `versions.v1.0.privacy_level`. */
  key: string;
  wanted: unknown;
  kept: unknown;
}

/**
 * What `apply` reports for one project (`result.details`): the plan, how many changes, whether it
 * only planned (a dry run, or a pull-request event), and the keys the service did not keep.
 */
export interface ApplyDetails {
  plan: PlanEntry[];
  changes: number;
  dryRun: boolean;
  notKept?: NotKept[];
  /** Versions `version_policy` would deactivate but keeps active (the project's default version), and why. */
  keptActive?: KeptVersion[];
  /** What the service would refuse part-way (`file:line: key: why`): nothing was written. */
  refused?: string[];
}

export function symbolOf(change: PlannedChange): PlanEntry['symbol'] {
  if (change.action === 'create') return '+';
  if (change.action === 'update') return '~';
  if (change.action === 'delete') return '-';
  return '=';
}

/** A value as the plan shows it: JSON, `(none)` for no value. */
export function shown(v: unknown): string {
  if (v === undefined || v === null) return '(none)';
  return JSON.stringify(v);
}

function fields(list: FieldChange[]): string {
  return list
    .map((f) => (f.writeOnly ? `${f.field} = ${shown(f.new)} (write-only, sent)` : `${f.field} ${shown(f.old)} → ${shown(f.new)}`))
    .join(', ');
}

function redirectText(r: DesiredRedirect): string {
  const urls = r.from || r.to ? ` ${r.from} → ${r.to}` : '';
  return `${r.type}${urls} (${r.http_status}${r.enabled ? '' : ', disabled'}${r.force ? ', forced' : ''})`;
}

/** One line a person reads: what the change does. Service text in it is printed through safeLine by the caller. */
export function describeChange(change: PlannedChange): string {
  switch (change.kind) {
    case 'settings':
      return `settings: ${fields(change.fields)}`;
    case 'version':
      return `version ${change.slug}: ${fields(change.fields)}${versionNote(change)}`;
    case 'subproject':
      return `subproject ${change.child} as ${change.alias}${change.action === 'unmanaged' ? ' (unmanaged, kept: `prune: true` deletes it)' : ''}`;
    case 'redirect':
      if (change.action === 'create') return `redirect ${redirectText(change.redirect)} at position ${change.position}`;
      if (change.action === 'update') return `redirect ${redirectText(change.redirect)}: ${fields(change.fields)}`;
      if (change.action === 'delete') return `redirect ${redirectText(change.redirect)}`;
      return `redirect ${redirectText(change.redirect)} (unmanaged, kept: \`prune: true\` deletes it)`;
  }
}

/** Why `version_policy` changes a version, and a deactivation kept without `prune`. */
function versionNote(change: Extract<PlannedChange, { kind: 'version' }>): string {
  const why = change.policy ? ` (version_policy: ${change.policy})` : '';
  return change.action === 'unmanaged' ? `${why} (kept: set \`prune\` to deactivate)` : why;
}

export function planEntries(plan: ProjectPlan, statuses?: WriteStatus[]): PlanEntry[] {
  return plan.changes.map((change, index) => ({
    symbol: symbolOf(change),
    kind: change.kind,
    action: change.action,
    description: describeChange(change),
    status: change.action === 'unmanaged' ? 'kept' : (statuses?.[index] ?? 'planned'),
  }));
}

export function changeCount(plan: ProjectPlan): number {
  return plan.changes.filter(countsAsChange).length;
}

/** The summary's line under a project's table naming the keys the service did not keep ('' when none). */
export function notKeptNote(notKept: NotKept[]): string {
  if (notKept.length === 0) return '';
  const keys = notKept.map(
    ({ key, kept }) => `${codeSpan(key, { inTable: false })} (it kept ${codeSpan(shown(kept), { inTable: false })})`,
  );
  return `⚠️ The service did not keep: ${keys.join(', ')}. See the warnings.`;
}

/** The versions the policy keeps active against its rule, and why (the word "default" included). */
export function keptVersionsNote(kept: KeptVersion[]): string {
  return kept
    .map(
      ({ slug, policy }) =>
        `ℹ️ ${codeSpan(slug, { inTable: false })} kept active: the project's default version (\`default_version\`) stays active, ` +
        `since deactivating it would delete its docs, which the docs root serves (the policy would deactivate it: ${escapeMarkdown(policy)}).`,
    )
    .join('\n\n');
}

/** Why nothing was written: what the service would have refused part-way (each listed with its line above). */
export function refusedNote(refused: string[]): string {
  if (refused.length === 0) return '';
  const count = `${plural(refused.length, 'part')}`;
  return `❌ Nothing was written: the service would refuse ${count} of this plan part-way, leaving the project half changed (see the errors on the file's lines).`;
}

/** A project's table, or why it has none: a project that ended in an error before its plan is not "No changes". */
export function resultTable(
  result: Pick<ProjectResult<ApplyDetails>, 'project' | 'outcome' | 'title' | 'details'>,
  showStatus: boolean,
): string {
  const plan = result.details?.plan ?? [];
  if (result.outcome === 'error' && plan.length === 0) {
    return [`#### ${escapeMarkdown(result.project)}`, '', `Not planned: ${escapeMarkdown(result.title ?? 'error')}.`].join('\n');
  }
  return planTable(result.project, plan, showStatus);
}

/** The Markdown table of one project's plan (job summary and PR comment). */
function planTable(project: string, entries: PlanEntry[], showStatus: boolean): string {
  const lines = [`#### ${escapeMarkdown(project)}`, ''];
  if (entries.length === 0) return [...lines, 'No changes: the project matches the file.'].join('\n');
  lines.push(showStatus ? '| | Change | Result |' : '| | Change |', showStatus ? '| --- | --- | --- |' : '| --- | --- |');
  for (const entry of entries) {
    const cells = [entry.symbol === '=' ? '·' : `\`${entry.symbol}\``, escapeMarkdown(entry.description)];
    if (showStatus) cells.push(entry.status);
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}
