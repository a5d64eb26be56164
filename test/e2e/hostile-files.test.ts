// Issue 30, item 8 ("Smaller"), through dist/ as the runner (and a terminal) runs it: `export` of
// 3000 tags ends (its `config` path holding `##[error]` prints as text), a symlinked `.github` is
// not written through (by the action, and by `export --force` on the command line), three hostile
// redirect targets are refused at their lines with no write, and `--json` carries no raw C1, DEL
// or bidi control. The rules themselves are tested in-process: test/version-policy-fit.test.ts,
// test/hostile-paths.test.ts, test/git-on-path.test.ts. Each test has its own stand-in, at once.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../harness/action-metadata.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { COMPILE_CACHE, runAction } from '../../harness/run-action.ts';
import { runnerCommands } from '../support/runner-commands.ts';

const TOKEN = 'rtd_secret_token_hostile_files';

async function withStandin(test: (standin: Standin) => Promise<void>): Promise<void> {
  const standin = await startStandin({ tokens: [TOKEN] });
  try {
    await test(standin);
  } finally {
    await standin.close();
  }
}

/** A workspace beside a folder outside it, in a fresh temporary folder. */
function folders(): { workspace: string; outside: string } {
  const root = mkdtempSync(join(tmpdir(), 'rtd-hostile-files-'));
  const workspace = join(root, 'workspace');
  const outside = join(root, 'outside');
  mkdirSync(workspace);
  mkdirSync(outside);
  return { workspace, outside };
}

const inputs = (standin: Standin, extra: Record<string, string>) => ({
  token: TOKEN,
  'base-url': standin.url,
  'rate-limit': '6000/1m',
  project: 'acme',
  ...extra,
});

