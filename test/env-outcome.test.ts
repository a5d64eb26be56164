import { describe, expect, it } from 'vitest';
import {
  appliedEntries,
  changedAnything,
  describeProgress,
  environmentSection,
  plannedEntries,
  variablesOutput,
  type ChangeProgress,
  type EnvironmentDetails,
} from '../src/operations/env/outcome.js';
import { planEnvironment, type ExistingVariable } from '../src/operations/env/plan.js';
import { desiredVariables } from '../src/inputs/env-desired.js';
import type { ProjectResult } from '../src/operations/types.js';

const existing: ExistingVariable[] = [
  { pk: 1, name: 'API_KEY', public: false },
  { pk: 2, name: 'KEEP_ME', public: false },
  { pk: 3, name: 'THEME', public: true },
  { pk: 4, name: 'STALE', public: true },
];
// API_KEY replaced, NEW_ONE created, THEME replaced (now private), KEEP_ME and STALE deleted.
const plan = planEnvironment(desiredVariables('API_KEY=a\nNEW_ONE=b\nTHEME=c', ''), existing, true);
const pending = (): ChangeProgress[] => plan.map(() => ({ create: 'pending', deletedPks: [] }));
const names = () => plan.map((change) => `${change.name}:${change.action}`);

describe('appliedEntries', () => {
  it('is the plan when everything was done', () => {
    expect(names()).toEqual(['API_KEY:replaced', 'NEW_ONE:created', 'THEME:replaced', 'KEEP_ME:deleted', 'STALE:deleted']);
    const progress = plan.map((change) => ({ create: 'created' as const, deletedPks: change.deletePks }));
    expect(appliedEntries(plan, existing, progress)).toEqual(plannedEntries(plan));
  });

  it('shows what is really there when nothing was done: old variables kept with their own flag', () => {
    expect(appliedEntries(plan, existing, pending())).toEqual([
      { name: 'API_KEY', public: false, action: 'kept' },
      { name: 'THEME', public: true, action: 'kept' },
      { name: 'KEEP_ME', public: false, action: 'kept' },
      { name: 'STALE', public: true, action: 'kept' },
    ]);
  });

  it('counts a replacement as done once its new variable exists', () => {
    const progress = pending();
    progress[0] = { create: 'created', deletedPks: [] };
    progress[2] = { create: 'unknown', deletedPks: [] };
    expect(appliedEntries(plan, existing, progress).slice(0, 2)).toEqual([
      { name: 'API_KEY', public: false, action: 'replaced' },
      { name: 'THEME', public: true, action: 'kept' },
    ]);
  });
});

describe('describeProgress', () => {
  it('says nothing changed and lists every planned change as not done', () => {
    expect(describeProgress(plan, pending())).toBe(
      'Nothing was changed.\nNot changed: `API_KEY` (old value kept), `NEW_ONE` (not created), `THEME` (old value kept), `KEEP_ME` (not deleted), `STALE` (not deleted).',
    );
    expect(changedAnything(pending())).toBe(false);
  });

  it('tells changed, unchanged and half-way variables apart', () => {
    const progress = pending();
    progress[0] = { create: 'created', deletedPks: [1] };
    progress[1] = { create: 'unknown', deletedPks: [] };
    progress[2] = { create: 'created', deletedPks: [] };
    progress[3] = { create: 'pending', deletedPks: [2] };
    const text = describeProgress(plan, progress);
    expect(text).toContain('Changed: `API_KEY` (replaced), `KEEP_ME` (deleted).');
    expect(text).toContain('Not changed: `STALE` (not deleted).');
    expect(text).toContain('Half-way: `NEW_ONE` (may have been created');
    expect(text).toContain('`THEME` (new value created, but the old one is still there too)');
    expect(text).toContain('Run the step again');
    expect(changedAnything(progress)).toBe(true);
  });
});

describe('the report', () => {
  const result = (project: string, dryRun: boolean): ProjectResult<EnvironmentDetails> => ({
    project,
    outcome: 'success',
    details: { variables: plannedEntries(plan), dryRun },
  });

  it("outputs the first project's entries, or an empty list", () => {
    expect(
      JSON.parse(variablesOutput([result('a', false), { project: 'b', outcome: 'success', details: { variables: [], dryRun: false } }])),
    ).toEqual(plannedEntries(plan));
    expect(variablesOutput([])).toBe('[]');
    expect(variablesOutput([{ project: 'a', outcome: 'error' }])).toBe('[]');
  });

  it('has a table per project and the note about re-creating', () => {
    const section = environmentSection([result('docs', false), result('other_docs', false)]);
    expect(section).toContain(
      '### Environment variables: docs\n\n| Name | Public | Action |\n| --- | --- | --- |\n| API\\_KEY | no | replaced |',
    );
    expect(section).toContain('| STALE | yes | deleted |');
    expect(section).toContain('### Environment variables: other\\_docs');
    expect(section).toContain('re-created on each run');
    expect(section).not.toContain('Dry run');
  });

  it('marks a dry run as planned', () => {
    const section = environmentSection([result('docs', true)]);
    expect(section).toContain('(dry run)');
    expect(section).toContain('| NEW\\_ONE | no | created (planned) |');
    expect(section).toContain('Dry run: nothing was changed');
  });

  it('skips projects that failed before planning', () => {
    const section = environmentSection([{ project: 'gone', outcome: 'error' }]);
    expect(section).not.toContain('gone');
    expect(section).toContain('re-created on each run');
  });
});
