// `health` in-process: both stand-ins (Read the Docs on the fake clock, GitHub's REST API), the
// whole step run as step.ts runs it (`runStep`). What it decides is asserted here: the problems
// found, the one issue (opened, kept, closed; a copy of the marker by someone else never adopted),
// `on-problem: warn`, disabled builds, no GitHub token, no write to Read the Docs, bounded reads.
import { afterEach, describe, expect, it } from 'vitest';
import { startGitHubStandin, type GitHubStandin } from '../../harness/github-standin.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { issueMarker } from '../../src/operations/health/health.js';
import { FakeClock, T0 } from '../support/operation-context.ts';
import { captureStdout, runStep } from './context.ts';

const GITHUB_TOKEN = 'ghs_health_in_process_token_0123456789';
const OLD = 'a'.repeat(40);
const HEAD = 'b'.repeat(40);
const C10 = '1'.repeat(40);
const C11 = '2'.repeat(40);
const C12 = '3'.repeat(40);
const HOUR = 3_600_000;
const MARKER = issueMarker('');

const stdout = captureStdout();

interface Stage {
  rtd: Standin;
  gh: GitHubStandin;
  clock: FakeClock;
}

let stages: Stage[] = [];
afterEach(async () => {
  await Promise.all(stages.flatMap((stage) => [stage.rtd.close(), stage.gh.close()]));
  stages = [];
});

/**
 * Project `acme`: `latest` last built an old commit while `main` moved on 3 hours ago, the newest
 * release `v1.2` has no version, the active `v1.0` last failed; `stable` serves `v1.1`.
 */
async function unhealthyStage(options: { nonAdminTokens?: string[] } = {}): Promise<Stage> {
  const clock = new FakeClock();
  const rtd = await startStandin({ now: clock.now, rateLimit: null, ...options });
  rtd.addProject({
    slug: 'acme',
    versions: [
      // The service's own `stable`: it serves the highest release there is a version of.
      { slug: 'stable', type: 'tag', built: true, machine: true },
      { slug: 'v1.0', type: 'tag', identifier: C10, built: true },
      { slug: 'v1.1', type: 'tag', identifier: C11, built: true },
    ],
  });
  rtd.addBuild('acme', 'latest', { durationMs: 60_000, outcome: 'success', commit: OLD, startedAgoMs: 26 * HOUR });
  rtd.addBuild('acme', 'v1.1', { durationMs: 60_000, outcome: 'success', commit: C11, startedAgoMs: 30 * HOUR });
  rtd.addBuild('acme', 'v1.0', {
    durationMs: 60_000,
    outcome: 'failure',
    commit: C10,
    startedAgoMs: 20 * HOUR,
    failingCommand: {
      command: 'python -m sphinx -W docs out',
      output: 'Warning, treated as error:\ndocs/index.rst:4:undefined label: intro',
      exit_code: 2,
    },
  });
  const gh = await startGitHubStandin({ token: GITHUB_TOKEN });
  gh.setBranch('main', HEAD, T0 - 3 * HOUR);
  for (const tag of ['v1.0', 'v1.1', 'v1.2']) gh.addRelease({ tag });
  const stage = { rtd, gh, clock };
  stages.push(stage);
  return stage;
}

/** The three problems fixed: `latest` built at the head, `v1.2` active and built (and `stable` on it), `v1.0` built again. */
function fix({ rtd, clock }: Stage): void {
  clock.at(clock.now() + 1, () => undefined);
  rtd.addBuild('acme', 'latest', { durationMs: 60_000, outcome: 'success', commit: HEAD, startedAgoMs: 10 * 60_000 });
  rtd.addVersion('acme', { slug: 'v1.2', type: 'tag', identifier: C12 });
  rtd.addBuild('acme', 'v1.2', { durationMs: 60_000, outcome: 'success', commit: C12, startedAgoMs: 10 * 60_000 });
  rtd.addBuild('acme', 'v1.0', { durationMs: 60_000, outcome: 'success', commit: C10, startedAgoMs: 10 * 60_000 });
  // The service's `stable` moves to v1.2 by itself.
}

function health(stage: Stage, inputs: Record<string, string> = {}) {
  return runStep(
    stage.rtd,
    { operation: 'health', project: 'acme', 'github-token': GITHUB_TOKEN, ...inputs },
    { clock: stage.clock, run: { eventName: 'schedule', repository: 'octo/docs-repo', apiUrl: stage.gh.url } },
  );
}

