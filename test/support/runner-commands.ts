// A small model of how the Actions runner reads a step's stdout: a line starting with `::` (after
// leading whitespace) is a command, `::stop-commands::TOKEN` turns processing off until `::TOKEN::`.
// Tests use it to tell what a log would make the runner do.

export interface RunnerEffects {
  masks: string[];
  annotations: { level: string; message: string }[];
  /** Tokens of stop-commands blocks never ended: processing stayed off. */
  openStops: string[];
  /** Every command the runner acted on, by name. */
  commands: string[];
}

const COMMAND = /^\s*::([A-Za-z-]+)(?: [^:]*)?::(.*)$/;

export function runnerEffects(stdout: string): RunnerEffects {
  const effects: RunnerEffects = { masks: [], annotations: [], openStops: [], commands: [] };
  let stoppedBy: string | undefined;
  for (const line of stdout.split(/\r?\n/)) {
    if (stoppedBy !== undefined) {
      if (line.trim() === `::${stoppedBy}::`) stoppedBy = undefined;
      continue;
    }
    const match = COMMAND.exec(line);
    if (!match) continue;
    const [, name, value] = match as unknown as [string, string, string];
    effects.commands.push(name);
    if (name === 'add-mask') effects.masks.push(value);
    else if (name === 'error' || name === 'warning' || name === 'notice') effects.annotations.push({ level: name, message: value });
    else if (name === 'stop-commands') stoppedBy = value;
  }
  if (stoppedBy !== undefined) effects.openStops.push(stoppedBy);
  return effects;
}
