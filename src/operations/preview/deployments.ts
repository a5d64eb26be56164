import type { GitHubRepo } from '../../github/api/client.js';
import {
  createDeployment,
  createDeploymentStatus,
  listDeployments,
  type CommitState,
  type Deployment,
  type DeploymentState,
} from '../../github/api/rest.js';
import type { PreviewPublisher } from './preview-publisher.js';
import type { TokenIdentity } from '../../github/token-identity.js';
import type { OperationContext, ProjectResult } from '../types.js';
import type { PreviewDetails } from './details.js';
import { GitHubError } from '../../github/api/client.js';
import { countJsonNodes } from '../../util/bounded-body.js';
import { safeLine } from '../../util/untrusted-text.js';
import { messageOf } from '../../util/message-of.js';

/** The payload key that marks a deployment as this action's, with the PR and project it is for. */
const PAYLOAD_KEY = 'readthedocs-action';

export interface DeploymentOptions {
  github: () => Promise<GitHubRepo | undefined>;
  enabled: boolean;
  /** The environment name, `{project}` replaced by the slug. */
  environment: string;
  pr: number;
  headSha: string;
  /** Who the token is: only its own deployments are adopted (shared with the comment). */
  identity: TokenIdentity;
  warning: (message: string, title: string) => void;
  debug: (message: string) => void;
}

/**
 * GitHub deployments of the previews: one per project on the PR's head commit, transient and not
 * production, reused by a re-run for the same head. GitHub is reporting here, never the work: a
 * refusal (no `deployments: write`, a fork's read-only token) is said once and ends the reporting.
 */
export class PreviewDeployments {
  private readonly ids = new Map<string, Promise<number | undefined>>();
  private disabled: boolean;

  constructor(private readonly options: DeploymentOptions) {
    this.disabled = !options.enabled;
  }

  environmentOf(project: string): string {
    return this.options.environment.replaceAll('{project}', project);
  }

  /** Finds or makes the project's deployment on the head commit and marks it `in_progress`. */
  start(project: string, logUrl: string | undefined): Promise<void> {
    return this.update(project, 'in_progress', 'Read the Docs is building the preview', { logUrl });
  }

  /** The final status: `success` with the verified preview URL, else `failure` or `error`; `inactive` when a newer commit took over. */
  finish(
    project: string,
    state: 'success' | 'failure' | 'error' | 'inactive',
    description: string,
    urls: { environmentUrl?: string; logUrl?: string },
  ): Promise<void> {
    return this.update(project, state, description, urls);
  }

  /** The PR closed: every deployment of this PR in the projects' environments becomes `inactive`. */
  async deactivate(projects: string[], description: string): Promise<number> {
    let count = 0;
    for (const project of projects) {
      if (this.disabled) break;
      await this.guard(async (gh) => {
        const mine = await this.ours(gh, await listDeployments(gh, { environment: this.environmentOf(project) }), project);
        for (const deployment of mine) {
          await createDeploymentStatus(gh, deployment.id, { state: 'inactive', description });
          count += 1;
        }
      });
    }
    return count;
  }

  private async update(
    project: string,
    state: DeploymentState,
    description: string,
    urls: { environmentUrl?: string; logUrl?: string },
  ): Promise<void> {
    if (this.disabled) return;
    const id = await this.deploymentId(project);
    if (id === undefined || this.disabled) return;
    await this.guard((gh) =>
      createDeploymentStatus(gh, id, {
        state,
        description: safeLine(description, 140),
        ...(urls.environmentUrl === undefined ? {} : { environmentUrl: urls.environmentUrl }),
        ...(urls.logUrl === undefined ? {} : { logUrl: urls.logUrl }),
      }),
    );
  }

  private deploymentId(project: string): Promise<number | undefined> {
    let id = this.ids.get(project);
    if (!id) {
      id = this.guard(async (gh) => {
        const environment = this.environmentOf(project);
        const [existing] = await this.ours(gh, await listDeployments(gh, { sha: this.options.headSha, environment }), project);
        if (existing) {
          this.options.debug(`reusing deployment ${existing.id} in ${environment}`);
          return existing.id;
        }
        const created = await createDeployment(gh, {
          sha: this.options.headSha,
          environment,
          description: `Read the Docs preview of ${project} for #${this.options.pr}`,
          payload: { [PAYLOAD_KEY]: { pr: this.options.pr, project } },
        });
        this.options.identity.learn(created.creator?.login);
        return created.id;
      });
      this.ids.set(project, id);
    }
    return id;
  }

