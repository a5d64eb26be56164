// `merge-queue` as a workflow `on: merge_group` runs it: the bundled action on the event GitHub's
// stand-in gives for PR 42's group, against both stand-ins. Issue 32's "Done when": in build mode
// the queue branch's version is synced, activated hidden, built at the group's commit and inactive
// again afterwards, with the status `docs/readthedocs.org:<project>` on the group's commit (success,
// or failure with a red step); in mirror mode nothing is written on Read the Docs and the status
// follows PR 42's head build. Timeouts, cancellation, refusals and several projects are tested
// in-process in test/operations/merge-queue.test.ts. Issue 38's and 39's: the service gets there
// first (a rule built the queue version at the branch's push), a PR build skipped by exit code 183
// passes `mirror`, and a cancelled run deactivates its version within the runner's window.
import { describe, expect, it } from 'vitest';
import { startGitHubStandin, type GitHubStandin } from '../../harness/github-standin.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { GITHUB_TOKEN, runAction, type ActionRun, type RunOptions } from '../../harness/run-action.ts';

const TOKEN = 'rtd_secret_token_queue_0123456789';
const PR = 42;
const GROUP = '1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b';
const BASE_SHA = '0f1e2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6';
const PR_HEAD = '3f2a9c1d5e7b4a6c8d0e2f4a6b8c0d2e4f6a8b0c';
const BRANCH = `gh-readonly-queue/main/pr-${PR}-${BASE_SHA}`;
const CONTEXT = 'docs/readthedocs.org:demo';
const SLUG = `gh-readonly-queue-main-pr-${PR}-${BASE_SHA}`;

interface Stage {
  rtd: Standin;
  gh: GitHubStandin;
}

/** Both stand-ins of their own for each test (they run at once), PR 42 open at PR_HEAD. */
async function withStage(test: (stage: Stage) => Promise<void>, options: { rateLimit?: null } = {}): Promise<void> {
  const rtd = await startStandin({ tokens: [TOKEN], ...options });
  const gh = await startGitHubStandin({ token: GITHUB_TOKEN });
  rtd.addProject({ slug: 'demo', name: 'Demo Docs', versions: [{ slug: String(PR), type: 'external' }] });
  gh.addPullRequest({ number: PR, headSha: PR_HEAD });
  try {
    await test({ rtd, gh });
  } finally {
    await Promise.all([rtd.close(), gh.close()]);
  }
}

/** The merge_group event of PR 42's group, run through dist/ with quick polling. */
function runQueue({ rtd, gh }: Stage, inputs: Record<string, string> = {}, options: Pick<RunOptions, 'onLine'> = {}): Promise<ActionRun> {
  return runAction({
    ...options,
    inputs: {
      token: TOKEN,
      'base-url': rtd.url,
      'poll-interval': '100ms',
      'rate-limit': '600/1m',
      timeout: '3m', // far above what a run needs, on a busy machine too
      operation: 'merge-queue',
      project: 'demo',
      ...inputs,
    },
    event: gh.addMergeGroup({ pr: PR, headSha: GROUP, baseSha: BASE_SHA }),
    env: { GITHUB_API_URL: gh.url, GITHUB_SHA: GROUP },
  });
}

const statesOf = (gh: GitHubStandin) => gh.statuses(GROUP).map((s) => `${s.context} ${s.state}`);
const versionPatches = (rtd: Standin) => rtd.requests.filter((r) => r.method === 'PATCH').map((r) => `${r.path} ${r.body}`);
const errors = (run: ActionRun) => run.annotations.filter((a) => a.level === 'error');

