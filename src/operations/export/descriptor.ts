// What the registry (src/operations/index.ts) knows of this folder's operation: its summary, the
// inputs and outputs, the token and GitHub permissions it needs, an example, what a front end
// refuses before it runs, and its step. What `export` shares with `apply` (the project file's
// model, normal form and version policy) is in ../shared/project-file/.
import { existsSync } from 'node:fs';
import { INPUT_DEFAULTS } from '../../inputs/inputs.js';
import { lazyStep } from '../lazy-step.js';
import { workspaceOf } from '../../inputs/github-context.js';
import { configPath } from '../shared/project-file/paths.js';
import type { OperationDescriptor } from '../descriptor.js';

/** `operation: export`. */
export const exportOperation: OperationDescriptor = {
  summary: 'Write the project file from the project as it is now.',
  inputs: ['config'],
  outputs: ['success', 'config'],
  needsToken: true,
  permissions: ['contents: read'],
  examples: [{ purpose: 'Write the project file from the project as it is now', with: { project: 'my-project' } }],
  commandOptions: ['force'],
  // On a terminal an existing file is refused before any request, unless the front end may replace it (`--force`).
  precheck: ({ inputs, env, options }) => {
    const file = inputs.config.trim() || INPUT_DEFAULTS.config;
    return !options.overwriteConfig && existsSync(configPath(file, workspaceOf(env)))
      ? `${file} exists already: pass \`--force\` to replace it, or \`--config <path>\` to write another file`
      : undefined;
  },
  run: lazyStep(async () => (await import('./export.js')).exportStep),
};
