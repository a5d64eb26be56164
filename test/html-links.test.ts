// html-links.ts at its edges: a value the tokenizer gives in pieces (entities between them, a slice
// of the page ending in it), the lengths kept (4,096 characters of a value, 400 read and 80 kept of
// a link's text, 5,000 links, 50,000 anchors), an image's alt as the text of the link around it,
// `srcset` with every kind of space, and the slices between which the budget is asked.
import { describe, expect, it } from 'vitest';
import { AnchorSet } from '../src/operations/shared/links/anchor-set.js';
import { pageLinks } from '../src/operations/shared/links/html-links.js';

/** The tokenizer's slices of the page (html-links.ts), to put a value or a text across two. */
const SLICE = 64 * 1024;

function read(html: string) {
  const found = pageLinks(html);
  if (found === undefined) throw new Error('cut short without a budget');
  return { ...found, anchors: new AnchorSet(found.anchors) };
}

const hrefs = (html: string) => read(html).links.map((link) => `${link.kind} ${link.href}`);
const texts = (html: string) => read(html).links.map((link) => [link.href, link.text]);

/** `html` put after filler so that its `at`th character is the first of the second slice. */
function across(html: string, at: number): string {
  return `${'-'.repeat(SLICE - at)}${html}`;
}

describe('html-links: a value read in pieces is held to 4,096 characters as a whole', () => {
  it('the text on both sides of an entity counts together', () => {
    const x = (n: number) => 'x'.repeat(n);
    // 3,000 + 1 + 3,000: each piece is short, the value is not.
    expect(hrefs(`<a href="${x(3_000)}&amp;${x(3_000)}">a</a>`)).toEqual([]);
    expect(hrefs(`<a href='${x(2_047)}&lt;${x(2_048)}'>a</a>`)).toEqual([`link ${x(2_047)}<${x(2_048)}`]);
    expect(hrefs(`<a href='${x(2_048)}&lt;${x(2_048)}'>a</a>`)).toEqual([]);
    expect(hrefs(`<a href=${x(2_000)}&amp;${x(2_095)}>a</a>`)).toEqual([`link ${x(2_000)}&${x(2_095)}`]);
    expect(hrefs(`<a href=${x(2_000)}&amp;${x(2_096)}>a</a>`)).toEqual([]);
  });

  it('a value already too long stays none whatever follows it: text, entities, the attributes after it', () => {
    const long = 'x'.repeat(5_000);
    const found = read(
      `<a href="${long}&amp;y" id="one">a</a><a href="${long}&amp;&quot;" id="two">b</a>` +
        `<img src="${long}&amp;" srcset="${long}, b.png" alt="c"><a href=ok.html>d</a>`,
    );
    expect(found.links).toEqual([{ kind: 'link', href: 'ok.html', text: 'd' }]);
    for (const name of ['one', 'two']) expect(found.anchors.has(name), name).toBe(true);
  });

  it('a value across two slices of the page is read whole: 4,096 characters kept, 4,097 not', () => {
    for (const [length, kept] of [
      [4_096, true],
      [4_097, false],
    ] as const) {
      const value = `${'a'.repeat(2_000)}${'b'.repeat(length - 2_000)}`;
      // The value's 2,000th character is the last of the first slice.
      const page = across(`<a href="${value}">x</a>`, '<a href="'.length + 2_000);
      expect(hrefs(page)).toEqual(kept ? [`link ${value}`] : []);
    }
    // An entity across the slices, and the value after it.
    const page = across('<p id="before&amp;after"></p>', '<p id="before&am'.length);
    expect(read(page).anchors.has('before&after')).toBe(true);
  });
});

