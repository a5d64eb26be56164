/**
 * What a documentation page links to and what it can be linked to: its `<a href>`, `<img src>` and
 * `srcset` candidates, what it needs to render (stylesheets, scripts, icons, `<object data>`,
 * `<source>`, `<video>` and `<audio>`), and every `id` (and `<a name>`) a fragment may name. Read
 * with htmlparser2's `Tokenizer` alone: the tags as browsers tokenise them (entities, comments,
 * scripts, unclosed tags), with no tree and no stack of open elements, so in time linear in the
 * page whatever its nesting (the `Parser` on top of it keeps its stack with `unshift`: a page of
 * 240,000 nested elements held the CPU for 85 s). Never regular expressions. A page of a pull
 * request is hostile input: bounded before it gets here, read in slices between which the caller's
 * budget is asked, and bounded again in what is kept of it (a link's text included). It runs in the parser's worker
 * (parse-worker.ts), whose Node strips types only: no TypeScript-only syntax, and `.ts` imports.
 */
import { type TokenizerCallbacks, Tokenizer } from 'htmlparser2';
import { anchorHashes } from './anchor-set.ts';

/** A link as the page writes it: a link to follow, an image, or a resource the page loads. */
export interface PageLink {
  kind: 'link' | 'image' | 'resource';
  /** The attribute's value, entities decoded, as written (relative or absolute). */
  href: string;
  /** What a reader sees of it: a link's text (an image's `alt` inside it included, a `<script>`'s or `<style>`'s text not), an image's `alt`; bounded, spaces collapsed. */
  text?: string;
}

export interface PageLinks {
  links: PageLink[];
  /** The hashes of every `id` of the page and every `<a name>` (anchor-set.ts): what a fragment may name. */
  anchors: Float64Array;
  /** The first `<base href>`, which relative links resolve against. */
  base?: string;
  /** Links beyond {@link MAX_LINKS_PER_PAGE}, not kept (each counted as not checked). */
  dropped: number;
}

/** Links kept of one page (a generated index can hold thousands). */
const MAX_LINKS_PER_PAGE = 5_000;
/** Anchors kept of one page. */
const MAX_ANCHORS_PER_PAGE = 50_000;
/** Longer attribute values are not links (nor anchors) anyone meant. */
const MAX_VALUE_LENGTH = 4_096;
/** A link's text kept, in characters (what a reader needs to find it on the page)... */
const MAX_TEXT_LENGTH = 80;
/** ...read of it at most, spaces included. */
const MAX_TEXT_READ = 400;
/** The page is given to the tokenizer this many characters at a time; the budget is asked between two. */
const SLICE_CHARACTERS = 64 * 1024;

/** The elements whose attributes are read (`image` is `img`, as browsers have it); of the others, only `id`. */
const READ_ELEMENTS = new Set(['a', 'base', 'img', 'image', 'link', 'script', 'video', 'audio', 'object', 'source']);
/** The attributes read. */
const READ_ATTRIBUTES = ['id', 'name', 'href', 'src', 'srcset', 'rel', 'data', 'alt'] as const;
type ReadAttribute = (typeof READ_ATTRIBUTES)[number];
/**
 * The elements whose text no reader sees (a browser that runs scripts and shows frames and embeds
 * shows none of their fallbacks): the tokenizer reads it as raw text up to their end tag.
 */
const HIDDEN_TEXT = new Set(['script', 'style', 'iframe', 'noembed', 'noframes']);
/** The longest name read (`noframes`): a longer tag or attribute name is never sliced out of the page. */
const LONGEST_NAME = 8;

export interface ReadOptions {
  /** Asked between two slices of the page: true stops the reading (the page is cut short). */
  overBudget?: () => boolean;
}

/** The links and anchors of an HTML text; `undefined` when the budget cut the reading short. */
export function pageLinks(html: string, options: ReadOptions = {}): PageLinks | undefined {
  const reader = new LinkReader(html);
  const tokenizer = new Tokenizer({ decodeEntities: true }, reader);
  for (let at = 0; at < html.length; at += SLICE_CHARACTERS) {
    tokenizer.write(html.slice(at, at + SLICE_CHARACTERS));
    if (options.overBudget?.() === true) return undefined;
  }
  tokenizer.end();
  reader.closeLink();
  const { links, base, dropped } = reader;
  return { links, anchors: anchorHashes(reader.anchors), dropped, ...(base === undefined ? {} : { base }) };
}

