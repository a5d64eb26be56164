/** What a thrown value says: an `Error`'s message, anything else as text (a `throw 'x'` too). */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * "`what` could not be read (why)": the one way a failed read is said, before what is done
 * instead ("…: its default branch is taken from the event").
 */
export function notRead(what: string, error: unknown): string {
  return `${what} could not be read (${messageOf(error)})`;
}
