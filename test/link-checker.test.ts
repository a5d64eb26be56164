// The link check itself (src/operations/shared/links/link-checker.ts) over a site the test writes
// (test/support/scripted-site.ts), on a fake clock: how each target is asked (a page read for its
// links, a target for its status or its anchors, another site's without redirects and at a public
// address only, a private one never, two at a time per site), the pages read (in scope, once per
// address served, past the run's total, cancelled), the bounds (per site, in all, unread pages
// named), the counts of what a host refused, the second look (after the CDN's delay; another
// site's, broken only when it says so twice), the search index's answers, and the annotations.
// The stand-in's scenarios are in test/operations/ (preview-link-check, link-check-*).
import { afterEach, describe, expect, it } from 'vitest';
import type { BrokenLink } from '../src/reporting/broken-link.js';
import { annotateBroken, checkLinks, LinkAnswers, type LinkCheckPlan } from '../src/operations/shared/links/link-checker.js';
import { globList } from '../src/operations/shared/links/resolve-link.js';
import { operationContext, recordingLog, type OperationTestContext } from './support/operation-context.ts';
import { recordingPort } from './support/recording-port.ts';
import { type ScriptedPage, scriptedSite } from './support/scripted-site.ts';
import type { PageFetcher } from '../src/readthedocs/page-fetcher.js';
import type { RunnerLog } from '../src/runner/port.js';

const ROOT = 'https://demo--7.org.readthedocs.build/en/7/';
const BASE_URL = 'https://app.readthedocs.org';
const MB4 = 4 * 1024 * 1024;

let test: OperationTestContext | undefined;
afterEach(async () => {
  await test?.close();
  test = undefined;
});

const page = (body: string) => `<html><body>${body}</body></html>`;

/** How a test changes the context: what each request does on the way (the clock moves, the step is cancelled), the step's log. */
interface Around {
  get?: (get: PageFetcher['get']) => PageFetcher['get'];
  log?: RunnerLog;
  cancellation?: AbortSignal;
}

/** checkLinks over `site` with `plan` (the root's page by default), and every request it made. */
async function check(site: Record<string, ScriptedPage>, plan: Partial<LinkCheckPlan> = {}, around: Around = {}) {
  const scripted = scriptedSite(site);
  const pages = around.get === undefined ? scripted.pages : { ...scripted.pages, get: around.get(scripted.pages.get) };
  test = operationContext({
    baseUrl: BASE_URL,
    inputs: { operation: 'preview', project: 'demo' },
    pages,
    ...(around.log === undefined ? {} : { log: around.log }),
    ...(around.cancellation === undefined ? {} : { cancellation: around.cancellation }),
  });
  const started = test.clock.now();
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
  return { report, asked: scripted.asked, clock: test.clock, started };
}

/** A page served from another address (the end of a redirect followed), with its body. */
const servedFrom = (url: string, body: string): ScriptedPage => ({
  status: 200,
  url,
  contentType: 'text/html',
  bytes: new TextEncoder().encode(page(body)),
});

