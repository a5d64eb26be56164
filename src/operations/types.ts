import type { Inputs } from '../inputs/inputs.js';
import type { RunContext } from '../inputs/github-context.js';
import type { ReadTheDocsApi } from '../service/read-the-docs.js';
import type { RateBudget } from '../service/rate-budget.js';
import type { Deadline } from '../util/abort.js';
import type { ProjectLog } from '../reporting/project-log.js';
import type { ProjectResult } from '../reporting/project-result.js';
import type { Sleep } from '../resilience/index.js';
import type { PollingPlan } from './poll-policy.js';
import type { WatcherRegistry } from './watchers.js';

// The result types live with the reporting that prints them; operations keep importing them from here.
export { GREEN_OUTCOMES, type Outcome, type ProjectResult } from '../reporting/project-result.js';

export interface OperationContext {
  inputs: Inputs;
  api: ReadTheDocsApi;
  budget: RateBudget;
  run: RunContext;
  deadline: Deadline;
  /** When the step started (ms epoch), for elapsed times in the log. */
  startedAt: number;
  now: () => number;
  /** Every wait of an operation: src/util/abort's `sleep` in the action, a fake clock's in tests. */
  sleep: Sleep;
  /** Every poll interval and window, resolved once from `poll-interval`. */
  polling: PollingPlan;
  /** The builds this step is watching at once (their pollers share the rate budget). */
  watchers: WatcherRegistry;
  /** How often a build being watched says it is still running (ms); 60 s unless a test shortens it. */
  progressIntervalMs?: number;
  /** Markdown sections an operation adds to the job summary, below the table. */
  summarySections: string[];
}

/** A whole step: every project of `project`, and whatever the operation reports besides. */
export type StepOperation = (ctx: OperationContext) => Promise<ProjectResult[]>;

/** An operation handles one project; the runner runs projects concurrently. */
export type ProjectOperation = (ctx: OperationContext, result: ProjectResult, log: ProjectLog) => Promise<void>;
