import { EnvHttpProxyAgent, request, type Dispatcher } from 'undici';
import type { z } from 'zod/mini';
import { safeLine } from '../util/untrusted-text.js';
import {
  backoffDelay,
  countAttempts,
  nextAttemptLine,
  parseRetryAfter,
  pastDeadlineLine,
  type RetryPolicy,
  retry,
  type Sleep,
} from '../resilience/index.js';
import { abortReason } from '../util/abort.js';
import type { ProxyOptions } from '../util/network-env.js';
import {
  BodyTooLargeError,
  countJsonNodes,
  formatBytes,
  MAX_JSON_BODY_BYTES,
  MAX_JSON_NODES,
  MAX_STEP_BYTES,
  readBoundedBytes,
  TooManyNodesError,
} from '../util/bounded-body.js';
import {
  AuthError,
  BlockedError,
  NotFoundError,
  notFoundToDo,
  PermissionError,
  SchemaError,
  ReadTheDocsError,
  UnavailableError,
  UncertainWriteError,
} from './errors.js';
import type { RateBudget } from './rate-budget.js';
import { describeErrorBody } from './schemas.js';
import { messageOf } from '../util/message-of.js';

/**
 * How a request may be repeated after a fault:
 * - `read`: any transient fault (GET);
 * - `idempotent-write`: the same, since repeating it changes nothing more (PATCH, DELETE, sync);
 * - `write`: only when the request certainly never reached the service (connection refused,
 *   throttled); otherwise the caller gets an UncertainWriteError and must look before repeating.
 */
type RetryKind = 'read' | 'idempotent-write' | 'write';

export interface RequestSpec<T> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  /** A path on the service (`/api/v3/...`) or an absolute URL the service gave (`next` links). */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  schema?: z.ZodMiniType<T>;
  /** The endpoint as a template, for messages: `GET projects/{project}/builds/{id}/`. */
  endpoint: string;
  kind: RetryKind;
  /** Statuses besides 2xx whose bodies are answers, not errors (e.g. 400 `triggered: false`). */
  accept?: number[];
  /**
   * API v2: sent without the token (it reads `Token …` only as a build API key), and drawing from
   * no budget, since the service does not throttle it (only API v3 sets throttle classes).
   */
  anonymous?: boolean;
  /** A nicety (the build's log while it runs): throttled, it fails at once instead of waiting. */
  bestEffort?: boolean;
  /**
   * A bound below the client's own on this answer's body (what is left of a list's), and what
   * the error says past it: in bytes, and in JSON nodes (`nodes`, `nodesReason`).
   */
  bodyLimit?: { bytes: number; reason: string; nodes?: number; nodesReason?: string };
  /**
   * The undo of a temporary change, sent whatever ended the step (its deadline, the workflow's
   * cancellation): its own signal in place of the step's, and its own time left for retries.
   */
  cleanup?: CleanupLimits;
}

/** What bounds a cleanup request instead of the step's deadline. */
export interface CleanupLimits {
  signal: AbortSignal;
  remainingMs: () => number;
}

export interface ReadTheDocsResponse<T> {
  status: number;
  data: T;
  /** The body's size. */
  bytes: number;
  /** About how many JSON nodes the body holds (`countJsonNodes`). */
  nodes: number;
}

export interface HttpClientOptions {
  baseUrl: string;
  token: string | undefined;
  userAgent: string;
  /** The budget of every API v3 request (API v2 is not throttled by the service). */
  budget: RateBudget;
  /** Aborts every request and retry wait: the step's deadline and the workflow's cancellation. */
  signal: AbortSignal;
  /** Time left before the step's deadline: a retry that could only start after it is not waited for. */
  remainingMs?: () => number;
  redact: (text: string) => string;
  debug?: (message: string) => void;
  /** One line the user sees for each retry (the log's story, not only debug): what failed and when the next attempt goes. */
  info?: (message: string) => void;
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  /** A body longer than this is not read: the request fails with "response too large". */
  maxBodyBytes?: number;
  /**
   * What the step reads from the service in all, every body of every attempt counted: past it the
   * read fails, and no request is sent any more.
   */
  maxStepBytes?: number;
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  dispatcher?: Dispatcher;
  /** The proxies of the front end's environment (`proxyOptions`); unset, undici reads the process's. */
  proxy?: ProxyOptions;
  /** The wait between retries: src/util/abort's `sleep`, a fake clock's in tests. */
  sleep?: Sleep;
}

