// What the registry (src/operations/index.ts) knows of this folder's operation: its summary, the
// inputs and outputs, the token and GitHub permissions it needs, and its step.
import { applyStep } from './apply.js';
import { exportStep } from './export.js';
import type { OperationDescriptor } from '../descriptor.js';

/** `operation: apply`. */
export const apply: OperationDescriptor = {
  summary: 'Make the project match the project file (settings, redirects, subprojects, versions).',
  inputs: ['config', 'prune', 'dry-run', 'fail-on-changes', 'github-token'],
  outputs: ['success', 'plan', 'changes'],
  needsToken: true,
  permissions: ['contents: read', 'pull-requests: write'],
  run: applyStep,
};

/** `operation: export`. */
export const exportOperation: OperationDescriptor = {
  summary: 'Write the project file from the project as it is now.',
  inputs: ['config'],
  outputs: ['success', 'config'],
  needsToken: true,
  permissions: ['contents: read'],
  run: exportStep,
};
