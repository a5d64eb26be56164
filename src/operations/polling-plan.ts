// The polling every operation shares, carried on the context (`ctx.polling`): its shape and its
// figures, worked out once from `poll-interval` (`pollingPlan`, which step.ts calls), below both
// types.ts and shared/. shared/builds/poll-policy.ts schedules each poll of a watched build.

export interface PollPolicyOptions {
  /** Densest polling (ms). The action may set it lower in tests. */
  minIntervalMs: number;
  /** Never wait longer than this between two polls (ms). */
  maxIntervalMs: number;
  /** How long after the expected end we keep polling at `minIntervalMs` before backing off. */
  nearEndWindowMs?: number;
}

/** How a watched build is polled: the predictive schedule (shared/builds/poll-policy.ts), or the fixed `poll-interval`. */
export type WatchSchedule = { kind: 'predictive'; policy: PollPolicyOptions } | { kind: 'fixed'; intervalMs: number };

/**
 * Every interval and window the operations poll with, worked out once from `poll-interval`: `auto`
 * gives each wait its own tuned figure; a fixed interval is used for every look, and the windows
 * are counted in looks of it. One field per use.
 */
export interface PollingPlan {
  /** Between GETs of a build being watched (build, wait, sync-versions, preview). */
  watch: WatchSchedule;
  /** Between looks for the build of a commit that has not appeared yet (wait, preview). */
  appearIntervalMs: number;
  /** How long a pull request's build may take to appear before the step says so (and triggers with `trigger`). */
  graceWindowMs: number;
  /** Between looks for a version or a build expected soon (sync-versions), before the budget's fair share. */
  lookIntervalMs: number;
  /** Between searches while the new pages are being indexed (sync-versions). */
  searchIntervalMs: number;
  /** How long search may take to find the pages after the build (sync-versions). */
  verifyWindowMs: number;
  /** Between checks of a preview page that does not answer yet. */
  previewRetryMs: number;
  /** Between reads of a PR's file tree diff that is not written for its newest build yet (preview). */
  diffIntervalMs: number;
  /** How long after its first read the file tree diff is read again while outdated (preview). */
  diffWindowMs: number;
}

/** The predictive schedule's bounds with `poll-interval: auto`. */
export const defaultPollPolicy: PollPolicyOptions = {
  minIntervalMs: 1_000,
  maxIntervalMs: 15_000,
  nearEndWindowMs: 4_000,
};

/** With `auto`: the build of a commit can lag behind the push (the service's webhook). */
const AUTO_APPEAR_INTERVAL_MS = 5000;
/** With `auto`: a pull request's build is given a minute to appear. */
const AUTO_GRACE_MS = 60_000;
/** With a fixed interval, the grace window is this many looks (at least a second). */
const GRACE_LOOKS = 10;
const MIN_GRACE_MS = 1000;
/** With `auto`: versions and builds expected soon are looked for this often. */
const AUTO_LOOK_INTERVAL_MS = 3000;
/** With `auto`: search is repeated this often while the pages are indexed... */
const AUTO_SEARCH_INTERVAL_MS = 5000;
/** ...for at most this long. */
const AUTO_VERIFY_WINDOW_MS = 3 * 60_000;
/** With a fixed interval, the search window is this many intervals (at least the minimum). */
const VERIFY_WINDOW_POLLS = 15;
const MIN_VERIFY_WINDOW_MS = 2000;
/** With `auto`: a fresh preview that does not answer yet is asked again after this. */
const AUTO_PREVIEW_RETRY_MS = 5000;

/** With `auto`: the file tree diff is written after the build ends (FACTS): read again this often... */
const AUTO_DIFF_INTERVAL_MS = 5000;
/** ...for at most this long. */
const AUTO_DIFF_WINDOW_MS = 60_000;
/** With a fixed interval, the diff's window is this many intervals (at least the minimum). */
const DIFF_WINDOW_READS = 12;
const MIN_DIFF_WINDOW_MS = 1000;

/** The polling plan for the `poll-interval` input (`auto` or milliseconds). Pure. */
export function pollingPlan(pollInterval: 'auto' | number): PollingPlan {
  if (pollInterval === 'auto') {
    return {
      watch: { kind: 'predictive', policy: defaultPollPolicy },
      appearIntervalMs: AUTO_APPEAR_INTERVAL_MS,
      graceWindowMs: AUTO_GRACE_MS,
      lookIntervalMs: AUTO_LOOK_INTERVAL_MS,
      searchIntervalMs: AUTO_SEARCH_INTERVAL_MS,
      verifyWindowMs: AUTO_VERIFY_WINDOW_MS,
      previewRetryMs: AUTO_PREVIEW_RETRY_MS,
      diffIntervalMs: AUTO_DIFF_INTERVAL_MS,
      diffWindowMs: AUTO_DIFF_WINDOW_MS,
    };
  }
  return {
    watch: { kind: 'fixed', intervalMs: pollInterval },
    appearIntervalMs: pollInterval,
    graceWindowMs: Math.max(MIN_GRACE_MS, GRACE_LOOKS * pollInterval),
    lookIntervalMs: pollInterval,
    searchIntervalMs: pollInterval,
    verifyWindowMs: Math.max(MIN_VERIFY_WINDOW_MS, VERIFY_WINDOW_POLLS * pollInterval),
    previewRetryMs: pollInterval,
    diffIntervalMs: pollInterval,
    diffWindowMs: Math.max(MIN_DIFF_WINDOW_MS, DIFF_WINDOW_READS * pollInterval),
  };
}
