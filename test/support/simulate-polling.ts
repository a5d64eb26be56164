// The polling policy played against a build of known duration, as the action feeds it (through
// `StartTracker`): how many requests it sends and how late it sees the end. Only the tests use it.
import type { PollPolicyOptions } from '../../src/operations/polling-plan.js';
import { defaultPollPolicy } from '../../src/operations/polling-plan.js';
import { nextPollDelay, StartTracker } from '../../src/operations/shared/builds/poll-policy.js';

export interface SimulatePollingArgs {
  /** Running time, after the queue. */
  buildDurationMs: number;
  /** Time spent in `triggered` after creation at t = 0. */
  queueMs?: number;
  expectedDurationMs?: number;
  durationSpreadMs?: number;
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
 * `buildDurationMs`, feeding it through `StartTracker` as the action does.
 */
export function simulatePolling(args: SimulatePollingArgs): SimulatePollingResult {
  const queueMs = Math.max(0, args.queueMs ?? 0);
  const endsAt = queueMs + Math.max(0, args.buildDurationMs);
  let now = Math.max(0, args.startDelayMs ?? 0);
  if (!Number.isFinite(endsAt) || !Number.isFinite(now)) {
    throw new RangeError('simulatePolling needs finite durations');
  }
  // More polls than densest intervals fit in the wait means a broken schedule, not a slow build.
  const maxRequests =
    Math.ceil(endsAt / Math.max(1, Number.isFinite(args.opts.minIntervalMs) ? args.opts.minIntervalMs : defaultPollPolicy.minIntervalMs)) +
    2;
  const start = new StartTracker(0);
  let requests = 0;
  for (;;) {
    requests += 1;
    if (requests > maxRequests) throw new Error(`polling did not reach the end in ${maxRequests} requests`);
    if (now >= endsAt) return { requests, detectionLagMs: now - endsAt };
    const state = now < queueMs ? 'triggered' : 'building';
    const delay = nextPollDelay(
      {
        now,
        state,
        ...start.observe(now, state),
        expectedDurationMs: args.expectedDurationMs,
        durationSpreadMs: args.durationSpreadMs,
      },
      args.opts,
    );
    now += delay;
  }
}
