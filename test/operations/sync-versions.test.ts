// `sync-versions` in-process on a fake clock, against the loopback stand-in whose versions, builds
// and search index move with it: a version that appears 2 s after the sync, an active version
// whose build never comes (the grace window, then one trigger), search that never finds the pages
// (the verify window), and a version that never appears (the timeout). Asserted on outcomes and
// requests, never on time.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { syncVersionsOperation } from '../../src/operations/sync-versions/sync-versions.js';
import type { SyncDetails } from '../../src/operations/sync-versions/search-hits.js';
import type { ProjectResult } from '../../src/operations/types.js';
import { FakeClock, operationContext, recordingLog } from '../support/operation-context.ts';
import { startStandin, type Standin } from '../support/rtd-standin.ts';

let standin: Standin;
let clock: FakeClock;

beforeEach(async () => {
  clock = new FakeClock();
  standin = await startStandin({ now: clock.now, rateLimit: null, indexDelayMs: 1500 });
  standin.addProject({ slug: 'demo', name: 'Demo Docs' });
});
afterEach(async () => {
  await standin.close();
});

const versionGets = (slug: string) => standin.count('GET', new RegExp(`^/api/v3/projects/demo/versions/${slug.replace('.', '\\.')}/$`));
const triggers = (slug: string) => standin.count('POST', `/api/v3/projects/demo/versions/${slug}/builds/`);
const buildLists = (slug: string) => standin.count('GET', `/api/v3/projects/demo/versions/${slug}/builds/`);
const searches = () => standin.count('GET', '/api/v3/search/');

async function runSync(inputs: Record<string, string>) {
  const test = operationContext({ baseUrl: standin.url, clock, inputs: { project: 'demo', operation: 'sync-versions', ...inputs } });
  const log = recordingLog();
  const result: ProjectResult<SyncDetails> = { project: 'demo', outcome: 'error' };
  try {
    await syncVersionsOperation(test.ctx, result, log);
  } finally {
    await test.close();
  }
  return { result, log, summary: result.summarySections ?? [] };
}

describe('sync-versions, in-process on a fake clock', () => {
  it('a tag that appears 2 s after the sync: looked for every 3 s, activated once, its build followed, found through search', async () => {
    standin.addVersion('demo', { slug: 'v2.0', type: 'tag', active: false, appearsAfterSyncMs: 2000 });
    standin.onTrigger('demo', 'v2.0', { durationMs: 40_000, outcome: 'success' });
    standin.setSearchHits('demo', 'v2.0', [{ title: 'Demo Docs', path: '/index.html' }]);
    const { result, log } = await runSync({ version: 'v2.0' });

    expect(result).toMatchObject({ outcome: 'success', version: 'v2.0', buildId: 1, state: 'finished' });
    expect(result.details).toMatchObject({ verified: true });
    expect(standin.count('POST', '/api/v3/projects/demo/sync-versions/')).toBe(1);
    // 404 at once, found at the look 3 s later.
    expect(versionGets('v2.0')).toBe(2);
    expect(log.lines.filter((line) => line.includes('v2.0 is not there yet')).length).toBe(1);
    // Activated once (which queues the build); never triggered.
    expect(standin.requests.filter((r) => r.method === 'PATCH').map((r) => JSON.parse(r.body))).toEqual([{ active: true }]);
    expect(triggers('v2.0')).toBe(0);
    // The watch sees the build's end (43 s) after the 1.5 s of indexing: the first search finds it.
    expect(searches()).toBe(1);
  });

  it('an active version whose build never comes: five looks of grace, then exactly one trigger', async () => {
    standin.addVersion('demo', { slug: 'v3.0', type: 'tag', active: true });
    standin.onTrigger('demo', 'v3.0', { durationMs: 10_000, outcome: 'success' });
    const { result, log } = await runSync({ version: 'v3.0', verify: 'none', 'poll-interval': '2s' });

    expect(result).toMatchObject({ outcome: 'success', buildId: 1 });
    expect(result.details).toMatchObject({ verified: null });
    // Looks at 0, 2, … 10 s: the grace window is 5 looks of 2 s.
    expect(buildLists('v3.0')).toBe(6);
    expect(log.lines).toContain('v3.0 is active and no build of it came within 10s: triggering one');
    expect(triggers('v3.0')).toBe(1);
    expect(searches()).toBe(0);
  });

  it('search never finds the pages: a warning after the verify window (15 searches of the fixed interval)', async () => {
    // Indexing that takes an hour.
    await standin.close();
    standin = await startStandin({ now: clock.now, rateLimit: null, indexDelayMs: 3_600_000 });
    standin.addProject({ slug: 'demo', name: 'Demo Docs' });
    standin.addVersion('demo', { slug: 'v4.0', type: 'tag', active: false });
    standin.onTrigger('demo', 'v4.0', { durationMs: 8000, outcome: 'success' });
    const { result, log } = await runSync({ version: 'v4.0', 'poll-interval': '1s' });

    expect(result).toMatchObject({ outcome: 'success', buildId: 1 });
    expect(result.details).toMatchObject({ verified: false });
    expect(log.warnings.map((w) => w.title)).toEqual(['Not found through search: demo v4.0']);
    // A 15-s window searched every second: at 0, 1, … 14 s.
    expect(searches()).toBe(15);
  });

  it('a version that never appears: timed out, saying what never came', async () => {
    const { result, log } = await runSync({ version: 'v9.9', timeout: '30s' });

    expect(result).toMatchObject({ outcome: 'timed-out', title: 'Timed out' });
    expect(result.reason).toContain('waiting for version v9.9 to appear after the sync');
    // Every 3 s (auto) from 0 to 27 s.
    expect(versionGets('v9.9')).toBe(10);
    // Said once, not at every look.
    expect(log.lines.filter((line) => line.includes('v9.9 is not there yet')).length).toBe(1);
  });
});
