// The terminal's command (issue 25): dist/cli.js run as a person or a CI job runs it, a child
// process with no GitHub runner around it, against the loopback stand-in. The operations are the
// action's (tested in-process in test/operations/); what is tested here is what the terminal adds:
// the command line, the exit codes, the output without workflow commands, `--json`, the token
// kept out of sight, `export` then `apply --dry-run` from a fresh folder, and `preview` given a
// pull request's GITHUB_* variables. What the command line refuses and each operation's help are
// values, tested in test/cli-args.test.ts. Each test has its own stand-in, and they run at once.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../harness/action-metadata.ts';
import { startGitHubStandin } from '../../harness/github-standin.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { COMPILE_CACHE, GITHUB_TOKEN } from '../../harness/run-action.ts';
import { OPERATIONS } from '../../src/inputs/operations.ts';
import { gitCheckout } from '../support/git-checkout.ts';

const TOKEN = 'rtd_cli_secret_token_0123456789';
const FILE = '.github/readthedocs-project.yml';
const PR = 7;
const HEAD = '3f2a9c1d5e7b4a6c8d0e2f4a6b8c0d2e4f6a8b0c';
const REPO = 'octo/docs-repo';

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node dist/cli.js …args` in `cwd` with only PATH and HOME from this process (and Node's
 * compile cache), plus `env`; `onOutput` sees everything printed so far, with the child (to signal it).
 */
function cli(
  args: string[],
  options: {
    cwd?: string;
    env?: Record<string, string>;
    /** Written to the child's standard input (closed without it). */
    stdin?: string;
    onOutput?: (printed: string, child: ChildProcess) => void;
  } = {},
): Promise<CliRun> {
  const cwd = options.cwd ?? mkdtempSync(join(tmpdir(), 'rtd-cli-'));
  const env = { PATH: process.env.PATH ?? '', HOME: cwd, ...COMPILE_CACHE, ...options.env };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.end(options.stdin ?? '');
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      options.onOutput?.(`${stdout}\n${stderr}`, child);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      options.onOutput?.(`${stdout}\n${stderr}`, child);
    });
    // A guard against a hang only: the tests assert on states, never on how long a run took.
    const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Nothing a runner or a terminal would act on: no workflow command, no escape sequence, no token. */
function expectPlainAndSecret(run: CliRun): void {
  for (const line of `${run.stdout}\n${run.stderr}`.split('\n')) {
    expect(line.trimStart().startsWith('::'), line).toBe(false);
    expect(line).not.toContain('\u001b');
  }
  expect(run.stdout).not.toContain(TOKEN);
  expect(run.stderr).not.toContain(TOKEN);
}

/** A stand-in of its own for each test (project `demo`), so that the tests, which wait on the child, run at once. */
async function withStandin(test: (standin: Standin) => Promise<void>): Promise<void> {
  const standin = await startStandin({ tokens: [TOKEN] });
  standin.addProject({ slug: 'demo', name: 'Demo Docs' });
  try {
    await test(standin);
  } finally {
    await standin.close();
  }
}

/** The stand-in's options every operation takes; `watching` adds the poll interval of those that watch a build. */
const service = (standin: Standin) => ['--base-url', standin.url, '--rate-limit', '600/1m'];
const watching = (standin: Standin) => [...service(standin), '--poll-interval', '200ms'];
const writes = (standin: Standin) => standin.requests.filter((request) => request.method !== 'GET' && request.method !== 'HEAD');

describe.concurrent('readthedocs-action (the terminal)', () => {
  it('--help exits 0 and names every operation (each operation’s options: test/cli-args.test.ts)', async () => {
    const help = await cli(['--help']);
    expect(help.code, help.stderr).toBe(0);
    for (const operation of OPERATIONS) expect(help.stdout).toMatch(new RegExp(`^  ${operation} `, 'm'));
  });

  it('build: exit 0 for a good build, and --json prints only the results, the first outcome success; the token from READTHEDOCS_TOKEN never shows', () =>
    withStandin(async (standin) => {
      standin.onTrigger('demo', 'latest', { durationMs: 400, outcome: 'success' });
      const run = await cli(['build', '--project', 'demo', '--json', ...watching(standin)], { env: { READTHEDOCS_TOKEN: TOKEN } });

      expect(run.code, run.stderr).toBe(0);
      const results = JSON.parse(run.stdout) as { project: string; outcome: string; buildId: number }[];
      expect(results[0]).toMatchObject({ project: 'demo', outcome: 'success', buildId: standin.builds('demo')[0]!.id });
      expect(run.stderr).toContain(`Build #${results[0]!.buildId} succeeded`);
      expect(standin.count('POST', /\/versions\/[^/]+\/builds\/$/)).toBe(1);
      expectPlainAndSecret(run);
    }));

  it('build: a good build prints its build URL once and its docs URL once, the docs last (issue 47)', () =>
    withStandin(async (standin) => {
      standin.onTrigger('demo', 'latest', { durationMs: 400, outcome: 'success' });
      const run = await cli(['build', '--project', 'demo', ...watching(standin)], { env: { READTHEDOCS_TOKEN: TOKEN } });

      expect(run.code, run.stderr).toBe(0);
      const build = `${standin.url}/projects/demo/builds/${standin.builds('demo')[0]!.id}/`;
      const docs = `${standin.url}/docs/demo/en/latest/`;
      expect(run.stdout.split(build)).toHaveLength(2);
      expect(run.stdout.split(docs)).toHaveLength(2);
      expect(run.stdout).toContain(`created: ${build}`);
      expect(run.stdout).toMatch(/^Build #\d+ succeeded in [^:]+$/m);
      expect(run.stdout.trimEnd().split('\n').slice(-2)).toEqual(['✅ Read the Docs build: demo built', `Docs of demo: ${docs}`]);
    }));

  it('build: exit 1 for a failing build with the reason shown, its failing output printed once; hostile output stays text', () =>
    withStandin(async (standin) => {
      standin.onTrigger('demo', 'latest', {
        durationMs: 400,
        outcome: 'failure',
        failingCommand: {
          command: 'python -m sphinx -T -W -b html docs $READTHEDOCS_OUTPUT/html',
          output: `Running Sphinx v8.1\n::error title=Forged::forged\n\u001b[2J\u001b]0;owned\u0007cleared\ndocs/index.rst:12: WARNING: toctree contains reference to nonexisting document "missing"`,
          exit_code: 1,
        },
      });
      const run = await cli(['build', '--project', 'demo', '--token', TOKEN, ...watching(standin)]);

      expect(run.code, run.stdout).toBe(1);
      // The project named once (the annotation's title names it); the reason the log said just
      // before is not said again on the error line (issue 42).
      expect(run.stdout).toMatch(/^demo latest: build #\d+ failed/m);
      expect(run.stdout).toMatch(/^error: Build failed: demo latest$/m);
      expect(run.stdout).not.toContain('demo latest: demo latest');
      expect(run.stdout).toContain('python -m sphinx');
      // Each fact once: the build's log showed the failed command's output; the reason, the error
      // line and the summary do not print it again (it was four times).
      expect(run.stdout.split('Running Sphinx v8.1').length - 1, run.stdout).toBe(1);
      expect(run.stdout).not.toContain('Last lines of its output');
      // No empty heading where the summary's chart was.
      expect(run.stdout).not.toContain('Where the time went');
      expect(run.stdout).toMatch(/^docs\/index.rst:12: warning: toctree contains reference .* \(Sphinx warning: demo\)$/m);
      expect(run.stdout).toContain('forged'); // shown, as text
      expectPlainAndSecret(run);
    }));

  it('an unknown project, a private one, a wait that finds no build: the reason once, with the slug and what to do in one line (issue 42)', () =>
    withStandin(async (standin) => {
      standin.addProject({ slug: 'hidden-docs', name: 'Hidden', privacy: 'private' });
      const unknown = await cli(['build', '--project', 'nope', '--token', TOKEN, ...watching(standin)]);
      expect(unknown.code, unknown.stdout).toBe(1);
      const reasonLines = unknown.stdout.split('\n').filter((line) => line.includes('not found (404'));
      expect(reasonLines).toHaveLength(1);
      expect(reasonLines[0]).toContain('GET projects/nope/: not found (404');
      expect(reasonLines[0]).toContain("Check the slug `nope` in the project's URL on Read the Docs, that the token can see it");
      expect(unknown.stdout).toMatch(/^error: Not found: nope$/m);
      expect(unknown.stdout).not.toContain('{project}');

      // The service lists no builds (200, count 0) under these: the empty first look asks the project
      // once, and its 404 ends the wait at once instead of at the timeout.
      for (const [project, env] of [
        ['hidden-docs', {}],
        ['nope', { READTHEDOCS_TOKEN: TOKEN }],
      ] as const) {
        // Without a token, the service's anonymous rate limit (the action's own default budget).
        const options = 'READTHEDOCS_TOKEN' in env ? watching(standin) : ['--base-url', standin.url, '--poll-interval', '200ms'];
        const run = await cli(['wait', '--project', project, '--commit', '1'.repeat(40), '--timeout', '1m', ...options], { env });
        expect(run.code, run.stdout).toBe(1);
        const lines = run.stdout.split('\n').filter((line) => line.includes(`no build of ${'1'.repeat(40)} is listed`));
        expect(lines, run.stdout).toHaveLength(1);
        expect(lines[0]).toContain(`Check the slug \`${project}\` in the project's URL on Read the Docs, that the token can see it`);
        expect(run.stdout).toMatch(new RegExp(`^error: Not found: ${project}$`, 'm'));
        expect(standin.count('GET', new RegExp(`^/api/v3/projects/${project}/builds/$`))).toBe(1);
      }
    }));

  it('a known project that lists no build of the commit: waited for until the timeout, the reason once with the slug (issue 42)', () =>
    withStandin(async (standin) => {
      const none = await cli(['wait', '--project', 'demo', '--commit', '1'.repeat(40), '--timeout', '1s', ...watching(standin)], {
        env: { READTHEDOCS_TOKEN: TOKEN },
      });
      expect(none.code, none.stdout).toBe(1);
      const lines = none.stdout.split('\n').filter((line) => line.includes(`No build of commit ${'1'.repeat(40)} appeared`));
      expect(lines, none.stdout).toHaveLength(1);
      expect(lines[0]).toContain("Check the slug `demo` in the project's URL on Read the Docs, that the token can see it");
      // The terminal's words: the option, not the action's input.
      expect(lines[0]).toContain('(`--timeout`)');
      expect(none.stdout).toMatch(/^error: Timed out: demo$/m);
    }));

  it('`… | head -3`: a reader that leaves early is no failure, the exit follows the outcome (issue 42)', () =>
    withStandin(async (standin) => {
      standin.onTrigger('demo', 'latest', { durationMs: 400, outcome: 'success' });
      let closed = false;
      const run = await cli(['build', '--project', 'demo', '--token', TOKEN, ...watching(standin)], {
        onOutput: (_printed, child) => {
          // The first line read, the pipe closed, as `head -1` does.
          if (!closed) child.stdout?.destroy();
          closed = true;
        },
      });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(standin.builds('demo')[0]).toMatchObject({ state: 'finished' });
    }));

  it('exit 2 for bad usage, on stderr in the command line’s words, before any request', () =>
    withStandin(async (standin) => {
      // Each its own process, all at once; none of them sends a request. An unknown option's
      // message: test/cli-args.test.ts.
      const folder = mkdtempSync(join(tmpdir(), 'rtd-cli-no-git-'));
      const [timeout, negative, noToken, dryRun, noCommit, preview, noOperation, emptyOperation] = await Promise.all([
        cli(['build', '--project', 'demo', '--token', TOKEN, '--timeout', 'ten minutes', ...service(standin)]),
        cli(['build', '--project', 'demo', '--token', TOKEN, '--timeout', '-5', ...service(standin)]),
        cli(['build', '--project', 'demo', ...service(standin)]),
        cli(['build', '--project', 'demo', '--token', TOKEN, '--dry-run', ...service(standin)]),
        cli(['wait', '--project', 'demo', '--token', TOKEN, ...service(standin)], { cwd: folder }),
        cli(['preview', '--project', 'demo', ...service(standin)]),
        // Issue 49: options but no operation (an empty `$OP` in a CI job) printed the help and exited 0.
        cli(['--project', 'acme-docs', ...service(standin)], { env: { READTHEDOCS_TOKEN: TOKEN } }),
        cli(['', '--project', 'acme-docs', ...service(standin)], { env: { READTHEDOCS_TOKEN: TOKEN } }),
      ]);
      for (const run of [timeout, negative, noToken, dryRun, noCommit, preview, noOperation, emptyOperation]) {
        expect(run.code, run.stderr).toBe(2);
        expect(run.stdout).toBe('');
        expect(run.stderr).not.toContain('Input `');
      }
      expect(timeout.stderr).toContain('`--timeout`: `ten minutes` is not a duration');
      expect(negative.stderr).toContain('option `--timeout` needs a value');
      expect(noToken.stderr).toContain('`build` needs a Read the Docs API token: set READTHEDOCS_TOKEN (or give `--token`)');
      // It used to trigger a real build.
      expect(dryRun.stderr).toContain('`build` does not take `--dry-run`');
      expect(noCommit.stderr).toContain('`wait` needs the commit whose build it waits for: give `--commit <sha>`');
      expect(preview.stderr).toContain('`preview` needs a GitHub pull request context');
      for (const run of [noOperation, emptyOperation]) expect(run.stderr).toMatch(/^error: no operation given: one of `build`, `wait`, /);
      expect(standin.requests).toEqual([]);
    }));

  it('env reads the variables from standard input (`--variables-file -`), so that no value is in the process list', () =>
    withStandin(async (standin) => {
      const value = 'stdin-secret-value-0123456789';
      const run = await cli(['env', '--project', 'demo', '--variables-file', '-', ...service(standin)], {
        env: { READTHEDOCS_TOKEN: TOKEN },
        stdin: `API_KEY=${value}\n`,
      });
      expect(run.code, run.stdout).toBe(0);
      const created = standin.requests.filter((r) => r.method === 'POST' && /\/environmentvariables\/$/.test(r.path));
      expect(created.map((r) => JSON.parse(String(r.body)) as unknown)).toEqual([{ name: 'API_KEY', value, public: false }]);
      expect(`${run.stdout}${run.stderr}`).not.toContain(value);
      expectPlainAndSecret(run);
    }));

  it('export writes the project file into a fresh folder, refuses to overwrite it without --force, and apply --dry-run reads it and writes nothing', () =>
    withStandin(async (standin) => {
      const folder = mkdtempSync(join(tmpdir(), 'rtd-cli-project-'));
      const env = { READTHEDOCS_TOKEN: TOKEN };

      const exported = await cli(['export', '--project', 'demo', ...service(standin)], { cwd: folder, env });
      expect(exported.code, exported.stdout).toBe(0);
      const text = readFileSync(join(folder, FILE), 'utf8');
      expect(text).toContain('demo');

      writeFileSync(join(folder, FILE), `${text}# mine\n`);
      const again = await cli(['export', '--project', 'demo', ...service(standin)], { cwd: folder, env });
      expect(again.code).toBe(2);
      expect(again.stderr).toContain(`${FILE} exists already: pass \`--force\``);
      expect(readFileSync(join(folder, FILE), 'utf8')).toBe(`${text}# mine\n`);

      const forced = await cli(['export', '--project', 'demo', '--force', ...service(standin)], { cwd: folder, env });
      expect(forced.code, forced.stdout).toBe(0);
      expect(readFileSync(join(folder, FILE), 'utf8')).toBe(text);

      // A name with quotes, `<`, `>` and `&`: the summary's Markdown writes them as entities, the terminal as text.
      writeFileSync(join(folder, FILE), text.replace(/^ {2}name: .*$/m, '  name: \'Demo "Docs" <new> & co\''));
      const dry = await cli(['apply', '--project', 'demo', '--dry-run', ...service(standin)], { cwd: folder, env });
      expect(dry.code, dry.stdout).toBe(0);
      expect(dry.stdout).toContain('Planned changes (dry run: nothing was written)');
      const summary = dry.stdout.slice(dry.stdout.indexOf('Planned changes (dry run'));
      expect(summary).toContain('"Demo \\"Docs\\" <new> & co"');
      expect(summary).not.toMatch(/&(?:[a-z]+|#\d+|#x[0-9a-f]+);/i);
      expect(writes(standin)).toEqual([]);
      expect(existsSync(join(folder, '.github'))).toBe(true);
      expectPlainAndSecret(dry);
    }));
});

describe.concurrent('readthedocs-action wait, in a git checkout', () => {
  it("without --commit waits for the checkout's HEAD; Ctrl-C stops it as an interruption, not a workflow's cancellation", () =>
    withStandin(async (standin) => {
      const { path: folder, head } = gitCheckout('rtd-cli-checkout-');
      const build = standin.addBuild('demo', 'latest', { durationMs: 60_000, outcome: 'success', commit: head, commitFromStart: true });
      let signalled = false;
      const run = await cli(['wait', '--project', 'demo', '--token', TOKEN, ...watching(standin)], {
        cwd: folder,
        onOutput: (printed, child) => {
          if (!signalled && new RegExp(`build #${build}: (Cloning|Installing|Building)`).test(printed)) {
            signalled = true;
            child.kill('SIGINT');
          }
        },
      });

      expect(signalled, run.stdout).toBe(true);
      // The shell's convention for Ctrl-C: 128 + SIGINT.
      expect(run.code, run.stdout).toBe(130);
      expect(run.stdout).toContain(`No --commit: waiting for the build of this checkout's HEAD, ${head}`);
      expect(standin.requests.filter((r) => r.query.commit !== undefined).map((r) => r.query.commit)).toContain(head);
      expect(run.stdout).toContain('SIGINT received: interrupted; stopping');
      // The reason said once (issue 49): by the log, with the project; the error line is its title.
      expect(run.stdout).toMatch(/^demo: the wait was interrupted \(a stop signal/m);
      expect(run.stdout).toMatch(/^error: Interrupted: demo latest$/m);
      expect(run.stdout.match(/the wait was interrupted/g)).toHaveLength(1);
      expect(run.stdout).toMatch(new RegExp(`build #${build} \\(\\S+\\) keeps running on Read the Docs`));
      expect(`${run.stdout}${run.stderr}`).not.toContain('workflow');
      expectPlainAndSecret(run);
    }));

  it('a closed terminal (SIGHUP) stops it as Ctrl-C does: the report, exit 129', () =>
    withStandin(async (standin) => {
      const { path: folder, head } = gitCheckout('rtd-cli-hangup-');
      const build = standin.addBuild('demo', 'latest', { durationMs: 60_000, outcome: 'success', commit: head, commitFromStart: true });
      let signalled = false;
      const run = await cli(['wait', '--project', 'demo', '--token', TOKEN, ...watching(standin)], {
        cwd: folder,
        onOutput: (printed, child) => {
          if (!signalled && new RegExp(`build #${build}: (Cloning|Installing|Building)`).test(printed)) {
            signalled = true;
            child.kill('SIGHUP');
          }
        },
      });

      expect(signalled, run.stdout).toBe(true);
      expect(run.code, run.stdout).toBe(129);
      expect(run.stdout).toContain('SIGHUP received: interrupted; stopping');
      expect(run.stdout).toMatch(/^demo: the wait was interrupted/m);
      expect(run.stdout).toMatch(/^error: Interrupted: demo latest$/m);
    }));
});

describe.concurrent('readthedocs-action wait: the git it starts', () => {
  // Issue 39's 6: the checkout's config can make git run a command; it never sees the tokens.
  it('gets no READTHEDOCS_TOKEN, GITHUB_TOKEN, GH_PAT, SSH_AUTH_SOCK or other secret, and still reads the HEAD', () =>
    withStandin(async (standin) => {
      const { path: folder, head } = gitCheckout('rtd-cli-git-env-');
      const bin = mkdtempSync(join(tmpdir(), 'rtd-cli-git-bin-'));
      const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
      writeFileSync(join(bin, 'git'), `#!/bin/sh\nenv > "${join(bin, 'env.txt')}"\nexec "${realGit}" "$@"\n`, { mode: 0o755 });
      standin.addBuild('demo', 'latest', { durationMs: 300, outcome: 'success', commit: head, commitFromStart: true });
      const run = await cli(['wait', '--project', 'demo', ...watching(standin)], {
        cwd: folder,
        env: {
          PATH: `${bin}:${process.env.PATH ?? ''}`,
          READTHEDOCS_TOKEN: TOKEN,
          GITHUB_TOKEN: 'ghs_cli_git_env_0123456789',
          GH_TOKEN: 'gh_cli_3',
          // Secrets not named like one (issue 50's 7): git's environment is an allowlist.
          GH_PAT: 'ghp_cli_pat_4',
          NPM_AUTH: 'npm_cli_5',
          SSH_AUTH_SOCK: '/tmp/agent_cli_6.sock',
          GCP_SA_KEY: 'gcp_cli_7',
        },
      });

      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout).toContain(`No --commit: waiting for the build of this checkout's HEAD, ${head}`);
      const seen = readFileSync(join(bin, 'env.txt'), 'utf8');
      expect(seen).toContain('PATH=');
      for (const secret of [TOKEN, 'ghs_cli_git_env_0123456789', 'gh_cli_3', 'ghp_cli_pat_4', 'npm_cli_5', 'agent_cli_6', 'gcp_cli_7']) {
        expect(seen).not.toContain(secret);
      }
      expectPlainAndSecret(run);
    }));
});

describe.concurrent('readthedocs-action preview, given a pull request’s GITHUB_* variables', () => {
  it('runs as on a runner: the verified preview in the results, one comment on the pull request', ({ onTestFinished }) =>
    withStandin(async (standin) => {
      standin.addProject({ slug: 'prdocs', versions: [{ slug: String(PR), type: 'external' }] });
      const gh = await startGitHubStandin({ token: GITHUB_TOKEN });
      onTestFinished(() => gh.close());
      gh.addPullRequest({ number: PR, headSha: HEAD, files: [{ filename: 'docs/index.rst' }] });
      standin.addBuild('prdocs', String(PR), { durationMs: 400, outcome: 'success', commit: HEAD, commitFromStart: true });
      const folder = mkdtempSync(join(tmpdir(), 'rtd-cli-pr-'));
      const event = join(folder, 'event.json');
      writeFileSync(
        event,
        JSON.stringify({
          action: 'synchronize',
          number: PR,
          pull_request: { number: PR, head: { sha: HEAD, repo: { full_name: REPO } }, base: { repo: { full_name: REPO } } },
        }),
      );
      const template = `${standin.url}/docs/prdocs--{version}/{language}/{version}/`;
      const run = await cli(
        ['preview', '--project', 'prdocs', '--preview-url-template', template, '--docs-path', 'docs', '--json', ...watching(standin)],
        {
          cwd: folder,
          env: {
            READTHEDOCS_TOKEN: TOKEN,
            GITHUB_TOKEN,
            GITHUB_EVENT_NAME: 'pull_request',
            GITHUB_EVENT_PATH: event,
            GITHUB_REPOSITORY: REPO,
            GITHUB_API_URL: gh.url,
          },
        },
      );

      expect(run.code, run.stderr).toBe(0);
      const [result] = JSON.parse(run.stdout) as { outcome: string; previewUrl: string; commit: string }[];
      expect(result).toMatchObject({ outcome: 'success', previewUrl: `${standin.url}/docs/prdocs--${PR}/en/${PR}/`, commit: HEAD });
      expect(gh.comments(PR)).toHaveLength(1);
      expect(run.stderr).not.toContain(GITHUB_TOKEN);
      expectPlainAndSecret(run);
    }));
});
