// What the registry (src/operations/index.ts) knows of this folder's operation: its summary, the
// inputs and outputs, the token and GitHub permissions it needs, and its step.
import type { OperationDescriptor } from '../descriptor.js';
import { lazyStep } from '../lazy-step.js';

/** `operation: health`. */
export const health: OperationDescriptor = {
  summary: 'Check that the docs are current (latest, releases, active versions, the root) and keep one issue open while not.',
  inputs: [
    'github-token',
    'grace-period',
    'releases',
    'health-issue',
    'on-problem',
    'comment-header',
    'link-check',
    'link-check-anchors',
    'link-check-external',
    'link-check-ignore',
    'link-check-accept',
    'link-check-recheck',
    'link-check-pages',
  ],
  outputs: ['success'],
  needsToken: true,
  permissions: ['contents: read', 'issues: write'],
  examples: [
    {
      purpose: 'Check two projects; pushes build within two hours; the five newest release tags',
      with: { project: 'my-project\nmy-project-fr', 'grace-period': '2h', releases: '5' },
    },
  ],
  run: lazyStep(async () => (await import('./health.js')).healthStep),
};
