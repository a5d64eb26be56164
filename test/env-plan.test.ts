import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describePlan, planEnvironment, type ExistingVariable, type PlannedChange } from '../src/operations/env/plan.js';
import type { DesiredVariable } from '../src/inputs/env-variables.js';

function desired(name: string, isPublic = false, line = 1): DesiredVariable {
  return {
    name,
    value: `value of ${name}`,
    public: isPublic,
    input: isPublic ? 'public-variables' : 'variables',
    line,
  };
}

function existing(pk: number, name: string, isPublic = false): ExistingVariable {
  return { pk, name, public: isPublic };
}

function summary(plan: PlannedChange[]): Array<[string, string, number[]]> {
  return plan.map((change) => [change.action, change.name, change.deletePks]);
}

describe('planEnvironment', () => {
  it('creates names that do not exist yet, carrying the desired variable', () => {
    const wanted = desired('NEW', true);
    expect(planEnvironment([wanted], [], false)).toEqual([{ name: 'NEW', public: true, action: 'created', create: wanted, deletePks: [] }]);
  });

  it('replaces every desired name that exists, since values cannot be compared', () => {
    const wanted = desired('SAME');
    expect(planEnvironment([wanted], [existing(4, 'SAME')], false)).toEqual([
      { name: 'SAME', public: false, action: 'replaced', create: wanted, deletePks: [4] },
    ]);
  });

  it('replaces when only the public flag changes, with the new flag', () => {
    const plan = planEnvironment([desired('FLAG', true)], [existing(9, 'FLAG', false)], false);
    expect(plan).toHaveLength(1);
    expect(plan[0]).toMatchObject({ action: 'replaced', public: true, deletePks: [9] });
    expect(planEnvironment([desired('FLAG', false)], [existing(9, 'FLAG', true)], false)[0]).toMatchObject({
      action: 'replaced',
      public: false,
    });
  });

  it('deletes every copy of a duplicated name on replace', () => {
    const plan = planEnvironment([desired('DUP')], [existing(12, 'DUP'), existing(3, 'DUP', true)], false);
    expect(summary(plan)).toEqual([['replaced', 'DUP', [3, 12]]]);
  });

  it('keeps names it was not given unless pruning, then deletes every copy', () => {
    const current = [existing(1, 'OLD'), existing(2, 'OTHER', true), existing(5, 'OLD')];
    expect(summary(planEnvironment([], current, false))).toEqual([
      ['kept', 'OLD', []],
      ['kept', 'OTHER', []],
    ]);
    expect(summary(planEnvironment([], current, true))).toEqual([
      ['deleted', 'OLD', [1, 5]],
      ['deleted', 'OTHER', [2]],
    ]);
  });

  it('orders creates and replaces in input order, then deletions, then kept', () => {
    const wanted = [desired('ZED', false, 1), desired('ALPHA', false, 2), desired('MID', true, 1)];
    const current = [existing(7, 'STALE_B'), existing(8, 'ALPHA'), existing(6, 'STALE_A')];
    expect(summary(planEnvironment(wanted, current, true))).toEqual([
      ['created', 'ZED', []],
      ['replaced', 'ALPHA', [8]],
      ['created', 'MID', []],
      ['deleted', 'STALE_A', [6]],
      ['deleted', 'STALE_B', [7]],
    ]);
    expect(summary(planEnvironment(wanted, current, false)).slice(3)).toEqual([
      ['kept', 'STALE_A', []],
      ['kept', 'STALE_B', []],
    ]);
  });

  it('matches names exactly, case included', () => {
    expect(summary(planEnvironment([desired('token')], [existing(1, 'TOKEN')], true))).toEqual([
      ['created', 'token', []],
      ['deleted', 'TOKEN', [1]],
    ]);
  });

  it('calls a left-over name public only when every copy is', () => {
    const plan = planEnvironment([], [existing(1, 'MIXED', true), existing(2, 'MIXED', false), existing(3, 'PUB', true)], false);
    expect(plan.map((change) => [change.name, change.public])).toEqual([
      ['MIXED', false],
      ['PUB', true],
    ]);
  });

  it('refuses a desired name given twice', () => {
    expect(() => planEnvironment([desired('TWICE'), desired('TWICE', true)], [], false)).toThrow(/`TWICE`/);
  });
});

describe('describePlan', () => {
  it('counts each action, in the order they are applied', () => {
    const plan = planEnvironment([desired('A'), desired('B'), desired('C')], [existing(1, 'C'), existing(2, 'D'), existing(3, 'D')], true);
    expect(describePlan(plan)).toBe('2 created, 1 replaced, 1 deleted');
    expect(describePlan(planEnvironment([desired('A')], [existing(1, 'K'), existing(2, 'L'), existing(3, 'M')], false))).toBe(
      '1 created, 3 kept',
    );
  });

  it('says so when there is nothing', () => {
    expect(describePlan([])).toBe('no variables');
  });
});

const names = fc.constantFrom('A', 'B', 'C', 'D', 'E', 'a', 'LONG_NAME', '_x');
const desiredList = fc
  .uniqueArray(fc.tuple(names, fc.boolean()), { selector: ([name]) => name, maxLength: 6 })
  .map((pairs) => pairs.map(([name, isPublic], index) => desired(name, isPublic, index + 1)));
const existingList = fc
  .uniqueArray(fc.tuple(fc.integer({ min: 1, max: 1000 }), names, fc.boolean()), { selector: ([pk]) => pk, maxLength: 10 })
  .map((rows) => rows.map(([pk, name, isPublic]) => existing(pk, name, isPublic)));

describe('planEnvironment properties', () => {
  it('does not depend on the order the API listed the variables in', () => {
    fc.assert(
      fc.property(desiredList, existingList, fc.boolean(), fc.func(fc.integer()), (wanted, current, prune, key) => {
        const shuffled = [...current].sort((a, b) => key(a.pk) - key(b.pk) || a.pk - b.pk);
        expect(planEnvironment(wanted, shuffled, prune)).toEqual(planEnvironment(wanted, current, prune));
      }),
    );
  });

  it('creates each desired variable once and accounts for every existing pk', () => {
    fc.assert(
      fc.property(desiredList, existingList, fc.boolean(), (wanted, current, prune) => {
        const plan = planEnvironment(wanted, current, prune);
        expect(plan.filter((change) => change.create !== undefined).map((change) => change.create)).toEqual(wanted);

        const wantedNames = new Set(wanted.map((variable) => variable.name));
        const deleted = plan.flatMap((change) => change.deletePks).sort((a, b) => a - b);
        const expected = current
          .filter((variable) => prune || wantedNames.has(variable.name))
          .map((variable) => variable.pk)
          .sort((a, b) => a - b);
        expect(deleted).toEqual(expected);

        if (!prune) expect(plan.some((change) => change.action === 'deleted')).toBe(false);
        // Applying in order: creates and replaces (phase 0), then deletions (1), then kept (2).
        const phases = plan.map((change) => ({ created: 0, replaced: 0, deleted: 1, kept: 2 })[change.action]);
        expect(phases).toEqual([...phases].sort((a, b) => a - b));
      }),
    );
  });
});
