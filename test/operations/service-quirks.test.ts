// Whole steps in-process, on a fake clock, against a stand-in that behaves as the service's source
// says (issue 11): builds whose version was deleted, variables with `public: null`, a build skipped
// with exit code 183, a push build failing before checkout (no commit for good), a PR version slug
// made unique (`7_a`), and the anonymous limit of 5 requests a minute.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGitHubStandin, type GitHubStandin } from '../../harness/github-standin.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { FakeClock } from '../support/operation-context.ts';
import { captureStdout, runStep } from './context.ts';
import { pullRequestRun } from './preview-context.ts';

const TOKEN = 'rtd_secret_token_abcdef123456';
const GITHUB_TOKEN = 'ghs_quirks_in_process_token_0123456789';
const SHA = 'b'.repeat(40);
const OTHER = 'c'.repeat(40);
const PR = 7;
const HEAD = '3f2a9c1d5e7b4a6c8d0e2f4a6b8c0d2e4f6a8b0c';

const stdout = captureStdout();
let clock: FakeClock;
let rtd: Standin;
let gh: GitHubStandin | undefined;

beforeEach(async () => {
  clock = new FakeClock();
  rtd = await startStandin({ now: clock.now, tokens: [TOKEN], indexDelayMs: 100 });
  rtd.addProject({ slug: 'demo', name: 'Demo Docs' });
});
afterEach(async () => {
  await Promise.all([rtd.close(), gh?.close()]);
  gh = undefined;
});

const step = (inputs: Record<string, string>, run = {}) =>
  runStep(rtd, { 'poll-interval': '200ms', project: 'demo', ...inputs }, { clock, token: TOKEN, run });
const errors = () => stdout.annotations().filter((a) => a.level === 'error');

/** Two builds of a PR version that was then deleted: the project's build list shows them with `version: null`. */
function seedOrphans(): void {
  rtd.addVersion('demo', { slug: '3', type: 'external' });
  rtd.addBuild('demo', '3', { durationMs: 500, outcome: 'success', commit: OTHER, commitFromStart: true, startedAgoMs: 60_000 });
  rtd.addBuild('demo', '3', { durationMs: 500, outcome: 'success', commit: SHA, commitFromStart: true, startedAgoMs: 30_000 });
  rtd.deleteVersion('demo', '3');
}

describe('builds whose version was deleted, variables with public: null', () => {
  it('wait finds the build of the commit among orphaned builds', async () => {
    seedOrphans();
    const listed = (await (
      await fetch(`${rtd.url}/api/v3/projects/demo/builds/`, { headers: { authorization: `Token ${TOKEN}` } })
    ).json()) as { results: { version: string | null }[] };
    expect(listed.results.some((build) => build.version === null)).toBe(true); // the stand-in shows them as the service does
    rtd.addBuild('demo', 'latest', { durationMs: 800, outcome: 'success', commit: SHA, commitFromStart: true });
    const run = await step({ operation: 'wait', commit: SHA });
    expect(run.code, stdout.text()).toBe(0);
    expect(run.outputs.version).toBe('latest');
    expect(errors()).toEqual([]);
  });

  it('build succeeds on a project whose build list holds orphaned builds', async () => {
    seedOrphans();
    rtd.onTrigger('demo', 'latest', { durationMs: 800, outcome: 'success', commit: SHA });
    const run = await step({ operation: 'build', 'poll-interval': 'auto' });
    expect(run.code, stdout.text()).toBe(0);
    expect(run.outputs.success).toBe('true');
  });

  it('env reads a variable with public: null as private and succeeds', async () => {
    rtd.addEnvVar('demo', { name: 'LEGACY', value: 'x', public: null });
    const run = await step({ operation: 'env', variables: 'LEGACY=x\nNEW=y' });
    expect(run.code, stdout.text()).toBe(0);
    expect(
      rtd
        .envVars('demo')
        .map((v) => v.name)
        .sort(),
    ).toEqual(['LEGACY', 'NEW']);
  });
});

