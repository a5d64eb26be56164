// `preview` with the service's file tree diff (issue 33), in-process on a fake clock against both
// stand-ins: the changed pages are the diff's (added, modified with their page before, deleted),
// the redirect guard covers the deleted ones, and without a diff the source files' mapping stays.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { escapeMarkdown } from '../../src/reporting/markdown.js';
import { MAX_COMMENT_PAGES } from '../../src/operations/preview/diff-pages.js';
import { captureStdout } from './context.ts';
import { previewStep } from '../../src/operations/preview/run-preview.js';
import { pageFetcher, type PageFetcher } from '../../src/readthedocs/page-fetcher.js';
import { operationContext } from '../support/operation-context.ts';
import {
  GITHUB_TOKEN,
  HEAD,
  onlyComment,
  PR,
  type PreviewStage,
  previewOf,
  previewStage,
  pullRequestRun,
  runPreview,
  summaryOf,
  RUN_URL,
} from './preview-context.ts';

const stdout = captureStdout();
let stage: PreviewStage;

const MODIFIED = Array.from({ length: 25 }, (_, i) => `guide/page-${String(i + 1).padStart(2, '0')}.html`);
/** The service's own preview URL (API v2's `docs_url`), where the diff is read: no template. */
const NO_TEMPLATE = { 'preview-url-template': '' };

beforeEach(async () => {
  stage = await previewStage({ pullRequest: false });
  stage.gh.addPullRequest({ number: PR, headSha: HEAD, files: [{ filename: 'docs/index.rst' }] });
  stage.gh.setFile(HEAD, '.readthedocs.yaml', 'version: 2\nsphinx:\n  configuration: docs/conf.py\n');
  stage.rtd.addBuild('demo', String(PR), { durationMs: 20_000, outcome: 'success', commit: HEAD, commitFromStart: true });
});
afterEach(async () => {
  await stage.close();
});

const latest = () => `${stage.rtd.url}/docs/demo/en/latest/`;
const addonsRequests = () => stage.rtd.requests.filter((r) => r.path === '/_/addons/');

