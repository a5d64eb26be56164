/**
 * What one run has fetched for its link checks, shared by its projects: each target is fetched
 * once per run however many pages (of however many projects) link to it, and a page another check
 * of the run read already (`preview`'s look-up of a changed page) is parsed from that body instead
 * of fetched again, and only once (the root read as `/` is not read again as `index.html`). Pages
 * are parsed in the run's parser worker (page-parser.ts); what is kept of them is what the worker
 * sends back (status, the hashes of the anchors, the links, all copies): never a body, nor a piece
 * of one. The run parses at most {@link MAX_RUN_PARSE_BYTES} in all: past it, a page is not read
 * (its links not checked, counted).
 */
import { AnchorSet } from './anchor-set.js';
import type { PageLink } from './html-links.js';
import { PageParser } from './page-parser.js';
import { pageAddress } from './resolve-link.js';

/** One answer: the status when there was one, the anchors of a page read, or why there is none. */
export interface Answer {
  status?: number;
  /** What a fragment may name (`AnchorSet`: hashes). */
  anchors?: { has(name: string): boolean };
  /** False when the answer is not an HTML page (its media type says so): a fragment is then no anchor. */
  html?: boolean;
  /**
   * The host would not answer (throttled, challenged), or was not asked (`private`: its name
   * resolved to an address that is not public): the answer says nothing about the target.
   */
  refused?: 'throttled' | 'challenged' | 'private';
  /**
   * No answer came: the host is not there (`no such host`, `connection refused`), or it said
   * nothing in time (`no answer`: a timeout, a reset). Kept for other sites' targets.
   */
  failed?: Failed;
}

/** Why no answer came (the page fetcher's `failed`). */
type Failed = 'no such host' | 'connection refused' | 'no answer';

/** Why a page that answered 200 was not read: over the size read, too large or complex to read in its budget, past the run's total. */
export type Unreadable = 'too large' | 'too complex' | 'run total';

/** A page or target as fetched: its answer, and for a page read (an HTML page that answered 200), its links. */
export interface PageRead {
  answer: Answer;
  links: readonly PageLink[];
  base?: string | undefined;
  /** Where it was served from after the redirects followed: the base of its relative links. */
  url?: string | undefined;
  /** Whether it is a page read: an HTML page that answered 200, parsed. */
  parsed: boolean;
  /** An HTML page that answered 200 but was not read, and why. */
  unreadable?: Unreadable;
  /** Links of the page beyond the parser's limit per page: not kept, each counted as not checked. */
  dropped?: number;
}

/** An answer as the page fetcher gives it. */
export interface FetchedAnswer {
  status?: number;
  bytes?: Uint8Array | undefined;
  /** A 200 whose body was over the size read. */
  tooLarge?: true | undefined;
  url?: string | undefined;
  contentType?: string | undefined;
  refused?: Answer['refused'] | undefined;
}

/** A read kept: with its body read (anchors, links), and whether its links went to a check already. */
interface Kept {
  body: boolean;
  read: Promise<PageRead | undefined>;
  linksGone?: boolean;
}

/** Bytes of pages one run parses at most (each page at most 4 MB): past it, pages are not read. */
const MAX_RUN_PARSE_BYTES = 64 * 1024 * 1024;

/** The process's parser: one worker, started on the first page, idle it holds nothing up. */
const parser = new PageParser();

export class LinkAnswers {
  private readonly reads = new Map<string, Kept>();
  private readonly second = new Map<string, Promise<PageRead | undefined>>();
  private parsedBytes = 0;
  private readonly signal: AbortSignal;
  private readonly maxParseBytes: number;
  private readonly parser: Pick<PageParser, 'parse'>;

  /**
   * `signal`: the step's deadline and cancellation, which end a page's reading. `parser`: where pages
   * are read, the process's worker unless a test gives another (a page cut short, without a page
   * that takes seconds).
   */
  constructor(options: { signal?: AbortSignal; maxParseBytes?: number; parser?: Pick<PageParser, 'parse'> } = {}) {
    this.signal = options.signal ?? new AbortController().signal;
    this.maxParseBytes = options.maxParseBytes ?? MAX_RUN_PARSE_BYTES;
    this.parser = options.parser ?? parser;
  }

  /**
   * A page of the version the run fetched already (answered 200, its bounded body when it was
   * read): parsed unless the run has it read already, under this address or another of the same page.
   */
  async keep(url: string, answer: FetchedAnswer & { status: number }): Promise<void> {
    const known = this.reads.get(keyOf(url, false)) ?? (answer.url === undefined ? undefined : this.reads.get(keyOf(answer.url, false)));
    if (known?.body === true) {
      await known.read;
      return;
    }
    const read = this.parse(answer);
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

  /**
   * `url` asked a second time (a target the CDN may still have served from the previous build,
   * another site's that looked dead), once in the run: a check that asks again what another asked
   * again already (or is asking) gets that answer, and the run keeps it as the target's answer.
   */
  again(
    url: string,
    options: { body: boolean; external: boolean },
    fetch: () => Promise<PageRead | undefined>,
  ): Promise<PageRead | undefined> {
    const key = keyOf(url, options.external);
    const known = this.second.get(key);
    if (known !== undefined) return known;
    this.reads.delete(key);
    const read = this.read(url, options, fetch);
    this.second.set(key, read);
    return read;
  }

  /** Whether the run asked `url` a second time: what it has of it is that answer. */
  askedAgain(url: string, external: boolean): boolean {
    return this.second.has(keyOf(url, external));
  }

  /** Whether the run has parsed all it may: a page is then not fetched for its links, a target not for its anchors. */
  get spent(): boolean {
    return this.parsedBytes >= this.maxParseBytes;
  }

  /**
   * An answer made a page read when it is an HTML page that answered 200 with its body, parsed in the
   * worker; else its status (and why it was not read).
   */
  async parse(answer: FetchedAnswer): Promise<PageRead> {
    const html = answer.contentType === undefined ? undefined : isHtmlType(answer.contentType);
    const facts: Answer = {
      ...(answer.status === undefined ? {} : { status: answer.status }),
      ...(html === false ? { html } : {}),
      ...(answer.refused === undefined ? {} : { refused: answer.refused }),
    };
    const unread = (unreadable?: Unreadable): PageRead => ({
      answer: facts,
      links: [],
      ...(answer.url === undefined ? {} : { url: answer.url }),
      parsed: false,
      ...(unreadable === undefined ? {} : { unreadable }),
    });
    if (answer.status !== 200 || html === false) return unread();
    if (answer.tooLarge === true) return unread('too large');
    if (answer.bytes === undefined) return unread();
    if (this.parsedBytes + answer.bytes.byteLength > this.maxParseBytes) {
      // Spent: the next pages are not fetched for their links.
      this.parsedBytes = this.maxParseBytes;
      return unread('run total');
    }
    this.parsedBytes += answer.bytes.byteLength;
    const outcome = await this.parser.parse(answer.bytes, { signal: this.signal });
    // Cut short (its budget, its time, the worker's heap): the page's own size or shape took more than a page may.
    if ('cut' in outcome) return unread('too complex');
    const { links, anchors, base, dropped } = outcome.page;
    return {
      answer: { ...facts, anchors: new AnchorSet(anchors), html: true },
      links,
      base,
      ...(answer.url === undefined ? {} : { url: answer.url }),
      parsed: true,
      ...(dropped > 0 ? { dropped } : {}),
    };
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

function isHtmlType(type: string): boolean {
  return type === 'text/html' || type === 'application/xhtml+xml';
}
