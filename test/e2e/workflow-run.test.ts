// `preview` as the reporter half of the two-workflow pattern: a `workflow_run` event of a finished
// `pull_request` run, the bundled action run as the runner runs it, against loopback stand-ins of
// Read the Docs and of GitHub's REST API. The pull request comes from GitHub's payload and API only.
// One fork PR's run here; the other cases (GitHub's own pull_requests list, a head that moved on, a
// push's run, the same result as pull_request_target) run in-process in
// test/operations/preview-workflow-run.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGitHubStandin, type GitHubStandin } from '../../harness/github-standin.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { HEAD, PR, previewOf as previewOfPr, runPreview, TOKEN } from '../support/preview-e2e.ts';
import { GITHUB_TOKEN, type ActionRun } from '../../harness/run-action.ts';

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

const previewOf = () => previewOfPr(rtd);

function preview(event: { name: string; payload: unknown }): Promise<ActionRun> {
  return runPreview({ rtd, gh }, event);
}

/** The payload GitHub sends the reporter workflow when the build workflow of a fork's PR has finished. */
function workflowRun() {
  return {
    name: 'workflow_run',
    payload: {
      action: 'completed',
      workflow_run: {
        id: 42,
        name: 'Docs build',
        event: 'pull_request',
        status: 'completed',
        conclusion: 'success',
        head_sha: HEAD,
        head_branch: 'fix-typo',
        head_repository: { full_name: FORK, owner: { login: 'contributor' } },
        repository: { full_name: 'octo/docs-repo', owner: { login: 'octo' } },
        pull_requests: [], // GitHub's list is empty for a fork's PR
      },
      workflow: { name: 'Docs build' },
    },
  };
}

function seedBuild(): void {
  rtd.addBuild('demo', String(PR), { durationMs: 400, outcome: 'success', commit: HEAD, commitFromStart: true });
}

describe('preview on workflow_run (the two-workflow pattern)', () => {
  it("a fork PR's finished build run: the comment, status and deployment on the PR the run built", async () => {
    gh.addPullRequest({ number: PR, headSha: HEAD, headRef: 'fix-typo', headRepo: FORK, authorAssociation: 'CONTRIBUTOR' });
    // Another fork's branch of the same name, and a closed PR of the same head: neither is taken.
    gh.addPullRequest({ number: 8, headSha: HEAD, headRef: 'fix-typo', headRepo: 'someone/docs-repo', authorAssociation: 'NONE' });
    gh.addPullRequest({ number: 5, headSha: HEAD, headRef: 'fix-typo', headRepo: FORK, state: 'closed', authorAssociation: 'CONTRIBUTOR' });
    seedBuild();
    const reporter = await preview(workflowRun());

    expect(reporter.code, reporter.stdout).toBe(0);
    expect(reporter.annotations.filter((a) => a.level !== 'notice')).toEqual([]);
    expect(reporter.outputs['preview-url']).toBe(previewOf());
    expect(reporter.outputs.commit).toBe(HEAD);
    expect(reporter.summary).toMatch(new RegExp(`Pull request #${PR}, head commit \\[\`${HEAD.slice(0, 7)}\`\\]\\(\\S+/commit/${HEAD}\\)`));
    // The PR was looked up by the head's owner and branch, open ones only.
    const lookups = gh.requests.filter((r) => r.method === 'GET' && r.path === '/repos/octo/docs-repo/pulls');
    expect(lookups.map((r) => [r.query.head, r.query.state])).toEqual([['contributor:fix-typo', 'open']]);
    const comments = gh.comments(PR);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toContain('✅ Ready');
    expect(comments[0]!.body).toContain(`[Preview](${previewOf()})`);
    expect(gh.statuses(HEAD).at(-1)).toMatchObject({ state: 'success', context: 'readthedocs-preview/demo', target_url: previewOf() });
    expect(gh.deployments().map((d) => [d.sha, d.statuses.at(-1)!.state, d.statuses.at(-1)!.environment_url])).toEqual([
      [HEAD, 'success', previewOf()],
    ]);
    expect(gh.comments(8)).toEqual([]);
    expect(gh.comments(5)).toEqual([]);
  });
});
