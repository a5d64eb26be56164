/**
 * Resolve, then decide: the name lookup of the connections the link check makes to other sites
 * (`link-check-external`), which may reach only the public internet. Every address a name resolves
 * to is checked at the moment of connecting, and the connection goes to a checked one: a name of the
 * runner's hosts file, its own host name, a name whose DNS answers a private address, or one that
 * answers a public address first and a private one next (DNS rebinding) reaches none of them. The
 * refused addresses: loopback, private, shared, link-local, unique local, unspecified, multicast
 * (src/util/private-host.ts) and the runner's own interfaces.
 *
 * Names are resolved by DNS (c-ares, `dns.promises.Resolver`), never by the system's `getaddrinfo`:
 * each query has its own timeout and can be cancelled, a few run at a time, and none takes one of
 * libuv's four threads that the step's own requests (Read the Docs, GitHub) resolve their names on,
 * so hostile DNS cannot starve them. The hosts file is not read: a name only it knows is not found.
 * Through a proxy (`HTTPS_PROXY`), the proxy resolves the target and this lookup is not used: the
 * proxy decides what it reaches.
 */
import { Resolver } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';
import pLimit from 'p-limit';
import { addressKey, isPrivateAddress } from '../util/private-host.js';

interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** A name's addresses (both families); rejects when it has none. */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

/** The code of the error a refused connection fails with: the page fetcher answers it as `refused: 'private'`. */
export const PRIVATE_ADDRESS_CODE = 'ERR_PRIVATE_ADDRESS';

/** Lookups at the same time... */
const MAX_LOOKUPS = 4;
/** ...each query's timeout (c-ares doubles it for its second try)... */
const QUERY_TIMEOUT_MS = 1_500;
const QUERY_TRIES = 2;
/** ...and a lookup that waited longer than this for its turn is not made (its request has given up). */
const MAX_QUEUED_MS = 10_000;

export interface PublicLookup {
  /** For `net.connect`/`tls.connect` (undici's `connect` options): only public addresses, never this machine's. */
  lookup: LookupFunction;
  /**
   * Whether a URL's host (`URL.hostname`) is an address that is refused: Node connects to an
   * address without a lookup, so the fetcher asks this first.
   */
  refusesAddress(hostname: string): boolean;
  /** Cancels the queries under way; later lookups fail at once. */
  close(): void;
}

/** Test settings of {@link publicLookup}: production passes none (or only `resolve`, a test's too). */
interface PublicLookupOptions {
  /** How names resolve (a test's); by default DNS through c-ares, as above. */
  resolve?: Resolve | undefined;
  /** The c-ares resolver's (without `resolve`): a test's DNS server, query timeout and clock. */
  dns?: DnsOptions;
  /** This machine's interfaces (a test's); by default `os.networkInterfaces()`. */
  interfaces?: ReturnType<typeof networkInterfaces>;
}

/** What a test changes in {@link dnsResolver}; each defaults to production's. */
interface DnsOptions {
  /** The DNS servers (`Resolver#setServers`, `'127.0.0.1:5353'`); by default the system's. */
  servers?: string[];
  /** Each query's timeout, by default {@link QUERY_TIMEOUT_MS}. */
  queryTimeoutMs?: number;
  /** The clock of the queue rule ({@link MAX_QUEUED_MS}), by default `Date.now`. */
  now?: () => number;
}

/** The lookup of `publicOnly` connections; production passes no options (the page fetcher, a test's `resolve` if any). */
export function publicLookup(options: PublicLookupOptions = {}): PublicLookup {
  const { resolve } = options;
  const dns = resolve === undefined ? dnsResolver(options.dns) : { resolve, close: () => undefined };
  // The runner's own addresses, whatever their range (a public address of this machine is still this machine).
  const own = new Set(
    Object.values(options.interfaces ?? networkInterfaces()).flatMap((addresses) =>
      (addresses ?? []).map((entry) => addressKey(entry.address) ?? ''),
    ),
  );
  const refused = (address: string) => isPrivateAddress(address) || own.has(addressKey(address) ?? '');
  const lookup = ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    dns.resolve(hostname).then(
      (addresses) => {
        if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }));
        // One refused address refuses the name: the connection could be made to any of them.
        const bad = addresses.find((entry) => refused(entry.address));
        if (bad !== undefined) return callback(refusal(`${hostname} resolves to ${bad.address}`));
        if (options.all === true) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: unknown) => callback(error),
    );
  }) as LookupFunction;
  const refusesAddress = (hostname: string) => {
    const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
    return isIP(bare) !== 0 && refused(bare);
  };
  return { lookup, refusesAddress, close: dns.close };
}

/** The error a refused address fails the connection with (`code`: {@link PRIVATE_ADDRESS_CODE}). */
export function refusal(what: string): Error {
  return Object.assign(new Error(`${what}, not a public address: not asked`), { code: PRIVATE_ADDRESS_CODE });
}

/** DNS through c-ares: A and AAAA asked together, a few names at a time, each query under its own timeout. */
function dnsResolver({ servers, queryTimeoutMs = QUERY_TIMEOUT_MS, now = Date.now }: DnsOptions = {}): {
  resolve: Resolve;
  close: () => void;
} {
  const limit = pLimit(MAX_LOOKUPS);
  const active = new Set<Resolver>();
  let closed = false;
  const resolve: Resolve = (hostname) => {
    const queuedAt = now();
    return limit(async () => {
      if (closed || now() - queuedAt > MAX_QUEUED_MS) {
        throw Object.assign(new Error(`${hostname} was not looked up in time`), { code: 'ETIMEOUT' });
      }
      const resolver = new Resolver({ timeout: queryTimeoutMs, tries: QUERY_TRIES });
      if (servers !== undefined) resolver.setServers(servers);
      active.add(resolver);
      try {
        const [v4, v6] = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
        const addresses = [
          ...(v4.status === 'fulfilled' ? v4.value.map((address): ResolvedAddress => ({ address, family: 4 })) : []),
          ...(v6.status === 'fulfilled' ? v6.value.map((address): ResolvedAddress => ({ address, family: 6 })) : []),
        ];
        if (addresses.length === 0) throw v4.status === 'rejected' ? v4.reason : new Error(`${hostname} has no address`);
        return addresses;
      } finally {
        active.delete(resolver);
      }
    });
  };
  return {
    resolve,
    close: () => {
      closed = true;
      for (const resolver of active) resolver.cancel();
    },
  };
}
