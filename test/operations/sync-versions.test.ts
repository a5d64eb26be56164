// `sync-versions` in-process on a fake clock, against the loopback stand-in whose versions, builds
// and search index move with it: a version that appears 2 s after the sync, an active version
// whose build never comes (the grace window, then one trigger), search that never finds the pages
// (the verify window), and a version that never appears (the timeout). Asserted on outcomes and
// requests, never on time.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { syncVersionsProject } from '../../src/operations/sync-versions/sync-versions.js';
import type { SyncDetails } from '../../src/operations/sync-versions/search-hits.js';
import type { ProjectResult } from '../../src/operations/types.js';
import { FakeClock, operationContext, recordingLog, runProject } from '../support/operation-context.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { captureStdout, runStep } from './context.ts';

let standin: Standin;
let clock: FakeClock;
const stdout = captureStdout();

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
  let result: ProjectResult<SyncDetails>;
  try {
    result = await runProject(test.ctx, 'demo', syncVersionsProject, log);
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

  it('a version slow to appear: a line every 30 s of the wait, as `wait` says of a build (issue 42)', async () => {
    const { result, log } = await runSync({ version: 'v9.9', timeout: '100s' });

    expect(result).toMatchObject({ outcome: 'timed-out' });
    // At the first look (0 s), then at 30, 60 and 90 s: never silent for long, never at every look.
    expect(log.lines.filter((line) => line.includes('v9.9 is not there yet')).length).toBe(1);
    expect(log.lines.filter((line) => line.includes('v9.9 is still not there')).map((line) => line.split(' ')[0])).toEqual([
      '[30s]',
      '[1m]',
      '[1m30s]',
    ]);
  });
});

const step = (inputs: Record<string, string>) => runStep(standin, { project: 'demo', operation: 'sync-versions', ...inputs }, { clock });
const errors = () => stdout.annotations().filter((a) => a.level === 'error');
const warnings = () => stdout.annotations().filter((a) => a.level === 'warning');
const patches = (slug: string) =>
  standin.requests.filter((r) => r.method === 'PATCH' && r.path.endsWith(`/versions/${slug}/`)).map((r) => JSON.parse(r.body));
const searchQueries = () => standin.requests.filter((r) => r.path === '/api/v3/search/').map((r) => r.query.q);

/** A stand-in whose search index takes an hour to show a build's pages. */
async function slowIndex(): Promise<void> {
  await standin.close();
  standin = await startStandin({ now: clock.now, rateLimit: null, indexDelayMs: 3_600_000 });
  standin.addProject({ slug: 'demo', name: 'Demo Docs' });
}

