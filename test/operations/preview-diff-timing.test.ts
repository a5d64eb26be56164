// `preview` and the file tree diff's timing (issue 38 §4), in-process on a fake clock against both
// stand-ins. FACTS: the diff is written after the PR build ends: before that the answer has no
// diff (first build) or the previous build's with `outdated: true`; `{enabled: false}` comes
// without `diff`; the base is a snapshot from the PR's first build, so pages the base removed since
// show up as deleted. The step re-reads within a window, never shows an earlier build's diff as
// this push's pages, and asks a redirect only for the pages this pull request removes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { escapeMarkdown } from '../../src/reporting/markdown.js';
import { pollingPlan } from '../../src/operations/polling-plan.js';
import { captureStdout } from './context.ts';
import { HEAD, OLDER, onlyComment, PR, type PreviewStage, previewOf, previewStage, runPreview, summaryOf } from './preview-context.ts';

const stdout = captureStdout();
let stage: PreviewStage;

/** The service's own preview URL (API v2's `docs_url`), where the diff is read: no template. */
const NO_TEMPLATE = { 'preview-url-template': '' };
const AUTO = pollingPlan('auto');

interface Details {
  pages: { file: string; change?: string; earlierBuild?: boolean }[];
  fileTreeDiff?: { outdated: boolean };
  unredirected: { from: string }[];
}
const detailsOf = (report: Awaited<ReturnType<typeof runPreview>>) => report.results[0]!.details as unknown as Details;
const addonsReads = () => stage.rtd.requests.filter((r) => r.path === '/_/addons/');
const diffSleeps = () => stage.clock.sleeps.filter((ms) => ms === AUTO.diffIntervalMs);
const movedWarnings = () => stdout.annotations().filter((a) => a.title === 'Page moved without a redirect');

function pullRequestFiles(files: { filename: string; status?: 'added' | 'modified' | 'removed' | 'renamed' }[]): void {
  stage.gh.addPullRequest({ number: PR, headSha: HEAD, files });
}

beforeEach(async () => {
  stage = await previewStage({ pullRequest: false });
  pullRequestFiles([{ filename: 'docs/index.rst' }]);
  stage.gh.setFile(HEAD, '.readthedocs.yaml', 'version: 2\nsphinx:\n  configuration: docs/conf.py\n');
  // The previous push's build, long done, then this push's.
  stage.rtd.addBuild('demo', String(PR), {
    durationMs: 1000,
    outcome: 'success',
    commit: OLDER,
    commitFromStart: true,
    startedAgoMs: 600_000,
  });
  stage.rtd.addBuild('demo', String(PR), { durationMs: 20_000, outcome: 'success', commit: HEAD, commitFromStart: true });
});
afterEach(async () => {
  await stage.close();
});

