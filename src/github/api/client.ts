import { EnvHttpProxyAgent, fetch as undiciFetch, Response as UndiciResponse, type Dispatcher } from 'undici';
import type { ProxyOptions } from '../../util/network-env.js';
import { type Sleep, sleep, untilAborted, waitAsAsked } from '../../resilience/index.js';
import { abortReason } from '../../util/abort.js';
import {
  BodyTooLargeError,
  countJsonNodes,
  formatCount,
  MAX_JSON_NODES,
  readBoundedBytes,
  TooManyNodesError,
} from '../../util/bounded-body.js';
import { safeLine } from '../../util/untrusted-text.js';
import { messageOf } from '../../util/message-of.js';

/** The Octokit instance `@actions/github` builds (REST methods, `paginate`), with retry and throttling. */
export type Octokit = ReturnType<typeof import('@actions/github').getOctokit>;

/** What every call needs: the client and the repository (the pull request's base). */
export interface GitHubRepo {
  octokit: Octokit;
  owner: string;
  repo: string;
  /**
   * What ends a request and any wait before a retry, at once: the deadline's `reporting` (the
   * workflow's cancellation, or a few seconds past the timeout). Required, so that no client of the
   * step's can report to GitHub past its end.
   */
  limits: StepLimits;
}

/**
 * GitHub is reporting, and the report follows even a timed-out step: a `Deadline`'s `reporting`
 * fits here (the workflow's cancellation, or a few seconds past the deadline for every call
 * together), its `signal` does not.
 */
export interface StepLimits {
  signal: AbortSignal;
}

/** Octokit's per-request options this client sets: the cancellation, and `retries: 0` for what must not repeat. */
export interface RequestOptions {
  signal?: AbortSignal;
  retries?: number;
}

/** One attempt must not hold the step for long: GitHub is reporting, not the work itself. */
export const REQUEST_TIMEOUT_MS = 20_000;
/** A network fault or 5xx of a request safe to repeat is sent again twice (plugin-retry: 1 s, then 4 s later). */
export const TRANSIENT_RETRIES = 2;
/** plugin-retry's unit: retry n waits n² × this (1 s, then 4 s). */
export const RETRY_BASE_MS = 1000;
/** No 4xx is repeated by plugin-retry; GitHub's rate limits (403, 429) are the throttling plugin's. */
const FINAL_STATUSES = Array.from({ length: 100 }, (_, index) => 400 + index);
/** A rate limit is waited out at most twice, and only when GitHub asks for at most a minute. */
export const MAX_RATE_LIMIT_RETRIES = 2;
export const MAX_RATE_LIMIT_WAIT_S = 60;
const RATE_LIMIT_WAITS = { maxWaits: MAX_RATE_LIMIT_RETRIES, maxWaitMs: MAX_RATE_LIMIT_WAIT_S * 1000 };

/** A GitHub call that failed: `status` 0 when no answer came back. */
export class GitHubError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The call as a template, e.g. `POST issues/{n}/comments`. */
    readonly endpoint: string,
    /** GitHub's rate limit (403 or 429), still in force after the waits allowed. */
    readonly rateLimited = false,
  ) {
    super(message);
    this.name = 'GitHubError';
  }

  /** 403: the token may not do this (fork PRs get a read-only token; missing `permissions`). */
  get refused(): boolean {
    return this.status === 403 && !this.rateLimited;
  }
}

/**
 * How the client waits and logs. Waits are replaceable in tests: rate-limit waits go through
 * `sleep`; plugin-retry's backoff unit.
 */
export interface ClientOptions {
  sleep?: Sleep;
  /** plugin-retry waits (retry number)² × this; 1000 by default. */
  retryBaseMs?: number;
  /**
   * Where Octokit's own warnings go (a deprecated endpoint, with GitHub's `Sunset` and `Link`
   * header text), each as one neutralised line (`safeLine`): never to stderr, where the runner
   * would act on a `##[…]` in them. Unset: they are dropped.
   */
  log?: (message: string) => void;
  /** The proxies of the front end's environment (`proxyOptions`); unset, undici reads the process's. */
  proxy?: ProxyOptions;
}

/**
 * An Octokit for `apiUrl` (GITHUB_API_URL, so GitHub Enterprise Server works), composed as:
 * paginate (from `@actions/github`); plugin-retry for network faults and 5xx of requests safe to
 * repeat; plugin-throttling for GitHub's rate limits, each waited out through `rateLimitWait`;
 * around them all, the request's `signal`, so a cancelled run stops waiting at once. Loaded here,
 * lazily: runs that never call GitHub do not pay for loading it.
 */
/** Makes the GitHub client of one token; `log` takes Octokit's own warnings, one neutralised line each. */
export type GitHubClientFactory = (token: string, options?: Pick<ClientOptions, 'log'>) => Promise<Octokit>;

