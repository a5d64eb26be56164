/**
 * The link check of `preview` (the changed pages) and `health` (a crawl of the default version):
 * the pages read and parsed, then every distinct target they link to asked once, a few at a time,
 * each with a short time limit, all within one budget (and the step's deadline); what is over a
 * bound or out of time is counted as not checked, never guessed. Internal targets are on the
 * version's host and below its root; another site is asked only when `external` is set, with a
 * limit per host and without following its redirects. No token is ever sent (`ctx.pages`).
 */
import pLimit, { type LimitFunction } from 'p-limit';
import { type BrokenLink, brokenLinkText } from '../../../reporting/broken-link.js';
import type { ProjectLog } from '../../../reporting/project-log.js';
import { safeLine } from '../../../util/untrusted-text.js';
import type { OperationContext } from '../../types.js';
import { pageLinks, type PageLink } from './html-links.js';
import { isPrivateHost } from './private-host.js';
import { hasAnchor, resolveLink, type GlobList, type LinkTarget } from './resolve-link.js';

/** How many links were checked, how many not (bounds, time, no answer), and the broken ones. */
export interface LinkReport {
  checked: number;
  notChecked: number;
  broken: BrokenLink[];
  /** Pages read and parsed. */
  pages: number;
  /** Distinct targets asked (the pages read excluded). */
  requests: number;
}

export interface LinkCheckPlan {
  /** The version's root URL (ending in `/`): what is below it on its host is internal. */
  root: string;
  /** The pages whose links are checked. */
  pages: readonly string[];
  /** `health`: pages of the version linked from the pages read are read too, up to `maxPages`. */
  crawl: boolean;
  maxPages: number;
  /** Distinct targets asked at most (the rest counted as not checked). */
  maxTargets: number;
  external: boolean;
  /** Whether fragments are checked against their page's anchors. */
  anchors: boolean;
  ignore: GlobList;
  /** The time it all may take (the step's deadline too). */
  budgetMs: number;
  /** What the run has fetched already, shared by its projects (and `preview`'s look-ups): each target once per run. */
  answers?: LinkAnswers;
}

/** Requests at the same time... */
const CONCURRENCY = 4;
/** ...and to one other site at the same time, and at most this many of its targets. */
const PER_HOST_CONCURRENCY = 2;
const MAX_TARGETS_PER_HOST = 100;
/** One request's own limit (shortened to what is left of the budget). */
const REQUEST_TIMEOUT_MS = 5_000;
/** A page read for its links or anchors: larger ones are not parsed (counted as not checked). */
export const MAX_PAGE_BYTES = 4 * 1024 * 1024;
/** Broken links kept in the report (the counts go on). */
const MAX_BROKEN = 1_000;

/** One answer: the status when there was one, the anchors of a page read, or why there is none. */
interface Answer {
  status?: number;
  anchors?: ReadonlySet<string>;
}

/** A page or target as fetched: its answer, and for a page read, its links. */
interface PageRead {
  answer: Answer;
  links: readonly PageLink[];
  base?: string | undefined;
}

/**
 * What one run has fetched for its link checks, shared by its projects: each target is fetched
 * once per run however many pages (of however many projects) link to it, and a page another check
 * of the run read already (`preview`'s look-up of a changed page) is parsed from that body instead
 * of fetched again. Only the parsed answers are kept (status, anchors, links), never a body.
 */
export class LinkAnswers {
  private readonly reads = new Map<string, { body: boolean; read: Promise<PageRead | undefined> }>();

  /** A page of the version the run fetched already (answered 200, its bounded body when it was read). */
  async keep(url: string, answer: { status: number; body?: string | undefined }): Promise<void> {
    const read = parseAnswer(answer);
    this.reads.set(keyOf(url, false), { body: true, read });
    await read;
  }

