// Renders what the action prints for a terminal: its workflow commands (`::group::`, `::error::`)
// and its Markdown (the job summary, the PR comment). Small on purpose: it knows the Markdown the
// action writes (headings, tables, code blocks, lists, links, escapes), not all of CommonMark.
import { isDelimiterRow, splitRow } from './markdown-table.ts';

export interface Style {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
  cyan(text: string): string;
}

const ansi = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;

export const COLOURS: Style = {
  bold: ansi(1, 22),
  dim: ansi(2, 22),
  red: ansi(31, 39),
  yellow: ansi(33, 39),
  green: ansi(32, 39),
  cyan: ansi(36, 39),
};

const same = (text: string) => text;
export const PLAIN: Style = { bold: same, dim: same, red: same, yellow: same, green: same, cyan: same };

/** Colours when the output is a terminal that wants them (https://no-color.org). */
export function styleFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): Style {
  return stream.isTTY && !env.NO_COLOR && env.TERM !== 'dumb' ? COLOURS : PLAIN;
}

/** Columns a string takes in a terminal: emoji and East Asian wide characters take two. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text.replace(/\u001b\[[0-9;]*m/g, '')) {
    const code = char.codePointAt(0)!;
    if (code === 0x200b || code === 0xfe0f || (code >= 0x300 && code <= 0x36f) || code === 0x200d) continue;
    width += isWide(code) ? 2 : 1;
  }
  return width;
}

function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0x1f300 && code <= 0x1faff) ||
    // Emoji in the BMP that terminals draw wide (✅ ❌ ⌛ ⏳ ⏹ ❔).
    [0x2705, 0x274c, 0x231b, 0x23f3, 0x23f9, 0x2754, 0x2753, 0x26a0, 0x2139].includes(code)
  );
}

/** Markdown inline text as plain text; links become `text <url>` or, with `links`, footnotes. */
export function renderInline(text: string, style: Style, links?: string[]): string {
  let out = text
    .replace(/<br\s*\/?>/g, ' / ')
    .replace(/`+ ?([^`]+?) ?`+/g, (_, code: string) => `\u0000C${Buffer.from(code).toString('base64')}\u0000`)
    .replace(/\[((?:\\.|[^\]\\])*)\]\(([^)\s]+)\)/g, (_, label: string, url: string) => {
      const shown = unescapeMarkdown(label);
      const target = decodeURI(url);
      if (shown === target) return target;
      if (links) {
        links.push(target);
        return `${shown} [${links.length}]`;
      }
      return `${shown} <${target}>`;
    })
    .replace(/\*\*((?:\\.|[^*])+)\*\*/g, (_, inner: string) => `\u0000B${Buffer.from(inner).toString('base64')}\u0000`);
  out = unescapeMarkdown(out);
  return out.replace(/\u0000([CB])([A-Za-z0-9+/=]*)\u0000/g, (_, kind: string, data: string) => {
    const inner = Buffer.from(data, 'base64').toString('utf8');
    return kind === 'B' ? style.bold(unescapeMarkdown(inner)) : style.cyan(inner.replace(/\\\|/g, '|'));
  });
}

function unescapeMarkdown(text: string): string {
  return text
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\u200b/g, '');
}

/** A Markdown table as aligned columns, headers bold, links as numbered footnotes below it. */
export function renderTable(lines: string[], style: Style): string[] {
  const links: string[] = [];
  const rows = lines
    .filter((line, index) => index !== 1 || !isDelimiterRow(line))
    .map((line) => splitRow(line).map((cell) => renderInline(cell, style, links)));
  const columns = Math.max(...rows.map((row) => row.length));
  const widths = Array.from({ length: columns }, (_, column) => Math.max(...rows.map((row) => displayWidth(row[column] ?? ''))));
  const format = (row: string[]) =>
    row
      .map((cell, column) => cell + ' '.repeat(widths[column]! - displayWidth(cell)))
      .join('  ')
      .trimEnd();
  const [header = [], ...body] = rows;
  const out = [style.bold(format(header)), style.dim(widths.map((width) => '─'.repeat(width)).join('  ')), ...body.map(format)];
  for (const [index, url] of links.entries()) out.push(style.dim(`  [${index + 1}] ${url}`));
  return out;
}

/** The job summary (or a PR comment) for a terminal. */
export function renderMarkdown(markdown: string, style: Style): string {
  const out: string[] = [];
  const lines = markdown.replace(/<!--[\s\S]*?-->/g, '').split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const fence = /^(`{3,}|~{3,})/.exec(line);
    if (fence) {
      const block: string[] = [];
      for (i += 1; i < lines.length && !lines[i]!.startsWith(fence[1]!); i += 1) block.push(lines[i]!);
      out.push(...block.map((text) => style.dim('  │ ') + text));
      continue;
    }
    if (line.trimStart().startsWith('|')) {
      const table: string[] = [];
      for (; i < lines.length && lines[i]!.trimStart().startsWith('|'); i += 1) table.push(lines[i]!);
      i -= 1;
      out.push(...renderTable(table, style));
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const text = renderInline(heading[2]!, style);
      out.push(style.bold(heading[1]!.length <= 2 ? text.toUpperCase() : text));
      continue;
    }
    const summary = /<summary>(.*)<\/summary>/.exec(line);
    if (summary) {
      out.push(style.bold(`▸ ${renderInline(summary[1]!, style)}`));
      continue;
    }
    if (/^\s*<\/?details>\s*$/.test(line)) continue;
    const item = /^(\s*)[-*]\s+(.*)$/.exec(line);
    if (item) {
      out.push(`${item[1]}  • ${renderInline(item[2]!, style)}`);
      continue;
    }
    out.push(renderInline(line, style));
  }
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\s*\n|\s+$/g, '');
}

/** Unescapes a workflow command's data or property (the runner's `%0A`, `%3A`... encoding). */
function commandText(text: string): string {
  return text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
}

/**
 * One line of the action's stdout as the runner would show it: groups as headings, annotations
 * coloured with their title, masks and debug lines hidden (undefined: print nothing).
 */
export function renderLogLine(line: string, style: Style, options: { debug?: boolean } = {}): string | undefined {
  const command = /^::([a-z-]+)( [^:]*)?::(.*)$/.exec(line);
  if (!command) return line;
  const [, name, properties = '', data = ''] = command;
  const title = /(?:^| |,)title=([^,]*)/.exec(properties)?.[1];
  const text = commandText(data);
  const file = /(?:^| |,)file=([^,]*)/.exec(properties)?.[1];
  const lineNumber = /(?:^| |,)line=([^,]*)/.exec(properties)?.[1];
  const where = file ? ` (${commandText(file)}${lineNumber ? `:${commandText(lineNumber)}` : ''})` : '';
  const headed = (label: string) => `${label}${title ? `: ${commandText(title)}` : ''}${where}`;
  switch (name) {
    case 'group':
      return style.bold(`▼ ${text}`);
    case 'endgroup':
      return undefined;
    case 'add-mask':
      return style.dim('(a secret is masked from here on)');
    case 'set-output':
    case 'save-state':
      return undefined;
    case 'debug':
      // The runner shows these only with step debug logging on (ACTIONS_STEP_DEBUG).
      return options.debug ? style.dim(`[debug] ${text}`) : undefined;
    case 'error':
      return `${style.red(style.bold(headed('Error')))}\n${indent(text)}`;
    case 'warning':
      return `${style.yellow(style.bold(headed('Warning')))}\n${indent(text)}`;
    case 'notice':
      return `${style.cyan(style.bold(headed('Notice')))}\n${indent(text)}`;
    default:
      return style.dim(line);
  }
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}
