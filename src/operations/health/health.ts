import { messageOf } from '../../util/message-of.js';
// `health`: for `on: schedule`, reads each project (never writes to Read the Docs) and checks that
// its docs are current; reports a table, and keeps one issue in the repository while a problem remains.
import { GitHubError, type GitHubRepo } from '../../github/api/client.js';
import { keepHealthIssue, type HealthIssueWrite } from './health-issue.js';
import { TokenIdentity } from '../../github/token-identity.js';
import { plainUrl } from '../../reporting/output-values.js';
import type { ProjectLog } from '../../reporting/project-log.js';
import { serviceLinks } from '../../reporting/service-links.js';
import { safeLine } from '../../util/untrusted-text.js';
import { forEachProject } from '../run-projects.js';
import type { Conclusion, OperationContext, ProjectOperation, ProjectResult, StepOperation, StepReport } from '../types.js';
import { checkProject, type CheckRow } from './checks.js';
import { gitHubReads, readProjectFacts, type GitHubReads } from './facts.js';
import { linkSweepRows } from './link-sweep.js';
import { LinkAnswers } from '../shared/links/link-checker.js';
import {
  brokenLinksSections,
  closingComment,
  healthTable,
  issueBody,
  issueLine,
  issueTitle,
  problemLines,
  rowLine,
  type ProjectRows,
} from './report.js';

/** What `health` adds to a project's entry of `results`: every check's row. */
export interface HealthDetails {
  healthy: boolean;
  checks: CheckRow[];
}

type HealthResult = ProjectResult<HealthDetails>;

/** The hidden marker the issue's body starts with; `comment-header` tells several uses in one repository apart. */
export function issueMarker(header: string): string {
  return `<!-- readthedocs-action:health${header ? `:${header.replace(/[^A-Za-z0-9._-]/g, '-')}` : ''} -->`;
}

/** The repository's page on GitHub, for the links to a failed build's lines. */
function repositoryUrl(ctx: OperationContext): string | undefined {
  return ctx.run.repository ? `${ctx.run.serverUrl.replace(/\/+$/, '')}/${ctx.run.repository}` : undefined;
}

/** The step: every project checked at once (their reads share the rate budget), then the one issue. */
export const healthStep: StepOperation<HealthDetails> = async (ctx) => {
  const gh = await gitHubRepo(ctx);
  const reads = gitHubReads(gh, ctx.run.serverUrl, ctx.inputs.releases);
  const results = await forEachProject(ctx, ctx.inputs.projects, healthProject(reads, new LinkAnswers({ signal: ctx.deadline.signal })));
  const rows: ProjectRows[] = results.map((result) => ({ project: result.project, rows: result.details?.checks ?? [] }));
  const { failure, issue } = ctx.inputs.healthIssue ? await reportThroughIssue(ctx, gh, results, rows) : {};
  const kept = issue === undefined ? undefined : issueLine(issue);
  const summary = [healthTable(rows), ...(kept === undefined ? [] : [kept]), ...brokenLinksSections(rows)];
  return { results, summary, outputs: {}, ...(failure ? { failure } : {}) };
};

/** The repository's client, or why there is none (the checks that need GitHub then say so). */
async function gitHubRepo(ctx: OperationContext): Promise<GitHubRepo | string> {
  const [owner, repo] = (ctx.run.repository ?? '').split('/');
  if (!owner || !repo) return 'no repository to read: GITHUB_REPOSITORY is not set';
  if (!ctx.inputs.githubToken) return 'GitHub was not read: `github-token` is empty';
  const octokit = await ctx.github(ctx.inputs.githubToken, { log: (message) => ctx.log.debug(message) });
  return { octokit, owner, repo, limits: { signal: ctx.deadline.reporting } };
}

/** One project: its facts read, its checks made (their links held to their hosts), and what they conclude. */
function healthProject(reads: GitHubReads, linkAnswers: LinkAnswers): ProjectOperation<HealthDetails> {
  return async (ctx, { name: project, log, seen }) => {
    log.info(`Checking the health of ${project}`);
    seen.doing("reading the project's versions, builds and releases");
    const facts = await readProjectFacts(ctx.api, reads, project, log, ctx.run.defaultBranch);
    const rows = checkProject(facts, { now: ctx.now(), graceMs: ctx.inputs.gracePeriodMs });
    // `link-check` (off by default here): a crawl of the default version, its own row.
    seen.doing('crawling the default version for broken links (the link check)');
    const swept = [...rows, ...(await linkSweepRows(ctx, facts, log, linkAnswers))];
    return concludeHealth(ctx, project, heldLinks(swept, linkHosts(ctx, facts.documentationUrl), log), log);
  };
}

/**
 * Where a link of the report may point: a build's page on the service, a version's docs on the
 * service, its documentation domains or the project's own documentation host as the service
 * gives it for this project (`serviceLinks`' `docsOf`: a custom domain), or a page of the GitHub
 * the run is on (the head commit's). The report goes to a public issue: a link the service gives
 * elsewhere is not made.
 */
