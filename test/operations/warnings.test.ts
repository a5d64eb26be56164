// Input `warnings` (issue 48) in-process on a fake clock, against the stand-in whose green builds
// print warnings (their docs builder's output, API v2): what each operation compares with (the
// version's previous build for `build` and `wait` on a branch; the base branch's for `preview`,
// `wait` on a pull request and `merge-queue`), what is new, and what `warn` and `fail` decide.
// Asserted on results, annotations, statuses and the requests made; through dist/ in
// test/e2e/warnings.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BuildWarnings } from '../../src/domain/project-result.js';
import { renderComment } from '../../src/operations/preview/render-comment.js';
import { readRows } from '../../src/operations/preview/comment-rows.js';
import { startGitHubStandin, type GitHubStandin } from '../../harness/github-standin.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { FakeClock, T0 } from '../support/operation-context.ts';
import { captureStdout, runStep } from './context.ts';
import { runnerCommands } from '../support/runner-commands.ts';
import {
  HEAD,
  PR,
  latestStatuses,
  onlyComment,
  previewStage,
  pullRequestRun,
  runPreview,
  runOfEvent,
  type PreviewStage,
} from './preview-context.ts';

const SHA = 'b'.repeat(40);
const HOUR = 3_600_000;
const checkout = (version: string) => `/home/docs/checkouts/readthedocs.org/user_builds/demo/checkouts/${version}`;

/** A green Sphinx build's output with `lines` (`docs/x.rst:N: WARNING: …`) in the checkout of `version`. */
const sphinxOutput = (version: string, lines: string[]) =>
  [
    'Running Sphinx v8.1.3',
    'reading sources... [100%] index',
    ...lines.map((line) => `${checkout(version)}/${line}`),
    'build succeeded.',
  ].join('\n');
/** The base's two warnings, and the change's three: the same two (one two lines lower) and a new one on line 22. */
const BASE_WARNINGS = ['docs/guide.rst:40: WARNING: duplicate label: intro', 'docs/index.rst:5: WARNING: undefined label: setup'];
const NEW_WARNING = "docs/guide.rst:22: WARNING: undefined label: 'install'";
const HEAD_WARNINGS = [
  NEW_WARNING,
  'docs/guide.rst:42: WARNING: duplicate label: intro',
  'docs/index.rst:5: WARNING: undefined label: setup',
];
const green = (version: string, lines: string[]) => ({ builderCommand: { output: sphinxOutput(version, lines) } });

const stdout = captureStdout();
const fileAnnotations = (level: 'error' | 'warning') => stdout.annotations().filter((a) => a.level === level && a.file !== undefined);
const commandReads = (standin: Standin, id: number) => standin.count('GET', `/api/v2/build/${id}/`);

