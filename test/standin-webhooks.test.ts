// The stand-in's webhooks (pushes and pull requests, a GitHub App project's automation rules) and
// API v2's version detail and missing throttle, over real HTTP: the rules of FACTS.md's "Builds",
// "Rules the service enforces on writes" and "The service's own pull-request integration".
import { afterEach, describe, expect, it } from 'vitest';
import { startStandin } from '../harness/rtd-standin.ts';
import type { Standin, StandinOptions } from '../harness/rtd-standin.ts';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
let t = Date.parse('2026-11-23T08:00:00Z');
const now = () => t;
let open: Standin[] = [];
afterEach(async () => {
  await Promise.all(open.map((s) => s.close()));
  open = [];
});

async function standin(options: StandinOptions = { rateLimit: null }): Promise<Standin> {
  const s = await startStandin({ now, ...options });
  open.push(s);
  return s;
}

async function get(s: Standin, path: string, token = true): Promise<{ status: number; body: any }> {
  const res = await fetch(`${s.url}${path}`, { headers: token ? { authorization: 'Token test-token' } : {} });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

describe('a push superseded before cloning', () => {
  it('a newer push cancels the queued build, whose commit stays null for ever, with build:user:cancelled and length 0', async () => {
    const s = await standin();
    s.addProject({ slug: 'proj' });
    const first = s.push('proj', 'latest', { commit: A, plan: { durationMs: 30_000, queueMs: 10_000, outcome: 'success' } })!;
    t += 3000;
    const second = s.push('proj', 'latest', { commit: B, plan: { durationMs: 30_000, outcome: 'success' } })!;
    t += 120_000;

    const cancelled = (await get(s, `/api/v3/projects/proj/builds/${first}/`)).body;
    expect(cancelled).toMatchObject({ state: { code: 'cancelled' }, success: false, commit: null, finished: null, duration: 0 });
    const notes = (await get(s, `/api/v3/projects/proj/builds/${first}/notifications/`)).body;
    expect(notes.results.map((n: any) => n.message.id)).toEqual(['build:user:cancelled']);
    expect((await get(s, `/api/v2/build/${first}/`, false)).body).toMatchObject({ commit: null, length: 0, state: 'cancelled' });
    expect((await get(s, `/api/v3/projects/proj/builds/${second}/`)).body).toMatchObject({ commit: B, success: true });
    // No build of the first commit, ever.
    expect((await get(s, `/api/v3/projects/proj/builds/?commit=${A}`)).body.count).toBe(0);
  });

  it("a branch push's build tells its commit once cloned; a pull request's from creation", async () => {
    const s = await standin();
    s.addProject({ slug: 'proj' });
    const branch = s.push('proj', 'latest', { commit: A, plan: { durationMs: 10_000, outcome: 'success' } })!;
    const pr = s.pullRequest('proj', 7, { commit: B, plan: { durationMs: 10_000, outcome: 'success' } })!;
    expect((await get(s, `/api/v3/projects/proj/builds/${branch}/`)).body.commit).toBeNull();
    expect((await get(s, `/api/v3/projects/proj/builds/${pr}/`)).body).toMatchObject({ commit: B, version: '7' });
    t += 5000;
    expect((await get(s, `/api/v3/projects/proj/builds/${branch}/`)).body.commit).toBe(A);
  });
});

describe("a GitHub App project's webhook automation rules", () => {
  it('no rule matches: no build, yet the pull request version moves to the new head (read through API v2)', async () => {
    const s = await standin();
    s.addProject({ slug: 'proj' });
    s.addAutomationRule('proj', { versionTypes: ['external'], files: 'docs/*' });
    const built = s.pullRequest('proj', 7, { commit: A, files: ['docs/index.rst'], plan: { durationMs: 1000, outcome: 'success' } });
    expect(built).not.toBeNull();
    t += 5000;
    expect(s.pullRequest('proj', 7, { commit: B, files: ['src/main.py'] })).toBeNull();
    expect(s.builds('proj').map((b) => b.commit)).toEqual([A]);

    // API v3 hides the pull request's version; API v2 shows it, by the id the build's v2 detail names.
    expect((await get(s, '/api/v3/projects/proj/versions/7/')).status).toBe(404);
    const v2build = (await get(s, `/api/v2/build/${built}/`, false)).body;
    const version = await get(s, `/api/v2/version/${v2build.version}/`, false);
    expect(version.status).toBe(200);
    expect(version.body).toMatchObject({ slug: '7', type: 'external', identifier: B });
  });

  it('a pull request never built (the rule skipped its first push) is in API v2’s version list; other v2 lists answer 410', async () => {
    const s = await standin();
    s.addProject({ slug: 'proj' });
    s.addAutomationRule('proj', { versionTypes: ['external'], files: 'docs/*' });
    expect(s.pullRequest('proj', 7, { commit: A, files: ['src/main.py'] })).toBeNull();
    expect(s.builds('proj')).toEqual([]);

    const list = await get(s, '/api/v2/version/?project__slug=proj', false);
    expect(list.status).toBe(200);
    expect(list.body.results).toContainEqual(expect.objectContaining({ slug: '7', type: 'external', verbose_name: '7', identifier: A }));
    expect((await get(s, '/api/v2/version/?project__slug=nothing', false)).body.count).toBe(0);
    expect((await get(s, '/api/v2/version/', false)).status).toBe(410);
    expect((await get(s, '/api/v2/build/', false)).status).toBe(410);
    expect((await get(s, `/api/v2/build/?commit=${A}`, false)).body.count).toBe(0);
  });

  it('every criterion a rule sets must match; rules of another version type do not apply; without rules every push builds', async () => {
    const s = await standin();
    s.addProject({ slug: 'proj' });
    s.addProject({ slug: 'plain' });
    s.addAutomationRule('proj', { versionTypes: ['external'], files: 'docs/*', commitMessage: '\\[docs\\]' });
    expect(s.pullRequest('proj', 7, { commit: A, files: ['docs/a/b.md'], message: 'fix' })).toBeNull();
    expect(s.pullRequest('proj', 7, { commit: B, files: ['docs/a/b.md'], message: 'fix [docs]' })).not.toBeNull();
    expect(s.push('proj', 'latest', { commit: A, files: ['src/x.py'] })).not.toBeNull();
    expect(s.pullRequest('plain', 7, { commit: A })).not.toBeNull();
  });

  it('API v2 ignores the token: a private project answers 404', async () => {
    const s = await standin();
    s.addProject({ slug: 'secret', privacy: 'private' });
    const id = s.pullRequest('secret', 3, { commit: A, plan: { durationMs: 1000, outcome: 'success' } })!;
    expect((await get(s, `/api/v2/build/${id}/`)).status).toBe(404);
    expect((await get(s, '/api/v2/version/2/')).status).toBe(404);
  });
});

describe('API v2 is not throttled', () => {
  it('an anonymous caller makes a dozen API v2 requests in a minute; API v3 still allows it 5', async () => {
    const s = await standin({ rateLimit: { limit: 60, windowMs: 60_000 } });
    s.addProject({ slug: 'proj' });
    const id = s.addBuild('proj', 'latest', { durationMs: 100, outcome: 'success', commit: A });
    for (let i = 0; i < 12; i++) expect((await get(s, `/api/v2/build/${id}/`, false)).status).toBe(200);
    const v3 = [];
    for (let i = 0; i < 6; i++) v3.push((await get(s, '/api/v3/projects/proj/', false)).status);
    expect(v3).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('a push build that skips itself in post_checkout, and one push moving several branches', () => {
  it('exit code 183 in post_checkout: cancelled, commit null for ever, notification build:user:exit-code-183', async () => {
    const s = await standin();
    s.addProject({ slug: 'proj', versions: [{ slug: 'feature' }] });
    const id = s.push('proj', 'feature', { commit: A, plan: { durationMs: 10_000, outcome: 'skipped-in-post-checkout' } })!;
    t += 600_000;
    const build = (await get(s, `/api/v3/projects/proj/builds/${id}/`)).body;
    expect(build).toMatchObject({ state: { code: 'cancelled' }, success: false, commit: null, version: 'feature' });
    const notes = (await get(s, `/api/v3/projects/proj/builds/${id}/notifications/`)).body;
    expect(notes.results.map((n: any) => n.message.id)).toEqual(['build:user:exit-code-183']);
    const v2 = (await get(s, `/api/v2/build/${id}/`, false)).body;
    expect(v2.commit).toBeNull();
    expect(v2.commands.at(-1)).toMatchObject({ exit_code: 183 });
    expect((await get(s, `/api/v3/projects/proj/builds/?commit=${A}`)).body.count).toBe(0);
  });

  it('finds the version by verbose_name or slug, builds latest too for the default branch, and takes several branches at once', async () => {
    const s = await standin();
    s.addProject({ slug: 'proj', defaultBranch: 'main', versions: [{ slug: 'main' }, { slug: 'feature-x', verboseName: 'feature/X' }] });
    const [toMain, toFeature] = s.pushes('proj', [
      { branch: 'main', commit: A, plan: { durationMs: 1000, outcome: 'success' } },
      { branch: 'feature/X', commit: B, plan: { durationMs: 1000, outcome: 'failure-before-checkout' } },
    ]);
    t += 5000;
    const byId = new Map(s.builds('proj').map((b) => [b.id, b]));
    expect(toMain!.map((id) => byId.get(id)!.version)).toEqual(['main', 'latest']);
    expect(toFeature!.map((id) => byId.get(id)!.version)).toEqual(['feature-x']);
    expect(s.push('proj', 'feature-x', { commit: B })).not.toBeNull(); // by slug
    expect(() => s.push('proj', 'unknown', { commit: B })).toThrow(/add the branch's version first/);
  });
});