describe('html-links: what a reader sees of a link', () => {
  it('80 characters are kept whole, 81 end in an ellipsis; characters, not code units', () => {
    const eighty = 'a'.repeat(80);
    const emoji = '\u{1F600}'.repeat(80);
    expect(texts(`<a href=a>${eighty}</a><a href=b>${eighty}b</a><a href=c>${emoji}</a><a href=d>${emoji}d</a>`)).toEqual([
      ['a', eighty],
      ['b', `${'a'.repeat(79)}…`],
      ['c', emoji],
      ['d', `${'\u{1F600}'.repeat(79)}…`],
    ]);
  });

  it('400 characters are read, spaces included, of text, entities and an image’s alt alike: nothing after them', () => {
    const spaces = (n: number) => ' '.repeat(n);
    expect(
      texts(
        `<a href=a>${spaces(399)}&amp;&lt;late</a><a href=b>${spaces(399)}x<b>late</b></a><a href=c>${spaces(400)}&amp;late</a>` +
          `<a href=d>${spaces(200)}<i>${spaces(199)}</i>y &amp; z</a><a href=e>${spaces(398)}<img alt="late"></a>`,
      ),
    ).toEqual([
      ['a', '&'],
      ['b', 'x'],
      ['c', undefined],
      ['d', 'y'],
      ['e', 'l'],
    ]);
  });

  it('a character the 400th unit cuts in half is no text: no half of it is kept', () => {
    const spaces = ' '.repeat(399);
    expect(texts(`<a href=a>${spaces}😀</a><a href=b>${' '.repeat(398)}😀</a>`)).toEqual([
      ['a', undefined],
      ['b', '😀'],
    ]);
  });

  it('a text across two slices of the page is read whole, and a last entity with no `;` is read', () => {
    expect(texts(across('<a href=a>first half, second half</a>', '<a href=a>first half'.length))).toEqual([
      ['a', 'first half, second half'],
    ]);
    expect(texts('<a href=a>Tom &amp')).toEqual([['a', 'Tom &']]);
    expect(texts('<a href=a>x &lt')).toEqual([['a', 'x <']]);
    // A page of more than one slice whose last link is still open: its text read once.
    expect(texts(`${'z'.repeat(SLICE + 10)}<a href=a>b &amp; c`)).toEqual([['a', 'b & c']]);
  });

  it('an image’s alt is the text of the link around it; an image without alt, or another element’s alt, adds nothing', () => {
    expect(
      texts(
        '<a href=a>one<img src="i.png"> two</a><a href=b><img alt="Logo">Home</a>' +
          '<a href=c><video src="v.mp4" alt="Clip"></video><source src="s.webm" alt="Src">watch</a>' +
          '<a href=d><script src="x.js" alt="Script"></script><object data="o.svg" alt="Obj"></object>see</a>',
      ),
    ).toEqual([
      ['a', 'one two'],
      ['i.png', undefined],
      ['b', 'Logo Home'],
      ['c', 'watch'],
      ['v.mp4', undefined],
      ['s.webm', undefined],
      ['d', 'see'],
      ['x.js', undefined],
      ['o.svg', undefined],
    ]);
  });

  it('an alt too long to read is no text, of the image nor of the link; an alt is read to 400 characters', () => {
    const long = 'w'.repeat(5_000);
    expect(texts(`<a href=a><img src="i.png" alt="${long}">after</a><img src="j.png" srcset="k.png 2x" alt="${long}">`)).toEqual([
      ['a', 'after'],
      ['i.png', undefined],
      ['j.png', undefined],
      ['k.png', undefined],
    ]);
    expect(texts(`<img src="far.png" alt="${' '.repeat(400)}far"><img src="near.png" alt="${' '.repeat(399)}near">`)).toEqual([
      ['far.png', undefined],
      ['near.png', 'n'],
    ]);
  });
});

describe('html-links: how much of a page is kept', () => {
  it('keeps 50,000 anchors, the first ones; a name twice is one', () => {
    const page = Array.from({ length: 50_001 }, (_, i) => `<p id=s${i}></p>`).join('');
    const found = read(`<p id=s0></p>${page}<a name=late></a>`);
    expect(found.anchors.size).toBe(50_000);
    expect(found.anchors.has('s0')).toBe(true);
    expect(found.anchors.has('s49999')).toBe(true);
    expect(found.anchors.has('s50000')).toBe(false);
    expect(found.anchors.has('late')).toBe(false);
  });

  it('keeps 5,000 links of every kind, and counts the others of every kind', () => {
    const page = '<a href=a.html>a</a>'.repeat(4_999) + '<img src=i.png srcset="j.png 2x"><link rel=icon href=f.ico><a href=z.html>z</a>';
    const found = read(page);
    expect(found.links).toHaveLength(5_000);
    expect(found.links.at(-1)).toEqual({ kind: 'image', href: 'i.png' });
    expect(found.dropped).toBe(3);
  });
});

