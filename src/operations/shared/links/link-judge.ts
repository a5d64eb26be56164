/**
 * Each link judged on its target's answer, once per page and target: checked (working or broken),
 * not checked (no answer, a refusal, a bound), or counted apart (another site's without
 * `link-check-external`, an ignored target, another path of the version's host). Pure.
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
}

/** Broken links kept in the report (the counts go on). */
const MAX_BROKEN = 1_000;

export function judge(
  plan: { external: boolean; anchors: boolean },
  occurrences: readonly Occurrence[],
  answerOf: (url: string) => Answer | undefined,
): Judged {
  const judged: Judged = { checked: 0, notChecked: 0, broken: [], otherSites: 0, ignored: 0, outsideVersion: 0, suspects: new Set() };
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
      judgeOne(judged, { page, kind, url: target.url, external: target.kind === 'external', shown, fragment, text }, answerOf(target.url));
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
): void {
  const { external } = link;
  const problem = problemOf(answer, link.kind, link.fragment, external);
  if (problem === 'not checked') {
    judged.notChecked += 1;
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

const MISSING: Record<PageLink['kind'], string> = { link: 'missing page', image: 'missing image', resource: 'missing resource' };

/** What is wrong with one link given its target's answer; `not checked` when it tells nothing. */
function problemOf(
  answer: Answer | undefined,
  kind: PageLink['kind'],
  fragment: string | undefined,
  external: boolean,
): string | undefined {
  const status = answer?.status;
  // A throttled or challenged request says nothing about the link: it is never broken.
  if (status === undefined || answer?.refused !== undefined) return 'not checked';
  if (external) return status >= 400 ? `answered ${status}` : undefined;
  if (status === 404 || status === 410) return MISSING[kind];
  if (status >= 400 && status < 500) return `answered ${status}`;
  // A server error or a redirect off the host tells nothing about the link.
  if (status !== 200) return 'not checked';
  // A fragment into a file that is not an HTML page (a PDF's `#page=2`) is no anchor.
  if (fragment === undefined || answer?.html === false) return undefined;
  if (answer?.anchors === undefined) return 'not checked';
  return hasAnchor(answer.anchors, fragment) ? undefined : 'missing anchor';
}
