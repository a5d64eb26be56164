// `sync-versions` as a release pipeline runs it: the bundled action against the loopback stand-in.
import { afterEach, describe, expect, it } from 'vitest';
import { startStandin, type Standin, type StandinOptions } from '../support/rtd-standin.ts';
import { runAction, type ActionRun } from '../support/run-action.ts';

const TOKEN = 'rtd_secret_token_sync_0123456789';

let standin: Standin | undefined;

async function start(options: StandinOptions = {}): Promise<Standin> {
  standin = await startStandin({ tokens: [TOKEN], ...options });
  standin.addProject({ slug: 'demo', name: 'Demo Docs' });
  return standin;
}
afterEach(async () => {
  await standin?.close();
  standin = undefined;
});

/** Inputs that keep waits short: fixed quick polling and a budget that allows it. */
function fast(s: Standin, inputs: Record<string, string>): Record<string, string> {
  return {
    token: TOKEN,
    'base-url': s.url,
    'poll-interval': '200ms',
    'rate-limit': '600/1m',
    operation: 'sync-versions',
    project: 'demo',
    ...inputs,
  };
}

const errors = (run: ActionRun) => run.annotations.filter((a) => a.level === 'error');
const warnings = (run: ActionRun) => run.annotations.filter((a) => a.level === 'warning');
const results = (run: ActionRun) => JSON.parse(run.outputs.results!) as Record<string, unknown>[];
const triggers = (s: Standin) => s.count('POST', /\/versions\/[^/]+\/builds\/$/);
const patches = (s: Standin, version: string) => s.requests.filter((r) => r.method === 'PATCH' && r.path.endsWith(`/versions/${version}/`));
const searches = (s: Standin) => s.requests.filter((r) => r.path === '/api/v3/search/');

describe('sync-versions without a version', () => {
  it('is green when the service accepts the sync (202)', async () => {
    const s = await start();
    const run = await runAction({ inputs: fast(s, {}) });

    expect(run.code, run.stdout).toBe(0);
    expect(s.count('POST', '/api/v3/projects/demo/sync-versions/')).toBe(1);
    expect(s.requests.map((r) => r.method)).toEqual(['POST']);
    expect(results(run)[0]).toMatchObject({ project: 'demo', outcome: 'triggered' });
    expect(run.stdout).toContain('Sync scheduled');
    expect(errors(run)).toEqual([]);
  });

  it('is red on 400, explaining what it means', async () => {
    standin = await startStandin({ tokens: [TOKEN] });
    standin.addProject({ slug: 'demo', active: false });
    const run = await runAction({ inputs: fast(standin, {}) });

    expect(run.code).toBe(1);
    const [error] = errors(run);
    expect(error!.title).toBe('Sync not triggered: demo');
    expect(error!.message).toContain('400, triggered: false');
    expect(error!.message).toMatch(/inactive.*`latest`.*sync turned off/);
    expect(results(run)[0]).toMatchObject({ outcome: 'failed' });
  });
});

