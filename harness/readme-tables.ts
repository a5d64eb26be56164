// The README's inputs and outputs tables, made from action.yml: the inputs most workflows set and
// the outputs they read (the whole reference is docs/inputs.md, harness/inputs-reference.ts).
// test/readme-sync.test.ts checks that the README holds exactly these; `node scripts/readme-tables.ts`
// rewrites them after action.yml changes.
import type { ActionMetadata } from './action-metadata.ts';

export const TABLES = ['inputs', 'outputs'] as const;

/** The inputs most workflows set: the README's table (docs/inputs.md has every one). */
export const README_INPUTS = ['operation', 'project', 'token', 'version', 'timeout', 'base-url'] as const;

/** The outputs most workflows read: the README's table (docs/inputs.md has every one). */
const README_OUTPUTS = ['success', 'state', 'build-url', 'docs-url', 'preview-url', 'results'] as const;
export type TableName = (typeof TABLES)[number];

const beginMarker = (table: TableName) =>
  `<!-- ${table}: generated from action.yml by scripts/readme-tables.ts; checked by test/readme-sync.test.ts -->`;
const endMarker = (table: TableName) => `<!-- end of ${table} -->`;

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** How the README shows an input's default: the value as code, or that there is none. */
export function defaultCell(input: Record<string, string>): string {
  if (input.required === 'true' && input.default === undefined) return '**required**';
  if (input.default === undefined || input.default === '') return '*(empty)*';
  return `\`${cell(input.default)}\``;
}

export function tableMarkdown(meta: ActionMetadata, table: TableName): string {
  if (table === 'inputs') {
    return [
      '| Input | Description | Default |',
      '| --- | --- | --- |',
      ...README_INPUTS.map((name) => meta.inputs[name] ?? {}).map(
        (input, index) => `| \`${README_INPUTS[index]}\` | ${cell(input.description ?? '')} | ${defaultCell(input)} |`,
      ),
    ].join('\n');
  }
  return [
    '| Output | Description |',
    '| --- | --- |',
    ...README_OUTPUTS.map((name) => `| \`${name}\` | ${cell(meta.outputs[name]?.description ?? '')} |`),
  ].join('\n');
}

/** The text between a table's markers in the README, or undefined when the markers are missing. */
export function readmeTable(readme: string, table: TableName): string | undefined {
  const begin = readme.indexOf(beginMarker(table));
  const end = readme.indexOf(endMarker(table));
  if (begin < 0 || end < begin) return undefined;
  return readme.slice(begin + beginMarker(table).length, end).trim();
}

/** The README with both tables replaced by what action.yml says. */
export function withTables(readme: string, meta: ActionMetadata): string {
  let out = readme;
  for (const table of TABLES) {
    const begin = out.indexOf(beginMarker(table));
    const end = out.indexOf(endMarker(table));
    if (begin < 0 || end < begin) throw new Error(`README.md has no ${table} markers: ${beginMarker(table)} … ${endMarker(table)}`);
    out = `${out.slice(0, begin + beginMarker(table).length)}\n\n${tableMarkdown(meta, table)}\n\n${out.slice(end)}`;
  }
  return out;
}

/** The rows of a Markdown table as cells (escaped pipes kept inside their cell). */
export function tableRows(markdown: string): string[][] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((text) => text.trim()),
    );
}

/**
 * `.env.example` with each input's description set to action.yml's: the first line of the comment
 * block just above its `INPUT_<NAME>=` line (a second line may say how to set it locally). An input
 * it does not list yet is added after the one before it in action.yml, commented out with its
 * default (`# INPUT_<NAME>=<default>`), so that a new input needs no edit of the file by hand. Every
 * other line is kept.
 */
export function withEnvDescriptions(example: string, meta: ActionMetadata): string {
  const lines = example.split('\n');
  const isNote = (line: string | undefined) => line?.startsWith('# ') === true && !line.includes('INPUT_');
  const lineOf = (name: string) => lines.findIndex((line) => new RegExp(`^(# )?INPUT_${name.toUpperCase()}=`).test(line));
  let previous = -1;
  for (const [name, input] of Object.entries(meta.inputs)) {
    const description = `# ${(input.description ?? '').replace(/\n/g, ' ')}`;
    let at = lineOf(name);
    if (at < 0) {
      // After the previous input's line, or after the header (the first blank line) for the first.
      const after = previous >= 0 ? previous : lines.indexOf('') - 1;
      lines.splice(after + 1, 0, '', description, `# INPUT_${name.toUpperCase()}=${input.default ?? ''}`);
      at = after + 3;
    }
    let first = at;
    while (first > 0 && isNote(lines[first - 1])) first -= 1;
    if (at > 0 && first < at) lines[first] = description;
    previous = at;
  }
  return lines.join('\n');
}