describe('build: against the version’s previous successful build', () => {
  let standin: Standin;
  let clock: FakeClock;
  beforeEach(async () => {
    clock = new FakeClock();
    standin = await startStandin({ now: clock.now, rateLimit: null });
    standin.addProject({ slug: 'demo', name: 'Demo Docs' });
  });
  afterEach(() => standin.close());

  /** The version's history (an older green build, a newer failed one), then the build the step triggers. */
  function seed(head: string[] = HEAD_WARNINGS): number {
    standin.addBuild('demo', 'latest', {
      durationMs: 1000,
      outcome: 'success',
      startedAgoMs: 3 * HOUR,
      ...green('latest', ['docs/a.rst:1: WARNING: old']),
    });
    const previous = standin.addBuild('demo', 'latest', {
      durationMs: 1000,
      outcome: 'success',
      startedAgoMs: 2 * HOUR,
      ...green('latest', BASE_WARNINGS),
    });
    standin.addBuild('demo', 'latest', { durationMs: 1000, outcome: 'failure', startedAgoMs: HOUR });
    standin.onTrigger('demo', 'latest', { durationMs: 10_000, outcome: 'success', commit: SHA, ...green('latest', head) });
    return previous;
  }

  it('`fail`: red, one error annotation on the new warning’s line, the old two neither annotated nor failing', async () => {
    const previous = seed();
    const run = await runStep(standin, { project: 'demo', 'poll-interval': '5s', warnings: 'fail' }, { clock });

    expect(run.code).toBe(1);
    expect(run.results[0]).toMatchObject({ outcome: 'failed', title: 'New warnings', buildId: 4 });
    expect(run.results[0]!.reason).toBe(
      "demo latest: the build has 1 new warning than build #2 of latest (input `warnings: fail`):\ndocs/guide.rst:22: new warning: undefined label: 'install'",
    );
    expect(fileAnnotations('error')).toEqual([
      { level: 'error', title: 'New warning: demo', file: 'docs/guide.rst', line: 22, message: "undefined label: 'install'" },
    ]);
    expect(fileAnnotations('warning')).toEqual([]);
    const [result] = JSON.parse(run.outputs.results!) as { warnings: BuildWarnings }[];
    expect(result!.warnings).toEqual({
      total: 3,
      new: [{ level: 'warning', file: 'docs/guide.rst', line: 22, message: "undefined label: 'install'", new: true }],
      fixed: 0,
      baseline: { build: previous, commit: expect.stringMatching(/^[0-9a-f]{40}$/), version: 'latest' },
    });
    expect(run.summary).toContain('demo failed \\(3 warnings, 1 new, 0 fixed\\)');
    expect(run.summary).toContain('### New warnings: demo');
    // The history listed before the trigger gave the previous build: only its commands were read more.
    expect(standin.count('GET', /\/versions\/latest\/builds\/$/)).toBe(1);
    expect(commandReads(standin, previous)).toBe(1);
  });

  it('`warn`: green, the new warning a warning annotation, the verdict ⚠️ with the counts', async () => {
    seed();
    const run = await runStep(standin, { project: 'demo', 'poll-interval': '5s' }, { clock });

    expect(run.code).toBe(0);
    expect(run.results[0]).toMatchObject({ outcome: 'success', warnings: { total: 3, fixed: 0 } });
    expect(fileAnnotations('warning').map((a) => [a.title, a.file, a.line])).toEqual([['New warning: demo', 'docs/guide.rst', 22]]);
    expect(stdout.annotations().filter((a) => a.level === 'error')).toEqual([]);
    expect(run.summary.split('\n')[0]).toBe('## ⚠️ Read the Docs build: demo built \\(3 warnings, 1 new, 0 fixed\\)');
  });

  it('a warning fixed and none added: green under `fail`, the fixed one counted', async () => {
    seed(['docs/index.rst:5: WARNING: undefined label: setup']);
    const run = await runStep(standin, { project: 'demo', 'poll-interval': '5s', warnings: 'fail' }, { clock });

    expect(run.code).toBe(0);
    expect(run.results[0]!.warnings).toMatchObject({ total: 1, new: [], fixed: 1 });
    expect(run.summary.split('\n')[0]).toBe('## ✅ Read the Docs build: demo built \\(1 warning, 0 new, 1 fixed\\)');
  });

  it('the first build of a version: nothing to compare with, reported as not compared, never failing', async () => {
    standin.onTrigger('demo', 'latest', { durationMs: 10_000, outcome: 'success', commit: SHA, ...green('latest', HEAD_WARNINGS) });
    const run = await runStep(standin, { project: 'demo', 'poll-interval': '5s', warnings: 'fail' }, { clock });

    expect(run.code).toBe(0);
    expect(run.results[0]!.warnings).toEqual({
      total: 3,
      new: [],
      fixed: 0,
      baseline: null,
      notCompared: 'latest has no successful build before this one among its last 0',
    });
    expect(stdout.annotations().filter((a) => a.file !== undefined)).toEqual([]);
    expect(run.summary).toContain('### Warnings not compared: demo');
    expect(run.summary.split('\n')[0]).toBe('## ✅ Read the Docs build: demo built \\(3 warnings, not compared\\)');
  });

  it('a previous build whose output is longer than what is read: not compared', async () => {
    const long = `${'x'.repeat(250_000)}\n${sphinxOutput('latest', BASE_WARNINGS)}`;
    standin.addBuild('demo', 'latest', { durationMs: 1000, outcome: 'success', startedAgoMs: HOUR, builderCommand: { output: long } });
    standin.onTrigger('demo', 'latest', { durationMs: 10_000, outcome: 'success', commit: SHA, ...green('latest', HEAD_WARNINGS) });
    const run = await runStep(standin, { project: 'demo', 'poll-interval': '5s', warnings: 'fail' }, { clock });

    expect(run.code).toBe(0);
    expect(run.results[0]!.warnings).toMatchObject({ total: 3, new: [], baseline: null });
    expect(run.results[0]!.warnings!.notCompared).toContain('the output of build #1 of latest is longer than what is read of it');
  });

  it('`off`: no output read, no comparison in the result', async () => {
    const previous = seed();
    const run = await runStep(standin, { project: 'demo', 'poll-interval': '5s', warnings: 'off' }, { clock });

    expect(run.code).toBe(0);
    expect(run.results[0]!.warnings).toBeUndefined();
    expect(commandReads(standin, previous)).toBe(0);
    expect(JSON.parse(run.outputs.results!)[0]).not.toHaveProperty('warnings');
  });

  it('a `-W` build that failed: its warnings annotated as before, the new one titled new, marked in the problems', async () => {
    seed();
    standin.onTrigger('demo', 'latest', {
      durationMs: 10_000,
      outcome: 'failure',
      commit: SHA,
      failingCommand: {
        command: 'python -m sphinx -T -W --keep-going -b html docs $READTHEDOCS_OUTPUT/html',
        output: sphinxOutput('latest', HEAD_WARNINGS).replace(
          'build succeeded.',
          'build finished with problems, 3 warnings (with warnings treated as errors).',
        ),
        exit_code: 1,
      },
    });
    const run = await runStep(standin, { project: 'demo', 'poll-interval': '5s', warnings: 'fail' }, { clock });

    expect(run.code).toBe(1);
    expect(run.results[0]).toMatchObject({ outcome: 'failed', title: 'Build failed' });
    expect(fileAnnotations('warning').map((a) => [a.title, a.line])).toEqual([
      ['New warning: demo', 22],
      ['Sphinx warning: demo', 42],
      ['Sphinx warning: demo', 5],
    ]);
    expect(run.results[0]!.problems!.map((p) => [p.line, p.new ?? false])).toEqual([
      [22, true],
      [42, false],
      [5, false],
    ]);
    expect(run.summary).toContain('new warning: undefined label\\: &#39;install&#39;');
    // A build that failed tells no comparison of its own: the failure says it all.
    expect(run.results[0]!.warnings).toBeUndefined();
  });

  it('hostile warnings on a green build: each annotation one neutralised line, none of the output’s workflow commands acted on', async () => {
    standin.addBuild('demo', 'latest', { durationMs: 1000, outcome: 'success', startedAgoMs: HOUR, ...green('latest', []) });
    const output = [
      '::add-mask::docs',
      'docs/a.rst:1: WARNING: ::error title=Forged::forged',
      'docs/b.rst:2: WARNING: \u001b]0;owned\u0007 ##[error]legacy',
      'docs/::warning title=Forged::c.rst:3: WARNING: y',
      '::stop-commands::t0k3n',
      "WARNING -  Doc file '::error::x.md' contains a link 'y.md'",
    ].join('\n');
    standin.onTrigger('demo', 'latest', { durationMs: 10_000, outcome: 'success', commit: SHA, builderCommand: { output } });
    const run = await runStep(standin, { project: 'demo', 'poll-interval': '5s' }, { clock });

    expect(run.code).toBe(0);
    // The runner acts on the action's annotations only (the log prints the output with commands stopped).
    const acted = runnerCommands(stdout.text()).filter((c) => ['error', 'warning', 'add-mask'].includes(c.command));
    expect(acted.map((c) => [c.command, c.properties.title, c.properties.file])).toEqual([
      ['warning', 'New warning: demo', 'docs/a.rst'],
      ['warning', 'New warning: demo', 'docs/b.rst'],
      // The path is the last word before the place, as Sphinx may print a status before it.
      ['warning', 'New warning: demo', 'title=Forged::c.rst'],
      ['warning', 'New warning: demo', 'docs/::error::x.md'],
    ]);
    expect(acted.every((c) => !/[\u0000-\u001f]/.test(c.data))).toBe(true);
  });

  it('a build that failed before Sphinx wrote a warning: no baseline looked up', async () => {
    const previous = seed();
    standin.onTrigger('demo', 'latest', {
      durationMs: 10_000,
      outcome: 'failure',
      commit: SHA,
      failingCommand: {
        command: 'python -m pip install -r docs/requirements.txt',
        output: 'ERROR: No matching distribution found for sphinx==99',
        exit_code: 1,
      },
    });
    const run = await runStep(standin, { project: 'demo', 'poll-interval': '5s', warnings: 'fail' }, { clock });

    expect(run.results[0]).toMatchObject({ outcome: 'failed', title: 'Build failed' });
    expect(commandReads(standin, previous)).toBe(0);
  });
});

