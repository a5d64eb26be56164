import * as core from '@actions/core';
import { printUntrusted, safeLine } from '../util/untrusted-text.js';

/**
 * A project's story in the log. Every message may carry text from the service, GitHub or the pull
 * request (build output, URLs, state names), so every method treats the whole message as hostile:
 * a single line is printed through `safeLine`, several lines as one block with workflow commands
 * stopped (`printUntrusted`). No caller has to remember to neutralise a field.
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
   * through `printUntrusted`. With several projects it is held like the rest, inside the project's group.
   */
  section(title: string, body: string): void;
  /** Prints what was held back (several projects): one log group per project. */
  flush(): void;
}

/** Prints hostile text as log lines the runner acts on none of. */
export function infoUntrusted(message: string): void {
  printUntrusted(message, (safe) => core.info(safe));
}

/** `[project] message`, the prefix on a line of its own before a fenced block; the prefix is neutralised as well. */
function infoPrefixed(prefix: string, message: string): void {
  const safePrefix = safeLine(prefix);
  printUntrusted(message, (safe) => core.info(safe.includes('\n') ? `${safePrefix}\n${safe}` : `${safePrefix} ${safe}`));
}

/**
 * With one project, lines go out at once, ungrouped. With several running concurrently,
 * groups cannot interleave: each project's lines are held and printed as its own group when it
 * ends, and only progress (state changes) is echoed live, prefixed with the project.
 */
export function createProjectLog(project: string, concurrent: boolean): ProjectLog {
  if (!concurrent) {
    return {
      info: infoUntrusted,
      progress: infoUntrusted,
      warning: (message, title, file) => core.warning(message, { title: title ?? project, ...(file === undefined ? {} : { file }) }),
      notice: (message, title) => core.notice(message, { title: title ?? project }),
      debug: (message) => core.debug(message),
      section(title, body) {
        core.startGroup(title);
        printUntrusted(body, (text) => core.info(text));
        core.endGroup();
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
      infoPrefixed(`[${project}]`, message);
    },
    warning(message, title, file) {
      core.warning(message, { title: title ?? project, ...(file === undefined ? {} : { file }) });
      held.push(`warning: ${message}`);
    },
    notice(message, title) {
      core.notice(message, { title: title ?? project });
      held.push(`notice: ${message}`);
    },
    debug(message) {
      core.debug(`[${project}] ${message}`);
    },
    section(title, body) {
      // Groups do not nest: the section is a headed block inside the project's group, held raw
      // so that flush fences it once, as it does every held message.
      held.push(`▸ ${title}\n${body}`);
    },
    flush() {
      core.startGroup(project);
      for (const line of held) infoUntrusted(line);
      core.endGroup();
    },
  };
}