/** The factory of the action's clients for the GitHub API at `apiUrl`. */
export function gitHubClients(apiUrl: string, userAgent: string, proxy?: ProxyOptions): GitHubClientFactory {
  return (token, options = {}) => createOctokit(token, apiUrl, userAgent, { ...options, ...(proxy ? { proxy } : {}) });
}

export async function createOctokit(token: string, apiUrl: string, userAgent: string, timing: ClientOptions = {}): Promise<Octokit> {
  const [{ getOctokit }, { retry }, { throttling }, { default: Bottleneck }] = await Promise.all([
    import('@actions/github'),
    import('@octokit/plugin-retry'),
    import('@octokit/plugin-throttling'),
    import('bottleneck/light.js'),
  ]);
  const baseUrl = trimSlashes(apiUrl);
  const onLimit = rateLimitWait(timing.sleep ?? sleep) as unknown as () => void;
  const log = octokitLog(timing.log);
  const octokit = getOctokit(
    token,
    {
      baseUrl,
      userAgent,
      log,
      // @octokit/request logs through the request's own `log` (its deprecation warning), else `console`.
      request: { fetch: boundedFetch(new EnvHttpProxyAgent({ ...timing.proxy }), { origin: new URL(baseUrl).origin }), log },
      retry: { retries: TRANSIENT_RETRIES, doNotRetry: FINAL_STATUSES, retryAfterBaseValue: timing.retryBaseMs ?? RETRY_BASE_MS },
      throttle: {
        onRateLimit: onLimit,
        onSecondaryRateLimit: onLimit,
        // The wait is `rateLimitWait`'s, which ends with the signal: the plugin itself waits 0 ms more.
        retryAfterBaseValue: 0,
        // Writes go one at a time, not spaced out in advance (the plugin's default: 1 s apart, 3 s after
        // a comment): the action sends a handful, and that spacing made a preview several times slower.
        // A limit GitHub does answer is waited out as it asks.
        write: new Bottleneck.Group({ maxConcurrent: 1 }),
        notifications: new Bottleneck.Group({ maxConcurrent: 1 }),
        // Likewise searches (the plugin's default: 2 s apart): `health` sends at most a couple a run.
        search: new Bottleneck.Group({ maxConcurrent: 1 }),
      },
    },
    sendOnce,
    retry,
    throttling,
  );
  // Outermost: whichever plugin holds the request, a cancelled run stops waiting for it now.
  octokit.hook.wrap('request', (request, options) =>
    untilAborted(Promise.resolve(request(options)), (options.request as RequestOptions).signal),
  );
  return octokit;
}

/** Octokit's logger: its warnings and errors to `sink` as one neutralised line each, nothing to the console. */
function octokitLog(sink: ((message: string) => void) | undefined) {
  const write = (message: unknown, ...more: unknown[]) => sink?.(safeLine([message, ...more].map(String).join(' ')));
  return { debug: () => undefined, info: () => undefined, warn: write, error: write };
}

/**
 * The throttling plugin's handler: whether to wait out a rate limit (`retryAfter` seconds; the
 * plugin read it from `retry-after` or `x-ratelimit-reset`) and send again. A cancelled wait
 * answers no.
 */
function rateLimitWait(wait: Sleep) {
  return (retryAfter: number, options: { request?: { signal?: AbortSignal } }, _octokit: unknown, retryCount: number) =>
    waitAsAsked(retryAfter * 1000, retryCount, RATE_LIMIT_WAITS, { sleep: wait, signal: options.request?.signal });
}

/**
 * The innermost hook, just before the request goes out: a request refused before sending (off the
 * API's origin, see `boundedFetch`), whose answer was too large, or whose signal ended it (the
 * workflow's cancellation, the report's time after the deadline) is not sent again: plugin-retry's
 * waits before a retry would keep the process alive for seconds after the step has reported.
 */
function sendOnce(octokit: Pick<Octokit, 'hook'>): void {
  octokit.hook.wrap('request', async (request, options) => {
    const own = options.request as RequestOptions | undefined;
    try {
      return await request(options);
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      if (
        own &&
        (own.signal?.aborted ||
          cause instanceof BodyTooLargeError ||
          cause instanceof TooManyNodesError ||
          cause instanceof ForeignUrlError ||
          cause instanceof GitHubBytesSpentError ||
          cause instanceof GitHubNodesSpentError)
      )
        own.retries = 0;
      throw error;
    }
  });
}

/** GitHub's answers are kilobytes (a page of 100 comments at most a few MB): a body past this is refused. */
export const MAX_GITHUB_BODY_BYTES = 32 * 1024 * 1024;

