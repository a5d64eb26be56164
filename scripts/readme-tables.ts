// Rewrites the README's inputs and outputs tables from action.yml (test/readme-sync.test.ts fails
// until they match):   node scripts/readme-tables.ts
import './node-check.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { ROOT, readActionMetadata } from '../test/support/action-metadata.ts';
import { withTables } from '../test/support/readme-tables.ts';

const path = `${ROOT}README.md`;
const before = readFileSync(path, 'utf8');
const after = withTables(before, readActionMetadata());
writeFileSync(path, after);
process.stdout.write(before === after ? 'README.md tables already match action.yml\n' : 'README.md tables updated from action.yml\n');
