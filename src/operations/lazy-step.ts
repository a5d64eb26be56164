import type { StepOperation } from './types.js';

/**
 * A step whose code is loaded only when it runs. `load` is an `import()` of the operation's
 * module, which the bundler (ncc) makes a chunk of its own (dist/action/<id>.index.js): a run of
 * another operation neither reads nor parses it, and the bundle's main file stays under its size
 * goal (docs/performance.md, (c)). Only for operations few runs use: `build` and `wait`, the most
 * common, and what every run needs (the inputs, the clients, the reporting) stay in the main file,
 * so their start-up reads no chunk more.
 */
export function lazyStep(load: () => Promise<StepOperation>): StepOperation {
  return async (ctx) => (await load())(ctx);
}
