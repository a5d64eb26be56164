// API v2 is not throttled by the service (FACTS.md: "only API v3 sets throttle classes"): its reads
// (a build's commands, a pull request version's head commit) wait for no slot of the step's budget
// and take none, with or without a token; API v3 keeps its budget.
import { afterEach, describe, expect, it } from 'vitest';
import { ReadTheDocsHttpClient } from '../src/readthedocs/http-client.js';
import { RateBudget } from '../src/readthedocs/rate-budget.js';
import { ReadTheDocsApi } from '../src/readthedocs/read-the-docs.js';
import { Deadline } from '../src/util/abort.js';
import { FakeClock } from './support/operation-context.ts';
import { startStandin, type Standin } from '../harness/rtd-standin.ts';

let standin: Standin;
afterEach(async () => {
  await standin.close();
});

describe('API v2 and the budget', () => {
  it.each([
    ['with a token', 'test-token'],
    ['without one', undefined],
  ])('%s: once API v3 has used the budget, API v2 reads go out at once and take no slot', async (_name, token) => {
    const clock = new FakeClock();
    standin = await startStandin({ now: clock.now });
    standin.addProject({ slug: 'demo' });
    // Still running: its commands are read afresh each time.
    const id = standin.addBuild('demo', 'latest', { durationMs: 600_000, outcome: 'success', commit: 'c'.repeat(40), startedAgoMs: 5000 });
    const budget = new RateBudget(1, 60_000, clock.now, clock.sleep);
    const deadline = new Deadline(clock.now() + 600_000, new AbortController().signal, clock.now, clock.timer);
    const http = new ReadTheDocsHttpClient({
      baseUrl: standin.url,
      token,
      userAgent: 'tests',
      budget,
      signal: deadline.signal,
      redact: (text) => text,
      sleep: clock.sleep,
    });
    const api = new ReadTheDocsApi(http);
    try {
      await api.project('demo');
      for (let i = 0; i < 8; i++) await api.buildCommands(id);
      expect(standin.count('GET', `/api/v2/build/${id}/`)).toBe(8);
      const version = (await api.buildCommands(id)).version!;
      expect((await api.versionById(version)).slug).toBe('latest');
      expect(clock.elapsed()).toBe(0);
      expect(budget.stats.sent).toBe(1);
      expect(standin.requests.filter((r) => r.path.startsWith('/api/v2/')).every((r) => r.headers.authorization === undefined)).toBe(true);
      // API v3 still waits for its slot: a minute on the fake clock.
      await api.project('demo');
      expect(clock.elapsed()).toBeGreaterThanOrEqual(60_000);
      expect(budget.stats.sent).toBe(2);
    } finally {
      deadline.dispose();
      await http.close();
    }
  });
});
