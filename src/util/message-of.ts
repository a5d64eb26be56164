/** What a thrown value says: an `Error`'s message, anything else as text (a `throw 'x'` too). */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
