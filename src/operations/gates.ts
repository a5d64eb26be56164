/**
 * Whether a gate turns a project red, decided in one place for every gate (`link-check`,
 * `link-check-anchors`, `redirect-check`, `warnings`): a finding fails the project only at `fail`
 * (`failsAt`), and a gate that has such findings fails it in its own words (`gateFailure`). Each
 * gate's function (`linkGate`, `redirectGate`, `warningsGate`) goes through both, and every
 * reporter says what it returned: the annotation's title and reason, and the short `words` of the
 * verdict ("broken links: 3 to pages, 2 to anchors") on the commit status, the deployment, the
 * comment, the job summary and the terminal.
 */

/** A gate's input: `off` does not look, `warn` tells what it found, `fail` turns the project red on it. */
export type GateLevel = 'off' | 'warn' | 'fail';

/** Whether a finding at `level` fails its project: only at `fail`. */
export function failsAt(level: GateLevel): boolean {
  return level === 'fail';
}

/**
 * A gate's verdict: with `failing` findings (those at a level that {@link failsAt}), the project
 * is red with what `say` gives (its title, subject, reason and words); with none, undefined.
 */
export function gateFailure(failing: number, say: () => Omit<GateFailure, 'outcome'>): GateFailure | undefined {
  return failing > 0 ? { outcome: 'failed', ...say() } : undefined;
}

/** A gate's failure: the project's outcome, its annotation title and reason, and the verdict's words. */
export interface GateFailure {
  outcome: 'failed';
  title: string;
  subject: string;
  reason: string;
  /** What failed and how many, lower case: `broken links: 3 to pages, 2 to anchors`, `2 new warnings`. */
  words: string;
}

/** The words of the gates that failed, as one sentence: `Broken links: 3 pages; 2 new warnings`. */
export function gateWords(words: readonly string[]): string {
  const joined = words.join('; ');
  return `${joined.charAt(0).toUpperCase()}${joined.slice(1)}`;
}
