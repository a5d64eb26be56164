// Previews as GitHub deployments, and the pull request's `closed` event: the bundled action run as
// the runner runs it, against loopback stand-ins of Read the Docs and of GitHub's REST API. These
// are issue 15's "Done when" scenarios; the rest of the orchestration (the environment's name,
// deployments made by others, refused statuses…) runs in-process in test/operations/preview-deployments.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGitHubStandin, type GitHubStandin } from '../../harness/github-standin.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { HEAD, PR, previewOf as previewOfPr, pullRequestEvent, runPreview, TOKEN } from '../support/preview-e2e.ts';
import { GITHUB_TOKEN, type ActionRun } from '../../harness/run-action.ts';

let rtd: Standin;
let gh: GitHubStandin;

beforeEach(async () => {
  rtd = await startStandin({ tokens: [TOKEN] });
  rtd.addProject({ slug: 'demo', name: 'Demo Docs', versions: [{ slug: String(PR), type: 'external' }] });
  gh = await startGitHubStandin({ token: GITHUB_TOKEN });
  gh.addPullRequest({ number: PR, headSha: HEAD });
});
afterEach(async () => {
  await Promise.all([rtd.close(), gh.close()]);
});

const previewOf = () => previewOfPr(rtd);

function run(action = 'synchronize', extra: Record<string, string> = {}, merged = false): Promise<ActionRun> {
  return runPreview({ rtd, gh }, pullRequestEvent({ action, merged }), extra);
}

function seedBuild(outcome: 'success' | 'failure' = 'success'): number {
  return rtd.addBuild('demo', String(PR), {
    durationMs: 1200,
    outcome,
    commit: HEAD,
    commitFromStart: true,
    ...(outcome === 'failure'
      ? {
          failingCommand: {
            command: 'python -m sphinx -W -b html docs out',
            output: 'docs/install.rst:3: WARNING: undefined label: setup-guide',
            exit_code: 1,
          },
        }
      : {}),
  });
}

describe('preview deployments', () => {
  it('one transient deployment on the head, in_progress then success with the verified URL; a re-run reuses it; a gantt block in the summary', async () => {
    const build = seedBuild();
    const first = await run();
    expect(first.code, first.stdout).toBe(0);
    let deployments = gh.deployments();
    expect(deployments).toHaveLength(1);
    const [deployment] = deployments;
    expect(deployment).toMatchObject({
      sha: HEAD,
      environment: 'readthedocs-preview/demo',
      transient_environment: true,
      production_environment: false,
    });
    expect(deployment!.statuses.map((status) => status.state)).toEqual(['in_progress', 'success']);
    const success = deployment!.statuses.at(-1)!;
    expect(success.environment_url).toBe(previewOf());
    expect(success.log_url).toContain(`/builds/${build}/`);
    expect(first.annotations.filter((a) => a.level !== 'notice')).toEqual([]);
    // The job summary of the finished build: a gantt block of its commands, the table kept.
    expect(first.summary).toMatch(/```mermaid\ngantt\n/);
    expect(first.summary).toMatch(/ git clone [^\n:]* :c1, 0, \d+s/);
    expect(first.summary).toContain('| demo');

    const second = await run();
    expect(second.code, second.stdout).toBe(0);
    deployments = gh.deployments();
    expect(deployments).toHaveLength(1);
    expect(deployments[0]!.statuses.map((status) => status.state)).toEqual(['in_progress', 'success', 'in_progress', 'success']);
    expect(gh.count('POST', /\/deployments$/)).toBe(1);
  });

  it('a token without deployments: write gives one warning naming the permission, and a green step', async () => {
    seedBuild();
    gh.refuse('POST', /\/deployments/);
    const refused = await run();
    expect(refused.code, refused.stdout).toBe(0);
    const warnings = refused.annotations.filter((a) => a.title === 'Deployment not reported');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain('deployments: write');
    expect(gh.comments(PR)[0]!.body).toContain('✅ Ready');
  });

  it('the closed event marks every deployment of the PR inactive and rewrites the rows, translations included, triggering nothing', async () => {
    rtd.addProject({
      slug: 'demo-ja',
      name: 'Demo JA',
      language: 'ja',
      translationOf: 'demo',
      versions: [{ slug: String(PR), type: 'external' }],
    });
    seedBuild();
    rtd.addBuild('demo-ja', String(PR), { durationMs: 800, outcome: 'success', commit: HEAD, commitFromStart: true });
    expect((await run('synchronize', { translations: 'true' })).code).toBe(0);
    // The two projects run concurrently: their deployments come in either order.
    expect(
      gh
        .deployments()
        .map((d) => d.environment)
        .sort(),
    ).toEqual(['readthedocs-preview/demo', 'readthedocs-preview/demo-ja']);
    expect(gh.comments(PR)[0]!.body).toContain('all 2 ready');
    const before = rtd.requests.length;
    const closed = await run('closed', { translations: 'true' }, true);
    expect(closed.code, closed.stdout).toBe(0);
    expect(gh.deployments().map((d) => d.statuses.at(-1)!.state)).toEqual(['inactive', 'inactive']);
    expect(gh.comments(PR)).toHaveLength(1);
    const body = gh.comments(PR)[0]!.body;
    expect(body).toMatch(/^\| demo \| 🟣 PR merged \|/m);
    expect(body).toMatch(/^\| demo\\-ja \| 🟣 PR merged \|/m);
    expect(body).not.toContain('✅ Ready');
    expect(rtd.requests.slice(before).filter((request) => request.method !== 'GET')).toEqual([]);
    expect(closed.annotations.filter((a) => a.level === 'error')).toEqual([]);
  });
});

describe('a failed build: its deployment and its log in the job', () => {
  it('a failed build: a failure deployment status, its commands in groups; hostile output sets no mask, no annotation, stops nothing', async () => {
    const { runnerEffects } = await import('../support/runner-commands.ts');
    const build = rtd.addBuild('demo', String(PR), {
      durationMs: 1200,
      outcome: 'failure',
      commit: HEAD,
      commitFromStart: true,
      failingCommand: {
        command: 'python -m sphinx -W -b html docs out',
        output:
          'Running Sphinx\n::add-mask::x\n::error::forged\n::stop-commands::t\n  ::warning::indented\ndocs/install.rst:3: WARNING: undefined label',
        exit_code: 1,
      },
    });
    const failed = await run();
    expect(failed.code).not.toBe(0);
    const [deployment] = gh.deployments();
    expect(deployment!.statuses.at(-1)).toMatchObject({ state: 'failure', environment_url: '' });
    expect(deployment!.statuses.at(-1)!.log_url).toContain(`/builds/${build}/`);
    expect(failed.stdout).toMatch(/::group::\$ python -m sphinx -W -b html docs out \(\d+s\) exit 1/);
    expect(failed.stdout).toMatch(/::group::\$ git clone/);
    expect(failed.stdout).toContain('docs/install.rst:3: WARNING: undefined label');
    const effects = runnerEffects(failed.stdout);
    // The action masks its own secrets; nothing from the build's output adds one.
    expect(effects.masks).toEqual([TOKEN, GITHUB_TOKEN]);
    expect(effects.openStops).toEqual([]);
    // Only the action's own annotation (which quotes the output, escaped); none forged by the output.
    expect(effects.annotations.filter((a) => /^(forged|indented)$/.test(a.message))).toEqual([]);
    // The action's own annotations still act after the output: the Sphinx warning it read, and the failure.
    expect(effects.annotations.map((a) => a.level)).toEqual(['warning', 'error']);
  });
});
