// What the registry (src/operations/index.ts) knows of this folder's operation: its summary, the
// inputs and outputs, the token and GitHub permissions it needs, and its step.
import { lazyStep } from '../lazy-step.js';
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
    'warnings',
    'link-check',
    'link-check-anchors',
    'link-check-external',
    'link-check-ignore',
    'link-check-accept',
    'link-check-recheck',
    'config',
  ],
  outputs: [...BUILD_OUTPUTS, 'preview-url'],
  needsToken: false,
  permissions: ['contents: read', 'pull-requests: write', 'statuses: write', 'deployments: write'],
  examples: [
    { purpose: "Report the pull request's preview in a sticky comment, always", with: { project: 'my-project', comment: 'comment' } },
    { purpose: "Report the project's translations too", with: { project: 'my-project', translations: 'true' } },
  ],
  // A person's terminal has no pull request: refused before any request (on a runner, the step
  // itself reports an event it cannot run on).
  precheck: ({ env }) =>
    env.GITHUB_EVENT_NAME
      ? undefined
      : '`preview` needs a GitHub pull request context: run it in a GitHub workflow, or give GITHUB_EVENT_NAME (`pull_request`), ' +
        'GITHUB_EVENT_PATH (the event payload), GITHUB_REPOSITORY and GITHUB_TOKEN',
  run: lazyStep(async () => (await import('./run-preview.js')).previewStep),
};
