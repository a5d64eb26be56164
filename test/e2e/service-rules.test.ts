// Issue 20's "Done when" for `wait` and `preview`, through dist/ as the runner runs it: a push that
// a newer push superseded before cloning ends `wait` green within a minute of the service's time,
// naming the newer build; a GitHub App pull request that carries Read the Docs' own comment gets no
// second comment under `comment: auto`.
import { describe, expect, it } from 'vitest';
import { startGitHubStandin } from '../../harness/github-standin.ts';
import { HEAD, PR, previewOf, pullRequestEvent, runPreview, TOKEN } from '../support/preview-e2e.ts';
import { startStandin } from '../../harness/rtd-standin.ts';
import { GITHUB_TOKEN, runAction } from '../../harness/run-action.ts';

const FIRST = 'a'.repeat(40);
const SECOND = 'b'.repeat(40);

/** The service's clock runs five times faster than the runner's: its minutes pass in seconds, and are what is measured. */
function fastClock(): { now: () => number; start: number } {
  const start = Date.now();
  return { start, now: () => start + (Date.now() - start) * 5 };
}

describe.concurrent('wait for a push that a newer push superseded before cloning', () => {
  it("ends green within a minute of the service's time, naming the newer build and its commit", async ({ onTestFinished }) => {
    const clock = fastClock();
    const rtd = await startStandin({ tokens: [TOKEN], now: clock.now, rateLimit: null });
    onTestFinished(() => rtd.close());
    rtd.addProject({ slug: 'demo', name: 'Demo Docs' });
    // Two quick merges: the first push's build queues (no free slot), the second push 3 s later
    // cancels it before it has cloned, and builds its own commit.
    rtd.push('demo', 'latest', { commit: FIRST, plan: { durationMs: 40_000, queueMs: 20_000, outcome: 'success' } });
    const pushedAt = clock.now();
    while (clock.now() < pushedAt + 3000) await new Promise((resolve) => setTimeout(resolve, 20));
    rtd.push('demo', 'latest', { commit: SECOND, plan: { durationMs: 40_000, outcome: 'success' } });

    const event = { name: 'push', payload: { after: FIRST, head_commit: { id: FIRST, timestamp: new Date(pushedAt).toISOString() } } };
    const run = await runAction({
      inputs: { operation: 'wait', project: 'demo', token: TOKEN, 'base-url': rtd.url, 'poll-interval': '250ms', timeout: '60s' },
      env: { GITHUB_SHA: FIRST },
      event,
    });
    const endedAt = clock.now();

    expect(run.code, run.stdout).toBe(0);
    const [result] = JSON.parse(run.outputs.results!) as Record<string, unknown>[];
    expect(result).toMatchObject({ outcome: 'superseded', commit: FIRST, buildId: 1, state: 'cancelled' });
    expect(result!.supersededBy).toEqual({ buildId: 2, buildUrl: `${rtd.url}/projects/demo/builds/2/`, commit: SECOND });
    expect(run.outputs.success).toBe('false');
    expect(run.annotations.filter((a) => a.level === 'error')).toEqual([]);
    const notice = run.annotations.find((a) => a.level === 'notice')!;
    expect(notice.title).toBe('Superseded: demo latest');
    expect(notice.message).toContain(`build #2 of ${SECOND} (a newer push) cancelled build #1, before it cloned a commit, and took over`);
    expect(run.summary).toContain('⏩ superseded');

    // The build of the first commit was never to come: found out at the second look for it, then
    // the newer build polled only until it named its commit, all within a minute of the service's time.
    expect(rtd.requests.filter((r) => r.query.commit === FIRST)).toHaveLength(2);
    expect(rtd.count('GET', /\/builds\/2\/$/)).toBeLessThanOrEqual(4);
    expect(endedAt - pushedAt).toBeLessThan(60_000);
    expect(rtd.builds('demo').map((b) => [b.state, b.commit])).toEqual([
      ['cancelled', FIRST],
      [expect.not.stringMatching(/^finished$/), SECOND],
    ]);
    expect(rtd.count('POST', /./)).toBe(0);
  });
});

describe.concurrent("a GitHub App pull request with Read the Docs' own comment", () => {
  it('comment: auto (the default): no second comment; the status, the deployment, the outputs and the summary stay', async ({
    onTestFinished,
  }) => {
    const rtd = await startStandin({ tokens: [TOKEN] });
    onTestFinished(() => rtd.close());
    rtd.addProject({ slug: 'demo', name: 'Demo Docs', versions: [{ slug: String(PR), type: 'external' }] });
    rtd.addBuild('demo', String(PR), { durationMs: 400, outcome: 'success', commit: HEAD, commitFromStart: true });
    const id = ((await (await fetch(`${rtd.url}/api/v3/projects/demo/`)).json()) as { id: number }).id;
    const gh = await startGitHubStandin({ token: GITHUB_TOKEN });
    onTestFinished(() => gh.close());
    gh.addPullRequest({ number: PR, headSha: HEAD, files: [{ filename: 'docs/install.rst' }] });
    const service = gh.addServiceComment(PR, id);
    gh.addServiceStatus(HEAD, 'demo', 'success');

    const run = await runPreview({ rtd, gh }, pullRequestEvent());

    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs['preview-url']).toBe(previewOf(rtd));
    expect(gh.comments(PR).map((c) => c.id)).toEqual([service]);
    expect(gh.requests.filter((r) => r.path.includes('/comments') && r.method !== 'GET')).toEqual([]);
    const statuses = gh.statuses(HEAD);
    expect(statuses.filter((s) => s.context === 'readthedocs-preview/demo').map((s) => s.state)).toEqual(['pending', 'success']);
    expect(statuses.filter((s) => s.context === 'docs/readthedocs:demo')).toHaveLength(1);
    expect(gh.deployments()[0]!.statuses.map((s) => s.state)).toEqual(['in_progress', 'success']);
    expect(run.summary).toContain(`own comment](https://github.com/octo/docs-repo/pull/${PR}#issuecomment-${service})`);
    expect(run.stdout).toContain("no comment of the action's (`comment: auto`)");
  });
});
