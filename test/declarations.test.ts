// One declaration per input and per operation (issue 22.1, 31.3): action.yml is written from
// src/inputs/declarations.ts (kind, default, description), src/reporting/output-declarations.ts and
// the registry (the `operation` list, the token rule) by `npm run generate`, and must be that text;
// the descriptors' permissions are the README's table (.env.example's descriptions are action.yml's:
// test/readme-sync.test.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INPUT_DECLARATIONS } from '../src/inputs/declarations.js';
import { INPUT_DEFAULTS, OPERATIONS } from '../src/inputs/inputs.js';
import { COMMON_INPUTS, inputDescription, OPERATION_DESCRIPTORS } from '../src/operations/index.js';
import { OUTPUT_DESCRIPTIONS } from '../src/reporting/output-declarations.js';
import { OUTPUT_NAMES } from '../src/reporting/report.js';
import { ROOT, readActionMetadata } from '../harness/action-metadata.ts';
import { actionYml } from '../harness/action-yml.ts';

const meta = readActionMetadata();

describe('the declarations', () => {
  it('are action.yml, as `npm run generate` writes it', () => {
    expect(readFileSync(`${ROOT}action.yml`, 'utf8'), 'action.yml differs from the declarations: run `npm run generate`').toBe(actionYml());
  });

  it('are action.yml’s inputs: the same names in the same order, descriptions and defaults', () => {
    expect(Object.keys(meta.inputs)).toEqual(Object.keys(INPUT_DECLARATIONS));
    expect(Object.keys(INPUT_DEFAULTS)).toEqual(Object.keys(INPUT_DECLARATIONS));
    for (const [name, declaration] of Object.entries(INPUT_DECLARATIONS)) {
      const input = meta.inputs[name]!;
      expect(input.description, name).toBe(inputDescription(name as 'token'));
      // The runner's defaults: `project` has none (required), `github-token` is the job's token.
      const expected = name === 'project' ? undefined : name === 'github-token' ? '${{ github.token }}' : INPUT_DEFAULTS[name as 'token'];
      expect(input.default, name).toBe(expected);
      const flag = declaration.kind === 'flag';
      expect(flag, `${name} is a flag exactly when its default is true or false`).toBe(
        ['true', 'false'].includes(INPUT_DEFAULTS[name as 'token']),
      );
    }
  });

  it('are action.yml’s outputs, with their descriptions', () => {
    expect(Object.keys(meta.outputs)).toEqual([...OUTPUT_NAMES]);
    for (const name of OUTPUT_NAMES) expect(meta.outputs[name]!.description, name).toBe(OUTPUT_DESCRIPTIONS[name]);
  });

  it('describe every operation: declared inputs and outputs, every input read by one, the token rule action.yml states', () => {
    expect(Object.keys(OPERATION_DESCRIPTORS)).toEqual([...OPERATIONS]);
    const read = new Set<string>(COMMON_INPUTS);
    for (const [operation, descriptor] of Object.entries(OPERATION_DESCRIPTORS)) {
      for (const name of descriptor.inputs) expect(Object.keys(INPUT_DECLARATIONS), operation).toContain(name);
      for (const name of descriptor.outputs) expect(OUTPUT_NAMES, operation).toContain(name);
      for (const name of descriptor.inputs) read.add(name);
      expect(descriptor.summary, operation).toMatch(/^[A-Z].*\.$/);
      expect(meta.inputs.operation!.description).toContain(`\`${operation}\``);
    }
    expect([...read, 'operation'].sort()).toEqual(Object.keys(INPUT_DECLARATIONS).sort());
    // "Required for `build`, `sync-versions`, `env`, `apply` and `export`; optional for …"
    const required = /Required for ([^;]*);/.exec(meta.inputs.token!.description!)![1]!;
    const named = [...required.matchAll(/`([a-z-]+)`/g)].map((match) => match[1]);
    expect(named.sort()).toEqual(OPERATIONS.filter((operation) => OPERATION_DESCRIPTORS[operation].needsToken).sort());
  });

  it('give the README’s permissions table: each operation’s rows name the permissions its descriptor uses, `{}` for none', () => {
    const readme = readFileSync(`${ROOT}README.md`, 'utf8');
    const section = readme.slice(readme.indexOf('## Permissions'), readme.indexOf('\n## ', readme.indexOf('## Permissions') + 1));
    // A row whose first cell is empty continues the operations of the row above it.
    const rowsOf = new Map<string, string>();
    let current: string[] = [];
    for (const line of section.split('\n').filter((text) => text.startsWith('| ') && !text.startsWith('| ---'))) {
      const [first = '', ...rest] = line.slice(1).split(' | ');
      if (first.trim() !== '') current = [...first.matchAll(/`([a-z-]+)`/g)].map((match) => match[1]!);
      for (const operation of current) rowsOf.set(operation, `${rowsOf.get(operation) ?? ''} ${rest.join(' | ')}`);
    }
    for (const operation of OPERATIONS) {
      const rows = rowsOf.get(operation);
      expect(rows, `a row of the README's permissions table names \`${operation}\``).toBeDefined();
      const { permissions } = OPERATION_DESCRIPTORS[operation];
      if (permissions.length === 0) expect(rows, operation).toContain('`{}`');
      for (const permission of permissions) expect(rows, operation).toContain(`\`${permission}`);
    }
  });
});
