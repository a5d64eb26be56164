// Resolve, then decide (issue 50's 2): a page fetcher request `publicOnly` (another site's page, for
// the link check) connects only to a public address, judged as it connects. A recording loopback
// server stands for the runner's own network: a name resolving to it (by the test's resolver, as
// hostile DNS would answer), to a mix of a public and a private address (rebinding), to the
// runner's own interface address, or the address itself, reaches it zero times, and each answer is
// `refused: 'private'`; the same server asked without `publicOnly` answers (so zero means refused).
// The real resolver (DNS through c-ares) does not read the hosts file: the runner's host name is not
// a way in either.
import { hostname, networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { pageFetcher } from '../src/readthedocs/page-fetcher.js';
import { publicLookup } from '../src/readthedocs/public-connect.js';
import { scriptedServer } from './support/scripted-server.ts';

const signal = new AbortController().signal;
const ok = (_req: unknown, res: { end: (body: string) => void }) => res.end('<p>hello</p>');

/** The first address of this machine's interfaces that is not loopback (the runner's own). */
const ownAddress = Object.values(networkInterfaces())
  .flatMap((entries) => entries ?? [])
  .find((entry) => !entry.internal && entry.family === 'IPv4')?.address;

describe('a publicOnly request', () => {
  it('never reaches an address that is not public, whatever the name resolves to; a plain request does', async ({ onTestFinished }) => {
    const server = await scriptedServer([ok]);
    onTestFinished(() => server.close());
    const answers: Record<string, { address: string; family: 4 | 6 }[]> = {
      'intranet.test': [{ address: '127.0.0.1', family: 4 }],
      'rebind.test': [
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
      'mapped.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
      'metadata.test': [{ address: '169.254.169.254', family: 4 }],
      ...(ownAddress === undefined ? {} : { 'own.test': [{ address: ownAddress, family: 4 as const }] }),
    };
    const fetcher = pageFetcher('test', { perSecond: 1000, resolve: (name) => Promise.resolve(answers[name] ?? []) });
    onTestFinished(() => fetcher.close());
    const ask = (url: string) => fetcher.get(url, { signal, timeoutMs: 10_000, publicOnly: true, followRedirects: false });
    for (const name of Object.keys(answers)) {
      const answer = await ask(`http://${name}:${server.port}/page`);
      expect(answer, name).toMatchObject({ refused: 'private' });
      expect(answer.status, name).toBeUndefined();
    }
    // An address as written is judged too: Node makes no lookup for it.
    for (const url of [`http://127.0.0.1:${server.port}/`, `http://[::ffff:7f00:1]:${server.port}/`]) {
      expect(await ask(url), url).toMatchObject({ refused: 'private' });
    }
    // A name with no address is not found, and not refused.
    expect(await ask(`http://nowhere.test:${server.port}/`)).not.toHaveProperty('refused');
    expect(server.hits).toEqual([]);
    // The server answers a request that is not publicOnly: zero hits above were refusals.
    expect(await fetcher.get(`${server.url}/`, { signal, timeoutMs: 10_000 })).toMatchObject({ status: 200 });
    expect(server.hits).toHaveLength(1);
  });

  it("the runner's host name and the hosts file's names are not resolved from the hosts file (DNS only)", async ({ onTestFinished }) => {
    const server = await scriptedServer([ok]);
    onTestFinished(() => server.close());
    const fetcher = pageFetcher('test', { perSecond: 1000 });
    onTestFinished(() => fetcher.close());
    for (const name of [hostname(), 'localhost', 'ip6-localhost', 'localhost.localdomain']) {
      const answer = await fetcher.get(`http://${name}:${server.port}/`, { signal, timeoutMs: 10_000, publicOnly: true });
      expect(answer.status, name).toBeUndefined();
    }
    expect(server.hits).toEqual([]);
  });
});

describe('publicLookup', () => {
  const lookUp = (lookup: ReturnType<typeof publicLookup>, name: string, all: boolean) =>
    new Promise<{ error: (Error & { code?: string }) | null; result: unknown[] }>((resolve) =>
      (lookup.lookup as unknown as (n: string, o: object, cb: (e: Error | null, ...r: unknown[]) => void) => void)(
        name,
        { all },
        (error, ...result) => resolve({ error, result }),
      ),
    );

  it('gives the public addresses of a name, all of them or the first, as net.connect asks', async () => {
    const lookup = publicLookup((name) =>
      Promise.resolve(
        name === 'docs.test'
          ? [
              { address: '93.184.216.34', family: 4 },
              { address: '2606:2800:220:1::1', family: 6 },
            ]
          : [],
      ),
    );
    expect(await lookUp(lookup, 'docs.test', true)).toEqual({
      error: null,
      result: [
        [
          { address: '93.184.216.34', family: 4 },
          { address: '2606:2800:220:1::1', family: 6 },
        ],
      ],
    });
    expect(await lookUp(lookup, 'docs.test', false)).toEqual({ error: null, result: ['93.184.216.34', 4] });
    expect((await lookUp(lookup, 'empty.test', true)).error?.code).toBe('ENOTFOUND');
  });

  it('refuses a name when any of its addresses is not public, and says which', async () => {
    const lookup = publicLookup(() =>
      Promise.resolve([
        { address: '93.184.216.34', family: 4 },
        { address: 'fd00::5', family: 6 },
      ]),
    );
    const { error } = await lookUp(lookup, 'mixed.test', true);
    expect(error?.code).toBe('ERR_PRIVATE_ADDRESS');
    expect(error?.message).toBe('mixed.test resolves to fd00::5, not a public address: not asked');
  });

  it('passes on what the resolver failed with', async () => {
    const failure = Object.assign(new Error('queryA ETIMEOUT slow.test'), { code: 'ETIMEOUT' });
    const lookup = publicLookup(() => Promise.reject(failure));
    expect((await lookUp(lookup, 'slow.test', true)).error).toBe(failure);
  });

  it('judges an address as written: private and own ones refused, public ones not, names not', () => {
    const lookup = publicLookup(() => Promise.resolve([]));
    for (const host of ['127.0.0.1', '[::1]', '10.0.0.1', '[fe80::1]', ...(ownAddress === undefined ? [] : [ownAddress])])
      expect(lookup.refusesAddress(host), host).toBe(true);
    for (const host of ['93.184.216.34', '[2606:2800:220:1::1]', 'localhost', 'example.org'])
      expect(lookup.refusesAddress(host), host).toBe(false);
  });
});
