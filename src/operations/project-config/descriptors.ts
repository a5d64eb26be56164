// What the registry (src/operations/index.ts) knows of this folder's operations: their summaries,
// the inputs and outputs, the token and GitHub permissions they need, examples, what a front end
// refuses before they run, and their steps.
import { existsSync } from 'node:fs';
import { INPUT_DEFAULTS } from '../../inputs/inputs.js';
import { applyStep } from './apply.js';
import { planOutputs } from './apply-report.js';
import { exportStep } from './export.js';
import { configPath } from './paths.js';
import type { OperationDescriptor } from '../descriptor.js';

/** `operation: apply`. */
export const apply: OperationDescriptor = {
  summary: 'Make the project match the project file (settings, redirects, subprojects, versions).',
  inputs: ['config', 'prune', 'dry-run', 'fail-on-changes', 'github-token'],
  outputs: ['success', 'plan', 'changes'],
  needsToken: true,
  permissions: ['contents: read', 'pull-requests: write'],
  examples: [
    { purpose: 'Make the project match the project file, deleting what it does not list', with: { project: 'my-project', prune: 'true' } },
  ],
  // A step that stopped before its plan still counts its changes: none.
  emptyOutputs: planOutputs([]),
  run: applyStep,
};

/** `operation: export`. */
export const exportOperation: OperationDescriptor = {
  summary: 'Write the project file from the project as it is now.',
  inputs: ['config'],
  outputs: ['success', 'config'],
  needsToken: true,
  permissions: ['contents: read'],
  examples: [{ purpose: 'Write the project file from the project as it is now', with: { project: 'my-project' } }],
  commandOptions: ['force'],
  // On a terminal an existing file is refused before any request, unless the front end may replace it (`--force`).
  precheck: ({ inputs, env, options }) => {
    const file = inputs.config.trim() || INPUT_DEFAULTS.config;
    return !options.overwriteConfig && existsSync(configPath(file, env))
      ? `${file} exists already: pass \`--force\` to replace it, or \`--config <path>\` to write another file`
      : undefined;
  },
  run: exportStep,
};
