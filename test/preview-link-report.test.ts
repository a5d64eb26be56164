// `preview`'s link check (src/operations/preview/link-check.ts) over a site the test writes
// (test/support/scripted-site.ts), on a fake clock, with no server: which changed pages are read,
// the plan's root and version scope, the log's line; then, on reports the test writes, the
// project's gate (whether and in what words the broken links fail it), the comment's row, the job
// summary's block and `results`. The stand-in's scenarios are in test/operations/*link-check*.
import { afterEach, describe, expect, it } from 'vitest';
import type { InputName } from '../src/inputs/declarations.js';
import type { ChangedPage } from '../src/operations/preview/changed-pages.js';
import {
  brokenLinksSummary,
  checkedLine,
  checkPreviewLinks,
  linkDetails,
  linkGate,
  rowBrokenLinks,
} from '../src/operations/preview/link-check.js';
import type { PreviewLinkReport, RedirectedLink } from '../src/operations/preview/redirected-links.js';
import { LinkAnswers, type LinkReport } from '../src/operations/shared/links/link-checker.js';
import type { BrokenLink } from '../src/reporting/broken-link.js';
import { operationContext, recordingLog, type OperationTestContext } from './support/operation-context.ts';
import { recordingPort } from './support/recording-port.ts';
import { type ScriptedPage, scriptedSite } from './support/scripted-site.ts';

const ORIGIN = 'https://demo--42.org.readthedocs.build';
const ROOT = `${ORIGIN}/en/42/`;
const NO_REDIRECTS = { rules: async () => [], prefixes: async () => undefined };
const page = (body: string) => `<html><body><h1 id="top">Page</h1>${body}</body></html>`;

let test: OperationTestContext | undefined;
afterEach(async () => {
  await test?.close();
  test = undefined;
});

/** `preview`'s link check of `changed` on `site`, and what it asked, logged and annotated (the previous context closed). */
async function check(
  site: Record<string, ScriptedPage>,
  changed: ChangedPage[],
  options: { inputs?: Partial<Record<InputName, string>>; previewUrl?: string; singleVersion?: boolean } = {},
) {
  await test?.close();
  const { pages, asked } = scriptedSite(site);
  const port = recordingPort();
  test = operationContext({
    baseUrl: 'https://app.readthedocs.org',
    inputs: { operation: 'preview', project: 'demo', ...options.inputs },
    pages,
    log: port.log,
  });
  const log = recordingLog();
  const report = await checkPreviewLinks(test.ctx, log, {
    previewUrl: options.previewUrl ?? ROOT,
    pages: changed,
    answers: new LinkAnswers(),
    redirects: NO_REDIRECTS,
    ...(options.singleVersion === undefined ? {} : { singleVersion: options.singleVersion }),
  });
  // The pages and targets asked (the search index's files apart: none is served here).
  const targets = asked.map(({ url }) => url).filter((url) => !/searchindex\.js|documentation_options\.js|search_index\.json/.test(url));
  return { report, asked: targets, lines: log.lines, annotations: port.annotations };
}

const changedPage = (path: string, change?: ChangedPage['change']): ChangedPage => ({
  file: path,
  url: `${ROOT}${path}`,
  ...(change === undefined ? {} : { change }),
});

const linksLine = (lines: string[]) => lines.filter((line) => line.startsWith('Links of '));

