/**
 * The link check of `preview` (the changed pages) and `health` (a crawl of the default version):
 * the pages read and parsed (only an HTML page that answered 200 is a page read; its links resolved
 * against the address it was served from), then every distinct target they link to asked once, the
 * version's own before other sites', a few at a time, each with a short time limit, all within one
 * budget (and the step's deadline); then each link judged on its target's answer (link-judge.ts).
 * What is over a bound, out of time or refused by a throttled host is counted as not checked,
 * never guessed. Internal targets are on the version's host and below its root; another site is
 * asked only when `external` is set, with a limit per host and without following its redirects,
 * and only at a public address (resolved and checked as it connects: `publicOnly`), unless it is
 * a host the action talks to anyway. Requests are paced per host by `ctx.pages`, which sends no
 * token. Pages are parsed in a worker thread (page-parser.ts) under a CPU budget, so the step's
 * deadline and signals are honoured during the check whatever a page holds.
 */
import pLimit, { type LimitFunction } from 'p-limit';
import { type BrokenLink, brokenLinkText } from '../../../reporting/broken-link.js';
import type { ProjectLog } from '../../../reporting/project-log.js';
import { waitUntil } from '../../../resilience/index.js';
import type { Annotation, RunnerLog } from '../../../runner/port.js';
import { safeLine } from '../../../util/untrusted-text.js';
import type { OperationContext } from '../../types.js';
import { type Answer, LinkAnswers, type PageRead, type Unreadable, withoutHash } from './link-answers.js';
import { judge, type Judged, type Occurrence } from './link-judge.js';
import { isPrivateHost } from '../../../util/private-host.js';
import { ANNOTATION_LIMITS } from '../builds/sphinx-warnings.js';
import { type GlobList, isInScope, linkBase, pageAddress, resolveLink, type VersionScope, versionScope } from './resolve-link.js';
import { indexAnswers, type IndexUse, type SiteIndexPlan } from './site-index.js';

export { LinkAnswers } from './link-answers.js';

/** How many links were checked, how many not and why, and the broken ones. */
export interface LinkReport {
  checked: number;
  /** Links that could not be checked: bounds, time, no answer, a throttled host. */
  notChecked: number;
  broken: BrokenLink[];
  /** Links to other sites, not checked without `link-check-external` (never failing the step anyway). */
  otherSites: number;
  /** Targets `link-check-ignore` matches. */
  ignored: number;
  /** Links to other sites whose site would not tell (throttled, a server error, no answer, challenged, not confirmed): never broken. */
  unavailable: number;
  /** Other sites' targets not judged this run (unavailable, or never asked), at most 2,000: a dead one keeps its date through them (health). */
  unjudged: ReadonlySet<string>;
  /** Links to another path of the version's host (another version, the service's `/_/`, a subproject): never checked. */
  outsideVersion: number;
  /** Requests a host would not answer (still throttled when the wait ran out, or challenged): their links are not checked. */
  throttled: { docsHost: number; otherSites: number };
  /** Other sites' targets not asked: their name is or resolved to an address that is not public (their links not checked). */
  privateAddresses: number;
  /** Pages read and parsed. */
  pages: number;
  /** The plan's pages that were not read, with what they answered (a root that answered 401, 404…): the first ones... */
  unread: UnreadPage[];
  /** ...and how many in all (each counted as one link not checked). */
  unreadPages: number;
  /** Requests sent for targets (the pages read excluded; a second look included) and the index files read. */
  requests: number;
  /** The version's search index, when the plan let the check read it: what it answered (site-index.ts). */
  index?: IndexUse;
}

interface UnreadPage {
  url: string;
  status?: number;
  refused?: Answer['refused'];
  /** A page that answered 200 but was not read: over 4 MB, too large or complex to read in its budget, past the run's total. */
  unreadable?: Unreadable;
}

