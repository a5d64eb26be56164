import type { Inputs } from '../inputs/inputs.js';
import type { RunContext } from '../inputs/github-context.js';
import type { ReadTheDocsApi } from '../readthedocs/read-the-docs.js';
import type { RateBudget } from '../readthedocs/rate-budget.js';
import type { Deadline } from '../util/abort.js';
import type { ProjectLog } from '../reporting/project-log.js';
import type { ProjectResult } from '../domain/project-result.js';
import type { StepReport } from '../reporting/report.js';
import type { Sleep } from '../resilience/index.js';
import type { RunnerLog } from '../runner/port.js';
import type { PollingPlan } from './shared/poll-policy.js';
import type { GitHubClientFactory } from '../github/api/client.js';
import type { PageFetcher } from '../readthedocs/page-fetcher.js';
import type { WatcherRegistry } from './shared/watchers.js';

// The result types live with the reporting that prints them; operations keep importing them from here.
export { addSummarySection, GREEN_OUTCOMES, type Outcome, type ProjectResult } from '../domain/project-result.js';
export type { StepReport } from '../reporting/report.js';

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
  /**
   * A client of the run's GitHub API (`run.apiUrl`) with the action's guards (origin, bounded
   * answers, rate-limit waits): the one way operations reach GitHub, so that a front end or a test
   * gives its own.
   */
  github: GitHubClientFactory;
  /**
   * Documentation pages and the preview host's endpoints (the file tree diff), read with a plain
   * GET: bounded, no token, redirects followed on the page's own origin only. The front end makes
   * it (and closes it), the tests give their own.
   */
  pages: PageFetcher;
  /** The step's log: lines, annotations (with file and line), groups; hostile text through its `untrusted`. */
  log: RunnerLog;
  /** `export` may replace an existing project file (the terminal's `--force`); the action never does. */
  overwriteConfig?: boolean;
  /** How often a build being watched says it is still running (ms); 60 s unless a test shortens it. */
  progressIntervalMs?: number;
  /** How often a wait for a build that has not appeared yet says so (ms); 30 s unless a test shortens it. */
  waitingNoticeMs?: number;
}

/**
 * A whole step: every project of `project`, and whatever the operation reports besides. It returns
 * its report (results with `details` of type `D`, summary sections, outputs): it sets no output and
 * writes no job summary itself.
 */
export type StepOperation<D extends object = object> = (ctx: OperationContext) => Promise<StepReport<D>>;

/**
 * An operation handles one project, filling in `result` as it goes (its `details` of type `D`, its
 * own summary sections); the runner runs projects concurrently.
 */
export type ProjectOperation<D extends object = object> = (
  ctx: OperationContext,
  result: ProjectResult<D>,
  log: ProjectLog,
) => Promise<void>;
