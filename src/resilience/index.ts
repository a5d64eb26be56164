// Every wait and retry of the action goes through here: `retry` for repeating a failed request,
// `pollUntil` for waiting until something appears, `findAfterLostWrite` after a write whose answer
// was lost. Only src/util is imported.
export {
  backoffDelay,
  type BackoffOptions,
  type PastDeadline,
  parseRetryAfter,
  RetryDeadlineError,
  type RetryDecision,
  type RetryPolicy,
} from './decide.js';
export { findAfterLostWrite, type LostWriteOptions, type PollOptions, pollUntil } from './poll.js';
export { type DeadlineClock, retry, type RetryOptions, type Sleep } from './schedule.js';
