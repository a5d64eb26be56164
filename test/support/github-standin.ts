// A loopback stand-in of the parts of GitHub's REST API that `preview` uses: issue comments
// (list with pagination, create, update, delete), pull requests (get, list by head, update body, files),
// repository contents, commit statuses, deployments and their statuses. It records every request, can refuse with 403,
// answer GitHub's rate limits (403/429 with their headers) and fail with a 5xx.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface GitHubRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
  status: number;
}

export interface StoredComment {
  id: number;
  body: string;
  user: { login: string; type: 'Bot' | 'User' };
  /** GitHub's word for the author's relation to the repository (OWNER, MEMBER, COLLABORATOR, CONTRIBUTOR, NONE…). */
  author_association: string;
  created_at: string;
  updated_at: string;
}

export interface StoredStatus {
  id: number;
  sha: string;
  state: string;
  context: string;
  description: string | null;
  target_url: string | null;
}

export interface StoredDeployment {
  id: number;
  sha: string;
  ref: string;
  environment: string;
  description: string | null;
  payload: unknown;
  transient_environment: boolean;
  production_environment: boolean;
  creator: { login: string; type: string };
  created_at: string;
  statuses: StoredDeploymentStatus[];
}

export interface StoredDeploymentStatus {
  id: number;
  state: string;
  description: string;
  environment_url: string;
  log_url: string;
  created_at: string;
}

export interface PullRequestSeed {
  number: number;
  headSha: string;
  body?: string;
  /** Changed files; status defaults to `modified`. */
  files?: { filename: string; status?: 'added' | 'modified' | 'removed' | 'renamed' }[];
  /** The PR author's relation to the repository; default COLLABORATOR (a branch of the repository). */
  authorAssociation?: string;
  /** The PR author's login; default `pr-author`. */
  author?: string;
  /**
   * The PR author's permission (collaborators permission endpoint); default `write` for an
   * OWNER, MEMBER or COLLABORATOR association, else `read`.
   */
  authorPermission?: 'admin' | 'write' | 'read' | 'none';
  /** The head branch; default `feature`. */
  headRef?: string;
  /** `owner/name` of the head's repository (a fork's); default the repository itself. */
  headRepo?: string;
  /** Default `open`. */
  state?: 'open' | 'closed';
}

export interface GitHubStandinOptions {
  /** The token the action must send (`Authorization: token …`). */
  token: string;
  owner?: string;
  repo?: string;
  /** Page size cap, like GitHub's 100; smaller values make pagination easy to test. */
  maxPerPage?: number;
  /**
   * The token's own account as GET /user names it. Unset: GET /user is refused (403), as it is for
   * the workflow's GITHUB_TOKEN, and comments the action posts are `github-actions[bot]`'s.
   */
  tokenLogin?: string;
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

export interface GitHubStandin {
  /** `http://127.0.0.1:PORT`, for GITHUB_API_URL. */
  url: string;
  requests: GitHubRequest[];
  count(method: string, path: RegExp | string): number;
  addPullRequest(seed: PullRequestSeed): void;
  addComment(pr: number, body: string, user?: StoredComment['user'], association?: string): number;
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
  /** The next `limit.times` (default 1) requests matching method and path hit a rate limit, as GitHub answers it. */
  rateLimit(method: string, path: RegExp, limit: RateLimitAnswer): void;
  /** The next `times` requests matching method and path fail with `status` (a 5xx). */
  fail(method: string, path: RegExp, status: number, times?: number): void;
  /**
   * Answers to requests matching method and path carry `headers` besides (over the stand-in's own):
   * what a hostile proxy could add, such as a `Link` elsewhere or `Deprecation` and `Sunset` text.
   */
  addHeaders(method: string, path: RegExp, headers: Record<string, string>): void;
  close(): Promise<void>;
}

const BOT = { login: 'github-actions[bot]', type: 'Bot' as const };

class GitHubStandinServer implements GitHubStandin {
  url = '';
  requests: GitHubRequest[] = [];
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly owner: string;
  private readonly repo: string;
  private readonly maxPerPage: number;
  private readonly pulls = new Map<
    number,
    {
      headSha: string;
      body: string;
      authorAssociation: string;
      author: string;
      files: { filename: string; status: string }[];
      headRef: string;
      headRepo: string;
      state: 'open' | 'closed';
    }
  >();
  private readonly permissions = new Map<string, string>();
  private readonly commentsByPr = new Map<number, StoredComment[]>();
  private readonly files = new Map<string, string>();
  private readonly statusList: StoredStatus[] = [];
  private readonly deploymentList: StoredDeployment[] = [];
  private readonly refusals: { method: string; path: RegExp }[] = [];
  private readonly faults: { method: string; path: RegExp; left: number; reply: () => Reply }[] = [];
  private readonly extraHeaders: { method: string; path: RegExp; headers: Record<string, string> }[] = [];
  private nextId = 1000;
  private readonly options: GitHubStandinOptions;

