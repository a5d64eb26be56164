// The bundled action (dist/index.js), run as the runner runs it, against the loopback stand-in
// with faults injected, for what needs the real process: secrets masked in what it prints, HTTP
// timeouts set through the environment, a proxy from HTTP_PROXY, SIGINT. The faults an operation
// rides through (pages, resets, lost trigger answers, redirects, the deadline) run in-process in
// test/operations/resilience.test.ts. And issue 30's GitHub that hangs: a timed-out `preview`
// reports to it for a few seconds in all, not for minutes (196 s with `timeout: 20s` before).
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { GITHUB_TOKEN, runAction, type ActionRun, type RunOptions } from '../../harness/run-action.ts';
import { forwardProxy } from '../support/scripted-server.ts';
import { startGitHubStandin } from '../../harness/github-standin.ts';
import { OUTPUT_NAMES } from '../../src/reporting/report.js';
import { HEAD, PR, previewInputs, pullRequestEvent, TOKEN as PREVIEW_TOKEN } from '../support/preview-e2e.ts';

const TOKEN = 'rtd_resilience_token_0123456789abcdef';
const POLL = /\/builds\/\d+\/$/;
const DEBUG_ON = { ACTIONS_STEP_DEBUG: 'true', RUNNER_DEBUG: '1' };

async function withStandin(test: (standin: Standin) => Promise<void>): Promise<void> {
  const standin = await startStandin({ tokens: [TOKEN], indexDelayMs: 100 });
  standin.addProject({ slug: 'demo', name: 'Demo Docs' });
  try {
    await test(standin);
  } finally {
    await standin.close();
  }
}

function run(standin: Standin, inputs: Record<string, string>, options: Omit<RunOptions, 'inputs'> = {}): Promise<ActionRun> {
  return runAction({
    ...options,
    inputs: { token: TOKEN, project: 'demo', 'base-url': standin.url, 'poll-interval': '200ms', 'rate-limit': '600/1m', ...inputs },
  });
}

/** The runner consumes `::add-mask::` lines; nothing else the action leaves behind may hold a secret. */
function expectNoSecret(result: ActionRun, secrets: string[] = [TOKEN, GITHUB_TOKEN]): void {
  const lines = result.stdout.split('\n');
  const masks = lines.filter((line) => line.startsWith('::add-mask::'));
  expect(lines.slice(0, masks.length)).toEqual(masks); // masked before anything else is printed
  const shown = lines.filter((line) => !line.startsWith('::add-mask::')).join('\n');
  for (const secret of secrets) {
    expect(masks).toContain(`::add-mask::${secret}`);
    expect(shown).not.toContain(secret);
    expect(result.stderr).not.toContain(secret);
    expect(result.summary).not.toContain(secret);
    expect(JSON.stringify(result.outputs)).not.toContain(secret);
  }
}

function errors(result: ActionRun) {
  return result.annotations.filter((annotation) => annotation.level === 'error');
}