describe('html-links: srcset', () => {
  it('candidates split by any HTML space: space, tab, newline, carriage return, form feed', () => {
    expect(hrefs('<img srcset="a.png\t1x,\tb.png\n2x,\nc.png\r3x,\rd.png\f4x,\fe.png 5x">')).toEqual(
      ['a.png', 'b.png', 'c.png', 'd.png', 'e.png'].map((url) => `image ${url}`),
    );
    expect(hrefs('<source srcset="\ta.webp\t,\nb.webp\n,\rc.webp\r,\fd.webp\f">')).toEqual(
      ['a.webp', 'b.webp', 'c.webp', 'd.webp'].map((url) => `resource ${url}`),
    );
  });

  it('a last candidate without descriptors, a trailing comma or space, commas alone', () => {
    expect(hrefs('<img srcset="a.png 1x, b.png">')).toEqual(['image a.png', 'image b.png']);
    expect(hrefs('<img srcset="a.png 1x, ">')).toEqual(['image a.png']);
    expect(hrefs('<img srcset="a.png,">')).toEqual(['image a.png']);
    expect(hrefs('<img srcset=" , ,, ">')).toEqual([]);
    expect(hrefs('<img srcset="">')).toEqual([]);
    // Commas inside a URL are part of it; those ending it end the candidate.
    expect(hrefs('<img srcset="data:x,y 1x,b.png,, c.png 2x">')).toEqual(['image data:x,y', 'image b.png', 'image c.png']);
  });

  it('names and rel keywords in ASCII case only: a Kelvin sign (U+212A) is no `k`', () => {
    expect(
      hrefs('<LINK REL="STYLESHEET" HREF=a.css><lin\u212A rel=stylesheet href=b.css><link rel="stylesheet\u212A" href=c.css><A HREF=d>'),
    ).toEqual(['resource a.css', 'link d']);
    expect(hrefs('<link rel="icon" href=e.ico><link rel="Icon" href=f.ico><link rel="ıcon" href=g.ico>')).toEqual([
      'resource e.ico',
      'resource f.ico',
    ]);
  });

  it('a <link> rel is split by any HTML space', () => {
    expect(hrefs('<link rel="alternate\nstylesheet" href=a.css><link rel="x\ficon" href=b.ico><link rel="x\ricon" href=c.ico>')).toEqual([
      'resource a.css',
      'resource b.ico',
      'resource c.ico',
    ]);
  });
});

describe('html-links: the budget is asked once per slice of the page', () => {
  const asks = (length: number) => {
    let asked = 0;
    pageLinks('x'.repeat(length), {
      overBudget: () => {
        asked += 1;
        return false;
      },
    });
    return asked;
  };

  it('no slice for an empty page, one for 64 KiB, two for one character more, two for 128 KiB', () => {
    expect([0, 1, SLICE, SLICE + 1, 2 * SLICE, 2 * SLICE + 1].map(asks)).toEqual([0, 1, 1, 2, 2, 3]);
  });
});

describe('html-links: the text of a <script> or <style> is no link’s', () => {
  it('inside a link, their text is skipped up to their end tag, whatever it holds; the text after them is read', () => {
    expect(
      texts(
        '<a href=a><style>.x { color: red }</style>Docs<script>var s = "</a><b>";</script> here</a>' +
          '<a href=b><SCRIPT src="s.js"/>f()</SCRIPT>after<STYLE media=print>p {}</style> more</a>' +
          '<a href=c><title>Shown</title> <textarea>too</textarea></a><a href=d>open<script>never()',
      ),
    ).toEqual([
      ['a', 'Docs here'],
      ['b', 'after more'],
      ['s.js', undefined],
      ['c', 'Shown too'],
      ['d', 'open'],
    ]);
  });

  it('nor is the fallback of an <iframe>, <noembed> or <noframes>, in any case; a name one longer is no such element', () => {
    expect(
      texts(
        '<a href=a><iframe src=f.html>No frames?</iframe>Docs<NOEMBED>no embed</NOEMBED> here<noframes>none</noframes>.</a>' +
          '<a href=b><noframesx>shown</noframesx></a>',
      ),
    ).toEqual([
      ['a', 'Docs here.'],
      ['b', 'shown'],
    ]);
  });
});
