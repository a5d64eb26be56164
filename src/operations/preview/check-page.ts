import type { PageFetcher } from '../../readthedocs/page-fetcher.js';
import { retry, type Sleep } from '../../resilience/index.js';

export interface PageCheck {
  ok: boolean;
  /** The last status seen, when there was an answer. */
  status?: number;
  /** What went wrong the last time, for the reason shown to the user. */
  problem?: string;
  attempts: number;
  /** The page's bytes (bounded) when `maxBodyBytes` asked for them and it was read whole... */
  bytes?: Uint8Array;
  /** ...or that it was over `maxBodyBytes`, not read. */
  tooLarge?: true;
  /** Where it was served from, after the redirects followed, and its media type. */
  url?: string;
  contentType?: string;
}

export interface PageCheckOptions {
  /** The context's page fetcher (`ctx.pages`): no token, redirects followed on the page's own origin only. */
  pages: PageFetcher;
  /** The step's deadline and cancellation. */
  signal: AbortSignal;
  attempts: number;
  /** Between attempts: a fresh build's pages can lag behind the build's end (CDN, storage). */
  retryDelayMs: number;
  timeoutMs?: number;
  /** The wait between attempts (the operation's `ctx.sleep`); src/util/abort's `sleep` by default. */
  sleep?: Sleep;
  /** At most this much of the page is read and kept (for the link check, which then fetches it no more); 0: none. */
  maxBodyBytes?: number;
}

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
  const maxBodyBytes = options.maxBodyBytes ?? 0;
  const answer = await options.pages.get(url, {
    signal: options.signal,
    timeoutMs: options.timeoutMs ?? 10_000,
    ...(maxBodyBytes > 0 ? { maxBodyBytes, bytes: true } : {}),
  });
  // A 200 whose body was too large or cut off answers all the same (its body is not kept).
  if (answer.status === 200 && (answer.problem === undefined || maxBodyBytes > 0)) {
    const served = {
      ...(answer.url === undefined ? {} : { url: answer.url }),
      ...(answer.contentType ? { contentType: answer.contentType } : {}),
    };
    const body = answer.bytes === undefined ? (answer.tooLarge ? { tooLarge: true as const } : {}) : { bytes: answer.bytes };
    return { ok: true, status: 200, ...body, ...served };
  }
  return { ok: false, ...(answer.status === undefined ? {} : { status: answer.status }), problem: answer.problem ?? 'did not answer' };
}
