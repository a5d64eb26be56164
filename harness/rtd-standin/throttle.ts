// Throttling as the service's DRF throttles do it: a sliding window per token (or per IP when
// anonymous) and a 429 whose Retry-After and message round the wait up to whole seconds.
import { detail } from './replies.ts';
import type { Reply } from './replies.ts';

/** DRF SimpleRateThrottle: a sliding window of request times per key. */
export class Throttle {
  private readonly history = new Map<string, number[]>();

  /** Returns null when allowed (and records the hit), else the wait in seconds. */
  check(key: string, limit: number, windowMs: number, now: number): number | null {
    const list = (this.history.get(key) ?? []).filter((t) => t > now - windowMs);
    if (list.length >= limit) {
      this.history.set(key, list);
      const oldest = list[0] ?? now;
      const remaining = windowMs - (now - oldest);
      const available = limit - list.length + 1;
      return available > 0 ? remaining / available / 1000 : remaining / 1000;
    }
    list.push(now);
    this.history.set(key, list);
    return null;
  }

  reset(): void {
    this.history.clear();
  }
}

export function throttled(waitSeconds: number): Reply {
  const n = Math.max(1, Math.ceil(waitSeconds));
  const unit = n === 1 ? 'second' : 'seconds';
  return detail(429, `Request was throttled. Expected available in ${n} ${unit}.`, { 'retry-after': String(n) });
}