describe('the diff written after the build', () => {
  it('outdated at first: read again, spaced, until current; only this push’s pages', async () => {
    stage.rtd.setFileTreeDiff('demo', String(PR), { modified: ['older.html'], deleted: ['api/older.html'] }, { commit: OLDER });
    // Written 12 s after this push's build ended: three reads 5 s apart see the earlier one.
    stage.rtd.setFileTreeDiff('demo', String(PR), { modified: ['index.html'] }, { commit: HEAD, writtenAfterMs: 12_000 });
    // The PR removes the earlier diff's deleted page's source (a `.txt` suffix the mapping does not know).
    pullRequestFiles([{ filename: 'docs/index.rst' }, { filename: 'docs/api/older.txt', status: 'removed' }]);
    const report = await runPreview(stage, NO_TEMPLATE);

    const details = detailsOf(report);
    expect(details.pages).toEqual([
      expect.objectContaining({ file: 'index.html', url: `${previewOf(stage.rtd)}index.html`, change: 'modified' }),
    ]);
    expect(details.fileTreeDiff).toMatchObject({ outdated: false });
    expect(addonsReads().length).toBeGreaterThanOrEqual(2);
    expect(diffSleeps()).toHaveLength(addonsReads().length - 1);
    expect(details.unredirected).toEqual([]);
    expect(summaryOf(report)).not.toContain('older.html');
  });

  it('never current within the window: the source files are mapped, and the earlier diff’s deletions reach no guard', async () => {
    // Only the earlier push's diff is ever written.
    stage.rtd.setFileTreeDiff('demo', String(PR), { modified: ['older.html'], deleted: ['api/legacy.html'] }, { commit: OLDER });
    // This PR does remove the page's source: were the outdated deletion fed to the guard, it would be warned about.
    pullRequestFiles([{ filename: 'docs/index.rst' }, { filename: 'docs/api/legacy.txt', status: 'removed' }]);
    stage.rtd.addRedirect('demo', { type: 'page', from_url: '/elsewhere.html', to_url: '/' });
    const report = await runPreview(stage, NO_TEMPLATE);

    const details = detailsOf(report);
    expect(details.pages).toEqual([{ file: 'docs/index.rst', url: `${previewOf(stage.rtd)}index.html` }]);
    expect(details).not.toHaveProperty('fileTreeDiff');
    expect(details.unredirected).toEqual([]);
    expect(movedWarnings()).toEqual([]);
    // Every read within the window (60 s with `auto`, one every 5 s), then no more.
    const reads = addonsReads().length;
    expect(reads).toBe(AUTO.diffWindowMs / AUTO.diffIntervalMs + 1);
    expect(summaryOf(report)).toContain(
      escapeMarkdown(
        `Read the Docs' file tree diff is still of an earlier build of this pull request after ${reads} reads: its pages ` +
          "(0 added, 1 modified, 1 deleted) may not be this push's: the changed pages are mapped from the pull request's source files",
      ),
    );
    expect(summaryOf(report)).not.toContain('older.html');
  });

  it('never current and the PR’s files unknown: the earlier build’s pages, marked as such, and still no deletion for the guard', async () => {
    stage.gh.setFile(HEAD, '.readthedocs.yaml', 'version: 2\n');
    stage.rtd.setFileTreeDiff('demo', String(PR), { modified: ['older.html'], deleted: ['api/legacy.html'] }, { commit: OLDER });
    const report = await runPreview(stage, NO_TEMPLATE);

    const details = detailsOf(report);
    expect(details.pages.map((page) => [page.file, page.change, page.earlierBuild])).toEqual([
      ['older.html', 'modified', true],
      ['api/legacy.html', 'deleted', true],
    ]);
    expect(details.fileTreeDiff).toMatchObject({ outdated: true });
    expect(details.unredirected).toEqual([]);
    expect(movedWarnings()).toEqual([]);
    expect(onlyComment(stage.gh).body).toContain("from Read the Docs' file tree diff of an earlier build, not this push)");
    expect(summaryOf(report)).toContain(escapeMarkdown("Read the Docs' file tree diff is still of an earlier build of this pull request"));
  });

  it('no diff at all (a base built without a manifest): read for a third of the window, then the source files', async () => {
    const report = await runPreview(stage, NO_TEMPLATE);

    const reads = AUTO.diffWindowMs / 3 / AUTO.diffIntervalMs + 1;
    expect(addonsReads()).toHaveLength(reads);
    expect(detailsOf(report).pages).toEqual([{ file: 'docs/index.rst', url: `${previewOf(stage.rtd)}index.html` }]);
    expect(summaryOf(report)).toContain(
      escapeMarkdown(`No file tree diff from Read the Docs (the service gives no file tree diff for this build, after ${reads} reads)`),
    );
  });

  it('a diff written late on a first build: found on a later read', async () => {
    stage.rtd.setFileTreeDiff('demo', String(PR), { added: ['new.html'] }, { commit: HEAD, writtenAfterMs: 8_000 });
    const report = await runPreview(stage, NO_TEMPLATE);

    expect(detailsOf(report).pages.map((page) => page.file)).toEqual(['new.html']);
    expect(addonsReads().length).toBeGreaterThanOrEqual(2);
  });

  it('the addon off for the project ({enabled: false}, no diff): said so, read once, the source files mapped', async () => {
    stage.rtd.setFileTreeDiff('demo', String(PR), 'off');
    const report = await runPreview(stage, NO_TEMPLATE);

    expect(addonsReads()).toHaveLength(1);
    expect(addonsReads()[0]!.query['api-version']).toBe('1');
    expect(detailsOf(report).pages).toEqual([{ file: 'docs/index.rst', url: `${previewOf(stage.rtd)}index.html` }]);
    expect(summaryOf(report)).toContain(
      escapeMarkdown(
        "No file tree diff from Read the Docs (the file tree diff is off for this project): the changed pages are mapped from the pull request's source files",
      ),
    );
  });

  it('the window is cut to half the step’s time left', async () => {
    stage.rtd.setFileTreeDiff('demo', String(PR), { modified: ['older.html'] }, { commit: OLDER });
    const report = await runPreview(stage, { ...NO_TEMPLATE, timeout: '90s' });

    expect(report.results[0]).toMatchObject({ outcome: 'success' });
    // Far fewer reads than the 60 s window's 13: at most half of what was left of 90 s after the build.
    expect(addonsReads().length).toBeLessThan(AUTO.diffWindowMs / AUTO.diffIntervalMs + 1);
  });
});

