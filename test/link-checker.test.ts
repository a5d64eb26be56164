// The link check itself (src/operations/shared/links/link-checker.ts) over a site the test writes
// (test/support/scripted-site.ts), on a fake clock: how each target is asked (a page read for its
// links, a target for its status or its anchors, another site's without redirects and at a public
// address only, a private one never), the bounds (per site, in all, unread pages named), the
// counts of what a host refused, the second look after the CDN's delay, and the annotations. The
// stand-in's scenarios are in test/operations/ (preview-link-check, link-check-*).
import { afterEach, describe, expect, it } from 'vitest';
import type { BrokenLink } from '../src/reporting/broken-link.js';
import { annotateBroken, checkLinks, LinkAnswers, type LinkCheckPlan } from '../src/operations/shared/links/link-checker.js';
import { globList } from '../src/operations/shared/links/resolve-link.js';
import { operationContext, recordingLog, type OperationTestContext } from './support/operation-context.ts';
import { recordingPort } from './support/recording-port.ts';
import { type ScriptedPage, scriptedSite } from './support/scripted-site.ts';

const ROOT = 'https://demo--7.org.readthedocs.build/en/7/';
const BASE_URL = 'https://app.readthedocs.org';
const MB4 = 4 * 1024 * 1024;

let test: OperationTestContext | undefined;
afterEach(async () => {
  await test?.close();
  test = undefined;
});

const page = (body: string) => `<html><body>${body}</body></html>`;

/** checkLinks over `site` with `plan` (the root's page by default), and every request it made. */
async function check(site: Record<string, ScriptedPage>, plan: Partial<LinkCheckPlan> = {}) {
  const scripted = scriptedSite(site);
  test = operationContext({ baseUrl: BASE_URL, inputs: { operation: 'preview', project: 'demo' }, pages: scripted.pages });
  const report = await checkLinks(test.ctx, {
    root: ROOT,
    pages: [ROOT],
    crawl: false,
    maxPages: 50,
    maxTargets: 1_000,
    external: true,
    anchors: true,
    ignore: globList([]),
    budgetMs: 60_000,
    answers: new LinkAnswers(),
    ...plan,
  });
  return { report, asked: scripted.asked, clock: test.clock };
}

