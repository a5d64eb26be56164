// docs/inputs.md, the whole inputs and outputs reference, by operation: made from action.yml (each
// input's description and default, each output's description) and the operations' descriptors
// (which inputs and outputs each reads and sets). `npm run generate` writes it;
// test/readme-sync.test.ts fails while the file differs.
import { existsSync } from 'node:fs';
import { COMMON_INPUTS, OPERATION_DESCRIPTORS } from '../src/operations/index.ts';
import { OPERATIONS } from '../src/inputs/operations.ts';
import type { ActionMetadata } from './action-metadata.ts';
import { ROOT } from './action-metadata.ts';
import { defaultCell } from './readme-tables.ts';

export const INPUTS_REFERENCE = 'docs/inputs.md';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function inputsTable(meta: ActionMetadata, names: readonly string[]): string[] {
  return [
    '| Input | Description | Default |',
    '| --- | --- | --- |',
    ...names.map((name) => `| \`${name}\` | ${cell(meta.inputs[name]?.description ?? '')} | ${defaultCell(meta.inputs[name] ?? {})} |`),
  ];
}

function outputsTable(meta: ActionMetadata, names: readonly string[]): string[] {
  return [
    '| Output | Description |',
    '| --- | --- |',
    ...names.map((name) => `| \`${name}\` | ${cell(meta.outputs[name]?.description ?? '')} |`),
  ];
}

/** The operation's page under docs/: its own, else the page of the project as code (`apply`, `export`). */
const pageOf = (operation: string) => (existsSync(`${ROOT}docs/${operation}.md`) ? `${operation}.md` : 'project-as-code.md');

/** The whole text of docs/inputs.md. */
export function inputsReference(meta: ActionMetadata): string {
  const common = ['operation', ...COMMON_INPUTS];
  const lines = [
    '# Inputs and outputs',
    '',
    '[README](../README.md) · [Troubleshooting](troubleshooting.md) · [Command line](cli.md)',
    '',
    "<!-- Written by `npm run generate` from action.yml and the operations' descriptors (harness/inputs-reference.ts): do not edit. -->",
    '',
    'Every input and output of the action, by the operation that reads or sets it. Every input is',
    'checked before any request is sent: a refused one fails the step with *Invalid input*, naming what',
    'it accepts. An input given to an operation that does not read it (a value other than its default)',
    'is refused the same way, naming the operations that read it, since it would do nothing: `dry-run`',
    'on `build` would build for real. One that would change nothing the operation writes or decides',
    '(`poll-interval`) is a warning, *Input not read*. A choice is read without regard to case or',
    'surrounding spaces (`operation: Build` is `build`) and a path in its normal form',
    '(`./.github/readthedocs-project.yml` is the default): every rule reads an input as its parser does.',
    'On the command line every input is an option of the same name ([Command line](cli.md)).',
    'Durations are plain seconds (`600`) or `90s`, `15m`, `1h`.',
    '',
    '## Every operation',
    '',
    ...inputsTable(meta, common),
    '',
    'Every operation sets `results`: a JSON array with one object per project ([README](../README.md#outputs)).',
  ];
  for (const operation of OPERATIONS) {
    const descriptor = OPERATION_DESCRIPTORS[operation];
    const own = descriptor.inputs.filter((name) => !common.includes(name));
    lines.push('', `## \`${operation}\``, '', `${descriptor.summary} [More](${pageOf(operation)}).`, '');
    lines.push(...(own.length > 0 ? inputsTable(meta, own) : ['No input beyond those of every operation.']));
    if (descriptor.outputs.length > 0) lines.push('', ...outputsTable(meta, descriptor.outputs));
  }
  lines.push(
    '',
    '## Every output',
    '',
    'Every output is set on every path: success, failure, timeout and cancellation (empty when it does',
    'not apply). On a timeout, the outputs hold the last state seen.',
    '',
    ...outputsTable(meta, Object.keys(meta.outputs)),
    '',
  );
  return lines.join('\n');
}
