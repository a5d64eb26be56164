// Every wait and retry of the action goes through here: `retry` for repeating a failed request,
// `pollUntil` for waiting until something appears, `findAfterLostWrite` after a write whose answer
// was lost, `waitUntil` for a moment that may move (the rate budget's slots, a poller's fair turn),
// `sleepWithProgress` for a long wait that says how things stand, `waitAsAsked` for a wait another
// party asks for (GitHub's rate limit), and `HostPacer` for spacing the requests to one host (the
// docs hosts' pace). `sleep` is the one real wait; nothing else in src/ sets a timer to wait
// (test/own-waits.test.ts holds it to that). Only src/util is imported.
export {
  backoffDelay,
  countAttempts,
  nextAttemptLine,
  pastDeadlineLine,
  parseRetryAfter,
  RetryDeadlineError,
  type RetryPolicy,
} from './decide.js';
export { HostPacer } from './pace.js';
export { findAfterLostWrite, pollUntil } from './poll.js';
export { retry } from './schedule.js';
export {
  type Sleep,
  sleep,
  sleepWithProgress,
  untilAborted,
  waitAsAsked,
  waitUntil,
} from './wait.js';
