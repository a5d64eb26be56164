// `redirect-check` in `preview`, in-process against both stand-ins: the pages a pull request moves
// or removes without a redirect, in the comment (with the entries to paste), the summary, the
// `results`, as warning annotations on their files; covered by the project's redirects or by the
// PR's project file; `fail` turns the project and its commit status red; `off` asks nothing. Issue
// 24's "Done when" for the guard is the first two tests; test/e2e/preview.test.ts runs the guard
// through dist/ on its removed page, an `htmldir` rename and 60 renamed pages. Issue 29 §4 (pages as
// the service serves them: `htmldir`, the build's resolved configuration, an index page's two
// addresses, `exact` redirects under every version and a subproject's path, the clean-URL types)
// and issue 30's 4 (the new addresses checked at once, under one small budget) are the second block.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_TARGET_CHECKS } from '../../src/operations/preview/redirect-check.ts';
import { pollingPlan } from '../../src/operations/polling-plan.ts';
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
    // The job summary's verdict says what the comment's heading says: ⚠️ and the pages, never ✅.
    expect(body).toContain('⚠️ Read the Docs preview: ready · 2 pages moved or removed without a redirect');
    expect(summaryOf(report).split('\n')[0]).toBe(
      '## ⚠️ Read the Docs preview: demo ready \\(2 pages moved or removed without a redirect\\)',
    );

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
      description: '2 pages moved or removed without a redirect (build #1; the preview is ready)',
    });
    // One verdict (issue 47): the row is ❌ with the gate's words, its preview still linked.
    const body = onlyComment(stage.gh).body;
    expect(tableRows(body)[0]).toMatch(/^\| demo \| ❌ 2 pages moved or removed without a redirect \| \[Preview\]\(/);
    expect(body).toContain('### ❌ Read the Docs preview: 2 pages moved or removed without a redirect\n');
    expect(body).toContain(INSTALL);
  });

  it('without `token` the redirects cannot be read: nothing is suggested, the log says why', async () => {
    const report = await runPreview(stage, { token: '' });
    expect(redirectReads()).toBe(0);
    expect((report.results[0]!.details as { unredirected: unknown[] }).unredirected).toEqual([]);
    expect(stdout.text()).toContain('2 pages moved or removed; redirects are not checked without `token`');
  });

  it('off: no redirect is read and nothing is reported', async () => {
    const report = await runPreview(stage, { 'redirect-check': 'off' });
    expect(redirectReads()).toBe(0);
    expect(report.results[0]!.details).not.toHaveProperty('unredirected');
    expect(warnings()).toEqual([]);
  });
});

type Unredirected = { file: string; from: string; to?: string; entry: string }[];
const unredirectedOf = (report: Awaited<ReturnType<typeof runPreview>>) =>
  (report.results[0]!.details as { unredirected: Unredirected }).unredirected;

