/**
 * Outputs that would not fit in the runner's limit (`MAX_OUTPUT_LENGTH`) are shortened by rule,
 * never emptied for their size: a JSON list's items keep the first items of their own lists and
 * say how many were left out, a text keeps its beginning and says how much follows. The whole
 * value goes to a file first (`RunnerPort.saveOutput`), whose path the shortened value names.
 */

import { inertJson } from '../util/untrusted-text.js';
import { plural } from '../util/plural.js';

/** A JSON output shortened to fit, and what was left out, in words for the log. */
export interface Fitted {
  text: string;
  leftOut: string;
}

type Item = Record<string, unknown>;

const isItem = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `items` (an output's JSON list: `results`, `plan`, `variables`) in at most `maxLength`
 * characters. Every list inside an item (a result's `pages`, `unredirected`, and below, `links.broken`)
 * keeps its first `cap` items, the largest cap that fits; an item cut so gets `leftOut` (how many each list lost) and
 * `fullOutputFile` (where the whole value is). Only when empty lists do not fit either are items
 * left out, from the end.
 */
export function fitJsonList(items: unknown[], maxLength: number, fullOutputFile: string | undefined): Fitted {
  const render = (cap: number, count: number) => inertJson(items.slice(0, count).map((item) => cappedItem(item, cap, fullOutputFile)));
  let longest = 0;
  for (const item of items) if (isItem(item)) for (const length of listLengths(item)) longest = Math.max(longest, length);
  const fitsWith = (cap: number, count: number) => render(cap, count).length <= maxLength;
  if (fitsWith(0, items.length)) {
    const cap = largest(0, longest, (candidate) => fitsWith(candidate, items.length));
    return { text: render(cap, items.length), leftOut: listsLeftOut(items, cap) };
  }
  const count = largest(0, items.length, (candidate) => fitsWith(0, candidate));
  return {
    text: render(0, count),
    leftOut: `${listsLeftOut(items.slice(0, count), 0)}; the last ${items.length - count} of its ${items.length} items left out`,
  };
}

/**
 * `text` in at most `maxLength` characters: its beginning, then a line (a YAML comment, as
 * `config` is YAML) saying how many characters follow and where the whole text is.
 */
export function fitText(text: string, maxLength: number, fullOutputFile: string | undefined): Fitted {
  const where = fullOutputFile ? `: the whole text is in ${fullOutputFile}` : '';
  // The note's count has at most 16 digits and separators: room kept for the longest.
  const room = `\n# … 9,999,999,999,999,999 more characters left out${where}\n`.length;
  const kept = Math.max(0, maxLength - room);
  const left = text.length - kept;
  const note = `\n# … ${left.toLocaleString('en-US')} more characters left out${where}\n`;
  return { text: `${text.slice(0, kept)}${note}`, leftOut: `its last ${left.toLocaleString('en-US')} characters left out` };
}

/** How deep lists are looked for below an item (`links.broken` is at 2): bounded, as outputs hold hostile values. */
const MAX_LIST_DEPTH = 4;

/** Every list in `item` and in the objects below it (not inside lists), by path (`pages`, `links.broken`). */
function listsOf(item: Item): [path: string, list: unknown[]][] {
  const found: [string, unknown[]][] = [];
  const walk = (object: Item, prefix: string, depth: number) => {
    for (const [key, value] of Object.entries(object)) {
      if (Array.isArray(value)) found.push([`${prefix}${key}`, value]);
      else if (isItem(value) && depth < MAX_LIST_DEPTH) walk(value, `${prefix}${key}.`, depth + 1);
    }
  };
  walk(item, '', 1);
  return found;
}

function listLengths(item: Item): number[] {
  return listsOf(item).map(([, list]) => list.length);
}

/** `object` with each list (at any depth {@link listsOf} walks) past `cap` cut to it, each cut counted in `leftOut` by path. */
function capLists(object: Item, cap: number, leftOut: Record<string, number>, prefix: string, depth: number): Item {
  const capped: Item = {};
  for (const [key, value] of Object.entries(object)) {
    if (Array.isArray(value) && value.length > cap) {
      capped[key] = value.slice(0, cap);
      leftOut[`${prefix}${key}`] = value.length - cap;
    } else if (isItem(value) && depth < MAX_LIST_DEPTH) capped[key] = capLists(value, cap, leftOut, `${prefix}${key}.`, depth + 1);
    else capped[key] = value;
  }
  return capped;
}

/** `item` with each of its lists cut to `cap` items, saying what it lost; as it is when no list is longer. */
function cappedItem(item: unknown, cap: number, fullOutputFile: string | undefined): unknown {
  if (!isItem(item) || listLengths(item).every((length) => length <= cap)) return item;
  const leftOut: Record<string, number> = {};
  const capped = capLists(item, cap, leftOut, '', 1);
  return { ...capped, leftOut, ...(fullOutputFile ? { fullOutputFile } : {}) };
}

/** The items' lists cut to `cap`, in words: "`pages` cut to their first 412 items (4,588 left out)". */
function listsLeftOut(items: unknown[], cap: number): string {
  const lost = new Map<string, number>();
  for (const item of items) {
    if (!isItem(item)) continue;
    for (const [path, list] of listsOf(item)) if (list.length > cap) lost.set(path, (lost.get(path) ?? 0) + list.length - cap);
  }
  const named = [...lost].map(([key, count]) => `\`${key}\` ${count.toLocaleString('en-US')}`).join(', ');
  return named === '' ? 'no list cut' : `lists cut to their first ${plural(cap, 'item')} (left out: ${named})`;
}

/** The largest whole number in [low, high] for which `fits` holds, `fits(low)` being true. */
function largest(low: number, high: number, fits: (candidate: number) => boolean): number {
  let [lo, hi] = [low, high];
  while (lo < hi) {
    const middle = Math.ceil((lo + hi) / 2);
    if (fits(middle)) lo = middle;
    else hi = middle - 1;
  }
  return lo;
}
