import { COMMAND, parseCommandLine, UsageError } from './args.js';
import { defaultCommit, gitHead } from './git-head.js';
import { helpText } from './help.js';
import { runWith } from '../main.js';
import { OPERATION_DESCRIPTORS } from '../operations/index.js';
import { terminalPort } from '../runner/terminal.js';
import { ACTION_VERSION } from '../version.js';

/**
 * The terminal's entry: `readthedocs-action <operation> [--<input> value]…`. The same step as the
 * action (`runWith`), through the terminal's port. Exit 0 when every project is green, 1 when one
 * is not, 2 for bad usage.
 */
export async function cli(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  let command: ReturnType<typeof parseCommandLine>;
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
    const refusal = OPERATION_DESCRIPTORS[command.operation].precheck?.({
      inputs: command.inputs,
      env,
      options: { overwriteConfig: command.force },
    });
    if (refusal !== undefined) throw new UsageError(refusal);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`error: ${error.message}\nRun \`${COMMAND} --help\` for the operations and their options.\n`);
    return 2;
  }
  const head = defaultCommit(command.operation, command.inputs.commit, env, () => gitHead(process.cwd(), env));
  if (head !== undefined) command.inputs.commit = head;
  const port = terminalPort({
    out: process.stdout,
    err: process.stderr,
    env,
    inputs: command.inputs,
    json: command.json,
    verbose: command.verbose,
  });
  if (head !== undefined) port.log.info(`No --commit: waiting for the build of this checkout's HEAD, ${head}`);
  await runWith(port, command.force ? { overwriteConfig: true } : {});
  port.finish();
  return port.exitCode();
}