describe('sync-versions with a version', () => {
  it('activates a new tag once, follows the build activation queued, finds it through search', async () => {
    // The scenario, in less time: v2.0 appears 1 s after the sync as an inactive tag; search
    // finds its pages 0.8 s after its build ends (200-ms polls: several looks at each).
    const s = await start({ indexDelayMs: 800 });
    s.addVersion('demo', { slug: 'v2.0', type: 'tag', active: false, appearsAfterSyncMs: 1000 });
    s.onTrigger('demo', 'v2.0', { durationMs: 1000, outcome: 'success' });
    s.setSearchHits('demo', 'v2.0', [
      { title: 'Demo Docs', path: '/index.html' },
      { title: 'Install <img src=x onerror=alert(1)> [x](javascript:alert(1)) @octo-team\n::error::injected', path: '/install.html' },
    ]);
    const run = await runAction({ inputs: fast(s, { version: 'v2.0' }) });

    expect(run.code, run.stdout).toBe(0);
    // Activated once, and the activation's build is the only one: nothing triggered besides.
    expect(patches(s, 'v2.0').map((r) => JSON.parse(r.body))).toEqual([{ active: true }]);
    expect(triggers(s)).toBe(0);
    const builds = s.builds('demo');
    expect(builds).toHaveLength(1);
    expect(builds[0]).toMatchObject({ source: 'activation', version: 'v2.0', state: 'finished', success: true });
    expect(run.outputs['build-id']).toBe(String(builds[0]!.id));
    expect(run.outputs.state).toBe('finished');
    expect(run.outputs.success).toBe('true');
    expect(run.outputs.version).toBe('v2.0');
    expect(run.outputs['docs-url']).toBe(`${s.url}/docs/demo/en/v2.0/`);
    // The version was looked for until it appeared, and search asked again until it was indexed.
    expect(s.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/versions/v2.0/') && r.status === 404).length).toBeGreaterThan(
      0,
    );
    const asked = searches(s);
    expect(asked.length).toBeGreaterThan(1);
    expect(asked[0]!.query).toMatchObject({ q: 'project:demo/v2.0 Demo Docs', page_size: '10' });
    // The hits: deep links in the results output and the summary, service text escaped.
    const [result] = results(run);
    expect(result).toMatchObject({ outcome: 'success', verified: true, docsUrl: `${s.url}/docs/demo/en/v2.0/` });
    const hits = result!.searchHits as { title: string; url: string }[];
    expect(hits.map((h) => h.url)).toEqual([`${s.url}/docs/demo/en/v2.0/index.html`, `${s.url}/docs/demo/en/v2.0/install.html`]);
    expect(run.summary).toContain(`[Demo Docs](${s.url}/docs/demo/en/v2.0/index.html)`);
    expect(run.summary).toContain('&lt;img src=x onerror=alert\\(1\\)&gt;');
    expect(run.summary).not.toContain('<img');
    expect(run.summary).not.toContain('](javascript:');
    expect(run.summary).toContain('@\u200Bocto'); // no mention, no notification
    // Untrusted titles never start a line the runner would read as a command.
    expect(errors(run)).toEqual([]);
    expect(run.stdout).not.toMatch(/^::error::injected/m);
  });

  it('fails at the timeout when the version never appears, naming it', async () => {
    const s = await start();
    const run = await runAction({ inputs: fast(s, { version: 'Release/9.9', timeout: '2s' }) });

    expect(run.code).toBe(1);
    // It looked for the version every 200 ms until the 2-s timeout, and then no more.
    const lookups = s.requests.filter((r) => r.path.includes('release-9.9')).length;
    expect(lookups).toBeGreaterThanOrEqual(1);
    expect(lookups).toBeLessThanOrEqual(2000 / 200 + 2);
    const [error] = errors(run);
    expect(error!.title).toBe('Timed out: demo release-9.9');
    expect(error!.message).toContain('version release-9.9 (from `Release/9.9`) to appear');
    expect(error!.message).toContain('timed out after 2s (input `timeout`)');
    expect(s.requests.some((r) => r.method === 'PATCH')).toBe(false);
    expect(run.outputs['build-id']).toBe('');
    expect(run.outputs.success).toBe('false');
  });

  it('with verify: strict, fails when search does not find the pages in time; sets hidden on activation', async () => {
    const s = await start({ indexDelayMs: 10 * 60_000 });
    s.addVersion('demo', { slug: 'v2.0', type: 'tag', active: false });
    s.onTrigger('demo', 'v2.0', { durationMs: 400, outcome: 'success' });
    // Polls of 100 ms: the search window is its 2-s minimum.
    const run = await runAction({
      inputs: fast(s, { version: 'v2.0', verify: 'strict', hidden: 'true', 'verify-query': 'installation', 'poll-interval': '100ms' }),
    });

    expect(run.code).toBe(1);
    expect(patches(s, 'v2.0').map((r) => JSON.parse(r.body))).toEqual([{ active: true, hidden: true }]);
    const [error] = errors(run);
    expect(error!.title).toBe('Not found through search: demo v2.0');
    expect(error!.message).toContain(`build #${run.outputs['build-id']} succeeded, but search found no page of v2.0 for “installation”`);
    expect(searches(s).length).toBeGreaterThan(1);
    expect(searches(s)[0]!.query.q).toBe('project:demo/v2.0 installation');
    expect(run.outputs['build-id']).toBe(String(s.builds('demo')[0]!.id));
    expect(run.outputs['docs-url']).toBe(`${s.url}/docs/demo/en/v2.0/`);
    expect(results(run)[0]).toMatchObject({ outcome: 'failed', verified: false });
  });

  it('by default only warns when search does not find the pages in time; verify: none skips search', async () => {
    const s = await start({ indexDelayMs: 10 * 60_000 });
    s.addVersion('demo', { slug: 'v2.0', type: 'tag', active: false });
    s.onTrigger('demo', 'v2.0', { durationMs: 400, outcome: 'success' });
    // Polls of 100 ms: the search window is its 2-s minimum.
    const run = await runAction({ inputs: fast(s, { version: 'v2.0', 'poll-interval': '100ms' }) });

    expect(run.code, run.stdout).toBe(0);
    expect(errors(run)).toEqual([]);
    expect(warnings(run).map((w) => w.title)).toEqual(['Not found through search: demo v2.0']);
    expect(results(run)[0]).toMatchObject({ outcome: 'success', verified: false });

    const searchesBefore = searches(s).length;
    const skipped = await runAction({ inputs: fast(s, { version: 'v2.0', verify: 'none' }) });
    expect(skipped.code, skipped.stdout).toBe(0);
    expect(searches(s).length).toBe(searchesBefore);
    expect(results(skipped)[0]).toMatchObject({ outcome: 'success', verified: null });
  });

  it('by default only warns when the search itself fails, naming why', async () => {
    const s = await start({ indexDelayMs: 200 });
    s.addVersion('demo', { slug: 'v2.0', type: 'tag', active: false });
    s.onTrigger('demo', 'v2.0', { durationMs: 400, outcome: 'success' });
    s.fault({
      kind: 'status',
      method: 'GET',
      path: '/api/v3/search/',
      status: 400,
      body: '["Page number is too high."]',
      contentType: 'application/json',
    });
    const run = await runAction({ inputs: fast(s, { version: 'v2.0' }) });

    expect(run.code, run.stdout).toBe(0);
    expect(errors(run)).toEqual([]);
    const [warning] = warnings(run);
    expect(warning!.title).toBe('Not found through search: demo v2.0');
    expect(warning!.message).toContain('Page number is too high.');
    expect(results(run)[0]).toMatchObject({ outcome: 'success', verified: false });
  });

  it('adopts the build the service queued for an already active version, triggering none', async () => {
    const s = await start({ indexDelayMs: 200 });
    s.addVersion('demo', { slug: 'v2.0', type: 'tag', active: true });
    const previous = s.addBuild('demo', 'v2.0', { durationMs: 1000, outcome: 'success', startedAgoMs: 60_000 });
    const queued = s.addBuild('demo', 'v2.0', { durationMs: 1500, outcome: 'success' });
    const run = await runAction({ inputs: fast(s, { version: 'v2.0' }) });

    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs['build-id']).toBe(String(queued));
    expect(run.outputs['build-id']).not.toBe(String(previous));
    expect(triggers(s)).toBe(0);
    expect(s.requests.some((r) => r.method === 'PATCH')).toBe(false);
    expect(s.builds('demo').map((b) => b.state)).toEqual(['finished', 'finished']);
    expect(run.stdout).toContain(`following build #${queued} the service queued`);
  });

  it('triggers one build for an active version when the service queues none within the grace period', async () => {
    const s = await start({ indexDelayMs: 200 });
    s.addVersion('demo', { slug: 'v2.0', type: 'tag', active: true });
    const previous = s.addBuild('demo', 'v2.0', { durationMs: 1000, outcome: 'success', startedAgoMs: 60_000 });
    s.onTrigger('demo', 'v2.0', { durationMs: 500, outcome: 'success' });
    const run = await runAction({ inputs: fast(s, { version: 'v2.0' }) });

    expect(run.code, run.stdout).toBe(0);
    expect(triggers(s)).toBe(1);
    const triggered = s.builds('demo').find((b) => b.source === 'api')!;
    expect(triggered.id).not.toBe(previous);
    expect(run.outputs['build-id']).toBe(String(triggered.id));
    expect(run.stdout).toMatch(/no build of it came within 1s: triggering one/);
  });

  it('fails clearly for an inactive version with activate: false', async () => {
    const s = await start();
    s.addVersion('demo', { slug: 'v2.0', type: 'tag', active: false });
    const run = await runAction({ inputs: fast(s, { version: 'v2.0', activate: 'false' }) });

    expect(run.code).toBe(1);
    const [error] = errors(run);
    expect(error!.title).toBe('Version inactive: demo v2.0');
    expect(error!.message).toContain('`activate` is false');
    expect(s.requests.some((r) => r.method === 'PATCH')).toBe(false);
    expect(s.builds('demo')).toHaveLength(0);
  });

  it('takes a project and its translation through the same steps concurrently', async () => {
    const s = await start({ indexDelayMs: 200 });
    s.addProject({ slug: 'demo-es', name: 'Demo ES', language: 'es', translationOf: 'demo' });
    for (const project of ['demo', 'demo-es']) {
      s.addVersion(project, { slug: 'v2.0', type: 'tag', active: false, appearsAfterSyncMs: 300 });
      s.onTrigger(project, 'v2.0', { durationMs: 1000, outcome: 'success' });
    }
    const run = await runAction({ inputs: fast(s, { project: 'demo\ndemo-es', version: 'v2.0' }) });

    expect(run.code, run.stdout).toBe(0);
    expect(triggers(s)).toBe(0);
    // Both activations queued one build each; which PATCH arrives first is up to the race.
    expect(
      s
        .builds()
        .map((b) => [b.project, b.source])
        .sort(),
    ).toEqual([
      ['demo', 'activation'],
      ['demo-es', 'activation'],
    ]);
    const byProject = results(run).map((r) => [r.project, r.outcome, r.docsUrl, r.verified]);
    expect(byProject).toEqual([
      ['demo', 'success', `${s.url}/docs/demo/en/v2.0/`, true],
      ['demo-es', 'success', `${s.url}/docs/demo/es/v2.0/`, true],
    ]);
    // Concurrently: each project's requests began before the other's were over (in turn, one
    // project's requests would all come before the other's).
    const paths = s.requests.map((r) => r.path);
    const firstOf = (slug: string) => paths.findIndex((path) => path.startsWith(`/api/v3/projects/${slug}/`));
    const lastOf = (slug: string) => paths.findLastIndex((path) => path.startsWith(`/api/v3/projects/${slug}/`));
    expect(firstOf('demo-es')).toBeLessThan(lastOf('demo'));
    expect(firstOf('demo')).toBeLessThan(lastOf('demo-es'));
    expect(searches(s).some((r) => r.query.q === 'project:demo-es/v2.0 Demo ES')).toBe(true);
  });
});
