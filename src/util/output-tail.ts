/** The end of a build's output, and what was cut to get it. */
export interface Tail {
  /** The kept end of the text (trailing whitespace removed); `''` when the text is blank. */
  text: string;
  /** How many lines came before the kept text; a line cut in its middle counts as one. */
  cutLines: number;
  /** The kept text starts in the middle of a line: a caller marks it (`…`). */
  partial: boolean;
}

/**
 * The end of `text` (a build's output, hostile and possibly huge): at most `lines` lines and at
 * most `chars` characters, so the last line, the decisive one, stays. Lines are dropped from the
 * top whole; when the lines left are still too long, the block keeps its last `chars` characters
 * (`wholeLines`: only a last line too long on its own is cut, otherwise whole lines go).
 * One scan back from the end, a step per kept line: linear in the part kept, plus `trimEnd`.
 */
export function outputTailOf(text: string, limits: { lines: number; chars: number; wholeLines?: boolean }): Tail {
  const trimmed = text.trimEnd(); // not /\s+$/: that backtracks on a long run of spaces
  let start = trimmed.length; // the tail is trimmed.slice(start)
  let kept = 0;
  let partial = false;
  while (start > 0 && kept < limits.lines) {
    // The line before the kept ones ends just before `start` (at its line break, once one is kept).
    const lineEnd = kept === 0 ? start : start - 1;
    const lineStart = lineEnd === 0 ? 0 : trimmed.lastIndexOf('\n', lineEnd - 1) + 1;
    if (trimmed.length - lineStart > limits.chars) {
      const cut = trimmed.length - limits.chars;
      // A cut at the line break before the kept lines (or at their start) keeps whole lines after all.
      if ((kept === 0 || !limits.wholeLines) && cut < lineEnd) {
        start = cut;
        partial = true;
      }
      break;
    }
    start = lineStart;
    kept += 1;
  }
  return { text: trimmed.slice(start), cutLines: start === 0 ? 0 : countBreaks(trimmed, start) + (partial ? 1 : 0), partial };
}

/** Line breaks in `text` before `end`. */
function countBreaks(text: string, end: number): number {
  let count = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < end; index = text.indexOf('\n', index + 1)) count += 1;
  return count;
}