function expectNoStackTrace(result: ActionRun): void {
  for (const annotation of result.annotations) expect(annotation.message).not.toMatch(/\n\s+at /);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe.concurrent('faults on the way', () => {
  it('a 429 whose body echoes the token, debug on: retried, and the token shows nowhere (masked in the log)', async () => {
    await withStandin(async (standin) => {
      standin.onTrigger('demo', 'latest', { durationMs: 500, outcome: 'success' });
      standin.fault({
        kind: 'status',
        method: 'GET',
        path: POLL,
        status: 429,
        // An error body that echoes the request's credentials must not bring them into the log.
        body: JSON.stringify({ detail: `Request was throttled for Token ${TOKEN}. Expected available in 1 second.` }),
        headers: { 'retry-after': '1' },
      });
      const result = await run(standin, {}, { env: DEBUG_ON });

      expect(result.code, result.stdout).toBe(0);
      expect(standin.requests.map((request) => request.fault).filter(Boolean)).toEqual(['status']);
      expect(result.stdout).toContain('::debug::');
      expect(result.stdout).toContain('Token ***');
      expectNoSecret(result);
    });
  });

  it('reads RTD_ACTION_HTTP_TIMEOUT_MS: a read without headers in time is retried', async () => {
    await withStandin(async (standin) => {
      standin.onTrigger('demo', 'latest', { durationMs: 600, outcome: 'success' });
      // An answer a minute later than the timeout: a child short of CPU may fire its timer late, but
      // not that late (at 900 ms, a busy machine's child sometimes got the answer first). The
      // stand-in drops the held answer when it closes, so the wait costs the test nothing.
      standin.fault({ kind: 'delay', method: 'GET', path: POLL, ms: 60_000 });
      const result = await run(standin, { version: 'latest' }, { env: { RTD_ACTION_HTTP_TIMEOUT_MS: '500' } });

      expect(result.code, result.stdout).toBe(0);
      expect(standin.requests.map((request) => request.fault).filter(Boolean)).toEqual(['delay']);
      expect(result.stdout).toMatch(/UND_ERR_HEADERS_TIMEOUT/);
    });
  });
});

describe.concurrent('hosts and proxies', () => {
  it('goes through HTTP_PROXY, and masks the proxy password', async () => {
    const proxy = await forwardProxy();
    const password = 'proxy-pass-7f3e9a';
    try {
      await withStandin(async (standin) => {
        standin.onTrigger('demo', 'latest', { durationMs: 400, outcome: 'success' });
        const proxyUrl = new URL(proxy.url);
        proxyUrl.username = 'runner';
        proxyUrl.password = password;
        const result = await run(standin, { version: 'latest' }, { env: { ...DEBUG_ON, HTTP_PROXY: proxyUrl.href, NO_PROXY: '' } });

        expect(result.code, result.stdout).toBe(0);
        expect(standin.builds('demo')).toHaveLength(1);
        // Every request to the service went through the proxy.
        const host = new URL(standin.url).host;
        expect(proxy.tunnels.length).toBe(standin.requests.length);
        expect(new Set(proxy.tunnels)).toEqual(new Set([host]));
        expectNoSecret(result, [TOKEN, password]);
      });
    } finally {
      await proxy.close();
    }
  });
});

describe.concurrent('cancellation by the workflow', () => {
  /** Runs the action and sends SIGINT when `when` says so; returns the run and when the signal went. */
  async function cancelled(
    standin: Standin,
    when: (line: string) => boolean,
    inputs: Record<string, string> = {},
  ): Promise<{ result: ActionRun; signalAt: number }> {
    let signalAt = 0;
    const result = await run(standin, inputs, {
      env: DEBUG_ON,
      killAfterMs: 120_000,
      onLine: (line: string, child: ChildProcess) => {
        if (signalAt === 0 && when(line)) {
          signalAt = Date.now();
          child.kill('SIGINT');
        }
      },
    });
    return { result, signalAt };
  }

  function expectCancelledReport(standin: Standin, result: ActionRun): void {
    const [build] = standin.builds('demo');
    expect(result.code).toBe(1);
    expect(result.signal).toBeNull(); // it ended by itself, not by the test's safety net
    expect(standin.builds('demo')).toHaveLength(1);
    expect(result.outputs['build-id']).toBe(String(build!.id));
    expect(result.outputs['build-url']).toBe(`${standin.url}/projects/demo/builds/${build!.id}/`);
    expect(result.outputs.success).toBe('false');
    expect(result.outputs.state).not.toBe('');
    const [error] = errors(result);
    expect(error!.title).toBe('Cancelled by the workflow: demo latest');
    expect(error!.message).toContain('cancelled by the workflow');
    expect(error!.message).toContain(`build #${build!.id} (${result.outputs['build-url']}) keeps running on Read the Docs`);
    expect(result.summary).toContain('⏹️ stopped');
    expect(result.summary).toContain(`#${build!.id}`);
    expectNoStackTrace(result);
    expectNoSecret(result);
  }

  it('SIGINT during the wait: stops by itself, no request after it, build-id set, summary and annotation written', async () => {
    await withStandin(async (standin) => {
      standin.onTrigger('demo', 'latest', { durationMs: 60_000, outcome: 'success' });
      const { result, signalAt } = await cancelled(standin, (line) => /build #\d+: (Cloning|Installing|Building)/.test(line), {
        version: 'latest',
        'poll-interval': '1s',
      });

      expect(signalAt).toBeGreaterThan(0);
      // No request after the signal, and it ended by itself (expectCancelledReport: no kill by the
      // test's safety net): the 1-s poll of a 60-s build did not go on.
      expect(standin.requests.filter((request) => request.at >= signalAt)).toEqual([]);
      expectCancelledReport(standin, result);
    });
  });

  it('SIGINT while a request hangs: the request is dropped and the process still stops by itself', async () => {
    await withStandin(async (standin) => {
      standin.onTrigger('demo', 'latest', { durationMs: 60_000, outcome: 'success' });
      standin.fault({ kind: 'delay', method: 'GET', path: POLL, ms: 20_000, after: 1 });
      let child: ChildProcess | undefined;
      let signalAt = 0;
      const watcher = setInterval(() => {
        if (child && signalAt === 0 && standin.requests.some((request) => request.fault === 'delay')) {
          signalAt = Date.now();
          child.kill('SIGINT');
        }
      }, 10);
      try {
        const result = await run(
          standin,
          { version: 'latest' },
          {
            env: DEBUG_ON,
            killAfterMs: 120_000,
            onLine: (_line, spawned) => {
              child = spawned;
            },
          },
        );
        expect(signalAt).toBeGreaterThan(0);
        // The hanging answer would come after 20 s, the safety net kills at 15 s: ending by itself
        // (expectCancelledReport) means the request was dropped.
        expect(standin.requests.filter((request) => request.at > signalAt)).toEqual([]);
        expectCancelledReport(standin, result);
      } finally {
        clearInterval(watcher);
      }
    });
  });
});