describe('checkLinks: how each target is asked', () => {
  it('a page read with its body as bytes; a target for its status, or with its body when an anchor in it is checked', async () => {
    const { report, asked } = await check({
      [ROOT]: page('<a href="a.html">a</a> <a href="b.html#part">b</a> <img src="logo.png">'),
      [`${ROOT}a.html`]: page(''),
      [`${ROOT}b.html`]: page('<h2 id="part">Part</h2>'),
      [`${ROOT}logo.png`]: { status: 200, contentType: 'image/png' },
    });
    expect(report).toMatchObject({ checked: 3, notChecked: 0, broken: [], pages: 1, requests: 3 });
    const how = Object.fromEntries(asked.map(({ url, request }) => [url, request]));
    const timing = { signal: expect.any(AbortSignal), timeoutMs: 5_000, waitMs: 60_000 };
    expect(how[ROOT]).toEqual({ ...timing, accept: 'text/html', maxBodyBytes: MB4, bytes: true });
    expect(how[`${ROOT}a.html`]).toEqual({ ...timing, accept: '*/*' });
    expect(how[`${ROOT}b.html`]).toEqual({ ...timing, accept: 'text/html', maxBodyBytes: MB4, bytes: true });
    expect(how[`${ROOT}logo.png`]).toEqual({ ...timing, accept: '*/*' });
  });

  it("with anchors off, a fragment's page is asked for its status only", async () => {
    const { report, asked } = await check({ [ROOT]: page('<a href="b.html#gone">b</a>'), [`${ROOT}b.html`]: page('') }, { anchors: false });
    expect(report).toMatchObject({ checked: 1, broken: [] });
    expect(asked[1]!.request).not.toHaveProperty('bytes');
  });

  it("another site's target: no redirect followed, at a public address only; a host the action talks to anyway as any page; a private one never", async () => {
    const { report, asked } = await check({
      [ROOT]: page(
        '<a href="https://example.org/x">x</a> <a href="https://app.readthedocs.org/projects/demo/">api</a> ' +
          '<a href="http://127.0.0.1:8080/admin">admin</a> <a href="http://localhost/">local</a> <a href="https://api.github.com/zen">gh</a>',
      ),
      'https://example.org/x': { status: 200, contentType: 'text/html' },
      'https://app.readthedocs.org/projects/demo/': { status: 200, contentType: 'text/html' },
      'https://api.github.com/zen': { status: 200, contentType: 'text/plain' },
    });
    const how = Object.fromEntries(asked.map(({ url, request }) => [url, request]));
    expect(Object.keys(how).sort()).toEqual(
      [ROOT, 'https://api.github.com/zen', 'https://app.readthedocs.org/projects/demo/', 'https://example.org/x'].sort(),
    );
    expect(how['https://example.org/x']).toMatchObject({ accept: '*/*', followRedirects: false, publicOnly: true });
    expect(how['https://app.readthedocs.org/projects/demo/']).toMatchObject({ followRedirects: false });
    expect(how['https://app.readthedocs.org/projects/demo/']).not.toHaveProperty('publicOnly');
    expect(how['https://api.github.com/zen']).not.toHaveProperty('publicOnly');
    expect(report).toMatchObject({ checked: 3, notChecked: 2, privateAddresses: 2, broken: [] });
  });

  it('asks no other site without `external`', async () => {
    const { report, asked } = await check({ [ROOT]: page('<a href="https://example.org/x">x</a>') }, { external: false });
    expect(asked.map(({ url }) => url)).toEqual([ROOT]);
    expect(report).toMatchObject({ checked: 0, notChecked: 0, otherSites: 1 });
  });

  it('a name that resolved to a private address (refused as it connects) is counted apart; a throttled target as throttled, by host', async () => {
    const { report } = await check({
      [ROOT]: page('<a href="https://intranet.example/">in</a> <a href="https://busy.example/">busy</a> <a href="slow.html">slow</a>'),
      'https://intranet.example/': { refused: 'private', problem: 'a private address' },
      'https://busy.example/': { refused: 'throttled', problem: 'throttled' },
      [`${ROOT}slow.html`]: { refused: 'challenged', problem: 'challenged' },
    });
    // Another site's throttled target is unavailable (issue 52), counted apart from the links not checked.
    expect(report).toMatchObject({
      checked: 0,
      notChecked: 2,
      unavailable: 1,
      privateAddresses: 1,
      throttled: { docsHost: 1, otherSites: 1 },
      broken: [],
    });
  });
});

