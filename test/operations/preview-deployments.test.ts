// `preview` in-process: the previews as GitHub deployments, the pull request's `closed` event, and
// the build's log and timeline in the job, on a fake clock against both stand-ins. Asserted on the
// deployments and statuses the GitHub stand-in holds and the requests both stand-ins received.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runnerEffects } from '../support/runner-commands.ts';
import { captureStdout } from './context.ts';
import {
  HEAD,
  onlyComment,
  PR,
  type PreviewStage,
  previewOf,
  previewStage,
  pullRequestRun,
  runPreview,
  summaryOf,
} from './preview-context.ts';

const stdout = captureStdout();
let stage: PreviewStage;

beforeEach(async () => {
  stage = await previewStage();
});
afterEach(async () => {
  await stage.close();
});

function seedBuild(
  outcome: 'success' | 'failure' = 'success',
  output = 'docs/install.rst:3: WARNING: undefined label: setup-guide',
): number {
  return stage.rtd.addBuild('demo', String(PR), {
    durationMs: 40_000,
    outcome,
    commit: HEAD,
    commitFromStart: true,
    ...(outcome === 'failure' ? { failingCommand: { command: 'python -m sphinx -W -b html docs out', output, exit_code: 1 } } : {}),
  });
}

function addTranslation(): void {
  stage.rtd.addProject({
    slug: 'demo-ja',
    name: 'Demo JA',
    language: 'ja',
    translationOf: 'demo',
    versions: [{ slug: String(PR), type: 'external' }],
  });
  stage.rtd.addBuild('demo-ja', String(PR), { durationMs: 20_000, outcome: 'success', commit: HEAD, commitFromStart: true });
}

const closedRun = (merged: boolean) => pullRequestRun(stage.gh, { action: 'closed', merged });
const deploymentWarnings = () => stdout.annotations().filter((a) => a.title === 'Deployment not reported');

