import { formatDuration } from '../../../util/format-duration.js';
import type { Build } from '../../../readthedocs/schemas.js';
import { pollUntil, type Sleep, sleepWithProgress, waitUntil } from '../../../resilience/index.js';
import { FINAL_STATES } from './build-ids.js';
import { BuildLogFollower } from './build-log.js';
import { explainFailure } from './failure-reason.js';
import { annotateSphinxProblems, parseSphinxProblems, problemsToShow } from './sphinx-warnings.js';
import { durationSpread, expectedDuration, StartTracker, watchDelay } from './poll-policy.js';
import { checkBuildWarnings, type WarningsCheck } from './warnings/check.js';
import { newMarker } from './warnings/compare.js';
import { warningsGate } from './warnings/gate.js';
import type { Conclusion, OperationContext, ProjectRun } from '../../types.js';

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
const WAITING_NOTICE_MS = 30_000;

/**
 * The sleep of a wait for something to appear that is never silent: once `begin()` is called (at
 * the first look that found nothing), `say` runs about every WAITING_NOTICE_MS while it sleeps.
 */
export function waitingNotice(ctx: OperationContext, say: () => void): { sleep: Sleep; begin: () => void } {
  const every = Math.max(1, ctx.waitingNoticeMs ?? WAITING_NOTICE_MS);
  let nextNoticeAt = Number.POSITIVE_INFINITY;
  const sleep = sleepWithProgress(ctx.sleep, {
    now: () => ctx.now(),
    dueAt: () => nextNoticeAt,
    onDue: (now) => {
      say();
      nextNoticeAt = now + every;
    },
  });
  return {
    sleep,
    begin: () => {
      nextNoticeAt = ctx.now() + every;
    },
  };
}

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

/** How a watch ended: the build as last polled, and its chart for the job summary when it ran commands. */
export interface Watched {
  build: Build;
  summarySections: string[];
  /** The build whose every command the log showed with its output: its failure need not repeat the last lines. */
  outputShownOf?: number;
}

/**
 * Polls a build until it is `finished` or `cancelled`, recording each answer as the project's last
 * state seen. The schedule is predictive (sparse early,
 * dense near the expected end) unless `poll-interval` fixes it. Every build watched at once draws
 * from the one rate budget: each poller keeps to its fair share of it, and looks before it asks so
 * that a window already used up (by triggers, other projects) delays the poll instead of queueing
 * it at the window's edge. `stopWhen` ends the watch early on a build it matches.
 */
