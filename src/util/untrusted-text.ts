import { randomBytes } from 'node:crypto';

/**
 * Text from the service, GitHub or a pull request (build output, notifications, names, URLs)
 * must reach the log as text, never as a workflow command. The runner acts on a line that starts
 * with `::` (after leading whitespace) and on the legacy `##[` form anywhere in a line. These are
 * the only functions that print such text; every log call that carries it goes through them.
 */

/** A single-line field longer than this is cut: nothing from outside is printed unbounded. */
const SAFE_LINE_MAX = 2000;

// Control characters (C0 but tab, DEL) and the Unicode line and paragraph separators.
// One character class, no quantifier over a group: linear in the input.
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f\u2028\u2029]/g;

// Every control character but tab and line feed: the rest of C0 (NUL, BEL, CR, and ESC, which starts
// the OSC 8 links and SGR colours a terminal and the log viewer act on), DEL, the C1 controls (a
// terminal acts on CSI, U+009B, as on ESC [; U+0085 breaks a line for some readers), the line and
// paragraph separators, and what reorders what a reader sees: the bidi marks (U+200E, U+200F,
// U+061C), embeddings and overrides (U+202A-U+202E) and isolates (U+2066-U+2069). One character
// class: linear in the input.
const NEUTRALISED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from outside with every control character but tab and line feed written as its visible
 * escape (`\u001b`, `\u202e`): nothing it holds can colour, link, ring, break or reorder what a
 * reviewer reads in the log, an annotation, the job summary, a comment, an issue or the terminal.
 * Everything else is unchanged. The one neutraliser: the Markdown helpers
 * (`src/reporting/markdown.ts`), `safeLine`, the stop-commands blocks, the runner's log, annotations
 * and summary, and the JSON outputs ({@link inertJson}) all pass through it.
 */
export function visibleControls(text: string): string {
  return text.replace(NEUTRALISED, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * `value` as JSON text with none of those characters raw: JSON.stringify escapes C0 controls but
 * leaves DEL, C1, the separators and the bidi controls as they are, and their `\uXXXX` escapes are
 * JSON's own, so the text parses to the same value. The JSON outputs (`results`, `plan`,
 * `variables`) are written so, and `--json` prints `results` as set.
 */
export function inertJson(value: unknown): string {
  return visibleControls(JSON.stringify(value));
}

/**
 * One line of hostile text made inert: C0 controls (line breaks included), DEL and the separators
 * become spaces, C1 and bidi controls their visible escapes ({@link visibleControls}), every `##[` loses its
 * bracket, and the line cannot start with `::`. Cut to `max` characters.
 */
export function safeLine(text: string, max = SAFE_LINE_MAX): string {
  const bounded = text.length > max * 2 ? text.slice(0, max * 2) : text;
  let line = spacedControls(bounded.replace(/\n/g, ' ')).replaceAll('##[', '##(');
  const start = line.length - line.trimStart().length;
  if (line.startsWith('::', start)) line = `${line.slice(0, start)}:\u200b:${line.slice(start + 2)}`;
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * Text whose line feeds stay and whose other C0 controls, DEL and line and paragraph separators
 * become spaces, C1 and bidi controls their visible escapes: what `safeLine` makes of each line, for
 * a reader (the terminal) that compares what it prints with what `safeLine` printed.
 */
export function spacedControls(text: string): string {
  return visibleControls(text.replace(CONTROL, (char) => (char === '\n' ? char : ' ')));
}

/**
 * Lines that print `text` verbatim (but its control characters, made visible), line for line, between `::stop-commands::<token>` and
 * `::<token>::`: the runner acts on nothing in between. The token is random, so the text cannot
 * end the block early; it is drawn again in the (astronomically unlikely) case the text holds it.
 */
export function untrustedBlockLines(text: string): string[] {
  // Line breaks first: a lone CR or a separator left is written visibly, never a line of its own.
  const lines = visibleControls(text.replace(/\r\n?/g, '\n')).split('\n');
  let token = randomBytes(16).toString('hex');
  while (text.toLowerCase().includes(token)) token = randomBytes(16).toString('hex');
  return [`::stop-commands::${token}`, ...lines, `::${token}::`];
}

/**
 * Prints hostile text that may span lines. A single line goes through `safeLine`; several lines
 * go out as one block with command processing stopped, written in one synchronous call so that
 * nothing the action prints itself can fall inside it.
 */
export function printUntrusted(text: string, write: (message: string) => void): void {
  if (!/[\r\n\u2028\u2029]/.test(text)) {
    write(safeLine(text));
    return;
  }
  write(untrustedBlockLines(text).join('\n'));
}