describe('GitHub hanging', () => {
  it('a preview past its timeout reports to GitHub for a few seconds in all, then ends with every output set', async ({
    onTestFinished,
  }) => {
    const rtd = await startStandin({ tokens: [PREVIEW_TOKEN] });
    const gh = await startGitHubStandin({ token: GITHUB_TOKEN });
    onTestFinished(() => Promise.all([rtd.close(), gh.close()]).then(() => undefined));
    rtd.addProject({ slug: 'demo', name: 'Demo Docs', versions: [{ slug: String(PR), type: 'external' }] });
    rtd.addBuild('demo', String(PR), { durationMs: 400, outcome: 'success', commit: HEAD, commitFromStart: true });
    gh.addPullRequest({ number: PR, headSha: HEAD });
    // Every GitHub request is held for ten minutes: each call would wait out its attempts and retries.
    gh.fault({ kind: 'delay', ms: 600_000, times: 10_000 });
    const run = await runAction({
      inputs: previewInputs(rtd, { timeout: '1s' }),
      event: pullRequestEvent(),
      env: { GITHUB_API_URL: gh.url },
      killAfterMs: 200_000,
    });

    expect(run.signal, run.stdout.slice(-3000)).toBeNull();
    expect(run.code).toBe(1);
    expect(Object.keys(run.outputs).sort()).toEqual([...OUTPUT_NAMES].sort());
    expect(JSON.parse(run.outputs.results!)).toEqual([expect.objectContaining({ project: 'demo', outcome: 'timed-out' })]);
    const said = run.annotations.map((annotation) => `${annotation.level}: ${annotation.message}`).join('\n');
    expect(said).toContain('the step timed out, and its report on GitHub had 5 s more in all, which have passed');
    expect(run.summary).toContain('demo');
    // Only the first GitHub call was held (until the report's time ran out); none was sent again.
    expect(gh.requests.length).toBeLessThanOrEqual(2);
  });
});
