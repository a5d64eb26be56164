// The package as people install it (issue 35): `npm pack` of the checkout holds dist/ and nothing of
// the tests, harness or scripts, depends on nothing to download, and its command runs through
// `npx --package <tarball>` from an empty folder with the registry unreachable. Needs dist/
// (`npm run build` first) and npm on PATH.
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../../harness/action-metadata.ts';
import { ACTION_VERSION } from '../../src/version.ts';
import { startStandin } from '../../harness/rtd-standin.ts';

/** What `--version` prints: package.json's version at a release, `-dev` before it (test/scripts/release.test.ts, issue 49). */
const VERSION = ACTION_VERSION;

let work: string;
let tarball: string;
let files: string[];
/** npm run by this Node (24), offline, with a cache and a HOME of its own, the registry pointed at a closed port. */
let npmEnv: Record<string, string>;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'rtd-pack-'));
  npmEnv = {
    PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`,
    HOME: join(work, 'home'),
    npm_config_cache: join(work, 'cache'),
    npm_config_offline: 'true',
    npm_config_registry: 'http://127.0.0.1:9/',
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  };
  mkdirSync(npmEnv.HOME!);
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: ROOT, env: npmEnv, encoding: 'utf8' }),
  ) as { filename: string; files: { path: string }[] }[];
  tarball = join(work, packed[0]!.filename);
  files = packed[0]!.files.map((file) => file.path);
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the npm package (issue 35)', () => {
  it('holds dist/, the licence, the README and package.json, and nothing of test/, harness/, scripts/ or src/', () => {
    expect(files).toContain('dist/cli.js');
    expect(files).toContain('dist/index.js');
    expect(files).toContain('dist/action/index.js');
    expect(files).toContain('LICENSE');
    expect(files).toContain('README.md');
    expect(files.filter((file) => !/^(?:dist\/|LICENSE$|README\.md$|package\.json$)/.test(file))).toEqual([]);
  });

  it('depends on nothing at run time: dist/ bundles every package', () => {
    const manifest = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' })) as Record<
      string,
      unknown
    >;
    expect(manifest.private).toBeUndefined();
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.optionalDependencies ?? {}).toEqual({});
    expect(manifest.peerDependencies ?? {}).toEqual({});
    expect(manifest.bin).toEqual({ 'readthedocs-action': 'dist/cli.js' });
    expect(manifest.engines).toEqual({ node: '>=24' });
    // The bundled packages are devDependencies now: their licences are still listed.
    const licenses = execFileSync('tar', ['-xzOf', tarball, 'package/dist/licenses.txt'], { encoding: 'utf8' });
    for (const name of ['@actions/core', '@actions/github', 'bottleneck', 'undici', 'yaml', 'zod'])
      expect(`\n${licenses}`).toContain(`\n${name}\n`);
  });

  it('runs from an empty folder with no network: `--version` prints the version, `--help` the operations', () => {
    const folder = join(work, 'empty');
    mkdirSync(folder);
    const npx = (...args: string[]) =>
      execFileSync('npx', ['--yes', '--package', tarball, 'readthedocs-action', ...args], { cwd: folder, env: npmEnv, encoding: 'utf8' });
    expect(npx('--version')).toBe(`${VERSION}\n`);
    expect(execFileSync(process.execPath, [join(ROOT, 'dist', 'cli.js'), '--version'], { encoding: 'utf8' })).toBe(`${VERSION}\n`);
    expect(npx('--help')).toContain('Usage: readthedocs-action <operation>');
  });
});

describe('docs/gitlab.md’s first recipe, as written (issue 42)', () => {
  /** The first ```yaml block of the page, parsed: the job `docs`. */
  function recipe(): { variables: Record<string, string>; script: string[] } {
    const page = readFileSync(join(ROOT, 'docs', 'gitlab.md'), 'utf8');
    const block = /```yaml\n([\s\S]*?)```/.exec(page)![1]!;
    return (parse(block) as { docs: { variables: Record<string, string>; script: string[] } }).docs;
  }

  it('one variable says what runs, the tarball of a commit until the package is on npm', () => {
    const { variables, script } = recipe();
    expect(Object.keys(variables)).toEqual(['RTD_PACKAGE']);
    expect(variables.RTD_PACKAGE).toMatch(
      /^https:\/\/github\.com\/readthedocs-action\/readthedocs-action\/archive\/<full-commit-sha>\.tar\.gz$/,
    );
    expect(script).toHaveLength(1);
    expect(script[0]).toMatch(/^npx -y --package "\$RTD_PACKAGE" readthedocs-action wait /);
  });

  it('every recipe runs before and after the first publication: npx through RTD_PACKAGE, a tarball or the first release', () => {
    const page = readFileSync(join(ROOT, 'docs', 'gitlab.md'), 'utf8');
    const blocks = [...page.matchAll(/```(?:yaml|groovy|sh)\n([\s\S]*?)```/g)].map((m) => m[1]!);
    const npx = blocks.flatMap((block) => block.split('\n').filter((line) => /^\s*(- )?npx /.test(line)));
    expect(npx.length).toBeGreaterThanOrEqual(5);
    for (const line of npx) expect(line).toMatch(/npx -y --package "\$RTD_PACKAGE" readthedocs-action (wait|export|apply) /);
    // The versions named: the first release (1.0.0) or the placeholder, never one that will not exist.
    expect(new Set(page.match(/readthedocs-action@[\w.<>-]+/g))).toEqual(
      new Set(['readthedocs-action@<version>', 'readthedocs-action@1.0.0']),
    );
  });

  it('its script line runs against the packed tarball (RTD_PACKAGE changed) and the stand-in, in a merged-results pipeline', async () => {
    const head = '7'.repeat(40);
    const standin = await startStandin({ tokens: ['gitlab-token'], rateLimit: null });
    try {
      standin.addProject({ slug: 'my-project', name: 'My Project' });
      standin.addBuild('my-project', 'latest', {
        durationMs: 1000,
        outcome: 'success',
        commit: head,
        commitFromStart: true,
        startedAgoMs: 60_000,
      });
      // The script line as written; the stand-in instead of app.readthedocs.org is the one option added.
      const line = `${recipe().script[0]!} --base-url ${standin.url}`;
      const folder = mkdtempSync(join(work, 'gitlab-'));
      const env = {
        ...npmEnv,
        RTD_PACKAGE: tarball,
        READTHEDOCS_TOKEN: 'gitlab-token',
        CI_PIPELINE_SOURCE: 'merge_request_event',
        CI_COMMIT_SHA: 'e'.repeat(40), // the merge commit GitLab made, never built
        CI_MERGE_REQUEST_SOURCE_BRANCH_SHA: head,
      };
      const run = await promisify(execFile)('sh', ['-c', line], { cwd: folder, env, encoding: 'utf8' });
      expect(run.stdout + run.stderr).toContain('✅ built');
      const looked = standin.requests.filter((request) => request.path.endsWith('/builds/')).map((request) => request.query.commit);
      expect(looked).toContain(head);
      expect(looked).not.toContain('e'.repeat(40));
    } finally {
      await standin.close();
    }
  });
});