/**
 * All of GitHub's answers to one client (one step's `preview` or plan comment) together: 30 pages
 * of a list just under the per-answer cap would otherwise hold about a gigabyte.
 */
const MAX_GITHUB_TOTAL_BYTES = 128 * 1024 * 1024;

/** The client's answers went past `MAX_GITHUB_TOTAL_BYTES`: nothing more is read from GitHub. */
class GitHubBytesSpentError extends Error {
  constructor(readonly maxBytes: number) {
    super(`GitHub's answers in this step passed ${Math.round(maxBytes / 1024 / 1024)} MB in all; nothing more is read`);
    this.name = 'GitHubBytesSpentError';
  }
}

/**
 * All of GitHub's answers to one client together, in JSON nodes (objects, lists and values, as
 * `countJsonNodes` counts them): every list the client reads is held whole, and an empty object
 * takes tens of bytes parsed for the three of its text. The longest real lists (30 pages of 100
 * comments) hold a few hundred thousand.
 */
const MAX_GITHUB_TOTAL_NODES = 2_000_000;

/** The client's answers went past `MAX_GITHUB_TOTAL_NODES`: nothing more is read from GitHub. */
class GitHubNodesSpentError extends Error {
  constructor(readonly maxNodes: number) {
    super(`GitHub's answers in this step passed ${formatCount(maxNodes)} objects, lists and values in all; nothing more is read`);
    this.name = 'GitHubNodesSpentError';
  }
}

/** `url` without trailing slashes, in linear time. */
function trimSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end -= 1;
  return url.slice(0, end);
}

/** A request that would leave the GitHub API's origin: it is not sent, so the token goes nowhere else. */
class ForeignUrlError extends Error {
  constructor(what: 'link' | 'redirect') {
    super(`a ${what} to a page outside the GitHub API was not followed`);
    this.name = 'ForeignUrlError';
  }
}

/** Redirects followed on the API's origin (a renamed repository answers 301 to its new path). */
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * The `fetch` Octokit uses: through the runner's proxy settings (HTTPS_PROXY, NO_PROXY), each
 * attempt at most `REQUEST_TIMEOUT_MS`, with the body read here, at most `maxBytes` of it: past
 * that the request fails with "response too large" (Octokit would read it whole into memory, and
 * turns an error while reading into an empty body). Its JSON nodes are counted before Octokit
 * parses it: at most `maxNodes` per answer (`MAX_JSON_NODES`), `maxTotalNodes` for all the
 * client's answers together (`MAX_GITHUB_TOTAL_NODES`), so endless pages of `{}` each under the
 * byte caps are never held as millions of objects.
 *
 * Every URL actually requested is checked against `origin`, the GitHub API's: this is after
 * Octokit has expanded the URL template, so a `Link` such as `<{+x}http://elsewhere/…>` (which only
 * becomes `http://elsewhere/…` in that expansion) is refused here, as is any other URL off the
 * origin, paginated or not. Redirects are followed by hand, on the origin only: nothing, with or
 * without the token, is sent to another host.
 */
