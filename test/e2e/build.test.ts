// The bundled action (dist/index.js) run as the runner runs it, against the loopback stand-in.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStandin, type Standin } from '../support/rtd-standin.ts';
import { GITHUB_TOKEN, runAction, type ActionRun } from '../support/run-action.ts';

const TOKEN = 'rtd_secret_token_abcdef123456';
const SHA_OLD = 'a'.repeat(40);
const SHA_NEW = 'b'.repeat(40);

let standin: Standin;

beforeEach(async () => {
  standin = await startStandin({ tokens: [TOKEN], indexDelayMs: 100 });
  standin.addProject({ slug: 'demo', name: 'Demo Docs' });
});
afterEach(async () => {
  await standin.close();
});

/** Inputs that keep waits short: fixed quick polling and a budget that allows it. */
function fast(inputs: Record<string, string>): Record<string, string> {
  return { token: TOKEN, 'base-url': standin.url, 'poll-interval': '200ms', 'rate-limit': '600/1m', ...inputs };
}

/** The runner consumes `::add-mask::` lines; everything else it prints must be free of secrets. */
function expectNoSecret(run: ActionRun): void {
  const lines = run.stdout.split('\n');
  const masks = lines.filter((line) => line.startsWith('::add-mask::'));
  expect(lines.slice(0, masks.length)).toEqual(masks); // masked before anything else is printed
  const shown = lines.filter((line) => !line.startsWith('::add-mask::')).join('\n');
  for (const secret of [TOKEN, GITHUB_TOKEN]) {
    expect(shown).not.toContain(secret);
    expect(run.stderr).not.toContain(secret);
    expect(run.summary).not.toContain(secret);
    expect(JSON.stringify(run.outputs)).not.toContain(secret);
  }
}

const triggers = () => standin.count('POST', /\/versions\/[^/]+\/builds\/$/);