/** Connection errors that prove the request never left this machine. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);
/**
 * Of those, the ones that say the host cannot be reached at all (no such name, nothing listening,
 * no route): until the service has answered once in this step, one retry and no more, so that a
 * wrong `base-url` or a runner without network fails in seconds, not after the whole backoff. A
 * temporary DNS failure (EAI_AGAIN) and a connect timeout (a slow host) keep the full retries.
 */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH']);
const UNREACHABLE_ATTEMPTS = 2;
const RETRYABLE_STATUSES = new Set([500, 502, 503, 504]);
const MAX_REDIRECTS = 3;
/** How long a request waits for the headers, then for each part of the body, unless told (RTD_ACTION_HTTP_TIMEOUT_MS). */
export const ANSWER_TIMEOUT_MS = 30_000;

class RetryableFault extends Error {
  constructor(
    message: string,
    /** True when the service may have acted on the request. */
    readonly maybeProcessed: boolean,
    readonly retryAfterMs?: number,
    /** The host could not be reached at all (UNREACHABLE_CODES). */
    readonly unreachable = false,
  ) {
    super(message);
  }
}

/**
 * The one HTTP client for the service: the token goes only to `baseUrl`'s origin, every request
 * draws from the shared rate budget, transient faults are retried with backoff and jitter, and
 * every body is checked against its schema.
 */
export class ReadTheDocsHttpClient {
  readonly origin: string;
  readonly stats = { requests: 0, retries: 0, throttled: 0, bytes: 0 };
  /** The service has answered once in this step: a connection refused later is a restart, retried in full. */
  private answered = false;
  private readonly dispatcher: Dispatcher;
  private readonly options: Required<
    Omit<HttpClientOptions, 'token' | 'debug' | 'info' | 'dispatcher' | 'remainingMs' | 'sleep' | 'proxy'>
  > &
    Pick<HttpClientOptions, 'token' | 'debug' | 'info' | 'remainingMs' | 'sleep'>;

  /** A line for the debug log (the `debug` option), redacted by its receiver. */
  debug(message: string): void {
    this.options.debug?.(message);
  }

  constructor(options: HttpClientOptions) {
    this.origin = new URL(options.baseUrl).origin;
    this.options = {
      ...options,
      headersTimeoutMs: options.headersTimeoutMs ?? ANSWER_TIMEOUT_MS,
      bodyTimeoutMs: options.bodyTimeoutMs ?? ANSWER_TIMEOUT_MS,
      maxBodyBytes: options.maxBodyBytes ?? MAX_JSON_BODY_BYTES,
      maxStepBytes: options.maxStepBytes ?? MAX_STEP_BYTES,
      maxAttempts: options.maxAttempts ?? 6,
      backoffBaseMs: options.backoffBaseMs ?? 1000,
      backoffMaxMs: options.backoffMaxMs ?? 20_000,
    };
    // Self-hosted runners behind a proxy set HTTPS_PROXY/HTTP_PROXY/NO_PROXY.
    this.dispatcher =
      options.dispatcher ??
      new EnvHttpProxyAgent({
        ...options.proxy,
        headersTimeout: this.options.headersTimeoutMs,
        bodyTimeout: this.options.bodyTimeoutMs,
        connect: { timeout: 10_000 },
      });
  }

