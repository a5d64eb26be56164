// Resolve, then decide (issue 50's 2): a page fetcher request `publicOnly` (another site's page, for
// the link check) connects only to a public address, judged as it connects. A recording loopback
// server stands for the runner's own network: a name resolving to it (by the test's resolver, as
// hostile DNS would answer), to a mix of a public and a private address (rebinding), to the
// runner's own interface address, or the address itself, reaches it zero times, and each answer is
// `refused: 'private'`; the same server asked without `publicOnly` answers (so zero means refused).
// The real resolver (DNS through c-ares) does not read the hosts file: the runner's host name is not
// a way in either. The resolver itself is tested against a loopback DNS server whose answers each
// test scripts (test/support/dns-responder.ts): both families, failures, silence, four lookups at a
// time, a queued lookup dropped after 10 s (an injected clock), close().
import { hostname, type NetworkInterfaceInfo, networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { pageFetcher } from '../src/readthedocs/page-fetcher.js';
import { type PublicLookup, publicLookup } from '../src/readthedocs/public-connect.js';
import { type DnsReply, type DnsResponder, type DnsScript, dnsResponder } from './support/dns-responder.ts';
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

/** One lookup's outcome, as its callback gave it. */
interface Looked {
  error: (Error & { code?: string }) | null;
  result: unknown[];
}

const lookUp = (lookup: PublicLookup, name: string, all: boolean) =>
  new Promise<Looked>((resolve) =>
    (lookup.lookup as unknown as (n: string, o: object, cb: (e: Error | null, ...r: unknown[]) => void) => void)(
      name,
      { all },
      (error, ...result) => resolve({ error, result }),
    ),
  );

/** Waits (a few milliseconds at a time) until `condition` holds: the test's timeout is the guard. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 2));
}

const PUBLIC_V4 = '93.184.216.34';
const PUBLIC_V6 = '2606:2800:220:1::1';

describe('publicLookup', () => {
  it('gives the public addresses of a name, all of them or the first, as net.connect asks', async () => {
    const lookup = publicLookup({
      resolve: (name) =>
        Promise.resolve(
          name === 'docs.test'
            ? [
                { address: PUBLIC_V4, family: 4 },
                { address: PUBLIC_V6, family: 6 },
              ]
            : [],
        ),
    });
    expect(await lookUp(lookup, 'docs.test', true)).toEqual({
      error: null,
      result: [
        [
          { address: PUBLIC_V4, family: 4 },
          { address: PUBLIC_V6, family: 6 },
        ],
      ],
    });
    expect(await lookUp(lookup, 'docs.test', false)).toEqual({ error: null, result: [PUBLIC_V4, 4] });
    const { error } = await lookUp(lookup, 'empty.test', true);
    expect(error?.code).toBe('ENOTFOUND');
    expect(error?.message).toBe('empty.test has no address');
  });

  it('refuses a name when any of its addresses is not public, and names the first refused', async () => {
    const lookup = publicLookup({
      resolve: () =>
        Promise.resolve([
          { address: PUBLIC_V4, family: 4 },
          { address: 'fd00::5', family: 6 },
          { address: '10.0.0.1', family: 4 },
        ]),
    });
    for (const all of [true, false]) {
      const { error, result } = await lookUp(lookup, 'mixed.test', all);
      expect(error?.code).toBe('ERR_PRIVATE_ADDRESS');
      expect(error?.message).toBe('mixed.test resolves to fd00::5, not a public address: not asked');
      expect(result).toEqual([]);
    }
  });

  it('passes on what the resolver failed with', async () => {
    const failure = Object.assign(new Error('queryA ETIMEOUT slow.test'), { code: 'ETIMEOUT' });
    const lookup = publicLookup({ resolve: () => Promise.reject(failure) });
    expect((await lookUp(lookup, 'slow.test', true)).error).toBe(failure);
  });

  it('judges an address as written: private and own ones refused, public ones not, names and half-bracketed text not', () => {
    const lookup = publicLookup({ resolve: () => Promise.resolve([]) });
    for (const host of [
      '127.0.0.1',
      '::1',
      '[::1]',
      '10.0.0.1',
      '[fe80::1]',
      '[::ffff:7f00:1]',
      ...(ownAddress === undefined ? [] : [ownAddress]),
    ])
      expect(lookup.refusesAddress(host), host).toBe(true);
    // A name is looked up when connecting, and judged then: here it is not refused, whatever it
    // looks like (`URL.hostname` never gives half a bracket: such text is no address either).
    for (const host of [PUBLIC_V4, `[${PUBLIC_V6}]`, 'localhost', 'example.org', 'intranet', '[::1x', 'x::1]', '[10.0.0.1'])
      expect(lookup.refusesAddress(host), host).toBe(false);
  });

  it("refuses the runner's own addresses, public ones too, in any spelling", async () => {
    const v4 = (address: string): NetworkInterfaceInfo => ({
      address,
      netmask: '255.255.255.0',
      family: 'IPv4',
      mac: '02:00:00:00:00:01',
      internal: false,
      cidr: null,
    });
    const v6 = (address: string): NetworkInterfaceInfo => ({
      address,
      netmask: 'ffff:ffff:ffff:ffff::',
      family: 'IPv6',
      mac: '02:00:00:00:00:01',
      internal: false,
      cidr: null,
      scopeid: 0,
    });
    const answers: Record<string, string> = {
      'own.test': '93.184.216.40',
      'own6.test': '2606:2800:220:1:0:0:0:7',
      'other.test': PUBLIC_V4,
    };
    const lookup = publicLookup({
      resolve: (name) => Promise.resolve([{ address: answers[name] ?? '', family: name === 'own6.test' ? 6 : 4 }]),
      // An interface without addresses (Node's type allows it) is none of them.
      interfaces: { eth0: [v4('93.184.216.40'), v6('2606:2800:220:1::7')], down: undefined },
    });
    for (const host of ['93.184.216.40', '[2606:2800:220:1::7]', '[2606:2800:220:1:0::7]', '[::ffff:93.184.216.40]'])
      expect(lookup.refusesAddress(host), host).toBe(true);
    for (const host of [PUBLIC_V4, `[${PUBLIC_V6}]`]) expect(lookup.refusesAddress(host), host).toBe(false);
    expect((await lookUp(lookup, 'own.test', true)).error?.message).toBe(
      'own.test resolves to 93.184.216.40, not a public address: not asked',
    );
    expect((await lookUp(lookup, 'own6.test', false)).error?.code).toBe('ERR_PRIVATE_ADDRESS');
    expect(await lookUp(lookup, 'other.test', false)).toEqual({ error: null, result: [PUBLIC_V4, 4] });
  });
});

// The c-ares resolver itself, against a loopback DNS server whose answers each test scripts
// (test/support/dns-responder.ts): what it answers, what it is asked, and when.
// Each test takes well under a second; 10 s is only a guard, so that one which waits for what
// never comes (an answer, a query) fails instead of hanging.
describe('publicLookup through DNS (c-ares)', { timeout: 10_000 }, () => {
  /** A name's answer of each type: addresses, a failure, or none. */
  const scripted =
    (answers: Record<string, { A: DnsReply; AAAA: DnsReply }>): DnsScript =>
    (question) =>
      question.type === 'A' || question.type === 'AAAA'
        ? (answers[question.name]?.[question.type] ?? { rcode: 'NXDOMAIN' })
        : { rcode: 'SERVFAIL' };
  const asked = (responder: DnsResponder, name: string) =>
    responder.questions.filter((question) => question.name === name).map((question) => question.type);

  it('asks A and AAAA for every name and gives both families, IPv4 first; one family failing leaves the other', async ({
    onTestFinished,
  }) => {
    const responder = await dnsResponder(
      scripted({
        'both.test': { A: { addresses: [PUBLIC_V4, '93.184.216.35'] }, AAAA: { addresses: [PUBLIC_V6] } },
        'v6.test': { A: { rcode: 'SERVFAIL' }, AAAA: { addresses: [PUBLIC_V6] } },
        'v4.test': { A: { addresses: [PUBLIC_V4] }, AAAA: { addresses: [] } },
        'nx6.test': { A: { addresses: [PUBLIC_V4] }, AAAA: { rcode: 'NXDOMAIN' } },
      }),
    );
    onTestFinished(() => responder.close());
    const lookup = publicLookup({ dns: { servers: [responder.server] } });
    onTestFinished(() => lookup.close());
    expect(await lookUp(lookup, 'both.test', true)).toEqual({
      error: null,
      result: [
        [
          { address: PUBLIC_V4, family: 4 },
          { address: '93.184.216.35', family: 4 },
          { address: PUBLIC_V6, family: 6 },
        ],
      ],
    });
    expect(await lookUp(lookup, 'both.test', false)).toEqual({ error: null, result: [PUBLIC_V4, 4] });
    expect(await lookUp(lookup, 'v6.test', false)).toEqual({ error: null, result: [PUBLIC_V6, 6] });
    expect(await lookUp(lookup, 'v4.test', true)).toEqual({ error: null, result: [[{ address: PUBLIC_V4, family: 4 }]] });
    expect(await lookUp(lookup, 'nx6.test', true)).toEqual({ error: null, result: [[{ address: PUBLIC_V4, family: 4 }]] });
    // both.test was looked up twice; each lookup asked a name's two queries once.
    expect(asked(responder, 'both.test').sort()).toEqual(['A', 'A', 'AAAA', 'AAAA']);
    for (const name of ['v6.test', 'v4.test', 'nx6.test']) expect(asked(responder, name).sort(), name).toEqual(['A', 'AAAA']);
  });

  it('refuses a name whose DNS answers a private address in either family (a mapped loopback too)', async ({ onTestFinished }) => {
    const responder = await dnsResponder(
      scripted({
        'mapped.test': { A: { addresses: [PUBLIC_V4] }, AAAA: { addresses: ['::ffff:127.0.0.1'] } },
        'rebind.test': { A: { addresses: [PUBLIC_V4, '192.168.1.1'] }, AAAA: { addresses: [PUBLIC_V6] } },
      }),
    );
    onTestFinished(() => responder.close());
    const lookup = publicLookup({ dns: { servers: [responder.server] } });
    onTestFinished(() => lookup.close());
    const mapped = await lookUp(lookup, 'mapped.test', true);
    expect(mapped.error?.code).toBe('ERR_PRIVATE_ADDRESS');
    expect(mapped.error?.message).toBe('mapped.test resolves to ::ffff:127.0.0.1, not a public address: not asked');
    expect((await lookUp(lookup, 'rebind.test', false)).error?.message).toBe(
      'rebind.test resolves to 192.168.1.1, not a public address: not asked',
    );
  });

  it("fails a name with no address with the IPv4 query's error (not found, a server failure, no data)", async ({ onTestFinished }) => {
    const responder = await dnsResponder(
      scripted({
        'failing.test': { A: { rcode: 'SERVFAIL' }, AAAA: { rcode: 'NXDOMAIN' } },
        'nodata.test': { A: { addresses: [] }, AAAA: { rcode: 'SERVFAIL' } },
      }),
    );
    onTestFinished(() => responder.close());
    const lookup = publicLookup({ dns: { servers: [responder.server] } });
    onTestFinished(() => lookup.close());
    const expected = { 'nowhere.test': 'ENOTFOUND', 'failing.test': 'ESERVFAIL', 'nodata.test': 'ENODATA' };
    for (const [name, code] of Object.entries(expected)) {
      const { error, result } = await lookUp(lookup, name, true);
      expect(error?.code, name).toBe(code);
      expect(error?.message, name).toBe(`queryA ${code} ${name}`);
      expect(result, name).toEqual([]);
    }
  });

  it('times a silent server out per query, asked twice per type; the other family still answers', async ({ onTestFinished }) => {
    const responder = await dnsResponder(
      scripted({
        'silent.test': { A: 'silence', AAAA: 'silence' },
        'half.test': { A: 'silence', AAAA: { addresses: [PUBLIC_V6] } },
      }),
    );
    onTestFinished(() => responder.close());
    // A short timeout for the test: the query is given up on, and asked again once (two tries).
    const lookup = publicLookup({ dns: { servers: [responder.server], queryTimeoutMs: 20 } });
    onTestFinished(() => lookup.close());
    const [silent, half] = await Promise.all([lookUp(lookup, 'silent.test', true), lookUp(lookup, 'half.test', true)]);
    expect(silent.error?.code).toBe('ETIMEOUT');
    expect(silent.error?.message).toBe('queryA ETIMEOUT silent.test');
    expect(asked(responder, 'silent.test').sort()).toEqual(['A', 'A', 'AAAA', 'AAAA']);
    expect(half).toEqual({ error: null, result: [[{ address: PUBLIC_V6, family: 6 }]] });
    expect(asked(responder, 'half.test').sort()).toEqual(['A', 'A', 'AAAA']);
  });

  /** A responder that holds every answer until the test releases its name (a public IPv4, no IPv6). */
  async function holdingResponder() {
    const held = new Map<string, (() => void)[]>();
    const responder = await dnsResponder(
      (question) =>
        new Promise<DnsReply>((resolve) => {
          const answer = () => resolve(question.type === 'A' ? { addresses: [PUBLIC_V4] } : { addresses: [] });
          held.set(question.name, [...(held.get(question.name) ?? []), answer]);
        }),
    );
    return {
      responder,
      /** The names asked and not answered, in the order first asked. */
      waiting: () => [...held.keys()],
      /** Whether both of a name's queries (A and AAAA) have come. */
      bothAsked: (name: string) => held.get(name)?.length === 2,
      release: (name: string) => {
        for (const answer of held.get(name) ?? []) answer();
        held.delete(name);
      },
    };
  }

  it('looks up four names at a time: the fifth is asked when one of them is answered', async ({ onTestFinished }) => {
    const { responder, waiting, bothAsked, release } = await holdingResponder();
    onTestFinished(() => responder.close());
    const lookup = publicLookup({ dns: { servers: [responder.server] } });
    onTestFinished(() => lookup.close());
    const names = ['n1.test', 'n2.test', 'n3.test', 'n4.test', 'n5.test', 'n6.test'];
    const results = new Map(names.map((name) => [name, lookUp(lookup, name, false)]));
    const answered: string[] = [];
    for (let left = names.length; left > 0; left -= 1) {
      const expected = Math.min(4, left);
      await until(() => waiting().length >= expected && waiting().every(bothAsked));
      // One more turn of the event loop: a fifth name's queries, had they been sent with the
      // first four, would have arrived by now.
      await new Promise((resolve) => setImmediate(resolve));
      expect(waiting(), `${left} left`).toHaveLength(expected);
      const first = waiting()[0]!;
      release(first);
      expect(await results.get(first), first).toEqual({ error: null, result: [PUBLIC_V4, 4] });
      answered.push(first);
    }
    expect(answered).toEqual(names);
  });

  it('drops a lookup that waited its turn more than 10 s (by the clock given), without asking', async ({ onTestFinished }) => {
    const { responder, waiting, bothAsked, release } = await holdingResponder();
    onTestFinished(() => responder.close());
    let clock = 0;
    const lookup = publicLookup({ dns: { servers: [responder.server], now: () => clock } });
    onTestFinished(() => lookup.close());
    const busy = ['b1.test', 'b2.test', 'b3.test', 'b4.test'].map((name) => lookUp(lookup, name, false));
    const late = lookUp(lookup, 'late.test', false); // queued at 0
    clock = 1;
    const onTime = lookUp(lookup, 'ontime.test', false); // queued at 1
    await until(() => waiting().length === 4 && waiting().every(bothAsked));
    clock = 10_001;
    // One slot frees: the late lookup is dropped at once, and the one queued at 1 (10 s exactly) is asked.
    release('b1.test');
    const { error } = await late;
    expect(error?.code).toBe('ETIMEOUT');
    expect(error?.message).toBe('late.test was not looked up in time');
    // (Waited for until it is asked, or answered without being asked: then the test fails at once.)
    let answered = false;
    void onTime.then(() => {
      answered = true;
    });
    await until(() => bothAsked('ontime.test') || answered);
    expect(bothAsked('ontime.test')).toBe(true);
    release('ontime.test');
    expect(await onTime).toEqual({ error: null, result: [PUBLIC_V4, 4] });
    for (const name of ['b2.test', 'b3.test', 'b4.test']) release(name);
    expect(await Promise.all(busy)).toEqual(busy.map(() => ({ error: null, result: [PUBLIC_V4, 4] })));
    expect(asked(responder, 'late.test')).toEqual([]);
  });

  it('close() cancels the queries under way; the queued and later lookups fail at once, never asked', async ({ onTestFinished }) => {
    const { responder, waiting, bothAsked } = await holdingResponder();
    onTestFinished(() => responder.close());
    const lookup = publicLookup({ dns: { servers: [responder.server], queryTimeoutMs: 60_000 } });
    const names = ['c1.test', 'c2.test', 'c3.test', 'c4.test', 'q1.test', 'q2.test'];
    const pending = names.map((name) => lookUp(lookup, name, true));
    await until(() => waiting().length === 4 && waiting().every(bothAsked));
    lookup.close();
    const outcomes = await Promise.all(pending);
    expect(outcomes.map(({ error }) => error?.code)).toEqual([
      'ECANCELLED',
      'ECANCELLED',
      'ECANCELLED',
      'ECANCELLED',
      'ETIMEOUT',
      'ETIMEOUT',
    ]);
    expect(outcomes[0]!.error?.message).toBe('queryA ECANCELLED c1.test');
    expect(outcomes[4]!.error?.message).toBe('q1.test was not looked up in time');
    const later = await lookUp(lookup, 'later.test', true);
    expect(later.error?.message).toBe('later.test was not looked up in time');
    expect(waiting()).toEqual(['c1.test', 'c2.test', 'c3.test', 'c4.test']);
    expect(responder.questions).toHaveLength(8);
  });

  it("production's resolver (no option) asks the system's DNS servers: a label over 63 characters fails there, asking none", async () => {
    const lookup = publicLookup();
    const { error } = await lookUp(lookup, `${'a'.repeat(64)}.test`, true);
    lookup.close();
    expect(error?.code).toBe('EBADNAME');
  });
});
