import type { DesiredVariable } from '../../inputs/env-variables.js';

/** A variable as the API lists it: the value is write-only and never comes back. */
export interface ExistingVariable {
  pk: number;
  name: string;
  public: boolean;
}

export type EnvAction = 'created' | 'replaced' | 'deleted' | 'kept';

export interface PlannedChange {
  name: string;
  public: boolean;
  action: EnvAction;
  /** The variable to create: set for 'created' and 'replaced'. */
  create?: DesiredVariable;
  /** Every existing variable of this name to delete (the API allows duplicates); sorted ascending. */
  deletePks: number[];
}

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
export function planEnvironment(desired: DesiredVariable[], existing: ExistingVariable[], prune: boolean): PlannedChange[] {
  const existingByName = groupByName(existing);
  const desiredNames = new Set<string>();
  const plan: PlannedChange[] = [];

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
export function describePlan(plan: PlannedChange[]): string {
  const actions: EnvAction[] = ['created', 'replaced', 'deleted', 'kept'];
  const parts = actions
    .map((action) => ({ action, count: plan.filter((change) => change.action === action).length }))
    .filter(({ count }) => count > 0)
    .map(({ action, count }) => `${count} ${action}`);
  return parts.length === 0 ? 'no variables' : parts.join(', ');
}

function rank(action: EnvAction): number {
  // Array.prototype.sort is stable, so equal ranks keep the order built above.
  return action === 'created' || action === 'replaced' ? 0 : action === 'deleted' ? 1 : 2;
}

function groupByName(existing: ExistingVariable[]): Map<string, ExistingVariable[]> {
  const byName = new Map<string, ExistingVariable[]>();
  for (const variable of existing) {
    const copies = byName.get(variable.name);
    if (copies === undefined) byName.set(variable.name, [variable]);
    else copies.push(variable);
  }
  return byName;
}

function pksOf(copies: ExistingVariable[]): number[] {
  return [...new Set(copies.map((copy) => copy.pk))].sort((a, b) => a - b);
}

// Locale-independent, so the plan is the same on every runner.
function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
