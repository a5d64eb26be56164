import type { GitHubRepo } from '../../github/api/client.js';
import { GitHubError } from '../../github/api/client.js';
import { getBranchHead } from '../../github/api/rest.js';
import type { ProjectLog } from '../../reporting/project-log.js';
import type { Version } from '../../readthedocs/schemas.js';
import { safeLine } from '../../util/untrusted-text.js';
import type { OperationContext } from '../types.js';
import { deactivate } from './checks.js';
import { parseQueueBranch, type MergeGroup } from './group.js';
import { messageOf } from '../../util/message-of.js';

/** Queue versions looked at per run at most: a backlog is cleared over a few runs. */
const MAX_LEFTOVERS = 10;
/** The whole sweep's time at most, its deactivations' retries included; it ends at the step's deadline in any case. */
const SWEEP_MS = 30_000;

/**
 * Queue versions an earlier run left active (its deactivation failed, or the runner killed it):
 * FACTS, the service deletes only inactive versions whose branch is gone, so such a version stays,
 * served on the docs domain, for ever. Each `build` run deactivates those whose queue branch is
 * gone from GitHub (the group left the queue); a branch that still exists is a group still in the
 * queue, whose own run deactivates its version. GitHub answers 404 also to a token that cannot see
 * the repository: a 404 is taken for "gone" only once the group's own queue branch answered 200 in
 * this run, and a 401 or 403 ends the sweep. Best effort: a failure is logged, never the run's.
 * Returns the slugs deactivated.
 */
export async function deactivateLeftovers(
  ctx: OperationContext,
  project: string,
  group: MergeGroup,
  github: () => Promise<GitHubRepo | undefined>,
  log: ProjectLog,
): Promise<string[]> {
  try {
    // The filters spare the service work; FACTS documents none, and one it ignores is dropped silently.
    const listed = await ctx.api.versions(project, { active: true, type: 'branch' });
    const leftovers = listed
      .filter((v) => v.active && v.type === 'branch' && isOtherQueueBranch(v.verbose_name, group))
      .slice(0, MAX_LEFTOVERS);
    if (leftovers.length === 0) return [];
    const gh = await github();
    if (!gh) return [];
    const own = await readBranch(gh, group.branch);
    if (own !== 'there') {
      log.info(`Queue versions earlier runs left active are not looked for: ${SKIPPED[own]}`);
      return [];
    }
    return await sweep(ctx, project, gh, leftovers, log);
  } catch (error) {
    log.info(`Looking for queue versions earlier runs left active failed: ${safeLine(messageOf(error), 300)}`);
    return [];
  }
}

/** Deactivates the leftovers whose queue branch GitHub says is gone, until the step's deadline. */
async function sweep(ctx: OperationContext, project: string, gh: GitHubRepo, leftovers: Version[], log: ProjectLog): Promise<string[]> {
  const done: string[] = [];
  // One window for every deactivation, closing at the step's deadline: not 30 s more for each.
  const window = ctx.deadline.cleanupWindow(Math.min(SWEEP_MS, ctx.deadline.remainingMs()));
  try {
    for (const version of leftovers) {
      if (window.signal.aborted || ctx.deadline.signal.aborted) {
        log.info("Queue versions earlier runs left active: the rest are left to a later run (the step's time is up)");
        break;
      }
      const read = await readBranch(gh, version.verbose_name!);
      if (read === 'refused') {
        log.info(`Queue versions earlier runs left active are not looked for further: ${SKIPPED.refused}`);
        break;
      }
      if (read !== 'gone') {
        log.debug(`${version.slug}: an active queue version whose branch is still on GitHub (a group in the queue): left to its run`);
        continue;
      }
      log.info(`${version.slug} is a queue version an earlier run left active, and its branch is gone from GitHub: deactivating it`);
      if (await deactivate(ctx, project, version.slug, log, window)) done.push(version.slug);
    }
  } finally {
    window.dispose();
  }
  return done;
}

/** A queue branch's name, not this group's. */
function isOtherQueueBranch(name: string | null | undefined, group: MergeGroup): name is string {
  return name != null && name !== group.branch && parseQueueBranch(name) !== undefined;
}

/** What GitHub said of a branch: there (200), gone (404), refused (401, 403), or unknown (any other failure). */
type BranchRead = 'there' | 'gone' | 'refused' | 'unknown';

/** Why the sweep stops, by what GitHub said of a branch. */
const SKIPPED: Record<Exclude<BranchRead, 'there'>, string> = {
  gone:
    "GitHub answered 404 for the group's own queue branch (the group has left the queue, or the token cannot see the repository), " +
    'so a 404 cannot tell a branch gone',
  refused: 'GitHub refused to read a branch (401 or 403): give the job `permissions: contents: read`',
  unknown: "the group's own queue branch could not be read from GitHub",
};

async function readBranch(gh: GitHubRepo, branch: string): Promise<BranchRead> {
  try {
    await getBranchHead(gh, branch);
    return 'there';
  } catch (error) {
    if (!(error instanceof GitHubError)) return 'unknown';
    if (error.status === 404) return 'gone';
    return error.status === 401 || error.status === 403 ? 'refused' : 'unknown';
  }
}