export interface LinkCheckPlan {
  /** The version's root URL (ending in `/`): what is below it on its host is internal. */
  root: string;
  /** A single-version project's: its root's `projects/` (subprojects) and `_/` (the service's) are not its pages. */
  singleVersion?: boolean;
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
  /**
   * A target that answered 404 or lacked its anchor is asked once more after this wait before it is
   * reported (`preview` without the service's file tree diff: the CDN serves the previous build for
   * a while after a build ends).
   */
  recheckAfterMs?: number;
  /** Statuses another site may answer that count as working (`link-check-accept`: `403`, `999`). */
  accept?: ReadonlySet<number>;
  /**
   * Another site's target that looked broken is asked again at least this long after its first
   * answer, after the rest of the check, and broken only when it still fails (`link-check-recheck`).
   */
  externalRecheckMs?: number;
  /** The version's own targets answered from its build's search index first (site-index.ts), the builder given when known. */
  index?: SiteIndexPlan;
}

/** `link-check-recheck`'s default: a site down for a moment is not dead. */
const DEFAULT_EXTERNAL_RECHECK_MS = 30_000;
/** Requests at the same time (each host's pace is the page fetcher's)... */
const CONCURRENCY = 4;
/** ...and to one other site at the same time, and at most this many of its targets. */
const PER_HOST_CONCURRENCY = 2;
const MAX_TARGETS_PER_HOST = 100;
/** One request's own limit (shortened to what is left of the budget). */
const REQUEST_TIMEOUT_MS = 5_000;
/** A page read for its links or anchors: larger ones are not parsed (counted as not checked). */
export const MAX_PAGE_BYTES = 4 * 1024 * 1024;
/** Unread pages of the plan named in the report. */
const MAX_UNREAD_KEPT = 20;

type Ask = (url: string, options: Want) => Promise<PageRead | undefined>;

/**
 * How a target is asked: with its body (its anchors are needed; a page read: its links too), as
 * another site's (no redirect followed), at a public address only (`publicOnly`).
 */
interface Want {
  body: boolean;
  external: boolean;
  links?: boolean;
  host?: string;
  publicOnly?: boolean;
}

export async function checkLinks(ctx: OperationContext, plan: LinkCheckPlan): Promise<LinkReport> {
  const scope = versionScope(plan.root, plan.singleVersion);
  const endsAt = ctx.now() + Math.min(plan.budgetMs, ctx.deadline.remainingMs());
  const remainingMs = () => Math.max(0, endsAt - ctx.now());
  const limit = pLimit(CONCURRENCY);
  const answers = plan.answers ?? new LinkAnswers({ signal: ctx.deadline.signal });
  // Requests this check sent (an answer another project of the run had already is none).
  let sent = 0;
  const fetchCounted = (url: string, options: Want) => {
    sent += 1;
    return fetchRead(ctx, answers, url, options, remainingMs());
  };
  // Out of time, nothing is asked (and nothing kept for the run's other projects).
  const ask: Ask = (url, options) =>
    limit(() => (remainingMs() <= 0 ? undefined : answers.read(url, options, () => fetchCounted(url, options))));
  const askAgain: Ask = (url, options) =>
    limit(() => (remainingMs() <= 0 ? undefined : answers.again(url, options, () => fetchCounted(url, options))));
  const read = await readPages(plan, scope, ask, (url) => answers.linksTaken(url));
  const sentForPages = sent;
  const { wants, refused } = wantsOf(plan, read.occurrences, mayAskOf(ctx, scope.root));
  const indexed = await answeredByIndex(ctx, plan, { read, wants, root: scope.root, answers, limit, remainingMs });
  const askedAt = new Map<string, number>();
  const targets = await askTargets(plan, wants, read.known, ask, (url) => askedAt.set(url, ctx.now()));
  const known = new Map([...read.known, ...refused, ...(indexed?.answers ?? []), ...targets.answers]);
  // Another site's target another project of the run asked twice already: that answer stands.
  const before = new Set([...targets.answers.keys()].filter((url) => answers.askedAgain(url, true)));
  const first = judge(plan, read.occurrences, (url) => known.get(url), before);
  const again = recheckPlan(plan, first, { askedAt, now: ctx.now(), endsAt });
  if (again === undefined) return finish(first);
  await waitUntil(() => again.at, { now: ctx.now, sleep: ctx.sleep, signal: ctx.deadline.signal });
  const asked = again.urls.map((url): [string, Want] => [url, wants.get(url) ?? { body: plan.anchors, external: false }]);
  const fresh = await askAll(asked, askAgain);
  for (const [url, answer] of fresh) known.set(url, answer);
  // Another site's target is broken only when a second answer says so too.
  const confirmed = new Set(before);
  for (const [url, want] of asked) if (want.external && fresh.has(url)) confirmed.add(url);
  return finish(judge(plan, read.occurrences, (url) => known.get(url), confirmed));

  function finish(judged: Judged): LinkReport {
    const requests = sent - sentForPages + (indexed?.use?.requests ?? 0);
    const index = indexed?.use === undefined ? {} : { index: indexed.use };
    return { ...report(judged, { ...read, requests, known, askedOthers: targets.askedOthers }), ...index };
  }
}

