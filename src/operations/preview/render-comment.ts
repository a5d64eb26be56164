/** The Markdown of the preview comment: a heading, one table row per project, reasons and changed pages. */
import { countOf, kindWords, listedPagesMarkdown, pageOnSite, type ListedPage } from '../../reporting/broken-link.js';
import {
  codeSpan,
  escapeMarkdown,
  fencedCode,
  fitsGitHubBody,
  GITHUB_BODY_LIMIT,
  markdownLink,
  outputTail,
  safeHttpUrl,
} from '../../reporting/markdown.js';
import { problemCount, problemList } from '../../reporting/file-problems.js';
import { clipMiddle } from '../../util/clip-middle.js';
import { naturalCompare } from '../../util/natural-order.js';
import {
  commentMarker,
  dataComment,
  type PreviewRow,
  type PreviewStatus,
  type RedirectedLinkRow,
  type UnredirectedRowPage,
} from './comment-rows.js';
import { newWarningsSection, rowNewWarnings } from './new-warnings.js';
import { changedPagesFolds } from './changed-page-lines.js';
import { newWarningsCount } from '../shared/builds/warnings/gate.js';
import { gateWords } from '../gates.js';

/** Each status's cell; `heading` when the heading should not just lower-case the label. */
const STATUS_LABELS: Record<PreviewStatus, { emoji: string; label: string; heading?: string }> = {
  building: { emoji: '⏳', label: 'Building' },
  ready: { emoji: '✅', label: 'Ready' },
  skipped: { emoji: '⏭️', label: 'Skipped' },
  // 🔀, not ⏩: beside ⏭️ the two look alike; ⏱️ for a timeout, not ⌛ beside ⏳ (the job summary's too).
  superseded: { emoji: '🔀', label: 'Superseded' },
  failed: { emoji: '❌', label: 'Failed' },
  cancelled: { emoji: '🚫', label: 'Cancelled' },
  'timed-out': { emoji: '⏱️', label: 'Timed out' },
  'not-found': { emoji: '❔', label: 'Not found' },
  error: { emoji: '⚠️', label: 'Error' },
  // The service keeps a closed pull request's preview and deletes it about 90 days later.
  merged: { emoji: '🟣', label: 'PR merged', heading: 'PR merged' },
  closed: { emoji: '⚪', label: 'PR closed', heading: 'PR closed' },
};

// The heading takes the first status present in this order: what needs attention first,
// then what is still moving, and "ready" only when everything is.
const HEADING_PRIORITY: PreviewStatus[] = [
  'failed',
  'error',
  'building',
  'timed-out',
  'cancelled',
  'not-found',
  'superseded',
  'skipped',
  'ready',
  'merged',
  'closed',
];

const REASON_LIMIT = 300;
const SHORT_REASON_LIMIT = 200;
/** The output tail in the comment: the last lines, trimmed from the top. */
const TAIL_LIMITS = { lines: 25, chars: 3_000 };
const SHORT_TAIL_LIMITS = { lines: 10, chars: 800 };

/** What the comment is rendered from. */
export interface CommentArgs {
  header: string;
  rows: PreviewRow[];
  /** `https://github.com/owner/repo`, to link commits. */
  repoUrl?: string;
  /** The workflow run writing the comment, linked below the table. */
  runUrl?: string;
  /** Rows built from another commit are flagged as outdated. */
  headSha?: string;
  /**
   * Read the Docs' own comments on the PR, by project id → their URL: a row of such a project
   * leaves the changed pages to it (it lists the changed files) and links to it.
   */
  serviceComments?: ReadonlyMap<number, string>;
}

/**
 * The Markdown body of the preview comment for `header`, within `limit` once sent (GitHub's, or the
 * room a pull request's description leaves): whatever does not fit goes, in the body and its hidden
 * state alike, until only counts are left.
 */
