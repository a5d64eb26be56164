// `wait` in-process on a fake clock, against the loopback stand-in whose builds move with it: a
// build that shows up late, one that a rebuild cancels and hands over, one that fails, and none
// at all until the timeout. Asserted on outcomes and the requests the stand-in received.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitOperation } from '../../src/operations/wait/wait.js';
import { FakeClock, T0, operationContext, recordingLog } from '../support/operation-context.ts';
import { startStandin, type Standin } from '../support/rtd-standin.ts';
import { captureStdout, runStep } from './context.ts';

const SHA = 'c'.repeat(40);
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

const lookups = () => standin.requests.filter((r) => r.path === '/api/v3/projects/demo/builds/' && r.query.commit === SHA).length;
const polls = (id: number) => standin.count('GET', new RegExp(`^/api/v3/projects/demo/builds/${id}/$`));

async function runWait(inputs: Record<string, string> = {}) {
  const test = operationContext({ baseUrl: standin.url, clock, inputs: { project: 'demo', operation: 'wait', commit: SHA, ...inputs } });
  const log = recordingLog();
  const result = { project: 'demo', outcome: 'error' as string };
  try {
    await waitOperation(test.ctx, result as never, log);
  } finally {
    await test.close();
  }
  return { result: result as Record<string, unknown>, log };
}

describe('wait, in-process on a fake clock', () => {
  it('a build that appears 2 s after the push is found once it has cloned the commit, and followed to success', async () => {
    clock.at(T0 + 2000, () => standin.addBuild('demo', 'latest', { durationMs: 40_000, outcome: 'success', commit: SHA }));
    const { result, log } = await runWait();

    expect(result).toMatchObject({ outcome: 'success', buildId: 1, state: 'finished', commit: SHA, version: 'latest' });
    expect(result.docsUrl).toBe(`${standin.url}/docs/demo/en/latest/`);
    // Looked for every 5 s (auto): at 0 and 5 s there is none of the commit yet (the build's commit is
    // known once it has cloned, 6 s into a 40-s build); at 10 s it is found.
    expect(lookups()).toBe(3);
    // The second look also asked for a build that failed before checkout.
    expect(standin.requests.filter((r) => r.path === '/api/v3/projects/demo/builds/' && r.query.commit === undefined).length).toBe(1);
    expect(log.lines.filter((line) => line.includes('no build of demo at')).length).toBe(1);
    // Nothing is ever triggered by wait.
    expect(standin.count('POST', /./)).toBe(0);
    expect(polls(1)).toBeGreaterThan(0);
  });

  it('a rebuild cancels the build being watched: the newer build of the same commit is followed', async () => {
    standin.addBuild('demo', 'latest', { durationMs: 60_000, outcome: 'success', commit: SHA });
    standin.onTrigger('demo', 'latest', { durationMs: 30_000, outcome: 'success', commit: SHA });
    clock.at(T0 + 20_000, () =>
      fetch(`${standin.url}/api/v3/projects/demo/versions/latest/builds/`, {
        method: 'POST',
        headers: { authorization: 'Token test-token' },
      }),
    );
    const { result, log } = await runWait({ 'poll-interval': '5s' });

    expect(result).toMatchObject({ outcome: 'success', buildId: 2, state: 'finished', commit: SHA });
    expect(log.lines.some((line) => line.startsWith('Build #1 was cancelled: superseded by build #2'))).toBe(true);
    // Build #1 is of the commit once cloned (9 s into 60 s): found at the look at 10 s, polled at 15
    // and 20 s, when it is seen cancelled (the rebuild came at 20 s).
    expect(lookups()).toBe(3);
    expect(polls(1)).toBe(2);
    expect(polls(2)).toBeGreaterThan(0);
    expect(standin.count('POST', /./)).toBe(1); // the rebuild, not the action
    expect(standin.builds('demo').find((b) => b.id === 1)!.state).toBe('cancelled');
    // One look at the version's builds, made when the build was cancelled.
    expect(standin.count('GET', /\/versions\/latest\/builds\/$/)).toBe(1);
  });

  it('a rebuild that checks out another commit: followed until its commit is known, then the cancellation stands', async () => {
    const OTHER = 'f'.repeat(40);
    standin.addBuild('demo', 'latest', { durationMs: 60_000, outcome: 'success', commit: SHA });
    standin.onTrigger('demo', 'latest', { durationMs: 30_000, outcome: 'success', commit: OTHER });
    clock.at(T0 + 20_000, () =>
      fetch(`${standin.url}/api/v3/projects/demo/versions/latest/builds/`, {
        method: 'POST',
        headers: { authorization: 'Token test-token' },
      }),
    );
    const { result, log } = await runWait({ 'poll-interval': '5s' });

    expect(result).toMatchObject({ outcome: 'cancelled', title: 'Build cancelled', buildId: 1, state: 'cancelled', commit: SHA });
    expect(log.lines).toContain(`Build #2 builds ${OTHER}, not ${SHA}: the cancellation of build #1 stands`);
    expect(result.reason).toContain('build #1 was cancelled');
    // Build #2 is polled until it has cloned (4.5 s into 30 s), and no longer: not waited for to its end.
    expect(polls(2)).toBe(1);
    expect(standin.builds('demo').find((b) => b.id === 2)!.state).not.toMatch(/^(finished|cancelled)$/);
  });

  it('a build that fails: failed, with its reason, and no docs URL', async () => {
    standin.addBuild('demo', 'latest', {
      durationMs: 20_000,
      outcome: 'failure',
      commit: SHA,
      failingCommand: { command: 'make html', output: 'Error: no index', exit_code: 2 },
    });
    const { result } = await runWait({ 'poll-interval': '5s' });

    expect(result).toMatchObject({ outcome: 'failed', title: 'Build failed', buildId: 1, state: 'finished', success: false });
    expect(result.reason).toContain('make html');
    expect(result.docsUrl).toBeUndefined();
    expect(standin.count('GET', /\/versions\/latest\/$/)).toBe(0);
    // Found at the look at 5 s (cloned 3 s into 20 s), then polled at 10, 15 and 20 s.
    expect(polls(1)).toBe(3);
  });

  it('no build ever comes: the look goes on every 5 s until the 1-minute timeout ends it', async () => {
    const test = operationContext({
      baseUrl: standin.url,
      clock,
      inputs: { project: 'demo', operation: 'wait', commit: SHA, timeout: '1m' },
    });
    const [result] = await test.runProjects(waitOperation);

    expect(result).toMatchObject({ outcome: 'timed-out', title: 'Timed out', commit: SHA });
    expect(result!.reason).toContain(`No build of commit ${SHA} appeared.`);
    // At 0, 5, … 55 s; every other look also asks for a build that failed before checkout.
    expect(lookups()).toBe(12);
    // The first look asks for the commit only; the second for a build failed before checkout too.
    const kinds = standin.requests.slice(0, 3).map((r) => (r.query.commit === SHA ? 'commit' : 'failed before checkout'));
    expect(kinds).toEqual(['commit', 'commit', 'failed before checkout']);
    expect(standin.requests.filter((r) => r.path === '/api/v3/projects/demo/builds/' && r.query.commit === undefined).length).toBe(6);
  });
});

