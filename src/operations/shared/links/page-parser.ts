/**
 * The link check's pages read off the main thread: one worker (parse-worker.ts), started on the
 * first page and given one page at a time, its bytes transferred. A page is read under a CPU budget
 * (the worker stops itself past it), a time limit (the worker is ended: a starved or stuck one
 * too) and the step's signal (its deadline, SIGINT, SIGTERM: the worker is ended at once and the
 * signal's reason thrown). The main thread stays free meanwhile, so the step's deadline, its
 * signals and its report on GitHub keep their time whatever a page holds. The worker's heap is
 * bounded (`resourceLimits`): a page that would take more ends it, and is cut short like one
 * over its budget. A worker that ended is started again for the next page.
 */
import { Worker } from 'node:worker_threads';
import { abortReason } from '../../../util/abort.js';
import type { PageLinks } from './html-links.js';
import type { ParseReply, ParseRequest } from './parse-messages.js';

/** A page read (its links, the hashes of its anchors), or why it was cut short. */
export type ParseOutcome = { page: PageLinks } | { cut: ParseCut };

/** The CPU budget ran out (`budget`), the time limit (`time`), the worker's heap (`memory`), or the reading failed (`error`). */
export type ParseCut = 'budget' | 'time' | 'memory' | 'error';

/**
 * CPU time one page may take, decoding included: the tokenizer reads 4 MB in about half a second,
 * whatever the page's nesting.
 */
const PAGE_CPU_BUDGET_MS = 5_000;
/** Real time one page may take once it is the worker's: a starved worker on a busy machine ends too. */
const PAGE_TIME_LIMIT_MS = 30_000;
/**
 * The worker's heap: a 4-MB page decoded is 8 MB at most (UTF-16), what is read of it far less. A
 * small young generation keeps the garbage of a reading from growing the process's memory.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 4, stackSizeMb: 4 };

/**
 * Where the worker is, beside this module as it runs: `parse-worker.ts` from the sources (Node
 * strips its types), `parse-worker.js` from lib/ and in dist/action/, where `npm run build` bundles
 * it on its own (the name is computed, so that the bundler leaves it as it is).
 */
const WORKER_URL = new URL(`./parse-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

export interface ParseOptions {
  /** The step's deadline and cancellation: the reading ends with its reason. */
  signal: AbortSignal;
  /** CPU time this page may take (default {@link PAGE_CPU_BUDGET_MS}). */
  cpuBudgetMs?: number;
  /** Real time it may take once started (default {@link PAGE_TIME_LIMIT_MS}). */
  timeLimitMs?: number;
}

export class PageParser {
  private worker: Worker | undefined;
  private nextId = 0;
  /** The pages given to a worker and not answered yet, with the worker that has them. */
  private readonly waiting = new Map<number, { worker: Worker; answer: (reply: ParseReply | { cut: ParseCut }) => void }>();
  private queue: Promise<unknown> = Promise.resolve();

  /** The links and anchors of a page's bytes (UTF-8), one page at a time; throws the signal's reason when it aborts. */
  parse(bytes: Uint8Array, options: ParseOptions): Promise<ParseOutcome> {
    const turn = this.queue.then(() => this.parseNow(bytes, options));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  /** Ends the worker (it is started again if another page comes). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private parseNow(bytes: Uint8Array, options: ParseOptions): Promise<ParseOutcome> {
    const { signal } = options;
    if (signal.aborted) return Promise.reject(abortReason(signal));
    const worker = this.started();
    const id = this.nextId++;
    const limit = AbortSignal.any([signal, AbortSignal.timeout(options.timeLimitMs ?? PAGE_TIME_LIMIT_MS)]);
    return new Promise<ParseOutcome>((resolve, reject) => {
      const settle = () => {
        limit.removeEventListener('abort', onLimit);
        this.waiting.delete(id);
        if (this.waiting.size === 0) this.worker?.unref();
      };
      const onLimit = () => {
        settle();
        // Ended where it is: whatever the page holds, the worker takes no more time.
        void this.close();
        if (signal.aborted) reject(abortReason(signal));
        else resolve({ cut: 'time' });
      };
      limit.addEventListener('abort', onLimit, { once: true });
      this.waiting.set(id, {
        worker,
        answer: (reply) => {
          settle();
          resolve('page' in reply ? { page: reply.page } : { cut: reply.cut });
        },
      });
      // While a page is read, the worker keeps the process alive; idle, it does not.
      worker.ref();
      // The bytes are moved, not copied: a view of a larger buffer is copied first (only a whole buffer moves).
      const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
      const request: ParseRequest = { id, bytes: owned, cpuBudgetMs: options.cpuBudgetMs ?? PAGE_CPU_BUDGET_MS };
      worker.postMessage(request, [owned.buffer as ArrayBuffer]);
    });
  }

  private started(): Worker {
    if (this.worker !== undefined) return this.worker;
    const worker = new Worker(WORKER_URL, { resourceLimits: WORKER_LIMITS });
    worker.unref();
    worker.on('message', (reply: ParseReply) => this.waiting.get(reply.id)?.answer(reply));
    // Out of memory (its heap's limit) or failed: every page it held is cut short, and the next page starts another.
    const lost = (cut: ParseCut) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiting of [...this.waiting.values()]) if (waiting.worker === worker) waiting.answer({ cut });
    };
    worker.on('error', (error: Error & { code?: string }) => lost(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'error'));
    worker.on('exit', () => lost('error'));
    this.worker = worker;
    return worker;
  }
}
