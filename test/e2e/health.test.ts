// `health` through dist/, as a scheduled workflow runs it (issue 34's "Done when"): a project whose
// `latest` last built an old commit while `main` moved on hours ago, whose newest release `v1.2`
// has no version, and whose active `v1.0` last failed gets one open issue naming the three, a red
// step and no write to Read the Docs; a second run keeps that one issue; once the three are fixed,
// the next run is green and closes it. The checks' cases are in test/operations/health.test.ts.
import { describe, expect, it } from 'vitest';
import { startGitHubStandin } from '../../harness/github-standin.ts';
import { startStandin } from '../../harness/rtd-standin.ts';
import { GITHUB_TOKEN, runAction } from '../../harness/run-action.ts';

const TOKEN = 'rtd_secret_token_health';
const OLD = 'a'.repeat(40);
const HEAD = 'b'.repeat(40);
const C10 = '1'.repeat(40);
const C11 = '2'.repeat(40);
const C12 = '3'.repeat(40);
const HOUR = 3_600_000;
const SCHEDULE = { name: 'schedule', payload: { schedule: '17 6 * * *' } };

describe('operation health', () => {
  it('on a schedule: one issue naming latest, v1.2 and v1.0 and a red step, kept on the next run, closed once all is fixed', async ({
    onTestFinished,
  }) => {
    const rtd = await startStandin({ tokens: [TOKEN], rateLimit: null });
    const gh = await startGitHubStandin({ token: GITHUB_TOKEN });
    onTestFinished(() => Promise.all([rtd.close(), gh.close()]).then(() => undefined));
    rtd.addProject({
      slug: 'acme',
      versions: [
        // The service's own `stable`: it serves the highest release there is a version of.
        { slug: 'stable', type: 'tag', built: true, machine: true },
        { slug: 'v1.0', type: 'tag', identifier: C10, built: true },
        { slug: 'v1.1', type: 'tag', identifier: C11, built: true },
      ],
    });
    rtd.addBuild('acme', 'latest', { durationMs: 1000, outcome: 'success', commit: OLD, startedAgoMs: 26 * HOUR });
    rtd.addBuild('acme', 'v1.1', { durationMs: 1000, outcome: 'success', commit: C11, startedAgoMs: 30 * HOUR });
    rtd.addBuild('acme', 'v1.0', {
      durationMs: 1000,
      outcome: 'failure',
      commit: C10,
      startedAgoMs: 20 * HOUR,
      failingCommand: { command: 'python -m sphinx -W docs out', output: 'undefined label: intro', exit_code: 2 },
    });
    gh.setBranch('main', HEAD, Date.now() - 3 * HOUR);
    for (const tag of ['v1.0', 'v1.1', 'v1.2']) gh.addRelease({ tag });
    const run = () =>
      runAction({
        inputs: { token: TOKEN, 'base-url': rtd.url, project: 'acme', operation: 'health' },
        env: { GITHUB_API_URL: gh.url },
        event: SCHEDULE,
      });
    const open = () => gh.issues().filter((issue) => issue.state === 'open');

    const first = await run();
    expect(first.code, first.stdout).toBe(1);
    expect(first.annotations.filter((a) => a.level === 'error').map((a) => a.title)).toEqual(['Unhealthy: acme']);
    expect(open()).toHaveLength(1);
    const issue = open()[0]!;
    expect(issue.body.startsWith('<!-- readthedocs-action:health -->')).toBe(true);
    for (const name of ['`latest`', '`v1.2`', '`v1.0`']) expect(issue.body).toContain(name);
    expect(first.summary).toContain('| Check | State | Details | Links |');
    expect(JSON.parse(first.outputs.results!)[0]).toMatchObject({ project: 'acme', outcome: 'failed', healthy: false });

    const second = await run();
    expect(second.code).toBe(1);
    expect(gh.issues()).toHaveLength(1);
    expect(open()).toHaveLength(1);

    rtd.addBuild('acme', 'latest', { durationMs: 1000, outcome: 'success', commit: HEAD, startedAgoMs: 60_000 });
    rtd.addVersion('acme', { slug: 'v1.2', type: 'tag', identifier: C12 });
    rtd.addBuild('acme', 'v1.2', { durationMs: 1000, outcome: 'success', commit: C12, startedAgoMs: 60_000 });
    rtd.addBuild('acme', 'v1.0', { durationMs: 1000, outcome: 'success', commit: C10, startedAgoMs: 60_000 });

    const third = await run();
    expect(third.code, third.stdout).toBe(0);
    expect(third.annotations.filter((a) => a.level === 'error')).toEqual([]);
    expect(gh.issues().map((i) => [i.number, i.state])).toEqual([[issue.number, 'closed']]);
    expect(gh.comments(issue.number)).toHaveLength(1);
    expect(rtd.requests.filter((r) => r.method !== 'GET' && r.method !== 'HEAD')).toEqual([]);
  });

  it('builds disabled and re-enabled: red while disabled; once re-enabled (the notice stays listed, cancelled) green and no issue', async ({
    onTestFinished,
  }) => {
    const rtd = await startStandin({ tokens: [TOKEN], rateLimit: null });
    const gh = await startGitHubStandin({ token: GITHUB_TOKEN });
    onTestFinished(() => Promise.all([rtd.close(), gh.close()]).then(() => undefined));
    rtd.addProject({
      slug: 'acme',
      versions: [
        { slug: 'v1.1', type: 'tag', identifier: C11, built: true },
        { slug: 'stable', type: 'tag', built: true, machine: true },
      ],
    });
    rtd.addBuild('acme', 'latest', { durationMs: 1000, outcome: 'success', commit: HEAD, startedAgoMs: HOUR });
    gh.setBranch('main', HEAD, Date.now() - 2 * HOUR);
    gh.addRelease({ tag: 'v1.1' });
    const run = () =>
      runAction({
        inputs: { token: TOKEN, 'base-url': rtd.url, project: 'acme', operation: 'health' },
        env: { GITHUB_API_URL: gh.url },
        event: SCHEDULE,
      });
    const open = () => gh.issues().filter((issue) => issue.state === 'open');

    rtd.disableBuilds('acme');
    const disabled = await run();
    expect(disabled.code, disabled.stdout).toBe(1);
    expect(disabled.annotations.filter((a) => a.level === 'error').map((a) => a.title)).toEqual(['Unhealthy: acme']);
    expect(open()).toHaveLength(1);
    expect(open()[0]!.body).toContain('builds are disabled');

    rtd.disableBuilds('acme', false);
    const enabled = await run();
    expect(enabled.code, enabled.stdout).toBe(0);
    expect(enabled.annotations.filter((a) => a.level === 'error')).toEqual([]);
    expect(open()).toEqual([]);
    expect(JSON.parse(enabled.outputs.results!)[0]).toMatchObject({ project: 'acme', outcome: 'success', healthy: true });
  });

  // Issue 46: `ref` and `aliases` (API v3) say a `stable` tag at v1.0's commit is the user's own,
  // not the service's serving an old release; `expand=permissions` says the token is no admin, so
  // the notifications are not asked and the step says why builds disabled or not is not known.
  it("a user's own `stable` tag at an older release's commit is not flagged; a token that is no admin does not ask the notifications, and says why", async ({
    onTestFinished,
  }) => {
    const MEMBER = 'rtd_member_token_not_admin';
    const rtd = await startStandin({ tokens: [TOKEN], nonAdminTokens: [MEMBER], rateLimit: null });
    const gh = await startGitHubStandin({ token: GITHUB_TOKEN });
    onTestFinished(() => Promise.all([rtd.close(), gh.close()]).then(() => undefined));
    rtd.addProject({
      slug: 'acme',
      versions: [
        { slug: 'v1.0', type: 'tag', identifier: C10, built: true },
        { slug: 'v1.1', type: 'tag', identifier: C11, built: true },
        { slug: 'stable', type: 'tag', identifier: C10, built: true },
      ],
    });
    rtd.addBuild('acme', 'latest', { durationMs: 1000, outcome: 'success', commit: HEAD, startedAgoMs: HOUR });
    gh.setBranch('main', HEAD, Date.now() - 2 * HOUR);
    for (const tag of ['v1.0', 'v1.1']) gh.addRelease({ tag });
    const run = await runAction({
      inputs: { token: MEMBER, 'base-url': rtd.url, project: 'acme', operation: 'health' },
      env: { GITHUB_API_URL: gh.url },
      event: SCHEDULE,
    });

    expect(run.code, run.stdout).toBe(0);
    type Row = { check: string; state: string; subject?: string; details: string };
    const [result] = JSON.parse(run.outputs.results!) as { healthy: boolean; checks: Row[] }[];
    expect(result!.healthy).toBe(true);
    expect(result!.checks.find((row) => row.subject === 'stable')).toMatchObject({
      state: 'ok',
      details: "a branch or tag of the project's own, which the service never moves",
    });
    expect(rtd.requests.filter((r) => r.path === '/api/v3/projects/acme/notifications/')).toEqual([]);
    expect(rtd.requests.find((r) => r.path === '/api/v3/projects/acme/')?.query).toEqual({ expand: 'permissions' });
    expect(result!.checks.filter((row) => row.state === 'unknown')).toEqual([
      expect.objectContaining({ check: 'the root works', details: expect.stringContaining('the token is not an admin of acme') }),
    ]);
    expect(run.annotations).toContainEqual(
      expect.objectContaining({ level: 'warning', title: 'Health not checked', message: expect.stringContaining('not an admin of acme') }),
    );
  });
});