describe.concurrent('merge-queue on a merge_group event for PR 42', () => {
  it('build: the queue version is synced, activated hidden, built at the group commit, deactivated; status success', () =>
    withStage(async (stage) => {
      const { rtd, gh } = stage;
      const slug = rtd.addQueueBranch('demo', BRANCH, GROUP, 200);
      rtd.onTrigger('demo', slug, { durationMs: 300, outcome: 'success' });
      const run = await runQueue(stage);

      expect(run.code, run.stdout).toBe(0);
      expect(rtd.count('POST', '/api/v3/projects/demo/sync-versions/')).toBe(1);
      expect(versionPatches(rtd)).toEqual([
        `/api/v3/projects/demo/versions/${slug}/ {"active":true,"hidden":true}`,
        `/api/v3/projects/demo/versions/${slug}/ {"active":false}`,
      ]);
      expect(rtd.count('POST', /\/builds\/$/)).toBe(0);
      expect(rtd.builds('demo')).toMatchObject([{ version: slug, commit: GROUP, source: 'activation', success: true }]);
      expect(rtd.versionRecord('demo', slug)).toMatchObject({ active: false });
      expect(statesOf(gh)).toEqual([`${CONTEXT} pending`, `${CONTEXT} success`]);
      expect(run.outputs).toMatchObject({ success: 'true', commit: GROUP, version: slug });
      expect(run.summary).toContain('`queue-check: build`');
    }));

  it('build: a failed build gives status failure and a red step, the version deactivated all the same', () =>
    withStage(async (stage) => {
      const { rtd, gh } = stage;
      const slug = rtd.addQueueBranch('demo', BRANCH, GROUP, 200);
      rtd.onTrigger('demo', slug, { durationMs: 300, outcome: 'failure' });
      const run = await runQueue(stage);

      expect(run.code).toBe(1);
      expect(errors(run).map((a) => a.title)).toContain(`Build failed: demo ${slug}`);
      expect(versionPatches(rtd).at(-1)).toBe(`/api/v3/projects/demo/versions/${slug}/ {"active":false}`);
      expect(versionPatches(rtd).every((line) => line.includes(`/versions/${slug}/`))).toBe(true);
      expect(rtd.versionRecord('demo', slug)).toMatchObject({ active: false });
      expect(statesOf(gh)).toEqual([`${CONTEXT} pending`, `${CONTEXT} failure`]);
    }));

  it("mirror: PR 42's successful head build gives status success, with nothing written on Read the Docs", () =>
    withStage(async (stage) => {
      const { rtd, gh } = stage;
      rtd.addBuild('demo', String(PR), {
        durationMs: 30_000,
        outcome: 'success',
        commit: PR_HEAD,
        startedAgoMs: 600_000,
        commitFromStart: true,
      });
      const run = await runQueue(stage, { 'queue-check': 'mirror' });

      expect(run.code, run.stdout).toBe(0);
      expect(rtd.requests.filter((r) => r.method !== 'GET')).toEqual([]);
      expect(statesOf(gh)).toEqual([`${CONTEXT} pending`, `${CONTEXT} success`]);
      expect(run.summary).toContain('`queue-check: mirror`');
    }));

  it("mirror: PR 42's failed head build gives status failure and a red step", () =>
    withStage(async (stage) => {
      const { rtd, gh } = stage;
      rtd.addBuild('demo', String(PR), {
        durationMs: 30_000,
        outcome: 'failure',
        commit: PR_HEAD,
        startedAgoMs: 600_000,
        commitFromStart: true,
      });
      const run = await runQueue(stage, { 'queue-check': 'mirror' });

      expect(run.code).toBe(1);
      expect(errors(run).map((a) => a.title)).toContain('Build failed: demo 42');
      expect(rtd.requests.filter((r) => r.method !== 'GET')).toEqual([]);
      expect(statesOf(gh)).toEqual([`${CONTEXT} pending`, `${CONTEXT} failure`]);
    }));

  it("build: a rule activated the queue version at the branch's push and built the group commit; that build is taken, green, deactivated", () =>
    withStage(async (stage) => {
      const { rtd, gh } = stage;
      rtd.addVersionAddedRule('demo', { match: '^gh-readonly-queue/', action: 'activate' });
      rtd.onTrigger('demo', SLUG, { durationMs: 300, outcome: 'success' });
      rtd.branchCreated('demo', BRANCH, GROUP);
      const run = await runQueue(stage);

      expect(run.code, run.stdout).toBe(0);
      expect(rtd.count('POST', /\/builds\/$/)).toBe(0);
      expect(rtd.builds('demo')).toMatchObject([{ version: SLUG, commit: GROUP, source: 'activation', success: true }]);
      expect(versionPatches(rtd)).toEqual([
        `/api/v3/projects/demo/versions/${SLUG}/ {"hidden":true}`,
        `/api/v3/projects/demo/versions/${SLUG}/ {"active":false}`,
      ]);
      expect(rtd.versionRecord('demo', SLUG)).toMatchObject({ active: false, built: false });
      expect(statesOf(gh)).toEqual([`${CONTEXT} pending`, `${CONTEXT} success`]);
    }));

  it("mirror: PR 42's head build skipped by exit code 183 (the service's status: success) gives status success", () =>
    withStage(async (stage) => {
      const { rtd, gh } = stage;
      rtd.addBuild('demo', String(PR), {
        durationMs: 30_000,
        outcome: 'skipped',
        commit: PR_HEAD,
        startedAgoMs: 600_000,
        commitFromStart: true,
      });
      gh.addServiceStatus(PR_HEAD, 'demo', 'skipped');
      const run = await runQueue(stage, { 'queue-check': 'mirror' });

      expect(run.code, run.stdout).toBe(0);
      expect(errors(run)).toEqual([]);
      expect(rtd.requests.filter((r) => r.method !== 'GET')).toEqual([]);
      expect(statesOf(gh)).toEqual([`${CONTEXT} pending`, `${CONTEXT} success`]);
      expect(gh.statuses(GROUP).at(-1)!.description).toContain('skipped');
    }));

  it('build: SIGINT 10 s into the build, the first deactivation answered 429 (Retry-After: 2): retried, the version inactive, the process ends by itself', () =>
    withStage(
      async (stage) => {
        const { rtd, gh } = stage;
        const slug = rtd.addQueueBranch('demo', BRANCH, GROUP, 0);
        rtd.onTrigger('demo', slug, { durationMs: 600_000, outcome: 'success' });
        let signalledAt = 0;
        const run = await runQueue(
          stage,
          { timeout: '5m' },
          {
            onLine: (line, child) => {
              if (signalledAt !== 0 || !line.includes('was queued by the activation')) return;
              signalledAt = -1;
              setTimeout(() => {
                rtd.fault({
                  kind: 'status',
                  method: 'PATCH',
                  path: `/versions/${slug}/`,
                  times: 1,
                  status: 429,
                  headers: { 'Retry-After': '2' },
                });
                signalledAt = Date.now();
                child.kill('SIGINT');
              }, 10_000);
            },
          },
        );

        expect(signalledAt, run.stdout).toBeGreaterThan(0);
        // Ended by itself (not by the harness's safety net): the process leaves at most
        // CANCEL_EXIT_MS after the signal whatever is pending, so the undo below, done, came within
        // that window. Asserted on states, not on seconds a busy machine can stretch (issue 49).
        expect(run.signal, run.stdout).toBeNull();
        expect(run.stdout).toContain('SIGINT received');
        expect(rtd.count('PATCH', `/versions/${slug}/`)).toBe(3);
        expect(rtd.versionRecord('demo', slug)).toMatchObject({ active: false });
        expect(run.annotations.filter((a) => a.title === 'Queue version left active')).toEqual([]);
        expect(rtd.count('POST', /\/builds\/$/)).toBe(0);
        expect(statesOf(gh)).toEqual([`${CONTEXT} pending`]);
        // Polled every 100 ms for 10 s: the service's own throttle is not what this is about.
      },
      { rateLimit: null },
    ));
});
