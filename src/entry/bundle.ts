// The action and the command line, bundled once (dist/action/index.js): src/entry/action.ts imports it
// for the action and src/entry/cli.ts for the command line, each once it has found the Node version right.
import { setFlagsFromString } from 'node:v8';

// undici parses HTTP with a WebAssembly module compiled on the first request. V8 re-compiles hot
// WebAssembly with its optimising tier, which costs about 20 MB of memory and buys nothing for a
// few dozen requests: the baseline code is plenty. The module is compiled lazily, on the first
// request, so turning tier-up off here is in time.
setFlagsFromString('--no-wasm-tier-up');
setFlagsFromString('--no-wasm-dynamic-tiering');

export { cli } from '../cli/command-line.js';
export { run } from '../step.js';
