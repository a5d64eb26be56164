// Writes schema/readthedocs-project.schema.json from the zod schema of the project file
// (test/project-config-schema.test.ts fails while the committed copy is stale):   node scripts/write-schema.ts
import './node-check.ts';
import { writeFileSync } from 'node:fs';
import { ROOT } from '../harness/action-metadata.ts';
import { projectFileJsonSchema } from '../harness/project-schema.ts';

const path = `${ROOT}schema/readthedocs-project.schema.json`;
writeFileSync(path, projectFileJsonSchema());
process.stdout.write(`wrote ${path.slice(ROOT.length)}\n`);