describe('preview deployments, in-process', () => {
  it('one transient deployment on the head, in_progress then success with the verified URL; a re-run adds statuses to it', async () => {
    const { rtd, gh } = stage;
    const build = seedBuild();
    await runPreview(stage);

    const [deployment] = gh.deployments();
    expect(gh.deployments()).toHaveLength(1);
    expect(deployment).toMatchObject({
      sha: HEAD,
      ref: HEAD,
      environment: 'readthedocs-preview/demo',
      transient_environment: true,
      production_environment: false,
      payload: { 'readthedocs-action': { pr: PR, project: 'demo' } },
    });
    expect(deployment!.statuses.map((status) => [status.state, status.environment_url, status.log_url])).toEqual([
      ['in_progress', '', `${rtd.url}/projects/demo/builds/${build}/`],
      ['success', previewOf(rtd), `${rtd.url}/projects/demo/builds/${build}/`],
    ]);
    expect(stdout.annotations()).toEqual([]);

    await runPreview(stage);
    expect(gh.deployments()).toHaveLength(1);
    expect(gh.deployments()[0]!.statuses.map((status) => status.state)).toEqual(['in_progress', 'success', 'in_progress', 'success']);
    expect(gh.count('POST', /\/deployments$/)).toBe(1);
    // Looked for on the head commit in the project's environment.
    const lookups = gh.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/deployments'));
    expect(lookups.length).toBeGreaterThanOrEqual(2);
    expect(lookups.every((r) => r.query.sha === HEAD && r.query.environment === 'readthedocs-preview/demo')).toBe(true);
  });

  it('deployment-environment names the environment; deployment: false asks GitHub nothing about deployments', async () => {
    const { gh } = stage;
    seedBuild();
    await runPreview(stage, { 'deployment-environment': 'docs/{project}-pr' });
    expect(gh.deployments().map((d) => d.environment)).toEqual(['docs/demo-pr']);

    const before = gh.requests.length;
    const report = await runPreview(stage, { deployment: 'false' });
    expect(report.results[0]!.outcome).toBe('success');
    expect(gh.deployments()).toHaveLength(1);
    expect(gh.deployments()[0]!.statuses).toHaveLength(2);
    expect(gh.requests.slice(before).filter((r) => r.path.includes('/deployments'))).toEqual([]);
  });

  it('a failed build ends its deployment with failure, no environment URL and the build page as log', async () => {
    const { rtd, gh } = stage;
    const build = seedBuild('failure');
    const report = await runPreview(stage);

    expect(report.results[0]!.outcome).toBe('failed');
    expect(gh.deployments()[0]!.statuses.map((s) => s.state)).toEqual(['in_progress', 'failure']);
    expect(gh.deployments()[0]!.statuses.at(-1)).toMatchObject({
      state: 'failure',
      environment_url: '',
      log_url: `${rtd.url}/projects/demo/builds/${build}/`,
      description: `Build #${build} failed`,
    });
  });

  it('a token without deployments: write: one warning naming the permission, asked once, and the rest still reports', async () => {
    const { gh } = stage;
    seedBuild();
    gh.refuse('POST', /\/deployments/);
    const report = await runPreview(stage);

    expect(report.results[0]).toMatchObject({ outcome: 'success', details: { previewStatus: 'ready' } });
    expect(deploymentWarnings()).toHaveLength(1);
    expect(deploymentWarnings()[0]!.message).toContain('deployments: write');
    expect(stdout.annotations().filter((a) => a.level === 'error')).toEqual([]);
    expect(gh.count('POST', /\/deployments/)).toBe(1);
    expect(onlyComment(gh).body).toContain('✅ Ready');
    expect(gh.statuses(HEAD).at(-1)!.state).toBe('success');
  });

  it('deployment statuses refused after the deployment was made: one warning, and no further status tried', async () => {
    const { gh } = stage;
    seedBuild();
    gh.refuse('POST', /\/deployments\/\d+\/statuses$/);
    const report = await runPreview(stage);

    expect(report.results[0]!.outcome).toBe('success');
    expect(gh.count('POST', /\/deployments$/)).toBe(1);
    expect(gh.count('POST', /\/deployments\/\d+\/statuses$/)).toBe(1);
    expect(deploymentWarnings()).toHaveLength(1);
    expect(gh.statuses(HEAD).at(-1)!.state).toBe('success');
  });

  it('closed after merge: every deployment of the PR inactive, the rows rewritten, translations included, nothing built', async () => {
    const { rtd, gh } = stage;
    addTranslation();
    seedBuild();
    await runPreview(stage, { translations: 'true' });
    expect(
      gh
        .deployments()
        .map((d) => d.environment)
        .sort(),
    ).toEqual(['readthedocs-preview/demo', 'readthedocs-preview/demo-ja']);
    expect(onlyComment(gh).body).toContain('all 2 ready');

    const before = rtd.requests.length;
    const statusesBefore = gh.statuses(HEAD).length;
    const report = await runPreview(stage, { translations: 'true' }, closedRun(true));

    expect(report.results.map((r) => [r.project, r.outcome, r.details?.previewStatus])).toEqual([
      ['demo', 'success', 'merged'],
      ['demo-ja', 'success', 'merged'],
    ]);
    expect(report.summary).toEqual([]);
    expect(gh.deployments().map((d) => d.statuses.at(-1)!.state)).toEqual(['inactive', 'inactive']);
    expect(gh.deployments().map((d) => d.statuses.at(-1)!.description)).toEqual([
      'PR merged: the service deletes the preview about 90 days later',
      'PR merged: the service deletes the preview about 90 days later',
    ]);
    const body = onlyComment(gh).body;
    expect(body).toMatch(/^\| demo \| 🟣 PR merged \|/m);
    expect(body).toMatch(/^\| demo\\-ja \| 🟣 PR merged \|/m);
    expect(body).not.toContain('✅ Ready');
    expect(body).not.toContain('[Preview]');
    // Only the translations were asked for: no build looked for or triggered, no status set.
    expect(rtd.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v3/projects/demo/translations/']);
    expect(gh.statuses(HEAD)).toHaveLength(statusesBefore);
    expect(stdout.text()).toContain('Deployments marked inactive: 2');
  });

  it('closed without merge: the rows say closed; the translations unknown, only the listed project’s rows and deployments end', async () => {
    const { rtd, gh } = stage;
    seedBuild();
    await runPreview(stage);
    rtd.fault({ kind: 'status', status: 500, path: '/translations/', times: 1000 });
    const report = await runPreview(stage, { translations: 'true' }, closedRun(false));

    expect(report.results.map((r) => r.details?.previewStatus)).toEqual(['closed']);
    expect(onlyComment(gh).body).toMatch(/^\| demo \| .*PR closed \|/m);
    expect(gh.deployments()[0]!.statuses.map((s) => s.state)).toEqual(['in_progress', 'success', 'inactive']);
    expect(stdout.text()).toContain('The translations are unknown');
  });

  it('a deployment carrying the marker but made by another account is never adopted: no status, not marked inactive', async () => {
    const { gh } = stage;
    seedBuild();
    // A member who may deploy copies the action's payload onto the head commit.
    const planted = gh.addDeployment({
      sha: HEAD,
      environment: 'readthedocs-preview/demo',
      payload: { 'readthedocs-action': { pr: PR, project: 'demo' } },
      creator: 'mallory',
    });
    await runPreview(stage);
    await runPreview(stage, {}, closedRun(false));

    const deployments = gh.deployments();
    expect(deployments).toHaveLength(2);
    expect(deployments.find((d) => d.id === planted)!.statuses).toEqual([]);
    const ours = deployments.find((d) => d.id !== planted)!;
    expect(ours.creator.login).toBe('github-actions[bot]');
    expect(ours.statuses.map((status) => status.state)).toEqual(['in_progress', 'success', 'inactive']);
    expect(onlyComment(gh).body).toContain('the service deletes the preview about 90 days later');
  });

  it('another PR’s deployment in the same environment is left alone when this one closes', async () => {
    const { gh } = stage;
    seedBuild();
    await runPreview(stage);
    // Made by the same account for PR 8: its payload names another PR.
    const other = gh.addDeployment({
      sha: 'a'.repeat(40),
      environment: 'readthedocs-preview/demo',
      payload: { 'readthedocs-action': { pr: 8, project: 'demo' } },
      creator: 'github-actions[bot]',
    });
    await runPreview(stage, {}, closedRun(true));

    expect(gh.deployments().find((d) => d.id === other)!.statuses).toEqual([]);
    expect(
      gh
        .deployments()
        .find((d) => d.id !== other)!
        .statuses.at(-1)!.state,
    ).toBe('inactive');
  });
});

describe('the build log and timeline, in-process', () => {
  it('a failed build prints its commands in groups; the output’s workflow commands are neutralised', async () => {
    seedBuild(
      'failure',
      'Running Sphinx\n::add-mask::x\n::error::forged\n::stop-commands::t\n  ::warning::indented\ndocs/install.rst:3: WARNING: undefined label',
    );
    const report = await runPreview(stage, { deployment: 'false' });

    expect(report.results[0]!.outcome).toBe('failed');
    const text = stdout.text();
    expect(text).toMatch(/::group::\$ python -m sphinx -W -b html docs out \(\d+s\) exit 1/);
    expect(text).toMatch(/::group::\$ git clone/);
    expect(text).toContain('docs/install.rst:3: WARNING: undefined label');
    const effects = runnerEffects(text);
    expect(effects.masks).toEqual([]);
    expect(effects.openStops).toEqual([]);
    // Only the Sphinx warning the action read from the output; nothing forged by it.
    expect(effects.annotations.map((a) => [a.level, a.message])).toEqual([['warning', 'undefined label']]);
  });

  it('the summary of a failed build has a gantt block of its commands; a quick green one only its table', async () => {
    seedBuild('failure');
    const summary = summaryOf(await runPreview(stage, { deployment: 'false' }));
    expect(summary).toMatch(/```mermaid\ngantt\n/);
    expect(summary).toMatch(/ git clone [^\n:]* :c1, 0, \d+s/);
  });

  it('a quick green build: its table, no chart (it comes with a failed or slow build)', async () => {
    seedBuild();
    const summary = summaryOf(await runPreview(stage, { deployment: 'false' }));
    expect(summary).not.toContain('```mermaid');
    expect(summary).toMatch(/^\| demo \| 7 \| ✅ ready \| 40s \|/m);
  });
});
