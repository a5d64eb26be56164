// How `health` tells what it found: the table of the job summary (and the terminal), the log's
// lines, the issue's body. Every name, detail and reason came from the service or GitHub: escaped.
import { codeSpan, escapeMarkdown, fencedCode, markdownLink } from '../../reporting/markdown.js';
import { problemList } from '../../reporting/file-problems.js';
import { abridged } from '../../reporting/report.js';
import { countKinds, kindWords, listedPages, listedPagesMarkdown } from '../../reporting/broken-link.js';
import { clipMiddle } from '../../util/clip-middle.js';
import type { CheckRow, CheckState } from './checks.js';
import { deadKey, deadSites, readSince, sinceComment, sinceOfRun } from './dead-links.js';

/** A project's rows, for the step's table and the issue. */
export interface ProjectRows {
  project: string;
  rows: CheckRow[];
}

const STATE_LABEL: Record<CheckState, string> = { ok: '✅ passed', problem: '❌ problem', unknown: '❔ not checked' };
/** GitHub refuses an issue body over 65,536 characters: the rows and reasons that do not fit are counted instead. */
export const MAX_ISSUE_BODY = 60_000;
/** A failed build's reason in the issue: its beginning (the notification) and its end (the output's last lines). */
const MAX_REASON_IN_ISSUE = 4_000;
/** The crawl's broken links in the issue: the first pages, and links of each (the job summary lists every page). */
const ISSUE_LINKS = { pages: 10, perPage: 5 };
/** Dead links to other sites the issue lists per project (grouped by site; every date is kept), and a target's or page's characters shown. */
const ISSUE_DEAD_LINKS = 50;
const DEAD_SHOWN = 200;
/** Links the job summary lists per page (every page listed). */
const SUMMARY_LINKS_PER_PAGE = 20;

function linksCell(row: CheckRow): string {
  return row.links.map((link) => markdownLink(link.label, link.url)).join(' ');
}

/** The row's details, the version it is about first as code (its name as the service spells it). */
function detailsCell(row: CheckRow): string {
  return `${row.subject === undefined ? '' : `${codeSpan(row.subject)}: `}${escapeMarkdown(row.details)}`;
}

/**
 * The job summary's section: every check of every project; a project that could not be read says
 * so. No column repeats one value on every row: the project's with one project, the links' when
 * there are none.
 */