export function renderComment(args: CommentArgs, limit = GITHUB_BODY_LIMIT): string {
  const fits = (body: string) => fitsGitHubBody(body, limit);
  const full = render(args, { pages: true, reasonLimit: REASON_LIMIT, tail: TAIL_LIMITS });
  if (fits(full)) return full;
  // Too long for GitHub: drop the page lists first, then shorten the reasons and output tails.
  const withoutPages = render(
    { ...args, rows: args.rows.map(({ pages: _pages, ...row }) => row) },
    { pages: false, reasonLimit: REASON_LIMIT, tail: TAIL_LIMITS },
  );
  if (fits(withoutPages)) return withoutPages;
  const shortened = args.rows.map(({ pages: _pages, reason, tail, ...row }) => ({
    ...row,
    ...(reason === undefined ? {} : { reason: shortReason(reason, (tail ?? '').trim() !== '') }),
    ...(tail === undefined ? {} : { tail: outputTail(tail, SHORT_TAIL_LIMITS) }),
  }));
  const short = render({ ...args, rows: shortened }, { pages: false, reasonLimit: SHORT_REASON_LIMIT, tail: SHORT_TAIL_LIMITS });
  if (fits(short)) return short;
  // Last, counts and not rows: every list of a row (broken links, pages without a redirect, the
  // build's problems) as how many, which the job summary lists.
  return render({ ...args, rows: shortened.map(countsOnly) }, { pages: false, reasonLimit: SHORT_REASON_LIMIT, tail: undefined });
}

/** A row whose lists are only counted (`more…`), its output tail dropped. */
function countsOnly(row: PreviewRow): PreviewRow {
  const { tail: _tail, unredirected, brokenPages, redirectedLinks, problems, ...kept } = row;
  const counted = (listed: unknown[] | undefined, more: number | undefined) => (listed?.length ?? 0) + (more ?? 0);
  const lost = counted(unredirected, row.moreUnredirected);
  const broken = counted(brokenPages, row.moreBrokenPages);
  const redirected = counted(redirectedLinks, row.moreRedirectedLinks);
  const problemCount = counted(problems, row.moreProblems);
  return {
    ...kept,
    ...(lost > 0 ? { moreUnredirected: lost } : {}),
    ...(broken > 0 ? { moreBrokenPages: broken } : {}),
    ...(redirected > 0 ? { moreRedirectedLinks: redirected } : {}),
    ...(problemCount > 0 ? { moreProblems: problemCount } : {}),
    ...(row.warnings ? { warnings: { ...row.warnings, new: [], moreNew: rowNewWarnings(row) } } : {}),
  };
}

function render(
  args: CommentArgs,
  options: { pages: boolean; reasonLimit: number; tail: { lines: number; chars: number } | undefined },
): string {
  const { header, headSha } = args;
  const repoUrl = safeHttpUrl(args.repoUrl)?.replace(/\/+$/, '');
  // The stored rows keep their order (each job replaces its own in place); the reader sees failures first.
  const lines = [commentMarker(header), dataComment(header, args.rows), `### ${heading(args.rows, headSha)}`, ''];
  const rows = failuresFirst(args.rows);
  if (rows.length === 0) return lines.join('\n');

  // The commit is written out once, below the table; so is the time when every row has the same.
  const times = new Set(rows.map((row) => formatUpdated(row.updatedAt)));
  const timeColumn = times.size > 1;
  for (const line of tableLines(rows, headSha, timeColumn)) lines.push(line);
  lines.push('');
  for (const line of footerLines(args, rows, repoUrl, timeColumn ? undefined : [...times][0])) lines.push(line);
  for (const line of detailLines(args, rows, options, repoUrl)) lines.push(line);
  return `${lines.join('\n')}\n`;
}

/** Read the Docs' own comment on the pull request for a row's project, when the service wrote one. */
function serviceCommentOf(args: CommentArgs, row: PreviewRow): string | undefined {
  return row.projectId === undefined ? undefined : args.serviceComments?.get(row.projectId);
}

/** Below the table: the commit (with the time every row shares, and the run), and Read the Docs' own comments. */
function footerLines(args: CommentArgs, rows: PreviewRow[], repoUrl: string | undefined, time: string | undefined): string[] {
  const lines: string[] = [];
  const commits = commitLines(rows, repoUrl);
  if (time !== undefined && time !== '—' && commits.length === 1) commits[0] += ` · updated ${time} UTC`;
  const run = safeHttpUrl(args.runUrl) === undefined ? undefined : markdownLink('workflow run', args.runUrl);
  if (run !== undefined && commits.length === 1) commits[0] += ` · ${run}`;
  else if (run !== undefined) {
    if (commits.length > 0) commits.push('');
    commits.push(`Reported by the ${run}`);
  }
  for (const line of commits) lines.push(line);
  const linked = rows.filter((row) => safeHttpUrl(serviceCommentOf(args, row)) !== undefined);
  if (linked.length > 0) {
    const links = linked.map((row) => markdownLink(row.project, serviceCommentOf(args, row))).join(' · ');
    lines.push('', `Read the Docs' own comment${linked.length > 1 ? 's' : ''} (changed files): ${links}`);
  }
  return lines;
}

