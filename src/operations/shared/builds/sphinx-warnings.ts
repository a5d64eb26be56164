/**
 * Sphinx (and docutils) warnings and errors in a failed build's output, as annotations on the
 * repository's files: GitHub shows `::warning file=docs/index.rst,line=12::…` inline on a pull
 * request's changed lines. The output is hostile text: it is read line by line with anchored,
 * quantifier-bounded patterns (linear in its length), only its end is read, and every message
 * goes out through `safeLine`.
 */
import type { FileProblem } from '../../../domain/project-result.js';
import type { Annotation, RunnerLog } from '../../../runner/port.js';
import { safeLine } from '../../../util/untrusted-text.js';
import { plural } from '../../../util/plural.js';

export type SphinxProblem = FileProblem;

/** The problems a result carries (comment, summary, issue): the first ones, each message one bounded line. */
const PROBLEMS_SHOWN = 10;
const PROBLEM_MESSAGE_CHARS = 300;
/** What the comment's stored rows accept (comment-rows.ts): a longer path is no file to link, the problem is kept without it. */
const PROBLEM_FILE_CHARS = 500;

/**
 * The first {@link PROBLEMS_SHOWN} problems of `output`, errors first, for the reports, and how
 * many more there are. `isNew` (input `warnings`) marks those the build's baseline does not have.
 */
export function problemsToShow(output: string, isNew?: (problem: SphinxProblem) => boolean): { problems: FileProblem[]; more: number } {
  const found = parseSphinxProblems(output);
  const ordered = [...found.filter((p) => p.level === 'error'), ...found.filter((p) => p.level === 'warning')];
  const problems = ordered.slice(0, PROBLEMS_SHOWN).map((p): FileProblem => {
    const { file, line } = p;
    return {
      level: p.level,
      ...(file !== undefined && file.length <= PROBLEM_FILE_CHARS ? { file, ...(line === undefined ? {} : { line }) } : {}),
      message: safeLine(p.message, PROBLEM_MESSAGE_CHARS),
      ...(isNew?.(p) ? { new: true as const } : {}),
    };
  });
  return { problems, more: ordered.length - problems.length };
}

/** Only the end of the output is read (where a failed build's problems are). */
export const SCAN_LIMIT_CHARS = 200_000;
/** Longer lines are no Sphinx message worth showing (and are not scanned). */
const MAX_LINE_CHARS = 4_000;
/**
 * At most this many annotations of each level; the rest are counted in one line of the log.
 * GitHub shows 10 of each level per step: errors stop at 5 so that the step's own failure
 * annotations (one per failed project, made last) are still shown.
 */
export const ANNOTATION_LIMITS = { warning: 10, error: 5 } as const;

