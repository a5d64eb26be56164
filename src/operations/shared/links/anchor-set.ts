/**
 * The anchors of a page as the link check keeps them: not their names but a 52-bit hash of each,
 * sorted in one `Float64Array` and looked up by binary search. A crawl keeps the anchors of every
 * page it reads, and a hostile page may hold 50,000 ids of 4 KB each: as hashes, every anchor costs
 * 8 bytes whatever its length or characters, and nothing of the page's text is kept. Two names with
 * the same hash would make a missing anchor look present: about one chance in 10^11 for a page of
 * 50,000 anchors, never a broken link reported that is not. Pure, shared by the parser's worker
 * (which makes the hashes) and the check (which asks them).
 */

/** 2^32, to put the first hash's 20 high bits above the second's 32. */
const TWO_TO_32 = 0x1_0000_0000;

/** Two independent 32-bit hashes of the name's UTF-16 code units, made one 52-bit number. */
export function anchorHash(name: string): number {
  // FNV-1a, and a multiply-xorshift with another constant: each a full pass over the name.
  let first = 0x811c9dc5;
  let second = 0x9747b28c;
  for (let i = 0; i < name.length; i++) {
    const unit = name.charCodeAt(i);
    first = Math.imul(first ^ unit, 0x01000193);
    second = Math.imul(second + unit, 0x9e3779b1);
    second ^= second >>> 15;
  }
  // The length mixed in, then a final mix so that the high bits depend on every unit.
  second = Math.imul(second ^ name.length, 0x85ebca6b);
  second ^= second >>> 13;
  first ^= first >>> 16;
  first = Math.imul(first, 0x2c1b3c6d);
  return (first >>> 12) * TWO_TO_32 + (second >>> 0);
}

/** The hashes of `names`, sorted, each once: what {@link AnchorSet} is made of (and what the worker sends). */
export function anchorHashes(names: Iterable<string>): Float64Array {
  const hashes = Float64Array.from(names, anchorHash).sort();
  let kept = 0;
  for (let i = 0; i < hashes.length; i++) {
    if (i === 0 || hashes[i] !== hashes[kept - 1]) hashes[kept++] = hashes[i]!;
  }
  return kept === hashes.length ? hashes : hashes.slice(0, kept);
}

export class AnchorSet {
  // A field, not a parameter property: this file runs in the parser's worker, whose Node strips types only.
  private readonly hashes: Float64Array;

  /** `hashes` as {@link anchorHashes} makes them: sorted, each once. */
  constructor(hashes: Float64Array) {
    this.hashes = hashes;
  }

  /** Anchors kept (names with the same hash count once). */
  get size(): number {
    return this.hashes.length;
  }

  has(name: string): boolean {
    const hash = anchorHash(name);
    for (let low = 0, high = this.hashes.length - 1; low <= high; ) {
      const middle = (low + high) >>> 1;
      const value = this.hashes[middle]!;
      if (value === hash) return true;
      if (value < hash) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }
}
