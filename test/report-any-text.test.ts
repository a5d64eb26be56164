// The report survives any text: the Markdown helpers and the summary on input far longer than the
// service sends, built to hit the limits of the engine (a spread of 150,000 backtick runs into
// Math.max threw "Maximum call stack size exceeded" and lost the job summary).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newestBuildId } from '../src/operations/shared/builds/build-ids.js';
import { codeSpan, fencedCode } from '../src/reporting/markdown.js';
import { summaryMarkdown } from '../src/reporting/report.js';
import type { Build } from '../src/readthedocs/schemas.js';
import { ROOT } from '../harness/action-metadata.ts';

const RUNS = 300_000;
const backtickRuns = '`a'.repeat(RUNS);

describe('the Markdown helpers on 300,000 backtick runs', () => {
  it('fence a block with a fence longer than any run inside', () => {
    const withLongRun = `${backtickRuns}${'`'.repeat(7)}`;
    expect(fencedCode(backtickRuns).startsWith('```text\n`a`a')).toBe(true);
    expect(fencedCode(withLongRun).startsWith('````````text\n')).toBe(true);
    expect(fencedCode(withLongRun).startsWith('````````text\n')).toBe(true);
  });

  it('make a code span', () => {
    expect(codeSpan(backtickRuns).startsWith('`` `a`a')).toBe(true);
  });
});

describe('the summary', () => {
  it('holds a reason of 300,000 backtick runs and 300,000 sections', () => {
    const sections = Array.from({ length: RUNS }, (_, index) => `s${index}`);
    const markdown = summaryMarkdown(
      'Read the Docs: build',
      [{ project: 'demo', outcome: 'failed', title: 'Build failed', reason: backtickRuns, summarySections: sections }],
      ['the step'],
    );
    expect(markdown).toContain('### Build failed: demo');
  });
});

describe('build ids', () => {
  it('finds the newest of 300,000 builds', () => {
    const builds = Array.from({ length: RUNS }, (_, index) => ({ id: index + 1 }) as Build);
    expect(newestBuildId(builds)).toBe(RUNS);
    expect(newestBuildId([])).toBe(0);
  });
});

/** Every .ts file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

// A spread in a call's arguments, `f(...xs)` or `f(a, ...xs)`: each element becomes an argument on
// the stack, and a long enough array (a page of items, the runs of a text) throws a RangeError. The
// arguments before the spread hold no bracket, so object and array literals (`f({ ...o })`) do not count,
// nor does a typed rest parameter (`(...args: never[]) => …`).
const SPREAD_ARGUMENT = /[\w$)\]]\s*\(\s*(?:[^(){}[\]]*,\s*)?\.\.\.(?!\s*\])(?![\w$]+\??\s*:)/g;

describe('the sources', () => {
  it('spread no array into the arguments of a call: a loop holds any length', () => {
    const found: string[] = [];
    for (const file of sources(join(ROOT, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(SPREAD_ARGUMENT)) {
        const line = text.slice(0, match.index).split('\n').length;
        found.push(`${relative(ROOT, file)}:${line}: ${text.split('\n')[line - 1]!.trim()}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('the check finds what it is meant to find', () => {
    const finds = (code: string) => [...code.matchAll(SPREAD_ARGUMENT)].length;
    expect(finds('Math.max(0, ...runs)')).toBe(1);
    expect(finds('items.push(...page.results)')).toBe(1);
    expect(finds('lines.push(\n  ...sections.flatMap((s) => s),\n)')).toBe(1);
    expect(finds("lines.push('', ...more)")).toBe(1);
    expect(finds('f({ ...options, a })')).toBe(0);
    expect(finds('f(a, { b, ...rest })')).toBe(0);
    expect(finds('new Set([...a, ...b])')).toBe(0);
    expect(finds('const copy = { ...result };')).toBe(0);
  });
});