  /** The answer the run has for `url`, else `fetch`'s, kept; one without a body does not serve a read of the page's anchors. */
  read(
    url: string,
    options: { body: boolean; external: boolean },
    fetch: () => Promise<PageRead | undefined>,
  ): Promise<PageRead | undefined> {
    const key = keyOf(url, options.external);
    const known = this.reads.get(key);
    if (known && (known.body || !options.body)) return known.read;
    const read = fetch();
    this.reads.set(key, { body: options.body, read });
    return read;
  }
}

/** The same URL is asked differently as another site's (no redirect followed): kept apart. */
function keyOf(url: string, external: boolean): string {
  return `${external ? 'external' : 'internal'} ${withoutHash(url)}`;
}

interface Occurrence {
  page: string;
  kind: PageLink['kind'];
  target: Extract<LinkTarget, { kind: 'internal' | 'external' }>;
}

export async function checkLinks(ctx: OperationContext, plan: LinkCheckPlan): Promise<LinkReport> {
  const root = new URL(plan.root);
  const endsAt = ctx.now() + Math.min(plan.budgetMs, ctx.deadline.remainingMs());
  const remainingMs = () => Math.max(0, endsAt - ctx.now());
  const limit = pLimit(CONCURRENCY);
  const answers = plan.answers ?? new LinkAnswers();
  // Out of time, nothing is asked (and nothing kept for the run's other projects).
  const ask: Ask = (url, options) =>
    limit(() => (remainingMs() <= 0 ? undefined : answers.read(url, options, () => fetchRead(ctx, url, options, remainingMs()))));
  const { read, occurrences, notRead } = await readPages(plan, root, ask);
  const targets = await askTargets(plan, occurrences, read, ask, mayAskOf(ctx, root));
  const report = judge(plan, occurrences, (url) => read.get(url) ?? targets.answers.get(url));
  return { ...report, notChecked: report.notChecked + notRead, pages: read.size, requests: targets.asked };
}

type Ask = (url: string, options: { body: boolean; external: boolean }) => Promise<PageRead | undefined>;

/**
 * Whether another site's target may be asked: never this machine or its private network (a pull
 * request's page must not make a self-hosted runner probe them; no answer, so *not checked*),
 * unless it is a host the action talks to anyway: the preview's, `base-url`'s, GitHub's API.
 */
function mayAskOf(ctx: OperationContext, root: URL): (url: string) => boolean {
  const own = new Set([
    root.origin,
    ...[ctx.inputs.baseUrl, ctx.run.apiUrl].flatMap((url) => (URL.canParse(url) ? [new URL(url).origin] : [])),
  ]);
  return (url) => {
    const target = new URL(url);
    return own.has(target.origin) || !isPrivateHost(target.hostname);
  };
}

/**
 * The pages read in waves, the first one the plan's pages; with `crawl`, each next wave the
 * version's pages the last one links to, until `maxPages`.
 */
async function readPages(plan: LinkCheckPlan, root: URL, ask: Ask) {
  const read = new Map<string, Answer>();
  // Each page's links, told in the order the pages were found (reads finish in any order).
  const linksOf = new Map<string, Occurrence[]>();
  // Only pages of the version are read: a page address from the service never picks another host.
  const start = [...new Set(plan.pages.map(withoutHash))].filter((url) => isBelow(root, url));
  const seen = new Set(start.slice(0, plan.maxPages));
  let notRead = Math.max(0, start.length - plan.maxPages);
  let wave = [...seen];
  while (wave.length > 0) {
    const next: string[] = [];
    await Promise.all(
      wave.map(async (url) => {
        const page = await ask(url, { body: true, external: false });
        if (page === undefined) {
          notRead += 1;
          return;
        }
        read.set(url, page.answer);
        const pagePath = pathBelow(root, url);
        const occurrences: Occurrence[] = [];
        linksOf.set(url, occurrences);
        for (const link of page.links) {
          const target = resolveLink(link.href, url, root, plan.ignore, page.base);
          if (target.kind === 'skipped') continue;
          occurrences.push({ page: pagePath, kind: link.kind, target });
          if (plan.crawl && target.kind === 'internal' && link.kind === 'link' && looksLikePage(target.path) && !seen.has(target.url)) {
            if (seen.size >= plan.maxPages) continue;
            seen.add(target.url);
            next.push(target.url);
          }
        }
      }),
    );
    wave = next;
  }
  const occurrences = [...seen].flatMap((url) => linksOf.get(url) ?? []);
  return { read, occurrences, notRead };
}

