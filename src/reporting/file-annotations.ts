import type { RunnerLog } from '../runner/port.js';
import { safeLine } from '../util/untrusted-text.js';

/**
 * An annotation on a line of a repository file (`::error file=…,line=…::`), shown on that line in
 * a pull request's changed files. The message is printed as one neutralised line: it may quote the
 * file, which a pull request wrote.
 */
export function annotateFileLine(
  log: Pick<RunnerLog, 'error' | 'warning' | 'notice'>,
  level: 'error' | 'warning' | 'notice',
  message: string,
  where: { title: string; file: string; line?: number },
): void {
  const properties = { title: where.title, file: where.file, ...(where.line === undefined ? {} : { startLine: where.line }) };
  const text = safeLine(message);
  log[level](text, properties);
}
