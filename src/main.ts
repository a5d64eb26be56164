import * as core from '@actions/core';
import { INPUT_DEFAULTS, InputError, parseInputs, type InputName, type Inputs, ANONYMOUS_RATE_LIMIT } from './inputs/inputs.js';
import { readRunContext } from './inputs/github-context.js';
import { annotateFailures, setOutputs, summaryMarkdown, writeSummary } from './reporting/report.js';
import { SHORTEST_MASK, valuesToMask } from './inputs/env-desired.js';
import { STEP_OPERATIONS, STEP_OUTPUTS } from './operations/index.js';
import { GREEN_OUTCOMES, type OperationContext, type ProjectResult } from './operations/types.js';
import { ServiceHttpClient } from './service/http-client.js';
import { RateBudget } from './service/rate-budget.js';
import { ReadTheDocsApi } from './service/read-the-docs.js';
import { pollingPlan } from './operations/poll-policy.js';
import { WatcherRegistry } from './operations/watchers.js';
import { CancelledError, Deadline, sleep } from './util/abort.js';
import { httpTimeoutFromEnv, proxyCredentials } from './util/network-env.js';
import { Redactor } from './util/redact.js';
import { USER_AGENT } from './version.js';

/** After the workflow cancels the run, the process ends within this time whatever is pending. */
const CANCEL_GRACE_MS = 1500;

/** Operations that change the project, and so need a token. */
const NEEDS_TOKEN = new Set<Inputs['operation']>(['build', 'sync-versions', 'env', 'apply', 'export']);

/**
 * The action: read inputs, run the operation for every project, report on every path.
 *
 * `@github/local-action` imports this module (`src/main.ts`, not `dist/`) so that it can swap
 * `@actions/core` for its own stub: a bundle carries its own copy of core, which the tool cannot
 * reach. Its stub has no `core.ExitCode`, hence `process.exitCode = 1` for a failure below.
 */
export async function run(): Promise<void> {
  const startedAt = Date.now();
  const redactor = new Redactor();
  // Masked before anything else is read or logged.
  for (const name of ['token', 'github-token'] as const) maskSecret(core.getInput(name), redactor);
  // A proxy URL may carry credentials (http://user:password@proxy:3128): never print them either.
  for (const secret of proxyCredentials(process.env)) maskSecret(secret, redactor);
  const redact = (text: string) => redactor.redact(text);

  const cancellation = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (cancellation.signal.aborted) return;
    core.info(`${signal} received: the workflow was cancelled; stopping`);
    cancellation.abort(new CancelledError());
    setTimeout(() => process.exit(process.exitCode ?? 1), CANCEL_GRACE_MS).unref();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  let inputs: Inputs | undefined;
  let results: ProjectResult[] = [];
  let heading = 'Read the Docs';
  let http: ServiceHttpClient | undefined;
  let deadline: Deadline | undefined;
  const summarySections: string[] = [];
  try {
    inputs = readInputs(redactor);
    heading = `Read the Docs: ${inputs.operation}`;
    deadline = new Deadline(startedAt + inputs.timeoutMs, cancellation.signal);
    const budget = new RateBudget(inputs.rateLimit.limit, inputs.rateLimit.windowMs);
    // Without a token every request is anonymous and `budget` is already the anonymous limit.
    const anonymousBudget = inputs.token ? new RateBudget(ANONYMOUS_RATE_LIMIT.limit, ANONYMOUS_RATE_LIMIT.windowMs) : undefined;
    const timeoutMs = httpTimeoutFromEnv(process.env);
    const stepDeadline = deadline;
    http = new ServiceHttpClient({
      baseUrl: inputs.baseUrl,
      token: inputs.token,
      userAgent: USER_AGENT,
      budget,
      ...(anonymousBudget ? { anonymousBudget } : {}),
      signal: deadline.signal,
      remainingMs: () => stepDeadline.remainingMs(),
      redact,
      debug: (message) => core.debug(redact(message)),
      headersTimeoutMs: timeoutMs,
      bodyTimeoutMs: timeoutMs,
    });
    const ctx: OperationContext = {
      inputs,
      api: new ReadTheDocsApi(http),
      budget,
      run: readRunContext(),
      deadline,
      startedAt,
      now: Date.now,
      sleep,
      polling: pollingPlan(inputs.pollInterval),
      watchers: new WatcherRegistry(),
      summarySections,
    };
    results = await STEP_OPERATIONS[inputs.operation](ctx);
    core.debug(
      `requests: ${http.stats.requests}, retries: ${http.stats.retries}, throttled: ${http.stats.throttled}; ` +
        `budget: ${budget.stats.delayed} held back for ${budget.stats.waitedMs} ms in all, limit now ${budget.currentLimit}/${budget.windowMs} ms`,
    );
  } catch (error) {
    const title = error instanceof InputError ? 'Invalid input' : 'Read the Docs action failed';
    core.error(redact(error instanceof Error ? error.message : String(error)), { title });
    process.exitCode = 1;
  } finally {
    setOutputs(results, redact, inputs === undefined ? undefined : STEP_OUTPUTS[inputs.operation]?.(results), inputs?.baseUrl);
    annotateFailures(results, redact);
    if (results.length > 0) await writeSummary(summaryMarkdown(heading, results, summarySections), redact);
    if (results.some((result) => !GREEN_OUTCOMES.has(result.outcome))) process.exitCode = 1;
    deadline?.dispose();
    await http?.close().catch(() => undefined);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** Inputs read verbatim: a value's spaces and blank lines belong to it. */
const UNTRIMMED_INPUTS = new Set<InputName>(['variables', 'public-variables']);

/**
 * Masks `secret` in the log (the runner) and in what the action writes (the redactor). Nothing
 * shorter than SHORTEST_MASK characters: it would mask that text in every line.
 */
function maskSecret(secret: string, redactor: Redactor): void {
  if (secret.length < SHORTEST_MASK) return;
  core.setSecret(secret);
  redactor.add(secret);
}

/**
 * Reads every input once and validates it before any request is sent. The values of `env` are
 * masked as soon as they are known, before anything is logged.
 */
function readInputs(redactor: Redactor): Inputs {
  const raw = {} as Record<InputName, string>;
  for (const name of Object.keys(INPUT_DEFAULTS) as InputName[]) {
    raw[name] = core.getInput(name, { trimWhitespace: !UNTRIMMED_INPUTS.has(name) });
  }
  const inputs = parseInputs(raw);
  for (const secret of valuesToMask(inputs.desiredVariables)) maskSecret(secret, redactor);
  if (!inputs.token && NEEDS_TOKEN.has(inputs.operation)) {
    throw new InputError([
      `Input \`token\` is required for operation \`${inputs.operation}\`: a Read the Docs API token, stored as a secret`,
    ]);
  }
  return inputs;
}