export async function watchBuild(
  ctx: OperationContext,
  { name, log, seen }: ProjectRun,
  initial: Build,
  estimate: DurationEstimate | undefined,
  stopWhen?: (build: Build) => boolean,
): Promise<Watched> {
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
    return await pollUntil<Watched>(
      async (round) => {
        if (round > 1) {
          await awaitFairTurn(ctx, lastPollAt);
          await awaitFreeSlot(ctx);
          lastPollAt = ctx.now();
          build = await ctx.api.build(build.project, build.id);
        }
        seen.build(build);
        // The commands that finished before this state, then the state itself.
        await buildLog.observe(build, FINAL_STATES.has(build.state.code));
        const now = ctx.now();
        if (build.state.code !== lastState) {
          lastState = build.state.code;
          log.progress(`${elapsed(ctx)} build #${build.id}: ${build.state.name ?? build.state.code}`);
          nextProgressAt = now + progressEveryMs;
        }
        if (FINAL_STATES.has(build.state.code) || stopWhen?.(build))
          return {
            build,
            summarySections: buildLog.chart(name, build),
            ...(buildLog.shownInFull(build) ? { outputShownOf: build.id } : {}),
          };
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

/**
 * The project's outcome from a final build the project's last state already records (`watched`,
 * its chart kept), with the reason when it is not a success.
 */
export async function concludeBuild(
  ctx: OperationContext,
  run: ProjectRun,
  watched: Pick<Watched, 'build'> & Partial<Watched>,
  warningsCheck?: WarningsCheck,
): Promise<Conclusion<never>> {
  const { build } = watched;
  const { name: project, log } = run;
  const summarySections = watched.summarySections ?? [];
  const took = build.duration !== null ? ` in ${formatDuration(build.duration * 1000)}` : '';
  const link = run.seen.current.buildUrl ?? 'no link';
  if (build.state.code === 'finished' && build.success === true) {
    log.info(`Build #${build.id} succeeded${took}: ${link}`);
    return concludeSuccess(ctx, run, build, summarySections, warningsCheck);
  }
  const cancelled = build.state.code === 'cancelled';
  if (cancelled && (await endedBySkip(ctx, build))) {
    const subject = `${project} ${build.version ?? '(deleted version)'}`;
    const reason = `build #${build.id} was skipped: ` + `a command exited with code 183, the service's way to skip a build (${link})`;
    log.info(`${subject}: ${reason}`);
    return { outcome: 'skipped', title: 'Build skipped', subject, reason, summarySections };
  }
  const findings = await explainFailure(ctx.api, build);
  // Input `warnings`: which of the failed build's warnings are new, marked where they are shown
  // (looked up only when its failed command wrote some). A build that stopped early says nothing
  // of what it fixed: its result carries no comparison.
  const marks = warningsCheck !== undefined && findings.output !== undefined && parseSphinxProblems(findings.output).length > 0;
  const warnings = marks ? await checkBuildWarnings(ctx, run, build, warningsCheck, { annotate: false }) : undefined;
  const isNew = () => newMarker(warnings?.new ?? []);
  const subject = `${project} ${build.version ?? '(deleted version)'}`;
  const reason = `build #${build.id} ${cancelled ? 'was cancelled' : `failed${took}`} (${link})\n${findings.text}`;
  // The output's tail ends the reason: the log shows it folded, the annotation (later) in full.
  // The log neutralises the service's text (the reason quotes the build's output).
  const tailPart = findings.outputTail === undefined ? '' : `\nLast lines of its output:\n${findings.outputTail}`;
  if (tailPart !== '' && reason.endsWith(tailPart)) {
    log.info(`${subject}: ${reason.slice(0, -tailPart.length)}`);
    // Each fact once: when the build's log above showed the failed command's output, not again.
    if (watched.outputShownOf !== build.id) log.section('Last lines of its output', findings.outputTail!);
  } else {
    log.info(`${subject}: ${reason}`);
  }
  if (findings.output) annotateSphinxProblems(findings.output, project, (message) => log.info(message), ctx.log, isNew());
  const title = cancelled ? 'Build cancelled' : 'Build failed';
  const { problems, more } = findings.output ? problemsToShow(findings.output, isNew()) : { problems: [], more: 0 };
  return {
    outcome: cancelled ? 'cancelled' : 'failed',
    title,
    subject,
    reason,
    ...(problems.length === 0 ? {} : { problems }),
    ...(more === 0 ? {} : { moreProblems: more }),
    ...(findings.headline === undefined ? {} : { headline: findings.headline }),
    ...(findings.outputTail === undefined ? {} : { outputTail: findings.outputTail }),
    summarySections,
  };
}

/**
 * A successful build's conclusion; with `warningsCheck`, its warnings compared with its baseline's,
 * and with `gate` and `warnings: fail`, red on a new one (else the operation decides later).
 */
async function concludeSuccess(
  ctx: OperationContext,
  run: ProjectRun,
  build: Build,
  summarySections: string[],
  warningsCheck: WarningsCheck | undefined,
): Promise<Conclusion<never>> {
  const warnings = warningsCheck ? await checkBuildWarnings(ctx, run, build, warningsCheck, { annotate: true }) : undefined;
  const success: Conclusion<never> = { outcome: 'success', summarySections, ...(warnings === undefined ? {} : { warnings }) };
  const gate = warningsCheck?.gate
    ? warningsGate(`${run.name} ${build.version ?? '(deleted version)'}`, warnings, ctx.inputs.warnings)
    : undefined;
  if (gate === undefined) return success;
  // The build's own verdict counts its new warnings already (`warningsCount`): the gate's words are not repeated.
  const { words: _, ...failure } = gate;
  run.log.info(`${failure.subject}: ${failure.reason}`);
  return { ...success, ...failure };
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
