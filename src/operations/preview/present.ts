import type { CommitState } from '../../github/api/rest.js';
import type { PreviewRow, PreviewStatus } from './comment-rows.js';
import type { PreviewPublisher } from './preview-publisher.js';
import { previewOrder, unredirectedSections } from './render-comment.js';
import { codeSpan, escapeMarkdown, markdownLink, safeHttpUrl } from '../../reporting/markdown.js';
import { reasonWithSubject, type OperationContext, type ProjectResult, type StepReport } from '../types.js';
import type { ChangedPage } from './changed-pages.js';
import { deploymentOutcome, type PreviewDeployments } from './deployments.js';
import type { PreviewDetails } from './details.js';
import { commentPages, diffDetails, pagesSummary } from './diff-pages.js';
import type { PullRequestRun } from './pull-request.js';
import { brokenLinksSummary, linkDetails, rowBrokenLinks } from './link-check.js';
import type { PreviewFindings } from './verify-preview.js';
import { rowWarnings } from './new-warnings.js';
import { gateWords } from '../gates.js';

// `preview`'s third job: presenting what each project's part found: the comment's rows, the
// commit statuses and deployments, each project's details, and the job summary.

/**
 * The step's report once every project's part has ended, from their results alone: the comment's
 * rows and the commit statuses and deployments published, each result with its details.
 * `redirect-check`: the ready row lists its pages without a redirect; a project that `fail` (or
 * `link-check: fail`) turned red in its own part keeps its row ready, its commit status says why.
 */
export async function presentPreviews(
  ctx: OperationContext,
  step: {
    run: Pick<PullRequestRun, 'pr' | 'headSha' | 'repoUrl'>;
    publisher: PreviewPublisher;
    deployments: PreviewDeployments;
  },
  found: ProjectResult<PreviewFindings>[],
): Promise<StepReport<PreviewDetails>> {
  const { run, publisher, deployments } = step;
  const findings = found.map((result): PreviewFindings => result.details ?? { pages: [], unredirected: [], unredirectedTotal: 0 });
  const rows = found.map((result, index) => rowOf(ctx, result, run.headSha, findings[index]!.pages, findings[index]!.ready));
  const ready = (index: number) => rows[index]!.status === 'ready';
  const statuses = found.map((result, index) => {
    const row = rows[index]!;
    const { unredirected, unredirectedTotal } = ready(index) ? findings[index]! : { unredirected: [], unredirectedTotal: 0 };
    const status = commitStatusOf(result, row.status);
    if (unredirected.length > 0) row.unredirected = unredirected;
    if (unredirectedTotal > unredirected.length) row.moreUnredirected = unredirectedTotal - unredirected.length;
    // `link-check`: the row lists the first pages with broken links.
    Object.assign(row, rowBrokenLinks(ready(index) ? findings[index]!.links : undefined));
    // A gate that turned the ready preview red (its own part decided it): ❌ and its words, the preview still linked.
    const failed = ready(index) ? result.failedChecks : undefined;
    if (!failed?.length) return status;
    row.failedChecks = failed;
    return { ...status, state: 'failure' as const, description: `${gateWords(failed)} (build #${result.buildId}; the preview is ready)` };
  });
  await Promise.all([
    publisher.publish(rows),
    ...found.map((result, index) => {
      const { state, description, targetUrl } = statuses[index]!;
      return publisher.status(result.project, state, description, targetUrl);
    }),
    // The deployment says what the commit status says (a red link or redirect check included).
    ...found.map((result, index) => deploymentOutcome(deployments, result, statuses[index]!)),
  ]);
  const results = found.map((result, index) => {
    const info = findings[index]!;
    const details: PreviewDetails = {
      pullRequest: run.pr,
      headSha: run.headSha,
      previewStatus: rows[index]!.status,
      pages: info.pages,
      ...diffDetails(info.diff),
      ...(ctx.inputs.redirectCheck === 'off' ? {} : { unredirected: info.unredirected, unredirectedTotal: info.unredirectedTotal }),
      ...linkDetails(ready(index) ? info.links : undefined),
    };
    return { ...result, details };
  });
  // The summary lists the projects as the comment does: failures first, then by name.
  const summaryOrder = (a: ProjectResult, b: ProjectResult) => previewOrder(summaryRow(a), summaryRow(b));
  return { results, summary: [summarySection(run, results, findings, publisher, summaryOrder)], outputs: {}, summaryOrder };
}

/** What {@link previewOrder} reads of a result: its name and its status as the comment shows it. */
function summaryRow(result: ProjectResult): Pick<PreviewRow, 'project' | 'status' | 'failedChecks'> {
  const status = (result.details as PreviewDetails | undefined)?.previewStatus ?? previewStatusOf(result);
  return { project: result.project, status, ...(result.failedChecks ? { failedChecks: result.failedChecks } : {}) };
}

function previewStatusOf(result: ProjectResult): PreviewStatus {
  switch (result.outcome) {
    case 'success':
      return result.previewUrl ? 'ready' : 'error';
    case 'triggered':
      return 'building';
    case 'skipped':
      return 'skipped';
    case 'superseded':
      return 'superseded';
    case 'failed':
      return 'failed';
    case 'cancelled':
      return 'cancelled';
    case 'timed-out':
      return result.buildId === undefined ? 'not-found' : 'timed-out';
    case 'aborted':
    case 'error':
      return 'error';
  }
}

