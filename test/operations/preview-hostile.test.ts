// `preview` in-process against a hostile Read the Docs: translation slugs that are not slugs (workflow
// commands, a path up to another environment) and build URLs that are not the service's
// (`javascript:`, another site); and a hostile GitHub (a templated `Link` to another host). Asserted on what reaches GitHub (statuses, deployments, the
// comment), the report, the requests both stand-ins received and what the runner would act on.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runnerEffects } from '../support/runner-commands.ts';
import { answers, scriptedServer } from '../support/scripted-server.ts';
import { captureStdout } from './context.ts';
import { HEAD, onlyComment, PR, type PreviewStage, previewStage, runPreview, summaryOf } from './preview-context.ts';

const stdout = captureStdout();
let stage: PreviewStage;

beforeEach(async () => {
  stage = await previewStage();
});
afterEach(async () => {
  await stage.close();
});

const FORGED = 'demo-fr\n::error title=Forged::forged by the service\n::add-mask::Docs\n##[add-mask]Preview';
const UP_AND_OVER = '../../production';

function addTranslation(slug: string): void {
  stage.rtd.addProject({
    slug,
    name: 'Translation',
    language: 'fr',
    translationOf: 'demo',
    versions: [{ slug: String(PR), type: 'external' }],
  });
  stage.rtd.addBuild(slug, String(PR), { durationMs: 20_000, outcome: 'success', commit: HEAD, commitFromStart: true });
}

describe('translation slugs from the service', () => {
  it('one that is not a project slug is left out with a warning: never a project, a log prefix, an environment or a status context', async () => {
    const { rtd, gh } = stage;
    rtd.addBuild('demo', String(PR), { durationMs: 30_000, outcome: 'success', commit: HEAD, commitFromStart: true });
    addTranslation('demo-ja');
    addTranslation(FORGED);
    addTranslation(UP_AND_OVER);
    const report = await runPreview(stage, { translations: 'true' });

    expect(report.results.map((result) => [result.project, result.outcome])).toEqual([
      ['demo', 'success'],
      ['demo-ja', 'success'],
    ]);
    const left = stdout.annotations().filter((a) => a.title === 'Translation left out');
    expect(left).toHaveLength(2);
    expect(left[0]!.message).toMatch(/^demo: the service names a translation whose slug "demo-fr\\n::error .* is not a project slug/);
    expect(left[1]!.message).toContain('"../../production" is not a project slug');
    // Nothing was asked of the service, or told GitHub, under either name.
    expect(rtd.requests.filter((r) => /production|demo-fr|%0A/.test(r.path))).toEqual([]);
    expect(
      gh
        .deployments()
        .map((d) => d.environment)
        .sort(),
    ).toEqual(['readthedocs-preview/demo', 'readthedocs-preview/demo-ja']);
    expect([...new Set(gh.statuses(HEAD).map((s) => s.context))].sort()).toEqual([
      'readthedocs-preview/demo',
      'readthedocs-preview/demo-ja',
    ]);
    expect(onlyComment(gh).body).not.toContain('production');
    // The runner acts on nothing the service wrote: no mask, no annotation but the two warnings.
    const effects = runnerEffects(stdout.text());
    expect(effects.masks).toEqual([]);
    expect(effects.annotations.map((a) => a.level)).toEqual(['warning', 'warning']);
    expect(effects.openStops).toEqual([]);
  });
});

describe('build URLs from the service', () => {
  for (const hostile of ['javascript:alert(document.domain)//', 'https://evil.example/projects/demo/builds/']) {
    it(`one that is not an http(s) page of the service (${hostile.split(':')[0]}) reaches no status, deployment, comment or summary`, async () => {
      const { rtd, gh } = stage;
      const build = rtd.addBuild('demo', String(PR), { durationMs: 30_000, outcome: 'failure', commit: HEAD, commitFromStart: true });
      const own = `${rtd.url}/projects/demo/builds/`;
      rtd.fault({ kind: 'rewrite', path: '/builds/', times: 10_000, transform: (body) => body.replaceAll(own, hostile) });
      const report = await runPreview(stage);

      expect(report.results[0]).toMatchObject({ project: 'demo', outcome: 'failed', buildId: build });
      expect(report.results[0]!.buildUrl).toBeUndefined();
      const statuses = gh.statuses(HEAD);
      expect(statuses.map((s) => s.state)).toContain('failure');
      expect(statuses.map((s) => s.target_url)).toEqual(statuses.map(() => null));
      const deploymentStatuses = gh.deployments().flatMap((d) => d.statuses);
      expect(deploymentStatuses.map((s) => s.state)).toEqual(['in_progress', 'failure']);
      expect(deploymentStatuses.map((s) => s.log_url)).toEqual(['', '']);
      const sent = gh.requests.map((r) => r.body).join('\n');
      expect(sent).not.toContain(hostile);
      expect(onlyComment(gh).body).not.toContain(hostile);
      expect(summaryOf(report)).not.toContain(`](${hostile}`);
    });
  }
});

describe('hostile GitHub answers', () => {
  it('a templated `Link` to another host on the comment list: nothing is sent there, the statuses still report', async () => {
    const { rtd, gh } = stage;
    const elsewhere = await scriptedServer([answers.json(200, [])]);
    try {
      gh.addHeaders('GET', /\/issues\/\d+\/comments$/, {
        link: `<{+x}${elsewhere.url}/repos/octo/docs-repo/issues/${PR}/comments?page=2>; rel="next"`,
      });
      rtd.addBuild('demo', String(PR), { durationMs: 30_000, outcome: 'success', commit: HEAD, commitFromStart: true });
      const report = await runPreview(stage);

      expect(report.results[0]!.outcome).toBe('success');
      expect(elsewhere.hits).toEqual([]);
      expect(gh.count('GET', `/issues/${PR}/comments`)).toBeGreaterThan(0);
      const refused = stdout.annotations().find((a) => a.level === 'warning' && a.message.includes('not followed'));
      expect(refused?.message).toContain('a link to a page outside the GitHub API was not followed');
      expect(gh.statuses(HEAD).at(-1)).toMatchObject({ state: 'success', context: 'readthedocs-preview/demo' });
    } finally {
      await elsewhere.close();
    }
  });
});
