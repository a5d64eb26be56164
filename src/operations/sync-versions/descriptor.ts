// What the registry (src/operations/index.ts) knows of this folder's operation: its summary, the
// inputs and outputs, the token and GitHub permissions it needs, and its step.
import { perProjectStep } from '../run-projects.js';
import { lazyStep } from '../lazy-step.js';
import { BUILD_OUTPUTS, type OperationDescriptor } from '../descriptor.js';

/** `operation: sync-versions`. */
export const syncVersions: OperationDescriptor = {
  summary: 'Sync the versions with the repository; with `version`, activate it, wait for its build, verify it is live.',
  inputs: ['version', 'activate', 'hidden', 'verify', 'verify-query', 'poll-interval'],
  outputs: BUILD_OUTPUTS,
  needsToken: true,
  permissions: [],
  examples: [{ purpose: 'Sync the versions with the repository', with: { project: 'my-project' } }],
  run: lazyStep(async () => perProjectStep((await import('./sync-versions.js')).syncVersionsProject)),
};