/** The URLs asked, in order. */
const urls = (asked: { url: string }[]) => asked.map(({ url }) => url);

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

  it('a target linked with and without a fragment is asked with its body, whichever comes first; an image’s fragment is no anchor', async () => {
    const { report, asked } = await check({
      [ROOT]: page(
        '<a href="b.html#part">b</a> <a href="b.html">b</a> <a href="c.html">c</a> <a href="c.html#part">c</a> <img src="chart#part">',
      ),
      [`${ROOT}b.html`]: page('<h2 id="part">Part</h2>'),
      [`${ROOT}c.html`]: page('<h2 id="part">Part</h2>'),
      [`${ROOT}chart`]: { status: 200, contentType: 'image/svg+xml' },
    });
    expect(report).toMatchObject({ checked: 5, notChecked: 0, broken: [] });
    const how = Object.fromEntries(asked.map(({ url, request }) => [url, request]));
    expect(how[`${ROOT}b.html`]).toMatchObject({ accept: 'text/html', bytes: true });
    expect(how[`${ROOT}c.html`]).toMatchObject({ accept: 'text/html', bytes: true });
    expect(how[`${ROOT}chart`]).toMatchObject({ accept: '*/*' });
    expect(how[`${ROOT}chart`]).not.toHaveProperty('bytes');
  });

  it('a link it does not follow (another scheme, an empty one) is neither asked nor counted', async () => {
    const { report, asked } = await check({
      [ROOT]: page(
        '<a href="mailto:docs@example.org">mail</a> <a href="javascript:void(0)">js</a> <a href="">self</a> <a href="a.html">a</a>',
      ),
      [`${ROOT}a.html`]: page(''),
    });
    expect(urls(asked)).toEqual([ROOT, `${ROOT}a.html`]);
    expect(report).toMatchObject({ checked: 1, notChecked: 0, otherSites: 0, ignored: 0, outsideVersion: 0, broken: [] });
  });

  it('asks one other site two targets at a time, the version’s own and other sites’ four at a time', async () => {
    const hosts = ['one.example', 'two.example'];
    const links = hosts.flatMap((host) => Array.from({ length: 5 }, (_, i) => `<a href="https://${host}/${i}">${i}</a>`)).join('');
    const site: Record<string, ScriptedPage> = { [ROOT]: page(links) };
    for (const host of hosts) for (let i = 0; i < 5; i++) site[`https://${host}/${i}`] = { status: 200 };
    const open = new Map<string, number>();
    const most = new Map<string, number>();
    let all = 0;
    let mostAll = 0;
    const { report } = await check(
      site,
      {},
      {
        get: (get) => async (url, request) => {
          const { host } = new URL(url);
          open.set(host, (open.get(host) ?? 0) + 1);
          all += 1;
          most.set(host, Math.max(most.get(host) ?? 0, open.get(host)!));
          mostAll = Math.max(mostAll, all);
          // A turn of the event loop (no time): the other requests started meanwhile are in flight too.
          await new Promise((resolve) => setImmediate(resolve));
          open.set(host, open.get(host)! - 1);
          all -= 1;
          return get(url, request);
        },
      },
    );
    expect(report).toMatchObject({ checked: 10, notChecked: 0 });
    expect(Object.fromEntries(most)).toEqual({ 'one.example': 2, 'two.example': 2, [new URL(ROOT).host]: 1 });
    expect(mostAll).toBe(4);
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

describe('checkLinks: the pages read', () => {
  it('reads only the plan’s pages of the version: another host’s or another version’s is neither asked nor counted', async () => {
    const { report, asked } = await check(
      { [ROOT]: page('') },
      { pages: [ROOT, 'https://evil.example/en/7/x.html', 'https://demo--7.org.readthedocs.build/en/latest/'] },
    );
    expect(urls(asked)).toEqual([ROOT]);
    expect(report).toMatchObject({ pages: 1, unreadPages: 0, notChecked: 0, unread: [] });
  });

  it('a page is read once, under the address it was served from: its links resolved there, a later link to that address not read again', async () => {
    const { report, asked } = await check(
      {
        [ROOT]: page('<a href="old.html">old</a>'),
        [`${ROOT}old.html`]: servedFrom(`${ROOT}guide/new.html`, '<a href="new.html">new</a> <a href="gone.html">gone</a>'),
      },
      { crawl: true },
    );
    expect(urls(asked)).toEqual([ROOT, `${ROOT}old.html`, `${ROOT}guide/gone.html`]);
    expect(report).toMatchObject({ pages: 2, checked: 3, notChecked: 0 });
    expect(report.broken).toMatchObject([{ page: 'guide/new.html', target: 'guide/gone.html', problem: 'missing page' }]);
  });

  it('two pages of the plan served from one address: its links judged once', async () => {
    // Each its own bytes: the parser takes a body's buffer.
    const same = () => servedFrom(`${ROOT}c.html`, '<a href="gone.html">gone</a>');
    const { report } = await check(
      { [`${ROOT}a.html`]: same(), [`${ROOT}x.html`]: page('<a href="gone.html">gone</a>'), [`${ROOT}b.html`]: same() },
      { pages: [`${ROOT}a.html`, `${ROOT}x.html`, `${ROOT}b.html`] },
    );
    expect(report).toMatchObject({ pages: 2, checked: 2, unreadPages: 0 });
    expect(report.broken.map(({ page }) => page).sort()).toEqual(['c.html', 'x.html']);
  });

  it('names a page by its path below the root, decoded; the root as `/`', async () => {
    const { report } = await check(
      { [ROOT]: page('<a href="gone.html">gone</a>'), [`${ROOT}guide/caf%C3%A9.html`]: page('<a href="gone.html">gone</a>') },
      { pages: [ROOT, `${ROOT}guide/caf%C3%A9.html`] },
    );
    expect(report.broken.map(({ page, target }) => `${page} → ${target}`).sort()).toEqual([
      '/ → gone.html',
      'guide/café.html → guide/gone.html',
    ]);
  });

  it('counts each link past the parser’s limit per page as not checked', async () => {
    const links = '<a href="a.html">a</a>'.repeat(5_003);
    const { report } = await check({ [ROOT]: page(links), [`${ROOT}a.html`]: page('') });
    expect(report).toMatchObject({ checked: 1, notChecked: 3, pages: 1 });
  });

  it('tells links to one page written two ways apart (`X/` and `X/index.html`), asked once', async () => {
    const { report, asked } = await check({ [ROOT]: page('<a href="old/">old</a> <a href="old/index.html">old</a>') });
    expect(urls(asked)).toEqual([ROOT, `${ROOT}old/`]);
    expect(report).toMatchObject({ checked: 2, requests: 1 });
    expect(report.broken.map(({ target }) => target)).toEqual(['old/', 'old/index.html']);
  });

  it('crawls only links (`<a>`): a page an image or an embed loads is asked for its status, not read', async () => {
    const { report, asked } = await check(
      {
        [ROOT]: page('<object data="embed.html"></object> <img src="figure"> <a href="next.html">next</a>'),
        [`${ROOT}embed.html`]: page('<a href="hidden.html">hidden</a>'),
        [`${ROOT}figure`]: page(''),
        [`${ROOT}next.html`]: page(''),
      },
      { crawl: true },
    );
    expect(report).toMatchObject({ pages: 2, checked: 3, requests: 2 });
    const how = Object.fromEntries(asked.map(({ url, request }) => [url, request]));
    expect(Object.keys(how).sort()).toEqual([ROOT, `${ROOT}embed.html`, `${ROOT}figure`, `${ROOT}next.html`]);
    expect(how[`${ROOT}embed.html`]).toMatchObject({ accept: '*/*' });
    expect(how[`${ROOT}figure`]).toMatchObject({ accept: '*/*' });
    expect(how[`${ROOT}next.html`]).toMatchObject({ accept: 'text/html', bytes: true });
  });

  it('reads no page once the run has parsed all it may: not fetched, named as past the run’s total', async () => {
    const pages = Array.from({ length: 5 }, (_, i) => `${ROOT}p${i}.html`);
    const site = Object.fromEntries(pages.map((url) => [url, page('')]));
    const { report, asked } = await check(site, { pages, answers: new LinkAnswers({ maxParseBytes: 1 }) });
    // Four at a time: the first four fetched (each over the total when parsed), the fifth not.
    expect(urls(asked)).toEqual(pages.slice(0, 4));
    expect(report).toMatchObject({ pages: 0, unreadPages: 5, notChecked: 5 });
    const byUrl = [...report.unread].sort((x, y) => x.url.localeCompare(y.url));
    expect(byUrl).toStrictEqual([
      ...pages.slice(0, 4).map((url) => ({ url, status: 200, unreadable: 'run total' })),
      { url: pages[4], unreadable: 'run total' },
    ]);
  });

  it('the step cancelled while a page is on its way: the page is not parsed, the check ends with the cancellation', async () => {
    const cancel = new AbortController();
    const checking = check(
      { [ROOT]: page('<a href="a.html">a</a>') },
      // The check's own run answers (none given): they end a page's reading with the step.
      { answers: undefined },
      {
        cancellation: cancel.signal,
        get: (get) => async (url, request) => {
          cancel.abort(new Error('cancelled by the test'));
          return get(url, request);
        },
      },
    );
    await expect(checking).rejects.toThrow('cancelled by the test');
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
    expect(byUrl.slice(0, 4)).toStrictEqual([
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
    // The page read is no target asked: only last.html, past `maxPages`, is.
    expect(crawled.report).toMatchObject({ pages: 2, checked: 2, requests: 1 });
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

  it('a target the budget left no time to ask again keeps its first answer, for the run too', async () => {
    const answers = new LinkAnswers();
    const gone = Array.from({ length: 5 }, (_, i) => `${ROOT}gone${i}.html`);
    const site = { [ROOT]: page(gone.map((url, i) => `<a href="${url}">${i}</a>`).join(' ')) };
    const seen = new Set<string>();
    const first = await check(
      site,
      { answers, recheckAfterMs: 10_000, budgetMs: 60_000 },
      {
        get: (get) => async (url, request) => {
          const again = seen.has(url);
          seen.add(url);
          // The second looks, four at a time, take what is left of the budget.
          if (again) await test!.clock.sleep(50_000);
          return get(url, request);
        },
      },
    );
    // Four asked again; the fifth, out of time, not: still broken on its first answer.
    expect(first.asked.filter(({ url }) => url !== ROOT)).toHaveLength(9);
    // The requests sent, not those planned: the fifth second look was never sent.
    expect(first.report.requests).toBe(9);
    expect(first.report.broken.map(({ target }) => target)).toEqual(gone.map((_, i) => `gone${i}.html`));
    const second = await check(site, { answers });
    expect(urls(second.asked)).toEqual([ROOT]);
    expect(second.report).toMatchObject({ checked: 5, notChecked: 0 });
    expect(second.report.broken).toHaveLength(5);
  });

  it('takes no second look when the wait would outlast the budget', async () => {
    const { report, asked } = await check({ [ROOT]: page('<a href="gone.html">gone</a>') }, { recheckAfterMs: 60_000, budgetMs: 60_000 });
    expect(report).toMatchObject({ requests: 1 });
    expect(asked.filter(({ url }) => url === `${ROOT}gone.html`)).toHaveLength(1);
  });
});

describe("checkLinks: another site's second look", () => {
  const DEAD = 'https://dead.example/x';
  const BACK = 'https://back.example/y';
  const NO_HOST = 'https://gone.example/';
  const QUIET = 'https://quiet.example/';
  const links = [DEAD, BACK, NO_HOST, QUIET].map((url) => `<a href="${url}">${url}</a>`).join(' ');
  const missing = { status: 404, contentType: 'text/html', problem: 'answered 404' };

  it('broken only when the second answer says so too, asked as the first was; a site that is not there is broken, one that said nothing unavailable', async () => {
    const debugs: string[] = [];
    const { report, asked, clock, started } = await check(
      {
        [ROOT]: page(links),
        [DEAD]: [missing, missing],
        [BACK]: [missing, { status: 200, contentType: 'text/html' }],
        [NO_HOST]: { failed: 'no such host', problem: 'no such host' },
        [QUIET]: [missing, {}],
      },
      { externalRecheckMs: 10_000 },
      { log: { ...recordingPort().log, debug: (line) => debugs.push(line) } },
    );
    expect(report.broken).toEqual([
      { page: '/', target: DEAD, problem: 'answered 404', kind: 'page', external: true, text: DEAD },
      { page: '/', target: NO_HOST, problem: 'no such host', kind: 'page', external: true, text: NO_HOST },
    ]);
    expect(report).toMatchObject({ checked: 3, unavailable: 1, notChecked: 0, requests: 8 });
    const second = asked.filter(({ url }) => url === DEAD);
    expect(second).toHaveLength(2);
    expect(second[1]!.request).toMatchObject({ accept: '*/*', followRedirects: false, publicOnly: true });
    expect(second[1]!.request).not.toHaveProperty('bytes');
    expect(clock.now() - started).toBe(10_000);
    // Why a target gave no status, in the step's debug log.
    expect(debugs).toEqual(expect.arrayContaining([`link check: ${NO_HOST}: no such host`, `link check: ${QUIET}: no answer`]));
  });

  it("another check of the run takes the run's second answer as it stands: no second look, no wait", async () => {
    const answers = new LinkAnswers();
    const site = { [ROOT]: page(`<a href="${DEAD}">dead</a>`), [DEAD]: missing };
    const first = await check(site, { answers });
    expect(first.report).toMatchObject({ checked: 1, requests: 2 });
    const second = await check(site, { answers });
    expect(urls(second.asked)).toEqual([ROOT]);
    expect(second.report).toMatchObject({ checked: 1, unavailable: 0, requests: 0 });
    expect(second.report.broken.map(({ target }) => target)).toEqual([DEAD]);
    expect(second.clock.sleeps).toEqual([]);
  });

  it('asks again `externalRecheckMs` after the first answer, not after the rest of the check', async () => {
    const at = new Map<string, number[]>();
    const { report } = await check(
      { [ROOT]: page(`<a href="${DEAD}">dead</a> <a href="slow.html">slow</a>`), [DEAD]: missing, [`${ROOT}slow.html`]: page('') },
      { externalRecheckMs: 30_000, budgetMs: 40_000 },
      {
        get: (get) => async (url, request) => {
          const clock = test!.clock;
          at.set(url, [...(at.get(url) ?? []), clock.now()]);
          // The version's own target takes 20 s (its host's pace); the other site answers at once.
          if (url.endsWith('slow.html')) await clock.sleep(20_000);
          return get(url, request);
        },
      },
    );
    expect(report.broken.map(({ target }) => target)).toEqual([DEAD]);
    const [first, again] = at.get(DEAD)!;
    expect(again! - first!).toBe(30_000);
  });
});

describe("checkLinks: the build's search index", () => {
  const INDEX = `${ROOT}search/search_index.json`;
  /** An MkDocs index listing `locations`. */
  const mkdocsIndex = (...locations: string[]): ScriptedPage => ({
    status: 200,
    contentType: 'application/json',
    body: JSON.stringify({ docs: locations.map((location) => ({ location, title: location, text: '' })) }),
  });

  it('the pages it lists are asked no more; a page it does not list, a file, another site and the pages read are asked as before', async () => {
    const { report, asked } = await check(
      {
        [ROOT]: page(
          ['a/', 'b/', 'c/', 'd/', 'e/', 'other/', 'logo.png', 'https://example.org/x']
            .map((href) => `<a href="${href}">${href}</a>`)
            .join(' '),
        ),
        [`${ROOT}other/`]: page(''),
        [`${ROOT}e/`]: page(''),
        [`${ROOT}logo.png`]: { status: 200, contentType: 'image/png' },
        'https://example.org/x': { status: 200, contentType: 'text/html' },
        // It lists the file, another site's page and the page read too: only the version's pages not read are answered from it.
        [INDEX]: mkdocsIndex('', 'a/', 'b/', 'c/', 'd/', 'other/', 'logo.png'),
      },
      { pages: [ROOT, `${ROOT}other/`], index: { builder: 'mkdocs' } },
    );
    expect(urls(asked).sort()).toEqual([ROOT, `${ROOT}other/`, INDEX, `${ROOT}e/`, `${ROOT}logo.png`, 'https://example.org/x'].sort());
    expect(report).toMatchObject({ checked: 8, notChecked: 0, broken: [], requests: 4 });
    expect(report.index).toEqual({ file: 'search/search_index.json', answered: 4, requests: 1 });
  });

  it('is not read for fewer than four of the version’s pages to ask (files, other sites and pages read not counted), nor without the plan’s leave', async () => {
    const site: Record<string, ScriptedPage> = {
      [ROOT]: page(
        ['a/', 'b/', 'c/', 'other/', 'logo.png', 'style.css', 'https://example.org/x']
          .map((href) => `<a href="${href}">${href}</a>`)
          .join(' '),
      ),
      [`${ROOT}other/`]: page(''),
      [INDEX]: mkdocsIndex('', 'a/', 'b/', 'c/', 'other/', 'logo.png', 'style.css'),
      'https://example.org/x': { status: 200 },
    };
    for (const path of ['a/', 'b/', 'c/', 'logo.png', 'style.css']) site[`${ROOT}${path}`] = page('');
    const few = await check(site, { pages: [ROOT, `${ROOT}other/`], index: { builder: 'mkdocs' } });
    expect(urls(few.asked)).not.toContain(INDEX);
    expect(few.report).toMatchObject({ checked: 7, requests: 6 });
    expect(few.report).not.toHaveProperty('index');
    // Four of them, without `index` in the plan: all asked, no index read.
    site[ROOT] = page(['a/', 'b/', 'c/', 'd/'].map((href) => `<a href="${href}">${href}</a>`).join(' '));
    site[`${ROOT}d/`] = page('');
    const unplanned = await check(site);
    expect(urls(unplanned.asked)).toEqual([ROOT, `${ROOT}a/`, `${ROOT}b/`, `${ROOT}c/`, `${ROOT}d/`]);
    expect(unplanned.report).not.toHaveProperty('index');
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
