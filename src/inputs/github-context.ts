import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod/mini';

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
  pullRequest: { number: number; headSha: string; baseRepo?: string; headRepo?: string; merged?: boolean; baseRef?: string } | undefined;
  /** On push events, when the head commit was made (ms epoch), from the payload. */
  pushedAt?: number;
  /**
   * The branch or tag the run is for (`refs/heads/feature/x`, `refs/tags/v1.0`): the push event's
   * `ref`, else GITHUB_REF. Others (`refs/pull/7/merge`) are left out.
   */
  ref?: { kind: 'branch' | 'tag'; name: string };
  /** The repository's default branch, from the event's `repository.default_branch`. */
  defaultBranch?: string;
  /** On `workflow_run` events: the run that ended, as GitHub's own payload tells it. */
  workflowRun?: WorkflowRun;
  /** On `merge_group` events: the group the queue tests, as GitHub's payload tells it. */
  mergeGroup?: MergeGroupEvent;
  /** GITHUB_REF: the branch or tag (`refs/heads/…`, `refs/tags/…`), or `refs/pull/…` of a pull request. */
  githubRef?: string;
  /**
   * What in the run names a pull request, when something does: the payload's `pull_request`, an
   * `issue_comment` on a pull request, a `workflow_run` started by one or listing one, or, outside
   * GitHub (no GITHUB_EVENT_NAME), a GitLab merge request pipeline or a Jenkins change request.
   */
  pullRequestNamedBy?: string;
  /** The checked-out repository (GITHUB_WORKSPACE), or the current folder outside a runner: where `config` is read and written. */
  workspace: string;
  /** This workflow run's page (its job summary, its logs), when the runner says which run this is. */
  runUrl?: string;
}

/** Where the run's repository and the run itself are on GitHub, from the runner's variables. */
export interface RunLinks {
  /** `https://github.com/owner/repo`. */
  repoUrl?: string;
  /** `https://github.com/owner/repo/actions/runs/123` (`/attempts/2` for a re-run). */
  runUrl?: string;
}

/**
 * The repository's and the run's pages, from GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_RUN_ID
 * and GITHUB_RUN_ATTEMPT; none that a variable of an unexpected shape would make.
 */
export function runLinks(env: NodeJS.ProcessEnv): RunLinks {
  const server = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
  const repository = env.GITHUB_REPOSITORY ?? '';
  if (!/^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:\/[A-Za-z0-9._~-]+)*$/.test(server)) return {};
  if (!/^[A-Za-z0-9_.-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/.test(repository)) return {};
  const repoUrl = `${server}/${repository}`;
  const runId = env.GITHUB_RUN_ID ?? '';
  if (!/^\d{1,20}$/.test(runId)) return { repoUrl };
  const attempt = Number(env.GITHUB_RUN_ATTEMPT);
  const attemptPath = Number.isInteger(attempt) && attempt > 1 ? `/attempts/${attempt}` : '';
  return { repoUrl, runUrl: `${repoUrl}/actions/runs/${runId}${attemptPath}` };
}

/** A merge queue's group (`merge_group` payload): its commit, its ref and the base it merges into. */
interface MergeGroupEvent {
  /** The group's commit (lower case), the one the branch's required checks run on. */
  headSha: string;
  /** `refs/heads/gh-readonly-queue/{base}/pr-{N}-{base sha}`, as GitHub gives it. */
  headRef: string;
  /** `refs/heads/{base}`, when given. */
  baseRef: string | undefined;
  /** When GitHub made the group (its commit's timestamp, ms epoch), when given: its queue branch appeared then. */
  createdAt?: number;
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

/**
 * A field of the event payload: its value when it has the shape expected, else undefined. The
 * payload is GitHub's, but a field of another type (an older event, a replayed file) is none, not
 * an error: the operation that needs it says what is missing.
 */
const maybe = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);
const text = maybe(z.string());
const repositoryName = maybe(z.object({ full_name: text }));