describe('preview with the file tree diff', () => {
  it('lists every page of the diff with its before link, suggests a redirect for the deleted one, anonymously', async () => {
    const { rtd, gh } = stage;
    // The PR removes the page's source (a `.txt` source suffix the mapping does not know): the guard takes the diff's word.
    stage.gh.addPullRequest({
      number: PR,
      headSha: HEAD,
      files: [{ filename: 'docs/index.rst' }, { filename: 'docs/api/legacy.txt', status: 'removed' }],
    });
    // Written as the build ends: current at the first read.
    rtd.setFileTreeDiff(
      'demo',
      String(PR),
      { modified: MODIFIED, added: ['guide/new.html'], deleted: ['api/legacy.html'] },
      { writtenAfterMs: 0 },
    );
    const report = await runPreview(stage, NO_TEMPLATE);

    const preview = previewOf(rtd);
    expect(report.results[0]).toMatchObject({ outcome: 'success', previewUrl: preview });
    const details = report.results[0]!.details as { pages: unknown[]; fileTreeDiff: unknown; unredirected: unknown[] };
    expect(details.pages).toHaveLength(27);
    expect(details.pages[0]).toEqual({ file: 'guide/new.html', url: `${preview}guide/new.html`, change: 'added' });
    // A modified page: its page before, and its visual diff (the service's addons highlight what changed, issue 47).
    expect(details.pages[1]).toEqual({
      file: 'guide/page-01.html',
      url: `${preview}guide/page-01.html`,
      change: 'modified',
      before: `${latest()}guide/page-01.html`,
      diff: `${preview}guide/page-01.html?readthedocs-diff=true`,
    });
    expect(details.pages[26]).toEqual({
      file: 'api/legacy.html',
      url: `${latest()}api/legacy.html`,
      change: 'deleted',
      before: `${latest()}api/legacy.html`,
    });
    expect(details.fileTreeDiff).toEqual({ outdated: false, base: latest() });
    expect(details.unredirected).toEqual([expect.objectContaining({ from: '/api/legacy.html' })]);

    const body = onlyComment(gh).body;
    expect(body).toContain(`Changed pages in demo (27, from Read the Docs' file tree diff)`);
    expect(body).toContain(
      `- [\`guide/page-01.html\`](${preview}guide/page-01.html) · [diff](${preview}guide/page-01.html?readthedocs-diff=true) · [before](${latest()}guide/page-01.html)`,
    );
    expect(body).toContain(`- [\`guide/new.html\`](${preview}guide/new.html) (new)`);
    // Only modified pages have a visual diff: not the new one, not the removed one.
    expect(body.match(/readthedocs-diff=true/g)).toHaveLength(MAX_COMMENT_PAGES - 1);
    expect(body).not.toContain('guide/page-20.html');
    // The job summary that lists them is a click away: the run's page.
    expect(body).toContain(`- … and 7 more: [the job summary of this run](${RUN_URL}) lists them all`);
    expect(body).toContain(` · [workflow run](${RUN_URL})\n`);
    expect(body).toContain('from: /api/legacy.html');

    const summary = summaryOf(report);
    for (const page of MODIFIED)
      expect(summary).toContain(
        `[${escapeMarkdown(page)}](${preview}${page}) · [diff](${preview}${page}?readthedocs-diff=true) · [before](${latest()}${page})`,
      );
    expect(summary).toContain(
      escapeMarkdown(`Changed pages from Read the Docs' file tree diff against ${latest()}: 1 added, 25 modified, 1 deleted`),
    );
    expect(summary).toContain(`${escapeMarkdown('api/legacy.html')} (removed) · [before](${latest()}api/legacy.html)`);

    // Read once, from the preview's host, with no token.
    expect(addonsRequests()).toHaveLength(1);
    expect(addonsRequests()[0]!.query).toEqual({ 'api-version': '1', 'project-slug': 'demo', 'version-slug': String(PR) });
    expect(addonsRequests()[0]!.headers.authorization).toBeUndefined();
    const warning = stdout.annotations().find((a) => a.title === 'Page moved without a redirect')!;
    expect(warning.message).toContain("/api/legacy.html is no longer built (the service's file tree diff)");
    expect(warning.file).toBeUndefined();
  });

  it('a deleted page a redirect covers gets no entry', async () => {
    const { rtd } = stage;
    stage.gh.addPullRequest({
      number: PR,
      headSha: HEAD,
      files: [
        { filename: 'docs/api/legacy.txt', status: 'removed' },
        { filename: 'docs/api/gone.txt', status: 'removed' },
      ],
    });
    rtd.setFileTreeDiff('demo', String(PR), { deleted: ['api/legacy.html', 'api/gone/index.html'] });
    rtd.addRedirect('demo', { type: 'page', from_url: '/api/legacy.html', to_url: '/api/' });
    const report = await runPreview(stage, NO_TEMPLATE);

    const details = report.results[0]!.details as { unredirected: { from: string }[] };
    expect(details.unredirected.map((page) => page.from)).toEqual(['/api/gone/', '/api/gone/index.html']);
  });

  it('without a diff (the default): the source files are mapped as before, and the summary says why in one line', async () => {
    const report = await runPreview(stage, NO_TEMPLATE);

    const preview = previewOf(stage.rtd);
    const details = report.results[0]!.details as Record<string, unknown>;
    expect(details.pages).toEqual([{ file: 'docs/index.rst', url: `${preview}index.html` }]);
    expect(details).not.toHaveProperty('fileTreeDiff');
    expect(summaryOf(report)).toContain(
      escapeMarkdown(
        "No file tree diff from Read the Docs (the service gives no file tree diff for this build, after 5 reads): the changed pages are mapped from the pull request's source files",
      ),
    );
    expect(onlyComment(stage.gh).body).toContain(`Changed pages in demo (1)</summary>`);
  });

  it.each([
    ['not an object', { raw: 'alpha' }],
    ['lists of the wrong kind', { raw: { enabled: true, diff: { added: 'all', modified: 3 } } }],
  ])('a payload the action cannot read (%s) falls back, the step stays green', async (_name, raw) => {
    stage.rtd.setFileTreeDiff('demo', String(PR), raw);
    const report = await runPreview(stage, NO_TEMPLATE);

    expect(report.results[0]).toMatchObject({ outcome: 'success' });
    expect((report.results[0]!.details as { pages: unknown[] }).pages).toEqual([
      { file: 'docs/index.rst', url: `${previewOf(stage.rtd)}index.html` },
    ]);
  });

  it('links off the preview and the service are not used: the preview link is made from the filename, the before link left out', async () => {
    const preview = previewOf(stage.rtd);
    stage.rtd.setFileTreeDiff('demo', String(PR), {
      raw: {
        enabled: true,
        outdated: false,
        unknown: { key: 1 },
        diff: {
          modified: [
            { filename: 'a.html', urls: { current: 'javascript:alert(1)', base: 'https://evil.example/a.html' } },
            { filename: '../../etc/passwd', urls: {} },
            { nofilename: true },
          ],
        },
      },
    });
    const report = await runPreview(stage, NO_TEMPLATE);

    const details = report.results[0]!.details as { pages: unknown[]; fileTreeDiff: unknown };
    expect(details.pages).toEqual([
      { file: 'a.html', url: `${preview}a.html`, change: 'modified', diff: `${preview}a.html?readthedocs-diff=true` },
    ]);
    expect(details.fileTreeDiff).toEqual({ outdated: false });
    expect(summaryOf(report)).not.toContain('evil.example');
  });

  it('with preview-url-template (a host of the workflow’s own), the diff is not read', async () => {
    stage.rtd.setFileTreeDiff('demo', String(PR), { modified: MODIFIED });
    const report = await runPreview(stage);

    expect(addonsRequests()).toEqual([]);
    expect((report.results[0]!.details as { pages: unknown[] }).pages).toHaveLength(1);
  });

  it('the service’s own comment covers the PR: no comment of the action’s, the full list in the summary and results', async () => {
    const { rtd, gh } = stage;
    rtd.setFileTreeDiff('demo', String(PR), { modified: MODIFIED, added: ['guide/new.html'] });
    const id = (
      (await (await fetch(`${rtd.url}/api/v3/projects/demo/`, { headers: { authorization: 'Token test-token' } })).json()) as { id: number }
    ).id;
    const service = gh.addServiceComment(PR, id, { commit: HEAD });
    const report = await runPreview(stage, NO_TEMPLATE);

    expect(gh.comments(PR).map((c) => c.id)).toEqual([service]);
    expect((report.results[0]!.details as { pages: unknown[] }).pages).toHaveLength(26);
    for (const page of MODIFIED) expect(summaryOf(report)).toContain(`${page}?readthedocs-diff=true) · [before]`);
  });
});

