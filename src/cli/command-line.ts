import { readFileSync } from 'node:fs';
import { COMMAND, parseCommandLine, UsageError, type CommandLine } from './args.js';
import { defaultCommit, gitHead } from './git-head.js';
import { helpText } from './help.js';
import { declarationOf } from '../inputs/declarations.js';
import { INPUT_NAMES, InputError, parseInputs, type InputName } from '../inputs/inputs.js';
import { OPERATION_DESCRIPTORS } from '../operations/index.js';
import { runWith } from '../step.js';
import { terminalPort } from '../runner/terminal.js';
import { ACTION_VERSION } from '../version.js';
import { messageOf } from '../util/message-of.js';

/**
 * The terminal's entry: `readthedocs-action <operation> [--<input> value]…`. The same step as the
 * action (`runWith`), through the terminal's port. Exit 0 when every project is green, 1 when one
 * is not, 2 for bad usage, 130 when Ctrl-C stopped it (143 for SIGTERM, 129 for SIGHUP).
 */
export async function cli(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  readerMayLeave();
  let command: ReturnType<typeof parseCommandLine>;
  let head: string | undefined;
  try {
    command = parseCommandLine(argv, env);
    if (command.kind === 'version') {
      process.stdout.write(`${ACTION_VERSION}\n`);
      return 0;
    }
    if (command.kind === 'help') {
      process.stdout.write(helpText(command.operation));
      return argv.length === 0 ? 2 : 0;
    }
    const descriptor = OPERATION_DESCRIPTORS[command.operation];
    if (descriptor.commitFromCheckout) {
      head = defaultCommit(command.inputs.commit, env, () => gitHead(process.cwd(), env));
      if (head !== undefined) command.inputs.commit = head;
    }
    if (command.variablesFile !== undefined) command.inputs.variables = readVariablesFile(command.variablesFile);
    // The inputs' own rules first: a precheck reads them (export's `config`) as already valid.
    refuseInvalidInputs(command);
    const refusal = descriptor.precheck?.({ inputs: command.inputs, env, options: { overwriteConfig: command.force } });
    if (refusal !== undefined) throw new UsageError(refusal);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`error: ${error.message}\nRun \`${COMMAND} --help\` for the operations and their options.\n`);
    return 2;
  }
  const port = terminalPort({
    out: process.stdout,
    err: process.stderr,
    env,
    inputs: command.inputs,
    json: command.json,
    verbose: command.verbose,
  });
  if (head !== undefined) port.log.info(`No --commit: waiting for the build of this checkout's HEAD, ${head}`);
  // A stop signal ends the command as a shell expects of one: 128 + the signal's number (130 for
  // Ctrl-C), set at once since the step's grace timer may end the process before `cli` returns.
  let stoppedBy: number | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    stoppedBy ??= EXIT_ON_SIGNAL[signal as keyof typeof EXIT_ON_SIGNAL];
    process.exitCode = stoppedBy;
  };
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
  try {
    await runWith(port, command.force ? { overwriteConfig: true } : {});
  } finally {
    for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
  }
  port.finish();
  return stoppedBy ?? port.exitCode();
}

/**
 * `readthedocs-action … | head -3`: the reader closes the pipe early, and each later write fails
 * with EPIPE. That is no failure of the command: nothing more is written there, and the exit status
 * still follows the outcome (any other error of the stream stays one).
 */
function readerMayLeave(): void {
  for (const stream of [process.stdout, process.stderr]) {
    if (stream.listenerCount('error') > 0) continue;
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
    });
  }
}

/** The shell's exit status of a command a signal stopped: 128 + the signal's number. A closed terminal (SIGHUP) stops it as Ctrl-C does. */
const EXIT_ON_SIGNAL = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;
const STOP_SIGNALS = Object.keys(EXIT_ON_SIGNAL) as (keyof typeof EXIT_ON_SIGNAL)[];

/**
 * The action's own checks of the inputs, before anything runs, in the command line's words
 * (`--timeout`, not "Input `timeout`"): a usage error on stderr, exit 2. The token too: the action
 * needs it for most operations.
 */
function refuseInvalidInputs(command: Extract<CommandLine, { kind: 'run' }>): void {
  const raw = {} as Record<InputName, string>;
  for (const name of INPUT_NAMES) raw[name] = declarationOf(name).verbatim ? command.inputs[name] : command.inputs[name].trim();
  try {
    parseInputs(raw);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    throw new UsageError(error.problems.map(inCommandLineWords).join('\n'));
  }
  if (raw.token === '' && OPERATION_DESCRIPTORS[command.operation].needsToken) {
    throw new UsageError(`\`${command.operation}\` needs a Read the Docs API token: set READTHEDOCS_TOKEN (or give \`--token\`)`);
  }
}

/** "Input `timeout`: …" as the command line says it: "`--timeout`: …". */
function inCommandLineWords(problem: string): string {
  return problem.replace(/\b[Ii]nput `([a-z-]+)`/g, (whole, name: string) =>
    (INPUT_NAMES as readonly string[]).includes(name) ? `\`--${name}\`` : whole,
  );
}

/** `--variables-file`'s content (`-`: standard input), so that no value shows in the process list. */
function readVariablesFile(path: string): string {
  try {
    return readFileSync(path === '-' ? 0 : path, 'utf8');
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? messageOf(error);
    throw new UsageError(`\`--variables-file\`: ${path === '-' ? 'standard input' : path} cannot be read (${why})`);
  }
}
