// Writes what is made from the declarations and the operations' descriptors: action.yml (inputs,
// outputs; the `operation` list and the token rule from the registry), then the README's tables,
// .env.example's descriptions and the issue forms' operations (scripts/readme-tables.ts). The
// tests (test/declarations.test.ts, test/readme-sync.test.ts, test/issue-templates.test.ts) fail
// until they match:   npm run generate
import './node-check.ts';
import { readFileSync, writeFileSync } from 'node:fs';
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
const { actionYml } = await import('../harness/action-yml.ts');

const path = `${ROOT}action.yml`;
const before = readFileSync(path, 'utf8');
const after = actionYml();
writeFileSync(path, after);
process.stdout.write(before === after ? 'action.yml already matches the declarations\n' : 'action.yml written from the declarations\n');

await import('./readme-tables.ts');