describe('wait: a branch’s build against its version’s previous build', () => {
  let standin: Standin;
  let clock: FakeClock;
  beforeEach(async () => {
    clock = new FakeClock();
    standin = await startStandin({ now: clock.now, rateLimit: null });
    standin.addProject({ slug: 'demo', name: 'Demo Docs' });
  });
  afterEach(() => standin.close());

  it('a push’s build with a new warning fails under `fail`, naming it', async () => {
    standin.addBuild('demo', 'latest', { durationMs: 1000, outcome: 'success', startedAgoMs: HOUR, ...green('latest', BASE_WARNINGS) });
    standin.addBuild('demo', 'latest', {
      durationMs: 20_000,
      outcome: 'success',
      commit: SHA,
      commitFromStart: true,
      ...green('latest', HEAD_WARNINGS),
    });
    const run = await runStep(
      standin,
      { project: 'demo', operation: 'wait', commit: SHA, 'poll-interval': '5s', warnings: 'fail' },
      { clock },
    );

    expect(run.code).toBe(1);
    expect(run.results[0]).toMatchObject({ outcome: 'failed', title: 'New warnings', buildId: 2 });
    expect(run.results[0]!.warnings).toMatchObject({ total: 3, fixed: 0, baseline: { build: 1, version: 'latest' } });
    expect(fileAnnotations('error').map((a) => [a.file, a.line])).toEqual([['docs/guide.rst', 22]]);
  });
});

