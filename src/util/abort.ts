/**
 * Raised when a signal (SIGINT/SIGTERM) stops the step while it waits: on a runner, the workflow
 * run was cancelled; in a terminal, someone pressed Ctrl-C. The front end names it (`title`, and
 * `message` as in "the wait was …").
 */
export class CancelledError extends Error {
  readonly title: string;

  constructor(message = 'cancelled by the workflow', title = 'Cancelled by the workflow') {
    super(message);
    this.name = 'CancelledError';
    this.title = title;
  }
}

/** Raised when the step's `timeout` deadline passes. */
export class DeadlineError extends Error {
  constructor(message = 'the step timed out') {
    super(message);
    this.name = 'DeadlineError';
  }
}

/**
 * The longest delay a Node timer holds (about 24.8 days); a longer one fires after 1 ms. Waits are
 * capped to it: a job ends long before, so a cap only keeps a huge `timeout` or `poll-interval` sane.
 */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Sleeps `ms`, ending early with the signal's reason when it aborts. The timer keeps the process
 * alive on purpose: a poll loop's sleep may be all that is pending, and the step must not end there.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.min(ms, MAX_TIMER_MS),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new CancelledError();
}

/**
 * Calls `expire` after `ms` and returns how to stop it. The real one is a timer that does not keep
 * the process alive; a test's fake clock gives its own, so that the deadline passes in fake time.
 */
export type ExpiryTimer = (ms: number, expire: () => void) => () => void;

const realExpiryTimer: ExpiryTimer = (ms, expire) => {
  const timer = setTimeout(expire, Math.min(MAX_TIMER_MS, ms));
  timer.unref();
  return () => clearTimeout(timer);
};

/**
 * After the step's deadline, what reports on it (GitHub's comment, commit statuses, deployments)
 * has this long in all, every call together: a GitHub that hangs must not hold a timed-out step
 * for minutes (each call's attempts and retries would otherwise run on).
 */
export const REPORT_BUDGET_MS = 5000;

/**
 * What a cancelled step may still spend on undoing its temporary changes, from the signal: the
 * runner sends SIGTERM 7.5 s after SIGINT and kills the process 2.5 s later, and a step must end
 * before the SIGTERM. The process itself ends at `CANCEL_EXIT_MS` whatever is pending.
 */
const CANCEL_CLEANUP_MS = 6000;
/** When a cancelled step's process ends whatever is pending: before the runner's SIGTERM (7.5 s). */
export const CANCEL_EXIT_MS = 7000;

/** What bounds an undo sent after the step's end: its own signal and its own time left. */
export interface CleanupWindow {
  signal: AbortSignal;
  remainingMs: () => number;
  dispose: () => void;
}

/** The step's time limit and the workflow's cancellation, as one signal plus a clock. */
export class Deadline {
  readonly signal: AbortSignal;
  /**
   * What ends the report on GitHub: the workflow's cancellation, or `REPORT_BUDGET_MS` after the
   * deadline. Before the deadline it does not fire, so the final report follows a timed-out step;
   * then it gets that short while, not one per call.
   */
  readonly reporting: AbortSignal;
  /**
   * What ends a report that must not be left half-way, such as a preview's commit status (else
   * `pending` for good): like `reporting`, `REPORT_BUDGET_MS` after the deadline; and after the
   * workflow's cancellation, `REPORT_BUDGET_MS` after it rather than at once (the process ends at
   * `CANCEL_EXIT_MS`, before the runner's SIGTERM, whatever is pending).
   */
  readonly settling: AbortSignal;
  private readonly controller = new AbortController();
  private readonly reportController = new AbortController();
  private readonly settleController = new AbortController();
  private readonly stopTimer: () => void;
  private readonly stopReportTimer: () => void;
  private stopSettleTimer: () => void = () => undefined;
  /** When the workflow's cancellation came (this deadline's clock), if it did. */
  private cancelledAt: number | undefined;

  constructor(
    readonly endsAt: number,
    /** The workflow's cancellation alone: what stops the report that follows a timeout. */
    readonly cancellation: AbortSignal,
    private readonly now: () => number = Date.now,
    private readonly timer: ExpiryTimer = realExpiryTimer,
  ) {
    this.signal = this.controller.signal;
    this.reporting = this.reportController.signal;
    this.settling = this.settleController.signal;
    this.stopTimer = timer(Math.max(0, endsAt - now()), () => this.controller.abort(new DeadlineError()));
    this.stopReportTimer = timer(Math.max(0, endsAt + REPORT_BUDGET_MS - now()), () => {
      const reason = new DeadlineError(
        `the step timed out, and its report on GitHub had ${REPORT_BUDGET_MS / 1000} s more in all, which have passed`,
      );
      this.reportController.abort(reason);
      this.settleController.abort(reason);
    });
    const onCancel = () => {
      this.cancelledAt = this.now();
      this.controller.abort(abortReason(cancellation));
      this.reportController.abort(abortReason(cancellation));
      this.stopSettleTimer = this.timer(REPORT_BUDGET_MS, () => this.settleController.abort(abortReason(cancellation)));
    };
    if (cancellation.aborted) onCancel();
    else cancellation.addEventListener('abort', onCancel, { once: true });
  }

  remainingMs(): number {
    return Math.max(0, this.endsAt - this.now());
  }

  /**
   * The window of an undo (a deactivation) that must run whatever ended the step: `budgetMs` from
   * now, cut to `CANCEL_CLEANUP_MS` after the workflow's cancellation (also one that comes later),
   * so that it ends before the runner's SIGTERM. Its signal fires when the window closes.
   */
  cleanupWindow(budgetMs: number): CleanupWindow {
    const until = this.now() + budgetMs;
    const endsAt = () => (this.cancelledAt === undefined ? until : Math.min(until, this.cancelledAt + CANCEL_CLEANUP_MS));
    const controller = new AbortController();
    const expire = () => controller.abort(new DeadlineError('the time to undo the temporary change has passed'));
    let stop = this.timer(Math.max(0, endsAt() - this.now()), expire);
    // A cancellation during the undo shortens its window.
    const onCancel = () => {
      stop();
      stop = this.timer(Math.max(0, endsAt() - this.now()), expire);
    };
    if (!this.cancellation.aborted) this.cancellation.addEventListener('abort', onCancel, { once: true });
    return {
      signal: controller.signal,
      remainingMs: () => Math.max(0, endsAt() - this.now()),
      dispose: () => {
        stop();
        this.cancellation.removeEventListener('abort', onCancel);
      },
    };
  }

  dispose(): void {
    this.stopTimer();
    this.stopReportTimer();
    this.stopSettleTimer();
  }
}