describe('checkPreviewLinks: what is read and how it is said', () => {
  const SITE = {
    [`${ROOT}guide.html`]: page('<a href="index.html#top">home</a> <a href="gone.html">gone</a>'),
    // `index.html` is asked as the folder it is the page of (issue 46).
    [ROOT]: page('<p>home</p>'),
    // A page the pull request deletes: still served (the CDN), its links never checked.
    [`${ROOT}old.html`]: page('<a href="lost.html">lost</a>'),
  };

  it('reads the added and modified pages, never a deleted one: its links are not checked', async () => {
    const { report, asked, lines } = await check(SITE, [changedPage('guide.html', 'modified'), changedPage('old.html', 'deleted')]);
    expect(asked).not.toContain(`${ROOT}old.html`);
    expect(asked).not.toContain(`${ROOT}lost.html`);
    expect(report).toMatchObject({ pages: 1, checked: 2, notChecked: 0, unreadPages: 0 });
    expect(report!.broken.map((link) => link.target)).toEqual(['gone.html']);
    expect(linksLine(lines)).toEqual(['Links of 1 changed page(s): 1 broken, 2 checked, 0 not checked']);
  });

  it('each broken link annotated: a warning under the default (`warn`), an error when it fails the project', async () => {
    const annotation = { message: 'guide.html → gone.html: missing page (“gone”)', title: 'Broken link' };
    const warned = await check(SITE, [changedPage('guide.html')]);
    expect(warned.annotations).toEqual([{ level: 'warning', ...annotation }]);
    const failed = await check(SITE, [changedPage('guide.html')], { inputs: { 'link-check': 'fail' } });
    expect(failed.annotations).toEqual([{ level: 'error', ...annotation }]);
  });

  it('no report when every changed page is deleted, or none changed, or with `link-check: off`: nothing asked', async () => {
    expect(await check(SITE, [changedPage('old.html', 'deleted')])).toMatchObject({ report: undefined, asked: [], lines: [] });
    expect(await check(SITE, [])).toMatchObject({ report: undefined, asked: [], lines: [] });
    const off = await check(SITE, [changedPage('guide.html', 'added')], { inputs: { 'link-check': 'off' } });
    expect(off).toMatchObject({ report: undefined, asked: [], lines: [] });
  });

  it('a preview address without its last slash, with a query and a fragment, is the same root', async () => {
    const { report, asked } = await check(SITE, [changedPage('guide.html')], { previewUrl: `${ROOT.slice(0, -1)}?utm=1#top` });
    // The page and its targets named below the root, as with the root itself.
    expect(report!.broken).toEqual([
      { page: 'guide.html', target: 'gone.html', problem: 'missing page', kind: 'page', external: false, text: 'gone' },
    ]);
    expect(asked).toEqual([`${ROOT}guide.html`, ROOT, `${ROOT}gone.html`]);
  });

  it("a single-version project's `projects/` (subprojects) and `_/` (the service's) are outside the version, never asked", async () => {
    const site = { [`${ROOT}guide.html`]: page('<a href="projects/sub/index.html">sub</a> <a href="_/downloads/">dl</a>') };
    const single = await check(site, [changedPage('guide.html')], { singleVersion: true });
    expect(single.report).toMatchObject({ checked: 0, outsideVersion: 2, broken: [] });
    expect(single.asked).toEqual([`${ROOT}guide.html`]);
    expect(linksLine(single.lines)).toEqual([
      'Links of 1 changed page(s): 0 broken, 0 checked, 0 not checked, 2 outside the version (not checked)',
    ]);

    // Another scheme, or none said: below its root they are its pages, asked (and missing here).
    for (const singleVersion of [false, undefined]) {
      const multi = await check(site, [changedPage('guide.html')], singleVersion === undefined ? {} : { singleVersion });
      expect(multi.report).toMatchObject({ checked: 2, outsideVersion: 0 });
      expect(multi.report!.broken.map((link) => link.target)).toEqual(['projects/sub/index.html', '_/downloads/']);
      expect(multi.asked).toEqual([`${ROOT}guide.html`, `${ROOT}projects/sub/`, `${ROOT}_/downloads/`]);
    }
  });

  it('the changed pages not read, and what they answered, each said once in the log line', async () => {
    const site = {
      [`${ROOT}a.html`]: page('<a href="#top">top</a>'),
      [`${ROOT}throttled.html`]: {
        status: 429,
        url: `${ROOT}throttled.html`,
        problem: 'answered 429 (throttled)',
        refused: 'throttled' as const,
      },
      [`${ROOT}silent.html`]: {},
    };
    const changed = ['a.html', 'gone-1.html', 'gone-2.html', 'throttled.html', 'silent.html'].map((path) => changedPage(path));
    const { report, lines } = await check(site, changed);
    expect(report).toMatchObject({ pages: 1, checked: 1, notChecked: 4, unreadPages: 4 });
    expect(linksLine(lines)).toEqual([
      'Links of 1 changed page(s): 0 broken, 1 checked, 4 not checked; the docs host throttled 1 request(s) (their links are not checked, never reported broken); ' +
        'changed pages not read: 4 (answered 404, throttled, no answer)',
    ]);
  });

  it('at most 200 changed pages are read: the rest counted as not read, and the log says the bound', async () => {
    const paths = Array.from({ length: 201 }, (_, i) => `p${i}.html`);
    const site = Object.fromEntries(paths.map((path) => [`${ROOT}${path}`, page('<a href="#top">top</a>')]));
    const over = await check(
      site,
      paths.map((path) => changedPage(path)),
    );
    expect(over.report).toMatchObject({ pages: 200, unreadPages: 1 });
    expect(over.asked).not.toContain(`${ROOT}p200.html`);
    expect(linksLine(over.lines)).toEqual([
      'Links of 200 changed page(s): 0 broken, 200 checked, 1 not checked; changed pages not read: 1 (at most 200 pages are read)',
    ]);

    const at = await check(
      site,
      paths.slice(0, 200).map((path) => changedPage(path)),
    );
    expect(linksLine(at.lines)).toEqual(['Links of 200 changed page(s): 0 broken, 200 checked, 0 not checked']);
  });
});

