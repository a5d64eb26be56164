// A whole build step in-process on a fake clock, against the loopback stand-in with faults
// injected: every run is checked for its outcome and for how many builds it created. What needs the
// real process (HTTP timeouts set through the environment, the proxy, signals, masking) stays in
// test/e2e/resilience.test.ts.
import { describe, expect, it } from 'vitest';
import { answers, scriptedServer } from '../support/scripted-server.ts';
import { captureStdout, clockedStandin, runStep } from './context.ts';

const TOKEN = 'rtd_resilience_token_0123456789abcdef';
const POLL = /\/builds\/\d+\/$/;
const TRIGGER = /\/versions\/[^/]+\/builds\/$/;
const STACK_LINE = /\n\s+at /;

const stdout = captureStdout();
const stage = clockedStandin({ tokens: [TOKEN], indexDelayMs: 100 });

const step = (inputs: Record<string, string> = {}, httpTimeoutMs?: number) =>
  runStep(stage.standin, { project: 'demo', 'poll-interval': '200ms', ...inputs }, { clock: stage.clock, token: TOKEN, httpTimeoutMs });
const errors = () => stdout.annotations().filter((annotation) => annotation.level === 'error');
function expectNoStackTrace(): void {
  for (const annotation of stdout.annotations()) expect(annotation.message).not.toMatch(STACK_LINE);
  expect(stdout.text()).not.toMatch(STACK_LINE);
}

describe('faults on the way', () => {
  it("a new user's run through a 503 page, a reset, a 429, a cut-off body and a 502 ends green with one build", async () => {
    stage.standin.onTrigger('demo', 'latest', { durationMs: 6000, outcome: 'success' });
    stage.standin.fault({
      kind: 'status',
      method: 'GET',
      path: /\/projects\/demo\/$/,
      status: 503,
      body: '<html><body><h1>503 Service Unavailable</h1>Back soon.</body></html>',
    });
    stage.standin.fault({ kind: 'reset', method: 'GET', path: /\/versions\/latest\/builds\/$/ });
    stage.standin.fault({
      kind: 'status',
      method: 'GET',
      path: POLL,
      status: 429,
      body: JSON.stringify({ detail: 'Request was throttled. Expected available in 1 second.' }),
      headers: { 'retry-after': '1' },
    });
    stage.standin.fault({ kind: 'truncate', method: 'GET', path: POLL, after: 2 });
    stage.standin.fault({
      kind: 'status',
      method: 'GET',
      path: POLL,
      status: 502,
      body: 'Bad Gateway',
      contentType: 'text/plain',
      after: 4,
    });
    // When each request reached the stand-in, on the fake clock (its own log keeps the real time).
    const sentAt: number[] = [];
    const record = stage.standin.requests.push.bind(stage.standin.requests);
    stage.standin.requests.push = (...requests) => {
      for (const _ of requests) sentAt.push(stage.clock.now());
      return record(...requests);
    };
    const run = await step();

    expect(run.code, stdout.text()).toBe(0);
    expect(stage.standin.builds('demo')).toHaveLength(1);
    expect(stage.standin.count('POST', TRIGGER)).toBe(1);
    expect(run.outputs.success).toBe('true');
    expect(run.outputs['build-id']).toBe(String(stage.standin.builds('demo')[0]!.id));
    // Every fault was met, and answered by a retry.
    expect(stage.standin.requests.map((request) => request.fault).filter(Boolean)).toEqual([
      'status',
      'reset',
      'status',
      'truncate',
      'status',
    ]);
    // On the fake clock: the next request went out no sooner than the Retry-After second.
    const throttled = stage.standin.requests.findIndex((request) => request.status === 429);
    expect(sentAt[throttled + 1]! - sentAt[throttled]!).toBeGreaterThanOrEqual(990);
    expect(errors()).toEqual([]);
  });

  it('keeps retrying within the deadline only, and then says why it stopped', async () => {
    stage.standin.onTrigger('demo', 'latest', { durationMs: 60_000, outcome: 'success' });
    stage.standin.fault({ kind: 'status', method: 'GET', path: POLL, status: 503, body: '<html>down for maintenance</html>', times: 100 });
    const run = await step({ version: 'latest', timeout: '4s' });

    expect(run.code).toBe(1);
    // It retried the polls it could within the 4-s deadline (never the 100 the fault allows).
    const unavailable = stage.standin.requests.filter((request) => request.status === 503).length;
    expect(unavailable).toBeGreaterThanOrEqual(2);
    expect(unavailable).toBeLessThan(100);
    expect(stage.standin.builds('demo')).toHaveLength(1);
    const [error] = errors();
    expect(error!.title).toMatch(/^(Read the Docs unavailable|Timed out): demo latest$/);
    expect(error!.message).toMatch(/deadline|timed out/);
    expect(error!.message).toContain('503');
    // Each retry is one line of the story, not only a debug line.
    expect(stdout.text()).toMatch(/^Read the Docs answered 503 for GET \S+; attempt 2 of 6 in \d+(\.\d)?m?s$/m);
    expect(run.outputs['build-id']).toBe(String(stage.standin.builds('demo')[0]!.id));
    expectNoStackTrace();
  });

  it('a 403 page in front of the service is a network block: said plainly, not retried, nothing created', async () => {
    stage.standin.fault({ kind: 'status', status: 403, body: "<html><body>Request blocked by your organisation's firewall</body></html>" });
    const run = await step();

    expect(run.code).toBe(1);
    expect(stage.standin.requests).toHaveLength(1);
    expect(stage.standin.builds('demo')).toHaveLength(0);
    const [error] = errors();
    expect(error!.title).toBe('Blocked before Read the Docs: demo');
    expect(error!.message).toContain('network block');
    expect(error!.message).toContain(stage.standin.url);
    expectNoStackTrace();
  });
});

