// Rewrites the README's inputs and outputs tables, and .env.example's inputs (descriptions, and a
// line for an input it lacks), from action.yml, and the issue forms' list of operations from
// OPERATIONS (test/readme-sync.test.ts and test/issue-templates.test.ts fail until they match).
// `npm run generate` runs it after writing action.yml; alone:   npx node scripts/readme-tables.ts
import './node-check.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { ROOT, readActionMetadata } from '../harness/action-metadata.ts';
import { withEnvDescriptions, withTables } from '../harness/readme-tables.ts';
import { OPERATIONS } from '../src/inputs/operations.ts';

const path = `${ROOT}README.md`;
const before = readFileSync(path, 'utf8');
const after = withTables(before, readActionMetadata());
writeFileSync(path, after);
process.stdout.write(before === after ? 'README.md tables already match action.yml\n' : 'README.md tables updated from action.yml\n');

const envPath = `${ROOT}.env.example`;
const envBefore = readFileSync(envPath, 'utf8');
const envAfter = withEnvDescriptions(envBefore, readActionMetadata());
writeFileSync(envPath, envAfter);
process.stdout.write(
  envBefore === envAfter ? '.env.example descriptions already match action.yml\n' : '.env.example descriptions updated from action.yml\n',
);

// The issue forms' `operation` dropdown: every operation, then the catch-all option(s) kept as they are.
for (const form of ['bug_report.yml', 'feature_request.yml']) {
  const formPath = `${ROOT}.github/ISSUE_TEMPLATE/${form}`;
  const formBefore = readFileSync(formPath, 'utf8');
  const formAfter = formBefore.replace(
    /(\n(\s*)id: operation\n[\s\S]*?\n(\s*)options:\n)((?:\3 {2}- [\w-]+\n)*)/,
    (_match, head: string, _indent: string, optionsIndent: string) =>
      `${head}${OPERATIONS.map((name) => `${optionsIndent}  - ${name}\n`).join('')}`,
  );
  writeFileSync(formPath, formAfter);
  process.stdout.write(formBefore === formAfter ? `${form}: operations already listed\n` : `${form}: operations updated\n`);
}
