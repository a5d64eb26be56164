// The gates' one place (src/operations/gates.ts, issue 51): a finding fails its project only at
// `fail`, and a gate with such findings fails it in its own words. Every gate goes through it: no
// other file of src/ compares a level with 'fail', so a new gate cannot decide on its own.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failsAt, gateFailure } from '../src/operations/gates.ts';
import { redirectGate } from '../src/operations/preview/redirect-check.ts';
import { warningsGate } from '../src/operations/shared/builds/warnings/gate.ts';
import { failingLinks } from '../src/operations/shared/links/levels.ts';

const say = () => ({ title: 'T', subject: 'demo', reason: 'why', words: '1 thing' });

describe('the gates, decided in one place', () => {
  it('fails only at `fail`, and only with something found', () => {
    expect(failsAt('fail')).toBe(true);
    expect(failsAt('warn')).toBe(false);
    expect(failsAt('off')).toBe(false);
    expect(gateFailure(0, say)).toBeUndefined();
    expect(gateFailure(2, say)).toEqual({ outcome: 'failed', ...say() });
  });

  it('is what each gate goes through: links by kind, pages without a redirect, new warnings', () => {
    const broken = [
      { kind: 'page' as const, external: false },
      { kind: 'anchor' as const, external: false },
      { kind: 'page' as const, external: true },
    ];
    expect(failingLinks(broken, { links: 'fail', anchors: 'warn' })).toEqual([broken[0]]);
    expect(failingLinks(broken, { links: 'warn', anchors: 'fail' })).toEqual([broken[1]]);
    const pages = { pages: [{ entry: '- {type: page, from: /a.html, to:}' }], total: 1 } as Parameters<typeof redirectGate>[2];
    expect(redirectGate('warn', 'demo', pages)).toBeUndefined();
    expect(redirectGate('fail', 'demo', pages)?.words).toBe('1 page moved or removed without a redirect');
    const warnings = { new: [{ file: 'a.rst', line: 1, level: 'warning', message: 'x' }], baseline: { build: 1, version: 'latest' } };
    expect(warningsGate('demo', warnings as never, 'warn')).toBeUndefined();
    expect(warningsGate('demo', warnings as never, 'fail')?.words).toBe('1 new warning');
  });

  it("is the only file of src/ that compares a level with 'fail'", () => {
    const files = readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
    const deciding = files.filter((file) => /[!=]==? ?'fail'/.test(readFileSync(join('src', file), 'utf8')));
    expect(deciding).toEqual(['operations/gates.ts']);
  });
});
