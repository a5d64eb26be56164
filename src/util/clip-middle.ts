/**
 * Text shortened in its middle. A reason's end is what decides ("… exited with code 2."), and its
 * beginning says what it is about: what goes is the middle, most often a long command.
 */

/** What stands for the cut. */
const MARK = ' … ';
/** How far from the budget's edge a space is looked for, so that the cut falls between words. */
const WORD_SLACK = 24;

/**
 * `text` in at most `limit` characters (code points): unchanged when it fits, else its beginning
 * and its end (about half of the budget; the beginning takes the rest), joined by ` … `. Each side is cut at a space when
 * one lies within {@link WORD_SLACK} characters of the cut, so no word is split; a single word
 * that long is cut inside. Linear in the text's length.
 */
export function clipMiddle(text: string, limit: number): string {
  // No more UTF-16 units than the limit: no more code points either.
  if (text.length <= limit) return text;
  const characters = [...text];
  if (characters.length <= limit) return text;
  const budget = limit - MARK.length;
  if (budget < 2) return `${characters.slice(0, Math.max(0, limit - 1)).join('')}…`;
  // The end first, about half of the budget; the beginning gets whatever the end left.
  const tail = characters.slice(characters.length - Math.ceil(budget / 2));
  const tailCut = firstSpace(tail, Math.min(tail.length - 2, WORD_SLACK));
  const end = (tailCut === undefined ? tail : tail.slice(tailCut + 1)).join('').trimStart();
  const head = characters.slice(0, budget - [...end].length);
  const headCut = lastSpace(head, Math.max(1, head.length - WORD_SLACK));
  const start = (headCut === undefined ? head : head.slice(0, headCut)).join('').trimEnd();
  return `${start}${MARK}${end}`;
}

/** The index of the last space in `characters` at or after `from`. */
function lastSpace(characters: string[], from: number): number | undefined {
  for (let index = characters.length - 1; index >= from; index -= 1) if (/\s/.test(characters[index]!)) return index;
  return undefined;
}

/** The index of the first space in `characters` at or before `until`. */
function firstSpace(characters: string[], until: number): number | undefined {
  for (let index = 0; index <= until; index += 1) if (/\s/.test(characters[index]!)) return index;
  return undefined;
}
