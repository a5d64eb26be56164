import type { InputName } from '../inputs/inputs.js';
import type { OutputName } from '../reporting/report.js';
import type { OperationContext, StepOperation } from './types.js';

/**
 * An operation: what it does, what it reads and sets, what it needs, how to use it, what a front
 * end refuses before running it, and its step. Everything the action, the command line, action.yml
 * (scripts/generate.ts) and the docs' checks know of one operation is here.
 */
export interface OperationDescriptor {
  /** One line: what the operation does (the terminal's `--help`). */
  summary: string;
  /** The inputs it reads besides those every operation reads ({@link COMMON_INPUTS}). */
  inputs: readonly InputName[];
  /** The outputs it sets besides `results`. */
  outputs: readonly OutputName[];
  /**
   * It changes the project (or reads what only a maintainer may), so `token` is required: the
   * action refuses to start without one, and action.yml's `token` description says so.
   */
  needsToken: boolean;
  /** The GitHub permissions it uses (none: it talks to Read the Docs only); the README's table names them. */
  permissions: readonly string[];
  /**
   * How it is used, at least one: `--help` prints each as a command line, and its docs page shows
   * a workflow step with the same inputs (test/descriptors.test.ts).
   */
  examples: readonly OperationExample[];
  /**
   * What a front end refuses before any request, as bad usage (exit 2 on the command line): the
   * refusal's text, or undefined to go on. The command line runs it; on a runner the operation
   * itself meets the same conditions (an event, a workspace).
   */
  precheck?: (request: PrecheckRequest) => string | undefined;
  /**
   * The command line's own options it takes besides its inputs: `force` (replace a file, the
   * front end's `overwriteConfig`), `variables-file` (`variables` read from a file). Any other
   * operation refuses them.
   */
  commandOptions?: readonly ('force' | 'variables-file')[];
  /**
   * On the command line, `commit` defaults to the checkout's git HEAD when neither `--commit` nor
   * GITHUB_SHA names one (`wait`), before the precheck runs.
   */
  commitFromCheckout?: boolean;
  /**
   * The outputs of a step that stopped before it had results (an invalid input, a missing file),
   * beyond the defaults: `apply` counts its changes even then.
   */
  emptyOutputs?: Readonly<Partial<Record<OutputName, string>>>;
  /** The whole step: it returns its report (results, summary sections, outputs). */
  run: StepOperation;
}

/** One use of an operation: what it does, and the inputs a workflow's `with:` gives it. */
export interface OperationExample {
  /** One line, what the example does (the comment above the command in `--help`). */
  purpose: string;
  /** The inputs, as in a workflow step (`operation` aside); flags as `true`/`false`. */
  with: Readonly<Partial<Record<InputName, string>>>;
}

/** What a front end knows before the step starts. */
interface PrecheckRequest {
  /** Every input's raw text ('' when not given). */
  inputs: Readonly<Record<InputName, string>>;
  /** The front end's environment (the port's). */
  env: NodeJS.ProcessEnv;
  /** The front end's options (the terminal's `--force`). */
  options: Pick<OperationContext, 'overwriteConfig'>;
}

/** Inputs every operation reads. */
export const COMMON_INPUTS = ['token', 'project', 'base-url', 'timeout', 'rate-limit'] as const satisfies readonly InputName[];

/** The outputs of an operation that watches a build. */
export const BUILD_OUTPUTS = ['build-id', 'build-url', 'state', 'success', 'commit', 'version', 'duration', 'docs-url'] as const;
