// `preview` in-process as the reporter half of the two-workflow pattern: the RunContext of a
// `workflow_run` event (read from its payload as the action reads it), the pull request found from
// GitHub's payload and API only, on a fake clock against both stand-ins.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_PULL_REQUEST_TITLE } from '../../src/operations/preview/pull-request.js';
import { captureStdout } from './context.ts';
import { HEAD, PR, type PreviewStage, previewOf, previewStage, runOfEvent, runPreview } from './preview-context.ts';

const NEWER = '9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d';
const FORK = 'contributor/docs-repo-fork';

const stdout = captureStdout();
let stage: PreviewStage;

beforeEach(async () => {
  stage = await previewStage({ pullRequest: false });
});
afterEach(async () => {
  await stage.close();
});

const pullRequestTarget = {
  name: 'pull_request_target',
  payload: {
    action: 'synchronize',
    number: PR,
    pull_request: { number: PR, head: { sha: HEAD, repo: { full_name: FORK } }, base: { repo: { full_name: 'octo/docs-repo' } } },
  },
};

/** GitHub's ids of the repositories (the payload's `head_repository.id`, `pull_requests[].head.repo.id`). */
const REPO_IDS: Record<string, number> = { 'octo/docs-repo': 101, [FORK]: 202, 'someone/docs-repo': 303 };

/** A repository as a `pull_requests` entry of the payload names it: id, API URL and name, no owner. */
const repoRef = (fullName: string) => ({
  id: REPO_IDS[fullName],
  url: `https://api.github.com/repos/${fullName}`,
  name: fullName.split('/')[1],
});

/** The payload GitHub sends the reporter workflow when the build workflow of a PR has finished. */
function workflowRun(run: { event?: string; headSha?: string; branch?: string; pullRequests?: unknown[]; headRepo?: string }) {
  const headRepo = run.headRepo ?? FORK;
  return {
    name: 'workflow_run',
    payload: {
      action: 'completed',
      workflow_run: {
        id: 42,
        name: 'Docs build',
        event: run.event ?? 'pull_request',
        status: 'completed',
        conclusion: 'success',
        head_sha: run.headSha ?? HEAD,
        head_branch: run.branch ?? 'fix-typo',
        head_repository: {
          ...repoRef(headRepo),
          full_name: headRepo,
          owner: { login: headRepo.split('/')[0] },
        },
        repository: { ...repoRef('octo/docs-repo'), full_name: 'octo/docs-repo', owner: { login: 'octo' } },
        pull_requests: run.pullRequests ?? [],
      },
      workflow: { name: 'Docs build' },
    },
  };
}

/**
 * The fork's PR 7; another fork's branch of the same name (PR 8); the same owner's other repository
 * with that branch and commit (PR 9, listed by `head=contributor:fix-typo` too); a closed PR of the
 * same head (5). Only PR 7 is the run's.
 */
function forkPullRequests(s: PreviewStage): void {
  s.gh.addPullRequest({ number: PR, headSha: HEAD, headRef: 'fix-typo', headRepo: FORK, authorAssociation: 'CONTRIBUTOR' });
  s.gh.addPullRequest({
    number: 9,
    headSha: HEAD,
    headRef: 'fix-typo',
    headRepo: 'contributor/docs-mirror',
    authorAssociation: 'CONTRIBUTOR',
  });
  s.gh.addPullRequest({ number: 8, headSha: HEAD, headRef: 'fix-typo', headRepo: 'someone/docs-repo', authorAssociation: 'NONE' });
  s.gh.addPullRequest({ number: 5, headSha: HEAD, headRef: 'fix-typo', headRepo: FORK, state: 'closed', authorAssociation: 'CONTRIBUTOR' });
  s.rtd.addBuild('demo', String(PR), { durationMs: 30_000, outcome: 'success', commit: HEAD, commitFromStart: true });
}

/** What the reviewer sees (comments, commit statuses, deployments), with the stand-in's port aside. */
function shown(s: PreviewStage) {
  const local = (text: string | null) => (text ?? '').replaceAll(s.rtd.url, 'RTD');
  return {
    comments: s.gh
      .comments(PR)
      .map((c) => ({ user: c.user.login, body: local(c.body).replace(/(preview-data:\S*) \S+ -->/, '$1 ROWS -->') })),
    statuses: s.gh.statuses(HEAD).map((status) => ({ ...status, id: 0, target_url: local(status.target_url) })),
    deployments: s.gh.deployments().map((d) => ({
      sha: d.sha,
      environment: d.environment,
      creator: d.creator.login,
      statuses: d.statuses.map((status) => ({
        state: status.state,
        environment_url: local(status.environment_url),
        log_url: local(status.log_url),
      })),
    })),
  };
}