  async send<T>(spec: RequestSpec<T>): Promise<ReadTheDocsResponse<T>> {
    let url = this.resolve(spec.path, spec.query);
    let redirects = 0;
    // A redirect is followed at once and is not an attempt; a retry goes to where the last one led.
    const attempt = async (): Promise<ReadTheDocsResponse<T>> => {
      for (;;) {
        try {
          return await this.attempt(spec, url);
        } catch (error) {
          if (!(error instanceof RedirectSignal)) throw error;
          if (++redirects > MAX_REDIRECTS) throw this.failure(spec, 'too many redirects', ReadTheDocsError);
          url = error.location;
        }
      }
    };
    const remainingMs = spec.cleanup?.remainingMs ?? this.options.remainingMs;
    // What could not be reached is named by its path (`GET projects/my-docs/`), not the route's template.
    return retry(
      attempt,
      this.retryPolicy(spec, () => withValues(spec.endpoint, url)),
      {
        signal: spec.cleanup?.signal ?? this.options.signal,
        deadline: remainingMs ? { remainingMs } : undefined,
        ...(this.options.sleep ? { sleep: this.options.sleep } : {}),
        onRetry: ({ attempt: failed, delayMs, error }) => {
          this.stats.retries += 1;
          this.options.debug?.(`${spec.endpoint}: retry ${failed} in ${delayMs} ms after: ${messageOf(error)}`);
          // A host never reached is tried UNREACHABLE_ATTEMPTS times, by design: "attempt 2 of 2", not of 6.
          const unreachable = error instanceof RetryableFault && error.unreachable && !this.answered;
          const max = unreachable ? Math.min(UNREACHABLE_ATTEMPTS, this.options.maxAttempts) : this.options.maxAttempts;
          this.options.info?.(this.options.redact(retryLine(spec.endpoint, error, failed + 1, max, delayMs)));
        },
      },
    );
  }

  /** Which faults are worth another attempt, and when: see `RetryKind`. */
  private retryPolicy(spec: RequestSpec<unknown>, named: () => string): RetryPolicy {
    const { maxAttempts, redact } = this.options;
    return {
      decide: (error, attempt) => {
        if (!(error instanceof RetryableFault)) return { retry: false };
        if (spec.bestEffort && error.retryAfterMs !== undefined) return { retry: false };
        if (error.maybeProcessed && spec.kind === 'write') {
          return {
            retry: false,
            error: new UncertainWriteError(
              redact(`${spec.endpoint}: no usable answer (${error.message}); the service may have acted on it`),
              'Answer lost',
              spec.endpoint,
            ),
          };
        }
        if (error.unreachable && !this.answered && attempt >= Math.min(UNREACHABLE_ATTEMPTS, maxAttempts)) {
          return {
            retry: false,
            error: new UnavailableError(
              redact(
                `${named()}: ${this.origin} cannot be reached (${countAttempts(attempt)}; last error: ${error.message}). ` +
                  'Check `base-url`, and that this machine may reach it (a proxy: HTTPS_PROXY, NO_PROXY)',
              ),
              'Read the Docs unreachable',
              spec.endpoint,
            ),
          };
        }
        if (attempt >= maxAttempts) {
          return {
            retry: false,
            error: new UnavailableError(
              redact(`${named()}: the service kept failing after ${maxAttempts} attempts; last error: ${error.message}`),
              'Read the Docs unavailable',
              spec.endpoint,
            ),
          };
        }
        const backoff = { baseMs: this.options.backoffBaseMs, maxMs: this.options.backoffMaxMs };
        return { retry: true, delayMs: error.retryAfterMs ?? backoffDelay(attempt, backoff) };
      },
      // Waiting would only end in the deadline: stop now with what went wrong.
      pastDeadline: (info) =>
        new UnavailableError(
          redact(`${named()}: ${pastDeadlineLine(info, { name: "the step's deadline", setBy: 'input `timeout`' })}`),
          'Read the Docs unavailable',
          spec.endpoint,
        ),
    };
  }

  /** One attempt: a slot of the budget, the request, its body read within bounds, and what its status means. */
  private async attempt<T>(spec: RequestSpec<T>, url: URL): Promise<ReadTheDocsResponse<T>> {
    const signal = spec.cleanup?.signal ?? this.options.signal;
    // Nothing is sent whose answer could not be read: a write would be left uncertain.
    if (this.stepBytesLeft() <= 0) throw this.stepBytesSpent(spec);
    // API v2 is not throttled by the service: it waits for no slot and takes none from API v3's.
    const budget = spec.anonymous ? undefined : this.options.budget;
    await budget?.acquire(signal);
    this.stats.requests += 1;
    const started = Date.now();
    const response = await this.request(spec, url, signal);
    const { text, bytes, nodes } = await this.readBody(spec, response, signal);
    const status = response.statusCode;
    this.answered = true;
    this.options.debug?.(`${spec.method} ${url.pathname}${url.search} → ${status} (${Date.now() - started} ms)`);
    if ((status >= 200 && status < 300) || spec.accept?.includes(status)) {
      return { status, data: this.parseBody(spec, text, status), bytes, nodes };
    }
    throw this.refusal(spec, url, response, text, budget);
  }

