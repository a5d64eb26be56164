import type { GitHubRepo } from '../../github/api/client.js';
import { listOpenPullRequests } from '../../github/api/list-open-pull-requests.js';
import type { WorkflowRun } from '../../inputs/github-context.js';

const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);

/** The pull request a finished run reports on, or why there is none (said as a notice). */
export type WorkflowRunPullRequest = { pr: number; headSha: string } | { none: string };

/**
 * The pull request of a finished `pull_request` run (the reporter half of the two-workflow
 * pattern), from GitHub's own payload, never from anything the PR wrote (an artifact, a file):
 * GitHub's `pull_requests` list when it names one (same-repository PRs); for a fork's PR, where
 * that list is empty, the open pull requests of `head_repository.owner:head_branch`, of which only
 * one whose head is the run's `head_sha` is taken. The head commit is always the run's `head_sha`.
 */
export async function pullRequestOfWorkflowRun(
  run: WorkflowRun,
  github: () => Promise<GitHubRepo | undefined>,
): Promise<WorkflowRunPullRequest> {
  const headSha = run.headSha;
  if (!PULL_REQUEST_EVENTS.has(run.event)) {
    return { none: `The finished run was started by a \`${run.event || 'unknown'}\` event, not by a pull request: nothing to report` };
  }
  if (run.pullRequests.length > 0) {
    const ofHead = run.pullRequests.filter((pr) => pr.headSha === headSha);
    const candidates = ofHead.length > 0 ? ofHead : run.pullRequests;
    if (candidates.length === 1) return { pr: candidates[0]!.number, headSha };
    return {
      none: `The finished run belongs to several pull requests (${candidates.map((pr) => `#${pr.number}`).join(', ')}): nothing to report`,
    };
  }
  if (!run.headOwner || !run.headBranch) {
    return { none: 'The finished run names no pull request and no head branch: nothing to report' };
  }
  const gh = await github();
  if (!gh) return { none: "Without `github-token`, the pull request of a fork's run cannot be looked up: nothing to report" };
  const head = `${run.headOwner}:${run.headBranch}`;
  const matching = (await listOpenPullRequests(gh, { owner: run.headOwner, branch: run.headBranch })).filter(
    (pr) =>
      pr.head.sha.toLowerCase() === headSha &&
      (run.headRepo === undefined || pr.head.repo?.full_name.toLowerCase() === run.headRepo.toLowerCase()),
  );
  if (matching.length === 1) return { pr: matching[0]!.number, headSha };
  if (matching.length === 0) {
    return {
      none: `No open pull request from ${head} has the head commit ${headSha} (closed, or a newer push moved it on): nothing to report`,
    };
  }
  return { none: `Several open pull requests from ${head} have the head commit ${headSha}: nothing to report` };
}
