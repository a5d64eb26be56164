/**
 * What the step needs from whatever runs it: the GitHub runner (`actions.ts`, through
 * `@actions/core`) or a terminal (`terminal.ts`). Operations and reporting see only this, so a
 * second front end is a second adapter, not a second copy of the operations.
 */

/** Where an annotation points, and its title (GitHub shows it above the message). */
export interface Annotation {
  title?: string;
  /** A path relative to the repository. */
  file?: string;
  startLine?: number;
}

/**
 * The step's log. `info`, `debug`, the annotations and the group titles carry text the action made
 * (fields from outside already through `safeLine`); `untrusted` carries hostile text that may span
 * lines (build output, notifications) and is the one way to print it.
 */
export interface RunnerLog {
  info(message: string): void;
  /**
   * Hostile text made inert for the medium (`src/util/untrusted-text.ts`): a single line through
   * `safeLine`, several lines as one block. `prefix` (one safe line) comes before it: on the same
   * line, or on a line of its own before a block.
   */
  untrusted(text: string, prefix?: string): void;
  debug(message: string): void;
  error(message: string, annotation?: Annotation): void;
  warning(message: string, annotation?: Annotation): void;
  notice(message: string, annotation?: Annotation): void;
  /** A collapsed section (the runner) or a headed block (a terminal); groups do not nest. */
  startGroup(title: string): void;
  endGroup(): void;
}

/** How the step ended when it did not end green: a usage error (an input refused) or a failure. */
export type FailureKind = 'usage' | 'failure';

export interface RunnerPort {
  log: RunnerLog;
  /** An input's raw text ('' when not given); trimmed unless `trim` is false. */
  input(name: string, options?: { trim?: boolean }): string;
  /** Hides `secret` in everything written from now on. */
  mask(secret: string): void;
  setOutput(name: string, value: string): void;
  /**
   * Saves an output's whole value to a file, for one too large for the runner's outputs (which
   * then carry it shortened), and returns the file's path; undefined when it could not be saved.
   */
  saveOutput?(name: string, value: string): string | undefined;
  /** Writes the step's summary (Markdown); rejects when it cannot be written. */
  writeSummary(markdown: string): Promise<void>;
  /** Marks the step red (the exit status); a usage error and a failure may end differently. */
  fail(kind: FailureKind): void;
  /**
   * How this front end names a stop by a signal: the log line ("the workflow was cancelled"), and
   * the projects' title and reason ("Cancelled by the workflow"; "the wait was cancelled by the workflow").
   */
  readonly cancellation: { said: string; title: string; message: string };
  /**
   * The environment the step runs in (the runner's, a terminal's): the workflow's `GITHUB_*`, the
   * proxies, `RTD_ACTION_HTTP_TIMEOUT_MS`, `RTD_ACTION_PAGES_PER_SECOND`. Read at the entry (`src/step.ts`) and nowhere below it.
   */
  readonly env: NodeJS.ProcessEnv;
  /**
   * Whether the summary repeats each red project's reason (the runner's job summary: a page of its
   * own). A terminal prints the summary right under the reasons, so it leaves them out.
   */
  readonly reasonsInSummary?: boolean;
  /**
   * Whether the inputs come from `INPUT_*` variables of `env` (the runner, and local runs of its
   * kind): then one the action does not declare is a `with:` key it never reads (`link_check`).
   */
  readonly inputsFromEnv?: boolean;
}
