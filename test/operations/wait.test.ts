// `wait` in-process on a fake clock, against the loopback stand-in whose builds move with it: a
// build that shows up late, one that a rebuild cancels and hands over, one that fails, and none
// at all until the timeout. Asserted on outcomes and the requests the stand-in received. Issue 20's
// "Done when" for `wait` (a push that a newer push superseded before cloning) is here, with the
// push's time read from the event: what needs the process is in test/e2e/build.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitProject } from '../../src/operations/wait/wait.js';
import { FakeClock, T0, operationContext, recordingLog, runProject } from '../support/operation-context.ts';
import type { ProjectResult } from '../../src/operations/types.js';
import type { RunContext } from '../../src/inputs/github-context.js';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
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
const projectReads = (slug: string) => standin.count('GET', new RegExp(`^/api/v3/projects/${slug}/$`));
const polls = (id: number) => standin.count('GET', new RegExp(`^/api/v3/projects/demo/builds/${id}/$`));

async function runWait(inputs: Record<string, string> = {}) {
  const test = operationContext({ baseUrl: standin.url, clock, inputs: { project: 'demo', operation: 'wait', commit: SHA, ...inputs } });
  const log = recordingLog();
  let result: ProjectResult;
  try {
    result = await runProject(test.ctx, 'demo', waitProject, log);
  } finally {
    await test.close();
  }
  return { result: result as unknown as Record<string, unknown>, log };
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
    // The warnings check would list the version's builds too (test/operations/warnings.test.ts).
    const { result, log } = await runWait({ 'poll-interval': '5s', warnings: 'off' });

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

  it('a rebuild that checks out another commit: followed until its commit is known, then superseded by it', async () => {
    const OTHER = 'f'.repeat(40);
    standin.addBuild('demo', 'latest', { durationMs: 60_000, outcome: 'success', commit: SHA });
    standin.onTrigger('demo', 'latest', { durationMs: 30_000, outcome: 'success', commit: OTHER });
    clock.at(T0 + 20_000, () =>
      fetch(`${standin.url}/api/v3/projects/demo/versions/latest/builds/`, {
        method: 'POST',
        headers: { authorization: 'Token test-token' },
      }),
    );
    const { result } = await runWait({ 'poll-interval': '5s' });

    expect(result).toMatchObject({ outcome: 'superseded', title: 'Superseded', buildId: 1, state: 'cancelled', commit: SHA });
    expect(result.supersededBy).toEqual({ buildId: 2, buildUrl: `${standin.url}/projects/demo/builds/2/`, commit: OTHER });
    expect(result.reason).toContain(`${SHA} was superseded: build #2 of ${OTHER} (a newer push) cancelled build #1 and took over`);
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
    const [result] = await test.runProjects(waitProject);

    expect(result).toMatchObject({ outcome: 'timed-out', title: 'Timed out', commit: SHA });
    expect(result!.reason).toContain(`No build of commit ${SHA} appeared.`);
    // At 0, 5, … 55 s; every other look also asks for a build that failed before checkout.
    expect(lookups()).toBe(12);
    // The first look asks for the commit only; the second for a build failed before checkout too.
    const kinds = standin.requests
      .filter((r) => r.path === '/api/v3/projects/demo/builds/')
      .slice(0, 3)
      .map((r) => (r.query.commit === SHA ? 'commit' : 'failed before checkout'));
    expect(kinds).toEqual(['commit', 'commit', 'failed before checkout']);
    // The empty first look asked once whether the project exists (FACTS, Lists), never again.
    expect(projectReads('demo')).toBe(1);
    expect(standin.requests.filter((r) => r.path === '/api/v3/projects/demo/builds/' && r.query.commit === undefined).length).toBe(6);
  });
});