describe('API v2 ignores the token', () => {
  it('a failed build of a private project says once why its output is unavailable, and the token never goes to v2', async () => {
    rtd.addProject({ slug: 'secret', privacy: 'private' });
    rtd.onTrigger('secret', 'latest', { durationMs: 400, outcome: 'failure' });
    const run = await step({ operation: 'build', project: 'secret' });
    expect(run.code).toBe(1);
    const [error] = errors();
    expect(error!.message).toContain('ignores tokens');
    expect(error!.message.match(/ignores tokens/g)).toHaveLength(1);
    const v2 = rtd.requests.filter((r) => r.path.startsWith('/api/v2/'));
    expect(v2.length).toBeGreaterThan(0);
    expect(v2.every((r) => r.headers.authorization === undefined)).toBe(true);
  });
});

describe('a push build failing before checkout', () => {
  it('ends wait red with the service reason when the build does, not at the timeout', async () => {
    rtd.addBuild('demo', 'latest', { durationMs: 300, outcome: 'failure-before-checkout', commit: SHA });
    const run = await step({ operation: 'wait', commit: SHA, timeout: '60s' });
    expect(run.code).toBe(1);
    expect(errors()).toHaveLength(1);
    expect(errors()[0]!.title).toBe('Build failed before checkout: demo latest');
    expect(errors()[0]!.message).toContain('Invalid configuration file');
    expect(errors()[0]!.message).toContain('config:base:invalid-syntax');
    // Ended when the 300-ms build did, not at the 60-s timeout: a few 200-ms looks at the builds, not 300.
    expect(rtd.count('GET', /\/builds\/$/) + rtd.count('GET', /\/builds\/\d+\/$/)).toBeLessThanOrEqual(10);
    expect(run.clock.elapsed()).toBeLessThan(5000);
  });

  it('does not take an old commit-less failure from before the push', async () => {
    rtd.addBuild('demo', 'latest', { durationMs: 300, outcome: 'failure-before-checkout', commit: SHA, startedAgoMs: 600_000 });
    const run = await step({ operation: 'wait', commit: SHA, timeout: '3s' });
    expect(run.code).toBe(1);
    expect(errors()[0]?.title).not.toMatch(/before checkout/);
  });
});

