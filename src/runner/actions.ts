import { tmpdir } from 'node:os';
import * as core from '@actions/core';
import { printUntrusted, visibleControls } from '../util/untrusted-text.js';
import { saveOutputFile } from './output-file.js';
import type { Annotation, RunnerLog, RunnerPort } from './port.js';

/** An annotation's title and file with no control character left raw (`visibleControls`): they may name what the service or a build named. */
function visibleAnnotation(annotation: Annotation | undefined): Annotation {
  const properties = { ...annotation };
  if (properties.title !== undefined) properties.title = visibleControls(properties.title);
  if (properties.file !== undefined) properties.file = visibleControls(properties.file);
  return properties;
}

/**
 * The GitHub runner's log through `@actions/core`: workflow commands, annotations, groups.
 * Hostile text goes out through `printUntrusted` (commands stopped around a block); no line, debug
 * line, annotation, title or summary leaves with a raw control character (`visibleControls`).
 */
export const actionsLog: RunnerLog = {
  info: (message) => core.info(visibleControls(message)),
  untrusted: (text, prefix) =>
    printUntrusted(text, (safe) =>
      core.info(prefix === undefined ? safe : safe.includes('\n') ? `${prefix}\n${safe}` : `${prefix} ${safe}`),
    ),
  debug: (message) => core.debug(visibleControls(message)),
  error: (message, annotation) => core.error(visibleControls(message), visibleAnnotation(annotation)),
  warning: (message, annotation) => core.warning(visibleControls(message), visibleAnnotation(annotation)),
  notice: (message, annotation) => core.notice(visibleControls(message), visibleAnnotation(annotation)),
  startGroup: (title) => core.startGroup(visibleControls(title)),
  endGroup: () => core.endGroup(),
};

/**
 * The runner: inputs from `INPUT_*`, masks registered with the runner, outputs into
 * `GITHUB_OUTPUT`, the job summary into `GITHUB_STEP_SUMMARY`. A failure sets `process.exitCode`
 * (`@github/local-action`'s stub of core has no `ExitCode`); usage errors and failures both end 1.
 */
export function actionsPort(): RunnerPort {
  return {
    log: actionsLog,
    input: (name, options) => core.getInput(name, { trimWhitespace: options?.trim ?? true }),
    mask: (secret) => core.setSecret(secret),
    setOutput: (name, value) => core.setOutput(name, value),
    // The runner's temporary folder (emptied when the job ends), under the step's id: the job's
    // later steps read it there.
    saveOutput: (name, value) => saveOutputFile(process.env.RUNNER_TEMP || tmpdir(), process.env.GITHUB_ACTION || 'step', name, value),
    async writeSummary(markdown) {
      if (!process.env.GITHUB_STEP_SUMMARY) {
        core.debug('GITHUB_STEP_SUMMARY is not set: no job summary');
        return;
      }
      await core.summary.addRaw(visibleControls(markdown)).write();
    },
    fail: () => {
      process.exitCode = 1;
    },
    cancellation: { said: 'the workflow was cancelled', title: 'Cancelled by the workflow', message: 'cancelled by the workflow' },
    env: process.env,
    inputsFromEnv: true,
  };
}
