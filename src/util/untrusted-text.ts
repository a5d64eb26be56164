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

// What reorders or hides what a reader sees: the C1 controls (a terminal acts on CSI, U+009B, as on
// ESC [), the bidi marks (U+200E, U+200F, U+061C), embeddings and overrides (U+202A-U+202E) and
// isolates (U+2066-U+2069). One character class: linear in the input.
const REORDERING = /[\u0080-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from outside with every C1 control and bidi control written as its visible escape
 * (`\u202e`), as `--json` writes them: nothing it holds can reorder what a reviewer reads in the
 * job summary, a comment, an issue, an annotation or the terminal. Everything else is unchanged;
 * the Markdown helpers (`src/reporting/markdown.ts`), `safeLine` and the runner's log and summary
 * all pass through it.
 */
export function visibleControls(text: string): string {
  return text.replace(REORDERING, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * One line of hostile text made inert: control characters (line breaks included) become spaces,
 * C1 and bidi controls their visible escapes ({@link visibleControls}), every `##[` loses its
 * bracket, and the line cannot start with `::`. Cut to `max` characters.
 */
export function safeLine(text: string, max = SAFE_LINE_MAX): string {
  const bounded = text.length > max * 2 ? text.slice(0, max * 2) : text;
  let line = visibleControls(bounded.replace(CONTROL, ' ')).replaceAll('##[', '##(');
  const start = line.length - line.trimStart().length;
  if (line.startsWith('::', start)) line = `${line.slice(0, start)}:\u200b:${line.slice(start + 2)}`;
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * Lines that print `text` verbatim (but its C1 and bidi controls, made visible), line for line, between `::stop-commands::<token>` and
 * `::<token>::`: the runner acts on nothing in between. The token is random, so the text cannot
 * end the block early; it is drawn again in the (astronomically unlikely) case the text holds it.
 */
export function untrustedBlockLines(text: string): string[] {
  const lines = visibleControls(text).replace(/\r\n?/g, '\n').split('\n');
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
