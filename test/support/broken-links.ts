// Broken links as the link check reports them, for the tests of what health makes of them.
import type { BrokenLink } from '../../src/reporting/broken-link.js';

/** A dead link to another site (`external`), found on `page`. */
export const deadLink = (page: string, target: string, problem = 'answered 404'): BrokenLink => ({
  page,
  target,
  problem,
  kind: 'page',
  external: true,
});
