/**
 * The third way to the service, beside its API client and GitHub's: documentation pages and the
 * preview host's own endpoints (the file tree diff), read with a plain GET. The front end makes
 * one and gives it to the operations (`ctx.pages`), as it gives `ctx.github`; the tests give their
 * own. Bounded (a time limit per request, a cap on what is read of a body), no token (another host
 * than the API's), and origin-checked: a redirect is followed only on the requested URL's own
 * origin, so that a page leading to another host (an internal address) is never requested.
 */
import { EnvHttpProxyAgent, request, type Dispatcher } from 'undici';
import { BodyTooLargeError, readBoundedText } from '../util/bounded-body.js';
import type { ProxyOptions } from '../util/network-env.js';
import { messageOf } from '../util/message-of.js';

/** What one GET got: the last status, the body when asked for, or what went wrong. */
interface PageAnswer {
  /** The last status seen, when there was an answer. */
  status?: number;
  /** The body's text (at most `maxBodyBytes`), when `maxBodyBytes` is above 0 and the answer is 200. */
  body?: string;
  /** What went wrong, for the reason shown to the user; undefined on a 200. */
  problem?: string;
}

interface PageRequest {
  /** The step's deadline and cancellation: when it fires, the fetch throws its reason. */
  signal: AbortSignal;
  timeoutMs: number;
  accept?: string;
  /** At most this much of a 200's body is read and returned; 0 (the default): only the status matters. */
  maxBodyBytes?: number;
  /** `false`: a redirect is not followed, its status is the answer (another site's page, by the link check). */
  followRedirects?: boolean;
}

export interface PageFetcher {
  get(url: string, request: PageRequest): Promise<PageAnswer>;
  /** Ends the connections (the front end's, once the step is done). */
  close(): Promise<void>;
}

/** What a page check reports of a redirect it does not follow. */
const OFF_HOST_REDIRECT = 'redirects off the preview host; not followed';

const MAX_REDIRECTS = 5;
/** A body not asked for is drained up to this much (then the connection closes). */
const MAX_DRAINED_BYTES = 64 * 1024;

/**
 * The action's fetcher, through the proxies of the front end's environment (`proxyOptions`:
 * `HTTPS_PROXY`, `NO_PROXY`; unset, undici reads the process's).
 */
export function pageFetcher(userAgent: string, dispatcher?: Dispatcher, proxy?: ProxyOptions): PageFetcher {
  let agent = dispatcher;
  const own = dispatcher === undefined;
  return {
    get: (url, options) => {
      agent ??= new EnvHttpProxyAgent({ ...proxy, connect: { timeout: 10_000 } });
      return fetchPage(url, options, agent, userAgent);
    },
    close: async () => {
      if (own && agent) await agent.close().catch(() => undefined);
    },
  };
}

async function fetchPage(url: string, options: PageRequest, dispatcher: Dispatcher, userAgent: string): Promise<PageAnswer> {
  const { timeoutMs } = options;
  let target = new URL(url);
  for (let redirects = 0; ; redirects += 1) {
    let response: Dispatcher.ResponseData;
    try {
      response = await request(target, {
        method: 'GET',
        headers: { 'user-agent': userAgent, accept: options.accept ?? 'text/html' },
        dispatcher,
        signal: AbortSignal.any([options.signal, AbortSignal.timeout(timeoutMs)]),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (error) {
      if (options.signal.aborted) throw options.signal.reason;
      const code = (error as { code?: string }).code;
      return { problem: `${code ?? 'no answer'}: ${messageOf(error)}` };
    }
    const status = response.statusCode;
    const wanted = status === 200 && (options.maxBodyBytes ?? 0) > 0;
    if (wanted) return readBody(response, options, status);
    await response.body.dump({ limit: MAX_DRAINED_BYTES }).catch(() => undefined);
    const location = response.headers.location;
    if (status >= 300 && status < 400 && options.followRedirects === false) return { status };
    if (status >= 300 && status < 400 && typeof location === 'string' && redirects < MAX_REDIRECTS) {
      const next = URL.canParse(location, target.href) ? new URL(location, target) : undefined;
      if (next?.origin !== target.origin) return { status, problem: OFF_HOST_REDIRECT };
      target = next;
      continue;
    }
    return status === 200 ? { status } : { status, problem: `answered ${status}` };
  }
}

async function readBody(response: Dispatcher.ResponseData, options: PageRequest, status: number): Promise<PageAnswer> {
  try {
    return { status, body: await readBoundedText(response.body, options.maxBodyBytes ?? 0) };
  } catch (error) {
    if (options.signal.aborted) throw options.signal.reason;
    const problem = error instanceof BodyTooLargeError ? error.message : `the body was not read: ${messageOf(error)}`;
    return { status, problem };
  }
}
