// The Read the Docs stand-in, exercised over real HTTP.
import { afterEach, describe, expect, it } from 'vitest';
import { startStandin } from '../harness/rtd-standin.ts';
import type { Standin, StandinOptions } from '../harness/rtd-standin.ts';

const AUTH = { authorization: 'Token test-token' };

/** The stand-in's clock, moved by the test: states change when it says, without waiting. */
function manualClock(start = Date.parse('2026-11-23T08:00:00Z')): { now: () => number; advance: (ms: number) => void } {
  let t = start;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
  };
}

let open: Standin[] = [];
afterEach(async () => {
  await Promise.all(open.map((s) => s.close()));
  open = [];
});

async function standin(options: StandinOptions = { rateLimit: null }): Promise<Standin> {
  const s = await startStandin(options);
  open.push(s);
  return s;
}

async function call(
  s: Standin,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; headers: Headers; body: any; text: string }> {
  const res = await fetch(path.startsWith('http') ? path : `${s.url}${path}`, {
    ...init,
    headers: { ...AUTH, ...((init.headers as Record<string, string>) ?? {}) },
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, text };
}

describe('build lifecycle', () => {
  it('moves a triggered build through every state to finished', async () => {
    const clock = manualClock();
    const s = await standin({ rateLimit: null, now: clock.now });
    s.addProject({ slug: 'proj' });
    s.onTrigger('proj', 'latest', { durationMs: 800, queueMs: 200, outcome: 'success', commit: 'c'.repeat(40) });
    const trig = await call(s, '/api/v3/projects/proj/versions/latest/builds/', { method: 'POST' });
    expect(trig.status).toBe(202);
    expect(trig.body.triggered).toBe(true);
    expect(trig.body.build.state).toEqual({ code: 'triggered', name: 'Triggered' });
    expect(trig.body.build.commit).toBeNull();
    expect(trig.body.build.success).toBeNull();
    expect(trig.body.build._links._self).toBe(`${s.url}/api/v3/projects/proj/builds/${trig.body.build.id}/`);
    expect(trig.body.build.urls.build).toBe(`${s.url}/projects/proj/builds/${trig.body.build.id}/`);
    expect(Object.keys(trig.body)).toEqual(['build', 'project', 'triggered', 'version']);

    // Looked at every 50 ms of its clock: the shortest phase (cloning, 15% of 800 ms) is seen too.
    const seen: string[] = [trig.body.build.state.code];
    let final: any;
    for (let looks = 0; looks < 40 && seen.at(-1) !== 'finished'; looks += 1) {
      clock.advance(50);
      final = (await call(s, `/api/v3/projects/proj/builds/${trig.body.build.id}/`)).body;
      if (seen.at(-1) !== final.state.code) seen.push(final.state.code);
      if (final.state.code !== 'finished') {
        expect(final.success).toBeNull();
        expect(final.duration).toBeNull();
        expect(final.finished).toBeNull();
      }
    }
    expect(seen).toEqual(['triggered', 'cloning', 'installing', 'building', 'uploading', 'finished']);
    expect(final.success).toBe(true);
    expect(final.commit).toBe('c'.repeat(40));
    expect(final.duration).toBe(1);
    expect(final.finished).not.toBeNull();
    expect(final.error).toBe('');
    expect(s.builds('proj')[0]?.state).toBe('finished');
  });

  it('a trigger cancels the running build of the same version and never deduplicates', async () => {
    const s = await standin();
    s.addProject({ slug: 'proj', versions: [{ slug: 'other' }] });
    s.onTrigger('proj', 'latest', [
      { durationMs: 5000, queueMs: 2000, outcome: 'success' },
      { durationMs: 5000, outcome: 'success' },
    ]);
    const other = s.addBuild('proj', 'other', { durationMs: 5000, outcome: 'success', commit: 'a'.repeat(40) });
    const first = (await call(s, '/api/v3/projects/proj/versions/latest/builds/', { method: 'POST' })).body.build.id;
    const second = (await call(s, '/api/v3/projects/proj/versions/latest/builds/', { method: 'POST' })).body.build.id;
    expect(second).not.toBe(first);
    expect(s.builds('proj')).toHaveLength(3);
    const b1 = (await call(s, `/api/v3/projects/proj/builds/${first}/`)).body;
    expect(b1.state.code).toBe('cancelled');
    expect(b1.success).toBe(false);
    expect(b1.duration).toBe(0);
    expect(b1.finished).toBeNull();
    const n = (await call(s, `/api/v3/projects/proj/builds/${first}/notifications/`)).body;
    expect(n.count).toBe(1);
    expect(n.results[0].message.id).toBe('build:user:cancelled');
    expect((await call(s, `/api/v3/projects/proj/builds/${second}/`)).body.state.code).not.toBe('cancelled');
    expect((await call(s, `/api/v3/projects/proj/builds/${other}/`)).body.state.code).not.toBe('cancelled');
    const running = (await call(s, '/api/v3/projects/proj/builds/?running=true')).body;
    expect(running.results.map((b: { id: number }) => b.id).sort()).toEqual([other, second].sort());
  });

  it('reports failures through notifications and the v2 commands, anonymously readable', async () => {
    const s = await standin();
    s.addProject({ slug: 'proj' });
    const id = s.addBuild('proj', 'latest', {
      durationMs: 200,
      startedAgoMs: 1000,
      outcome: 'failure',
      commit: 'f'.repeat(40),
      failingCommand: { command: 'make html', output: 'boom', exit_code: 2 },
    });
    const b = (await call(s, `/api/v3/projects/proj/builds/${id}/`)).body;
    expect(b.state.code).toBe('finished');
    expect(b.success).toBe(false);
    const n = (await call(s, `/api/v3/projects/proj/builds/${id}/notifications/`)).body;
    expect(n.results[0].message).toMatchObject({ id: 'build:commands:failed', type: 'error' });
    const v2 = await call(s, `/api/v2/build/${id}/`, { headers: { authorization: '' } });
    expect(v2.status).toBe(200);
    expect(v2.body.state).toBe('finished');
    expect(v2.body.success).toBe(false);
    expect(v2.body.commands.at(-1)).toMatchObject({ command: 'make html', output: 'boom', exit_code: 2 });
  });

  it('filters builds by commit, keeps them newest first, and shows PR builds only in builds lists', async () => {
    const s = await standin();
    s.addProject({ slug: 'proj', versions: [{ slug: '42', type: 'external' }] });
    const old = s.addBuild('proj', 'latest', { durationMs: 100, startedAgoMs: 5000, outcome: 'success', commit: '1'.repeat(40) });
    const pr = s.addBuild('proj', '42', { durationMs: 9000, outcome: 'success', commit: '2'.repeat(40), commitFromStart: true });
    const all = (await call(s, '/api/v3/projects/proj/builds/')).body;
    expect(all.results.map((b: { id: number }) => b.id)).toEqual([pr, old]);
    const byCommit = (await call(s, `/api/v3/projects/proj/builds/?commit=${'2'.repeat(40)}`)).body;
    expect(byCommit.results.map((b: { id: number }) => b.id)).toEqual([pr]);
    expect(byCommit.results[0].state.code).not.toBe('finished');
    expect((await call(s, '/api/v3/projects/proj/versions/42/')).status).toBe(404);
    expect((await call(s, '/api/v3/projects/proj/versions/42/builds/')).body.count).toBe(1);
    const versions = (await call(s, '/api/v3/projects/proj/versions/')).body;
    expect(versions.results.map((v: { slug: string }) => v.slug)).toEqual(['latest']);
  });

  it("gives a build's resolved configuration with ?expand=config once it was read (after the checkout), else never", async () => {
    const clock = manualClock();
    const s = await standin({ rateLimit: null, now: clock.now });
    s.addProject({ slug: 'proj' });
    const config = { doctype: 'sphinx_htmldir', sphinx: { builder: 'sphinx_htmldir', configuration: 'docs/conf.py' } };
    const id = s.addBuild('proj', 'latest', { durationMs: 10_000, outcome: 'success', config });
    const path = `/api/v3/projects/proj/builds/${id}/`;
    expect((await call(s, path)).body).not.toHaveProperty('config');
    expect((await call(s, `${path}?expand=config`)).body.config).toBeNull();
    clock.advance(20_000);
    expect((await call(s, `${path}?expand=config`)).body.config).toEqual(config);
    const bare = s.addBuild('proj', 'latest', { durationMs: 100, startedAgoMs: 5000, outcome: 'success' });
    expect((await call(s, `/api/v3/projects/proj/builds/${bare}/?expand=config`)).body.config).toEqual({});
  });
});

describe('lists', () => {
  it('paginates with absolute, sorted, followable next/previous links', async () => {
    const s = await standin();
    s.addProject({ slug: 'proj' });
    for (let i = 0; i < 12; i++)
      s.addBuild('proj', 'latest', {
        durationMs: 10,
        startedAgoMs: 10_000 - i * 100,
        outcome: 'success',
        commit: `${i}`.padStart(40, '0'),
      });
    const first = (await call(s, '/api/v3/projects/proj/builds/?running=false&limit=5')).body;
    expect(first.count).toBe(12);
    expect(first.previous).toBeNull();
    expect(first.next).toBe(`${s.url}/api/v3/projects/proj/builds/?limit=5&offset=5&running=false`);
    const ids: number[] = first.results.map((b: { id: number }) => b.id);
    let next: string | null = first.next;
    let second: any = null;
    while (next) {
      const page = (await call(s, next)).body;
      second ??= page;
      ids.push(...page.results.map((b: { id: number }) => b.id));
      next = page.next;
    }
    expect(ids).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(second.previous).toBe(`${s.url}/api/v3/projects/proj/builds/?limit=5&running=false`);
    const dflt = (await call(s, '/api/v3/projects/proj/builds/?limit=abc')).body;
    expect(dflt.results).toHaveLength(10);
  });

  it('answers nested lists of unknown projects with 200 and count 0, single records with 404', async () => {
    const s = await standin();
    const list = await call(s, '/api/v3/projects/nope/builds/');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    const d = await call(s, '/api/v3/projects/nope/');
    expect(d.status).toBe(404);
    expect(d.body).toEqual({ detail: 'No Project matches the given query.' });
    expect((await call(s, '/api/v3/projects/nope/builds/3/')).body).toEqual({ detail: 'No Build matches the given query.' });
  });

  it('answers unknown routes with an HTML 404, wrong methods with 405, and redirects to the slashed path', async () => {
    const s = await standin();
    s.addProject({ slug: 'proj' });
    const r = await call(s, '/api/v3/nothing/here/');
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    const m = await call(s, '/api/v3/projects/proj/sync-versions/');
    expect(m.status).toBe(405);
    expect(m.body).toEqual({ detail: 'Method "GET" not allowed.' });
    const redirect = await fetch(`${s.url}/api/v3/projects/proj`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/api/v3/projects/proj/');
  });
});

describe('projects and versions', () => {
  it('renders a project record with expand, translations, subprojects and superproject', async () => {
    const s = await standin();
    s.addProject({
      slug: 'parent',
      versions: [
        { slug: 'v1', type: 'tag' },
        { slug: 'old', active: false },
      ],
    });
    s.addProject({ slug: 'parent-es', language: 'es', translationOf: 'parent' });
    s.addProject({
      slug: 'child',
      subprojectOf: { parent: 'parent', alias: 'kid' },
      versioningScheme: 'multiple_versions_without_translations',
    });
    const p = (await call(s, '/api/v3/projects/parent/?expand=active_versions')).body;
    expect(p.language).toEqual({ code: 'en', name: 'English' });
    expect(p.active_versions.map((v: { slug: string }) => v.slug)).toEqual(['latest', 'v1']);
    expect(p.urls.documentation).toBe(`${s.url}/docs/parent/en/latest/`);
    expect(Object.keys(p)).toEqual([...Object.keys(p)].sort());
    const tr = (await call(s, '/api/v3/projects/parent/translations/')).body;
    expect(tr.results[0]).toMatchObject({ slug: 'parent-es', translation_of: 'parent' });
    expect(tr.results[0].urls.documentation).toBe(`${s.url}/docs/parent/es/latest/`);
    const sub = (await call(s, '/api/v3/projects/parent/subprojects/')).body;
    expect(sub.results[0].alias).toBe('kid');
    expect(sub.results[0].child.urls.documentation).toBe(`${s.url}/docs/parent/projects/kid/latest/`);
    expect((await call(s, '/api/v3/projects/child/superproject/')).body.slug).toBe('parent');
    const none = await call(s, '/api/v3/projects/parent/superproject/');
    expect(none.status).toBe(404);
    expect(none.text).toBe('');
    // FACTS documents no filter of the versions list: `active` is not one the stand-in honours.
    const unfiltered = (await call(s, '/api/v3/projects/parent/versions/?active=false')).body;
    expect(unfiltered.results.map((v: { slug: string }) => v.slug)).toContain('old');
    expect(unfiltered.results.map((v: { slug: string }) => v.slug)).toContain('latest');
  });

  it('activating a version with PATCH answers 204 and queues a build', async () => {
    const s = await standin();
    s.addProject({ slug: 'proj', versions: [{ slug: 'feature', active: false }] });
    const r = await call(s, '/api/v3/projects/proj/versions/feature/', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ active: true, hidden: true }),
    });
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
    const v = (await call(s, '/api/v3/projects/proj/versions/feature/')).body;
    expect(v).toMatchObject({ active: true, hidden: true });
    expect(s.builds('proj').map((b) => b.source)).toEqual(['activation']);
    const bad = await call(s, '/api/v3/projects/proj/versions/feature/', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ active: 'maybe' }),
    });
    expect(bad.status).toBe(400);
  });

  it('refuses triggers and syncs on inactive projects; sync reveals pending versions later', async () => {
    const clock = manualClock();
    const s = await standin({ rateLimit: null, now: clock.now });
    s.addProject({ slug: 'off', active: false });
    const t = await call(s, '/api/v3/projects/off/versions/latest/builds/', { method: 'POST' });
    expect(t.status).toBe(400);
    expect(t.body.triggered).toBe(false);
    expect(s.builds('off')).toHaveLength(0);
    expect((await call(s, '/api/v3/projects/off/sync-versions/', { method: 'POST' })).body).toEqual({ triggered: false });

    s.addProject({ slug: 'proj', versions: [{ slug: 'new-branch', appearsAfterSyncMs: 300 }] });
    expect((await call(s, '/api/v3/projects/proj/versions/new-branch/')).status).toBe(404);
    const sync = await call(s, '/api/v3/projects/proj/sync-versions/', { method: 'POST' });
    expect(sync.status).toBe(202);
    expect(sync.body).toEqual({ triggered: true });
    expect((await call(s, '/api/v3/projects/proj/versions/new-branch/')).status).toBe(404);
    clock.advance(299);
    expect((await call(s, '/api/v3/projects/proj/versions/new-branch/')).status).toBe(404);
    clock.advance(1);
    expect((await call(s, '/api/v3/projects/proj/versions/new-branch/')).status).toBe(200);
  });
});

