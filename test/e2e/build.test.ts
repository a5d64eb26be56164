// The bundled action (dist/index.js) run as the runner runs it, against the loopback stand-in: the
// main success and failure paths of `build`, `wait` on a pull-request event (read from the runner's
// event file), and refusals of inputs read from INPUT_*. What the operations decide (polling,
// timeouts, cancellations, hand-overs, several projects) is tested in-process on a fake clock, in
// test/operations/build.test.ts and wait.test.ts.
import { describe, expect, it } from 'vitest';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { GITHUB_TOKEN, runAction, type ActionRun } from '../../harness/run-action.ts';
import { OPERATIONS } from '../../src/inputs/operations.ts';

const TOKEN = 'rtd_secret_token_abcdef123456';
const SHA_NEW = 'b'.repeat(40);

/** A stand-in of its own for each test, so that the tests (which wait on the child) run at once. */
async function withStandin(test: (standin: Standin) => Promise<void>): Promise<void> {
  const standin = await startStandin({ tokens: [TOKEN], indexDelayMs: 100 });
  standin.addProject({ slug: 'demo', name: 'Demo Docs' });
  try {
    await test(standin);
  } finally {
    await standin.close();
  }
}

/** Inputs that keep waits short: fixed quick polling and a budget that allows it. */
function fast(standin: Standin, inputs: Record<string, string>): Record<string, string> {
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

const triggers = (standin: Standin) => standin.count('POST', /\/versions\/[^/]+\/builds\/$/);

describe.concurrent('operation build', () => {
  it('triggers one build, waits for success and sets every output', () =>
    withStandin(async (standin) => {
      standin.onTrigger('demo', 'latest', { durationMs: 1000, outcome: 'success', commit: SHA_NEW });
      const run = await runAction({ inputs: fast(standin, { project: 'demo' }) });

      expect(run.code, run.stdout).toBe(0);
      expect(triggers(standin)).toBe(1);
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
      // A progress line while it ran (which states a poll catches depends on the machine's load).
      expect(run.stdout).toMatch(/build #\d+: (Triggered|Cloning|Installing|Building|Uploading)/);
      expect(run.annotations.filter((a) => a.level === 'error')).toEqual([]);
      // The token went to the service in the right form, and only there.
      const trigger = standin.requests.find((r) => r.method === 'POST')!;
      expect(trigger.headers.authorization).toBe(`Token ${TOKEN}`);
      expect(trigger.headers['user-agent']).toMatch(/^readthedocs-action\/\d+\.\d+\.\d+/);
      expectNoSecret(run);
    }));

  it('fails the step with the failing command output when the build fails', () =>
    withStandin(async (standin) => {
      standin.onTrigger('demo', 'latest', {
        durationMs: 400,
        outcome: 'failure',
        failingCommand: {
          command: 'python -m sphinx -T -W -b html docs $READTHEDOCS_OUTPUT/html',
          output:
            'Running Sphinx v8.1\nreading sources... [100%] index\ndocs/index.rst:12: WARNING: toctree contains reference to nonexisting document "missing"\nbuild finished with problems, 1 warning (with warnings treated as errors).',
          exit_code: 1,
        },
      });
      const run = await runAction({ inputs: fast(standin, { project: 'demo' }) });

      expect(run.code).toBe(1);
      expect(triggers(standin)).toBe(1);
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
    }));
});

// Issue 38 §5: the service's direct upload makes versions it never builds; a trigger answers 400
// with an `error` body, not `triggered` (FACTS, *Builds*).
describe.concurrent('operation build of an uploaded version', () => {
  it('fails at once, saying the version is uploaded by a pipeline and to follow it with wait', () =>
    withStandin(async (standin) => {
      standin.addVersion('demo', { slug: 'pipeline', uploaded: true });
      const run = await runAction({ inputs: fast(standin, { project: 'demo', version: 'pipeline' }) });

      expect(run.code, run.stdout).toBe(1);
      // One trigger, no search for a build it "may have created", no second trigger.
      expect(triggers(standin)).toBe(1);
      const trigger = standin.requests.findIndex((r) => r.method === 'POST');
      expect(standin.requests.slice(trigger + 1).filter((r) => r.path.includes('/builds/'))).toEqual([]);
      const errors = run.annotations.filter((a) => a.level === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]!.title).toContain('Uploaded version');
      expect(errors[0]!.message).toContain('version pipeline is uploaded by a pipeline');
      expect(errors[0]!.message).toContain('`operation: wait`');
      expect(run.stdout).not.toContain('Invalid input');
      expect(run.stdout).not.toContain('Answer lost');
      const [result] = JSON.parse(run.outputs.results!) as { outcome: string; reason: string }[];
      expect(result).toMatchObject({ outcome: 'error' });
      expect(result!.reason).toContain('uploaded by a pipeline');
    }));
});

describe.concurrent('operation wait', () => {
  it('waits for the pull request head SHA, not GITHUB_SHA, on pull-request events', () =>
    withStandin(async (standin) => {
      const wanted = standin.addBuild('demo', 'latest', { durationMs: 300, outcome: 'success', commit: SHA_NEW, commitFromStart: true });
      standin.addBuild('demo', 'latest', { durationMs: 300, outcome: 'success', commit: 'f'.repeat(40), commitFromStart: true });
      const run = await runAction({
        inputs: fast(standin, { project: 'demo', operation: 'wait' }),
        event: { name: 'pull_request', payload: { pull_request: { number: 7, head: { sha: SHA_NEW } } } },
      });
      expect(run.code, run.stdout).toBe(0);
      expect(run.outputs['build-id']).toBe(String(wanted));
    }));

  /** A push event for `branch` at `sha`, as GitHub's payload and GITHUB_SHA give it. */
  const pushOf = (branch: string, sha: string) => ({
    env: { GITHUB_SHA: sha, GITHUB_REF: `refs/heads/${branch}` },
    event: {
      name: 'push',
      payload: {
        ref: `refs/heads/${branch}`,
        after: sha,
        head_commit: { id: sha, timestamp: new Date(Date.now() - 1000).toISOString() },
        repository: { default_branch: 'main' },
      },
    },
  });

  it('a branch build that skips itself with exit code 183 in post_checkout (no commit for ever): green, skipped, with the reason', () =>
    withStandin(async (standin) => {
      standin.addVersion('demo', { slug: 'feature' });
      const skipped = standin.push('demo', 'feature', { commit: SHA_NEW, plan: { durationMs: 300, outcome: 'skipped-in-post-checkout' } });
      // Before the fix the wait polled until this timeout and ended red.
      const run = await runAction({
        inputs: fast(standin, { project: 'demo', operation: 'wait', timeout: '3m' }),
        ...pushOf('feature', SHA_NEW),
      });

      expect(run.code, run.stdout).toBe(0);
      expect(JSON.parse(run.outputs.results!)[0]).toMatchObject({ outcome: 'skipped', buildId: skipped, version: 'feature' });
      const notices = run.annotations.filter((a) => a.level === 'notice');
      expect(notices.map((a) => a.title)).toEqual(['Build skipped: demo feature']);
      expect(notices[0]!.message).toContain('build:user:exit-code-183');
      expect(run.summary).toContain('build:user:exit-code-183');
      expect(run.annotations.filter((a) => a.level === 'error')).toEqual([]);
    }));

  it('an unknown project: Not found at the first look, naming the slug and what to do, not polled until the timeout', () =>
    withStandin(async (standin) => {
      // FACTS (Lists): the service lists no builds (200, count 0) under an unknown project, never a 404.
      const run = await runAction({ inputs: fast(standin, { project: 'nope', operation: 'wait', commit: SHA_NEW, timeout: '10m' }) });

      expect(run.code, run.stdout).toBe(1);
      const errors = run.annotations.filter((a) => a.level === 'error');
      expect(errors.map((a) => a.title)).toEqual(['Not found: nope']);
      expect(errors[0]!.message).toContain(`no build of ${SHA_NEW} is listed, and the project is not found`);
      expect(errors[0]!.message).toContain("Check the slug `nope` in the project's URL on Read the Docs, that the token can see it");
      expect(JSON.parse(run.outputs.results!)[0]).toMatchObject({ outcome: 'error' });
      // One look at the builds, one at the project: no polling.
      expect(standin.count('GET', /^\/api\/v3\/projects\/nope\/builds\/$/)).toBe(1);
      expect(standin.count('GET', /^\/api\/v3\/projects\/nope\/$/)).toBe(1);
    }));

  // Issue 49 item 4: a `version` the project does not have waited its whole timeout and never said so.
  it('version v9.9, which the project does not have: Not found naming it at the first look, no polling after', () =>
    withStandin(async (standin) => {
      const run = await runAction({
        inputs: fast(standin, { project: 'demo', operation: 'wait', commit: SHA_NEW, version: 'v9.9', timeout: '10m' }),
      });

      expect(run.code, run.stdout).toBe(1);
      const errors = run.annotations.filter((a) => a.level === 'error');
      expect(errors.map((a) => a.title)).toEqual(['Not found: demo v9.9']);
      expect(errors[0]!.message).toContain('version `v9.9` is not found on demo');
      // One look at the builds, one read of the project and one of the version: polling stopped there.
      expect(standin.count('GET', /^\/api\/v3\/projects\/demo\/builds\/$/)).toBe(1);
      expect(standin.count('GET', /^\/api\/v3\/projects\/demo\/versions\/v9\.9\/$/)).toBe(1);
    }));

  it("without version, a push to feature reports feature's build, not another branch's that failed before checkout", () =>
    withStandin(async (standin) => {
      standin.addVersion('demo', { slug: 'main' });
      standin.addVersion('demo', { slug: 'feature' });
      // One push moves both: main's build fails at once (no commit); feature's queues 2.5 s first.
      const [, [feature]] = standin.pushes('demo', [
        { branch: 'main', commit: 'a'.repeat(40), plan: { durationMs: 200, outcome: 'failure-before-checkout' } },
        { branch: 'feature', commit: SHA_NEW, plan: { durationMs: 500, queueMs: 2500, outcome: 'success' } },
      ]);
      const run = await runAction({
        inputs: fast(standin, { project: 'demo', operation: 'wait', timeout: '3m' }),
        ...pushOf('feature', SHA_NEW),
      });

      expect(run.code, run.stdout).toBe(0);
      expect(run.outputs).toMatchObject({ 'build-id': String(feature), version: 'feature', success: 'true', commit: SHA_NEW });
      expect(run.annotations.filter((a) => a.level === 'error')).toEqual([]);
    }));
});

describe.concurrent('operation wait after a push to the branch latest follows', () => {
  it("API default_branch reads the `master` fallback (no branch set, no repository linked): a push to main reports latest's build", () =>
    withStandin(async (standin) => {
      standin.addProject({ slug: 'hand', defaultBranch: null, repositoryHead: 'main' });
      const [latest] = standin.pushes('hand', [{ branch: 'main', commit: SHA_NEW, plan: { durationMs: 500, outcome: 'success' } }])[0]!;
      // Before the fix the wait looked for version main (never built) until this timeout, and ended red.
      const run = await runAction({
        inputs: fast(standin, { project: 'hand', operation: 'wait', timeout: '3m' }),
        env: { GITHUB_SHA: SHA_NEW, GITHUB_REF: 'refs/heads/main' },
        event: {
          name: 'push',
          payload: {
            ref: 'refs/heads/main',
            after: SHA_NEW,
            head_commit: { id: SHA_NEW, timestamp: new Date(Date.now() - 1000).toISOString() },
            repository: { default_branch: 'main' },
          },
        },
      });

      expect(run.code, run.stdout).toBe(0);
      expect(run.outputs).toMatchObject({ 'build-id': String(latest), version: 'latest', success: 'true', commit: SHA_NEW });
      expect(run.annotations.filter((a) => a.level === 'error')).toEqual([]);
    }));
});

describe.concurrent('an input spelled otherwise is read as its parser reads it (issue 50)', () => {
  it('`config: ./.github/readthedocs-project.yml`, the default spelled otherwise, is not refused on `build`', () =>
    withStandin(async (standin) => {
      standin.onTrigger('demo', 'latest', { durationMs: 300, outcome: 'success', commit: SHA_NEW });
      const run = await runAction({ inputs: fast(standin, { project: 'demo', config: './.github/readthedocs-project.yml' }) });
      expect(run.code, run.stdout).toBe(0);
      expect(run.annotations.filter((a) => a.level === 'error')).toEqual([]);
      expect(triggers(standin)).toBe(1);
    }));
});

// Issue 49 item 3: `operation` left out on a pull-request event built `latest` on every push.
describe.concurrent('operation left out on a pull-request event', () => {
  const event = { name: 'pull_request', payload: { pull_request: { number: 7, head: { sha: SHA_NEW } } } };

  it('is refused before any request, naming preview and wait: no build is triggered', () =>
    withStandin(async (standin) => {
      standin.onTrigger('demo', 'latest', { durationMs: 300, outcome: 'success', commit: SHA_NEW });
      const run = await runAction({ inputs: fast(standin, { project: 'demo' }), event });

      expect(run.code, run.stdout).toBe(1);
      expect(standin.requests).toEqual([]);
      expect(triggers(standin)).toBe(0);
      const errors = run.annotations.filter((a) => a.level === 'error');
      expect(errors.map((a) => a.title)).toEqual(['Invalid input']);
      expect(errors[0]!.message).toMatch(
        /^Input `operation` is not given: on a `pull_request` event, set `operation: preview`.* or `operation: wait`/,
      );
    }));

  it('an explicit operation: build still builds', () =>
    withStandin(async (standin) => {
      standin.onTrigger('demo', 'latest', { durationMs: 300, outcome: 'success', commit: SHA_NEW });
      const run = await runAction({ inputs: fast(standin, { project: 'demo', operation: 'build' }), event });

      expect(run.code, run.stdout).toBe(0);
      expect(triggers(standin)).toBe(1);
    }));
});

describe.concurrent('bad input fails before any request, naming the input', () => {
  // Every refusal of parseInputs is tested in-process (test/inputs.test.ts); through dist/ go one
  // of them and the token's, which step.ts checks once the operation is known.
  const cases: [string, Record<string, string>, RegExp][] = [
    [
      'operation',
      { operation: 'deploy' },
      new RegExp(
        `Input \`operation\`: accepts ${OPERATIONS.slice(0, -1)
          .map((name) => `\`${name}\``)
          .join(', ')}`,
      ),
    ],
    ['missing token', { token: '' }, /Input `token` is required for operation `build`/],
    // An input the operation does not read would do nothing: `dry-run` would build for real (issue 41).
    [
      'dry-run on build',
      { 'dry-run': 'true' },
      /^Input `dry-run`: `build` does not read it, so it would do nothing here \(only `env` and `apply` read it\)/,
    ],
    [
      'dry-run on sync-versions',
      { operation: 'sync-versions', 'dry-run': 'true' },
      /^Input `dry-run`: `sync-versions` does not read it, so it would do nothing here \(only `env` and `apply` read it\)/,
    ],
    // Issue 50: the rule read `operation` exactly while its parser lowercases it, so `Build` built for real.
    [
      'dry-run on `operation: Build` (the operation read as its input reads it)',
      { operation: 'Build', 'dry-run': 'true' },
      /^Input `dry-run`: `build` does not read it, so it would do nothing here \(only `env` and `apply` read it\)/,
    ],
    [
      'variables without operation: env',
      { variables: 'THEME=dark' },
      /^Input `variables`: `build` does not read it.*\(only `env` reads it\)/,
    ],
  ];
  // Issue 49: a `with:` key the action does not declare reaches it only as INPUT_* (the runner
  // warns "Unexpected input" and passes it): a near miss is refused, naming the input meant.
  it('link_check: fail, for link-check', () =>
    withStandin(async (standin) => {
      const run = await runAction({ inputs: fast(standin, { project: 'demo' }), env: { INPUT_LINK_CHECK: 'fail' } });
      expect(run.code).toBe(1);
      expect(standin.requests).toHaveLength(0);
      const errors = run.annotations.filter((a) => a.level === 'error');
      expect(errors.map((a) => a.title)).toEqual(['Invalid input']);
      expect(errors[0]!.message).toMatch(/^Input `link_check` is not an input of this action: did you mean `link-check`\?/);
    }));

  for (const [name, inputs, message] of cases) {
    it(name, () =>
      withStandin(async (standin) => {
        const run = await runAction({ inputs: fast(standin, { project: 'demo', ...inputs }) });
        expect(run.code).toBe(1);
        expect(standin.requests).toHaveLength(0);
        const error = run.annotations.find((a) => a.level === 'error')!;
        expect(error.title).toBe('Invalid input');
        expect(error.message).toMatch(message);
        expect(run.outputs.success).toBe('false');
        expect(run.outputs.results).toBe('[]');
      }),
    );
  }
});
