import { EnvHttpProxyAgent, fetch as undiciFetch, Response as UndiciResponse, type Dispatcher } from 'undici';
import type { z } from 'zod/mini';
import { type DeadlineClock, formatSeconds, type RetryPolicy, retry } from '../../resilience/index.js';
import { BodyTooLargeError, readBoundedBytes } from '../../util/bounded-body.js';

/** The Octokit instance `@actions/github` builds (REST methods and pagination plugins). */
export type Octokit = ReturnType<typeof import('@actions/github').getOctokit>;

/** What every call needs: the client and the repository (the pull request's base). */
export interface GitHubRepo {
  octokit: Octokit;
  owner: string;
  repo: string;
  /** The step's cancellation and deadline: a retry wait ends with them (a `Deadline` fits). */
  limits?: StepLimits;
}

export interface StepLimits extends DeadlineClock {
  signal: AbortSignal;
}

/** One GitHub request must not hold the step for long: GitHub is reporting, not the work itself. */
const REQUEST_TIMEOUT_MS = 20_000;
const MAX_ATTEMPTS = 3;
const RETRY_DELAY_MS = 1000;

/** A GitHub call that failed: `status` 0 when no answer came back. */
export class GitHubError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The call as a template, e.g. `POST issues/{n}/comments`. */
    readonly endpoint: string,
  ) {
    super(message);
    this.name = 'GitHubError';
  }

  /** 403: the token may not do this (fork PRs get a read-only token; missing `permissions`). */
  get refused(): boolean {
    return this.status === 403;
  }
}

/**
 * An Octokit for `apiUrl` (GITHUB_API_URL, so GitHub Enterprise Server works). `@actions/github`
 * is loaded here, lazily: runs that never call GitHub do not pay for loading it.
 */
export async function createOctokit(token: string, apiUrl: string, userAgent: string): Promise<Octokit> {
  const { getOctokit } = await import('@actions/github');
  return getOctokit(token, { baseUrl: trimSlashes(apiUrl), userAgent, request: { fetch: boundedFetch(new EnvHttpProxyAgent()) } });
}

/** GitHub's answers are kilobytes (a page of 100 comments at most a few MB): a body past this is refused. */
export const MAX_GITHUB_BODY_BYTES = 32 * 1024 * 1024;

/** `url` without trailing slashes, in linear time. */
function trimSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end -= 1;
  return url.slice(0, end);
}

/**
 * The `fetch` Octokit uses: through the runner's proxy settings (HTTPS_PROXY, NO_PROXY), with the
 * body read here, at most `maxBytes` of it: past that the request fails with "response too large"
 * (Octokit would read it whole into memory, and turns an error while reading into an empty body).
 */
export function boundedFetch(dispatcher: Dispatcher, maxBytes = MAX_GITHUB_BODY_BYTES): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const response = await undiciFetch(input as string, { ...(init as object), dispatcher } as Parameters<typeof undiciFetch>[1]);
    if (!response.body) return response;
    const body = await readBoundedBytes(response.body, maxBytes);
    const bounded = new UndiciResponse(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    Object.defineProperty(bounded, 'url', { value: response.url });
    return bounded;
  }) as unknown as typeof fetch;
}

/**
 * Runs one request with a time limit and checks its body against `schema`. Requests that can be
 * repeated safely (`idempotent`) are retried after a network fault or a 5xx.
 */
export async function call<T>(
  endpoint: string,
  schema: z.ZodMiniType<T>,
  send: (signal: AbortSignal) => Promise<{ data: unknown }>,
  options: CallOptions,
): Promise<T> {
  return (await callWithHeaders(endpoint, schema, send, options)).data;
}

export interface CallOptions {
  idempotent: boolean;
  /** Retry waits end with the step (cancellation, deadline); without them they run to the end. */
  limits?: StepLimits;
}

/** One page of a list, and whether GitHub's `Link` header names a next one. */
export async function callPage<T>(
  endpoint: string,
  schema: z.ZodMiniType<T[]>,
  send: (signal: AbortSignal) => Promise<{ data: unknown; headers: { link?: string } }>,
  limits?: StepLimits,
): Promise<{ items: T[]; hasNext: boolean }> {
  const { data, headers } = await callWithHeaders(endpoint, schema, send, { idempotent: true, limits });
  return { items: data, hasNext: /rel="next"/.test(headers.link ?? '') };
}

async function callWithHeaders<T, H>(
  endpoint: string,
  schema: z.ZodMiniType<T>,
  send: (signal: AbortSignal) => Promise<{ data: unknown; headers?: H }>,
  options: CallOptions,
): Promise<{ data: T; headers: H }> {
  const response = await retry(
    async () => {
      try {
        return await send(AbortSignal.timeout(REQUEST_TIMEOUT_MS));
      } catch (error) {
        throw new Failed(error, toGitHubError(error, endpoint));
      }
    },
    retryPolicy(options.idempotent),
    { signal: options.limits?.signal, deadline: options.limits },
  );
  const parsed = schema.safeParse(response.data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.length ? issue.path.join('.') : '(body)';
    throw new GitHubError(`${endpoint}: unexpected response: field \`${field}\` ${issue?.message ?? 'is invalid'}`, 200, endpoint);
  }
  return { data: parsed.data, headers: response.headers ?? ({} as H) };
}

/** A request that failed: what was thrown, and the GitHubError it becomes. */
class Failed {
  constructor(
    readonly thrown: unknown,
    readonly failure: GitHubError,
  ) {}
}

/** Network faults and 5xx are retried, 1 s then 2 s apart, when repeating the request is safe. */
function retryPolicy(idempotent: boolean): RetryPolicy {
  return {
    decide: (error, attempt) => {
      if (!(error instanceof Failed)) return { retry: false };
      const { thrown, failure } = error;
      const tooLarge = thrown instanceof BodyTooLargeError || (thrown as { cause?: unknown }).cause instanceof BodyTooLargeError;
      const transient = !tooLarge && (failure.status === 0 || failure.status >= 500);
      if (!idempotent || !transient || attempt >= MAX_ATTEMPTS) return { retry: false, error: failure };
      return { retry: true, delayMs: RETRY_DELAY_MS * attempt };
    },
    pastDeadline: ({ error, delayMs }) => {
      const { failure } = error as Failed;
      return new GitHubError(
        `${failure.message} (not retried: the step's deadline comes before ${formatSeconds(delayMs)})`,
        failure.status,
        failure.endpoint,
      );
    },
  };
}

function toGitHubError(error: unknown, endpoint: string): GitHubError {
  const status = typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : 0;
  const message = error instanceof Error ? error.message : String(error);
  // Octokit reports network faults as status 500 with the cause attached; keep them apart from a real 500.
  const answered = (error as { response?: unknown }).response !== undefined;
  return new GitHubError(`${endpoint}: ${answered ? `${status} ` : ''}${message}`, answered ? status : 0, endpoint);
}
