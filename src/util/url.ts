/**
 * Percent-encodes one URL path segment (or marker text) strictly: beyond encodeURIComponent,
 * `! ' ( ) *` too, so the result cannot end a Markdown link or an HTML comment early.
 */
export function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}