const openIssues = (gh: GitHubStandin) => gh.issues().filter((issue) => issue.state === 'open');
const writesTo = (rtd: Standin) => rtd.requests.filter((r) => r.method !== 'GET' && r.method !== 'HEAD');

describe('health', () => {
  it('names latest, v1.2 and v1.0 in one issue and fails; a second run keeps that one issue; once fixed, green and closed', async () => {
    const stage = await unhealthyStage();
    const { rtd, gh } = stage;

    const first = await health(stage);
    expect(first.code).toBe(1);
    const checks = (first.results[0]!.details as { checks: { check: string; state: string; subject?: string; details: string }[] }).checks;
    const problems = checks.filter((row) => row.state === 'problem');
    expect(problems.map((row) => [row.check, row.subject])).toEqual([
      ['latest is current', 'latest'],
      ['releases have docs', 'v1.2'],
      ['releases have docs', 'stable'],
      ['active versions build', 'v1.0'],
    ]);
    expect(problems[0]!.details).toContain(`the head of main, ${HEAD.slice(0, 7)}, is 3h old and has no build`);
    // What stopped the build (Sphinx's `-W` at its first warning), not the service's generic notification (issue 47).
    expect(problems[3]!.details).toContain('its last build #3 failed: Sphinx stopped on its first warning (`-W`)');
    const [issue] = openIssues(gh);
    expect(openIssues(gh)).toHaveLength(1);
    expect(issue!.body.startsWith(MARKER)).toBe(true);
    for (const name of ['latest', 'v1.2', 'v1.0']) expect(issue!.body).toContain(name);
    // The reason as `wait` gives it: the notification, the failed command and the last lines of its output.
    expect(issue!.body).toContain('Command failed (exit code 2): python -m sphinx -W docs out');
    expect(issue!.body).toContain('undefined label: intro');
    // And what to fix, unfolded: the warning at its line of the commit the build built.
    expect(issue!.body).toContain(
      `  - [\`docs/index.rst:4\`](https://github.com/octo/docs-repo/blob/${C10}/docs/index.rst#L4): error: undefined label\\: intro\n`,
    );
    expect(first.summary).toContain('| latest is current | ❌ problem |');
    expect(stdout.annotations().some((a) => a.level === 'error' && a.title === 'Unhealthy: acme')).toBe(true);

    const second = await health(stage);
    expect(second.code).toBe(1);
    expect(gh.issues()).toHaveLength(1);
    expect(gh.count('POST', /\/issues$/)).toBe(1);

    fix(stage);
    const third = await health(stage);
    expect(third.code).toBe(0);
    expect(third.results[0]!.outcome).toBe('success');
    expect(gh.issues()).toHaveLength(1);
    expect(gh.issues()[0]!.state).toBe('closed');
    expect(gh.comments(issue!.number).map((comment) => comment.body)).toEqual(['Every health check passes again for acme: closing.']);
    expect(writesTo(rtd)).toEqual([]);

    const fourth = await health(stage);
    expect(fourth.code).toBe(0);
    expect(gh.issues()).toHaveLength(1);
    expect(gh.comments(issue!.number)).toHaveLength(1);
  });

  it('reads a handful of lists per project, never one request per version', async () => {
    const stage = await unhealthyStage();
    for (let i = 0; i < 40; i++) stage.rtd.addVersion('acme', { slug: `v0.${i}`, type: 'tag', identifier: C10, built: true });
    await health(stage);
    // project, versions (limit=100), builds, latest's builds, notifications; the failed build's notifications (API v2's commands aside).
    const v3 = stage.rtd.requests.filter((r) => r.path.startsWith('/api/v3/'));
    expect(v3.map((r) => r.path)).toEqual([
      '/api/v3/projects/acme/',
      '/api/v3/projects/acme/versions/',
      '/api/v3/projects/acme/builds/',
      '/api/v3/projects/acme/versions/latest/builds/',
      '/api/v3/projects/acme/notifications/',
      expect.stringMatching(/^\/api\/v3\/projects\/acme\/builds\/\d+\/notifications\/$/),
    ]);
    expect(v3[1]!.query.limit).toBe('100');
    expect(v3[2]!.query.limit).toBe('100');
  });

  it('adopts only its own issue: a copy of the marker by someone else is left alone, and a head within the grace period is no problem', async () => {
    const stage = await unhealthyStage();
    stage.gh.setBranch('main', HEAD, T0 - 10 * 60_000);
    const planted = stage.gh.addIssue({ title: 'Read the Docs health', body: `${MARKER}\nplanted` });
    const run = await health(stage);
    const checks = (run.results[0]!.details as { checks: { check: string; state: string }[] }).checks;
    expect(checks.find((row) => row.check === 'latest is current')!.state).toBe('ok');
    expect(openIssues(stage.gh)).toHaveLength(2);
    expect(stage.gh.issues().find((issue) => issue.number === planted)!.body).toBe(`${MARKER}\nplanted`);
  });

  it('closes a copy another run opened at the same moment as a duplicate, keeping the oldest', async () => {
    const stage = await unhealthyStage();
    const bot = { login: 'github-actions[bot]', type: 'Bot' as const };
    const kept = stage.gh.addIssue({ title: 'old', body: `${MARKER}\nold`, user: bot });
    const copy = stage.gh.addIssue({ title: 'copy', body: `${MARKER}\ncopy`, user: bot });
    await health(stage);
    expect(openIssues(stage.gh).map((issue) => issue.number)).toEqual([kept]);
    expect(openIssues(stage.gh)[0]!.body).toContain('`v1.2`');
    expect(stage.gh.comments(copy).map((comment) => comment.body)).toEqual([`Duplicate of #${kept}.`]);
  });

  it('warns when GitHub refuses the issue, and the checks still decide the step', async () => {
    const stage = await unhealthyStage();
    stage.gh.refuse('POST', /\/issues$/);
    const run = await health(stage);
    expect(run.code).toBe(1);
    expect(
      stdout
        .annotations()
        .filter((a) => a.level === 'warning')
        .map((a) => a.title),
    ).toEqual(['Health issue not kept']);
    expect(stage.gh.issues()).toEqual([]);
  });

  it("a fault of the keeper's own fails the step with an error that says so, and loses nothing: results, summary and outputs are written", async () => {
    const stage = await unhealthyStage();
    stage.gh.refuse('POST', /^\/graphql$/);
    // An answer the keeper cannot read (a search result with no list of items): not a refusal of GitHub's.
    stage.gh.fault({ kind: 'rewrite', method: 'GET', path: '/search/issues', transform: () => '{"total_count":1,"items":null}' });
    const run = await health(stage, { 'on-problem': 'warn' });
    // Red though `on-problem: warn` keeps the checks green: the issue was not kept.
    expect(run.code).toBe(1);
    const errors = stdout.annotations().filter((a) => a.level === 'error');
    expect(errors.map((a) => a.title)).toEqual(['Health issue failed']);
    expect(errors[0]!.message).toMatch(/^The health issue could not be kept: .+/);
    expect(stdout.annotations().filter((a) => a.title === 'Health issue not kept')).toEqual([]);
    // The run's checks are all there: results, the summary's table, every output.
    expect(run.results.map((result) => [result.project, result.outcome])).toEqual([['acme', 'success']]);
    expect(run.summary).toContain('latest is current');
    expect(run.summary).toContain('`v1.2`');
    const results = JSON.parse(run.outputs.results!) as { project: string; checks: { check: string; state: string }[] }[];
    expect(results[0]!.checks.find((row) => row.check === 'releases have docs')!.state).toBe('problem');
    expect(Object.keys(run.outputs)).toContain('success');
    expect(stage.gh.issues()).toEqual([]);
  });

  it("links in the issue and the summary only to the service's pages and GitHub's: a docs page on another host is left out, and said", async () => {
    const stage = await unhealthyStage();
    const own = `${stage.rtd.url}/docs/acme/`;
    stage.rtd.fault({
      kind: 'rewrite',
      path: '/versions/',
      times: 100,
      transform: (body) => body.replaceAll(own, 'https://docs.evil.example/'),
    });
    const run = await health(stage);
    const checks = (run.results[0]!.details as { checks: { check: string; links: { label: string; url: string }[] }[] }).checks;
    const links = checks.flatMap((row) => row.links.map((link) => link.url));
    expect(links).toContain(`https://github.com/octo/docs-repo/commit/${HEAD}`);
    expect(links.some((url) => url.startsWith(`${stage.rtd.url}/projects/acme/builds/`))).toBe(true);
    expect(links.filter((url) => url.includes('evil'))).toEqual([]);
    expect(run.summary).not.toContain('evil');
    expect(openIssues(stage.gh)[0]!.body).not.toContain('evil');
    expect(stdout.text()).toContain('the docs link the service gave is not on its hosts, left out: https://docs.evil.example/');
  });

  it("keeps a docs link on the project's own custom domain (the host the service gives as the project's documentation URL), and no other host", async () => {
    /** A stage whose project the service serves on docs.acme.example, and whose `stable` it links on `stableHost`. */
    const customDomain = async (stableHost: string) => {
      const stage = await unhealthyStage();
      const own = `${stage.rtd.url}/docs/acme/`;
      stage.rtd.fault({
        kind: 'rewrite',
        path: /^\/api\/v3\/projects\/acme\/$/,
        times: 100,
        transform: (body) => body.replaceAll(own, 'https://docs.acme.example/'),
      });
      stage.rtd.fault({
        kind: 'rewrite',
        path: '/versions/',
        times: 100,
        transform: (body) => body.replaceAll(own, `https://${stableHost}/`),
      });
      const run = await health(stage);
      const checks = (run.results[0]!.details as { checks: { subject?: string; links: { label: string; url: string }[] }[] }).checks;
      const stable = checks.filter((row) => row.subject === 'stable').flatMap((row) => row.links.map((link) => link.url));
      return { stable, issue: openIssues(stage.gh)[0]!.body, summary: run.summary };
    };
    const kept = await customDomain('docs.acme.example');
    expect(kept.stable).toEqual(['https://docs.acme.example/en/stable/']);
    expect(kept.issue).toContain('https://docs.acme.example/en/stable/');
    expect(kept.summary).toContain('https://docs.acme.example/en/stable/');
    // Another host, a subdomain of the project's own included, is still left out.
    for (const other of ['docs.other.example', 'evil.docs.acme.example']) {
      const dropped = await customDomain(other);
      expect(dropped.stable).toEqual([]);
      expect(dropped.issue).not.toContain(other);
      expect(dropped.summary).not.toContain(other);
      expect(stdout.text()).toContain(`not on its hosts, left out: https://${other}/en/stable/`);
    }
  });

  it('with `on-problem: warn` warns and stays green; with `health-issue: false` opens no issue', async () => {
    const stage = await unhealthyStage();
    const run = await health(stage, { 'on-problem': 'warn', 'health-issue': 'false' });
    expect(run.code).toBe(0);
    expect(stdout.annotations().some((a) => a.level === 'warning' && a.title === 'Unhealthy: acme')).toBe(true);
    // Green, yet the verdict counts the problems: ⚠️, never ✅ above them.
    expect(run.summary.split('\n')[0]).toBe('## ⚠️ Read the Docs health: acme passed \\(4 problems found\\)');
    expect(stage.gh.issues()).toEqual([]);
    expect(stage.gh.count('GET', /\/issues/)).toBe(0);
  });

  it("names the project's disabled builds and the default version that is not built", async () => {
    const stage = await unhealthyStage();
    stage.rtd.disableBuilds('acme');
    stage.rtd.addProject({ slug: 'empty', defaultVersion: 'main', versions: [{ slug: 'main', active: false }] });
    const run = await health(stage, { project: 'acme\nempty', 'health-issue': 'false' });
    const rows = run.results.map((result) => (result.details as { checks: { check: string; state: string; details: string }[] }).checks);
    const root = rows.map((checks) =>
      checks.filter((row) => row.check === 'the root works' && row.state === 'problem').map((row) => row.details),
    );
    expect(root[0]).toEqual([expect.stringContaining("the project's builds are disabled: Builds disabled due to consecutive failures")]);
    // A multi-version project: the root falls back to latest, never built here.
    expect(root[1]).toEqual([
      'the default version is inactive: the docs root falls back to `latest`, which has nothing to serve either: it answers 404, and /en/main/ answers 404',
    ]);
  });

  it('builds disabled, then re-enabled (the notice stays listed, cancelled): red while disabled, then green and the issue closed', async () => {
    const stage = await unhealthyStage();
    fix(stage);
    stage.rtd.disableBuilds('acme');
    const disabled = await health(stage);
    expect(disabled.code).toBe(1);
    const rows = (disabled.results[0]!.details as { checks: { check: string; state: string; details: string }[] }).checks;
    expect(rows.filter((row) => row.state === 'problem').map((row) => row.details)).toEqual([
      expect.stringContaining("the project's builds are disabled"),
    ]);
    expect(openIssues(stage.gh)).toHaveLength(1);

    stage.rtd.disableBuilds('acme', false);
    const enabled = await health(stage);
    expect(enabled.code).toBe(0);
    expect(openIssues(stage.gh)).toEqual([]);
    const asked = stage.rtd.requests.filter((r) => r.method === 'GET' && r.path === '/api/v3/projects/acme/notifications/');
    expect(asked.map((r) => r.query['state__in'])).toEqual(['unread,read', 'unread,read']);
  });

  it('API default_branch is the `master` fallback: latest is checked against the head of main, the branch its identifier names', async () => {
    const stage = await unhealthyStage();
    stage.rtd.addProject({ slug: 'hand', defaultBranch: null, repositoryHead: 'main' });
    stage.rtd.addBuild('hand', 'latest', { durationMs: 60_000, outcome: 'success', commit: HEAD, startedAgoMs: 10 * 60_000 });
    const run = await health(stage, { project: 'hand', 'health-issue': 'false' });
    const checks = (run.results[0]!.details as { checks: { check: string; state: string; details: string }[] }).checks;
    expect(checks.find((row) => row.check === 'latest is current')).toMatchObject({
      state: 'ok',
      details: `built at the head of main, ${HEAD.slice(0, 7)}`,
    });
    expect(stage.gh.count('GET', /\/branches\/master$/)).toBe(0);
  });

  it('an inactive default version: the root says what the service does, serving latest (multi-version) or 404 (single-version)', async () => {
    const stage = await unhealthyStage();
    const versions = [{ slug: 'v1', type: 'tag' as const, built: true, active: false }];
    stage.rtd.addProject({ slug: 'multi', defaultVersion: 'v1', versions });
    stage.rtd.addBuild('multi', 'latest', { durationMs: 60_000, outcome: 'success', commit: HEAD, startedAgoMs: HOUR });
    stage.rtd.addProject({ slug: 'single', defaultVersion: 'v1', versioningScheme: 'single_version_without_translations', versions });
    const run = await health(stage, { project: 'multi\nsingle', 'health-issue': 'false' });
    const root = run.results.map((result) =>
      (result.details as { checks: { check: string; state: string; details: string }[] }).checks
        .filter((row) => row.check === 'the root works')
        .map((row) => row.details),
    );
    expect(root).toEqual([
      ['the default version is inactive: the docs root quietly serves `latest` instead, and /en/v1/ answers 404'],
      ['the default version is inactive: the docs root answers 404 (a single-version project)'],
    ]);
    // What the stand-in's docs host does, as the service (FACTS, Versions).
    const multiRoot = await fetch(`${stage.rtd.url}/docs/multi/`, { redirect: 'manual' });
    expect(multiRoot.headers.get('location')).toBe(`${stage.rtd.url}/docs/multi/en/latest/`);
    expect((await fetch(`${stage.rtd.url}/docs/multi/en/latest/`)).status).toBe(200);
    expect((await fetch(`${stage.rtd.url}/docs/multi/en/v1/`)).status).toBe(404);
    expect((await fetch(`${stage.rtd.url}/docs/single/`)).status).toBe(404);
  });

  it("the service's stable on a tag newer than every GitHub release (FACTS: among all tags and branches) is no problem", async () => {
    const stage = await unhealthyStage();
    stage.rtd.addProject({
      slug: 'rel',
      versions: [
        ...['v1.0', 'v1.1', 'v1.2', 'v2.0'].map((slug, i) => ({
          slug,
          type: 'tag' as const,
          identifier: String(i).repeat(40),
          built: true,
        })),
        { slug: 'stable', type: 'tag', built: true, machine: true },
      ],
    });
    const run = await health(stage, { project: 'rel', 'health-issue': 'false' });
    const rows = (run.results[0]!.details as { checks: { check: string; state: string; subject?: string; details: string }[] }).checks;
    expect(rows.filter((row) => row.check === 'releases have docs')).toEqual([
      expect.objectContaining({ state: 'ok', details: 'v1.2, v1.1, v1.0: active and built' }),
      expect.objectContaining({ state: 'ok', subject: 'stable', details: 'serves v2.0, not older than the newest release v1.2' }),
    ]);
  });

  // Issue 46: the service's `ref` and `aliases` say which `stable` is its own (FACTS, Versions);
  // `identifier` alone took a user's `stable` tag at v1.1's commit for the service's serving v1.1.
  it("a user's own `stable` tag at an older release's commit is no problem; the service's serving that release is", async () => {
    const stage = await unhealthyStage();
    const versions = [
      { slug: 'v1.0', type: 'tag' as const, identifier: C10, built: true },
      { slug: 'v1.1', type: 'tag' as const, identifier: C11, built: true },
      { slug: 'v1.2', type: 'tag' as const, identifier: C12, built: true, active: false },
    ];
    stage.rtd.addProject({ slug: 'own', versions: [...versions, { slug: 'stable', type: 'tag', identifier: C11, built: true }] });
    stage.rtd.addProject({
      slug: 'service',
      versions: [...versions.slice(0, 2), { slug: 'stable', type: 'tag', built: true, machine: true }],
    });
    const run = await health(stage, { project: 'own\nservice', 'health-issue': 'false' });
    const stableOf = (index: number) =>
      (run.results[index]!.details as { checks: { state: string; subject?: string; details: string }[] }).checks.find(
        (row) => row.subject === 'stable',
      );
    expect(stableOf(0)).toMatchObject({ state: 'ok', details: "a branch or tag of the project's own, which the service never moves" });
    expect(stableOf(1)).toMatchObject({ state: 'problem', details: 'serves v1.1, older than the newest release v1.2' });
  });

  it('a token that is not the project’s admin (`expand=permissions`): its notifications are not asked, and the root row says why', async () => {
    const stage = await unhealthyStage({ nonAdminTokens: ['member-token'] });
    fix(stage);
    const run = await health(stage, { token: 'member-token', 'health-issue': 'false' });

    const asked = stage.rtd.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/v3/projects/acme/'));
    expect(asked.filter((r) => r.path === '/api/v3/projects/acme/notifications/')).toEqual([]);
    expect(asked.find((r) => r.path === '/api/v3/projects/acme/')?.query).toEqual({ expand: 'permissions' });
    const root = (run.results[0]!.details as { checks: { check: string; state: string; details: string }[] }).checks.filter(
      (row) => row.check === 'the root works',
    );
    expect(root).toEqual([
      expect.objectContaining({ state: 'ok', details: 'latest is active and built' }),
      expect.objectContaining({
        state: 'unknown',
        details: expect.stringContaining("whether the project's builds are disabled is not known: the token is not an admin of acme"),
      }),
    ]);
    expect(stdout.annotations()).toContainEqual(expect.objectContaining({ level: 'warning', title: 'Health not checked' }));
    // What the stand-in enforces (FACTS): the notifications are an admin's, 403 for this token.
    const refused = await fetch(`${stage.rtd.url}/api/v3/projects/acme/notifications/`, {
      headers: { authorization: 'Token member-token' },
    });
    expect(refused.status).toBe(403);
  });

  it('without `github-token`, the checks that need GitHub are not made, no issue is kept, and what the service shows is still checked', async () => {
    const stage = await unhealthyStage();
    const run = await health(stage, { 'github-token': '' });
    const checks = (run.results[0]!.details as { checks: { check: string; state: string; subject?: string }[] }).checks;
    expect(checks.filter((row) => row.state === 'unknown').map((row) => row.check)).toEqual(['latest is current', 'releases have docs']);
    expect(checks.filter((row) => row.state === 'problem').map((row) => row.subject)).toEqual(['v1.0']);
    expect(stage.gh.requests).toEqual([]);
  });

  it('GitHub unreadable: a warning says what was not checked, and the summary names the branch asked for (issue 42)', async () => {
    const stage = await unhealthyStage();
    stage.gh.refuse('GET', /\/branches\//);
    stage.gh.refuse('GET', /\/releases/);
    const run = await health(stage, { 'health-issue': 'false', 'on-problem': 'warn' });

    expect(run.code).toBe(0);
    const warning = stdout.annotations().find((a) => a.level === 'warning' && a.title === 'Health not checked');
    expect(warning?.message).toContain('acme: not checked, so a problem there would go unseen');
    expect(warning?.message).toContain('latest is current: latest: GitHub could not be read (the head of branch main): 403');
    expect(warning?.message).toContain('releases have docs: GitHub could not be read (the releases and tags): 403');
    expect(run.summary).toContain('GitHub could not be read \\(the head of branch main\\)');
    // Checks not made are counted in the verdict: ⚠️, never ✅.
    expect(run.summary.split('\n')[0]).toMatch(/^## ⚠️ Read the Docs health: acme passed \\\(.*2 checks not made\\\)$/);
    expect(run.summary).not.toContain('{branch}');
    expect(run.summary).not.toContain('GET branches');
  });
});
