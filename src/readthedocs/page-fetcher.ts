/**
 * The third way to the service, beside its API client and GitHub's: documentation pages and the
 * preview host's own endpoints (the file tree diff), read with a plain GET. The front end makes
 * one and gives it to the operations (`ctx.pages`), as it gives `ctx.github`; the tests give their
 * own. Bounded (a time limit per request, a cap on what is read of a body), no token (another host
 * than the API's), and origin-checked: a redirect is followed only on the requested URL's own
 * origin, so that a page leading to another host (an internal address) is never requested.
 *
 * Paced: every request to a host (each redirect followed included) waits for that host's turn,
 * at most {@link DOCS_PACE} on average (FACTS, *Docs hosts*: automated clients stay under 4 a
 * second; above it the CDN answers 429 or a 403 challenge). A 429 (or a 503 with `Retry-After`) is
 * waited out as it asks, within the request's `waitMs`, and pauses the host for every request; a
 * challenge (`cf-mitigated: challenge`) or a throttle that outlasts the wait is answered as
 * `refused`, which says nothing about the page.
 *
 * A request `publicOnly` (another site's page, for the link check) connects only to public
 * addresses, resolved and checked as it connects (public-connect.ts): a refused one is answered as
 * `refused: 'private'`, with nothing sent.
 */
import { EnvHttpProxyAgent, request, type Dispatcher } from 'undici';
import { HostPacer, parseRetryAfter, type Sleep } from '../resilience/index.js';
import { BodyTooLargeError, readBoundedBytes, readBoundedText } from '../util/bounded-body.js';
import type { ProxyOptions } from '../util/network-env.js';
import { messageOf } from '../util/message-of.js';
import { PRIVATE_ADDRESS_CODE, publicLookup, refusal, type Resolve } from './public-connect.js';

/** What one GET got: the last status, the body when asked for, or what went wrong. */
interface PageAnswer {
  /** The last status seen, when there was an answer. */
  status?: number;
  /** The body's text (at most `maxBodyBytes`), when `maxBodyBytes` is above 0 and the answer is 200. */
  body?: string;
  /** The body's bytes instead, when the request asked for them (`bytes`): a buffer of its own, never a pooled one. */
  bytes?: Uint8Array;
  /** A 200 whose body was over `maxBodyBytes`: not read. */
  tooLarge?: true;
  /** What went wrong, for the reason shown to the user; undefined on a 200. */
  problem?: string;
  /** Where the last answer came from, after the redirects followed: the base of the page's relative links. */
  url?: string;
  /** The `X-RTD-Redirect` of the last redirect followed (`system`: a folder's slash; `user`: the project's redirects). */
  redirect?: string;
  /** The answer's media type, lower case, without its parameters (`text/html`). */
  contentType?: string;
  /**
   * The host would not answer: still `throttled` (429, 503) when the wait ran out, or `challenged`
   * (a 403 with `cf-mitigated: challenge`); or it was not asked: `private`, its name resolved to an
   * address that is not public (`publicOnly`). None says anything about the page.
   */
  refused?: 'throttled' | 'challenged' | 'private';
  /**
   * Why no answer came: the host is not there, its name does not resolve (`no such host`) or it
   * refused the connection (`connection refused`); or it said nothing in time (`no answer`: a
   * timeout, a reset). Through a proxy, the proxy answers for the host instead (often a 502).
   */
  failed?: 'no such host' | 'connection refused' | 'no answer';
}

/** The error codes that say the host is not there: c-ares' and getaddrinfo's for a name without address, the socket's for a refusal. */
const UNREACHABLE = new Map<string, NonNullable<PageAnswer['failed']>>([
  ['ENOTFOUND', 'no such host'],
  ['ENODATA', 'no such host'],
  ['ECONNREFUSED', 'connection refused'],
]);

interface PageRequest {
  /** The step's deadline and cancellation: when it fires, the fetch throws its reason. */
  signal: AbortSignal;
  timeoutMs: number;
  accept?: string;
  /** At most this much of a 200's body is read and returned; 0 (the default): only the status matters. */
  maxBodyBytes?: number;
  /** The body as bytes (`bytes`), not decoded: the link check decodes it in its parser's worker, the index reader inflates it. */
  bytes?: boolean;
  /** Another site's page: connected to only at a public address (public-connect.ts), whatever its name resolves to. */
  publicOnly?: boolean;
  /** `false`: a redirect is not followed, its status is the answer (another site's page, by the link check). */
  followRedirects?: boolean;
  /** How long in all it may wait for its host's turns and for throttles to pass (default `timeoutMs`). */
  waitMs?: number;
}

