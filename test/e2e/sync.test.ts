// `sync-versions` as a release pipeline runs it: the bundled action against the loopback stand-in.
// Through dist/ go the failure path (a refused sync) and issue 5's scenario (a tag that appears
// after the sync, activated, built and found through search); the rest of what the operation
// decides (grace windows, queued builds, verify, timeouts, translations) is tested in-process on a
// fake clock in test/operations/sync-versions.test.ts.
import { describe, expect, it } from 'vitest';
import { startStandin, type Standin, type StandinOptions } from '../../harness/rtd-standin.ts';
import { runAction, type ActionRun } from '../../harness/run-action.ts';

const TOKEN = 'rtd_secret_token_sync_0123456789';

/** A stand-in of its own for each test, so that the two (which wait on the child) run at once. */
async function withStandin(options: StandinOptions, test: (standin: Standin) => Promise<void>): Promise<void> {
  const standin = await startStandin({ tokens: [TOKEN], ...options });
  try {
    await test(standin);
  } finally {
    await standin.close();
  }
}

/** Inputs that keep waits short: fixed quick polling and a budget that allows it. */
function fast(s: Standin, inputs: Record<string, string>): Record<string, string> {
  return {
    token: TOKEN,
    'base-url': s.url,
    'poll-interval': '100ms',
    'rate-limit': '600/1m',
    operation: 'sync-versions',
    project: 'demo',
    ...inputs,
  };
}

const errors = (run: ActionRun) => run.annotations.filter((a) => a.level === 'error');
const results = (run: ActionRun) => JSON.parse(run.outputs.results!) as Record<string, unknown>[];
const triggers = (s: Standin) => s.count('POST', /\/versions\/[^/]+\/builds\/$/);
const patches = (s: Standin, version: string) => s.requests.filter((r) => r.method === 'PATCH' && r.path.endsWith(`/versions/${version}/`));
const searches = (s: Standin) => s.requests.filter((r) => r.path === '/api/v3/search/');

describe.concurrent('sync-versions without a version', () => {
  it('is red on 400, explaining what it means', () =>
    withStandin({}, async (standin) => {
      standin.addProject({ slug: 'demo', active: false });
      const run = await runAction({ inputs: fast(standin, {}) });

      expect(run.code).toBe(1);
      const [error] = errors(run);
      expect(error!.title).toBe('Sync not triggered: demo');
      expect(error!.message).toContain('400, triggered: false');
      expect(error!.message).toMatch(/inactive.*`latest`.*sync turned off/);
      expect(results(run)[0]).toMatchObject({ outcome: 'failed' });
    }));
});

describe.concurrent('sync-versions with a version', () => {
  it('activates a new tag once, follows the build activation queued, finds it through search', () =>
    withStandin({ indexDelayMs: 400 }, async (s) => {
      // The scenario, in less time: v2.0 appears 0.2 s after the sync as an inactive tag; search
      // finds its pages 0.4 s after its 0.3-second build ends (100-ms polls: several looks at each).
      s.addProject({ slug: 'demo', name: 'Demo Docs' });
      s.addVersion('demo', { slug: 'v2.0', type: 'tag', active: false, appearsAfterSyncMs: 200 });
      s.onTrigger('demo', 'v2.0', { durationMs: 300, outcome: 'success' });
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
    }));
});
