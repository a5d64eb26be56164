// `npm run lint` (Biome, biome.json) is strict where it matters: probe files with one defect each
// must fail it, and a clean probe must pass it, so that a failure here is the defect's and not the
// harness's. The probes live in a temporary folder outside the repository, which holds a copy of
// biome.json and .gitignore and the probes at the paths they stand for (src/util/…), so that the
// same configuration, its per-folder rules included, applies to them; nothing is written into the
// tree. The script's full report runs twice on the probes, at once: over the clean probe alone,
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
  const body = 'export const value = [a];\n';
  let probes: {
    basic: Record<string, string>;
    defects: Record<string, string>;
    util: Record<string, string>;
    service: Record<string, string>;
    inputs: Record<string, string>;
    reporting: Record<string, string>;
    domain: Record<string, string>;
    operation: Record<string, string>;
    sharedFolder: Record<string, string>;
    githubApi: Record<string, string>;
    apart: Record<string, Record<string, string>>;
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
      util: probeFolder('src/util', {
        'operations.ts': `import { a } from '../../operations/types.js';\n\n${body}`,
        'service.ts': `import { a } from '../../readthedocs/errors.js';\n\n${body}`,
        'github.ts': `import type { a } from '../../github/api/client.js';\n\nexport type Value = a;\n`,
        'inputs.ts': `import { a } from '../../inputs/inputs.js';\n\n${body}`,
        'reporting.ts': `import { a } from '../../reporting/report.js';\n\n${body}`,
        'package.ts': `import { a } from '@actions/github';\n\n${body}`,
        'sibling.ts': `import { a } from '../abort.js';\n\n${body}`,
      }),
      service: probeFolder('src/readthedocs', {
        'operations.ts': `import { a } from '../../operations/build.js';\n\n${body}`,
        'github.ts': `import { a } from '../../github/api/client.js';\n\n${body}`,
        'util.ts': `import { a } from '../../util/abort.js';\n\n${body}`,
      }),
      inputs: probeFolder('src/inputs', {
        'operations.ts': `import { a } from '../../operations/build.js';\n\n${body}`,
        'operations-type.ts': `import type { a } from '../../operations/types.js';\n\nexport type Value = a;\n`,
        'sibling.ts': `import { a } from '../env-variables.js';\n\n${body}`,
      }),
      reporting: probeFolder('src/reporting', {
        'operations.ts': `import type { a } from '../../operations/types.js';\n\nexport type Value = a;\n`,
        'sibling.ts': `import { a } from '../markdown.js';\n\n${body}`,
        'core.ts': `import { a } from '@actions/core';\n\n${body}`,
        'port.ts': `import type { a } from '../../runner/port.js';\n\nexport type Value = a;\n`,
      }),
      domain: probeFolder('src/domain', {
        'reporting.ts': `import { a } from '../../reporting/report.js';\n\n${body}`,
        'util.ts': `import { a } from '../../util/abort.js';\n\n${body}`,
      }),
      // A probe folder under src/operations is an operation's folder like any other.
      operation: probeFolder('src/operations', {
        'sibling-operation.ts': `import { a } from '../build-version/build.js';\n\n${body}`,
        'shared.ts': `import { a } from '../shared/builds/trigger.js';\n\n${body}`,
        'registry-types.ts': `import type { a } from '../types.js';\n\nexport type Value = a;\n`,
        'layer-below.ts': `import { a } from '../../readthedocs/errors.js';\n\n${body}`,
        'sleep.ts': `import { sleep } from '../../util/abort.js';\n\nexport const value = [sleep];\n`,
        'octokit.ts': `import { createOctokit } from '../../github/api/client.js';\n\nexport const value = [createOctokit];\n`,
      }),
      // A folder under shared/ (as shared/project-file/) is shared like shared/ itself: it imports no operation.
      sharedFolder: probeFolder('src/operations/shared', {
        'operation.ts': `import { a } from '../../apply/apply.js';\n\n${body}`,
        'shared.ts': `import { a } from '../trigger.js';\n\n${body}`,
        'registry-types.ts': `import type { a } from '../../types.js';\n\nexport type Value = a;\n`,
        'layer-below.ts': `import { a } from '../../../readthedocs/errors.js';\n\n${body}`,
        'sleep.ts': `import { sleep } from '../../../util/abort.js';\n\nexport const value = [sleep];\n`,
      }),
      githubApi: probeFolder('src/github/api', {
        'operations.ts': `import { a } from '../../../operations/build.js';\n\n${body}`,
        'sibling.ts': `import { a } from '../client.js';\n\n${body}`,
      }),
      // test/ and scripts/ import each other nowhere: what both need lives in harness/.
      apart: {
        harness: probeFolder('harness', {
          'test.ts': `import { a } from '../../test/support/operation-context.ts';\n\n${body}`,
          'scripts.ts': `import { a } from '../../scripts/demo.ts';\n\n${body}`,
          'src.ts': `import { a } from '../../src/util/abort.js';\n\n${body}`,
        }),
        scripts: probeFolder('scripts', {
          'test.ts': `import { a } from '../../test/support/operation-context.ts';\n\n${body}`,
          'harness.ts': `import { a } from '../../harness/run-action.ts';\n\n${body}`,
        }),
        test: probeFolder('test/e2e', {
          'scripts.ts': `import { a } from '../../../scripts/demo/show.ts';\n\n${body}`,
          'harness.ts': `import { a } from '../../../harness/demo-scenario.ts';\n\n${body}`,
        }),
        testScripts: probeFolder('test/scripts', { 'scripts.ts': `import { a } from '../../../scripts/release/plan.ts';\n\n${body}` }),
      },
    };
    const { basic, defects, util, service, inputs, reporting, domain, operation, sharedFolder, githubApi, apart } = probes;
    [passed, failed, tree] = await Promise.all([
      lint([basic['clean.ts']!]),
      lint([
        basic['unused.ts']!,
        ...Object.values(defects),
        ...Object.values(util),
        ...Object.values(service),
        ...Object.values(inputs),
        ...Object.values(reporting),
        ...Object.values(domain),
        ...Object.values(operation),
        ...Object.values(sharedFolder),
        ...Object.values(githubApi),
        ...Object.values(apart).flatMap((folder) => Object.values(folder)),
      ]),
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

  it('keeps the layers pointing down: util, readthedocs, inputs, reporting and github/api (and domain) may not import from the layers above them, nor @actions/core', () => {
    const { util, service, inputs, reporting, githubApi } = probes;
    const run = failed;
    const restricted = ['lint/style/noRestrictedImports'];
    for (const name of ['operations.ts', 'service.ts', 'github.ts', 'inputs.ts', 'reporting.ts'])
      expect(findings(run.output, util[name]!), name).toEqual(restricted);
    for (const name of ['package.ts', 'sibling.ts']) expect(findings(run.output, util[name]!), name).toEqual([]);
    expect(findings(run.output, service['operations.ts']!)).toEqual(restricted);
    expect(findings(run.output, service['github.ts']!)).toEqual(restricted);
    expect(findings(run.output, service['util.ts']!)).toEqual([]);
    expect(findings(run.output, inputs['operations.ts']!)).toEqual(restricted);
    expect(findings(run.output, inputs['operations-type.ts']!)).toEqual(restricted);
    expect(findings(run.output, inputs['sibling.ts']!)).toEqual([]);
    expect(findings(run.output, reporting['operations.ts']!)).toEqual(restricted);
    expect(findings(run.output, reporting['sibling.ts']!)).toEqual([]);
    // Only the runner adapter (src/runner/actions.ts) talks to @actions/core; the rest goes through the port.
    expect(findings(run.output, reporting['core.ts']!)).toEqual(restricted);
    expect(findings(run.output, reporting['port.ts']!)).toEqual([]);
    expect(findings(run.output, githubApi['operations.ts']!)).toEqual(restricted);
    expect(findings(run.output, githubApi['sibling.ts']!)).toEqual([]);
    expect(findings(run.output, probes.domain['reporting.ts']!)).toEqual(restricted);
    expect(findings(run.output, probes.domain['util.ts']!)).toEqual([]);
  });

  it('keeps every operation folder to itself: no sibling operation, only shared/, the files of src/operations and the layers below; no sleep, no Octokit of its own', () => {
    const { operation } = probes;
    const restricted = ['lint/style/noRestrictedImports'];
    expect(findings(failed.output, operation['sibling-operation.ts']!)).toEqual(restricted);
    expect(findings(failed.output, operation['sleep.ts']!)).toEqual(restricted);
    // GitHub through the context's factory (ctx.github), never a client of the operation's own making.
    expect(findings(failed.output, operation['octokit.ts']!)).toEqual(restricted);
    for (const name of ['shared.ts', 'registry-types.ts', 'layer-below.ts'])
      expect(findings(failed.output, operation[name]!), name).toEqual([]);
  });

  it('keeps a folder under shared/ (shared/project-file/) shared: no operation, only shared/, the files of src/operations and the layers below; no sleep', () => {
    const { sharedFolder } = probes;
    const restricted = ['lint/style/noRestrictedImports'];
    expect(findings(failed.output, sharedFolder['operation.ts']!)).toEqual(restricted);
    expect(findings(failed.output, sharedFolder['sleep.ts']!)).toEqual(restricted);
    for (const name of ['shared.ts', 'registry-types.ts', 'layer-below.ts'])
      expect(findings(failed.output, sharedFolder[name]!), name).toEqual([]);
  });

  it('keeps test/ and scripts/ apart: neither imports the other, and harness/ (what both use) imports neither', () => {
    const { harness, scripts, test, testScripts } = probes.apart;
    const restricted = ['lint/style/noRestrictedImports'];
    expect(findings(failed.output, harness['test.ts']!)).toEqual(restricted);
    expect(findings(failed.output, harness['scripts.ts']!)).toEqual(restricted);
    expect(findings(failed.output, harness['src.ts']!)).toEqual([]);
    expect(findings(failed.output, scripts['test.ts']!)).toEqual(restricted);
    expect(findings(failed.output, scripts['harness.ts']!)).toEqual([]);
    expect(findings(failed.output, test['scripts.ts']!)).toEqual(restricted);
    expect(findings(failed.output, test['harness.ts']!)).toEqual([]);
    // test/scripts/ tests the scripts' own code (the release plan, the demo's terminal renderer).
    expect(findings(failed.output, testScripts['scripts.ts']!)).toEqual([]);
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