/**
 * The tokenizer's callbacks: the positions it gives are in the whole page (`html`), from which
 * only the names and values read are sliced, each value at most {@link MAX_VALUE_LENGTH} long.
 */
class LinkReader implements TokenizerCallbacks {
  readonly links: PageLink[] = [];
  readonly anchors = new Set<string>();
  base: string | undefined;
  /** The first `<base href>` was seen (one too long to read counts: no later one is taken). */
  private baseSeen = false;
  dropped = 0;
  private readonly html: string;
  /** The element whose attributes are read now: one of {@link READ_ELEMENTS}, or '' (only its `id`). */
  private element = '';
  /** Inside a `<script>` or `<style>` (its start tag read, its end tag not yet): no link's text. */
  private hidden = false;
  /** Its attributes read so far: the first of each name counts, as browsers have it. */
  private values: Partial<Record<ReadAttribute, string>> = {};
  /** The attribute being read, and its value so far (`undefined` once over the length allowed). */
  private attribute: ReadAttribute | undefined;
  private value: string | undefined = '';
  /** The `<a>` whose text is being read (an `<a>` inside it ends it, as browsers have it). */
  private open: { link: PageLink; text: string } | undefined;

  constructor(html: string) {
    this.html = html;
  }

  onopentagname(start: number, endIndex: number): void {
    const name = this.nameAt(start, endIndex);
    // Its text is the next the tokenizer gives (no text comes between a start tag's name and its end).
    this.hidden = HIDDEN_TEXT.has(name);
    this.element = READ_ELEMENTS.has(name) ? (name === 'image' ? 'img' : name) : '';
    this.values = {};
    this.attribute = undefined;
  }

  onattribname(start: number, endIndex: number): void {
    const name = this.nameAt(start, endIndex) as ReadAttribute;
    const wanted = READ_ATTRIBUTES.includes(name) && (this.element !== '' || name === 'id') && !(name in this.values);
    this.attribute = wanted ? name : undefined;
    this.value = '';
  }

  onattribdata(start: number, endIndex: number): void {
    if (this.attribute === undefined || this.value === undefined) return;
    this.value = endIndex - start + this.value.length > MAX_VALUE_LENGTH ? undefined : this.value + this.html.slice(start, endIndex);
  }

  onattribentity(codepoint: number): void {
    if (this.attribute === undefined || this.value === undefined) return;
    const text = String.fromCodePoint(codepoint);
    this.value = this.value.length + text.length > MAX_VALUE_LENGTH ? undefined : this.value + text;
  }

  onattribend(): void {
    // A value over the length allowed is read as none, but still the first of its name.
    if (this.attribute !== undefined) this.values[this.attribute] = this.value ?? TOO_LONG;
    this.attribute = undefined;
  }

  onopentagend(): void {
    this.tagRead();
  }

  // HTML ignores the `/` of `<img/>`: the tag ends as any other.
  onselfclosingtag(): void {
    this.tagRead();
  }

  onclosetag(start: number, endIndex: number): void {
    // Inside a `<script>` or `<style>`, the tokenizer gives no tag before its end tag.
    this.hidden = false;
    if (this.nameAt(start, endIndex) === 'a') this.closeLink();
  }

  oncdata(): void {}
  oncomment(): void {}
  ondeclaration(): void {}
  onprocessinginstruction(): void {}

  ontext(start: number, endIndex: number): void {
    if (this.open === undefined || this.hidden) return;
    const room = MAX_TEXT_READ - this.open.text.length;
    if (room > 0) this.open.text += this.html.slice(start, Math.min(endIndex, start + room));
  }

  ontextentity(codepoint: number): void {
    this.readText(String.fromCodePoint(codepoint));
  }

  onend(): void {}

  /** The open `<a>`'s text is all read: kept on its link. */
  closeLink(): void {
    if (this.open) setText(this.open.link, this.open.text);
    this.open = undefined;
  }

  private readText(text: string): void {
    if (this.open && this.open.text.length < MAX_TEXT_READ) this.open.text += text.slice(0, MAX_TEXT_READ - this.open.text.length);
  }

