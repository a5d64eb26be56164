import type { ProjectLog } from '../../../reporting/project-log.js';
import { NotFoundError } from '../../../readthedocs/errors.js';
import type { Build, Version } from '../../../readthedocs/schemas.js';
import { pollUntil } from '../../../resilience/index.js';
import type { OperationContext } from '../../types.js';
import { elapsed, waitingNotice } from './watch-build.js';

// Looking for what a sync or an activation makes, shared by `sync-versions` and `merge-queue`:
// a version that appears after a sync, and the build that activating it queues.

/**
 * Polls the version's record until it exists (404 until the sync has created it), saying so at the
 * first look and then about every 30 s (`waitingNotice`), as `wait` does for a build, so that a long
 * wait is never silent.
 */
export async function waitForVersion(ctx: OperationContext, project: string, version: string, log: ProjectLog): Promise<Version> {
  const notice = waitingNotice(ctx, () => log.info(`${elapsed(ctx)} ${version} is still not there: waiting for the sync to create it`));
  return pollUntil(
    async (round) => {
      try {
        return await ctx.api.version(project, version);
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
      }
      if (round === 1) {
        log.info(`${elapsed(ctx)} ${version} is not there yet: the sync runs in the background`);
        notice.begin();
      }
      return undefined;
    },
    { intervalMs: () => lookInterval(ctx), signal: ctx.deadline.signal, sleep: notice.sleep },
  );
}

/** Looks at the version's builds until `pick` finds one: only the deadline ends it otherwise. */
export async function waitForBuild(
  ctx: OperationContext,
  project: string,
  version: string,
  pick: (builds: Build[]) => Build | undefined,
): Promise<Build> {
  return pollUntil(async () => pick(await ctx.api.recentBuilds(project, { version, limit: 5 })), {
    intervalMs: () => lookInterval(ctx),
    signal: ctx.deadline.signal,
    sleep: ctx.sleep,
  });
}

/** Looks at the version's builds until `pick` finds one, or `withinMs` has passed (then none). */
export async function lookForBuild(
  ctx: OperationContext,
  project: string,
  version: string,
  pick: (builds: Build[]) => Build | undefined,
  withinMs: number,
): Promise<Build | undefined> {
  const until = ctx.now() + withinMs;
  const { found } = await pollUntil<{ found: Build | undefined }>(
    async () => {
      const build = pick(await ctx.api.recentBuilds(project, { version, limit: 5 }));
      // Found, or the window is over (then nothing was found): either ends the poll.
      return build || ctx.now() >= until ? { found: build } : undefined;
    },
    { intervalMs: () => lookInterval(ctx), signal: ctx.deadline.signal, sleep: ctx.sleep },
  );
  return found;
}

/** How often to look for a version or a build that is expected soon. */
export function lookInterval(ctx: OperationContext): number {
  return Math.max(ctx.polling.lookIntervalMs, ctx.budget.fairIntervalMs(ctx.inputs.projects.length));
}