/** The fields of the event payload the action reads, each through `maybe`. */
const EventPayload = z.object({
  action: text,
  ref: text,
  head_commit: maybe(z.object({ timestamp: text })),
  repository: maybe(z.object({ default_branch: text })),
  pull_request: maybe(
    z.object({
      number: maybe(z.number()),
      merged: maybe(z.boolean()),
      head: maybe(z.object({ sha: text, repo: repositoryName })),
      base: maybe(z.object({ repo: repositoryName, ref: text })),
    }),
  ),
  issue: maybe(z.object({ pull_request: maybe(z.object({})) })),
  merge_group: maybe(z.object({ head_sha: text, head_ref: text, base_ref: text, head_commit: maybe(z.object({ timestamp: text })) })),
  workflow_run: maybe(
    z.object({
      head_sha: text,
      event: text,
      head_branch: text,
      head_repository: maybe(z.object({ id: maybe(z.int()), full_name: text, owner: maybe(z.object({ login: text })) })),
      repository: repositoryName,
      pull_requests: maybe(
        z.array(
          maybe(
            z.object({
              number: maybe(z.int()),
              head: maybe(z.object({ sha: text, repo: maybe(z.object({ id: maybe(z.int()) })) })),
            }),
          ),
        ),
      ),
    }),
  ),
});
type EventPayload = z.infer<typeof EventPayload>;

/** The event payload (GITHUB_EVENT_PATH) through its schema; a missing or unreadable one is empty, no error. */
function readPayload(path: string | undefined): EventPayload {
  if (!path) return {};
  try {
    return EventPayload.safeParse(JSON.parse(readFileSync(path, 'utf8'))).data ?? {};
  } catch {
    return {};
  }
}

/** Reads GITHUB_* variables and the event payload; a missing or unreadable payload is no error. */
export function readRunContext(env: NodeJS.ProcessEnv): RunContext {
  const payload = readPayload(env.GITHUB_EVENT_PATH);
  const pr = payload.pull_request;
  const number = pr?.number;
  const headSha = pr?.head?.sha;
  const pushedAt = payload.head_commit?.timestamp === undefined ? Number.NaN : Date.parse(payload.head_commit.timestamp);
  const workflowRun = readWorkflowRun(payload.workflow_run);
  const ref = readRef(payload.ref ?? env.GITHUB_REF);
  const defaultBranch = payload.repository?.default_branch ?? '';
  const mergeGroup = readMergeGroup(payload.merge_group);
  const pullRequestNamedBy = pullRequestNamed(env, payload, workflowRun);
  const { runUrl } = runLinks(env);
  return {
    ...(runUrl ? { runUrl } : {}),
    ...(mergeGroup ? { mergeGroup } : {}),
    ...(env.GITHUB_REF ? { githubRef: env.GITHUB_REF } : {}),
    ...(pullRequestNamedBy ? { pullRequestNamedBy } : {}),
    ...(Number.isFinite(pushedAt) ? { pushedAt } : {}),
    ...(ref ? { ref } : {}),
    ...(defaultBranch !== '' && defaultBranch.length <= MAX_REF_CHARS ? { defaultBranch } : {}),
    ...(workflowRun ? { workflowRun } : {}),
    eventName: env.GITHUB_EVENT_NAME ?? '',
    workspace: workspaceOf(env),
    ...(payload.action !== undefined ? { action: payload.action } : {}),
    sha: env.GITHUB_SHA || undefined,
    repository: env.GITHUB_REPOSITORY || undefined,
    serverUrl: env.GITHUB_SERVER_URL || 'https://github.com',
    apiUrl: env.GITHUB_API_URL || 'https://api.github.com',
    pullRequest:
      number !== undefined && headSha
        ? {
            number,
            headSha,
            baseRepo: pr?.base?.repo?.full_name,
            headRepo: pr?.head?.repo?.full_name,
            merged: pr?.merged === true,
            ...baseRefOf(pr?.base?.ref ?? env.GITHUB_BASE_REF),
          }
        : undefined,
  };
}

/** Git allows long names; the service's `verbose_name` holds 255 characters. */
const MAX_REF_CHARS = 255;