describe('pages through the context', () => {
  it('every page the step reads (the preview, the diff) goes through ctx.pages, which the front end gives', async () => {
    const { rtd, gh, clock } = stage;
    rtd.setFileTreeDiff('demo', String(PR), { modified: ['index.html'], deleted: ['api/legacy.html'] }, { writtenAfterMs: 0 });
    const real = pageFetcher('test', { now: clock.now, sleep: clock.sleep });
    const asked: string[] = [];
    const pages: PageFetcher = {
      get: (url, request) => {
        asked.push(url);
        return real.get(url, request);
      },
      close: () => real.close(),
    };
    const test = operationContext({
      baseUrl: rtd.url,
      clock,
      inputs: { operation: 'preview', project: 'demo', 'github-token': GITHUB_TOKEN },
      run: pullRequestRun(gh),
      pages,
    });
    try {
      await previewStep(test.ctx);
    } finally {
      await test.close();
    }
    const preview = previewOf(rtd);
    // The preview, the diff; the changed page `index.html` is the root, already read, its links parsed
    // from that answer (`link-check: warn` by default; `X/` and `X/index.html` are one page); then
    // the deleted page on the base's live docs (whether this pull request removes it).
    expect(asked).toEqual([
      preview,
      `${rtd.url}/_/addons/?api-version=1&project-slug=demo&version-slug=${PR}`,
      `${rtd.url}/docs/demo/en/latest/api/legacy.html`,
    ]);
    // Nothing else reached the stand-in's pages or its addons endpoint.
    expect(rtd.requests.filter((r) => r.path.startsWith('/docs/') || r.path === '/_/addons/')).toHaveLength(asked.length);
  });
});
