import { formatDuration } from '../../util/format-duration.js';
import { serviceLinks } from '../../reporting/service-links.js';
import type { ProjectLog } from '../../reporting/project-log.js';
import type { Build } from '../../readthedocs/schemas.js';
import { pollUntil, sleepWithProgress, waitUntil } from '../../resilience/index.js';
import { FINAL_STATES } from './build-ids.js';
import { BuildLogFollower, outputShown } from './build-log.js';
import { explainFailure, type FailureFindings } from './failure-reason.js';
import { annotateSphinxProblems } from './sphinx-warnings.js';
import { durationSpread, expectedDuration, StartTracker, watchDelay } from './poll-policy.js';
import type { OperationContext, ProjectResult } from '../types.js';

/**
 * Copies what a build says into the project's result, so any ending reports the last state seen.
 * Its link is kept only when it is a page of the service (`serviceLinks`): the result's `buildUrl`
 * is what statuses, deployments, the comment, the summary and the outputs link to.
 */
export function recordBuild(ctx: OperationContext, result: ProjectResult, build: Build, log?: ProjectLog): void {
  const link = serviceLinks(ctx.inputs.baseUrl).build(build.urls.build);
  if (link === undefined && build.urls.build && result.buildId !== build.id) {
    log?.info(`Build #${build.id}: the service's link to it is not an http(s) page of the service; it is not linked anywhere`);
  }
  result.buildId = build.id;
  // An answer without a link keeps the one seen before; a link that is not the service's drops it.
  result.buildUrl = link ?? (build.urls.build ? undefined : result.buildUrl);
  result.state = build.state.code;
  result.version = build.version || result.version;
  if (build.commit) result.commit = build.commit;
  if (build.success !== null) result.success = build.success;
  if (build.duration !== null) result.duration = build.duration;
}

/** How long the next build will likely run (ms), and how far it may stray from that. */
export interface DurationEstimate {
  expectedMs: number;
  spreadMs: number;
}

/** The expected build time from the version's recent builds (one list request made by the caller). */
export function expectedFromHistory(history: Build[]): DurationEstimate | undefined {
  const durations = history
    .filter((build) => build.state.code === 'finished' && build.success === true && build.duration !== null)
    .map((build) => build.duration as number);
  const expectedMs = expectedDuration(durations);
  return expectedMs === undefined ? undefined : { expectedMs, spreadMs: durationSpread(durations) ?? 0 };
}

/**
 * The service counts a request when it arrives, this budget when it is sent: a poll that would
 * need the slot a window edge frees waits this much longer, more than the network's jitter, so
 * that it never lands inside the service's window (a 429 costs far more than the wait).
 */
const WINDOW_EDGE_MARGIN_MS = 500;

/** A long build says it is still running about this often, so that a wait is never silent. */
export const PROGRESS_INTERVAL_MS = 60_000;

/** While the build of a commit has not appeared, the wait says so about this often. */
export const WAITING_NOTICE_MS = 30_000;

/** "45s", "4m": a progress line's figures, to the minute once past one. */
function roughly(ms: number): string {
  return formatDuration(ms < 60_000 ? Math.round(ms / 1000) * 1000 : Math.round(ms / 60_000) * 60_000);
}

/** "still building, 4m of about 6m expected" (from the version's history, when it has one). */
export function progressLine(state: string, runningMs: number, estimate: DurationEstimate | undefined): string {
  if (state === 'triggered') return `still queued, for ${roughly(runningMs)} so far`;
  const doing = state === 'cloning' || state === 'installing' || state === 'uploading' ? state : 'building';
  if (estimate === undefined) return `still ${doing}, ${roughly(runningMs)} so far`;
  const expected = roughly(estimate.expectedMs);
  return runningMs <= estimate.expectedMs
    ? `still ${doing}, ${roughly(runningMs)} of about ${expected} expected`
    : `still ${doing}, ${roughly(runningMs)} (about ${expected} expected)`;
}

/**
 * Polls a build until it is `finished` or `cancelled`. The schedule is predictive (sparse early,
 * dense near the expected end) unless `poll-interval` fixes it. Every build watched at once draws
 * from the one rate budget: each poller keeps to its fair share of it, and looks before it asks so
 * that a window already used up (by triggers, other projects) delays the poll instead of queueing
 * it at the window's edge. `stopWhen` ends the watch early on a build it matches.
 */
