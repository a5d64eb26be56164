// HTTP plumbing of the stand-in: replies, request log, faults, throttling, pagination.
import { sortKeys } from './model.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
  at: number;
  /** What was answered; 0 when the socket was destroyed without an answer. */
  status: number;
  /** The fault applied to this request, if any. */
  fault?: string;
}

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

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { 'content-type': 'application/json', vary: 'Accept, Cookie', ...headers },
    body: JSON.stringify(sortKeys(body)),
  };
}

export function empty(status: number, headers: Record<string, string> = {}): Reply {
  return { status, headers, body: '' };
}

export function html(status: number, body: string): Reply {
  return { status, headers: { 'content-type': 'text/html; charset=utf-8' }, body };
}

export function detail(status: number, message: string, headers: Record<string, string> = {}): Reply {
  return json(status, { detail: message }, headers);
}

export const DJANGO_404 =
  '<!doctype html>\n<html lang="en">\n<head>\n  <title>Not Found</title>\n</head>\n<body>\n  <h1>Not Found</h1><p>The requested resource was not found on this server.</p>\n</body>\n</html>\n';

export function faultMatches(f: Fault, method: string, path: string, fullPath: string): boolean {
  if (f.method && f.method.toUpperCase() !== method) return false;
  if (f.path === undefined) return true;
  if (typeof f.path === 'string') return path.includes(f.path) || fullPath.includes(f.path);
  f.path.lastIndex = 0;
  if (f.path.test(path)) return true;
  f.path.lastIndex = 0;
  return f.path.test(fullPath);
}

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

/** Query string with parameters sorted by name, as DRF's replace_query_param writes it. */
export function sortedQuery(params: URLSearchParams): string {
  const pairs = [...params.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return new URLSearchParams(pairs).toString();
}

function positiveInt(raw: string | null, strict: boolean): number | null {
  if (raw === null || !/^\s*\d+\s*$/.test(raw)) return null;
  const n = Number.parseInt(raw, 10);
  if (strict && n === 0) return null;
  return n;
}

/** DRF LimitOffsetPagination (default limit 10, no maximum, invalid values fall back silently). */
export function paginate<T>(items: T[], origin: string, path: string, params: URLSearchParams, render: (item: T) => unknown): unknown {
  const limit = positiveInt(params.get('limit'), true) ?? 10;
  const offset = positiveInt(params.get('offset'), false) ?? 0;
  const count = items.length;
  const page = items.slice(offset, offset + limit).map(render);
  const link = (p: URLSearchParams): string => {
    const q = sortedQuery(p);
    return `${origin}${path}${q ? `?${q}` : ''}`;
  };
  let next: string | null = null;
  if (offset + limit < count) {
    const p = new URLSearchParams(params);
    p.set('limit', String(limit));
    p.set('offset', String(offset + limit));
    next = link(p);
  }
  let previous: string | null = null;
  if (offset > 0) {
    const p = new URLSearchParams(params);
    p.set('limit', String(limit));
    if (offset - limit <= 0) p.delete('offset');
    else p.set('offset', String(offset - limit));
    previous = link(p);
  }
  return { count, next, previous, results: page };
}

export function parseBool(raw: string | null): boolean | null {
  if (raw === null) return null;
  const v = raw.toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(v)) return true;
  if (['false', '0', 'no', 'off'].includes(v)) return false;
  return null;
}

/** Parses a JSON or form body; returns an error Reply when it cannot. */
export function parseBody(
  body: string,
  contentType: string | undefined,
): { ok: true; data: Record<string, unknown> } | { ok: false; reply: Reply } {
  if (body.trim() === '') return { ok: true, data: {} };
  const ct = (contentType ?? '').toLowerCase();
  if (ct.includes('application/x-www-form-urlencoded')) {
    return { ok: true, data: Object.fromEntries(new URLSearchParams(body).entries()) };
  }
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      return { ok: false, reply: json(400, { non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] }) };
    }
    return { ok: true, data: parsed as Record<string, unknown> };
  } catch (e) {
    return { ok: false, reply: detail(400, `JSON parse error - ${(e as Error).message}`) };
  }
}