export interface PageFetcher {
  get(url: string, request: PageRequest): Promise<PageAnswer>;
  /** Ends the connections (the front end's, once the step is done). */
  close(): Promise<void>;
}

/** The pace of requests to one host: the service's policy for automated clients, 4 a second with a small burst. */
const DOCS_PACE = { perSecond: 4, burst: 2 } as const;

export interface PageFetcherOptions {
  /** The connections (a test's mock agent); by default an agent through the proxies of `proxy`. */
  dispatcher?: Dispatcher;
  /** `HTTPS_PROXY`, `NO_PROXY` of the front end's environment; unset, undici reads the process's. */
  proxy?: ProxyOptions;
  /** Requests a second to one host on average (default {@link DOCS_PACE}'s): `RTD_ACTION_PAGES_PER_SECOND`, for the stand-in. */
  perSecond?: number;
  /** The clock and the wait of the pace (tests give a fake clock's). */
  now?: () => number;
  sleep?: Sleep;
  /** How `publicOnly` requests resolve names (a test's); DNS by default (public-connect.ts). */
  resolve?: Resolve;
}

/** What a page check reports of a redirect it does not follow. */
const OFF_HOST_REDIRECT = 'redirects off the preview host; not followed';

const MAX_REDIRECTS = 5;
const CONNECT_TIMEOUT_MS = 10_000;
/** A body not asked for is drained up to this much (then the connection closes). */
const MAX_DRAINED_BYTES = 64 * 1024;
/** Throttled answers waited out per request at most... */
const MAX_THROTTLE_WAITS = 3;
/** ...each as long as its `Retry-After` says, or (a 429 without one) this long. */
const THROTTLE_WAIT_MS = 2_000;
/** A media type or redirect kind longer than this is not one. */
const MAX_TOKEN_LENGTH = 100;

