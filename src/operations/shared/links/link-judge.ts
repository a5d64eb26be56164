/**
 * Each link judged on its target's answer, once per page and target: checked (working or broken),
 * not checked (no answer, a refusal, a bound), or counted apart (another site's without
 * `link-check-external`, an ignored target, another path of the version's host). A link to another
 * site is broken only when its site says the page is gone (404, 410, another client error that
 * `link-check-accept` does not accept) or the site is not there (no such host, connection refused),
 * and only once a second ask agrees (`confirmed`); a site that throttles, fails (5xx), times out
 * or challenges is *unavailable*: counted apart, never broken. Pure.
 */
import type { BrokenLink } from '../../../reporting/broken-link.js';
import type { PageLink } from './html-links.js';
import type { Answer } from './link-answers.js';
import { hasAnchor, type LinkTarget } from './resolve-link.js';

/**
 * A link of a page read: the page (below the version's root), what kind of link, where it leads
 * (one object for every link to the same place: a crawl holds tens of thousands) and its fragment.
 */
export interface Occurrence {
  page: string;
  kind: PageLink['kind'];
  target: Exclude<LinkTarget, { kind: 'skipped' }>;
  fragment?: string;
  /** What a reader sees of the link (`PageLink['text']`). */
  text?: string;
}

export interface Judged {
  checked: number;
  notChecked: number;
  broken: BrokenLink[];
  otherSites: number;
  ignored: number;
  outsideVersion: number;
  /** The version's own targets that answered 404 or 410 or lacked an anchor: worth asking once more when the CDN may lag. */
  suspects: Set<string>;
  /** Links to other sites not checked because the site would not tell (throttled, 5xx, no answer, challenged, not confirmed). */
  unavailable: number;
  /** Other sites' targets that looked broken but were not asked again yet: broken only once a second ask agrees. */
  unconfirmed: Set<string>;
  /**
   * Other sites' targets this check could not judge: unavailable (as counted above, the unconfirmed
   * included) or not asked (a bound, out of time, a private address); at most {@link MAX_UNJUDGED}.
   * A dead one `health`'s issue listed keeps its first day through them (dead-links.ts).
   */
  unjudged: Set<string>;
}

/** How other sites' answers are read: the statuses counted as working (`link-check-accept`). */
interface ExternalPolicy {
  external: boolean;
  anchors: boolean;
  accept?: ReadonlySet<number>;
}

/** Broken links kept in the report (the counts go on). */
const MAX_BROKEN = 1_000;
/** Targets not judged kept in the report: as many as `health`'s issue keeps dates of. */
const MAX_UNJUDGED = 2_000;

/** `confirmed`: other sites' targets asked a second time, whose answer is that one: only they may be broken. */
export function judge(
  plan: ExternalPolicy,
  occurrences: readonly Occurrence[],
  answerOf: (url: string) => Answer | undefined,
  confirmed: ReadonlySet<string> = new Set(),
): Judged {
  const judged: Judged = {
    checked: 0,
    notChecked: 0,
    broken: [],
    otherSites: 0,
    ignored: 0,
    outsideVersion: 0,
    suspects: new Set(),
    unavailable: 0,
    unconfirmed: new Set(),
    unjudged: new Set(),
  };
  const external = { accept: plan.accept ?? new Set<number>(), confirmed };
  // Once per page and target: the occurrences come page after page, so the set holds one page's.
  let done = new Set<string>();
  let current: string | undefined;
  for (const { page, kind, target, fragment: written, text } of occurrences) {
    if (page !== current) {
      done = new Set();
      current = page;
    }
    const fragment = target.kind === 'internal' && kind === 'link' && plan.anchors ? written : undefined;
    const shown =
      target.kind === 'internal' ? `${target.path === '' ? '/' : target.path}${fragment === undefined ? '' : `#${fragment}`}` : target.url;
    const key = `${kind}\n${target.kind}\n${shown}`;
    if (done.has(key)) continue;
    done.add(key);
    if (target.kind === 'ignored') judged.ignored += 1;
    else if (target.kind === 'outside') judged.outsideVersion += 1;
    else if (target.kind === 'external' && !plan.external) judged.otherSites += 1;
    else
      judgeOne(
        judged,
        { page, kind, url: target.url, external: target.kind === 'external', shown, fragment, text },
        answerOf(target.url),
        external,
      );
  }
  return judged;
}