/**
 * What is asked a second time, and when: the version's own missing targets after
 * `recheckAfterMs` (the CDN may have served the previous build's page), other sites' broken-looking
 * ones at least `externalRecheckMs` after their first answer (a site down for a moment is not
 * dead); each only when the wait ends within the budget (another site's, not asked again, then
 * stays unavailable). Undefined when nothing is.
 */
export function recheckPlan(
  plan: Pick<LinkCheckPlan, 'recheckAfterMs' | 'externalRecheckMs' | 'external'>,
  judged: Pick<Judged, 'suspects' | 'unconfirmed'>,
  clock: { askedAt: ReadonlyMap<string, number>; now: number; endsAt: number },
): { at: number; urls: string[] } | undefined {
  const parts: { at: number; urls: string[] }[] = [];
  if (plan.recheckAfterMs !== undefined && judged.suspects.size > 0)
    parts.push({ at: clock.now + plan.recheckAfterMs, urls: [...judged.suspects] });
  if (plan.external && judged.unconfirmed.size > 0) {
    const urls = [...judged.unconfirmed];
    const last = urls.reduce((latest, url) => Math.max(latest, clock.askedAt.get(url) ?? clock.now), 0);
    parts.push({ at: Math.max(clock.now, last + (plan.externalRecheckMs ?? DEFAULT_EXTERNAL_RECHECK_MS)), urls });
  }
  const fitting = parts.filter((part) => part.at < clock.endsAt);
  if (fitting.length === 0) return undefined;
  return { at: fitting.reduce((latest, part) => Math.max(latest, part.at), 0), urls: fitting.flatMap((part) => part.urls) };
}

/**
 * With `plan.index`, the version's own pages not read that its build's search index confirms
 * (site-index.ts): answered from it and taken out of `wants`, so they are asked no more.
 */
async function answeredByIndex(
  ctx: OperationContext,
  plan: LinkCheckPlan,
  args: {
    read: { known: ReadonlyMap<string, Answer>; occurrences: readonly Occurrence[] };
    wants: Map<string, Want>;
    root: URL;
    answers: LinkAnswers;
    limit: LimitFunction;
    remainingMs: () => number;
  },
): Promise<{ answers: Map<string, Answer>; use?: IndexUse } | undefined> {
  if (plan.index === undefined) return undefined;
  const { read, wants, ...reading } = args;
  // Only pages are in an index: a file (an image, a stylesheet) is asked as before.
  const pages = new Set<string>();
  for (const { target } of read.occurrences) if (target.kind === 'internal' && target.html) pages.add(target.url);
  const pending = [...wants.keys()].filter((url) => pages.has(url) && !read.known.has(url));
  const indexed = await indexAnswers(ctx, plan.index, { ...reading, occurrences: read.occurrences, pending, anchors: plan.anchors });
  for (const url of indexed.answers.keys()) wants.delete(url);
  return indexed;
}

function report(
  judged: Judged,
  facts: {
    pages: number;
    unread: UnreadPage[];
    notRead: number;
    dropped: number;
    requests: number;
    known: Map<string, Answer>;
    askedOthers: Set<string>;
  },
): LinkReport {
  const throttled = { docsHost: 0, otherSites: 0 };
  let privateAddresses = 0;
  for (const [url, answer] of facts.known) {
    if (answer.refused === 'private') privateAddresses += 1;
    else if (answer.refused !== undefined) throttled[facts.askedOthers.has(url) ? 'otherSites' : 'docsHost'] += 1;
  }
  const { suspects: _, unconfirmed: __, ...counts } = judged;
  return {
    ...counts,
    // An unread page of the plan counts as one, each link past a page's limit as one: nothing uncounted.
    notChecked: judged.notChecked + facts.notRead + facts.dropped,
    unreadPages: facts.notRead,
    throttled,
    privateAddresses,
    pages: facts.pages,
    unread: facts.unread,
    requests: facts.requests,
  };
}

