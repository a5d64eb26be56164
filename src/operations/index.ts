import { declarationOf, type InputName, type RegistryFacts } from '../inputs/declarations.js';
import { OPERATIONS, type Operation } from '../inputs/inputs.js';
import { build } from './build-version/descriptor.js';
import { COMMON_INPUTS, type OperationDescriptor } from './descriptor.js';
import { env } from './env/descriptor.js';
import { exportOperation } from './export/descriptor.js';
import { health } from './health/descriptor.js';
import { mergeQueue } from './merge-queue/descriptor.js';
import { preview } from './preview/descriptor.js';
import { apply } from './apply/descriptor.js';
import { syncVersions } from './sync-versions/descriptor.js';
import type { StepOperation, StepReport } from './types.js';
import { wait } from './wait/descriptor.js';

export { COMMON_INPUTS, type OperationDescriptor, type OperationExample } from './descriptor.js';

/**
 * The registry: one descriptor per operation (each in its own folder), in the order the docs list
 * them. An operation missing here, or named here and not in `OPERATIONS`, does not compile.
 */
export const OPERATION_DESCRIPTORS: Record<Operation, OperationDescriptor> = {
  build,
  wait,
  'sync-versions': syncVersions,
  env,
  preview,
  'merge-queue': mergeQueue,
  apply,
  export: exportOperation,
  health,
};

/** Each operation as a whole step: it returns its report (results, summary sections, outputs). */
export const STEP_OPERATIONS = Object.fromEntries(
  Object.entries(OPERATION_DESCRIPTORS).map(([name, descriptor]) => [name, descriptor.run]),
) as Record<Operation, StepOperation>;

/**
 * The operations that read `input`, in the docs' order: every one for `operation` and a common
 * input, else those whose descriptor names it.
 */
export function readersOf(input: InputName): Operation[] {
  const everyOne = input === 'operation' || (COMMON_INPUTS as readonly InputName[]).includes(input);
  return OPERATIONS.filter((name) => everyOne || OPERATION_DESCRIPTORS[name].inputs.includes(input));
}

/**
 * An input's description as action.yml and `--help` give it: the declaration's, with the registry's
 * facts (the `operation` list, the token rule, the operations that read it), from the descriptors.
 */
export function inputDescription(name: InputName): string {
  const { description } = declarationOf(name);
  if (typeof description === 'string') return description;
  const facts: RegistryFacts = {
    operations: OPERATIONS,
    needToken: OPERATIONS.filter((operation) => OPERATION_DESCRIPTORS[operation].needsToken),
    readers: readersOf(name),
  };
  return description(facts);
}

/**
 * The report of a step that stopped before it had one (an invalid input, a missing project file,
 * an event `preview` cannot run on): no results, and no outputs beyond the defaults but the
 * operation's `emptyOutputs`.
 */
export function reportWithoutResults(operation: Operation | undefined): StepReport {
  return { results: [], summary: [], outputs: { ...(operation === undefined ? {} : OPERATION_DESCRIPTORS[operation].emptyOutputs) } };
}
