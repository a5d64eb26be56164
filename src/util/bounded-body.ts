/** A response body longer than the cap: it is not read further. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`response too large (over ${formatBytes(maxBytes)}); not read further`);
    this.name = 'BodyTooLargeError';
  }
}

/** JSON answers of the service are kilobytes; a command's output can reach megabytes. */
export const MAX_JSON_BODY_BYTES = 32 * 1024 * 1024;

/**
 * A list's pages together: the longest lists (a project's versions) take a few megabytes, and a
 * list's items are all held at once.
 */
export const MAX_LIST_BYTES = 32 * 1024 * 1024;

/**
 * Everything one step reads from a service, every answer of every request: hours of polls and
 * the logs of a dozen builds take a fraction of it. Bodies are not kept, so it bounds the work
 * rather than the memory.
 */
export const MAX_STEP_BYTES = 256 * 1024 * 1024;

/**
 * JSON nodes one answer may hold: its objects, lists and the values in them. Parsed, an empty object
 * takes tens of bytes for the three of its text, so 32 MB of `{},` would take over a gigabyte. The
 * longest answers (a list page of 100 versions or comments, a build's commands) hold a few
 * thousand.
 */
export const MAX_JSON_NODES = 1_000_000;

/**
 * A list's pages together, in JSON nodes: its items are all held at once. The longest real lists
 * (a project's versions, a pull request's comments) hold a few hundred thousand.
 */
export const MAX_LIST_NODES = 2_000_000;

/** An answer of more JSON nodes than allowed: it is not parsed. */
export class TooManyNodesError extends Error {
  constructor(
    readonly maxNodes: number,
    what = 'in one answer',
  ) {
    super(`over ${formatCount(maxNodes)} objects, lists and values ${what}; not parsed`);
    this.name = 'TooManyNodesError';
  }
}

/** `1,000,000`. */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/**
 * About how many nodes a JSON text parses into: every `{`, `[` and `,` outside strings (each value
 * but a container's first follows a comma, so at least half its objects, lists and values). Text
 * inside strings does not count. Linear, on the bytes (no UTF-8 sequence holds an ASCII byte), and
 * it stops counting once past `stopAbove`.
 */
export function countJsonNodes(bytes: Uint8Array, stopAbove = Number.POSITIVE_INFINITY): number {
  let count = 0;
  let inString = false;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index];
    if (inString) {
      if (byte === 0x5c) index++;
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x7b || byte === 0x5b || byte === 0x2c) {
      count++;
      if (count > stopAbove) return count;
    }
  }
  return count;
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

interface ReadableBody extends AsyncIterable<Uint8Array | string> {
  destroy?(error?: Error): unknown;
}

/**
 * Reads a body as UTF-8 text, at most `maxBytes`: a steady endless stream never trips an idle
 * timeout, so the size is what ends it. Past the cap the body is destroyed (the connection closes)
 * and `BodyTooLargeError` is thrown.
 */
export async function readBoundedText(body: ReadableBody, maxBytes: number): Promise<string> {
  return (await readBoundedBytes(body, maxBytes)).toString('utf8');
}

/** `readBoundedText`, as bytes. A web `ReadableStream` is cancelled past the cap. */
export async function readBoundedBytes(body: ReadableBody | ReadableStream<Uint8Array>, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Uint8Array | string>) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    size += buffer.byteLength;
    if (size > maxBytes) {
      const error = new BodyTooLargeError(maxBytes);
      if ('destroy' in body && typeof body.destroy === 'function') body.destroy(error);
      throw error;
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size);
}
