#!/usr/bin/env node
// The command line's entry (package.json's `bin`: dist/cli.js once built): the Node version first,
// as in src/index.ts. The command line is bundled apart (dist/cli/index.js, from src/cli/main.ts)
// and imported only once the version is right; `webpackIgnore` keeps the bundler from following it.
import { nodeTooOld } from './node-version.js';

const tooOld = nodeTooOld(process.versions.node, 'readthedocs-action');
if (tooOld === undefined) {
  const cli: string = './cli/index.js';
  await import(/* webpackIgnore: true */ cli);
} else {
  process.stderr.write(`${tooOld} (${process.execPath}).\n`);
  process.exitCode = 1;
}
