import { declarationOf } from './inputs/declarations.js';
import { INPUT_NAMES, InputError, operationMissing, parseInputs, undeclaredInputs, type InputName, type Inputs } from './inputs/inputs.js';
import { safeLine } from './util/untrusted-text.js';
import { gitHubClients } from './github/api/client.js';
import { pageFetcher, type PageFetcher } from './readthedocs/page-fetcher.js';
import { readRunContext, runLinks } from './inputs/github-context.js';
import { annotateFailures, setOutputs, summaryMarkdown, summaryResults, writeSummary, type StepReport } from './reporting/report.js';
import { SHORTEST_MASK, valuesToMask } from './inputs/env-desired.js';
import { OPERATION_DESCRIPTORS, reportWithoutResults } from './operations/index.js';
import { unreadInputMessage, unreadOnRunner } from './operations/unread-inputs.js';
import { GREEN_OUTCOMES, type OperationContext } from './operations/types.js';
import { ReadTheDocsHttpClient } from './readthedocs/http-client.js';
import { RateBudget } from './readthedocs/rate-budget.js';
import { ReadTheDocsApi } from './readthedocs/read-the-docs.js';
import { pollingPlan } from './operations/polling-plan.js';
import { WatcherRegistry } from './operations/watchers.js';
import { CANCEL_EXIT_MS, CancelledError, Deadline } from './util/abort.js';
import { sleep } from './resilience/index.js';
import { httpTimeoutFromEnv, pagesPerSecondFromEnv, proxyCredentials, proxyOptions } from './util/network-env.js';
import { Redactor } from './util/redact.js';
import { actionsPort } from './runner/actions.js';
import type { RunnerPort } from './runner/port.js';
import { USER_AGENT } from './version.js';
import { messageOf } from './util/message-of.js';

/** What a front end adds to the operations' context (the terminal's `--force` for `export`). */
export type FrontEndOptions = Pick<OperationContext, 'overwriteConfig'>;

/**
 * The action: mask the secrets, read the inputs, build the clients, run the operation, report on
 * every path.
 *
 * `@github/local-action` imports this module (`src/step.ts`, not `dist/`) so that it can swap
 * `@actions/core` for its own stub: a bundle carries its own copy of core, which the tool cannot
 * reach. Its stub has no `core.ExitCode`, hence `process.exitCode = 1` for a failure (src/runner/actions.ts).
 */
export async function run(): Promise<void> {
  await runWith(actionsPort());
}

/** The step through `port`: the runner's (`run`) or a terminal's (`src/cli/command-line.ts`). */
export async function runWith(port: RunnerPort, options: FrontEndOptions = {}): Promise<void> {
  const startedAt = Date.now();
  const redactor = maskSecrets(port);
  const cancellation = cancelOnSignal(port);
  let inputs: Inputs | undefined;
  let clients: Clients | undefined;
  let report: StepReport | undefined;
  try {
    inputs = readInputs(port, redactor);
    clients = buildClients(port, inputs, startedAt, cancellation.signal, redactor);
    report = await runOperation(port, inputs, clients, startedAt, options);
  } catch (error) {
    reportError(port, error, redactor);
  } finally {
    await reportStep(report ?? reportWithoutResults(inputs?.operation), inputs, (text) => redactor.redact(text), port);
    await clients?.close();
    cancellation.dispose();
  }
}

/**
 * Masks the tokens, and the credentials a proxy URL may carry (http://user:password@proxy:3128),
 * before anything else is read or logged.
 */
function maskSecrets(port: RunnerPort): Redactor {
  const redactor = new Redactor();
  for (const name of ['token', 'github-token'] as const) maskSecret(port, port.input(name), redactor);
  for (const secret of proxyCredentials(port.env)) maskSecret(port, secret, redactor);
  return redactor;
}

/**
 * The workflow's cancellation (SIGINT, SIGTERM; SIGHUP when a terminal closes) as a signal. The
 * process ends `CANCEL_EXIT_MS` after it whatever is pending, before the runner's SIGTERM (7.5 s
 * after SIGINT): the window in which a temporary change is undone (`Deadline.cleanupWindow`).
 */
