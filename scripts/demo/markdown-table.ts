// The rows of a GitHub Markdown table, for the demo's terminal view and the docs' pictures.

/** A row's cells, trimmed; `\|` is a pipe inside a cell, code spans included (GitHub reads it so first). */
export function splitRow(line: string): string[] {
  const body = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  const cells: string[] = [];
  let cell = '';
  for (let i = 0; i < body.length; i += 1) {
    if (body[i] === '\\' && body[i + 1] === '|') {
      cell += '|';
      i += 1;
    } else if (body[i] === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += body[i];
  }
  cells.push(cell.trim());
  return cells;
}

/** The line under a table's header: `| --- | :---: |`. */
export const isDelimiterRow = (line: string): boolean => /^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line);
