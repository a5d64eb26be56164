// Each operation's descriptor carries its examples (issue 31.3): `--help` prints them as command
// lines, and the operation's docs page shows a workflow step with the same inputs, so the two
// cannot drift apart.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { helpText } from '../src/cli/help.js';
import { OPERATIONS } from '../src/inputs/inputs.js';
import { OPERATION_DESCRIPTORS } from '../src/operations/index.js';
import { type ActionStep, classifyBlock, readDoc, thisActionSteps, yamlBlocks } from './support/markdown-docs.ts';

/** The steps of this action in a docs page, each with its `with:` as text. */
function stepsOf(file: string): ActionStep[] {
  return yamlBlocks(readDoc(file), file).flatMap((block) => {
    const kind = classifyBlock(block.text);
    return kind.kind === 'other' ? [] : thisActionSteps(parse(kind.workflow));
  });
}

const pageOf = (operation: string) =>
  operation === 'apply' || operation === 'export' ? 'docs/project-as-code.md' : `docs/${operation}.md`;

describe('the operations’ examples', () => {
  it.each(OPERATIONS)('of `%s` are workflow steps of its docs page, with the same inputs', (operation) => {
    const { examples } = OPERATION_DESCRIPTORS[operation];
    expect(examples.length, operation).toBeGreaterThan(0);
    const steps = stepsOf(pageOf(operation)).filter((step) => String(step.with.operation ?? 'build') === operation);
    const shown = steps.map((step) => Object.fromEntries(Object.entries(step.with).map(([name, value]) => [name, String(value).trim()])));
    for (const example of examples) {
      const match = shown.find((inputs) => Object.entries(example.with).every(([name, value]) => inputs[name] === value));
      expect(
        match,
        `${pageOf(operation)} has no \`operation: ${operation}\` step with ${JSON.stringify(example.with)}; its steps: ${JSON.stringify(shown)}`,
      ).toBeDefined();
    }
  });

  it('are printed by `<operation> --help` as command lines', () => {
    expect(helpText('apply')).toContain(
      'Examples:\n  # Make the project match the project file, deleting what it does not list\n  readthedocs-action apply --project my-project --prune\n',
    );
    expect(helpText('build')).toContain('  readthedocs-action build --project my-project --version latest --timeout 20m\n');
    expect(helpText('env')).toContain('  readthedocs-action env --project my-project --public-variables THEME=light\n');
    expect(helpText('health')).toContain(
      '  readthedocs-action health --project my-project --project my-project-fr --grace-period 2h --releases 5\n',
    );
    for (const operation of OPERATIONS) {
      for (const example of OPERATION_DESCRIPTORS[operation].examples) expect(helpText(operation)).toContain(`  # ${example.purpose}\n`);
    }
  });
});
