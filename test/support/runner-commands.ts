/**
 * What the Actions runner would act on in a step's stdout: a small model of its workflow-command
 * parsing, so tests assert on the runner's behaviour rather than on the shape of the text.
 *
 * Modelled: a line is a command when it starts with `::name` (leading whitespace ignored) and has
 * a second `::`; the legacy form `##[name]data` is honoured anywhere in a line; `::stop-commands::T`
 * makes the runner ignore every line until one that is `::T::` (case-insensitive), which resumes.
 */
export interface RunnerCommand {
  command: string;
  properties: Record<string, string>;
  data: string;
  /** The stdout line it came from. */
  line: string;
}

function unescapeData(value: string): string {
  return value.replaceAll('%0D', '\r').replaceAll('%0A', '\n').replaceAll('%25', '%');
}

function unescapeProperty(value: string): string {
  return unescapeData(value).replaceAll('%3A', ':').replaceAll('%2C', ',');
}

function parseV2(line: string): RunnerCommand | undefined {
  const trimmed = line.trimStart();
  if (!trimmed.startsWith('::')) return undefined;
  const end = trimmed.indexOf('::', 2);
  if (end < 0) return undefined;
  const head = trimmed.slice(2, end);
  const space = head.indexOf(' ');
  const command = (space < 0 ? head : head.slice(0, space)).trim();
  if (command === '') return undefined;
  const properties: Record<string, string> = {};
  if (space >= 0) {
    for (const pair of head.slice(space + 1).split(',')) {
      const eq = pair.indexOf('=');
      if (eq > 0) properties[pair.slice(0, eq).trim()] = unescapeProperty(pair.slice(eq + 1));
    }
  }
  return { command, properties, data: unescapeData(trimmed.slice(end + 2)), line };
}

function parseLegacy(line: string): RunnerCommand | undefined {
  const start = line.indexOf('##[');
  if (start < 0) return undefined;
  const close = line.indexOf(']', start + 3);
  if (close < 0) return undefined;
  const head = line.slice(start + 3, close);
  const space = head.indexOf(' ');
  const command = (space < 0 ? head : head.slice(0, space)).trim();
  if (command === '') return undefined;
  const properties: Record<string, string> = {};
  if (space >= 0) {
    for (const pair of head.slice(space + 1).split(';')) {
      const eq = pair.indexOf('=');
      if (eq > 0) properties[pair.slice(0, eq).trim()] = pair.slice(eq + 1);
    }
  }
  return { command, properties, data: line.slice(close + 1), line };
}

/** The commands the runner would act on, in order, for this stdout. */
export function runnerCommands(stdout: string): RunnerCommand[] {
  const commands: RunnerCommand[] = [];
  let stopToken: string | undefined;
  for (const line of stdout.split(/\r?\n/)) {
    if (stopToken !== undefined) {
      if (line.trim().toLowerCase() === `::${stopToken}::`.toLowerCase()) stopToken = undefined;
      continue;
    }
    const command = parseV2(line) ?? parseLegacy(line);
    if (!command) continue;
    if (command.command === 'stop-commands') stopToken = command.data;
    commands.push(command);
  }
  return commands;
}

/** What the commands of a stdout would do, summed up for assertions. */
export interface RunnerEffects {
  masks: string[];
  annotations: { level: string; message: string }[];
  /** Tokens of stop-commands blocks never ended: processing stayed off. */
  openStops: string[];
  /** Every command the runner acted on, by name. */
  commands: string[];
}

export function runnerEffects(stdout: string): RunnerEffects {
  const effects: RunnerEffects = { masks: [], annotations: [], openStops: [], commands: [] };
  for (const { command, data } of runnerCommands(stdout)) {
    effects.commands.push(command);
    if (command === 'add-mask') effects.masks.push(data);
    else if (command === 'error' || command === 'warning' || command === 'notice')
      effects.annotations.push({ level: command, message: data });
  }
  const open = openStopToken(stdout);
  if (open !== undefined) effects.openStops.push(open);
  return effects;
}

/** The token of a stop-commands block still open at the end of the stdout, if any. */
function openStopToken(stdout: string): string | undefined {
  let stopToken: string | undefined;
  for (const line of stdout.split(/\r?\n/)) {
    if (stopToken !== undefined) {
      if (line.trim().toLowerCase() === `::${stopToken}::`.toLowerCase()) stopToken = undefined;
      continue;
    }
    const command = parseV2(line) ?? parseLegacy(line);
    if (command?.command === 'stop-commands') stopToken = command.data;
  }
  return stopToken;
}
