/**
 * The warnings a docs build wrote, read from its output (input `warnings`): Sphinx's and docutils'
 * (`path:line: WARNING: …`, `WARNING: …` without a place, ERROR and CRITICAL kept apart as errors)
 * and MkDocs' (`WARNING -  Doc file 'x.md' contains a link …`, its wrapped lines joined). The
 * service's checkout paths become repository paths. The output is hostile: only its end is read
 * (as the failure path reads it), lines are matched by anchored, bounded patterns (linear in the
 * output), at most {@link MAX_WARNINGS} are kept, and each warning carries its comparison key.
 */
import type { FileProblem } from '../../../../domain/project-result.js';
import { safeLine } from '../../../../util/untrusted-text.js';
import { cleanOutputLine, isTreatedAsErrorNotice, repositoryPath, SCAN_LIMIT_CHARS, sphinxLineProblem } from '../sphinx-warnings.js';

/** At most this many warnings are read from one build: past it, the build is not compared. */
export const MAX_WARNINGS = 1_000;
/** A warning's message as the reports keep it: one neutralised line. */
const MESSAGE_CHARS = 300;
/** A path longer than this is no file to link: the warning is kept without one. */
const FILE_CHARS = 500;
/** A MkDocs message joined from its wrapped lines is cut here. */
const JOINED_CHARS = 2_000;

/** A warning as the reports show it, with the key the comparison matches it by. */
export interface KeyedWarning {
  problem: FileProblem;
  key: string;
}

/** What an output says: its warnings, and whether some may be missing (read from its end, or past {@link MAX_WARNINGS}). */
export interface ParsedWarnings {
  warnings: KeyedWarning[];
  truncated: boolean;
}

// Sphinx's (and docutils') level without a place: `WARNING: html_static_path entry '_static' does not exist`.
const BARE_LEVEL = /^(WARNING|ERROR|SEVERE|CRITICAL): (.{1,4000})$/;
// MkDocs' log lines: the level padded, then ` -  ` (`WARNING -  …`, `ERROR   -  …`; Material pads to 9).
const MKDOCS_LEVEL = /^(WARNING|ERROR|CRITICAL) {1,4}- {1,4}(.{0,4000})$/;
// A wrapped MkDocs message goes on in lines indented by spaces.
const MKDOCS_CONTINUATION = /^ {2,}\S/;
// MkDocs names a page by its path below `docs_dir`: `Doc file 'x.md'` (1.5+), `Documentation file 'x.md'` (earlier).
const MKDOCS_DOC_FILE = /^Doc(?:umentation)? file '([^']{1,500})'/;

/**
 * The warnings of `output`, in order. `mkdocsDocsDir` is where MkDocs' page paths are (its
 * `docs_dir`, relative to the repository; default `docs`).
 */
export function parseBuildWarnings(output: string, options: { mkdocsDocsDir?: string } = {}): ParsedWarnings {
  const cut = output.length > SCAN_LIMIT_CHARS;
  const text = cut ? output.slice(-SCAN_LIMIT_CHARS) : output;
  const docsDir = options.mkdocsDocsDir ?? 'docs';
  const warnings: KeyedWarning[] = [];
  let treatedAsError = false;
  let pending: { level: FileProblem['level']; message: string } | undefined;
  const flush = () => {
    if (pending) warnings.push(keyed(mkdocsProblem(pending.level, pending.message, docsDir)));
    pending = undefined;
  };
  for (const raw of text.split('\n')) {
    if (warnings.length >= MAX_WARNINGS) return { warnings: warnings.slice(0, MAX_WARNINGS), truncated: true };
    const line = cleanOutputLine(raw);
    if (line === undefined) {
      flush();
      treatedAsError = false;
      continue;
    }
    if (pending && MKDOCS_CONTINUATION.test(line)) {
      if (pending.message.length < JOINED_CHARS) pending.message = `${pending.message} ${line.trim()}`.slice(0, JOINED_CHARS);
      continue;
    }
    flush();
    const found = lineProblem(line, treatedAsError);
    if (found && 'mkdocs' in found) pending = found.mkdocs;
    else if (found) warnings.push(keyed(found));
    treatedAsError = isTreatedAsErrorNotice(line);
  }
  flush();
  return { warnings: warnings.slice(0, MAX_WARNINGS), truncated: cut || warnings.length > MAX_WARNINGS };
}