function judgeOne(
  judged: Judged,
  link: {
    page: string;
    kind: PageLink['kind'];
    url: string;
    external: boolean;
    shown: string;
    fragment?: string | undefined;
    text?: string | undefined;
  },
  answer: Answer | undefined,
  policy: { accept: ReadonlySet<number>; confirmed: ReadonlySet<string> },
): void {
  const { external } = link;
  const problem = external ? externalProblem(answer, policy.accept) : problemOf(answer, link.kind, link.fragment);
  if (problem === 'not checked') {
    judged.notChecked += 1;
    if (external) unjudged(judged, link.url);
    return;
  }
  if (problem === UNAVAILABLE || (external && problem !== undefined && !policy.confirmed.has(link.url))) {
    // Broken-looking but not asked twice yet: the checker asks it again later, and only then may it be broken.
    if (problem !== UNAVAILABLE) judged.unconfirmed.add(link.url);
    judged.unavailable += 1;
    unjudged(judged, link.url);
    return;
  }
  judged.checked += 1;
  if (problem === undefined) return;
  if (!external && (problem.startsWith('missing ') || answer?.status === 410)) judged.suspects.add(link.url);
  if (judged.broken.length < MAX_BROKEN) {
    const kind = problem === 'missing anchor' ? 'anchor' : link.kind === 'image' ? 'image' : link.kind === 'resource' ? 'resource' : 'page';
    judged.broken.push({
      page: link.page,
      target: link.shown,
      problem,
      kind,
      external,
      ...(link.text === undefined ? {} : { text: link.text }),
    });
  }
}

/** Another site's target this check could not judge, kept while there is room. */
function unjudged(judged: Judged, url: string): void {
  if (judged.unjudged.size < MAX_UNJUDGED) judged.unjudged.add(url);
}

const MISSING: Record<PageLink['kind'], string> = { link: 'missing page', image: 'missing image', resource: 'missing resource' };

/** What an other site's answer that says nothing of the link is: the site would not tell. */
const UNAVAILABLE = 'unavailable';

/**
 * What is wrong with a link to another site given its answer: `answered 404`, `no such host`…;
 * `unavailable` when the site would not tell (throttled, challenged, a server error, no answer in
 * time); `not checked` when it was not asked (a bound, a private address); undefined when it works
 * (a status below 400, a redirect not followed, or one `accept` counts as working).
 */
export function externalProblem(answer: Answer | undefined, accept: ReadonlySet<number>): string | undefined {
  if (answer === undefined || answer.refused === 'private') return 'not checked';
  const status = answer.status;
  if (status !== undefined && accept.has(status)) return undefined;
  if (answer.refused !== undefined || answer.failed === 'no answer') return UNAVAILABLE;
  if (answer.failed !== undefined) return answer.failed;
  if (status === undefined) return 'not checked';
  if (status === 429 || (status >= 500 && status < 600)) return UNAVAILABLE;
  return status >= 400 ? `answered ${status}` : undefined;
}

/** What is wrong with a link to the version's own pages given its target's answer; `not checked` when it tells nothing. */
function problemOf(answer: Answer | undefined, kind: PageLink['kind'], fragment: string | undefined): string | undefined {
  const status = answer?.status;
  // A throttled or challenged request says nothing about the link: it is never broken.
  if (status === undefined || answer?.refused !== undefined) return 'not checked';
  if (status === 404 || status === 410) return MISSING[kind];
  if (status >= 400 && status < 500) return `answered ${status}`;
  // A server error or a redirect off the host tells nothing about the link.
  if (status !== 200) return 'not checked';
  // A fragment into a file that is not an HTML page (a PDF's `#page=2`) is no anchor.
  if (fragment === undefined || answer?.html === false) return undefined;
  if (answer?.anchors === undefined) return 'not checked';
  return hasAnchor(answer.anchors, fragment) ? undefined : 'missing anchor';
}