/**
 * The rows' details, one kind after another: why a row is not ready, the pages moved without a
 * redirect, the links, the new warnings, the changed pages. A new kind of detail is one more block here.
 */
function detailLines(
  args: CommentArgs,
  rows: PreviewRow[],
  options: { pages: boolean; reasonLimit: number; tail: { lines: number; chars: number } | undefined },
  repoUrl: string | undefined,
): string[] {
  const { headSha } = args;
  const lines: string[] = [];
  for (const row of rows) for (const line of reasonLines(row, options, repoUrl)) lines.push(line);

  // Projects that lose the same pages (one source tree, several projects) share one section.
  const unredirected = rows.filter((row) => shownUnredirected(row, headSha));
  for (const section of unredirectedSections(unredirected.map(unredirectedOfRow))) {
    lines.push('', section);
  }

  for (const section of linkSections(rows, { headSha, repoUrl, runUrl: args.runUrl })) lines.push('', section);

  // Input `warnings`: what a ready preview's build added, at its lines of the head commit.
  for (const row of rows.filter((row) => shownNewWarnings(row, headSha))) lines.push('', newWarningsSection(row, repoUrl, args.runUrl));

  if (options.pages) {
    // Links to pages of a preview that is not ready (or is outdated) would mislead; the service's
    // own comment lists them already.
    const listed = rows.filter((row) => readyAtHead(row, headSha) && serviceCommentOf(args, row) === undefined);
    for (const line of changedPagesFolds(listed, args.runUrl)) lines.push(line);
  }
  return lines;
}

