// Rewrites .env.example from action.yml's inputs (test/declarations.test.ts fails until it
// matches):   npx node scripts/env-example.ts
import './node-check.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { ROOT, readActionMetadata } from '../test/support/action-metadata.ts';
import { renderEnvExample } from '../test/support/env-example.ts';

const path = `${ROOT}.env.example`;
const before = readFileSync(path, 'utf8');
const after = renderEnvExample(readActionMetadata());
writeFileSync(path, after);
process.stdout.write(before === after ? '.env.example already matches action.yml\n' : '.env.example rewritten from action.yml\n');
