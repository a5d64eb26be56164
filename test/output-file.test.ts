// Where an output too large for the runner is kept whole (issue 39's 3): under the step's id, in
// a folder of its own, never through a symbolic link an earlier step left there.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { saveOutputFile } from '../src/runner/output-file.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'rtd-output-file-'));
  made.push(dir);
  return dir;
};

describe('saveOutputFile', () => {
  it('writes <dir>/readthedocs-action/<step>/<output>.json (config.yml), replacing an earlier one', () => {
    const dir = temp();
    expect(saveOutputFile(dir, 'docs', 'results', '[1]')).toBe(join(dir, 'readthedocs-action', 'docs', 'results.json'));
    expect(saveOutputFile(dir, 'docs', 'results', '[2]')).toBe(join(dir, 'readthedocs-action', 'docs', 'results.json'));
    expect(readFileSync(join(dir, 'readthedocs-action', 'docs', 'results.json'), 'utf8')).toBe('[2]');
    expect(saveOutputFile(dir, 'export', 'config', 'a: 1\n')).toBe(join(dir, 'readthedocs-action', 'export', 'config.yml'));
  });

  it('keeps a hostile step id inside its folder', () => {
    const dir = temp();
    expect(saveOutputFile(dir, '../../etc', 'results', '[]')).toBe(join(dir, 'readthedocs-action', '.._.._etc', 'results.json'));
    expect(saveOutputFile(dir, '..', 'results', '[]')).toBe(join(dir, 'readthedocs-action', 'step', 'results.json'));
  });

  it('writes nothing through a symbolic link: neither the file nor a folder on the way', () => {
    const dir = temp();
    const elsewhere = temp();
    writeFileSync(join(elsewhere, 'victim'), 'kept');
    mkdirSync(join(dir, 'readthedocs-action', 'docs'), { recursive: true });
    symlinkSync(join(elsewhere, 'victim'), join(dir, 'readthedocs-action', 'docs', 'results.json'));
    expect(saveOutputFile(dir, 'docs', 'results', '[]')).toBeUndefined();
    symlinkSync(elsewhere, join(dir, 'readthedocs-action', 'linked'));
    expect(saveOutputFile(dir, 'linked', 'results', '[]')).toBeUndefined();
    expect(readFileSync(join(elsewhere, 'victim'), 'utf8')).toBe('kept');
    expect(readdirSync(elsewhere)).toEqual(['victim']);
  });
});
