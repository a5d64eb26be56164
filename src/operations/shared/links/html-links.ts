/**
 * What a documentation page links to and what it can be linked to: its `<a href>`, `<img src>` and
 * `srcset` candidates, what it needs to render (stylesheets, scripts, icons, `<object data>`,
 * `<source>`, `<video>` and `<audio>`), and every `id` (and `<a name>`) a fragment may name. Parsed with
 * htmlparser2's streaming parser (linear time, no tree kept), never with regular expressions: a
 * page of a pull request is hostile input, bounded before it gets here and bounded again in what
 * is kept of it.
 */

/** A link as the page writes it: a link to follow, an image, or a resource the page loads. */
export interface PageLink {
  kind: 'link' | 'image' | 'resource';
  /** The attribute's value, entities decoded, as written (relative or absolute). */
  href: string;
  /** What a reader sees of it: a link's text (an image's `alt` inside it included), an image's `alt`; bounded, spaces collapsed. */
  text?: string;
}

export interface PageLinks {
  links: PageLink[];
  /** Every `id` of the page and every `<a name>`: what a fragment may name. */
  anchors: Anchors;
  /** The first `<base href>`, which relative links resolve against. */
  base?: string;
  /** Links beyond {@link MAX_LINKS_PER_PAGE}, not kept. */
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

/** The links and anchors of an HTML text. htmlparser2 is loaded on first use, so the bundle's entry stays small. */
export async function pageLinks(html: string): Promise<PageLinks> {
  const { Parser } = await import('htmlparser2');
  const found: Omit<PageLinks, 'anchors'> = { links: [], dropped: 0 };
  const anchors = new Set<string>();
  const keep = (kind: PageLink['kind'], href: string | undefined): PageLink | undefined => {
    if (href === undefined || href.length > MAX_VALUE_LENGTH) return undefined;
    if (found.links.length >= MAX_LINKS_PER_PAGE) {
      found.dropped += 1;
      return undefined;
    }
    const link: PageLink = { kind, href: detached(href) };
    found.links.push(link);
    return link;
  };
  // The `<a>` whose text is being read (an `<a>` inside it ends it, as browsers have it).
  let open: { link: PageLink; text: string } | undefined;
  const close = () => {
    if (open) setText(open.link, open.text);
    open = undefined;
  };
  const read = (text: string | undefined) => {
    if (open && text !== undefined && open.text.length < MAX_TEXT_READ) open.text += text.slice(0, MAX_TEXT_READ - open.text.length);
  };
  const anchor = (name: string | undefined) => {
    if (name !== undefined && name !== '' && name.length <= MAX_VALUE_LENGTH && anchors.size < MAX_ANCHORS_PER_PAGE) anchors.add(name);
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        anchor(attributes.id);
        if (name === 'a') {
          anchor(attributes.name);
          close();
          const link = keep('link', attributes.href);
          if (link) open = { link, text: '' };
        } else if (name === 'base') {
          if (found.base === undefined && attributes.href !== undefined) found.base = detached(attributes.href);
        } else {
          // An image's `alt` is its text, and the text of the link around it.
          if (name === 'img') read(attributes.alt === undefined ? undefined : ` ${attributes.alt} `);
          for (const [kind, url] of loaded(name, attributes)) {
            const link = keep(kind, url);
            if (link && kind === 'image' && attributes.alt !== undefined) setText(link, attributes.alt);
          }
        }
      },
      ontext: read,
      onclosetag(name) {
        if (name === 'a') close();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  close();
  return { ...found, anchors: new Anchors(anchors) };
}

/** `text` as the link's, spaces collapsed, at most {@link MAX_TEXT_LENGTH} characters (an ellipsis past them); none when empty. */
function setText(link: PageLink, text: string): void {
  const words = text.slice(0, MAX_TEXT_READ).replace(/\s+/g, ' ').trim();
  if (words === '') return;
  const characters = [...words];
  link.text = detached(characters.length <= MAX_TEXT_LENGTH ? words : `${characters.slice(0, MAX_TEXT_LENGTH - 1).join('')}…`);
}

/**
 * The anchors of a page, packed: their names sorted and joined in one string, and where each one
 * starts. A crawl keeps the anchors of every page it reads; as a set of strings they would cost
 * several times as much. Looked up by binary search: a hostile page's 50,000 anchors cost 16
 * comparisons a link.
 */
export class Anchors {
  private readonly text: string;
  private readonly starts: Uint32Array;

  constructor(names: Iterable<string>) {
    // Joined: a copy, which holds nothing of the page it was read from.
    const sorted = [...names].sort();
    this.text = sorted.join('\0');
    this.starts = new Uint32Array(sorted.length + 1);
    let at = 0;
    for (const [i, name] of sorted.entries()) {
      this.starts[i] = at;
      at += name.length + 1;
    }
    this.starts[sorted.length] = at;
  }

  get size(): number {
    return this.starts.length - 1;
  }

  has(name: string): boolean {
    for (let low = 0, high = this.size - 1; low <= high; ) {
      const middle = (low + high) >>> 1;
      const value = this.nameAt(middle);
      if (value === name) return true;
      if (value < name) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }

  *[Symbol.iterator](): IterableIterator<string> {
    for (let i = 0; i < this.size; i++) yield this.nameAt(i);
  }

  private nameAt(i: number): string {
    return this.text.slice(this.starts[i], this.starts[i + 1]! - 1);
  }
}

/** What an element other than `<a>` and `<base>` loads: images, and the resources a page needs to render. */
function loaded(name: string, attributes: Record<string, string>): [PageLink['kind'], string | undefined][] {
  const srcset = (kind: PageLink['kind']) =>
    attributes.srcset === undefined ? [] : srcsetUrls(attributes.srcset).map((url): [PageLink['kind'], string] => [kind, url]);
  switch (name) {
    case 'img':
      return [['image', attributes.src], ...srcset('image')];
    case 'link': {
      const rel = (attributes.rel ?? '').toLowerCase().split(/[\t\n\f\r ]+/);
      return rel.includes('stylesheet') || rel.includes('icon') ? [['resource', attributes.href]] : [];
    }
    case 'script':
    case 'video':
    case 'audio':
      return [['resource', attributes.src]];
    case 'object':
      return [['resource', attributes.data]];
    case 'source':
      return [['resource', attributes.src], ...srcset('resource')];
    default:
      return [];
  }
}

/**
 * A copy of a piece of the page that holds no reference to the page's text: the parser's values
 * are slices of it, and a slice kept would keep the whole page (megabytes) alive for the run.
 */
function detached(text: string): string {
  // V8 copies a short piece anyway; a longer one joined to a character is flattened into a copy by `slice`.
  return text.length < 13 ? text : ` ${text}`.slice(1);
}

/**
 * The URLs of a `srcset` (`a.png 1x, b.png 2x`): each candidate is a URL (no spaces), then its
 * descriptors up to the next comma. One pass over the text.
 */
function srcsetUrls(srcset: string): string[] {
  const urls: string[] = [];
  const text = srcset.length > MAX_VALUE_LENGTH ? srcset.slice(0, MAX_VALUE_LENGTH) : srcset;
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
