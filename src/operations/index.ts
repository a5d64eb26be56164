import type { OutputName } from '../reporting/report.js';
import type { Operation } from '../inputs/inputs.js';
import { buildOperation } from './build.js';
import { environmentStep } from './env/apply-environment.js';
import { variablesOutput } from './env/outcome.js';
import { applyStep, planOutputs } from './project-config/apply.js';
import { exportedConfig, exportStep } from './project-config/export.js';
import { previewOperation } from './preview/run-preview.js';
import { forEachProject } from './run-projects.js';
import { syncVersionsOperation } from './sync-versions.js';
import type { ProjectResult, StepOperation } from './types.js';
import { waitOperation } from './wait.js';

export const STEP_OPERATIONS: Record<Operation, StepOperation> = {
  build: (ctx) => forEachProject(ctx, ctx.inputs.projects, buildOperation),
  wait: (ctx) => forEachProject(ctx, ctx.inputs.projects, waitOperation),
  'sync-versions': (ctx) => forEachProject(ctx, ctx.inputs.projects, syncVersionsOperation),
  env: environmentStep,
  preview: previewOperation,
  apply: applyStep,
  export: exportStep,
};

/** Outputs an operation sets besides those every project result carries. */
export const STEP_OUTPUTS: Partial<Record<Operation, (results: ProjectResult[]) => Partial<Record<OutputName, string>>>> = {
  env: (results) => ({ variables: variablesOutput(results) }),
  apply: planOutputs,
  export: (results) => ({ config: exportedConfig(results) }),
};
