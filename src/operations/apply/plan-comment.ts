import type { GitHubRepo } from '../../github/api/client.js';
import { keepStickyComment } from '../../github/sticky-comment.js';
import { TokenIdentity } from '../../github/token-identity.js';
import { escapeMarkdown, fitsGitHubBody } from '../../reporting/markdown.js';
import type { OperationContext, ProjectResult } from '../types.js';
import { keptVersionsNote, refusedNote, resultTable, type ApplyDetails } from './describe.js';

const PLAN_COMMENT_MARKER = '<!-- readthedocs-action:project-plan -->';
const PLAN_COMMENT_TITLE = 'Read the Docs: planned changes';

/**
 * The comment: each project's plan as a table; when that would not fit in a GitHub comment, each
 * project's count of changes instead (counts, not rows), which the job summary lists.
 */
function renderPlanComment(results: ProjectResult<ApplyDetails>[], dryRun: boolean): string {
  const full = planComment(results, dryRun, (result) =>
    [resultTable(result, !dryRun), keptVersionsNote(result.details?.keptActive ?? []), refusedNote(result.details?.refused ?? [])]
      .filter(Boolean)
      .join('\n\n'),
  );
  if (fitsGitHubBody(full)) return full;
  return planComment(results, dryRun, (result) => {
    const count = result.details?.plan.length ?? 0;
    if (count === 0) return resultTable(result, false);
    return `#### ${escapeMarkdown(result.project)}\n\n${count} entr${count === 1 ? 'y' : 'ies'} in the plan: too many for a comment, the job summary of this run lists them.`;
  });
}

function planComment(
  results: ProjectResult<ApplyDetails>[],
  dryRun: boolean,
  plan: (result: ProjectResult<ApplyDetails>) => string,
): string {
  const tables = results.map(plan);
  const errors = results
    .filter((r) => r.outcome === 'error')
    .map((r) => `- ${escapeMarkdown(r.project)}: ${escapeMarkdown(r.title ?? 'error')}`);
  return [
    PLAN_COMMENT_MARKER,
    `### ${PLAN_COMMENT_TITLE}`,
    '',
    dryRun ? 'What merging this pull request will change on Read the Docs:' : 'What this run changed on Read the Docs:',
    '',
    tables.join('\n\n'),
    ...(errors.length > 0 ? ['', '**Not planned:**', ...errors] : []),
    '',
    '`+` create, `~` update (old → new), `-` delete, · unmanaged (kept; `prune: true` deletes it).',
  ].join('\n');
}

/**
 * On `pull_request` events: one comment, edited on every push. Only a comment this token wrote
 * is adopted: anyone can post a comment carrying the marker.
 */
export async function publishPlanComment(ctx: OperationContext, results: ProjectResult<ApplyDetails>[], dryRun: boolean): Promise<void> {
  const { run, inputs } = ctx;
  if (!run.eventName.startsWith('pull_request') || !run.pullRequest) return;
  const [owner, repo] = (run.pullRequest.baseRepo ?? run.repository ?? '').split('/');
  if (!inputs.githubToken || !owner || !repo) return;
  // The comment follows a timed-out step too, within the deadline's few seconds of `reporting`.
  const octokit = await ctx.github(inputs.githubToken, { log: (message) => ctx.log.debug(message) });
  const gh: GitHubRepo = { octokit, owner, repo, limits: { signal: ctx.deadline.reporting } };
  const body = renderPlanComment(results, dryRun);
  const write = await keepStickyComment(gh, {
    issue: run.pullRequest.number,
    marker: PLAN_COMMENT_MARKER,
    identity: new TokenIdentity((message) => ctx.log.debug(message)),
    render: () => body,
  });
  ctx.log.info(`${write.created === undefined ? 'Updated' : 'Posted'} the plan comment on pull request #${run.pullRequest.number}`);
}
