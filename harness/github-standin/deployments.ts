// Deployments and their statuses: listed newest first (by `sha`, `environment`), created by the
// token's own account on a full commit SHA, statuses with GitHub's states and 140-character limit.
import { invalid, json, notFound, page } from './replies.ts';
import type { Reply } from './replies.ts';
import type { Ctx, Route } from './router.ts';
import type { GitHubStore, StoredDeployment, StoredDeploymentStatus } from './store.ts';

const STATES = ['error', 'failure', 'inactive', 'in_progress', 'queued', 'pending', 'success'];

export class DeploymentResources {
  private readonly store: GitHubStore;

  constructor(store: GitHubStore) {
    this.store = store;
  }

  /** Deployments, oldest first, each with its statuses (oldest first). */
  records(): StoredDeployment[] {
    return this.store.deployments.map((deployment) => ({ ...deployment, statuses: [...deployment.statuses] }));
  }

  /** A deployment made by someone else (any account that may deploy can set any payload). */
  add(seed: { sha: string; environment: string; payload: unknown; creator: string }): number {
    const deployment: StoredDeployment = {
      id: this.store.id(),
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
    this.store.deployments.push(deployment);
    return deployment.id;
  }

  routes(): Route[] {
    return [
      { pattern: /^\/deployments$/, methods: { GET: (c) => this.list(c), POST: (c) => this.create(c) } },
      {
        pattern: /^\/deployments\/(\d+)\/statuses$/,
        methods: { GET: (c, m) => this.statuses(c, Number(m[1])), POST: (c, m) => this.addStatus(c, Number(m[1])) },
      },
    ];
  }

  /** Newest first, as GitHub lists them; the statuses are served through their own endpoint. */
  private list(ctx: Ctx): Reply {
    const sha = ctx.url.searchParams.get('sha');
    const environment = ctx.url.searchParams.get('environment');
    const found = this.store.deployments
      .filter((deployment) => (sha === null || deployment.sha === sha) && (environment === null || deployment.environment === environment))
      .reverse()
      .map(({ statuses: _statuses, ...deployment }) => deployment);
    return page(ctx.url, found, this.store.maxPerPage);
  }

  private create(ctx: Ctx): Reply {
    const { input } = ctx;
    if (typeof input.ref !== 'string' || !/^[0-9a-f]{40}$/.test(input.ref)) return invalid('ref');
    const deployment: StoredDeployment = {
      id: this.store.id(),
      sha: input.ref,
      ref: input.ref,
      environment: typeof input.environment === 'string' ? input.environment : 'production',
      description: typeof input.description === 'string' ? input.description : null,
      payload: input.payload ?? {},
      transient_environment: input.transient_environment === true,
      production_environment: input.production_environment === true,
      // The token's own account, as for comments.
      creator: this.store.tokenAuthor(),
      created_at: new Date().toISOString(),
      statuses: [],
    };
    this.store.deployments.push(deployment);
    const { statuses: _statuses, ...body } = deployment;
    return json(201, body);
  }

  private statuses(ctx: Ctx, id: number): Reply {
    const deployment = this.store.deployments.find((candidate) => candidate.id === id);
    if (!deployment) return notFound();
    return page(ctx.url, [...deployment.statuses].reverse(), this.store.maxPerPage);
  }

  private addStatus(ctx: Ctx, id: number): Reply {
    const deployment = this.store.deployments.find((candidate) => candidate.id === id);
    if (!deployment) return notFound();
    const { input } = ctx;
    if (typeof input.state !== 'string' || !STATES.includes(input.state)) return invalid('state');
    if (typeof input.description === 'string' && input.description.length > 140) return invalid('description');
    const status: StoredDeploymentStatus = {
      id: this.store.id(),
      state: input.state,
      description: typeof input.description === 'string' ? input.description : '',
      environment_url: typeof input.environment_url === 'string' ? input.environment_url : '',
      log_url: typeof input.log_url === 'string' ? input.log_url : '',
      created_at: new Date().toISOString(),
    };
    deployment.statuses.push(status);
    return json(201, status);
  }
}