/** A report as the link check makes it, every count 0 unless given. */
function linkReport(fields: Partial<PreviewLinkReport> = {}): PreviewLinkReport {
  return {
    checked: 0,
    notChecked: 0,
    broken: [],
    redirected: [],
    otherSites: 0,
    ignored: 0,
    unavailable: 0,
    unjudged: new Set(),
    outsideVersion: 0,
    throttled: { docsHost: 0, otherSites: 0 },
    privateAddresses: 0,
    pages: 0,
    unread: [],
    unreadPages: 0,
    requests: 0,
    ...fields,
  };
}

const brokenOn = (page: string, target: string, fields: Partial<BrokenLink> = {}): BrokenLink => ({
  page,
  target,
  problem: 'missing page',
  kind: 'page',
  external: false,
  ...fields,
});

const redirectedOn = (i: number): RedirectedLink => ({
  ...brokenOn(`p${i}.html`, `old${i}.html`),
  redirect: { type: 'page', from: `/old${i}.html`, to: `/new${i}.html` },
});

describe('checkedLine: the log line of the unread pages', () => {
  const unread = (...pages: LinkReport['unread']) => linkReport({ pages: 1, unread: pages, unreadPages: pages.length });

  it('names what each unread page answered or why it was not read, each once, in their order', () => {
    const report = unread(
      { url: `${ROOT}a.html`, unreadable: 'too large' },
      { url: `${ROOT}b.html`, unreadable: 'too complex' },
      { url: `${ROOT}c.html`, unreadable: 'run total' },
      { url: `${ROOT}d.html`, status: 410 },
      { url: `${ROOT}e.html`, status: 403, refused: 'challenged' },
      { url: `${ROOT}f.html` },
      { url: `${ROOT}g.html`, unreadable: 'too large', status: 200 },
      { url: `${ROOT}h.html`, status: 410 },
    );
    expect(checkedLine(report, 8)).toBe(
      'Links of 1 changed page(s): 0 broken, 0 checked, 0 not checked; changed pages not read: 8 ' +
        '(over 4 MB, too large or complex to read in its time, past the 64 MB of pages a run reads, answered 410, challenged, no answer)',
    );
  });

  it('says nothing of unread pages when every one was read', () => {
    expect(checkedLine(linkReport({ pages: 3, checked: 7 }), 3)).toBe('Links of 3 changed page(s): 0 broken, 7 checked, 0 not checked');
  });
});

