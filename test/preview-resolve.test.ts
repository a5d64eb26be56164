// Preview URLs from the service's project records (translations, subprojects, Business) and the
// page check, over real HTTP against the loopback stand-in.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage } from '../src/operations/preview/check-page.js';
import { pageFetcher } from '../src/readthedocs/page-fetcher.js';
import { pendingDescription } from '../src/operations/preview/run-preview.js';
import { ProjectRecords, resolvePreviewUrl } from '../src/operations/preview/resolve-preview-url.js';
import { ReadTheDocsHttpClient } from '../src/readthedocs/http-client.js';
import { RateBudget } from '../src/readthedocs/rate-budget.js';
import { ReadTheDocsApi } from '../src/readthedocs/read-the-docs.js';
import { startStandin, type Standin } from '../harness/rtd-standin.ts';

let rtd: Standin;
let api: ReadTheDocsApi;

beforeAll(async () => {
  rtd = await startStandin({ tokens: ['tok-123456'], rateLimit: null });
  rtd.addProject({ slug: 'main_docs', language: 'en' });
  rtd.addProject({ slug: 'main-docs-fr', language: 'fr', translationOf: 'main_docs' });
  rtd.addProject({
    slug: 'plugin',
    language: 'en',
    versioningScheme: 'multiple_versions_without_translations',
    subprojectOf: { parent: 'main_docs', alias: 'the-plugin' },
  });
  rtd.addProject({ slug: 'single', versioningScheme: 'single_version_without_translations' });
  api = new ReadTheDocsApi(
    new ReadTheDocsHttpClient({
      baseUrl: rtd.url,
      token: 'tok-123456',
      userAgent: 'test',
      budget: new RateBudget(600, 60_000),
      signal: new AbortController().signal,
      redact: (text) => text,
    }),
  );
});
afterAll(async () => {
  await api.http.close();
  await rtd.close();
});

const resolve = (slug: string, options: { baseUrl?: string; template?: string } = {}) =>
  resolvePreviewUrl({
    api,
    records: new ProjectRecords(api),
    slug,
    pr: 42,
    baseUrl: options.baseUrl ?? 'https://app.readthedocs.org',
    template: options.template,
  });

describe('resolvePreviewUrl', () => {
  it('uses the project’s own host and scheme, with _ written as -', async () => {
    expect(await resolve('main_docs')).toBe('https://main-docs--42.org.readthedocs.build/en/42/');
    expect(await resolve('single')).toBe('https://single--42.org.readthedocs.build/');
  });

  it('serves a translation from its main project’s host, in its own language', async () => {
    expect(await resolve('main-docs-fr')).toBe('https://main-docs--42.org.readthedocs.build/fr/42/');
  });

  it('serves a subproject under its parent, at the alias the parent lists', async () => {
    expect(await resolve('plugin')).toBe('https://main-docs--42.org.readthedocs.build/projects/the-plugin/42/');
    expect(rtd.count('GET', '/projects/main_docs/subprojects/')).toBeGreaterThan(0);
  });

  it('uses com.readthedocs.build on the Business edition', async () => {
    // Business and Community differ only in the host: the stand-in answers for both here.
    expect(
      (await resolve('main_docs', { baseUrl: 'https://app.readthedocs.com' })).startsWith('https://main-docs--42.com.readthedocs.build/'),
    ).toBe(true);
  });

  it('lets the template replace the computation', async () => {
    expect(await resolve('main-docs-fr', { template: 'https://docs.example.com/{language}/pr-{version}/{project}/' })).toBe(
      'https://docs.example.com/fr/pr-42/main-docs-fr/',
    );
  });
});

