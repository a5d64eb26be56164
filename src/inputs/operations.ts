// Written by `npm run generate` from the registry (src/operations/index.ts), which is the list: do not
// edit. It imports nothing, so that the inputs layer and the scripts (scripts/readme-tables.ts) read it as it is.
/** The operations, in the order the docs list them: the registry's, each with its folder under src/operations/. */
export const OPERATIONS = ['build', 'wait', 'sync-versions', 'env', 'preview', 'merge-queue', 'apply', 'export', 'health'] as const;
export type Operation = (typeof OPERATIONS)[number];