describe('deleted pages and the base', () => {
  const live = (path: string) => `/docs/demo/en/latest/${path}`;
  const liveRequests = () => stage.rtd.requests.filter((r) => r.path.startsWith('/docs/demo/en/latest/'));

  // Issue 46: the base's live docs tell a page this PR removes (still served) from one the base
  // removed since the diff's snapshot (no longer served), whatever the PR's files say.
  it('a deleted page the live docs serve gets its redirect with no removed source file; one they no longer serve does not', async () => {
    stage.rtd.setFileTreeDiff('demo', String(PR), { deleted: ['api/module-gone.html', 'api/moved-on-base.html'] }, { writtenAfterMs: 0 });
    // An autodoc module deleted from the code: no documentation source removed, the page still live.
    stage.rtd.setSitePages('demo', 'latest', { 'index.html': '<p>home</p>', 'api/module-gone.html': '<p>module</p>' });
    const report = await runPreview(stage, NO_TEMPLATE);

    expect(detailsOf(report).unredirected.map((page) => page.from)).toEqual(['/api/module-gone.html']);
    expect(movedWarnings().map((a) => a.message)).toEqual([
      expect.stringContaining(
        "/api/module-gone.html is no longer built (the service's file tree diff), the base's live docs still serve it, and no redirect of demo covers it",
      ),
    ]);
    expect(stdout.text()).toContain(
      "1 page the file tree diff lists as deleted (/api/moved-on-base.html): the base's live docs no longer serve them: they moved on the base",
    );
    // One request each, anonymous.
    expect(liveRequests().map((r) => r.path)).toEqual([live('api/module-gone.html'), live('api/moved-on-base.html')]);
    expect(liveRequests().every((r) => r.headers.authorization === undefined)).toBe(true);
  });

  it('a removed source file whose page the live docs no longer serve: no redirect asked (it moved on the base)', async () => {
    stage.rtd.setFileTreeDiff('demo', String(PR), { deleted: ['gone.html'] }, { writtenAfterMs: 0 });
    stage.rtd.setSitePages('demo', 'latest', { 'index.html': '<p>home</p>' });
    pullRequestFiles([{ filename: 'docs/index.rst' }, { filename: 'docs/gone.txt', status: 'removed' }]);
    const report = await runPreview(stage, NO_TEMPLATE);

    expect(detailsOf(report).unredirected).toEqual([]);
    expect(movedWarnings()).toEqual([]);
  });

  it('the live docs without an answer (5xx, none): judged by the PR’s files as before, each asked once', async () => {
    stage.rtd.setFileTreeDiff('demo', String(PR), { deleted: ['api/moved-on-base.html', 'gone.html'] }, { writtenAfterMs: 0 });
    stage.rtd.fault({ path: live('api/moved-on-base.html'), kind: 'status', status: 503 });
    stage.rtd.fault({ path: live('gone.html'), kind: 'reset' });
    pullRequestFiles([{ filename: 'docs/index.rst' }, { filename: 'docs/gone.txt', status: 'removed' }]);
    const report = await runPreview(stage, NO_TEMPLATE);

    expect(detailsOf(report).unredirected.map((page) => page.from)).toEqual(['/gone.html']);
    expect(movedWarnings().map((a) => a.message)).toEqual([
      expect.stringContaining("/gone.html is no longer built (the service's file tree diff) and"),
    ]);
    expect(stdout.text()).toContain(
      "1 page the file tree diff lists as deleted (/api/moved-on-base.html): are built by no file this pull request removes or renames and the base's live docs did not tell",
    );
    expect(liveRequests()).toHaveLength(2);
  });

  it('the PR’s files unknown: a deleted page the live docs do not answer for is warned about, saying it may have moved on the base instead', async () => {
    stage.gh.setFile(HEAD, '.readthedocs.yaml', 'version: 2\n');
    stage.rtd.setFileTreeDiff('demo', String(PR), { deleted: ['api/legacy.html'] }, { writtenAfterMs: 0 });
    stage.rtd.fault({ path: live('api/legacy.html'), kind: 'status', status: 500 });
    const report = await runPreview(stage, NO_TEMPLATE);

    expect(detailsOf(report).unredirected).toEqual([
      expect.objectContaining({ from: '/api/legacy.html', entry: expect.stringContaining('no longer built, or moved on the base') }),
    ]);
    expect(movedWarnings().map((a) => a.message)).toEqual([
      expect.stringContaining(
        "is no longer built (the service's file tree diff), or it moved on the base: this pull request's files are not known",
      ),
    ]);
  });

  it('the PR’s files unknown: a deleted page the live docs serve is this PR’s, its entry confirmed', async () => {
    stage.gh.setFile(HEAD, '.readthedocs.yaml', 'version: 2\n');
    stage.rtd.setFileTreeDiff('demo', String(PR), { deleted: ['api/legacy.html'] }, { writtenAfterMs: 0 });
    const report = await runPreview(stage, NO_TEMPLATE);

    expect(detailsOf(report).unredirected).toEqual([
      expect.objectContaining({ from: '/api/legacy.html', entry: expect.stringContaining('# no longer built: choose where it goes') }),
    ]);
  });

  it('without `token`, the live docs are not asked (the redirects cannot be read anyway)', async () => {
    stage.rtd.setFileTreeDiff('demo', String(PR), { deleted: ['api/legacy.html'] }, { writtenAfterMs: 0 });
    await runPreview(stage, { ...NO_TEMPLATE, token: '' });
    expect(liveRequests()).toEqual([]);
  });
});
