import type { OutputName } from './report.js';

/** Every output's description (action.yml's; test/declarations.test.ts keeps them equal). */
export const OUTPUT_DESCRIPTIONS: Record<OutputName, string> = {
  'build-id': "The build's id (first project).",
  'build-url': "The build's page (first project).",
  state: "The build's last state seen, e.g. `finished` or `cancelled` (first project).",
  success: "`true` when the first project's build finished successfully and every check after it (search, preview) passed, else `false`.",
  commit: 'The commit that was built (first project).',
  version: 'The version slug (first project).',
  duration: "The build's duration in seconds, as the service counts it (first project).",
  'docs-url': "The version's documentation URL (first project).",
  'preview-url': 'The verified pull-request preview URL (first project, `preview`).',
  variables: 'For `env`, a JSON list of `{name, public, action}` with action `created`, `replaced`, `deleted` or `kept` (never a value).',
  results: 'A JSON array with one object per project (the single-value outputs describe the first).',
  plan: 'For `apply`, a JSON list of `{project, changes: [{symbol, kind, action, description, status}]}`.',
  changes: 'For `apply`, how many changes the plan has (write-only settings and unmanaged entries not counted).',
  config: "For `export`, the project file's text.",
};
