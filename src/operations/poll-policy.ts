/**
 * When to ask the service again about a build we are waiting for.
 *
 * A fixed interval is either chatty (2 s) or slow to notice the end (10–15 s). This policy uses what
 * the service already tells us: the version's recent build durations (one list request), the
 * build's state, and when it started. It polls sparsely while the end is far, closes in on the
 * expected end geometrically, stays dense for a short window after it, then backs off.
 *
 * Everything here is pure: the clock comes in through `PollObservation.now`.
 */

export interface PollPolicyOptions {
  /** Densest polling (ms). The action may set it lower in tests. */
  minIntervalMs: number;
  /** Never wait longer than this between two polls (ms). */
  maxIntervalMs: number;
  /** How long after the expected end we keep polling at `minIntervalMs` before backing off. */
  nearEndWindowMs?: number;
}

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
  /** Expected running time from history (`expectedDuration`); undefined when there is none. */
  expectedDurationMs?: number;
}

export const defaultPollPolicy: PollPolicyOptions = {
  minIntervalMs: 1_000,
  maxIntervalMs: 15_000,
  nearEndWindowMs: 4_000,
};

/** Each poll before the expected end covers this share of the time still to go. */
const APPROACH_RATIO = 0.5;
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

const FINAL_STATES: ReadonlySet<string> = new Set(['finished', 'cancelled']);

/**
 * A robust estimate (ms) of how long the next build will run: the median of the given durations
 * (seconds, as the builds list reports them, queue time excluded). Null, zero, negative and
 * non-finite values are ignored: they belong to builds that never ran to the end. Pass the
 * durations of successful builds only; failures often stop early and would pull the estimate down.
 */
export function expectedDuration(
  recentDurationsSeconds: ReadonlyArray<number | null | undefined>,
): number | undefined {
  const usable = recentDurationsSeconds
    .filter((d): d is number => typeof d === 'number' && Number.isFinite(d) && d > 0)
    .sort((a, b) => a - b);
  if (usable.length === 0) return undefined;
  const mid = Math.floor(usable.length / 2);
  const medianSeconds =
    usable.length % 2 === 1 ? usable[mid]! : (usable[mid - 1]! + usable[mid]!) / 2;
  return Math.round(medianSeconds * 1000);
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
  const min = Number.isFinite(opts.minIntervalMs)
    ? Math.max(1, opts.minIntervalMs)
    : defaultPollPolicy.minIntervalMs;
  const max = Math.max(
    min,
    Number.isFinite(opts.maxIntervalMs) ? opts.maxIntervalMs : defaultPollPolicy.maxIntervalMs,
  );
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
  const untilExpectedEnd = expected - since;
  return untilExpectedEnd > 0
    ? approachDelay(untilExpectedEnd, b)
    : overrunDelay(-untilExpectedEnd, b);
}

/** Queued: grow with the time already spent in the queue; unknown queue time polls slowly. */
function queuedDelay(queuedFor: number | undefined, b: Bounds): number {
  return queuedFor === undefined ? b.max : queuedFor * QUEUE_BACKOFF_RATIO;
}

/**
 * Before the expected end: cover a fixed share of the remaining time, so polls thicken as the end
 * nears. Once that share would drop below the densest interval, go straight to the expected end
 * instead of creeping towards it.
 */
function approachDelay(untilExpectedEnd: number, b: Bounds): number {
  const step = untilExpectedEnd * APPROACH_RATIO;
  return step < b.min ? untilExpectedEnd : step;
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

export interface SimulatePollingArgs {
  /** Running time, after the queue. */
  buildDurationMs: number;
  /** Time spent in `triggered` after creation at t = 0. */
  queueMs?: number;
  expectedDurationMs?: number;
  opts: PollPolicyOptions;
  /** When the first GET happens (default 0). */
  startDelayMs?: number;
}

export interface SimulatePollingResult {
  /** GETs of the build, the first one and the one that saw the end included. */
  requests: number;
  /** Time from the build's end to the poll that saw it. */
  detectionLagMs: number;
}

/**
 * Plays the policy against a build created at t = 0 that queues for `queueMs`, then runs for
 * `buildDurationMs`. It feeds `buildStartedAt` the way the action does: the creation time while
 * queued, then the first poll that saw it running (or the creation time if it was never seen
 * queued).
 */
export function simulatePolling(args: SimulatePollingArgs): SimulatePollingResult {
  const queueMs = Math.max(0, args.queueMs ?? 0);
  const endsAt = queueMs + Math.max(0, args.buildDurationMs);
  let now = Math.max(0, args.startDelayMs ?? 0);
  if (!Number.isFinite(endsAt) || !Number.isFinite(now)) {
    throw new RangeError('simulatePolling needs finite durations');
  }
  const createdAt = 0;
  // More polls than densest intervals fit in the wait means a broken schedule, not a slow build.
  const maxRequests = Math.ceil(endsAt / normalizeOptions(args.opts).min) + 2;
  let seenQueued = false;
  let runningSince: number | undefined;
  let requests = 0;
  for (;;) {
    requests += 1;
    if (requests > maxRequests) throw new Error(`polling did not reach the end in ${maxRequests} requests`);
    if (now >= endsAt) return { requests, detectionLagMs: now - endsAt };
    const queued = now < queueMs;
    if (queued) seenQueued = true;
    else runningSince ??= seenQueued ? now : createdAt;
    const delay = nextPollDelay(
      {
        now,
        state: queued ? 'triggered' : 'building',
        buildStartedAt: queued ? createdAt : runningSince,
        expectedDurationMs: args.expectedDurationMs,
      },
      args.opts,
    );
    now += delay;
  }
}
