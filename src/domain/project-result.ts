/**
 * How a project's part of the step ended. Only `success`, `triggered`, `skipped` (no build of the
 * commit will come: it ended itself with exit code 183, the service's documented skip, or an
 * automation rule made none) and `superseded` (a newer push's build of the version took over: that
 * push's own run checks it) keep the step green.
 */
export type Outcome = 'success' | 'triggered' | 'skipped' | 'superseded' | 'failed' | 'cancelled' | 'timed-out' | 'aborted' | 'error';

export const GREEN_OUTCOMES: ReadonlySet<Outcome> = new Set(['success', 'triggered', 'skipped', 'superseded']);

/** Green, but nothing was built for this commit: the step says why (a notice, the summary). */
export const NOTED_OUTCOMES: ReadonlySet<Outcome> = new Set(['skipped', 'superseded']);

/**
 * What an operation saw of a project as it went (the build it is watching, its version, its
 * commit): recorded as it goes, so that a timeout, a cancellation or an error still reports the
 * last state seen.
 */
export interface LastSeen {
  version?: string;
  buildId?: number;
  buildUrl?: string;
  state?: string;
  success?: boolean;
  commit?: string;
  /** Seconds, as the service counts them (queue time excluded). */
  duration?: number;
}

/** A warning or error a build wrote about one of the repository's files (Sphinx's `docs/x.rst:27: WARNING: …`). */
export interface FileProblem {
  level: 'warning' | 'error';
  /** Repository-relative path, or undefined when the path lies outside the build's checkout. */
  file?: string;
  line?: number;
  message: string;
  /** The build's baseline has no such warning (input `warnings`): this change added it. */
  new?: true;
}

/**
 * What the input `warnings` found in a finished build's output: its warnings compared with those
 * of its baseline build (the base branch's for a pull request, the version's previous one for a
 * branch). `results[].warnings`.
 */
export interface BuildWarnings {
  /** The warnings (and errors) the build wrote. */
  total: number;
  /** Those its baseline does not have, in the output's order (none when not compared). */
  new: FileProblem[];
  /** The baseline's warnings this build no longer has. */
  fixed: number;
  /** The build compared with; null when none could be (`notCompared` says why): then nothing is new. */
  baseline: { build: number; commit: string | null; version: string } | null;
  /** Why the warnings were not compared (no successful build to compare with, an output too long to read whole). */
  notCompared?: string;
}

/**
 * What a result can have to tell beyond its outcome: pages lost without a redirect, broken links,
 * changed pages the link check could not read, problems found, checks not made.
 */
export type NoteKind = 'unredirected' | 'broken-link' | 'unread-page' | 'problem' | 'not-checked';

/**
 * What an operation concludes about one project: it returns this, and the per-project runner
 * makes the project's result of it and of what was last seen. `D` is what the operation adds
 * (`details`): each operation names its own type, so nothing reads it back with a cast.
 */
export interface Conclusion<D extends object = object> {
  outcome: Outcome;
  docsUrl?: string;
  previewUrl?: string;
  /** Why it is not green: the service's notification, the failing command's output, the error. */
  reason?: string;
  /**
   * Whom `reason` is about ("demo", "demo latest"), kept out of its text: each reporter prints it
   * where it prints one ({@link reasonWithSubject}); the annotation's title names it already.
   */
  subject?: string;
  /** One line of `reason` for narrow places (the PR comment's row): a notification, the failed command. */
  headline?: string;
  /** The last lines of the failed command's output (also in `reason`), shown apart where there is room. */
  outputTail?: string;
  /** The build's warnings and errors on the repository's files (the first few): what to fix, shown unfolded. */
  problems?: FileProblem[];
  /** Problems beyond `problems`, counted (the build's output has them). */
  moreProblems?: number;
  /** Input `warnings`: the finished build's warnings, compared with its baseline's. */
  warnings?: BuildWarnings;
  /** Short title for the annotation. */
  title?: string;
  /** With outcome `superseded`: the newer build of the version, of another commit, that took over. */
  supersededBy?: { buildId: number; buildUrl: string; commit: string };
  /** What the operation adds to this project's entry of the `results` output (env variables, the plan, search hits…). */
  details?: D;
  /** This project's Markdown sections of the job summary, below the table (a build's chart, search hits). */
  summarySections?: string[];
  /** What the result still has to tell, counted: the verdict says each in words, and a green one turns ⚠️. */
  notes?: Partial<Record<NoteKind, number>>;
  /**
   * The gates that turned a built, answering project red (`link-check: fail`…), each in the words
   * every reporter gives it (`broken links: 3 to pages, 2 to anchors`): the verdict says them instead of the notes.
   */
  failedChecks?: string[];
}

/**
 * What the step learned about one project: the operation's conclusion and the last state it saw.
 * Only the per-project runner makes one (`src/operations/run-projects.ts`).
 */
export interface ProjectResult<D extends object = object> extends LastSeen, Conclusion<D> {
  project: string;
}

/** The reason as a line of its own says it: its subject first ("demo latest: build #7 failed…"), when it has one. */
export function reasonWithSubject(conclusion: Pick<Conclusion, 'reason' | 'subject'>): string | undefined {
  if (conclusion.reason === undefined) return undefined;
  return conclusion.subject === undefined ? conclusion.reason : `${conclusion.subject}: ${conclusion.reason}`;
}
