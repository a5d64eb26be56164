// The link check answered from the build's search index (issue 46: about one request per changed
// page), in-process on a fake clock against the stand-in, which publishes the index files a build
// does (harness/rtd-standin/site-index.ts): Sphinx's `searchindex.js`, `objects.inv` and
// `_static/documentation_options.js` (`html` and `dirhtml`), MkDocs' `search/search_index.json`.
// A target the index lists, with every anchor its links name, is asked no more; a broken link is
// still found by its own request; without a usable index (none, hostile, too large), every target
// is asked as before. The same through dist/ at the real pace: test/e2e/link-check-index.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { indexedSite } from '../../harness/link-site.ts';
import type { Standin } from '../../harness/rtd-standin.ts';
import type { SiteIndexKind } from '../../harness/rtd-standin/site-index.ts';
import { GITHUB_TOKEN as HEALTH_TOKEN } from '../../harness/run-action.ts';
import { startGitHubStandin } from '../../harness/github-standin.ts';
import { startStandin } from '../../harness/rtd-standin.ts';
import { FakeClock, T0 } from '../support/operation-context.ts';
import { captureStdout, runStep } from './context.ts';
import { HEAD, PR, type PreviewStage, previewStage, runPreview } from './preview-context.ts';

const stdout = captureStdout();
const NO_TEMPLATE = { 'preview-url-template': '' };
let stage: PreviewStage | undefined;
afterEach(async () => {
  await stage?.close();
  stage = undefined;
});

type Links = { checked: number; notChecked: number; broken: { page: string; target: string; problem: string }[] };
const linksOf = (report: { results: { details?: unknown }[] }) => (report.results[0]!.details as { links: Links }).links;

/** The preview of PR 7 of `demo` whose diff lists `changed`, serving `pages` with the index files of `index`. */
async function previewWith(
  site: { pages: Record<string, string>; changed: string[] },
  options: { index?: SiteIndexKind; config?: Record<string, unknown> } = {},
): Promise<PreviewStage> {
  stage = await previewStage({ pullRequest: false });
  stage.gh.addPullRequest({ number: PR, headSha: HEAD, files: [{ filename: 'docs/index.rst' }] });
  stage.rtd.addBuild('demo', String(PR), {
    durationMs: 20_000,
    outcome: 'success',
    commit: HEAD,
    commitFromStart: true,
    ...(options.config ? { config: options.config } : {}),
  });
  stage.rtd.setFileTreeDiff('demo', String(PR), { modified: site.changed });
  stage.rtd.setSitePages('demo', String(PR), site.pages, options.index === undefined ? {} : { index: options.index });
  return stage;
}

