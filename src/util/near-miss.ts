// "Did you mean": the known name a mistyped one most likely stands for (an input given as
// `link_check`, an option `--link_check`, a project file's `langauge`). Names can come from a pull
// request's file: only short ones are compared, so the work stays bounded whatever the text.

/** Names longer than this are never compared (a key of a hostile file can be megabytes). */
const MAX_NAME = 64;

/** `link_check`, `LINK-CHECK` and `linkCheck` are one spelling: lower case, no separators. */
const plain = (name: string) => name.toLowerCase().replace(/[-_\s]/g, '');

/**
 * The candidate `name` most likely stands for: one spelled the same but for case and separators,
 * else the nearest within a small edit distance (one edit for short names, two from eight
 * characters; a swap of two neighbours is one edit). Undefined when none is near, or when a tie
 * leaves it unclear.
 */
export function nearMiss(name: string, candidates: readonly string[]): string | undefined {
  if (name.length === 0 || name.length > MAX_NAME) return undefined;
  const wanted = plain(name);
  const same = candidates.filter((candidate) => plain(candidate) === wanted && candidate !== name);
  if (same.length === 1) return same[0];
  const allowed = wanted.length >= 8 ? 2 : 1;
  let best: string | undefined;
  let bestDistance = allowed + 1;
  let tie = false;
  for (const candidate of candidates) {
    if (candidate === name || candidate.length > MAX_NAME) continue;
    const other = plain(candidate);
    // The distance is at least the difference in length: most names need no table at all.
    if (Math.abs(other.length - wanted.length) > allowed) continue;
    const distance = editDistance(wanted, other);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
      tie = false;
    } else if (distance === bestDistance) {
      tie = true;
    }
  }
  return best !== undefined && !tie ? best : undefined;
}

/** " (did you mean `x`?)" for a message, or nothing. */
export function didYouMean(name: string, candidates: readonly string[], quote: (name: string) => string = (n) => `\`${n}\``): string {
  const near = nearMiss(name, candidates);
  return near === undefined ? '' : ` (did you mean ${quote(near)}?)`;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j += 1) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
    }
  }
  return rows[a.length]![b.length]!;
}
