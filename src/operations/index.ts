import type { Operation } from '../inputs/inputs.js';
import { buildOperation } from './build/build.js';
import { environmentStep } from './env/apply-environment.js';
import { applyStep, planOutputs } from './project-config/apply.js';
import { exportStep } from './project-config/export.js';
import { previewOperation } from './preview/run-preview.js';
import { eachProject } from './run-projects.js';
import { syncVersionsOperation } from './sync-versions/sync-versions.js';
import type { StepOperation, StepReport } from './types.js';
import { waitOperation } from './wait/wait.js';

/** Each operation as a whole step: it returns its report (results, summary sections, outputs). */
export const STEP_OPERATIONS: Record<Operation, StepOperation> = {
  build: eachProject(buildOperation),
  wait: eachProject(waitOperation),
  'sync-versions': eachProject(syncVersionsOperation),
  env: environmentStep,
  preview: previewOperation,
  apply: applyStep,
  export: exportStep,
};

/**
 * The report of a step that stopped before it had one (an invalid input, a missing project file,
 * an event `preview` cannot run on): no results, and no outputs beyond the defaults, except that
 * `apply` counts its changes even then (`changes: 0`).
 */
export function reportWithoutResults(operation: Operation | undefined): StepReport {
  return { results: [], summary: [], outputs: operation === 'apply' ? planOutputs([]) : {} };
}
