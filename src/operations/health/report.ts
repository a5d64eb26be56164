// How `health` tells what it found: the table of the job summary (and the terminal), the log's
// lines, the issue's body. Every name, detail and reason came from the service or GitHub: escaped.
import { codeSpan, escapeMarkdown, fencedCode, markdownLink } from '../../reporting/markdown.js';
import { abridged } from '../../reporting/report.js';
import type { CheckRow, CheckState } from './checks.js';

/** A project's rows, for the step's table and the issue. */
export interface ProjectRows {
  project: string;
  rows: CheckRow[];
}

const STATE_LABEL: Record<CheckState, string> = { ok: '✅ ok', problem: '❌ problem', unknown: '❔ not checked' };
/** GitHub refuses an issue body over 65,536 characters: the rows and reasons that do not fit are counted instead. */
export const MAX_ISSUE_BODY = 60_000;
/** A failed build's reason in the issue: its beginning (the notification) and its end (the output's last lines). */
const MAX_REASON_IN_ISSUE = 4_000;

function linksCell(row: CheckRow): string {
  return row.links.map((link) => markdownLink(link.label, link.url)).join(' ');
}

/** The row's details, the version it is about first as code (its name as the service spells it). */
function detailsCell(row: CheckRow): string {
  return `${row.subject === undefined ? '' : `${codeSpan(row.subject)}: `}${escapeMarkdown(row.details)}`;
}

function tableLine(project: string, row: CheckRow): string {
  return `| ${escapeMarkdown(project)} | ${escapeMarkdown(row.check)} | ${STATE_LABEL[row.state]} | ${detailsCell(row)} | ${linksCell(row)} |`;
}

const HEAD = ['| Project | Check | State | Details | Links |', '| --- | --- | --- | --- | --- |'];

/** The job summary's section: every check of every project; a project that could not be read says so. */
export function healthTable(projects: ProjectRows[]): string {
  const problems = projects.reduce((sum, p) => sum + p.rows.filter((row) => row.state === 'problem').length, 0);
  const unread = projects.filter((p) => p.rows.length === 0).length;
  const verdict =
    problems > 0
      ? `${problems} problem${problems === 1 ? '' : 's'} found.`
      : unread > 0
        ? `${unread} project${unread === 1 ? '' : 's'} could not be checked.`
        : 'Healthy: every check passed.';
  const lines = projects.flatMap((p) =>
    p.rows.length === 0
      ? [`| ${escapeMarkdown(p.project)} | every check | ${STATE_LABEL.unknown} | the project could not be read (the reason is above) |  |`]
      : p.rows.map((row) => tableLine(p.project, row)),
  );
  return ['### Health', '', verdict, '', ...HEAD, ...lines].join('\n');
}

/** One line per problem, for the project's reason (the annotation and the summary's block). */
export function problemLines(rows: CheckRow[]): string[] {
  return rows.filter((row) => row.state === 'problem').map(rowLine);
}

/** A row as one line of text: the check, the version it is about, the details. */
export function rowLine(row: CheckRow): string {
  return `${row.check}: ${row.subject === undefined ? '' : `${row.subject}: `}${row.details}`;
}

/** The issue's title. */
export function issueTitle(projects: ProjectRows[]): string {
  const names = projects.filter((p) => p.rows.some((row) => row.state === 'problem')).map((p) => p.project);
  const shown = names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
  return `Read the Docs health: problems in ${shown}`;
}

/** The issue's body: the marker, the problems' table, and each failed build's reason; bounded by {@link MAX_ISSUE_BODY}. */
export function issueBody(marker: string, projects: ProjectRows[]): string {
  const problems = projects.flatMap((p) => p.rows.filter((row) => row.state === 'problem').map((row) => ({ project: p.project, row })));
  const head = [
    marker,
    `Read the Docs health found ${problems.length} problem${problems.length === 1 ? '' : 's'}. This issue is updated while they`,
    'last, and closed once every check passes again.',
    '',
    ...HEAD,
  ].join('\n');
  const blocks = problems.map(({ project, row }) => tableLine(project, row));
  for (const { project, row } of problems) {
    if (!row.reason) continue;
    blocks.push(
      `\n#### ${escapeMarkdown(project)} ${codeSpan(row.subject ?? '', { inTable: false })}\n\n${fencedCode(abridged(row.reason, MAX_REASON_IN_ISSUE))}`,
    );
  }
  const footer = '\n_Checked by the `health` operation of the Read the Docs action, on every scheduled run._';
  const kept = [head];
  let size = head.length + footer.length + 200;
  let left = 0;
  for (const block of blocks) {
    if (size + block.length + 1 > MAX_ISSUE_BODY) {
      left++;
      continue;
    }
    kept.push(block);
    size += block.length + 1;
  }
  if (left > 0)
    kept.push(`\n_${left} more part${left === 1 ? '' : 's'} left out: an issue holds at most 64 KB; the job summary has them all._`);
  return `${kept.join('\n')}\n${footer}\n`;
}

/** The comment the issue is closed with. */
export function closingComment(projects: string[]): string {
  return `Every health check passes again for ${projects.map((project) => escapeMarkdown(project)).join(', ')}: closing.`;
}
