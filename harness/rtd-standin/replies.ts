// What the stand-in answers: JSON with sorted keys as the service renders it, DRF's `detail`
// errors, Django's HTML 404, and the body parsing DRF does before a handler sees the fields.
import { jsonReply, type Reply } from '../standin-http/reply.ts';
import { sortKeys } from './model.ts';

export type { Reply } from '../standin-http/reply.ts';

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return jsonReply(status, sortKeys(body), { vary: 'Accept, Cookie', ...headers });
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
