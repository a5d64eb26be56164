// Routing as GitHub's REST API answers: a wrong token is 401, a refused token 403 (before anything
// else of the request is looked at), then the first resource whose pattern matches the path under
// `/repos/{owner}/{repo}` (or `/user`) and has the method; anything else is 404.
import type { GitHubRequest, GitHubStore } from './store.ts';
import { badCredentials, notFound, refused, type Reply } from './replies.ts';

/** What a handler reads of a request. */
export type RequestSeen = Pick<GitHubRequest, 'method' | 'path' | 'headers' | 'body'>;

export interface Ctx {
  request: RequestSeen;
  /** The request's absolute URL (on the stand-in), for its query and the `Link` of a page. */
  url: URL;
  /** The JSON body's fields (`{}` without a body). */
  input: Record<string, unknown>;
}

type Handler = (ctx: Ctx, match: RegExpExecArray) => Reply;

export interface Route {
  /** Matched against the path under `/repos/{owner}/{repo}`, or the whole path when `global`. */
  pattern: RegExp;
  methods: Partial<Record<'GET' | 'POST' | 'PATCH' | 'DELETE', Handler>>;
  /** Not under the repository (`/user`). */
  global?: boolean;
}

export class GitHubRouter {
  private readonly refusals: { method: string; path: RegExp }[] = [];
  private hidden = false;
  private readonly store: GitHubStore;
  private readonly token: string;
  private readonly routes: Route[];

  constructor(store: GitHubStore, token: string, routes: Route[]) {
    this.store = store;
    this.token = token;
    this.routes = routes;
  }

  /** Answers 403 (as GitHub does to a read-only token) to requests matching method and path. */
  refuse(method: string, path: RegExp): void {
    this.refusals.push({ method: method.toUpperCase(), path });
  }

  /**
   * The token cannot see the repository (a fine-grained token without access to it): GitHub
   * answers 404 to every request of it, as for a repository that does not exist.
   */
  hideRepository(): void {
    this.hidden = true;
  }

  process(request: RequestSeen, url: URL): Reply {
    if (request.headers.authorization !== `token ${this.token}`) return badCredentials();
    if (this.refusals.some((refusal) => refusal.method === request.method && refusal.path.test(request.path))) return refused();
    const prefix = `/repos/${this.store.owner}/${this.store.repo}`;
    const inRepo = request.path.startsWith(`${prefix}/`) ? request.path.slice(prefix.length) : undefined;
    if (this.hidden && inRepo !== undefined) return notFound();
    const ctx: Ctx = {
      request,
      url: new URL(`${url.pathname}${url.search}`, this.store.url),
      input: request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {},
    };
    for (const route of this.routes) {
      const path = route.global ? request.path : inRepo;
      const match = path === undefined ? null : route.pattern.exec(path);
      const handler = route.methods[request.method as keyof Route['methods']];
      if (match && handler) return handler(ctx, match);
    }
    return notFound();
  }
}