const nonNotices = () => stdout.annotations().filter((a) => a.level !== 'notice');

describe('preview on workflow_run, in-process', () => {
  it("a fork PR's finished build run: the same comment, statuses and deployment as pull_request_target", async () => {
    forkPullRequests(stage);
    const target = await runPreview(stage, {}, runOfEvent(stage.gh, pullRequestTarget));
    expect(target.results[0]!.previewUrl).toBe(previewOf(stage.rtd));
    const byTarget = shown(stage);
    expect(byTarget.comments).toHaveLength(1);
    expect(byTarget.comments[0]!.body).toContain('✅ Ready');
    expect(byTarget.statuses.at(-1)).toMatchObject({ state: 'success', target_url: 'RTD/docs/demo--7/en/7/' });
    expect(byTarget.deployments.map((d) => d.statuses.at(-1)!.state)).toEqual(['success']);

    const reporter = await previewStage({ pullRequest: false });
    try {
      forkPullRequests(reporter);
      const report = await runPreview(reporter, {}, runOfEvent(reporter.gh, workflowRun({})));
      expect(nonNotices()).toEqual([]);
      expect(report.results[0]).toMatchObject({
        outcome: 'success',
        previewUrl: previewOf(reporter.rtd),
        details: { pullRequest: PR, headSha: HEAD },
      });
      // The PR was looked up by the head's owner and branch, open ones only.
      const lookups = reporter.gh.requests.filter((r) => r.method === 'GET' && r.path === '/repos/octo/docs-repo/pulls');
      expect(lookups.map((r) => [r.query.head, r.query.state])).toEqual([['contributor:fix-typo', 'open']]);
      expect(shown(reporter)).toEqual(byTarget);
      expect(reporter.gh.comments(8)).toEqual([]);
      expect(reporter.gh.comments(9)).toEqual([]);
      expect(reporter.gh.comments(5)).toEqual([]);
    } finally {
      await reporter.close();
    }
  });

  it("a same-repository PR comes from GitHub's own pull_requests list, without a lookup", async () => {
    const { rtd, gh } = stage;
    gh.addPullRequest({ number: PR, headSha: HEAD, headRef: 'fix-typo' });
    rtd.addBuild('demo', String(PR), { durationMs: 30_000, outcome: 'success', commit: HEAD, commitFromStart: true });
    const report = await runPreview(
      stage,
      {},
      runOfEvent(
        gh,
        workflowRun({
          headRepo: 'octo/docs-repo',
          pullRequests: [
            {
              number: PR,
              head: { sha: HEAD, ref: 'fix-typo', repo: repoRef('octo/docs-repo') },
              base: { ref: 'main', repo: repoRef('octo/docs-repo') },
            },
          ],
        }),
      ),
    );

    expect(report.results[0]).toMatchObject({ outcome: 'success', details: { pullRequest: PR } });
    expect(gh.count('GET', /\/pulls$/)).toBe(0);
    expect(gh.comments(PR)[0]!.body).toContain('✅ Ready');
    expect(gh.statuses(HEAD).at(-1)).toMatchObject({ state: 'success', context: 'readthedocs-preview/demo', target_url: previewOf(rtd) });
  });

  // GitHub fills `pull_requests` by branch name: a fork's run on `fix-typo` lists the base repository's
  // own PR #5 from a branch of that name, whose head is another commit in another repository.
  const sameNamedBranch = {
    number: 5,
    head: { sha: NEWER, ref: 'fix-typo', repo: repoRef('octo/docs-repo') },
    base: { ref: 'main', repo: repoRef('octo/docs-repo') },
  };

  it("a fork's run listing another repository's PR of the same branch name: that PR gets nothing, the fork's own PR the report", async () => {
    const { rtd, gh } = stage;
    gh.addPullRequest({ number: 5, headSha: NEWER, headRef: 'fix-typo', headRepo: 'octo/docs-repo' });
    gh.addPullRequest({ number: PR, headSha: HEAD, headRef: 'fix-typo', headRepo: FORK, authorAssociation: 'CONTRIBUTOR' });
    rtd.addBuild('demo', String(PR), { durationMs: 30_000, outcome: 'success', commit: HEAD, commitFromStart: true });
    const report = await runPreview(stage, {}, runOfEvent(gh, workflowRun({ pullRequests: [sameNamedBranch] })));

    expect(report.results[0]).toMatchObject({ outcome: 'success', details: { pullRequest: PR, headSha: HEAD } });
    const lookups = gh.requests.filter((r) => r.method === 'GET' && r.path === '/repos/octo/docs-repo/pulls');
    expect(lookups.map((r) => [r.query.head, r.query.state])).toEqual([['contributor:fix-typo', 'open']]);
    expect(gh.comments(PR)).toHaveLength(1);
    expect(gh.comments(5)).toEqual([]);
    expect(gh.statuses(NEWER)).toEqual([]);
    expect(gh.deployments().map((d) => d.sha)).toEqual([HEAD]);
  });

  it("a fork's run whose only listed PR is another repository's, and no open PR of its own: nothing anywhere, a notice", async () => {
    const { rtd, gh } = stage;
    gh.addPullRequest({ number: 5, headSha: NEWER, headRef: 'fix-typo', headRepo: 'octo/docs-repo' });
    // Even a listed entry with the run's head commit is not taken from another repository.
    const sameCommit = { ...sameNamedBranch, number: 6, head: { ...sameNamedBranch.head, sha: HEAD } };
    gh.addPullRequest({ number: 6, headSha: HEAD, headRef: 'fix-typo', headRepo: 'octo/docs-repo' });
    rtd.addBuild('demo', String(PR), { durationMs: 30_000, outcome: 'success', commit: HEAD, commitFromStart: true });
    const report = await runPreview(stage, {}, runOfEvent(gh, workflowRun({ pullRequests: [sameNamedBranch, sameCommit] })));

    expect(report).toEqual({ results: [], summary: [], outputs: {} });
    expect(stdout.annotations()).toEqual([expect.objectContaining({ level: 'notice', title: NO_PULL_REQUEST_TITLE })]);
    expect(gh.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(rtd.requests).toEqual([]);
  });

  it('a finished run whose head commit is no open PR’s head: a notice, no result, nothing asked of the service or posted', async () => {
    const { rtd, gh } = stage;
    // The contributor pushed again: the PR's head moved on from the commit the run built.
    gh.addPullRequest({ number: PR, headSha: NEWER, headRef: 'fix-typo', headRepo: FORK, authorAssociation: 'CONTRIBUTOR' });
    rtd.addBuild('demo', String(PR), { durationMs: 30_000, outcome: 'success', commit: HEAD, commitFromStart: true });
    const report = await runPreview(stage, {}, runOfEvent(gh, workflowRun({})));

    expect(report).toEqual({ results: [], summary: [], outputs: {} });
    expect(stdout.annotations()).toEqual([expect.objectContaining({ level: 'notice', title: NO_PULL_REQUEST_TITLE })]);
    expect(stdout.annotations()[0]!.message).toContain(`No open pull request from contributor:fix-typo has the head commit ${HEAD}`);
    expect(gh.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(rtd.requests).toEqual([]);
  });

  it('a finished run of a push: a notice, nothing asked or posted', async () => {
    const { rtd, gh } = stage;
    gh.addPullRequest({ number: PR, headSha: HEAD, headRef: 'main', headRepo: 'octo/docs-repo' });
    const report = await runPreview(stage, {}, runOfEvent(gh, workflowRun({ event: 'push', branch: 'main', headRepo: 'octo/docs-repo' })));

    expect(report.results).toEqual([]);
    expect(stdout.annotations()).toEqual([expect.objectContaining({ level: 'notice', title: NO_PULL_REQUEST_TITLE })]);
    expect(stdout.annotations()[0]!.message).toContain('started by a `push` event');
    expect(gh.requests).toEqual([]);
    expect(rtd.requests).toEqual([]);
  });

  it('a workflow_run payload without a head commit is refused before any request', async () => {
    const { rtd, gh } = stage;
    const refused = runPreview(stage, {}, runOfEvent(gh, { name: 'workflow_run', payload: { action: 'completed', workflow_run: {} } }));

    await expect(refused).rejects.toThrow(/needs the finished run's head commit/);
    expect(gh.requests).toEqual([]);
    expect(rtd.requests).toEqual([]);
  });
});
