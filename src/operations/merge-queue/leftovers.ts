import type { GitHubRepo } from '../../github/api/client.js';
import { GitHubError } from '../../github/api/client.js';
import { getBranchHead } from '../../github/api/rest.js';
import type { ProjectLog } from '../../reporting/project-log.js';
import { safeLine } from '../../util/untrusted-text.js';
import type { OperationContext } from '../types.js';
import { deactivate } from './checks.js';
import { parseQueueBranch, type MergeGroup } from './group.js';
import { messageOf } from '../../util/message-of.js';

/** Queue versions looked at per run at most: a backlog is cleared over a few runs. */
const MAX_LEFTOVERS = 10;

/**
 * Queue versions an earlier run left active (its deactivation failed, or the runner killed it):
 * FACTS, the service deletes only inactive versions whose branch is gone, so such a version stays,
 * served on the docs domain, for ever. Each `build` run deactivates those whose queue branch is
 * gone from GitHub (the group left the queue); a branch that still exists is a group still in the
 * queue, whose own run deactivates its version. Best effort: a failure is logged, never the run's.
 * Returns the slugs deactivated.
 */
export async function deactivateLeftovers(
  ctx: OperationContext,
  project: string,
  group: MergeGroup,
  github: () => Promise<GitHubRepo | undefined>,
  log: ProjectLog,
): Promise<string[]> {
  const done: string[] = [];
  try {
    const active = await ctx.api.versions(project, { active: true, type: 'branch' });
    const leftovers = active
      .filter((v) => v.verbose_name != null && v.verbose_name !== group.branch && parseQueueBranch(v.verbose_name) !== undefined)
      .slice(0, MAX_LEFTOVERS);
    if (leftovers.length === 0) return done;
    const gh = await github();
    if (!gh) return done;
    for (const version of leftovers) {
      if (await branchExists(gh, version.verbose_name!)) {
        log.debug(`${version.slug}: an active queue version whose branch is still on GitHub (a group in the queue): left to its run`);
        continue;
      }
      log.info(`${version.slug} is a queue version an earlier run left active, and its branch is gone from GitHub: deactivating it`);
      if (await deactivate(ctx, project, version.slug, log)) done.push(version.slug);
    }
  } catch (error) {
    log.info(`Looking for queue versions earlier runs left active failed: ${safeLine(messageOf(error), 300)}`);
  }
  return done;
}

/** Whether the branch is on GitHub; only GitHub's 404 says it is gone (any other failure: assume it is there). */
async function branchExists(gh: GitHubRepo, branch: string): Promise<boolean> {
  try {
    await getBranchHead(gh, branch);
    return true;
  } catch (error) {
    if (error instanceof GitHubError && error.status === 404) return false;
    return true;
  }
}