function cancelOnSignal(port: RunnerPort): { signal: AbortSignal; dispose: () => void } {
  const cancellation = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (cancellation.signal.aborted) return;
    port.log.info(`${signal} received: ${port.cancellation.said}; stopping`);
    cancellation.abort(new CancelledError(port.cancellation.message, port.cancellation.title));
    setTimeout(() => process.exit(process.exitCode ?? 1), CANCEL_EXIT_MS).unref();
  };
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
  return {
    signal: cancellation.signal,
    dispose: () => {
      for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
    },
  };
}

/** The signals that stop the step: the runner's cancellation, Ctrl-C, and a closed terminal. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** The step's deadline and what talks to the service under it: one HTTP client, one rate budget. */
interface Clients {
  deadline: Deadline;
  budget: RateBudget;
  http: ReadTheDocsHttpClient;
  /** Documentation pages and the preview host's endpoints (no token, origin-checked). */
  pages: PageFetcher;
  close: () => Promise<void>;
}

function buildClients(port: RunnerPort, inputs: Inputs, startedAt: number, cancellation: AbortSignal, redactor: Redactor): Clients {
  const redact = (text: string) => redactor.redact(text);
  const deadline = new Deadline(startedAt + inputs.timeoutMs, cancellation);
  // API v3's budget (the anonymous limit without a token); API v2 is not throttled and draws from none.
  const budget = new RateBudget(inputs.rateLimit.limit, inputs.rateLimit.windowMs);
  const timeoutMs = httpTimeoutFromEnv(port.env);
  const http = new ReadTheDocsHttpClient({
    baseUrl: inputs.baseUrl,
    token: inputs.token,
    userAgent: USER_AGENT,
    budget,
    signal: deadline.signal,
    remainingMs: () => deadline.remainingMs(),
    redact,
    debug: (message) => port.log.debug(redact(message)),
    info: (message) => port.log.info(message),
    headersTimeoutMs: timeoutMs,
    bodyTimeoutMs: timeoutMs,
    proxy: proxyOptions(port.env),
  });
  const perSecond = pagesPerSecondFromEnv(port.env);
  const pages = pageFetcher(USER_AGENT, { proxy: proxyOptions(port.env), ...(perSecond === undefined ? {} : { perSecond }) });
  return {
    deadline,
    budget,
    http,
    pages,
    close: async () => {
      deadline.dispose();
      await http.close().catch(() => undefined);
      await pages.close();
    },
  };
}

/** Runs the operation for every project; its report is what the step tells. */
async function runOperation(
  port: RunnerPort,
  inputs: Inputs,
  clients: Clients,
  startedAt: number,
  options: FrontEndOptions,
): Promise<StepReport> {
  const { deadline, budget, http, pages } = clients;
  const run = readRunContext(port.env);
  const report = await OPERATION_DESCRIPTORS[inputs.operation].run({
    inputs,
    api: new ReadTheDocsApi(http),
    budget,
    run,
    github: gitHubClients(run.apiUrl, USER_AGENT, proxyOptions(port.env)),
    pages,
    deadline,
    startedAt,
    now: Date.now,
    sleep,
    polling: pollingPlan(inputs.pollInterval),
    watchers: new WatcherRegistry(),
    log: port.log,
    ...options,
  });
  port.log.debug(
    `requests: ${http.stats.requests}, retries: ${http.stats.retries}, throttled: ${http.stats.throttled}; ` +
      `budget: ${budget.stats.delayed} held back for ${budget.stats.waitedMs} ms in all, limit now ${budget.currentLimit}/${budget.windowMs} ms`,
  );
  return report;
}

/** What stopped the step before its report (an invalid input, a file that cannot be read): one annotation, a red step. */
function reportError(port: RunnerPort, error: unknown, redactor: Redactor): void {
  const title = error instanceof InputError ? 'Invalid input' : 'Read the Docs action failed';
  port.log.error(redactor.redact(messageOf(error)), { title });
  port.fail(error instanceof InputError ? 'usage' : 'failure');
}

/**
 * The step's end, on every path: every output (empty when unknown), an annotation per project
 * that is not green, the job summary when there is a project to show, and the exit code.
 */