describe('preview: against the base branch’s build', () => {
  let stage: PreviewStage;
  beforeEach(async () => {
    stage = await previewStage();
  });
  afterEach(() => stage.close());

  /** The base's green build on `version` (latest by default) and the pull request's head build. */
  function seed(version = 'latest', head: string[] = HEAD_WARNINGS): number {
    const base = stage.rtd.addBuild('demo', version, {
      durationMs: 1000,
      outcome: 'success',
      startedAgoMs: HOUR,
      ...green(version, BASE_WARNINGS),
    });
    stage.rtd.addBuild('demo', String(PR), {
      durationMs: 1000,
      outcome: 'success',
      commit: HEAD,
      commitFromStart: true,
      ...green(String(PR), head),
    });
    return base;
  }

  it('`fail`: the project red while its row stays ready, the status and the deployment red, the comment names the new warning', async () => {
    const base = seed();
    const report = await runPreview(stage, { warnings: 'fail', deployment: 'true' });

    const [result] = report.results;
    expect(result).toMatchObject({ outcome: 'failed', title: 'New warnings' });
    expect(result!.details).toMatchObject({ previewStatus: 'ready' });
    expect(result!.warnings).toMatchObject({ total: 3, fixed: 0, baseline: { build: base, version: 'latest' } });
    expect(result!.warnings!.new.map((p) => [p.file, p.line])).toEqual([['docs/guide.rst', 22]]);
    expect(fileAnnotations('error').map((a) => [a.title, a.file, a.line])).toEqual([['New warning: demo', 'docs/guide.rst', 22]]);
    expect(latestStatuses(stage.gh, HEAD).get('readthedocs-preview/demo')).toMatchObject({
      state: 'failure',
      description: '1 new warning (build #2; the preview is ready)',
    });
    expect(stage.gh.deployments()[0]!.statuses.at(-1)).toMatchObject({ state: 'failure' });
    const { body } = onlyComment(stage.gh);
    // One verdict (issue 47): ❌ and the gate's words, the row's too, not ⚠️ over a ✅ Ready row.
    expect(body).toContain('### ❌ Read the Docs preview: 1 new warning\n');
    expect(body).toContain('| demo | ❌ 1 new warning |');
    expect(body).toContain('#### New warnings (demo)');
    expect(body).toContain(
      `- [\`docs/guide.rst:22\`](https://github.com/octo/docs-repo/blob/${HEAD}/docs/guide.rst#L22): new warning: undefined label\\: &#39;install&#39;`,
    );
    expect(body).not.toContain('guide.rst:42');
    // Another job's run reads the row back with its new warnings.
    expect(readRows(body, '')[0]!.warnings).toMatchObject({ total: 3, moreNew: 0 });
  });

  it('`warn`: green, the comment still names it', async () => {
    seed();
    const report = await runPreview(stage);

    expect(report.results[0]!.outcome).toBe('success');
    expect(latestStatuses(stage.gh, HEAD).get('readthedocs-preview/demo')!.state).toBe('success');
    expect(fileAnnotations('warning').map((a) => [a.file, a.line])).toEqual([['docs/guide.rst', 22]]);
    expect(onlyComment(stage.gh).body).toContain('#### New warnings (demo)');
  });

  it('a base branch other than the default: its own version’s build is the baseline', async () => {
    stage.rtd.addVersion('demo', { slug: 'release-2', verboseName: 'release/2', active: true });
    const base = seed('release-2', BASE_WARNINGS);
    const run = pullRequestRun(stage.gh);
    const report = await runPreview(
      stage,
      { warnings: 'fail' },
      { ...run, defaultBranch: 'main', pullRequest: { ...run.pullRequest!, baseRef: 'release/2' } },
    );

    expect(report.results[0]).toMatchObject({
      outcome: 'success',
      warnings: { total: 2, new: [], fixed: 0, baseline: { build: base, version: 'release-2' } },
    });
    // `latest` was asked which branch it builds, once.
    expect(stage.rtd.count('GET', '/api/v3/projects/demo/versions/latest/')).toBe(1);
  });

  it("a comment with new warnings is never handed over to the service's own comment (`comment: auto`); one without is", async () => {
    const { rtd, gh } = stage;
    seed();
    const res = await fetch(`${rtd.url}/api/v3/projects/demo/`, { headers: { authorization: 'Token test-token' } });
    const service = gh.addServiceComment(PR, ((await res.json()) as { id: number }).id, { commit: HEAD });
    await runPreview(stage);
    const ours = gh.comments(PR).filter((comment) => comment.id !== service);
    expect(ours.map((comment) => comment.body.includes('#### New warnings (demo)'))).toEqual([true]);

    // The next push fixes it: the same warnings as the base, nothing new to tell.
    rtd.addBuild('demo', String(PR), {
      durationMs: 1000,
      outcome: 'success',
      commit: HEAD,
      commitFromStart: true,
      ...green(String(PR), BASE_WARNINGS),
    });
    await runPreview(stage);
    expect(gh.comments(PR).map((comment) => comment.id)).toEqual([service]);
  });

  it('ten new warnings at most in the comment, the others counted', async () => {
    seed(
      'latest',
      Array.from({ length: 13 }, (_, i) => `docs/many.rst:${i + 1}: WARNING: problem ${String.fromCharCode(97 + i)}`),
    );
    await runPreview(stage);

    const { body } = onlyComment(stage.gh);
    expect(body).toContain('13 warnings, 13 new, 2 fixed');
    expect(body.match(/new warning: problem/g)).toHaveLength(10);
    expect(body).toContain('- … and 3 more: [the job summary of this run]');
  });
});