// Colour codes Sphinx writes when it thinks it is on a terminal.
const ANSI = /\u001b\[[0-9;]{0,20}[A-Za-z]/g;
// The level after `path:line`, `path` or `path:docstring of x:line`: Sphinx's `: WARNING: ` and
// docutils' `: (ERROR/3) ` (also without parentheses). Found first, so the path is read backwards
// from it: Sphinx may write a status (`checking consistency... `) before the path on the same line.
const LEVEL = /: (?:\((WARNING|ERROR|SEVERE|CRITICAL)\/\d\)|(WARNING|ERROR|SEVERE|CRITICAL)(?:\/\d|:))(?: |$)/;
const LINE_SUFFIX = /:(\d{1,9})$/;
const DOCSTRING_SUFFIX = /:docstring of ([^:\s]{1,300})$/;

/** `path[:docstring of x][:line]` read from its end (each step linear in the prefix's length). */
function location(prefix: string): { path: string; docstring?: string; lineNumber?: string } {
  let rest = prefix;
  const lineNumber = LINE_SUFFIX.exec(rest);
  if (lineNumber) rest = rest.slice(0, lineNumber.index);
  const docstring = DOCSTRING_SUFFIX.exec(rest);
  if (docstring) rest = rest.slice(0, docstring.index);
  // The path is the last word: what precedes it on the line is a status message.
  return {
    path: rest.slice(rest.lastIndexOf(' ') + 1),
    ...(docstring ? { docstring: docstring[1]! } : {}),
    ...(lineNumber ? { lineNumber: lineNumber[1]! } : {}),
  };
}
// After Sphinx's `-W` notice, the next line is `path:line: message` with no level.
const TREATED_AS_ERROR = /^Warning, treated as error:\s*$/;
// Sphinx's last line when `-W --keep-going` failed the build (the service's `fail_on_warning`).
const WARNINGS_AS_ERRORS = /^build finished with problems, (\d{1,9}) warnings? \(with warnings treated as errors\)\.$/;
/** How many of the output's last lines are looked at for Sphinx's own account of why it stopped. */
const STOP_LINES = 6;
const BARE_PROBLEM = /^(.{1,1000}?):(\d{1,9}):\s?(.*)$/;
// The checkout the service builds in, e.g.
// /home/docs/checkouts/readthedocs.org/user_builds/<project>/checkouts/<version>/docs/index.rst
const CHECKOUT_PREFIX = /^\/(?:[^/]{1,200}\/){0,10}?user_builds\/[^/]{1,200}\/checkouts\/[^/]{1,200}\//;

/**
 * The warnings and errors in `output`, in order. Paths inside the build's checkout become
 * repository-relative; other absolute paths are dropped (the problem is kept, without a file).
 */
export function parseSphinxProblems(output: string): SphinxProblem[] {
  const text = output.length > SCAN_LIMIT_CHARS ? output.slice(-SCAN_LIMIT_CHARS) : output;
  const problems: SphinxProblem[] = [];
  let treatedAsError = false;
  for (const raw of text.split('\n')) {
    const line = cleanOutputLine(raw);
    if (line === undefined) {
      treatedAsError = false;
      continue;
    }
    const found = sphinxLineProblem(line, treatedAsError);
    if (found) problems.push(found);
    treatedAsError = isTreatedAsErrorNotice(line);
  }
  return problems;
}

/** A line of the output without its colour codes and carriage return; undefined for a line too long to be a message (not scanned). */
export function cleanOutputLine(raw: string): string | undefined {
  return raw.length > MAX_LINE_CHARS ? undefined : raw.replace(ANSI, '').replace(/\r$/, '');
}

/** Sphinx's `-W` notice: the next line is the warning it turned into an error. */
export function isTreatedAsErrorNotice(line: string): boolean {
  return TREATED_AS_ERROR.test(line);
}

/**
 * The Sphinx or docutils problem a clean line tells about a place (`path:line: WARNING: …`), or
 * undefined; `treatedAsError` when the line before was Sphinx's `-W` notice.
 */
export function sphinxLineProblem(line: string, treatedAsError: boolean): SphinxProblem | undefined {
  const level = LEVEL.exec(line);
  if (level !== null) {
    const { path, docstring, lineNumber } = location(line.slice(0, level.index));
    const message = line.slice(level.index + level[0].length);
    const severity = treatedAsError || (level[1] ?? level[2]) !== 'WARNING' ? 'error' : 'warning';
    if (path === '') return undefined;
    return docstring === undefined
      ? problem(severity, path, lineNumber, message)
      : problem(severity, path, undefined, `docstring of ${docstring}, line ${lineNumber ?? '?'}: ${message}`);
  }
  if (!treatedAsError) return undefined;
  const bare = BARE_PROBLEM.exec(line);
  return bare ? problem('error', bare[1]!, bare[2], bare[3]!) : undefined;
}

function problem(level: SphinxProblem['level'], path: string, lineNumber: string | undefined, message: string): SphinxProblem {
  const file = repositoryPath(path.trim());
  const line = lineNumber === undefined ? undefined : Number(lineNumber);
  return {
    level,
    ...(file === undefined ? {} : { file }),
    ...(line !== undefined && line > 0 && file !== undefined ? { line } : {}),
    message: file === undefined ? `${path.trim()}: ${message.trim()}` : message.trim(),
  };
}

/**
 * Why a failed Sphinx run stopped, when `-W` (warnings as errors) stopped it: "Sphinx stopped on 2
 * warnings (`-W`)", from Sphinx's last line, or "on its first warning" when Sphinx without
 * `--keep-going` stopped at its notice. Undefined for any other failure. Only the output's last
 * lines are read (Sphinx says it last).
 */
export function stoppedOnWarnings(output: string): string | undefined {
  const last = output
    .slice(-STOP_LINES * MAX_LINE_CHARS)
    .split('\n')
    .slice(-STOP_LINES);
  const lines = last.map(cleanOutputLine).map((line) => line?.trim() ?? '');
  for (const line of lines.toReversed()) {
    const counted = WARNINGS_AS_ERRORS.exec(line);
    if (counted) return `Sphinx stopped on ${plural(Number(counted[1]), 'warning')} (\`-W\`)`;
  }
  // Without `--keep-going`: the notice, then the warning it turned into an error, and nothing after.
  return lines.some(isTreatedAsErrorNotice) ? 'Sphinx stopped on its first warning (`-W`)' : undefined;
}

/** `path` relative to the repository, or undefined when it cannot be told. */
export function repositoryPath(path: string): string | undefined {
  let relative = path.replace(CHECKOUT_PREFIX, '');
  if (relative.startsWith('/')) return undefined; // absolute, outside the checkout
  relative = relative.replace(/^(?:\.\/)+/, '');
  if (relative === '' || relative.split('/').some((segment) => segment === '..' || segment === '')) return undefined;
  return relative;
}

/**
 * Annotates the build's Sphinx problems (at most {@link ANNOTATION_LIMITS} of each level) and
 * says how many more there were; `isNew` (input `warnings`) tells those the baseline does not
 * have, titled *New warning* / *New error*. Returns the number of annotations made.
 */
export function annotateSphinxProblems(
  output: string,
  project: string,
  info: (message: string) => void,
  annotations: Pick<RunnerLog, 'error' | 'warning'>,
  isNew?: (problem: SphinxProblem) => boolean,
): number {
  const problems = parseSphinxProblems(output);
  let made = 0;
  for (const level of ['error', 'warning'] as const) {
    const ofLevel = problems.filter((problem) => problem.level === level);
    for (const problem of ofLevel.slice(0, ANNOTATION_LIMITS[level])) {
      const { file, line, message } = problem;
      // Input `warnings`: one the build's baseline does not have is titled new.
      const title = isNew?.(problem) ? `New ${level}: ${project}` : `Sphinx ${level}: ${project}`;
      const properties: Annotation = {
        title: safeLine(title, 200),
        ...(file === undefined ? {} : { file: safeLine(file, 500) }),
        ...(line === undefined ? {} : { startLine: line }),
      };
      annotations[level](safeLine(message), properties);
      made += 1;
    }
    const rest = ofLevel.length - ANNOTATION_LIMITS[level];
    if (rest > 0) {
      const what = `${plural(rest, `more Sphinx ${level}`)} of ${safeLine(project, 200)}`;
      info(`${what} are in the build's output (the first ${ANNOTATION_LIMITS[level]} are annotated)`);
    }
  }
  return made;
}
