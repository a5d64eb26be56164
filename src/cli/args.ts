import { parseArgs } from 'node:util';
import { INPUT_DECLARATIONS, listed } from '../inputs/declarations.js';
import { INPUT_NAMES, OPERATIONS, type InputName, type Operation } from '../inputs/inputs.js';
import { OPERATION_DESCRIPTORS } from '../operations/index.js';
import { unreadInputs } from '../operations/unread-inputs.js';
import { choiceOf } from '../inputs/parsers.js';
import { messageOf } from '../util/message-of.js';
import { didYouMean } from '../util/near-miss.js';

/** The command's name, as package.json's `bin` installs it. */
export const COMMAND = 'readthedocs-action';

/** A command line that cannot run: an unknown operation or option, a value where a flag goes. Exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** What the command line asks for. */
export type CommandLine =
  | { kind: 'help'; operation: Operation | undefined }
  /** `readthedocs-action --version` alone: the tool's version (after an operation, `--version` is the input). */
  | { kind: 'version' }
  | {
      kind: 'run';
      operation: Operation;
      /** Every input's raw text, as the runner would pass it ('' when not given). */
      inputs: Record<InputName, string>;
      /** Print only the `results` output on stdout. */
      json: boolean;
      /** `export` may replace an existing project file. */
      force: boolean;
      /** `env`'s `--variables-file`: the file `variables` is read from (`-`: standard input), kept out of the process list. */
      variablesFile: string | undefined;
      verbose: boolean;
    };

/** Options of the command itself, besides the inputs. */
export const COMMAND_OPTIONS = {
  json: 'Print only the `results` output (a JSON array, one object per project) on stdout; the log goes to stderr.',
  verbose: 'Print debug lines too (each request, retries, the rate budget).',
  help: 'This help; `<operation> --help` lists the operation’s options.',
} as const;

/** `env`'s own option. */
export const VARIABLES_FILE_DESCRIPTION =
  'For `env`, read `variables` from this file (`-`: standard input) instead of `--variables`, which other users of the machine see in the process list.';

/** `export`'s own option. */
export const FORCE_DESCRIPTION = 'For `export`, replace the project file when it exists (without it, an existing file is refused).';

/** The inputs that are options (`operation` is the command's first word). */
const OPTION_INPUTS = INPUT_NAMES.filter((name) => name !== 'operation');

/**
 * Parses `<operation> [--<input> value]… [--json] [--force] [--verbose] [--help]`. Every input of
 * the action is an option of the same name; `flag` inputs are flags (`--dry-run`, `--no-wait`),
 * `list` inputs may repeat. The token comes from `--token` or `READTHEDOCS_TOKEN`, the GitHub token
 * from `--github-token` or `GITHUB_TOKEN`. Values are not checked here: the action's own parsing
 * does it, with the same messages. `--version` alone, with no operation, asks for the tool's version.
 */
export function parseCommandLine(argv: string[], env: NodeJS.ProcessEnv): CommandLine {
  if (argv.length === 1 && argv[0] === '--version') return { kind: 'version' };
  const options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }> = {
    help: { type: 'boolean', short: 'h' },
    json: { type: 'boolean' },
    force: { type: 'boolean' },
    'variables-file': { type: 'string' },
    verbose: { type: 'boolean' },
  };
  for (const name of OPTION_INPUTS) {
    const { kind } = INPUT_DECLARATIONS[name];
    options[name] = kind === 'flag' || kind === 'optional-flag' ? { type: 'boolean' } : { type: 'string', multiple: kind === 'list' };
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, allowNegative: true, strict: true });
  } catch (error) {
    throw new UsageError(usageMessage(error));
  }
  const { values, positionals } = parsed;
  // An empty first word is a quoted empty `"$OP"`: no operation, as when it is left out.
  const [given, ...extra] = positionals;
  const word = given?.trim() === '' ? undefined : given;
  // Read as the `operation` input is (`Build` is `build`): every rule then judges the same operation.
  const operation = word === undefined ? undefined : choiceOf(OPERATIONS, word);
  if (word !== undefined && operation === undefined) {
    throw new UsageError(`\`${word}\` is not an operation: use one of ${OPERATIONS.map((name) => `\`${name}\``).join(', ')}`);
  }
  if (extra.length > 0) throw new UsageError(`unexpected argument \`${extra[0]}\`: give values as \`--<input> value\``);
  if (values.help === true || (operation === undefined && argv.length === 0)) return { kind: 'help', operation };
  if (operation === undefined) {
    // Options without an operation (an empty `$OP` in a CI job): a job that lost its operation must not pass.
    throw new UsageError(
      `no operation given: one of ${OPERATIONS.map((name) => `\`${name}\``).join(', ')} comes first (\`${COMMAND} <operation> [--<input> value]…\`)`,
    );
  }
  refuseOptionsOfOthers(operation, values);

  const inputs = {} as Record<InputName, string>;
  for (const name of INPUT_NAMES) {
    const value = values[name];
    inputs[name] = typeof value === 'boolean' ? String(value) : Array.isArray(value) ? value.join('\n') : (value ?? '');
  }
  inputs.operation = operation;
  if (values.token === undefined) inputs.token = env.READTHEDOCS_TOKEN ?? '';
  if (values['github-token'] === undefined) inputs['github-token'] = env.GITHUB_TOKEN ?? '';
  return {
    kind: 'run',
    operation,
    inputs,
    json: values.json === true,
    force: values.force === true,
    variablesFile: typeof values['variables-file'] === 'string' ? values['variables-file'] : undefined,
    verbose: values.verbose === true,
  };
}

