// What the registry (src/operations/index.ts) knows of this folder's operation: its summary, the
// inputs and outputs, the token and GitHub permissions it needs, and its step.
import { lazyStep } from '../lazy-step.js';
import type { OperationDescriptor } from '../descriptor.js';

/** `operation: env`. */
export const env: OperationDescriptor = {
  summary: "Make the project's environment variables match the given ones (values never printed).",
  inputs: ['variables', 'public-variables', 'prune', 'dry-run'],
  outputs: ['success', 'variables'],
  needsToken: true,
  permissions: [],
  examples: [
    {
      purpose: 'Set a variable that pull-request builds see too (never a secret)',
      with: { project: 'my-project', 'public-variables': 'THEME=light' },
    },
  ],
  commandOptions: ['variables-file'],
  run: lazyStep(async () => (await import('./write-variables.js')).environmentStep),
};