describe('wait on a project the service lists nothing under (FACTS, Lists: 200 and count 0, not 404)', () => {
  async function waitOn(project: string, inputs: Record<string, string> = {}) {
    const test = operationContext({
      baseUrl: standin.url,
      clock,
      inputs: { project, operation: 'wait', commit: SHA, timeout: '10m', ...inputs },
    });
    const [result] = await test.runProjects(waitProject);
    return result!;
  }

  it('an unknown project: Not found at the first look, naming the slug and what to do, with exactly one extra request', async () => {
    const result = await waitOn('nope');

    expect(result).toMatchObject({ outcome: 'error', title: 'Not found' });
    expect(result.reason).toContain(`nope: no build of ${SHA} is listed, and the project is not found`);
    expect(result.reason).toContain("Check the slug `nope` in the project's URL on Read the Docs, that the token can see it");
    expect(result.reason).not.toContain('\n');
    // One look at the builds (answered 200, count 0), one at the project (404), nothing more.
    expect(standin.requests.map((r) => r.path)).toEqual(['/api/v3/projects/nope/builds/', '/api/v3/projects/nope/']);
    expect(clock.now()).toBe(T0);
  });

  it('a private project without a token: Not found at once too', async () => {
    standin.addProject({ slug: 'secret', name: 'Secret', privacy: 'private' });
    standin.addBuild('secret', 'latest', { durationMs: 20_000, outcome: 'success', commit: SHA, commitFromStart: true });
    const result = await waitOn('secret', { token: '' });

    expect(result).toMatchObject({ outcome: 'error', title: 'Not found' });
    expect(result.reason).toContain('Check the slug `secret`');
    expect(standin.requests.map((r) => r.path)).toEqual(['/api/v3/projects/secret/builds/', '/api/v3/projects/secret/']);
  });

  it('the same private project with a token that sees it: the build is found at the first look, and the project never asked', async () => {
    standin.addProject({ slug: 'secret', name: 'Secret', privacy: 'private' });
    standin.addBuild('secret', 'latest', { durationMs: 20_000, outcome: 'success', commit: SHA, commitFromStart: true });
    const result = await waitOn('secret', { 'poll-interval': '5s' });

    expect(result).toMatchObject({ outcome: 'success', commit: SHA });
    expect(projectReads('secret')).toBe(0);
  });

  it('a known project whose list is only empty for now: the project is read once, and the wait goes on', async () => {
    clock.at(T0 + 12_000, () =>
      standin.addBuild('demo', 'latest', { durationMs: 20_000, outcome: 'success', commit: SHA, commitFromStart: true }),
    );
    const result = await waitOn('demo');

    expect(result).toMatchObject({ outcome: 'success', commit: SHA });
    expect(lookups()).toBe(4);
    expect(projectReads('demo')).toBe(1);
  });
});

describe('wait for a version the project does not have (issue 49)', () => {
  async function waitFor(version: string, run: Partial<RunContext> = {}) {
    const test = operationContext({
      baseUrl: standin.url,
      clock,
      inputs: { project: 'demo', operation: 'wait', commit: SHA, version, timeout: '10m' },
      run,
    });
    const [result] = await test.runProjects(waitProject);
    return result!;
  }
  const versionReads = (slug: string) => standin.requests.filter((r) => r.path === `/api/v3/projects/demo/versions/${slug}/`).length;

  it('v9.9: read once at the first empty look, Not found naming it; no more looks', async () => {
    const result = await waitFor('v9.9');

    expect(result).toMatchObject({ outcome: 'error', title: 'Not found', version: 'v9.9' });
    expect(result.reason).toContain(`no build of ${SHA} is listed, and version \`v9.9\` is not found on demo`);
    expect(versionReads('v9.9')).toBe(1);
    expect(lookups()).toBe(1);
    expect(clock.now()).toBe(T0);
  });

  it('a version that exists and whose build comes later: read once, and the wait goes on', async () => {
    standin.addVersion('demo', { slug: 'v2.0', type: 'tag', active: true });
    let readBeforeBuild = -1;
    clock.at(T0 + 12_000, () => {
      readBeforeBuild = versionReads('v2.0');
      standin.addBuild('demo', 'v2.0', { durationMs: 20_000, outcome: 'success', commit: SHA, commitFromStart: true });
    });
    const result = await waitFor('v2.0');

    expect(result).toMatchObject({ outcome: 'success', commit: SHA });
    expect(readBeforeBuild).toBe(1);
  });

  it('the pushed tag’s own version, not synced yet: read only once the grace window is over, and found by then', async () => {
    const reads: number[] = [];
    clock.at(T0 + 30_000, () => standin.addVersion('demo', { slug: 'v3.0', type: 'tag', active: true }));
    clock.at(T0 + 59_000, () => reads.push(versionReads('v3.0')));
    clock.at(T0 + 70_000, () => {
      reads.push(versionReads('v3.0'));
      standin.addBuild('demo', 'v3.0', { durationMs: 20_000, outcome: 'success', commit: SHA, commitFromStart: true });
    });
    const result = await waitFor('v3.0', { ref: { kind: 'tag', name: 'v3.0' }, sha: SHA });

    expect(result).toMatchObject({ outcome: 'success', commit: SHA });
    // Not at the first look (the tag's version may not be synced yet): once past the 60-s grace window.
    expect(reads).toEqual([0, 1]);
  });

  it('a pull request’s version slug (7) proves nothing when missing (PR versions answer 404 on the detail): not read', async () => {
    standin.addVersion('demo', { slug: '7', type: 'external' });
    clock.at(T0 + 12_000, () =>
      standin.addBuild('demo', 'latest', { durationMs: 1000, outcome: 'success', commit: SHA, commitFromStart: true }),
    );
    const result = await waitFor('7');

    expect(result.outcome).toBe('timed-out');
    expect(versionReads('7')).toBe(0);
  });
});

