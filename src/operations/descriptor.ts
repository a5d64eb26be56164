import type { InputName } from '../inputs/inputs.js';
import type { OutputName } from '../reporting/report.js';
import type { StepOperation } from './types.js';

/** An operation: what it does, what it reads and sets, what it needs, and its step. */
export interface OperationDescriptor {
  /** One line: what the operation does (the terminal's `--help`). */
  summary: string;
  /** The inputs it reads besides those every operation reads ({@link COMMON_INPUTS}). */
  inputs: readonly InputName[];
  /** The outputs it sets besides `results`. */
  outputs: readonly OutputName[];
  /** It changes the project (or reads what only a maintainer may), so `token` is required. */
  needsToken: boolean;
  /** The GitHub permissions it uses (none: it talks to Read the Docs only). */
  permissions: readonly string[];
  /** The whole step: it returns its report (results, summary sections, outputs). */
  run: StepOperation;
}

/** Inputs every operation reads. */
export const COMMON_INPUTS = ['token', 'project', 'base-url', 'timeout', 'rate-limit'] as const satisfies readonly InputName[];

/** The outputs of an operation that watches a build. */
export const BUILD_OUTPUTS = ['build-id', 'build-url', 'state', 'success', 'commit', 'version', 'duration', 'docs-url'] as const;
