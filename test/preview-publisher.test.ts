// PreviewPublisher against a fake Octokit: how a GitHub fault or refusal shapes what gets written.
import { describe, expect, it } from 'vitest';
import type { GitHubRepo } from '../src/github/api/client.js';
import { PreviewPublisher } from '../src/operations/preview/preview-publisher.js';
import type { PreviewRow } from '../src/operations/preview/comment-rows.js';
import { scriptedRepo } from './support/scripted-octokit.ts';

const HEAD = '3f2a9c1d5e7b4a6c8d0e2f4a6b8c0d2e4f6a8b0c';

interface Comment {
  id: number;
  body: string;
  user: { login: string; type: string };
}

/** An Octokit whose `request` keeps comments and statuses in memory; `fail` answers a route with an HTTP error. */
function fakeGitHub(fail: (route: string, call: number) => number | undefined, tokenLogin?: string, appLogin?: string) {
  const comments: Comment[] = [];
  const statuses: { state: string; context: string }[] = [];
  const calls = new Map<string, number>();
  let nextId = 1000;
  const request = async (route: string, params: Record<string, unknown>) => {
    const call = (calls.get(route) ?? 0) + 1;
    calls.set(route, call);
    const status = fail(route, call);
    if (status !== undefined) throw Object.assign(new Error(`HTTP ${status}`), { status, response: { status } });
    // The workflow's GITHUB_TOKEN may not ask who it is.
    if (route.startsWith('GET /user') && tokenLogin) return { data: { login: tokenLogin }, headers: {} };
    if (route.startsWith('GET /user')) throw Object.assign(new Error('HTTP 403'), { status: 403, response: { status: 403 } });
    if (route.startsWith('GET /repos/{owner}/{repo}/issues/{issue_number}/comments')) return { data: [...comments], headers: {} };
    if (route.startsWith('POST /repos/{owner}/{repo}/issues/{issue_number}/comments')) {
      const user = tokenLogin ? { login: tokenLogin, type: 'User' } : { login: appLogin ?? 'github-actions[bot]', type: 'Bot' };
      const comment = { id: nextId++, body: String(params.body), user };
      comments.push(comment);
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
    if (route.startsWith('POST /repos/{owner}/{repo}/statuses/{sha}')) {
      statuses.push({ state: String(params.state), context: String(params.context) });
      return { data: { id: statuses.length, state: params.state }, headers: {} };
    }
    throw new Error(`unexpected ${route}`);
  };
  const repo = scriptedRepo(request);
  return { repo, comments, statuses };
}

function publisherFor(repo: GitHubRepo) {
  const warnings: string[] = [];
  const publisher = new PreviewPublisher({
    github: async () => repo,
    pr: 7,
    headSha: HEAD,
    mode: 'comment',
    header: '',
    repoUrl: 'https://github.com/octo/docs',
    warning: (message) => warnings.push(message),
    info: () => undefined,
    debug: () => undefined,
  });
  return { publisher, warnings };
}

const row = (status: PreviewRow['status']): PreviewRow => ({
  project: 'demo',
  status,
  commit: HEAD,
  updatedAt: new Date('2026-11-02T10:00:00Z'),
});

describe('PreviewPublisher', () => {
  it('a fault on the first comment (not a refusal) does not stop the final one: one comment, final state, one warning', async () => {
    const gh = fakeGitHub((route, call) =>
      route.startsWith('POST /repos/{owner}/{repo}/issues/{issue_number}/comments') && call === 1 ? 502 : undefined,
    );
    const { publisher, warnings } = publisherFor(gh.repo);

    await publisher.publish([row('building')]);
    await publisher.publish([row('ready')]);

    expect(gh.comments).toHaveLength(1);
    expect(gh.comments[0]!.body).toContain('Read the Docs preview: ready');
    expect(warnings).toHaveLength(1);
  });

  it('a refusal (403) stops further comment writes: one warning, no retry storm', async () => {
    let posts = 0;
    const gh = fakeGitHub((route) => {
      if (!route.startsWith('POST /repos/{owner}/{repo}/issues/{issue_number}/comments')) return undefined;
      posts += 1;
      return 403;
    });
    const { publisher, warnings } = publisherFor(gh.repo);

    await publisher.publish([row('building')]);
    await publisher.publish([row('ready')]);

    expect(posts).toBe(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('403');
  });

  it('a fault on the pending status does not stop the final one', async () => {
    // Retries are the Octokit plugins' (this fake has none): the first status fails for good.
    const gh = fakeGitHub((route, call) => (route.startsWith('POST /repos/{owner}/{repo}/statuses/{sha}') && call === 1 ? 502 : undefined));
    const { publisher, warnings } = publisherFor(gh.repo);

    await publisher.status('demo', 'pending', 'Build #1: building', undefined);
    await publisher.status('demo', 'success', 'Preview ready (build #1)', undefined);

    expect(gh.statuses).toEqual([{ state: 'success', context: 'readthedocs-preview/demo' }]);
    expect(warnings).toHaveLength(1);
  });

  it('with a personal token, adopts the comment of the account GET /user names, and no bot’s', async () => {
    const gh = fakeGitHub(() => undefined, 'release-bot');
    const { renderComment } = await import('../src/operations/preview/render-comment.js');
    gh.comments.push({ id: 100, body: renderComment({ header: '', rows: [] }), user: { login: 'github-actions[bot]', type: 'Bot' } });
    gh.comments.push({ id: 101, body: renderComment({ header: '', rows: [] }), user: { login: 'Release-Bot', type: 'User' } });
    const { publisher } = publisherFor(gh.repo);

    await publisher.publish([row('ready')]);

    expect(gh.comments.map((comment) => comment.id)).toEqual([100, 101]);
    expect(gh.comments[0]!.body).not.toContain('demo');
    expect(gh.comments[1]!.body).toContain('demo');
  });

  it('with a GitHub App’s token (GET /user refused), learns the account from the comment it posts and folds it into the App’s older one', async () => {
    const gh = fakeGitHub(() => undefined, undefined, 'docs-app[bot]');
    const { renderComment } = await import('../src/operations/preview/render-comment.js');
    const other = { project: 'other', status: 'ready' as const, commit: HEAD, updatedAt: new Date('2026-11-02T09:00:00Z') };
    gh.comments.push({ id: 50, body: renderComment({ header: '', rows: [other] }), user: { login: 'docs-app[bot]', type: 'Bot' } });
    const { publisher } = publisherFor(gh.repo);

    await publisher.publish([row('building')]);
    await publisher.publish([row('ready')]);

    expect(gh.comments.map((comment) => comment.id)).toEqual([50]);
    expect(gh.comments[0]!.body).toContain('| other | ✅ Ready');
    expect(gh.comments[0]!.body).toContain('| demo | ✅ Ready');
  });
});
