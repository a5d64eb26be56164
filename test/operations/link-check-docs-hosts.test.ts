// The link check on real docs hosts (issue 46), in-process on a fake clock against the stand-in,
// which now models how the hosts answer (FACTS, *Docs hosts*): a host that throttles above 4
// requests a second (429) or challenges (403), resources a page needs, links outside the version,
// a PDF's fragment and a text fragment, another site's thousands of links, a CDN still serving the
// previous build; and the counts of what is not checked (issue 49, item 6). `health`'s side: a root
// that is private (401) or throttled, a crawl through a folder redirect and a user redirect, a
// single-version root whose `/projects/` holds a subproject. The old code failed each of these.
import { afterEach, describe, expect, it } from 'vitest';
import { startGitHubStandin } from '../../harness/github-standin.ts';
import { floodedPage, lostResourcesSite, redirectedSite, workingPagesSite } from '../../harness/link-site.ts';
import { type DocsRate, startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { FakeClock, T0 } from '../support/operation-context.ts';
import { captureStdout, runStep } from './context.ts';
import { HEAD, PR, type PreviewStage, previewOf, previewStage, runPreview, summaryOf } from './preview-context.ts';

const stdout = captureStdout();
const NO_TEMPLATE = { 'preview-url-template': '' };
let stage: PreviewStage | undefined;
afterEach(async () => {
  await stage?.close();
  stage = undefined;
});

type Links = {
  checked: number;
  notChecked: number;
  broken: { page: string; target: string; problem: string; kind: string; external?: boolean }[];
  otherSites: number;
  ignored: number;
  outsideVersion: number;
  throttled: number;
  unavailable: number;
};
const linksOf = (report: { results: { details?: unknown }[] }) => (report.results[0]!.details as { links: Links }).links;

/** The preview of PR 7 of `demo` whose file tree diff lists `changed`, serving `pages` (given the GitHub stand-in's URL, another site). */
async function previewWith(
  pages: Record<string, string> | ((elsewhere: string) => Record<string, string>),
  changed: string[],
  docsRate?: DocsRate | null,
): Promise<PreviewStage> {
  stage = await previewStage({ pullRequest: false, ...(docsRate === undefined ? {} : { docsRate }) });
  stage.gh.addPullRequest({ number: PR, headSha: HEAD, files: [{ filename: 'docs/index.rst' }] });
  stage.rtd.addBuild('demo', String(PR), { durationMs: 20_000, outcome: 'success', commit: HEAD, commitFromStart: true });
  stage.rtd.setFileTreeDiff('demo', String(PR), { modified: changed });
  stage.rtd.setSitePages('demo', String(PR), typeof pages === 'function' ? pages(`${stage.gh.url}/elsewhere`) : pages);
  return stage;
}

const pageRequests = (rtd: Standin) => rtd.requests.filter((request) => request.path.startsWith('/docs/'));

describe('preview on a docs host that keeps to 4 requests a second', () => {
  it('40 changed pages of 8 working links under `fail`: green, every link checked, nothing throttled', async () => {
    const site = workingPagesSite(40);
    const { rtd } = await previewWith(site.pages, site.changed);
    const report = await runPreview(stage!, { ...NO_TEMPLATE, 'link-check': 'fail' });
    expect(report.results[0]).toMatchObject({ outcome: 'success' });
    expect(linksOf(report)).toMatchObject({ checked: 320, notChecked: 0, broken: [], throttled: 0 });
    // The stand-in throttles above 4 a second (with a burst of 6) on the step's own clock: it refused nothing.
    expect(pageRequests(rtd).length).toBeGreaterThan(40);
    expect([...rtd.docsRefused().values()]).toEqual([]);
  });

  it('a host that challenges (403, cf-mitigated) above its rate: green, the challenged links not checked and said, none broken', async () => {
    const site = workingPagesSite(12);
    const { rtd } = await previewWith(site.pages, site.changed, { perSecond: 1, burst: 3, answer: 'challenge' });
    const report = await runPreview(stage!, { ...NO_TEMPLATE, 'link-check': 'fail' });
    expect(report.results[0]).toMatchObject({ outcome: 'success' });
    const links = linksOf(report);
    expect([...rtd.docsRefused().values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(links.broken).toEqual([]);
    expect(links.throttled).toBeGreaterThan(0);
    expect(links.notChecked).toBeGreaterThan(0);
    expect(links.checked).toBeGreaterThan(0);
    expect(stdout.text()).toMatch(/the docs host throttled \d+ request\(s\) \(their links are not checked, never reported broken\)/);
    expect(summaryOf(report)).toContain('the docs host throttled');
  });

  it('a host that throttles every request (429): the throttled targets are not checked, never `answered 429`', async () => {
    const site = workingPagesSite(3);
    await previewWith(site.pages, site.changed, { perSecond: 0.01, burst: 5, answer: 'throttle' });
    const report = await runPreview(stage!, { ...NO_TEMPLATE, 'link-check': 'fail' });
    expect(report.results[0]).toMatchObject({ outcome: 'success' });
    const links = linksOf(report);
    expect(links.broken).toEqual([]);
    expect(links.throttled).toBeGreaterThan(0);
    expect(JSON.stringify(links)).not.toContain('answered 429');
  });
});

describe('preview: what is checked and how it is counted', () => {
  it('a lost stylesheet, script, <object> and <source> are missing resources; `link-check-ignore` covers them', async () => {
    await previewWith(lostResourcesSite(), ['guide/media.html']);
    const report = await runPreview(stage!, { ...NO_TEMPLATE, 'link-check': 'fail' });
    expect(report.results[0]).toMatchObject({ outcome: 'failed', title: 'Broken links' });
    expect(linksOf(report).broken.map(({ target, problem, kind }) => `${target} ${problem} ${kind}`)).toEqual([
      '_static/custom.css missing resource resource',
      '_static/custom.js missing resource resource',
      '_images/graph.svg missing resource resource',
      '_static/clip.webm missing resource resource',
    ]);
    const ignored = await runPreview(stage!, {
      ...NO_TEMPLATE,
      'link-check': 'fail',
      'link-check-ignore': '_static/custom.*\n_images/**\n**/*.webm',
    });
    expect(ignored.results[0]).toMatchObject({ outcome: 'success' });
    expect(linksOf(ignored)).toMatchObject({ broken: [], ignored: 4 });
  });

  it('links outside the version, to other sites and ignored are counted in the log, the summary and `results`', async () => {
    const page =
      '<!doctype html><html><body><h1 id="top-heading">Counted</h1>' +
      '<a href="../index.html">home</a> <a href="/img/logo.png">outside</a> <a href="/docs/demo/en/latest/">another version</a> ' +
      '<a href="https://example.org/a">other</a> <a href="https://example.org/b">other</a> <a href="../genindex.html">ignored</a> ' +
      '<a href="../_static/manual.pdf#page=2">pdf</a> <a href="../index.html#:~:text=Start">text</a></body></html>';
    await previewWith({ 'index.html': '<p>Start</p>', 'guide/counted.html': page, '_static/manual.pdf': 'PDF' }, ['guide/counted.html']);
    const report = await runPreview(stage!, { ...NO_TEMPLATE, 'link-check': 'fail', 'link-check-ignore': 'genindex.html' });
    // A PDF's `#page=2` and a text fragment are no anchors: both links work.
    expect(linksOf(report)).toMatchObject({ checked: 2, notChecked: 0, broken: [], otherSites: 2, ignored: 1, outsideVersion: 2 });
    expect(report.results[0]).toMatchObject({ outcome: 'success' });
    const said =
      '2 to other sites not checked (`link-check-external: true` checks them; they never fail the step), 1 ignored (`link-check-ignore`), 2 outside the version (not checked)';
    expect(stdout.text()).toContain(`Links of 1 changed page(s): 0 broken, 2 checked, 0 not checked, ${said}`);
    expect(summaryOf(report)).toContain(`**Broken links in demo**: 0 broken, 2 checked, 0 not checked, ${said}`);
    expect(stage!.gh.requests.filter((request) => request.path.includes('example'))).toEqual([]);
  });

  it('a dirhtml diff naming `X/index.html`: one request per page, `X/` and `X/index.html` being one', async () => {
    const pages = {
      'index.html': '<p id="a">Home</p>',
      'guide/index.html': '<p id="g"><a href="../">home</a> <a href="../api/#calls">api</a> <a href="./#g">here</a></p>',
      'api/index.html': '<p id="calls"><a href="../guide/">guide</a> <a href="../index.html#a">home</a></p>',
    };
    const { rtd } = await previewWith(pages, ['guide/index.html', 'api/index.html']);
    const report = await runPreview(stage!, { ...NO_TEMPLATE, 'link-check': 'fail' });
    expect(linksOf(report)).toMatchObject({ checked: 5, broken: [] });
    const root = new URL(previewOf(rtd)).pathname;
    const paths = pageRequests(rtd).map((request) => request.path.slice(root.length));
    expect(paths.filter((path) => path.startsWith('guide')).length).toBe(1);
    expect(paths.filter((path) => path.startsWith('api')).length).toBe(1);
  });

  it('with `link-check-external`: 2,100 links to another site do not crowd out the missing page of its own, which fails the step', async () => {
    await previewWith((elsewhere) => floodedPage(elsewhere, 2_100), ['guide/links.html']);
    // The GitHub stand-in answers the other site (404 for every page): its answers never fail the step.
    const report = await runPreview(stage!, { ...NO_TEMPLATE, 'link-check': 'fail', 'link-check-external': 'true' });
    expect(report.results[0]).toMatchObject({ outcome: 'failed', title: 'Broken links' });
    const links = linksOf(report);
    expect(links.broken.filter((link) => !link.target.startsWith('http'))).toEqual([
      { page: 'guide/links.html', target: 'guide/gone.html', problem: 'missing page', kind: 'page', external: false, text: 'gone' },
    ]);
    // 100 of the other site's asked (the per-site cap), the rest not checked; those that looked dead asked again as the budget lets.
    const asked = stage!.gh.requests.filter((request) => request.path.startsWith('/elsewhere/')).map((request) => request.path);
    expect(new Set(asked).size).toBe(100);
    expect(asked.length).toBeLessThanOrEqual(200);
    expect(links.notChecked).toBe(2_000);
    expect(links.unavailable + links.broken.filter((link) => link.external).length).toBe(100);
  });

  it('with `link-check-external`: another site that throttles (429 beyond the wait) or challenges is not checked, never broken', async () => {
    const page = (elsewhere: string) => ({
      'index.html': '<p>Home</p>',
      'guide/out.html': `<p><a href="${elsewhere}/slow">slow</a> <a href="${elsewhere}/guarded">guarded</a> <a href="../index.html">home</a></p>`,
    });
    const { gh } = await previewWith(page, ['guide/out.html']);
    gh.fault({ kind: 'status', path: '/elsewhere/slow', status: 429, headers: { 'retry-after': '600' }, times: 10 });
    gh.fault({ kind: 'status', path: '/elsewhere/guarded', status: 403, headers: { 'cf-mitigated': 'challenge' }, times: 10 });
    const report = await runPreview(stage!, { ...NO_TEMPLATE, 'link-check': 'fail', 'link-check-external': 'true' });
    expect(report.results[0]).toMatchObject({ outcome: 'success' });
    expect(linksOf(report)).toMatchObject({ checked: 1, notChecked: 0, unavailable: 2, broken: [], throttled: 2 });
    expect(stdout.text()).toContain('other sites throttled 2 request(s)');
  });

  it('without the file tree diff, a target the CDN still served from the previous build is asked once more and found', async () => {
    stage = await previewStage({ pullRequest: false });
    const { rtd, gh } = stage;
    gh.addPullRequest({ number: PR, headSha: HEAD, files: [{ filename: 'docs/guide/install.rst' }] });
    rtd.addBuild('demo', String(PR), { durationMs: 20_000, outcome: 'success', commit: HEAD, commitFromStart: true });
    rtd.setFileTreeDiff('demo', String(PR), 'absent');
    rtd.setSitePages('demo', String(PR), {
      'index.html': '<p>Home</p>',
      'guide/install.html': '<p><a href="new.html#fresh">the new page</a> <a href="gone.html">a page really gone</a></p>',
      'guide/new.html': '<h1 id="fresh">New</h1>',
    });
    // The CDN's copy of the previous build, where the new page is not yet: a 404 the first time.
    rtd.fault({ kind: 'status', status: 404, path: '/guide/new.html', body: 'Not Found' });
    const report = await runPreview(stage, { ...NO_TEMPLATE, 'docs-path': 'docs', 'link-check': 'fail', 'poll-interval': '10s' });
    expect(linksOf(report)).toMatchObject({ checked: 2, broken: [{ target: 'guide/gone.html', problem: 'missing page' }] });
    const asked = (path: string) => rtd.requests.filter((request) => request.path.endsWith(path)).map((request) => request.status);
    expect(asked('/guide/new.html')).toEqual([404, 200]);
    expect(asked('/guide/gone.html')).toEqual([404, 404]);
  });
});

describe('health on real docs hosts', () => {
  const GITHUB_TOKEN = 'ghs_health_docs_hosts_token_0123456789';
  const HEALTH_HEAD = 'b'.repeat(40);

  async function healthStage(options: { docsRate?: DocsRate | null; private?: boolean; single?: boolean } = {}) {
    const clock = new FakeClock();
    const rtd = await startStandin({
      now: clock.now,
      rateLimit: null,
      ...(options.docsRate === undefined ? {} : { docsRate: options.docsRate }),
    });
    rtd.addProject({
      slug: 'acme',
      ...(options.single ? { versioningScheme: 'single_version_without_translations' as const } : {}),
      latest: false,
      versions: [{ slug: 'latest', ...(options.private ? { privacy: 'private' as const } : {}) }],
    });
    rtd.addBuild('acme', 'latest', { durationMs: 60_000, outcome: 'success', commit: HEALTH_HEAD, startedAgoMs: 60 * 60_000 });
    const gh = await startGitHubStandin({ token: GITHUB_TOKEN });
    gh.setBranch('main', HEALTH_HEAD, T0 - 2 * 3_600_000);
    const close = () => Promise.all([rtd.close(), gh.close()]).then(() => undefined);
    stage = { rtd, gh, clock, close };
    return { rtd, gh, clock };
  }
  const health = (inputs: Record<string, string>) =>
    runStep(
      stage!.rtd,
      { operation: 'health', project: 'acme', 'github-token': GITHUB_TOKEN, releases: '0', 'health-issue': 'false', ...inputs },
      { clock: stage!.clock, run: { eventName: 'schedule', repository: 'octo/docs-repo', apiUrl: stage!.gh.url } },
    );
  type Row = { check: string; state: string; details: string; broken?: unknown[] };
  const linkRow = (result: { results: { details?: unknown }[] }) =>
    (result.results[0]!.details as { checks: Row[] }).checks.find((row) => row.check === 'links work')!;

  it('private docs (401): the row is unknown, names the 401 and why, never that the links work', async () => {
    const { rtd } = await healthStage({ private: true });
    rtd.setSitePages('acme', 'latest', redirectedSite());
    const row = linkRow(await health({ 'link-check': 'fail' }));
    expect(row.state).toBe('unknown');
    expect(row.details).toMatch(/answered 401: the docs are private.*sharing token/);
    expect(row.details).not.toMatch(/pages? read/);
  });

  it('a throttled root (429 beyond the wait): unknown, naming the throttle', async () => {
    const { rtd } = await healthStage({ docsRate: { perSecond: 0.001, burst: 0, answer: 'throttle' } });
    rtd.setSitePages('acme', 'latest', redirectedSite());
    const row = linkRow(await health({ 'link-check': 'fail' }));
    expect(row).toMatchObject({ state: 'unknown', details: expect.stringMatching(/answered 429: the docs host throttled this runner/) });
  });

  it('a crawl through a folder redirect (`guide` → `guide/`) and a user redirect reports no false missing page, and the real one', async () => {
    const { rtd } = await healthStage();
    rtd.addRedirect('acme', { type: 'page', from_url: '/old/intro.html', to_url: '/guide/intro.html', http_status: 302 });
    rtd.setSitePages('acme', 'latest', redirectedSite({ missing: true }));
    const result = await health({ 'link-check': 'fail' });
    const row = linkRow(result);
    expect(row.state).toBe('problem');
    expect(row.details).toMatch(/^1 broken link \(1 to a page\) on 1 of the 4 pages read; /);
    expect(row.broken).toEqual([
      { page: 'guide/intro.html', target: 'guide/setup.html', problem: 'missing page', kind: 'page', external: false, text: 'setup' },
    ]);
    const folder = rtd.requests.find((request) => request.path.endsWith('/guide'));
    expect(folder).toMatchObject({ status: 302 });
    expect(rtd.requests.find((request) => request.path.endsWith('/old/intro.html'))).toMatchObject({ status: 302 });
  });

  it('a single-version root: the crawl stays out of `/projects/` (a subproject) and `/_/`, counted outside the version', async () => {
    const { rtd } = await healthStage({ single: true });
    rtd.addProject({ slug: 'sub', versions: [] });
    rtd.addBuild('sub', 'latest', { durationMs: 60_000, outcome: 'success', commit: HEALTH_HEAD, startedAgoMs: 60 * 60_000 });
    rtd.addSubproject('acme', 'sub', 'sub');
    rtd.setSitePages('sub', 'latest', { 'index.html': '<p><a href="missing.html">broken in the subproject</a></p>' });
    rtd.setSitePages('acme', 'latest', {
      'index.html':
        '<p><a href="guide.html">guide</a> <a href="projects/sub/en/latest/">the subproject</a> <a href="_/downloads/">downloads</a></p>',
      'guide.html': '<p><a href="index.html">home</a></p>',
    });
    const row = linkRow(await health({ 'link-check': 'fail' }));
    expect(row).toMatchObject({ state: 'ok' });
    expect(row.details).toBe('2 pages read, 2 links checked, 0 not checked, 2 outside the version (not checked)');
    expect(pageRequests(rtd).filter((request) => request.path.includes('/projects/') || request.path.includes('/_/'))).toEqual([]);
  });

  it('a page whose only links go to other sites: the row says so instead of `0 link(s) checked` alone', async () => {
    const { rtd } = await healthStage();
    rtd.setSitePages('acme', 'latest', {
      'index.html': '<p><a href="https://example.org/a">a</a> <a href="https://example.org/b">b</a></p>',
    });
    const row = linkRow(await health({ 'link-check': 'warn' }));
    expect(row.details).toBe(
      '1 page read, 0 links checked, 0 not checked, 2 to other sites not checked (`link-check-external: true` checks them; they never fail the step)',
    );
  });
});
