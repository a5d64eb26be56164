// Issue 21's "Done when" for the GitHub side, through dist/ as the runner runs it, for what only the
// process shows: Octokit's deprecation warning (header text) never reaches stderr or stdout for the
// runner to act on. What the runner would do with the output is read through its model
// (runner-commands.ts), on stdout and stderr alike (the runner reads commands from both). The rest
// of the scenario (a templated foreign `Link`, a translation slug carrying workflow commands, a
// `javascript:` build URL) runs in-process in test/operations/preview-hostile.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGitHubStandin, type GitHubStandin } from '../../harness/github-standin.ts';
import { HEAD, PR, pullRequestEvent, runPreview, TOKEN } from '../support/preview-e2e.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { GITHUB_TOKEN, type ActionRun } from '../../harness/run-action.ts';
import { runnerCommands, type RunnerCommand } from '../support/runner-commands.ts';

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

function seedBuild(project = 'demo', outcome: 'success' | 'failure' = 'success'): number {
  return rtd.addBuild(project, String(PR), { durationMs: 400, outcome, commit: HEAD, commitFromStart: true });
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
