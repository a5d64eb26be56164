// A loopback stand-in of the parts of GitHub's REST API the action uses, on the HTTP base shared
// with the Read the Docs stand-in (../standin-http/: server, request log, faults, added headers).
//
// This file composes the parts, one per resource: comments.ts (issue comments), pulls.ts (pull
// requests, their files, collaborators' permission), issues.ts, repository.ts (branches, releases,
// tags), contents.ts, statuses.ts (commit statuses),
// deployments.ts (and their statuses), users.ts (GET /user), merge-queue.ts (queue branches and
// `merge_group` events); store.ts (what they hold),
// router.ts (token, refusals, routes), replies.ts (GitHub's answers, rate limits, pages).
import { HttpServer } from '../standin-http/server.ts';
import type { Fault } from '../standin-http/server.ts';
import { countRequests } from '../standin-http/reply.ts';
import { CommentResources, type ServiceCommentOptions } from './comments.ts';
import { ContentResources } from './contents.ts';
import { DeploymentResources } from './deployments.ts';
import { type MergeGroupSeed, MergeQueueResources } from './merge-queue.ts';
import { type PullRequestSeed, PullResources } from './pulls.ts';
import { type RateLimitAnswer, json, rateLimited } from './replies.ts';
import { IssueResources } from './issues.ts';
import { RepositoryResources } from './repository.ts';
import { GitHubRouter } from './router.ts';
import { StatusResources } from './statuses.ts';
import {
  type GitHubRequest,
  type GitHubStandinOptions,
  GitHubStore,
  type StoredComment,
  type StoredDeployment,
  type StoredIssue,
  type StoredRelease,
  type StoredStatus,
} from './store.ts';
import { UserResources } from './users.ts';

export interface GitHubStandin {
  /** `http://127.0.0.1:PORT`, for GITHUB_API_URL. */
  url: string;
  requests: GitHubRequest[];
  count(method: string, path: RegExp | string): number;
  addPullRequest(seed: PullRequestSeed): void;
  /** Pushes a merge group's queue branch and returns its `merge_group` event, for GITHUB_EVENT_PATH. */
  addMergeGroup(seed: MergeGroupSeed): { name: 'merge_group'; payload: Record<string, unknown> };
  /** The group left the queue: its queue branch is deleted. */
  removeMergeGroup(seed: Pick<MergeGroupSeed, 'pr' | 'baseSha' | 'base'>): void;
  addComment(pr: number, body: string, user?: StoredComment['user'], association?: string): number;
  /**
   * Read the Docs' own build-overview comment on a GitHub App project's pull request (by
   * `{app}[bot]`, default `readthedocs[bot]`, its body starting `<!-- readthedocs-{projectId} -->`).
   */
  addServiceComment(pr: number, projectId: number, options?: ServiceCommentOptions): number;
  /**
   * The service's comment after a build of the pull request ends (FACTS: written only after a
   * successful build, created only when files changed, never touched by a failed build, not written
   * once the PR is closed): the comment's id, undefined when there is none.
   */
  serviceBuildEnded(
    pr: number,
    projectId: number,
    build: { commit: string; success: boolean; filesChanged?: boolean; app?: string },
  ): number | undefined;
  /** Read the Docs' own commit status on a GitHub App project's commit: context `docs/readthedocs:{slug}`. */
  /** `skipped`: a build skipped by exit code 183, which the service reports as `success` ("Read the Docs build skipped."). */
  addServiceStatus(sha: string, slug: string, state?: 'pending' | 'success' | 'failure' | 'error' | 'skipped'): void;
  comments(pr: number): StoredComment[];
  pullRequestBody(pr: number): string;
  /** Repository file at a commit (`ref`), read through the contents API. */
  setFile(ref: string, path: string, content: string): void;
  statuses(sha: string): StoredStatus[];
  /** Deployments, oldest first, each with its statuses (oldest first). */
  deployments(): StoredDeployment[];
  /** A deployment made by someone else (any account that may deploy can set any payload). */
  addDeployment(seed: { sha: string; environment: string; payload: unknown; creator: string }): number;
  /** Answers 403 (as GitHub does to a read-only token) to requests matching method and path. */
  refuse(method: string, path: RegExp): void;
  /** The token cannot see the repository (a fine-grained token without access): 404 to every request of it. */
  hideRepository(): void;
  /** The next `limit.times` (default 1) requests matching method and path hit a rate limit, as GitHub answers it. */
  rateLimit(method: string, path: RegExp, limit: RateLimitAnswer): void;
  /** The next `times` requests matching method and path fail with `status` (a 5xx). */
  fail(method: string, path: RegExp, status: number, times?: number): void;
  /** Any fault of the shared HTTP base (a reset, a delay, a truncated body…), queued as the Read the Docs stand-in's are. */
  fault(fault: Fault): void;
  /**
   * Answers to requests matching method and path carry `headers` besides (over the stand-in's own):
   * what a hostile proxy could add, such as a `Link` elsewhere or `Deprecation` and `Sunset` text.
   */
  addHeaders(method: string, path: RegExp, headers: Record<string, string>): void;
  /** The branch's head moves to `sha`, committed at `date` (ms epoch): what GET branches/{branch} gives. */
  setBranch(branch: string, sha: string, date: number): void;
  /** A release of `tag`, newer than every one before it. */
  addRelease(release: Omit<StoredRelease, 'id'>): void;
  /** A tag, newer than every one before it. */
  addTag(name: string, sha: string): void;
  /** An issue someone opened (no request recorded); returns its number. */
  addIssue(seed: { title: string; body: string; user?: StoredIssue['user']; state?: 'open' | 'closed' }): number;
  /** Every issue (pull requests left out), with its comments through `comments(number)`. */
  issues(): StoredIssue[];
  close(): Promise<void>;
}

