/**
 * What a documentation page links to and what it can be linked to: its `<a href>`, `<img src>` and
 * `srcset` candidates, and every `id` (and `<a name>`) a fragment may name. Parsed with
 * htmlparser2's streaming parser (linear time, no tree kept), never with regular expressions: a
 * page of a pull request is hostile input, bounded before it gets here and bounded again in what
 * is kept of it.
 */

/** A link as the page writes it. */
export interface PageLink {
  kind: 'link' | 'image';
  /** The attribute's value, entities decoded, as written (relative or absolute). */
  href: string;
}

export interface PageLinks {
  links: PageLink[];
  /** Every `id` of the page and every `<a name>`: what a fragment may name. */
  anchors: Set<string>;
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

/** The links and anchors of an HTML text. htmlparser2 is loaded on first use, so the bundle's entry stays small. */
export async function pageLinks(html: string): Promise<PageLinks> {
  const { Parser } = await import('htmlparser2');
  const found: PageLinks = { links: [], anchors: new Set(), dropped: 0 };
  const keep = (kind: PageLink['kind'], href: string) => {
    if (href.length > MAX_VALUE_LENGTH) return;
    if (found.links.length >= MAX_LINKS_PER_PAGE) found.dropped += 1;
    else found.links.push({ kind, href });
  };
  const anchor = (name: string | undefined) => {
    if (name !== undefined && name !== '' && name.length <= MAX_VALUE_LENGTH && found.anchors.size < MAX_ANCHORS_PER_PAGE)
      found.anchors.add(name);
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        anchor(attributes.id);
        if (name === 'a') {
          anchor(attributes.name);
          if (attributes.href !== undefined) keep('link', attributes.href);
        } else if (name === 'img') {
          if (attributes.src !== undefined) keep('image', attributes.src);
          if (attributes.srcset !== undefined) for (const url of srcsetUrls(attributes.srcset)) keep('image', url);
        } else if (name === 'base' && found.base === undefined && attributes.href !== undefined) {
          found.base = attributes.href;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return found;
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
