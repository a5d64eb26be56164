// `preview` in-process against the service's own rules (FACTS.md, "Builds" and "The service's own
// pull-request integration"): a newer push that supersedes the head's build, an automation rule that
// makes no build, and Read the Docs' own build-overview comment on a GitHub App project's PR (issue
// 20's "Done when": no second comment under `comment: auto`).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { T0 } from '../support/operation-context.ts';
import { captureStdout } from './context.ts';
import {
  GITHUB_TOKEN,
  HEAD,
  latestStatuses,
  OLDER,
  onlyComment,
  PR,
  type PreviewStage,
  pullRequestRun,
  previewOf,
  previewStage,
  runPreview,
  summaryOf,
  tableRows,
} from './preview-context.ts';

const NEWER = '5'.repeat(40);
const stdout = captureStdout();
let stage: PreviewStage;

beforeEach(async () => {
  stage = await previewStage({ pullRequest: false });
  stage.gh.addPullRequest({ number: PR, headSha: HEAD, files: [{ filename: 'docs/install.rst' }] });
  stage.gh.setFile(HEAD, '.readthedocs.yaml', 'version: 2\nsphinx:\n  configuration: docs/conf.py\n');
});
afterEach(async () => {
  await stage.close();
});

/** The project's numeric id, as API v3 gives it (the service's comment names it). */
async function projectId(slug = 'demo'): Promise<number> {
  const res = await fetch(`${stage.rtd.url}/api/v3/projects/${slug}/`, { headers: { authorization: 'Token test-token' } });
  return ((await res.json()) as { id: number }).id;
}

const headBuild = () =>
  stage.rtd.addBuild('demo', String(PR), { durationMs: 20_000, outcome: 'success', commit: HEAD, commitFromStart: true });

describe('a newer push supersedes the head’s build while preview waits', () => {
  it('superseded: green, the row and the status name the newer build, the deployment ends inactive, no second trigger', async () => {
    const { rtd, gh, clock } = stage;
    rtd.pullRequest('demo', PR, { commit: HEAD, plan: { durationMs: 60_000, outcome: 'success' } });
    clock.at(T0 + 12_000, () => rtd.pullRequest('demo', PR, { commit: NEWER, plan: { durationMs: 60_000, outcome: 'success' } }));
    const report = await runPreview(stage);

    const [result] = report.results;
    expect(result).toMatchObject({ outcome: 'superseded', buildId: 1, commit: HEAD, details: { previewStatus: 'superseded' } });
    expect(result!.supersededBy).toMatchObject({ buildId: 2, commit: NEWER });
    const [row] = tableRows(onlyComment(gh).body);
    expect(row).toContain('🔀 Superseded');
    expect(onlyComment(gh).body).toContain(`build \\#2 of ${NEWER}`);
    expect(latestStatuses(gh, HEAD).get('readthedocs-preview/demo')).toMatchObject({
      state: 'success',
      description: 'Superseded by build #2 of a newer commit: no preview of this one',
      target_url: `${rtd.url}/projects/demo/builds/2/`,
    });
    expect(gh.deployments()[0]!.statuses.map((s) => s.state)).toEqual(['in_progress', 'inactive']);
    // Noticed at the poll after the push, not at the newer build's end.
    expect(rtd.builds('demo')[1]!.state).not.toBe('finished');
    expect(rtd.count('POST', /./)).toBe(0);
    expect(summaryOf(report)).toContain('### Superseded: demo');
  });
});

