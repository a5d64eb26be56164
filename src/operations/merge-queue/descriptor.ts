// What the registry (src/operations/index.ts) knows of this folder's operation: its summary, the
// inputs and outputs, the token and GitHub permissions it needs, and its step.
import { lazyStep } from '../lazy-step.js';
import { BUILD_OUTPUTS, type OperationDescriptor } from '../descriptor.js';

/** `operation: merge-queue`. */
export const mergeQueue: OperationDescriptor = {
  summary: "The docs check a merge queue waits for: a commit status on the merge group's commit, from its own build or the PR's.",
  inputs: ['github-token', 'queue-check', 'status-context', 'commit', 'version', 'poll-interval', 'warnings'],
  outputs: BUILD_OUTPUTS,
  needsToken: true,
  permissions: ['statuses: write', 'contents: read', 'pull-requests: read'],
  examples: [
    {
      purpose: "Build the merge group's commit and set its status, 20 minutes at most",
      with: { project: 'my-project', 'queue-check': 'build', timeout: '20m' },
    },
  ],
  run: lazyStep(async () => (await import('./merge-queue.js')).mergeQueueStep),
};
