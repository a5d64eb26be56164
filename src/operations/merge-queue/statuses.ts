import type { GitHubRepo } from '../../github/api/client.js';
import { GitHubError } from '../../github/api/client.js';
import { createCommitStatus, getPullRequest, type CommitState } from '../../github/api/rest.js';
import type { RunnerLog } from '../../runner/port.js';
import { safeLine } from '../../util/untrusted-text.js';
import type { OperationContext } from '../types.js';
import { messageOf } from '../../util/message-of.js';

/** The annotation of a commit status GitHub did not take: the queue then waits for a check that never comes. */
const STATUS_NOT_SET_TITLE = 'Commit status not set';

/** The status context of `project`: the input's `{project}` replaced by its slug. */
export function statusContextOf(template: string, project: string): string {
  return template.replaceAll('{project}', project);
}

/**
 * The commit statuses on the group's commit, one per project. GitHub is where the merge queue reads
 * the check: a status GitHub refuses or loses is a warning naming the permission (said once), and
 * the step's own outcome still tells the result. Statuses follow a timed-out step (only the
 * workflow's cancellation ends them).
 */
export class GroupStatuses {
  private client: Promise<GitHubRepo | undefined> | undefined;
  private warned = false;
  /** Why there is no client: only what is missing (a token given is not named). */
  missing = '';

  constructor(
    private readonly ctx: OperationContext,
    private readonly commit: string,
  ) {}

  /** The repository's client, made on first use; undefined (said once) without a token or repository. */
  github(): Promise<GitHubRepo | undefined> {
    this.client ??= this.makeClient();
    return this.client;
  }

  /** Sets the project's status; returns its state once GitHub took it (for the project's result), else undefined. */
  async status(project: string, state: CommitState, description: string, targetUrl: string | undefined): Promise<CommitState | undefined> {
    const context = statusContextOf(this.ctx.inputs.statusContext, project);
    try {
      const gh = await this.github();
      if (!gh) return undefined;
      await createCommitStatus(gh, this.commit, { state, context, description, ...(targetUrl === undefined ? {} : { targetUrl }) });
      this.ctx.log.debug(`status ${context}: ${state} (${description})`);
      return state;
    } catch (error) {
      this.warnOnce(error);
      return undefined;
    }
  }

  private warnOnce(error: unknown): void {
    if (this.warned) return;
    this.warned = true;
    const message = safeLine(messageOf(error), 600);
    const refused = error instanceof GitHubError && error.refused;
    this.ctx.log.warning(
      refused
        ? `The commit status on the group's commit was refused (403): give the job \`permissions: statuses: write\`. Until it is set, the merge queue waits for it. (${message})`
        : `The commit status on the group's commit could not be set: ${message}. Until it is set, the merge queue waits for it`,
      { title: STATUS_NOT_SET_TITLE },
    );
  }

  private async makeClient(): Promise<GitHubRepo | undefined> {
    const { ctx } = this;
    const [owner, repo] = ctx.run.repository?.split('/') ?? [];
    if (!ctx.inputs.githubToken || !owner || !repo) {
      this.missing = !ctx.inputs.githubToken ? '`github-token` is empty' : 'the repository is unknown (no GITHUB_REPOSITORY)';
      ctx.log.warning(
        !ctx.inputs.githubToken
          ? "Input `github-token` is empty: no commit status on the group's commit, so a merge queue that requires it waits until it times out"
          : "The repository is unknown (no GITHUB_REPOSITORY): no commit status on the group's commit",
        { title: STATUS_NOT_SET_TITLE },
      );
      this.warned = true;
      return undefined;
    }
    // Reporting follows a timed-out step: a few seconds past the deadline for every call together
    // (the deadline's `reporting`), and the workflow's cancellation at once.
    const octokit = await ctx.github(ctx.inputs.githubToken, { log: (message) => ctx.log.debug(message) });
    return { octokit, owner, repo, limits: { signal: ctx.deadline.reporting } };
  }
}

/** The queued pull request's head commit, from GitHub (`pull-requests: read`), or why it is unknown. */
export async function pullRequestHead(statuses: GroupStatuses, pr: number, log: RunnerLog): Promise<{ sha: string } | { problem: string }> {
  try {
    const gh = await statuses.github();
    if (!gh) return { problem: `pull request #${pr} cannot be read: ${statuses.missing}` };
    const head = (await getPullRequest(gh, pr)).head.sha.toLowerCase();
    if (!/^[0-9a-f]{40}$/.test(head)) return { problem: `GitHub gave pull request #${pr} no usable head commit` };
    log.info(`Pull request #${pr}: head commit ${head}`);
    return { sha: head };
  } catch (error) {
    const message = safeLine(messageOf(error), 600);
    const refused = error instanceof GitHubError && error.refused;
    return {
      problem: `pull request #${pr} could not be read from GitHub${refused ? ' (403: give the job `permissions: pull-requests: read`)' : ''}: ${message}`,
    };
  }
}
