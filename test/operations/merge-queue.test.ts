// `merge-queue` in-process on a fake clock: both stand-ins (Read the Docs, whose queue branch's
// version appears after a sync and builds the group's commit when activated, and GitHub, which
// gives the `merge_group` event and takes the commit statuses), the step run as step.ts runs it.
// Asserted on the requests each stand-in received, the statuses on the group's commit, outcomes,
// outputs and annotations. What needs the real process is in test/e2e/merge-queue.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { groupOfRun, parseQueueBranch } from '../../src/operations/merge-queue/group.js';
import {
  buildOfGroup,
  finalStatus,
  isVersionOfPullRequest,
  mayHaveTaken,
  pendingStatus,
  settle,
} from '../../src/operations/merge-queue/checks.js';
import { ReadTheDocsError, UncertainWriteError } from '../../src/readthedocs/errors.js';
import type { Build } from '../../src/readthedocs/schemas.js';
import { InputError } from '../../src/inputs/inputs.js';
import { GitHubError } from '../../src/github/api/client.js';
import { CancelledError } from '../../src/util/abort.js';
import { startGitHubStandin, type GitHubStandin } from '../../harness/github-standin.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { FakeClock, T0 } from '../support/operation-context.ts';
import { captureStdout, runStep } from './context.ts';
import { RUN_URL, runOfEvent } from './preview-context.ts';

const GITHUB_TOKEN = 'ghs_merge_queue_in_process_token_0123456789';
const PR = 42;
const GROUP = '1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b';
const BASE_SHA = 'b'.repeat(40);
const PR_HEAD = 'd'.repeat(40);
const BRANCH = `gh-readonly-queue/main/pr-${PR}-${BASE_SHA}`;
const SLUG = `gh-readonly-queue-main-pr-${PR}-${BASE_SHA}`;

let rtd: Standin;
let gh: GitHubStandin;
let clock: FakeClock;
const stdout = captureStdout();

beforeEach(async () => {
  clock = new FakeClock();
  rtd = await startStandin({ now: clock.now, rateLimit: null });
  rtd.addProject({ slug: 'demo', name: 'Demo Docs', versions: [{ slug: String(PR), type: 'external' }] });
  gh = await startGitHubStandin({ token: GITHUB_TOKEN });
  gh.addPullRequest({ number: PR, headSha: PR_HEAD });
});
afterEach(async () => {
  await Promise.all([rtd.close(), gh.close()]);
});

/** The queue branch pushed on both sides: an inactive version of `project` after a sync (2 s later). */
function queueBranch(project = 'demo') {
  return rtd.addQueueBranch(project, BRANCH, GROUP, 2000);
}

function runQueue(inputs: Record<string, string> = {}, options: { cancellation?: AbortSignal; event?: boolean } = {}) {
  const event = gh.addMergeGroup({ pr: PR, headSha: GROUP, baseSha: BASE_SHA, createdAt: T0 });
  const run = { ...(options.event === false ? runOfEvent(gh, { name: 'push', payload: {} }) : runOfEvent(gh, event)), runUrl: RUN_URL };
  return runStep(
    rtd,
    { operation: 'merge-queue', project: 'demo', 'github-token': GITHUB_TOKEN, 'poll-interval': '2s', timeout: '10m', ...inputs },
    { clock, run, ...(options.cancellation ? { cancellation: options.cancellation } : {}) },
  );
}

/** The version writes (PATCH bodies) sent to the service, by version slug. */
const versionWrites = () =>
  rtd.requests
    .filter((r) => r.method === 'PATCH')
    .map((r) => ({ version: /\/versions\/([^/]+)\/$/.exec(r.path)?.[1], body: JSON.parse(r.body) as Record<string, unknown> }));
const writesToService = () => rtd.requests.filter((r) => r.method !== 'GET');
const statuses = (sha = GROUP) => gh.statuses(sha).map((s) => ({ context: s.context, state: s.state }));
const readVersion = (slug: string) => rtd.versionRecord('demo', slug);
/** A version activated as an earlier run did (the request left out of the ones asserted on). */
async function activate(slug: string): Promise<void> {
  const answer = await fetch(`${rtd.url}/api/v3/projects/demo/versions/${slug}/`, {
    method: 'PATCH',
    headers: { authorization: 'Token test-token', 'content-type': 'application/json' },
    body: JSON.stringify({ active: true, hidden: true }),
  });
  expect(answer.status).toBe(204);
  rtd.requests.length = 0;
}

/** The requests of both stand-ins in the order they arrived (`rtd`/`github`, method, path): from now on. */
function requestOrder(): string[] {
  const order: string[] = [];
  const follow = <T extends { method: string; path: string }>(name: string, log: T[]) => {
    const push = log.push.bind(log);
    log.push = (...items: T[]) => {
      for (const item of items) order.push(`${name} ${item.method} ${item.path}`);
      return push(...items);
    };
  };
  follow('rtd', rtd.requests);
  follow('github', gh.requests);
  return order;
}