export function healthTable(projects: ProjectRows[]): string {
  const problems = projects.reduce((sum, p) => sum + p.rows.filter((row) => row.state === 'problem').length, 0);
  const unread = projects.filter((p) => p.rows.length === 0).length;
  const verdict =
    problems > 0
      ? `❌ ${problems} problem${problems === 1 ? '' : 's'} found.`
      : unread > 0
        ? `❔ ${unread} project${unread === 1 ? '' : 's'} could not be checked.`
        : '✅ Healthy: every check passed.';
  const cells = projects.flatMap((p) =>
    p.rows.length === 0
      ? [[escapeMarkdown(p.project), 'every check', STATE_LABEL.unknown, 'the project could not be read (the reason is above)', '']]
      : p.rows.map((row) => [
          escapeMarkdown(p.project),
          escapeMarkdown(row.check),
          STATE_LABEL[row.state],
          detailsCell(row),
          linksCell(row),
        ]),
  );
  // Project, Check, State, Details, Links.
  const shown = [projects.length > 1, true, true, true, cells.some((row) => row[4] !== '')];
  const line = (row: string[]) => `| ${row.filter((_, column) => shown[column]).join(' | ')} |`;
  const head = [line(['Project', 'Check', 'State', 'Details', 'Links']), line(['---', '---', '---', '---', '---'])];
  const title = projects.length === 1 ? `### Health of ${escapeMarkdown(projects[0]!.project)}` : '### Health';
  return [title, '', verdict, '', ...head, ...cells.map(line)].join('\n');
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

/** When and by which run the issue was last written: its "last checked" line. */
export interface CheckedBy {
  /** ms epoch. */
  at: number;
  runUrl?: string | undefined;
  /** `https://github.com/owner/repo`: a failed build's warnings link to their lines. */
  repoUrl?: string | undefined;
  /** The body of the issue kept so far: since when its dead links are dead (dead-links.ts). */
  previous?: string | undefined;
}

/**
 * What to do about a problem, by its check (and for some, what the details say): every problem
 * the issue lists comes with its fix.
 */
export function fixFor(row: Pick<CheckRow, 'check' | 'details' | 'subject'>): string {
  const version = row.subject === undefined ? 'the version' : codeSpan(row.subject, { inTable: false });
  switch (row.check) {
    case 'latest is current':
      return /no version tracks/.test(row.details)
        ? "Activate a version for the default branch (`latest`) in the project's *Versions*."
        : `Build ${version} again (\`operation: build\`); if pushes start no build, check the project's GitHub integration and its webhook deliveries (*Admin → Integrations*).`;
    case 'releases have docs':
      return /follow|no version on the service/.test(row.details)
        ? 'Sync the versions (`operation: sync-versions`) so that every release tag has a version, and check the automation rules that activate new tags; `stable` then follows the newest release.'
        : `Activate and build ${version} (\`operation: sync-versions\`, or an automation rule that activates new tags).`;
    case 'active versions build':
      return /never built/.test(row.details)
        ? `Build ${version} (\`operation: build\`), or deactivate it if nobody reads it.`
        : `Fix what the service says (below), then build ${version} again; or deactivate it if nobody reads it.`;
    case 'the root works':
      return /disabled/.test(row.details)
        ? "Re-enable the project's builds (*Admin → Settings*); the notification quoted says why they stopped."
        : "Set the default version to an active version that builds (`apply`'s `default_version`, or *Admin → Settings*).";
    case 'links work':
      return /^partial: /.test(row.details)
        ? 'Make the crawl fit: fewer pages (`link-check-pages`), an endless part left out (`link-check-ignore`), or a host that answers at its pace.'
        : 'Fix or remove the broken links (below) in the pages named, then build the default version again.';
    case 'links to other sites':
      return (
        'Update or remove each dead link (below) in the pages named, then build the default version again. A site that answers ' +
        'robots with an error while its pages work (LinkedIn’s 999, a 403): list that status in `link-check-accept`, or leave ' +
        'the site out with `link-check-ignore`.'
      );
  }
}

/** Each check's problem in words: the heading says what is wrong, not the check's name. */
const PROBLEM_WORDS: Record<CheckRow['check'], string> = {
  'latest is current': '`latest` is behind the default branch',
  'releases have docs': 'a release has no docs',
  'active versions build': 'an active version does not build',
  'the root works': "the project's root does not work",
  'links work': 'broken links',
  'links to other sites': 'dead links to other sites',
};

/** The heading's words: a partial crawl that found no broken link is no "broken links". */
function problemWords(row: CheckRow): string {
  return row.check === 'links work' && /^partial: /.test(row.details) ? 'a partial link check' : PROBLEM_WORDS[row.check];
}

/** A problem as the issue tells it: the problem (heading), the evidence (details, links, the build's output), the fix. */
function problemBlock(
  project: string,
  row: CheckRow,
  index: number,
  where: { repoUrl: string | undefined; since: ReadonlyMap<string, number> },
): string {
  const { repoUrl, since } = where;
  // `latest` is named by the problem's words already.
  const about = row.subject === undefined || row.check === 'latest is current' ? '' : ` · ${codeSpan(row.subject, { inTable: false })}`;
  const links = row.links.length === 0 ? '' : ` · ${row.links.map((link) => markdownLink(link.label, link.url)).join(' · ')}`;
  const lines = [
    `#### ${index}. ❌ ${escapeMarkdown(project)}${about}: ${problemWords(row)}`,
    '',
    `- **Found:** ${escapeMarkdown(row.details)}${links}`,
    // The build's warnings, unfolded: each a link to its line of the commit built.
    ...problemList(row.problems ?? [], 0, { repoUrl, commit: row.commit }, '  '),
    `- **Fix:** ${fixFor(row)}`,
  ];
  // What was found beyond the line above, headed by who found it: the crawl's links, grouped by page; the service's words.
  if (row.check === 'links to other sites' && row.broken?.length) {
    lines.push('', 'Dead links, by site (each confirmed by a second request later in the run):', '', ...deadLinesOf(project, row, since));
  } else if (row.broken?.length) {
    const { pages, morePages } = listedPages(row.broken, ISSUE_LINKS);
    const elsewhere = ': the job summary of the run lists them all';
    const list = listedPagesMarkdown(pages, { links: {}, morePages, elsewhere });
    lines.push('', '<details><summary>What the crawl found</summary>', '');
    for (const line of list) lines.push(line);
    lines.push('', '</details>');
  } else if (row.reason) {
    lines.push(
      '',
      '<details><summary>What the service said</summary>',
      '',
      fencedCode(abridged(row.reason, MAX_REASON_IN_ISSUE)),
      '',
      '</details>',
    );
  }
  return `\n${lines.join('\n')}`;
}

/**
 * A project's dead links to other sites as the issue lists them: each site once, its dead targets
 * under it, each with what it answered, since when it is dead (`since`, by {@link deadKey}) and
 * the pages that link to it; at most {@link ISSUE_DEAD_LINKS} targets.
 */
function deadLinesOf(project: string, row: CheckRow, since: ReadonlyMap<string, number>): string[] {
  const lines: string[] = [];
  let shown = 0;
  let left = 0;
  for (const site of deadSites(row.broken ?? [])) {
    const links = site.links.slice(0, Math.max(0, ISSUE_DEAD_LINKS - shown));
    left += site.links.length - links.length;
    if (links.length === 0) continue;
    shown += links.length;
    lines.push(`- ${codeSpan(clipMiddle(site.site, DEAD_SHOWN), { inTable: false })}`);
    for (const link of links) {
      const at = since.get(deadKey(project, link.target));
      const day = at === undefined ? '' : `, dead since ${new Date(at).toISOString().slice(0, 10)}`;
      const pages = link.pages.map((page) => codeSpan(clipMiddle(page, DEAD_SHOWN), { inTable: false })).join(', ');
      const more = link.morePages === 0 ? '' : ` and ${link.morePages} more`;
      lines.push(
        `  - ${codeSpan(clipMiddle(link.target, DEAD_SHOWN), { inTable: false })}: ${escapeMarkdown(link.problem)}${day} · linked from ${pages}${more}`,
      );
    }
  }
  if (left > 0) lines.push(`- … and ${left} more dead link${left === 1 ? '' : 's'}: the job summary of the run lists them all`);
  return lines;
}

/**
 * The job summary's list of each project's broken links (`links work`, whatever its level): every
 * page once, with its first {@link SUMMARY_LINKS_PER_PAGE} links; `results` has every one.
 */
export function brokenLinksSections(projects: ProjectRows[]): string[] {
  return projects.flatMap(({ project, rows }) =>
    rows.flatMap((row) => {
      if (!row.broken?.length) return [];
      const bounds = { pages: Number.MAX_SAFE_INTEGER, perPage: SUMMARY_LINKS_PER_PAGE };
      const { pages, morePages } = listedPages(row.broken, bounds);
      const about = row.subject === undefined ? '' : ` (${codeSpan(row.subject, { inTable: false })})`;
      const list = listedPagesMarkdown(pages, { links: {}, morePages, elsewhere: ' (every one in the `results` output)' });
      const found = `${row.broken.length} broken link${row.broken.length === 1 ? '' : 's'} (${escapeMarkdown(kindWords(countKinds(row.broken)))}) on ${pages.length + morePages} page${pages.length + morePages === 1 ? '' : 's'}:`;
      const heading = row.check === 'links to other sites' ? 'Dead links to other sites' : 'Broken links';
      return [[`### ${heading} in ${escapeMarkdown(project)}${about}`, '', found, '', ...list].join('\n')];
    }),
  );
}

/** Where the issue's problems are kept: its number and link, and what this run did to it. */
export function issueLine(issue: { action: string; number?: number | undefined; url?: string | undefined }): string | undefined {
  if (issue.number === undefined || issue.action === 'none') return undefined;
  const link = markdownLink(`#${issue.number}`, issue.url);
  const what: Record<string, string> = {
    opened: 'opened by this run: it lists every problem with its fix',
    updated: 'updated by this run',
    unchanged: 'unchanged: it already lists these problems',
    closed: 'closed by this run: every check passes again',
  };
  return `Health issue ${link}: ${what[issue.action] ?? issue.action}.`;
}

/** `2026-11-28 06:00 UTC`. */
function utc(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/**
 * The issue's body: the marker, the verdict, when and by which run it was checked, then each
 * problem with its evidence and its fix; bounded by {@link MAX_ISSUE_BODY}.
 */
export function issueBody(marker: string, projects: ProjectRows[], checked?: CheckedBy): string {
  const problems = projects.flatMap((p) => p.rows.filter((row) => row.state === 'problem').map((row) => ({ project: p.project, row })));
  const names = [...new Set(problems.map(({ project }) => project))];
  const run = checked?.runUrl === undefined ? '' : ` (${markdownLink('workflow run', checked.runUrl)})`;
  const heading = [
    marker,
    `### ❌ Read the Docs health: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${names.map(escapeMarkdown).join(', ')}`,
    '',
    `${checked === undefined ? 'Checked' : `Last checked ${utc(checked.at)}${run}`}. This issue is updated while a problem lasts, and closed once every check passes again.`,
  ].join('\n');
  // Since when each dead link to another site is dead: the day the issue first listed it, else today; kept in the body, hidden,
  // with the days of the links this run could not judge (a problem row's or not: another problem may keep the issue open), and
  // all the days of a project whose links it did not crawl (no row of other sites: its root unread, or the check off).
  const crawled = projects.flatMap(({ project, rows }) =>
    rows
      .filter((row) => row.check === 'links to other sites')
      .map((row) => ({ project, sites: row.state === 'problem' ? deadSites(row.broken ?? []) : [], unjudged: row.unjudged ?? [] })),
  );
  const notCrawled = projects.map(({ project }) => project).filter((project) => !crawled.some((row) => row.project === project));
  const since = sinceOfRun(crawled, readSince(checked?.previous), checked?.at ?? 0, notCrawled);
  const state = checked === undefined ? '' : sinceComment(since);
  const head = state === '' ? heading : `${heading.slice(0, marker.length)}\n${state}${heading.slice(marker.length)}`;
  const blocks = problems.map(({ project, row }, index) =>
    problemBlock(project, row, index + 1, { repoUrl: checked?.repoUrl, since: checked === undefined ? new Map() : since }),
  );
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
    kept.push(
      `\n_${left} more problem${left === 1 ? '' : 's'} left out: an issue holds at most 64 KB; the job summary of the run has them all._`,
    );
  return `${kept.join('\n')}\n${footer}\n`;
}

/** The comment the issue is closed with. */
export function closingComment(projects: string[]): string {
  return `Every health check passes again for ${projects.map((project) => escapeMarkdown(project)).join(', ')}: closing.`;
}