  /** Sends the request (the token only to the configured service); a fault before the answer is a transport fault. */
  private async request(spec: RequestSpec<unknown>, url: URL, signal: AbortSignal): Promise<Dispatcher.ResponseData> {
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': this.options.userAgent };
    // The token is for the configured service only, never for a host a link or redirect points to.
    if (this.options.token && !spec.anonymous && url.origin === this.origin) headers.authorization = `Token ${this.options.token}`;
    let payload: string | undefined;
    if (spec.body !== undefined) {
      payload = JSON.stringify(spec.body);
      headers['content-type'] = 'application/json';
    }
    try {
      return await request(url, {
        method: spec.method,
        headers,
        body: payload,
        signal,
        dispatcher: this.dispatcher,
        headersTimeout: this.options.headersTimeoutMs,
        bodyTimeout: this.options.bodyTimeoutMs,
      });
    } catch (error) {
      throw this.transportFault(error, false, signal);
    }
  }

  /**
   * The body, read up to the least of the client's bound, what the step may still read and the
   * list's own bound, and its JSON nodes counted before anything parses it.
   */
  private async readBody(
    spec: RequestSpec<unknown>,
    response: Dispatcher.ResponseData,
    signal: AbortSignal,
  ): Promise<{ text: string; bytes: number; nodes: number }> {
    const stepLeft = this.stepBytesLeft();
    const listLeft = spec.bodyLimit?.bytes ?? Number.POSITIVE_INFINITY;
    const cap = Math.min(this.options.maxBodyBytes, stepLeft, listLeft);
    try {
      const body = await readBoundedBytes(response.body, cap);
      const bytes = body.byteLength;
      this.stats.bytes += bytes;
      // Every body, an error's too, is counted before anything parses it (see MAX_JSON_NODES).
      const listNodesLeft = spec.bodyLimit?.nodes ?? Number.POSITIVE_INFINITY;
      const nodeCap = Math.min(MAX_JSON_NODES, listNodesLeft);
      const nodes = countJsonNodes(body, nodeCap);
      if (nodes > nodeCap) {
        const reason =
          nodeCap === listNodesLeft && spec.bodyLimit?.nodesReason ? spec.bodyLimit.nodesReason : new TooManyNodesError(nodeCap).message;
        throw this.failure(
          spec,
          `unexpected response: ${reason}`,
          SchemaError,
          response.statusCode,
          'Unexpected response from Read the Docs',
        );
      }
      return { text: body.toString('utf8'), bytes, nodes };
    } catch (error) {
      if (error instanceof ReadTheDocsError) throw error;
      if (error instanceof BodyTooLargeError) {
        this.stats.bytes += cap;
        if (cap === stepLeft && stepLeft < this.options.maxBodyBytes) throw this.stepBytesSpent(spec, response.statusCode);
        const reason = cap === listLeft && spec.bodyLimit ? spec.bodyLimit.reason : error.message;
        throw this.failure(spec, reason, ReadTheDocsError, response.statusCode, 'Unexpected response from Read the Docs');
      }
      throw this.transportFault(error, true, signal);
    }
  }

