import { defaultPollPolicy, type PollPolicyOptions, type WatchSchedule } from '../../polling-plan.js';
import { FINAL_STATES } from './build-ids.js';

/**
 * When to ask the service again about a build we are waiting for.
 *
 * A fixed interval is either chatty (2 s) or slow to notice the end (10–15 s). This policy uses what
 * the service already tells us: the version's recent build durations (one list request), the
 * build's state, and when it started. From those it knows a window in which the build will most
 * likely end (the history's median, widened by its spread, the whole-second rounding of durations
 * and how unsure the start is). It reaches that window in as few equal hops as the longest interval
 * allows, crosses it at the densest interval (or a sixth of a wide window), stays dense for a short
 * while after the expected end, then backs off. Without history it polls steadily and slowly
 * stretches; while queued it waits as long as the build has queued.
 *
 * Everything here is pure: the clock comes in through `PollObservation.now`.
 */

export interface PollObservation {
  /** ms epoch, from the injected clock. */
  now: number;
  /** `state.code`: triggered | cloning | installing | building | uploading | finished | cancelled. */
  state: string;
  /**
   * ms epoch. While running: when the build was first seen out of `triggered`, or its `created`
   * time when it was never seen queued. While `triggered`: its `created` time (how long it queued).
   */
  buildStartedAt?: number;
  /**
   * How much earlier than `buildStartedAt` the build may really have started: the time between the
   * last poll that saw it queued and the first that saw it running. 0 (default) when it was never
   * seen queued.
   */
  startUncertaintyMs?: number;
  /** Expected running time from history (`expectedDuration`); undefined when there is none. */
  expectedDurationMs?: number;
  /** How far this version's durations stray from the expected one (`durationSpread`); default 0. */
  durationSpreadMs?: number;
}

/**
 * The service reports durations in whole seconds, so a build "like the last ones" may end up to
 * half a second either side of the estimate (never more than half the densest interval, so that
 * one poll covers that uncertainty).
 */
const DURATION_ROUNDING_MS = 500;
/** Spread = this many median absolute deviations of the history (about one standard deviation). */
const SPREAD_MADS = 1.5;
/** With fewer durations than this the history says little about its spread: assume a share of it. */
const SPREAD_MIN_SAMPLES = 3;
const SPREAD_FALLBACK_RATIO = 0.05;
/** A wide window (erratic history, a start long unseen) is crossed in about this many polls. */
const POLLS_PER_WINDOW = 6;
/** Past the dense window, each wait is this share of the overrun beyond it (1.5× growth per poll). */
const OVERRUN_BACKOFF_RATIO = 0.5;
/** In `triggered`, wait as long as the build has already queued: a short pickup is seen quickly,
 *  a concurrency wait (retried every 5 minutes by the service) soon polls at the maximum. */
const QUEUE_BACKOFF_RATIO = 1;
/** Without history: start at this many densest intervals... */
const NO_HISTORY_BASE_FACTOR = 3;
/** ...and add this share of the elapsed time, so the lag stays a small fraction of the wait. */
const NO_HISTORY_GROWTH_RATIO = 0.03;
/** Without `nearEndWindowMs`, stay dense for this many densest intervals after the expected end. */
const DEFAULT_WINDOW_FACTOR = 4;

/**
 * A robust estimate (ms) of how long the next build will run: the median of the given durations
 * (seconds, as the builds list reports them, queue time excluded). Null, zero, negative and
 * non-finite values are ignored: they belong to builds that never ran to the end. Pass the
 * durations of successful builds only; failures often stop early and would pull the estimate down.
 */
export function expectedDuration(recentDurationsSeconds: ReadonlyArray<number | null | undefined>): number | undefined {
  const usable = usableDurations(recentDurationsSeconds);
  return usable.length === 0 ? undefined : Math.round(median(usable) * 1000);
}

/**
 * How far (ms) the next build may stray from `expectedDuration` of the same durations: 1.5 median
 * absolute deviations, so builds that always take the same time get a narrow window and erratic
 * ones a wide one. With fewer than 3 usable durations, 5 % of the estimate. Undefined without history.
 */
export function durationSpread(recentDurationsSeconds: ReadonlyArray<number | null | undefined>): number | undefined {
  const usable = usableDurations(recentDurationsSeconds);
  if (usable.length === 0) return undefined;
  const expected = median(usable) * 1000;
  if (usable.length < SPREAD_MIN_SAMPLES) return Math.round(expected * SPREAD_FALLBACK_RATIO);
  const mad = median(usable.map((d) => Math.abs(d * 1000 - expected)));
  return Math.round(Math.min(expected / 2, mad * SPREAD_MADS));
}