/** `node dist/cli.js …args` in `cwd`, with only PATH and HOME of this process. */
function cli(args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH ?? '', HOME: cwd, READTHEDOCS_TOKEN: TOKEN, ...COMPILE_CACHE };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe.concurrent('hostile files and text (issue 30, item 8)', () => {
  it('export of 3000 tags ends with the policy that fits, and a `config` path holding `##[error]` prints as text', () =>
    withStandin(async (standin) => {
      // 1500 minors of two patches each, the 1000 newest all active, and pre-releases: the old fitting
      // tried every limit of `latest-patch` and then of `all`, each with four `prereleases`, each over every tag.
      const versions = [
        ...Array.from({ length: 3000 }, (_, i) => ({
          slug: `v${Math.floor(i / 200)}.${Math.floor(i / 2) % 100}.${i % 2}`,
          type: 'tag' as const,
          active: i >= 1000,
        })),
        { slug: 'v99.0.0rc1', type: 'tag' as const, active: true, hidden: true },
        { slug: 'v99.0.0rc2', type: 'tag' as const, active: true, hidden: true },
      ];
      standin.addProject({ slug: 'acme', versions });
      const { workspace } = folders();
      // The kill is a hang guard only (the old fitting took minutes, past its `timeout`): the assertions are on the outcome.
      const run = await runAction({
        inputs: inputs(standin, { operation: 'export', config: 'docs/##[error]forged.yml', timeout: '3m' }),
        env: { GITHUB_WORKSPACE: workspace },
        killAfterMs: 200_000,
      });

      expect(run.signal, run.stdout).toBeNull();
      expect(run.code, run.stdout).toBe(0);
      expect(run.outputs.config).toContain('version_policy:\n  active: all\n  newest-minors: 1000\n  prereleases: hidden\n');
      expect(run.outputs.config).not.toMatch(/^ {2}v\d/m);
      expect(readdirSync(join(workspace, 'docs'))).toEqual(['##[error]forged.yml']);
      expect(run.stdout).toContain('Wrote docs/##(error]forged.yml');
      expect(runnerCommands(run.stdout).filter((c) => c.command === 'error')).toEqual([]);
    }));

  it('a symlinked `.github` is not written through: by the action, nor by `export --force` on the command line', () =>
    withStandin(async (standin) => {
      standin.addProject({ slug: 'acme' });
      const { workspace, outside } = folders();
      symlinkSync(outside, join(workspace, '.github'));

      const run = await runAction({ inputs: inputs(standin, { operation: 'export' }), env: { GITHUB_WORKSPACE: workspace } });
      expect(run.code, run.stdout).toBe(1);
      expect(run.annotations).toContainEqual(
        expect.objectContaining({
          level: 'error',
          message: expect.stringContaining('.github is a symbolic link: export writes nothing through one'),
        }),
      );
      expect(run.outputs.config).toContain('settings:');
      expect(readdirSync(outside)).toEqual([]);

      const forced = await cli(['export', '--project', 'acme', '--force', '--base-url', standin.url, '--rate-limit', '600/1m'], workspace);
      expect(forced.code, forced.stdout).toBe(1);
      expect(forced.stdout).toContain('.github is a symbolic link');
      expect(readdirSync(outside)).toEqual([]);
    }));

  // Issue 39's 6: an absolute `config` path is refused like `..`, by the action and the command line.
  it('an absolute `config` path outside the workspace is refused before any request, nothing written there', () =>
    withStandin(async (standin) => {
      standin.addProject({ slug: 'acme' });
      const { workspace, outside } = folders();
      const target = join(outside, 'project.yml');

      const run = await runAction({
        inputs: inputs(standin, { operation: 'export', config: target }),
        env: { GITHUB_WORKSPACE: workspace },
      });
      expect(run.code, run.stdout).toBe(1);
      expect(run.annotations).toContainEqual(
        expect.objectContaining({
          level: 'error',
          title: 'Invalid input',
          message: expect.stringContaining('must stay inside the repository'),
        }),
      );
      const forced = await cli(['export', '--project', 'acme', '--force', '--config', target, '--base-url', standin.url], workspace);
      expect(forced.code, forced.stdout + forced.stderr).toBe(2);
      expect(forced.stdout + forced.stderr).toContain('must stay inside the repository');
      // Without --force too: the input's rule comes before export's own precheck, as a usage error, not a crash.
      const plain = await cli(['export', '--project', 'acme', '--config', target, '--base-url', standin.url], workspace);
      expect(plain.code, plain.stdout + plain.stderr).toBe(2);
      expect(plain.stderr).toMatch(/^error: .*must stay inside the repository/);
      expect(plain.stderr).not.toContain('    at ');
      expect(readdirSync(outside)).toEqual([]);
      expect(standin.requests).toEqual([]);
    }));

  it('three hostile redirect targets are refused at their lines, with no write', () =>
    withStandin(async (standin) => {
      standin.addProject({ slug: 'acme' });
      const { workspace } = folders();
      mkdirSync(join(workspace, '.github'));
      writeFileSync(
        join(workspace, '.github/readthedocs-project.yml'),
        [
          'redirects:',
          '  - {type: page, from: /a, to: "java\\tscript:alert(1)"}',
          '  - {type: page, from: /b, to: "//evil.example/"}',
          '  - {type: page, from: /c, to: "/\\\\evil.example/"}',
          '',
        ].join('\n'),
      );
      const run = await runAction({ inputs: inputs(standin, { operation: 'apply' }), env: { GITHUB_WORKSPACE: workspace } });

      expect(run.code, run.stdout).toBe(1);
      const refused = run.annotations.filter((a) => a.file === '.github/readthedocs-project.yml');
      expect(refused.map((a) => [a.line, a.message.split(':')[0]])).toEqual([
        [2, 'redirects[0].to'],
        [3, 'redirects[1].to'],
        [4, 'redirects[2].to'],
      ]);
      expect(standin.requests.filter((r) => r.method !== 'GET' && r.method !== 'HEAD')).toEqual([]);
    }));

  it('--json carries no raw C1, DEL or bidi control from the service, and parses', () =>
    withStandin(async (standin) => {
      standin.addProject({ slug: 'acme' });
      const hostile = 'owned\u009b2J\u007f \u202eexe.txt\u2066 \u200f\u2028end';
      standin.onTrigger('acme', 'latest', {
        durationMs: 300,
        outcome: 'failure',
        notifications: [{ id: 'build:failed', header: `Build ${hostile}`, body: `body ${hostile}`, type: 'error' }],
      });
      const run = await cli(
        ['build', '--project', 'acme', '--json', '--base-url', standin.url, '--poll-interval', '100ms'],
        folders().workspace,
      );

      expect(run.code, run.stderr).toBe(1);
      expect(run.stdout).not.toMatch(/[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
      const results = JSON.parse(run.stdout) as { reason?: string }[];
      expect(results[0]?.reason).toContain('\u202eexe.txt');
    }));
});
