// Renders what the action prints for a terminal: its workflow commands (`::group::`, `::error::`)
// and its Markdown (the job summary, the PR comment). marked parses the Markdown (as GitHub reads
// it: tables, escapes, code spans, autolinks); the rendering for a terminal is ours: headings,
// aligned tables with links as footnotes, code blocks, lists, `<details>` as a titled list.
import { Lexer, type Token, type Tokens } from 'marked';

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

/** The entities the action writes, as text; zero-width spaces (that keep `@` from mentioning) left out. */
function plainText(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\u200b/g, '');
}

/** Inline tokens as text: bold stays bold, code cyan; links become `text <url>` or, with `links`, footnotes. */
function inlineText(tokens: Token[] | undefined, style: Style, links?: string[]): string {
  let out = '';
  for (const token of (tokens ?? []) as Tokens.Generic[]) {
    switch (token.type) {
      case 'codespan':
        out += style.cyan(token.text);
        break;
      case 'strong':
        out += style.bold(inlineText(token.tokens, style, links));
        break;
      case 'br':
        out += '\n';
        break;
      case 'html':
        out += /^<br\s*\/?>$/i.test(token.text) ? ' / ' : token.text;
        break;
      case 'checkbox':
        out += token.checked ? '[x] ' : '[ ] ';
        break;
      case 'link': {
        const shown = inlineText(token.tokens, style, links);
        const target = decodeURI(token.href);
        if (shown === target) out += target;
        else if (links) {
          links.push(target);
          out += `${shown} [${links.length}]`;
        } else out += `${shown} <${target}>`;
        break;
      }
      default: // text, an escaped character, emphasis, strikethrough, an image's text
        out += token.tokens ? inlineText(token.tokens, style, links) : plainText(token.text ?? '');
    }
  }
  return out;
}

/** Markdown inline text as plain text; links become `text <url>` or, with `links`, footnotes. */
export function renderInline(text: string, style: Style, links?: string[]): string {
  return inlineText(Lexer.lexInline(text), style, links);
}

function tableLines(table: Tokens.Table, style: Style): string[] {
  const links: string[] = [];
  const rows = [table.header, ...table.rows].map((cells) => cells.map((cell) => inlineText(cell.tokens, style, links)));
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

/** A Markdown table as aligned columns, headers bold, links as numbered footnotes below it. */
export function renderTable(lines: string[], style: Style): string[] {
  const table = new Lexer().lex(lines.join('\n')).find((token): token is Tokens.Table => token.type === 'table');
  return table ? tableLines(table, style) : lines.map((line) => renderInline(line, style));
}

/** Raw HTML as the action writes it: `<details>` dropped, `<summary>` a bold title, other lines as text. */
function htmlLines(html: string, style: Style): string[] {
  const out: string[] = [];
  for (const line of html.replace(/\n$/, '').split('\n')) {
    const summary = /<summary>(.*)<\/summary>/.exec(line);
    if (summary) out.push(style.bold(`▸ ${renderInline(summary[1]!, style)}`));
    else if (!/^\s*<\/?details>\s*$/.test(line)) out.push(renderInline(line, style));
  }
  return out;
}

function blockLines(tokens: Token[], style: Style, indent = ''): string[] {
  const out: string[] = [];
  for (const token of tokens as Tokens.Generic[]) {
    switch (token.type) {
      case 'space':
        out.push('');
        break;
      case 'heading': {
        const text = inlineText(token.tokens, style);
        out.push(style.bold(token.depth <= 2 ? text.toUpperCase() : text));
        break;
      }
      case 'code':
        out.push(...token.text.split('\n').map((line: string) => style.dim('  │ ') + line));
        break;
      case 'table':
        out.push(...tableLines(token as Tokens.Table, style));
        break;
      case 'html':
        out.push(...htmlLines(token.text, style));
        break;
      case 'list':
        for (const item of (token as Tokens.List).items) {
          const [first = '', ...rest] = blockLines(item.tokens, style, `${indent}  `);
          out.push(`${indent}  • ${first.trimStart()}`, ...rest);
        }
        break;
      case 'blockquote':
        out.push(...blockLines(token.tokens ?? [], style).map((line) => `> ${line}`));
        break;
      case 'hr':
        out.push(style.dim('───'));
        break;
      case 'def':
        break;
      default: // paragraph, the text of a list item
        out.push(...inlineText(token.tokens ?? [token], style).split('\n'));
    }
  }
  return out;
}

/** The job summary (or a PR comment) for a terminal. */
export function renderMarkdown(markdown: string, style: Style): string {
  return blockLines(new Lexer().lex(markdown.replace(/<!--[\s\S]*?-->/g, '')), style)
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
