// keepHealthIssue, the one issue `health` keeps, against the GitHub stand-in over real HTTP (the
// action's own client): found by creator= when the token's login is known, by a search on the marker
// among bots' issues when it is not; opened, edited only when its problems changed, closed; copies
// closed as duplicates of the oldest, also right after opening one. Through dist/: test/e2e/health-issue.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { startGitHubStandin, type GitHubStandin } from '../harness/github-standin.ts';
import { createOctokit, GitHubError, type GitHubRepo } from '../src/github/api/client.js';
import { type HealthIssueOptions, keepHealthIssue } from '../src/operations/health/health-issue.js';
import { TokenIdentity } from '../src/github/token-identity.js';

const TOKEN = 'ghs_health_issue_unit_0123456789';
const MARKER = '<!-- readthedocs-action:health -->';
const BOT = { login: 'github-actions[bot]', type: 'Bot' as const };
const APP = { login: 'docs-app[bot]', type: 'Bot' as const };
const MALLORY = { login: 'mallory', type: 'User' as const };
/** Another App's bot, one that copies what users write into issues of its own. */
const COPIER = { login: 'issue-copier[bot]', type: 'Bot' as const };

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((close) => close()));
  closers = [];
});

/** The stand-in (`maxPerPage` small: lists take pages) and a client of the token; `hidden`: the token cannot learn its login. */
async function stage(options: { hidden?: boolean; tokenApp?: string } = {}): Promise<{ gh: GitHubStandin; repo: GitHubRepo }> {
  const gh = await startGitHubStandin({ token: TOKEN, maxPerPage: 2, ...(options.tokenApp ? { tokenApp: options.tokenApp } : {}) });
  closers.push(() => gh.close());
  if (options.hidden) gh.refuse('POST', /^\/graphql$/);
  const octokit = await createOctokit(TOKEN, gh.url, 'test', { retryBaseMs: 1 });
  return { gh, repo: { octokit, owner: 'octo', repo: 'docs-repo', limits: { signal: new AbortController().signal } } };
}

function keep(
  repo: GitHubRepo,
  body: string | undefined | ((previous: string | undefined) => string),
  title = 'Read the Docs health: problems in acme',
): ReturnType<typeof keepHealthIssue> {
  const write = typeof body === 'string' ? () => body : body;
  const options: HealthIssueOptions = { marker: MARKER, identity: new TokenIdentity(), title, body: write, closing: 'All well: closing.' };
  return keepHealthIssue(repo, options);
}

const open = (gh: GitHubStandin) => gh.issues().filter((issue) => issue.state === 'open');
const writes = (gh: GitHubStandin) =>
  gh.requests.filter((r) => r.method !== 'GET' && !r.path.endsWith('/graphql')).map((r) => `${r.method} ${r.path}`);

