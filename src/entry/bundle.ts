// The action and the command line, bundled once (dist/action/index.js): src/entry/action.ts imports it
// for the action and src/entry/cli.ts for the command line, each once it has found the Node version right.
import { setFlagsFromString } from 'node:v8';

// undici parses HTTP with a WebAssembly module compiled on the first request. V8 re-compiles hot
// WebAssembly with its optimising tier, which costs about 20 MB of memory and buys nothing for a
// few dozen requests: the baseline code is plenty. The module is compiled lazily, on the first
// request, so turning tier-up off here is in time.
setFlagsFromString('--no-wasm-tier-up');
setFlagsFromString('--no-wasm-dynamic-tiering');

// V8 doubles the young generation whenever enough of it survives its collections, up to 64 MB here:
// a link check's crawl, which keeps what each page links to, grew it so, for a few MB kept. Kept at
// its first size, it costs a few more small collections and no measurable time (bench (h): the same
// CPU, 130 MB at its peak instead of 168). Unlike the young generation's maximum, this is read when
// it would grow, so it takes effect here, after the start.
setFlagsFromString('--semi-space-growth-factor=1');

export { cli } from '../cli/command-line.js';
export { run } from '../step.js';
