// The first import of every script one runs (`import './node-check.ts'`): on a Node older than the
// project's, one line and exit code 1 before the script does anything else. That holds on a Node
// that reads .ts files at all (22.18 and later); Node 20 stops before any of our code, with its own
// "Unknown file extension .ts". `npm run …` always runs the project's Node 24 (node_modules/.bin).
import { basename } from 'node:path';
import { nodeTooOld } from '../src/node-version.ts';

const script = `scripts/${basename(process.argv[1] ?? 'script')}`;
const tooOld = nodeTooOld(process.versions.node, script);
if (tooOld !== undefined) {
  process.stderr.write(`${tooOld} (${process.execPath}). Run it with the project's Node 24: npx node ${script} (npm run … uses it too).\n`);
  process.exit(1);
}