describe('an automation rule that makes no build of the head', () => {
  function skippedHead(): void {
    const { rtd, clock } = stage;
    rtd.addAutomationRule('demo', { versionTypes: ['external'], labels: '^docs$' });
    rtd.pullRequest('demo', PR, { commit: OLDER, labels: ['docs'], plan: { durationMs: 1000, outcome: 'success' } });
    // The head comes 2 s into the run, without the label: the version moves to it, and no build.
    clock.at(T0 + 2000, () => expect(rtd.pullRequest('demo', PR, { commit: HEAD, labels: [] })).toBeNull());
  }

  it('skipped, a look past the grace minute: a success status saying so, no trigger even with trigger: true', async () => {
    const { rtd, gh } = stage;
    skippedHead();
    const report = await runPreview(stage, { trigger: 'true' });

    const [result] = report.results;
    expect(result).toMatchObject({ outcome: 'skipped', title: 'Build skipped', details: { previewStatus: 'skipped' } });
    expect(result!.reason).toContain('automation rule');
    expect(result!.buildId).toBeUndefined();
    expect(latestStatuses(gh, HEAD).get('readthedocs-preview/demo')).toMatchObject({
      state: 'success',
      description: 'No build: an automation rule of the project skipped this commit',
    });
    expect(tableRows(onlyComment(gh).body)[0]).toContain('⏭️ Skipped');
    expect(onlyComment(gh).body).toContain('automation rule');
    // Not triggered: a trigger would rebuild the older commit.
    expect(rtd.count('POST', /./)).toBe(0);
    // The version's identifier learnt without a whole API v2 build (commands and output included).
    expect(rtd.requests.filter((r) => /^\/api\/v2\/build\//.test(r.path))).toEqual([]);
    // The look at 60 s saw the version at the head once; the one at 65 s again.
    expect(rtd.requests.filter((r) => r.query.commit === HEAD)).toHaveLength(14);
    expect(stdout.text()).toContain('looking once more before taking it as skipped');
  });

  it('a pull request the service never built (a rule skipped its every push): skipped, its version found in API v2’s list, no build read', async () => {
    const { rtd } = stage;
    rtd.addAutomationRule('demo', { versionTypes: ['external'], labels: '^docs$' });
    expect(rtd.pullRequest('demo', PR, { commit: HEAD, labels: [] })).toBeNull();
    expect(rtd.builds('demo')).toEqual([]);
    const report = await runPreview(stage);

    expect(report.results[0]).toMatchObject({ outcome: 'skipped', title: 'Build skipped' });
    expect(rtd.requests.filter((r) => /^\/api\/v2\/build\//.test(r.path))).toEqual([]);
    expect(rtd.requests.filter((r) => r.path === '/api/v2/version/' && r.query.project__slug === 'demo')).toHaveLength(1);
    expect(rtd.requests.every((r) => !r.path.startsWith('/api/v2/') || r.headers.authorization === undefined)).toBe(true);
  });

  it('without a rule and with the webhook lost (the version still at the older commit): the warning asks about the rules too', async () => {
    const { rtd } = stage;
    rtd.pullRequest('demo', PR, { commit: OLDER, plan: { durationMs: 1000, outcome: 'success' } });
    const report = await runPreview(stage, { timeout: '90s' });

    expect(report.results[0]).toMatchObject({ outcome: 'timed-out' });
    const warning = stdout.annotations().find((a) => a.title === 'No preview build yet')!;
    expect(warning.message).toContain('webhook automation rule');
  });
});

describe("Read the Docs' own PR comment (GitHub App projects)", () => {
  it('comment: auto (the default) and the service’s comment on the PR: no comment of the action’s; status, deployment and summary stay', async () => {
    const { rtd, gh } = stage;
    headBuild();
    const service = gh.addServiceComment(PR, await projectId(), { commit: HEAD });
    gh.addServiceStatus(HEAD, 'demo', 'pending');
    const report = await runPreview(stage);

    expect(report.results[0]).toMatchObject({ outcome: 'success', previewUrl: previewOf(rtd) });
    // Ours says "building" while the build runs, and goes once every project is ready at the head
    // commit and the service's comment is about it.
    expect(gh.comments(PR).map((c) => c.id)).toEqual([service]);
    expect(gh.count('POST', /\/comments$/)).toBe(1);
    expect(gh.count('DELETE', /\/comments\//)).toBe(1);
    expect(gh.requests.filter((r) => r.path.endsWith(`/comments/${service}`))).toEqual([]);
    expect(latestStatuses(gh, HEAD).get('readthedocs-preview/demo')).toMatchObject({ state: 'success' });
    // The service's own status is its own.
    expect(latestStatuses(gh, HEAD).get('docs/readthedocs:demo')).toMatchObject({ state: 'pending' });
    expect(gh.deployments()[0]!.statuses.map((s) => s.state)).toEqual(['in_progress', 'success']);
    expect(summaryOf(report)).toContain(
      `own comment](https://github.com/octo/docs-repo/pull/${PR}#issuecomment-${service}) (no comment of`,
    );
    expect(summaryOf(report)).toContain(`](${previewOf(rtd)})`);
  });

  it('an earlier comment of the action’s is removed once the service’s reports every project', async () => {
    const { gh } = stage;
    headBuild();
    await runPreview(stage);
    const ours = onlyComment(gh).id;
    const service = gh.addServiceComment(PR, await projectId(), { commit: HEAD });
    await runPreview(stage);

    expect(gh.comments(PR).map((c) => c.id)).toEqual([service]);
    expect(gh.count('DELETE', `/issues/comments/${ours}`)).toBe(1);
    expect(stdout.text()).toContain("the action's comment is removed");
  });

  it('comment: comment keeps the action’s comment, with its verification, linking to the service’s and leaving it the changed files', async () => {
    const { rtd, gh } = stage;
    headBuild();
    const service = gh.addServiceComment(PR, await projectId(), { commit: HEAD });
    await runPreview(stage, { comment: 'comment' });

    const comments = gh.comments(PR);
    expect(comments).toHaveLength(2);
    const ours = comments.find((c) => c.id !== service)!;
    expect(tableRows(ours.body)[0]).toContain(`[Preview](${previewOf(rtd)})`);
    expect(ours.body).toContain(
      `Read the Docs' own comment (changed files): [demo](https://github.com/octo/docs-repo/pull/${PR}#issuecomment-${service})`,
    );
    expect(ours.body).not.toContain('Changed pages in demo');
    expect(
      gh
        .comments(PR)
        .find((c) => c.id === service)!
        .body.startsWith('<!-- readthedocs-'),
    ).toBe(true);
  });

  it('several projects, one without the service’s comment: the action’s comment shows both and links the one', async () => {
    const { rtd, gh } = stage;
    rtd.addProject({ slug: 'api-docs', versions: [{ slug: String(PR), type: 'external' }] });
    headBuild();
    rtd.addBuild('api-docs', String(PR), { durationMs: 20_000, outcome: 'success', commit: HEAD, commitFromStart: true });
    const service = gh.addServiceComment(PR, await projectId('demo'), { commit: HEAD });
    await runPreview(stage, {
      project: 'demo, api-docs',
      'preview-url-template': `${rtd.url}/docs/{project}--{version}/{language}/{version}/`,
    });

    const ours = gh.comments(PR).find((c) => c.id !== service)!;
    expect(tableRows(ours.body)).toHaveLength(2);
    expect(ours.body).toContain(`(changed files): [demo](https://github.com/octo/docs-repo/pull/${PR}#issuecomment-${service})`);
    expect(ours.body).toContain('Changed pages in api-docs');
  });

  it.each([
    ['a person', { login: 'mallory', type: 'User' as const }],
    ['a user whose login ends in [bot]', { login: 'mallory[bot]', type: 'User' as const }],
    ['the token’s own account', { login: 'github-actions[bot]', type: 'Bot' as const }],
    // Issue 30, item 7: only the service's app speaks for it, not any app.
    ['another GitHub App', { login: 'some-app[bot]', type: 'Bot' as const }],
  ])('a copy of the marker by %s is not the service’s: the action comments, and leaves it alone', async (_who, user) => {
    const { gh } = stage;
    headBuild();
    const copy = gh.addComment(
      PR,
      `<!-- readthedocs-${await projectId()} -->\nComparing ${HEAD} against latest. Preview: https://evil.example/`,
      user,
    );
    await runPreview(stage);

    const comments = gh.comments(PR);
    expect(comments).toHaveLength(2);
    const ours = comments.find((c) => c.id !== copy)!;
    expect(ours.body).not.toContain('own comment');
    expect(ours.body).not.toContain(`issuecomment-${copy}`);
    expect(comments.find((c) => c.id === copy)!.body).toContain('evil.example');
    expect(gh.requests.filter((r) => r.path.endsWith(`/comments/${copy}`))).toEqual([]);
  });

  it("another project's service comment does not count", async () => {
    const { gh } = stage;
    headBuild();
    gh.addServiceComment(PR, (await projectId()) + 100);
    await runPreview(stage);

    expect(gh.comments(PR)).toHaveLength(2);
    expect(gh.requests.every((r) => r.headers.authorization === `token ${GITHUB_TOKEN}`)).toBe(true);
  });

  it('the GitHub stand-in writes the service’s comment as the service does (FACTS): after successes only, not once the PR is closed', async () => {
    const { gh } = stage;
    const id = await projectId();
    // Created only when files changed.
    expect(gh.serviceBuildEnded(PR, id, { commit: OLDER, success: true, filesChanged: false })).toBeUndefined();
    expect(gh.serviceBuildEnded(PR, id, { commit: OLDER, success: false })).toBeUndefined();
    const service = gh.serviceBuildEnded(PR, id, { commit: OLDER, success: true })!;
    expect(gh.comments(PR)[0]!.body).toContain(`Comparing ${OLDER} against`);
    expect(gh.comments(PR)[0]!.user).toEqual({ login: 'readthedocs[bot]', type: 'Bot' });
    // A failed build leaves it; a later success edits it, "No files changed" too.
    gh.serviceBuildEnded(PR, id, { commit: HEAD, success: false });
    expect(gh.comments(PR)[0]!.body).toContain(`Comparing ${OLDER} against`);
    expect(gh.serviceBuildEnded(PR, id, { commit: HEAD, success: true, filesChanged: false })).toBe(service);
    expect(gh.comments(PR)[0]!.body).toContain(`Comparing ${HEAD} against`);
    expect(gh.comments(PR)[0]!.body).toContain('No files changed.');
    // Closed: no write.
    gh.addPullRequest({ number: PR, headSha: NEWER, state: 'closed' });
    gh.serviceBuildEnded(PR, id, { commit: NEWER, success: true });
    expect(gh.comments(PR)).toHaveLength(1);
    expect(gh.comments(PR)[0]!.body).toContain(`Comparing ${HEAD} against`);
  });

  // Issue 29, §1: the service writes its comment only after a successful build and never touches it
  // after a failed one, so after a failing push it still shows the older, green build.
  describe('`comment: auto` never hides what the head commit got', () => {
    /** A green build of OLDER that the service's comment reports (FACTS: written after its success). */
    async function olderGreen(): Promise<number> {
      const { rtd, gh } = stage;
      rtd.addBuild('demo', String(PR), { durationMs: 5000, outcome: 'success', commit: OLDER, commitFromStart: true });
      return gh.serviceBuildEnded(PR, await projectId(), { commit: OLDER, success: true })!;
    }

    it('the head’s build fails while the service’s comment shows the older green one: ours says failed, the service’s untouched, red', async () => {
      const { rtd, gh, clock } = stage;
      const service = await olderGreen();
      const before = gh.comments(PR).find((c) => c.id === service)!.body;
      clock.at(T0 + 1000, () =>
        rtd.addBuild('demo', String(PR), { durationMs: 10_000, outcome: 'failure', commit: HEAD, commitFromStart: true }),
      );
      // The failed build leaves the service's comment as it was.
      expect(gh.serviceBuildEnded(PR, await projectId(), { commit: HEAD, success: false })).toBe(service);
      const report = await runPreview(stage);

      expect(report.results[0]).toMatchObject({ outcome: 'failed', details: { previewStatus: 'failed' } });
      const ours = gh.comments(PR).find((c) => c.id !== service)!;
      expect(tableRows(ours.body)[0]).toContain('❌ Failed');
      // The stale comment is not linked for the changed files either.
      expect(ours.body).not.toContain(`issuecomment-${service}`);
      expect(gh.comments(PR).find((c) => c.id === service)!.body).toBe(before);
      expect(gh.requests.filter((r) => r.path.endsWith(`/comments/${service}`))).toEqual([]);
      expect(gh.count('DELETE', /\/comments\//)).toBe(0);
      expect(latestStatuses(gh, HEAD).get('readthedocs-preview/demo')).toMatchObject({ state: 'failure' });
      expect(stdout.text()).not.toContain('no comment of the action');
    });

    it('timed out while the head builds: ours says so', async () => {
      const { rtd, gh } = stage;
      const service = await olderGreen();
      rtd.addBuild('demo', String(PR), { durationMs: 3_600_000, outcome: 'success', commit: HEAD, commitFromStart: true });
      const report = await runPreview(stage, { timeout: '2m' });

      expect(report.results[0]).toMatchObject({ outcome: 'timed-out' });
      const ours = gh.comments(PR).find((c) => c.id !== service)!;
      expect(tableRows(ours.body)[0]).toContain('⏱️ Timed out');
    });

    it('ready at the head before the service’s comment caught up: ours stays, with the changed pages of its own', async () => {
      const { rtd, gh } = stage;
      const service = await olderGreen();
      headBuild();
      const report = await runPreview(stage);

      expect(report.results[0]).toMatchObject({ outcome: 'success', previewUrl: previewOf(rtd) });
      const ours = gh.comments(PR).find((c) => c.id !== service)!;
      expect(tableRows(ours.body)[0]).toContain(`[Preview](${previewOf(rtd)})`);
      expect(ours.body).not.toContain(`issuecomment-${service}`);
      expect(ours.body).toContain('Changed pages in demo');
    });

    it('a later green push that the service’s comment catches up with: ours is removed again', async () => {
      const { rtd, gh, clock } = stage;
      const service = await olderGreen();
      clock.at(T0 + 1000, () =>
        rtd.addBuild('demo', String(PR), { durationMs: 10_000, outcome: 'failure', commit: HEAD, commitFromStart: true }),
      );
      await runPreview(stage);
      const ours = gh.comments(PR).find((c) => c.id !== service)!.id;

      // The fix: a newer head, built green; the service edits its comment to name it.
      gh.addPullRequest({ number: PR, headSha: NEWER, files: [{ filename: 'docs/install.rst' }] });
      gh.setFile(NEWER, '.readthedocs.yaml', 'version: 2\nsphinx:\n  configuration: docs/conf.py\n');
      rtd.addBuild('demo', String(PR), { durationMs: 5000, outcome: 'success', commit: NEWER, commitFromStart: true });
      expect(gh.serviceBuildEnded(PR, await projectId(), { commit: NEWER, success: true })).toBe(service);
      const run = pullRequestRun(gh);
      await runPreview(stage, {}, { ...run, pullRequest: { ...run.pullRequest!, headSha: NEWER } });

      expect(gh.comments(PR).map((c) => c.id)).toEqual([service]);
      expect(gh.count('DELETE', `/issues/comments/${ours}`)).toBe(1);
      expect(stdout.text()).toContain("the action's comment is removed");
    });
  });
});
