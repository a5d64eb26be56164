import { readFileSync } from 'node:fs';

/** What the action needs to know about the workflow run, read from the runner's environment. */
export interface RunContext {
  eventName: string;
  /** The event's `action` (`opened`, `synchronize`, `closed`…), when it has one. */
  action?: string;
  /** The commit the workflow runs on (on pull requests: the merge commit, not the head). */
  sha: string | undefined;
  repository: string | undefined;
  serverUrl: string;
  apiUrl: string;
  pullRequest: { number: number; headSha: string; baseRepo?: string; headRepo?: string; merged?: boolean } | undefined;
  /** On push events, when the head commit was made (ms epoch), from the payload. */
  pushedAt?: number;
}

/** Reads GITHUB_* variables and the event payload; a missing or unreadable payload is no error. */
export function readRunContext(env: NodeJS.ProcessEnv = process.env): RunContext {
  let payload: Record<string, unknown> = {};
  if (env.GITHUB_EVENT_PATH) {
    try {
      payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')) as Record<string, unknown>;
    } catch {
      payload = {};
    }
  }
  const pr = payload.pull_request as
    | {
        number?: unknown;
        merged?: unknown;
        head?: { sha?: unknown; repo?: { full_name?: unknown } };
        base?: { repo?: { full_name?: unknown } };
      }
    | undefined;
  const number = typeof pr?.number === 'number' ? pr.number : undefined;
  const headSha = typeof pr?.head?.sha === 'string' ? pr.head.sha : undefined;
  const headCommit = payload.head_commit as { timestamp?: unknown } | undefined;
  const pushedAt = typeof headCommit?.timestamp === 'string' ? Date.parse(headCommit.timestamp) : Number.NaN;
  return {
    ...(Number.isFinite(pushedAt) ? { pushedAt } : {}),
    eventName: env.GITHUB_EVENT_NAME ?? '',
    ...(typeof payload.action === 'string' ? { action: payload.action } : {}),
    sha: env.GITHUB_SHA || undefined,
    repository: env.GITHUB_REPOSITORY || undefined,
    serverUrl: env.GITHUB_SERVER_URL || 'https://github.com',
    apiUrl: env.GITHUB_API_URL || 'https://api.github.com',
    pullRequest:
      number !== undefined && headSha
        ? {
            number,
            headSha,
            baseRepo: typeof pr?.base?.repo?.full_name === 'string' ? pr.base.repo.full_name : undefined,
            headRepo: typeof pr?.head?.repo?.full_name === 'string' ? pr.head.repo.full_name : undefined,
            merged: pr?.merged === true,
          }
        : undefined,
  };
}

/** The commit `wait` looks for: the input, else the PR head on pull-request events, else GITHUB_SHA. */
export function commitToWaitFor(commitInput: string | undefined, context: RunContext): string | undefined {
  return commitInput ?? context.pullRequest?.headSha ?? context.sha;
}
