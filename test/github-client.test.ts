// The GitHub client as the action composes it (paginate, plugin-retry, plugin-throttling, the
// workflow's cancellation) over real HTTP against the GitHub stand-in. Waits are recorded by a
// stand-in `sleep`, so nothing here depends on the clock.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOctokit, GitHubError, type GitHubRepo, MAX_RATE_LIMIT_WAIT_S } from '../src/github/api/client.js';
import {
  createCommitStatus,
  createDeployment,
  createDeploymentStatus,
  createIssue,
  createIssueComment,
  getPullRequest,
  listIssueComments,
  updateIssue,
  updateIssueComment,
  updatePullRequestBody,
} from '../src/github/api/rest.js';
import { CancelledError, sleep as realSleep } from '../src/util/abort.js';
import { type GitHubStandin, startGitHubStandin } from '../harness/github-standin.ts';

const TOKEN = 'gh-token';
const COMMENTS = /^\/repos\/octo\/docs-repo\/issues\/7\/comments$/;
let standin: GitHubStandin;

afterEach(async () => {
  await standin?.close();
});

/** A client against a fresh stand-in with PR #7; `waits` lists every rate-limit wait asked for, in ms. */
async function client(
  options: { maxPerPage?: number; retryBaseMs?: number; sleep?: (ms: number, signal?: AbortSignal) => Promise<void> } = {},
) {
  standin = await startGitHubStandin({ token: TOKEN, ...(options.maxPerPage ? { maxPerPage: options.maxPerPage } : {}) });
  standin.addPullRequest({ number: 7, headSha: 'a'.repeat(40) });
  const waits: number[] = [];
  const controller = new AbortController();
  const octokit = await createOctokit(TOKEN, standin.url, 'test', {
    retryBaseMs: options.retryBaseMs ?? 0,
    sleep:
      options.sleep ??
      (async (ms, signal) => {
        waits.push(ms);
        signal?.throwIfAborted();
      }),
  });
  const gh: GitHubRepo = { octokit, owner: 'octo', repo: 'docs-repo', limits: { signal: controller.signal } };
  return { gh, waits, controller };
}

describe('GitHub rate limits (plugin-throttling)', () => {
  it('a comment write hit by the secondary rate limit is sent again after retry-after, and lands once', async () => {
    const { gh, waits } = await client();
    standin.rateLimit('POST', COMMENTS, { kind: 'secondary', retryAfter: 1 });

    const comment = await createIssueComment(gh, 7, 'preview ready');

    expect(waits).toEqual([1000]);
    expect(standin.count('POST', COMMENTS)).toBe(2);
    expect(standin.comments(7).map((c) => c.body)).toEqual(['preview ready']);
    expect(comment.id).toBe(standin.comments(7)[0]!.id);
  });

  it('a 429 is waited out twice; a third one ends the call with a clear error', async () => {
    const { gh, waits } = await client();
    standin.rateLimit('POST', COMMENTS, { kind: 'secondary', status: 429, retryAfter: 2, times: 3 });

    const error = await createIssueComment(gh, 7, 'preview ready').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(GitHubError);
    expect(error).toMatchObject({ status: 429, rateLimited: true, refused: false });
    expect((error as Error).message).toMatch(
      /^POST issues\/\{n\}\/comments: 429 You have exceeded a secondary rate limit.*\(GitHub's rate limit: /,
    );
    expect(waits).toEqual([2000, 2000]);
    expect(standin.count('POST', COMMENTS)).toBe(3);
    expect(standin.comments(7)).toEqual([]);
  });

  it('the primary rate limit (403, x-ratelimit-remaining: 0) is waited out until its reset', async () => {
    const { gh, waits } = await client();
    standin.rateLimit('GET', /\/pulls\/7$/, { kind: 'primary' });

    expect((await getPullRequest(gh, 7)).head.sha).toBe('a'.repeat(40));
    expect(waits).toHaveLength(1);
    expect(standin.count('GET', /\/pulls\/7$/)).toBe(2);
  });

  it(`a wait longer than ${MAX_RATE_LIMIT_WAIT_S} s is not made: the call fails at once`, async () => {
    const { gh, waits } = await client();
    standin.rateLimit('POST', COMMENTS, { kind: 'secondary', retryAfter: MAX_RATE_LIMIT_WAIT_S + 1 });

    await expect(createIssueComment(gh, 7, 'x')).rejects.toMatchObject({ status: 403, rateLimited: true });
    expect(waits).toEqual([]);
    expect(standin.count('POST', COMMENTS)).toBe(1);
  });

  it('a 403 that is a refusal (no rate limit) is not sent again', async () => {
    const { gh, waits } = await client();
    standin.refuse('POST', COMMENTS);

    const error = await createIssueComment(gh, 7, 'x').catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 403, refused: true, rateLimited: false });
    expect((error as Error).message).toBe(
      'POST issues/{n}/comments: 403 Resource not accessible by integration - https://docs.github.com/rest',
    );
    expect(waits).toEqual([]);
    expect(standin.count('POST', COMMENTS)).toBe(1);
  });
});

