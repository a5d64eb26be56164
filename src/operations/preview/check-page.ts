import { request, type Dispatcher } from 'undici';
import { retry, type Sleep } from '../../resilience/index.js';

export interface PageCheck {
  ok: boolean;
  /** The last status seen, when there was an answer. */
  status?: number;
  /** What went wrong the last time, for the reason shown to the user. */
  problem?: string;
  attempts: number;
}

export interface PageCheckOptions {
  dispatcher: Dispatcher;
  userAgent: string;
  /** The step's deadline and cancellation. */
  signal: AbortSignal;
  attempts: number;
  /** Between attempts: a fresh build's pages can lag behind the build's end (CDN, storage). */
  retryDelayMs: number;
  timeoutMs?: number;
  /** The wait between attempts (the operation's `ctx.sleep`); src/util/abort's `sleep` by default. */
  sleep?: Sleep;
}

const MAX_REDIRECTS = 5;
/** Only the status matters: at most this much of a page's body is read (then the connection closes). */
const MAX_PAGE_BODY_BYTES = 64 * 1024;

/** What a page check reports of a redirect it does not follow. */
export const OFF_HOST_REDIRECT = 'redirects off the preview host; not followed';

/**
 * Whether `url` answers 200 to a plain GET. It is another host than the service's API, so no
 * token is sent. Redirects are followed on `url`'s own origin only (a preview root may redirect to
 * its language): a page leading to another host (an internal address) is never requested, and is
 * reported as such, so that whether that host answers never shows in the comment.
 */
export async function checkPage(url: string, options: PageCheckOptions): Promise<PageCheck> {
  let last: PageCheck = { ok: false, attempts: 0 };
  if (options.attempts < 1) return last;
  const notYet = new Error('not yet');
  try {
    return await retry(
      async (attempt) => {
        last = { ...(await fetchOnce(url, options)), attempts: attempt };
        if (!last.ok) throw notYet;
        return last;
      },
      {
        decide: (error, attempt) =>
          error === notYet && attempt < options.attempts ? { retry: true, delayMs: options.retryDelayMs } : { retry: false },
      },
      { signal: options.signal, ...(options.sleep ? { sleep: options.sleep } : {}) },
    );
  } catch (error) {
    if (error !== notYet) throw error;
    return last;
  }
}

async function fetchOnce(url: string, options: PageCheckOptions): Promise<Omit<PageCheck, 'attempts'>> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  let target = new URL(url);
  for (let redirects = 0; ; redirects += 1) {
    let response: Dispatcher.ResponseData;
    try {
      response = await request(target, {
        method: 'GET',
        headers: { 'user-agent': options.userAgent, accept: 'text/html' },
        dispatcher: options.dispatcher,
        signal: AbortSignal.any([options.signal, AbortSignal.timeout(timeoutMs)]),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (error) {
      if (options.signal.aborted) throw options.signal.reason;
      const code = (error as { code?: string }).code;
      return { ok: false, problem: `${code ?? 'no answer'}: ${(error as Error).message}` };
    }
    await response.body.dump({ limit: MAX_PAGE_BODY_BYTES }).catch(() => undefined);
    const status = response.statusCode;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && typeof location === 'string' && redirects < MAX_REDIRECTS) {
      const next = URL.canParse(location, target.href) ? new URL(location, target) : undefined;
      if (next?.origin !== target.origin) return { ok: false, status, problem: OFF_HOST_REDIRECT };
      target = next;
      continue;
    }
    return status === 200 ? { ok: true, status } : { ok: false, status, problem: `answered ${status}` };
  }
}