function linkHosts(ctx: OperationContext, documentationUrl: string | undefined): (url: string) => string | undefined {
  const service = serviceLinks(ctx.inputs.baseUrl);
  const docs = service.docsOf(documentationUrl);
  const github = URL.canParse(ctx.run.serverUrl) ? [new URL(ctx.run.serverUrl).hostname.toLowerCase()] : [];
  return (url) => service.build(url) ?? docs(url) ?? (github.length > 0 ? plainUrl(url, github) : undefined);
}

/** The rows with only the links `accept` takes; each one left out is said in the log. */
function heldLinks(rows: CheckRow[], accept: (url: string) => string | undefined, log: ProjectLog): CheckRow[] {
  return rows.map((row) => {
    const links = row.links.filter((link) => accept(link.url) !== undefined);
    for (const link of row.links.filter((kept) => !links.includes(kept))) {
      log.info(safeLine(`${row.check}: the ${link.label} link the service gave is not on its hosts, left out: ${link.url}`, 500));
    }
    return links.length === row.links.length ? row : { ...row, links };
  });
}

/** What a project's rows conclude: healthy, or its problems (a warning with `on-problem: warn`). */
function concludeHealth(ctx: OperationContext, project: string, rows: CheckRow[], log: ProjectLog): Conclusion<HealthDetails> {
  const problems = problemLines(rows);
  for (const row of rows) log.info(`${row.state === 'ok' ? 'ok' : row.state === 'problem' ? 'PROBLEM' : 'not checked'} · ${rowLine(row)}`);
  // A watchdog that could not look says so: a problem there would go unseen while the step stays green.
  const unchecked = rows.filter((row) => row.state === 'unknown').map(rowLine);
  if (unchecked.length > 0)
    log.warning(`${project}: not checked, so a problem there would go unseen:\n${unchecked.join('\n')}`, 'Health not checked');
  const details = { healthy: problems.length === 0, checks: rows };
  // Counted for the verdict: a green run with problems (`on-problem: warn`) or unmade checks is ⚠️.
  const notes = { problem: problems.length, 'not-checked': unchecked.length };
  if (problems.length === 0) return { outcome: 'success', details, notes };
  const subject = project;
  const reason = `${problems.length} problem${problems.length === 1 ? '' : 's'}\n${problems.join('\n')}`;
  if (ctx.inputs.onProblem === 'warn') {
    log.warning(`${subject}: ${reason}\n(\`on-problem: fail\` would fail the step)`, `Unhealthy: ${project}`);
    return { outcome: 'success', details, notes };
  }
  return { outcome: 'failed', title: 'Unhealthy', subject, reason, details, notes };
}

/** The error annotation's title when the issue could not be kept for a fault other than GitHub's refusal. */
const ISSUE_FAILED_TITLE = 'Health issue failed';

/**
 * Opens, updates or closes the one issue. A project that could not be checked leaves the issue as
 * it is when nothing else is wrong: it cannot say all is well. GitHub's refusal is a warning, not a
 * failure; anything else (a fault of the keeper's own, a cancellation) is not hidden as one: it is
 * the step's failure, returned so that the run's results, summary and outputs are still reported.
 */
async function reportThroughIssue(
  ctx: OperationContext,
  gh: GitHubRepo | string,
  results: HealthResult[],
  rows: ProjectRows[],
): Promise<{ failure?: StepReport['failure']; issue?: HealthIssueWrite }> {
  if (typeof gh === 'string') {
    ctx.log.info(`No health issue kept: ${gh}`);
    return {};
  }
  const unhealthy = results.some((result) => result.details?.healthy === false);
  if (!unhealthy && results.some((result) => result.details === undefined)) return {};
  const marker = issueMarker(ctx.inputs.commentHeader);
  try {
    const write = await keepHealthIssue(gh, {
      marker,
      identity: new TokenIdentity((message) => ctx.log.debug(message)),
      title: unhealthy ? issueTitle(rows) : '',
      body: unhealthy
        ? (previous) => issueBody(marker, rows, { at: ctx.now(), runUrl: ctx.run.runUrl, repoUrl: repositoryUrl(ctx), previous })
        : undefined,
      closing: closingComment(results.map((result) => result.project)),
    });
    if (write.action !== 'none') ctx.log.untrusted(write.url ?? '', `Health issue #${write.number} ${write.action}:`);
    return { issue: write };
  } catch (error) {
    const why = messageOf(error);
    if (!(error instanceof GitHubError))
      return { failure: { title: ISSUE_FAILED_TITLE, message: safeLine(`The health issue could not be kept: ${why}`) } };
    ctx.log.warning(safeLine(`The health issue could not be kept: ${why}. Give the job \`issues: write\`.`), {
      title: 'Health issue not kept',
    });
  }
  return {};
}