describe('operation build', () => {
  it('triggers one build, waits for success and sets every output', async () => {
    standin.onTrigger('demo', 'latest', { durationMs: 1200, outcome: 'success', commit: SHA_NEW });
    const run = await runAction({ inputs: fast({ project: 'demo' }) });

    expect(run.code, run.stdout).toBe(0);
    expect(triggers()).toBe(1);
    const [build] = standin.builds('demo');
    expect(run.outputs['build-id']).toBe(String(build!.id));
    expect(run.outputs['build-url']).toBe(`${standin.url}/projects/demo/builds/${build!.id}/`);
    expect(run.outputs.state).toBe('finished');
    expect(run.outputs.success).toBe('true');
    expect(run.outputs.commit).toBe(SHA_NEW);
    expect(run.outputs.version).toBe('latest');
    expect(Number(run.outputs.duration)).toBeGreaterThanOrEqual(1);
    expect(run.outputs['docs-url']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*latest/);
    const results = JSON.parse(run.outputs.results!) as Record<string, unknown>[];
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ project: 'demo', outcome: 'success', buildId: build!.id, success: true });
    expect(run.summary).toContain('| Project | Version | State | Duration | Build | Docs |');
    expect(run.summary).toMatch(/\| demo \| latest \| ✅ built \|/);
    expect(run.stdout).toMatch(/build #\d+: Building/);
    expect(run.annotations.filter((a) => a.level === 'error')).toEqual([]);
    // The token went to the service in the right form, and only there.
    const trigger = standin.requests.find((r) => r.method === 'POST')!;
    expect(trigger.headers.authorization).toBe(`Token ${TOKEN}`);
    expect(trigger.headers['user-agent']).toMatch(/^readthedocs-action\/\d+\.\d+\.\d+/);
    expectNoSecret(run);
  });

  it('fails the step with the failing command output when the build fails', async () => {
    standin.onTrigger('demo', 'latest', {
      durationMs: 600,
      outcome: 'failure',
      failingCommand: {
        command: 'python -m sphinx -T -W -b html docs $READTHEDOCS_OUTPUT/html',
        output:
          'Running Sphinx v8.1\nreading sources... [100%] index\ndocs/index.rst:12: WARNING: toctree contains reference to nonexisting document "missing"\nbuild finished with problems, 1 warning (with warnings treated as errors).',
        exit_code: 1,
      },
    });
    const run = await runAction({ inputs: fast({ project: 'demo' }) });

    expect(run.code).toBe(1);
    expect(triggers()).toBe(1);
    expect(run.outputs.success).toBe('false');
    expect(run.outputs.state).toBe('finished');
    const errors = run.annotations.filter((a) => a.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.title).toBe('Build failed: demo latest');
    expect(errors[0]!.message).toContain(`build #${run.outputs['build-id']} failed`);
    expect(errors[0]!.message).toContain(run.outputs['build-url']);
    expect(errors[0]!.message).toContain('python -m sphinx');
    expect(errors[0]!.message).toContain('toctree contains reference to nonexisting document');
    expect(errors[0]!.message).not.toMatch(/\n\s+at /); // no stack trace
    expect(run.summary).toContain('❌ failed');
    expect(run.summary).toContain('toctree contains reference');
    expectNoSecret(run);
  });

  it('turns the Sphinx warnings of a failed build into annotations on the repository files, and folds the output tail', async () => {
    const checkout = '/home/docs/checkouts/readthedocs.org/user_builds/demo/checkouts/latest/';
    standin.onTrigger('demo', 'latest', {
      durationMs: 600,
      outcome: 'failure',
      failingCommand: {
        command: 'python -m sphinx -T -W --keep-going -b html docs $READTHEDOCS_OUTPUT/html',
        output: [
          'Running Sphinx v8.1.3',
          'reading sources... [100%] tutorial/install',
          `${checkout}docs/tutorial/install.rst:27: WARNING: undefined label: 'configuration-options' [ref.ref]`,
          `${checkout}docs/index.rst:12: WARNING: toctree contains reference to nonexisting document 'changelog' ::error::x`,
          'build finished with problems, 2 warnings (with warnings treated as errors).',
        ].join('\n'),
        exit_code: 1,
      },
    });
    const run = await runAction({ inputs: fast({ project: 'demo' }) });

    expect(run.code).toBe(1);
    const warnings = run.annotations.filter((a) => a.level === 'warning');
    expect(warnings).toEqual([
      {
        level: 'warning',
        title: 'Sphinx warning: demo',
        file: 'docs/tutorial/install.rst',
        line: 27,
        message: "undefined label: 'configuration-options' [ref.ref]",
      },
      {
        level: 'warning',
        title: 'Sphinx warning: demo',
        file: 'docs/index.rst',
        line: 12,
        message: "toctree contains reference to nonexisting document 'changelog' ::error::x",
      },
    ]);
    expect(run.annotations.filter((a) => a.level === 'error').map((a) => a.title)).toEqual(['Build failed: demo latest']);
    // One project: the output's tail is folded into a group, once, before the annotation repeats it.
    const lines = run.stdout.split('\n');
    const group = lines.indexOf('::group::Last lines of its output');
    expect(group).toBeGreaterThan(-1);
    const end = lines.indexOf('::endgroup::', group);
    expect(lines.slice(group, end).join('\n')).toContain('build finished with problems, 2 warnings');
    expect(lines.slice(0, group).join('\n')).toContain('Command failed (exit code 1)');
    // Outside collapsed groups (the tail's, and the build log's group of the command) and the failure
    // annotation, the output is not repeated.
    let depth = 0;
    const ungrouped = lines.filter((line) => {
      if (line.startsWith('::group::')) depth += 1;
      else if (line === '::endgroup::') depth -= 1;
      else return depth === 0 && !line.startsWith('::error ');
      return false;
    });
    expect(ungrouped.join('\n')).not.toContain('build finished with problems');
  });

  it('says cancelled when the build is cancelled', async () => {
    standin.onTrigger('demo', 'latest', {
      durationMs: 500,
      outcome: 'cancelled',
      notifications: [
        { id: 'build:user:cancelled', header: 'Build cancelled manually.', body: 'The user has cancelled this build.', type: 'error' },
      ],
    });
    const run = await runAction({ inputs: fast({ project: 'demo' }) });

    expect(run.code).toBe(1);
    expect(run.outputs.state).toBe('cancelled');
    const error = run.annotations.find((a) => a.level === 'error')!;
    expect(error.title).toBe('Build cancelled: demo latest');
    expect(error.message).toContain('was cancelled');
    expect(error.message).toContain('Build cancelled manually.');
  });

  it('returns at once with the build id when wait is false', async () => {
    standin.onTrigger('demo', 'latest', { durationMs: 30_000, outcome: 'success' });
    const run = await runAction({ inputs: fast({ project: 'demo', wait: 'false' }) });

    expect(run.code).toBe(0);
    expect(run.outputs['build-id']).toBe(String(standin.builds('demo')[0]!.id));
    expect(['triggered', 'cloning']).toContain(run.outputs.state);
    expect(standin.count('GET', /\/builds\/\d+\/$/)).toBe(0);
  });

  it('times out at a 2-second timeout, with the last state in the outputs, having polled as the interval implies', async () => {
    standin.onTrigger('demo', 'latest', { durationMs: 120_000, outcome: 'success' });
    const run = await runAction({ inputs: fast({ project: 'demo', timeout: '2', 'poll-interval': '250ms' }) });

    expect(run.code).toBe(1);
    // Polled every 250 ms until the timeout, and then no more: at most 2 s / 250 ms polls and the
    // one before the first wait.
    const polls = standin.count('GET', /\/builds\/\d+\/$/);
    expect(polls).toBeGreaterThanOrEqual(1);
    expect(polls).toBeLessThanOrEqual(2000 / 250 + 1);
    expect(run.outputs['build-id']).toBe(String(standin.builds('demo')[0]!.id));
    expect(['cloning', 'installing', 'building', 'uploading']).toContain(run.outputs.state);
    expect(run.outputs.success).toBe('false');
    const error = run.annotations.find((a) => a.level === 'error')!;
    expect(error.title).toBe('Timed out: demo latest');
    expect(error.message).toContain('timed out after 2s');
    expect(error.message).toContain('keeps running');
  });

  it('on an inactive project, says once which project the service did not build for', async () => {
    standin.addProject({ slug: 'asleep', name: 'Asleep', active: false });
    const run = await runAction({ inputs: fast({ project: 'asleep', version: 'latest' }) });

    expect(run.code).toBe(1);
    expect(standin.builds('asleep')).toHaveLength(0);
    const error = run.annotations.find((a) => a.level === 'error')!;
    expect(error.title).toBe('Build not triggered: asleep latest');
    expect(error.message).toMatch(/^asleep: the service did not trigger a build \(400, triggered: false\)/);
  });

  it('builds several projects concurrently and fails when one fails', async () => {
    standin.addProject({ slug: 'demo-ja', name: 'Demo JA', language: 'ja' });
    standin.onTrigger('demo', 'latest', { durationMs: 800, outcome: 'success' });
    standin.onTrigger('demo-ja', 'latest', {
      durationMs: 800,
      outcome: 'failure',
      failingCommand: { command: 'make html', output: 'boom', exit_code: 2 },
    });
    const run = await runAction({ inputs: fast({ project: 'demo\ndemo-ja' }) });

    expect(run.code).toBe(1);
    expect(triggers()).toBe(2);
    const results = JSON.parse(run.outputs.results!) as { project: string; outcome: string }[];
    expect(results.map((r) => [r.project, r.outcome])).toEqual([
      ['demo', 'success'],
      ['demo-ja', 'failed'],
    ]);
    expect(run.stdout).toContain('::group::demo');
    expect(run.stdout).toContain('::group::demo-ja');
    expect(run.annotations.filter((a) => a.level === 'error').map((a) => a.title)).toEqual(['Build failed: demo-ja latest']);
  });

  it('gives one clear error for a rejected token, with no retries', async () => {
    const run = await runAction({ inputs: fast({ project: 'demo', token: 'wrong-token-123' }) });

    expect(run.code).toBe(1);
    expect(standin.requests).toHaveLength(1);
    const error = run.annotations.find((a) => a.level === 'error')!;
    expect(error.title).toBe('Token rejected: demo');
    expect(error.message).toContain('401');
    expect(triggers()).toBe(0);
  });
});