/** An answer with a body made an answer with anchors, and the page's links. */
async function parseAnswer(answer: Answer & { body?: string | undefined }): Promise<PageRead> {
  if (answer.status !== 200 || answer.body === undefined)
    return { answer: { ...(answer.status === undefined ? {} : { status: answer.status }) }, links: [] };
  const parsed = await pageLinks(answer.body);
  return { answer: { status: 200, anchors: parsed.anchors }, links: parsed.links, base: parsed.base };
}

/** Every distinct target not read as a page, asked once, within `maxTargets` (and per host for other sites). */
async function askTargets(
  plan: LinkCheckPlan,
  occurrences: Occurrence[],
  read: ReadonlyMap<string, Answer>,
  ask: Ask,
  mayAsk: (url: string) => boolean,
) {
  const wanted = new Map<string, { body: boolean; external: boolean; host?: string }>();
  for (const { target, kind } of occurrences) {
    if (read.has(target.url) || (target.kind === 'external' && (!plan.external || !mayAsk(target.url)))) continue;
    const body = plan.anchors && target.kind === 'internal' && kind === 'link' && target.fragment !== undefined;
    const known = wanted.get(target.url);
    if (known) known.body ||= body;
    else
      wanted.set(target.url, { body, external: target.kind === 'external', ...(target.kind === 'external' ? { host: target.host } : {}) });
  }
  const perHost = new Map<string, { limit: LimitFunction; count: number }>();
  const answers = new Map<string, Answer>();
  const asked = [...wanted].slice(0, plan.maxTargets).filter(([, want]) => {
    if (want.host === undefined) return true;
    const host = perHost.get(want.host) ?? { limit: pLimit(PER_HOST_CONCURRENCY), count: 0 };
    perHost.set(want.host, host);
    host.count += 1;
    return host.count <= MAX_TARGETS_PER_HOST;
  });
  await Promise.all(
    asked.map(async ([url, want]) => {
      const go = async () => {
        const read = await ask(url, want);
        if (read) answers.set(url, read.answer);
      };
      const host = want.host === undefined ? undefined : perHost.get(want.host);
      await (host ? host.limit(go) : go());
    }),
  );
  return { answers, asked: asked.length };
}

/** Each link (once per page and target) checked against the answers; those without one counted as not checked. */
function judge(plan: LinkCheckPlan, occurrences: Occurrence[], answerOf: (url: string) => Answer | undefined) {
  const broken: BrokenLink[] = [];
  let checked = 0;
  let notChecked = 0;
  const done = new Set<string>();
  for (const { page, kind, target } of occurrences) {
    if (target.kind === 'external' && !plan.external) continue;
    const fragment = target.kind === 'internal' && kind === 'link' && plan.anchors ? target.fragment : undefined;
    const shown =
      target.kind === 'internal' ? `${target.path === '' ? '/' : target.path}${fragment === undefined ? '' : `#${fragment}`}` : target.url;
    const key = `${page}\n${kind}\n${shown}`;
    if (done.has(key)) continue;
    done.add(key);
    const problem = problemOf(answerOf(target.url), kind, fragment, target.kind === 'external');
    if (problem === 'not checked') {
      notChecked += 1;
      continue;
    }
    checked += 1;
    if (problem === undefined) continue;
    if (broken.length < MAX_BROKEN) {
      broken.push({
        page,
        target: shown,
        problem,
        kind: problem === 'missing anchor' ? 'anchor' : kind === 'image' ? 'image' : 'page',
        external: target.kind === 'external',
      });
    }
  }
  return { checked, notChecked, broken };
}