describe('checkPage', () => {
  let server: Server;
  let base: string;
  let hits = 0;
  const dispatcher = new Agent();

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/lagging/') {
        hits += 1;
        res.writeHead(hits < 3 ? 404 : 200).end('page');
      } else if (req.url === '/root/') res.writeHead(302, { location: '/root/en/' }).end();
      else if (req.url === '/root/en/') res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>ok</h1>');
      else res.writeHead(404).end('missing');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await dispatcher.close();
    await new Promise((done) => server.close(done));
  });

  const options = (attempts: number) => ({
    pages: pageFetcher('test', { dispatcher }),
    signal: new AbortController().signal,
    attempts,
    retryDelayMs: 20,
  });

  it('looks again while the page lags behind the build', async () => {
    expect(await checkPage(`${base}/lagging/`, options(5))).toMatchObject({ ok: true, status: 200, attempts: 3 });
  });

  it('with `maxBodyBytes`: the page read once, its body kept, and where it was served from; one too large still answers, without its body', async () => {
    expect(await checkPage(`${base}/root/`, { ...options(1), maxBodyBytes: 1024 })).toEqual({
      ok: true,
      status: 200,
      bytes: new TextEncoder().encode('<h1>ok</h1>'),
      attempts: 1,
      // The root redirects to its language: its links resolve against where it answered.
      url: `${base}/root/en/`,
      contentType: 'text/html',
    });
    expect(await checkPage(`${base}/root/`, { ...options(1), maxBodyBytes: 4 })).toMatchObject({ ok: true, status: 200, attempts: 1 });
    expect(await checkPage(`${base}/root/`, { ...options(1), maxBodyBytes: 4 })).not.toHaveProperty('bytes');
  });

  it('follows redirects to the page', async () => {
    expect(await checkPage(`${base}/root/`, options(1))).toMatchObject({ ok: true, status: 200 });
  });

  it('follows no redirect off the preview host: the other host gets no request, and the page says why', async () => {
    // A second loopback host on another port stands in for an internal address.
    let internalHits = 0;
    const internal = createServer((_req, res) => {
      internalHits += 1;
      res.writeHead(200).end('internal');
    });
    await new Promise<void>((done) => internal.listen(0, '127.0.0.1', done));
    const internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}/admin/`;
    const away = createServer((_req, res) => res.writeHead(302, { location: internalUrl }).end());
    await new Promise<void>((done) => away.listen(0, '127.0.0.1', done));
    try {
      const preview = `http://127.0.0.1:${(away.address() as AddressInfo).port}/en/`;
      expect(await checkPage(preview, options(2))).toEqual({
        ok: false,
        status: 302,
        problem: 'redirects off the preview host; not followed',
        attempts: 2,
      });
      expect(internalHits).toBe(0);
    } finally {
      await new Promise((done) => away.close(done));
      await new Promise((done) => internal.close(done));
    }
  });

  it('gives up after the attempts, saying what it saw', async () => {
    expect(await checkPage(`${base}/nothing/`, options(2))).toEqual({ ok: false, status: 404, problem: 'answered 404', attempts: 2 });
  });

  it('says when nothing answers', async () => {
    const result = await checkPage('http://127.0.0.1:1/', options(1));
    expect(result.ok).toBe(false);
    expect(result.problem).toMatch(/ECONNREFUSED/);
  });
});

describe('isPullRequestVersion', () => {
  it('takes the PR number and the slug the service gives it on a clash with a branch', async () => {
    const { isPullRequestVersion } = await import('../src/operations/preview/find-pr-build.js');
    expect(isPullRequestVersion('7', 7)).toBe(true);
    expect(isPullRequestVersion('7_a', 7)).toBe(true);
    expect(isPullRequestVersion('7_b', 7)).toBe(true);
    expect(isPullRequestVersion('77', 7)).toBe(false);
    expect(isPullRequestVersion('17', 7)).toBe(false);
    expect(isPullRequestVersion('7_ab', 7)).toBe(false);
    expect(isPullRequestVersion('latest', 7)).toBe(false);
  });
});

describe('pendingDescription', () => {
  it('says the state the build is in, and that a finished build is being checked', () => {
    expect(pendingDescription({ id: 8, state: { code: 'triggered' } })).toBe('Build #8 queued');
    expect(pendingDescription({ id: 8, state: { code: 'installing' } })).toBe('Build #8 in progress (installing)');
    expect(pendingDescription({ id: 8, state: { code: 'finished' } })).toBe('Build #8 finished: checking the preview');
    expect(pendingDescription({ id: 8, state: { code: 'cancelled' } })).toBe('Build #8 cancelled: looking for a newer build of the commit');
  });
});