describe('operation wait', () => {
  it('follows the build of the given commit, not a newer build of another commit', async () => {
    const wanted = standin.addBuild('demo', 'latest', { durationMs: 1500, outcome: 'success', commit: SHA_NEW, commitFromStart: true });
    standin.addBuild('demo', 'latest', { durationMs: 60_000, outcome: 'failure', commit: SHA_OLD, commitFromStart: true });
    const run = await runAction({ inputs: fast({ project: 'demo', operation: 'wait', commit: SHA_NEW }) });

    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs['build-id']).toBe(String(wanted));
    expect(run.outputs.commit).toBe(SHA_NEW);
    expect(run.outputs.state).toBe('finished');
    expect(standin.count('POST', /.*/)).toBe(0);
    // A fixed poll-interval has no use for the version's build history.
    expect(standin.count('GET', /\/versions\/[^/]+\/builds\/$/)).toBe(0);
  });

  it('stays green when the build succeeded but its docs URL cannot be read', async () => {
    const wanted = standin.addBuild('demo', 'latest', { durationMs: 300, outcome: 'success', commit: SHA_NEW, commitFromStart: true });
    standin.fault({ kind: 'rewrite', method: 'GET', path: /\/versions\/latest\/$/, transform: () => '{"unexpected": true}' });
    const run = await runAction({ inputs: fast({ project: 'demo', operation: 'wait', commit: SHA_NEW }) });

    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs['build-id']).toBe(String(wanted));
    expect(run.outputs.success).toBe('true');
    expect(run.outputs['docs-url']).toBe('');
    expect(run.annotations.filter((a) => a.level === 'error')).toEqual([]);
  });

  it('keeps looking until the build of the commit appears', async () => {
    const run = await runAction({
      inputs: fast({ project: 'demo', operation: 'wait', commit: SHA_NEW }),
      onLine: (line) => {
        if (line.includes('no build of'))
          standin.addBuild('demo', 'latest', { durationMs: 500, outcome: 'success', commit: SHA_NEW, commitFromStart: true });
      },
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs.commit).toBe(SHA_NEW);
  });

  it('waits for the pull request head SHA, not GITHUB_SHA, on pull-request events', async () => {
    const wanted = standin.addBuild('demo', 'latest', { durationMs: 300, outcome: 'success', commit: SHA_NEW, commitFromStart: true });
    standin.addBuild('demo', 'latest', { durationMs: 300, outcome: 'success', commit: 'f'.repeat(40), commitFromStart: true });
    const run = await runAction({
      inputs: fast({ project: 'demo', operation: 'wait' }),
      event: { name: 'pull_request', payload: { pull_request: { number: 7, head: { sha: SHA_NEW } } } },
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs['build-id']).toBe(String(wanted));
  });
});