describe('sync-versions, reported as the step reports it', () => {
  it('without a version: one POST, green when the service accepts the sync (202)', async () => {
    const run = await step({});

    expect(run.code).toBe(0);
    expect(standin.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/v3/projects/demo/sync-versions/']);
    expect(run.results[0]).toMatchObject({ project: 'demo', outcome: 'triggered' });
    expect(stdout.text()).toContain('Sync scheduled');
    expect(errors()).toEqual([]);
  });

  it('a version that never appears: red at the timeout, naming it as given and as a slug; nothing activated', async () => {
    const run = await step({ version: 'Release/9.9', timeout: '30s' });

    expect(run.code).toBe(1);
    // Every 3 s (auto) from 0 to 27 s, and none after the timeout.
    expect(standin.requests.filter((r) => r.path.includes('release-9.9')).length).toBe(10);
    const [error] = errors();
    expect(error!.title).toBe('Timed out: demo release-9.9');
    expect(error!.message).toContain('version release-9.9 (from `Release/9.9`) to appear');
    expect(error!.message).toContain('timed out after 30s (input `timeout`)');
    expect(standin.requests.some((r) => r.method === 'PATCH')).toBe(false);
    expect(run.outputs['build-id']).toBe('');
    expect(run.outputs.success).toBe('false');
  });

  it('verify: strict: red when search does not find the pages in time; `hidden` is set on activation', async () => {
    await slowIndex();
    standin.addVersion('demo', { slug: 'v2.0', type: 'tag', active: false });
    standin.onTrigger('demo', 'v2.0', { durationMs: 20_000, outcome: 'success' });
    const run = await step({ version: 'v2.0', verify: 'strict', hidden: 'true', 'verify-query': 'installation', 'poll-interval': '1s' });

    expect(run.code).toBe(1);
    expect(patches('v2.0')).toEqual([{ active: true, hidden: true }]);
    const [error] = errors();
    expect(error!.title).toBe('Not found through search: demo v2.0');
    expect(error!.message).toContain('build #1 succeeded, but search found no page of v2.0 for “installation”');
    // The 15-s window, searched every second.
    expect(searchQueries()).toEqual(Array(15).fill('project:demo/v2.0 installation'));
    expect(run.outputs['build-id']).toBe('1');
    expect(run.outputs['docs-url']).toBe(`${standin.url}/docs/demo/en/v2.0/`);
    expect(run.results[0]).toMatchObject({ outcome: 'failed', details: { verified: false } });
  });

  it('by default search not finding the pages is a warning; verify: none asks search nothing', async () => {
    await slowIndex();
    standin.addVersion('demo', { slug: 'v2.0', type: 'tag', active: false });
    standin.onTrigger('demo', 'v2.0', { durationMs: 20_000, outcome: 'success' });
    const run = await step({ version: 'v2.0', 'poll-interval': '1s' });

    expect(run.code).toBe(0);
    expect(errors()).toEqual([]);
    expect(warnings().map((w) => w.title)).toEqual(['Not found through search: demo v2.0']);
    expect(JSON.parse(run.outputs.results!)[0]).toMatchObject({ outcome: 'success', verified: false });

    const searchesBefore = searchQueries().length;
    const skipped = await step({ version: 'v2.0', verify: 'none' });
    expect(skipped.code).toBe(0);
    expect(searchQueries().length).toBe(searchesBefore);
    expect(JSON.parse(skipped.outputs.results!)[0]).toMatchObject({ outcome: 'success', verified: null });
  });

  it('by default a search that fails is a warning naming why', async () => {
    standin.addVersion('demo', { slug: 'v2.0', type: 'tag', active: false });
    standin.onTrigger('demo', 'v2.0', { durationMs: 20_000, outcome: 'success' });
    standin.fault({
      kind: 'status',
      method: 'GET',
      path: '/api/v3/search/',
      status: 400,
      body: '["Page number is too high."]',
      contentType: 'application/json',
    });
    const run = await step({ version: 'v2.0' });

    expect(run.code).toBe(0);
    expect(errors()).toEqual([]);
    const [warning, ...more] = warnings();
    expect(more).toEqual([]);
    expect(warning!.title).toBe('Not found through search: demo v2.0');
    expect(warning!.message).toContain('Page number is too high.');
    expect(run.results[0]).toMatchObject({ outcome: 'success', details: { verified: false } });
  });

  it('an active version with a build queued by the service: that build is followed, none triggered', async () => {
    standin.addVersion('demo', { slug: 'v2.0', type: 'tag', active: true });
    const previous = standin.addBuild('demo', 'v2.0', { durationMs: 30_000, outcome: 'success', startedAgoMs: 3_600_000 });
    const queued = standin.addBuild('demo', 'v2.0', { durationMs: 40_000, outcome: 'success' });
    const run = await step({ version: 'v2.0' });

    expect(run.code).toBe(0);
    expect(run.outputs['build-id']).toBe(String(queued));
    expect(queued).not.toBe(previous);
    expect(triggers('v2.0')).toBe(0);
    expect(standin.requests.some((r) => r.method === 'PATCH')).toBe(false);
    expect(standin.builds('demo').map((b) => b.state)).toEqual(['finished', 'finished']);
    expect(stdout.text()).toContain(`following build #${queued} the service queued`);
  });

  it("an active version whose build never comes: the one triggered is followed, not the version's previous build", async () => {
    standin.addVersion('demo', { slug: 'v2.0', type: 'tag', active: true });
    const previous = standin.addBuild('demo', 'v2.0', { durationMs: 30_000, outcome: 'success', startedAgoMs: 3_600_000 });
    standin.onTrigger('demo', 'v2.0', { durationMs: 20_000, outcome: 'success' });
    const run = await step({ version: 'v2.0' });

    expect(run.code).toBe(0);
    expect(triggers('v2.0')).toBe(1);
    const triggered = standin.builds('demo').find((b) => b.source === 'api')!;
    expect(triggered.id).not.toBe(previous);
    expect(run.outputs['build-id']).toBe(String(triggered.id));
    expect(stdout.text()).toMatch(/no build of it came within \d+s: triggering one/);
  });

  it('an inactive version with activate: false: red, saying so, nothing activated or built', async () => {
    standin.addVersion('demo', { slug: 'v2.0', type: 'tag', active: false });
    const run = await step({ version: 'v2.0', activate: 'false' });

    expect(run.code).toBe(1);
    const [error] = errors();
    expect(error!.title).toBe('Version inactive: demo v2.0');
    expect(error!.message).toContain('`activate` is false');
    expect(standin.requests.some((r) => r.method === 'PATCH')).toBe(false);
    expect(standin.builds('demo')).toHaveLength(0);
  });

  it('a project and its translation go through the same steps concurrently', async () => {
    standin.addProject({ slug: 'demo-es', name: 'Demo ES', language: 'es', translationOf: 'demo' });
    for (const project of ['demo', 'demo-es']) {
      standin.addVersion(project, { slug: 'v2.0', type: 'tag', active: false, appearsAfterSyncMs: 2000 });
      standin.onTrigger(project, 'v2.0', { durationMs: 40_000, outcome: 'success' });
    }
    const run = await step({ project: 'demo\ndemo-es', version: 'v2.0' });

    expect(run.code).toBe(0);
    expect(standin.count('POST', /\/versions\/[^/]+\/builds\/$/)).toBe(0);
    expect(
      standin
        .builds()
        .map((b) => [b.project, b.source])
        .sort(),
    ).toEqual([
      ['demo', 'activation'],
      ['demo-es', 'activation'],
    ]);
    const byProject = (JSON.parse(run.outputs.results!) as Record<string, unknown>[]).map((r) => [
      r.project,
      r.outcome,
      r.docsUrl,
      r.verified,
    ]);
    expect(byProject).toEqual([
      ['demo', 'success', `${standin.url}/docs/demo/en/v2.0/`, true],
      ['demo-es', 'success', `${standin.url}/docs/demo/es/v2.0/`, true],
    ]);
    // Concurrently: each project's requests began before the other's were over.
    const paths = standin.requests.map((r) => r.path);
    const firstOf = (slug: string) => paths.findIndex((path) => path.startsWith(`/api/v3/projects/${slug}/`));
    const lastOf = (slug: string) => paths.findLastIndex((path) => path.startsWith(`/api/v3/projects/${slug}/`));
    expect(firstOf('demo-es')).toBeLessThan(lastOf('demo'));
    expect(firstOf('demo')).toBeLessThan(lastOf('demo-es'));
    expect(searchQueries()).toContain('project:demo-es/v2.0 Demo ES');
  });
});
