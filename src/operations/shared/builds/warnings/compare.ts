/**
 * Which of a build's warnings are new (input `warnings`): a warning is old when its baseline has
 * one of the same key (same file, same message once line numbers, checkout paths and counts are
 * set aside), so a warning that moved a few lines is old; the same warning more times than the
 * baseline has it is new that many times. Pure and linear in the two lists.
 */
import type { FileProblem } from '../../../../domain/project-result.js';
import { asReported, type KeyedWarning, warningKey } from './parse.js';

/** What the comparison found: the new warnings, in the output's order, and how many of the baseline's are gone. */
export interface WarningsComparison {
  new: FileProblem[];
  fixed: number;
}

/**
 * `current` against `baseline`. Of several warnings of one key, those on a line the baseline has
 * one on are taken as the old ones first, then the first ones in order: the new ones are those
 * left (the last added, as a reader would guess).
 */
export function compareWarnings(current: readonly KeyedWarning[], baseline: readonly KeyedWarning[]): WarningsComparison {
  const left = new Map<string, { count: number; lines: Map<number, number> }>();
  for (const { key, problem } of baseline) {
    const entry = left.get(key) ?? { count: 0, lines: new Map<number, number>() };
    entry.count += 1;
    if (problem.line !== undefined) entry.lines.set(problem.line, (entry.lines.get(problem.line) ?? 0) + 1);
    left.set(key, entry);
  }
  const old = new Array<boolean>(current.length).fill(false);
  // First the warnings still on a line the baseline has one of their key on.
  current.forEach(({ key, problem }, index) => {
    const entry = left.get(key);
    const onLine = problem.line === undefined ? 0 : (entry?.lines.get(problem.line) ?? 0);
    if (entry === undefined || entry.count === 0 || onLine === 0) return;
    entry.lines.set(problem.line!, onLine - 1);
    entry.count -= 1;
    old[index] = true;
  });
  // Then the others of a key the baseline still has some of, in order.
  const fresh: FileProblem[] = [];
  current.forEach(({ key, problem }, index) => {
    if (old[index]) return;
    const entry = left.get(key);
    if (entry !== undefined && entry.count > 0) entry.count -= 1;
    else fresh.push({ ...problem, new: true });
  });
  let fixed = 0;
  for (const entry of left.values()) fixed += entry.count;
  return { new: fresh, fixed };
}

/**
 * A test of the failure path's problems (parsed from the same output): whether each is one of
 * `fresh`, the new warnings, matched by key and line as the reports keep them. Each new warning
 * answers once: call it anew for each list.
 */
export function newMarker(fresh: readonly FileProblem[]): (problem: FileProblem) => boolean {
  const left = new Map<string, number>();
  const keyOf = (problem: FileProblem) => `${warningKey(problem)}\u0000${problem.line ?? ''}`;
  for (const problem of fresh) left.set(keyOf(problem), (left.get(keyOf(problem)) ?? 0) + 1);
  return (problem) => {
    const key = keyOf(asReported(problem));
    const count = left.get(key) ?? 0;
    if (count > 0) left.set(key, count - 1);
    return count > 0;
  };
}
