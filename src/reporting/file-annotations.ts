import * as core from '@actions/core';
import { safeLine } from '../util/untrusted-text.js';

/**
 * An annotation on a line of a repository file (`::error file=…,line=…::`), shown on that line in
 * a pull request's changed files. The message is printed as one neutralised line: it may quote the
 * file, which a pull request wrote.
 */
export function annotateFileLine(
  level: 'error' | 'warning' | 'notice',
  message: string,
  where: { title: string; file: string; line?: number },
): void {
  const properties = { title: where.title, file: where.file, ...(where.line === undefined ? {} : { startLine: where.line }) };
  const text = safeLine(message);
  if (level === 'error') core.error(text, properties);
  else if (level === 'warning') core.warning(text, properties);
  else core.notice(text, properties);
}
