import { formatDuration } from '../inputs/duration.js';
import type { ProjectLog } from '../github/project-log.js';
import type { Build } from '../service/schemas.js';
import { sleep } from '../util/abort.js';
import { explainFailure } from './failure-reason.js';
import { defaultPollPolicy, expectedDuration, nextPollDelay } from './poll-policy.js';
import type { OperationContext, ProjectResult } from './types.js';

export const FINAL_STATES = new Set(['finished', 'cancelled']);

/** Copies what a build says into the project's result, so any ending reports the last state seen. */
export function recordBuild(result: ProjectResult, build: Build): void {
  result.buildId = build.id;
  result.buildUrl = build.urls.build || result.buildUrl;
  result.state = build.state.code;
  result.version = build.version || result.version;
  if (build.commit) result.commit = build.commit;
  if (build.success !== null) result.success = build.success;
  if (build.duration !== null) result.duration = build.duration;
}

/** The expected build time from the version's recent builds (one list request made by the caller). */
export function expectedFromHistory(history: Build[]): number | undefined {
  const durations = history
    .filter((build) => build.state.code === 'finished' && build.success === true && build.duration !== null)
    .map((build) => build.duration as number);
  return expectedDuration(durations);
}

let activeWatchers = 0;

/**
 * Polls a build until it is `finished` or `cancelled`. The schedule is predictive (sparse early,
 * dense near the expected end) unless `poll-interval` fixes it, and never faster than the shared
 * rate budget allows for every build being watched at once.
 */
export async function watchBuild(
  ctx: OperationContext,
  result: ProjectResult,
  log: ProjectLog,
  initial: Build,
  expectedDurationMs: number | undefined,
): Promise<Build> {
  let build = initial;
  let lastState = '';
  let startedAt: number | undefined;
  activeWatchers += 1;
  try {
    for (;;) {
      recordBuild(result, build);
      const now = ctx.now();
      if (build.state.code !== lastState) {
        lastState = build.state.code;
        log.progress(`${elapsed(ctx)} build #${build.id}: ${build.state.name ?? build.state.code}`);
      }
      if (FINAL_STATES.has(build.state.code)) return build;
      if (startedAt === undefined && build.state.code !== 'triggered') startedAt = now;
      const delay =
        ctx.inputs.pollInterval === 'auto'
          ? nextPollDelay(
              { now, state: build.state.code, buildStartedAt: startedAt, expectedDurationMs },
              defaultPollPolicy,
            )
          : ctx.inputs.pollInterval;
      await sleep(Math.max(delay, ctx.budget.fairIntervalMs(activeWatchers)), ctx.deadline.signal);
      build = await ctx.api.build(build.project, build.id);
    }
  } finally {
    activeWatchers -= 1;
  }
}

/** Turns a final build into the project's outcome, with the reason when it is not a success. */
export async function concludeBuild(
  ctx: OperationContext,
  result: ProjectResult,
  log: ProjectLog,
  build: Build,
): Promise<void> {
  recordBuild(result, build);
  const took = build.duration !== null ? ` in ${formatDuration(build.duration * 1000)}` : '';
  if (build.state.code === 'finished' && build.success === true) {
    result.outcome = 'success';
    log.info(`Build #${build.id} succeeded${took}: ${build.urls.build}`);
    return;
  }
  const cancelled = build.state.code === 'cancelled';
  result.outcome = cancelled ? 'cancelled' : 'failed';
  result.title = cancelled ? 'Build cancelled' : 'Build failed';
  const why = await explainFailure(ctx.api, build);
  result.reason = `${result.project} ${build.version}: build #${build.id} ${cancelled ? 'was cancelled' : `failed${took}`} (${build.urls.build})\n${why}`;
  log.info(result.reason);
}

export function elapsed(ctx: OperationContext): string {
  return `[${formatDuration(ctx.now() - ctx.startedAt)}]`;
}
