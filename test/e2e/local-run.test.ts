// `npm run local -- <file>` as a user runs it from an ordinary shell: `npm` found on the system's
// PATH (no node_modules/.bin before it, so the `node` it would find first is the machine's own,
// which may be too old for .ts files), a .env file of INPUT_* lines, and the stand-in of
// `npm run standin` (acme-docs builds succeed, acme-broken builds fail) as INPUT_BASE-URL. And
// `npm run standin` itself, started and stopped (Ctrl-C) as a user does.
import { spawn, spawnSync } from 'node:child_process';
import { delimiter, join, sep } from 'node:path';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, startTrialService } from '../../harness/demo-scenario.ts';
import { ROOT } from '../../harness/action-metadata.ts';
import type { Standin } from '../../harness/rtd-standin.ts';
import { COMPILE_CACHE } from '../../harness/run-action.ts';

interface LocalRun {
  code: number | null;
  output: string;
}

/** This process's PATH without any node_modules/.bin (vitest run by `npm test` has them first). */
function ordinaryPath(path: string): string {
  return path
    .split(delimiter)
    .filter((dir) => dir !== '' && !dir.split(sep).includes('node_modules'))
    .join(delimiter);
}

let dir: string;

/** A fresh stand-in per test, so that the tests can run at once and each meets the service's limits afresh. */
async function withTrialService(test: (standin: Standin) => Promise<void>): Promise<void> {
  const standin = await startTrialService(500);
  try {
    await test(standin);
  } finally {
    await standin.close();
  }
}
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rtd-local-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function envFile(name: string, lines: string[]): string {
  const file = join(dir, name);
  writeFileSync(file, `# written by test/e2e/local-run.test.ts\n${lines.join('\n')}\n`);
  return file;
}

function npmRunLocal(file: string): Promise<LocalRun> {
  return new Promise((resolve, reject) => {
    // What a shell has: PATH (the system's, npm on it), HOME; no token and no GitHub variables (Node's compile cache only saves time).
    const env: Record<string, string> = {
      PATH: ordinaryPath(process.env.PATH ?? ''),
      HOME: process.env.HOME ?? dir,
      NO_COLOR: '1',
      ...COMPILE_CACHE,
    };
    // Its own process group: npm, the script and the action it runs end together if the test gives up.
    const child = spawn('npm', ['run', 'local', '--', file], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    // A hang guard only, under the e2e test timeout: the tests assert on states, never on time.
    const killer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, 200_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, output });
    });
  });
}

/** The value `npm run local` shows for an output (its outputs section: `name  value`). */
const output = (run: LocalRun, name: string) => new RegExp(`^${name}\\s+(.*)$`, 'm').exec(run.output)?.[1];

const inputs = (standin: Standin, project: string) => [
  `INPUT_TOKEN=${DEMO_TOKEN}`,
  `INPUT_PROJECT=${project}`,
  'INPUT_VERSION=latest',
  `INPUT_BASE-URL=${standin.url}`,
  // Quick, fixed polling (a user would keep `auto`): hyphenated names, as the runner spells them.
  'INPUT_POLL-INTERVAL=200ms',
  "INPUT_RATE-LIMIT='600/1m'",
];

// Every test waits on child processes (npm, node, the action): they run at once.
describe.concurrent('npm run local, from an ordinary shell', () => {
  it('runs on the PATH a user has: npm from the system, no node_modules/.bin', () => {
    const path = ordinaryPath(['/repo/node_modules/.bin', '/usr/local/bin', '/x/node_modules/y/bin', '/usr/bin'].join(delimiter));
    expect(path).toBe(['/usr/local/bin', '/usr/bin'].join(delimiter));
    expect(ordinaryPath(process.env.PATH ?? '')).not.toMatch(/node_modules/);
  });

  it('builds acme-docs: shows the log, the outputs and the summary, and exits 0', () =>
    withTrialService(async (standin) => {
      const run = await npmRunLocal(envFile('ok.env', inputs(standin, 'acme-docs')));
      expect(run.code, run.output).toBe(0);
      expect(run.output).toContain('Running the action with');
      expect(run.output).toMatch(/inputs: token, project, version, base-url, poll-interval, rate-limit/);
      expect(run.output).toMatch(/Triggering a build of acme-docs, version latest/);
      expect(output(run, 'success')).toBe('true');
      expect(output(run, 'state')).toBe('finished');
      expect(output(run, 'build-id')).toMatch(/^\d+$/);
      expect(output(run, 'docs-url')).toBe(`${standin.url}/docs/acme-docs/en/latest/`);
      expect(run.output).toContain('READ THE DOCS BUILD: ACME-DOCS BUILT');
      expect(run.output).toMatch(/^acme-docs\s+latest\s+✅ built/m);
      expect(run.output).toMatch(/The action exited 0\.\s*$/);
      // The token went to the stand-in and nowhere on the screen.
      expect(run.output).not.toContain(DEMO_TOKEN);
      expect(run.output).not.toMatch(/Unknown file extension|ERR_UNKNOWN_FILE_EXTENSION/);
    }));

  it('builds acme-broken: shows the failure, its command and output, and exits 1', () =>
    withTrialService(async (standin) => {
      const run = await npmRunLocal(envFile('broken.env', inputs(standin, 'acme-broken')));
      expect(run.code, run.output).toBe(1);
      expect(run.output).toMatch(/Error: Build failed/);
      expect(run.output).toContain('python -m sphinx -T -W --keep-going');
      expect(run.output).toContain('build finished with problems, 2 warnings (with warnings treated as errors).');
      expect(output(run, 'success')).toBe('false');
      expect(output(run, 'state')).toBe('finished');
      expect(run.output).toMatch(/^acme-broken\s+latest\s+❌ failed/m);
      expect(run.output).toMatch(/The action exited 1\.\s*$/);
      expect(run.output).not.toContain(DEMO_TOKEN);
    }));
});

