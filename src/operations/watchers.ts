/**
 * How many builds the step is watching at once: each poller keeps to its share of the one rate
 * budget (`RateBudget.fairIntervalMs(count)`). One per step, carried on the context, so that
 * nothing is shared between steps (or between tests run in one process).
 */
export class WatcherRegistry {
  private active = 0;

  get count(): number {
    return this.active;
  }

  /** Counts one more watcher until the returned function is called. */
  enter(): () => void {
    this.active += 1;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.active -= 1;
    };
  }
}
