import { tmpdir } from 'node:os';
import { INPUT_NAMES } from '../inputs/inputs.js';
import { safeLine, spacedControls } from '../util/untrusted-text.js';
import { saveOutputFile } from './output-file.js';
import type { Annotation, FailureKind, RunnerLog, RunnerPort } from './port.js';
import { DEFAULT_WIDTH, markdownForTerminal } from './terminal-markdown.js';

/** Where the terminal adapter writes: a stream and whether it may colour it. */
interface TerminalStream {
  write(text: string): unknown;
  isTTY?: boolean;
  /** The terminal's width, when it is one. */
  columns?: number;
}

export interface TerminalOptions {
  /** The log, the summary and (without `json`) everything else. */
  out: TerminalStream;
  /** With `json`, the log goes here and `out` gets only the `results` output. */
  err: TerminalStream;
  env: NodeJS.ProcessEnv;
  /** The inputs as the command line gave them (the token included). */
  inputs: Record<string, string>;
  /** Print only the `results` output on `out`; the log goes to `err`. */
  json: boolean;
  /** Print debug lines too. */
  verbose: boolean;
}

/** A terminal's port with what the command line reads at the end: the exit code and the `results` output. */
export interface TerminalPort extends RunnerPort {
  /** 0 when the step ended green, 1 when a project is not, 2 for a usage error (an input refused). */
  exitCode(): number;
  /** Prints what comes at the end: the summary, or with `json` the `results` output. */
  finish(): void;
}

const STYLES = { bold: [1, 22], dim: [2, 22], red: [31, 39], yellow: [33, 39], cyan: [36, 39] } as const;
type Style = keyof typeof STYLES;

/**
 * Colours only on a terminal, and never with `NO_COLOR` set to anything but empty
 * (https://no-color.org).
 */
function useColour(stream: TerminalStream, env: NodeJS.ProcessEnv): boolean {
  return stream.isTTY === true && !env.NO_COLOR;
}

/** The width tables are fitted to: the terminal's, else COLUMNS, else {@link DEFAULT_WIDTH}. */
function terminalWidth(stream: TerminalStream, env: NodeJS.ProcessEnv): number {
  const columns = stream.columns ?? Number.parseInt(env.COLUMNS ?? '', 10);
  return Number.isInteger(columns) && columns >= 20 ? columns : DEFAULT_WIDTH;
}

/** An input as the terminal gives it: its option, and for a token the environment variable too. */
function optionOf(name: string): string {
  if (name === 'token') return '`--token` (or READTHEDOCS_TOKEN)';
  if (name === 'github-token') return '`--github-token` (or GITHUB_TOKEN)';
  return `\`--${name}\``;
}

/**
 * The action's messages in a terminal's words: an input is its option (`--timeout`, not "input
 * `timeout`"), a token also its environment variable, and nothing is "on the runner".
 */
function inTerminalWords(text: string): string {
  return text
    .replace(/\b[Ii]nput `([a-z-]+)`/g, (whole, name: string) =>
      (INPUT_NAMES as readonly string[]).includes(name) ? optionOf(name) : whole,
    )
    .replace(/(?<![\w-])`github-token`/g, optionOf('github-token'))
    .replace(/ on the runner\b/g, '');
}

/** What the terminal's log writes through: every line masked, cleaned, indented in a group, styled on a terminal. */
interface Writer {
  /** The secrets replaced by `***`. */
  masked(text: string): string;
  /** Masked, and without control characters: what may reach the terminal. */
  clean(text: string): string;
  style(text: string, name: Style): string;
  /** One line, already clean, styles included. */
  emit(line: string): void;
  /** Writes one or more lines of the action's own text on the log stream. */
  write(text: string, name?: Style): void;
  mask(secret: string): void;
  /** Lines from now on are indented (a group's) or not. */
  indent(text: string): void;
  /** The log's lines so far (trimmed, unstyled): an annotation does not print again what the log showed. */
  readonly shown: ReadonlySet<string>;
  /** The http(s) URLs printed so far: each is printed once (a line ending with one said already ends before it). */
  readonly urls: ReadonlySet<string>;
}