describe('request timeouts (real time: 500 ms, as RTD_ACTION_HTTP_TIMEOUT_MS would set them)', () => {
  it('rides through a stalled body on a read', async () => {
    stage.standin.onTrigger('demo', 'latest', { durationMs: 2500, outcome: 'success' });
    // A stall far past the 500-ms timeout, which must fire first however busy the machine (the stand-in drops it on close).
    stage.standin.fault({ kind: 'stall-body', method: 'GET', path: POLL, ms: 60_000 });
    const run = await step({ version: 'latest' }, 500);

    expect(run.code, stdout.text()).toBe(0);
    expect(stage.standin.builds('demo')).toHaveLength(1);
    expect(stage.standin.requests.map((request) => request.fault).filter(Boolean)).toEqual(['stall-body']);
    expect(stdout.text()).toMatch(/^Read the Docs did not answer \(UND_ERR_BODY_TIMEOUT\) for GET \S+; attempt 2 of 6/m);
  });

  it('a trigger answered after the build was made, too late: adopts it, one build, green', async () => {
    stage.standin.onTrigger('demo', 'latest', { durationMs: 500, outcome: 'success' });
    stage.standin.fault({ kind: 'delay-after-processing', method: 'POST', path: TRIGGER, ms: 60_000 });
    const run = await step({ version: 'latest' }, 500);
    expect(stdout.text()).toContain('UND_ERR_HEADERS_TIMEOUT');

    expect(run.code, stdout.text()).toBe(0);
    expect(stage.standin.count('POST', TRIGGER)).toBe(1);
    expect(stage.standin.builds('demo')).toHaveLength(1);
    expect(stage.standin.builds('demo')[0]!.state).toBe('finished');
    expect(run.outputs['build-id']).toBe(String(stage.standin.builds('demo')[0]!.id));
  });
});

describe('a trigger whose answer is lost', () => {
  it('after the build was created (reset): adopts that build, one build, green', async () => {
    stage.standin.addBuild('demo', 'latest', { durationMs: 1000, outcome: 'success', startedAgoMs: 60_000 });
    stage.standin.onTrigger('demo', 'latest', { durationMs: 1500, outcome: 'success' });
    stage.standin.fault({ kind: 'reset-after-processing', method: 'POST', path: TRIGGER });
    const run = await step({ version: 'latest' });

    expect(run.code, stdout.text()).toBe(0);
    expect(stage.standin.count('POST', TRIGGER)).toBe(1);
    const builds = stage.standin.builds('demo');
    expect(builds).toHaveLength(2); // the old one, and the one this run created
    const created = builds.at(-1)!;
    expect(created.state).toBe('finished');
    expect(run.outputs['build-id']).toBe(String(created.id));
    expect(stdout.annotations().find((annotation) => annotation.level === 'warning')!.title).toBe('Answer lost');
    expect(stdout.text()).toContain(`The trigger did create build #${created.id}: following it`);
  });

  it('before anything was created (reset, 502): looks, finds nothing, triggers again, one build', async () => {
    stage.standin.onTrigger('demo', 'latest', { durationMs: 1000, outcome: 'success' });
    stage.standin.fault({ kind: 'reset', method: 'POST', path: TRIGGER });
    stage.standin.fault({ kind: 'status', method: 'POST', path: TRIGGER, status: 502, body: '<html>Bad Gateway</html>' });
    const run = await step({ version: 'latest' });

    expect(run.code, stdout.text()).toBe(0);
    expect(stage.standin.count('POST', TRIGGER)).toBe(3);
    expect(stage.standin.builds('demo')).toHaveLength(1);
    expect(stage.standin.builds('demo')[0]!.state).toBe('finished');
    expect(stdout.text()).toContain('No build was created: triggering again');
  });

  it('on the last attempt too: looks for the build before giving up, adopts it, one build', async () => {
    stage.standin.onTrigger('demo', 'latest', { durationMs: 1000, outcome: 'success' });
    stage.standin.fault({ kind: 'reset', method: 'POST', path: TRIGGER });
    stage.standin.fault({ kind: 'status', method: 'POST', path: TRIGGER, status: 502, body: '<html>Bad Gateway</html>' });
    stage.standin.fault({ kind: 'reset-after-processing', method: 'POST', path: TRIGGER });
    const run = await step({ version: 'latest' });

    expect(run.code, stdout.text()).toBe(0);
    expect(stage.standin.count('POST', TRIGGER)).toBe(3);
    expect(stage.standin.builds('demo')).toHaveLength(1);
    const created = stage.standin.builds('demo')[0]!;
    expect(created.state).toBe('finished');
    expect(run.outputs['build-id']).toBe(String(created.id));
    expect(stdout.text()).toContain(`The trigger did create build #${created.id}: following it`);
  });
});

describe('hosts', () => {
  it('does not follow a redirect to another origin, and sends nothing there', async () => {
    const foreign = await scriptedServer([answers.json(200, {})]);
    try {
      stage.standin.onTrigger('demo', 'latest', { durationMs: 3000, outcome: 'success' });
      stage.standin.fault({ kind: 'redirect', method: 'GET', path: POLL, location: `${foreign.url}/collect` });
      const run = await step({ version: 'latest' });

      expect(run.code).toBe(1);
      expect(foreign.hits).toHaveLength(0);
      expect(stage.standin.builds('demo')).toHaveLength(1);
      expect(errors()[0]!.message).toContain(`unexpected redirect (302) to ${foreign.url}; not followed`);
      expectNoStackTrace();
    } finally {
      await foreign.close();
    }
  });
});
