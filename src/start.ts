// The action itself, once src/index.ts has found the Node version right.
import { setFlagsFromString } from 'node:v8';
import { run } from './main.js';

// undici parses HTTP with a WebAssembly module compiled on the first request. V8 re-compiles hot
// WebAssembly with its optimising tier, which costs about 20 MB of memory and buys nothing for a
// few dozen requests: the baseline code is plenty. The module is compiled lazily, on the first
// request, so turning tier-up off here is in time.
setFlagsFromString('--no-wasm-tier-up');
setFlagsFromString('--no-wasm-dynamic-tiering');

await run();
