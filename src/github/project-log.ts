import * as core from '@actions/core';
import { printUntrusted } from '../util/untrusted-text.js';

/** A project's story in the log. */
export interface ProjectLog {
  info(message: string): void;
  /** A state change: with several projects it is also echoed live, prefixed with the project. */
  progress(message: string): void;
  warning(message: string, title?: string): void;
  debug(message: string): void;
  /**
   * A collapsed section: `title` (already one safe line), then `body`, hostile text printed
   * through `printUntrusted`. With several projects it is held like the rest, inside the project's group.
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
export function createProjectLog(project: string, concurrent: boolean): ProjectLog {
  if (!concurrent) {
    return {
      info: (message) => core.info(message),
      progress: (message) => core.info(message),
      warning: (message, title) => core.warning(message, { title: title ?? project }),
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
      core.info(`[${project}] ${message}`);
    },
    warning(message, title) {
      core.warning(message, { title: title ?? project });
      held.push(`warning: ${message}`);
    },
    debug(message) {
      core.debug(`[${project}] ${message}`);
    },
    section(title, body) {
      // Groups do not nest: the section is a headed block inside the project's group.
      held.push(`▸ ${title}`);
      printUntrusted(body, (text) => held.push(text));
    },
    flush() {
      core.startGroup(project);
      for (const line of held) core.info(line);
      core.endGroup();
    },
  };
}
