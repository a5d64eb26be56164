// `merge-queue` as docs/merge-queue.md sets it up (issue 42): the error a `pull_request` run of the
// same workflow gets (it names the step's `if:`), a terminal run that names only what it misses,
// and `status-context`'s default following `base-url` to Business. In-process, both stand-ins.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseInputs } from '../../src/inputs/inputs.js';
import { startGitHubStandin, type GitHubStandin } from '../../harness/github-standin.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { FakeClock } from '../support/operation-context.ts';
import { captureStdout, runStep } from './context.ts';
import { runOfEvent } from './preview-context.ts';

const GITHUB_TOKEN = 'ghs_merge_queue_setup_token_0123456789';
const PR = 42;
const GROUP = '1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b';
const BRANCH = `gh-readonly-queue/main/pr-${PR}-${'b'.repeat(40)}`;

let rtd: Standin;
let gh: GitHubStandin;
let clock: FakeClock;
captureStdout();

beforeEach(async () => {
  clock = new FakeClock();
  rtd = await startStandin({ now: clock.now, rateLimit: null });
  rtd.addProject({ slug: 'demo', name: 'Demo Docs', versions: [{ slug: String(PR), type: 'external' }] });
  gh = await startGitHubStandin({ token: GITHUB_TOKEN });
  gh.addPullRequest({ number: PR, headSha: 'd'.repeat(40) });
});
afterEach(async () => {
  await Promise.all([rtd.close(), gh.close()]);
});

function runQueue(inputs: Record<string, string>, event: string, run: Record<string, unknown> = {}) {
  return runStep(
    rtd,
    { operation: 'merge-queue', project: 'demo', 'github-token': GITHUB_TOKEN, 'poll-interval': '2s', timeout: '10m', ...inputs },
    { clock, run: { ...runOfEvent(gh, { name: event, payload: {} }), ...run } },
  );
}

describe('merge-queue outside a merge_group event (issue 42)', () => {
  it('on pull_request: refused before any request, naming the step’s `if:`', async () => {
    const refused = runQueue({}, 'pull_request');
    await expect(refused).rejects.toThrow("this run's event is `pull_request`");
    await expect(runQueue({}, 'pull_request')).rejects.toThrow("Give the step `if: github.event_name == 'merge_group'`");
    expect(rtd.requests).toEqual([]);
    expect(gh.requests).toEqual([]);
  });

  it('on workflow_dispatch (the group given by hand is legitimate there): both remedies, and what is missing', async () => {
    const refused = runQueue({ version: BRANCH }, 'workflow_dispatch');
    await expect(refused).rejects.toThrow("this run's event is `workflow_dispatch`");
    const message = await runQueue({ version: BRANCH }, 'workflow_dispatch').catch((error: Error) => error.message);
    expect(message).toContain("`if: github.event_name == 'merge_group'`");
    expect(message).toMatch(/give `commit` \(the group's full commit SHA\)/);
    expect(message).not.toContain('`version` (');
    // Given by hand, it runs.
    const run = await runQueue({ commit: GROUP, version: BRANCH, 'queue-check': 'mirror' }, 'workflow_dispatch');
    expect(run.results[0]!.details).toMatchObject({ groupCommit: GROUP, queueBranch: BRANCH });
    expect(rtd.requests.length).toBeGreaterThan(0);
  });

  it('from a terminal (no event): names only what is missing of `commit` and `version`', async () => {
    const noVersion = runQueue({ commit: GROUP }, '');
    await expect(noVersion).rejects.toThrow(/needs the group by hand: give `version` \(the queue branch/);
    await expect(runQueue({ commit: GROUP }, '')).rejects.not.toThrow(/`commit`/);
    await expect(runQueue({ version: BRANCH }, '')).rejects.toThrow(/give `commit` \(the group's full commit SHA\)$/);
    expect(rtd.requests).toEqual([]);
  });

  it('mirror with a token but no GITHUB_REPOSITORY: the reason names the repository, not the token', async () => {
    const run = await runQueue({ 'queue-check': 'mirror', commit: GROUP, version: BRANCH }, '', { repository: undefined });
    expect(run.results[0]!.reason).toContain('pull request #42 cannot be read: the repository is unknown (no GITHUB_REPOSITORY)');
    expect(run.results[0]!.reason).not.toContain('github-token');
  });
});

describe('status-context follows base-url (issue 42)', () => {
  const parse = (raw: Record<string, string>) =>
    parseInputs({ token: 't', operation: 'merge-queue', project: 'demo', ...raw }).statusContext;
  it('defaults to the service’s own name: .org, or .com for Business; a given context is kept', () => {
    expect(parse({})).toBe('docs/readthedocs.org:{project}');
    expect(parse({ 'base-url': 'https://app.readthedocs.com' })).toBe('docs/readthedocs.com:{project}');
    expect(parse({ 'base-url': 'https://app.readthedocs.com', 'status-context': 'docs/readthedocs:{project}' })).toBe(
      'docs/readthedocs:{project}',
    );
    expect(parse({ 'base-url': 'http://127.0.0.1:8000' })).toBe('docs/readthedocs.org:{project}');
  });
});