export async function reportStep(
  report: StepReport,
  inputs: Pick<Inputs, 'operation' | 'baseUrl'> | undefined,
  redact: (text: string) => string,
  port: RunnerPort,
): Promise<void> {
  const { results } = report;
  // Each part on its own: one that fails (on text no one foresaw) must not cost the others.
  const part = async (what: string, write: () => unknown) => {
    try {
      await write();
    } catch (error) {
      port.log.error(redact(`The ${what} could not be written: ${messageOf(error)}`), {
        title: 'Report incomplete',
      });
      port.fail('failure');
    }
  };
  await part('outputs', () => {
    setOutputs(port, results, redact, report.outputs, inputs?.baseUrl);
  });
  await part('annotations', () => annotateFailures(port, results, redact));
  if (report.failure) {
    port.log.error(redact(report.failure.message), { title: report.failure.title });
    port.fail('failure');
  }
  const heading = inputs ? `Read the Docs ${inputs.operation}` : 'Read the Docs';
  // A terminal has printed the reasons and the warnings (each at its `file:line`) already.
  const terminal = port.reasonsInSummary === false;
  const ordered = summaryResults(report);
  const summarised = terminal ? ordered.map(({ reason: _, ...rest }) => rest) : ordered;
  const { repoUrl } = runLinks(port.env);
  // The step's own failure leads the verdict: the step is red whatever the projects' outcomes.
  const links = {
    ...(repoUrl === undefined ? {} : { repoUrl }),
    listProblems: !terminal,
    ...(report.failure ? { failure: report.failure } : {}),
  };
  if (results.length > 0) {
    await part('job summary', () => writeSummary(port, summaryMarkdown(heading, summarised, report.summary, undefined, links), redact));
  }
  if (results.some((result) => !GREEN_OUTCOMES.has(result.outcome))) port.fail('failure');
}

/**
 * Masks `secret` in the log (the runner) and in what the action writes (the redactor). Nothing
 * shorter than SHORTEST_MASK characters: it would mask that text in every line.
 */
function maskSecret(port: RunnerPort, secret: string, redactor: Redactor): void {
  if (secret.length < SHORTEST_MASK) return;
  port.mask(secret);
  redactor.add(secret);
}

/**
 * Reads every input once and validates it before any request is sent. The values of `env` are
 * masked as soon as they are known, before anything is logged. An input the operation does not
 * read is refused with the others (a warning when it would change nothing: the declaration says).
 */
function readInputs(port: RunnerPort, redactor: Redactor): Inputs {
  const raw = {} as Record<InputName, string>;
  for (const name of INPUT_NAMES) {
    raw[name] = port.input(name, { trim: declarationOf(name).verbatim !== true });
  }
  const unread = unreadOnRunner(raw);
  const missing = operationMissing(raw.operation, port.env.GITHUB_EVENT_NAME);
  const refused: string[] = missing === undefined ? [] : [missing];
  for (const { name, near } of port.inputsFromEnv ? undeclaredInputs(port.env) : []) {
    const unknown = `Input \`${safeLine(name, 80)}\` is not an input of this action`;
    // Ignored, a near miss (`link_check`, `dry_run`) would quietly do the opposite of what was meant.
    if (near !== undefined) refused.push(`${unknown}: did you mean \`${near}\`? As given, it would be ignored`);
    else port.log.warning(`${unknown}: it is ignored (docs/inputs.md lists the inputs)`, { title: 'Input not read' });
  }
  for (const input of unread) {
    const message = unreadInputMessage(input);
    if (input.severity === 'warning') port.log.warning(message, { title: 'Input not read' });
    else refused.push(message);
  }
  let inputs: Inputs;
  try {
    inputs = parseInputs(raw);
  } catch (error) {
    if (error instanceof InputError && refused.length > 0) throw new InputError([...refused, ...error.problems]);
    throw error;
  }
  if (refused.length > 0) throw new InputError(refused);
  for (const secret of valuesToMask(inputs.desiredVariables)) maskSecret(port, secret, redactor);
  if (!inputs.token && OPERATION_DESCRIPTORS[inputs.operation].needsToken) {
    throw new InputError([
      `Input \`token\` is required for operation \`${inputs.operation}\`: a Read the Docs API token, stored as a secret`,
    ]);
  }
  return inputs;
}