/** Triggers the version as someone else would (a "Rebuild" press), cancelling its running build. */
function triggerFromOutside(project: string, version: string): Promise<Response> {
  return fetch(`${standin.url}/api/v3/projects/${project}/versions/${version}/builds/`, {
    method: 'POST',
    headers: { Authorization: `Token ${TOKEN}` },
  });
}

describe('operation wait, when a newer trigger of the version cancels the build', () => {
  /** Runs `wait` for SHA_NEW and triggers the version from outside once the action watches `followed`. */
  async function waitAndRetrigger(followed: number): Promise<{ run: ActionRun; newer: number }> {
    let trigger: Promise<Response> | undefined;
    const run = await runAction({
      inputs: fast({ project: 'demo', operation: 'wait', commit: SHA_NEW, timeout: '30s' }),
      onLine: (line) => {
        if (!trigger && line.includes(`build #${followed}: `)) trigger = triggerFromOutside('demo', 'latest');
      },
    });
    expect(trigger, run.stdout).toBeDefined();
    const answer = (await (await trigger!).json()) as { build: { id: number } };
    return { run, newer: answer.build.id };
  }

  it('follows the rebuild of the same commit and ends green with the newer build', async () => {
    const original = standin.addBuild('demo', 'latest', { durationMs: 4000, outcome: 'success', commit: SHA_NEW, commitFromStart: true });
    // The rebuild is API-triggered: its commit is null until it has cloned.
    standin.onTrigger('demo', 'latest', { durationMs: 1500, outcome: 'success', commit: SHA_NEW });
    const { run, newer } = await waitAndRetrigger(original);

    expect(run.code, run.stdout).toBe(0);
    expect(standin.builds('demo').find((b) => b.id === original)!.state).toBe('cancelled');
    expect(run.outputs['build-id']).toBe(String(newer));
    expect(run.outputs.commit).toBe(SHA_NEW);
    expect(run.outputs.state).toBe('finished');
    expect(run.outputs.success).toBe('true');
    expect(run.stdout).toContain(`Build #${original} was cancelled: superseded by build #${newer}`);
    expect(run.annotations.filter((a) => a.level === 'error')).toEqual([]);
    // One look at the version's builds, made when the build was cancelled.
    expect(standin.count('GET', /\/versions\/latest\/builds\/$/)).toBe(1);
  });

  it('reports the cancellation when the newer build turns out to be of another commit, without waiting for its end', async () => {
    const original = standin.addBuild('demo', 'latest', { durationMs: 4000, outcome: 'success', commit: SHA_NEW, commitFromStart: true });
    standin.onTrigger('demo', 'latest', { durationMs: 10_000, outcome: 'success', commit: SHA_OLD });
    const { run, newer } = await waitAndRetrigger(original);

    expect(run.code, run.stdout).toBe(1);
    expect(run.outputs['build-id']).toBe(String(original));
    expect(run.outputs.state).toBe('cancelled');
    expect(run.outputs.commit).toBe(SHA_NEW);
    const error = run.annotations.find((a) => a.level === 'error')!;
    expect(error.title).toBe('Build cancelled: demo latest');
    expect(error.message).toContain(`build #${original} was cancelled`);
    // It looked at the newer build, saw its commit once cloned, and stopped there.
    expect(run.stdout).toContain(`Build #${newer} builds ${SHA_OLD}, not ${SHA_NEW}`);
    expect(standin.builds('demo').find((b) => b.id === newer)!.state).not.toMatch(/^(finished|cancelled)$/);
  });
});

describe('bad input fails before any request, naming the input', () => {
  // Every refusal of parseInputs is tested in-process (test/inputs.test.ts); through dist/ go one
  // of them and the token's, which main.ts checks once the operation is known.
  const cases: [string, Record<string, string>, RegExp][] = [
    ['operation', { operation: 'deploy' }, /Input `operation`: accepts `build`, `wait`, `sync-versions`, `env`, `preview`/],
    ['missing token', { token: '' }, /Input `token` is required for operation `build`/],
  ];
  for (const [name, inputs, message] of cases) {
    it(name, async () => {
      const run = await runAction({ inputs: fast({ project: 'demo', ...inputs }) });
      expect(run.code).toBe(1);
      expect(standin.requests).toHaveLength(0);
      const error = run.annotations.find((a) => a.level === 'error')!;
      expect(error.title).toBe('Invalid input');
      expect(error.message).toMatch(message);
      expect(run.outputs.success).toBe('false');
      expect(run.outputs.results).toBe('[]');
    });
  }
});
