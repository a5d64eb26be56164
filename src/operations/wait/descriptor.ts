// What the registry (src/operations/index.ts) knows of this folder's operation: its summary, the
// inputs and outputs, the token and GitHub permissions it needs, and its step.
import { perProjectStep } from '../run-projects.js';
import { waitProject } from './wait.js';
import { BUILD_OUTPUTS, type OperationDescriptor } from '../descriptor.js';

/** `operation: wait`. */
export const wait: OperationDescriptor = {
  summary: 'Wait for the build of a commit that the service started itself (never triggers one).',
  inputs: ['version', 'commit', 'poll-interval', 'warnings'],
  outputs: BUILD_OUTPUTS,
  needsToken: false,
  permissions: [],
  examples: [{ purpose: 'Wait for the build Read the Docs started for this commit', with: { project: 'my-project' } }],
  commitFromCheckout: true,
  // Outside a checkout and a CI, nothing names the commit: bad usage, before any request.
  precheck: ({ inputs, env }) =>
    inputs.commit.trim() === '' && !env.GITHUB_SHA
      ? '`wait` needs the commit whose build it waits for: give `--commit <sha>` (run in a git checkout, it takes its HEAD)'
      : undefined,
  run: perProjectStep(waitProject),
};
