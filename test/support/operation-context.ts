// Runs an operation in-process, as step.ts would, but on a fake clock: a real ReadTheDocsApi over
// the real ReadTheDocsHttpClient (loopback, to the stand-in or a scripted server), and a clock whose
// `sleep` moves time forward at once. A build of minutes and a timeout of ten run in milliseconds.
import { reasonWithSubject } from '../../src/domain/project-result.js';
import { type InputName, parseInputs } from '../../src/inputs/inputs.js';
import { gitHubClients } from '../../src/github/api/client.js';
import { pageFetcher, type PageFetcher } from '../../src/readthedocs/page-fetcher.js';
import type { RunContext } from '../../src/inputs/github-context.js';
import { pollingPlan } from '../../src/operations/polling-plan.js';
import { forEachProject } from '../../src/operations/run-projects.js';
import { LastSeenRecorder, type OperationContext, type ProjectOperation, type ProjectResult } from '../../src/operations/types.js';
import { WatcherRegistry } from '../../src/operations/watchers.js';
import type { ProjectLog } from '../../src/reporting/project-log.js';
import type { Sleep } from '../../src/resilience/index.js';
import { actionsLog } from '../../src/runner/actions.js';
import type { RunnerLog } from '../../src/runner/port.js';
import { ReadTheDocsHttpClient } from '../../src/readthedocs/http-client.js';
import { RateBudget } from '../../src/readthedocs/rate-budget.js';
import { ReadTheDocsApi } from '../../src/readthedocs/read-the-docs.js';
import { abortReason, Deadline, type ExpiryTimer } from '../../src/util/abort.js';

/** A Monday morning: the fake clock's epoch (the stand-in's builds are created on it too). */
export const T0 = Date.parse('2026-11-23T08:00:00Z');

/**
 * Time that moves only when something sleeps. A sleep lets pending work run first (a macrotask
 * turn), then moves the clock to its end, firing any alarm (the step's deadline) on the way: a
 * sleep that crosses the deadline ends there with the deadline's error, as a real one would.
 * Concurrent sleepers each move it to their own end, so with several at once time only grows.
 */
export class FakeClock {
  private time: number;
  private readonly alarms: { at: number; fire: () => unknown }[] = [];
  /** Every wait asked for, in ms, in order. */
  readonly sleeps: number[] = [];

  constructor(start = T0) {
    this.time = start;
  }

  readonly now = (): number => this.time;

  /** Ms since the clock's start. */
  elapsed(start = T0): number {
    return this.time - start;
  }

  readonly sleep: Sleep = async (ms, signal) => {
    if (signal?.aborted) throw abortReason(signal);
    this.sleeps.push(ms);
    const wake = this.time + Math.max(0, ms);
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (;;) {
      const due = this.alarms.filter((alarm) => alarm.at <= wake).sort((a, b) => a.at - b.at)[0];
      if (due === undefined) break;
      this.alarms.splice(this.alarms.indexOf(due), 1);
      this.time = Math.max(this.time, due.at);
      await due.fire();
      if (signal?.aborted) throw abortReason(signal);
    }
    this.time = Math.max(this.time, wake);
    if (signal?.aborted) throw abortReason(signal);
  };

  /**
   * Does `what` when fake time reaches `at` (ms epoch): something happening on the service's side
   * meanwhile (a build appears, someone presses Rebuild). The sleep that crosses it waits for it.
   */
  at(at: number, what: () => unknown): void {
    this.alarms.push({ at, fire: what });
  }

  /** For `Deadline`: expires when fake time reaches it. */
  readonly timer: ExpiryTimer = (ms, expire) => {
    const alarm = { at: this.time + ms, fire: expire };
    this.alarms.push(alarm);
    return () => {
      const index = this.alarms.indexOf(alarm);
      if (index >= 0) this.alarms.splice(index, 1);
    };
  };
}

/** A ProjectLog that keeps every line (and the warnings with their titles) for assertions. */
export function recordingLog(): ProjectLog & {
  lines: string[];
  warnings: { message: string; title?: string }[];
  notices: { message: string; title?: string }[];
} {
  const lines: string[] = [];
  const warnings: { message: string; title?: string }[] = [];
  const notices: { message: string; title?: string }[] = [];
  return {
    lines,
    warnings,
    notices,
    info: (message) => lines.push(message),
    progress: (message) => lines.push(message),
    warning: (message, title) => {
      warnings.push({ message, ...(title === undefined ? {} : { title }) });
      lines.push(`warning: ${message}`);
    },
    notice: (message, title) => {
      notices.push({ message, ...(title === undefined ? {} : { title }) });
      lines.push(`notice: ${message}`);
    },
    debug: () => undefined,
    section: (title, body) => lines.push(`${title}\n${body}`),
    flush: () => undefined,
  };
}

/**
 * Runs one project's operation with `log` as its log, and makes its result as the per-project
 * runner does (an error it throws is not caught: the test sees it).
 */
