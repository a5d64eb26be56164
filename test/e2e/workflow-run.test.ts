// `preview` as the reporter half of the two-workflow pattern: a `workflow_run` event of a finished
// `pull_request` run, the bundled action run as the runner runs it, against loopback stand-ins of
// Read the Docs and of GitHub's REST API. The pull request comes from GitHub's payload and API only.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGitHubStandin, type GitHubStandin } from '../support/github-standin.ts';
import { startStandin, type Standin } from '../support/rtd-standin.ts';
import { GITHUB_TOKEN, runAction, type ActionRun } from '../support/run-action.ts';

const TOKEN = 'rtd_secret_token_abcdef123456';
const PR = 7;
const HEAD = '3f2a9c1d5e7b4a6c8d0e2f4a6b8c0d2e4f6a8b0c';
const NEWER = '9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d';
const FORK = 'contributor/docs-repo-fork';

let rtd: Standin;
let gh: GitHubStandin;

beforeEach(async () => {
  rtd = await startStandin({ tokens: [TOKEN] });
  rtd.addProject({ slug: 'demo', name: 'Demo Docs', versions: [{ slug: String(PR), type: 'external' }] });
  gh = await startGitHubStandin({ token: GITHUB_TOKEN, maxPerPage: 2 });
});
afterEach(async () => {
  await Promise.all([rtd.close(), gh.close()]);
});

const previewOf = () => `${rtd.url}/docs/demo--${PR}/en/${PR}/`;

function preview(event: { name: string; payload: unknown }): Promise<ActionRun> {
  return runAction({
    inputs: {
      operation: 'preview',
      project: 'demo',
      token: TOKEN,
      'base-url': rtd.url,
      'poll-interval': '200ms',
      'rate-limit': '600/1m',
      timeout: '20s',
      'preview-url-template': `${rtd.url}/docs/demo--{version}/{language}/{version}/`,
    },
    event,
    env: { GITHUB_API_URL: gh.url },
  });
}

const pullRequestTarget = {
  name: 'pull_request_target',
  payload: {
    action: 'synchronize',
    number: PR,
    pull_request: { number: PR, head: { sha: HEAD, repo: { full_name: FORK } }, base: { repo: { full_name: 'octo/docs-repo' } } },
  },
};

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
        head_repository: { full_name: headRepo, owner: { login: headRepo.split('/')[0] } },
        repository: { full_name: 'octo/docs-repo', owner: { login: 'octo' } },
        pull_requests: run.pullRequests ?? [],
      },
      workflow: { name: 'Docs build' },
    },
  };
}

/**
 * What the reviewer sees, with the stand-ins' ports and the times aside (in the table and in the
 * stored rows): the comments, the commit statuses and the deployments with their states.
 */