describe('keepHealthIssue, the token known', () => {
  it('opens one issue, leaves it alone while nothing changed, edits it when the problems or the title change, closes it once well', async () => {
    const { gh, repo } = await stage();
    const opened = await keep(repo, `${MARKER}\none problem`);
    expect(opened).toEqual({ action: 'opened', number: 1, url: 'https://github.com/octo/docs-repo/issues/1', duplicates: [] });
    expect(open(gh)).toMatchObject([
      { number: 1, title: 'Read the Docs health: problems in acme', body: `${MARKER}\none problem`, user: BOT },
    ]);

    const before = gh.requests.length;
    expect(await keep(repo, `${MARKER}\none problem`)).toEqual({ ...opened, action: 'unchanged' });
    expect(writes(gh).length).toBe(1);
    // Listed by creator=, never through the repository's other issues.
    expect(gh.requests.slice(before).map((r) => [r.method, r.path, r.query.creator])).toContainEqual([
      'GET',
      '/repos/octo/docs-repo/issues',
      BOT.login,
    ]);

    expect(await keep(repo, `${MARKER}\ntwo problems`)).toEqual({ ...opened, action: 'updated' });
    expect(open(gh)[0]!.body).toBe(`${MARKER}\ntwo problems`);
    expect(await keep(repo, `${MARKER}\ntwo problems`, 'Read the Docs health: problems in acme, beta')).toEqual({
      ...opened,
      action: 'updated',
    });
    expect(open(gh)[0]!.title).toBe('Read the Docs health: problems in acme, beta');
    expect(writes(gh)).toEqual([
      'POST /repos/octo/docs-repo/issues',
      'PATCH /repos/octo/docs-repo/issues/1',
      'PATCH /repos/octo/docs-repo/issues/1',
    ]);

    expect(await keep(repo, undefined)).toEqual({ action: 'closed', number: 1, url: opened.url, duplicates: [] });
    expect(gh.issues()).toMatchObject([{ number: 1, state: 'closed', state_reason: 'completed' }]);
    expect(gh.comments(1).map((c) => c.body)).toEqual(['All well: closing.']);
    const closedWrites = writes(gh).length;
    expect(await keep(repo, undefined)).toEqual({ action: 'none', duplicates: [] });
    expect(writes(gh).length).toBe(closedWrites);
  });

  // Issue 52: the body is written knowing the kept issue's (its hidden state: since when each dead link is dead).
  it("writes the body from the kept issue's: nothing when it opens one, the kept body when it edits it", async () => {
    const { repo } = await stage();
    const seen: (string | undefined)[] = [];
    const write = (previous: string | undefined) => {
      seen.push(previous);
      return `${MARKER}\nrun ${seen.length}`;
    };
    await keep(repo, write);
    await keep(repo, write);
    expect(seen).toEqual([undefined, `${MARKER}\nrun 1`]);
  });

  it('writes the title and body with their bidi controls made visible, and finds them unchanged as GitHub stores them', async () => {
    const { gh, repo } = await stage();
    const body = `${MARKER}\nbuild output: \u202Eexe.txt\u202C \u2066x\u2069`;
    await keep(repo, body, 'health \u202Eacme');
    expect(open(gh)[0]).toMatchObject({
      title: 'health \\u202eacme',
      body: `${MARKER}\nbuild output: \\u202eexe.txt\\u202c \\u2066x\\u2069`,
    });
    expect((await keep(repo, body, 'health \u202Eacme')).action).toBe('unchanged');
    expect(gh.count('PATCH', /\/issues\/1$/)).toBe(0);
  });

  it("never adopts another account's copy of the marker, nor its own issue whose body only mentions it", async () => {
    const { gh, repo } = await stage();
    const planted = gh.addIssue({ title: 'planted', body: `${MARKER}\nplanted`, user: MALLORY });
    const mention = gh.addIssue({ title: 'mention', body: `about ${MARKER}`, user: BOT });
    const other = gh.addIssue({ title: 'other header', body: '<!-- readthedocs-action:health:fr -->\nfr', user: BOT });
    const result = await keep(repo, `${MARKER}\nproblem`);
    expect(result).toMatchObject({ action: 'opened', duplicates: [] });
    expect(open(gh).map((issue) => [issue.number, issue.body])).toEqual([
      [planted, `${MARKER}\nplanted`],
      [mention, `about ${MARKER}`],
      [other, '<!-- readthedocs-action:health:fr -->\nfr'],
      [result.number, `${MARKER}\nproblem`],
    ]);
    await keep(repo, undefined);
    expect(open(gh).map((issue) => issue.number)).toEqual([planted, mention, other]);
  });

  it('keeps the oldest of its copies, past a page, and closes the others as its duplicates', async () => {
    const { gh, repo } = await stage();
    for (let i = 0; i < 3; i++) gh.addIssue({ title: 'someone', body: 'x', user: MALLORY });
    const kept = gh.addIssue({ title: 'old', body: `${MARKER}\nold`, user: BOT });
    const copies = [
      gh.addIssue({ title: 'copy', body: `${MARKER}\ncopy`, user: BOT }),
      gh.addIssue({ title: 'copy', body: `${MARKER}\nc2`, user: BOT }),
    ];
    const result = await keep(repo, `${MARKER}\nnew`);
    expect(result).toEqual({
      action: 'updated',
      number: kept,
      url: `https://github.com/octo/docs-repo/issues/${kept}`,
      duplicates: copies,
    });
    expect(
      open(gh)
        .filter((issue) => issue.user.login === BOT.login)
        .map((issue) => [issue.number, issue.body]),
    ).toEqual([[kept, `${MARKER}\nnew`]]);
    for (const copy of copies) {
      expect(gh.comments(copy).map((c) => c.body)).toEqual([`Duplicate of #${kept}.`]);
      expect(gh.issues().find((issue) => issue.number === copy)).toMatchObject({ state: 'closed', state_reason: 'not_planned' });
    }
    expect(gh.comments(kept)).toEqual([]);
  });

  it('closes every copy with the closing comment once all is well', async () => {
    const { gh, repo } = await stage();
    const first = gh.addIssue({ title: 'a', body: `${MARKER}\na`, user: BOT });
    const second = gh.addIssue({ title: 'b', body: `${MARKER}\nb`, user: BOT });
    expect(await keep(repo, undefined)).toEqual({ action: 'closed', number: first, url: expect.stringMatching(/\/1$/), duplicates: [] });
    expect(open(gh)).toEqual([]);
    expect([first, second].map((n) => gh.comments(n).map((c) => c.body))).toEqual([['All well: closing.'], ['All well: closing.']]);
  });
});

