// The shape of the polling every operation shares, carried on the context (`ctx.polling`): the
// types alone, so that types.ts and shared/ both import them from below. shared/poll-policy.ts
// works the figures out (`pollingPlan`) and schedules each poll.

export interface PollPolicyOptions {
  /** Densest polling (ms). The action may set it lower in tests. */
  minIntervalMs: number;
  /** Never wait longer than this between two polls (ms). */
  maxIntervalMs: number;
  /** How long after the expected end we keep polling at `minIntervalMs` before backing off. */
  nearEndWindowMs?: number;
}

/** How a watched build is polled: the predictive schedule (shared/poll-policy.ts), or the fixed `poll-interval`. */
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
