// What a whole step asks the service while it waits, in-process on a fake clock against the
// loopback stand-in, with the budget step.ts makes from the inputs. Assertions are on requests
// (counts, order, statuses), never on how long things took.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { FakeClock } from '../support/operation-context.ts';
import { captureStdout, runStep } from './context.ts';

const TOKEN = 'rtd_polling_token_abcdef';
const HOUR = 3_600_000;

const stdout = captureStdout();
let clock: FakeClock;
let standin: Standin | undefined;
beforeEach(() => {
  clock = new FakeClock();
});
afterEach(async () => {
  await standin?.close();
  standin = undefined;
});

const buildPolls = (s: Standin) => s.count('GET', /\/builds\/\d+\/$/);
const step = (s: Standin, inputs: Record<string, string>) => runStep(s, inputs, { clock, token: TOKEN, budgetFromInputs: true });

describe('predictive polling (poll-interval: auto)', () => {
  it('with a history of 2-second builds, sees a 2-second build end with one or two polls', async () => {
    standin = await startStandin({ now: clock.now, tokens: [TOKEN] });
    standin.addProject({ slug: 'demo' });
    for (let i = 5; i >= 1; i -= 1) standin.addBuild('demo', 'latest', { durationMs: 2_000, outcome: 'success', startedAgoMs: i * HOUR });
    standin.onTrigger('demo', 'latest', { durationMs: 2_000, outcome: 'success' });

    // The warnings check would read the previous build's commands too (test/operations/warnings.test.ts counts them).
    const run = await step(standin, { project: 'demo', warnings: 'off' });

    expect(run.code, stdout.text()).toBe(0);
    expect(run.outputs.success).toBe('true');
    // Landing on the expected end (2.5 s) sees it; one more at the densest interval if it ran late.
    expect(buildPolls(standin)).toBeGreaterThanOrEqual(1);
    expect(buildPolls(standin)).toBeLessThanOrEqual(2);
    // The build's commands, for the log: read at most once per state seen (the trigger's answer and each poll).
    const commandReads = standin.count('GET', /^\/api\/v2\/build\/\d+\/$/);
    expect(commandReads).toBeGreaterThanOrEqual(1);
    expect(commandReads).toBeLessThanOrEqual(1 + buildPolls(standin));
    // project, history, trigger, polls, command reads: nothing else (the docs URL came with the trigger's answer).
    expect(standin.requests).toHaveLength(3 + buildPolls(standin) + commandReads);
    expect(run.outputs['docs-url']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*latest/);
  });

  it('without history, falls back to steady polling and still sees the end', async () => {
    standin = await startStandin({ now: clock.now, tokens: [TOKEN] });
    standin.addProject({ slug: 'demo' });
    standin.onTrigger('demo', 'latest', { durationMs: 2_000, outcome: 'success' });

    const run = await step(standin, { project: 'demo' });

    expect(run.code, stdout.text()).toBe(0);
    // Every 3 s (three densest intervals) at first: one or two polls for a 2-second build.
    expect(buildPolls(standin)).toBeGreaterThanOrEqual(1);
    expect(buildPolls(standin)).toBeLessThanOrEqual(2);
  });
});

describe('several builds under one tight budget', () => {
  it('spaces the requests of 4 projects so that a 10-per-6-s budget is never exceeded', async () => {
    standin = await startStandin({ now: clock.now, tokens: [TOKEN], rateLimit: { limit: 10, windowMs: 6_000 } });
    const slugs = ['demo', 'demo-es', 'demo-fr', 'demo-ja'];
    for (const slug of slugs) {
      standin.addProject({ slug, language: slug === 'demo' ? 'en' : slug.slice(5), translationOf: slug === 'demo' ? undefined : 'demo' });
      // No history: the fallback polls every 3 s; setup alone (a look and a trigger each) takes 8 of the 10.
      standin.onTrigger(slug, 'latest', { durationMs: 4_000, queueMs: 500, outcome: 'success' });
    }

    const run = await step(standin, { project: slugs.join('\n'), version: 'latest', 'rate-limit': '10/6s' });

    expect(run.code, stdout.text()).toBe(0);
    expect(standin.requests.filter((r) => r.status === 429)).toEqual([]);
    const results = JSON.parse(run.outputs.results!) as { outcome: string }[];
    expect(results.map((r) => r.outcome)).toEqual(['success', 'success', 'success', 'success']);
    // The budget was really tight: the polls needed more than one window.
    expect(standin.requests.filter((r) => r.path.startsWith('/api/v3/')).length).toBeGreaterThan(10);
  });
});