export function boundedFetch(
  dispatcher: Dispatcher,
  options: { origin: string; maxBytes?: number; maxTotalBytes?: number; maxNodes?: number; maxTotalNodes?: number },
): typeof fetch {
  const maxBytes = options.maxBytes ?? MAX_GITHUB_BODY_BYTES;
  const maxTotalBytes = options.maxTotalBytes ?? MAX_GITHUB_TOTAL_BYTES;
  const maxNodes = options.maxNodes ?? MAX_JSON_NODES;
  const maxTotalNodes = options.maxTotalNodes ?? MAX_GITHUB_TOTAL_NODES;
  let totalLeft = maxTotalBytes;
  let nodesLeft = maxTotalNodes;
  return (async (input: string | URL | Request, init?: RequestInit) => {
    // Nothing is asked for whose answer could not be read.
    if (totalLeft <= 0) throw new GitHubBytesSpentError(maxTotalBytes);
    if (nodesLeft <= 0) throw new GitHubNodesSpentError(maxTotalNodes);
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    let url = onOrigin(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, options.origin, 'link');
    let request = { ...(init as object), signal, dispatcher, redirect: 'manual' } as Parameters<typeof undiciFetch>[1] & RequestInit;
    for (let redirects = 0; ; redirects += 1) {
      const response = await undiciFetch(url, request);
      const location = response.headers.get('location');
      if (REDIRECT_STATUSES.has(response.status) && location !== null) {
        await response.body?.cancel().catch(() => undefined);
        if (redirects >= MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects: not followed`);
        url = onOrigin(new URL(location, url).href, options.origin, 'redirect');
        // As fetch does: a 303, and a 301 or 302 of a POST, go on as a GET without the body.
        if (response.status === 303 || ((response.status === 301 || response.status === 302) && request.method === 'POST')) {
          const { body: _body, ...rest } = request;
          request = { ...rest, method: 'GET' };
        }
        continue;
      }
      if (!response.body) return response;
      const cap = Math.min(maxBytes, totalLeft);
      const body = await readBoundedBytes(response.body, cap).catch((error: unknown) => {
        throw error instanceof BodyTooLargeError && cap < maxBytes ? new GitHubBytesSpentError(maxTotalBytes) : error;
      });
      totalLeft -= body.length;
      // Counted before Octokit parses it: past the bound, the answer is never parsed.
      const nodeCap = Math.min(maxNodes, nodesLeft);
      const nodes = countJsonNodes(body, nodeCap);
      if (nodes > nodeCap) {
        if (nodeCap === maxNodes) throw new TooManyNodesError(maxNodes);
        nodesLeft = 0;
        throw new GitHubNodesSpentError(maxTotalNodes);
      }
      nodesLeft -= nodes;
      const bounded = new UndiciResponse(body, { status: response.status, statusText: response.statusText, headers: response.headers });
      Object.defineProperty(bounded, 'url', { value: response.url });
      return bounded;
    }
  }) as unknown as typeof fetch;
}

/** `url` when it is on `origin`; a `ForeignUrlError` otherwise (a URL that does not parse included). */
function onOrigin(url: string, origin: string, what: 'link' | 'redirect'): string {
  if (!URL.canParse(url) || new URL(url).origin !== origin) throw new ForeignUrlError(what);
  return url;
}

export interface CallOptions {
  /** Safe to send twice (a GET, an edit, a status): a network fault or 5xx is retried. */
  idempotent: boolean;
  /** The workflow's cancellation: without it, the call and its waits run to their end. */
  limits?: StepLimits | undefined;
}

/**
 * One request (the plugins retry it as `options` allow), named `endpoint` in its failure. `send`
 * passes `request` on as Octokit's per-request options (`octokit.rest.…({ …, request })`).
 */
export async function call<T>(endpoint: string, send: (request: RequestOptions) => Promise<{ data: T }>, options: CallOptions): Promise<T> {
  try {
    return (await send(requestOptions(options))).data;
  } catch (error) {
    throw failure(error, endpoint, options.limits);
  }
}

/**
 * A list method (`octokit.rest.issues.listComments`…) for `octokit.paginate.iterator`, with the
 * cancellation built in: paginate sends each page with the method alone, dropping per-request options.
 */
export function withRequest<M extends { defaults: (options: { request: RequestOptions }) => unknown }>(
  method: M,
  limits: StepLimits | undefined,
): M {
  return method.defaults({ request: requestOptions({ idempotent: true, limits }) }) as M;
}

/**
 * Every item of a list, page after page as GitHub's `Link` headers lead (`octokit.paginate.iterator`,
 * each `Link` checked by `boundedFetch`); at most `maxPages` pages are read.
 */
export async function readPages<T>(
  endpoint: string,
  pages: AsyncIterable<{ data: T[] }>,
  maxPages: number,
  limits: StepLimits | undefined,
): Promise<T[]> {
  const items: T[] = [];
  try {
    let read = 0;
    for await (const page of pages) {
      // One at a time: a spread of a long page into push() overflows the stack.
      for (const item of page.data) items.push(item);
      read += 1;
      if (read >= maxPages) break;
    }
  } catch (error) {
    throw failure(error, endpoint, limits);
  }
  return items;
}

function requestOptions({ idempotent, limits }: CallOptions): RequestOptions {
  return { ...(limits ? { signal: limits.signal } : {}), ...(idempotent ? {} : { retries: 0 }) };
}

/** A cancelled call fails with the cancellation's reason; any other failure becomes a GitHubError. */
function failure(error: unknown, endpoint: string, limits: StepLimits | undefined): Error {
  if (limits?.signal.aborted) return abortReason(limits.signal);
  const status = typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : 0;
  const message = messageOf(error);
  // Octokit reports network faults as status 500 with the cause attached; keep them apart from a real 500.
  const response = (error as { response?: { headers?: Record<string, string | undefined> } }).response;
  if (response === undefined) return new GitHubError(`${endpoint}: ${message}`, 0, endpoint);
  const headers = response.headers ?? {};
  const rateLimited =
    status === 429 || (status === 403 && (headers['x-ratelimit-remaining'] === '0' || /\bsecondary rate\b/i.test(message)));
  const note = rateLimited
    ? ` (GitHub's rate limit: waited out at most ${MAX_RATE_LIMIT_RETRIES} times, and only when it asks for ${MAX_RATE_LIMIT_WAIT_S} s or less)`
    : '';
  return new GitHubError(`${endpoint}: ${status} ${message}${note}`, status, endpoint, rateLimited);
}