describe('checkLinks: the bounds', () => {
  it('asks at most 100 targets of one other site, and at most `maxTargets` in all, the version’s own first', async () => {
    const others = Array.from({ length: 105 }, (_, i) => `<a href="https://example.org/${i}">${i}</a>`).join('');
    const own = Array.from({ length: 3 }, (_, i) => `<a href="p${i}.html">${i}</a>`).join('');
    const site: Record<string, ScriptedPage> = { [ROOT]: page(others + own) };
    for (let i = 0; i < 105; i++) site[`https://example.org/${i}`] = { status: 200 };
    for (let i = 0; i < 3; i++) site[`${ROOT}p${i}.html`] = page('');
    const all = await check(site);
    expect(all.report).toMatchObject({ checked: 103, notChecked: 5, requests: 103 });
    const bounded = await check(site, { maxTargets: 4 });
    expect(bounded.report).toMatchObject({ checked: 4, notChecked: 104, requests: 4 });
    expect(bounded.asked.map(({ url }) => url).slice(1, 4)).toEqual([`${ROOT}p0.html`, `${ROOT}p1.html`, `${ROOT}p2.html`]);
  });

  it('names the first 20 pages of the plan it could not read with their answers, and counts them all as not checked', async () => {
    const pages = Array.from({ length: 25 }, (_, i) => `${ROOT}gone${i}.html`);
    const site: Record<string, ScriptedPage> = {
      [`${ROOT}gone0.html`]: { status: 500, problem: 'answered 500' },
      [`${ROOT}gone1.html`]: { status: 200, tooLarge: true, contentType: 'text/html' },
      [`${ROOT}gone2.html`]: { refused: 'throttled', problem: 'throttled' },
    };
    const { report } = await check(site, { pages, maxPages: 30 });
    expect(report).toMatchObject({ pages: 0, unreadPages: 25, notChecked: 25, checked: 0 });
    expect(report.unread).toHaveLength(20);
    // Told in the order the reads end (a few at a time): sorted here.
    const byUrl = [...report.unread].sort((x, y) => x.url.localeCompare(y.url, 'en', { numeric: true }));
    expect(byUrl.slice(0, 4)).toEqual([
      { url: `${ROOT}gone0.html`, status: 500 },
      { url: `${ROOT}gone1.html`, status: 200, unreadable: 'too large' },
      { url: `${ROOT}gone2.html`, refused: 'throttled' },
      { url: `${ROOT}gone3.html`, status: 404 },
    ]);
  });

  it('reads at most `maxPages` of the plan, the rest counted as not checked; crawls on within it', async () => {
    const site = {
      [ROOT]: page('<a href="next.html">next</a>'),
      [`${ROOT}next.html`]: page('<a href="last.html">last</a>'),
      [`${ROOT}last.html`]: page(''),
      [`${ROOT}other.html`]: page(''),
    };
    const planned = await check(site, { pages: [ROOT, `${ROOT}other.html`], maxPages: 1 });
    expect(planned.report).toMatchObject({ pages: 1, checked: 1, notChecked: 1, unreadPages: 1 });
    const crawled = await check(site, { crawl: true, maxPages: 2 });
    expect(crawled.report).toMatchObject({ pages: 2, checked: 2 });
    expect(crawled.asked.map(({ url }) => url)).toEqual([ROOT, `${ROOT}next.html`, `${ROOT}last.html`]);
  });

  it('asks nothing once its budget is spent', async () => {
    const { report, asked } = await check({ [ROOT]: page('') }, { budgetMs: 0 });
    expect(asked).toEqual([]);
    expect(report).toMatchObject({ pages: 0, unreadPages: 1, unread: [{ url: ROOT }] });
  });

  it("keeps nothing out of time for the run's next check, which asks again; a target answered is asked once in the run", async () => {
    const answers = new LinkAnswers();
    const site = { [ROOT]: page('<a href="a.html">a</a>'), [`${ROOT}a.html`]: page('') };
    expect((await check(site, { budgetMs: 0, answers })).asked).toEqual([]);
    const second = await check(site, { answers });
    expect(second.asked.map(({ url }) => url)).toEqual([ROOT, `${ROOT}a.html`]);
    expect(second.report).toMatchObject({ pages: 1, checked: 1 });
    // The page again for its links (the run keeps no page's links), its target's answer kept.
    const third = await check(site, { answers });
    expect(third.asked.map(({ url }) => url)).toEqual([ROOT]);
    expect(third.report).toMatchObject({ pages: 1, checked: 1 });
  });
});

describe('checkLinks: a second look', () => {
  it('asks a missing target once more after the wait, and reports it only when it is still missing', async () => {
    let served = 0;
    const site: Record<string, ScriptedPage> = { [ROOT]: page('<a href="new.html">new</a> <a href="gone.html">gone</a>') };
    const scripted = scriptedSite(site);
    test = operationContext({
      baseUrl: BASE_URL,
      inputs: { operation: 'preview', project: 'demo' },
      pages: {
        get: async (url, request) => {
          // The CDN serves the previous build's 404 for new.html the first time.
          if (url === `${ROOT}new.html`) served += 1;
          if (url === `${ROOT}new.html` && served > 1) site[url] = page('');
          return scripted.pages.get(url, request);
        },
        close: async () => {},
      },
    });
    const started = test.clock.now();
    const report = await checkLinks(test.ctx, {
      root: ROOT,
      pages: [ROOT],
      crawl: false,
      maxPages: 5,
      maxTargets: 10,
      external: false,
      anchors: true,
      ignore: globList([]),
      budgetMs: 120_000,
      recheckAfterMs: 30_000,
    });
    expect(report).toMatchObject({ checked: 2, requests: 4 });
    expect(report.broken.map(({ target }) => target)).toEqual(['gone.html']);
    expect(served).toBe(2);
    expect(test.clock.now() - started).toBeGreaterThanOrEqual(30_000);
  });

  it('takes no second look when the wait would outlast the budget', async () => {
    const { report, asked } = await check({ [ROOT]: page('<a href="gone.html">gone</a>') }, { recheckAfterMs: 60_000, budgetMs: 60_000 });
    expect(report).toMatchObject({ requests: 1 });
    expect(asked.filter(({ url }) => url === `${ROOT}gone.html`)).toHaveLength(1);
  });
});

