// `npm run lint` (Biome, biome.json) is strict where it matters: probe files with one defect each
// must fail it, and a clean probe must pass it, so that a failure here is the defect's and not the
// harness's. The probes live in a temporary folder outside the repository, which holds a copy of
// biome.json and .gitignore and the probes at the paths they stand for (src/util/…), so that the
// same configuration applies to them; nothing is written into the tree. (The layers, which Biome
// no longer states, are test/layers.test.ts's.) The script's full report runs twice on the probes, at once: over the clean probe alone,
// and over every defective probe together (findings are read per file). And its quiet pass runs
// once over the repository itself, which must print nothing at all: no count, and no rule of
// biome.json reports at info level.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../harness/action-metadata.ts';

/** A stand-in for the repository root: biome.json and .gitignore, copied as they are. */
const root = mkdtempSync(join(tmpdir(), 'rtd-lint-'));
for (const file of ['biome.json', '.gitignore']) copyFileSync(join(ROOT, file), join(root, file));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

/** A folder under `parent` (a path of the repository, e.g. `src/util`) holding the given files. */
function probeFolder(parent: string, files: Record<string, string>): Record<string, string> {
  mkdirSync(join(root, parent), { recursive: true });
  const folder = mkdtempSync(join(root, parent, 'probe-'));
  const paths: Record<string, string> = {};
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(folder, name), text);
    paths[name] = relative(root, join(folder, name));
  }
  return paths;
}

/**
 * package.json's `lint:biome` script (the first half of `lint`, knip the second: test/knip.test.ts):
 * a quiet pass (Biome's GitHub reporter, silent on a clean tree), then, only when it fails, Biome's own report.
 */
const LINT_SCRIPT = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts[
  'lint:biome'
]!;
const [QUIET_PASS, FULL_REPORT] = LINT_SCRIPT.split(' || ') as [string, string];

/** Runs `command` (one of the lint script's, from node_modules/.bin, without npm's own start-up) with `args` in `cwd`. */
function run(command: string, args: string[], cwd: string): Promise<{ status: number | null; output: string }> {
  const [program, ...rest] = command.split(' ');
  return new Promise((resolve) => {
    execFile(
      join(ROOT, 'node_modules', '.bin', program!),
      [...rest, ...args],
      {
        cwd,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
        timeout: 180_000,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const status = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        resolve({ status, output: `${stdout}${stderr}` });
      },
    );
  });
}

/** The lint script's report (what a failing `npm run lint -- …` shows after its quiet pass) on `paths`, in the probes' root. */
const lint = (paths: string[]) => run(FULL_REPORT, ['--max-diagnostics=100', ...paths], root);

/** The rules (or `format`) Biome reported for one file. */
function findings(output: string, path: string): string[] {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...output.matchAll(new RegExp(`^${escaped}(?::\\d+:\\d+)? (lint/[a-zA-Z/]+|format)`, 'gm'))].map((match) => match[1]!);
}

describe('npm run lint', () => {
  const clean =
    'export async function answer(): Promise<number> {\n  return 42;\n}\n\nexport function use(): void {\n  void answer();\n}\n';
  let probes: {
    basic: Record<string, string>;
    defects: Record<string, string>;
  };
  let passed: { status: number | null; output: string };
  let failed: { status: number | null; output: string };
  let tree: { status: number | null; output: string };

  beforeAll(async () => {
    probes = {
      basic: probeFolder('src/util', {
        'clean.ts': clean,
        'unused.ts': 'export function f(): number {\n  const unused = 1;\n  return 2;\n}\n',
      }),
      defects: probeFolder('src/util', {
        'unformatted.ts': 'export const quoted = "double quotes";\n',
        'long.ts': `export const long = [${Array.from({ length: 40 }, (_, i) => `'item-${i}'`).join(', ')}];\n`,
        'unused-import.ts': "import { readFileSync } from 'node:fs';\n\nexport const n = 1;\n",
        'unused-parameter.ts': 'export function f(used: number, unused: number): number {\n  return used;\n}\n',
        'floating.ts': 'async function work(): Promise<number> {\n  return 1;\n}\n\nexport function start(): void {\n  work();\n}\n',
        'cycle-a.ts': "import { b } from './cycle-b.js';\n\nexport const a = (): number => b() + 1;\n",
        'cycle-b.ts': "import { a } from './cycle-a.js';\n\nexport const b = (): number => a() - 1;\n",
        // Type-only cycles count too (ignoreTypes: false): a type in the wrong file is a layering defect.
        'type-cycle-a.ts': "import type { B } from './type-cycle-b.js';\n\nexport interface A {\n  b?: B;\n}\n",
        'type-cycle-b.ts': "import type { A } from './type-cycle-a.js';\n\nexport interface B {\n  a?: A;\n}\n",
      }),
    };
    const { basic, defects } = probes;
    [passed, failed, tree] = await Promise.all([
      lint([basic['clean.ts']!]),
      lint([basic['unused.ts']!, ...Object.values(defects)]),
      run(QUIET_PASS, [], ROOT),
    ]);
  }, 200_000);

  it('passes a clean, formatted probe and fails one with an unused variable', () => {
    expect(passed.output).not.toMatch(/lint\/|format/);
    expect(passed.status, passed.output).toBe(0);
    expect(failed.status, failed.output).not.toBe(0);
    expect(findings(failed.output, probes.basic['unused.ts']!)).toEqual(['lint/correctness/noUnusedVariables']);
  });

  it('fails on unformatted lines, unused imports and parameters, floating promises and import cycles (type-only too)', () => {
    const files = probes.defects;
    const run = failed;
    expect(findings(run.output, files['unformatted.ts']!)).toEqual(['format']);
    expect(findings(run.output, files['long.ts']!)).toEqual(['format']);
    expect(findings(run.output, files['unused-import.ts']!)).toEqual(['lint/correctness/noUnusedImports']);
    expect(findings(run.output, files['unused-parameter.ts']!)).toEqual(['lint/correctness/noUnusedFunctionParameters']);
    expect(findings(run.output, files['floating.ts']!)).toEqual(['lint/nursery/noFloatingPromises']);
    expect(findings(run.output, files['cycle-a.ts']!)).toContain('lint/suspicious/noImportCycles');
    expect(findings(run.output, files['type-cycle-a.ts']!)).toEqual(['lint/suspicious/noImportCycles']);
  });

  it('prints nothing on the repository itself: no count, no info, no warning, no error', () => {
    expect(tree.status, tree.output).toBe(0);
    expect(tree.output).toBe('');
  });

  it('is one command that fails when the quiet pass fails, and only then prints the full report', () => {
    expect(LINT_SCRIPT).toBe(`${QUIET_PASS} || ${FULL_REPORT}`);
    expect(QUIET_PASS).toBe(`${FULL_REPORT} --reporter=github`);
  });
});
