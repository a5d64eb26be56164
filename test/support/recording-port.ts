// A RunnerPort that keeps everything for assertions: the in-process alternative to reading the
// runner's workflow commands from stdout (test/operations/context.ts's captureStdout).
import type { Annotation, FailureKind, RunnerLog, RunnerPort } from '../../src/runner/port.js';

interface RecordedAnnotation extends Annotation {
  level: 'error' | 'warning' | 'notice';
  message: string;
}

export interface RecordingPort extends RunnerPort {
  lines: string[];
  annotations: RecordedAnnotation[];
  masked: string[];
  outputs: Record<string, string>;
  summaries: string[];
  failures: FailureKind[];
}

/**
 * A port whose inputs are `inputs` ('' when absent), recording what the step does through it; its
 * environment is `env` (the process's by default).
 */
export function recordingPort(inputs: Record<string, string> = {}, env: NodeJS.ProcessEnv = process.env): RecordingPort {
  const lines: string[] = [];
  const annotations: RecordedAnnotation[] = [];
  const annotate = (level: RecordedAnnotation['level']) => (message: string, annotation?: Annotation) => {
    annotations.push({ level, message, ...annotation });
  };
  const log: RunnerLog = {
    info: (message) => lines.push(message),
    untrusted: (text, prefix) => lines.push(prefix === undefined ? text : `${prefix} ${text}`),
    debug: () => undefined,
    error: annotate('error'),
    warning: annotate('warning'),
    notice: annotate('notice'),
    startGroup: (title) => lines.push(`▸ ${title}`),
    endGroup: () => undefined,
  };
  const port: RecordingPort = {
    log,
    lines,
    annotations,
    masked: [],
    outputs: {},
    summaries: [],
    failures: [],
    input: (name, options) => (options?.trim === false ? (inputs[name] ?? '') : (inputs[name] ?? '').trim()),
    mask: (secret) => port.masked.push(secret),
    setOutput: (name, value) => {
      port.outputs[name] = value;
    },
    writeSummary: async (markdown) => {
      port.summaries.push(markdown);
    },
    fail: (kind) => port.failures.push(kind),
    cancellation: { said: 'the test cancelled it', title: 'Cancelled by the test', message: 'cancelled by the test' },
    env,
  };
  return port;
}
