// Each operation's descriptor owns what is particular to it (issue 31.3): its examples (`--help`
// prints them as command lines, and the operation's docs page shows a workflow step with the same
// inputs, so the two cannot drift apart), what a front end refuses before any request (`precheck`)
// and the outputs of a step that stopped before it had results (`emptyOutputs`).
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { helpText } from '../src/cli/help.js';
import { OPERATIONS } from '../src/inputs/inputs.js';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INPUT_DEFAULTS } from '../src/inputs/inputs.js';
import { OPERATION_DESCRIPTORS, reportWithoutResults } from '../src/operations/index.js';
import { lazyStep } from '../src/operations/lazy-step.js';
import { type ActionStep, classifyBlock, docsPageOf, readDoc, thisActionSteps, yamlBlocks } from './support/markdown-docs.ts';

/** The steps of this action in a docs page, each with its `with:` as text. */
function stepsOf(file: string): ActionStep[] {
  return yamlBlocks(readDoc(file), file).flatMap((block) => {
    const kind = classifyBlock(block.text);
    return kind.kind === 'other' ? [] : thisActionSteps(parse(kind.workflow));
  });
}

describe('the operations’ examples', () => {
  it.each(OPERATIONS)('of `%s` are workflow steps of its docs page, with the same inputs', (operation) => {
    const { examples } = OPERATION_DESCRIPTORS[operation];
    expect(examples.length, operation).toBeGreaterThan(0);
    const steps = stepsOf(docsPageOf(operation)).filter((step) => String(step.with.operation ?? 'build') === operation);
    const shown = steps.map((step) => Object.fromEntries(Object.entries(step.with).map(([name, value]) => [name, String(value).trim()])));
    for (const example of examples) {
      const match = shown.find((inputs) => Object.entries(example.with).every(([name, value]) => inputs[name] === value));
      expect(
        match,
        `${docsPageOf(operation)} has no \`operation: ${operation}\` step with ${JSON.stringify(example.with)}; its steps: ${JSON.stringify(shown)}`,
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

/**
 * The operations whose code is in the bundle's main file: the most common runs (docs/performance.md).
 * Every other one's `run` is `lazyStep(async () => (await import('./x.js')).step)`, a chunk of its own.
 */
const EAGER = ['build', 'wait'];

describe('the operations’ steps', () => {
  // What lazyStep returns, as source: the same for every operation that uses it, whatever it loads.
  const lazySource = lazyStep(async () => async () => ({ results: [], summary: [], outputs: {} })).toString();

  it.each(OPERATIONS.filter((operation) => !EAGER.includes(operation)))(
    '`%s` loads its code only when it runs: its `run` is a lazyStep (docs/development.md, Adding an operation)',
    (operation) => {
      expect(
        OPERATION_DESCRIPTORS[operation].run.toString(),
        `${operation}'s descriptor: run: lazyStep(async () => (await import('./x.js')).step)`,
      ).toBe(lazySource);
    },
  );

  it.each(EAGER)('`%s` is in the main file (no lazyStep): the most common run reads no chunk more', (operation) => {
    expect(OPERATION_DESCRIPTORS[operation as 'build'].run.toString()).not.toBe(lazySource);
  });
});

describe('the operations’ prechecks and empty outputs', () => {
  const inputs = { ...INPUT_DEFAULTS, project: 'demo' };

  it('the command line’s own options: `--force` for `export`, `--variables-file` for `env`, none for the others', () => {
    const taking = Object.entries(OPERATION_DESCRIPTORS).flatMap(([name, descriptor]) =>
      (descriptor.commandOptions ?? []).map((option) => `${name} --${option}`),
    );
    expect(taking.sort()).toEqual(['env --variables-file', 'export --force']);
  });

  it('only `preview`, `export` and `wait` refuse anything before a request', () => {
    const refusing = Object.entries(OPERATION_DESCRIPTORS).flatMap(([name, descriptor]) => (descriptor.precheck ? [name] : []));
    expect(refusing.sort()).toEqual(['export', 'preview', 'wait']);
  });

  it('`wait` with no commit named (no --commit, no GITHUB_SHA, no checkout) is refused, with one it goes on', () => {
    const { precheck } = OPERATION_DESCRIPTORS.wait;
    expect(precheck!({ inputs, env: {}, options: {} })).toContain('`wait` needs the commit whose build it waits for');
    expect(precheck!({ inputs, env: { GITHUB_SHA: 'a'.repeat(40) }, options: {} })).toBeUndefined();
    expect(precheck!({ inputs: { ...inputs, commit: 'b'.repeat(40) }, env: {}, options: {} })).toBeUndefined();
  });

  it('`preview` outside a pull request’s context (no GITHUB_EVENT_NAME) is refused, inside it goes on', () => {
    const { precheck } = OPERATION_DESCRIPTORS.preview;
    expect(precheck!({ inputs, env: {}, options: {} })).toContain('`preview` needs a GitHub pull request context');
    expect(precheck!({ inputs, env: { GITHUB_EVENT_NAME: 'pull_request' }, options: {} })).toBeUndefined();
  });

  it('`export` over an existing project file is refused unless the front end may replace it', () => {
    const workspace = mkdtempSync(join(tmpdir(), 'rtd-precheck-'));
    try {
      const env = { GITHUB_WORKSPACE: workspace };
      const { precheck } = OPERATION_DESCRIPTORS.export;
      expect(precheck!({ inputs, env, options: {} })).toBeUndefined();
      mkdirSync(join(workspace, '.github'));
      writeFileSync(join(workspace, INPUT_DEFAULTS.config), 'settings: {}\n');
      expect(precheck!({ inputs, env, options: {} })).toBe(
        `${INPUT_DEFAULTS.config} exists already: pass \`--force\` to replace it, or \`--config <path>\` to write another file`,
      );
      expect(precheck!({ inputs, env, options: { overwriteConfig: true } })).toBeUndefined();
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  });

  it('a step that stopped before its results: no outputs beyond the defaults, but `apply` counts no changes', () => {
    expect(reportWithoutResults(undefined).outputs).toEqual({});
    expect(reportWithoutResults('build').outputs).toEqual({});
    expect(reportWithoutResults('apply').outputs).toEqual({ plan: '[]', changes: '0' });
  });
});
