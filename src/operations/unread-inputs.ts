// The one rule both front ends apply before any request: an input given to an operation that does
// not read it would do nothing (`dry-run` on `build` would build for real). The command line refuses
// such an option (src/cli/args.ts); the step refuses such an input on a runner (src/step.ts), where
// every input arrives set, to its default when the workflow does not give it.
import {
  declarationOf,
  DEFAULT_OPERATION,
  INPUT_NAMES,
  listed,
  OPERATIONS,
  type InputName,
  type Operation,
} from '../inputs/declarations.js';
import { choiceOf } from '../inputs/parsers.js';
import { readersOf } from './index.js';

/** An input given to an operation that does not read it, and the operations that do. */
export interface UnreadInput {
  input: InputName;
  /** The operation it was given to. */
  operation: Operation;
  readers: Operation[];
  /** `error`: it changes what is written or decided, refused; `warning`: it changes neither (the declaration's `whenUnread`). */
  severity: 'error' | 'warning';
}

/** The inputs among `given` that `operation` does not read, in the inputs' order. */
export function unreadInputs(operation: Operation, given: Iterable<InputName>): UnreadInput[] {
  const givenNames = new Set(given);
  return INPUT_NAMES.filter((name) => givenNames.has(name))
    .map((input) => ({ input, operation, readers: readersOf(input), severity: declarationOf(input).whenUnread ?? ('error' as const) }))
    .filter(({ readers }) => !readers.includes(operation));
}

/**
 * The inputs a workflow gave, as the runner passes them: every input arrives, set to action.yml's
 * default when not given (or '' for one without a default), so an input counts as given when its
 * value means something else than its default (`False` is `false`, `1800` is `30m`). An input whose
 * default the runner expands (`github-token`) cannot be told from a given one and never counts.
 */
export function givenInputs(raw: Readonly<Record<InputName, string>>): InputName[] {
  return INPUT_NAMES.filter((name) => {
    const { default: fallback, runnerDefault, schema } = declarationOf(name);
    const text = raw[name] ?? '';
    if (runnerDefault !== undefined || text.trim() === '' || text === fallback) return false;
    const value = schema.safeParse(text);
    const defaultValue = schema.safeParse(fallback);
    return !(value.success && defaultValue.success && JSON.stringify(value.data) === JSON.stringify(defaultValue.data));
  });
}

/**
 * The inputs given to the operation `raw` names that it does not read; none when the operation
 * itself is refused. The operation is read as its input's parser reads it (`Build` is `build`).
 */
export function unreadOnRunner(raw: Readonly<Record<InputName, string>>): UnreadInput[] {
  const operation = choiceOf(OPERATIONS, raw.operation.trim() || DEFAULT_OPERATION);
  return operation === undefined ? [] : unreadInputs(operation, givenInputs(raw));
}

/** The step's words for an unread input (an *Invalid input* line, or a warning): the input, and who reads it. */
export function unreadInputMessage({ input, operation, readers, severity }: UnreadInput): string {
  const readBy = `only ${listed(readers, 'and')} ${readers.length === 1 ? 'reads' : 'read'} it`;
  return severity === 'error'
    ? `Input \`${input}\`: \`${operation}\` does not read it, so it would do nothing here (${readBy}): remove it, or set the \`operation\` it is meant for`
    : `Input \`${input}\`: \`${operation}\` does not read it, so it is ignored (${readBy})`;
}