describe('preview: redirect-check reads pages as the service serves them', () => {
  it('`sphinx.builder: htmldir` (a synonym of dirhtml) gives directory addresses: /install/ → /getting-started/install/', async () => {
    stage.gh.setFile(HEAD, '.readthedocs.yaml', 'version: 2\nsphinx:\n  configuration: docs/conf.py\n  builder: htmldir\n');
    const report = await runPreview(stage);
    expect(unredirectedOf(report).map((p) => [p.from, p.to ?? null])).toEqual([
      ['/install/', '/getting-started/install/'],
      ['/old-page/', null],
    ]);
    expect(unredirectedOf(report)[0]!.entry).toContain('- {type: page, from: /install/, to: /getting-started/install/}');
  });

  it("the build's resolved configuration (`?expand=config`, doctype sphinx_htmldir) wins over the file's reading, asked once", async () => {
    await stage.close();
    stage = await previewStage({ pullRequest: false });
    stage.gh.addPullRequest({
      number: PR,
      headSha: HEAD,
      files: [{ filename: 'docs/getting-started/install.rst', status: 'renamed', previous_filename: 'docs/install.rst' }],
    });
    // The file names no builder (html); the service built with htmldir (e.g. a builder set elsewhere).
    stage.gh.setFile(HEAD, '.readthedocs.yaml', 'version: 2\nsphinx:\n  configuration: docs/conf.py\n');
    const id = stage.rtd.addBuild('demo', String(PR), {
      durationMs: 20_000,
      outcome: 'success',
      commit: HEAD,
      commitFromStart: true,
      config: { version: 2, doctype: 'sphinx_htmldir', sphinx: { builder: 'sphinx_htmldir', configuration: 'docs/conf.py' } },
    });
    const report = await runPreview(stage);
    expect(unredirectedOf(report).map((p) => [p.from, p.to ?? null])).toEqual([['/install/', '/getting-started/install/']]);
    const configReads = stage.rtd.requests.filter((r) => r.path === `/api/v3/projects/demo/builds/${id}/` && r.query.expand === 'config');
    expect(configReads).toHaveLength(1);
  });

  it("a configuration the service does not resolve (`generic`, none, an odd shape) leaves the file's reading", async () => {
    await stage.close();
    stage = await previewStage({ pullRequest: false });
    stage.gh.addPullRequest({
      number: PR,
      headSha: HEAD,
      files: [{ filename: 'docs/getting-started/install.rst', status: 'renamed', previous_filename: 'docs/install.rst' }],
    });
    stage.gh.setFile(HEAD, '.readthedocs.yaml', 'version: 2\nsphinx:\n  configuration: docs/conf.py\n  builder: dirhtml\n');
    stage.rtd.addBuild('demo', String(PR), {
      durationMs: 20_000,
      outcome: 'success',
      commit: HEAD,
      commitFromStart: true,
      config: { doctype: ['sphinx'], sphinx: 'html' },
    });
    const report = await runPreview(stage);
    expect(report.results[0]!.outcome).toBe('success');
    expect(unredirectedOf(report).map((p) => p.from)).toEqual(['/install/']);
  });

  it('a removed index page needs both its addresses covered: /guide/index.html and /guide/', async () => {
    await stage.close();
    stage = await previewStage({ pullRequest: false });
    stage.gh.addPullRequest({ number: PR, headSha: HEAD, files: [{ filename: 'docs/guide/index.rst', status: 'removed' }] });
    stage.gh.setFile(HEAD, '.readthedocs.yaml', 'version: 2\nsphinx:\n  configuration: docs/conf.py\n');
    stage.rtd.addBuild('demo', String(PR), { durationMs: 20_000, outcome: 'success', commit: HEAD, commitFromStart: true });
    stage.rtd.addRedirect('demo', { type: 'page', from_url: '/guide/index.html', to_url: '/manual.html' });
    const report = await runPreview(stage);
    expect(unredirectedOf(report).map((p) => p.entry.split('  #')[0])).toEqual(['- {type: page, from: /guide/, to:}']);
  });

  it('`exact` redirects count under every version the project serves, not only its default one', async () => {
    stage.rtd.addVersion('demo', { slug: 'v2.0', active: true });
    stage.rtd.addRedirect('demo', { type: 'exact', from_url: '/en/v2.0/install.html', to_url: '/en/v2.0/getting-started/install.html' });
    // Another language is another project (its translation): no cover for demo's pages.
    stage.rtd.addRedirect('demo', { type: 'exact', from_url: '/ja/latest/old-page.html', to_url: '/ja/latest/' });
    const report = await runPreview(stage);
    expect(unredirectedOf(report).map((p) => p.from)).toEqual(['/old-page.html']);
  });

  it("a subproject's `exact` redirects are matched under its /projects/{alias}/ path", async () => {
    stage.rtd.addProject({ slug: 'parent', name: 'Parent' });
    stage.rtd.addSubproject('parent', 'demo', 'api');
    stage.rtd.addRedirect('demo', { type: 'exact', from_url: '/projects/api/en/latest/install.html', to_url: '/projects/api/en/latest/' });
    stage.rtd.addRedirect('demo', { type: 'exact', from_url: '/en/latest/old-page.html', to_url: '/en/latest/' });
    // The subproject's preview is served from its parent's host, under /projects/api/.
    const report = await runPreview(stage, {
      'preview-url-template': `${stage.rtd.url}/docs/parent--{version}/projects/api/{language}/{version}/`,
    });
    expect(report.results[0]!.outcome).toBe('success');
    expect(unredirectedOf(report).map((p) => p.from)).toEqual(['/old-page.html']);
  });

  it('`clean_url_to_html` covers an index page that becomes a page of its own (guide/index.rst → guide.rst), not a removed one', async () => {
    await stage.close();
    stage = await previewStage({ pullRequest: false });
    stage.gh.addPullRequest({
      number: PR,
      headSha: HEAD,
      files: [
        { filename: 'docs/guide.rst', status: 'renamed', previous_filename: 'docs/guide/index.rst' },
        { filename: 'docs/setup/index.rst', status: 'removed' },
      ],
    });
    stage.gh.setFile(HEAD, '.readthedocs.yaml', 'version: 2\nsphinx:\n  configuration: docs/conf.py\n');
    stage.rtd.addBuild('demo', String(PR), { durationMs: 20_000, outcome: 'success', commit: HEAD, commitFromStart: true });
    stage.rtd.addRedirect('demo', { type: 'clean_url_to_html', from_url: '', to_url: '' });
    const report = await runPreview(stage);
    expect(unredirectedOf(report).map((p) => p.from)).toEqual(['/setup/', '/setup/index.html']);
  });
});

