// On a Node older than 24, `node dist/index.js` and the scripts say so in one line and exit 1 before
// anything else runs: no bundle dumped with a TypeError, no output, no request. First with the
// machine's own older Node, when it has one (found on PATH outside node_modules/.bin, as `which -a
// node` would); then with this Node 24 told it is older (`process.versions.node` redefined by an
// `--import` before the entry runs), which every machine can do.
import { execFile, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../harness/action-metadata.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { runnerEnv } from '../../harness/run-action.ts';

const TOKEN = 'node-version-token-0123456789';

/** The first `node` on PATH outside node_modules that is older than 24, with its version. */
function olderNode(): { path: string; version: string } | undefined {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter((dir) => dir !== '' && !dir.split(sep).includes('node_modules'));
  for (const dir of dirs) {
    const path = join(dir, 'node');
    try {
      accessSync(path, constants.X_OK);
    } catch {
      continue;
    }
    const version = spawnSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout?.trim() ?? '';
    if (Number.parseInt(version, 10) < 24) return { path, version };
  }
  return undefined;
}

/** An `--import` that makes this Node report `version` before the entry runs. */
const pretending = (version: string) => [
  '--import',
  `data:text/javascript,Object.defineProperty(process.versions,'node',{value:${JSON.stringify(version)}})`,
];

let standin: Standin;
let env: Record<string, string>;

beforeAll(async () => {
  standin = await startStandin({ tokens: [TOKEN] });
  standin.addProject({ slug: 'docs' });
  env = runnerEnv({ inputs: { token: TOKEN, 'base-url': standin.url, project: 'docs' } }, mkdtempSync(join(tmpdir(), 'rtd-node-')));
});
afterAll(async () => {
  await standin.close();
});

/** Runs `node args…` as the runner would (asynchronously: the stand-in answers from this process). */
function run(
  node: string,
  args: string[],
  inputs: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      node,
      args,
      { cwd: env.RUNNER_TEMP, env: { ...env, ...inputs }, encoding: 'utf8', timeout: 120_000 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
      },
    );
  });
}

const OLD = olderNode();
const NO_OLD_NODE = 'skipped: this machine has no node older than 24 on PATH (the next test pretends to be one)';
// Tests may print (Biome bans console in src/ only): vitest shows this line once, under the file's name.
if (OLD === undefined) console.warn(`test/e2e/node-version.test.ts: one test ${NO_OLD_NODE}`);

describe('on a Node older than 24', () => {
  it.skipIf(OLD === undefined)(
    `dist/index.js, run by the machine's own older node, prints one line and exits 1 before anything runs${OLD === undefined ? ` (${NO_OLD_NODE})` : ''}`,
    async () => {
      const { path, version } = OLD!;
      const result = await run(path, [join(ROOT, 'dist/index.js')]);
      expect(result.code, result.stderr).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        `readthedocs-action needs Node 24 or later, and this is Node ${version} (${path}). On GitHub, use a runner that runs node24 actions; locally, npm run local.\n`,
      );
      expect(standin.requests).toEqual([]);
    },
  );

  it('dist/index.js prints the same line on any Node below 24, and runs on 24', async () => {
    const refused = await run(process.execPath, [...pretending('23.11.0'), join(ROOT, 'dist/index.js')]);
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/^readthedocs-action needs Node 24 or later, and this is Node 23\.11\.0 \(.+\)\. [^\n]+\n$/);
    expect(standin.requests).toEqual([]);

    // 24.0.0 passes the check: the action runs (a build triggered without waiting for it).
    const ran = await run(process.execPath, [...pretending('24.0.0'), join(ROOT, 'dist/index.js')], { INPUT_WAIT: 'false' });
    expect(ran.code, ran.stdout + ran.stderr).toBe(0);
    expect(ran.stderr).toBe('');
    expect(standin.requests.some((r) => r.method === 'POST' && r.path === '/api/v3/projects/docs/versions/latest/builds/')).toBe(true);
  });

  it('dist/cli.js says it in one line with one way forward, npx -p node@24, and no argument repeated (issue 42)', async () => {
    const cli = join(ROOT, 'dist/cli.js');
    const before = standin.requests.length;
    const refused = await run(process.execPath, [
      ...pretending('20.19.0'),
      cli,
      'build',
      '--project',
      'docs',
      '--token',
      'secret-token-0123',
    ]);
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(
      `readthedocs-action needs Node 24 or later, and this is Node 20.19.0 (${process.execPath}). Run it with Node 24: npx -y -p node@24 node ${cli} …\n`,
    );
    expect(standin.requests.length).toBe(before);
  });

  it('a script says it in one line and exits 1 before it does anything', async () => {
    // The demo would otherwise start a stand-in and print its run.
    const result = await run(process.execPath, [...pretending('22.18.0'), join(ROOT, 'scripts/demo.ts')]);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^scripts\/demo\.ts needs Node 24 or later, and this is Node 22\.18\.0 \(.+\)\. Run it with the project's Node 24: npx node scripts\/demo\.ts \(npm run … uses it too\)\.\n$/,
    );
  });
});
