/**
 * What one run has fetched for its link checks, shared by its projects: each target is fetched
 * once per run however many pages (of however many projects) link to it, and a page another check
 * of the run read already (`preview`'s look-up of a changed page) is parsed from that body instead
 * of fetched again. Only the parsed answers are kept (status, anchors, links), never a body.
 */
import { pageLinks, type PageLink } from './html-links.js';
import { pageAddress } from './resolve-link.js';

/** One answer: the status when there was one, the anchors of a page read, or why there is none. */
export interface Answer {
  status?: number;
  /** What a fragment may name (`Anchors`: packed). */
  anchors?: { has(name: string): boolean };
  /** False when the answer is not an HTML page (its media type says so): a fragment is then no anchor. */
  html?: boolean;
  /** The host would not answer (throttled, challenged): the answer says nothing about the target. */
  refused?: 'throttled' | 'challenged';
}

/** A page or target as fetched: its answer, and for a page read (an HTML page that answered 200), its links. */
export interface PageRead {
  answer: Answer;
  links: readonly PageLink[];
  base?: string | undefined;
  /** Where it was served from after the redirects followed: the base of its relative links. */
  url?: string | undefined;
  /** Whether it is a page read: an HTML page that answered 200, parsed. */
  parsed: boolean;
}

/** An answer as the page fetcher gives it. */
export interface FetchedAnswer {
  status?: number;
  body?: string | undefined;
  url?: string | undefined;
  contentType?: string | undefined;
  refused?: 'throttled' | 'challenged' | undefined;
}

/** A read kept: with its body read (anchors, links), and whether its links went to a check already. */
interface Kept {
  body: boolean;
  read: Promise<PageRead | undefined>;
  linksGone?: boolean;
}

export class LinkAnswers {
  private readonly reads = new Map<string, Kept>();

  /** A page of the version the run fetched already (answered 200, its bounded body when it was read). */
  async keep(url: string, answer: FetchedAnswer & { status: number }): Promise<void> {
    const read = parseAnswer(answer);
    this.remember(url, false, { body: true, read });
    await read;
  }

  /** The answer the run has for `url`, else `fetch`'s, kept; one without a body does not serve a read of the page's anchors. */
  read(
    url: string,
    options: { body: boolean; external: boolean; links?: boolean },
    fetch: () => Promise<PageRead | undefined>,
  ): Promise<PageRead | undefined> {
    const known = this.reads.get(keyOf(url, options.external));
    if (known && (known.body || !options.body) && !(options.links && known.linksGone)) return known.read;
    const read = fetch();
    this.remember(url, options.external, { body: options.body, read });
    return read;
  }

  /**
   * A check took the links of the page at `url`: the run keeps its answer and anchors, not its links
   * (a crawl of hundreds of pages would hold them all). A later read for its links fetches it again.
   */
  linksTaken(url: string): void {
    const kept = this.reads.get(keyOf(url, false));
    if (kept === undefined || kept.linksGone) return;
    kept.linksGone = true;
    kept.read = kept.read.then(
      (read) => read && { answer: read.answer, links: [], ...(read.url === undefined ? {} : { url: read.url }), parsed: read.parsed },
    );
  }

  /** The next read of `url` asks again (a target the CDN may still have served from the previous build). */
  forget(url: string, external: boolean): void {
    this.reads.delete(keyOf(url, external));
  }

  /** Kept under its address, and once served, under the address it was served from (a redirect's end) when that has none. */
  private remember(url: string, external: boolean, entry: Kept): void {
    this.reads.set(keyOf(url, external), entry);
    void entry.read.then(
      (read) => {
        if (read?.url === undefined || external) return;
        const served = keyOf(read.url, false);
        if (!this.reads.has(served)) this.reads.set(served, entry);
      },
      () => undefined,
    );
  }
}

/** The same URL is asked differently as another site's (no redirect followed): kept apart. A page of the version is its one address. */
function keyOf(url: string, external: boolean): string {
  const bare = withoutHash(url);
  return external ? `external ${bare}` : `internal ${pageAddress(bare)}`;
}

export function withoutHash(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

/** An answer made a page read when it is an HTML page that answered 200 with its body; else its status (and why). */
export async function parseAnswer(answer: FetchedAnswer): Promise<PageRead> {
  const html = answer.contentType === undefined ? undefined : isHtmlType(answer.contentType);
  const facts: Answer = {
    ...(answer.status === undefined ? {} : { status: answer.status }),
    ...(html === false ? { html } : {}),
    ...(answer.refused === undefined ? {} : { refused: answer.refused }),
  };
  const url = answer.url === undefined ? {} : { url: answer.url };
  if (answer.status !== 200 || answer.body === undefined || html === false) return { answer: facts, links: [], ...url, parsed: false };
  const parsed = await pageLinks(answer.body);
  return { answer: { ...facts, anchors: parsed.anchors, html: true }, links: parsed.links, base: parsed.base, ...url, parsed: true };
}

function isHtmlType(type: string): boolean {
  return type === 'text/html' || type === 'application/xhtml+xml';
}