/** The problem one clean line tells: Sphinx's with a place, MkDocs' (to be joined with its wrapped lines), or a bare level. */
function lineProblem(
  line: string,
  treatedAsError: boolean,
): FileProblem | { mkdocs: { level: FileProblem['level']; message: string } } | undefined {
  const sphinx = sphinxLineProblem(line, treatedAsError);
  if (sphinx) return sphinx;
  const mkdocs = MKDOCS_LEVEL.exec(line);
  if (mkdocs) return { mkdocs: { level: mkdocs[1] === 'WARNING' ? 'warning' : 'error', message: mkdocs[2]!.trim() } };
  const bare = BARE_LEVEL.exec(line);
  if (bare) return { level: bare[1] === 'WARNING' && !treatedAsError ? 'warning' : 'error', message: bare[2]!.trim() };
  return undefined;
}

/** A MkDocs warning, on its page when it names one (`Doc file 'guide/x.md' …`, below `docsDir`). */
function mkdocsProblem(level: FileProblem['level'], message: string, docsDir: string): FileProblem {
  const page = MKDOCS_DOC_FILE.exec(message)?.[1];
  const file = page === undefined ? undefined : repositoryPath(docsDir === '.' || docsDir === '' ? page : `${docsDir}/${page}`);
  return { level, ...(file === undefined ? {} : { file }), message };
}

/** The problem as the reports keep it (a bounded file, one neutralised line), with its key from the words as written. */
function keyed(found: FileProblem): KeyedWarning {
  const file = found.file !== undefined && found.file.length <= FILE_CHARS ? found.file : undefined;
  return { problem: asReported(found), key: warningKey({ file, message: found.message }) };
}

/** A problem as the reports keep it: its file when short enough to be one, its message one neutralised line. */
export function asReported(found: FileProblem): FileProblem {
  const file = found.file !== undefined && found.file.length <= FILE_CHARS ? found.file : undefined;
  return {
    level: found.level,
    ...(file === undefined ? {} : { file, ...(found.line === undefined ? {} : { line: found.line }) }),
    message: safeLine(found.message, MESSAGE_CHARS),
  };
}

/**
 * What makes two warnings the same one: the file and the message, with the service's checkout
 * and environment paths (a pull request's `…/checkouts/7/` against the base's `…/checkouts/latest/`), numbers
 * (line numbers quoted in the message, counts) and runs of spaces set aside.
 */
export function warningKey(problem: Pick<FileProblem, 'file' | 'message'>): string {
  const message = withoutCheckoutPaths(problem.message).replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
  return `${problem.file ?? ''}\u0000${message}`;
}

const USER_BUILDS = '/user_builds/';
// What follows `/user_builds/` in a path of the build: `<project>/checkouts/<version>/`, or the
// version's environment (`<project>/envs/<version>/`, where a library's docstrings are).
const CHECKOUT_TAIL = /^[^/\s]{1,200}\/(?:checkouts|envs|conda)\/[^/\s]{1,200}\//;
// Where a path starts in a message: after a space or a quote.
const PATH_START = /[\s'"`(]/;

/** `text` without the service's checkout paths' prefixes: one scan (each `/user_builds/` found once, each character looked back at once). */
function withoutCheckoutPaths(text: string): string {
  let out = '';
  let from = 0;
  for (let at = text.indexOf(USER_BUILDS); at !== -1; at = text.indexOf(USER_BUILDS, from)) {
    const tail = CHECKOUT_TAIL.exec(text.slice(at + USER_BUILDS.length, at + USER_BUILDS.length + 420));
    if (!tail) {
      out += text.slice(from, at + 1);
      from = at + 1;
      continue;
    }
    let start = at;
    while (start > from && !PATH_START.test(text[start - 1]!)) start -= 1;
    out += text.slice(from, start);
    from = at + USER_BUILDS.length + tail[0].length;
  }
  return out + text.slice(from);
}