describe("linkGate: whether the broken links fail the project, and the gate's words", () => {
  async function gate(inputs: Partial<Record<InputName, string>>, report: LinkReport | undefined) {
    await test?.close();
    test = operationContext({ baseUrl: 'https://app.readthedocs.org', inputs: { operation: 'preview', project: 'demo', ...inputs } });
    return linkGate(test.ctx, 'demo', report);
  }
  const anchor = brokenOn('a.html', 'b.html#gone', { kind: 'anchor', problem: 'missing anchor' });

  it('no gate without a report, whatever the level', async () => {
    expect(await gate({ 'link-check': 'fail' }, undefined)).toBeUndefined();
  });

  it("`link-check-anchors: fail` beside the default `link-check` (`auto`, preview's `warn`): a broken anchor fails, a missing page does not", async () => {
    const failed = await gate({ 'link-check-anchors': 'fail' }, linkReport({ broken: [brokenOn('a.html', 'gone.html'), anchor] }));
    expect(failed).toMatchObject({ title: 'Broken links', subject: 'demo', words: 'broken links: 1 to an anchor' });
    expect(failed!.reason).toBe(
      ['broken links: 1 to an anchor (input `link-check: fail`):', 'a.html:', '  b.html#gone: missing anchor'].join('\n'),
    );
    expect(await gate({}, linkReport({ broken: [brokenOn('a.html', 'gone.html'), anchor] }))).toBeUndefined();
  });

  it('the reason lists the first 10 pages and 5 links of each, and how many more; the words count them all', async () => {
    const broken = Array.from({ length: 12 }, (_, p) =>
      Array.from({ length: p === 0 ? 7 : 1 }, (_, l) => brokenOn(`p${p}.html`, `gone${l}.html`, { text: `to ${l}` })),
    ).flat();
    const failed = await gate({ 'link-check': 'fail' }, linkReport({ broken }));
    expect(failed!.words).toBe('broken links: 18 to pages');
    const reason = failed!.reason!.split('\n');
    expect(reason.slice(0, 8)).toEqual([
      'broken links: 18 to pages (input `link-check: fail`):',
      'p0.html:',
      '  “to 0” → gone0.html: missing page',
      '  “to 1” → gone1.html: missing page',
      '  “to 2” → gone2.html: missing page',
      '  “to 3” → gone3.html: missing page',
      '  “to 4” → gone4.html: missing page',
      '  … and 2 more on this page',
    ]);
    expect(reason.filter((line) => /^p\d+\.html:$/.test(line))).toHaveLength(10);
    expect(reason.at(-1)).toBe('… and 2 more pages');
  });
});

describe("rowBrokenLinks: the comment row's part", () => {
  it('nothing for no report, or a report with nothing broken, redirected or unread', () => {
    expect(rowBrokenLinks(undefined)).toStrictEqual({});
    expect(rowBrokenLinks(linkReport({ checked: 12, pages: 2 }))).toStrictEqual({});
  });

  it('the unread pages counted; each link as its target, problem, and its text and source only when it has them', () => {
    const report = linkReport({
      unreadPages: 2,
      broken: [
        brokenOn('a.html', 'gone.html'),
        brokenOn('a.html', 'b.html#x', { kind: 'anchor', problem: 'missing anchor', text: 'x', source: { file: 'docs/a.rst', line: 3 } }),
      ],
    });
    expect(rowBrokenLinks(report)).toStrictEqual({
      unreadPages: 2,
      brokenCounts: { page: 1, anchor: 1 },
      brokenPages: [
        {
          page: 'a.html',
          total: 2,
          links: [
            { target: 'gone.html', problem: 'missing page' },
            { target: 'b.html#x', problem: 'missing anchor', text: 'x', source: { file: 'docs/a.rst', line: 3 } },
          ],
        },
      ],
    });
  });

  it('the first 10 pages (and how many more), and the first 10 redirected links (and how many more)', () => {
    const broken = Array.from({ length: 11 }, (_, p) => brokenOn(`p${p}.html`, 'gone.html'));
    const redirected = Array.from({ length: 11 }, (_, i) => redirectedOn(i));
    const row = rowBrokenLinks(linkReport({ broken, redirected }));
    expect(row.brokenPages!.map((p) => p.page)).toEqual(broken.slice(0, 10).map((link) => link.page));
    expect(row.moreBrokenPages).toBe(1);
    expect(row.brokenCounts).toEqual({ page: 11 });
    expect(row.redirectedLinks).toStrictEqual(redirected.slice(0, 10).map(({ page, target, redirect }) => ({ page, target, redirect })));
    expect(row.moreRedirectedLinks).toBe(1);

    const ten = rowBrokenLinks(linkReport({ broken: broken.slice(0, 10), redirected: redirected.slice(0, 10) }));
    expect(ten).not.toHaveProperty('moreBrokenPages');
    expect(ten).not.toHaveProperty('moreRedirectedLinks');
    expect(ten.redirectedLinks).toHaveLength(10);
  });
});