/** The paths asked of the preview's host, below its root. */
const asked = (rtd: Standin) =>
  rtd.requests
    .filter((request) => request.path.startsWith(`/docs/demo--${PR}/`))
    .map((request) => request.path.replace(/^.*?\/en\/7\//, ''));

const sorted = (links: Links['broken']) => links.map(({ page, target, problem }) => ({ page, target, problem }));

describe('preview: the targets the build’s search index lists are asked no more', () => {
  it('Sphinx html, the builder read from documentation_options.js: one request per changed page, the broken ones still found', async () => {
    const site = indexedSite(30);
    const { rtd } = await previewWith(site);
    const report = await runPreview(stage!, { ...NO_TEMPLATE, 'link-check': 'warn' });
    expect(linksOf(report)).toMatchObject({ checked: 600, notChecked: 0 });
    expect(sorted(linksOf(report).broken)).toEqual(site.broken);
    const paths = asked(rtd);
    // The root (the preview's check), the 30 changed pages, the index and the builder's options, the
    // 4 images, the missing page and the page of the missing anchor: nothing else of the 60 reference pages.
    expect(paths.filter((path) => path.startsWith('ref/')).sort()).toEqual(['ref/retired.html', 'ref/topic-001.html']);
    expect(paths.filter((path) => !path.startsWith('guide/') && !path.startsWith('ref/')).sort()).toEqual([
      '',
      '_images/figure-0.png',
      '_images/figure-1.png',
      '_images/figure-2.png',
      '_images/figure-3.png',
      '_static/documentation_options.js',
      'searchindex.js',
    ]);
    expect(paths).toHaveLength(39);
    expect(stdout.text()).toContain(
      "The build's search index (searchindex.js) answered 60 target(s) of the changed pages, asked no more (2 request(s))",
    );
  });

  it('without an index (`index: false`), every target is asked as before: the same links, the same broken ones', async () => {
    const site = indexedSite(30);
    const { rtd } = await previewWith(site, { index: false });
    const report = await runPreview(stage!, { ...NO_TEMPLATE, 'link-check': 'warn' });
    expect(linksOf(report)).toMatchObject({ checked: 600, notChecked: 0 });
    expect(sorted(linksOf(report).broken)).toEqual(site.broken);
    const paths = asked(rtd);
    expect(paths.filter((path) => path.startsWith('ref/'))).toHaveLength(61);
    // searchindex.js answered 404, then MkDocs' index: the builder is unknown.
    expect(paths.filter((path) => path.includes('search'))).toEqual(['searchindex.js', 'search/search_index.json']);
    expect(stdout.text()).not.toContain("The build's search index");
  });

  it('the builder from the build’s resolved configuration: documentation_options.js is not asked', async () => {
    const site = indexedSite(8);
    const { rtd } = await previewWith(site, { config: { doctype: 'sphinx' } });
    const report = await runPreview(stage!, { ...NO_TEMPLATE, 'link-check': 'warn', 'docs-path': 'docs' });
    expect(sorted(linksOf(report).broken)).toEqual(site.broken);
    expect(asked(rtd).filter((path) => !path.startsWith('guide/') && !path.startsWith('_images/'))).toEqual([
      '',
      'searchindex.js',
      'ref/topic-001.html',
      'ref/retired.html',
    ]);
  });
});

/** A small dirhtml (or MkDocs) site: `guide/` changed, linking four pages' sections, a raw id, and each page as the html builder names it. */
function folderSite(): { pages: Record<string, string>; changed: string[] } {
  const section = (id: string) => `<section id="${id}"><h2>${id}</h2><p>About ${id}.</p></section>`;
  const topic = (name: string) =>
    `<!doctype html><html><head><title>${name}</title></head><body>${section('sec-0')}${section('sec-1')}<p id="raw">raw</p></body></html>`;
  return {
    pages: {
      'index.html': `<!doctype html><html><head><title>Home</title></head><body>${section('start')}</body></html>`,
      'guide/index.html':
        '<!doctype html><html><head><title>Guide</title></head><body><p>' +
        '<a href="../a/#sec-0">a</a> <a href="../b/#sec-1">b</a> <a href="../c/">c</a> <a href="../d/#sec-0">d</a> ' +
        '<a href="../a/#raw">a raw id</a> <a href="../b/#gone">b lost</a> <a href="../c.html">c as html</a> <a href="../#start">home</a>' +
        '</p></body></html>',
      'a/index.html': topic('A'),
      'b/index.html': topic('B'),
      'c/index.html': topic('C'),
      'd/index.html': topic('D'),
    },
    changed: ['guide/index.html'],
  };
}

describe('preview: dirhtml and MkDocs', () => {
  it('dirhtml (its configuration): `X/` answered from the index, `X.html` asked (404), a raw id and a lost anchor asked', async () => {
    const { rtd } = await previewWith(folderSite(), { index: 'sphinx-dirhtml', config: { doctype: 'sphinx_htmldir' } });
    const report = await runPreview(stage!, { ...NO_TEMPLATE, 'link-check': 'warn', 'docs-path': 'docs' });
    expect(linksOf(report)).toMatchObject({ checked: 8, notChecked: 0 });
    expect(sorted(linksOf(report).broken)).toEqual([
      { page: 'guide/', target: 'b/#gone', problem: 'missing anchor' },
      { page: 'guide/', target: 'c.html', problem: 'missing page' },
    ]);
    // `a/` (a raw id), `b/` (a lost anchor) and `c.html` asked; `c/`, `d/` and the root answered by the
    // index; two anchors it lacks on pages it lists: objects.inv read once (it lacks them too).
    expect(
      asked(rtd)
        .filter((path) => path !== 'guide/' && path !== '')
        .sort(),
    ).toEqual(['a/', 'b/', 'c.html', 'objects.inv', 'searchindex.js']);
  });

  it('dirhtml read from documentation_options.js', async () => {
    const { rtd } = await previewWith(folderSite(), { index: 'sphinx-dirhtml' });
    const report = await runPreview(stage!, { ...NO_TEMPLATE, 'link-check': 'warn' });
    expect(sorted(linksOf(report).broken).map((link) => link.target)).toEqual(['b/#gone', 'c.html']);
    expect(asked(rtd)).toContain('_static/documentation_options.js');
    expect(asked(rtd)).not.toContain('d/');
  });

  it('html: `a.html` answered from the index, `a/` (a dirhtml address) asked and missing', async () => {
    const section = (id: string) => `<section id="${id}"><h2>${id}</h2></section>`;
    const topic = (name: string) => `<!doctype html><html><head><title>${name}</title></head><body>${section('sec-0')}</body></html>`;
    const site = {
      pages: {
        'index.html': topic('Home'),
        'guide.html':
          '<!doctype html><html><body><p><a href="a.html#sec-0">a</a> <a href="b.html">b</a> <a href="c.html#sec-0">c</a> ' +
          '<a href="d.html">d</a> <a href="a/#sec-0">a as a folder</a> <a href="b/">b as a folder</a></p></body></html>',
        'a.html': topic('A'),
        'b.html': topic('B'),
        'c.html': topic('C'),
        'd.html': topic('D'),
      },
      changed: ['guide.html'],
    };
    const { rtd } = await previewWith(site);
    const report = await runPreview(stage!, { ...NO_TEMPLATE, 'link-check': 'warn' });
    expect(sorted(linksOf(report).broken)).toEqual([
      { page: 'guide.html', target: 'a/#sec-0', problem: 'missing page' },
      { page: 'guide.html', target: 'b/', problem: 'missing page' },
    ]);
    expect(
      asked(rtd)
        .filter((path) => path !== 'guide.html' && path !== '')
        .sort(),
    ).toEqual(['_static/documentation_options.js', 'a/', 'b/', 'searchindex.js']);
  });

  it('MkDocs: search/search_index.json after searchindex.js answered 404; only it when the configuration says mkdocs', async () => {
    const { rtd } = await previewWith(folderSite(), { index: 'mkdocs' });
    const report = await runPreview(stage!, { ...NO_TEMPLATE, 'link-check': 'warn' });
    expect(sorted(linksOf(report).broken).map((link) => link.target)).toEqual(['b/#gone', 'c.html']);
    expect(
      asked(rtd)
        .filter((path) => path !== 'guide/' && path !== '')
        .sort(),
    ).toEqual(['a/', 'b/', 'c.html', 'search/search_index.json', 'searchindex.js']);
    await stage!.close();
    const known = await previewWith(folderSite(), { index: 'mkdocs', config: { doctype: 'mkdocs' } });
    await runPreview(stage!, { ...NO_TEMPLATE, 'link-check': 'warn', 'docs-path': 'docs' });
    expect(asked(known.rtd)).not.toContain('searchindex.js');
    expect(asked(known.rtd)).toContain('search/search_index.json');
  });

  it('labels the search index lacks (`:ref:` targets): read from objects.inv when it saves requests, a missing one still asked', async () => {
    const label = (id: string) => `<span id="${id}"></span>`;
    const topic = (name: string) =>
      `<!doctype html><html><head><title>${name}</title></head><body>${label(`${name}-label`)}<h1 id="${name}">${name}</h1></body></html>`;
    const site = {
      pages: {
        'index.html': topic('home'),
        'guide.html':
          '<!doctype html><html><body><p><a href="a.html#a-label">a</a> <a href="b.html#b-label">b</a> <a href="c.html#c-label">c</a> ' +
          '<a href="d.html#d-label">d</a> <a href="d.html#d">d page</a> <a href="a.html#lost-label">lost</a></p></body></html>',
        'a.html': topic('a'),
        'b.html': topic('b'),
        'c.html': topic('c'),
        'd.html': topic('d'),
      },
      changed: ['guide.html'],
    };
    const { rtd } = await previewWith(site);
    const report = await runPreview(stage!, { ...NO_TEMPLATE, 'link-check': 'warn' });
    expect(linksOf(report)).toMatchObject({ checked: 6, notChecked: 0 });
    expect(sorted(linksOf(report).broken)).toEqual([{ page: 'guide.html', target: 'a.html#lost-label', problem: 'missing anchor' }]);
    expect(
      asked(rtd)
        .filter((path) => path !== 'guide.html' && path !== '')
        .sort(),
    ).toEqual(['_static/documentation_options.js', 'a.html', 'objects.inv', 'searchindex.js']);
  });
});

describe('preview: an index that cannot be used', () => {
  const hostile: [string, string][] = [
    ['nested 200,000 deep', `Search.setIndex({"docnames":${'['.repeat(200_000)}`],
    ['not JavaScript', '<!doctype html><html><body>Not an index</body></html>'],
    ['an unterminated string of 5 MB', `Search.setIndex({"docnames":["${'a'.repeat(5_000_000)}`],
    [
      'documents that leave the root',
      'Search.setIndex({"docnames":["../../other/x","/etc/passwd","https://evil.example/x","a#b"],"alltitles":{}})',
    ],
    ['over 20 MB', `Search.setIndex({"docnames":["index"],"terms":{${'"w":1,'.repeat(3_500_000)}"z":1}})`],
  ];

  it.each(hostile)('a searchindex.js %s: every target asked as without one, nothing broken that is not', async (_, index) => {
    const site = indexedSite(6);
    const { rtd } = await previewWith({ ...site, pages: { ...site.pages, 'searchindex.js': index } });
    const report = await runPreview(stage!, { ...NO_TEMPLATE, 'link-check': 'warn' });
    expect(linksOf(report)).toMatchObject({ checked: 120, notChecked: 0 });
    expect(sorted(linksOf(report).broken)).toEqual(site.broken);
    expect(asked(rtd).filter((path) => path.startsWith('ref/'))).toHaveLength(13);
  });
});

describe('health: the live version’s index answers what the crawl did not read', () => {
  /** A root linking ten pages' sections, a missing page and a missing section. */
  const crawled = () => {
    const site = indexedSite(5);
    const links = Array.from({ length: 10 }, (_, k) => `<a href="ref/topic-00${k}.html#sec-${k % 5}">topic ${k}</a>`);
    links.push('<a href="ref/retired.html">retired</a>', '<a href="ref/topic-002.html#no-such-section">lost</a>');
    return { ...site.pages, 'index.html': `<!doctype html><html><body><h1 id="home">Home</h1><p>${links.join(' ')}</p></body></html>` };
  };

  async function healthOf(index: SiteIndexKind | undefined) {
    const clock = new FakeClock();
    const rtd = await startStandin({ now: clock.now, rateLimit: null });
    const gh = await startGitHubStandin({ token: HEALTH_TOKEN });
    try {
      rtd.addProject({ slug: 'acme', latest: false, versions: [{ slug: 'latest' }] });
      rtd.addBuild('acme', 'latest', { durationMs: 60_000, outcome: 'success', commit: HEAD, startedAgoMs: 60 * 60_000 });
      rtd.setSitePages('acme', 'latest', crawled(), index === undefined ? {} : { index });
      gh.setBranch('main', HEAD, T0 - 2 * 3_600_000);
      const report = await runStep(
        rtd,
        {
          operation: 'health',
          project: 'acme',
          'github-token': HEALTH_TOKEN,
          releases: '0',
          'health-issue': 'false',
          'link-check': 'warn',
          'link-check-pages': '2',
        },
        { clock, run: { eventName: 'schedule', repository: 'octo/docs-repo', apiUrl: gh.url } },
      );
      const rows = (report.results[0]!.details as { checks: { check: string; details: string }[] }).checks;
      const docs = rtd.requests.filter((request) => request.path.startsWith('/docs/acme/en/latest/'));
      return { row: rows.find((row) => row.check === 'links work')!, docs: docs.map((request) => request.path.slice(21)) };
    } finally {
      await Promise.all([rtd.close(), gh.close()]);
    }
  }

  it('a crawl bounded at 2 pages: the targets beyond it answered from the index, the same row as asking each', async () => {
    const indexed = await healthOf(undefined);
    const asking = await healthOf(false);
    expect(indexed.row.details).toBe(asking.row.details);
    expect(indexed.row.details).toMatch(
      /^2 pages read, \d+ links checked, 0 not checked; 2 broken links \(1 to a page, 1 to an anchor\), told as warnings/,
    );
    // The root, the one page the crawl read beyond it, the index and the builder, the missing page and the page of the missing section.
    expect(indexed.docs.sort()).toEqual([
      '',
      '_static/documentation_options.js',
      'ref/retired.html',
      'ref/topic-000.html',
      'ref/topic-002.html',
      'searchindex.js',
    ]);
    expect(asking.docs.filter((path) => path.startsWith('ref/'))).toHaveLength(11);
  });
});
