import { EnvHttpProxyAgent, fetch as undiciFetch, Response as UndiciResponse, type Dispatcher } from 'undici';
import type { z } from 'zod/mini';
import { BodyTooLargeError, readBoundedBytes } from '../../util/bounded-body.js';

/** The Octokit instance `@actions/github` builds (REST methods and pagination plugins). */
export type Octokit = ReturnType<typeof import('@actions/github').getOctokit>;

/** What every call needs: the client and the repository (the pull request's base). */
export interface GitHubRepo {
  octokit: Octokit;
  owner: string;
  repo: string;
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
  options: { idempotent: boolean },
): Promise<T> {
  return (await callWithHeaders(endpoint, schema, send, options)).data;
}

/** One page of a list, and whether GitHub's `Link` header names a next one. */
export async function callPage<T>(
  endpoint: string,
  schema: z.ZodMiniType<T[]>,
  send: (signal: AbortSignal) => Promise<{ data: unknown; headers: { link?: string } }>,
): Promise<{ items: T[]; hasNext: boolean }> {
  const { data, headers } = await callWithHeaders(endpoint, schema, send, { idempotent: true });
  return { items: data, hasNext: /rel="next"/.test(headers.link ?? '') };
}

async function callWithHeaders<T, H>(
  endpoint: string,
  schema: z.ZodMiniType<T>,
  send: (signal: AbortSignal) => Promise<{ data: unknown; headers?: H }>,
  options: { idempotent: boolean },
): Promise<{ data: T; headers: H }> {
  for (let attempt = 1; ; attempt += 1) {
    let response: { data: unknown; headers?: H };
    try {
      response = await send(AbortSignal.timeout(REQUEST_TIMEOUT_MS));
    } catch (error) {
      const failure = toGitHubError(error, endpoint);
      const tooLarge = error instanceof BodyTooLargeError || (error as { cause?: unknown }).cause instanceof BodyTooLargeError;
      const transient = !tooLarge && (failure.status === 0 || failure.status >= 500);
      if (!options.idempotent || !transient || attempt >= MAX_ATTEMPTS) throw failure;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * attempt));
      continue;
    }
    const parsed = schema.safeParse(response.data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.length ? issue.path.join('.') : '(body)';
      throw new GitHubError(`${endpoint}: unexpected response: field \`${field}\` ${issue?.message ?? 'is invalid'}`, 200, endpoint);
    }
    return { data: parsed.data, headers: response.headers ?? ({} as H) };
  }
}

function toGitHubError(error: unknown, endpoint: string): GitHubError {
  const status = typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : 0;
  const message = error instanceof Error ? error.message : String(error);
  // Octokit reports network faults as status 500 with the cause attached; keep them apart from a real 500.
  const answered = (error as { response?: unknown }).response !== undefined;
  return new GitHubError(`${endpoint}: ${answered ? `${status} ` : ''}${message}`, answered ? status : 0, endpoint);
}
