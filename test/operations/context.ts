// In-process tests of a step operation: `standinContext` is the shared `operationContext` (the real
// client, inputs parsed as the action parses them, a fake clock) over a stand-in, with no GitHub
// event; `captureStdout` keeps what the action prints instead of showing it; `runStep` runs a whole
// step (operation and report) as step.ts does, on a fake clock.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, vi } from 'vitest';
import { valuesToMask } from '../../src/inputs/env-desired.js';
import { readRunContext, type RunContext } from '../../src/inputs/github-context.js';
import type { RawInputs } from '../../src/inputs/inputs.js';
import { reportStep } from '../../src/step.js';
import { reasonWithSubject } from '../../src/domain/project-result.js';
import { actionsPort } from '../../src/runner/actions.js';
import { STEP_OPERATIONS } from '../../src/operations/index.js';
import type { OperationContext, ProjectResult } from '../../src/operations/types.js';
import { type StepReport, summaryMarkdown, summaryResults } from '../../src/reporting/report.js';
import { Redactor } from '../../src/util/redact.js';
import { FakeClock, operationContext } from '../support/operation-context.ts';
import { parseAnnotations, parseOutputFile, type Annotation } from '../../harness/run-action.ts';
import { startStandin, type Standin, type StandinOptions } from '../../harness/rtd-standin.ts';

export interface StandinTestContext {
  ctx: OperationContext;
  /** Disposes of the deadline and closes the HTTP client. */
  close: () => Promise<void>;
}

/** A context whose inputs are `raw` over the stand-in's URL, on a fake clock, with no GitHub event. */
export function standinContext(standin: Standin, raw: Partial<RawInputs>, run: Partial<RunContext> = {}): StandinTestContext {
  const { ctx, close } = operationContext({ baseUrl: standin.url, inputs: raw, run: { ...readRunContext({}), ...run } });
  return { ctx, close };
}

/**
 * What the action prints to stdout (its log and the runner's commands) during each test, kept
 * instead of shown. Call it at the top of a test file.
 */
export function captureStdout(): { text: () => string; annotations: () => Annotation[] } {
  let chunks: string[] = [];
  beforeEach(() => {
    chunks = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    });
    return () => spy.mockRestore();
  });
  return { text: () => chunks.join(''), annotations: () => parseAnnotations(chunks.join('')) };
}

export interface StepRun {
  report: StepReport;
  results: ProjectResult[];
  /** The outputs as the runner reads them from GITHUB_OUTPUT. */
  outputs: Record<string, string>;
  /** The job summary the step writes ('' when there is no result to show). */
  summary: string;
  /** 1 when the step is red, as `process.exitCode` would be. */
  code: number;
  clock: FakeClock;
}

/**
 * The whole step in-process, as step.ts runs it once the inputs are read: the operation on a fake
 * clock against the stand-in, then `reportStep` (outputs into a GITHUB_OUTPUT file, an annotation
 * per project that is not green) with the secrets redacted as step.ts does (the token and the
 * `env` values). The job summary is rendered, not written (the toolkit keeps the first summary
 * path it reads). Log lines and annotations go to stdout: read them with `captureStdout`.
 */
export async function runStep(
  standin: Standin,
  raw: Partial<RawInputs>,
  options: {
    clock?: FakeClock;
    run?: Partial<RunContext>;
    token?: string;
    budgetFromInputs?: boolean;
    httpTimeoutMs?: number;
    cancellation?: AbortSignal;
  } = {},
): Promise<StepRun> {
  const clock = options.clock ?? new FakeClock();
  const test = operationContext({
    baseUrl: standin.url,
    clock,
    inputs: { token: options.token ?? 'test-token', ...raw },
    run: { ...readRunContext({}), ...options.run },
    budgetFromInputs: options.budgetFromInputs,
    httpTimeoutMs: options.httpTimeoutMs,
    cancellation: options.cancellation,
  });
  const { inputs } = test.ctx;
  const redactor = new Redactor();
  redactor.add(inputs.token);
  for (const secret of valuesToMask(inputs.desiredVariables)) redactor.add(secret);
  const redact = (text: string) => redactor.redact(text);
  const dir = mkdtempSync(join(tmpdir(), 'rtd-step-'));
  const outputFile = join(dir, 'output');
  writeFileSync(outputFile, '');
  const saved = { output: process.env.GITHUB_OUTPUT, summary: process.env.GITHUB_STEP_SUMMARY, exitCode: process.exitCode };
  try {
    const report = await STEP_OPERATIONS[inputs.operation](test.ctx);
    await test.close();
    process.env.GITHUB_OUTPUT = outputFile;
    process.env.GITHUB_STEP_SUMMARY = '';
    process.exitCode = undefined;
    await reportStep(report, inputs, redact, actionsPort());
    const code = process.exitCode ?? 0;
    const summary =
      report.results.length > 0 ? redact(summaryMarkdown(`Read the Docs ${inputs.operation}`, summaryResults(report), report.summary)) : '';
    return {
      report,
      // As every reporter shows a result: the reason with its subject first ("demo: …").
      results: report.results.map((result) => (result.reason === undefined ? result : { ...result, reason: reasonWithSubject(result) })),
      outputs: parseOutputFile(readFileSync(outputFile, 'utf8')),
      summary,
      code: Number(code),
      clock,
    };
  } finally {
    await test.close();
    restoreEnv('GITHUB_OUTPUT', saved.output);
    restoreEnv('GITHUB_STEP_SUMMARY', saved.summary);
    process.exitCode = saved.exitCode;
    rmSync(dir, { recursive: true, force: true });
  }
}

function restoreEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/**
 * A fresh fake clock and a stand-in driven by it for each test (`options` over `now`), with project
 * `demo` (or what `seed` adds), closed after the test. Read `clock` and `standin` inside a test.
 */
export function clockedStandin(
  options: StandinOptions = {},
  seed: (standin: Standin) => void = (standin) => standin.addProject({ slug: 'demo', name: 'Demo Docs' }),
): { readonly clock: FakeClock; readonly standin: Standin } {
  const stage = {} as { clock: FakeClock; standin: Standin };
  beforeEach(async () => {
    stage.clock = new FakeClock();
    stage.standin = await startStandin({ now: stage.clock.now, ...options });
    seed(stage.standin);
  });
  afterEach(async () => {
    await stage.standin.close();
  });
  return stage;
}