describe('preview against a PR version made unique, and a skipped build', () => {
  async function startGitHub(): Promise<GitHubStandin> {
    gh = await startGitHubStandin({ token: GITHUB_TOKEN });
    gh.addPullRequest({ number: PR, headSha: HEAD, body: '', files: [{ filename: 'docs/index.rst' }] });
    return gh;
  }
  const preview = (github: GitHubStandin, extra: Record<string, string> = {}) =>
    step({ operation: 'preview', timeout: '20s', 'github-token': GITHUB_TOKEN, ...extra }, pullRequestRun(github));

  it('links the 7_a preview from the service and never triggers branch 7', async () => {
    const github = await startGitHub();
    rtd.addVersion('demo', { slug: '7', type: 'branch' });
    rtd.addVersion('demo', { slug: '7_a', type: 'external' });
    rtd.addBuild('demo', '7_a', { durationMs: 600, outcome: 'success', commit: HEAD, commitFromStart: true });
    const run = await preview(github, { trigger: 'true' });
    expect(run.code, stdout.text()).toBe(0);
    expect(run.outputs['preview-url']).toBe(`${rtd.url}/docs/demo--7_a/en/7_a/`);
    expect(run.outputs.version).toBe('7_a');
    expect(rtd.count('POST', /\/versions\/7\/builds\/$/)).toBe(0);
    expect(github.comments(PR)[0]!.body).toContain('demo--7_a');
  });

  it('with trigger: true and only a branch 7 and PR version 7_a, triggers 7_a', async () => {
    const github = await startGitHub();
    rtd.addVersion('demo', { slug: '7', type: 'branch' });
    rtd.addVersion('demo', { slug: '7_a', type: 'external' });
    rtd.onTrigger('demo', '7_a', { durationMs: 600, outcome: 'success', commit: HEAD });
    const run = await preview(github, { trigger: 'true', 'poll-interval': '100ms' });
    expect(run.code, stdout.text()).toBe(0);
    expect(rtd.count('POST', /\/versions\/7\/builds\/$/)).toBe(0);
    expect(rtd.count('POST', /\/versions\/7_a\/builds\/$/)).toBe(1);
  });

  it('with trigger: true, a triggered build of another commit fails at once: the service did not build the head', async () => {
    const github = await startGitHub();
    rtd.addVersion('demo', { slug: String(PR), type: 'external' });
    // The last built commit of the PR; the head's push was skipped by an automation rule, so no build.
    rtd.addBuild('demo', String(PR), { durationMs: 300, outcome: 'success', commit: OTHER, commitFromStart: true, startedAgoMs: 600_000 });
    const run = await preview(github, { trigger: 'true', 'poll-interval': '100ms' });
    expect(run.code).toBe(1);
    expect(rtd.count('POST', /\/versions\/7\/builds\/$/)).toBe(1);
    const [error] = errors();
    expect(error!.title).toMatch(/^Commit not built/);
    expect(error!.message).toContain(`did not build ${HEAD}`);
    expect(error!.message).toContain(OTHER);
    // It stopped once the build showed its commit (after cloning), not at the build's end: polled
    // every 100 ms, the 3-s build would take 30 polls.
    expect(rtd.count('GET', /\/builds\/\d+\/$/)).toBeLessThanOrEqual(15);
  });

  it.each([
    ['readthedocs.yml without the dot', undefined, 'readthedocs.yml'],
    ["the project's readthedocs_yaml_path", 'config/rtd.yaml', 'config/rtd.yaml'],
  ])('links changed pages from %s, as page/ for the dirhtml builder', async (_name, yamlPath, file) => {
    await rtd.close();
    rtd = await startStandin({ now: clock.now, tokens: [TOKEN], indexDelayMs: 100 });
    rtd.addProject({ slug: 'demo', name: 'Demo Docs', readthedocsYamlPath: yamlPath ?? null });
    const github = await startGitHub();
    github.setFile(HEAD, file, 'version: 2\nsphinx:\n  configuration: docs/conf.py\n  builder: dirhtml\n');
    if (yamlPath) github.setFile(HEAD, '.readthedocs.yaml', 'version: 2\nsphinx:\n  configuration: wrong/conf.py\n');
    rtd.addVersion('demo', { slug: String(PR), type: 'external' });
    rtd.addBuild('demo', String(PR), { durationMs: 300, outcome: 'success', commit: HEAD, commitFromStart: true });
    const run = await preview(github);
    expect(run.code, stdout.text()).toBe(0);
    const [result] = JSON.parse(run.outputs.results!) as { pages: { file: string; url: string }[] }[];
    expect(result!.pages).toEqual([{ file: 'docs/index.rst', url: run.outputs['preview-url'] }]);
  });

  it('a build skipped with exit code 183 leaves the step green, a success status and a comment saying skipped', async () => {
    const github = await startGitHub();
    rtd.addVersion('demo', { slug: String(PR), type: 'external' });
    const id = rtd.addBuild('demo', String(PR), { durationMs: 600, outcome: 'skipped', commit: HEAD, commitFromStart: true });
    const run = await preview(github);
    expect(run.code, stdout.text()).toBe(0);
    expect(errors()).toEqual([]);
    expect(run.outputs['preview-url']).toBe('');
    expect((JSON.parse(run.outputs.results!) as { outcome: string }[])[0]!.outcome).toBe('skipped');
    const last = github.statuses(HEAD).at(-1)!;
    expect(last.state).toBe('success');
    expect(last.description).toMatch(/skipped/);
    const body = github.comments(PR)[0]!.body;
    expect(body).toContain('Skipped');
    expect(body).toContain(`#${id}`);
    expect(run.summary).toMatch(/skipped/);
  });
});

describe('the anonymous limit', () => {
  // The service allows 5 anonymous requests a minute, the action's default `rate-limit` without a
  // token (test/inputs.test.ts): a wait on a 20-s build, a third of the window, on the fake clock.
  it('an anonymous wait on a build a third of the window long sees no 429', async () => {
    await rtd.close();
    rtd = await startStandin({ now: clock.now, tokens: [TOKEN], indexDelayMs: 100, anonymousRateLimit: { limit: 5, windowMs: 60_000 } });
    rtd.addProject({ slug: 'demo', name: 'Demo Docs' });
    rtd.addBuild('demo', 'latest', { durationMs: 20_000, outcome: 'success', commit: SHA, commitFromStart: true });
    const run = await runStep(
      rtd,
      { operation: 'wait', project: 'demo', commit: SHA, timeout: '5m' },
      { clock, token: '', budgetFromInputs: true },
    );
    expect(run.code, stdout.text()).toBe(0);
    expect(rtd.requests.every((r) => r.headers.authorization === undefined)).toBe(true);
    expect(rtd.requests.filter((r) => r.status === 429)).toEqual([]);
    expect(rtd.requests.length).toBeGreaterThan(1);
  });
});
