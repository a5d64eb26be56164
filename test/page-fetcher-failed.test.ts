// Issue 52: why no answer came, as the page fetcher tells it, for the link check to judge another
// site's link: a name that does not resolve (`no such host`) or a refused connection (`connection
// refused`) say the site is not there; a timeout says nothing (`no answer`).
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { pageFetcher } from '../src/readthedocs/page-fetcher.js';

const signal = new AbortController().signal;

describe('the page fetcher: why no answer came', () => {
  it('a refused connection: `connection refused`', async ({ onTestFinished }) => {
    const fetcher = pageFetcher('test', { perSecond: 1000 });
    onTestFinished(() => fetcher.close());
    // A port just freed: nothing listens there.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const answer = await fetcher.get(`http://127.0.0.1:${port}/x`, { signal, timeoutMs: 10_000 });
    expect(answer).toMatchObject({ failed: 'connection refused', problem: expect.stringMatching(/^ECONNREFUSED/) });
    expect(answer.status).toBeUndefined();
  });

  it.for([
    ['ENOTFOUND', 'no such host'],
    ['ENODATA', 'no such host'],
    ['ETIMEOUT', 'no answer'],
    ['ESERVFAIL', 'no answer'],
  ])('a lookup that fails with %s: `%s`', async ([code, failed], { onTestFinished }) => {
    const resolve = () => Promise.reject(Object.assign(new Error(`query ${code}`), { code }));
    const fetcher = pageFetcher('test', { perSecond: 1000, resolve });
    onTestFinished(() => fetcher.close());
    const answer = await fetcher.get('http://gone.example/x', { signal, timeoutMs: 10_000, publicOnly: true });
    expect(answer).toMatchObject({ failed, problem: expect.stringContaining(code) });
  });

  it('a server that never answers: `no answer` at the request’s time limit', async ({ onTestFinished }) => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const fetcher = pageFetcher('test', { perSecond: 1000 });
    onTestFinished(async () => {
      await fetcher.close();
      silent.close();
    });
    const { port } = silent.address() as { port: number };
    expect(await fetcher.get(`http://127.0.0.1:${port}/x`, { signal, timeoutMs: 200 })).toMatchObject({ failed: 'no answer' });
  });
});
