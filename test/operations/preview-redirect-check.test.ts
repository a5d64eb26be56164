// `redirect-check` in `preview`, in-process against both stand-ins: the pages a pull request moves
// or removes without a redirect, in the comment (with the entries to paste), the summary, the
// `results`, as warning annotations on their files; covered by the project's redirects or by the
// PR's project file; `fail` turns the project and its commit status red; `off` asks nothing. Issue
// 24's "Done when" for the guard is the first two tests; test/e2e/preview.test.ts runs the guard
// through dist/ on its removed page.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureStdout } from './context.ts';
import {
  HEAD,
  latestStatuses,
  onlyComment,
  PR,
  previewOf,
  previewStage,
  runPreview,
  summaryOf,
  tableRows,
  type PreviewStage,
} from './preview-context.ts';

let stage: PreviewStage;
const stdout = captureStdout();

beforeEach(async () => {
  stage = await previewStage({ pullRequest: false });
  stage.gh.addPullRequest({
    number: PR,
    headSha: HEAD,
    files: [
      { filename: 'docs/getting-started/install.rst', status: 'renamed', previous_filename: 'docs/install.rst' },
      { filename: 'docs/old-page.rst', status: 'removed' },
      { filename: 'docs/index.rst' },
    ],
  });
  stage.gh.setFile(HEAD, '.readthedocs.yaml', 'version: 2\nsphinx:\n  configuration: docs/conf.py\n');
  stage.rtd.addBuild('demo', String(PR), { durationMs: 20_000, outcome: 'success', commit: HEAD, commitFromStart: true });
});
afterEach(async () => {
  await stage.close();
});

const INSTALL = '- {type: page, from: /install.html, to: /getting-started/install.html}';
const OLD_PAGE = '- {type: page, from: /old-page.html, to:}';
const warnings = () => stdout.annotations().filter((a) => a.level === 'warning');
const redirectReads = () => stage.rtd.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/redirects/')).length;

describe('preview: redirect-check', () => {
  it('warn (default): the entries to paste in the comment, summary and results, a warning on each file, a green step', async () => {
    const report = await runPreview(stage);

    const [result] = report.results;
    expect(result!.outcome).toBe('success');
    const details = result!.details as { unredirected: { file: string; from: string; to?: string; entry: string }[] };
    expect(details.unredirected.map((p) => [p.file, p.from, p.to ?? null])).toEqual([
      ['docs/install.rst', '/install.html', '/getting-started/install.html'],
      ['docs/old-page.rst', '/old-page.html', null],
    ]);
    expect(details.unredirected[0]!.entry).toContain(INSTALL);

    const body = onlyComment(stage.gh).body;
    expect(tableRows(body)[0]).toContain('✅ Ready');
    expect(body).toContain('#### Pages moved or removed without a redirect (demo)');
    expect(body).toContain(`${INSTALL}  # docs/install.rst → docs/getting-started/install.rst`);
    expect(body).toContain(`${OLD_PAGE}  # docs/old-page.rst removed: choose where it goes`);
    expect(summaryOf(report)).toContain(INSTALL);

    expect(warnings().map((w) => [w.title, w.file])).toEqual([
      ['Page moved without a redirect', 'docs/getting-started/install.rst'],
      ['Page moved without a redirect', 'docs/old-page.rst'],
    ]);
    expect(warnings()[0]!.message).toContain('/install.html');
    // The suggested page was checked on the preview before it was suggested.
    expect(stage.rtd.requests.some((r) => r.path === new URL(`${previewOf(stage.rtd)}getting-started/install.html`).pathname)).toBe(true);
    expect(latestStatuses(stage.gh, HEAD).get('readthedocs-preview/demo')).toMatchObject({ state: 'success' });
  });

  it("a page covered by the project's redirects (any spelling of the normal form, or a `*` prefix) is not suggested", async () => {
    stage.rtd.addRedirect('demo', { type: 'page', from_url: 'install.html/', to_url: '/getting-started/install.html' });
    stage.rtd.addRedirect('demo', { type: 'exact', from_url: '/en/latest/old-*', to_url: '/en/latest/' });
    const report = await runPreview(stage);

    expect((report.results[0]!.details as { unredirected: unknown[] }).unredirected).toEqual([]);
    expect(onlyComment(stage.gh).body).not.toContain('Pages moved or removed without a redirect');
    expect(warnings()).toEqual([]);
  });

  it("a redirect in the PR's project file covers the page; a disabled one does not", async () => {
    stage.gh.setFile(
      HEAD,
      '.github/readthedocs-project.yml',
      'redirects:\n  - {type: page, from: /install.html, to: /getting-started/install.html}\n  - {type: page, from: /old-page.html, to: /x.html, enabled: false}\n',
    );
    const report = await runPreview(stage);
    expect((report.results[0]!.details as { unredirected: { from: string }[] }).unredirected.map((p) => p.from)).toEqual([
      '/old-page.html',
    ]);
  });

  it('a new page that does not answer on the preview is not suggested as `to`', async () => {
    stage.rtd.fault({ kind: 'status', status: 404, method: 'GET', path: '/getting-started/install.html', times: 10 });
    const report = await runPreview(stage);
    const pages = (report.results[0]!.details as { unredirected: { from: string; to?: string; entry: string }[] }).unredirected;
    expect(pages[0]).toMatchObject({ from: '/install.html' });
    expect(pages[0]!.to).toBeUndefined();
    expect(pages[0]!.entry).toContain('- {type: page, from: /install.html, to:}');
  });

  it('fail: the project and its commit status turn red while the row keeps the ready preview', async () => {
    const report = await runPreview(stage, { 'redirect-check': 'fail' });
    const [result] = report.results;
    expect(result!.outcome).toBe('failed');
    expect(result!.title).toBe('Pages moved or removed without a redirect');
    expect(result!.reason).toContain(INSTALL);
    expect(latestStatuses(stage.gh, HEAD).get('readthedocs-preview/demo')).toMatchObject({
      state: 'failure',
      description: '2 page(s) moved or removed without a redirect',
    });
    const body = onlyComment(stage.gh).body;
    expect(tableRows(body)[0]).toContain('✅ Ready');
    expect(body).toContain(INSTALL);
  });

  it('without `token` the redirects cannot be read: nothing is suggested, the log says why', async () => {
    const report = await runPreview(stage, { token: '' });
    expect(redirectReads()).toBe(0);
    expect((report.results[0]!.details as { unredirected: unknown[] }).unredirected).toEqual([]);
    expect(stdout.text()).toContain('2 page(s) moved or removed; their redirects are not checked without `token`');
  });

  it('off: no redirect is read and nothing is reported', async () => {
    const report = await runPreview(stage, { 'redirect-check': 'off' });
    expect(redirectReads()).toBe(0);
    expect(report.results[0]!.details).not.toHaveProperty('unredirected');
    expect(warnings()).toEqual([]);
  });
});