/** What is wrong with one link given its target's answer; `not checked` when it tells nothing. */
function problemOf(
  answer: Answer | undefined,
  kind: PageLink['kind'],
  fragment: string | undefined,
  external: boolean,
): string | undefined {
  const status = answer?.status;
  if (status === undefined) return 'not checked';
  if (external) return status >= 400 ? `answered ${status}` : undefined;
  if (status === 404 || status === 410) return kind === 'image' ? 'missing image' : 'missing page';
  if (status >= 400 && status < 500) return `answered ${status}`;
  // A server error or a redirect off the host tells nothing about the link.
  if (status !== 200) return 'not checked';
  if (fragment === undefined) return undefined;
  if (answer?.anchors === undefined) return 'not checked';
  return hasAnchor(answer.anchors, fragment) ? undefined : 'missing anchor';
}

/** One GET, its body parsed when asked for; undefined when no answer came. */
async function fetchRead(
  ctx: OperationContext,
  url: string,
  options: { body: boolean; external: boolean },
  remainingMs: number,
): Promise<PageRead | undefined> {
  const answer = await fetchAnswer(ctx, url, options, remainingMs);
  if (answer === undefined) return undefined;
  return options.body ? parseAnswer(answer) : { answer: { status: answer.status }, links: [] };
}

/** One GET within what is left of the budget; undefined when none is left or no answer came. */
async function fetchAnswer(
  ctx: OperationContext,
  url: string,
  options: { body: boolean; external: boolean },
  remainingMs: number,
): Promise<{ status: number; body?: string } | undefined> {
  if (remainingMs <= 0) return undefined;
  const answer = await ctx.pages.get(url, {
    signal: ctx.deadline.signal,
    timeoutMs: Math.min(REQUEST_TIMEOUT_MS, remainingMs),
    accept: options.body ? 'text/html' : '*/*',
    ...(options.body ? { maxBodyBytes: MAX_PAGE_BYTES } : {}),
    ...(options.external ? { followRedirects: false } : {}),
  });
  if (answer.status === undefined) {
    ctx.log.debug(`link check: ${url}: ${answer.problem ?? 'no answer'}`);
    return undefined;
  }
  // A page too large to read answered: it is there, its anchors are unknown.
  return { status: answer.status, ...(answer.body === undefined ? {} : { body: answer.body }) };
}

function isBelow(root: URL, url: string): boolean {
  const parsed = new URL(url);
  return parsed.origin === root.origin && parsed.pathname.startsWith(root.pathname);
}

function withoutHash(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

/** The path of `url` below `root`, `/` for the root itself. */
function pathBelow(root: URL, url: string): string {
  const { pathname } = new URL(url);
  const path = pathname.startsWith(root.pathname) ? pathname.slice(root.pathname.length) : pathname;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // kept as written
  }
  return decoded === '' ? '/' : decoded;
}

/** A link the crawl follows: a folder, an `.html` page, or a name without an extension. */
function looksLikePage(path: string): boolean {
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last === '' || last.endsWith('.html') || last.endsWith('.htm') || !last.includes('.');
}

/** The annotation's title of a broken link of the version's own pages... */
const BROKEN_LINK_TITLE = 'Broken link';
/** ...and of a link to another site (`link-check-external`), never failing. */
const BROKEN_EXTERNAL_TITLE = 'Broken external link';
/** Annotations at most (one each); the job summary has the rest. */
const MAX_ANNOTATIONS = 50;

/** One warning annotation per broken link, up to {@link MAX_ANNOTATIONS}. */
export function annotateBroken(log: ProjectLog, broken: readonly BrokenLink[]): void {
  for (const link of broken.slice(0, MAX_ANNOTATIONS)) {
    log.warning(safeLine(brokenLinkText(link), 500), link.external ? BROKEN_EXTERNAL_TITLE : BROKEN_LINK_TITLE);
  }
  if (broken.length > MAX_ANNOTATIONS) log.info(`${broken.length - MAX_ANNOTATIONS} more broken links: the job summary lists them all`);
}
