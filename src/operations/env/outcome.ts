import { escapeMarkdown } from '../../reporting/markdown.js';
import type { ProjectResult } from '../types.js';
import type { EnvAction, ExistingVariable, PlannedChange } from './plan.js';

/** One item of the `variables` output: never a value. */
export interface VariableEntry {
  name: string;
  public: boolean;
  action: EnvAction;
}

/** What `env` puts in a project's result (and so in `results[]`). */
export interface EnvironmentDetails {
  variables: VariableEntry[];
  dryRun: boolean;
}

/**
 * How far one planned change got. `create`: `pending` (not tried), `created`, `failed` (surely not
 * created), `unknown` (the answer was lost and the service could not be asked).
 */
export interface ChangeProgress {
  create: 'pending' | 'created' | 'failed' | 'unknown';
  /** Old copies deleted so far. */
  deletedPks: number[];
}

const RECREATE_NOTE =
  'Read the Docs never returns the value of a variable, so the action cannot tell whether it changed: ' +
  'every variable named in `variables` or `public-variables` is re-created on each run (`replaced` when it existed), even when its value did not change.';

/** The entries of a plan, as the dry run reports them: what would be done. */
export function plannedEntries(plan: PlannedChange[]): VariableEntry[] {
  return plan.map(({ name, public: isPublic, action }) => ({ name, public: isPublic, action }));
}

/**
 * The entries of what was really done: a change that did not happen shows as the variable it left
 * in place (`kept`), or not at all when there was none (a create that failed).
 */
export function appliedEntries(plan: PlannedChange[], existing: ExistingVariable[], progress: ChangeProgress[]): VariableEntry[] {
  const entries: VariableEntry[] = [];
  plan.forEach((change, index) => {
    const done = progress[index] ?? { create: 'pending', deletedPks: [] };
    const previous = { name: change.name, public: existingFlag(existing, change.name), action: 'kept' as const };
    if (change.action === 'created') {
      if (done.create === 'created') entries.push({ name: change.name, public: change.public, action: 'created' });
    } else if (change.action === 'replaced') {
      entries.push(done.create === 'created' ? { name: change.name, public: change.public, action: 'replaced' } : previous);
    } else if (change.action === 'deleted') {
      entries.push(allDeleted(change, done) ? { name: change.name, public: change.public, action: 'deleted' } : previous);
    } else {
      entries.push({ name: change.name, public: change.public, action: 'kept' });
    }
  });
  return entries;
}

/**
 * After a failure: which variables changed, which did not, and which are half-way, by name.
 * Empty lists are left out.
 */
export function describeProgress(plan: PlannedChange[], progress: ChangeProgress[]): string {
  const changed: string[] = [];
  const unchanged: string[] = [];
  const halfway: string[] = [];
  plan.forEach((change, index) => {
    const done = progress[index] ?? { create: 'pending', deletedPks: [] };
    const name = `\`${change.name}\``;
    if (change.action === 'created') {
      if (done.create === 'created') changed.push(`${name} (created)`);
      else if (done.create === 'unknown') halfway.push(`${name} (may have been created: the service could not be asked)`);
      else unchanged.push(`${name} (not created)`);
    } else if (change.action === 'replaced') {
      if (done.create === 'created' && allDeleted(change, done)) changed.push(`${name} (replaced)`);
      else if (done.create === 'created') halfway.push(`${name} (new value created, but the old one is still there too)`);
      else if (done.create === 'unknown') halfway.push(`${name} (a new value may have been created beside the old one)`);
      else unchanged.push(`${name} (old value kept)`);
    } else if (change.action === 'deleted') {
      if (allDeleted(change, done)) changed.push(`${name} (deleted)`);
      else if (done.deletedPks.length > 0) halfway.push(`${name} (some copies deleted, not all)`);
      else unchanged.push(`${name} (not deleted)`);
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
export function changedAnything(progress: ChangeProgress[]): boolean {
  return progress.some((done) => done.create === 'created' || done.create === 'unknown' || done.deletedPks.length > 0);
}

/** The `variables` output: the first project's entries. */
export function variablesOutput(results: ProjectResult<EnvironmentDetails>[]): string {
  return JSON.stringify(results[0]?.details?.variables ?? []);
}

/** One table Name | Public | Action per project, then the note about re-creating. */
export function environmentSection(results: ProjectResult<EnvironmentDetails>[]): string {
  const lines: string[] = [];
  const dryRun = results.some((result) => result.details?.dryRun);
  for (const { project, details } of results) {
    if (!details) continue;
    lines.push(`### Environment variables: ${escapeMarkdown(project)}${details.dryRun ? ' (dry run)' : ''}`, '');
    if (details.variables.length === 0) {
      lines.push('No variables.', '');
      continue;
    }
    lines.push('| Name | Public | Action |', '| --- | --- | --- |');
    for (const entry of details.variables) {
      const action = details.dryRun ? `${entry.action} (planned)` : entry.action;
      lines.push(`| ${escapeMarkdown(entry.name)} | ${entry.public ? 'yes' : 'no'} | ${action} |`);
    }
    lines.push('');
  }
  if (dryRun) lines.push('> Dry run: nothing was changed; the actions are what a run without `dry-run` would do.', '');
  lines.push(`> ${RECREATE_NOTE}`);
  return lines.join('\n');
}

function allDeleted(change: PlannedChange, done: ChangeProgress): boolean {
  return change.deletePks.every((pk) => done.deletedPks.includes(pk));
}

function existingFlag(existing: ExistingVariable[], name: string): boolean {
  const copies = existing.filter((variable) => variable.name === name);
  return copies.length > 0 && copies.every((copy) => copy.public);
}
