// Imports nothing, so that scripts (scripts/readme-tables.ts) can read it as it is.
/**
 * The operations, in the order the docs list them. Each has its folder under src/operations/ and
 * a line in the registry (src/operations/index.ts), which TypeScript holds to this list.
 */
export const OPERATIONS = ['build', 'wait', 'sync-versions', 'env', 'preview', 'merge-queue', 'apply', 'export', 'health'] as const;
export type Operation = (typeof OPERATIONS)[number];