describe('authentication and throttling', () => {
  it('applies the token rules', async () => {
    const s = await standin();
    s.addProject({ slug: 'proj' });
    const bearer = await call(s, '/api/v3/projects/proj/', { headers: { authorization: 'Bearer test-token' } });
    expect(bearer.status).toBe(200);
    const write = await call(s, '/api/v3/projects/proj/versions/latest/builds/', {
      method: 'POST',
      headers: { authorization: 'Bearer test-token' },
    });
    expect(write.status).toBe(401);
    expect(write.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect(write.headers.get('www-authenticate')).toBe('Token');
    const bad = await call(s, '/api/v3/projects/proj/', { headers: { authorization: 'Token wrong' } });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ detail: 'Invalid token.' });
    expect((await call(s, '/api/v3/projects/proj/environmentvariables/', { headers: { authorization: '' } })).status).toBe(401);
    expect((await call(s, '/api/v3/projects/proj/environmentvariables/', { headers: { authorization: 'token test-token' } })).status).toBe(
      200,
    );
    expect(s.builds()).toHaveLength(0);
  });

  it('throttles per token with a sliding window and Retry-After', async () => {
    const s = await standin({ rateLimit: { limit: 3, windowMs: 1500 } });
    s.addProject({ slug: 'proj' });
    for (let i = 0; i < 3; i++) expect((await call(s, '/api/v3/projects/proj/')).status).toBe(200);
    const r = await call(s, '/api/v3/projects/proj/');
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('2');
    expect(r.body).toEqual({ detail: 'Request was throttled. Expected available in 2 seconds.' });
    // A second token has its own budget; anonymous callers get 5 per minute.
    const other = await standin({ tokens: ['a', 'b'] });
    other.addProject({ slug: 'proj' });
    for (let i = 0; i < 5; i++) expect((await call(other, '/api/v3/projects/proj/', { headers: { authorization: '' } })).status).toBe(200);
    expect((await call(other, '/api/v3/projects/proj/', { headers: { authorization: '' } })).status).toBe(429);
    expect((await call(other, '/api/v3/projects/proj/', { headers: { authorization: 'Token a' } })).status).toBe(200);
  });
});