  constructor(options: GitHubStandinOptions) {
    this.options = options;
    this.owner = options.owner ?? 'octo';
    this.repo = options.repo ?? 'docs-repo';
    this.maxPerPage = options.maxPerPage ?? 100;
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: `stand-in error: ${String(error)}` }));
        }
      });
    });
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  count(method: string, path: RegExp | string): number {
    return this.requests.filter(
      (request) =>
        (method === '*' || request.method === method.toUpperCase()) &&
        (typeof path === 'string' ? request.path.includes(path) : path.test(request.path)),
    ).length;
  }

  addPullRequest(seed: PullRequestSeed): void {
    const association = seed.authorAssociation ?? 'COLLABORATOR';
    const permission = seed.authorPermission ?? (['OWNER', 'MEMBER', 'COLLABORATOR'].includes(association) ? 'write' : 'read');
    this.permissions.set(seed.author ?? 'pr-author', permission);
    this.pulls.set(seed.number, {
      headSha: seed.headSha,
      body: seed.body ?? '',
      authorAssociation: seed.authorAssociation ?? 'COLLABORATOR',
      author: seed.author ?? 'pr-author',
      files: (seed.files ?? []).map((file) => ({ filename: file.filename, status: file.status ?? 'modified' })),
      headRef: seed.headRef ?? 'feature',
      headRepo: seed.headRepo ?? `${this.owner}/${this.repo}`,
      state: seed.state ?? 'open',
    });
  }

  addComment(
    pr: number,
    body: string,
    user: StoredComment['user'] = BOT,
    association = user.type === 'Bot' ? 'NONE' : 'COLLABORATOR',
  ): number {
    const now = new Date().toISOString();
    const comment = { id: this.nextId++, body, user, author_association: association, created_at: now, updated_at: now };
    this.commentList(pr).push(comment);
    return comment.id;
  }

  comments(pr: number): StoredComment[] {
    return this.commentList(pr).map((comment) => ({ ...comment }));
  }

  pullRequestBody(pr: number): string {
    return this.pulls.get(pr)?.body ?? '';
  }

  setFile(ref: string, path: string, content: string): void {
    this.files.set(`${ref}:${path}`, content);
  }

  statuses(sha: string): StoredStatus[] {
    return this.statusList.filter((status) => status.sha === sha);
  }

  deployments(): StoredDeployment[] {
    return this.deploymentList.map((deployment) => ({ ...deployment, statuses: [...deployment.statuses] }));
  }

  addDeployment(seed: { sha: string; environment: string; payload: unknown; creator: string }): number {
    const deployment: StoredDeployment = {
      id: this.nextId++,
      sha: seed.sha,
      ref: seed.sha,
      environment: seed.environment,
      description: null,
      payload: seed.payload,
      transient_environment: true,
      production_environment: false,
      creator: { login: seed.creator, type: 'User' },
      created_at: new Date().toISOString(),
      statuses: [],
    };
    this.deploymentList.push(deployment);
    return deployment.id;
  }

  refuse(method: string, path: RegExp): void {
    this.refusals.push({ method: method.toUpperCase(), path });
  }

  rateLimit(method: string, path: RegExp, limit: RateLimitAnswer): void {
    const reply = (): Reply => {
      if (limit.kind === 'primary') {
        const reset = Math.ceil(Date.now() / 1000) + (limit.resetInS ?? 0);
        return {
          status: 403,
          body: {
            message: 'API rate limit exceeded for installation ID 1.',
            documentation_url: 'https://docs.github.com/rest',
            status: '403',
          },
          headers: { 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
        };
      }
      const status = limit.status ?? 403;
      return {
        status,
        body: {
          message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
          documentation_url: 'https://docs.github.com/rest',
          status: String(status),
        },
        headers: limit.retryAfter === undefined ? {} : { 'retry-after': String(limit.retryAfter) },
      };
    };
    this.faults.push({ method: method.toUpperCase(), path, left: limit.times ?? 1, reply });
  }

  fail(method: string, path: RegExp, status: number, times = 1): void {
    this.faults.push({ method: method.toUpperCase(), path, left: times, reply: () => ({ status, body: { message: 'Server Error' } }) });
  }

  addHeaders(method: string, path: RegExp, headers: Record<string, string>): void {
    this.extraHeaders.push({ method: method.toUpperCase(), path, headers });
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
      for (const socket of this.sockets) socket.destroy();
    });
  }

  private commentList(pr: number): StoredComment[] {
    let list = this.commentsByPr.get(pr);
    if (!list) {
      list = [];
      this.commentsByPr.set(pr, list);
    }
    return list;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers))
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    const record: GitHubRequest = {
      method: (req.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body,
      status: 0,
    };
    this.requests.push(record);
    const reply = this.route(record, url);
    record.status = reply.status;
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    const extra = this.extraHeaders.filter((added) => added.method === record.method && added.path.test(record.path));
    res.writeHead(reply.status, {
      'content-type': 'application/json; charset=utf-8',
      ...(reply.headers ?? {}),
      ...Object.assign({}, ...extra.map((added) => added.headers)),
    });
    res.end(text);
  }

  private route(request: GitHubRequest, url: URL): Reply {
    if (request.headers.authorization !== `token ${this.options.token}`) {
      return { status: 401, body: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' } };
    }
    const fault = this.faults.find(
      (candidate) => candidate.left > 0 && candidate.method === request.method && candidate.path.test(request.path),
    );
    if (fault) {
      fault.left -= 1;
      return fault.reply();
    }
    if (this.refusals.some((refusal) => refusal.method === request.method && refusal.path.test(request.path))) {
      return {
        status: 403,
        body: { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest', status: '403' },
      };
    }
    if (request.path === '/user' && request.method === 'GET') {
      if (!this.options.tokenLogin) {
        return {
          status: 403,
          body: { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest', status: '403' },
        };
      }
      return { status: 200, body: { login: this.options.tokenLogin, id: 1, type: 'User' } };
    }
    const repoPrefix = `/repos/${this.owner}/${this.repo}`;
    if (!request.path.startsWith(`${repoPrefix}/`)) return notFound();
    const path = request.path.slice(repoPrefix.length);
    const input = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};
    let match: RegExpExecArray | null;

    if ((match = /^\/issues\/(\d+)\/comments$/.exec(path))) {
      const pr = Number(match[1]);
      if (!this.pulls.has(pr)) return notFound();
      if (request.method === 'GET') return this.page(url, this.commentList(pr));
      if (request.method === 'POST') {
        if (typeof input.body !== 'string') return invalid('body');
        const id = this.addComment(pr, input.body, this.options.tokenLogin ? { login: this.options.tokenLogin, type: 'User' } : BOT);
        return { status: 201, body: this.commentList(pr).find((comment) => comment.id === id) };
      }
    }
    if ((match = /^\/issues\/comments\/(\d+)$/.exec(path))) {
      const id = Number(match[1]);
      for (const [, list] of this.commentsByPr) {
        const index = list.findIndex((comment) => comment.id === id);
        if (index === -1) continue;
        if (request.method === 'PATCH') {
          if (typeof input.body !== 'string') return invalid('body');
          list[index] = { ...list[index]!, body: input.body, updated_at: new Date().toISOString() };
          return { status: 200, body: list[index] };
        }
        if (request.method === 'DELETE') {
          list.splice(index, 1);
          return { status: 204 };
        }
      }
      return notFound();
    }
    if ((match = /^\/pulls\/(\d+)$/.exec(path))) {
      const pr = this.pulls.get(Number(match[1]));
      if (!pr) return notFound();
      if (request.method === 'PATCH') {
        if (typeof input.body !== 'string') return invalid('body');
        pr.body = input.body;
      }
      if (request.method === 'GET' || request.method === 'PATCH') return { status: 200, body: this.pullBody(Number(match[1]), pr) };
    }
    if (path === '/pulls' && request.method === 'GET') {
      // `head=owner:branch` (the owner of the head's repository), `state` open by default, as GitHub filters.
      const head = url.searchParams.get('head');
      const state = url.searchParams.get('state') ?? 'open';
      const found = [...this.pulls]
        .filter(([, pr]) => state === 'all' || pr.state === state)
        .filter(([, pr]) => head === null || `${pr.headRepo.split('/')[0]}:${pr.headRef}` === head)
        .sort(([a], [b]) => b - a)
        .map(([number, pr]) => this.pullBody(number, pr));
      return this.page(url, found);
    }
    if ((match = /^\/collaborators\/([^/]+)\/permission$/.exec(path)) && request.method === 'GET') {
      const login = decodeURIComponent(match[1]!);
      const permission = this.permissions.get(login) ?? 'none';
      return { status: 200, body: { permission, role_name: permission, user: { login } } };
    }
    if ((match = /^\/pulls\/(\d+)\/files$/.exec(path)) && request.method === 'GET') {
      const pr = this.pulls.get(Number(match[1]));
      if (!pr) return notFound();
      return this.page(
        url,
        pr.files.map((file, index) => ({
          sha: String(index),
          filename: file.filename,
          status: file.status,
          additions: 1,
          deletions: 0,
          changes: 1,
        })),
      );
    }
    if ((match = /^\/contents\/(.+)$/.exec(path)) && request.method === 'GET') {
      const filePath = decodeURIComponent(match[1]!);
      const ref = url.searchParams.get('ref') ?? 'HEAD';
      const content = this.files.get(`${ref}:${filePath}`);
      if (content === undefined) return notFound();
      return {
        status: 200,
        body: {
          type: 'file',
          encoding: 'base64',
          path: filePath,
          name: filePath.split('/').at(-1),
          size: content.length,
          content: Buffer.from(content)
            .toString('base64')
            .replace(/(.{60})/g, '$1\n'),
        },
      };
    }
    if (path === '/deployments' && request.method === 'GET') {
      const sha = url.searchParams.get('sha');
      const environment = url.searchParams.get('environment');
      // Newest first, as GitHub lists them; the statuses are served through their own endpoint.
      const found = this.deploymentList
        .filter(
          (deployment) => (sha === null || deployment.sha === sha) && (environment === null || deployment.environment === environment),
        )
        .reverse()
        .map(({ statuses: _statuses, ...deployment }) => deployment);
      return this.page(url, found);
    }
    if (path === '/deployments' && request.method === 'POST') {
      if (typeof input.ref !== 'string' || !/^[0-9a-f]{40}$/.test(input.ref)) return invalid('ref');
      const deployment: StoredDeployment = {
        id: this.nextId++,
        sha: input.ref,
        ref: input.ref,
        environment: typeof input.environment === 'string' ? input.environment : 'production',
        description: typeof input.description === 'string' ? input.description : null,
        payload: input.payload ?? {},
        transient_environment: input.transient_environment === true,
        production_environment: input.production_environment === true,
        // The token's own account, as for comments.
        creator: this.options.tokenLogin ? { login: this.options.tokenLogin, type: 'User' } : BOT,
        created_at: new Date().toISOString(),
        statuses: [],
      };
      this.deploymentList.push(deployment);
      const { statuses: _statuses, ...body } = deployment;
      return { status: 201, body };
    }
    if ((match = /^\/deployments\/(\d+)\/statuses$/.exec(path))) {
      const deployment = this.deploymentList.find((candidate) => candidate.id === Number(match![1]));
      if (!deployment) return notFound();
      if (request.method === 'GET') return this.page(url, [...deployment.statuses].reverse());
      if (request.method === 'POST') {
        const states = ['error', 'failure', 'inactive', 'in_progress', 'queued', 'pending', 'success'];
        if (typeof input.state !== 'string' || !states.includes(input.state)) return invalid('state');
        if (typeof input.description === 'string' && input.description.length > 140) return invalid('description');
        const status: StoredDeploymentStatus = {
          id: this.nextId++,
          state: input.state,
          description: typeof input.description === 'string' ? input.description : '',
          environment_url: typeof input.environment_url === 'string' ? input.environment_url : '',
          log_url: typeof input.log_url === 'string' ? input.log_url : '',
          created_at: new Date().toISOString(),
        };
        deployment.statuses.push(status);
        return { status: 201, body: status };
      }
    }
    if ((match = /^\/statuses\/([0-9a-f]{40})$/.exec(path)) && request.method === 'POST') {
      const state = input.state;
      if (state !== 'pending' && state !== 'success' && state !== 'failure' && state !== 'error') return invalid('state');
      if (typeof input.description === 'string' && input.description.length > 140) return invalid('description');
      const status: StoredStatus = {
        id: this.nextId++,
        sha: match[1]!,
        state,
        context: typeof input.context === 'string' ? input.context : 'default',
        description: typeof input.description === 'string' ? input.description : null,
        target_url: typeof input.target_url === 'string' ? input.target_url : null,
      };
      this.statusList.push(status);
      return { status: 201, body: status };
    }
    return notFound();
  }

  private pullBody(
    number: number,
    pr: { headSha: string; body: string; authorAssociation: string; author: string; headRef: string; headRepo: string; state: string },
  ) {
    return {
      number,
      body: pr.body === '' ? null : pr.body,
      head: { sha: pr.headSha, ref: pr.headRef, repo: { full_name: pr.headRepo } },
      base: { ref: 'main', repo: { full_name: `${this.owner}/${this.repo}` } },
      state: pr.state,
      author_association: pr.authorAssociation,
      user: { login: pr.author },
    };
  }

  /** `per_page` (capped) and `page`, with a `Link` header as GitHub sends it. */
  private page(url: URL, items: unknown[]): { status: number; body: unknown; headers: Record<string, string> } {
    const perPage = Math.min(this.maxPerPage, Math.max(1, Number(url.searchParams.get('per_page') ?? 30) || 30));
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const last = Math.max(1, Math.ceil(items.length / perPage));
    const link = (n: number, rel: string) => {
      const target = new URL(url);
      target.searchParams.set('page', String(n));
      return `<${target.href}>; rel="${rel}"`;
    };
    const links = [
      ...(page < last ? [link(page + 1, 'next'), link(last, 'last')] : []),
      ...(page > 1 ? [link(1, 'first'), link(page - 1, 'prev')] : []),
    ];
    return {
      status: 200,
      body: items.slice((page - 1) * perPage, page * perPage),
      headers: links.length ? { link: links.join(', ') } : {},
    };
  }
}

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

function notFound() {
  return { status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' } };
}

function invalid(field: string) {
  return { status: 422, body: { message: 'Validation Failed', errors: [{ resource: 'Issue', field, code: 'invalid' }], status: '422' } };
}

export async function startGitHubStandin(options: GitHubStandinOptions): Promise<GitHubStandin> {
  const server = new GitHubStandinServer(options);
  await server.listen();
  return server;
}
