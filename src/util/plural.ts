/**
 * A count and its noun in the reader's grammar: `1 page`, `2 pages`, never `page(s)`. One helper
 * for every message the action writes (statuses, the log, the comment, the issue).
 */

/** `one` for a count of one, `many` (`one` and an `s` unless given) for any other, zero included: a noun, or a verb (`was`/`were`). */
export function forCount(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}

/** `1 page`, `0 pages`, `2 addresses` (with `many`). */
export function plural(count: number, noun: string, many?: string): string {
  return `${count} ${forCount(count, noun, many)}`;
}
