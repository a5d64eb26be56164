import type { RunnerLog } from '../runner/port.js';
import { safeLine } from '../util/untrusted-text.js';

/**
 * A project's story in the log. Every message may carry text from the service, GitHub or the pull
 * request (build output, URLs, state names), so every method treats the whole message as hostile:
 * a single line is printed through `safeLine`, several lines as one block with workflow commands
 * stopped (the runner log's `untrusted`). No caller has to remember to neutralise a field.
 */
export interface ProjectLog {
  info(message: string): void;
  /** A state change: with several projects it is also echoed live, prefixed with the project. */
  progress(message: string): void;
  /** An annotation (its text is escaped by the toolkit) that is also told in the project's story; `file` places it on a file. */
  warning(message: string, title?: string, file?: string): void;
  /** A notice annotation: worth knowing, nothing to fix now; also told in the project's story. */
  notice(message: string, title?: string): void;
  debug(message: string): void;
  /**
   * A collapsed section: `title` (already one safe line), then `body`, hostile text printed
   * through the runner log's `untrusted`. With several projects it is held like the rest, inside the project's group.
   */
  section(title: string, body: string): void;
  /** Prints what was held back (several projects): one log group per project. */
  flush(): void;
}

/**
 * With one project, lines go out at once, ungrouped. With several running concurrently,
 * groups cannot interleave: each project's lines are held and printed as its own group when it
 * ends, and only progress (state changes) is echoed live, prefixed with the project.
 */
export function createProjectLog(project: string, concurrent: boolean, runner: RunnerLog): ProjectLog {
  const infoUntrusted = (message: string) => runner.untrusted(message);
  if (!concurrent) {
    return {
      info: infoUntrusted,
      progress: infoUntrusted,
      warning: (message, title, file) => runner.warning(message, { title: title ?? project, ...(file === undefined ? {} : { file }) }),
      notice: (message, title) => runner.notice(message, { title: title ?? project }),
      debug: (message) => runner.debug(message),
      section(title, body) {
        runner.startGroup(title);
        runner.untrusted(body);
        runner.endGroup();
      },
      flush: () => undefined,
    };
  }
  const held: string[] = [];
  return {
    info(message) {
      held.push(message);
    },
    progress(message) {
      held.push(message);
      // The prefix (a slug, but any text) is neutralised as well.
      runner.untrusted(message, safeLine(`[${project}]`));
    },
    warning(message, title, file) {
      runner.warning(message, { title: title ?? project, ...(file === undefined ? {} : { file }) });
      held.push(`warning: ${message}`);
    },
    notice(message, title) {
      runner.notice(message, { title: title ?? project });
      held.push(`notice: ${message}`);
    },
    debug(message) {
      runner.debug(`[${project}] ${message}`);
    },
    section(title, body) {
      // Groups do not nest: the section is a headed block inside the project's group, held raw
      // so that flush fences it once, as it does every held message.
      held.push(`▸ ${title}\n${body}`);
    },
    flush() {
      runner.startGroup(project);
      for (const line of held) infoUntrusted(line);
      runner.endGroup();
    },
  };
}
