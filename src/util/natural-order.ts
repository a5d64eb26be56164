/**
 * Paths in the order a reader expects: runs of digits compared as numbers (`page-2` before
 * `page-10`), then, for names equal that way, code unit order (so the order never depends on the
 * machine's locale and no two different paths compare equal).
 */
const COLLATOR = new Intl.Collator('en', { numeric: true, sensitivity: 'variant' });

export function naturalCompare(a: string, b: string): number {
  return COLLATOR.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