describe("keepHealthIssue, GitHub's answers not taken on trust", () => {
  const LIST = /^\/repos\/octo\/docs-repo\/issues$/;
  const foreign = (number: number, user: unknown) => ({
    number,
    title: 'foreign',
    body: `${MARKER}\nforeign`,
    user,
    state: 'open',
    html_url: `https://github.com/octo/docs-repo/issues/${number}`,
  });

  it("keeps the oldest whatever the list's order, and adopts no issue of another author or of none the list slips in", async () => {
    const { gh, repo } = await stage();
    const kept = gh.addIssue({ title: 'old', body: `${MARKER}\nold`, user: BOT });
    const copy = gh.addIssue({ title: 'copy', body: `${MARKER}\ncopy`, user: BOT });
    const slipped = [foreign(90, MALLORY), foreign(91, null)];
    gh.fault({
      kind: 'rewrite',
      method: 'GET',
      path: LIST,
      times: 10,
      transform: (body) => JSON.stringify([...slipped, ...(JSON.parse(body) as unknown[]).reverse()]),
    });
    const result = await keep(repo, `${MARKER}\nnew`);
    expect(result).toMatchObject({ action: 'updated', number: kept, duplicates: [copy] });
    expect(writes(gh).filter((w) => /\/9[01]/.test(w))).toEqual([]);
  });

  it("keeps the oldest the search finds whatever its order, a bot's only, and none of an author GitHub does not name", async () => {
    const { gh, repo } = await stage({ hidden: true });
    const kept = gh.addIssue({ title: 'old', body: `${MARKER}\nold`, user: BOT });
    const copy = gh.addIssue({ title: 'copy', body: `${MARKER}\ncopy`, user: BOT });
    gh.fault({
      kind: 'rewrite',
      method: 'GET',
      path: '/search/issues',
      transform: (body) => {
        const answer = JSON.parse(body) as { items: unknown[] };
        return JSON.stringify({ ...answer, items: [foreign(91, null), ...answer.items.reverse()] });
      },
    });
    expect(await keep(repo, `${MARKER}\nnew`)).toMatchObject({ action: 'updated', number: kept, duplicates: [copy] });
  });

  it('a list that does not show the new issue yet: it is kept, and an older one the list shows is kept instead', async () => {
    const { gh, repo } = await stage();
    gh.fault({ kind: 'rewrite', method: 'GET', path: LIST, after: 1, transform: () => '[]' });
    expect(await keep(repo, `${MARKER}\nnew`)).toEqual({
      action: 'opened',
      number: 1,
      url: 'https://github.com/octo/docs-repo/issues/1',
      duplicates: [],
    });

    const other = await stage();
    const older = other.gh.addIssue({ title: 'older', body: `${MARKER}\nolder`, user: BOT });
    // The first list misses the older issue (a search that lagged would), the second misses the new one.
    other.gh.fault({ kind: 'rewrite', method: 'GET', path: LIST, transform: () => '[]' });
    other.gh.fault({
      kind: 'rewrite',
      method: 'GET',
      path: LIST,
      transform: (body) => JSON.stringify((JSON.parse(body) as { number: number }[]).filter((i) => i.number === older)),
    });
    const result = await keep(other.repo, `${MARKER}\nnew`);
    expect(result).toEqual({
      action: 'updated',
      number: older,
      url: `https://github.com/octo/docs-repo/issues/${older}`,
      duplicates: [older + 1],
    });
    expect(open(other.gh).map((issue) => [issue.number, issue.body])).toEqual([[older, `${MARKER}\nnew`]]);
  });

  it('a new issue whose author GitHub does not name: opened, and nothing more asked', async () => {
    const { gh, repo } = await stage({ hidden: true });
    gh.fault({ kind: 'rewrite', method: 'POST', path: LIST, transform: (body) => JSON.stringify({ ...JSON.parse(body), user: null }) });
    expect(await keep(repo, `${MARKER}\nnew`)).toEqual({
      action: 'opened',
      number: 1,
      url: 'https://github.com/octo/docs-repo/issues/1',
      duplicates: [],
    });
    const after = gh.requests.findIndex((r) => r.method === 'POST' && LIST.test(r.path));
    expect(gh.requests.slice(after + 1)).toEqual([]);
  });
});

