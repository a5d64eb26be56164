// Every workflow a user may copy parses as GitHub parses it: each ```yaml block of README.md and
// docs/*.md (a fragment wrapped in a minimal workflow first) and each file of .github/workflows/,
// read with GitHub's own parser (@actions/workflow-parser). The steps that use this action pass only
// the inputs action.yml declares, and read only the outputs it declares.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { INPUT_NAMES, OPERATIONS, type InputName } from '../src/inputs/inputs.js';
import { givenInputs, unreadInputs } from '../src/operations/unread-inputs.ts';
import { ROOT, readActionMetadata } from '../harness/action-metadata.ts';
import { classifyBlock, docFiles, readDoc, thisActionSteps, type YamlBlock, yamlBlocks } from './support/markdown-docs.ts';
import { parser } from './support/workflow-parser.ts';

const meta = readActionMetadata();

/** GitHub's parser's complaints about a workflow, as `line N: message` with lines of the original block. */
function parserErrors(workflow: string, name: string, offset: number): string[] {
  const result = parser.parseWorkflow({ name, content: workflow }, new parser.NoOperationTraceWriter());
  return result.context.errors.getErrors().map((error) => {
    const line = error.range ? error.range.start.line - offset : undefined;
    return `${line === undefined ? '' : `line ${line}: `}${error.message.replace(/\s+/g, ' ').trim()}`;
  });
}

/** What is wrong with the steps of this action in a workflow: undeclared inputs, operations or outputs. */
function actionStepErrors(workflow: string): string[] {
  const parsed = parse(workflow) as unknown;
  const steps = thisActionSteps(parsed);
  const errors: string[] = [];
  for (const step of steps) {
    for (const key of Object.keys(step.with)) if (!(key in meta.inputs)) errors.push(`input \`${key}\` is not declared in action.yml`);
    const operation = step.with.operation;
    if (operation !== undefined && !step.mayFail && !(OPERATIONS as readonly string[]).includes(String(operation)))
      errors.push(`operation \`${operation}\` does not exist`);
    for (const [name, input] of Object.entries(meta.inputs)) {
      if (input.required === 'true' && !(name in step.with)) errors.push(`required input \`${name}\` is missing`);
    }
    // The step's own rule (issue 41): an input the operation does not read fails it, or warns.
    const known = OPERATIONS.find((name) => name === String(operation ?? 'build'));
    const raw = Object.fromEntries(INPUT_NAMES.map((name) => [name, String(step.with[name] ?? meta.inputs[name]?.default ?? '')]));
    for (const { input } of known === undefined ? [] : unreadInputs(known, givenInputs(raw as Record<InputName, string>)))
      errors.push(`input \`${input}\` is not read by \`${known}\``);
  }
  // Outputs read from a step of this action (or from a step the fragment does not show).
  const ids = new Map<string, boolean>();
  for (const job of Object.values((parsed as { jobs?: Record<string, { steps?: { id?: string; uses?: string }[] }> }).jobs ?? {})) {
    for (const step of job?.steps ?? [])
      if (step.id)
        ids.set(
          step.id,
          steps.some((own) => own.id === step.id),
        );
  }
  for (const match of workflow.matchAll(/steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)/g)) {
    if ((ids.get(match[1]!) ?? true) && !(match[2]! in meta.outputs))
      errors.push(`output \`${match[2]}\` of step \`${match[1]}\` is not declared`);
  }
  return errors;
}

/** Every problem of one block, each prefixed with where the block is. */
function blockProblems(block: YamlBlock): string[] {
  const where = `${block.file}:${block.line}`;
  const kind = classifyBlock(block.text);
  if (kind.kind === 'other') {
    try {
      parse(block.text);
      return [];
    } catch (error) {
      return [`${where} (${kind.path}): ${(error as Error).message}`];
    }
  }
  const errors = parserErrors(kind.workflow, block.file, kind.offset);
  if (errors.length > 0) return errors.map((error) => `${where}: ${error}`);
  errors.push(...actionStepErrors(kind.workflow));
  if (kind.kind === 'workflow') {
    const workflow = parse(kind.workflow) as { permissions?: unknown; jobs: Record<string, { permissions?: unknown }> };
    const unscoped = Object.entries(workflow.jobs).filter(
      ([, job]) => workflow.permissions === undefined && job?.permissions === undefined,
    );
    for (const [job] of unscoped) errors.push(`job \`${job}\` has no \`permissions:\` (the workflow has none either)`);
  }
  return errors.map((error) => `${where}: ${error}`);
}

