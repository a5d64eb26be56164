import type { Inputs } from '../inputs/inputs.js';
import type { RunContext } from '../inputs/github-context.js';
import type { ReadTheDocsApi } from '../readthedocs/read-the-docs.js';
import type { RateBudget } from '../readthedocs/rate-budget.js';
import type { Deadline } from '../util/abort.js';
import type { ProjectLog } from '../reporting/project-log.js';
import type { Conclusion } from '../domain/project-result.js';
import type { StepReport } from '../reporting/report.js';
import type { Sleep } from '../resilience/index.js';
import type { RunnerLog } from '../runner/port.js';
import type { PollingPlan } from './polling-plan.js';
import type { GitHubClientFactory } from '../github/api/client.js';
import type { PageFetcher } from '../readthedocs/page-fetcher.js';
import type { WatcherRegistry } from './watchers.js';
import type { LastSeenRecorder } from './last-seen.js';

// The result types live in src/domain/, below every layer that prints them; operations import them from here.
export {
  GREEN_OUTCOMES,
  reasonWithSubject,
  type Conclusion,
  type LastSeen,
  type Outcome,
  type ProjectResult,
} from '../domain/project-result.js';
export { LastSeenRecorder } from './last-seen.js';
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

/** What an operation is given for one project: its name, its log, and where it records what it sees as it goes. */
export interface ProjectRun {
  /** The project's slug. */
  name: string;
  log: ProjectLog;
  /**
   * The only thing the operation writes before it returns: the build it is watching, the version,
   * the commit. On a timeout, a cancellation or an error the runner reports from it.
   */
  seen: LastSeenRecorder;
}

/**
 * An operation handles one project and returns what it concluded (its outcome, reason, links,
 * `details` of type `D`, its own summary sections); the runner runs projects concurrently and
 * makes each project's result from that and from what was last seen, or from the error that
 * ended the operation.
 */
export type ProjectOperation<D extends object = object> = (ctx: OperationContext, project: ProjectRun) => Promise<Conclusion<D>>;
