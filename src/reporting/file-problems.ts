/**
 * A build's warnings and errors on the repository's files, as every report shows them: a
 * `file:line` first (a link to the line on GitHub when the repository and commit are known), then
 * the level and the message. The file, line and message came from the build's output: hostile.
 */
import type { FileProblem } from '../domain/project-result.js';
import { codeSpan, escapeMarkdown, safeHttpUrl } from './markdown.js';
import { forCount, plural } from '../util/plural.js';

/** Where the files are on GitHub: `https://github.com/owner/repo` and the commit that was built. */
export interface SourceLinks {
  repoUrl?: string | undefined;
  commit?: string | undefined;
}

/** `docs/index.rst:12`, or the file alone, or nothing when the problem has no file. */
function fileAndLine(problem: Pick<FileProblem, 'file' | 'line'>): string | undefined {
  if (problem.file === undefined) return undefined;
  return problem.line === undefined ? problem.file : `${problem.file}:${problem.line}`;
}

/** The line's page on GitHub (`…/blob/{commit}/{file}#L{line}`), when the repository and a full commit are known. */
export function sourceUrl(problem: Pick<FileProblem, 'file' | 'line'>, links: SourceLinks): string | undefined {
  const repoUrl = safeHttpUrl(links.repoUrl)?.replace(/\/+$/, '');
  if (repoUrl === undefined || problem.file === undefined || !/^[0-9a-f]{40}$/i.test(links.commit ?? '')) return undefined;
  const path = problem.file.split('/').map(encodeURIComponent).join('/');
  // safeHttpUrl encodes what encodeURIComponent keeps and a Markdown link cannot hold: `(`, `)`, `'`.
  return safeHttpUrl(`${repoUrl}/blob/${links.commit}/${path}${problem.line === undefined ? '' : `#L${problem.line}`}`);
}

/** A problem as Markdown, compiler style: `` [`docs/index.rst:12`](link): warning: message ``. */
export function problemMarkdown(problem: FileProblem, links: SourceLinks): string {
  const where = fileAndLine(problem);
  const url = sourceUrl(problem, links);
  const label = where === undefined ? '' : codeSpan(where, { inTable: false });
  const place = url === undefined ? label : `[${label}](${url})`;
  return `${place === '' ? '' : `${place}: `}${levelWords(problem)}: ${escapeMarkdown(problem.message)}`;
}

/** The problems as a Markdown list (`indent` before each item), and a line counting those not listed. */
export function problemList(problems: FileProblem[], more: number, links: SourceLinks, indent = ''): string[] {
  const lines = problems.map((problem) => `${indent}- ${problemMarkdown(problem, links)}`);
  if (more > 0 && problems.length === 0)
    lines.push(`${indent}- ${plural(more, 'warning')} or ${forCount(more, 'error')} in the build's output`);
  else if (more > 0) lines.push(`${indent}- … and ${more} more in the build's output`);
  return lines;
}

/** A problem as a terminal line, compiler style: `docs/index.rst:12: warning: message`. */
export function problemText(problem: FileProblem): string {
  const where = fileAndLine(problem);
  return `${where === undefined ? '' : `${where}: `}${levelWords(problem)}: ${problem.message}`;
}

/** `warning`, `error`, or `new warning` when the build's baseline does not have it (input `warnings`). */
function levelWords(problem: Pick<FileProblem, 'level' | 'new'>): string {
  return problem.new ? `new ${problem.level}` : problem.level;
}

/** "2 Sphinx warnings", "1 error and 3 warnings": how many problems there are, by level; '' for none. */
export function problemCount(problems: FileProblem[], more = 0): string {
  const errors = problems.filter((problem) => problem.level === 'error').length;
  // Errors are listed first: past a listed warning, the ones not listed are warnings too.
  // None listed (a body that keeps counts only): their levels are not known.
  if (more > 0 && (problems.length === 0 || problems.at(-1)?.level === 'error')) return `${problems.length + more} errors and warnings`;
  const warnings = problems.length - errors + more;
  const parts = [errors > 0 ? plural(errors, 'error') : '', warnings > 0 ? plural(warnings, 'warning') : ''].filter((part) => part !== '');
  return parts.join(' and ');
}