/** The comment row of a project whose part has ended (`ready` when its preview answered and its pages were checked). */
export function rowOf(ctx: OperationContext, result: ProjectResult, headSha: string, pages: ChangedPage[], ready?: boolean): PreviewRow {
  const status = ready ? 'ready' : previewStatusOf(result);
  return {
    project: result.project,
    status,
    commit: headSha,
    updatedAt: new Date(ctx.now()),
    ...(result.buildId === undefined ? {} : { buildId: result.buildId }),
    ...(result.buildUrl === undefined ? {} : { buildUrl: result.buildUrl }),
    ...(status === 'ready' && result.previewUrl ? { previewUrl: result.previewUrl } : {}),
    // One line in the row (the notification or the failed command), the output's tail apart.
    ...(status !== 'ready' && (result.headline ?? result.reason) ? { reason: (result.headline ?? reasonWithSubject(result))! } : {}),
    ...(status !== 'ready' && result.outputTail ? { tail: result.outputTail } : {}),
    ...(status !== 'ready' && result.problems?.length ? { problems: result.problems } : {}),
    ...(status !== 'ready' && result.moreProblems ? { moreProblems: result.moreProblems } : {}),
    ...(status === 'ready' ? commentPages(pages) : {}),
    ...(status === 'ready' ? rowWarnings(result.warnings) : {}),
  };
}

function commitStatusOf(
  result: ProjectResult,
  status: PreviewStatus,
): { state: CommitState; description: string; targetUrl: string | undefined } {
  const build = result.buildId === undefined ? 'the build' : `build #${result.buildId}`;
  switch (status) {
    case 'ready':
      return { state: 'success', description: `Preview ready (build #${result.buildId})`, targetUrl: result.previewUrl };
    case 'skipped':
      return result.buildId === undefined
        ? { state: 'success', description: 'No build: an automation rule of the project skipped this commit', targetUrl: undefined }
        : { state: 'success', description: `Build #${result.buildId} skipped (exit code 183): no preview`, targetUrl: result.buildUrl };
    case 'superseded':
      return {
        state: 'success',
        description: `Superseded by build #${result.supersededBy?.buildId} of a newer commit: no preview of this one`,
        targetUrl: result.supersededBy?.buildUrl,
      };
    case 'building':
      return { state: 'pending', description: `Building (${build})`, targetUrl: result.buildUrl };
    case 'failed':
      return { state: 'failure', description: `Build #${result.buildId} failed`, targetUrl: result.buildUrl };
    case 'cancelled':
      return { state: 'failure', description: `Build #${result.buildId} was cancelled`, targetUrl: result.buildUrl };
    case 'timed-out':
      return { state: 'error', description: `Timed out waiting for ${build}`, targetUrl: result.buildUrl };
    case 'not-found':
      return { state: 'error', description: 'No build of this commit appeared', targetUrl: undefined };
    case 'error':
    case 'merged':
    case 'closed':
      return { state: 'error', description: result.title ?? 'Error', targetUrl: result.buildUrl };
  }
}

function summarySection(
  run: Pick<PullRequestRun, 'pr' | 'headSha' | 'repoUrl'>,
  unordered: ProjectResult[],
  unorderedFindings: PreviewFindings[],
  publisher: PreviewPublisher,
  order: (a: ProjectResult, b: ProjectResult) => number,
): string {
  const entries = unordered.map((result, index) => ({ result, info: unorderedFindings[index]! })).sort((a, b) => order(a.result, b.result));
  const results = entries.map(({ result }) => result);
  const findings = entries.map(({ info }) => info);
  const where = publisher.location
    ? ` · ${markdownLink(locationLabel(publisher), publisher.location)}`
    : publisher.handedOverTo
      ? ` · ${markdownLink("Read the Docs' own comment", publisher.handedOverTo)} (no comment of the action's: \`comment: auto\`)`
      : '';
  const lines = [`Pull request #${run.pr}, head commit ${commitLink(run.repoUrl, run.headSha)}${where}`];
  for (const [index, result] of results.entries()) {
    const info = findings[index]!;
    if (result.previewUrl) for (const line of pagesSummary(result.project, info.pages, info.diff)) lines.push(line);
  }
  const unredirected = results
    .map((result, index) => {
      const { unredirected: pages, unredirectedTotal } = findings[index]!;
      return { project: result.project, pages, more: unredirectedTotal - pages.length };
    })
    .filter(({ pages }) => pages.length > 0);
  for (const section of unredirectedSections(unredirected)) lines.push('', section);
  for (const [index, result] of results.entries()) {
    if (!result.previewUrl) continue;
    const where = { repoUrl: run.repoUrl, commit: run.headSha, previewUrl: result.previewUrl };
    for (const line of brokenLinksSummary(result.project, findings[index]!.links, where)) lines.push(line);
  }
  for (const note of publisher.notes) lines.push('', `> ⚠️ ${escapeMarkdown(note)}`);
  return lines.join('\n');
}

/** The commit as elsewhere: 7 characters in code, linked to the full one. */
function commitLink(repoUrl: string, sha: string): string {
  const code = codeSpan(sha.slice(0, 7), { inTable: false });
  const url = safeHttpUrl(`${repoUrl}/commit/${sha}`);
  return url === undefined ? code : `[${code}](${url})`;
}

function locationLabel(publisher: PreviewPublisher): string {
  return publisher.location?.includes('#issuecomment-') ? 'the preview comment' : 'the pull request description';
}
