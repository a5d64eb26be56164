import type { Inputs } from '../inputs/inputs.js';
import type { RunContext } from '../inputs/github-context.js';
import type { ReadTheDocsApi } from '../service/read-the-docs.js';
import type { RateBudget } from '../service/rate-budget.js';
import type { Deadline } from '../util/abort.js';
import type { ProjectLog } from '../github/project-log.js';

/** How a project's part of the step ended. Only `success` and `triggered` keep the step green. */
export type Outcome = 'success' | 'triggered' | 'failed' | 'cancelled' | 'timed-out' | 'aborted' | 'error';

export const GREEN_OUTCOMES: ReadonlySet<Outcome> = new Set(['success', 'triggered']);

/**
 * What the step learned about one project. Operations fill it in as they go, so that a timeout,
 * a cancellation or an error still reports the last state seen.
 */
export interface ProjectResult {
  project: string;
  outcome: Outcome;
  version?: string;
  buildId?: number;
  buildUrl?: string;
  state?: string;
  success?: boolean;
  commit?: string;
  /** Seconds, as the service counts them (queue time excluded). */
  duration?: number;
  docsUrl?: string;
  previewUrl?: string;
  /** Why it is not green: the service's notification, the failing command's output, the error. */
  reason?: string;
  /** One line of `reason` for narrow places (the PR comment's row): a notification, the failed command. */
  headline?: string;
  /** The last lines of the failed command's output (also in `reason`), shown apart where there is room. */
  outputTail?: string;
  /** Short title for the annotation. */
  title?: string;
  /** Operation-specific detail for the summary and outputs (env variables, search hits...). */
  details?: Record<string, unknown>;
}

export interface OperationContext {
  inputs: Inputs;
  api: ReadTheDocsApi;
  budget: RateBudget;
  run: RunContext;
  deadline: Deadline;
  /** When the step started (ms epoch), for elapsed times in the log. */
  startedAt: number;
  now: () => number;
  /** How often a build being watched says it is still running (ms); 60 s unless a test shortens it. */
  progressIntervalMs?: number;
  /** Markdown sections an operation adds to the job summary, below the table. */
  summarySections: string[];
}

/** A whole step: every project of `project`, and whatever the operation reports besides. */
export type StepOperation = (ctx: OperationContext) => Promise<ProjectResult[]>;

/** An operation handles one project; the runner runs projects concurrently. */
export type ProjectOperation = (ctx: OperationContext, result: ProjectResult, log: ProjectLog) => Promise<void>;
