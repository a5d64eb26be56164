// The stand-in's docs hosts (FACTS.md, *Docs hosts*), asked directly: the throttle above 4 requests
// a second (429 with Retry-After, or a 403 challenge), private docs (401), a folder without its slash
// (302, `X-RTD-Redirect: system`), the project's user redirects on the public host only (never on
// a preview host), a single-version root's `/projects/` and `/_/`, files with their type, and the
// index files a build publishes beside its pages.
import { inflateSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { type DocsRate, startStandin, type Standin } from '../harness/rtd-standin.ts';

let standin: Standin | undefined;
afterEach(async () => {
  await standin?.close();
  standin = undefined;
});

let time = 0;
async function site(options: { docsRate?: DocsRate | null; single?: boolean; privacy?: 'private' } = {}): Promise<Standin> {
  time = Date.parse('2026-11-23T08:00:00Z');
  standin = await startStandin({
    now: () => time,
    ...(options.docsRate === undefined ? { docsRate: null } : { docsRate: options.docsRate }),
  });
  standin.addProject({
    slug: 'acme',
    ...(options.single ? { versioningScheme: 'single_version_without_translations' as const } : {}),
    latest: false,
    versions: [
      { slug: 'latest', built: true, ...(options.privacy ? { privacy: options.privacy } : {}) },
      { slug: '7', type: 'external', built: true },
    ],
  });
  const pages = { 'index.html': '<p>home</p>', 'guide/index.html': '<p>guide</p>', 'guide/new.html': '<p>new</p>', '_static/x.css': 'b{}' };
  standin.setSitePages('acme', 'latest', pages);
  standin.setSitePages('acme', '7', pages);
  return standin;
}

const get = (path: string) => fetch(`${standin!.url}${path}`, { redirect: 'manual' });

describe('the stand-in docs hosts', () => {
  it('throttle: a burst, then above 4 a second a 429 with Retry-After; the next second answers again', async () => {
    await site({ docsRate: { perSecond: 4, burst: 6, answer: 'throttle' } });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await get('/docs/acme/en/latest/')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    const refused = await get('/docs/acme/en/latest/');
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(standin!.docsRefused().get('acme')).toBe(3);
    // Another host has its own bucket; a quarter of a second later there is a token again.
    expect((await get('/docs/acme--7/en/7/')).status).toBe(200);
    time += 250;
    expect((await get('/docs/acme/en/latest/')).status).toBe(200);
  });

  it('challenge: above the rate, a 403 with `cf-mitigated: challenge`', async () => {
    await site({ docsRate: { perSecond: 1, burst: 1, answer: 'challenge' } });
    expect((await get('/docs/acme/en/latest/')).status).toBe(200);
    const challenged = await get('/docs/acme/en/latest/');
    expect(challenged.status).toBe(403);
    expect(challenged.headers.get('cf-mitigated')).toBe('challenge');
  });

  it('private docs answer 401; a folder without its slash (and a version root) 302 to the slashed one, `X-RTD-Redirect: system`', async () => {
    await site({ privacy: 'private' });
    expect((await get('/docs/acme/en/latest/guide/new.html')).status).toBe(401);
    const folder = await get('/docs/acme--7/en/7/guide');
    expect(folder.status).toBe(302);
    expect(folder.headers.get('location')).toBe('/docs/acme--7/en/7/guide/');
    expect(folder.headers.get('x-rtd-redirect')).toBe('system');
    expect((await get('/docs/acme--7/en/7')).headers.get('location')).toBe('/docs/acme--7/en/7/');
  });

  it('user redirects: on the public host where the page is missing (or forced), never on a preview host', async () => {
    await site();
    standin!.addRedirect('acme', { type: 'page', from_url: '/old.html', to_url: '/guide/new.html', http_status: 301 });
    standin!.addRedirect('acme', { type: 'exact', from_url: '/dev/*', to_url: '/en/latest/:splat', http_status: 302 });
    standin!.addRedirect('acme', { type: 'page', from_url: '/index.html', to_url: '/guide/new.html', http_status: 302 });
    const page = await get('/docs/acme/en/latest/old.html');
    expect([page.status, page.headers.get('location'), page.headers.get('x-rtd-redirect')]).toEqual([
      301,
      `${standin!.url}/docs/acme/en/latest/guide/new.html`,
      'user',
    ]);
    const exact = await get('/docs/acme/dev/guide/new.html');
    expect([exact.status, exact.headers.get('location')]).toEqual([302, `${standin!.url}/docs/acme/en/latest/guide/new.html`]);
    // The page is there: an unforced redirect does not apply.
    expect((await get('/docs/acme/en/latest/index.html')).status).toBe(200);
    // FACTS: "PR preview hosts never apply them".
    expect((await get('/docs/acme--7/en/7/old.html')).status).toBe(404);
  });

  it("a single-version root: `/projects/` and `/_/` are not the version's pages; files answer with their type, missing ones 404", async () => {
    await site({ single: true });
    expect((await get('/docs/acme/guide/new.html')).status).toBe(200);
    expect((await get('/docs/acme/_/downloads/')).status).toBe(404);
    expect((await get('/docs/acme/projects/other/')).status).toBe(404);
    const css = await get('/docs/acme/_static/x.css');
    expect([css.status, css.headers.get('content-type')]).toEqual([200, 'text/css; charset=utf-8']);
    expect((await get('/docs/acme/_static/missing.js')).status).toBe(404);
  });

  it('the index files a build publishes, made from its pages: Sphinx html (the default) or dirhtml, MkDocs, none; HEAD as GET', async () => {
    await site();
    const pages = {
      'index.html': '<title>Home</title><section id="start"><h1>Start</h1><span id="a-label"></span><dt id="pkg.run">run</dt></section>',
      'guide/install.html': '<h1 id="install">Install</h1><p id="raw">x</p>',
    };
    standin!.setSitePages('acme', 'latest', pages);
    const index = await get('/docs/acme/en/latest/searchindex.js');
    expect([index.status, index.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    const body = JSON.parse((await index.text()).replace(/^Search\.setIndex\(|\)$/g, ''));
    expect(body).toMatchObject({
      docnames: ['guide/install', 'index'],
      alltitles: { Install: [[0, 'install']], Start: [[1, 'start']] },
      objects: { pkg: [[1, 0, 1, '', 'run']] },
    });
    const inventory = Buffer.from(await (await get('/docs/acme/en/latest/objects.inv')).arrayBuffer());
    const header = '# Sphinx inventory version 2\n# Project: Demo\n# Version: \n# The remainder of this file is compressed using zlib.\n';
    expect(inventory.subarray(0, header.length).toString()).toBe(header);
    expect(inflateSync(inventory.subarray(header.length)).toString()).toContain('a-label std:label -1 index.html#$ Home');
    expect(await (await get('/docs/acme/en/latest/_static/documentation_options.js')).text()).toContain("BUILDER: 'html'");
    const head = await fetch(`${standin!.url}/docs/acme/en/latest/searchindex.js`, { method: 'HEAD' });
    expect([head.status, await head.text()]).toEqual([200, '']);
    standin!.setSitePages(
      'acme',
      'latest',
      { 'index.html': '<h1 id="a">A</h1>', 'guide/index.html': '<h2 id="b">B</h2>' },
      { index: 'sphinx-dirhtml' },
    );
    expect(await (await get('/docs/acme/en/latest/_static/documentation_options.js')).text()).toContain("BUILDER: 'dirhtml'");
    expect(JSON.parse((await (await get('/docs/acme/en/latest/searchindex.js')).text()).slice(16, -1)).docnames).toEqual([
      'guide',
      'index',
    ]);
    standin!.setSitePages(
      'acme',
      'latest',
      { 'index.html': '<h1 id="a">A</h1>', 'guide/index.html': '<h2 id="b">B</h2>' },
      { index: 'mkdocs' },
    );
    expect((await get('/docs/acme/en/latest/searchindex.js')).status).toBe(404);
    const mkdocs = (await (await get('/docs/acme/en/latest/search/search_index.json')).json()) as { docs: { location: string }[] };
    expect(mkdocs.docs.map((doc) => doc.location)).toEqual(['guide/', 'guide/#b', '', '#a']);
    standin!.setSitePages('acme', 'latest', pages, { index: false });
    expect((await get('/docs/acme/en/latest/searchindex.js')).status).toBe(404);
    expect((await get('/docs/acme/en/latest/objects.inv')).status).toBe(404);
  });
});
