// action.yml, made from the declarations: the inputs (src/inputs/declarations.ts, with the
// registry's facts in the `operation` and `token` descriptions), the outputs
// (src/reporting/output-declarations.ts) and the few lines about the action itself below.
// `npm run generate` writes it; test/declarations.test.ts fails while the file differs.
import { stringify } from 'yaml';
import { declarationOf, INPUT_NAMES } from '../src/inputs/declarations.ts';
import { inputDescription } from '../src/operations/index.ts';
import { OUTPUT_DESCRIPTIONS } from '../src/reporting/output-declarations.ts';
import { OUTPUT_NAMES } from '../src/reporting/report.ts';

/** What action.yml says of the action itself (the Marketplace's name, line and icon) and how the runner runs it. */
const HEAD = {
  name: 'Read the Docs build, preview and release',
  description: 'Gate merges and releases on Read the Docs builds, post verified PR previews, sync versions and manage env variables.',
  author: 'readthedocs-action',
};
const BRANDING = { icon: 'book-open', color: 'blue' };
const RUNS = { using: 'node24', main: 'dist/index.js' };

/** `project` is the one required input; `github-token` defaults to the job's token on a runner (its `runnerDefault`). */
const REQUIRED = new Set(['project']);

/** A scalar as YAML writes it on one line: plain when it can be, else quoted. */
const scalar = (text: string) => stringify(text, { lineWidth: 0, singleQuote: true }).trimEnd();

/** The whole text of action.yml. */
export function actionYml(): string {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(HEAD)) lines.push(`${key}: ${scalar(value)}`);
  lines.push('branding:', ...Object.entries(BRANDING).map(([key, value]) => `  ${key}: ${scalar(value)}`), '', 'inputs:');
  for (const name of INPUT_NAMES) {
    lines.push(`  ${name}:`, `    description: ${scalar(inputDescription(name))}`);
    if (REQUIRED.has(name)) {
      lines.push('    required: true');
      continue;
    }
    lines.push('    required: false', `    default: ${scalar(declarationOf(name).runnerDefault ?? declarationOf(name).default)}`);
  }
  lines.push('', 'outputs:');
  for (const name of OUTPUT_NAMES) lines.push(`  ${name}:`, `    description: ${scalar(OUTPUT_DESCRIPTIONS[name])}`);
  lines.push('', 'runs:', ...Object.entries(RUNS).map(([key, value]) => `  ${key}: ${scalar(value)}`));
  return `${lines.join('\n')}\n`;
}
