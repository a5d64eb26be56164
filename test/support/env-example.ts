// .env.example made from action.yml's inputs (their descriptions and defaults), which
// test/declarations.test.ts keeps equal to the declarations in src/inputs/declarations.ts. That
// test checks that the committed file is this text; `npx node scripts/env-example.ts` rewrites it.
import type { ActionMetadata } from './action-metadata.ts';

type InputName = string;

const HEADER = [
  '# Inputs for running the action on this machine (see README, "Run it locally").',
  '#   cp .env.example .env   (.env is git-ignored: it holds your token)',
  '#   npm run build && npm run local',
  '#   or: npx @github/local-action . src/main.ts .env',
  '#   (src/main.ts, not dist/: local-action swaps @actions/core for its stub, which it can only do in the sources)',
  '# The runner passes each input as INPUT_<NAME> in upper case with hyphens kept (INPUT_BASE-URL).',
  "# Empty or commented-out inputs take action.yml's default, shown after each.",
  '# Made from the inputs of action.yml by scripts/env-example.ts.',
];

/** Inputs set (not commented out) in the example, with the value shown. */
const SET: Partial<Record<InputName, string>> = { token: '', project: 'my-project' };

/** A line of advice after an input's description. */
const NOTES: Partial<Record<InputName, string>> = {
  'github-token': "# default in a workflow: the job's GITHUB_TOKEN; locally: a token from `gh auth token`, or GITHUB_TOKEN from your shell",
};

/** A line after an input's own. */
const AFTER: Partial<Record<InputName, string>> = {
  variables: '# Several lines in a .env file: a double-quoted value with \\n, e.g. INPUT_VARIABLES="API_KEY=abc\\nREGION=eu"',
};

const FOOTER = [
  '# The workflow run the action believes it is in (the runner sets these; defaults shown).',
  '# GITHUB_REPOSITORY=octo/docs-repo',
  '# GITHUB_EVENT_NAME=push',
  "# GITHUB_SHA=<this checkout's HEAD>     # the commit `wait` looks for",
  '# GITHUB_EVENT_PATH=/path/to/event.json # a pull_request payload, for `preview`',
  '',
  "# Show the action's debug lines (as re-running a job with debug logging does).",
  '# ACTIONS_STEP_DEBUG=true',
  '',
  '# Behind a proxy:',
  '# HTTPS_PROXY=http://proxy.example.com:3128',
  '# NO_PROXY=localhost,127.0.0.1',
];

export function renderEnvExample(meta: ActionMetadata): string {
  const blocks = Object.entries(meta.inputs).map(([name, input]) => {
    const variable = `INPUT_${name.toUpperCase()}`;
    const set = SET[name];
    // A workflow expression means nothing here: the note says what to give instead.
    const fallback = (input.default ?? '').includes('${{') ? '' : (input.default ?? '');
    return [
      `# ${input.description ?? ''}`,
      ...(NOTES[name] ? [NOTES[name]] : []),
      set === undefined ? `# ${variable}=${fallback}` : `${variable}=${set}`,
      ...(AFTER[name] ? [AFTER[name]] : []),
    ].join('\n');
  });
  return `${[HEADER.join('\n'), ...blocks, FOOTER.join('\n')].join('\n\n')}\n`;
}
