#!/usr/bin/env node
// The command line's entry (package.json's `bin`: dist/cli.js once built): the Node version first,
// as in src/entry/action.ts. The command line (src/cli/command-line.ts) is in the action's bundle
// (dist/action/index.js, from src/entry/bundle.ts), imported only once the version is right;
// `webpackIgnore` keeps the bundler from following it.
import { nodeTooOld } from '../node-version.js';

const tooOld = nodeTooOld(process.versions.node, 'readthedocs-action');
if (tooOld === undefined) {
  const bundle: string = './action/index.js';
  // The shape of src/cli/command-line.ts's `cli`, written out: a type import of bundle.ts from here would tie
  // this entry to the bundle's own entry (test/e2e/cli.test.ts runs the two together).
  const { cli } = (await import(/* webpackIgnore: true */ bundle)) as { cli: (argv: string[], env: NodeJS.ProcessEnv) => Promise<number> };
  process.exitCode = await cli(process.argv.slice(2), process.env);
} else {
  // One way forward that needs no install: npx fetches Node 24 for this one run (the arguments are
  // not repeated: one may be a token).
  process.stderr.write(
    `${tooOld} (${process.execPath}). Run it with Node 24: npx -y -p node@24 node ${process.argv[1] ?? 'dist/cli.js'} …\n`,
  );
  process.exitCode = 1;
}