describe('merge-queue, queue-check: build', () => {
  it('syncs, activates the queue version hidden, follows the build the activation queued, deactivates it, and reports success on the group commit', async () => {
    queueBranch();
    const run = await runQueue();

    expect(run.code).toBe(0);
    expect(run.results[0]).toMatchObject({ outcome: 'success', commit: GROUP, version: SLUG, state: 'finished' });
    expect(run.results[0]!.details).toMatchObject({
      queueCheck: 'build',
      groupCommit: GROUP,
      queueBranch: BRANCH,
      pullRequest: PR,
      deactivated: true,
      status: 'success',
    });
    expect(rtd.count('POST', '/api/v3/projects/demo/sync-versions/')).toBe(1);
    // Activation queues the build: nothing triggers one besides.
    expect(rtd.count('POST', /\/builds\/$/)).toBe(0);
    expect(rtd.builds('demo')).toMatchObject([{ version: SLUG, commit: GROUP, source: 'activation', state: 'finished', success: true }]);
    // The queue version, and nothing else: activated hidden, then deactivated.
    expect(versionWrites()).toEqual([
      { version: SLUG, body: { active: true, hidden: true } },
      { version: SLUG, body: { active: false } },
    ]);
    expect(readVersion(SLUG)).toMatchObject({ active: false, hidden: true, verboseName: BRANCH });
    expect(statuses()).toEqual([
      { context: 'docs/readthedocs.org:demo', state: 'pending' },
      { context: 'docs/readthedocs.org:demo', state: 'success' },
    ]);
    // Each state links somewhere (issue 47): the pending one to the workflow run (no build yet), the final one to the build.
    expect(gh.statuses(GROUP).map((status) => status.target_url)).toEqual([RUN_URL, run.results[0]!.buildUrl]);
    expect(run.outputs).toMatchObject({ success: 'true', commit: GROUP, version: SLUG });
    expect(run.summary).toContain('`queue-check: build`');
    // The verdict and the status first: visible at 420 px; the long names after.
    expect(run.summary).toContain('- ✅ passed: **demo**, status `success`: The group&#39;s docs build succeeded');
    expect(run.summary).toContain('\\(build \\#1\\) (`docs/readthedocs.org:demo`)');
    // The table's version: the queue branch's commit cut to 7 characters, so its columns fit 420 px (issue 47).
    expect(run.summary).toContain(`| demo | gh\\-readonly\\-queue\\-main\\-pr\\-42\\-${BASE_SHA.slice(0, 7)}… | ✅ built |`);
    expect(
      run.summary
        .split('\n')
        .filter((line) => line.startsWith('| '))
        .join('\n'),
    ).not.toContain(BASE_SHA.slice(0, 8));
    expect(run.summary).toContain(`(queue branch \`${BRANCH}\`)`); // the full name, where it wraps
    const log = stdout.text();
    for (const line of [
      'Syncing the versions of demo: the queue branch becomes version ' + SLUG,
      `Waiting for version ${SLUG} (the queue branch) to appear`,
      `${SLUG} is there (inactive)`,
      `Activating ${SLUG}, hidden: the service queues its build`,
      `Build #1 of ${SLUG} was queued by the activation: `,
      `Deactivated ${SLUG}: its temporary docs are deleted`,
    ]) {
      expect(log).toContain(line);
    }
    // The builds before the sync: the last ten, to tell the activation's build from older ones.
    expect(rtd.requests.find((r) => r.path === '/api/v3/projects/demo/builds/')?.query.limit).toBe('10');
  });

  it("the group's final status goes out before the deactivation: the queue does not wait on it", async () => {
    const slug = queueBranch();
    const order = requestOrder();
    const run = await runQueue();

    expect(run.results[0]!.details).toMatchObject({ deactivated: true, status: 'success' });
    expect(order.filter((r) => r.includes('/statuses/') || r.startsWith('rtd PATCH'))).toEqual([
      expect.stringMatching(/^github POST .*\/statuses\//),
      `rtd PATCH /api/v3/projects/demo/versions/${slug}/`,
      expect.stringMatching(/^github POST .*\/statuses\//),
      `rtd PATCH /api/v3/projects/demo/versions/${slug}/`,
    ]);
    expect(statuses().map((s) => s.state)).toEqual(['pending', 'success']);
  });

  it('a failed build: status failure, a red step with the failure annotation, the version deactivated all the same', async () => {
    const slug = queueBranch();
    rtd.onTrigger('demo', slug, {
      durationMs: 20_000,
      outcome: 'failure',
      failingCommand: {
        command: 'python -m sphinx -W docs out',
        output: 'Warning, treated as error:\nindex.rst:3: undefined label',
        exit_code: 2,
      },
    });
    const run = await runQueue();

    expect(run.code).toBe(1);
    expect(run.results[0]).toMatchObject({ outcome: 'failed', title: 'Build failed', commit: GROUP });
    expect(run.results[0]!.details).toMatchObject({ deactivated: true, status: 'failure' });
    expect(statuses().map((s) => s.state)).toEqual(['pending', 'failure']);
    expect(gh.statuses(GROUP).at(-1)!.description).toContain('Build failed');
    expect(versionWrites().at(-1)).toEqual({ version: slug, body: { active: false } });
    expect(stdout.annotations().some((a) => a.level === 'error' && a.title === `Build failed: demo ${slug}`)).toBe(true);
    expect(run.summary).toContain('- ❌ failed: **demo**, status `failure`: Build failed \\(build \\#1\\) (`docs/readthedocs.org:demo`)');
    // The build ended: nothing runs on.
    expect(stdout.text()).not.toContain('runs on');
  });

  it('the step times out during the build: the version is deactivated after the deadline, and the status says failure', async () => {
    const slug = queueBranch();
    rtd.onTrigger('demo', slug, { durationMs: 30 * 60_000, outcome: 'success' });
    const run = await runQueue({ timeout: '2m' });

    expect(run.results[0]).toMatchObject({ outcome: 'timed-out', title: 'Timed out' });
    expect(run.results[0]!.details).toMatchObject({ deactivated: true, status: 'failure' });
    expect(versionWrites()).toEqual([
      { version: slug, body: { active: true, hidden: true } },
      { version: slug, body: { active: false } },
    ]);
    // The deactivation went out after the deadline.
    const deactivation = rtd.requests.find((r) => r.method === 'PATCH' && r.body.includes('"active":false'))!;
    expect(deactivation).toBeDefined();
    expect(clock.now()).toBeGreaterThanOrEqual(T0 + 120_000);
    expect(statuses().map((s) => s.state)).toEqual(['pending', 'failure']);
    expect(run.code).toBe(1);
    // No trigger: a token cannot cancel the running build, and a trigger would start another.
    expect(rtd.count('POST', /\/builds\/$/)).toBe(0);
    expect(stdout.text()).toContain('Build #1 of ' + slug + ' runs on: a token cannot cancel it');
    expect(stdout.text()).toContain("an inactive version's output is never served");
  });

  it('the workflow is cancelled during the build: the version is deactivated, no final status is sent', async () => {
    const slug = queueBranch();
    rtd.onTrigger('demo', slug, { durationMs: 30 * 60_000, outcome: 'success' });
    const cancel = new AbortController();
    clock.at(T0 + 60_000, () => cancel.abort(new CancelledError()));
    const run = await runQueue({}, { cancellation: cancel.signal });

    expect(run.results[0]).toMatchObject({ outcome: 'aborted', title: 'Cancelled by the workflow' });
    expect(run.results[0]!.details).toMatchObject({ deactivated: true });
    expect(versionWrites().at(-1)).toEqual({ version: slug, body: { active: false } });
    expect(readVersion(slug)).toMatchObject({ active: false });
    expect(statuses().map((s) => s.state)).toEqual(['pending']);
  });

  it('cancelled 10 s into the build, the deactivation answered 429 (Retry-After: 2): waited for within the window, the version inactive', async () => {
    const slug = queueBranch();
    rtd.onTrigger('demo', slug, { durationMs: 30 * 60_000, outcome: 'success' });
    rtd.fault({
      kind: 'status',
      method: 'PATCH',
      path: new RegExp(`/versions/${slug}/$`),
      after: 1,
      times: 1,
      status: 429,
      headers: { 'Retry-After': '2' },
    });
    const cancel = new AbortController();
    clock.at(T0 + 12_000, () => cancel.abort(new CancelledError()));
    const run = await runQueue({}, { cancellation: cancel.signal });

    expect(run.results[0]).toMatchObject({ outcome: 'aborted' });
    expect(run.results[0]!.details).toMatchObject({ deactivated: true });
    expect(rtd.count('PATCH', new RegExp(`/versions/${slug}/$`))).toBe(3);
    expect(readVersion(slug)).toMatchObject({ active: false, built: false });
    expect(rtd.count('POST', /\/builds\/$/)).toBe(0);
    expect(stdout.text()).toContain(`Build #1 of ${slug} runs on`);
    expect(stdout.annotations().filter((a) => a.title === 'Queue version left active')).toEqual([]);
  });

  it('cancelled, and the deactivation is asked to wait longer than the runner allows: not waited for, a warning says the version stays active', async () => {
    const slug = queueBranch();
    rtd.onTrigger('demo', slug, { durationMs: 30 * 60_000, outcome: 'success' });
    rtd.fault({
      kind: 'status',
      method: 'PATCH',
      path: new RegExp(`/versions/${slug}/$`),
      after: 1,
      times: 1,
      status: 429,
      headers: { 'Retry-After': '20' },
    });
    const cancel = new AbortController();
    clock.at(T0 + 12_000, () => cancel.abort(new CancelledError()));
    const run = await runQueue({}, { cancellation: cancel.signal });

    expect(run.results[0]!.details).toMatchObject({ deactivated: false });
    expect(readVersion(slug)).toMatchObject({ active: true });
    // Not past the runner's window: the process would be gone by then.
    expect(clock.now()).toBeLessThan(T0 + 12_000 + 7500);
    const warning = stdout.annotations().find((a) => a.title === 'Queue version left active');
    expect(warning?.message).toContain('could not be deactivated');
  });

  it('a timeout, then a cancellation during the deactivation: the deactivation gets the cancellation window, not its 30 s', async () => {
    const slug = queueBranch();
    rtd.onTrigger('demo', slug, { durationMs: 30 * 60_000, outcome: 'success' });
    rtd.fault({
      kind: 'status',
      method: 'PATCH',
      path: new RegExp(`/versions/${slug}/$`),
      after: 1,
      times: 1,
      status: 429,
      headers: { 'Retry-After': '20' },
    });
    const cancel = new AbortController();
    clock.at(T0 + 121_000, () => cancel.abort(new CancelledError()));
    const run = await runQueue({ timeout: '2m' }, { cancellation: cancel.signal });

    expect(run.results[0]!.details).toMatchObject({ deactivated: false });
    expect(clock.now()).toBeLessThan(T0 + 121_000 + 7500);
  });

  it('queue versions earlier runs left active are deactivated once their branch is gone from GitHub; a group still queued is left alone', async () => {
    queueBranch();
    const gone = `gh-readonly-queue/main/pr-7-${'c'.repeat(40)}`;
    const queued = `gh-readonly-queue/main/pr-8-${'e'.repeat(40)}`;
    const goneSlug = rtd.branchCreated('demo', gone, 'c'.repeat(40));
    const queuedSlug = rtd.branchCreated('demo', queued, 'e'.repeat(40));
    rtd.addVersion('demo', { slug: 'feature-x', verboseName: 'feature/x', active: true });
    for (const slug of [goneSlug, queuedSlug]) await activate(slug);
    gh.addMergeGroup({ pr: 8, headSha: 'e'.repeat(40), baseSha: 'e'.repeat(40), createdAt: T0 });
    const run = await runQueue();

    expect(run.results[0]).toMatchObject({ outcome: 'success' });
    expect(readVersion(goneSlug)).toMatchObject({ active: false });
    expect(readVersion(queuedSlug)).toMatchObject({ active: true });
    expect(readVersion('feature-x')).toMatchObject({ active: true });
    expect(
      versionWrites()
        .filter((w) => w.body.active === false)
        .map((w) => w.version),
    ).toEqual([SLUG, goneSlug]);
    // What the sweep did is in the results and the job summary, not only in the log.
    expect(run.results[0]!.details).toMatchObject({ deactivated: true, leftoversDeactivated: [goneSlug] });
    expect(run.summary).toContain(`**demo**: 1 queue version earlier runs left active was deactivated: \`${goneSlug}\``);
    // Inactive with its branch gone, the service's next sync deletes it.
    expect(rtd.branchDeleted('demo', gone)).toBe(true);
    expect(readVersion(goneSlug)).toBeUndefined();
  });

  it('two leftovers deactivated: both slugs in the results, one summary line counting them', async () => {
    queueBranch();
    const slugs = [7, 9].map((pr) => rtd.branchCreated('demo', `gh-readonly-queue/main/pr-${pr}-${'c'.repeat(40)}`, 'c'.repeat(40)));
    for (const slug of slugs) await activate(slug);
    const run = await runQueue();

    for (const slug of slugs) expect(readVersion(slug)).toMatchObject({ active: false });
    const swept = (run.results[0]!.details as { leftoversDeactivated?: string[] }).leftoversDeactivated;
    expect([...(swept ?? [])].sort()).toEqual([...slugs].sort());
    expect(run.summary).toMatch(
      /\*\*demo\*\*: 2 queue versions earlier runs left active were deactivated: `gh-readonly-queue-main-pr-\d-c+`, `gh-readonly-queue-main-pr-\d-c+`/,
    );
  });

  it('a token that cannot see the repository (404 to everything): the sweep deactivates nothing', async () => {
    queueBranch();
    const gone = `gh-readonly-queue/main/pr-7-${'c'.repeat(40)}`;
    const goneSlug = rtd.branchCreated('demo', gone, 'c'.repeat(40));
    await activate(goneSlug);
    gh.hideRepository();
    const run = await runQueue();

    expect(run.results[0]!.details).toMatchObject({ deactivated: true });
    // Nothing deactivated by the sweep: no field, no summary line.
    expect(run.results[0]!.details).not.toHaveProperty('leftoversDeactivated');
    expect(run.summary).not.toContain('earlier runs left active');
    // A 404 of the group's own branch: no read of this repository succeeded, so no 404 says a branch is gone.
    expect(readVersion(goneSlug)).toMatchObject({ active: true });
    expect(versionWrites().map((w) => w.version)).toEqual([SLUG, SLUG]);
    expect(gh.requests.filter((r) => r.path.includes('/branches/')).map((r) => decodeURIComponent(r.path))).toEqual([
      expect.stringContaining(BRANCH),
    ]);
  });

  it('branches refused (403: no `contents: read`): the whole sweep stops at the first refusal', async () => {
    queueBranch();
    const slugs = [7, 8].map((pr) => rtd.branchCreated('demo', `gh-readonly-queue/main/pr-${pr}-${'c'.repeat(40)}`, 'c'.repeat(40)));
    for (const slug of slugs) await activate(slug);
    gh.refuse('GET', /\/branches\//);
    const run = await runQueue();

    expect(run.results[0]).toMatchObject({ outcome: 'success' });
    for (const slug of slugs) expect(readVersion(slug)).toMatchObject({ active: true });
    expect(gh.requests.filter((r) => r.path.includes('/branches/'))).toHaveLength(1);
    expect(stdout.text()).toContain('contents: read');
  });

  it("the sweep ends at the step's deadline: deactivations the service keeps asking to wait for do not each get 30 s more", async () => {
    const slug = queueBranch();
    rtd.onTrigger('demo', slug, { durationMs: 90_000, outcome: 'success' });
    const leftovers = [7, 8, 9].map((pr) => rtd.branchCreated('demo', `gh-readonly-queue/main/pr-${pr}-${'c'.repeat(40)}`, 'c'.repeat(40)));
    for (const leftover of leftovers) await activate(leftover);
    rtd.fault({
      kind: 'status',
      method: 'PATCH',
      path: /\/versions\/gh-readonly-queue-main-pr-[789]-c+\/$/,
      times: 50,
      status: 429,
      headers: { 'Retry-After': '10' },
    });
    const run = await runQueue({ timeout: '2m' });

    expect(run.results[0]).toMatchObject({ outcome: 'success' });
    const sweep = rtd.requests.filter((r) => r.method === 'PATCH' && /pr-[789]-/.test(r.path));
    expect(sweep.length).toBeGreaterThan(0);
    // The sweep (and the step) ends at the deadline: no 30 s more per deactivation.
    expect(clock.now()).toBeLessThanOrEqual(T0 + 120_000);
    expect(rtd.requests.filter((r) => r.method === 'PATCH' && r.path.includes('pr-8-'))).toEqual([]);
  });

  it('the sweep checks each version itself (the list may ignore `active` and `type`): an inactive one and a tag are left alone', async () => {
    queueBranch();
    const inactive = `gh-readonly-queue/main/pr-7-${'c'.repeat(40)}`;
    const tag = `gh-readonly-queue/main/pr-9-${'f'.repeat(40)}`;
    rtd.addVersion('demo', { slug: 'queue-inactive', verboseName: inactive, active: false, type: 'branch' });
    rtd.addVersion('demo', { slug: 'queue-tag', verboseName: tag, active: true, type: 'tag' });
    const run = await runQueue();

    expect(run.results[0]).toMatchObject({ outcome: 'success' });
    // Neither branch is on GitHub: only the code's own check keeps them out of the sweep.
    expect(versionWrites().map((w) => w.version)).toEqual([SLUG, SLUG]);
    expect(gh.requests.filter((r) => r.path.includes('/branches/'))).toEqual([]);
  });

  it('after a timeout the deactivation has 30 s of its own: a 429 whose wait fits is waited for', async () => {
    const slug = queueBranch();
    rtd.onTrigger('demo', slug, { durationMs: 30 * 60_000, outcome: 'success' });
    rtd.fault({
      kind: 'status',
      method: 'PATCH',
      path: new RegExp(`/versions/${slug}/$`),
      after: 1,
      times: 1,
      status: 429,
      headers: { 'Retry-After': '25' },
    });
    const run = await runQueue({ timeout: '2m' });

    expect(run.results[0]!.details).toMatchObject({ deactivated: true });
    expect(readVersion(slug)).toMatchObject({ active: false });
    expect(stdout.annotations().filter((a) => a.title === 'Queue version left active')).toEqual([]);
  });

  it('after a timeout, a 429 that asks for longer than the 30 s is not waited for: the warning names the dashboard page', async () => {
    const slug = queueBranch();
    rtd.onTrigger('demo', slug, { durationMs: 30 * 60_000, outcome: 'success' });
    rtd.fault({
      kind: 'status',
      method: 'PATCH',
      path: new RegExp(`/versions/${slug}/$`),
      after: 1,
      times: 1,
      status: 429,
      headers: { 'Retry-After': '35' },
    });
    const run = await runQueue({ timeout: '2m' });

    expect(run.results[0]).toMatchObject({ outcome: 'timed-out' });
    expect(run.results[0]!.details).toMatchObject({ deactivated: false });
    expect(readVersion(slug)).toMatchObject({ active: true });
    expect(clock.now()).toBeLessThan(T0 + 120_000 + 30_000);
    const warnings = stdout.annotations().filter((a) => a.title === 'Queue version left active');
    expect(warnings.length).toBe(1);
    expect(warnings[0]!.level).toBe('warning');
    expect(warnings[0]!.message).toContain(`version ${slug} (the queue branch) could not be deactivated`);
    expect(warnings[0]!.message).toContain(`/dashboard/demo/version/${slug}/edit/`);
  });

  it('an activation whose every answer was lost took all the same: the version is deactivated after the error', async () => {
    const slug = queueBranch();
    // Processed, then the connection reset: all six attempts of the PATCH.
    rtd.fault({ kind: 'reset-after-processing', method: 'PATCH', path: new RegExp(`/versions/${slug}/$`), times: 6 });
    const run = await runQueue();

    expect(run.results[0]).toMatchObject({ outcome: 'error' });
    expect(run.results[0]!.details).toMatchObject({ deactivated: true });
    expect(versionWrites().at(0)).toEqual({ version: slug, body: { active: true, hidden: true } });
    expect(versionWrites().at(-1)).toEqual({ version: slug, body: { active: false } });
    expect(readVersion(slug)).toMatchObject({ active: false });
    expect(statuses().map((s) => s.state)).toEqual(['pending', 'failure']);
  });

  it('the service refuses the sync (an inactive project): a failure that says why, nothing else written', async () => {
    rtd.addProject({ slug: 'asleep', name: 'Asleep', active: false });
    const run = await runQueue({ project: 'asleep' });

    expect(run.results[0]).toMatchObject({ outcome: 'failed', title: 'Sync not triggered' });
    expect(run.results[0]!.reason).toContain('asleep: Read the Docs did not sync its versions (400, triggered: false)');
    expect(run.results[0]!.reason).toContain('when the project is inactive or has version sync turned off');
    expect(stdout.text()).toContain('when the project is inactive or has version sync turned off');
    expect(run.results[0]!.details).not.toHaveProperty('deactivated');
    expect(writesToService().map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/v3/projects/asleep/sync-versions/']);
    expect(gh.statuses(GROUP).at(-1)).toMatchObject({ state: 'failure', description: 'Sync not triggered' });
  });

  it('a refusal while waiting for the queue version is an error, not a timeout', async () => {
    queueBranch();
    rtd.fault({
      kind: 'status',
      method: 'GET',
      path: /\/versions\//,
      times: 100,
      status: 403,
      contentType: 'application/json',
      body: '{"detail": "You do not have permission to perform this action."}',
    });
    const run = await runQueue();

    expect(run.results[0]).toMatchObject({ outcome: 'error', title: 'Permission denied' });
    expect(statuses().map((s) => s.state)).toEqual(['pending', 'failure']);
  });

  it('a refusal while following the build ends the check with an error; nothing is said to run on', async () => {
    const slug = queueBranch();
    rtd.onTrigger('demo', slug, { durationMs: 30 * 60_000, outcome: 'success' });
    clock.at(T0 + 30_000, () =>
      rtd.fault({
        kind: 'status',
        method: 'GET',
        path: /\/builds\/1\/$/,
        times: 100,
        status: 403,
        contentType: 'application/json',
        body: '{"detail": "You do not have permission to perform this action."}',
      }),
    );
    const run = await runQueue();

    expect(run.results[0]).toMatchObject({ outcome: 'error', title: 'Permission denied' });
    expect(run.results[0]!.details).toMatchObject({ deactivated: true });
    expect(stdout.text()).not.toContain('runs on');
  });

  it('the queue branch never becomes a version: timed out waiting for it, nothing written besides the sync', async () => {
    const run = await runQueue({ timeout: '1m' });

    expect(run.results[0]).toMatchObject({ outcome: 'timed-out', title: 'Timed out' });
    expect(run.results[0]).toMatchObject({ version: SLUG, commit: GROUP });
    expect(run.results[0]!.reason).toContain(`demo: timed out after 1m (input \`timeout\`) waiting for the queue branch ${BRANCH}`);
    expect(run.results[0]!.reason).toContain(`to appear as version ${SLUG} after the sync`);
    expect(run.results[0]!.reason).toContain('no automation rule of the project deletes or renames such versions');
    expect(stdout.text()).toContain('no automation rule of the project deletes or renames such versions');
    expect(writesToService().map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/v3/projects/demo/sync-versions/']);
    expect(statuses().map((s) => s.state)).toEqual(['pending', 'failure']);
  });

  it('an activation the service refuses (403) changed nothing: no deactivation is sent, the status says failure', async () => {
    const slug = queueBranch();
    rtd.fault({
      kind: 'status',
      method: 'PATCH',
      path: new RegExp(`/versions/${slug}/$`),
      times: 1,
      status: 403,
      contentType: 'application/json',
      body: '{"detail": "You do not have permission to perform this action."}',
    });
    const run = await runQueue();

    expect(run.results[0]).toMatchObject({ outcome: 'error', title: 'Permission denied' });
    expect(run.results[0]!.details).not.toHaveProperty('deactivated');
    expect(rtd.count('PATCH', /./)).toBe(1);
    expect(readVersion(slug)).toMatchObject({ active: false });
    expect(stdout.annotations().filter((a) => a.title === 'Queue version left active')).toEqual([]);
    expect(statuses().map((s) => s.state)).toEqual(['pending', 'failure']);
  });

  it('a version a rule activates at the sync is only hidden; the build the rule queued is followed, then deactivated', async () => {
    rtd.addVersionAddedRule('demo', { match: '^gh-readonly-queue/', action: 'activate' });
    rtd.addQueueBranch('demo', BRANCH, GROUP, 0);
    const run = await runQueue();

    expect(run.results[0]).toMatchObject({ outcome: 'success', buildId: 1, commit: GROUP });
    expect(versionWrites()).toEqual([
      { version: SLUG, body: { hidden: true } },
      { version: SLUG, body: { active: false } },
    ]);
    expect(rtd.count('POST', /\/builds\/$/)).toBe(0);
    expect(rtd.builds('demo').length).toBe(1);
  });

  it("the service got there first: a rule activated and built the queue version at the branch's push; that build is taken", async () => {
    rtd.addVersionAddedRule('demo', { match: '^gh-readonly-queue/', action: 'activate' });
    rtd.branchCreated('demo', BRANCH, GROUP);
    expect(readVersion(SLUG)).toMatchObject({ active: true, built: false });
    const run = await runQueue();

    expect(run.results[0]).toMatchObject({ outcome: 'success', buildId: 1, commit: GROUP, state: 'finished' });
    expect(run.results[0]!.details).toMatchObject({ deactivated: true, status: 'success' });
    expect(rtd.count('POST', /\/builds\/$/)).toBe(0);
    expect(rtd.builds('demo')).toMatchObject([{ version: SLUG, source: 'activation', success: true }]);
    expect(versionWrites()).toEqual([
      { version: SLUG, body: { hidden: true } },
      { version: SLUG, body: { active: false } },
    ]);
    expect(readVersion(SLUG)).toMatchObject({ active: false, built: false });
    expect(statuses().map((s) => s.state)).toEqual(['pending', 'success']);
    const log = stdout.text();
    expect(log).toContain(`${SLUG} is there (active)`);
    expect(log).toContain(`${SLUG} is already active: hiding it`);
    expect(log).toContain(
      `${SLUG} was already active (an automation rule at the queue branch's push, or an earlier run): following its build #1 of the group's commit: `,
    );
  });

  it("a re-run after a failed deactivation takes the earlier run's build of the group commit, then deactivates", async () => {
    const slug = queueBranch();
    rtd.fault({ kind: 'status', method: 'PATCH', path: new RegExp(`/versions/${slug}/$`), times: 1, status: 403, after: 1 });
    const first = await runQueue();
    expect(first.results[0]!.details).toMatchObject({ deactivated: false });
    expect(readVersion(slug)).toMatchObject({ active: true });
    const warning = stdout.annotations().find((a) => a.title === 'Queue version left active')!;
    expect(warning.message).toContain(`/dashboard/demo/version/${slug}/edit/`);
    expect(warning.message).toContain('for ever');

    const second = await runQueue();
    expect(second.results[0]).toMatchObject({ outcome: 'success', buildId: 1 });
    expect(second.results[0]!.details).toMatchObject({ deactivated: true });
    expect(rtd.count('POST', /\/builds\/$/)).toBe(0);
    expect(rtd.builds('demo').length).toBe(1);
    expect(readVersion(slug)).toMatchObject({ active: false });
  });

  it('an active queue version with no build since the branch appeared: one build is triggered and followed', async () => {
    rtd.addVersion('demo', { slug: SLUG, verboseName: BRANCH, identifier: GROUP, active: true, hidden: true });
    // A build of an earlier branch of the same name, from before this group.
    rtd.addBuild('demo', SLUG, { durationMs: 1000, outcome: 'skipped-in-post-checkout', commit: GROUP, startedAgoMs: 3_600_000 });
    const run = await runQueue();

    expect(run.results[0]).toMatchObject({ outcome: 'success', buildId: 2, commit: GROUP });
    expect(rtd.count('POST', `/versions/${SLUG}/builds/`)).toBe(1);
    expect(versionWrites()).toEqual([{ version: SLUG, body: { active: false } }]);
    // The version's own builds were looked through, not the project's.
    expect(
      rtd.requests.some((r) => r.method === 'GET' && r.path === `/api/v3/projects/demo/versions/${SLUG}/builds/` && r.query.limit === '10'),
    ).toBe(true);
    expect(stdout.text()).toContain(`${SLUG} is there (active, hidden)`);
    expect(stdout.text()).toContain(
      `${SLUG} is already active and has no build of the group's commit since the queue branch appeared: triggering one`,
    );
  });

  it('several projects: one status per project on the group commit, each version deactivated', async () => {
    rtd.addProject({ slug: 'demo-fr', name: 'Demo FR' });
    queueBranch();
    const slug = queueBranch('demo-fr');
    rtd.onTrigger('demo-fr', slug, { durationMs: 5000, outcome: 'failure' });
    const run = await runQueue({ project: 'demo, demo-fr' });

    expect(run.results.map((r) => r.outcome)).toEqual(['success', 'failed']);
    const latest = new Map(gh.statuses(GROUP).map((s) => [s.context, s.state]));
    expect(latest).toEqual(
      new Map([
        ['docs/readthedocs.org:demo', 'success'],
        ['docs/readthedocs.org:demo-fr', 'failure'],
      ]),
    );
    expect(versionWrites().filter((w) => w.body.active === false).length).toBe(2);
    expect(run.code).toBe(1);
  });

  it('status-context names the status; a status GitHub refuses is a warning naming the permission, the outcome stands', async () => {
    queueBranch();
    gh.refuse('POST', /\/statuses\//);
    const run = await runQueue({ 'status-context': 'docs/{project}-queue' });

    expect(run.results[0]).toMatchObject({ outcome: 'success' });
    expect(run.results[0]!.details).toMatchObject({ statusContext: 'docs/demo-queue' });
    expect(run.results[0]!.details).not.toHaveProperty('status');
    const warnings = stdout.annotations().filter((a) => a.title === 'Commit status not set');
    expect(warnings.length).toBe(1);
    expect(warnings[0]!.message).toContain('statuses: write');
  });

  it('outside a merge_group event it refuses to run unless the commit and the queue branch are given', async () => {
    queueBranch();
    await expect(runQueue({}, { event: false })).rejects.toThrow(InputError);
    expect(rtd.requests.length).toBe(0);

    const run = await runQueue({ commit: GROUP, version: BRANCH }, { event: false });
    expect(run.results[0]).toMatchObject({ outcome: 'success', version: SLUG });
    expect(statuses().map((s) => s.state)).toEqual(['pending', 'success']);
  });
});

describe('merge-queue, queue-check: mirror', () => {
  it("carries PR 42's successful head build to the group commit, writing nothing on the service", async () => {
    rtd.addBuild('demo', String(PR), {
      durationMs: 30_000,
      outcome: 'success',
      commit: PR_HEAD,
      startedAgoMs: 600_000,
      commitFromStart: true,
    });
    const run = await runQueue({ 'queue-check': 'mirror' });

    expect(run.code).toBe(0);
    expect(run.results[0]).toMatchObject({ outcome: 'success', commit: PR_HEAD, buildId: 1 });
    expect(run.results[0]!.details).toMatchObject({ queueCheck: 'mirror', pullRequestHead: PR_HEAD, status: 'success' });
    expect(writesToService()).toEqual([]);
    expect(rtd.requests.some((r) => r.query.commit === PR_HEAD)).toBe(true);
    // A final build is taken as it is: not watched.
    expect(rtd.count('GET', /\/builds\/\d+\/$/)).toBe(0);
    expect(stdout.text()).toContain(`Pull request #42's build of ${PR_HEAD}: #1 (finished)`);
    expect(statuses()).toEqual([
      { context: 'docs/readthedocs.org:demo', state: 'pending' },
      { context: 'docs/readthedocs.org:demo', state: 'success' },
    ]);
    expect(run.summary).toContain('`queue-check: mirror`');
  });

  it("PR 42's head build failed: status failure and a red step", async () => {
    rtd.addBuild('demo', String(PR), {
      durationMs: 30_000,
      outcome: 'failure',
      commit: PR_HEAD,
      startedAgoMs: 600_000,
      commitFromStart: true,
    });
    const run = await runQueue({ 'queue-check': 'mirror' });

    expect(run.code).toBe(1);
    expect(run.results[0]).toMatchObject({ outcome: 'failed', title: 'Build failed' });
    expect(statuses().map((s) => s.state)).toEqual(['pending', 'failure']);
    expect(writesToService()).toEqual([]);
  });

  it('a head build skipped by exit code 183 passes, as the service reports it to GitHub; a build of another version of the commit is not taken', async () => {
    rtd.addBuild('demo', String(PR), {
      durationMs: 30_000,
      outcome: 'skipped',
      commit: PR_HEAD,
      startedAgoMs: 600_000,
      commitFromStart: true,
    });
    // Newer, of the same commit, but another version's: not the pull request's result.
    rtd.addBuild('demo', 'latest', { durationMs: 30_000, outcome: 'failure', commit: PR_HEAD, startedAgoMs: 500_000 });
    gh.addServiceStatus(PR_HEAD, 'demo', 'skipped');
    const run = await runQueue({ 'queue-check': 'mirror' });

    expect(run.code).toBe(0);
    expect(run.results[0]).toMatchObject({ outcome: 'skipped', title: 'Build skipped', buildId: 1 });
    expect(gh.statuses(GROUP).at(-1)).toMatchObject({
      state: 'success',
      description: "Pull request #42's docs build skipped itself (build #1)",
    });
    expect(writesToService()).toEqual([]);
  });

  it('no build of the head commit: a failure that says so; a head build still running is waited for', async () => {
    const none = await runQueue({ 'queue-check': 'mirror' });
    expect(none.results[0]).toMatchObject({ outcome: 'failed', title: 'No build of the pull request', version: '42', commit: PR_HEAD });
    expect(none.results[0]!.reason).toContain(`demo: no build of pull request #42's head commit ${PR_HEAD} was found`);
    expect(none.results[0]!.reason).toContain('Turn on pull-request builds for the project');
    expect(stdout.text()).toContain('Turn on pull-request builds for the project');
    expect(statuses().at(-1)!.state).toBe('failure');

    rtd.addBuild('demo', String(PR), {
      durationMs: 60_000,
      outcome: 'success',
      commit: PR_HEAD,
      startedAgoMs: 5000,
      commitFromStart: true,
    });
    const running = await runQueue({ 'queue-check': 'mirror' });
    expect(running.results[0]).toMatchObject({ outcome: 'success', state: 'finished' });
    expect(writesToService()).toEqual([]);
  });

  it('the pull request cannot be read: an error naming the permission, status failure', async () => {
    gh.refuse('GET', /\/pulls\/42$/);
    const run = await runQueue({ 'queue-check': 'mirror' });

    expect(run.results[0]).toMatchObject({ outcome: 'error', title: 'Pull request unknown' });
    expect(run.results[0]!.reason).toContain('pull-requests: read');
    expect(statuses().map((s) => s.state)).toEqual(['pending', 'failure']);
    expect(rtd.requests.length).toBe(0);
  });
});

describe('the merge group', () => {
  it('reads the queue branch: base (with slashes), pull request number; anything else is refused', () => {
    expect(parseQueueBranch(BRANCH)).toEqual({ base: 'main', pullRequest: PR });
    expect(parseQueueBranch(`gh-readonly-queue/release/2.x/pr-7-${BASE_SHA}`)).toEqual({ base: 'release/2.x', pullRequest: 7 });
    expect(parseQueueBranch(`gh-readonly-queue/main/pr-0-${BASE_SHA}`)).toBeUndefined();
    expect(parseQueueBranch(`feature/pr-7-${BASE_SHA}`)).toBeUndefined();
    expect(parseQueueBranch(`gh-readonly-queue/main/pr-7-${BASE_SHA.slice(1)}`)).toBeUndefined();
    expect(parseQueueBranch(`gh-readonly-queue/${'a/'.repeat(200)}pr-7-${BASE_SHA}`)).toBeUndefined();
    expect(parseQueueBranch(`gh-readonly-queue/ma\u001b[31min/pr-7-${BASE_SHA}`)).toBeUndefined();
    expect(parseQueueBranch(`gh-readonly-queue/ma in/pr-7-${BASE_SHA}`)).toBeUndefined();
  });

  it('from the merge_group event: the commit, the branch, its version slug as the service makes it', () => {
    const run = runOfEventFor({
      merge_group: { head_sha: GROUP.toUpperCase(), head_ref: `refs/heads/${BRANCH}`, base_ref: 'refs/heads/main' },
    });
    expect(groupOfRun(run, { commit: undefined, version: undefined, versionGiven: undefined })).toEqual({
      commit: GROUP,
      branch: BRANCH,
      versionSlug: SLUG,
      base: 'main',
      pullRequest: PR,
    });
    const bad = runOfEventFor({ merge_group: { head_sha: GROUP, head_ref: 'refs/heads/main\n::error::x' } });
    expect(() => groupOfRun(bad, { commit: undefined, version: undefined, versionGiven: undefined })).toThrow(/merge queue branch/);
    expect(() => groupOfRun(runOfEventFor({}), { commit: undefined, version: undefined, versionGiven: undefined })).toThrow(/payload/);
  });

  it('a PR version slug is the number or the number with a clash suffix', () => {
    expect(isVersionOfPullRequest('42', 42)).toBe(true);
    expect(isVersionOfPullRequest('42_a', 42)).toBe(true);
    expect(isVersionOfPullRequest('420', 42)).toBe(false);
    expect(isVersionOfPullRequest(null, 42)).toBe(false);
  });
});

describe('the decisions of checks.ts', () => {
  const build = (id: number, fields: Partial<Build> = {}): Build => ({
    id,
    project: 'demo',
    version: SLUG,
    state: { code: 'finished' },
    success: true,
    commit: GROUP,
    created: new Date(T0).toISOString(),
    duration: 10,
    urls: { build: `https://app.readthedocs.org/projects/demo/builds/${id}/` },
    ...fields,
  });
  const at = (ms: number) => new Date(ms).toISOString();

  it("buildOfGroup: the newest of the group's commit or not cloned, made since the branch appeared (a minute's skew allowed)", () => {
    const group = { commit: GROUP, appearedAt: T0 };
    expect(buildOfGroup([build(1), build(3), build(2)], SLUG, group)?.id).toBe(3);
    expect(buildOfGroup([build(1), build(2, { commit: 'f'.repeat(40) })], SLUG, group)?.id).toBe(1);
    expect(buildOfGroup([build(1, { commit: null, state: { code: 'triggered' } })], SLUG, group)?.id).toBe(1);
    expect(buildOfGroup([build(1, { version: 'latest' })], SLUG, group)).toBeUndefined();
    expect(buildOfGroup([build(1, { version: null })], SLUG, group)).toBeUndefined();
    expect(buildOfGroup([build(1, { created: at(T0 - 60_000) })], SLUG, group)?.id).toBe(1);
    expect(buildOfGroup([build(1, { created: at(T0 - 60_001) })], SLUG, group)).toBeUndefined();
    expect(buildOfGroup([build(1, { created: null })], SLUG, group)).toBeUndefined();
    expect(buildOfGroup([], SLUG, group)).toBeUndefined();
  });

  it("buildOfGroup without the branch's time: the group's commit at any time, a build not cloned only while it runs", () => {
    const group = { commit: GROUP };
    expect(buildOfGroup([build(1, { created: at(0) })], SLUG, group)?.id).toBe(1);
    expect(buildOfGroup([build(1, { commit: null, state: { code: 'cloning' } })], SLUG, group)?.id).toBe(1);
    expect(buildOfGroup([build(1, { commit: null, state: { code: 'cancelled' } })], SLUG, group)).toBeUndefined();
    expect(buildOfGroup([build(1, { commit: null, state: { code: 'finished' } })], SLUG, group)).toBeUndefined();
    expect(buildOfGroup([build(1, { commit: 'f'.repeat(40) })], SLUG, group)).toBeUndefined();
  });

  it('mayHaveTaken: only a 4xx refusal surely changed nothing', () => {
    const refusal = (status: number | undefined) =>
      new ReadTheDocsError('no', 'Refused', 'PATCH projects/{project}/versions/{version}/', status);
    expect(mayHaveTaken(refusal(400))).toBe(false);
    expect(mayHaveTaken(refusal(403))).toBe(false);
    expect(mayHaveTaken(refusal(499))).toBe(false);
    expect(mayHaveTaken(refusal(399))).toBe(true);
    expect(mayHaveTaken(refusal(500))).toBe(true);
    expect(mayHaveTaken(refusal(undefined))).toBe(true);
    expect(mayHaveTaken(new UncertainWriteError('lost', 'Answer lost', 'PATCH projects/{project}/versions/{version}/'))).toBe(true);
    expect(mayHaveTaken(new Error('socket hang up'))).toBe(true);
    // Only the service's own refusal: a 4xx from elsewhere says nothing about the version.
    expect(mayHaveTaken(new GitHubError('Forbidden', 403, 'GET pulls/{n}'))).toBe(true);
  });

  it('settle: a superseded build fails the queue with the reason said; a skip and every other outcome stand', () => {
    expect(settle({ outcome: 'superseded', title: 'Superseded', reason: 'demo: superseded by #9' })).toEqual({
      outcome: 'failed',
      title: 'Superseded',
      reason: "demo: superseded by #9\nThe merge queue needs the build of the group's commit itself: it stays red",
    });
    expect(settle<{ outcome: 'superseded'; reason?: string }>({ outcome: 'superseded' }).reason).toBe(
      "The merge queue needs the build of the group's commit itself: it stays red",
    );
    const skipped = { outcome: 'skipped' as const, title: 'Build skipped', reason: 'exit code 183' };
    expect(settle(skipped)).toBe(skipped);
    for (const outcome of ['success', 'failed', 'cancelled', 'timed-out', 'aborted', 'error'] as const) {
      const checked = { outcome, reason: 'r' };
      expect(settle(checked)).toBe(checked);
    }
  });

  it('finalStatus: success for a success or a skip in each mode, failure with the title otherwise, the build named', () => {
    expect(finalStatus({ outcome: 'success', buildId: 7 }, 'build', PR)).toEqual({
      state: 'success',
      description: "The group's docs build succeeded (build #7)",
    });
    expect(finalStatus({ outcome: 'skipped', buildId: 7 }, 'build', PR)).toEqual({
      state: 'success',
      description: "The group's docs build skipped itself (build #7)",
    });
    expect(finalStatus({ outcome: 'success', buildId: 7 }, 'mirror', PR)).toEqual({
      state: 'success',
      description: "Pull request #42's docs build succeeded (build #7)",
    });
    expect(finalStatus({ outcome: 'skipped' }, 'mirror', PR)).toEqual({
      state: 'success',
      description: "Pull request #42's docs build skipped itself",
    });
    expect(finalStatus({ outcome: 'failed', title: 'Build failed', buildId: 3 }, 'build', PR)).toEqual({
      state: 'failure',
      description: 'Build failed (build #3)',
    });
    expect(finalStatus({ outcome: 'cancelled' }, 'mirror', PR)).toEqual({ state: 'failure', description: 'Failed' });
    expect(finalStatus({ outcome: 'superseded', title: 'Superseded' }, 'build', PR).state).toBe('failure');
  });

  it('pendingStatus: what each mode does while it runs', () => {
    expect(pendingStatus('build', PR)).toBe("Building the merge group's docs on Read the Docs");
    expect(pendingStatus('mirror', PR)).toBe("Checking pull request #42's docs build");
  });

  it('a PR version slug: the number, or the number and a suffix of one to three letters', () => {
    expect(isVersionOfPullRequest('42_abc', 42)).toBe(true);
    expect(isVersionOfPullRequest('42_abcd', 42)).toBe(false);
    expect(isVersionOfPullRequest('42_', 42)).toBe(false);
    expect(isVersionOfPullRequest('142_a', 42)).toBe(false);
    expect(isVersionOfPullRequest('42_a1', 42)).toBe(false);
    expect(isVersionOfPullRequest('4', 42)).toBe(false);
  });
});

function runOfEventFor(payload: unknown) {
  return runOfEvent(gh, { name: 'merge_group', payload });
}