  private tagRead(): void {
    const { values } = this;
    this.anchor(values.id);
    if (this.element === 'a') {
      this.anchor(values.name);
      this.closeLink();
      const link = this.keep('link', values.href);
      if (link) this.open = { link, text: '' };
    } else if (this.element === 'base') {
      if (!this.baseSeen && values.href !== undefined) {
        this.baseSeen = true;
        if (values.href !== TOO_LONG) this.base = values.href;
      }
    } else if (this.element !== '') {
      // An image's `alt` is its text, and the text of the link around it.
      const alt = values.alt === undefined || values.alt === TOO_LONG ? undefined : values.alt;
      if (this.element === 'img' && alt !== undefined) this.readText(` ${alt} `);
      for (const [kind, url] of loaded(this.element, values)) {
        const link = this.keep(kind, url);
        if (link && kind === 'image' && alt !== undefined) setText(link, alt.slice(0, MAX_TEXT_READ));
      }
    }
    this.element = '';
    this.values = {};
  }

  /** A tag or attribute name, lower case; '' for one longer than any read (never sliced). */
  private nameAt(start: number, end: number): string {
    return end - start > LONGEST_NAME ? '' : asciiLower(this.html.slice(start, end));
  }

  private keep(kind: PageLink['kind'], href: string | undefined): PageLink | undefined {
    if (href === undefined || href === TOO_LONG) return undefined;
    if (this.links.length >= MAX_LINKS_PER_PAGE) {
      this.dropped += 1;
      return undefined;
    }
    const link: PageLink = { kind, href };
    this.links.push(link);
    return link;
  }

  private anchor(name: string | undefined): void {
    if (name !== undefined && name !== '' && name !== TOO_LONG && this.anchors.size < MAX_ANCHORS_PER_PAGE) this.anchors.add(name);
  }
}

/** `text` (at most {@link MAX_TEXT_READ} characters, as read) as the link's, spaces collapsed, at most {@link MAX_TEXT_LENGTH} characters (an ellipsis past them); none when empty. */
function setText(link: PageLink, text: string): void {
  // The read stops at a count of UTF-16 units: half a character cut there is no text.
  const words = text
    .replace(/[\uD800-\uDBFF]$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (words === '') return;
  const characters = [...words];
  link.text = characters.length <= MAX_TEXT_LENGTH ? words : `${characters.slice(0, MAX_TEXT_LENGTH - 1).join('')}…`;
}

/** HTML's names and keywords compare in ASCII case only: `toLowerCase` would read the Kelvin sign (U+212A) in `<lin&#x212A;>` as `k`. */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (upper) => upper.toLowerCase());
}

/** What a value over {@link MAX_VALUE_LENGTH} is read as: compared by identity, never a link or an anchor. */
const TOO_LONG = '\u0000too long\u0000';

/** What an element other than `<a>` and `<base>` loads: images, and the resources a page needs to render. */
function loaded(name: string, values: Partial<Record<ReadAttribute, string>>): [PageLink['kind'], string | undefined][] {
  const srcset = (kind: PageLink['kind']) =>
    values.srcset === undefined || values.srcset === TOO_LONG
      ? []
      : srcsetUrls(values.srcset).map((url): [PageLink['kind'], string] => [kind, url]);
  switch (name) {
    case 'img':
      return [['image', values.src], ...srcset('image')];
    case 'link': {
      const rel = asciiLower(values.rel ?? '').split(/[\t\n\f\r ]+/);
      return rel.includes('stylesheet') || rel.includes('icon') ? [['resource', values.href]] : [];
    }
    case 'script':
    case 'video':
    case 'audio':
      return [['resource', values.src]];
    case 'object':
      return [['resource', values.data]];
    case 'source':
      return [['resource', values.src], ...srcset('resource')];
    default:
      return [];
  }
}

/**
 * The URLs of a `srcset` (`a.png 1x, b.png 2x`): each candidate is a URL (no spaces), then its
 * descriptors up to the next comma. One pass over the text.
 */
function srcsetUrls(text: string): string[] {
  const urls: string[] = [];
  let i = 0;
  const space = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
  while (i < text.length) {
    while (i < text.length && (space(text[i]) || text[i] === ',')) i++;
    const start = i;
    while (i < text.length && !space(text[i])) i++;
    let end = i;
    // A URL that ends with commas has no descriptors: the commas end the candidate.
    while (end > start && text[end - 1] === ',') end--;
    const bare = end < i;
    if (end > start) urls.push(text.slice(start, end));
    if (bare) continue;
    while (i < text.length && text[i] !== ',') i++;
  }
  return urls;
}
