// What the registry (src/operations/index.ts) knows of this folder's operation: its summary, the
// inputs and outputs, the token and GitHub permissions it needs, and its step.
import { perProjectStep } from '../run-projects.js';
import { waitProject } from './wait.js';
import { BUILD_OUTPUTS, type OperationDescriptor } from '../descriptor.js';

/** `operation: wait`. */
export const wait: OperationDescriptor = {
  summary: 'Wait for the build of a commit that the service started itself (never triggers one).',
  inputs: ['version', 'commit', 'poll-interval'],
  outputs: BUILD_OUTPUTS,
  needsToken: false,
  permissions: [],
  examples: [{ purpose: 'Wait for the build Read the Docs started for this commit', with: { project: 'my-project' } }],
  run: perProjectStep(waitProject),
};
