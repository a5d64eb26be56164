import { type Sleep, sleep as realSleep, untilAborted, waitUntil } from '../resilience/index.js';
import { abortReason } from '../util/abort.js';

/**
 * Slots open a little after the window strictly allows: the service counts a request when it
 * arrives, and uneven network delays would otherwise make it see one request too many.
 */
const MARGIN_SHARE = 0.02;
const MARGIN_MAX_MS = 1000;

/**
 * One request budget for everything the step sends to the service, shaped like the service's own
 * throttle (a sliding window: at most `limit` requests in any `windowMs`). Requests wait their turn
 * in order, so concurrent waits share the budget fairly instead of running into 429s.
 */
export class RateBudget {
  private readonly sentAt: number[] = [];
  private pausedUntil = 0;
  private queue: Promise<void> = Promise.resolve();
  private waiting = 0;
  /** How many requests went out, waited for a slot, and were throttled anyway. */
  readonly stats = { sent: 0, delayed: 0, throttled: 0, waitedMs: 0 };

  private readonly marginMs: number;

  constructor(
    private limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
    /** How a request waits for its slot: real time, or a fake clock's in tests. */
    private readonly sleep: Sleep = realSleep,
  ) {
    this.marginMs = Math.min(MARGIN_MAX_MS, Math.round(windowMs * MARGIN_SHARE));
  }

  /** Requests allowed per window now (lowered each time the service throttles anyway). */
  get currentLimit(): number {
    return this.limit;
  }

  /**
   * Waits until a request may go out, then counts it. Rejects as soon as the signal aborts,
   * even while waiting behind others, and then takes no slot.
   */
  acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    this.waiting += 1;
    const turn = this.queue.then(() => this.takeSlot(signal));
    // A cancelled waiter must not block the ones behind it.
    this.queue = turn.catch(() => undefined);
    const settled = untilAborted(turn, signal);
    return settled.finally(() => {
      this.waiting -= 1;
    });
  }

  /**
   * The service throttled us anyway (another user of the token, or a tighter limit than
   * configured): nobody sends before `retryAfterMs` passes, and the budget shrinks a little
   * so that later requests of the step are spaced wider too.
   */
  throttled(retryAfterMs: number): void {
    this.stats.throttled += 1;
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + retryAfterMs);
    this.limit = Math.max(1, Math.floor(this.limit * 0.8));
  }

  /** The steady pace that keeps `consumers` pollers within the budget, in ms between their requests. */
  fairIntervalMs(consumers: number): number {
    return Math.ceil((this.windowMs / this.limit) * Math.max(1, consumers));
  }

  /**
   * When a request asked for now would get its slot (ms epoch, this budget's clock), counting the
   * requests already waiting for one. Pollers look before they ask, to keep clear of a full window.
   */
  nextSlotAt(): number {
    const now = this.now();
    const live = this.sentAt.filter((at) => at > now - this.windowMs);
    const ahead = live.length + this.waiting;
    let at = now;
    if (ahead >= this.limit) {
      const freedBy = ahead - this.limit;
      // Beyond the window's own requests the turn depends on later ones: a window from now at most.
      at = freedBy < live.length ? live[freedBy]! + this.windowMs : now + this.windowMs;
    }
    return Math.max(at, this.pausedUntil);
  }

  /** Requests now queued for a slot (a hint for pollers to back off). */
  get queued(): number {
    return this.waiting;
  }

  private async takeSlot(signal?: AbortSignal): Promise<void> {
    const started = this.now();
    // A millisecond past the moment the slot frees, so that the window no longer counts that request.
    await waitUntil(() => this.freeAt(), { now: this.now, sleep: this.sleep, signal, marginMs: 1 });
    const now = this.now();
    this.sentAt.push(now);
    this.stats.sent += 1;
    const waited = now - started;
    if (waited > 0) {
      this.stats.delayed += 1;
      this.stats.waitedMs += waited;
    }
  }

  /** When the next request may go out (ms epoch): now, or when a slot frees or the pause after a 429 ends. */
  private freeAt(): number {
    const now = this.now();
    while (this.sentAt.length > 0 && this.sentAt[0]! <= now - this.windowMs) this.sentAt.shift();
    return Math.max(
      this.pausedUntil,
      this.sentAt.length >= this.limit ? this.sentAt[this.sentAt.length - this.limit]! + this.windowMs + this.marginMs : now,
    );
  }
}