/** The http(s) URLs in a line: each a run of characters up to a space, bracket or quote, trailing punctuation aside. */
const URL_IN_LINE = /https?:\/\/[^\s()<>"'`]+/g;

/**
 * `line` without the URL it ends with (`…: <url>` or `… (<url>)`) when that URL was printed
 * already: "Build #7 succeeded in 21s" after "Build #7 created: <url>". Linear: only its last word is looked at.
 */
function withoutToldUrl(line: string, told: ReadonlySet<string>): string {
  const space = line.lastIndexOf(' ');
  if (space <= 0 || told.size === 0) return line;
  const word = line.slice(space + 1);
  const bracketed = word.startsWith('(') && word.endsWith(')');
  if (!told.has(bracketed ? word.slice(1, -1) : word)) return line;
  if (bracketed) return line.slice(0, space);
  return line[space - 1] === ':' ? line.slice(0, space - 1) : line;
}

function writer(stream: TerminalStream, env: NodeJS.ProcessEnv): Writer {
  const colour = useColour(stream, env);
  const secrets: string[] = [];
  const shown = new Set<string>();
  const urls = new Set<string>();
  let indent = '';
  const masked = (text: string) => {
    let result = text;
    for (const secret of secrets) result = result.split(secret).join('***');
    return result;
  };
  // No control character but tab and line feed left (a terminal acts on ESC sequences as the runner
  // on `::`), as `safeLine` leaves a line: what the log printed is recognised when an annotation repeats it.
  const clean = (text: string) => inTerminalWords(spacedControls(masked(text)));
  const style = (text: string, name: Style) =>
    colour && text !== '' ? `\u001b[${STYLES[name][0]}m${text}\u001b[${STYLES[name][1]}m` : text;
  const emit = (line: string) => {
    stream.write(`${indent}${line}\n`);
  };
  return {
    masked,
    clean,
    style,
    emit,
    write(text, name) {
      for (const whole of clean(text).split('\n')) {
        const line = withoutToldUrl(whole, urls);
        // Both forms: an annotation that repeats the whole line is recognised as told.
        for (const told of [whole, line]) if (told.trim() !== '') shown.add(told.trim());
        for (const [url] of whole.matchAll(URL_IN_LINE)) urls.add(url.replace(/[.,;:!?]+$/, ''));
        emit(name ? style(line, name) : line);
      }
    },
    mask(secret) {
      if (secret !== '' && !secrets.includes(secret)) secrets.push(secret);
      // Longest first: a secret that contains another is replaced whole.
      secrets.sort((a, b) => b.length - a.length);
    },
    indent(text) {
      indent = text;
    },
    shown,
    urls,
  };
}

/**
 * An annotation as a line `level: title: message`, its further lines below it; on a file, compiler
 * style: `file:line: level: message (title)`, which editors and terminals turn into a link.
 */
function annotate(out: Writer, level: 'error' | 'warning' | 'notice', name: Style) {
  return (message: string, annotation?: Annotation) => {
    const where =
      annotation?.file === undefined
        ? undefined
        : `${annotation.file}${annotation.startLine === undefined ? '' : `:${annotation.startLine}`}`;
    const title = annotation?.title ? `${annotation.title}: ` : '';
    const text = where === undefined ? `${title}${message}` : `${message}${annotation?.title ? ` (${annotation.title})` : ''}`;
    const [first = '', ...rest] = out.clean(text).split('\n');
    const place = where === undefined ? '' : `${safeLine(out.clean(where))}: `;
    // A reason the log has just shown (a project's failure, said as it happened) is not said twice:
    // the annotation's line is then its title.
    // (The log says it as `<project>: <reason>`, the annotation as `<title>: <project>` and `<reason>`.)
    const reason = (out.clean(message).split('\n')[0] ?? '').trim();
    const named = annotation?.title?.includes(': ') ? `${out.clean(annotation.title.slice(annotation.title.indexOf(': ') + 2))}: ` : '';
    const told = annotation?.title !== undefined && where === undefined && reason !== '' && toldBefore(out.shown, reason, named);
    out.emit(`${place}${out.style(`${level}:`, name)} ${told ? safeLine(out.clean(annotation.title!)) : safeLine(first)}`);
    for (const line of notShownYet(
      rest.map((line) => safeLine(line)),
      out.shown,
    ))
      out.emit(`  ${line}`);
  };
}

/**
 * Whether the log said `reason` already: alone, as `<subject>: <reason>` with the annotation's
 * subject (`named`, `demo latest: `), or with the start of it (the log's `demo: `, a project's
 * failure said before its version was part of the title).
 */
function toldBefore(shown: ReadonlySet<string>, reason: string, named: string): boolean {
  if (shown.has(reason) || shown.has(`${named}${reason}`)) return true;
  if (named === '') return false;
  const suffix = `: ${reason}`;
  for (const line of shown) {
    if (line.endsWith(suffix) && named.startsWith(`${line.slice(0, -suffix.length)} `)) return true;
  }
  return false;
}

/**
 * An annotation's further lines, without those the log printed already (a failed build's reason
 * and output, told as it happened), and without a label (`Last lines of its output:`) all of
 * whose lines were.
 */
function notShownYet(lines: string[], shown: ReadonlySet<string>): string[] {
  const kept: string[] = [];
  let label: string | undefined;
  for (const line of lines) {
    if (shown.has(line.trim())) continue;
    if (line.trimEnd().endsWith(':')) {
      label = line;
      continue;
    }
    if (label !== undefined) kept.push(label);
    label = undefined;
    kept.push(line);
  }
  return kept;
}

/** The terminal's log: hostile text line by line through `safeLine`, debug lines only when verbose, groups as headed blocks. */
function terminalLog(out: Writer, verbose: boolean): RunnerLog {
  // With several projects, a project's progress is echoed live as `[project] line`, then its group
  // replays every line: the terminal shows no group collapsed, so a line echoed live is not replayed.
  let group: string | undefined;
  const echoedLive = (line: string) => group !== undefined && out.shown.has(out.clean(`${safeLine(`[${group}]`)} ${line}`).trim());
  return {
    info: (message) => out.write(message),
    untrusted(text, prefix) {
      const lines = text.split(/\r\n?|\n|\u2028|\u2029/).map((line) => safeLine(line));
      if (prefix === undefined && lines.every(echoedLive)) return;
      if (prefix === undefined) out.write(lines.join('\n'));
      else if (lines.length === 1) out.write(`${prefix} ${lines[0]}`);
      else out.write([prefix, ...lines.map((line) => `  ${line}`)].join('\n'));
    },
    debug: (message) => {
      if (verbose) out.write(`debug: ${message}`, 'dim');
    },
    error: annotate(out, 'error', 'red'),
    warning: annotate(out, 'warning', 'yellow'),
    notice: annotate(out, 'notice', 'cyan'),
    startGroup(title) {
      out.indent('');
      out.write(`▸ ${title}`, 'bold');
      out.indent('  ');
      group = title;
    },
    endGroup() {
      out.indent('');
      group = undefined;
    },
  };
}

/** At most this many projects' links end the output (the summary above lists every one). */
const LINKS_AT_THE_END = 10;

/** `Preview of demo: <url>` (or `Docs of …`) for each project of the `results` output that has one, with its URL. */
function whereToLook(results: string | undefined): { line: string; url: string }[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(results ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const lines: { line: string; url: string }[] = [];
  for (const entry of parsed as { project?: unknown; previewUrl?: unknown; docsUrl?: unknown }[]) {
    const [label, url] = typeof entry?.previewUrl === 'string' ? ['Preview', entry.previewUrl] : ['Docs', entry?.docsUrl];
    if (typeof url === 'string' && url !== '' && typeof entry.project === 'string')
      lines.push({ line: `${label} of ${entry.project}: ${url}`, url });
  }
  return lines.slice(0, LINKS_AT_THE_END);
}

/**
 * The terminal: no workflow commands. An annotation is a line `error: <title>: <message> (file:line)`,
 * a group a headed block, hostile text printed line by line through `safeLine` (control characters,
 * ESC included, become spaces; no line starts with `::`). Every line written has the masked
 * secrets replaced by `***` and its control characters removed, whatever its origin.
 */
export function terminalPort(options: TerminalOptions): TerminalPort {
  const logStream = options.json ? options.err : options.out;
  const out = writer(logStream, options.env);
  const outputs = new Map<string, string>();
  let summary = '';
  let failure: FailureKind | undefined;
  return {
    log: terminalLog(out, options.verbose),
    input: (name, inputOptions) => {
      const value = options.inputs[name] ?? '';
      return inputOptions?.trim === false ? value : value.trim();
    },
    mask: (secret) => out.mask(secret),
    setOutput: (name, value) => outputs.set(name, value),
    saveOutput: (name, value) => saveOutputFile(tmpdir(), `cli-${process.pid}`, name, value),
    async writeSummary(markdown) {
      summary = markdown;
    },
    fail(kind) {
      if (failure !== 'usage') failure = kind;
    },
    reasonsInSummary: false,
    cancellation: { said: 'interrupted', title: 'Interrupted', message: 'interrupted (a stop signal: Ctrl-C, or the CI job cancelled)' },
    env: options.env,
    exitCode: () => (failure === 'usage' ? 2 : failure === 'failure' ? 1 : 0),
    finish() {
      if (summary !== '') {
        out.emit('');
        // Each URL once: the summary's table leaves out those the log printed or the last lines will.
        const ending = whereToLook(outputs.get('results'));
        const told = new Set([...out.urls, ...ending.map(({ url }) => url)]);
        const lines = markdownForTerminal(out.clean(summary), out.style, terminalWidth(logStream, options.env), told);
        // The verdict (the summary's heading) goes last, with where to look: the lines a terminal still shows.
        const verdict = lines.findIndex((line) => line.trim() !== '');
        const body = lines.slice(verdict + 1);
        while (body[0]?.trim() === '') body.shift();
        while (body.at(-1)?.trim() === '') body.pop();
        for (const line of body) out.emit(line);
        if (body.length > 0) out.emit('');
        out.emit(lines[verdict] ?? '');
        for (const { line } of ending) out.emit(safeLine(out.clean(line)));
      }
      // `results` is inert JSON as set (`inertJson`): no control character raw, the same value parsed.
      if (options.json) options.out.write(`${out.masked(outputs.get('results') ?? '[]')}\n`);
    },
  };
}