  /**
   * What an answer other than a success means, as the error to throw: a redirect to follow, a
   * throttle or a fault to retry, or a refusal with what the user should do about it.
   */
  private refusal(
    spec: RequestSpec<unknown>,
    url: URL,
    response: Dispatcher.ResponseData,
    text: string,
    budget: RateBudget | undefined,
  ): Error {
    const status = response.statusCode;
    const contentType = String(response.headers['content-type'] ?? '');
    const isJson = contentType.includes('json');
    if (status >= 300 && status < 400) {
      const location = response.headers.location;
      const target = typeof location === 'string' && URL.canParse(location, url.href) ? new URL(location, url) : undefined;
      if (target && target.origin === this.origin && spec.method === 'GET') return new RedirectSignal(target);
      return this.failure(
        spec,
        `unexpected redirect (${status}) to ${target?.origin ?? 'nowhere'}; not followed`,
        ReadTheDocsError,
        status,
      );
    }
    const detail = this.detailOf(text, isJson);
    if (status === 429) {
      const retryAfterMs = retryAfter(response.headers['retry-after'], detail);
      this.stats.throttled += 1;
      budget?.throttled(retryAfterMs);
      // Throttling happens before the service looks at the request, so even writes are safe to repeat.
      return new RetryableFault(`429 ${detail ?? 'throttled'}`, false, retryAfterMs);
    }
    if (status === 401 || status === 403) {
      // Which project the token was refused on: `GET projects/my-docs/`, not `projects/{project}/`.
      return this.denied({ ...spec, endpoint: withValues(spec.endpoint, url) }, status, detail, isJson, contentType);
    }
    if (RETRYABLE_STATUSES.has(status) || (!isJson && status >= 500)) {
      return new RetryableFault(`${status} ${isJson ? (detail ?? '') : `(${contentType || 'no content type'} body)`}`.trim(), true);
    }
    if (status === 404) {
      // What was missing is named by its slug (`GET projects/nope/`), not the route's `{project}`.
      return this.failure(
        { ...spec, endpoint: withValues(spec.endpoint, url) },
        isJson
          ? `not found (404: ${detail ?? 'no detail'}). ${notFoundToDo(projectOf(url), { version: true })}`
          : "not found (404, not an API route: check `base-url`, the site's root, e.g. `https://app.readthedocs.org`)",
        NotFoundError,
        status,
        'Not found',
      );
    }
    return this.failure(spec, `${status}: ${detail ?? 'no detail'}`, ReadTheDocsError, status);
  }

  /** A 401 (the token) or a 403: the API's refusal, or a block in front of it that answers in HTML. */
  private denied(
    spec: RequestSpec<unknown>,
    status: 401 | 403,
    detail: string | undefined,
    isJson: boolean,
    contentType: string,
  ): ReadTheDocsError {
    if (status === 401) {
      return this.failure(
        spec,
        `the service rejected the token (401: ${detail ?? 'unauthorized'}). Check the \`token\` input: an API token from ${this.origin}/accounts/tokens/, stored as a secret`,
        AuthError,
        status,
        'Token rejected',
      );
    }
    if (!isJson) {
      return this.failure(
        spec,
        `network block: a 403 answered by something in front of Read the Docs (a firewall, proxy or CDN rule), not by its API (${contentType || 'no content type'} body, not JSON). Check that this runner may reach ${this.origin}; on a self-hosted runner, check HTTPS_PROXY and NO_PROXY`,
        BlockedError,
        status,
        'Blocked before Read the Docs',
      );
    }
    return this.failure(
      spec,
      `permission denied (403: ${detail ?? 'forbidden'}): the token's user must be a maintainer of the project`,
      PermissionError,
      status,
      'Permission denied',
    );
  }

  private stepBytesLeft(): number {
    return this.options.maxStepBytes - this.stats.bytes;
  }

  private stepBytesSpent(spec: RequestSpec<unknown>, status?: number): ReadTheDocsError {
    return this.failure(
      spec,
      `the step has read ${formatBytes(this.options.maxStepBytes)} from Read the Docs, as much as one step may; not read further`,
      ReadTheDocsError,
      status,
      'Unexpected response from Read the Docs',
    );
  }

