import type { GitHubRepo } from '../../github/api/client.js';
import { listOpenPullRequests } from '../../github/api/rest.js';
import type { WorkflowRun } from '../../inputs/github-context.js';

const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);

/** The pull request a finished run reports on, or why there is none (said as a notice). */
export type WorkflowRunPullRequest = { pr: number; headSha: string } | { none: string };

/**
 * The pull request of a finished `pull_request` run (the reporter half of the two-workflow
 * pattern), from GitHub's own payload, never from anything the PR wrote (an artifact, a file):
 * an entry of GitHub's `pull_requests` list only when its head is the run's (`head_sha`, and the
 * repository of `head_repository.id`): GitHub fills that list by branch name, so a fork's run on
 * `fix-typo` may list the base repository's own PR of a branch `fix-typo`. Otherwise (a fork's PR,
 * for which the list is empty or names others) the open pull requests of
 * `head_repository.owner:head_branch`, of which only one whose head is the run's commit in the
 * run's head repository is taken. The head commit is always the run's `head_sha`.
 */
export async function pullRequestOfWorkflowRun(
  run: WorkflowRun,
  github: () => Promise<GitHubRepo | undefined>,
): Promise<WorkflowRunPullRequest> {
  const headSha = run.headSha;
  if (!PULL_REQUEST_EVENTS.has(run.event)) {
    return { none: `The finished run was started by a \`${run.event || 'unknown'}\` event, not by a pull request: nothing to report` };
  }
  const ofHead = run.pullRequests.filter((pr) => pr.headSha === headSha && pr.headRepoId !== undefined && pr.headRepoId === run.headRepoId);
  if (ofHead.length === 1) return { pr: ofHead[0]!.number, headSha };
  if (ofHead.length > 1) {
    return {
      none: `The finished run belongs to several pull requests (${ofHead.map((pr) => `#${pr.number}`).join(', ')}): nothing to report`,
    };
  }
  if (!run.headOwner || !run.headBranch || !run.headRepo) {
    return { none: 'The finished run names no pull request of its head and no head branch: nothing to report' };
  }
  const gh = await github();
  if (!gh) return { none: "Without `github-token`, the pull request of a fork's run cannot be looked up: nothing to report" };
  const head = `${run.headOwner}:${run.headBranch}`;
  const headRepo = run.headRepo.toLowerCase();
  const matching = (await listOpenPullRequests(gh, { owner: run.headOwner, branch: run.headBranch })).filter(
    (pr) => pr.head.sha.toLowerCase() === headSha && pr.head.repo?.full_name.toLowerCase() === headRepo,
  );
  if (matching.length === 1) return { pr: matching[0]!.number, headSha };
  if (matching.length === 0) {
    return {
      none: `No open pull request from ${head} has the head commit ${headSha} (closed, or a newer push moved it on): nothing to report`,
    };
  }
  return { none: `Several open pull requests from ${head} have the head commit ${headSha}: nothing to report` };
}
