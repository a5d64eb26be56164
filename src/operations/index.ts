import type { Operation } from '../inputs/inputs.js';
import { buildOperation } from './build.js';
import { previewOperation } from './preview/run-preview.js';
import { forEachProject } from './run-projects.js';
import { syncVersionsOperation } from './sync-versions.js';
import type { OperationContext, ProjectResult } from './types.js';
import { waitOperation } from './wait.js';

/** A whole step: every project of `project`, and whatever the operation reports besides. */
export type StepOperation = (ctx: OperationContext) => Promise<ProjectResult[]>;

export const STEP_OPERATIONS: Record<Operation, StepOperation> = {
  build: (ctx) => forEachProject(ctx, ctx.inputs.projects, buildOperation),
  wait: (ctx) => forEachProject(ctx, ctx.inputs.projects, waitOperation),
  'sync-versions': (ctx) => forEachProject(ctx, ctx.inputs.projects, syncVersionsOperation),
  env: notYet('env'),
  preview: previewOperation,
};

function notYet(name: string): StepOperation {
  return async () => {
    throw new Error(`operation \`${name}\` is not available in this version`);
  };
}
