// Writes what is made from the registry of operations and the declarations: the list of operations
// the inputs layer reads (src/inputs/operations.ts, the registry's keys: TypeScript refuses the
// registry until it matches), action.yml (inputs, outputs; the `operation` list and the token rule
// from the registry), then the README's tables, .env.example's descriptions and the issue forms'
// operations (scripts/readme-tables.ts), and docs/inputs.md (harness/inputs-reference.ts). The tests (test/declarations.test.ts,
// test/readme-sync.test.ts, test/issue-templates.test.ts) fail until they match:   npm run generate
import './node-check.ts';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { ROOT } from '../harness/action-metadata.ts';

// The sources import each other as `./x.js` (what tsc compiles them to): load the `.ts` beside it.
// (`npm run generate` runs Node with --experimental-transform-types, for the classes' parameter properties.)
registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (!specifier.startsWith('.') || !specifier.endsWith('.js')) throw error;
      return nextResolve(`${specifier.slice(0, -'.js'.length)}.ts`, context);
    }
  },
});
const { OPERATION_DESCRIPTORS } = await import('../src/operations/index.ts');
const operationsPath = `${ROOT}src/inputs/operations.ts`;
const operationsBefore = readFileSync(operationsPath, 'utf8');
writeFileSync(
  operationsPath,
  [
    '// Written by `npm run generate` from the registry (src/operations/index.ts), which is the list: do not',
    '// edit. It imports nothing, so that the inputs layer and the scripts (scripts/readme-tables.ts) read it as it is.',
    "/** The operations, in the order the docs list them: the registry's, each with its folder under src/operations/. */",
    `export const OPERATIONS = [${Object.keys(OPERATION_DESCRIPTORS)
      .map((name) => `'${name}'`)
      .join(', ')}] as const;`,
    'export type Operation = (typeof OPERATIONS)[number];',
    '',
  ].join('\n'),
);
execFileSync(`${ROOT}node_modules/.bin/biome`, ['format', '--write', operationsPath], { stdio: 'ignore' });
const operationsAfter = readFileSync(operationsPath, 'utf8');
if (operationsBefore !== operationsAfter) {
  // What follows reads OPERATIONS, which this process loaded before: once more, in a fresh one.
  process.stdout.write('src/inputs/operations.ts written from the registry\n');
  execFileSync(process.execPath, [...process.execArgv, process.argv[1]!], { stdio: 'inherit' });
  process.exit(0);
}
process.stdout.write('src/inputs/operations.ts already lists the registry\n');

const { actionYml } = await import('../harness/action-yml.ts');

const path = `${ROOT}action.yml`;
const before = readFileSync(path, 'utf8');
const after = actionYml();
writeFileSync(path, after);
process.stdout.write(before === after ? 'action.yml already matches the declarations\n' : 'action.yml written from the declarations\n');

await import('./readme-tables.ts');

const { inputsReference, INPUTS_REFERENCE } = await import('../harness/inputs-reference.ts');
const { readActionMetadata } = await import('../harness/action-metadata.ts');
const referencePath = `${ROOT}${INPUTS_REFERENCE}`;
const referenceBefore = existsSync(referencePath) ? readFileSync(referencePath, 'utf8') : '';
const referenceAfter = inputsReference(readActionMetadata());
writeFileSync(referencePath, referenceAfter);
process.stdout.write(
  referenceBefore === referenceAfter ? `${INPUTS_REFERENCE} already matches action.yml\n` : `${INPUTS_REFERENCE} written from action.yml\n`,
);