describe('annotateBroken', () => {
  const link = (target: string, fields: Partial<BrokenLink> = {}): BrokenLink => ({
    page: 'index.html',
    target,
    problem: 'missing page',
    kind: 'page',
    external: false,
    ...fields,
  });

  it('one annotation per broken link, titled by its kind, at its source line, those with a line first', () => {
    const port = recordingPort();
    const story = recordingLog();
    annotateBroken({ annotations: port.log, story }, [
      link('a.html', { source: { file: 'docs/index.rst' } }),
      link('b.png', { kind: 'image', problem: 'missing image', source: { file: 'docs/index.rst', line: 7 }, text: 'logo' }),
      link('c.html#x', { kind: 'anchor', problem: 'missing anchor' }),
      link('style.css', { kind: 'resource', problem: 'missing resource' }),
      link('https://example.org/', { external: true, problem: 'answered 500' }),
    ]);
    expect(port.annotations).toEqual([
      {
        level: 'warning',
        message: 'index.html → b.png: missing image (“logo”)',
        title: 'Broken image',
        file: 'docs/index.rst',
        startLine: 7,
      },
      { level: 'warning', message: 'index.html → a.html: missing page', title: 'Broken link', file: 'docs/index.rst' },
      { level: 'warning', message: 'index.html → c.html#x: missing anchor', title: 'Broken anchor' },
      { level: 'warning', message: 'index.html → style.css: missing resource', title: 'Broken resource' },
      { level: 'warning', message: 'index.html → https://example.org/: answered 500', title: 'Broken external link' },
    ]);
    expect(story.lines).toEqual([]);
  });

  it('errors for the links that fail, at most GitHub’s share of each level, the rest counted in the story', () => {
    const port = recordingPort();
    const story = recordingLog();
    const links = Array.from({ length: 20 }, (_, i) => link(`p${i}.html`, { kind: i % 2 === 0 ? 'page' : 'anchor' }));
    annotateBroken({ annotations: port.log, story }, links, (broken) => broken.kind === 'page');
    expect(port.annotations.filter(({ level }) => level === 'error')).toHaveLength(5);
    expect(port.annotations.filter(({ level }) => level === 'warning')).toHaveLength(10);
    expect(port.annotations[0]).toMatchObject({ level: 'error', message: 'index.html → p0.html: missing page' });
    expect(story.lines).toEqual(['5 more broken links are not annotated (GitHub shows a few per step): the job summary lists them all']);
    const one = recordingLog();
    annotateBroken(
      { annotations: recordingPort().log, story: one },
      Array.from({ length: 11 }, (_, i) => link(`p${i}.html`)),
    );
    expect(one.lines).toEqual(['1 more broken link is not annotated (GitHub shows a few per step): the job summary lists them all']);
  });

  it('prints hostile text as one safe line', () => {
    const port = recordingPort();
    annotateBroken({ annotations: port.log, story: recordingLog() }, [
      link('x\u001b]8;;http://evil\u0007y', { source: { file: 'docs/\nindex.rst' }, text: 'a\u202eb' }),
    ]);
    expect(port.annotations[0]!.message).not.toMatch(/[\u0000-\u001f\u202e]/);
    expect(port.annotations[0]!.file).not.toMatch(/\n/);
  });
});