/** The action's fetcher. */
export function pageFetcher(userAgent: string, options: PageFetcherOptions = {}): PageFetcher {
  let agent = options.dispatcher;
  // Connections that may reach only public addresses, apart from the others: a pooled connection is never shared between them.
  let guarded = options.dispatcher;
  const lookup = publicLookup({ resolve: options.resolve });
  const own = options.dispatcher === undefined;
  const now = options.now ?? Date.now;
  const pacer = new HostPacer({
    perSecond: options.perSecond ?? DOCS_PACE.perSecond,
    burst: DOCS_PACE.burst,
    now,
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
  return {
    get: (url, request) => {
      if (request.publicOnly === true) {
        // Node connects to an address as written without a lookup: it is judged here.
        const { hostname } = new URL(url);
        if (lookup.refusesAddress(hostname)) return Promise.resolve({ problem: refusal(hostname).message, refused: 'private' as const });
        // The lookup is the direct connections' only: through a proxy, the proxy resolves the target.
        guarded ??= new EnvHttpProxyAgent({ ...options.proxy, connect: { timeout: CONNECT_TIMEOUT_MS, lookup: lookup.lookup } });
        return fetchPage(url, request, { dispatcher: guarded, userAgent, pacer, now });
      }
      agent ??= new EnvHttpProxyAgent({ ...options.proxy, connect: { timeout: CONNECT_TIMEOUT_MS } });
      return fetchPage(url, request, { dispatcher: agent, userAgent, pacer, now });
    },
    close: async () => {
      lookup.close();
      if (own) await Promise.all([agent?.close(), guarded?.close()].map((closing) => closing?.catch(() => undefined)));
    },
  };
}

interface Fetching {
  dispatcher: Dispatcher;
  userAgent: string;
  pacer: HostPacer;
  now: () => number;
}

async function fetchPage(url: string, options: PageRequest, fetching: Fetching): Promise<PageAnswer> {
  const notAfter = fetching.now() + (options.waitMs ?? options.timeoutMs);
  let target = new URL(url);
  let redirect: string | undefined;
  for (let redirects = 0, throttles = 0; ; ) {
    if (!(await fetching.pacer.turn(target.host, { signal: options.signal, notAfter }))) {
      // Held back by the host's own throttle (a pause it asked for), or only by the pace.
      const throttled = throttles > 0 || fetching.pacer.paused(target.host);
      return {
        problem: `not asked: no turn on its host within the time left${throttled ? ' (it throttled)' : ''}`,
        ...(throttled ? { refused: 'throttled' } : {}),
      };
    }
    const sent = await send(target, options, fetching);
    if ('problem' in sent) return sent;
    const response = sent;
    const status = response.statusCode;
    const seen = { url: target.href, ...kindOf(response.headers['x-rtd-redirect'], redirect), ...typeOf(response.headers['content-type']) };
    if (status === 200 && (options.maxBodyBytes ?? 0) > 0) return { ...(await readBody(response, options, status)), ...seen };
    await response.body.dump({ limit: MAX_DRAINED_BYTES }).catch(() => undefined);
    const retryAfter = parseRetryAfter(response.headers['retry-after'], fetching.now);
    // A 503 is a throttle when it says how long to wait; without, a server error like any other.
    if (status === 429 || (status === 503 && retryAfter !== undefined)) {
      const waitMs = retryAfter ?? THROTTLE_WAIT_MS;
      fetching.pacer.throttled(target.host, waitMs);
      throttles += 1;
      if (throttles <= MAX_THROTTLE_WAITS && fetching.now() + waitMs <= notAfter) continue;
      return { status, problem: `answered ${status} (throttled)`, refused: 'throttled', ...seen };
    }
    if (status === 403 && String(response.headers['cf-mitigated']).toLowerCase() === 'challenge') {
      fetching.pacer.throttled(target.host, 0);
      return { status, problem: "challenged by the host's bot protection", refused: 'challenged', ...seen };
    }
    const location = response.headers.location;
    if (status >= 300 && status < 400 && options.followRedirects === false) return { status, ...seen };
    if (status >= 300 && status < 400 && typeof location === 'string' && redirects < MAX_REDIRECTS) {
      const next = URL.canParse(location, target.href) ? new URL(location, target) : undefined;
      if (next?.origin !== target.origin) return { status, problem: OFF_HOST_REDIRECT, ...seen };
      target = next;
      redirect = seen.redirect;
      redirects += 1;
      continue;
    }
    return status === 200 ? { status, ...seen } : { status, problem: `answered ${status}`, ...seen };
  }
}

/** One GET; what went wrong when no answer came (the step's own abort is thrown). */
async function send(
  target: URL,
  options: PageRequest,
  fetching: Fetching,
): Promise<Dispatcher.ResponseData | (PageAnswer & { problem: string })> {
  const { timeoutMs } = options;
  try {
    return await request(target, {
      method: 'GET',
      headers: { 'user-agent': fetching.userAgent, accept: options.accept ?? 'text/html' },
      dispatcher: fetching.dispatcher,
      signal: AbortSignal.any([options.signal, AbortSignal.timeout(timeoutMs)]),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  } catch (error) {
    if (options.signal.aborted) throw options.signal.reason;
    const code = (error as { code?: string }).code;
    const problem = `${code ?? 'no answer'}: ${messageOf(error)}`;
    if (code === PRIVATE_ADDRESS_CODE) return { problem, refused: 'private' };
    return { problem, failed: (code === undefined ? undefined : UNREACHABLE.get(code)) ?? 'no answer' };
  }
}

/** The redirect kind an answer names (`X-RTD-Redirect`), else the one of the redirect before it. */
function kindOf(header: string | string[] | undefined, before: string | undefined): { redirect?: string } {
  const value = Array.isArray(header) ? header[0] : header;
  const kind = value?.trim().toLowerCase();
  if (kind !== undefined && kind.length <= MAX_TOKEN_LENGTH && /^[a-z][a-z0-9_-]*$/.test(kind)) return { redirect: kind };
  return before === undefined ? {} : { redirect: before };
}

function typeOf(header: string | string[] | undefined): { contentType?: string } {
  const value = Array.isArray(header) ? header[0] : header;
  const type = value?.split(';')[0]?.trim().toLowerCase();
  return type !== undefined && type !== '' && type.length <= MAX_TOKEN_LENGTH ? { contentType: type } : {};
}

async function readBody(response: Dispatcher.ResponseData, options: PageRequest, status: number): Promise<PageAnswer> {
  try {
    const maxBytes = options.maxBodyBytes ?? 0;
    if (options.bytes !== true) return { status, body: await readBoundedText(response.body, maxBytes) };
    const read = await readBoundedBytes(response.body, maxBytes);
    // A buffer of its own, so that it can be moved to another thread: a small Buffer is a view of a shared pool.
    const whole = read.byteOffset === 0 && read.byteLength === read.buffer.byteLength;
    return { status, bytes: whole ? new Uint8Array(read.buffer) : new Uint8Array(read) };
  } catch (error) {
    if (options.signal.aborted) throw options.signal.reason;
    if (error instanceof BodyTooLargeError) return { status, problem: error.message, tooLarge: true };
    return { status, problem: `the body was not read: ${messageOf(error)}` };
  }
}
