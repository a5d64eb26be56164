// Issue 30, item 8, in-process: redirect targets a browser reads as a script or another host,
// `export` writing through a symbolic link, and `--json` carrying terminal controls. Through dist/
// (the "Done when" items): test/e2e/hostile-files.test.ts.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigFileError, parseConfigFile } from '../src/operations/shared/project-file/file.ts';
import { UnsafePathError, writeWithoutLinks } from '../src/operations/export/safe-write.ts';
import { inertJson } from '../src/util/untrusted-text.ts';

async function problems(text: string): Promise<string[]> {
  try {
    await parseConfigFile('cfg.yml', text, ['acme'], { edition: 'unknown' });
  } catch (error) {
    if (error instanceof ConfigFileError) return error.problems.map((p) => `${p.line} ${p.path}: ${p.message}`);
    throw error;
  }
  return [];
}

describe('redirect targets as a browser reads them', () => {
  it('refuses a script hidden by a tab or a NUL, and another host behind `//`, `/\\` or `\\\\`, each at its line', async () => {
    const targets = [
      'java\\tscript:alert(1)',
      '\\u0000javascript:alert(1)',
      '//evil.example/',
      '/\\\\evil.example/',
      '\\\\\\\\evil.example/',
      '\\\\/evil.example',
      'JaVa\\nScRiPt:alert(1)',
      '/docs\\\\guide/',
      '/ok\\u0085',
    ];
    const text = ['redirects:', ...targets.map((to, i) => `  - {type: page, from: /p${i}, to: "${to}"}`)].join('\n');
    const found = await problems(text);
    const control =
      'holds a control character (a tab, a line break, NUL…): a browser drops or stops at them, so it would go elsewhere than written';
    const host =
      'a browser reads a target that starts with `//` (or `/\\`, `\\\\`: it takes `\\` for `/`) as another host: write `https://host/…` for another site, or one `/` for a path on this one';
    expect(found).toEqual([
      `2 redirects[0].to: ${control}`,
      `3 redirects[1].to: ${control}`,
      `4 redirects[2].to: ${host}`,
      `5 redirects[3].to: ${host}`,
      `6 redirects[4].to: ${host}`,
      `7 redirects[5].to: ${host}`,
      `8 redirects[6].to: ${control}`,
      '9 redirects[7].to: a browser reads `\\` as `/`: write `/`',
      `10 redirects[8].to: ${control}`,
    ]);
  });

  it('still takes paths and http(s) URLs', async () => {
    expect(
      await problems(
        'redirects:\n  - {type: page, from: /a, to: /b/c.html}\n  - {type: exact, from: /x/*, to: "https://example.org/:splat"}\n  - {type: page, from: /c, to: guide/intro.html}\n',
      ),
    ).toEqual([]);
  });
});

describe('writeWithoutLinks (export)', () => {
  const setup = () => {
    const root = mkdtempSync(join(tmpdir(), 'rtd-safe-write-'));
    const workspace = join(root, 'workspace');
    const outside = join(root, 'outside');
    mkdirSync(workspace);
    mkdirSync(outside);
    return { workspace, outside };
  };

  it('refuses a symbolic `.github` and writes nothing where it points, with or without overwrite', async () => {
    const { workspace, outside } = setup();
    symlinkSync(outside, join(workspace, '.github'));
    for (const overwrite of [false, true]) {
      await expect(writeWithoutLinks(workspace, join(workspace, '.github/project.yml'), 'x', overwrite)).rejects.toThrow(
        new UnsafePathError('.github is a symbolic link: export writes nothing through one (it could point out of the workspace)'),
      );
    }
    expect(readdirSync(outside)).toEqual([]);
  });

  it('refuses the file itself as a link (even dangling), and a link deeper down', async () => {
    const { workspace, outside } = setup();
    mkdirSync(join(workspace, '.github'));
    symlinkSync(join(outside, 'target.yml'), join(workspace, '.github/project.yml'));
    await expect(writeWithoutLinks(workspace, join(workspace, '.github/project.yml'), 'x', true)).rejects.toThrow(UnsafePathError);
    symlinkSync(outside, join(workspace, '.github/deeper'));
    await expect(writeWithoutLinks(workspace, join(workspace, '.github/deeper/new/p.yml'), 'x', false)).rejects.toThrow(UnsafePathError);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('makes the folders, writes once, leaves an existing file unless told to replace it', async () => {
    const { workspace } = setup();
    const file = join(workspace, 'a/b/project.yml');
    expect(await writeWithoutLinks(workspace, file, 'one', false)).toBe(true);
    expect(await writeWithoutLinks(workspace, file, 'two', false)).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe('one');
    expect(await writeWithoutLinks(workspace, file, 'three', true)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('three');
    writeFileSync(join(workspace, 'plain'), '');
    await expect(writeWithoutLinks(workspace, join(workspace, 'plain/p.yml'), 'x', false)).rejects.toThrow('plain is not a folder');
  });
});

describe('the JSON outputs and --json (inertJson)', () => {
  it('escape C1 (NEL included), DEL, bidi controls and separators, and parse to the same value', () => {
    const value = [{ reason: 'a\u009b31mb\u007fc\u202eevil\u2066d\u2028e\u200ff\u061c\u0085g\u001b]8;;x\u0007', project: 'plain ü ✓' }];
    const json = inertJson(value);
    expect(json).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
    expect(json).toContain('\\u009b');
    expect(JSON.parse(json)).toEqual(value);
  });
});
