// Pacing: the requests to one host spaced to a rate on average, a small burst allowed (a token
// bucket per host, in its "theoretical arrival time" form), turns taken in order, and a pause when
// the host asks for one (a `Retry-After`). The clock and the wait are given, so tests run it on a
// fake clock.
import { abortReason } from '../util/abort.js';
import { type Sleep, sleep as realSleep, untilAborted } from './wait.js';

export interface PaceOptions {
  /** Requests a second to one host, on average. */
  perSecond: number;
  /** Requests that may go at once after a quiet moment (at least 1). */
  burst: number;
  now: () => number;
  sleep?: Sleep;
}

/** After a host throttled anyway, its pace slows by this factor... */
const SLOWER = 1.25;
/** ...down to one request in this long at most. */
const SLOWEST_INTERVAL_MS = 2_000;

/** One pace per host (`URL.host`), made on first use. */
export class HostPacer {
  private readonly hosts = new Map<string, Pace>();

  constructor(private readonly options: PaceOptions) {}

  /**
   * Waits for `host`'s next turn and takes it: true. False, taking none, when the turn would come
   * after `notAfter` (on the pacer's clock). Ends with the signal's reason when it aborts.
   */
  turn(host: string, options: { signal?: AbortSignal; notAfter: number }): Promise<boolean> {
    return this.paceOf(host).turn(options.signal, options.notAfter);
  }

  /** Whether `host` is paused now: it throttled a request and the wait it asked for is not over. */
  paused(host: string): boolean {
    return this.hosts.get(host)?.paused() ?? false;
  }

  /** The host throttled a request: nobody sends to it before `pauseMs` has passed, and its pace slows. */
  throttled(host: string, pauseMs: number): void {
    this.paceOf(host).throttled(pauseMs);
  }

  private paceOf(host: string): Pace {
    let pace = this.hosts.get(host);
    if (pace === undefined) {
      pace = new Pace(this.options);
      this.hosts.set(host, pace);
    }
    return pace;
  }
}

class Pace {
  private intervalMs: number;
  private readonly burst: number;
  /** When the bucket would be empty again at the current pace (ms, the pacer's clock). */
  private emptyAt = Number.NEGATIVE_INFINITY;
  private pausedUntil = Number.NEGATIVE_INFINITY;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: PaceOptions) {
    this.intervalMs = 1000 / options.perSecond;
    this.burst = Math.max(1, Math.floor(options.burst));
  }

  turn(signal: AbortSignal | undefined, notAfter: number): Promise<boolean> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    // In order: a turn is decided once the ones before it are.
    const turn = this.queue.then(() => this.take(signal, notAfter));
    this.queue = turn.catch(() => undefined);
    return untilAborted(turn, signal);
  }

  throttled(pauseMs: number): void {
    const now = this.options.now();
    this.intervalMs = Math.min(SLOWEST_INTERVAL_MS, Math.max(this.intervalMs, this.intervalMs * SLOWER));
    this.pausedUntil = Math.max(this.pausedUntil, now + pauseMs);
    // After the pause, one at a time: no burst into a host that just refused.
    this.emptyAt = Math.max(this.emptyAt, this.pausedUntil + (this.burst - 1) * this.intervalMs);
  }

  paused(): boolean {
    return this.pausedUntil > this.options.now();
  }

  /** The moment the next turn may start: the bucket has a token, and no pause holds. */
  private readyAt(): number {
    return Math.max(this.options.now(), this.emptyAt - (this.burst - 1) * this.intervalMs, this.pausedUntil);
  }

  private async take(signal: AbortSignal | undefined, notAfter: number): Promise<boolean> {
    const sleep = this.options.sleep ?? realSleep;
    // Asked again after each wait: a pause may have come meanwhile.
    for (let at = this.readyAt(); at > this.options.now(); at = this.readyAt()) {
      if (at > notAfter) return false;
      await sleep(at - this.options.now(), signal);
    }
    if (this.options.now() > notAfter) return false;
    this.emptyAt = Math.max(this.emptyAt, this.options.now()) + this.intervalMs;
    return true;
  }
}