describe('keepHealthIssue, the token unknown (GET /user and GraphQL refused)', () => {
  it("finds its issue by a search on the marker among bots' issues, not a person's copy, and edits it", async () => {
    const { gh, repo } = await stage({ hidden: true });
    const planted = gh.addIssue({ title: 'planted', body: `${MARKER}\nplanted`, user: MALLORY });
    const own = gh.addIssue({ title: 'own', body: `${MARKER}\nold`, user: BOT });
    gh.addIssue({ title: 'mention', body: `quoting ${MARKER}`, user: BOT });
    const result = await keep(repo, `${MARKER}\nnew`);
    expect(result).toMatchObject({ action: 'updated', number: own, duplicates: [] });
    const search = gh.requests.find((r) => r.path === '/search/issues')!;
    expect(search.query.q).toBe(`repo:octo/docs-repo is:issue is:open author:app/github-actions in:body "${MARKER}"`);
    expect(search.query.order).toBe('asc');
    expect(gh.issues().find((issue) => issue.number === planted)!.body).toBe(`${MARKER}\nplanted`);
    expect(gh.count('POST', /\/issues$/)).toBe(0);
  });

  it('when the search misses it (GitHub indexes late), opens one, learns who it is, and closes the new one as a duplicate of the older', async () => {
    const { gh, repo } = await stage({ hidden: true, tokenApp: 'docs-app' });
    const older = gh.addIssue({ title: 'older', body: `${MARKER}\nolder`, user: APP });
    gh.fault({
      kind: 'rewrite',
      method: 'GET',
      path: '/search/issues',
      transform: () => '{"total_count":0,"incomplete_results":false,"items":[]}',
    });
    const result = await keep(repo, `${MARKER}\nnew`);
    const created = older + 1;
    expect(result).toEqual({
      action: 'updated',
      number: older,
      url: `https://github.com/octo/docs-repo/issues/${older}`,
      duplicates: [created],
    });
    expect(open(gh).map((issue) => [issue.number, issue.body])).toEqual([[older, `${MARKER}\nnew`]]);
    expect(gh.comments(created).map((c) => c.body)).toEqual([`Duplicate of #${older}.`]);
    expect(gh.requests.filter((r) => r.method === 'GET' && r.path === '/repos/octo/docs-repo/issues').map((r) => r.query.creator)).toEqual([
      APP.login,
    ]);
  });

  it('opened with nothing to find: kept alone, no duplicate', async () => {
    const { gh, repo } = await stage({ hidden: true });
    expect(await keep(repo, `${MARKER}\nnew`)).toMatchObject({ action: 'opened', number: 1, duplicates: [] });
    expect(await keep(repo, `${MARKER}\nnew`)).toMatchObject({ action: 'unchanged', number: 1, duplicates: [] });
    expect(gh.count('POST', /\/issues$/)).toBe(1);
    expect(gh.issues().map((issue) => issue.state)).toEqual(['open']);
  });

  it("GitHub's refusal comes out as a GitHubError (what the step turns into its warning)", async () => {
    const { gh, repo } = await stage();
    gh.refuse('POST', /\/issues$/);
    await expect(keep(repo, `${MARKER}\nnew`)).rejects.toBeInstanceOf(GitHubError);
  });

  it("never edits nor closes another bot's issue with the marker: the workflow's token's own are github-actions[bot]'s", async () => {
    const { gh, repo } = await stage({ hidden: true });
    const planted = gh.addIssue({ title: 'planted', body: `${MARKER}\nplanted`, user: COPIER });
    const own = gh.addIssue({ title: 'own', body: `${MARKER}\nold`, user: BOT });
    const later = gh.addIssue({ title: 'planted later', body: `${MARKER}\nlater`, user: COPIER });
    expect(await keep(repo, `${MARKER}\nnew`)).toMatchObject({ action: 'updated', number: own, duplicates: [] });
    expect(await keep(repo, undefined)).toMatchObject({ action: 'closed', number: own, duplicates: [] });
    for (const number of [planted, later]) {
      expect(gh.issues().find((issue) => issue.number === number)).toMatchObject({ state: 'open', user: COPIER });
      expect(gh.comments(number)).toEqual([]);
      expect(gh.count('PATCH', new RegExp(`/issues/${number}$`))).toBe(0);
    }
  });

  it("another bot's issue alone: a new one is opened beside it, and the next runs keep that one", async () => {
    const { gh, repo } = await stage({ hidden: true });
    const planted = gh.addIssue({ title: 'planted', body: `${MARKER}\nplanted`, user: COPIER });
    const opened = await keep(repo, `${MARKER}\nnew`);
    expect(opened).toMatchObject({ action: 'opened', number: planted + 1, duplicates: [] });
    expect(await keep(repo, `${MARKER}\nnewer`)).toMatchObject({ action: 'updated', number: opened.number, duplicates: [] });
    expect(await keep(repo, undefined)).toMatchObject({ action: 'closed', number: opened.number, duplicates: [] });
    expect(gh.issues().find((issue) => issue.number === planted)).toMatchObject({ state: 'open', body: `${MARKER}\nplanted` });
    expect(gh.comments(planted)).toEqual([]);
  });
});
