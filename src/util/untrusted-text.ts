import { randomBytes } from 'node:crypto';

/**
 * Text from the service, GitHub or a pull request (build output, notifications, names, URLs)
 * must reach the log as text, never as a workflow command. The runner acts on a line that starts
 * with `::` (after leading whitespace) and on the legacy `##[` form anywhere in a line. These are
 * the only functions that print such text; every log call that carries it goes through them.
 */

/** A single-line field longer than this is cut: nothing from outside is printed unbounded. */
const SAFE_LINE_MAX = 2000;

// Control characters (C0 but tab, DEL, C1) and the Unicode line and paragraph separators.
// One character class, no quantifier over a group: linear in the input.
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * One line of hostile text made inert: control characters (line breaks included) become spaces,
 * every `##[` loses its bracket, and the line cannot start with `::`. Cut to `max` characters.
 */
export function safeLine(text: string, max = SAFE_LINE_MAX): string {
  const bounded = text.length > max * 2 ? text.slice(0, max * 2) : text;
  let line = bounded.replace(CONTROL, ' ').replaceAll('##[', '##(');
  const start = line.length - line.trimStart().length;
  if (line.startsWith('::', start)) line = `${line.slice(0, start)}:\u200b:${line.slice(start + 2)}`;
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * Lines that print `text` verbatim, line for line, between `::stop-commands::<token>` and
 * `::<token>::`: the runner acts on nothing in between. The token is random, so the text cannot
 * end the block early; it is drawn again in the (astronomically unlikely) case the text holds it.
 */
export function untrustedBlockLines(text: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
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