describe('wait, while no build of the commit has appeared', () => {
  it('says so at the first look and then about every 30 s, never silent for its whole timeout (issue 35)', async () => {
    const test = operationContext({
      baseUrl: standin.url,
      clock,
      inputs: { project: 'demo', operation: 'wait', commit: SHA, timeout: '2m' },
    });
    const log = recordingLog();
    try {
      await expect(runProject(test.ctx, 'demo', waitProject, log)).rejects.toThrow();
    } finally {
      await test.close();
    }
    const notices = log.lines.filter((line) => /no build of demo at c+ yet: waiting for the service to start one/.test(line));
    expect(notices.map((line) => /^\[([^\]]+)\] (no|still no)/.exec(line)?.slice(1).join(' '))).toEqual([
      '0ms no',
      '30s still no',
      '1m still no',
      '1m30s still no',
    ]);
  });
});

describe('wait for a push that a newer push superseded before cloning', () => {
  const NEWER = 'e'.repeat(40);

  it('the queued build of the push, cancelled with no commit, is seen at the second look; the newer build is followed until it names its commit', async () => {
    // Two quick merges: the first push's build queues 20 s; the second push, 3 s later, cancels it.
    standin.push('demo', 'latest', { commit: SHA, plan: { durationMs: 40_000, queueMs: 20_000, outcome: 'success' } });
    clock.at(T0 + 3000, () => standin.push('demo', 'latest', { commit: NEWER, plan: { durationMs: 40_000, outcome: 'success' } }));
    const { result, log } = await runWait();

    expect(standin.builds('demo').map((b) => [b.id, b.state, b.commit])).toEqual([
      [1, 'cancelled', SHA],
      [2, expect.any(String), NEWER],
    ]);
    expect(result).toMatchObject({ outcome: 'superseded', title: 'Superseded', buildId: 1, state: 'cancelled', commit: SHA });
    expect(result.supersededBy).toEqual({ buildId: 2, buildUrl: `${standin.url}/projects/demo/builds/2/`, commit: NEWER });
    expect(result.reason).toContain(`build #2 of ${NEWER} (a newer push) cancelled build #1, before it cloned a commit, and took over`);
    expect(log.lines.some((line) => line.includes('was cancelled before it cloned'))).toBe(true);
    // Two looks for the commit (0 and 5 s); the second also listed the builds and found #1 cancelled
    // with no commit and #2 after it. #2 clones 6 s into its run (9 s): polled until it names its commit.
    expect(lookups()).toBe(2);
    expect(polls(2)).toBeGreaterThanOrEqual(1);
    expect(polls(2)).toBeLessThanOrEqual(3);
    expect(clock.elapsed()).toBeLessThan(20_000);
    // Nothing is triggered, and the newer build is not waited for to its end.
    expect(standin.count('POST', /./)).toBe(0);
    expect(standin.builds('demo')[1]!.state).not.toBe('finished');
  });

  it('a runner that starts 40 s after the push: the push time from the event (head_commit.timestamp) still takes the cancelled build', async () => {
    // The same two merges, but the job waited 40 s in the queue: the cancelled build is older than
    // the step, and only the push's own time (the event's head_commit.timestamp) says it is this push's.
    standin.push('demo', 'latest', { commit: SHA, plan: { durationMs: 40_000, queueMs: 20_000, outcome: 'success' } });
    clock.at(T0 + 3000, () => standin.push('demo', 'latest', { commit: NEWER, plan: { durationMs: 40_000, outcome: 'success' } }));
    await clock.sleep(40_000);
    const stepOf = (run: { pushedAt?: number }) =>
      operationContext({ baseUrl: standin.url, clock, inputs: { project: 'demo', operation: 'wait', commit: SHA, timeout: '1m' }, run });

    const withPushTime = stepOf({ pushedAt: T0 });
    const [taken] = await withPushTime.runProjects(waitProject);
    expect(taken).toMatchObject({ outcome: 'superseded', buildId: 1, supersededBy: { buildId: 2, commit: NEWER } });

    // Without it, the build before the step is not this push's: nothing of the commit comes.
    const withoutPushTime = stepOf({});
    const [notTaken] = await withoutPushTime.runProjects(waitProject);
    expect(notTaken).toMatchObject({ outcome: 'timed-out' });
  });

  it('a build cancelled before cloning that was created before the push is not taken', async () => {
    // Two quick pushes, ten minutes before this run: the first one's build was superseded then.
    standin.push('demo', 'latest', { commit: OTHER, plan: { durationMs: 30_000, queueMs: 20_000, outcome: 'success' } });
    clock.at(T0 + 3000, () => standin.push('demo', 'latest', { commit: NEWER, plan: { durationMs: 30_000, outcome: 'success' } }));
    await clock.sleep(600_000);
    const test = operationContext({
      baseUrl: standin.url,
      clock,
      inputs: { project: 'demo', operation: 'wait', commit: SHA, timeout: '1m' },
    });
    const [result] = await test.runProjects(waitProject);

    expect(standin.builds('demo').map((b) => [b.state, b.commit])).toEqual([
      ['cancelled', OTHER],
      ['finished', NEWER],
    ]);
    expect(result).toMatchObject({ outcome: 'timed-out' });
    expect(standin.count('GET', /\/builds\/\d+\/$/)).toBe(0);
  });
});

