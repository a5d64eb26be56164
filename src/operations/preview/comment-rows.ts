/**
 * The rows of the preview comment (or PR description block): one per project. Several jobs share
 * one comment, so the rows travel inside the comment itself as base64 JSON in a hidden HTML
 * comment, written by {@link dataComment} and read back (as untrusted input) by {@link readRows}.
 */
import { z } from 'zod/mini';
import type { FileProblem } from '../../domain/project-result.js';
import type { KindCounts } from '../../reporting/broken-link.js';
import { CELL_LIMIT } from '../../reporting/markdown.js';
import { clipMiddle } from '../../util/clip-middle.js';
import { encodeSegment } from '../../util/url.js';

const PREVIEW_STATUSES = [
  'building',
  'ready',
  'skipped',
  'superseded',
  'failed',
  'cancelled',
  'timed-out',
  'not-found',
  'error',
  'merged',
  'closed',
] as const;
export type PreviewStatus = (typeof PREVIEW_STATUSES)[number];

export interface PreviewRow {
  project: string;
  status: PreviewStatus;
  previewUrl?: string;
  buildUrl?: string;
  buildId?: number;
  /** Full SHA of the commit the build is for. */
  commit: string;
  updatedAt: Date;
  /** Why it is not ready; the row shows its first line, the rest goes with `tail`. */
  reason?: string;
  /** The last lines of the failed command's output, shown collapsed in a code block. */
  tail?: string;
  /** The build's warnings and errors on the repository's files: shown unfolded, as `file:line` links. */
  problems?: FileProblem[];
  /** Problems beyond `problems`, counted. */
  moreProblems?: number;
  pages?: RowPage[];
  /** Changed pages beyond `pages`, which the job summary lists. */
  morePages?: number;
  /** The project's numeric id on the service: its own comment on the PR starts with `<!-- readthedocs-{id} -->`. */
  projectId?: number;
  /** `redirect-check`: pages moved or removed without a redirect, each with the entry to paste. */
  unredirected?: UnredirectedRowPage[];
  /** Pages without a redirect beyond `unredirected`, counted. */
  moreUnredirected?: number;
  /** The workflow run that wrote the row: its job summary lists every changed page, its log the build's progress. */
  runUrl?: string;
  /** `link-check`: the first changed pages with broken links, each with its first ones (target, what is wrong, text, source). */
  brokenPages?: BrokenPageRow[];
  /** Pages with broken links beyond `brokenPages`, which the job summary lists. */
  moreBrokenPages?: number;
  /** Every broken link of the changed pages, counted by kind (those listed included). */
  brokenCounts?: KindCounts;
  /** `link-check`: the first links that answer 404 on the preview but that a redirect of the project sends on in production. */
  redirectedLinks?: RedirectedLinkRow[];
  /** Redirected links beyond `redirectedLinks`, which the job summary lists. */
  moreRedirectedLinks?: number;
  /** `link-check`: changed pages not read (over 4 MB, too large or complex to read, past the run's total), their links not checked. */
  unreadPages?: number;
  /** Input `warnings`: a ready preview's build added warnings its base branch's build does not have. */
  warnings?: RowWarnings;
  /** The gates that turned the ready preview red, in their words (`broken links: 3 to pages, 2 to anchors`): the row is ❌, its preview linked. */
  failedChecks?: string[];
}

/** A row's new warnings (the first ones, and how many more) and the counts of its comparison. */
export interface RowWarnings {
  total: number;
  fixed: number;
  new: FileProblem[];
  moreNew: number;
  /** The build compared with, and its version. */
  baseline: { build: number; version: string };
}

/** A changed page with broken links: how many, and the first ones. */
interface BrokenPageRow {
  page: string;
  total: number;
  links: BrokenLinkRow[];
}

/** A broken link of a page: where it leads, what is wrong (`missing page`, `missing anchor`…), its text, the line that writes it. */
interface BrokenLinkRow {
  target: string;
  problem: string;
  text?: string;
  source?: { file: string; line?: number };
}

/** A link a redirect of the project keeps working: the page it is on, where it leads, and the redirect (its type, from and to). */
export interface RedirectedLinkRow {
  page: string;
  target: string;
  redirect: { type: string; from: string; to?: string };
}

