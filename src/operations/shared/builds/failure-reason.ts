import type { ReadTheDocsApi } from '../../../readthedocs/read-the-docs.js';
import type { Build } from '../../../readthedocs/schemas.js';
import { NotFoundError } from '../../../readthedocs/errors.js';
import { outputTailOf } from '../../../util/output-tail.js';
import { messageOf } from '../../../util/message-of.js';
import { stoppedOnWarnings } from './sphinx-warnings.js';

const OUTPUT_TAIL_LINES = 20;
const OUTPUT_TAIL_CHARS = 3000;
/** How much of the failed command's output is kept for annotations (Sphinx warnings): its end. */
const ANNOTATION_SCAN_CHARS = 200_000;

/** What {@link explainFailure} found out: the whole text, and its pieces for the callers that show them apart. */
export interface FailureFindings {
  /** Every reason found, one a line: what a project's `reason` quotes. */
  text: string;
  /** One line: the service's first notification, or which command failed. */
  headline?: string;
  /** The last lines of the failed command's output (as in the text). */
  outputTail?: string;
  /** The end of the failed command's output, at most {@link ANNOTATION_SCAN_CHARS} characters. */
  output?: string;
}

/**
 * Says why a build did not succeed: the service's notifications (the reason it shows on the build
 * page) and, for a failed command, the last lines of its output. Looking it up must never hide
 * the failure itself, so errors here become a note.
 */
export async function explainFailure(api: ReadTheDocsApi, build: Build): Promise<FailureFindings> {
  const parts: string[] = [];
  const findings: Omit<FailureFindings, 'text'> = {};
  try {
    const notifications = await api.buildNotifications(build.project, build.id);
    for (const { message } of notifications) {
      const text = [message.header, message.body].filter(Boolean).join(': ');
      parts.push(text ? `${text} (${message.id})` : message.id);
      findings.headline ??= parts.at(-1);
    }
  } catch (error) {
    parts.push(`(the build's notifications could not be read: ${messageOf(error)})`);
  }
  if (build.state.code === 'finished') {
    try {
      const { commands } = await api.buildCommands(build.id);
      const failed = [...commands]
        .reverse()
        .find((command) => command.exit_code !== null && command.exit_code !== undefined && command.exit_code !== 0);
      if (failed) {
        parts.push(`Command failed (exit code ${failed.exit_code}): ${failed.command ?? '(unknown command)'}`);
        findings.headline ??= parts.at(-1);
        // Sphinx's `-W`: what stopped it is said first, before the service's generic notification.
        const stopped = stoppedOnWarnings(failed.output ?? '');
        if (stopped !== undefined) {
          parts.unshift(stopped);
          findings.headline = stopped;
        }
        const tail = tailLines(failed.output ?? '', OUTPUT_TAIL_LINES, OUTPUT_TAIL_CHARS);
        if (tail) parts.push(`Last lines of its output:\n${tail}`);
        if (tail) findings.outputTail = tail;
        findings.output = (failed.output ?? '').slice(-ANNOTATION_SCAN_CHARS);
      }
    } catch (error) {
      parts.push(
        error instanceof NotFoundError
          ? "(the build's command output is not published for this build: API v2, its only source, ignores tokens, " +
              "so private builds' output is never available; see the build page)"
          : `(the build's commands could not be read: ${messageOf(error)})`,
      );
    }
  }
  return { text: parts.join('\n') || 'The service gave no reason.', ...findings };
}

/** Only this much of a command's output is looked at: it is the build author's, and may be huge. */
const OUTPUT_SCAN_CHARS = 64 * 1024;

/** The last `lines` lines of `text`, at most `chars` characters (`…` where a line was cut): linear time on a bounded slice. */
export function tailLines(text: string, lines: number, chars: number): string {
  const tail = outputTailOf(text.length > OUTPUT_SCAN_CHARS ? text.slice(-OUTPUT_SCAN_CHARS) : text, { lines, chars });
  return tail.partial ? `…${tail.text}` : tail.text;
}
