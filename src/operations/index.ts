import type { InputName, Operation } from '../inputs/inputs.js';
import type { OutputName } from '../reporting/report.js';
import { buildOperation } from './build/build.js';
import { environmentStep } from './env/apply-environment.js';
import { applyStep, planOutputs } from './project-config/apply.js';
import { exportStep } from './project-config/export.js';
import { previewOperation } from './preview/run-preview.js';
import { eachProject } from './run-projects.js';
import { syncVersionsOperation } from './sync-versions/sync-versions.js';
import type { StepOperation, StepReport } from './types.js';
import { waitOperation } from './wait/wait.js';

/** An operation: what it does, what it reads and sets, what it needs, and its step. */
export interface OperationDescriptor {
  /** One line: what the operation does (the terminal's `--help`). */
  summary: string;
  /** The inputs it reads besides those every operation reads ({@link COMMON_INPUTS}). */
  inputs: readonly InputName[];
  /** The outputs it sets besides `results`. */
  outputs: readonly OutputName[];
  /** It changes the project (or reads what only a maintainer may), so `token` is required. */
  needsToken: boolean;
  /** The GitHub permissions it uses (none: it talks to Read the Docs only). */
  permissions: readonly string[];
  /** The whole step: it returns its report (results, summary sections, outputs). */
  run: StepOperation;
}

/** Inputs every operation reads. */
export const COMMON_INPUTS = ['token', 'project', 'base-url', 'timeout', 'rate-limit'] as const satisfies readonly InputName[];

const BUILD_OUTPUTS = ['build-id', 'build-url', 'state', 'success', 'commit', 'version', 'duration', 'docs-url'] as const;

/** The registry: one descriptor per operation, in the order the docs list them. */
export const OPERATION_DESCRIPTORS: Record<Operation, OperationDescriptor> = {
  build: {
    summary: 'Trigger a build of a version and wait for it; fails when the docs do not build.',
    inputs: ['version', 'wait', 'poll-interval'],
    outputs: BUILD_OUTPUTS,
    needsToken: true,
    permissions: [],
    run: eachProject(buildOperation),
  },
  wait: {
    summary: 'Wait for the build of a commit that the service started itself (never triggers one).',
    inputs: ['version', 'commit', 'poll-interval'],
    outputs: BUILD_OUTPUTS,
    needsToken: false,
    permissions: [],
    run: eachProject(waitOperation),
  },
  'sync-versions': {
    summary: 'Sync the versions with the repository; with `version`, activate it, wait for its build, verify it is live.',
    inputs: ['version', 'activate', 'hidden', 'verify', 'verify-query', 'poll-interval'],
    outputs: BUILD_OUTPUTS,
    needsToken: true,
    permissions: [],
    run: eachProject(syncVersionsOperation),
  },
  env: {
    summary: "Make the project's environment variables match the given ones (values never printed).",
    inputs: ['variables', 'public-variables', 'prune', 'dry-run'],
    outputs: ['success', 'variables'],
    needsToken: true,
    permissions: [],
    run: environmentStep,
  },
  preview: {
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
    run: previewOperation,
  },
  apply: {
    summary: 'Make the project match the project file (settings, redirects, subprojects, versions).',
    inputs: ['config', 'prune', 'dry-run', 'fail-on-changes', 'github-token'],
    outputs: ['success', 'plan', 'changes'],
    needsToken: true,
    permissions: ['contents: read', 'pull-requests: write'],
    run: applyStep,
  },
  export: {
    summary: 'Write the project file from the project as it is now.',
    inputs: ['config'],
    outputs: ['success', 'config'],
    needsToken: true,
    permissions: ['contents: read'],
    run: exportStep,
  },
};

/** Each operation as a whole step: it returns its report (results, summary sections, outputs). */
export const STEP_OPERATIONS = Object.fromEntries(
  Object.entries(OPERATION_DESCRIPTORS).map(([name, descriptor]) => [name, descriptor.run]),
) as Record<Operation, StepOperation>;

/**
 * The report of a step that stopped before it had one (an invalid input, a missing project file,
 * an event `preview` cannot run on): no results, and no outputs beyond the defaults, except that
 * `apply` counts its changes even then (`changes: 0`).
 */
export function reportWithoutResults(operation: Operation | undefined): StepReport {
  return { results: [], summary: [], outputs: operation === 'apply' ? planOutputs([]) : {} };
}