/** A changed page: its link, and from the service's file tree diff what happened to it and the page before. */
export interface RowPage {
  file: string;
  /** The page in the preview; a deleted page's address before the change. */
  url: string;
  change?: PageChange;
  /** A modified or deleted page before the change (the base version's). */
  before?: string;
  /** From the file tree diff of an earlier build of the pull request (this push's was not written yet). */
  earlierBuild?: true;
}

const PAGE_CHANGES = ['added', 'modified', 'deleted'] as const;
type PageChange = (typeof PAGE_CHANGES)[number];

export interface UnredirectedRowPage {
  file: string;
  from: string;
  to?: string;
  entry: string;
}

/** The prefix of every hidden marker of the preview report (comment, data, description block). */
export const MARKER_PREFIX = 'readthedocs-action:preview';

/** The hidden marker that identifies the comment of `header`: `<!-- readthedocs-action:preview:{header} -->`. */
export function commentMarker(header: string): string {
  return `<!-- ${MARKER_PREFIX}:${encodeSegment(header)} -->`;
}

/** The rows of `header` as a hidden HTML comment, read back by {@link readRows}. */
export function dataComment(header: string, rows: PreviewRow[]): string {
  const payload = { version: 1, rows: rows.map(serialiseRow) };
  // base64 has no `-`, `>` or spaces, so the data can never close the HTML comment early.
  return `<!-- ${MARKER_PREFIX}-data:${encodeSegment(header)} ${Buffer.from(JSON.stringify(payload), 'utf8').toString('base64')} -->`;
}

function dataCommentPattern(header: string): RegExp {
  const escapedHeader = encodeSegment(header).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`<!-- ${MARKER_PREFIX}-data:${escapedHeader} ([A-Za-z0-9+/=]*) -->`);
}

function serialiseRow(row: PreviewRow) {
  return {
    ...row,
    updatedAt: row.updatedAt.toISOString(),
    ...(row.brokenPages === undefined ? {} : { brokenPages: row.brokenPages.map(pageAsCells) }),
    ...(row.redirectedLinks === undefined ? {} : { redirectedLinks: row.redirectedLinks.map(redirectedAsCells) }),
  };
}

/**
 * A list item whose every text is a cell: cut to {@link CELL_LIMIT} as its code span shows it, in the
 * hidden state too (written and read back), so that neither half of the comment grows with a link's length.
 */
function redirectedAsCells(link: RedirectedLinkRow): RedirectedLinkRow {
  return { ...asCells(link), redirect: asCells(link.redirect) };
}

function pageAsCells(page: BrokenPageRow): BrokenPageRow {
  return {
    ...asCells(page),
    links: page.links.map((link) => ({ ...asCells(link), ...(link.source ? { source: asCells(link.source) } : {}) })),
  };
}

function asCells<T extends object>(item: T): T {
  return Object.fromEntries(
    Object.entries(item).map(([key, value]) => [key, typeof value === 'string' ? clipMiddle(value, CELL_LIMIT) : value]),
  ) as T;
}

const storedProblemSchema = z.object({
  level: z.enum(['warning', 'error']),
  file: z.optional(z.string().check(z.maxLength(500))),
  line: z.optional(z.int().check(z.positive())),
  message: z.string().check(z.maxLength(1000)),
  new: z.optional(z.literal(true)),
});

/** `item` parsed by `schema`, in a list of one, or none when it does not read back. */
function readsBack<T>(schema: z.ZodMiniType<T>, item: unknown): T[] {
  const parsed = schema.safeParse(item);
  return parsed.success ? [parsed.data] : [];
}

/** A row's problems: one that does not read back is dropped, not its row (a failed row would vanish from the comment). */
function storedProblems() {
  return z.pipe(
    z.array(z.unknown()).check(z.maxLength(20)),
    z.transform((items: unknown[]) => items.flatMap((item) => readsBack(storedProblemSchema, item))),
  );
}

const storedBrokenLink = z.object({
  target: z.string(),
  problem: z.string(),
  text: z.optional(z.string()),
  source: z.optional(z.object({ file: z.string(), line: z.optional(z.int().check(z.positive())) })),
});