describe('preview: redirect-check looks up the new addresses at once, under one small budget', () => {
  const RENAMED = 60;
  async function renamedPages(): Promise<void> {
    await stage.close();
    stage = await previewStage({ pullRequest: false });
    stage.gh.addPullRequest({
      number: PR,
      headSha: HEAD,
      files: Array.from({ length: RENAMED }, (_, i) => {
        const name = `page-${String(i).padStart(2, '0')}.rst`;
        return { filename: `docs/moved/${name}`, status: 'renamed', previous_filename: `docs/${name}` };
      }),
    });
    stage.gh.setFile(HEAD, '.readthedocs.yaml', 'version: 2\nsphinx:\n  configuration: docs/conf.py\n');
    stage.rtd.addBuild('demo', String(PR), { durationMs: 20_000, outcome: 'success', commit: HEAD, commitFromStart: true });
  }
  // The changed pages (the first 20 new files, page-00 to page-19) are looked up first; the guard
  // reuses what they found and looks up the rest.
  const guardLookups = () => stage.rtd.requests.filter((r) => /\/moved\/page-([2-5]\d)\.html$/.test(r.path));

  it('60 renamed pages whose new address answers 404: at most 20 more looked up, once each, no `to` suggested, the step green', async () => {
    await renamedPages();
    stage.rtd.fault({ kind: 'status', status: 404, method: 'GET', path: '/moved/', times: 1000 });
    const report = await runPreview(stage);
    expect(report.results[0]!.outcome).toBe('success');
    const pages = unredirectedOf(report);
    expect(pages).toHaveLength(50);
    expect(pages.every((p) => p.to === undefined && p.entry.includes(', to:}'))).toBe(true);
    // A 404 of a ready preview is final: no second look, and no wait between pages.
    const looked = guardLookups().map((r) => r.path.slice(r.path.lastIndexOf('/') + 1));
    expect(looked).toHaveLength(MAX_TARGET_CHECKS);
    expect(new Set(looked).size).toBe(MAX_TARGET_CHECKS);
    expect(stdout.text()).toContain(`${50 - 2 * MAX_TARGET_CHECKS} new page addresses were not looked up on the preview`);
    // The changed pages' second round came after one wait for all of them, not one each; the guard's 404s need none.
    expect(stage.clock.sleeps.filter((ms) => ms === pollingPlan('auto').previewRetryMs)).toHaveLength(1);
  });

  it('60 renamed pages, 50 listed: the heading, section, summary, results and commit status count all 60', async () => {
    await renamedPages();
    stage.rtd.fault({ kind: 'status', status: 404, method: 'GET', path: '/moved/', times: 1000 });
    const report = await runPreview(stage, { 'redirect-check': 'fail' });
    const [result] = report.results;
    expect(unredirectedOf(report)).toHaveLength(50);
    expect((result!.details as { unredirectedTotal?: number }).unredirectedTotal).toBe(RENAMED);
    expect(result!.reason).toMatch(/^60 pages moved or removed without a redirect/);
    const body = onlyComment(stage.gh).body;
    expect(body.split('\n').find((line) => line.startsWith('### '))).toContain('60 pages moved or removed without a redirect');
    expect(body).toContain('60 pages lose their address (the first 50 below)');
    expect(summaryOf(report)).toContain('60 pages lose their address (the first 50 below)');
    expect(latestStatuses(stage.gh, HEAD).get('readthedocs-preview/demo')).toMatchObject({
      state: 'failure',
      description: '60 pages moved or removed without a redirect (build #1; the preview is ready)',
    });
  });

  it('an address that gets no answer is looked up again once, with the others, after one wait', async () => {
    await renamedPages();
    stage.rtd.fault({ kind: 'reset', method: 'GET', path: '/moved/page-20.html', times: 1 });
    stage.rtd.fault({ kind: 'status', status: 503, method: 'GET', path: '/moved/page-21.html', times: 5 });
    const report = await runPreview(stage);
    const pages = unredirectedOf(report);
    expect(pages[20]).toMatchObject({ from: '/page-20.html', to: '/moved/page-20.html' });
    expect(pages[21]!.to).toBeUndefined();
    expect(pages[22]).toMatchObject({ to: '/moved/page-22.html' });
    expect(pages[0]).toMatchObject({ to: '/moved/page-00.html' });
    expect(stage.rtd.requests.filter((r) => r.path.endsWith('/moved/page-20.html'))).toHaveLength(2);
    expect(stage.rtd.requests.filter((r) => r.path.endsWith('/moved/page-21.html'))).toHaveLength(2);
    expect(guardLookups()).toHaveLength(MAX_TARGET_CHECKS + 2);
  });

  it('a wait that would pass the budget is not taken: the address is left without `to`', async () => {
    await renamedPages();
    stage.rtd.fault({ kind: 'reset', method: 'GET', path: '/moved/page-20.html', times: 1 });
    // A 30-s wait between rounds is longer than the guard's (and the changed pages') budget.
    const report = await runPreview(stage, { 'poll-interval': '30s' });
    const pages = unredirectedOf(report);
    expect(pages[20]!.to).toBeUndefined();
    expect(pages[21]).toMatchObject({ to: '/moved/page-21.html' });
    expect(stage.rtd.requests.filter((r) => r.path.endsWith('/moved/page-20.html'))).toHaveLength(1);
  });
});