describe('GitHub faults (plugin-retry)', () => {
  it('a 5xx of a read is sent again; a 404 is not', async () => {
    const { gh } = await client();
    standin.fail('GET', /\/pulls\/7$/, 502, 2);
    expect((await getPullRequest(gh, 7)).number).toBe(7);
    expect(standin.count('GET', /\/pulls\/7$/)).toBe(3);

    await expect(getPullRequest(gh, 8)).rejects.toMatchObject({ status: 404 });
    expect(standin.count('GET', /\/pulls\/8$/)).toBe(1);
  });

  it('a 5xx of a comment write is not sent again: a repeat could post it twice', async () => {
    const { gh } = await client();
    standin.fail('POST', COMMENTS, 502);
    await expect(createIssueComment(gh, 7, 'x')).rejects.toMatchObject({ status: 502 });
    expect(standin.count('POST', COMMENTS)).toBe(1);
  });

  it('a connection reset on a read is sent again; a comment write whose answer was lost is not', async () => {
    const { gh } = await client();
    standin.fault({ kind: 'reset', method: 'GET', path: /\/pulls\/7$/ });
    expect((await getPullRequest(gh, 7)).number).toBe(7);
    expect(standin.count('GET', /\/pulls\/7$/)).toBe(2);

    standin.fault({ kind: 'reset-after-processing', method: 'POST', path: COMMENTS });
    await expect(createIssueComment(gh, 7, 'x')).rejects.toMatchObject({ status: 0 });
    expect(standin.count('POST', COMMENTS)).toBe(1);
    expect(standin.comments(7).map((c) => c.body)).toEqual(['x']);
  });
});

describe('links sent to GitHub', () => {
  it('a status or deployment link that is not http(s) is left out, whatever the caller passed', async () => {
    const { gh } = await client();
    const sha = 'a'.repeat(40);
    await createCommitStatus(gh, sha, { state: 'failure', context: 'c', description: 'd', targetUrl: 'javascript:alert(1)//' });
    await createCommitStatus(gh, sha, { state: 'success', context: 'c', description: 'd', targetUrl: 'https://x.readthedocs.build/' });
    expect(standin.statuses(sha).map((status) => status.target_url)).toEqual([null, 'https://x.readthedocs.build/']);

    const deployment = await createDeployment(gh, { sha, environment: 'e', description: 'd', payload: {} });
    await createDeploymentStatus(gh, deployment.id, {
      state: 'failure',
      description: 'd',
      environmentUrl: 'data:text/html,x',
      logUrl: 'javascript:alert(1)//',
    });
    expect(standin.deployments()[0]!.statuses.map((status) => [status.environment_url, status.log_url])).toEqual([['', '']]);
  });
});

