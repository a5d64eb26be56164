// GitHub's workflow parser (@actions/workflow-parser), loadable outside a bundler. The package
// imports its JSON schemas without `with { type: 'json' }`, which plain Node refuses ("needs an
// import attribute of type: json"); vitest hands node_modules to Node as they are, so the same
// happens under vitest. A load hook serves those JSON files as modules, and nothing else changes.
import { registerHooks } from 'node:module';

registerHooks({
  load(url, context, nextLoad) {
    if (url.includes('/@actions/workflow-parser/') && url.endsWith('.json')) {
      const loaded = nextLoad(url, { ...context, format: 'json', importAttributes: { type: 'json' } });
      const json = typeof loaded.source === 'string' ? loaded.source : Buffer.from(loaded.source as Uint8Array).toString('utf8');
      return { format: 'module', source: `export default ${json};`, shortCircuit: true };
    }
    return nextLoad(url, context);
  },
});

export const parser = await import('@actions/workflow-parser');