/**
 * An option the operation does not read would do nothing (`build --dry-run` would build for real):
 * refused, naming it and the operations that read it, before any request. The rule is the step's
 * (src/operations/unread-inputs.ts): one that would change nothing (`--poll-interval`) is left to
 * the step, which warns.
 */
function refuseOptionsOfOthers(operation: Operation, values: Record<string, unknown>): void {
  const { commandOptions = [] } = OPERATION_DESCRIPTORS[operation];
  const takes = (name: 'force' | 'variables-file') => commandOptions.includes(name);
  const foreign = unreadInputs(
    operation,
    OPTION_INPUTS.filter((name) => values[name] !== undefined),
  ).find(({ severity }) => severity === 'error');
  const given =
    foreign !== undefined
      ? optionAsGiven(foreign.input, values[foreign.input])
      : (['force', 'variables-file'] as const)
          .filter((name) => values[name] !== undefined && values[name] !== false && !takes(name))
          .map((name) => `--${name}`)[0];
  if (given === undefined) {
    if (values['variables-file'] !== undefined && values.variables !== undefined) {
      throw new UsageError('give `--variables` or `--variables-file`, not both');
    }
    return;
  }
  const readBy =
    foreign === undefined ? '' : `; only ${listed(foreign.readers, 'and')} ${foreign.readers.length === 1 ? 'reads' : 'read'} it`;
  throw new UsageError(
    `\`${operation}\` does not take \`${given}\`: it would do nothing here${readBy} (\`${COMMAND} ${operation} --help\` lists its options)`,
  );
}

/** `--name`, or `--no-name` for a flag given negated. */
function optionAsGiven(name: string, value: unknown): string {
  return value === false ? `--no-${name}` : `--${name}`;
}

/** parseArgs' refusal in the words of this command (its own mention a quoting trick that does not apply). */
function usageMessage(error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = messageOf(error);
  const option = /'(-[^']*)'/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option !== undefined) {
    // `--link_check`: the option of the same input spelled with a hyphen.
    const options = [...OPTION_INPUTS, ...Object.keys(COMMAND_OPTIONS), 'force', 'variables-file'].map((name) => `--${name}`);
    const near = didYouMean(option.split('=')[0] ?? option, options);
    return `unknown option \`${option}\`${near}: every input of the action is an option of the same name (see \`${COMMAND} --help\`)`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option !== undefined) {
    const name = option.replace(/^--?/, '').split(/[ =]/)[0] ?? '';
    // `--timeout -5`: parseArgs takes `-5` for an option and calls the value ambiguous.
    if (/ambiguous/.test(message)) return `option \`--${name}\` needs a value (one that starts with \`-\` is written \`--${name}=-…\`)`;
    return /argument missing/.test(message)
      ? `option \`--${name}\` needs a value`
      : `option \`--${name}\` is a flag and takes no value: write \`--${name}\` or \`--no-${name}\``;
  }
  return message;
}
