import { existsSync } from 'node:fs';
import { COMMAND, parseCommandLine, UsageError } from './args.js';
import { defaultCommit, gitHead } from './git-head.js';
import { helpText } from './help.js';
import { INPUT_DEFAULTS } from '../inputs/inputs.js';
import { runWith } from '../main.js';
import { configPath } from '../operations/project-config/paths.js';
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
    refuseWithoutContext(command.operation, command.inputs.config, command.force, env);
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

/** What the terminal refuses before any request: `preview` outside a pull request, `export` over an existing file. */
function refuseWithoutContext(operation: string, config: string, force: boolean, env: NodeJS.ProcessEnv): void {
  if (operation === 'preview' && !env.GITHUB_EVENT_NAME) {
    throw new UsageError(
      '`preview` needs a GitHub pull request context: run it in a GitHub workflow, or give GITHUB_EVENT_NAME (`pull_request`), ' +
        'GITHUB_EVENT_PATH (the event payload), GITHUB_REPOSITORY and GITHUB_TOKEN',
    );
  }
  const file = config.trim() || INPUT_DEFAULTS.config;
  if (operation === 'export' && !force && existsSync(configPath(file, env))) {
    throw new UsageError(`${file} exists already: pass \`--force\` to replace it, or \`--config <path>\` to write another file`);
  }
}
