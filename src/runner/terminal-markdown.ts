import { safeLine } from '../util/untrusted-text.js';

/**
 * The job summary (Markdown the action wrote) shown on a terminal: headings in bold, tables with
 * aligned columns, code blocks indented, links as `text (url)`, HTML tags and Mermaid charts left
 * out. Linear in the text; the text is already free of control characters.
 */
export function markdownForTerminal(markdown: string, style: (text: string, name: 'bold' | 'dim') => string): string[] {
  // Trailing line breaks cut by hand: `/\n+$/` backtracks quadratically over a long run inside the text.
  let end = markdown.length;
  while (end > 0 && markdown[end - 1] === '\n') end -= 1;
  const lines = markdown.slice(0, end).split('\n');
  const out: string[] = [];
  let fence: { marker: string; shown: boolean } | undefined;
  let table: string[][] = [];
  const flushTable = () => {
    if (table.length === 0) return;
    const widths = table[0]!.map((_, column) => table.reduce((widest, row) => Math.max(widest, (row[column] ?? '').length), 0));
    table.forEach((row, index) => {
      const text = row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd();
      out.push(index === 0 ? style(text, 'bold') : text);
    });
    table = [];
  };
  for (const source of lines) {
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
      continue;
    }
    if (line.startsWith('|')) {
      const cells = splitRow(line);
      if (!cells.every((cell) => /^:?-{3,}:?$/.test(cell))) table.push(cells.map(inline));
      continue;
    }
    flushTable();
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      out.push(style(inline(heading[1]!), 'bold'));
      continue;
    }
    const text = inline(line.replace(/<\/?(?:details|summary|br|p|div|sub|sup)\b[^>]*>/gi, ' ').trim());
    if (text !== '' || out.at(-1) !== '') out.push(text);
  }
  flushTable();
  return out;
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

/** Inline Markdown as plain text: links as `text (url)`, emphasis and code marks and escapes removed. */
function inline(text: string): string {
  return text
    .replace(/\[([^\]\n]*)\]\(([^)\s]*)\)/g, (_, label: string, url: string) => (label === url || url === '' ? label : `${label} (${url})`))
    .replace(/\*\*([^*\n]+)\*\*/g, '$1')
    .replace(/`([^`\n]+)`/g, '$1')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1'); // any ASCII punctuation may be escaped (CommonMark)
}
