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
  /** On `workflow_run` events: the run that ended, as GitHub's own payload tells it. */
  workflowRun?: WorkflowRun;
  /** GITHUB_REF: the branch or tag (`refs/heads/…`, `refs/tags/…`), or `refs/pull/…` of a pull request. */
  ref?: string;
  /**
   * What in the run names a pull request, when something does: the payload's `pull_request`, an
   * `issue_comment` on a pull request, a `workflow_run` started by one or listing one, or, outside
   * GitHub (no GITHUB_EVENT_NAME), a GitLab merge request pipeline or a Jenkins change request.
   */
  pullRequestNamedBy?: string;
}

/** The finished run of a `workflow_run` event (GitHub's payload, never anything the PR wrote). */
export interface WorkflowRun {
  /** The event that started the finished run: `pull_request`, `push`… */
  event: string;
  /** The commit the finished run ran on: for a pull request, its head. */
  headSha: string;
  headBranch: string | undefined;
  /** `owner/name` of the repository the head commit is in (a fork's, for a fork PR). */
  headRepo: string | undefined;
  /** GitHub's id of that repository: what a `pull_requests` entry's head names it by. */
  headRepoId: number | undefined;
  /** The login of that repository's owner, for the `head=owner:branch` filter. */
  headOwner: string | undefined;
  /** `owner/name` of the repository the run belongs to (the pull requests' base). */
  repository: string | undefined;
  /**
   * GitHub's own list of the run's pull requests, with each one's head commit and the id of its
   * head's repository. GitHub fills it by branch name: a fork's run may list the base repository's
   * PR of a branch with the same name, which is not the run's.
   */
  pullRequests: { number: number; headSha: string | undefined; headRepoId: number | undefined }[];
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
  const workflowRun = readWorkflowRun(payload.workflow_run);
  const pullRequestNamedBy = pullRequestNamed(env, payload, workflowRun);
  return {
    ...(env.GITHUB_REF ? { ref: env.GITHUB_REF } : {}),
    ...(pullRequestNamedBy ? { pullRequestNamedBy } : {}),
    ...(Number.isFinite(pushedAt) ? { pushedAt } : {}),
    ...(workflowRun ? { workflowRun } : {}),
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

/** What names a pull request in the run's payload or, outside GitHub, in the CI's variables; undefined when nothing does. */
function pullRequestNamed(
  env: NodeJS.ProcessEnv,
  payload: Record<string, unknown>,
  workflowRun: WorkflowRun | undefined,
): string | undefined {
  const present = (value: unknown) => typeof value === 'object' && value !== null;
  if (present(payload.pull_request)) return 'the payload names a pull request (`pull_request`)';
  if (present((payload.issue as { pull_request?: unknown } | undefined)?.pull_request)) {
    return 'the payload names a pull request (a comment on a pull request: `issue.pull_request`)';
  }
  if (present(payload.merge_group)) return 'the payload names a merge queue group (`merge_group`)';
  if (present(payload.workflow_run)) {
    const event = (payload.workflow_run as { event?: unknown }).event;
    if (typeof event === 'string' && (event.startsWith('pull_request') || event === 'merge_group')) {
      return 'the payload names a pull request (a run started by `pull_request`, `pull_request_target` or `merge_group`)';
    }
    if ((workflowRun?.pullRequests.length ?? 0) > 0) return 'the payload names a pull request (`workflow_run.pull_requests`)';
  }
  if (!env.GITHUB_EVENT_NAME) {
    if (env.CI_MERGE_REQUEST_IID) return 'a GitLab merge request pipeline (`CI_MERGE_REQUEST_IID` is set)';
    if (env.CHANGE_ID) return 'a Jenkins change request build (`CHANGE_ID` is set)';
  }
  return undefined;
}

function readWorkflowRun(value: unknown): WorkflowRun | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const run = value as Record<string, unknown>;
  if (typeof run.head_sha !== 'string' || !/^[0-9a-f]{40}$/i.test(run.head_sha)) return undefined;
  const text = (field: unknown) => (typeof field === 'string' && field !== '' ? field : undefined);
  const id = (field: unknown) => (typeof field === 'number' && Number.isSafeInteger(field) ? field : undefined);
  const head = run.head_repository as { id?: unknown; full_name?: unknown; owner?: { login?: unknown } } | undefined;
  const repository = run.repository as { full_name?: unknown } | undefined;
  const pullRequests = (Array.isArray(run.pull_requests) ? run.pull_requests : []).flatMap((entry: unknown) => {
    const pr = entry as { number?: unknown; head?: { sha?: unknown; repo?: { id?: unknown } | null } } | null;
    if (typeof pr?.number !== 'number' || !Number.isSafeInteger(pr.number) || pr.number <= 0) return [];
    return [
      {
        number: pr.number,
        headSha: typeof pr.head?.sha === 'string' ? pr.head.sha.toLowerCase() : undefined,
        headRepoId: id(pr.head?.repo?.id),
      },
    ];
  });
  return {
    event: text(run.event) ?? '',
    headSha: run.head_sha.toLowerCase(),
    headBranch: text(run.head_branch),
    headRepo: text(head?.full_name),
    headRepoId: id(head?.id),
    headOwner: text(head?.owner?.login),
    repository: text(repository?.full_name),
    pullRequests,
  };
}

/** The commit `wait` looks for: the input, else the PR head on pull-request events, else GITHUB_SHA. */
export function commitToWaitFor(commitInput: string | undefined, context: RunContext): string | undefined {
  return commitInput ?? context.pullRequest?.headSha ?? context.sha;
}