  private parseBody<T>(spec: RequestSpec<T>, text: string, status: number): T {
    if (!spec.schema) return undefined as T;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // A cut-off or non-JSON body on a success: the request was processed, the answer is lost.
      throw new RetryableFault(`${status} with a body that is not JSON (${text.length} bytes)`, true);
    }
    const parsed = spec.schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.length ? issue.path.join('.') : '(body)';
      throw new SchemaError(
        `${spec.endpoint}: unexpected response: field \`${field}\` ${issue?.message ?? 'is invalid'}`,
        'Unexpected response from Read the Docs',
        spec.endpoint,
        status,
      );
    }
    return parsed.data;
  }

  private transportFault(error: unknown, afterHeaders: boolean, signal: AbortSignal): Error {
    if (signal.aborted) return abortReason(signal);
    const code = (error as { code?: string }).code ?? '';
    const notSent = !afterHeaders && NOT_SENT_CODES.has(code);
    const message = this.options.redact(messageOf(error));
    return new RetryableFault(`${code || 'network error'}: ${message}`, !notSent, undefined, notSent && UNREACHABLE_CODES.has(code));
  }

  private detailOf(text: string, isJson: boolean): string | undefined {
    if (!isJson) return undefined;
    try {
      const detail = describeErrorBody(JSON.parse(text));
      return detail === undefined ? undefined : this.options.redact(detail).slice(0, 500);
    } catch {
      return undefined;
    }
  }

  private failure(
    spec: RequestSpec<unknown>,
    reason: string,
    Kind: typeof ReadTheDocsError,
    status?: number,
    title = 'Read the Docs request failed',
  ): ReadTheDocsError {
    return new Kind(this.options.redact(`${spec.endpoint}: ${reason}`), title, spec.endpoint, status);
  }

  private resolve(path: string, query?: RequestSpec<unknown>['query']): URL {
    const url = new URL(path, this.origin);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url;
  }

  /** Ends every connection; after a cancellation nothing in flight is waited for. */
  async close(): Promise<void> {
    if (this.options.signal.aborted) await this.dispatcher.destroy();
    else await this.dispatcher.close();
  }
}

/**
 * The endpoint template with the request's own values (`GET projects/{project}/` for
 * `/api/v3/projects/nope/` is `GET projects/nope/`), when the path has the template's shape; else the template.
 */
function withValues(endpoint: string, url: URL): string {
  const [method, template, ...rest] = endpoint.split(' ');
  if (template === undefined || rest.length > 0) return endpoint;
  const wanted = template.split('/');
  const given = url.pathname.replace(/^\/api\/v[23]\//, '').split('/');
  const fits = wanted.length === given.length && wanted.every((part, i) => part === given[i] || /^\{\w+\}$/.test(part));
  return fits ? `${method} ${given.join('/')}` : endpoint;
}

/** The project slug a request under `projects/{slug}/` asked for; undefined for any other path. */
function projectOf(url: URL): string | undefined {
  return /^\/api\/v3\/projects\/([^/]+)\//.exec(url.pathname)?.[1];
}

class RedirectSignal extends Error {
  constructor(readonly location: URL) {
    super('redirect');
  }
}

/** `Retry-After` in seconds or as an HTTP date; else the seconds DRF names in its message. */
export function retryAfter(header: string | string[] | undefined, detail: string | undefined): number {
  const fromHeader = parseRetryAfter(header);
  if (fromHeader !== undefined) return fromHeader;
  const fromDetail = /available in (\d+) seconds?/i.exec(detail ?? '');
  return fromDetail ? Number(fromDetail[1]) * 1000 : 5000;
}

/**
 * What a retry tells the log: "Read the Docs did not answer (ENOTFOUND) for GET /projects/x/;
 * attempt 2 of 6 in 4s", "answered 503", "asked to slow down (429)"; always one safe line.
 */
export function retryLine(endpoint: string, error: unknown, nextAttempt: number, maxAttempts: number, delayMs: number): string {
  const message = messageOf(error);
  const code = /^(\S+?):?(\s|$)/.exec(message)?.[1] ?? 'network error';
  const what =
    code === '429'
      ? 'Read the Docs asked to slow down (429)'
      : /^\d{3}$/.test(code)
        ? `Read the Docs answered ${code}`
        : `Read the Docs did not answer (${code})`;
  return safeLine(`${what} for ${endpoint}; ${nextAttemptLine(nextAttempt, maxAttempts, delayMs)}`, 300);
}