function usableDurations(durations: ReadonlyArray<number | null | undefined>): number[] {
  return durations.filter((d): d is number => typeof d === 'number' && Number.isFinite(d) && d > 0);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Milliseconds to wait before the next GET of the build. Always within [min, max]. */
export function nextPollDelay(obs: PollObservation, opts: PollPolicyOptions): number {
  const bounds = normalizeOptions(opts);
  return clampDelay(rawDelay(obs, bounds), bounds);
}

interface Bounds {
  min: number;
  max: number;
  window: number;
}

/**
 * Makes any options usable: a floor of 1 ms keeps a poll loop moving, and a max below the min is
 * raised to it rather than trusted.
 */
function normalizeOptions(opts: PollPolicyOptions): Bounds {
  const min = Number.isFinite(opts.minIntervalMs) ? Math.max(1, opts.minIntervalMs) : defaultPollPolicy.minIntervalMs;
  const max = Math.max(min, Number.isFinite(opts.maxIntervalMs) ? opts.maxIntervalMs : defaultPollPolicy.maxIntervalMs);
  const window =
    opts.nearEndWindowMs !== undefined && Number.isFinite(opts.nearEndWindowMs)
      ? Math.max(0, opts.nearEndWindowMs)
      : DEFAULT_WINDOW_FACTOR * min;
  return { min, max, window };
}

/** Whole milliseconds (timers want them), never outside [min, max]. */
function clampDelay(delay: number, { min, max }: Bounds): number {
  const whole = Number.isFinite(delay) ? Math.round(delay) : max;
  return Math.min(max, Math.max(min, whole));
}

function rawDelay(obs: PollObservation, b: Bounds): number {
  // Callers stop on a final state; if asked anyway, there is nothing to hurry for.
  if (FINAL_STATES.has(obs.state)) return b.max;

  const since =
    obs.buildStartedAt !== undefined && Number.isFinite(obs.buildStartedAt) && Number.isFinite(obs.now)
      ? // Server and runner clocks differ: a start "in the future" counts as just started.
        Math.max(0, obs.now - obs.buildStartedAt)
      : undefined;

  if (obs.state === 'triggered') return queuedDelay(since, b);
  // Without a start time nothing can be placed on the timeline: a steady middle interval.
  if (since === undefined) return Math.sqrt(b.min * b.max);

  const expected = obs.expectedDurationMs;
  if (expected === undefined || !Number.isFinite(expected) || expected <= 0) {
    return noHistoryDelay(since, b);
  }
  return predictedDelay(since, expected, obs, b);
}

/**
 * With history. On the build's timeline (`since` its latest plausible start) it most likely ends
 * between `earliest` and `latest`: the estimate, widened by the history's spread, the whole-second
 * rounding of durations, and (on the early side) how unsure the start is. Polls cross that window
 * at one step (the densest interval, or a share of a wide window), the first landing one step
 * into it so that it sees any early end within a step; past the window the back-off after the
 * expected end takes over.
 */
function predictedDelay(since: number, expected: number, obs: PollObservation, b: Bounds): number {
  const spread = nonNegative(obs.durationSpreadMs);
  const rounding = Math.min(DURATION_ROUNDING_MS, b.min / 2);
  const earliest = expected - spread - rounding - nonNegative(obs.startUncertaintyMs);
  const latest = expected + spread + rounding;
  const step = Math.max(b.min, (latest - earliest) / POLLS_PER_WINDOW);
  const firstInWindow = Math.min(earliest + step, latest);
  if (since < firstInWindow) return hopDelay(firstInWindow - since, b);
  if (since < latest) return step;
  return overrunDelay(since - (expected + spread), b);
}

/**
 * Far from the window: the fewest hops of at most `max` that land exactly on it, all of the same
 * length (no short hop wasted at the end).
 */
function hopDelay(untilTarget: number, b: Bounds): number {
  const hops = Math.ceil(untilTarget / b.max);
  return untilTarget / hops;
}

function nonNegative(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : 0;
}

/** Queued: grow with the time already spent in the queue; unknown queue time polls slowly. */
function queuedDelay(queuedFor: number | undefined, b: Bounds): number {
  return queuedFor === undefined ? b.max : queuedFor * QUEUE_BACKOFF_RATIO;
}

/**
 * Past the expected end: densest polling for the near-end window (the estimate is rarely exact),
 * then waits that grow with the overrun, i.e. exponentially, up to the maximum.
 */
function overrunDelay(overrun: number, b: Bounds): number {
  return b.min + Math.max(0, overrun - b.window) * OVERRUN_BACKOFF_RATIO;
}

/** No history: a few densest intervals, stretched slowly as the build keeps running. */
function noHistoryDelay(running: number, b: Bounds): number {
  return NO_HISTORY_BASE_FACTOR * b.min + running * NO_HISTORY_GROWTH_RATIO;
}

/**
 * What a poller knows about when the build started, from the states it saw and the build's
 * `created` time. The action and the tests' simulator (test/support/simulate-polling.ts) both feed the policy through it.
 */
export class StartTracker {
  private readonly createdAt: number | undefined;
  private lastQueuedAt: number | undefined;
  private runningSince: number | undefined;
  private uncertainty = 0;

  /** `createdAt`: the build's creation (ms epoch); undefined when the service gave none. */
  constructor(createdAt: number | undefined) {
    this.createdAt = createdAt;
  }

  /** Records one answer (its state, seen at `now`) and says where the build stands on the timeline. */
  observe(now: number, state: string): Pick<PollObservation, 'buildStartedAt' | 'startUncertaintyMs'> {
    if (state === 'triggered') {
      this.lastQueuedAt = now;
      // While queued, the policy wants how long it has queued.
      return { buildStartedAt: this.createdAt, startUncertaintyMs: 0 };
    }
    if (this.runningSince === undefined) {
      if (this.lastQueuedAt !== undefined) {
        // It started somewhere between the last queued answer and this one.
        this.runningSince = now;
        this.uncertainty = now - this.lastQueuedAt;
      } else {
        // Never seen queued: count from its creation (an early guess only makes polls earlier).
        this.runningSince = this.createdAt !== undefined && this.createdAt <= now ? this.createdAt : now;
      }
    }
    return { buildStartedAt: this.runningSince, startUncertaintyMs: this.uncertainty };
  }
}

/** The wait before the next GET of a watched build, as the plan's schedule says for what the last answer showed. */
export function watchDelay(schedule: WatchSchedule, obs: PollObservation): number {
  return schedule.kind === 'predictive' ? nextPollDelay(obs, schedule.policy) : schedule.intervalMs;
}