/** `npm run standin [-- args]` started from an ordinary shell; resolves once it has printed every `key=` line it will print. */
async function startNpmStandin(args: string[], ready: RegExp) {
  // Builds of 0.5 s (the least it takes) instead of 3 s, through the stand-in's own setting.
  const env: Record<string, string> = {
    PATH: ordinaryPath(process.env.PATH ?? ''),
    HOME: process.env.HOME ?? dir,
    NO_COLOR: '1',
    DEMO_BUILD_MS: '500',
    ...COMPILE_CACHE,
  };
  const child = spawn('npm', ['run', 'standin', ...(args.length > 0 ? ['--', ...args] : [])], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const killer = setTimeout(() => {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  }, 230_000);
  const state = { output: '' };
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (state.output += chunk));
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      state.output += chunk;
      if (ready.test(state.output)) resolve();
    });
    child.on('close', () => reject(new Error(`npm run standin ended early:\n${state.output}`)));
  });
  const value = (key: string) => new RegExp(`^${key}=(\\S+)$`, 'm').exec(state.output)?.[1] ?? '';
  return {
    state,
    value,
    /** Ctrl-C in a terminal signals the whole group: npm and the script. */
    async stop() {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGINT');
      await closed;
      clearTimeout(killer);
    },
  };
}