export async function watchBuild(
  ctx: OperationContext,
  result: ProjectResult,
  log: ProjectLog,
  initial: Build,
  estimate: DurationEstimate | undefined,
  stopWhen?: (build: Build) => boolean,
): Promise<Build> {
  let build = initial;
  let lastState = '';
  const created = build.created === null ? Number.NaN : Date.parse(build.created);
  const start = new StartTracker(Number.isFinite(created) ? created : undefined);
  let lastPollAt = ctx.now();
  const progressEveryMs = Math.max(1, ctx.progressIntervalMs ?? PROGRESS_INTERVAL_MS);
  let nextProgressAt = ctx.now() + progressEveryMs;
  /** The schedule's wait after the last answer, and when the build started running as far as known. */
  let delay = 0;
  let runningSince: number | undefined;
  /** Sleeps as `ctx.sleep`, saying how the build is doing whenever a progress line is due meanwhile. */
  const sleepTelling = sleepWithProgress(ctx.sleep, {
    now: () => ctx.now(),
    dueAt: () => nextProgressAt,
    onDue: (now) => {
      const runningMs = runningSince === undefined ? 0 : now - runningSince;
      log.progress(`${elapsed(ctx)} build #${build.id}: ${progressLine(build.state.code, runningMs, estimate)}`);
      nextProgressAt = now + progressEveryMs;
    },
  });
  const buildLog = new BuildLogFollower(ctx, log);
  const leave = ctx.watchers.enter();
  try {
    return await pollUntil(
      async (round) => {
        if (round > 1) {
          await awaitFairTurn(ctx, lastPollAt);
          await awaitFreeSlot(ctx);
          lastPollAt = ctx.now();
          build = await ctx.api.build(build.project, build.id);
        }
        recordBuild(ctx, result, build, log);
        // The commands that finished before this state, then the state itself.
        await buildLog.observe(build, FINAL_STATES.has(build.state.code));
        const now = ctx.now();
        if (build.state.code !== lastState) {
          lastState = build.state.code;
          log.progress(`${elapsed(ctx)} build #${build.id}: ${build.state.name ?? build.state.code}`);
          nextProgressAt = now + progressEveryMs;
        }
        if (FINAL_STATES.has(build.state.code) || stopWhen?.(build)) return buildLog.conclude(result, build);
        const timeline = start.observe(now, build.state.code);
        runningSince = timeline.buildStartedAt;
        delay = watchDelay(ctx.polling.watch, {
          now,
          state: build.state.code,
          ...timeline,
          expectedDurationMs: estimate?.expectedMs,
          durationSpreadMs: estimate?.spreadMs,
        });
        return undefined;
      },
      // The schedule decides each wait from the answer just read; the sleep tells the progress meanwhile.
      { intervalMs: () => delay, signal: ctx.deadline.signal, sleep: sleepTelling },
    );
  } finally {
    leave();
  }
}

/**
 * Keeps this poller to its share of the budget: one poll per `window / limit × watchers`. Counted
 * when it is about to poll, not when it went to sleep: builds that ended meanwhile leave more room.
 */
async function awaitFairTurn(ctx: OperationContext, lastPollAt: number): Promise<void> {
  await waitUntil(() => lastPollAt + ctx.budget.fairIntervalMs(ctx.watchers.count), waitOn(ctx));
}

/** Waits until the budget has a slot for a poll now, plus the margin past a window edge. */
async function awaitFreeSlot(ctx: OperationContext): Promise<void> {
  await waitUntil(() => ctx.budget.nextSlotAt(), { ...waitOn(ctx), marginMs: WINDOW_EDGE_MARGIN_MS });
}

/** The operation's clock and wait, ended by the step's deadline and cancellation. */
function waitOn(ctx: OperationContext) {
  return { now: () => ctx.now(), sleep: ctx.sleep, signal: ctx.deadline.signal };
}

/** Turns a final build into the project's outcome, with the reason when it is not a success. */
export async function concludeBuild(ctx: OperationContext, result: ProjectResult, log: ProjectLog, build: Build): Promise<void> {
  recordBuild(ctx, result, build, log);
  const took = build.duration !== null ? ` in ${formatDuration(build.duration * 1000)}` : '';
  const link = result.buildUrl ?? 'no link';
  if (build.state.code === 'finished' && build.success === true) {
    result.outcome = 'success';
    log.info(`Build #${build.id} succeeded${took}: ${link}`);
    return;
  }
  const cancelled = build.state.code === 'cancelled';
  if (cancelled && (await endedBySkip(ctx, build))) {
    result.outcome = 'skipped';
    result.title = 'Build skipped';
    result.reason =
      `${result.project} ${build.version ?? '(deleted version)'}: build #${build.id} was skipped: ` +
      `a command exited with code 183, the service's way to skip a build (${link})`;
    log.info(result.reason);
    return;
  }
  result.outcome = cancelled ? 'cancelled' : 'failed';
  result.title = cancelled ? 'Build cancelled' : 'Build failed';
  const findings: FailureFindings = {};
  const why = await explainFailure(ctx.api, build, findings);
  result.reason = `${result.project} ${build.version ?? '(deleted version)'}: build #${build.id} ${cancelled ? 'was cancelled' : `failed${took}`} (${link})\n${why}`;
  if (findings.headline !== undefined) result.headline = findings.headline;
  if (findings.outputTail !== undefined) result.outputTail = findings.outputTail;
  // The output's tail ends the reason: the log shows it folded, the annotation (later) in full.
  // The log neutralises the service's text (the reason quotes the build's output).
  const tailPart = findings.outputTail === undefined ? '' : `\nLast lines of its output:\n${findings.outputTail}`;
  if (tailPart !== '' && result.reason.endsWith(tailPart)) {
    log.info(result.reason.slice(0, -tailPart.length));
    // Each fact once: when the build's log above showed the failed command's output, not again.
    if (!outputShown(result, build.id)) log.section('Last lines of its output', findings.outputTail!);
  } else {
    log.info(result.reason);
  }
  if (findings.output) annotateSphinxProblems(findings.output, result.project, (message) => log.info(message), ctx.log);
}

/** The notification the service leaves on a build that a command ended with exit code 183. */
export const SKIP_NOTIFICATION = 'build:user:exit-code-183';

/** Whether a cancelled build skipped itself (exit code 183); a lookup error counts as no. */
async function endedBySkip(ctx: OperationContext, build: Build): Promise<boolean> {
  try {
    const notifications = await ctx.api.buildNotifications(build.project, build.id);
    return notifications.some((notification) => notification.message.id === SKIP_NOTIFICATION);
  } catch {
    return false;
  }
}

export function elapsed(ctx: OperationContext): string {
  return `[${formatDuration(ctx.now() - ctx.startedAt)}]`;
}
