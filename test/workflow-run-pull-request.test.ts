// The pull request of a finished run (`preview` on `workflow_run`): read from GitHub's payload and,
// for a fork's PR, from the open PRs of the head branch, against a scripted Octokit.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRunContext, type WorkflowRun } from '../src/inputs/github-context.js';
import { pullRequestOfWorkflowRun } from '../src/operations/preview/workflow-run-pull-request.js';
import { scriptedRepo } from './support/scripted-octokit.ts';

const HEAD = '3f2a9c1d5e7b4a6c8d0e2f4a6b8c0d2e4f6a8b0c';
const OTHER = '9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d';
/** GitHub's ids of the fork (the run's head repository) and of the base repository. */
const FORK_ID = 202;
const BASE_ID = 101;

function run(extra: Partial<WorkflowRun> = {}): WorkflowRun {
  return {
    event: 'pull_request',
    headSha: HEAD,
    headBranch: 'fix-typo',
    headRepo: 'contributor/docs-fork',
    headRepoId: FORK_ID,
    headOwner: 'contributor',
    repository: 'octo/docs',
    pullRequests: [],
    ...extra,
  };
}

/** A client whose `GET /pulls` answers `pulls`; the requests it got are kept. */
function scripted(pulls: { number: number; sha: string; repo?: string }[]) {
  const requests: Record<string, unknown>[] = [];
  const request = async (route: string, params: Record<string, unknown>) => {
    if (route !== 'GET /repos/{owner}/{repo}/pulls') throw new Error(`unexpected ${route}`);
    requests.push(params);
    return {
      data: pulls.map((pr) => ({
        number: pr.number,
        state: 'open',
        head: { sha: pr.sha, repo: { full_name: pr.repo ?? 'contributor/docs-fork' } },
      })),
      headers: {},
    };
  };
  const gh = scriptedRepo(request);
  return { github: async () => gh, requests };
}

describe('pullRequestOfWorkflowRun', () => {
  it('a run of a push has no pull request, and GitHub is not asked', async () => {
    const client = scripted([{ number: 7, sha: HEAD }]);
    expect(await pullRequestOfWorkflowRun(run({ event: 'push' }), client.github)).toEqual({
      none: 'The finished run was started by a `push` event, not by a pull request: nothing to report',
    });
    expect(client.requests).toEqual([]);
  });

  it("GitHub's pull_requests list names a same-repository PR; the head is the run's", async () => {
    const client = scripted([]);
    const own = { headRepo: 'octo/docs', headOwner: 'octo', headRepoId: BASE_ID };
    expect(
      await pullRequestOfWorkflowRun(run({ ...own, pullRequests: [{ number: 7, headSha: HEAD, headRepoId: BASE_ID }] }), client.github),
    ).toEqual({ pr: 7, headSha: HEAD });
    // Of several, the one whose head is the run's head.
    const several = run({
      ...own,
      pullRequests: [
        { number: 3, headSha: OTHER, headRepoId: BASE_ID },
        { number: 7, headSha: HEAD, headRepoId: BASE_ID },
      ],
    });
    expect(await pullRequestOfWorkflowRun(several, client.github)).toEqual({ pr: 7, headSha: HEAD });
    const ambiguous = run({
      ...own,
      pullRequests: [
        { number: 3, headSha: HEAD, headRepoId: BASE_ID },
        { number: 7, headSha: HEAD, headRepoId: BASE_ID },
      ],
    });
    expect(await pullRequestOfWorkflowRun(ambiguous, client.github)).toHaveProperty('none');
    expect(client.requests).toEqual([]);
  });

  it('an entry counts only when both its head commit and its head repository are the run’s; else the PR is looked up', async () => {
    // GitHub lists by branch name: the base repository's PR #5 of a branch named like the fork's.
    const sameName = { number: 5, headSha: OTHER, headRepoId: BASE_ID };
    const sameCommitOtherRepo = { number: 6, headSha: HEAD, headRepoId: BASE_ID };
    const unknownRepo = { number: 8, headSha: HEAD, headRepoId: undefined };
    for (const pullRequests of [[sameName], [sameCommitOtherRepo], [unknownRepo], [sameName, sameCommitOtherRepo]]) {
      const client = scripted([{ number: 7, sha: HEAD }]);
      expect(await pullRequestOfWorkflowRun(run({ pullRequests }), client.github)).toEqual({ pr: 7, headSha: HEAD });
      expect(client.requests).toHaveLength(1);
    }
    // Nothing open from the fork: nothing to report, never the listed PR.
    expect(await pullRequestOfWorkflowRun(run({ pullRequests: [sameName] }), scripted([]).github)).toHaveProperty('none');
    // A run whose head repository is unknown is not looked up.
    const client = scripted([{ number: 7, sha: HEAD }]);
    expect(await pullRequestOfWorkflowRun(run({ pullRequests: [sameName], headRepo: undefined }), client.github)).toHaveProperty('none');
    expect(client.requests).toEqual([]);
  });

  it("a fork's PR: the open PRs of owner:branch, only the one whose head is the run's head, of the head's repository", async () => {
    const client = scripted([
      { number: 5, sha: OTHER },
      { number: 7, sha: HEAD },
      { number: 9, sha: HEAD, repo: 'contributor/another-repo' },
    ]);
    expect(await pullRequestOfWorkflowRun(run(), client.github)).toEqual({ pr: 7, headSha: HEAD });
    expect(client.requests).toEqual([
      expect.objectContaining({ owner: 'octo', repo: 'docs', head: 'contributor:fix-typo', state: 'open' }),
    ]);
  });

  it('no open PR has the head: none, saying which head was looked for; several: none either', async () => {
    const moved = await pullRequestOfWorkflowRun(run(), scripted([{ number: 7, sha: OTHER }]).github);
    expect(moved).toEqual({
      none: `No open pull request from contributor:fix-typo has the head commit ${HEAD} (closed, or a newer push moved it on): nothing to report`,
    });
    const twice = await pullRequestOfWorkflowRun(
      run({ headRepo: undefined }),
      scripted([
        { number: 7, sha: HEAD },
        { number: 8, sha: HEAD },
      ]).github,
    );
    expect(twice).toHaveProperty('none');
    expect(await pullRequestOfWorkflowRun(run(), async () => undefined)).toHaveProperty('none');
  });
});