describe('linkDetails: `results[].links`', () => {
  it('the counts, the broken and redirected links, and the throttled requests of both hosts together', () => {
    const broken = [brokenOn('a.html', 'gone.html')];
    const redirected = [redirectedOn(1)];
    const report = linkReport({
      checked: 9,
      notChecked: 4,
      broken,
      redirected,
      otherSites: 3,
      ignored: 2,
      outsideVersion: 1,
      unavailable: 5,
      throttled: { docsHost: 2, otherSites: 6 },
    });
    expect(linkDetails(report)).toStrictEqual({
      links: { checked: 9, notChecked: 4, broken, redirected, otherSites: 3, ignored: 2, outsideVersion: 1, throttled: 8, unavailable: 5 },
    });
    expect(linkDetails(undefined)).toStrictEqual({});
  });
});

describe("brokenLinksSummary: the job summary's block of a project", () => {
  const where = { repoUrl: 'https://github.com/octo/docs', commit: 'abc1234', previewUrl: ROOT };

  it('nothing without a report; a clean one says its counts alone', () => {
    expect(brokenLinksSummary('demo', undefined, where)).toEqual([]);
    expect(brokenLinksSummary('demo', linkReport({ checked: 4 }), where)).toEqual([
      '',
      '**Broken links in demo**: 0 broken, 4 checked, 0 not checked',
    ]);
  });

  it('every page with its first 20 links, linked on the preview, then the redirected links', () => {
    const many = Array.from({ length: 22 }, (_, l) => brokenOn('many.html', `gone${l}.html`));
    const broken = [brokenOn('a.html', 'b.html#x', { kind: 'anchor', problem: 'missing anchor', text: 'see' }), ...many];
    const lines = brokenLinksSummary('demo', linkReport({ checked: 30, broken, redirected: [redirectedOn(1)] }), where);
    expect(lines.slice(0, 5)).toEqual([
      '',
      '**Broken links in demo** (22 to pages, 1 to an anchor): 23 broken, 1 redirected in production, 30 checked, 0 not checked',
      '',
      `- [\`a.html\`](${ROOT}a.html)`,
      '  - “see” → `b.html#x`: missing anchor',
    ]);
    expect(lines[5]).toBe(`- [\`many.html\`](${ROOT}many.html) · 22 broken`);
    expect(lines.slice(6, 26)).toEqual(many.slice(0, 20).map((link) => `  - \`${link.target}\`: missing page`));
    expect(lines.slice(26)).toEqual([
      '  - … and 2 more on this page (every one in the `results` output)',
      '',
      "These answer 404 on the preview, which applies no redirects (Read the Docs applies the project's redirects on the public docs " +
        'only); in production a redirect of the project sends each one on, so they are not counted as broken. Linking the new address spares readers the redirect:',
      '',
      '- `p1.html` → `old1.html`: works in production through the page redirect `/old1.html` → `/new1.html`',
    ]);
  });

  it('the first 1,000 redirected links, and how many more', () => {
    const redirected = Array.from({ length: 1_001 }, (_, i) => redirectedOn(i));
    const lines = brokenLinksSummary('demo', linkReport({ redirected }), where);
    expect(lines[1]).toBe('**Broken links in demo**: 0 broken, 1001 redirected in production, 0 checked, 0 not checked');
    expect(lines.filter((line) => line.startsWith('- `p'))).toHaveLength(1_000);
    expect(lines.at(-2)).toBe(
      '- `p999.html` → `old999.html`: works in production through the page redirect `/old999.html` → `/new999.html`',
    );
    expect(lines.at(-1)).toBe('- … and 1 more (every one in the `results` output)');
    const thousand = brokenLinksSummary('demo', linkReport({ redirected: redirected.slice(0, 1_000) }), where);
    expect(thousand.at(-1)).toBe(
      '- `p999.html` → `old999.html`: works in production through the page redirect `/old999.html` → `/new999.html`',
    );
  });
});