function shown() {
  const local = (text: string | null) => (text ?? '').replaceAll(rtd.url, 'RTD');
  return {
    comments: gh.comments(PR).map((c) => ({
      user: c.user.login,
      body: local(c.body)
        .replace(/\d{4}-\d\d-\d\d \d\d:\d\d/g, 'TIME')
        .replace(/(preview-data:\S*) \S+ -->/, '$1 ROWS -->'),
    })),
    // A pending status names the build's state when it was seen, which depends on timing.
    statuses: gh.statuses(HEAD).map((status) => ({
      ...status,
      id: 0,
      description: status.state === 'pending' ? 'pending' : status.description,
      target_url: local(status.target_url),
    })),
    deployments: gh.deployments().map((d) => ({
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

/** Fresh stand-ins for a second scenario. */
async function restart(): Promise<void> {
  await Promise.all([rtd.close(), gh.close()]);
  rtd = await startStandin({ tokens: [TOKEN] });
  rtd.addProject({ slug: 'demo', name: 'Demo Docs', versions: [{ slug: String(PR), type: 'external' }] });
  gh = await startGitHubStandin({ token: GITHUB_TOKEN, maxPerPage: 2 });
}

function seedBuild(): void {
  rtd.addBuild('demo', String(PR), { durationMs: 800, outcome: 'success', commit: HEAD, commitFromStart: true });
}

describe('preview on workflow_run (the two-workflow pattern)', () => {
  it("a fork PR's finished build run: the same comment, statuses and deployment as pull_request_target", async () => {
    const forkPullRequests = () => {
      gh.addPullRequest({ number: PR, headSha: HEAD, headRef: 'fix-typo', headRepo: FORK, authorAssociation: 'CONTRIBUTOR' });
      // Another fork's branch of the same name, and a closed PR of the same head: neither is taken.
      gh.addPullRequest({ number: 8, headSha: HEAD, headRef: 'fix-typo', headRepo: 'someone/docs-repo', authorAssociation: 'NONE' });
      gh.addPullRequest({
        number: 5,
        headSha: HEAD,
        headRef: 'fix-typo',
        headRepo: FORK,
        state: 'closed',
        authorAssociation: 'CONTRIBUTOR',
      });
      seedBuild();
    };
    forkPullRequests();
    const target = await preview(pullRequestTarget);
    expect(target.code, target.stdout).toBe(0);
    const byTarget = shown();
    expect(byTarget.comments).toHaveLength(1);
    expect(byTarget.comments[0]!.body).toContain('✅ Ready');
    expect(byTarget.statuses.at(-1)).toMatchObject({ state: 'success', target_url: 'RTD/docs/demo--7/en/7/' });
    expect(byTarget.deployments.map((d) => d.statuses.at(-1)!.state)).toEqual(['success']);

    await restart();
    forkPullRequests();
    const reporter = await preview(workflowRun({}));
    expect(reporter.code, reporter.stdout).toBe(0);
    expect(reporter.annotations.filter((a) => a.level !== 'notice')).toEqual([]);
    expect(reporter.outputs['preview-url']).toBe(previewOf());
    // The PR was looked up by the head's owner and branch, open ones only.
    const lookups = gh.requests.filter((r) => r.method === 'GET' && r.path === '/repos/octo/docs-repo/pulls');
    expect(lookups.map((r) => [r.query.head, r.query.state])).toEqual([['contributor:fix-typo', 'open']]);
    expect(shown()).toEqual(byTarget);
    expect(gh.comments(8)).toEqual([]);
    expect(gh.comments(5)).toEqual([]);
  });

  it("a same-repository PR comes from GitHub's own pull_requests list, without a lookup", async () => {
    gh.addPullRequest({ number: PR, headSha: HEAD, headRef: 'fix-typo' });
    seedBuild();
    const run = await preview(
      workflowRun({
        headRepo: 'octo/docs-repo',
        pullRequests: [{ number: PR, head: { sha: HEAD, ref: 'fix-typo' }, base: { ref: 'main' } }],
      }),
    );
    expect(run.code, run.stdout).toBe(0);
    expect(gh.count('GET', /\/pulls$/)).toBe(0);
    expect(gh.comments(PR)[0]!.body).toContain('✅ Ready');
    expect(gh.statuses(HEAD).at(-1)).toMatchObject({ state: 'success', context: 'readthedocs-preview/demo', target_url: previewOf() });
  });

  it('a finished run whose head commit is no open PR’s head: a notice, green, nothing posted', async () => {
    // The contributor pushed again: the PR's head moved on from the commit the run built.
    gh.addPullRequest({ number: PR, headSha: NEWER, headRef: 'fix-typo', headRepo: FORK, authorAssociation: 'CONTRIBUTOR' });
    seedBuild();
    const run = await preview(workflowRun({}));
    expect(run.code, run.stdout).toBe(0);
    expect(run.annotations).toEqual([expect.objectContaining({ level: 'notice', title: 'No pull request to report on' })]);
    expect(run.annotations[0]!.message).toContain(`No open pull request from contributor:fix-typo has the head commit ${HEAD}`);
    expect(gh.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(rtd.requests).toEqual([]);
    expect(run.outputs['preview-url']).toBe('');
  });

  it('a finished run of a push: a notice, green, nothing asked or posted', async () => {
    gh.addPullRequest({ number: PR, headSha: HEAD, headRef: 'main', headRepo: 'octo/docs-repo' });
    seedBuild();
    const run = await preview(workflowRun({ event: 'push', branch: 'main', headRepo: 'octo/docs-repo' }));
    expect(run.code, run.stdout).toBe(0);
    expect(run.annotations).toEqual([expect.objectContaining({ level: 'notice', title: 'No pull request to report on' })]);
    expect(run.annotations[0]!.message).toContain('started by a `push` event');
    expect(gh.requests).toEqual([]);
    expect(rtd.requests).toEqual([]);
  });
});