/** The pull request's base branch (the payload's `base.ref`, else GITHUB_BASE_REF), when it is one. */
function baseRefOf(ref: string | undefined): { baseRef?: string } {
  return ref !== undefined && ref !== '' && ref.length <= MAX_REF_CHARS ? { baseRef: ref } : {};
}

/** A branch or tag ref; anything else (pull request refs, a malformed value) is none. */
function readRef(ref: string | undefined): RunContext['ref'] {
  if (ref === undefined) return undefined;
  const match = /^refs\/(heads|tags)\/(.+)$/s.exec(ref);
  if (!match) return undefined;
  const name = match[2]!;
  if (name.length > MAX_REF_CHARS || /[\u0000-\u001f\u007f]/.test(name)) return undefined;
  return { kind: match[1] === 'heads' ? 'branch' : 'tag', name };
}

/** Longest ref read from a payload: GitHub's refs are far shorter; a longer one is no group. */
const MAX_REF_LENGTH = 1024;

function readMergeGroup(group: EventPayload['merge_group']): MergeGroupEvent | undefined {
  if (group?.head_sha === undefined || !/^[0-9a-f]{40}$/i.test(group.head_sha)) return undefined;
  if (group.head_ref === undefined || group.head_ref.length > MAX_REF_LENGTH) return undefined;
  const baseRef = group.base_ref !== undefined && group.base_ref.length <= MAX_REF_LENGTH ? group.base_ref : undefined;
  const timestamp = group.head_commit?.timestamp;
  const createdAt = timestamp === undefined || timestamp.length > 40 ? Number.NaN : Date.parse(timestamp);
  return { headSha: group.head_sha.toLowerCase(), headRef: group.head_ref, baseRef, ...(Number.isFinite(createdAt) ? { createdAt } : {}) };
}

/** What names a pull request in the run's payload or, outside GitHub, in the CI's variables; undefined when nothing does. */
function pullRequestNamed(env: NodeJS.ProcessEnv, payload: EventPayload, workflowRun: WorkflowRun | undefined): string | undefined {
  if (payload.pull_request) return 'the payload names a pull request (`pull_request`)';
  if (payload.issue?.pull_request) return 'the payload names a pull request (a comment on a pull request: `issue.pull_request`)';
  if (payload.merge_group) return 'the payload names a merge queue group (`merge_group`)';
  if (payload.workflow_run) {
    const event = payload.workflow_run.event;
    if (event !== undefined && (event.startsWith('pull_request') || event === 'merge_group')) {
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

function readWorkflowRun(run: EventPayload['workflow_run']): WorkflowRun | undefined {
  if (run?.head_sha === undefined || !/^[0-9a-f]{40}$/i.test(run.head_sha)) return undefined;
  const nonEmpty = (field: string | undefined) => (field === '' ? undefined : field);
  const head = run.head_repository;
  const pullRequests = (run.pull_requests ?? []).flatMap((pr) => {
    if (pr?.number === undefined || pr.number <= 0) return [];
    return [{ number: pr.number, headSha: pr.head?.sha?.toLowerCase(), headRepoId: pr.head?.repo?.id }];
  });
  return {
    event: nonEmpty(run.event) ?? '',
    headSha: run.head_sha.toLowerCase(),
    headBranch: nonEmpty(run.head_branch),
    headRepo: nonEmpty(head?.full_name),
    headRepoId: head?.id,
    headOwner: nonEmpty(head?.owner?.login),
    repository: nonEmpty(run.repository?.full_name),
    pullRequests,
  };
}

/** The commit `wait` looks for: the input, else the PR head on pull-request events, else GITHUB_SHA. */
export function commitToWaitFor(commitInput: string | undefined, context: RunContext): string | undefined {
  return commitInput ?? context.pullRequest?.headSha ?? context.sha;
}

/** The checked-out repository (GITHUB_WORKSPACE), or the current folder outside a runner. */
export function workspaceOf(env: NodeJS.ProcessEnv): string {
  return resolve(env.GITHUB_WORKSPACE || process.cwd());
}
