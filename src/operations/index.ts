import type { OutputName } from '../github/report.js';
import type { Inputs, Operation } from '../inputs/inputs.js';
import { buildOperation } from './build.js';
import { applyEnvironment, environmentReport } from './env/apply-environment.js';
import { forEachProject } from './run-projects.js';
import type { OperationContext, ProjectResult } from './types.js';
import { waitOperation } from './wait.js';

/** A whole step: every project of `project`, and whatever the operation reports besides. */
export type StepOperation = (ctx: OperationContext) => Promise<ProjectResult[]>;

export const STEP_OPERATIONS: Record<Operation, StepOperation> = {
  build: (ctx) => forEachProject(ctx, ctx.inputs.projects, buildOperation),
  wait: (ctx) => forEachProject(ctx, ctx.inputs.projects, waitOperation),
  'sync-versions': notYet('sync-versions'),
  env: (ctx) => forEachProject(ctx, ctx.inputs.projects, applyEnvironment),
  preview: notYet('preview'),
};

/** What an operation adds to the step's report besides one row per project. */
export interface StepReport {
  outputs?: Partial<Record<OutputName, string>>;
  /** Markdown sections appended to the job summary. */
  sections?: string[];
}

export const STEP_REPORTS: Partial<Record<Operation, (results: ProjectResult[], inputs: Inputs) => StepReport>> = {
  env: environmentReport,
};

function notYet(name: string): StepOperation {
  return async () => {
    throw new Error(`operation \`${name}\` is not available in this version`);
  };
}
