/**
 * The service's own file tree diff of a pull request build (FACTS.md, *The service's own
 * pull-request integration*): the built HTML pages the PR version adds, deletes and modifies
 * against the project's base version, read from the addons endpoint of the preview's own host
 * (`/_/addons/?api-version=1&project-slug=…&version-slug=…`), anonymous, through `ctx.pages`. The
 * service calls the payload alpha: it is parsed tolerantly (unknown keys ignored, a broken entry
 * dropped), and anything missing means "no diff", never a failure. The diff is written after the
 * build ends: until then the answer has none, or the previous build's marked `outdated`, so it is
 * read again, spaced, within a bounded window (`readCurrentFileTreeDiff`).
 */
import { z } from 'zod/mini';
import { pollUntil } from '../../resilience/index.js';
import { countJsonNodes } from '../../util/bounded-body.js';
import { notRead } from '../../util/message-of.js';
import type { OperationContext } from '../types.js';
import { naturalCompare } from '../../util/natural-order.js';

/** One page of the diff: its built path below the version's root, and its links when they are the service's. */
export interface DiffPage {
  /** `guide/install.html`. */
  filename: string;
  /** The page in the preview. */
  current?: string;
  /** The page in the base version, before the change. */
  base?: string;
}

export interface FileTreeDiff {
  added: DiffPage[];
  modified: DiffPage[];
  deleted: DiffPage[];
  /** The service says the diff was made for an older build of the version. */
  outdated: boolean;
}

/** A link of the diff as it may be shown, or undefined when it is not one of the service's (see `diffLinks`). */
export type AcceptLink = (url: string) => string | undefined;

/** Why there is no diff, one short clause ("the service gives none for this version"). */
export interface NoDiff {
  absent: string;
  /** The answer has no diff yet: the service may still write it (or never: a base without a manifest). */
  unwritten?: true;
}

/** A read diff (or why there is none) and how many times the addons endpoint was read for it. */
export interface DiffRead {
  result: FileTreeDiff | NoDiff;
  reads: number;
}

/** The addons answer is a few kilobytes per hundred pages: more is not read. */
const MAX_ADDONS_BYTES = 4 * 1024 * 1024;
const MAX_ADDONS_NODES = 200_000;
/** Pages kept per kind (a PR touching more is reported as touching these). */
const MAX_DIFF_PAGES = 5_000;
const MAX_FILENAME_LENGTH = 1_024;
const ADDONS_TIMEOUT_MS = 10_000;

/** The addons endpoint of the preview's own host for the PR version. */
export function addonsUrl(previewUrl: string, project: string, version: string): string {
  const url = new URL('/_/addons/', previewUrl);
  url.search = new URLSearchParams({ 'api-version': '1', 'project-slug': project, 'version-slug': version }).toString();
  return url.href;
}

/** Reads the diff once; any problem is a {@link NoDiff}, except the step's own deadline. */
export async function readFileTreeDiff(
  ctx: OperationContext,
  args: { previewUrl: string; project: string; version: string; accept: AcceptLink },
): Promise<FileTreeDiff | NoDiff> {
  const url = addonsUrl(args.previewUrl, args.project, args.version);
  const timeoutMs = Math.max(1, Math.min(ADDONS_TIMEOUT_MS, ctx.deadline.remainingMs()));
  try {
    const answer = await ctx.pages.get(url, {
      signal: ctx.deadline.signal,
      timeoutMs,
      accept: 'application/json',
      maxBodyBytes: MAX_ADDONS_BYTES,
    });
    if (answer.body === undefined) return { absent: `the preview host's addons endpoint ${answer.problem ?? 'gave nothing'}` };
    return parseFileTreeDiff(answer.body, args.accept);
  } catch (error) {
    if (ctx.deadline.signal.aborted) throw error;
    return { absent: notRead("the preview host's addons endpoint", error) };
  }
}

/** Of the window, the part a diff that is still absent is waited for (it may never come: a base built without a manifest). */
const UNWRITTEN_SHARE = 3;

/**
 * Reads the diff until it is current: again every `intervalMs` while the answer is outdated (for at
 * most `windowMs`, and half of the step's time left) or has no diff yet (a third of that), since the
 * service writes it after the build ends (FACTS). Returns the last answer: possibly still outdated.
 */
