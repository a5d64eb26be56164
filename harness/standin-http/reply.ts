// What a stand-in answers, and how tests read its request log: shared by the Read the Docs and the
// GitHub stand-ins (each renders its own service's bodies on top: DRF's, GitHub's).

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The body's bytes, when they are not UTF-8 text (a compressed file): sent instead of `body`. */
  bytes?: Buffer;
}

/** What is sent of a reply. */
export function replyBytes(reply: Reply): Buffer {
  return reply.bytes ?? Buffer.from(reply.body, 'utf8');
}

/** A JSON answer; `contentType` as the service writes it. */
export function jsonReply(status: number, body: unknown, headers: Record<string, string> = {}, contentType = 'application/json'): Reply {
  return { status, headers: { 'content-type': contentType, ...headers }, body: body === undefined ? '' : JSON.stringify(body) };
}

/** How many recorded requests match `method` (`*` for any) and `path` (a substring of, or a pattern on, the path). */
export function countRequests(requests: { method: string; path: string }[], method: string, path: RegExp | string): number {
  const m = method.toUpperCase();
  return requests.filter((r) => {
    if (m !== '*' && r.method !== m) return false;
    if (typeof path === 'string') return r.path.includes(path);
    path.lastIndex = 0;
    return path.test(r.path);
  }).length;
}
