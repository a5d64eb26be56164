// Rewrites the README's inputs and outputs tables, and the inputs' descriptions in .env.example,
// from action.yml (test/readme-sync.test.ts fails until they match):   npx node scripts/readme-tables.ts
import './node-check.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { ROOT, readActionMetadata } from '../harness/action-metadata.ts';
import { withEnvDescriptions, withTables } from '../harness/readme-tables.ts';

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
