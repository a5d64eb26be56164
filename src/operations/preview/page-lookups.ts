/**
 * Looking up many preview pages at once under one small budget: the changed pages to link and the
 * new addresses `redirect-check` suggests. Every page is asked once, a few at a time; those that
 * may still come (as the caller's `retryIf` says) are asked again together after one wait, not
 * each after its own; a wait that would pass the budget is not taken, and no look-up starts once
 * the budget is spent. So a pull request that moves a whole tree costs seconds, not minutes.
 */
import pLimit from 'p-limit';
import { retry } from '../../resilience/index.js';
import type { OperationContext } from '../types.js';
import { checkPage, type PageCheck } from './check-page.js';

/** Pages looked up at the same time. */
const PAGE_LOOKUP_CONCURRENCY = 4;
/** One look-up's own limit (shortened to what is left of the budget). */
const PAGE_TIMEOUT_MS = 10_000;

export interface PageLookupOptions {
  /** Rounds at most (the first one included). */
  attempts: number;
  /** Whether a page that did not answer 200 is asked again in the next round. */
  retryIf: (check: PageCheck) => boolean;
  /** The time all rounds may take (the step's deadline too). */
  budgetMs: number;
  /**
   * Each page that answers read (at most `maxBodyBytes`) and handed to `page` as it comes, so that
   * the link check fetches it no more; the body is not kept in the look-ups.
   */
  read?: { maxBodyBytes: number; page: (url: string, answer: PageReadAnswer) => Promise<void> };
}

/** A page that answered, as handed on: its body's bytes (or that it was too large), where it was served from, its media type. */
interface PageReadAnswer {
  status: number;
  bytes?: Uint8Array | undefined;
  tooLarge?: true | undefined;
  url?: string | undefined;
  contentType?: string | undefined;
}

export interface PageLookups {
  /** The last look-up of each page asked. */
  checks: Map<string, PageCheck>;
  /** Pages never asked: the budget was spent first. */
  unchecked: string[];
}

export async function lookUpPages(ctx: OperationContext, urls: readonly string[], options: PageLookupOptions): Promise<PageLookups> {
  const checks = new Map<string, PageCheck>();
  const unchecked: string[] = [];
  let pending = [...new Set(urls)];
  if (pending.length === 0 || options.attempts < 1) return { checks, unchecked: pending };
  const endsAt = ctx.now() + Math.min(options.budgetMs, ctx.deadline.remainingMs());
  const budget = { remainingMs: () => Math.max(0, endsAt - ctx.now()) };
  const limit = pLimit(PAGE_LOOKUP_CONCURRENCY);
  const notYet = new Error('not yet');
  try {
    await retry(
      async (round) => {
        const again: string[] = [];
        await limit.map(pending, async (url) => {
          const remainingMs = budget.remainingMs();
          if (remainingMs <= 0) {
            if (!checks.has(url)) unchecked.push(url);
            return;
          }
          const check = await checkPage(url, {
            pages: ctx.pages,
            signal: ctx.deadline.signal,
            attempts: 1,
            retryDelayMs: 0,
            timeoutMs: Math.min(PAGE_TIMEOUT_MS, remainingMs),
            sleep: ctx.sleep,
            ...(options.read ? { maxBodyBytes: options.read.maxBodyBytes } : {}),
          });
          const { bytes, tooLarge, ...looked } = check;
          if (check.ok && options.read) {
            await options.read.page(url, { status: 200, bytes, tooLarge, url: check.url, contentType: check.contentType });
          }
          checks.set(url, { ...looked, attempts: round });
          if (!check.ok && options.retryIf(check)) again.push(url);
        });
        pending = again;
        if (pending.length > 0) throw notYet;
      },
      {
        decide: (error, round) =>
          error === notYet && round < options.attempts ? { retry: true, delayMs: ctx.polling.previewRetryMs } : { retry: false },
        pastDeadline: () => notYet,
      },
      { signal: ctx.deadline.signal, deadline: budget, sleep: ctx.sleep },
    );
  } catch (error) {
    if (error !== notYet) throw error;
  }
  return { checks, unchecked };
}