export async function runProject<D extends object>(
  ctx: OperationContext,
  name: string,
  operation: ProjectOperation<D>,
  log: ProjectLog,
): Promise<ProjectResult<D>> {
  const seen = new LastSeenRecorder(ctx.inputs.baseUrl, log);
  const conclusion = await operation(ctx, { name, log, seen });
  return { project: name, ...seen.current, ...conclusion };
}

export interface ContextOptions {
  /** The service's URL (the stand-in's `url`). */
  baseUrl: string;
  /** Action inputs as the workflow writes them (`project`, `poll-interval`, `timeout`…); `token` defaults to the stand-in's. */
  inputs?: Partial<Record<InputName, string>>;
  clock?: FakeClock;
  run?: Partial<RunContext>;
  /** The budget's limit per minute; generous by default, so that only the operation's own pacing shows. */
  rateLimitPerMinute?: number;
  /** The budget step.ts makes: the `rate-limit` input, or its default with and without a token (over `rateLimitPerMinute`). */
  budgetFromInputs?: boolean;
  /** How long one request may wait for headers, then for the body (real time; undici's default unless given). */
  httpTimeoutMs?: number;
  /** The step's log; the runner's (`@actions/core` on stdout) by default, read with `captureStdout`. */
  log?: RunnerLog;
  /** The workflow's cancellation (SIGINT/SIGTERM in the action); never aborted unless given. */
  cancellation?: AbortSignal;
  /** The page fetcher (`ctx.pages`); the action's own, closed with the context, by default. */
  pages?: PageFetcher;
}

export interface OperationTestContext {
  ctx: OperationContext;
  clock: FakeClock;
  http: ReadTheDocsHttpClient;
  /** Runs a per-project operation for every project of `project`, as the step does, and cleans up. */
  runProjects(operation: ProjectOperation): Promise<ProjectResult[]>;
  /** Ends the step's timers and connections (runProjects does it itself). */
  close(): Promise<void>;
}

/** An OperationContext as step.ts builds it, on a fake clock. */
export function operationContext(options: ContextOptions): OperationTestContext {
  const clock = options.clock ?? new FakeClock();
  const inputs = parseInputs({ token: 'test-token', 'base-url': options.baseUrl, ...options.inputs });
  const startedAt = clock.now();
  const deadline = new Deadline(startedAt + inputs.timeoutMs, options.cancellation ?? new AbortController().signal, clock.now, clock.timer);
  const budget = options.budgetFromInputs
    ? new RateBudget(inputs.rateLimit.limit, inputs.rateLimit.windowMs, clock.now, clock.sleep)
    : new RateBudget(options.rateLimitPerMinute ?? 6000, 60_000, clock.now, clock.sleep);
  const http = new ReadTheDocsHttpClient({
    baseUrl: inputs.baseUrl,
    token: inputs.token,
    userAgent: 'readthedocs-action-tests',
    budget,
    signal: deadline.signal,
    remainingMs: () => deadline.remainingMs(),
    redact: (text) => text,
    // Retries wait on the fake clock too, with the client's own backoff.
    sleep: clock.sleep,
    // Each retry is a line of the log, as step.ts prints it (core.info writes a line to stdout).
    info: (message) => process.stdout.write(`${message}\n`),
    ...(options.httpTimeoutMs === undefined ? {} : { headersTimeoutMs: options.httpTimeoutMs, bodyTimeoutMs: options.httpTimeoutMs }),
  });
  const run: OperationContext['run'] = {
    eventName: 'push',
    sha: undefined,
    repository: 'octo/docs',
    serverUrl: 'https://github.com',
    apiUrl: 'https://api.github.com',
    pullRequest: undefined,
    workspace: process.cwd(),
    ...options.run,
  };
  // Paced on the fake clock, as the action paces on the real one.
  const pages = options.pages ?? pageFetcher('readthedocs-action-tests', { now: clock.now, sleep: clock.sleep });
  const ctx: OperationContext = {
    inputs,
    api: new ReadTheDocsApi(http),
    budget,
    run,
    // The action's own client, against the run's API URL (the GitHub stand-in in preview's tests).
    github: gitHubClients(run.apiUrl, 'readthedocs-action-tests'),
    pages,
    deadline,
    startedAt,
    now: clock.now,
    sleep: clock.sleep,
    polling: pollingPlan(inputs.pollInterval),
    watchers: new WatcherRegistry(),
    log: options.log ?? actionsLog,
  };
  const close = async () => {
    deadline.dispose();
    await http.close().catch(() => undefined);
    await pages.close();
  };
  return {
    ctx,
    clock,
    http,
    close,
    async runProjects(operation) {
      try {
        // As every reporter shows a result: the reason with its subject first ("demo: …").
        const results = await forEachProject(ctx, inputs.projects, operation);
        return results.map((result) => (result.reason === undefined ? result : { ...result, reason: reasonWithSubject(result) }));
      } finally {
        await close();
      }
    },
  };
}
