// Finding a pull request's build in-process on a fake clock: the appear interval and the grace
// window of the polling plan, the warning without `trigger`, one trigger with it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findPullRequestBuild } from '../../src/operations/preview/find-pr-build.js';
import { FakeClock, T0, operationContext, recordingLog } from '../support/operation-context.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';

const PR = 7;
const HEAD = 'd'.repeat(40);
const OLDER = 'e'.repeat(40);
let standin: Standin;
let clock: FakeClock;

beforeEach(async () => {
  clock = new FakeClock();
  standin = await startStandin({ now: clock.now, rateLimit: null });
  standin.addProject({ slug: 'demo', name: 'Demo Docs', versions: [{ slug: String(PR), type: 'external' }] });
  standin.addBuild('demo', String(PR), {
    durationMs: 1000,
    outcome: 'success',
    commit: OLDER,
    commitFromStart: true,
    startedAgoMs: 600_000,
  });
});
afterEach(async () => {
  await standin.close();
});

const lookups = () => standin.requests.filter((r) => r.path === '/api/v3/projects/demo/builds/' && r.query.commit === HEAD).length;
const triggers = () => standin.count('POST', `/api/v3/projects/demo/versions/${PR}/builds/`);

async function find(inputs: Record<string, string>) {
  const test = operationContext({ baseUrl: standin.url, clock, inputs: { project: 'demo', operation: 'preview', ...inputs } });
  const log = recordingLog();
  try {
    const found = await findPullRequestBuild(test.ctx, 'demo', PR, HEAD, log);
    if (!('build' in found)) throw new Error('no build: skipped by an automation rule');
    return { build: found.build, log };
  } finally {
    await test.close();
  }
}

describe('findPullRequestBuild, in-process on a fake clock', () => {
  it('a build of the head that the webhook starts 12 s late: found at the look after it, never the older commit’s', async () => {
    clock.at(T0 + 12_000, () =>
      standin.addBuild('demo', String(PR), { durationMs: 30_000, outcome: 'success', commit: HEAD, commitFromStart: true }),
    );
    const { build, log } = await find({});

    expect(build).toMatchObject({ id: 2, commit: HEAD });
    // Every 5 s (auto): at 0, 5, 10 and 15 s.
    expect(lookups()).toBe(4);
    expect(log.warnings).toEqual([]);
    expect(triggers()).toBe(0);
  });

  it('none within the grace window (10 looks of 1 s): a warning, no trigger, and the look goes on', async () => {
    clock.at(T0 + 15_500, () =>
      standin.addBuild('demo', String(PR), { durationMs: 30_000, outcome: 'success', commit: HEAD, commitFromStart: true }),
    );
    const { build, log } = await find({ 'poll-interval': '1s' });

    expect(build.commit).toBe(HEAD);
    expect(log.warnings.map((w) => w.title)).toEqual(['No preview build yet']);
    expect(log.warnings[0]!.message).toContain('within 10s');
    expect(triggers()).toBe(0);
    expect(lookups()).toBe(17); // at 0, 1, … 16 s
  });

  it('with trigger: true, the pull request version is triggered once when the grace window ends', async () => {
    standin.onTrigger('demo', String(PR), { durationMs: 20_000, outcome: 'success', commit: HEAD });
    const { build, log } = await find({ 'poll-interval': '1s', trigger: 'true' });

    expect(build.commit).toBe(HEAD);
    expect(triggers()).toBe(1);
    expect(log.lines.some((line) => line.includes('triggering the pull request version'))).toBe(true);
    // Triggered at the look at 10 s, when the grace window ended: after 11 looks and the PR version's lookup.
    const before = standin.requests.slice(
      0,
      standin.requests.findIndex((r) => r.method === 'POST'),
    );
    expect(before.filter((r) => r.query.commit === HEAD).length).toBe(11);
    expect(before.filter((r) => r.path === `/api/v3/projects/demo/versions/${PR}/`).length).toBe(1);
  });
});