describe('wait on a pull request whose push an automation rule skipped', () => {
  const OLD = '0'.repeat(40);
  const PR = 7;

  function seedSkippedPush(): void {
    standin.addAutomationRule('demo', { versionTypes: ['external'], files: 'docs/*' });
    standin.pullRequest('demo', PR, { commit: OLD, files: ['docs/index.rst'], plan: { durationMs: 1000, outcome: 'success' } });
    // The head changes no docs file: no build, yet the pull request's version moves to it.
    expect(standin.pullRequest('demo', PR, { commit: SHA, files: ['src/app.py'] })).toBeNull();
  }
  const onPullRequest = { eventName: 'pull_request', pullRequest: { number: PR, headSha: SHA } };

  it('the version stands at the head with no build of it past the grace period: skipped, a look after, naming the rules', async () => {
    seedSkippedPush();
    const test = operationContext({ baseUrl: standin.url, clock, inputs: { project: 'demo', operation: 'wait' }, run: onPullRequest });
    const [result] = await test.runProjects(waitProject);

    expect(result).toMatchObject({ outcome: 'skipped', title: 'Build skipped', commit: SHA });
    expect(result!.reason).toContain('a webhook automation rule of the project');
    expect(result!.reason).toContain(`pull request #${PR}'s version`);
    // Looks every 5 s; the grace minute ends at the look at 60 s (the version is at the head: seen
    // once), and the look at 65 s sees it again with still no build.
    expect(lookups()).toBe(14);
    // The version was found once, in API v2's version list (no build read), then read again by its id.
    expect(standin.count('GET', /^\/api\/v2\/version\/$/)).toBe(1);
    expect(standin.count('GET', /^\/api\/v2\/version\/\d+\/$/)).toBe(1);
    expect(standin.count('GET', /^\/api\/v2\/build\//)).toBe(0);
    expect(standin.count('POST', /./)).toBe(0);
  });

  it('reported green, with a notice', async () => {
    seedSkippedPush();
    const run = await runStep(standin, { project: 'demo', operation: 'wait' }, { clock, run: onPullRequest });

    expect(run.code).toBe(0);
    expect(JSON.parse(run.outputs.results!)[0]).toMatchObject({ outcome: 'skipped', commit: SHA });
    expect(errors()).toEqual([]);
    expect(
      stdout
        .annotations()
        .filter((a) => a.level === 'notice')
        .map((a) => a.title),
    ).toEqual(['Build skipped: demo']);
  });

  it('a webhook that never came (the version still at the older commit) is no skip: the wait goes on to the timeout', async () => {
    standin.pullRequest('demo', PR, { commit: OLD, plan: { durationMs: 1000, outcome: 'success' } });
    const test = operationContext({
      baseUrl: standin.url,
      clock,
      inputs: { project: 'demo', operation: 'wait', timeout: '2m' },
      run: onPullRequest,
    });
    const [result] = await test.runProjects(waitProject);

    expect(result).toMatchObject({ outcome: 'timed-out' });
    expect(standin.count('GET', /^\/api\/v2\/version\/\d+\/$/)).toBeGreaterThan(2);
  });
});

const errors = () => stdout.annotations().filter((a) => a.level === 'error');
const OTHER = 'a'.repeat(40);

describe('wait, reported as the step reports it', () => {
  it('follows the build of the given commit, not a newer build of another commit; a fixed interval needs no history', async () => {
    const wanted = standin.addBuild('demo', 'latest', { durationMs: 30_000, outcome: 'success', commit: SHA, commitFromStart: true });
    standin.addBuild('demo', 'latest', { durationMs: 600_000, outcome: 'failure', commit: OTHER, commitFromStart: true });
    // The warnings check would list the version's builds for the previous one (test/operations/warnings.test.ts).
    const inputs = { project: 'demo', operation: 'wait', commit: SHA, 'poll-interval': '5s', warnings: 'off' };
    const run = await runStep(standin, inputs, { clock });

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

  it('a rebuild of another commit: superseded, green, with the cancelled build in the outputs and a notice naming the newer', async () => {
    standin.addBuild('demo', 'latest', { durationMs: 60_000, outcome: 'success', commit: SHA, commitFromStart: true });
    standin.onTrigger('demo', 'latest', { durationMs: 30_000, outcome: 'success', commit: OTHER });
    clock.at(T0 + 20_000, () =>
      fetch(`${standin.url}/api/v3/projects/demo/versions/latest/builds/`, {
        method: 'POST',
        headers: { authorization: 'Token test-token' },
      }),
    );
    const run = await runStep(standin, { project: 'demo', operation: 'wait', commit: SHA, 'poll-interval': '5s' }, { clock });

    expect(run.code).toBe(0);
    expect(run.outputs['build-id']).toBe('1');
    expect(run.outputs.state).toBe('cancelled');
    expect(run.outputs.commit).toBe(SHA);
    expect(run.outputs.success).toBe('false');
    expect(JSON.parse(run.outputs.results!)[0]).toMatchObject({ outcome: 'superseded', supersededBy: { buildId: 2, commit: OTHER } });
    expect(errors()).toEqual([]);
    const [notice] = stdout.annotations().filter((a) => a.level === 'notice');
    expect(notice!.title).toBe('Superseded: demo latest');
    expect(notice!.message).toContain(`build #2 of ${OTHER}`);
    expect(run.summary).toContain('🔀 superseded');
    expect(run.summary).toContain('### Superseded: demo');
  });
});

describe("wait on a branch or tag push: the push's versions only, and a build that skipped itself", () => {
  const MAIN = '9'.repeat(40);
  const NEWER = 'e'.repeat(40);
  const onBranch = (name: string, sha = SHA) => ({ sha, ref: { kind: 'branch' as const, name }, pushedAt: T0 });
  const onTag = (name: string) => ({ sha: SHA, ref: { kind: 'tag' as const, name }, pushedAt: T0 });
  const waitOn = (run: Record<string, unknown>, inputs: Record<string, string> = {}) =>
    operationContext({
      baseUrl: standin.url,
      clock,
      inputs: { project: 'demo', operation: 'wait', commit: SHA, timeout: '2m', ...inputs },
      run,
    })
      .runProjects(waitProject)
      .then(([result]) => result!);

  it('exit code 183 in post_checkout (cancelled, no commit for ever): skipped at the second look, with the notification', async () => {
    standin.addVersion('demo', { slug: 'feature' });
    standin.push('demo', 'feature', { commit: SHA, plan: { durationMs: 4000, outcome: 'skipped-in-post-checkout' } });
    const result = await waitOn(onBranch('feature'));

    expect(standin.builds('demo').map((b) => [b.state, b.commit])).toEqual([['cancelled', SHA]]);
    expect(result).toMatchObject({ outcome: 'skipped', title: 'Build skipped', buildId: 1, version: 'feature', commit: SHA });
    expect(result.reason).toContain('This build was skipped because a command exited with code 183. (build:user:exit-code-183)');
    expect(result.headline).toContain('build:user:exit-code-183');
    // Looks at 0 and 5 s: the second also lists the branch's builds and reads the cancelled one's notifications.
    expect(lookups()).toBe(2);
    expect(clock.elapsed()).toBeLessThan(10_000);
    expect(standin.count('GET', '/api/v3/projects/demo/builds/1/notifications/')).toBe(1);
  });

  it('a later push that finds the skipped build already ended: still skipped, not superseded', async () => {
    standin.addVersion('demo', { slug: 'feature' });
    standin.push('demo', 'feature', { commit: SHA, plan: { durationMs: 1000, outcome: 'skipped-in-post-checkout' } });
    clock.at(T0 + 2000, () => standin.push('demo', 'feature', { commit: NEWER, plan: { durationMs: 30_000, outcome: 'success' } }));
    const result = await waitOn(onBranch('feature'));
    expect(result).toMatchObject({ outcome: 'skipped', buildId: 1 });
  });

  it('without a ref (any version), a self-skipped build since the push is taken too', async () => {
    standin.push('demo', 'latest', { commit: SHA, plan: { durationMs: 1000, outcome: 'skipped-in-post-checkout' } });
    const result = await waitOn({ pushedAt: T0 });
    expect(result).toMatchObject({ outcome: 'skipped', buildId: 1, version: 'latest' });
  });

  it("another branch's build that failed before checkout since the push is not this push's: the feature branch's build is", async () => {
    standin.addVersion('demo', { slug: 'main' });
    standin.addVersion('demo', { slug: 'feature-x', verboseName: 'Feature/X' });
    // One git push moves both branches; the feature build queues 20 s, main's fails at once.
    standin.pushes('demo', [
      { branch: 'main', commit: MAIN, plan: { durationMs: 1000, outcome: 'failure-before-checkout' } },
      { branch: 'Feature/X', commit: SHA, plan: { durationMs: 10_000, queueMs: 20_000, outcome: 'success' } },
    ]);
    const result = await waitOn(onBranch('Feature/X'));

    expect(result).toMatchObject({ outcome: 'success', version: 'feature-x', commit: SHA });
    expect(result.buildId).toBe(standin.builds('demo').find((b) => b.version === 'feature-x')!.id);
    // The branch's version, read by its slug (its verbose_name is the branch: no list needed); main and
    // latest's builds are never listed.
    expect(standin.count('GET', /^\/api\/v3\/projects\/demo\/versions\/$/)).toBe(0);
    expect(standin.count('GET', '/api/v3/projects/demo/versions/feature-x/builds/')).toBeGreaterThan(0);
    expect(standin.count('GET', /\/versions\/(main|latest)\/builds\/$/)).toBe(0);
  });

  it('two names with one slug (the service adds `_a`): the version is the one whose verbose_name is the branch', async () => {
    standin.addVersion('demo', { slug: 'feature-x', verboseName: 'feature-x' });
    standin.addVersion('demo', { slug: 'feature-x_a', verboseName: 'Feature/X' });
    standin.pushes('demo', [
      { branch: 'feature-x', commit: MAIN, plan: { durationMs: 1000, outcome: 'failure-before-checkout' } },
      { branch: 'Feature/X', commit: SHA, plan: { durationMs: 10_000, queueMs: 20_000, outcome: 'success' } },
    ]);
    const result = await waitOn(onBranch('Feature/X'));

    expect(result).toMatchObject({ outcome: 'success', version: 'feature-x_a', commit: SHA });
    // The slug's version named another branch: the list told the right one.
    expect(standin.count('GET', /^\/api\/v3\/projects\/demo\/versions\/$/)).toBe(1);
  });

  it("the same, with the version input's rule for any version (no ref): the failure is taken, as before", async () => {
    standin.addVersion('demo', { slug: 'main' });
    standin.addVersion('demo', { slug: 'feature' });
    standin.pushes('demo', [
      { branch: 'main', commit: MAIN, plan: { durationMs: 1000, outcome: 'failure-before-checkout' } },
      { branch: 'feature', commit: SHA, plan: { durationMs: 10_000, queueMs: 20_000, outcome: 'success' } },
    ]);
    const result = await waitOn({ pushedAt: T0 });
    // main is the default branch: its push failed latest's build too, the newest of the two.
    expect(result).toMatchObject({ outcome: 'failed', title: 'Build failed before checkout', version: 'latest' });
  });

  it("a push to the project's default branch: latest's build is the push's (here the only one, failed before checkout)", async () => {
    standin.push('demo', 'main', { commit: SHA, plan: { durationMs: 1000, outcome: 'failure-before-checkout' } });
    expect(standin.builds('demo').map((b) => b.version)).toEqual(['latest']);
    const result = await waitOn(onBranch('main'));
    expect(result).toMatchObject({ outcome: 'failed', title: 'Build failed before checkout', version: 'latest' });

    // A push to another branch never takes latest's builds.
    standin.addVersion('demo', { slug: 'dev' });
    const other = await waitOn({ ...onBranch('dev'), pushedAt: clock.now() - 10_000 }, { timeout: '30s' });
    expect(other).toMatchObject({ outcome: 'timed-out' });
  });

  it("API default_branch is the `master` fallback (no branch set, no repository linked): a push to main takes latest's build, the branch latest follows", async () => {
    standin.addProject({ slug: 'hand', defaultBranch: null, repositoryHead: 'main' });
    standin.push('hand', 'main', { commit: SHA, plan: { durationMs: 20_000, outcome: 'success' } });
    const result = await operationContext({
      baseUrl: standin.url,
      clock,
      inputs: { project: 'hand', operation: 'wait', commit: SHA, timeout: '2m' },
      run: onBranch('main'),
    })
      .runProjects(waitProject)
      .then(([found]) => found!);
    expect(result).toMatchObject({ outcome: 'success', version: 'latest', commit: SHA });
    expect(clock.elapsed()).toBeLessThan(60_000);
  });

  it("the event's repository.default_branch names the branch when latest does not say (latest is no branch), before API's `master` fallback", async () => {
    standin.addProject({ slug: 'tagged', defaultBranch: null, versions: [{ slug: 'latest', type: 'tag', identifier: MAIN }] });
    clock.at(T0 + 1000, () => standin.addBuild('tagged', 'latest', { durationMs: 20_000, outcome: 'success', commit: SHA }));
    const run = (timeout: string, defaultBranch?: string) =>
      operationContext({
        baseUrl: standin.url,
        clock,
        inputs: { project: 'tagged', operation: 'wait', commit: SHA, timeout },
        run: { ...onBranch('main'), ...(defaultBranch ? { defaultBranch } : {}) },
      })
        .runProjects(waitProject)
        .then(([found]) => found!);
    expect(await run('2m', 'main')).toMatchObject({ outcome: 'success', version: 'latest' });
    // Without it, only API's `master` says: main's own version is waited for, in vain.
    expect(await run('30s')).toMatchObject({ outcome: 'timed-out' });
  });

  it("a tag push: the tag's version, and stable's commit-less build only when stable stands at the commit", async () => {
    standin.addVersion('demo', { slug: 'v1.0', type: 'tag', identifier: SHA });
    standin.addVersion('demo', { slug: 'stable', type: 'tag', identifier: SHA });
    clock.at(T0 + 1000, () => standin.addBuild('demo', 'stable', { durationMs: 1000, outcome: 'skipped-in-post-checkout' }));
    const result = await waitOn(onTag('v1.0'));
    expect(result).toMatchObject({ outcome: 'skipped', version: 'stable' });
    // Where stable stands is read on the look that finds its commit-less build.
    expect(standin.count('GET', /^\/api\/v3\/projects\/demo\/versions\/stable\/$/)).toBe(1);
  });

  it('a tag push whose tag does not become stable: a commit-less stable build is not taken', async () => {
    standin.addVersion('demo', { slug: 'v0.9rc1', type: 'tag', identifier: SHA });
    standin.addVersion('demo', { slug: 'stable', type: 'tag', identifier: OTHER });
    clock.at(T0 + 1000, () => standin.addBuild('demo', 'stable', { durationMs: 1000, outcome: 'failure-before-checkout' }));
    const result = await waitOn(onTag('v0.9rc1'), { timeout: '30s' });
    expect(result).toMatchObject({ outcome: 'timed-out' });
  });
});