const errors = () => stdout.annotations().filter((a) => a.level === 'error');
const OTHER = 'a'.repeat(40);

describe('wait, reported as the step reports it', () => {
  it('follows the build of the given commit, not a newer build of another commit; a fixed interval needs no history', async () => {
    const wanted = standin.addBuild('demo', 'latest', { durationMs: 30_000, outcome: 'success', commit: SHA, commitFromStart: true });
    standin.addBuild('demo', 'latest', { durationMs: 600_000, outcome: 'failure', commit: OTHER, commitFromStart: true });
    const run = await runStep(standin, { project: 'demo', operation: 'wait', commit: SHA, 'poll-interval': '5s' }, { clock });

    expect(run.code).toBe(0);
    expect(run.outputs['build-id']).toBe(String(wanted));
    expect(run.outputs.commit).toBe(SHA);
    expect(run.outputs.state).toBe('finished');
    expect(run.outputs.success).toBe('true');
    expect(standin.count('POST', /.*/)).toBe(0);
    expect(polls(2)).toBe(0);
    expect(standin.count('GET', /\/versions\/[^/]+\/builds\/$/)).toBe(0);
    expect(errors()).toEqual([]);
  });

  it('stays green when the build succeeded but its docs URL cannot be read', async () => {
    const wanted = standin.addBuild('demo', 'latest', { durationMs: 20_000, outcome: 'success', commit: SHA, commitFromStart: true });
    standin.fault({ kind: 'rewrite', method: 'GET', path: /\/versions\/latest\/$/, transform: () => '{"unexpected": true}' });
    const run = await runStep(standin, { project: 'demo', operation: 'wait', commit: SHA }, { clock });

    expect(run.code).toBe(0);
    expect(standin.count('GET', /\/versions\/latest\/$/)).toBeGreaterThan(0);
    expect(run.outputs['build-id']).toBe(String(wanted));
    expect(run.outputs.success).toBe('true');
    expect(run.outputs['docs-url']).toBe('');
    expect(errors()).toEqual([]);
  });

  it('a rebuild of another commit: red with the cancelled build in the outputs and the annotation', async () => {
    standin.addBuild('demo', 'latest', { durationMs: 60_000, outcome: 'success', commit: SHA, commitFromStart: true });
    standin.onTrigger('demo', 'latest', { durationMs: 30_000, outcome: 'success', commit: OTHER });
    clock.at(T0 + 20_000, () =>
      fetch(`${standin.url}/api/v3/projects/demo/versions/latest/builds/`, {
        method: 'POST',
        headers: { authorization: 'Token test-token' },
      }),
    );
    const run = await runStep(standin, { project: 'demo', operation: 'wait', commit: SHA, 'poll-interval': '5s' }, { clock });

    expect(run.code).toBe(1);
    expect(run.outputs['build-id']).toBe('1');
    expect(run.outputs.state).toBe('cancelled');
    expect(run.outputs.commit).toBe(SHA);
    const [error] = errors();
    expect(error!.title).toBe('Build cancelled: demo latest');
    expect(error!.message).toContain('build #1 was cancelled');
    expect(stdout.text()).toContain(`Build #2 builds ${OTHER}, not ${SHA}`);
  });
});
