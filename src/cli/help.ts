import { INPUT_DECLARATIONS } from '../inputs/declarations.js';
import { INPUT_DEFAULTS, OPERATIONS, type InputName, type Operation } from '../inputs/inputs.js';
import { COMMON_INPUTS, inputDescription, OPERATION_DESCRIPTORS, type OperationExample } from '../operations/index.js';
import { COMMAND, COMMAND_OPTIONS, FORCE_DESCRIPTION, VARIABLES_FILE_DESCRIPTION } from './args.js';

const WIDTH = 100;
const OPTION_COLUMN = 32;

/**
 * `--help`: the operations with their one-line summaries, or one operation's options, each with
 * action.yml's description and default (both from the same declarations as the action's).
 */
export function helpText(operation?: Operation): string {
  return `${(operation === undefined ? overview() : operationHelp(operation)).join('\n')}\n`;
}

function overview(): string[] {
  const width = OPERATIONS.reduce((longest, name) => Math.max(longest, name.length), 0) + 2;
  return [
    `Usage: ${COMMAND} <operation> [--<input> value]... [--json] [--verbose]`,
    '',
    "The Read the Docs action's operations, from a terminal: the same inputs, checks and results.",
    '',
    'Operations:',
    ...OPERATIONS.flatMap((name) => {
      const [first = '', ...rest] = wrap(OPERATION_DESCRIPTORS[name].summary, width + 2);
      return [`  ${name.padEnd(width)}${first.trimStart()}`, ...rest];
    }),
    '',
    'Options of every operation:',
    ...COMMON_INPUTS.flatMap((name) => inputLines(name)),
    ...commandOptionLines(),
    '',
    `\`${COMMAND} <operation> --help\` lists the operation's options. Every input of the action is an option`,
    'of the same name; `true`/`false` inputs are flags (`--dry-run`, `--no-wait`).',
    'The token comes from `--token` or READTHEDOCS_TOKEN (better: it stays out of the process list).',
    `\`${COMMAND} --version\` alone prints the tool's version; after an operation, \`--version\` is the input.`,
    '',
    'Exit status: 0 when every project is green, 1 when one is not, 2 for bad usage (an unknown',
    'option, an option the operation does not take, an invalid value), 130 when interrupted (Ctrl-C).',
  ];
}

function operationHelp(operation: Operation): string[] {
  const descriptor = OPERATION_DESCRIPTORS[operation];
  const own = descriptor.inputs.filter((name) => !(COMMON_INPUTS as readonly string[]).includes(name));
  const ownLines = [
    ...own.flatMap((name) => inputLines(name)),
    ...(descriptor.commandOptions ?? []).flatMap((name) =>
      name === 'force' ? optionLines('--force', FORCE_DESCRIPTION) : optionLines('--variables-file <path>', VARIABLES_FILE_DESCRIPTION),
    ),
  ];
  return [
    `Usage: ${COMMAND} ${operation} [--<input> value]...`,
    '',
    ...wrap(descriptor.summary, 0),
    ...(descriptor.needsToken ? ['', 'Needs a Read the Docs API token (`--token` or READTHEDOCS_TOKEN).'] : []),
    '',
    // Its own options, when it has any: no heading stands over nothing.
    ...(ownLines.length === 0 ? [] : ['Options:', ...ownLines, '']),
    'Options of every operation:',
    ...COMMON_INPUTS.flatMap((name) => inputLines(name)),
    ...commandOptionLines(),
    '',
    'Examples:',
    ...descriptor.examples.flatMap((example) => exampleLines(operation, example)),
  ];
}

/** An example as a comment and a command line (the token from READTHEDOCS_TOKEN, never on the line). */
function exampleLines(operation: Operation, example: OperationExample): string[] {
  const options = Object.entries(example.with).flatMap(([name, value = '']) => {
    const { kind } = INPUT_DECLARATIONS[name as InputName];
    if (kind === 'flag' || kind === 'optional-flag') return [value === 'true' ? `--${name}` : `--no-${name}`];
    const quoted = (text: string) => (/^[\w./:@{}=,-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`);
    // A list input's values, one option each (`--project a --project b`).
    const values = kind === 'list' ? value.split('\n') : [value];
    return values.flatMap((text) => [`--${name}`, quoted(text)]);
  });
  return [`  # ${example.purpose}`, `  ${[COMMAND, operation, ...options].join(' ')}`];
}

/** `--name <value>` (or the flag's form), the description, the default. */
function inputLines(name: InputName): string[] {
  const { kind, offText } = INPUT_DECLARATIONS[name] as { kind: string; offText?: string };
  const fallback: string = INPUT_DEFAULTS[name];
  // `--no-<name>` says what it does, not what the input it turns off does.
  const description = kind === 'flag' && fallback === 'true' && offText ? offText : inputDescription(name);
  const extra =
    name === 'token'
      ? ' Or READTHEDOCS_TOKEN.'
      : name === 'github-token'
        ? ' Or GITHUB_TOKEN.'
        : kind === 'list'
          ? ' May be repeated.'
          : kind === 'flag' || fallback === ''
            ? ''
            : ` Default: \`${fallback}\`.`;
  const form =
    kind === 'flag'
      ? fallback === 'true'
        ? `--no-${name}`
        : `--${name}`
      : kind === 'optional-flag'
        ? `--${name}, --no-${name}`
        : `--${name} <value>`;
  return optionLines(form, `${description}${extra}`);
}

function commandOptionLines(): string[] {
  return Object.entries(COMMAND_OPTIONS).flatMap(([name, description]) => optionLines(`--${name}`, description));
}

function optionLines(form: string, description: string): string[] {
  const [first = '', ...rest] = wrap(description, OPTION_COLUMN);
  const head = `  ${form}`;
  return head.length < OPTION_COLUMN
    ? [`${head.padEnd(OPTION_COLUMN)}${first.trimStart()}`, ...rest]
    : [head, `${' '.repeat(OPTION_COLUMN)}${first.trimStart()}`, ...rest];
}

/** Words into lines of at most WIDTH characters, each indented by `indent`. */
function wrap(text: string, indent: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line !== '' && indent + line.length + 1 + word.length > WIDTH) {
      lines.push(`${' '.repeat(indent)}${line}`);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(`${' '.repeat(indent)}${line}`);
  return lines;
}