describe('environment variables', () => {
  it('creates without echoing values, refuses updates, enforces sizes and deletes', async () => {
    const s = await standin();
    s.addProject({ slug: 'proj' });
    const post = (body: unknown) =>
      call(s, '/api/v3/projects/proj/environmentvariables/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const created = await post({ name: 'API_KEY', value: 'secret', public: false });
    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty('value');
    expect(created.body).toMatchObject({ name: 'API_KEY', public: false, project: 'proj' });
    expect((await post({ name: 'API_KEY', value: 'again' })).status).toBe(201);
    const list = (await call(s, '/api/v3/projects/proj/environmentvariables/')).body;
    expect(list.count).toBe(2);
    expect(list.results[0]).not.toHaveProperty('value');
    const pk = created.body.pk;
    const put = await call(s, `/api/v3/projects/proj/environmentvariables/${pk}/`, { method: 'PUT', body: '{}' });
    expect(put.status).toBe(405);
    expect(put.body).toEqual({ detail: 'Method "PUT" not allowed.' });
    expect((await post({ name: 'X' })).body).toEqual({ value: ['This field is required.'] });
    expect((await post({ name: 'N'.repeat(129), value: 'v' })).status).toBe(400);
    expect((await post({ name: 'BIG', value: 'x'.repeat(48_001) })).body).toEqual({
      value: ['Ensure this field has no more than 48000 characters.'],
    });
    for (let i = 0; i < 5; i++) expect((await post({ name: `FILL${i}`, value: 'x'.repeat(48_000) })).status).toBe(201);
    const total = await post({ name: 'LAST', value: 'x'.repeat(20_000) });
    expect(total.status).toBe(400);
    expect(Array.isArray(total.body)).toBe(true);
    expect((await call(s, `/api/v3/projects/proj/environmentvariables/${pk}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(s, `/api/v3/projects/proj/environmentvariables/${pk}/`)).status).toBe(404);
    expect(s.envVars('proj').map((e) => e.name)).toEqual(['API_KEY', 'FILL0', 'FILL1', 'FILL2', 'FILL3', 'FILL4']);
    expect(s.envVars('proj')[0]?.value).toBe('again');
  });
});

describe('search', () => {
  it('returns hits only once the build finished and the index caught up; never for PR versions', async () => {
    const clock = manualClock();
    const s = await standin({ rateLimit: null, indexDelayMs: 400, now: clock.now });
    s.addProject({ slug: 'proj', versions: [{ slug: '7', type: 'external' }] });
    s.setSearchHits('proj', 'latest', [{ title: 'Install guide', path: '/install.html', content: 'How to install <it>' }]);
    s.onTrigger('proj', 'latest', { durationMs: 100, outcome: 'success' });
    s.addBuild('proj', '7', { durationMs: 10, startedAgoMs: 5000, outcome: 'success', commit: 'e'.repeat(40) });
    const search = (q: string) => call(s, `/api/v3/search/?q=${encodeURIComponent(q)}&page_size=5`);
    expect((await search('project:proj/latest install')).body.count).toBe(0);
    await call(s, '/api/v3/projects/proj/versions/latest/builds/', { method: 'POST' });
    clock.advance(100);
    expect(s.builds('proj').at(-1)?.state).toBe('finished');
    expect((await search('project:proj/latest install')).body.count).toBe(0);
    clock.advance(399);
    expect((await search('project:proj/latest install')).body.count).toBe(0);
    clock.advance(1);
    const hit = (await search('project:proj/latest install')).body;
    expect(hit.count).toBe(1);
    expect(hit.query).toBe('install');
    expect(hit.projects).toEqual([{ slug: 'proj', versions: [{ slug: 'latest' }] }]);
    expect(hit.results[0]).toMatchObject({
      type: 'page',
      title: 'Install guide',
      path: '/docs/proj/en/latest/install.html',
      project: { slug: 'proj', alias: null },
      version: { slug: 'latest' },
    });
    expect(hit.results[0].blocks[0].highlights.content[0]).toBe('How to <span>install</span> &lt;it&gt;');
    expect((await search('project:proj/7 install')).body.count).toBe(0);
    const noArgs = await search('install');
    expect(noArgs.status).toBe(200);
    expect(noArgs.body).toMatchObject({ count: 0, results: [], projects: [] });
    const missing = await call(s, '/api/v3/search/');
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body)).toEqual(['q']);
  });
});

describe('faults and the request log', () => {
  it('resets, loses answers after processing, delays, fakes statuses and truncates', async () => {
    const s = await standin();
    s.addProject({ slug: 'proj' });
    s.fault({ kind: 'reset', path: '/projects/proj/', method: 'GET' });
    await expect(fetch(`${s.url}/api/v3/projects/proj/`, { headers: AUTH })).rejects.toThrow();
    expect((await call(s, '/api/v3/projects/proj/')).status).toBe(200);

    s.fault({ kind: 'reset-after-processing', method: 'POST', path: /\/builds\/$/ });
    await expect(fetch(`${s.url}/api/v3/projects/proj/versions/latest/builds/`, { method: 'POST', headers: AUTH })).rejects.toThrow();
    expect(s.builds('proj')).toHaveLength(1);

    s.fault({ kind: 'delay', ms: 150, path: 'sync-versions', times: 2 });
    await expect(
      fetch(`${s.url}/api/v3/projects/proj/sync-versions/`, { method: 'POST', headers: AUTH, signal: AbortSignal.timeout(50) }),
    ).rejects.toThrow();
    const slowStart = Date.now();
    expect((await call(s, '/api/v3/projects/proj/sync-versions/', { method: 'POST' })).status).toBe(202);
    expect(Date.now() - slowStart).toBeGreaterThanOrEqual(140);

    s.fault({ kind: 'status', status: 503, body: '<html>maintenance</html>', after: 1, times: 2 });
    expect((await call(s, '/api/v3/projects/proj/')).status).toBe(200);
    const down = await call(s, '/api/v3/projects/proj/');
    expect(down.status).toBe(503);
    expect(down.headers.get('content-type')).toMatch(/text\/html/);
    expect((await call(s, '/api/v3/projects/proj/')).status).toBe(503);
    expect((await call(s, '/api/v3/projects/proj/')).status).toBe(200);

    s.fault({
      kind: 'status',
      status: 429,
      body: '{"detail":"Request was throttled. Expected available in 1 second."}',
      headers: { 'retry-after': '1' },
    });
    const t = await call(s, '/api/v3/projects/proj/');
    expect(t.status).toBe(429);
    expect(t.headers.get('retry-after')).toBe('1');
    expect(t.headers.get('content-type')).toBe('application/json');

    s.fault({ kind: 'truncate', path: '/builds/' });
    const res = await fetch(`${s.url}/api/v3/projects/proj/builds/`, { headers: AUTH });
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();

    const faulted = s.requests.filter((r) => r.fault).map((r) => [r.fault, r.status]);
    expect(faulted).toEqual([
      ['reset', 0],
      ['reset-after-processing', 0],
      ['delay', 202],
      ['delay', 202],
      ['status', 503],
      ['status', 503],
      ['status', 429],
      ['truncate', 200],
    ]);
  });

  it('records every request with its answer and adds latency', async () => {
    const s = await standin({ rateLimit: null, latencyMs: 60 });
    s.addProject({ slug: 'proj' });
    const started = Date.now();
    await call(s, '/api/v3/projects/proj/versions/latest/builds/?x=1', { method: 'POST', body: 'hello' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    await call(s, '/api/v3/projects/proj/nothing/');
    expect(s.requests).toHaveLength(2);
    expect(s.requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/v3/projects/proj/versions/latest/builds/',
      query: { x: '1' },
      body: 'hello',
      status: 202,
    });
    expect(s.requests[0]?.headers['authorization']).toBe('Token test-token');
    expect(s.requests[1]?.status).toBe(404);
    expect(s.count('post', '/builds/')).toBe(1);
    expect(s.count('GET', /nothing/)).toBe(1);
  });

  it('serves documentation pages once the version is built', async () => {
    const s = await standin();
    s.addProject({ slug: 'proj', versions: [{ slug: 'stable', built: true }] });
    expect((await fetch(`${s.url}/docs/proj/en/stable/index.html`)).status).toBe(200);
    expect((await fetch(`${s.url}/docs/proj/en/latest/`)).status).toBe(404);
  });
});

describe('behaviour read from the service source (issue 11)', () => {
  it('keeps builds of a deleted version in the project list with version null, and out of version lists', async () => {
    const s = await standin();
    s.addProject({ slug: 'demo', versions: [{ slug: '3', type: 'external' }] });
    const id = s.addBuild('demo', '3', { durationMs: 10, outcome: 'success', commit: 'a'.repeat(40), commitFromStart: true });
    s.deleteVersion('demo', '3');
    const list = await call(s, '/api/v3/projects/demo/builds/');
    const build = list.body.results.find((b: { id: number }) => b.id === id);
    expect(build.version).toBeNull();
    expect(build.urls.version).toBeNull();
    expect(build._links.version).toBeNull();
  });

  it('ends a 183 skip cancelled with build:user:exit-code-183, and a failure before checkout finished with commit null', async () => {
    const s = await standin();
    s.addProject({ slug: 'demo' });
    const skipped = s.addBuild('demo', 'latest', { durationMs: 10, outcome: 'skipped', commit: 'a'.repeat(40), startedAgoMs: 1000 });
    const broken = s.addBuild('demo', 'latest', {
      durationMs: 10,
      outcome: 'failure-before-checkout',
      commit: 'b'.repeat(40),
      startedAgoMs: 1000,
    });
    const skip = await call(s, `/api/v3/projects/demo/builds/${skipped}/`);
    expect(skip.body).toMatchObject({ state: { code: 'cancelled' }, success: false, commit: 'a'.repeat(40) });
    const notes = await call(s, `/api/v3/projects/demo/builds/${skipped}/notifications/`);
    expect(notes.body.results.map((n: { message: { id: string } }) => n.message.id)).toEqual(['build:user:exit-code-183']);
    const fail = await call(s, `/api/v3/projects/demo/builds/${broken}/`);
    expect(fail.body).toMatchObject({ state: { code: 'finished' }, success: false, commit: null });
  });

  it('serves a variable with public: null, and API v2 ignores the token (private builds are 404)', async () => {
    const s = await standin();
    s.addProject({ slug: 'secret', privacy: 'private' });
    s.addEnvVar('secret', { name: 'OLD', value: 'x', public: null });
    const vars = await call(s, '/api/v3/projects/secret/environmentvariables/');
    expect(vars.body.results[0].public).toBeNull();
    const id = s.addBuild('secret', 'latest', { durationMs: 10, outcome: 'success', startedAgoMs: 1000 });
    expect((await call(s, `/api/v3/projects/secret/builds/${id}/`)).status).toBe(200);
    expect((await call(s, `/api/v2/build/${id}/`)).status).toBe(404);
  });
});
