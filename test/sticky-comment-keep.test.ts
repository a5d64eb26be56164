// keepStickyComment, the one way a sticky comment is kept (the preview's and apply's plan comment),
// against a scripted Octokit that keeps comments in memory.
import { describe, expect, it } from 'vitest';
import { keepStickyComment } from '../src/github/sticky-comment.js';
import { GITHUB_TOKEN_LOGIN, TokenIdentity } from '../src/github/token-identity.js';
import { scriptedRepo } from './support/scripted-octokit.ts';

const MARKER = '<!-- probe -->';

/** `whoami`: what GET /user answers (undefined: 403, as for GITHUB_TOKEN); `poster`: who new comments are by. */
function fakeGitHub(options: { whoami?: string; poster?: string; seed?: { body: string; login: string }[]; racer?: string }) {
  let nextId = 100;
  const comments = (options.seed ?? []).map((c) => ({ id: nextId++, body: c.body, user: { login: c.login } }));
  const routes: string[] = [];
  const request = async (route: string, params: Record<string, unknown>) => {
    routes.push(route.split(' ').slice(0, 2).join(' '));
    if (route.startsWith('GET /user')) {
      if (options.whoami) return { data: { login: options.whoami }, headers: {} };
      throw Object.assign(new Error('HTTP 403'), { status: 403, response: { status: 403 } });
    }
    if (route.startsWith('GET /repos/{owner}/{repo}/issues/{issue_number}/comments')) return { data: [...comments], headers: {} };
    if (route.startsWith('POST /repos/{owner}/{repo}/issues/{issue_number}/comments')) {
      const login = options.poster ?? options.whoami ?? GITHUB_TOKEN_LOGIN;
      const comment = { id: nextId++, body: String(params.body), user: { login } };
      comments.push(comment);
      // Another job of the same account posts at the same moment.
      if (options.racer) comments.push({ id: nextId++, body: options.racer, user: { login } });
      return { data: comment, headers: {} };
    }
    if (route.startsWith('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}')) {
      const comment = comments.find((c) => c.id === params.comment_id)!;
      comment.body = String(params.body);
      return { data: comment, headers: {} };
    }
    if (route.startsWith('DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}')) {
      comments.splice(
        comments.findIndex((c) => c.id === params.comment_id),
        1,
      );
      return { data: undefined, headers: {} };
    }
    throw new Error(`unexpected ${route}`);
  };
  const gh = scriptedRepo(request);
  return { gh, comments, routes };
}

describe('keepStickyComment', () => {
  it("posts once, then edits only the token's own marked comment; someone else's copy is left alone", async () => {
    const github = fakeGitHub({ seed: [{ body: `${MARKER}\nplanted`, login: 'mallory' }] });
    const identity = new TokenIdentity();
    const first = await keepStickyComment(github.gh, { issue: 7, marker: MARKER, identity, render: () => `${MARKER}\none` });
    expect(first).toMatchObject({ created: first.id, updated: false, deleted: [] });
    const second = await keepStickyComment(github.gh, { issue: 7, marker: MARKER, identity, render: () => `${MARKER}\ntwo` });
    expect(second).toEqual({ id: first.id, created: undefined, updated: true, deleted: [] });
    const unchanged = await keepStickyComment(github.gh, { issue: 7, marker: MARKER, identity, render: () => `${MARKER}\ntwo` });
    expect(unchanged.updated).toBe(false);
    expect(github.comments.map((c) => [c.user.login, c.body])).toEqual([
      ['mallory', `${MARKER}\nplanted`],
      [GITHUB_TOKEN_LOGIN, `${MARKER}\ntwo`],
    ]);
    // GET /user asked once for the identity shared by every write.
    expect(github.routes.filter((r) => r === 'GET /user')).toHaveLength(1);
  });

  it('two jobs posting at once: the oldest copy is kept, rendered from every copy, the other deleted', async () => {
    const github = fakeGitHub({ racer: `${MARKER}\nother job` });
    const seen: string[][] = [];
    const write = await keepStickyComment(github.gh, {
      issue: 7,
      marker: MARKER,
      identity: new TokenIdentity(),
      render: (own) => {
        seen.push(own.map((c) => c.body ?? ''));
        return `${MARKER}\n${own.length === 0 ? 'mine' : own.map((c) => (c.body ?? '').split('\n')[1]).join(' + ')}`;
      },
    });
    expect(seen).toEqual([[], [`${MARKER}\nmine`, `${MARKER}\nother job`]]);
    expect(write.deleted).toHaveLength(1);
    expect(github.comments.map((c) => c.body)).toEqual([`${MARKER}\nmine + other job`]);
  });

  it("a GitHub App's token: taken for github-actions[bot] until its first comment names the App's bot", async () => {
    const github = fakeGitHub({ poster: 'docs-app[bot]' });
    const identity = new TokenIdentity();
    await keepStickyComment(github.gh, { issue: 7, marker: MARKER, identity, render: () => `${MARKER}\none` });
    expect(await identity.login(github.gh)).toBe('docs-app[bot]');
    await keepStickyComment(github.gh, { issue: 7, marker: MARKER, identity, render: () => `${MARKER}\ntwo` });
    expect(github.comments.map((c) => c.body)).toEqual([`${MARKER}\ntwo`]);
  });
});