/**
 * How another site's target may be asked: as any page when it is on a host the action talks to
 * anyway (the preview's, `base-url`'s, GitHub's API: `own`); never when its host is this machine
 * or a private network as written (`private`: a pull request's page must not make a self-hosted
 * runner probe them; not checked, counted); else at a public address only (`public`), whatever
 * its name, a redirect or DNS makes of it.
 */
function mayAskOf(ctx: OperationContext, root: URL): (url: string) => 'own' | 'private' | 'public' {
  const own = new Set([
    root.origin,
    ...[ctx.inputs.baseUrl, ctx.run.apiUrl].flatMap((url) => (URL.canParse(url) ? [new URL(url).origin] : [])),
  ]);
  return (url) => {
    const target = new URL(url);
    if (own.has(target.origin)) return 'own';
    return isPrivateHost(target.hostname) ? 'private' : 'public';
  };
}

/**
 * The pages read in waves, the first one the plan's pages; with `crawl`, each next wave the
 * version's pages the last one links to, until `maxPages`. Every answer is kept (`known`), but
 * only an HTML page that answered 200 is a page read.
 */
async function readPages(plan: LinkCheckPlan, scope: VersionScope, ask: Ask, linksTaken: (url: string) => void) {
  const known = new Map<string, Answer>();
  // Each page's links, told in the order the pages were found (reads finish in any order).
  const linksOf = new Map<string, Occurrence[]>();
  // Only pages of the version are read: a page address from the service never picks another host.
  const start = [...new Set(plan.pages.map((url) => pageAddress(withoutHash(url))))].filter((url) => isInScope(scope, new URL(url)));
  const seen = new Set(start.slice(0, plan.maxPages));
  const starts = new Set(seen);
  // Where each page read was served from: a page reached twice (a redirect's end) is read once.
  const served = new Set<string>();
  const unread: UnreadPage[] = [];
  const targets = new Map<string, Occurrence['target']>();
  let notRead = Math.max(0, start.length - plan.maxPages);
  let dropped = 0;
  let wave = [...seen];
  while (wave.length > 0) {
    const next: string[] = [];
    await Promise.all(
      wave.map(async (url) => {
        if (served.has(url)) return;
        const page = await ask(url, { body: true, external: false, links: true });
        if (page !== undefined) known.set(url, page.answer);
        if (page === undefined || !page.parsed) {
          // A page of the plan that gave no page to read: its links are not checked.
          if (!starts.has(url)) return;
          notRead += 1;
          if (unread.length < MAX_UNREAD_KEPT) unread.push({ url, ...(page === undefined ? {} : unreadAnswer(page)) });
          return;
        }
        const at = pageAddress(page.url ?? url);
        if (served.has(at)) return;
        served.add(at);
        dropped += page.dropped ?? 0;
        linksOf.set(
          url,
          occurrencesOf(plan, scope, { page, at, targets }, (target) => crawled(plan, seen, next, target)),
        );
        linksTaken(url);
      }),
    );
    wave = next;
  }
  const occurrences = [...seen].flatMap((url) => linksOf.get(url) ?? []);
  return { known, occurrences, pages: served.size, unread, notRead, dropped };
}

function unreadAnswer(page: PageRead): Omit<UnreadPage, 'url'> {
  const { answer, unreadable } = page;
  return {
    ...(answer.status === undefined ? {} : { status: answer.status }),
    ...(answer.refused ? { refused: answer.refused } : {}),
    ...(unreadable === undefined ? {} : { unreadable }),
  };
}