const docBlocks = docFiles().flatMap((file) => yamlBlocks(readDoc(file), file));
const repoWorkflows = readdirSync(join(ROOT, '.github/workflows'))
  .filter((name) => /\.ya?ml$/.test(name))
  .map((name) => ({ file: `.github/workflows/${name}`, line: 1, text: readFileSync(join(ROOT, '.github/workflows', name), 'utf8') }));

describe('workflow examples', () => {
  it('finds the blocks: whole workflows, fragments and other YAML', () => {
    expect(docBlocks.length).toBeGreaterThanOrEqual(15);
    const kinds = docBlocks.map((block) => classifyBlock(block.text).kind);
    expect(kinds).toContain('workflow');
    expect(kinds).toContain('fragment');
    expect(kinds).toContain('other'); // .github/dependabot.yml
    expect(repoWorkflows.length).toBeGreaterThanOrEqual(3);
  });

  it('every ```yaml block of README.md and docs/ parses as a workflow with GitHub’s parser, using only what action.yml declares', () => {
    expect(docBlocks.flatMap(blockProblems)).toEqual([]);
  });

  it('every workflow of this repository parses, and its `uses: ./` steps pass only declared inputs', () => {
    expect(repoWorkflows.flatMap(blockProblems)).toEqual([]);
    expect(repoWorkflows.flatMap((workflow) => thisActionSteps(parse(workflow.text))).length).toBeGreaterThanOrEqual(1);
  });

  // The checks themselves: each must catch what it is there for.
  it('reports an unquoted `run:` holding `: ` (the mistake the README once had), with the block’s own line', () => {
    const block = { file: 'probe.md', line: 10, text: '      - run: gh release create "$TAG" --notes "Documentation: $DOCS_URL"\n' };
    const problems = blockProblems(block);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^probe\.md:10: line 1: .*(mapping|Nested)/i);
    expect(
      blockProblems({ ...block, text: '      - run: |\n          gh release create "$TAG" --notes "Documentation: $DOCS_URL"\n' }),
    ).toEqual([]);
  });

  it('reports an undeclared input, an unknown operation, a missing project, an undeclared output and a job without permissions', () => {
    const step = (withs: string) => `- uses: readthedocs-action/readthedocs-action@v1\n  id: docs\n  with:\n${withs}`;
    expect(blockProblems({ file: 'p.md', line: 1, text: step('    project: p\n    colour: blue\n') })).toEqual([
      'p.md:1: input `colour` is not declared in action.yml',
    ]);
    expect(blockProblems({ file: 'p.md', line: 1, text: step('    project: p\n    operation: deploy\n') })).toEqual([
      'p.md:1: operation `deploy` does not exist',
    ]);
    expect(blockProblems({ file: 'p.md', line: 1, text: step('    operation: wait\n') })).toEqual([
      'p.md:1: required input `project` is missing',
    ]);
    expect(blockProblems({ file: 'p.md', line: 1, text: step('    project: p\n    dry-run: true\n    wait: true\n') })).toEqual([
      'p.md:1: input `dry-run` is not read by `build`',
    ]);
    expect(
      blockProblems({
        file: 'p.md',
        line: 1,
        text: `${step('    project: p\n')}- run: echo "$X"\n  env:\n    X: \${{ steps.docs.outputs.docs-link }}\n`,
      }),
    ).toEqual(['p.md:1: output `docs-link` of step `docs` is not declared']);
    const workflow = 'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo\n';
    expect(blockProblems({ file: 'p.md', line: 1, text: workflow })).toEqual([
      'p.md:1: job `a` has no `permissions:` (the workflow has none either)',
    ]);
    expect(blockProblems({ file: 'p.md', line: 1, text: `permissions: {}\n${workflow}` })).toEqual([]);
  });

  it('reads a block naming another file as YAML only, and a fragment of top-level keys as part of a workflow', () => {
    expect(classifyBlock('# .github/dependabot.yml\nversion: 2\n')).toEqual({ kind: 'other', path: '.github/dependabot.yml' });
    expect(classifyBlock('# .github/workflows/docs.yml\non: push\njobs: {}\n').kind).toBe('workflow');
    expect(blockProblems({ file: 'p.md', line: 1, text: 'permissions:\n  contents: reed\n' })[0]).toMatch(/^p\.md:1: line 2: .*reed/);
  });
});
