// The last step of `npm run build`: ncc names every bundle index.js, so the command line's small
// entry (src/entry/cli.ts) is bundled into dist/cli/ and moved to dist/cli.js, package.json's
// `bin`, executable as npm makes a bin when it links it (npx from the repository does); and the
// link check's parser worker (src/operations/shared/links/parse-worker.ts), bundled into
// dist/parse-worker/, is moved beside the bundle's chunks as dist/action/parse-worker.js, where
// page-parser.ts starts it from.
import './node-check.ts';
import { chmodSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../harness/action-metadata.ts';

renameSync(join(ROOT, 'dist/cli/index.js'), join(ROOT, 'dist/cli.js'));
chmodSync(join(ROOT, 'dist/cli.js'), 0o755);
rmSync(join(ROOT, 'dist/cli'), { recursive: true, force: true });
renameSync(join(ROOT, 'dist/parse-worker/index.js'), join(ROOT, 'dist/action/parse-worker.js'));
rmSync(join(ROOT, 'dist/parse-worker'), { recursive: true, force: true });
