// What the registry (src/operations/index.ts) knows of this folder's operation: its summary, the
// inputs and outputs, the token and GitHub permissions it needs, an example, and its step. What
// `apply` shares with `export` (reading, normalising and planning the project file) is in
// ../shared/project-file/.
import { lazyStep } from '../lazy-step.js';
import { planOutputs } from './apply-report.js';
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
  run: lazyStep(async () => (await import('./apply.js')).applyStep),
};