/** The links of a page read, resolved against where it was served from (`at`); `follow` is told each page of the version it links to. */
function occurrencesOf(
  plan: LinkCheckPlan,
  scope: VersionScope,
  read: { page: PageRead; at: string; targets: Map<string, Occurrence['target']> },
  follow: (url: string) => void,
): Occurrence[] {
  const pagePath = pathBelow(scope.root, read.at);
  const against = linkBase(read.at, read.page.base);
  const occurrences: Occurrence[] = [];
  for (const link of read.page.links) {
    const resolved = resolveLink(link.href, against, scope, plan.ignore);
    if (resolved.kind === 'skipped') continue;
    const { fragment, ...where } = resolved.kind === 'internal' ? resolved : { ...resolved, fragment: undefined };
    // One target object for every link to the same place, its fragment kept on the link.
    const key = `${where.url}\0${where.kind === 'internal' ? where.path : ''}`;
    let target = read.targets.get(key);
    if (target === undefined) {
      target = where;
      read.targets.set(key, target);
    }
    occurrences.push({
      page: pagePath,
      kind: link.kind,
      target,
      ...(fragment === undefined ? {} : { fragment }),
      ...(link.text === undefined ? {} : { text: link.text }),
    });
    if (target.kind === 'internal' && link.kind === 'link' && target.html) follow(target.url);
  }
  return occurrences;
}

/** With `crawl`, a page of the version not seen yet joins the next wave, until `maxPages`. */
function crawled(plan: LinkCheckPlan, seen: Set<string>, next: string[], url: string): void {
  if (!plan.crawl || seen.has(url) || seen.size >= plan.maxPages) return;
  seen.add(url);
  next.push(url);
}

/**
 * Every distinct target not known yet, and how to ask it; another site's only with `external`, and
 * never at a private address: one whose host is private as written is `refused` at once.
 */
function wantsOf(
  plan: LinkCheckPlan,
  occurrences: readonly Occurrence[],
  mayAsk: (url: string) => 'own' | 'private' | 'public',
): { wants: Map<string, Want>; refused: Map<string, Answer> } {
  const wanted = new Map<string, Want>();
  const refused = new Map<string, Answer>();
  for (const { target, kind, fragment } of occurrences) {
    if (target.kind !== 'internal' && target.kind !== 'external') continue;
    if (target.kind === 'external' && !plan.external) continue;
    const body = plan.anchors && target.kind === 'internal' && kind === 'link' && fragment !== undefined;
    const known = wanted.get(target.url);
    if (known) known.body ||= body;
    else if (target.kind === 'internal') wanted.set(target.url, { body, external: false });
    else {
      const how = mayAsk(target.url);
      if (how === 'private') refused.set(target.url, { refused: 'private' });
      else wanted.set(target.url, { body, external: true, host: target.host, ...(how === 'public' ? { publicOnly: true } : {}) });
    }
  }
  return { wants: wanted, refused };
}

/**
 * The targets not read as pages, asked once each: the version's own first, then other sites' (at
 * most {@link MAX_TARGETS_PER_HOST} per site, so that one site's thousands of links take no place
 * of the version's), within `maxTargets` in all.
 */
async function askTargets(
  plan: LinkCheckPlan,
  wants: Map<string, Want>,
  read: ReadonlyMap<string, Answer>,
  ask: Ask,
  answered: (url: string) => void,
) {
  const pending = [...wants].filter(([url]) => !read.has(url));
  const perHost = new Map<string, number>();
  const others = pending.filter(([, want]) => {
    if (want.host === undefined) return false;
    perHost.set(want.host, (perHost.get(want.host) ?? 0) + 1);
    return perHost.get(want.host)! <= MAX_TARGETS_PER_HOST;
  });
  const asked = [...pending.filter(([, want]) => want.host === undefined), ...others].slice(0, plan.maxTargets);
  const answers = await askAll(asked, ask, answered);
  return { answers, asked: asked.length, askedOthers: new Set(others.map(([url]) => url)) };
}

/** Each target asked; another site's at most {@link PER_HOST_CONCURRENCY} at a time. */
async function askAll(asked: readonly [string, Want][], ask: Ask, answered?: (url: string) => void): Promise<Map<string, Answer>> {
  const answers = new Map<string, Answer>();
  const perHost = new Map<string, LimitFunction>();
  await Promise.all(
    asked.map(async ([url, want]) => {
      const go = async () => {
        const read = await ask(url, want);
        if (read) answers.set(url, read.answer);
        answered?.(url);
      };
      if (want.host === undefined) return go();
      const host = perHost.get(want.host) ?? pLimit(PER_HOST_CONCURRENCY);
      perHost.set(want.host, host);
      return host(go);
    }),
  );
  return answers;
}

