// What the registry (src/operations/index.ts) knows of this folder's operation: its summary, the
// inputs and outputs, the token and GitHub permissions it needs, and its step. The folder is
// `build-version/`, not `build/`: tools (the import graph, search, coverage) skip a folder named
// `build` as generated output.
import { buildProject } from './build.js';
import { perProjectStep } from '../run-projects.js';
import { BUILD_OUTPUTS, type OperationDescriptor } from '../descriptor.js';

/** `operation: build`. */
export const build: OperationDescriptor = {
  summary: 'Trigger a build of a version and wait for it; fails when the docs do not build.',
  inputs: ['version', 'wait', 'poll-interval', 'warnings'],
  outputs: BUILD_OUTPUTS,
  needsToken: true,
  permissions: [],
  examples: [
    { purpose: 'Build `latest` and wait for it, 20 minutes at most', with: { project: 'my-project', version: 'latest', timeout: '20m' } },
  ],
  run: perProjectStep(buildProject),
};