describe('readRunContext on workflow_run', () => {
  function context(payload: unknown) {
    const dir = mkdtempSync(join(tmpdir(), 'rtd-context-'));
    writeFileSync(join(dir, 'event.json'), JSON.stringify(payload));
    return readRunContext({
      GITHUB_EVENT_NAME: 'workflow_run',
      GITHUB_EVENT_PATH: join(dir, 'event.json'),
      GITHUB_REPOSITORY: 'octo/docs',
    });
  }

  it("reads the finished run from GitHub's payload", () => {
    const ctx = context({
      action: 'completed',
      workflow_run: {
        event: 'pull_request',
        head_sha: HEAD.toUpperCase(),
        head_branch: 'fix-typo',
        head_repository: { id: FORK_ID, full_name: 'contributor/docs-fork', owner: { login: 'contributor' } },
        repository: { id: BASE_ID, full_name: 'octo/docs' },
        pull_requests: [
          { number: 7, head: { sha: HEAD, repo: { id: FORK_ID, name: 'docs-fork' } } },
          { number: 8, head: { sha: HEAD } },
          { number: 'x' },
          null,
        ],
      },
    });
    expect(ctx.workflowRun).toEqual({
      event: 'pull_request',
      headSha: HEAD,
      headBranch: 'fix-typo',
      headRepo: 'contributor/docs-fork',
      headRepoId: FORK_ID,
      headOwner: 'contributor',
      repository: 'octo/docs',
      pullRequests: [
        { number: 7, headSha: HEAD, headRepoId: FORK_ID },
        { number: 8, headSha: HEAD, headRepoId: undefined },
      ],
    });
    expect(ctx.pullRequest).toBeUndefined();
  });

  it('a payload without a full head SHA gives no run', () => {
    expect(context({ workflow_run: { event: 'pull_request', head_sha: 'abc' } }).workflowRun).toBeUndefined();
    expect(context({}).workflowRun).toBeUndefined();
  });
});

describe('readRunContext on push', () => {
  it("takes the push's time from head_commit.timestamp, and none from a payload without one", () => {
    const dir = mkdtempSync(join(tmpdir(), 'rtd-context-'));
    const read = (payload: unknown) => {
      writeFileSync(join(dir, 'event.json'), JSON.stringify(payload));
      return readRunContext({ GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: join(dir, 'event.json'), GITHUB_SHA: HEAD });
    };
    expect(read({ after: HEAD, head_commit: { id: HEAD, timestamp: '2026-11-25T10:00:03+01:00' } }).pushedAt).toBe(
      Date.parse('2026-11-25T09:00:03Z'),
    );
    expect(read({ after: HEAD }).pushedAt).toBeUndefined();
    expect(read({ head_commit: { timestamp: 'yesterday' } }).pushedAt).toBeUndefined();
    expect(read({ head_commit: { timestamp: 1_764_000_000 } }).pushedAt).toBeUndefined();
  });

  it("takes the pushed branch or tag from the event's ref (else GITHUB_REF), and the repository's default branch", () => {
    const dir = mkdtempSync(join(tmpdir(), 'rtd-context-'));
    const read = (payload: unknown, env: Record<string, string> = {}) => {
      writeFileSync(join(dir, 'event.json'), JSON.stringify(payload));
      return readRunContext({ GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: join(dir, 'event.json'), GITHUB_SHA: HEAD, ...env });
    };
    expect(read({ ref: 'refs/heads/feature/X', repository: { default_branch: 'main' } })).toMatchObject({
      ref: { kind: 'branch', name: 'feature/X' },
      defaultBranch: 'main',
    });
    expect(read({ ref: 'refs/tags/v1.0' }).ref).toEqual({ kind: 'tag', name: 'v1.0' });
    expect(read({}, { GITHUB_REF: 'refs/heads/dev' }).ref).toEqual({ kind: 'branch', name: 'dev' });
    // A pull request's ref, a malformed one, a control character or a name too long: none.
    expect(read({}, { GITHUB_REF: 'refs/pull/7/merge' }).ref).toBeUndefined();
    expect(read({ ref: 'main' }).ref).toBeUndefined();
    expect(read({ ref: 'refs/heads/a\nb' }).ref).toBeUndefined();
    expect(read({ ref: `refs/heads/${'x'.repeat(256)}` }).ref).toBeUndefined();
    expect(read({ ref: 7, repository: { default_branch: 7 } })).not.toHaveProperty('defaultBranch');
  });
});