describe.concurrent('npm run standin, from an ordinary shell', () => {
  it('prints its URL, token and projects, answers the API as the service would, and stops on SIGINT', async () => {
    const server = await startNpmStandin([], /^projects=.*$/m);
    const url = server.value('url');
    try {
      expect(server.state.output).toContain(`token=${DEMO_TOKEN}`);
      expect(server.state.output).toContain('projects=acme-docs,acme-broken');
      const project = await fetch(`${url}/api/v3/projects/acme-docs/`, { headers: { Authorization: `Token ${DEMO_TOKEN}` } });
      expect(project.status).toBe(200);
      expect(((await project.json()) as { slug: string }).slug).toBe('acme-docs');
      const refused = await fetch(`${url}/api/v3/projects/acme-docs/`, { headers: { Authorization: 'Token wrong' } });
      expect(refused.status).toBe(401);
    } finally {
      await server.stop();
    }
    expect(server.state.output).toMatch(/SIGINT: stopping after 2 requests/);
    expect(server.state.output).not.toMatch(/Unknown file extension|ERR_UNKNOWN_FILE_EXTENSION/);
  });

  it('prints how to point the command line at it, and every command it prints runs as it says against it: green, and exit 1 where it says so (issues 42, 49)', async () => {
    const server = await startNpmStandin([], /preview: needs a pull_request event.*$/m);
    try {
      expect(server.state.output).toContain(`base-url: ${server.value('url')}`);
      const printed = server.state.output.slice(server.state.output.indexOf('Point the command line at it'));
      const lines = printed.split('\n').slice(1, printed.split('\n').indexOf('', 1));
      const commands = lines.filter((line) => line.includes('npx readthedocs-action '));
      const operations = commands.map((line) => /readthedocs-action (\S+)/.exec(line)![1]);
      expect(new Set(operations)).toEqual(new Set(['build', 'wait', 'sync-versions', 'env', 'merge-queue', 'export', 'apply', 'health']));
      expect(commands.some((line) => line.includes('--queue-check mirror'))).toBe(true);
      // As written, in one shell with the system's PATH (its node may be 20: issue 49), from a folder
      // of the test's own (where export writes its file) that holds what the project's folder gives
      // `npx`: the command, and the project's Node 24 in node_modules/.bin.
      const bin = join(dir, 'node_modules', '.bin');
      mkdirSync(bin, { recursive: true });
      symlinkSync(join(ROOT, 'dist', 'cli.js'), join(bin, 'readthedocs-action'));
      symlinkSync(join(ROOT, 'node_modules', '.bin', 'node'), join(bin, 'node'));
      const script = [
        'set -e',
        ...lines
          .filter((line) => /^\s*(?:export |npx readthedocs-action )/.test(line))
          .map((line) => {
            const command = line.trim();
            if (command.startsWith('export ')) return command;
            const shown = command.replaceAll('"', '');
            // A command printed to be seen failing (`# exits 1`) must fail, with exit 1.
            return command.endsWith('# exits 1')
              ? `set +e; ${command}\nstatus=$?; set -e; [ "$status" = 1 ] || { echo "FAILED (exit $status, not 1): ${shown}"; exit 1; }`
              : `${command} || { echo "FAILED ($?): ${shown}"; exit 1; }`;
          }),
      ].join('\n');
      const run = spawnSync('bash', ['-c', script], {
        cwd: dir,
        env: {
          PATH: ordinaryPath(process.env.PATH ?? ''),
          HOME: process.env.HOME ?? dir,
          NO_COLOR: '1',
        },
        encoding: 'utf8',
        timeout: 220_000,
      });
      const output = run.stdout + run.stderr;
      expect(output.includes('FAILED') ? output.slice(-2500) : '').toBe('');
      expect(run.status, output).toBe(0);
      // The merge group's status reached GitHub's stand-in, in both modes.
      expect(output.match(/passed: acme-docs, status success: .* \(docs\/readthedocs\.org:acme-docs\)/g)).toHaveLength(2);
      expect(output).toContain('Found through search: acme-docs v2.0');
      // The link check seen failing (issue 49): the crawl of latest names the broken link.
      expect(commands.filter((line) => line.endsWith('# exits 1'))).toEqual([expect.stringContaining('health --project acme-docs')]);
      expect(output).toContain('install.html: missing page');
    } finally {
      await server.stop();
    }
  });

  it('with --preview, also answers as GitHub: the .env it writes runs `preview` with npm run local, comment and status included', async () => {
    const server = await startNpmStandin(['--preview'], /^Run the preview: .*$/m);
    try {
      const envFile = server.value('env-file');
      const githubUrl = server.value('github-api-url');
      expect(envFile).toMatch(/preview\.env$/);
      const run = await npmRunLocal(envFile);
      expect(run.code, run.output).toBe(0);
      expect(output(run, 'success')).toBe('true');
      expect(output(run, 'preview-url')).toBe(`${server.value('url')}/docs/acme-docs--42/en/42/`);
      const headers = { Authorization: `token ${server.value('github-token')}` };
      const comments = (await (await fetch(`${githubUrl}/repos/octo/docs-repo/issues/42/comments`, { headers })).json()) as {
        body: string;
      }[];
      expect(comments.filter((comment) => comment.body.includes('readthedocs-action:preview'))).toHaveLength(1);
      const deployments = (await (await fetch(`${githubUrl}/repos/octo/docs-repo/deployments`, { headers })).json()) as {
        environment: string;
      }[];
      expect(deployments.map((deployment) => deployment.environment)).toEqual(['readthedocs-preview/acme-docs']);
      expect(run.output).not.toContain(DEMO_TOKEN);
      // The broken anchor, a warning by default.
      expect(run.output).toContain('configuration.html#timeouts: missing anchor');
    } finally {
      await server.stop();
    }
    expect(server.state.output).toMatch(/SIGINT: stopping after \d+ requests, GitHub \d+/);
  });

  it('with --preview, its link check seen failing as the line it prints says: INPUT_LINK-CHECK=fail added, the step fails (issue 49)', async () => {
    const server = await startNpmStandin(['--preview'], /^Run the preview: .*$/m);
    try {
      const envFile = server.value('env-file');
      expect(server.state.output).toContain(`add the line INPUT_LINK-CHECK=fail to ${envFile}`);
      appendFileSync(envFile, 'INPUT_LINK-CHECK=fail\n');
      const run = await npmRunLocal(envFile);
      expect(run.code, run.output).toBe(1);
      expect(run.output).toContain('configuration.html#timeouts: missing anchor');
      expect(run.output).toContain('Broken links: acme-docs 42');
    } finally {
      await server.stop();
    }
  });
});