export async function readCurrentFileTreeDiff(
  ctx: OperationContext,
  args: { previewUrl: string; project: string; version: string; accept: AcceptLink; intervalMs: number; windowMs: number },
): Promise<DiffRead> {
  const started = ctx.now();
  const windowMs = Math.min(args.windowMs, ctx.deadline.remainingMs() / 2);
  let last: FileTreeDiff | NoDiff | undefined;
  let reads = 0;
  let endsAt = started + windowMs;
  const look = async (): Promise<FileTreeDiff | NoDiff | undefined> => {
    last = await readFileTreeDiff(ctx, args);
    reads += 1;
    endsAt = started + ('absent' in last ? windowMs / UNWRITTEN_SHARE : windowMs);
    return isSettled(last) ? last : undefined;
  };
  const window = { remainingMs: () => endsAt - ctx.now() };
  try {
    await pollUntil(look, { intervalMs: args.intervalMs, signal: ctx.deadline.signal, deadline: window, sleep: ctx.sleep });
  } catch (error) {
    // The window's end is no failure: the last answer stands. The step's deadline is (a read
    // throws only then, so there is a last answer here).
    if (ctx.deadline.signal.aborted) throw error;
  }
  return { result: last!, reads };
}

/** Whether reading again cannot change the answer: a current diff, or a final reason for none. */
function isSettled(read: FileTreeDiff | NoDiff): boolean {
  return 'absent' in read ? read.unwritten !== true : !read.outdated;
}

const fileSchema = z.object({
  filename: z.string().check(z.maxLength(MAX_FILENAME_LENGTH)),
  urls: z.optional(z.object({ current: z.optional(z.unknown()), base: z.optional(z.unknown()) })),
});
const listSchema = z.optional(z.array(z.unknown()));
const payloadSchema = z.object({
  addons: z.object({
    filetreediff: z.object({
      enabled: z.optional(z.unknown()),
      outdated: z.optional(z.unknown()),
      diff: z.optional(z.object({ added: listSchema, deleted: listSchema, modified: listSchema })),
    }),
  }),
});

/**
 * The diff in an addons answer (`addons.filetreediff`), or why there is none. Linear in the text:
 * its JSON nodes are counted before it is parsed. A `current` or `base` link that `accept` refuses
 * is left out.
 */
export function parseFileTreeDiff(text: string, accept: AcceptLink): FileTreeDiff | NoDiff {
  if (countJsonNodes(Buffer.from(text), MAX_ADDONS_NODES) > MAX_ADDONS_NODES) return { absent: 'the addons answer is too large' };
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return { absent: 'the addons answer is not JSON' };
  }
  const parsed = payloadSchema.safeParse(document);
  if (!parsed.success) return { absent: 'the service gives no file tree diff for this build' };
  const { filetreediff } = parsed.data.addons;
  // FACTS: `{enabled: false}` comes without `diff`.
  if (filetreediff.enabled === false) return { absent: 'the file tree diff is off for this project' };
  if (filetreediff.diff === undefined) {
    return { absent: 'the service gives no file tree diff for this build', unwritten: true };
  }
  const { added, deleted, modified } = filetreediff.diff;
  return {
    added: pagesOf(added, accept),
    modified: pagesOf(modified, accept),
    deleted: pagesOf(deleted, accept),
    outdated: filetreediff.outdated === true,
  };
}

function pagesOf(list: unknown[] | undefined, accept: AcceptLink): DiffPage[] {
  if (list === undefined) return [];
  const pages = new Map<string, DiffPage>();
  for (const item of list.slice(0, MAX_DIFF_PAGES)) {
    const entry = fileSchema.safeParse(item);
    if (!entry.success) continue;
    const filename = builtPath(entry.data.filename);
    if (filename === undefined || pages.has(filename)) continue;
    const current = typeof entry.data.urls?.current === 'string' ? accept(entry.data.urls.current) : undefined;
    const base = typeof entry.data.urls?.base === 'string' ? accept(entry.data.urls.base) : undefined;
    pages.set(filename, { filename, ...(current ? { current } : {}), ...(base ? { base } : {}) });
  }
  // By filename, in natural order (page-2 before page-10; the keys are unique).
  return [...pages.keys()].sort(naturalCompare).map((filename) => pages.get(filename)!);
}

/** A built page's path below the version's root, without a leading `/`; undefined when it is not one (climbs out, control characters). */
function builtPath(filename: string): string | undefined {
  if (/[\u0000-\u001f\u007f\\]/.test(filename)) return undefined;
  const segments = filename.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.length === 0 || segments.includes('..')) return undefined;
  return segments.join('/');
}
