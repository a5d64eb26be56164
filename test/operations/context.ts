// An OperationContext for in-process tests of an operation: the real Read the Docs client (one
// ServiceHttpClient, one rate budget) against the loopback stand-in, inputs parsed as the action
// parses them, and the lines the action prints captured instead of shown.
import { beforeEach, vi } from 'vitest';
import { readRunContext, type RunContext } from '../../src/inputs/github-context.js';
import { parseInputs, type RawInputs } from '../../src/inputs/inputs.js';
import type { OperationContext } from '../../src/operations/types.js';
import { ServiceHttpClient } from '../../src/service/http-client.js';
import { RateBudget } from '../../src/service/rate-budget.js';
import { ReadTheDocsApi } from '../../src/service/read-the-docs.js';
import { Deadline } from '../../src/util/abort.js';
import { USER_AGENT } from '../../src/version.js';
import { parseAnnotations, type Annotation } from '../support/run-action.ts';
import type { Standin } from '../support/rtd-standin.ts';

export interface TestContext {
  ctx: OperationContext;
  /** Disposes of the deadline and closes the HTTP client. */
  close: () => Promise<void>;
}

/** A context whose inputs are `raw` over the stand-in's URL, with a generous rate limit and no GitHub event. */
export function standinContext(standin: Standin, raw: Partial<RawInputs>, run: Partial<RunContext> = {}): TestContext {
  const inputs = parseInputs({ 'base-url': standin.url, 'rate-limit': '600/1m', ...raw });
  const deadline = new Deadline(Date.now() + inputs.timeoutMs, new AbortController().signal);
  const budget = new RateBudget(inputs.rateLimit.limit, inputs.rateLimit.windowMs);
  const http = new ServiceHttpClient({
    baseUrl: inputs.baseUrl,
    token: inputs.token,
    userAgent: USER_AGENT,
    budget,
    signal: deadline.signal,
    remainingMs: () => deadline.remainingMs(),
    redact: (text) => text,
    backoffBaseMs: 10,
    backoffMaxMs: 50,
  });
  const ctx: OperationContext = {
    inputs,
    api: new ReadTheDocsApi(http),
    budget,
    run: { ...readRunContext({}), ...run },
    deadline,
    startedAt: Date.now(),
    now: Date.now,
  };
  return {
    ctx,
    close: async () => {
      deadline.dispose();
      await http.close();
    },
  };
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