// Issue 50's 4: GitHub refuses a body over 65,536 characters with a 422 (the comment is left as it
// was); the stand-in does too, and the client refuses one before any request, with a clear error.
describe("GitHub's body limit", () => {
  const send = (body: string, path = '/repos/octo/docs-repo/issues/7/comments', method = 'POST') =>
    fetch(`${standin.url}${path}`, { method, headers: { authorization: `token ${TOKEN}` }, body: JSON.stringify({ body, title: 't' }) });

  it('the stand-in refuses a comment, issue or pull request body over 65,536 characters with 422, as GitHub does', async () => {
    await client();
    const refused = await send('x'.repeat(65_537));
    expect(refused.status).toBe(422);
    expect(JSON.stringify(await refused.json())).toContain('body is too long (maximum is 65536 characters)');
    expect((await send('x'.repeat(65_536))).status).toBe(201);
    expect((await send('x'.repeat(65_537), '/repos/octo/docs-repo/issues')).status).toBe(422);
    expect((await send('x'.repeat(65_537), '/repos/octo/docs-repo/pulls/7', 'PATCH')).status).toBe(422);
    expect(standin.comments(7)).toHaveLength(1);
  });

  it('the client refuses a body over the limit as sent (controls made visible) before any request, naming the call', async () => {
    const { gh } = await client();
    const [comment] = [await createIssueComment(gh, 7, 'short')];
    const sent = standin.requests.length;
    const over = 'x'.repeat(65_537);
    // 65,531 characters and one U+202E, sent as the six characters `\u202e`: 65,537.
    const overOnceVisible = `${'x'.repeat(65_531)}\u202e`;
    await expect(createIssueComment(gh, 7, over)).rejects.toThrow(
      "POST issues/{n}/comments: the body would be 65,537 characters, over GitHub's limit of 65,536: not sent",
    );
    await expect(createIssueComment(gh, 7, overOnceVisible)).rejects.toThrow(/would be 65,537 characters/);
    await expect(updateIssueComment(gh, comment!.id, over)).rejects.toThrow(/^PATCH issues\/comments\/\{id\}: the body would be/);
    await expect(createIssue(gh, { title: 't', body: over })).rejects.toThrow(/^POST issues: the body would be/);
    await expect(updateIssue(gh, 1, { body: over })).rejects.toThrow(/^PATCH issues\/\{n\}: the body would be/);
    await expect(updatePullRequestBody(gh, 7, over)).rejects.toThrow(/^PATCH pulls\/\{n\}: the body would be/);
    expect(standin.requests.length).toBe(sent);
    await createIssueComment(gh, 7, 'x'.repeat(65_536));
    expect(standin.comments(7).map((c) => c.body.length)).toEqual([5, 65_536]);
  });

  it("a status description is sent with its controls visible, within GitHub's 140 (UTF-16 units, no pair split)", async () => {
    const { gh } = await client();
    const sha = 'a'.repeat(40);
    await createCommitStatus(gh, sha, { state: 'success', context: 'c', description: 'txt\u202egnp.exe' });
    await createCommitStatus(gh, sha, { state: 'success', context: 'c', description: `${'a'.repeat(138)}😀😀` });
    const [escaped, long] = standin.statuses(sha).map((status) => status.description!);
    expect(escaped).toBe('txt\\u202egnp.exe');
    expect(long).toBe(`${'a'.repeat(138)}…`);
  });
});

describe('pagination (Octokit paginate)', () => {
  it('follows the Link headers and finds a comment on page 3', async () => {
    const { gh } = await client({ maxPerPage: 2 });
    for (let n = 1; n <= 5; n += 1) standin.addComment(7, n === 5 ? 'the marker' : `comment ${n}`);

    const comments = await listIssueComments(gh, 7);

    expect(comments.map((c) => c.body)).toEqual(['comment 1', 'comment 2', 'comment 3', 'comment 4', 'the marker']);
    expect(standin.requests.filter((r) => COMMENTS.test(r.path)).map((r) => r.query.page ?? '1')).toEqual(['1', '2', '3']);
  });
});

describe('the workflow’s cancellation', () => {
  it('ends a rate-limit wait at once, and nothing more is sent', async () => {
    let controller: AbortController | undefined;
    const { gh, controller: own } = await client({
      sleep: (ms, signal) => {
        controller!.abort(new CancelledError());
        return realSleep(ms, signal); // 30 s unless the cancellation ends it
      },
    });
    controller = own;
    standin.rateLimit('POST', COMMENTS, { kind: 'secondary', retryAfter: 30 });

    await expect(createIssueComment(gh, 7, 'x')).rejects.toBeInstanceOf(CancelledError);
    expect(standin.count('POST', COMMENTS)).toBe(1);
  });

  it('ends a wait before a retry at once, and nothing more is sent', async () => {
    const { gh, controller } = await client({ retryBaseMs: 60_000 });
    standin.fail('GET', /\/pulls\/7$/, 503);

    const reading = getPullRequest(gh, 7);
    await vi.waitFor(() => expect(standin.count('GET', /\/pulls\/7$/)).toBe(1));
    controller.abort(new CancelledError());

    await expect(reading).rejects.toBeInstanceOf(CancelledError);
    expect(standin.count('GET', /\/pulls\/7$/)).toBe(1);
  });

  it('a cancelled run sends nothing', async () => {
    const { gh, controller } = await client();
    controller.abort(new CancelledError());
    await expect(listIssueComments(gh, 7)).rejects.toBeInstanceOf(CancelledError);
    expect(standin.requests).toEqual([]);
  });
});
