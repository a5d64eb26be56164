// The action and the command line, bundled once (dist/action/index.js): src/index.ts imports it
// for the action and src/cli.ts for the command line, each once it has found the Node version right.
import { setFlagsFromString } from 'node:v8';

// undici parses HTTP with a WebAssembly module compiled on the first request. V8 re-compiles hot
// WebAssembly with its optimising tier, which costs about 20 MB of memory and buys nothing for a
// few dozen requests: the baseline code is plenty. The module is compiled lazily, on the first
// request, so turning tier-up off here is in time.
setFlagsFromString('--no-wasm-tier-up');
setFlagsFromString('--no-wasm-dynamic-tiering');

export { cli } from './cli/main.js';
export { run } from './main.js';
