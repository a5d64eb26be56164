// In-process tests of a step operation: `standinContext` is the shared `operationContext` (the real
// client, inputs parsed as the action parses them, a fake clock) over a stand-in, with no GitHub
// event; `captureStdout` keeps what the action prints instead of showing it.
import { beforeEach, vi } from 'vitest';
import { readRunContext, type RunContext } from '../../src/inputs/github-context.js';
import type { RawInputs } from '../../src/inputs/inputs.js';
import type { OperationContext } from '../../src/operations/types.js';
import { operationContext } from '../support/operation-context.ts';
import { parseAnnotations, type Annotation } from '../support/run-action.ts';
import type { Standin } from '../support/rtd-standin.ts';

export interface TestContext {
  ctx: OperationContext;
  /** Disposes of the deadline and closes the HTTP client. */
  close: () => Promise<void>;
}

/** A context whose inputs are `raw` over the stand-in's URL, on a fake clock, with no GitHub event. */
export function standinContext(standin: Standin, raw: Partial<RawInputs>, run: Partial<RunContext> = {}): TestContext {
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