class GitHubStandinServer implements GitHubStandin {
  readonly requests: GitHubRequest[] = [];
  private readonly store: GitHubStore;
  private readonly router: GitHubRouter;
  private readonly http: HttpServer;
  private readonly commentsApi: CommentResources;
  private readonly pullsApi: PullResources;
  private readonly contentsApi: ContentResources;
  private readonly statusesApi: StatusResources;
  private readonly deploymentsApi: DeploymentResources;
  private readonly mergeQueueApi: MergeQueueResources;
  private readonly issuesApi: IssueResources;
  private readonly repositoryApi: RepositoryResources;

  constructor(options: GitHubStandinOptions) {
    this.store = new GitHubStore(options);
    this.commentsApi = new CommentResources(this.store);
    this.pullsApi = new PullResources(this.store);
    this.contentsApi = new ContentResources(this.store);
    this.statusesApi = new StatusResources(this.store);
    this.deploymentsApi = new DeploymentResources(this.store);
    this.mergeQueueApi = new MergeQueueResources(this.store);
    this.issuesApi = new IssueResources(this.store);
    this.repositoryApi = new RepositoryResources(this.store);
    this.router = new GitHubRouter(this.store, options.token, [
      ...new UserResources(this.store).routes(),
      ...this.commentsApi.routes(),
      ...this.pullsApi.routes(),
      ...this.contentsApi.routes(),
      ...this.deploymentsApi.routes(),
      ...this.statusesApi.routes(),
      ...this.issuesApi.routes(),
      ...this.repositoryApi.routes(),
    ]);
    this.http = new HttpServer(
      {
        record: (request) => this.requests.push(request),
        process: (method, url, headers, body, path) => this.router.process({ method, path, headers, body }, url),
      },
      0,
    );
  }

  get url(): string {
    return this.store.url;
  }

  async listen(): Promise<void> {
    await this.http.listen();
    this.store.url = this.http.url;
  }

  count(method: string, path: RegExp | string): number {
    return countRequests(this.requests, method, path);
  }

  addPullRequest(seed: PullRequestSeed): void {
    this.pullsApi.add(seed);
  }

  addMergeGroup(seed: MergeGroupSeed): { name: 'merge_group'; payload: Record<string, unknown> } {
    return this.mergeQueueApi.add(seed);
  }

  removeMergeGroup(seed: Pick<MergeGroupSeed, 'pr' | 'baseSha' | 'base'>): void {
    this.mergeQueueApi.remove(seed);
  }

  addComment(pr: number, body: string, user?: StoredComment['user'], association?: string): number {
    return this.commentsApi.add(pr, body, user, association);
  }

  addServiceComment(pr: number, projectId: number, options?: ServiceCommentOptions): number {
    return this.commentsApi.addService(pr, projectId, options);
  }

  serviceBuildEnded(
    pr: number,
    projectId: number,
    build: { commit: string; success: boolean; filesChanged?: boolean; app?: string },
  ): number | undefined {
    return this.commentsApi.serviceBuildEnded(pr, projectId, build);
  }

  addServiceStatus(sha: string, slug: string, state?: 'pending' | 'success' | 'failure' | 'error' | 'skipped'): void {
    this.statusesApi.addService(sha, slug, state);
  }

  comments(pr: number): StoredComment[] {
    return this.commentsApi.records(pr);
  }

  pullRequestBody(pr: number): string {
    return this.pullsApi.body(pr);
  }

  setFile(ref: string, path: string, content: string): void {
    this.contentsApi.set(ref, path, content);
  }

  statuses(sha: string): StoredStatus[] {
    return this.statusesApi.records(sha);
  }

  deployments(): StoredDeployment[] {
    return this.deploymentsApi.records();
  }

  addDeployment(seed: { sha: string; environment: string; payload: unknown; creator: string }): number {
    return this.deploymentsApi.add(seed);
  }

  setBranch(branch: string, sha: string, date: number): void {
    this.repositoryApi.setBranch(branch, sha, date);
  }

  addRelease(release: Omit<StoredRelease, 'id'>): void {
    this.repositoryApi.addRelease(release);
  }

  addTag(name: string, sha: string): void {
    this.repositoryApi.addTag(name, sha);
  }

  addIssue(seed: { title: string; body: string; user?: StoredIssue['user']; state?: 'open' | 'closed' }): number {
    return this.issuesApi.add(seed);
  }

  issues(): StoredIssue[] {
    return this.issuesApi.records();
  }

  refuse(method: string, path: RegExp): void {
    this.router.refuse(method, path);
  }

  hideRepository(): void {
    this.router.hideRepository();
  }

  rateLimit(method: string, path: RegExp, limit: RateLimitAnswer): void {
    const reply = rateLimited(limit, Date.now());
    this.fault({ kind: 'status', method, path, times: limit.times ?? 1, status: reply.status, body: reply.body, headers: reply.headers });
  }

  fail(method: string, path: RegExp, status: number, times = 1): void {
    const reply = json(status, { message: 'Server Error' });
    this.fault({ kind: 'status', method, path, times, status, body: reply.body, headers: reply.headers });
  }

  fault(fault: Fault): void {
    this.http.faults.add(fault);
  }

  addHeaders(method: string, path: RegExp, headers: Record<string, string>): void {
    this.http.addHeaders(method, path, headers);
  }

  close(): Promise<void> {
    return this.http.close();
  }
}

export async function startGitHubStandin(options: GitHubStandinOptions): Promise<GitHubStandin> {
  const server = new GitHubStandinServer(options);
  await server.listen();
  return server;
}
