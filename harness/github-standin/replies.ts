// GitHub's answers: JSON bodies with `message` and `documentation_url`, 404, 422's validation
// errors, a refusal (403), the rate limits, and pages with a `Link` header.
import { jsonReply, type Reply } from '../standin-http/reply.ts';

export type { Reply } from '../standin-http/reply.ts';

const DOCS = 'https://docs.github.com/rest';

export function json(status: number, body?: unknown, headers: Record<string, string> = {}): Reply {
  return jsonReply(status, body, headers, 'application/json; charset=utf-8');
}

export function notFound(): Reply {
  return json(404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
}

export function invalid(field: string): Reply {
  return json(422, { message: 'Validation Failed', errors: [{ resource: 'Issue', field, code: 'invalid' }], status: '422' });
}

/**
 * GitHub refuses a comment, issue or pull request body over 65,536 characters with a 422 whose error
 * says "body is too long (maximum is 65536 characters)" (its API answers, as reported across many
 * projects' issues). The stand-in counts UTF-16 code units (JavaScript's `length`), at least as
 * many as characters: what it takes, GitHub takes.
 */
const BODY_LIMIT = 65_536;

/** The 422 for a body over {@link BODY_LIMIT}, `resource` as GitHub names it (`IssueComment`, `Issue`, `PullRequest`); undefined when it fits. */
export function bodyTooLong(resource: string, body: string): Reply | undefined {
  if (body.length <= BODY_LIMIT) return undefined;
  return json(422, {
    message: 'Validation Failed',
    errors: [{ resource, code: 'custom', field: 'body', message: `body is too long (maximum is ${BODY_LIMIT} characters)` }],
    documentation_url: DOCS,
    status: '422',
  });
}

/** What GitHub answers a token that may not do this (a fork's read-only token, a missing `permissions`). */
export function refused(): Reply {
  return json(403, { message: 'Resource not accessible by integration', documentation_url: DOCS, status: '403' });
}

export function badCredentials(): Reply {
  return json(401, { message: 'Bad credentials', documentation_url: DOCS });
}

/**
 * GitHub's rate limits: `primary` is a 403 with `x-ratelimit-remaining: 0` and the reset time
 * `resetInS` seconds on; `secondary` a 403 or 429 whose message names the secondary rate limit,
 * with `retry-after` when given.
 */
export interface RateLimitAnswer {
  kind: 'primary' | 'secondary';
  status?: 403 | 429;
  retryAfter?: number;
  resetInS?: number;
  times?: number;
}

/** The answer to a request over `limit`, the reset `limit.resetInS` seconds from `now` (ms). */
export function rateLimited(limit: RateLimitAnswer, now: number): Reply {
  if (limit.kind === 'primary') {
    const reset = Math.ceil(now / 1000) + (limit.resetInS ?? 0);
    return json(
      403,
      { message: 'API rate limit exceeded for installation ID 1.', documentation_url: DOCS, status: '403' },
      { 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
    );
  }
  const status = limit.status ?? 403;
  return json(
    status,
    {
      message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
      documentation_url: DOCS,
      status: String(status),
    },
    limit.retryAfter === undefined ? {} : { 'retry-after': String(limit.retryAfter) },
  );
}

/** `per_page` (capped at `maxPerPage`) and `page` of `items`, with a `Link` header as GitHub sends it. */
export function page(url: URL, items: unknown[], maxPerPage: number): Reply {
  const perPage = Math.min(maxPerPage, Math.max(1, Number(url.searchParams.get('per_page') ?? 30) || 30));
  const current = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const link = (n: number, rel: string) => {
    const target = new URL(url);
    target.searchParams.set('page', String(n));
    return `<${target.href}>; rel="${rel}"`;
  };
  const links = [
    ...(current < last ? [link(current + 1, 'next'), link(last, 'last')] : []),
    ...(current > 1 ? [link(1, 'first'), link(current - 1, 'prev')] : []),
  ];
  return json(200, items.slice((current - 1) * perPage, current * perPage), links.length ? { link: links.join(', ') } : {});
}
