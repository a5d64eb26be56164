/**
 * Helpers that turn untrusted text (project names, file paths, build error messages, API fields)
 * into GitHub-flavoured Markdown that cannot break a table row, open a link, inject HTML or ping
 * people.
 */

import { clipMiddle } from '../util/clip-middle.js';
import { outputTailOf } from '../util/output-tail.js';
import { visibleControls } from '../util/untrusted-text.js';

/**
 * GitHub refuses a comment, issue or pull request body over 65,536 characters (a 422, and the
 * comment stays as it was). Counted here in UTF-16 code units, at least as many as characters, on
 * the body as it is sent: its controls made visible, as src/github/api/rest.ts sends every body.
 */
export const GITHUB_BODY_LIMIT = 65_536;

/** Whether `body` fits in `limit` (GitHub's, by default) once sent, its controls made visible. */
export function fitsGitHubBody(body: string, limit = GITHUB_BODY_LIMIT): boolean {
  return visibleControls(body).length <= limit;
}

/**
 * The characters (code points) a cell of outside text keeps: a path, a link's target, a name in a
 * code span. Past it, the text is cut in its middle (` … `), so that a body of many cells stays
 * bounded whatever the layout that draws them.
 */
export const CELL_LIMIT = 200;

// Characters with a meaning in Markdown; a backslash before any ASCII punctuation makes it literal.
// `:` is included because escaping it stops GitHub from turning `https://…` text into a link.
const MARKDOWN_PUNCTUATION = new Set(['\\', '`', '*', '_', '{', '}', '[', ']', '(', ')', '#', '+', '-', '.', '!', '|', '~', ':']);

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

// C0 controls (except tab and newlines) and DEL never belong in a comment.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const LINE_BREAK = /\r\n|\r|\n|\u2028|\u2029/g;
// An `@name` that GitHub would turn into a mention (and a notification).
const MENTION = /(^|[^A-Za-z0-9_])@(?=[A-Za-z0-9])/g;
const ZERO_WIDTH_SPACE = '\u200B';

/**
 * Escapes text for Markdown, table cells included: punctuation gets a backslash, `& < > " '`
 * become HTML entities, line breaks become `<br>` (the only line break a table cell can hold),
 * control characters are dropped, C1 and bidi controls written as visible escapes (`visibleControls`)
 * and `@mentions` are broken with a zero-width space so that quoted text cannot notify anyone.
 */
export function escapeMarkdown(text: string): string {
  let escaped = '';
  for (const char of visibleControls(text.replace(CONTROL_CHARACTERS, '').replace(LINE_BREAK, '\n'))) {
    if (char === '\n') escaped += '<br>';
    else if (char in HTML_ENTITIES) escaped += HTML_ENTITIES[char];
    else if (MARKDOWN_PUNCTUATION.has(char)) escaped += `\\${char}`;
    else escaped += char;
  }
  return escaped.replace(MENTION, `$1@${ZERO_WIDTH_SPACE}`);
}

/** Escapes text for an HTML context inside Markdown (e.g. `<summary>`), where Markdown escapes would show. */
export function escapeHtml(text: string): string {
  return visibleControls(text.replace(CONTROL_CHARACTERS, '').replace(LINE_BREAK, ' '))
    .replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] ?? char)
    .replace(MENTION, `$1@${ZERO_WIDTH_SPACE}`);
}

/**
 * Returns the URL in a form that is safe as a Markdown link destination, or `undefined` when it is
 * not an absolute http(s) URL. Characters that would end the destination or split a table cell
 * are percent-encoded.
 */
export function safeHttpUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  if ((parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.hostname === '') return undefined;
  return parsed.href.replace(/[()|<>\s"'`\\]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/**
 * A Markdown link to an http(s) URL with escaped text. Any other URL (javascript:, relative,
 * malformed) gives the escaped text alone: a broken or dangerous link is worse than none.
 */
export function markdownLink(text: string, url: string | undefined): string {
  const label = escapeMarkdown(text === '' && url !== undefined ? url : text);
  const destination = safeHttpUrl(url);
  return destination === undefined ? label : `[${label}](${destination})`;
}

/**
 * An inline code span holding `text` verbatim, a cell: past `limit` code points ({@link CELL_LIMIT}
 * by default) cut in its middle (` … `). The fence is longer than any backtick run inside,
 * line breaks become spaces (a code span cannot hold one), and `|` is written `\|` so the span is
 * safe in a table cell, where GitHub shows it as `|`. Pass `{ inTable: false }` outside tables.
 */
export function codeSpan(text: string, options: { inTable?: boolean; limit?: number } = {}): string {
  const clipped = clipMiddle(text, options.limit ?? CELL_LIMIT);
  let content = visibleControls(clipped.replace(CONTROL_CHARACTERS, '').replace(LINE_BREAK, ' '));
  if (options.inTable ?? true) content = content.replace(/\|/g, '\\|');
  if (content === '') return '` `';
  const fence = '`'.repeat(longestBacktickRun(content) + 1);
  // A space on each side keeps a leading/trailing backtick from merging with the fence, and keeps
  // spaces at both ends; Markdown strips one space from each side again.
  const needsPadding = /^`|`$/.test(content) || (/^ [\s\S]* $/.test(content) && content.trim() !== '');
  const padded = needsPadding ? ` ${content} ` : content;
  return `${fence}${padded}${fence}`;
}

/**
 * The end of `text` (build output) for a code block: at most `lines` lines and about `chars`
 * characters, dropped from the top in whole lines so the last line, the decisive one, stays
 * intact. Only a last line longer than `chars` on its own loses its beginning (marked `…`).
 * Control characters go; trailing blank lines too. Linear in the length of `text`.
 */
export function outputTail(text: string, limits: { lines: number; chars: number }): string {
  const lines = visibleControls(text.replace(LINE_BREAK, '\n').replace(CONTROL_CHARACTERS, '')).split('\n');
  // One character of the budget is kept for the `…` of a cut line.
  const tail = outputTailOf(lines.map((line) => line.trimEnd()).join('\n'), { ...limits, chars: limits.chars - 1, wholeLines: true });
  return tail.partial ? `…${tail.text}` : tail.text;
}

/**
 * A fenced code block holding `text` verbatim: the fence is longer than any run of backticks in
 * the text (at least three), so nothing inside can close it. Control characters are dropped, C1 and
 * bidi controls made visible.
 */
export function fencedCode(text: string, language = 'text'): string {
  const content = visibleControls(text.replace(LINE_BREAK, '\n').replace(CONTROL_CHARACTERS, ''));
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(content) + 1));
  return `${fence}${language}\n${content}\n${fence}`;
}

/**
 * The length of the longest run of backticks in `text` (0 when none), the length a fence must
 * exceed. One pass, any length of text: no list of the runs, no spread of one into Math.max.
 */
function longestBacktickRun(text: string): number {
  let longest = 0;
  let run = 0;
  for (let index = 0; index < text.length; index++) {
    run = text.charCodeAt(index) === 96 ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}
