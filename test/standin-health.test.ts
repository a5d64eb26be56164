// The stand-ins' parts `health` reads: Read the Docs' project notifications (builds disabled after
// 25 failed builds of the default version in a row, FACTS.md Builds), and GitHub's branch heads,
// releases, tags and issues as its REST API answers them.
import { afterEach, describe, expect, it } from 'vitest';
import { startGitHubStandin, type GitHubStandin } from '../harness/github-standin.ts';
import { startStandin, type Standin } from '../harness/rtd-standin.ts';

const TOKEN = 'ghs_standin_health_0123456789';
let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((close) => close()));
  closers = [];
});

async function rtd(): Promise<Standin> {
  const standin = await startStandin({ rateLimit: null });
  closers.push(() => standin.close());
  standin.addProject({ slug: 'acme' });
  return standin;
}

async function notifications(standin: Standin, query = ''): Promise<{ status: number; ids: string[]; states: string[] }> {
  const res = await fetch(`${standin.url}/api/v3/projects/acme/notifications/${query}`, { headers: { authorization: 'Token test-token' } });
  const body = (await res.json()) as { results?: { state: string; message: { id: string } }[] };
  return { status: res.status, ids: (body.results ?? []).map((n) => n.message.id), states: (body.results ?? []).map((n) => n.state) };
}

const DISABLED = 'project:builds:disabled-due-to-consecutive-failures';

