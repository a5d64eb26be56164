import type { PreviewStatus } from './comment-rows.js';
import type { ChangedPage } from './changed-pages.js';
import type { LinkDetails } from './link-check.js';
import type { UnredirectedPage } from './redirect-check.js';

/**
 * What `preview` puts in a project's result (and so in `results[]`): the pull request, the preview's
 * status as the comment shows it, and the changed pages that answer. A closed pull request has
 * only its status.
 */
export type PreviewDetails =
  | {
      pullRequest: number;
      headSha: string;
      previewStatus: PreviewStatus;
      pages: ChangedPage[];
      /**
       * Present when `pages` came from the service's file tree diff (every page it adds, modifies
       * or deletes; else they are mapped from the pull request's source files): whether the
       * service says it is outdated, and the base version's root when its links tell.
       */
      fileTreeDiff?: { outdated: boolean; base?: string };
      /** `redirect-check` (unless `off`): the first pages moved or removed without a redirect, and how many in all. */
      unredirected?: UnredirectedPage[];
      unredirectedTotal?: number;
      /** `link-check` (unless `off`, or no page to read): the changed pages' links checked, not checked, and the broken ones. */
      links?: LinkDetails;
    }
  | { previewStatus: 'merged' | 'closed' };
