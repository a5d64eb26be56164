// Fault injection: faults are queued by tests and taken, in order, by the requests they match;
// http.ts applies the one taken (reset, delay, status page, truncated or stalled body, redirect,
// rewritten body).

interface FaultMatch {
  method?: string;
  /** Substring of, or regex on, the path (also tried on path + query). */
  path?: RegExp | string;
  /** Default 1. */
  times?: number;
  /** Skip the first N matching requests. */
  after?: number;
}

export type Fault = FaultMatch &
  (
    | { kind: 'reset' }
    | { kind: 'reset-after-processing' }
    | { kind: 'delay'; ms: number }
    | { kind: 'delay-after-processing'; ms: number }
    | { kind: 'status'; status: number; body?: string; contentType?: string; headers?: Record<string, string> }
    | { kind: 'truncate' }
    /** Processes the request, sends the headers and half the body, then holds the rest for `ms` and resets. */
    | { kind: 'stall-body'; ms: number }
    /** Answers a redirect (Location `location`) without processing the request. */
    | { kind: 'redirect'; location: string; status?: number }
    /** Processes the request and answers with the body passed through `transform` (e.g. a foreign `next` link). */
    | { kind: 'rewrite'; transform: (body: string) => string }
  );

export interface QueuedFault {
  fault: Fault;
  remaining: number;
  seen: number;
}

function faultMatches(f: Fault, method: string, path: string, fullPath: string): boolean {
  if (f.method && f.method.toUpperCase() !== method) return false;
  if (f.path === undefined) return true;
  if (typeof f.path === 'string') return path.includes(f.path) || fullPath.includes(f.path);
  f.path.lastIndex = 0;
  if (f.path.test(path)) return true;
  f.path.lastIndex = 0;
  return f.path.test(fullPath);
}

export class FaultQueue {
  private readonly faults: QueuedFault[] = [];

  add(f: Fault): void {
    this.faults.push({ fault: f, remaining: f.times ?? 1, seen: 0 });
  }

  /** The first queued fault that matches and is due, counted as used; null when none. */
  take(method: string, path: string, fullPath: string): Fault | null {
    for (const q of this.faults) {
      if (q.remaining <= 0 || !faultMatches(q.fault, method, path, fullPath)) continue;
      q.seen++;
      if (q.seen <= (q.fault.after ?? 0)) continue;
      q.remaining--;
      return q.fault;
    }
    return null;
  }
}
