import { codeSpan, escapeMarkdown } from '../../reporting/markdown.js';
import { concluding, forEachProject } from '../run-projects.js';
import type { Conclusion, OperationContext, ProjectResult, ProjectRun, StepOperation } from '../types.js';
import { buildCheck, type Checked, deactivate, finalStatus, mirrorCheck, pendingStatus, settle, type MergeQueueDetails } from './checks.js';
import { groupOfRun, type MergeGroup } from './group.js';
import { deactivateLeftovers } from './leftovers.js';
import { GroupStatuses, pullRequestHead, statusContextOf } from './statuses.js';

/** The annotation of `mirror` when the queued pull request cannot be read from GitHub. */
const PULL_REQUEST_UNKNOWN_TITLE = 'Pull request unknown';

/** What every project's check shares: the group, its statuses, and (`mirror`) the PR's head commit. */
interface GroupCheck {
  group: MergeGroup;
  mode: 'build' | 'mirror';
  statuses: GroupStatuses;
  head: { sha: string } | { problem: string } | undefined;
}

/**
 * `merge-queue`: the docs check a merge queue waits for. For the group of this `merge_group` run
 * (its commit, its queue branch, the queued pull request), each project gets a commit status on the
 * group's commit (pending, then success or failure) from `queue-check`: `build` builds the group's
 * commit on the queue branch's version (hidden, deactivated after), `mirror` carries the result of
 * the pull request's head build.
 */
export const mergeQueueStep: StepOperation<MergeQueueDetails> = async (ctx) => {
  const group = groupOfRun(ctx.run, ctx.inputs);
  const mode = ctx.inputs.queueCheck;
  ctx.log.untrusted(`Merge group ${group.commit}: queue branch ${group.branch}, pull request #${group.pullRequest} into ${group.base}`);
  const statuses = new GroupStatuses(ctx, group.commit);
  const shared: GroupCheck = { group, mode, statuses, head: undefined };
  if (mode === 'mirror') shared.head = await pullRequestHead(statuses, group.pullRequest, ctx.log);
  const results = await forEachProject<MergeQueueDetails>(ctx, ctx.inputs.projects, (ctx, run) => checkProject(ctx, run, shared));
  return { results, summary: [summarySection(shared, results)], outputs: {} };
};

/**
 * One project: the pending status, its check, then the status that tells how it ended (whatever
 * ended it), and only then (`build`) the deactivation of the queue version, so that the queue does
 * not wait on it.
 */
async function checkProject(ctx: OperationContext, run: ProjectRun, shared: GroupCheck): Promise<Conclusion<MergeQueueDetails>> {
  const { group, mode, statuses } = shared;
  const { name: project, log, seen } = run;
  // The run's page until there is a build to link: the check says where to look from its first state.
  let set = await statuses.status(project, 'pending', pendingStatus(mode, group.pullRequest), ctx.run.runUrl);
  const checked: Checked = await concluding(ctx, run, async (): Promise<Checked> => {
    if (mode === 'build') return buildCheck(ctx, run, group);
    if (shared.head && 'sha' in shared.head) return mirrorCheck(ctx, run, group, shared.head.sha);
    return unknownPullRequest(project, shared.head);
  });
  const { needsDeactivation, ...conclusion } = settle(checked);
  // A cancelled workflow ends GitHub calls too: the group is gone from the queue with it.
  if (!ctx.deadline.cancellation.aborted) {
    const { state, description } = finalStatus({ ...seen.current, ...conclusion }, mode, group.pullRequest);
    set = (await statuses.status(project, state, description, seen.current.buildUrl)) ?? set;
  }
  // After the group's status, so that the queue does not wait on it; sent after a timeout or a cancellation too.
  if (needsDeactivation)
    conclusion.details = { ...conclusion.details, deactivated: await deactivate(ctx, project, group.versionSlug, log) };
  // Not past the step's deadline, nor after a cancellation.
  const leftovers =
    mode === 'build' && !ctx.deadline.signal.aborted ? await deactivateLeftovers(ctx, project, group, () => statuses.github(), log) : [];
  const details: MergeQueueDetails = {
    queueCheck: mode,
    groupCommit: group.commit,
    queueBranch: group.branch,
    pullRequest: group.pullRequest,
    statusContext: statusContextOf(ctx.inputs.statusContext, project),
    ...(shared.head && 'sha' in shared.head ? { pullRequestHead: shared.head.sha } : {}),
    ...conclusion.details,
    ...(set === undefined ? {} : { status: set }),
    ...(leftovers.length === 0 ? {} : { leftoversDeactivated: leftovers }),
  };
  return { ...conclusion, details };
}

function unknownPullRequest(project: string, head: GroupCheck['head']): Conclusion<never> {
  const problem = head && 'problem' in head ? head.problem : 'the pull request was not read';
  return { outcome: 'error', title: PULL_REQUEST_UNKNOWN_TITLE, subject: project, reason: problem };
}

/** The job summary's part: which mode ran, on what, and why each project passed or failed. */
function summarySection(shared: GroupCheck, results: ProjectResult<MergeQueueDetails>[]): string {
  const { group, mode } = shared;
  const how =
    mode === 'build'
      ? "`queue-check: build`: the queue branch's version was built at the group's commit, hidden, and deactivated afterwards."
      : `\`queue-check: mirror\`: nothing was built; the result of pull request #${group.pullRequest}'s head build was carried to the group's commit.`;
  // Each project's verdict and status first, the long names after: at 420 px the start of a line is what shows.
  const lines: string[] = [];
  for (const result of results) {
    const { state, description } = finalStatus(result, mode, group.pullRequest);
    const set = result.details?.status;
    const context = codeSpan(result.details?.statusContext ?? '', { inTable: false });
    lines.push(
      `- ${state === 'success' ? '✅ passed' : '❌ failed'}: **${escapeMarkdown(result.project)}**, status ${set ? `\`${set}\`` : 'not set'}: ` +
        `${escapeMarkdown(description)} (${context})`,
    );
  }
  for (const result of results) {
    const swept = leftoversLine(result);
    if (swept) lines.push(swept);
  }
  lines.push(
    '',
    `Pull request #${group.pullRequest} into ${codeSpan(group.base, { inTable: false })}, merge group ${codeSpan(group.commit.slice(0, 7), { inTable: false })} ` +
      `(queue branch ${codeSpan(group.branch, { inTable: false })})`,
    '',
    how,
  );
  return lines.join('\n');
}

/** The sweep's work, when it did any: the queue versions earlier runs left active, now inactive. */
function leftoversLine(result: ProjectResult<MergeQueueDetails>): string | undefined {
  const slugs = result.details?.leftoversDeactivated ?? [];
  if (slugs.length === 0) return undefined;
  const what =
    slugs.length === 1 ? '1 queue version earlier runs left active was' : `${slugs.length} queue versions earlier runs left active were`;
  return `- **${escapeMarkdown(result.project)}**: ${what} deactivated: ${slugs.map((slug) => codeSpan(slug, { inTable: false })).join(', ')}`;
}
