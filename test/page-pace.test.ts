// The docs hosts' pace (issue 46): `HostPacer` on a fake clock (4 a second on average after a
// small burst, per host, a pause when a host asks, no turn past the time left), and the page
// fetcher over a scripted server: every request paced, a 429 or 503 waited out as Retry-After asks
// and retried, a challenge or an outlasting throttle answered as `refused`, the address a page was
// finally served from and its `X-RTD-Redirect` kind returned, the user agent naming the action.
import { describe, expect, it } from 'vitest';
import { pageFetcher } from '../src/readthedocs/page-fetcher.js';
import { HostPacer } from '../src/resilience/index.js';
import { USER_AGENT } from '../src/version.js';
import { FakeClock, T0 } from './support/operation-context.ts';
import { scriptedServer } from './support/scripted-server.ts';

const signal = new AbortController().signal;

describe('HostPacer', () => {
  it('4 a second on average after a burst of 2, each host apart; turns in order', async () => {
    const clock = new FakeClock();
    const pacer = new HostPacer({ perSecond: 4, burst: 2, now: clock.now, sleep: clock.sleep });
    const at: number[] = [];
    const other: number[] = [];
    await Promise.all([
      ...Array.from({ length: 10 }, () =>
        pacer.turn('docs.example.org', { signal, notAfter: Infinity }).then(() => at.push(clock.elapsed())),
      ),
      ...Array.from({ length: 2 }, () =>
        pacer.turn('elsewhere.org', { signal, notAfter: Infinity }).then(() => other.push(clock.elapsed())),
      ),
    ]);
    expect(at).toEqual([0, 0, 250, 500, 750, 1000, 1250, 1500, 1750, 2000]);
    // Another host is not held by the first one's pace.
    expect(other).toEqual([0, 0]);
  });

  it('a throttled host pauses every turn as long as asked, then goes on slower, one at a time', async () => {
    const clock = new FakeClock();
    const pacer = new HostPacer({ perSecond: 4, burst: 2, now: clock.now, sleep: clock.sleep });
    await pacer.turn('h', { signal, notAfter: Infinity });
    pacer.throttled('h', 3_000);
    const at: number[] = [];
    await Promise.all(
      Array.from({ length: 3 }, () => pacer.turn('h', { signal, notAfter: Infinity }).then(() => at.push(clock.elapsed()))),
    );
    expect(at[0]).toBeGreaterThanOrEqual(3_000);
    expect(at[1]! - at[0]!).toBeGreaterThan(250);
    expect(at[2]! - at[1]!).toBe(at[1]! - at[0]!);
  });

  it('no turn taken past `notAfter`: false at once, and the next one is not held by it', async () => {
    const clock = new FakeClock();
    const pacer = new HostPacer({ perSecond: 1, burst: 1, now: clock.now, sleep: clock.sleep });
    expect(await pacer.turn('h', { signal, notAfter: T0 + 10 })).toBe(true);
    expect(await pacer.turn('h', { signal, notAfter: T0 + 500 })).toBe(false);
    expect(clock.elapsed()).toBe(0);
    expect(await pacer.turn('h', { signal, notAfter: Infinity })).toBe(true);
    expect(clock.elapsed()).toBe(1_000);
  });
});

describe('the page fetcher on a throttling host', () => {
  it('a 429 is waited out as Retry-After asks and retried; the answer is the page', async ({ onTestFinished }) => {
    const server = await scriptedServer([
      (_req, res) => res.writeHead(429, { 'retry-after': '2' }).end('error code: 1015'),
      (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>ok</h1>'),
    ]);
    onTestFinished(() => server.close());
    const clock = new FakeClock();
    const pages = pageFetcher(USER_AGENT, { now: clock.now, sleep: clock.sleep });
    onTestFinished(() => pages.close());
    const answer = await pages.get(`${server.url}/page.html`, { signal, timeoutMs: 5_000, waitMs: 60_000, maxBodyBytes: 1024 });
    expect(answer).toMatchObject({ status: 200, body: '<h1>ok</h1>', url: `${server.url}/page.html`, contentType: 'text/html' });
    expect(answer).not.toHaveProperty('refused');
    expect(clock.elapsed()).toBeGreaterThanOrEqual(2_000);
    expect(server.hits.map((hit) => hit.headers['user-agent'])).toEqual([USER_AGENT, USER_AGENT]);
    expect(USER_AGENT).toMatch(/^readthedocs-action\//);
  });

  it('a throttle that outlasts the wait, a 503 with Retry-After beyond its retries, and a challenge are `refused`, never a page answer', async ({
    onTestFinished,
  }) => {
    const server = await scriptedServer([
      (_req, res) => res.writeHead(429, { 'retry-after': '120' }).end(),
      (_req, res) => res.writeHead(403, { 'cf-mitigated': 'challenge', 'content-type': 'text/html' }).end('Just a moment...'),
      (_req, res) => res.writeHead(503, { 'retry-after': '1' }).end(),
    ]);
    onTestFinished(() => server.close());
    const clock = new FakeClock();
    const pages = pageFetcher(USER_AGENT, { now: clock.now, sleep: clock.sleep });
    onTestFinished(() => pages.close());
    const get = (path: string) => pages.get(`${server.url}${path}`, { signal, timeoutMs: 5_000, waitMs: 60_000 });
    expect(await get('/a.html')).toMatchObject({ status: 429, refused: 'throttled' });
    // The host stays paused for the 120 s it asked: no turn comes within the next request's minute.
    expect(await get('/b.html')).toMatchObject({ refused: 'throttled', problem: expect.stringContaining('no turn') });
    expect(server.hits).toHaveLength(1);
    await clock.sleep(121_000);
    expect(await get('/b.html')).toMatchObject({ status: 403, refused: 'challenged' });
    await clock.sleep(10_000);
    expect(await get('/c.html')).toMatchObject({ status: 503, refused: 'throttled' });
    // A 503 that says when to come back is a throttle too: asked again a few times, then given up.
    expect(server.hits.filter((hit) => hit.url === '/c.html')).toHaveLength(4);
  });

  it('follows a folder redirect and a user redirect on its origin: the answer says where the page was served, and how it got there', async ({
    onTestFinished,
  }) => {
    const server = await scriptedServer([
      (_req, res) => res.writeHead(302, { location: '/en/latest/guide/', 'x-rtd-redirect': 'system' }).end(),
      (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<p>guide</p>'),
      (_req, res) => res.writeHead(301, { location: '/en/latest/new.html', 'x-rtd-redirect': 'user' }).end(),
      (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>new</p>'),
    ]);
    onTestFinished(() => server.close());
    const clock = new FakeClock();
    const pages = pageFetcher(USER_AGENT, { now: clock.now, sleep: clock.sleep });
    onTestFinished(() => pages.close());
    const request = { signal, timeoutMs: 5_000, maxBodyBytes: 1024 };
    expect(await pages.get(`${server.url}/en/latest/guide`, request)).toMatchObject({
      status: 200,
      url: `${server.url}/en/latest/guide/`,
      redirect: 'system',
      contentType: 'text/html',
    });
    expect(await pages.get(`${server.url}/en/latest/old.html`, request)).toMatchObject({
      status: 200,
      url: `${server.url}/en/latest/new.html`,
      redirect: 'user',
    });
  });
});