/** The table: a row per project, its status, its preview and its build (and when it was updated, when rows differ). */
function tableLines(rows: PreviewRow[], headSha: string | undefined, timeColumn: boolean): string[] {
  const lines = [
    `| Project | Status | Preview | Build |${timeColumn ? ' Updated (UTC) |' : ''}`,
    `| --- | --- | --- | --- |${timeColumn ? ' --- |' : ''}`,
  ];
  for (const row of rows) {
    const outdated = headSha !== undefined && row.commit !== headSha;
    const cells = [
      escapeMarkdown(row.project),
      statusCell(row) + (outdated ? ' (older commit)' : ''),
      row.status === 'ready' && !outdated && safeHttpUrl(row.previewUrl) !== undefined ? markdownLink('Preview', row.previewUrl) : '—',
      buildCell(row),
    ];
    if (timeColumn) cells.push(formatUpdated(row.updatedAt));
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines;
}

/**
 * A row's reason: its first line after the project's name, then the output tail (or the reason's
 * other lines) collapsed in a code block, trimmed from the top so that the last line stays whole.
 */
function reasonLines(
  row: PreviewRow,
  options: { reasonLimit: number; tail: { lines: number; chars: number } | undefined },
  repoUrl: string | undefined,
): string[] {
  const reasonText = (row.reason ?? '').replace(/\r\n?/g, '\n').trim();
  if (reasonText === '' && (row.tail ?? '').trim() === '' && !row.problems?.length) return [];
  const [first = '', ...rest] = reasonText.split('\n');
  const log = safeHttpUrl(row.buildUrl) === undefined ? '' : ` (${markdownLink('build log', row.buildUrl)})`;
  // Cut in the middle: the end ("exited with code 2") is what a reader needs.
  const line = first.trim() === '' ? 'see the output below' : clipMiddle(first.trim(), options.reasonLimit);
  const lines = ['', `- ${STATUS_LABELS[row.status].emoji} **${escapeMarkdown(row.project)}**: ${escapeMarkdown(line)}${log}`];
  // What to fix, unfolded: each warning on its line of the pull request's head.
  for (const item of problemList(row.problems ?? [], row.moreProblems ?? 0, { repoUrl, commit: row.commit }, '  ')) lines.push(item);
  const more = (row.tail ?? '').trim() !== '' ? row.tail! : rest.join('\n');
  if (options.tail === undefined || more.trim() === '') return lines;
  // The project is named in the line above: the summary holds no untrusted text.
  const summary = (row.tail ?? '').trim() !== '' ? 'Last lines of the output' : 'More about it';
  lines.push('', `<details><summary>${summary}</summary>`, '', fencedCode(outputTail(more, options.tail)), '', '</details>');
  return lines;
}

/**
 * The verdict: the leading status's emoji and every status counted, then what a reader must still
 * fix: a gate that turned a ready preview red says its words (`❌ … broken links: 3 pages, 2
 * anchors`, the row's cell too, the preview still linked); otherwise the build's warnings, pages
 * that lose their address and broken links (a ready preview with those is not "✅ ready": it says
 * how many, under ⚠️).
 */
function heading(rows: PreviewRow[], headSha: string | undefined): string {
  if (rows.length === 0) return 'ℹ️ Read the Docs preview: nothing to report yet';
  const counts = new Map<PreviewStatus, number>();
  for (const row of rows) counts.set(shownStatus(row), (counts.get(shownStatus(row)) ?? 0) + 1);
  const leading = HEADING_PRIORITY.find((status) => counts.has(status)) ?? 'ready';
  const words = (status: PreviewStatus) => STATUS_LABELS[status].heading ?? STATUS_LABELS[status].label.toLowerCase();
  const gated = rows.filter((row) => row.failedChecks?.length);
  // A gate's words stand for its row's notes: the rest are told of the other rows.
  const others = rows.filter((row) => !row.failedChecks?.length);
  const notes = [
    ...gated.map((row) => `${rows.length > 1 ? `${row.project}: ` : ''}${row.failedChecks!.join('; ')}`),
    ...headingNotes(rows, others, headSha),
  ];
  const noted = notes.length > gated.length;
  const emoji = leading === 'ready' && noted ? '⚠️' : STATUS_LABELS[leading].emoji;
  const said = notes.length === 0 ? '' : ` · ${notes.join(' · ')}`;
  if (rows.length === 1 && gated.length === 1) return `${emoji} Read the Docs preview: ${notes.join(' · ')}`;
  if (rows.length === 1) return `${emoji} Read the Docs preview: ${words(leading)}${said}`;
  if (counts.size === 1) return `${emoji} Read the Docs previews: all ${rows.length} ${words(leading)}${said}`;
  const summary = HEADING_PRIORITY.filter((status) => counts.has(status))
    .map((status) => `${counts.get(status)} ${words(status)}`)
    .join(', ');
  return `${emoji} Read the Docs previews: ${summary}${said}`;
}

/** What the rows without a failed gate still have to fix, counted: the build's warnings, pages without a redirect, broken links, changed pages not read for links, new warnings. */
function headingNotes(rows: PreviewRow[], others: PreviewRow[], headSha: string | undefined): string[] {
  const warnings = problemCount(
    rows.flatMap((row) => row.problems ?? []),
    rows.reduce((sum, row) => sum + (row.moreProblems ?? 0), 0),
  );
  const unredirected = others.filter((row) => shownUnredirected(row, headSha));
  // Projects built from one source tree lose the same pages: each address counted once (the
  // unlisted ones once per distinct list).
  const listed = new Set(unredirected.flatMap((row) => (row.unredirected ?? []).map((page) => page.from))).size;
  const unlisted = new Map(unredirected.map((row) => [listKey(unredirectedOfRow(row)), row.moreUnredirected ?? 0]));
  const lost = listed + [...unlisted.values()].reduce((sum, more) => sum + more, 0);
  const broken = others.filter((row) => readyAtHead(row, headSha)).reduce((sum, row) => sum + brokenCount(row), 0);
  // Issue 50: a changed page the link check could not read is said, never passed over in silence.
  const unread = rows.filter((row) => readyAtHead(row, headSha)).reduce((sum, row) => sum + (row.unreadPages ?? 0), 0);
  const added = others.filter((row) => shownNewWarnings(row, headSha)).reduce((sum, row) => sum + rowNewWarnings(row), 0);
  return [
    warnings,
    lost === 0
      ? ''
      : `${lost} page${lost === 1 ? '' : 's'} moved or removed without a redirect${unredirected.length > 1 ? ` in ${unredirected.length} projects` : ''}`,
    broken === 0 ? '' : `${broken} broken link${broken === 1 ? '' : 's'}`,
    unread === 0 ? '' : `${unread} changed page${unread === 1 ? '' : 's'} not read for links`,
    added === 0 ? '' : newWarningsCount(added),
  ].filter((note) => note !== '');
}

/** The status a row is shown with: a ready preview that a gate turned red is counted with the failed ones. */
function shownStatus(row: Pick<PreviewRow, 'status' | 'failedChecks'>): PreviewStatus {
  return row.status === 'ready' && row.failedChecks?.length ? 'failed' : row.status;
}

/** A ready preview of the head commit (any commit when the head is not known): what its findings are told of. */
function readyAtHead(row: PreviewRow, headSha: string | undefined): boolean {
  return row.status === 'ready' && (headSha === undefined || row.commit === headSha);
}

/** A row's broken links, counted. */
function brokenCount(row: PreviewRow): number {
  return countOf(row.brokenCounts ?? {});
}

function unredirectedOfRow(row: PreviewRow): UnredirectedProject {
  return { project: row.project, pages: row.unredirected ?? [], more: row.moreUnredirected ?? 0 };
}

/** Whether the comment lists the row's new warnings (input `warnings`): a ready preview of the head commit. */
function shownNewWarnings(row: PreviewRow, headSha: string | undefined): boolean {
  return row.status === 'ready' && rowNewWarnings(row) > 0 && (headSha === undefined || row.commit === headSha);
}

/** Whether the comment tells the row's pages without a redirect (listed or counted): a ready preview of the head commit. */
function shownUnredirected(row: PreviewRow, headSha: string | undefined): boolean {
  const lost = (row.unredirected?.length ?? 0) + (row.moreUnredirected ?? 0);
  return row.status === 'ready' && lost > 0 && (headSha === undefined || row.commit === headSha);
}

/** The rows in the order of {@link previewOrder}: what needs attention first, then by name. */
function failuresFirst(rows: PreviewRow[]): PreviewRow[] {
  return [...rows].sort(previewOrder);
}

type Ordered = Pick<PreviewRow, 'status' | 'project' | 'failedChecks'>;

/**
 * The order a reader sees projects in, the comment's and the job summary's: by status as shown
 * (a ready preview a gate failed is failed) in the order of {@link HEADING_PRIORITY} (what needs
 * attention first), then by name in natural order (the stored rows come in the order their jobs ended).
 */
export function previewOrder(a: Ordered, b: Ordered): number {
  const rank = (row: Ordered) => HEADING_PRIORITY.indexOf(shownStatus(row));
  return rank(a) - rank(b) || naturalCompare(a.project, b.project);
}

/** `✅ Ready`, or for a ready preview a gate turned red, `❌` and the gate's words: `❌ Broken links: 3 to pages, 2 to anchors`. */
function statusCell(row: PreviewRow): string {
  if (row.status === 'ready' && row.failedChecks?.length)
    return `${STATUS_LABELS.failed.emoji} ${escapeMarkdown(gateWords(row.failedChecks))}`;
  const { emoji, label } = STATUS_LABELS[row.status];
  return `${emoji} ${label}`;
}

function buildCell(row: PreviewRow): string {
  const label = row.buildId === undefined ? 'build log' : `#${row.buildId}`;
  if (safeHttpUrl(row.buildUrl) !== undefined) return markdownLink(label, row.buildUrl);
  // No build to link yet: the run that is waiting for one shows what it sees.
  if (row.buildId === undefined && row.status === 'building' && safeHttpUrl(row.runUrl) !== undefined)
    return markdownLink('run', row.runUrl);
  return row.buildId === undefined ? '—' : escapeMarkdown(label);
}

/** `text` linked to the workflow run, when it is known. */
function runLink(runUrl: string | undefined, text: string): string {
  return safeHttpUrl(runUrl) === undefined ? escapeMarkdown(text) : markdownLink(text, runUrl);
}

function isSha(commit: string): boolean {
  return /^[0-9a-f]{7,64}$/i.test(commit);
}

/** The commits, written out once below the table: 7 characters, linked to the full one (narrow screens). */
function commitLines(rows: PreviewRow[], repoUrl: string | undefined): string[] {
  const fullCommit = (commit: string) => {
    const code = codeSpan(isSha(commit) ? commit.slice(0, 7) : commit, { inTable: false });
    return repoUrl !== undefined && isSha(commit) ? `[${code}](${repoUrl}/commit/${commit})` : code;
  };
  const commits = [...new Set(rows.map((row) => row.commit).filter((commit) => commit !== ''))];
  if (commits.length === 0) return [];
  if (commits.length === 1) return [`Commit: ${fullCommit(commits[0]!)}`];
  return [
    'Commits:',
    ...rows.filter((row) => row.commit !== '').map((row) => `- ${escapeMarkdown(row.project)}: ${fullCommit(row.commit)}`),
  ];
}

function formatUpdated(date: Date): string {
  if (Number.isNaN(date.getTime())) return '—';
  const iso = date.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/**
 * A reason as the rows keep it when the comment must shrink: its first line cut in the middle, and
 * its other lines (shown only when there is no output tail) bounded like a tail.
 */
function shortReason(reason: string, hasTail: boolean): string {
  const [first = '', ...rest] = reason.replace(/\r\n?/g, '\n').trim().split('\n');
  const line = clipMiddle(first.trim(), SHORT_REASON_LIMIT);
  const more = rest.join('\n');
  return hasTail || more.trim() === '' ? line : `${line}\n${outputTail(more, SHORT_TAIL_LIMITS)}`;
}

/** The title of the `redirect-check` section, in the comment and the job summary. */
export const UNREDIRECTED_TITLE = 'Pages moved or removed without a redirect';

/**
 * The sections listing the pages that lose their address, one per distinct list: projects that
 * lose the same pages (one source tree built as several projects) share theirs.
 */
export function unredirectedSections(projects: UnredirectedProject[]): string[] {
  const groups = new Map<string, { names: string[]; pages: UnredirectedRowPage[]; more: number }>();
  for (const { project, pages, more = 0 } of projects) {
    const key = listKey({ pages, more });
    const group = groups.get(key);
    if (group) group.names.push(project);
    else groups.set(key, { names: [project], pages, more });
  }
  return [...groups.values()].map(({ names, pages, more }) => unredirectedSection(names, pages, more));
}

/** A project's pages without a redirect: the first ones, and how many more are not listed. */
interface UnredirectedProject {
  project: string;
  pages: UnredirectedRowPage[];
  more?: number;
}

/** Projects with the same key lose the same pages: one section, each address counted once. */
function listKey({ pages, more = 0 }: Pick<UnredirectedProject, 'pages' | 'more'>): string {
  return JSON.stringify([more, pages.map((page) => [page.file, page.from, page.to ?? null, page.entry])]);
}

/**
 * The section of the pages that lose their address (of one project, or of several that lose the
 * same): how many, then the entries to paste under `redirects:` in one YAML block (its fence
 * cannot be closed by a path), in natural order.
 */
function unredirectedSection(projects: string | string[], pages: UnredirectedRowPage[], unlisted: number): string {
  // The YAML block is the list: each entry names the old address, the new one and the file (said once).
  const shown = [...pages].sort((a, b) => naturalCompare(a.from, b.from)).slice(0, 50);
  const names = typeof projects === 'string' ? [projects] : projects;
  const who = names.length > 1 ? `${names.length} projects: ${names.map(escapeMarkdown).join(', ')}` : escapeMarkdown(names[0] ?? '');
  const each = names.length > 1 ? ' of each' : '';
  const total = pages.length + unlisted;
  const count = `${total} page${total === 1 ? '' : 's'} lose${total === 1 ? 's' : ''} ${total === 1 ? 'its' : 'their'} address`;
  const more = total > shown.length ? ` (the first ${shown.length} below)` : '';
  if (shown.length === 0)
    return [`#### ${UNREDIRECTED_TITLE} (${who})`, '', `${count}: the job summary of this run lists them, with the entries to paste.`].join(
      '\n',
    );
  return [
    `#### ${UNREDIRECTED_TITLE} (${who})`,
    '',
    `${count}${more}. Add under \`redirects:\` in the project file${each} (\`apply\`), or as page redirects in the project's settings:`,
    '',
    fencedCode(shown.map((page) => page.entry).join('\n'), 'yaml'),
  ].join('\n');
}

/** `link-check`'s sections of the ready rows of the head commit: their broken links, and those a redirect keeps working. */
function linkSections(
  rows: PreviewRow[],
  at: { headSha: string | undefined; repoUrl: string | undefined; runUrl: string | undefined },
): string[] {
  const sections: string[] = [];
  for (const row of rows) {
    if (row.status !== 'ready' || (at.headSha !== undefined && row.commit !== at.headSha)) continue;
    const run = row.runUrl ?? at.runUrl;
    if (brokenCount(row) > 0) sections.push(brokenLinksSection(row, at.repoUrl, run));
    if (row.redirectedLinks?.length || row.moreRedirectedLinks)
      sections.push(redirectedLinksSection(row.project, row.redirectedLinks ?? [], row.moreRedirectedLinks, run));
  }
  return sections;
}

/** The title of the `link-check` section, in the comment and the job summary (and a failed project's). */
export const BROKEN_LINKS_TITLE = 'Broken links';

/** The title of the redirected links' section (`link-check`), in the comment and the job summary... */
const REDIRECTED_LINKS_TITLE = 'Links kept working by redirects';
/** ...and what it says of them. */
export const REDIRECTED_LINKS_INTRO =
  "These answer 404 on the preview, which applies no redirects (Read the Docs applies the project's redirects on the public docs " +
  'only); in production a redirect of the project sends each one on, so they are not counted as broken. Linking the new address spares readers the redirect:';

/** The section listing a project's first links that a redirect keeps working, each with the redirect, and how many more the job summary lists. */
function redirectedLinksSection(project: string, links: RedirectedLinkRow[], more: number | undefined, runUrl: string | undefined): string {
  return [
    `#### ${REDIRECTED_LINKS_TITLE} (${escapeMarkdown(project)})`,
    '',
    REDIRECTED_LINKS_INTRO,
    '',
    ...links.map((link) => `- ${redirectedLinkMarkdown(link)}`),
    ...(more ? [`- … and ${more} more: ${runLink(runUrl, 'the job summary of this run')} lists them all`] : []),
  ].join('\n');
}

/** `page` → `target`: works in production through the page redirect `/old.html` → `/new.html` (the comment's and the job summary's line). */
export function redirectedLinkMarkdown(link: RedirectedLinkRow): string {
  const { type, from, to } = link.redirect;
  const where = to ? ` → ${codeSpan(to, { inTable: false })}` : '';
  const head = `${codeSpan(link.page, { inTable: false })} → ${codeSpan(link.target, { inTable: false })}`;
  return `${head}: works in production through the ${escapeMarkdown(type)} redirect ${codeSpan(from || '/', { inTable: false })}${where}`;
}

/**
 * The section of a project's broken links, grouped by page: its first pages, each linked on the
 * preview, with its first links (at the line of the pull request that writes each, its text), and
 * how many more the job summary lists.
 */
function brokenLinksSection(row: PreviewRow, repoUrl: string | undefined, runUrl: string | undefined): string {
  const counts = row.brokenCounts ?? {};
  const pages = (row.brokenPages ?? []).map((page): ListedPage => ({ ...page, url: pageOnSite(row.previewUrl, page.page) }));
  const elsewhere = `: ${runLink(runUrl, 'the job summary of this run')} lists them`;
  const total = countOf(counts);
  const list =
    pages.length === 0
      ? [`- ${total} broken link${total === 1 ? '' : 's'}${elsewhere} all`]
      : listedPagesMarkdown(pages, { links: { repoUrl, commit: row.commit }, morePages: row.moreBrokenPages ?? 0, elsewhere });
  return [`#### ${BROKEN_LINKS_TITLE} (${escapeMarkdown(row.project)}): ${escapeMarkdown(kindWords(counts))}`, '', ...list].join('\n');
}
