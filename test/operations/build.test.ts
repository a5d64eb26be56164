// `build` in-process on a fake clock, against the loopback stand-in: the stand-in's builds move
// with the same clock, so a build of minutes and a timeout of ten run in milliseconds. Assertions
// are on outcomes and on the requests the stand-in received, never on time.
import type { ProjectResult } from '../../src/operations/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildProject } from '../../src/operations/build-version/build.js';
import { FakeClock, operationContext, recordingLog, runProject } from '../support/operation-context.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { captureStdout, runStep } from './context.ts';

const SHA = 'b'.repeat(40);
let standin: Standin;
let clock: FakeClock;
const stdout = captureStdout();

beforeEach(async () => {
  clock = new FakeClock();
  standin = await startStandin({ now: clock.now, rateLimit: null });
  standin.addProject({ slug: 'demo', name: 'Demo Docs' });
});
afterEach(async () => {
  await standin.close();
});

/** The requests the stand-in received, as `METHOD path`, in order. */
const sent = () => standin.requests.map((r) => `${r.method} ${r.path}`);
const polls = (id: number) => standin.count('GET', new RegExp(`^/api/v3/projects/demo/builds/${id}/$`));
const triggers = () => standin.count('POST', '/api/v3/projects/demo/versions/latest/builds/');

function run(inputs: Record<string, string>) {
  return operationContext({ baseUrl: standin.url, clock, inputs: { project: 'demo', ...inputs } }).runProjects(buildProject);
}

describe('build, in-process on a fake clock', () => {
  it('a 40-s build polled every 5 s: one trigger, one GET per interval until it is seen finished', async () => {
    standin.onTrigger('demo', 'latest', { durationMs: 40_000, outcome: 'success', commit: SHA });
    const [result] = await run({ 'poll-interval': '5s' });

    expect(result).toMatchObject({ outcome: 'success', state: 'finished', success: true, buildId: 1, commit: SHA, duration: 40 });
    // The trigger's answer described the version: its docs URL needs no request.
    expect(result!.docsUrl).toBe(`${standin.url}/docs/demo/en/latest/`);
    expect(sent().slice(0, 3)).toEqual([
      'GET /api/v3/projects/demo/', // the default version
      'GET /api/v3/projects/demo/versions/latest/builds/', // history, and the newest build before ours
      'POST /api/v3/projects/demo/versions/latest/builds/',
    ]);
    expect(triggers()).toBe(1);
    // Seen at 5, 10, … 40 s: eight polls, the last one sees it finished.
    expect(polls(1)).toBe(8);
    expect(standin.count('GET', /\/versions\/latest\/$/)).toBe(0);
    // After the trigger, only the build (v3) and its commands (v2) are asked for.
    expect(
      sent()
        .slice(3)
        .every((line) => /^GET \/api\/v(3\/projects\/demo\/builds|2\/build)\/1\/$/.test(line)),
    ).toBe(true);
  });

  it('auto: the predictive schedule sees a 40-s build end with fewer polls than a 2-s interval would', async () => {
    standin.onTrigger('demo', 'latest', { durationMs: 40_000, outcome: 'success', commit: SHA });
    const [result] = await run({});

    expect(result).toMatchObject({ outcome: 'success', state: 'finished' });
    expect(triggers()).toBe(1);
    expect(polls(1)).toBeGreaterThan(1);
    expect(polls(1)).toBeLessThan(20);
  });

  it('a build that fails: failed, with the failing command in the reason, and no docs URL asked for', async () => {
    standin.onTrigger('demo', 'latest', {
      durationMs: 30_000,
      outcome: 'failure',
      commit: SHA,
      failingCommand: {
        command: 'python -m sphinx -W -b html docs out',
        output: 'WARNING: undefined label: intro\nbuild failed',
        exit_code: 1,
      },
    });
    const [result] = await run({ 'poll-interval': '5s' });

    expect(result).toMatchObject({ outcome: 'failed', title: 'Build failed', state: 'finished', success: false });
    expect(result!.reason).toContain('build #1 failed in 30s');
    expect(result!.reason).toContain('python -m sphinx -W -b html docs out');
    expect(result!.outputTail).toContain('undefined label: intro');
    expect(result!.docsUrl).toBeUndefined();
    expect(triggers()).toBe(1);
    expect(polls(1)).toBe(6);
  });

  it('a 30-minute build and a 10-minute timeout: timed out with the last state, no poll after the deadline', async () => {
    standin.onTrigger('demo', 'latest', { durationMs: 30 * 60_000, outcome: 'success', commit: SHA });
    const [result] = await run({ timeout: '10m', 'poll-interval': '15s' });

    // Cloning and installing take the first 40 % of its time.
    expect(result).toMatchObject({ outcome: 'timed-out', title: 'Timed out', state: 'installing', buildId: 1 });
    expect(result!.reason).toContain('timed out after 10m');
    expect(result!.reason).toContain('The build keeps running on Read the Docs');
    // 15 s apart from 0 to 10 min: the polls at 15 s … 9m45s, none at the deadline itself.
    expect(polls(1)).toBe(39);
    expect(clock.elapsed()).toBe(10 * 60_000);
  });

  it('a lost trigger answer: the build it created is found and followed, never triggered twice', async () => {
    standin.onTrigger('demo', 'latest', { durationMs: 10_000, outcome: 'success', commit: SHA });
    standin.fault({ kind: 'reset-after-processing', method: 'POST', path: '/versions/latest/builds/' });
    const ctx = operationContext({ baseUrl: standin.url, clock, inputs: { project: 'demo', version: 'latest', 'poll-interval': '5s' } });
    const log = recordingLog();
    let result: ProjectResult;
    try {
      result = await runProject(ctx.ctx, 'demo', buildProject, log);
    } finally {
      await ctx.close();
    }

    expect(result).toMatchObject({ outcome: 'success', buildId: 1, state: 'finished' });
    expect(triggers()).toBe(1);
    expect(log.warnings.map((w) => w.title)).toEqual(['Answer lost']);
    expect(log.lines).toContain('The trigger did create build #1: following it');
  });

  it('a build cancelled by another trigger (someone pressed Rebuild): cancelled, and the new build is not ours', async () => {
    standin.onTrigger('demo', 'latest', [
      { durationMs: 60_000, outcome: 'success', commit: SHA },
      { durationMs: 60_000, outcome: 'success', commit: SHA },
    ]);
    clock.at(clock.now() + 20_000, () =>
      fetch(`${standin.url}/api/v3/projects/demo/versions/latest/builds/`, {
        method: 'POST',
        headers: { authorization: 'Token test-token' },
      }),
    );
    const [result] = await run({ version: 'latest', 'poll-interval': '5s' });

    expect(result).toMatchObject({ outcome: 'cancelled', title: 'Build cancelled', buildId: 1, state: 'cancelled' });
    expect(triggers()).toBe(2); // ours and the rebuild
    expect(polls(2)).toBe(0);
    // A cancelled build may have skipped itself (exit code 183): its notifications say.
    expect(standin.count('GET', '/api/v3/projects/demo/builds/1/notifications/')).toBeGreaterThanOrEqual(1);
  });

  it('wait: false: triggered, and nothing polled', async () => {
    const [result] = await run({ wait: 'false' });

    expect(result).toMatchObject({ outcome: 'triggered', buildId: 1 });
    expect(sent()).toEqual([
      'GET /api/v3/projects/demo/',
      'GET /api/v3/projects/demo/versions/latest/builds/',
      'POST /api/v3/projects/demo/versions/latest/builds/',
    ]);
  });
});