describe('merge-queue: the group’s build against the base branch’s', () => {
  const GROUP = '1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b';
  const BASE_SHA = 'c'.repeat(40);
  const BRANCH = `gh-readonly-queue/main/pr-42-${BASE_SHA}`;
  const SLUG = `gh-readonly-queue-main-pr-42-${BASE_SHA}`;
  const TOKEN = 'ghs_warnings_merge_queue_token_0123456789';
  let rtd: Standin;
  let gh: GitHubStandin;
  let clock: FakeClock;
  beforeEach(async () => {
    clock = new FakeClock();
    rtd = await startStandin({ now: clock.now, rateLimit: null });
    rtd.addProject({ slug: 'demo', name: 'Demo Docs' });
    gh = await startGitHubStandin({ token: TOKEN });
    gh.addPullRequest({ number: 42, headSha: 'd'.repeat(40) });
  });
  afterEach(() => Promise.all([rtd.close(), gh.close()]));

  it('`fail`: the status on the group’s commit is red, naming the new warnings', async () => {
    rtd.addBuild('demo', 'latest', { durationMs: 1000, outcome: 'success', startedAgoMs: HOUR, ...green('latest', BASE_WARNINGS) });
    rtd.addQueueBranch('demo', BRANCH, GROUP, 2000);
    rtd.onTrigger('demo', SLUG, { durationMs: 20_000, outcome: 'success', ...green(SLUG, HEAD_WARNINGS) });
    const event = gh.addMergeGroup({ pr: 42, headSha: GROUP, baseSha: BASE_SHA, createdAt: T0 });
    const run = await runStep(
      rtd,
      { project: 'demo', operation: 'merge-queue', 'github-token': TOKEN, 'poll-interval': '2s', warnings: 'fail' },
      { clock, run: runOfEvent(gh, event) },
    );

    expect(run.code).toBe(1);
    expect(run.results[0]).toMatchObject({
      outcome: 'failed',
      title: 'New warnings',
      warnings: { baseline: { build: 1, version: 'latest' } },
    });
    expect(gh.statuses(GROUP).at(-1)).toMatchObject({ state: 'failure', description: expect.stringContaining('New warnings') });
  });
});

describe('the comment, rendered', () => {
  it('a row’s new warnings are listed only while its preview is ready and of the head commit', () => {
    const row = {
      project: 'demo',
      status: 'ready' as const,
      commit: HEAD,
      updatedAt: new Date(T0),
      previewUrl: 'https://demo--7.org.readthedocs.build/en/7/',
      warnings: {
        total: 3,
        fixed: 2,
        new: [{ level: 'warning' as const, file: 'docs/guide.rst', line: 22, message: 'undefined label', new: true as const }],
        moreNew: 0,
        baseline: { build: 5, version: 'latest' },
      },
    };
    const header = 'Read the Docs preview';
    expect(renderComment({ header, rows: [row], headSha: HEAD })).toContain('#### New warnings (demo)');
    expect(renderComment({ header, rows: [row], headSha: 'e'.repeat(40) })).not.toContain('New warnings');
    expect(renderComment({ header, rows: [{ ...row, status: 'building' }], headSha: HEAD })).not.toContain('New warnings');
  });
});
