// What the registry (src/operations/index.ts) knows of this folder's operation: its summary, the
// inputs and outputs, the token and GitHub permissions it needs, and its step.
import { previewStep } from './run-preview.js';
import { BUILD_OUTPUTS, type OperationDescriptor } from '../descriptor.js';

/** `operation: preview`. */
export const preview: OperationDescriptor = {
  summary: "Report a pull request's preview: a verified link, a sticky comment, a commit status, a deployment.",
  inputs: [
    'github-token',
    'poll-interval',
    'translations',
    'trigger',
    'preview-url-template',
    'docs-path',
    'comment',
    'comment-header',
    'deployment',
    'deployment-environment',
    'redirect-check',
    'config',
  ],
  outputs: [...BUILD_OUTPUTS, 'preview-url'],
  needsToken: false,
  permissions: ['contents: read', 'pull-requests: write', 'statuses: write', 'deployments: write'],
  run: previewStep,
};