/** The whole step, reported as step.ts reports it (outputs, annotations, summary), on the fake clock. */
const step = (inputs: Record<string, string>, token?: string) =>
  runStep(standin, { project: 'demo', ...inputs }, { clock, ...(token === undefined ? {} : { token }) });
const errors = () => stdout.annotations().filter((a) => a.level === 'error');

describe('build, reported as the step reports it', () => {
  it('a failed build with Sphinx warnings: an annotation on each repository file, the output tail folded once', async () => {
    const checkout = '/home/docs/checkouts/readthedocs.org/user_builds/demo/checkouts/latest/';
    standin.onTrigger('demo', 'latest', {
      durationMs: 30_000,
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
    const run = await step({ 'poll-interval': '5s' });

    expect(run.code).toBe(1);
    expect(stdout.annotations().filter((a) => a.level === 'warning')).toEqual([
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
    expect(errors().map((a) => a.title)).toEqual(['Build failed: demo latest']);
    // One project: the output is in the build log's group of the failed command, once; no second
    // group of its last lines repeats it (issue 35), only the annotation does.
    const lines = stdout.text().split('\n');
    expect(lines).not.toContain('::group::Last lines of its output');
    const group = lines.findIndex((line) => line.startsWith('::group::$ python -m sphinx'));
    expect(group).toBeGreaterThan(-1);
    const end = lines.indexOf('::endgroup::', group);
    expect(lines.slice(group, end).join('\n')).toContain('build finished with problems, 2 warnings');
    expect(lines.slice(end).join('\n')).toContain('Command failed (exit code 1)');
    expect(lines.filter((line) => line.includes('build finished with problems, 2 warnings')).length).toBe(2);
    // Outside the build log's group of the command and the failure annotation, the output is not repeated.
    let depth = 0;
    const ungrouped = lines.filter((line) => {
      if (line.startsWith('::group::')) depth += 1;
      else if (line === '::endgroup::') depth -= 1;
      else return depth === 0 && !line.startsWith('::error ');
      return false;
    });
    expect(ungrouped.join('\n')).not.toContain('build finished with problems');
    expect(run.summary).toContain('❌ failed');
    // What stopped it first (issue 47): the count of warnings `-W` turned into errors, then the service's generic notification.
    expect(run.results[0]!.headline).toBe('Sphinx stopped on 2 warnings (`-W`)');
    expect(run.results[0]!.reason!.split('\n').slice(1, 3)).toEqual([
      'Sphinx stopped on 2 warnings (`-W`)',
      'Build failed: The command "python -m sphinx -T -W --keep-going -b html docs $READTHEDOCS_OUTPUT/html" exited with code 1. (build:commands:failed)',
    ]);
  });

  it('a cancelled build: red, state `cancelled`, the notification in the annotation', async () => {
    standin.onTrigger('demo', 'latest', {
      durationMs: 20_000,
      outcome: 'cancelled',
      notifications: [
        { id: 'build:user:cancelled', header: 'Build cancelled manually.', body: 'The user has cancelled this build.', type: 'error' },
      ],
    });
    const run = await step({ 'poll-interval': '5s' });

    expect(run.code).toBe(1);
    expect(run.outputs.state).toBe('cancelled');
    const [error] = errors();
    expect(error!.title).toBe('Build cancelled: demo latest');
    expect(error!.message).toContain('was cancelled');
    expect(error!.message).toContain('Build cancelled manually.');
    expect(run.summary).toContain('🚫 cancelled');
  });

  it('wait: false: green at once, the build id and its first state in the outputs, nothing polled', async () => {
    standin.onTrigger('demo', 'latest', { durationMs: 30_000, outcome: 'success' });
    const run = await step({ wait: 'false' });

    expect(run.code).toBe(0);
    expect(run.outputs['build-id']).toBe(String(standin.builds('demo')[0]!.id));
    expect(['triggered', 'cloning']).toContain(run.outputs.state);
    expect(standin.count('GET', /\/builds\/\d+\/$/)).toBe(0);
    expect(errors()).toEqual([]);
  });

  it('a 2-minute timeout: red, the last state in the outputs, polled as the interval implies and no more', async () => {
    standin.onTrigger('demo', 'latest', { durationMs: 30 * 60_000, outcome: 'success' });
    const run = await step({ timeout: '2m', 'poll-interval': '10s' });

    expect(run.code).toBe(1);
    // At 10, 20, … 110 s: none at the deadline itself, none after it.
    expect(polls(1)).toBe(11);
    expect(run.outputs['build-id']).toBe('1');
    expect(run.outputs.state).toBe('cloning');
    expect(run.outputs.success).toBe('false');
    const [error] = errors();
    expect(error!.title).toBe('Timed out: demo latest');
    expect(error!.message).toContain('timed out after 2m');
    expect(error!.message).toContain('keeps running');
    expect(run.summary).toContain('⏱️ timed out while cloning');
  });

  it('an inactive project: one error naming the project the service did not build for, and no build', async () => {
    standin.addProject({ slug: 'asleep', name: 'Asleep', active: false });
    const run = await step({ project: 'asleep', version: 'latest' });

    expect(run.code).toBe(1);
    expect(standin.builds('asleep')).toHaveLength(0);
    const [error, ...more] = errors();
    expect(more).toEqual([]);
    expect(error!.title).toBe('Build not triggered: asleep latest');
    // The title names the project; the message does not repeat it (issue 35).
    expect(error!.message).toMatch(/^the service did not trigger a build \(400, triggered: false\)/);
  });

  it('builds disabled after 25 failures (FACTS): the trigger is refused and the reason is the project notice, not "inactive"', async () => {
    standin.disableBuilds('demo');
    const run = await step({ project: 'demo', version: 'latest' });

    expect(run.code).toBe(1);
    expect(standin.count('POST', /\/versions\/[^/]+\/builds\/$/)).toBe(1);
    expect(standin.builds('demo').filter((b) => b.state !== 'finished')).toEqual([]);
    const [error] = errors();
    expect(error!.title).toBe('Build not triggered: demo latest');
    expect(error!.message).toContain("the service disabled the project's builds after consecutive failed builds");
    expect(error!.message).toContain('re-enable builds');
    expect(standin.count('GET', /\/projects\/demo\/notifications\/$/)).toBe(1);
  });

  it('an inactive project whose builds were disabled once and re-enabled: the cancelled notice is no reason given', async () => {
    standin.addProject({ slug: 'asleep', name: 'Asleep', active: false });
    standin.disableBuilds('asleep');
    standin.disableBuilds('asleep', false);
    const run = await step({ project: 'asleep', version: 'latest' });

    expect(run.code).toBe(1);
    const [error] = errors();
    expect(error!.message).toContain('the project is not active, or its builds are disabled');
    expect(error!.message).not.toContain("the service disabled the project's builds");
    // Only the notices that still stand are asked for (FACTS: every state is listed).
    const asked = standin.requests.filter((r) => r.method === 'GET' && /\/projects\/asleep\/notifications\/$/.test(r.path));
    expect(asked.map((r) => r.query['state__in'])).toEqual(['unread,read']);
  });

  it('several projects at once: each in its own group, red when one fails, annotated for that one only', async () => {
    standin.addProject({ slug: 'demo-ja', name: 'Demo JA', language: 'ja' });
    standin.onTrigger('demo', 'latest', { durationMs: 40_000, outcome: 'success' });
    standin.onTrigger('demo-ja', 'latest', {
      durationMs: 40_000,
      outcome: 'failure',
      failingCommand: { command: 'make html', output: 'boom', exit_code: 2 },
    });
    const run = await step({ project: 'demo\ndemo-ja', 'poll-interval': '5s' });

    expect(run.code).toBe(1);
    expect(standin.count('POST', /\/versions\/[^/]+\/builds\/$/)).toBe(2);
    const results = JSON.parse(run.outputs.results!) as { project: string; outcome: string }[];
    expect(results.map((r) => [r.project, r.outcome])).toEqual([
      ['demo', 'success'],
      ['demo-ja', 'failed'],
    ]);
    // Concurrently: both were triggered before either was seen finished.
    const sentNow = sent();
    const lastTrigger = sentNow.findLastIndex((line) => line.startsWith('POST '));
    expect(lastTrigger).toBeLessThan(sentNow.findIndex((line) => /^GET \/api\/v3\/projects\/[^/]+\/builds\/\d+\/$/.test(line)));
    expect(stdout.text()).toContain('::group::demo\n');
    expect(stdout.text()).toContain('::group::demo-ja\n');
    expect(errors().map((a) => a.title)).toEqual(['Build failed: demo-ja latest']);
  });

  it('a build link that is not a page of the service is linked nowhere: not the summary, not the outputs, not the reason', async () => {
    standin.onTrigger('demo', 'latest', { durationMs: 10_000, outcome: 'failure' });
    const own = `${standin.url}/projects/demo/builds/`;
    standin.fault({
      kind: 'rewrite',
      path: '/builds/',
      times: 10_000,
      transform: (body) => body.replaceAll(own, 'https://evil.example/b/'),
    });
    const run = await step({ 'poll-interval': '5s' });

    expect(run.code).toBe(1);
    expect(run.results[0]).toMatchObject({ outcome: 'failed', buildId: 1 });
    expect(run.results[0]!.buildUrl).toBeUndefined();
    expect(run.outputs['build-url']).toBe('');
    expect(run.summary).not.toContain('evil.example');
    expect(run.results[0]!.reason).toContain('build #1 failed in 10s (no link)');
    expect(stdout.text()).toContain("Build #1: the service's link to it is not an http(s) page of the service; it is not linked anywhere");
  });

  it('a rejected token: one clear error after one request, no retry, nothing triggered', async () => {
    const run = await step({}, 'wrong-token-123');

    expect(run.code).toBe(1);
    expect(standin.requests).toHaveLength(1);
    const [error] = errors();
    expect(error!.title).toBe('Token rejected: demo');
    expect(error!.message).toContain('401');
    expect(triggers()).toBe(0);
  });
});

describe('build under a budget as tight as the service', () => {
  it('awaits a build four windows long with at most two 429s, one build created', async () => {
    const TOKEN = 'rtd_budget_token_0123456789';
    // 5 requests per 2-s window, as the e2e test had it: an 8-s build is four windows long, as a
    // 4-minute build is at the service's 60 a minute.
    const strict = await startStandin({ now: clock.now, tokens: [TOKEN], rateLimit: { limit: 5, windowMs: 2000 } });
    try {
      strict.addProject({ slug: 'demo' });
      strict.onTrigger('demo', 'latest', { durationMs: 8000, outcome: 'success' });
      const run = await runStep(
        strict,
        // The action would like to poll five times a second; the budget must hold it back.
        { project: 'demo', version: 'latest', 'poll-interval': '200ms', 'rate-limit': '5/2s' },
        { clock, token: TOKEN, budgetFromInputs: true },
      );
      expect(run.code, stdout.text()).toBe(0);
      expect(run.outputs.success).toBe('true');
      expect(strict.builds('demo')).toHaveLength(1);
      const throttled = strict.requests.filter((request) => request.status === 429).length;
      expect(throttled).toBeLessThanOrEqual(2);
      // It did keep polling throughout the build, at the pace the budget allows.
      const polls = strict.count('GET', /\/builds\/\d+\/$/);
      expect(polls).toBeGreaterThanOrEqual(12);
      expect(polls).toBeLessThanOrEqual(26);
    } finally {
      await strict.close();
    }
  });
});