  /**
   * Only deployments this action made for this PR and project: the payload says so, and the token's
   * own account created them (anyone who may deploy could copy the payload).
   */
  private async ours(gh: GitHubRepo, deployments: Deployment[], project: string): Promise<Deployment[]> {
    const own = (await this.options.identity.login(gh)).toLowerCase();
    return deployments.filter((deployment) => deployment.creator?.login.toLowerCase() === own && this.isMarked(deployment, project));
  }

  /** The payload's mark: this action, this PR, this project. */
  private isMarked(deployment: Deployment, project: string): boolean {
    const payload = typeof deployment.payload === 'string' ? parseJson(deployment.payload) : deployment.payload;
    const mark = (payload as Record<string, unknown> | null | undefined)?.[PAYLOAD_KEY] as { pr?: unknown; project?: unknown } | undefined;
    return mark?.pr === this.options.pr && mark?.project === project;
  }

  /** Runs a GitHub call; a refusal turns deployments off with one warning, any other fault is a warning too. */
  private async guard<T>(work: (gh: GitHubRepo) => Promise<T>): Promise<T | undefined> {
    if (this.disabled) return undefined;
    const gh = await this.options.github();
    if (!gh) {
      this.disabled = true;
      return undefined;
    }
    try {
      return await work(gh);
    } catch (error) {
      if (this.disabled) return undefined;
      this.disabled = true;
      const refused = error instanceof GitHubError && (error.refused || error.status === 404);
      this.options.warning(
        refused
          ? "GitHub refused the deployment: the token lacks the `deployments: write` permission (add it to the workflow's `permissions`; " +
              "a fork's pull_request token is read-only). The comment, statuses and outputs still report the preview"
          : `No GitHub deployment: ${safeLine(messageOf(error))}`,
        'Deployment not reported',
      );
      return undefined;
    }
  }
}

/** The action's payload holds a handful of values: a payload of more is not ours, and not parsed. */
const MAX_PAYLOAD_NODES = 100;

function parseJson(text: string): unknown {
  if (countJsonNodes(Buffer.from(text, 'utf8'), MAX_PAYLOAD_NODES) > MAX_PAYLOAD_NODES) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The final deployment status of a project, from its commit status (the same verdict, told twice). */
export function deploymentOutcome(
  deployments: PreviewDeployments,
  result: ProjectResult,
  status: { state: CommitState; description: string },
): Promise<void> {
  if (status.state === 'pending') return Promise.resolve();
  // Superseded: this commit gets no preview, and the newer commit's run deploys its own.
  const state = result.outcome === 'superseded' ? 'inactive' : status.state;
  return deployments.finish(result.project, state, status.description, {
    ...(status.state === 'success' && result.previewUrl ? { environmentUrl: result.previewUrl } : {}),
    ...(result.buildUrl === undefined ? {} : { logUrl: result.buildUrl }),
  });
}

/**
 * The pull request closed: no build is looked for or triggered. Every deployment of this PR in the
 * environments of `projects` (translations included) turns `inactive`, and their comment rows
 * say the PR was merged or closed and that the service deletes the preview about 90 days later.
 */
export async function closePreview(
  ctx: OperationContext,
  shared: { publisher: PreviewPublisher; deployments: PreviewDeployments; merged: boolean; headSha: string; projects: string[] },
): Promise<ProjectResult<PreviewDetails>[]> {
  const status = shared.merged ? 'merged' : 'closed';
  // FACTS: "A closed or merged PR's version stays served; the service deletes it about 90 days later."
  const reason = `PR ${status}: the service deletes the preview about 90 days later`;
  ctx.log.info(`${reason}. No build is triggered`);
  await shared.publisher.publish(
    shared.projects.map((project) => ({ project, status, commit: shared.headSha, updatedAt: new Date(ctx.now()), reason })),
  );
  const count = await shared.deployments.deactivate(shared.projects, reason);
  ctx.log.info(`Deployments marked inactive: ${count}`);
  return shared.projects.map((project) => ({
    project,
    outcome: 'success',
    commit: shared.headSha,
    details: { previewStatus: status },
  }));
}
