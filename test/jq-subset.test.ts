// The jq subset the documented filters are run with (test/support/jq-subset.ts): what it gives, what
// it refuses, and, where jq is installed, the same answers as jq for every kind of filter it takes.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { evaluateJq } from './support/jq-subset.ts';

const RESULTS = [
  { project: 'demo', outcome: 'success', docsUrl: 'https://demo.readthedocs.io/en/latest/', status: 'success', nested: { a: [1, 2] } },
  { project: 'demo-fr', outcome: 'failed', docsUrl: null, nested: { a: [] } },
];
const FILTERS = [
  '.[].outcome',
  '.[0].docsUrl',
  '.[1].docsUrl',
  '.[] | .project',
  '.[] | "\\(.project) \\(.outcome) \\(.status)"',
  '.[0].nested.a[]',
  '.[].nested | .a',
  '.',
];

/** `jq -r` on the machine, or undefined when it has none. */
function systemJq(filter: string, input: unknown): string | undefined {
  try {
    return execFileSync('jq', ['-r', filter], { input: JSON.stringify(input), encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
const HAVE_JQ = systemJq('.', 1) !== undefined;
if (!HAVE_JQ) console.log('test/jq-subset.test.ts: no jq on this machine, the comparison with it is skipped');

/** What `jq -r` prints for these values: strings raw, the rest as JSON (pretty, as jq does). */
const printed = (values: unknown[]) =>
  values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2))).join('\n');

describe('the jq subset of the docs', () => {
  it('walks paths, iterates, indexes and interpolates, telling the values it put in strings', () => {
    expect(evaluateJq('.[].outcome', RESULTS).values).toEqual(['success', 'failed']);
    expect(evaluateJq('.[5].outcome', RESULTS).values).toEqual([null]);
    const { values, interpolated } = evaluateJq('.[] | "\\(.project) \\(.status)"', RESULTS);
    expect(values).toEqual(['demo success', 'demo-fr null']);
    expect(interpolated).toEqual(['demo', 'success', 'demo-fr', null]);
    expect(evaluateJq('.[].details.status', RESULTS).values).toEqual([null, null]);
  });

  it('refuses what is outside it, naming the filter', () => {
    expect(() => evaluateJq('.[] | select(.outcome == "failed")', RESULTS)).toThrow(/outside the subset/);
    expect(() => evaluateJq('.[] | "\\(.project | length)"', RESULTS)).toThrow(/outside the subset/);
    expect(() => evaluateJq('.[0].project[]', RESULTS)).toThrow(/cannot iterate/);
  });

  it.skipIf(!HAVE_JQ)('prints what jq prints, for each kind of filter it takes (skipped without jq on the machine)', () => {
    for (const filter of FILTERS) expect(printed(evaluateJq(filter, RESULTS).values), filter).toBe(systemJq(filter, RESULTS)!.trimEnd());
  });
});
