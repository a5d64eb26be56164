// watchBuild with a scripted service (no HTTP) on a fake clock: the schedule it keeps, the fair
// share between builds watched at once in one step (and only in that step), and the deadline.
import { describe, expect, it } from 'vitest';
import { pollingPlan } from '../../src/operations/polling-plan.js';
import { LastSeenRecorder, type OperationContext, type ProjectRun } from '../../src/operations/types.js';
import { WatcherRegistry } from '../../src/operations/watchers.js';
import { watchBuild } from '../../src/operations/shared/builds/watch-build.js';
import type { Build } from '../../src/readthedocs/schemas.js';
import { Deadline, DeadlineError } from '../../src/util/abort.js';
import { FakeClock, T0, recordingLog } from '../support/operation-context.ts';

function build(id: number, state: string, success: boolean | null = null): Build {
  return {
    id,
    project: 'demo',
    version: 'latest',
    commit: 'a'.repeat(40),
    created: new Date(T0).toISOString(),
    finished: null,
    duration: state === 'finished' ? 40 : null,
    success,
    error: '',
    state: { code: state, name: state },
    urls: { build: `https://app.readthedocs.org/projects/demo/builds/${id}/`, project: '', version: '' },
    _links: {},
  } as unknown as Build;
}

/** A step's context over a scripted service: build `id` ends `endsAfterMs[id]` after T0; every poll and fair-share question is recorded. */
function scriptedStep(clock: FakeClock, endsAfterMs: Record<number, number>, pollInterval: 'auto' | number, timeoutMs = 3_600_000) {
  const polls: { id: number; at: number }[] = [];
  const consumers: number[] = [];
  const ctx = {
    inputs: { pollInterval, timeoutMs, baseUrl: 'https://app.readthedocs.org' },
    api: {
      // The build's log: none here.
      buildCommands: async (id: number) => ({ id, commands: [] }),
      build: async (_project: string, id: number) => {
        polls.push({ id, at: clock.elapsed() });
        return clock.elapsed() >= endsAfterMs[id]! ? build(id, 'finished', true) : build(id, 'building');
      },
    },
    budget: {
      fairIntervalMs: (n: number) => {
        consumers.push(n);
        return 0;
      },
      nextSlotAt: () => 0,
    },
    deadline: new Deadline(T0 + timeoutMs, new AbortController().signal, clock.now, clock.timer),
    startedAt: T0,
    now: clock.now,
    sleep: clock.sleep,
    polling: pollingPlan(pollInterval),
    watchers: new WatcherRegistry(),
    summarySections: [],
  } as unknown as OperationContext;
  return { ctx, polls, consumers };
}

const run = (): ProjectRun => ({ name: 'demo', log: recordingLog(), seen: new LastSeenRecorder('https://app.readthedocs.org') });

describe('watchBuild, on a fake clock', () => {
  it('a fixed interval: one GET per interval until the build is seen finished', async () => {
    const clock = new FakeClock();
    const { ctx, polls } = scriptedStep(clock, { 1: 40_000 }, 5000);
    const { build: final } = await watchBuild(ctx, run(), build(1, 'triggered'), undefined);

    expect(final.state.code).toBe('finished');
    expect(polls.map((p) => p.at)).toEqual([5000, 10_000, 15_000, 20_000, 25_000, 30_000, 35_000, 40_000]);
  });

  it('auto with history: sparse far from the expected end, dense near it', async () => {
    const clock = new FakeClock();
    const { ctx, polls } = scriptedStep(clock, { 1: 300_000 }, 'auto');
    await watchBuild(ctx, run(), build(1, 'building'), { expectedMs: 300_000, spreadMs: 5000 });

    const gaps = polls.map((p, i) => p.at - (i === 0 ? 0 : polls[i - 1]!.at));
    expect(Math.max(...gaps.slice(0, 5))).toBeGreaterThanOrEqual(10_000);
    expect(gaps.at(-1)).toBeLessThanOrEqual(2000);
    expect(polls.length).toBeLessThan(40);
  });

  it('builds watched at once in one step share the budget; another step (context) does not count them', async () => {
    const clock = new FakeClock();
    const step = scriptedStep(clock, { 1: 20_000, 2: 20_000 }, 5000);
    const other = scriptedStep(clock, { 3: 20_000 }, 5000);
    await Promise.all([
      watchBuild(step.ctx, run(), build(1, 'building'), undefined),
      watchBuild(step.ctx, run(), build(2, 'building'), undefined),
      watchBuild(other.ctx, run(), build(3, 'building'), undefined),
    ]);

    expect(step.consumers.length).toBeGreaterThan(0);
    // Both of the step's pollers counted each other until the first one ended.
    expect(step.consumers[0]).toBe(2);
    expect(other.consumers.every((n) => n === 1)).toBe(true);
    expect(step.ctx.watchers.count).toBe(0);
    expect(other.ctx.watchers.count).toBe(0);
  });

  it('the deadline ends the watch with a DeadlineError, and the watcher is no longer counted', async () => {
    const clock = new FakeClock();
    const { ctx, polls } = scriptedStep(clock, { 1: 3_600_000 }, 15_000, 60_000);
    const res = run();
    await expect(watchBuild(ctx, res, build(1, 'building'), undefined)).rejects.toBeInstanceOf(DeadlineError);

    expect(polls.length).toBe(3); // at 15, 30 and 45 s
    expect(res.seen.current.state).toBe('building');
    expect(ctx.watchers.count).toBe(0);
    expect(clock.elapsed()).toBe(60_000);
  });
});