describe('Read the Docs stand-in: project notifications', () => {
  it('says the builds are disabled once the default version failed 25 times in a row, not before', async () => {
    const standin = await rtd();
    for (let i = 0; i < 24; i++)
      standin.addBuild('acme', 'latest', { durationMs: 1000, outcome: 'failure', startedAgoMs: 100_000 - i * 1000 });
    expect(await notifications(standin)).toEqual({ status: 200, ids: [], states: [] });
    standin.addBuild('acme', 'latest', { durationMs: 1000, outcome: 'failure', startedAgoMs: 50_000 });
    expect(await notifications(standin)).toMatchObject({ ids: [DISABLED], states: ['unread'] });
    // Re-enabled (a later build succeeded): still listed, cancelled (FACTS, Builds).
    standin.addBuild('acme', 'latest', { durationMs: 1000, outcome: 'success', startedAgoMs: 40_000 });
    expect(await notifications(standin)).toMatchObject({ ids: [DISABLED], states: ['cancelled'] });
    expect((await notifications(standin, '?state__in=unread,read')).ids).toEqual([]);
    standin.disableBuilds('acme');
    expect(await notifications(standin)).toMatchObject({ ids: [DISABLED], states: ['unread'] });
  });

  it('re-enabled by hand, the notification stays listed as cancelled; the 25 failures before no longer count', async () => {
    const standin = await rtd();
    for (let i = 0; i < 25; i++)
      standin.addBuild('acme', 'latest', { durationMs: 1000, outcome: 'failure', startedAgoMs: 100_000 - i * 1000 });
    expect((await notifications(standin)).states).toEqual(['unread']);
    standin.disableBuilds('acme', false);
    expect(await notifications(standin)).toMatchObject({ ids: [DISABLED], states: ['cancelled'] });
    const trigger = await fetch(`${standin.url}/api/v3/projects/acme/versions/latest/builds/`, {
      method: 'POST',
      headers: { authorization: 'Token test-token' },
    });
    expect(trigger.status).toBe(202);
  });

  it('lists notifications in every state, filtered by `state` and `state__in`; a state that is no choice is a 400', async () => {
    const standin = await rtd();
    for (const state of ['read', 'dismissed', 'cancelled'] as const) {
      standin.addProjectNotification('acme', { id: `note:${state}`, header: state, body: '', state });
    }
    standin.disableBuilds('acme');
    expect((await notifications(standin)).states).toEqual(['unread', 'read', 'dismissed', 'cancelled']);
    expect((await notifications(standin, '?state__in=unread,read')).ids).toEqual([DISABLED, 'note:read']);
    expect((await notifications(standin, '?state=dismissed')).ids).toEqual(['note:dismissed']);
    expect((await notifications(standin, '?state__in=unread,gone')).status).toBe(400);
  });

  it('while the builds are disabled, a trigger answers 400 triggered: false and a push builds nothing', async () => {
    const standin = await rtd();
    standin.disableBuilds('acme');
    const res = await fetch(`${standin.url}/api/v3/projects/acme/versions/latest/builds/`, {
      method: 'POST',
      headers: { authorization: 'Token test-token' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ triggered: false });
    expect(standin.push('acme', 'main', { commit: 'a'.repeat(40) })).toBeNull();
    expect(standin.builds('acme')).toEqual([]);
  });

  it('needs a token, and answers an unknown project with an empty list', async () => {
    const standin = await rtd();
    expect((await fetch(`${standin.url}/api/v3/projects/acme/notifications/`)).status).toBe(401);
    const res = await fetch(`${standin.url}/api/v3/projects/nope/notifications/`, { headers: { authorization: 'Token test-token' } });
    expect(await res.json()).toMatchObject({ count: 0, results: [] });
  });
});

describe('Read the Docs stand-in: the branch latest follows, and the docs root (FACTS.md, Versions)', () => {
  const get = (standin: Standin, path: string) =>
    fetch(`${standin.url}${path}`, { headers: { authorization: 'Token test-token' }, redirect: 'manual' });

  it("with no branch set and no repository linked, API default_branch reads master while latest's identifier names main, and a push to main builds latest", async () => {
    const standin = await startStandin({ rateLimit: null });
    closers.push(() => standin.close());
    standin.addProject({ slug: 'hand', defaultBranch: null, repositoryHead: 'main' });
    expect(await (await get(standin, '/api/v3/projects/hand/')).json()).toMatchObject({ default_branch: 'master' });
    const latest = (await (await get(standin, '/api/v3/projects/hand/versions/latest/')).json()) as {
      identifier: string;
      urls: { vcs: string };
    };
    expect(latest.identifier).toBe('main');
    expect(latest.urls.vcs).toMatch(/\/tree\/main\/$/);
    expect(standin.push('hand', 'main', { commit: 'c'.repeat(40) })).not.toBeNull();
    expect(standin.builds('hand').map((b) => b.version)).toEqual(['latest']);
    expect(() => standin.push('hand', 'master', { commit: 'd'.repeat(40) })).toThrow(/add the branch's version first/);
  });

  it("the service's stable serves the highest release among tags and branches, active or not; a stable of the user's own is never moved", async () => {
    const standin = await startStandin({ rateLimit: null });
    closers.push(() => standin.close());
    const C = (n: string) => n.repeat(40);
    standin.addProject({
      slug: 'rel',
      versions: [
        { slug: 'v1.0', type: 'tag', identifier: C('1') },
        { slug: 'v1.1', type: 'tag', identifier: C('2'), active: false },
        { slug: 'v2.0rc1', type: 'tag', identifier: C('3') },
        { slug: 'stable', type: 'tag', identifier: C('1'), machine: true },
      ],
    });
    const stable = async (slug = 'rel') =>
      (await (await get(standin, `/api/v3/projects/${slug}/versions/stable/`)).json()) as {
        identifier: string;
        type: string;
        verbose_name: string;
      };
    expect(await stable()).toMatchObject({ identifier: C('2'), type: 'tag', verbose_name: 'stable' });
    standin.addVersion('rel', { slug: 'v1.1-1', type: 'tag', identifier: C('4') });
    expect((await stable()).identifier).toBe(C('4'));
    standin.addVersion('rel', { slug: '1.5', type: 'branch', active: false });
    expect(await stable()).toMatchObject({ identifier: '1.5', type: 'branch' });
    standin.addProject({
      slug: 'own',
      versions: [
        { slug: 'v1.0', type: 'tag', identifier: C('1') },
        { slug: 'stable', type: 'branch', identifier: 'stable' },
      ],
    });
    expect((await stable('own')).identifier).toBe('stable');
  });

  it('a multi-version root redirects to the default version, or quietly to latest when that one is inactive or missing; single-version: 404', async () => {
    const standin = await startStandin({ rateLimit: null });
    closers.push(() => standin.close());
    standin.addProject({ slug: 'multi', defaultVersion: 'v1', versions: [{ slug: 'v1', type: 'tag', built: true }] });
    standin.addBuild('multi', 'latest', { durationMs: 1000, outcome: 'success', startedAgoMs: 60_000 });
    standin.addProject({
      slug: 'single',
      versioningScheme: 'single_version_without_translations',
      defaultVersion: 'v1',
      versions: [{ slug: 'v1', type: 'tag', built: true }],
    });
    const root = async (slug: string) => {
      const res = await get(standin, `/docs/${slug}/`);
      return [res.status, res.headers.get('location')?.replace(standin.url, '') ?? null];
    };
    expect(await root('multi')).toEqual([302, '/docs/multi/en/v1/']);
    expect(await root('single')).toEqual([200, null]);
    for (const slug of ['multi', 'single']) {
      await fetch(`${standin.url}/api/v3/projects/${slug}/versions/v1/`, {
        method: 'PATCH',
        headers: { authorization: 'Token test-token', 'content-type': 'application/json' },
        body: JSON.stringify({ active: false }),
      });
    }
    expect(await root('multi')).toEqual([302, '/docs/multi/en/latest/']);
    expect((await get(standin, '/docs/multi/en/latest/')).status).toBe(200);
    expect((await get(standin, '/docs/multi/en/v1/')).status).toBe(404);
    expect(await root('single')).toEqual([404, null]);
  });
});

async function github(): Promise<GitHubStandin> {
  const gh = await startGitHubStandin({ token: TOKEN, maxPerPage: 2 });
  closers.push(() => gh.close());
  return gh;
}

const api = (gh: GitHubStandin, path: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${gh.url}/repos/octo/docs-repo${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `token ${TOKEN}`, 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

describe('GitHub stand-in: what health reads and writes', () => {
  it("gives a branch's head with its commit date, and 404 for an unknown branch", async () => {
    const gh = await github();
    gh.setBranch('main', 'b'.repeat(40), Date.parse('2026-11-23T05:00:00Z'));
    const body = (await (await api(gh, '/branches/main')).json()) as { commit: { sha: string; commit: { committer: { date: string } } } };
    expect(body.commit.sha).toBe('b'.repeat(40));
    expect(body.commit.commit.committer.date).toBe('2026-11-23T05:00:00Z');
    expect((await api(gh, '/branches/nope')).status).toBe(404);
  });

  it('lists releases newest first and tags, paginated', async () => {
    const gh = await github();
    for (const tag of ['v1.0', 'v1.1', 'v1.2']) gh.addRelease({ tag });
    gh.addTag('v1.2', 'c'.repeat(40));
    const res = await api(gh, '/releases?per_page=100');
    expect(((await res.json()) as { tag_name: string }[]).map((r) => r.tag_name)).toEqual(['v1.2', 'v1.1']);
    expect(res.headers.get('link')).toContain('rel="next"');
    expect(await (await api(gh, '/tags')).json()).toEqual([{ name: 'v1.2', commit: { sha: 'c'.repeat(40), url: '' } }]);
  });

  it("creates issues as the token's account, lists open ones, edits, comments on and closes them", async () => {
    const gh = await github();
    gh.addPullRequest({ number: 1, headSha: 'd'.repeat(40) });
    const created = (await (await api(gh, '/issues', { method: 'POST', body: { title: 't', body: 'b' } })).json()) as {
      number: number;
      user: { login: string };
    };
    expect(created).toMatchObject({ number: 2, user: { login: 'github-actions[bot]' } });
    const listed = (await (await api(gh, '/issues?state=open&direction=asc&per_page=100')).json()) as {
      number: number;
      pull_request?: unknown;
    }[];
    // Pull requests among the issues, in the one order of their shared numbers.
    expect(listed.map((issue) => [issue.number, issue.pull_request !== undefined])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect((await api(gh, '/issues/2/comments', { method: 'POST', body: { body: 'c' } })).status).toBe(201);
    await api(gh, '/issues/2', { method: 'PATCH', body: { state: 'closed', state_reason: 'completed' } });
    expect(gh.issues()).toMatchObject([{ number: 2, state: 'closed', state_reason: 'completed' }]);
    expect(gh.comments(2).map((comment) => comment.body)).toEqual(['c']);
    expect((await api(gh, '/issues/9', { method: 'PATCH', body: { state: 'closed' } })).status).toBe(404);
  });

  it('lists newest first by default, by creator= when asked (any case), a page at a time', async () => {
    const gh = await github();
    const bot = { login: 'github-actions[bot]', type: 'Bot' as const };
    for (const user of [undefined, bot, undefined, bot, bot]) gh.addIssue({ title: 't', body: 'b', ...(user ? { user } : {}) });
    const numbers = async (path: string) => ((await (await api(gh, path)).json()) as { number: number }[]).map((issue) => issue.number);
    expect(await numbers('/issues?per_page=100')).toEqual([5, 4]);
    expect(await numbers('/issues?creator=GitHub-Actions%5Bbot%5D&direction=asc')).toEqual([2, 4]);
    expect(await numbers('/issues?creator=github-actions%5Bbot%5D&direction=asc&page=2')).toEqual([5]);
    expect(await numbers('/issues?creator=nobody')).toEqual([]);
  });

  it('searches the open issues of the repository for a quoted phrase in the body, oldest first when asked', async () => {
    const gh = await github();
    gh.addIssue({ title: 't', body: '<!-- marker:health -->\nfirst' });
    gh.addIssue({ title: 't', body: 'no marker here' });
    gh.addIssue({ title: 't', body: '<!-- MARKER:health -->\nclosed', state: 'closed' });
    gh.addIssue({ title: 't', body: 'quoted later: marker:health' });
    const search = async (q: string, order = 'asc') => {
      const res = await fetch(`${gh.url}/search/issues?q=${encodeURIComponent(q)}&order=${order}&per_page=100`, {
        headers: { authorization: `token ${TOKEN}` },
      });
      const body = (await res.json()) as { total_count: number; items: { number: number; user: { login: string } }[] };
      return [body.total_count, body.items.map((item) => item.number)];
    };
    expect(await search('repo:octo/docs-repo is:issue is:open in:body "marker:health"')).toEqual([2, [1, 4]]);
    expect(await search('repo:octo/docs-repo is:issue in:body "marker:health"', 'desc')).toEqual([3, [4, 3]]);
    expect(await search('repo:other/repo is:issue is:open "marker:health"')).toEqual([0, []]);
  });
});