/** One GET within what is left of the budget, its body parsed when asked for; undefined when no answer came. */
async function fetchRead(
  ctx: OperationContext,
  answers: LinkAnswers,
  url: string,
  options: Want,
  remainingMs: number,
): Promise<PageRead | undefined> {
  if (remainingMs <= 0) return undefined;
  // The run has parsed all it may: a page is not fetched for its links (not read, counted), a target only for its status.
  if (options.links && answers.spent) return { answer: {}, links: [], parsed: false, unreadable: 'run total' };
  const body = options.body && !answers.spent;
  const answer = await ctx.pages.get(url, {
    signal: ctx.deadline.signal,
    timeoutMs: Math.min(REQUEST_TIMEOUT_MS, remainingMs),
    // The host's turns and its throttles may take what is left of the budget.
    waitMs: remainingMs,
    accept: body ? 'text/html' : '*/*',
    ...(body ? { maxBodyBytes: MAX_PAGE_BYTES, bytes: true } : {}),
    ...(options.external ? { followRedirects: false } : {}),
    ...(options.publicOnly ? { publicOnly: true } : {}),
  });
  if (answer.status === undefined) {
    ctx.log.debug(safeLine(`link check: ${url}: ${answer.problem ?? 'no answer'}`, 500));
    // A host that throttled and would not give a turn in time (counted as throttled), or a private address (counted apart).
    if (answer.refused !== undefined) return { answer: { refused: answer.refused }, links: [], parsed: false };
    // Another site that is not there, or said nothing in time: what link-judge.ts reads of it.
    return options.external && answer.failed !== undefined ? { answer: { failed: answer.failed }, links: [], parsed: false } : undefined;
  }
  // A page too large to read answered: it is there, its anchors are unknown.
  return answers.parse({ ...answer, bytes: body ? answer.bytes : undefined });
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

/** The annotation's title of a broken link of the version's own pages, by what it leads to... */
const BROKEN_TITLES: Record<BrokenLink['kind'], string> = {
  page: 'Broken link',
  anchor: 'Broken anchor',
  image: 'Broken image',
  resource: 'Broken resource',
};
/** ...and of a link to another site (`link-check-external`), never failing. */
const BROKEN_EXTERNAL_TITLE = 'Broken external link';

/**
 * One annotation per broken link, at its source's line when known (the pull request's Files tab
 * shows it there): an error for one that fails the project (`fails`), else a warning; those with a
 * line first, at most GitHub's share of each level (`ANNOTATION_LIMITS`). The story counts the rest.
 */
export function annotateBroken(
  log: { annotations: Pick<RunnerLog, 'warning' | 'error'>; story: Pick<ProjectLog, 'info'> },
  broken: readonly BrokenLink[],
  fails: (link: BrokenLink) => boolean = () => false,
): void {
  const placed = [...broken.filter((link) => link.source?.line !== undefined), ...broken.filter((link) => link.source?.line === undefined)];
  const shown = { warning: 0, error: 0 };
  for (const link of placed) {
    const level = fails(link) ? 'error' : 'warning';
    if (shown[level] >= ANNOTATION_LIMITS[level]) continue;
    shown[level] += 1;
    const text = link.text === undefined ? '' : ` (“${link.text}”)`;
    const where: Annotation = {
      title: link.external ? BROKEN_EXTERNAL_TITLE : BROKEN_TITLES[link.kind],
      ...(link.source === undefined ? {} : { file: safeLine(link.source.file, 500) }),
      ...(link.source?.line === undefined ? {} : { startLine: link.source.line }),
    };
    log.annotations[level](safeLine(`${brokenLinkText(link)}${text}`, 500), where);
  }
  const left = broken.length - shown.warning - shown.error;
  const more = left === 1 ? '1 more broken link is' : `${left} more broken links are`;
  if (left > 0) log.story.info(`${more} not annotated (GitHub shows a few per step): the job summary lists them all`);
}
