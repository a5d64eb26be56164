// The action's entry (action.yml's `main`: dist/index.js once built): the Node version first. The action is
// bundled apart (dist/action/index.js, from src/entry/bundle.ts, with the command line) and imported only once the version is
// right, so on an older Node none of it is even parsed: the user reads one line, not a minified
// bundle and a TypeError from inside it. `webpackIgnore` keeps the bundler from following the
// import: it stays a plain import of the file next to this one.
import { nodeTooOld } from '../node-version.js';

const tooOld = nodeTooOld(process.versions.node, 'readthedocs-action');
if (tooOld === undefined) {
  const bundle: string = './action/index.js';
  const { run } = (await import(/* webpackIgnore: true */ bundle)) as typeof import('./bundle.js');
  await run();
} else {
  process.stderr.write(`${tooOld} (${process.execPath}). On GitHub, use a runner that runs node24 actions; locally, npm run local.\n`);
  process.exitCode = 1;
}
