import { safeLine } from '../util/untrusted-text.js';

/** The width a table is fitted to when the terminal does not tell its own. */
export const DEFAULT_WIDTH = 100;

/**
 * The job summary (Markdown the action wrote) shown on a terminal as plain text: headings in bold,
 * tables with aligned columns (one `Column: value` line each when they are wider than `width`), code
 * blocks indented, links as `text (url)`, Markdown escapes and HTML entities decoded, HTML tags and
 * Mermaid charts left out (with the heading that announced a chart). Linear in the text; the text
 * is already free of control characters. A table's link to a URL in `told` (printed elsewhere on
 * the terminal) is its text alone, or nothing when its text is the URL: each URL once.
 */
export function markdownForTerminal(
  markdown: string,
  style: (text: string, name: 'bold' | 'dim') => string,
  width = DEFAULT_WIDTH,
  told: ReadonlySet<string> = new Set(),
): string[] {
  // Trailing line breaks cut by hand: `/\n+$/` backtracks quadratically over a long run inside the text.
  let end = markdown.length;
  while (end > 0 && markdown[end - 1] === '\n') end -= 1;
  const lines = markdown.slice(0, end).split('\n');
  const out: string[] = [];
  let fence: { marker: string; shown: boolean } | undefined;
  let table: string[][] = [];
  const flushTable = () => {
    if (table.length === 0) return;
    table = withoutEmptyColumns(table);
    const widths = table[0]!.map((_, column) => table.reduce((widest, row) => Math.max(widest, (row[column] ?? '').length), 0));
    if (widths.reduce((sum, w) => sum + w + 2, -2) > width) {
      // Too wide for the terminal: each row as `Column: value` lines, a blank line between rows.
      const [header = [], ...rows] = table;
      rows.forEach((row, index) => {
        if (index > 0) out.push('');
        row.forEach((cell, column) => {
          if (cell !== '') out.push(`${style(`${header[column] ?? ''}:`, 'bold')} ${cell}`);
        });
      });
      table = [];
      return;
    }
    table.forEach((row, index) => {
      const text = row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd();
      out.push(index === 0 ? style(text, 'bold') : text);
    });
    table = [];
  };
  for (const [index, source] of lines.entries()) {
    // Hostile text (a reason quoting build output) is in the summary too: no line starts with `::`.
    const line = safeLine(source, Number.MAX_SAFE_INTEGER);
    if (fence) {
      if (line.startsWith(fence.marker) && line.slice(fence.marker.length).trim() === '') fence = undefined;
      else if (fence.shown) out.push(`    ${line}`);
      continue;
    }
    const opening = /^(`{3,}|~{3,})\s*([\w-]*)/.exec(line);
    if (opening) {
      flushTable();
      fence = { marker: opening[1]!, shown: opening[2] !== 'mermaid' };
      // A chart is left out, and so is the heading that announced it (and the blank line between).
      if (!fence.shown) dropHeading(out, lines[index - 1] === '' ? lines[index - 2] : lines[index - 1]);
      continue;
    }
    if (line.startsWith('|')) {
      const cells = splitRow(line);
      if (!cells.every((cell) => /^:?-{3,}:?$/.test(cell))) table.push(cells.map((cell) => inline(cell, told)));
      continue;
    }
    flushTable();
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      out.push(style(inline(heading[1]!), 'bold'));
      continue;
    }
    // A quote's `>` marks go too: the terminal shows the note as a paragraph.
    const text = inline(
      line
        .replace(/^(?:>\s?)+/, '')
        .replace(/<\/?(?:details|summary|br|p|div|sub|sup)\b[^>]*>/gi, ' ')
        .trim(),
    );
    if (text !== '' || out.at(-1) !== '') out.push(text);
  }
  flushTable();
  return out;
}

/** The table without the columns (the first kept) that no row below the header has a value in. */
function withoutEmptyColumns(table: string[][]): string[][] {
  const [header = [], ...rows] = table;
  const kept = header.map((_, column) => column === 0 || rows.some((row) => (row[column] ?? '') !== ''));
  return table.map((row) => row.filter((_, column) => kept[column] ?? true));
}

/** Removes the line just printed for `before` (a heading or a bold line, and a blank line after it). */
function dropHeading(out: string[], before: string | undefined): void {
  if (before === undefined || !/^(#{1,6}\s|\*\*.*\*\*$)/.test(before.trim())) return;
  if (out.at(-1) === '') out.pop();
  out.pop();
}

/** A table row's cells, `\|` kept inside a cell. */
function splitRow(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  for (let i = 1; i < line.length; i += 1) {
    const char = line[i]!;
    if (char === '\\' && line[i + 1] === '|') {
      cell += '|';
      i += 1;
    } else if (char === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  if (cell.trim() !== '') cells.push(cell.trim());
  return cells;
}

/** A backslash escape (any ASCII punctuation, CommonMark) or an entity (the summary writes `&`, `<`, `>`, `"` and `'` as entities). */
const ESCAPE_OR_ENTITY = /\\([!-/:-@[-`{-~])|&(#[0-9]{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,6});/gi;

/** Escapes and entities decoded, once: `&amp;lt;` stays `&lt;` as written. */
function decoded(text: string): string {
  return text.replace(ESCAPE_OR_ENTITY, (whole, escaped: string | undefined, entity: string | undefined) =>
    escaped !== undefined ? escaped : decodeEntity(entity ?? '', whole),
  );
}

/**
 * Inline Markdown as plain text: links as `text (url)` (the URL once when it is the text; not at
 * all when it is in `told`), emphasis and code marks and escapes removed. Escapes and code spans in
 * one pass, left to right, so that an escaped backtick (`\``) opens no code span.
 */
function inline(text: string, told?: ReadonlySet<string>): string {
  return text
    .replace(/\[([^\]\n]*)\]\(([^)\s]*)\)/g, (_, label: string, url: string) => {
      if (told?.has(url)) return decoded(label) === url ? '' : label;
      return decoded(label) === url || url === '' ? label : `${label} (${url})`;
    })
    .replace(/\*\*([^*\n]+)\*\*/g, '$1')
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(
      /\\([!-/:-@[-`{-~])|`([^`\n]+)`|&(#[0-9]{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,6});/gi,
      (whole, escaped: string | undefined, code: string | undefined, entity: string | undefined) =>
        escaped !== undefined ? escaped : code !== undefined ? decoded(code.replace(/\\\|/g, '|')) : decodeEntity(entity ?? '', whole),
    );
}

/** What an entity must not bring back: DEL and C1 controls, line and paragraph separators, bidi marks and overrides. */
const UNSAFE_DECODED = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** `&name;` or `&#N;` as its character; unknown names and code points out of range stay as written. */
function decodeEntity(entity: string, whole: string): string {
  if (entity.startsWith('#')) {
    const code = entity[1] === 'x' || entity[1] === 'X' ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10);
    // No control character comes back this way (the text reaches a terminal).
    if (!(code >= 0x20 && code <= 0x10ffff) || (code >= 0xd800 && code <= 0xdfff)) return whole;
    const char = String.fromCodePoint(code);
    return UNSAFE_DECODED.test(char) ? whole : char;
  }
  return NAMED_ENTITIES[entity.toLowerCase()] ?? whole;
}