const storedRowSchema = z.object({
  project: z.string(),
  status: z.enum(PREVIEW_STATUSES),
  previewUrl: z.optional(z.string()),
  buildUrl: z.optional(z.string()),
  buildId: z.optional(z.int()),
  commit: z.string(),
  updatedAt: z.pipe(
    z.iso.datetime(),
    z.transform((value: string) => new Date(value)),
  ),
  reason: z.optional(z.string()),
  tail: z.optional(z.string()),
  problems: z.optional(storedProblems()),
  moreProblems: z.optional(z.int()),
  pages: z.optional(
    z.array(
      z.object({
        file: z.string(),
        url: z.string(),
        change: z.optional(z.enum(PAGE_CHANGES)),
        before: z.optional(z.string()),
        earlierBuild: z.optional(z.literal(true)),
      }),
    ),
  ),
  morePages: z.optional(z.int()),
  projectId: z.optional(z.int()),
  runUrl: z.optional(z.string().check(z.maxLength(500))),
  unredirected: z.optional(
    z.array(z.object({ file: z.string(), from: z.string(), to: z.optional(z.string()), entry: z.string() })).check(z.maxLength(100)),
  ),
  moreUnredirected: z.optional(z.int()),
  brokenPages: z.optional(
    z.pipe(
      z
        .array(
          z.object({
            page: z.string(),
            total: z.int().check(z.nonnegative()),
            links: z.array(storedBrokenLink).check(z.maxLength(10)),
          }),
        )
        .check(z.maxLength(20)),
      z.transform((pages: BrokenPageRow[]) => pages.map(pageAsCells)),
    ),
  ),
  moreBrokenPages: z.optional(z.int()),
  brokenCounts: z.optional(z.partialRecord(z.enum(['page', 'anchor', 'image', 'resource', 'external']), z.int().check(z.nonnegative()))),
  redirectedLinks: z.optional(
    z.pipe(
      z
        .array(
          z.object({
            page: z.string(),
            target: z.string(),
            redirect: z.object({ type: z.string(), from: z.string(), to: z.optional(z.string()) }),
          }),
        )
        .check(z.maxLength(20)),
      z.transform((links: RedirectedLinkRow[]) => links.map(redirectedAsCells)),
    ),
  ),
  moreRedirectedLinks: z.optional(z.int()),
  unreadPages: z.optional(z.int()),
  warnings: z.optional(
    z.object({
      total: z.int(),
      fixed: z.int(),
      new: storedProblems(),
      moreNew: z.int(),
      baseline: z.object({ build: z.int(), version: z.string().check(z.maxLength(255)) }),
    }),
  ),
  failedChecks: z.optional(z.array(z.string().check(z.maxLength(CELL_LIMIT))).check(z.maxLength(5))),
});

/**
 * The rows stored in a comment or PR body by {@link dataComment} for `header`. Rows that do not
 * read back cleanly are dropped: the body may have been edited by hand.
 */
export function readRows(body: string | undefined, header: string): PreviewRow[] {
  const encoded = body === undefined ? undefined : dataCommentPattern(header).exec(body)?.[1];
  if (encoded === undefined) return [];
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
  } catch {
    return [];
  }
  const storedRows = z.object({ rows: z.array(z.unknown()) }).safeParse(payload);
  if (!storedRows.success) return [];
  const rows: PreviewRow[] = [];
  for (const candidate of storedRows.data.rows) {
    const parsed = storedRowSchema.safeParse(candidate);
    if (parsed.success) rows.push(withoutUndefined(parsed.data));
  }
  return rows;
}

function withoutUndefined(row: PreviewRow): PreviewRow {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined)) as unknown as PreviewRow;
}

/**
 * The rows to show after this job's update: rows of other projects already in the comment stay
 * (in their place), rows of the same project are replaced, new projects are added at the end.
 */
export function mergeRows(existingBody: string | undefined, header: string, rows: PreviewRow[]): PreviewRow[] {
  const merged = new Map<string, PreviewRow>();
  for (const row of readRows(existingBody, header)) merged.set(row.project, row);
  for (const row of rows) merged.set(row.project, row);
  return [...merged.values()];
}
