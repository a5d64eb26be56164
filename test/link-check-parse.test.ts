// The link check's pure parts (issues 40 and 46): what a page links to and can be linked to
// (htmlparser2), where a link leads for the version being checked (a single-version root's
// `/projects/` and `/_/` outside it, `X/index.html` asked as `X/`, text fragments and a PDF's
// fragment no anchors), the ignore patterns, each link judged, the counts, and the levels.
import { describe, expect, it } from 'vitest';
import { InputError, parseInputs } from '../src/inputs/inputs.js';
import { AnchorSet, anchorHash, anchorHashes } from '../src/operations/shared/links/anchor-set.js';
import { pageLinks as readPage } from '../src/operations/shared/links/html-links.js';
import { failingLinks, linkLevels } from '../src/operations/shared/links/levels.js';
import { judge, type Occurrence } from '../src/operations/shared/links/link-judge.js';
import { linkCounts } from '../src/operations/shared/links/link-counts.js';
import { globList, hasAnchor, isInScope, resolveLink, versionScope } from '../src/operations/shared/links/resolve-link.js';

const ROOT = versionScope('https://demo--7.org.readthedocs.build/en/7/');
const PAGE = 'https://demo--7.org.readthedocs.build/en/7/guide/install.html';
const none = globList([]);

/** A page read whole (no budget), its anchors as the check keeps them. */
function pageLinks(html: string) {
  const found = readPage(html);
  if (found === undefined) throw new Error('cut short without a budget');
  return { ...found, anchors: new AnchorSet(found.anchors) };
}

describe('pageLinks', () => {
  it('finds <a href>, <img src> and every srcset candidate, ids and <a name>, entities decoded', async () => {
    const found = await pageLinks(
      `<html><body><h2 id="setup">Setup</h2><a name="old"></a><A HREF="a.html?x=1&amp;y=2#setup">a</A>` +
        `<img src="logo.png" srcset="logo.png 1x, logo%402x.png 2x,big.png,  wide.png 800w">` +
        `<p id="">empty id</p><a>no href</a><div id="x&lt;y"></div></body></html>`,
    );
    expect(found.links).toEqual([
      { kind: 'link', href: 'a.html?x=1&y=2#setup', text: 'a' },
      { kind: 'image', href: 'logo.png' },
      { kind: 'image', href: 'logo.png' },
      { kind: 'image', href: 'logo%402x.png' },
      { kind: 'image', href: 'big.png' },
      { kind: 'image', href: 'wide.png' },
    ]);
    expect(found.anchors.size).toBe(3);
    for (const name of ['old', 'setup', 'x<y']) expect(found.anchors.has(name), name).toBe(true);
    for (const name of ['', 'x&lt;y', 'Setup']) expect(found.anchors.has(name), name).toBe(false);
  });

  // Issue 47: a broken link is shown with what a reader sees of it, to find it on the page.
  it('keeps what a reader sees of a link: its text (markup and entities read, spaces collapsed, 80 characters), an image’s alt', async () => {
    const found = await pageLinks(
      `<a href="a.html">  Read <code>the\n   guide</code> &amp; more </a>` +
        `<a href="b.html"><img src="logo.png" alt="Home"></a>` +
        `<a href="c.html">${'word '.repeat(100)}</a>` +
        `<a href="d.html">first <a href="e.html">second</a>` +
        `<a href="f.html"></a><img src="g.png" alt=" a   diagram ">` +
        `<a href="h.html">${'x'.repeat(1_000_000)}`,
    );
    expect(found.links.map((link) => [link.href, link.text])).toEqual([
      ['a.html', 'Read the guide & more'],
      ['b.html', 'Home'],
      ['logo.png', 'Home'],
      ['c.html', `${'word '.repeat(15)}word…`],
      ['d.html', 'first'],
      ['e.html', 'second'],
      ['f.html', undefined],
      ['g.png', 'a diagram'],
      ['h.html', `${'x'.repeat(79)}…`],
    ]);
    expect([...found.links[3]!.text!]).toHaveLength(80);
  });

  it('finds what a page needs to render: stylesheets, icons, scripts, <object data>, <source src|srcset>, <video>, <audio>', async () => {
    const found = await pageLinks(
      `<head><link rel="stylesheet" href="_static/custom.css"><link rel="Shortcut Icon" href="favicon.ico">` +
        `<link rel="canonical" href="https://example.org/"><link rel="preload" href="font.woff2"><script src="_static/app.js"></script>` +
        `<script>inline()</script></head><body><object data="_images/graph.svg"></object>` +
        `<picture><source srcset="a.webp 1x, b.webp 2x"><img src="a.png"></picture>` +
        `<video src="clip.mp4"><source src="clip.webm"></video><audio src="sound.mp3"></audio></body>`,
    );
    expect(found.links).toEqual([
      { kind: 'resource', href: '_static/custom.css' },
      { kind: 'resource', href: 'favicon.ico' },
      { kind: 'resource', href: '_static/app.js' },
      { kind: 'resource', href: '_images/graph.svg' },
      { kind: 'resource', href: 'a.webp' },
      { kind: 'resource', href: 'b.webp' },
      { kind: 'image', href: 'a.png' },
      { kind: 'resource', href: 'clip.mp4' },
      { kind: 'resource', href: 'clip.webm' },
      { kind: 'resource', href: 'sound.mp3' },
    ]);
  });

  it('takes the first <base href>, ignores links in comments and scripts, and keeps at most 5,000 links', async () => {
    const found = await pageLinks(
      `<base href="/en/7/"><base href="/other/"><!-- <a href="commented.html"> --><script>var a = '<a href="script.html">';</script>`,
    );
    expect(found.base).toBe('/en/7/');
    expect(found.links).toEqual([]);
    const many = await pageLinks('<a href="x.html">x</a>'.repeat(5_003));
    expect(found.dropped).toBe(0);
    expect(many.links).toHaveLength(5_000);
    expect(many.dropped).toBe(3);
  });

  it("keeps a page's anchors as hashes: every one found by binary search, no other, whatever their characters", async () => {
    const names = ['b', 'a', 'a-b', 'z\u0000y', 'é', 'Zed', '', ...Array.from({ length: 50_000 }, (_, i) => `sec-${i}`)];
    const anchors = new AnchorSet(anchorHashes(names));
    expect(anchors.size).toBe(names.length);
    for (const name of names) expect(anchors.has(name), name).toBe(true);
    for (const name of ['c', 'a-', 'sec-50000', 'z', 'y', 'sec-1 ', 'A', 'ab', 'ba', 'a\u0000'])
      expect(anchors.has(name), name).toBe(false);
    // Each name once, sorted: the same name twice is one anchor.
    expect(anchorHashes(['b', 'a', 'b'])).toEqual(Float64Array.from([anchorHash('a'), anchorHash('b')].sort((x, y) => x - y)));
    expect(new AnchorSet(anchorHashes([])).has('')).toBe(false);
  });

  it('hashes in 52 bits, every code unit and the length counted', () => {
    const hashes = ['', 'a', 'b', 'ab', 'ba', 'a\u0000', '\u0000a', 'é', 'e\u0301', 'sec-1', 'sec-10'].map(anchorHash);
    expect(new Set(hashes).size).toBe(hashes.length);
    for (const hash of hashes) {
      expect(Number.isSafeInteger(hash) && hash >= 0 && hash < 2 ** 52, String(hash)).toBe(true);
    }
    // 100,000 names of one shape, no two alike.
    expect(new Set(Array.from({ length: 100_000 }, (_, i) => anchorHash(`id-${i}`))).size).toBe(100_000);
  });

  it('reads a large hostile page in linear time (a long unclosed attribute, deep nesting)', async () => {
    const hostile = `<a href="${'x'.repeat(200_000)}` + '<div>'.repeat(50_000) + '<a id="end" href="end.html">';
    const found = await pageLinks(hostile);
    expect(found.links.length).toBeLessThanOrEqual(1);
  });
});

describe('pageLinks: what is read of a tag (issue 50: the Tokenizer alone)', () => {
  const hrefs = (html: string) => pageLinks(html).links.map((link) => `${link.kind} ${link.href}`);

  it('the first attribute of a name counts, as in a browser; names and tags in any case', () => {
    expect(hrefs('<a href="a.html" href="b.html">x</a><A HREF=c.html>y</A><IMG SRC="i.png"/>')).toEqual([
      'link a.html',
      'link c.html',
      'image i.png',
    ]);
    const anchors = pageLinks('<p id="x" id="y"></p><p ID="z"></p><p name="n"></p><a NAME="m"></a>').anchors;
    for (const [name, has] of [
      ['x', true],
      ['y', false],
      ['z', true],
      ['n', false],
      ['m', true],
    ] as const)
      expect(anchors.has(name), name).toBe(has);
  });

  it('a value over 4,096 characters is none, yet the first of its name; entities count in its length', () => {
    const long = 'x'.repeat(4_097);
    expect(hrefs(`<a href="${long}" href="b.html">x</a><a href="${'y'.repeat(4_096)}">y</a>`)).toEqual([`link ${'y'.repeat(4_096)}`]);
    expect(hrefs(`<a href="${'y'.repeat(4_095)}&amp;">a</a><a href="${'y'.repeat(4_095)}&amp;&amp;">b</a>`)).toEqual([
      `link ${'y'.repeat(4_095)}&`,
    ]);
    expect(pageLinks(`<p id="${long}"></p><p id="${'z'.repeat(4_096)}"></p>`).anchors.size).toBe(1);
    expect(hrefs(`<img srcset="${'a.png 1x, '.repeat(500)}">`)).toEqual([]);
  });

  it('only the attributes read: a longer name is never one of them, and `name` is an anchor on <a> only', () => {
    expect(hrefs('<a data-href="x.html" hreflang="en" href="y.html">y</a><a hrefx="z.html">z</a>')).toEqual(['link y.html']);
    expect(hrefs('<img src="a.png" datasrc="b.png"><sourcex src="c.webm"><object data="d.svg" datax="e.svg">')).toEqual([
      'image a.png',
      'resource d.svg',
    ]);
    // `id` on any element, the others only on the elements that load something.
    expect(hrefs('<div href="x.html" src="y.png" data="z.svg" id="here"></div>')).toEqual([]);
    expect(pageLinks('<div id="here"></div>').anchors.has('here')).toBe(true);
  });

  it('<image> is <img>; a <link> counts when its rel names a stylesheet or an icon', () => {
    expect(hrefs('<image src="i.png"><link rel=" Stylesheet  alternate " href="a.css"><link rel="apple-touch-icon" href="t.png">')).toEqual(
      ['image i.png', 'resource a.css'],
    );
    expect(hrefs('<link rel="shortcut\ticon" href="f.ico"><link href="none.css"><link rel="icon">')).toEqual(['resource f.ico']);
  });

  it('a link without a value is kept as written (empty: the page itself); a <base> without href is no base', () => {
    expect(pageLinks('<a href>x</a>').links).toEqual([{ kind: 'link', href: '', text: 'x' }]);
    expect(pageLinks('<base target="_blank"><base href="/en/7/">').base).toBe('/en/7/');
    // The first <base href> decides, even one too long to read.
    expect(pageLinks(`<base href="${'x'.repeat(5_000)}"><base href="/en/7/">`)).not.toHaveProperty('base');
    expect(pageLinks('<p>no base</p>')).not.toHaveProperty('base');
  });

  it('reads a page in slices: a tag across two slices is read whole', () => {
    const page = `${'x'.repeat(65_530)}<a href="spanning.html" id="across">x</a>${'y'.repeat(70_000)}<img src="late.png">`;
    const found = pageLinks(page);
    expect(found.links.map((link) => link.href)).toEqual(['spanning.html', 'late.png']);
    expect(found.anchors.has('across')).toBe(true);
  });

  it('asks its budget between two slices: over it, the page is cut short', () => {
    let asked = 0;
    const overBudget = () => {
      asked += 1;
      return asked > 2;
    };
    expect(readPage('<a href="a.html">a</a>'.repeat(10_000), { overBudget })).toBeUndefined();
    expect(asked).toBe(3);
    expect(readPage('<a href="a.html">a</a>', { overBudget: () => true })).toBeUndefined();
    expect(readPage('<a href="a.html">a</a>', { overBudget: () => false })?.links).toHaveLength(1);
    expect(readPage('')?.links).toEqual([]);
  });
});

describe('resolveLink', () => {
  it('internal: the preview host below the version root, fragment apart and decoded path', () => {
    expect(resolveLink('../index.html#intro', PAGE, ROOT, none)).toEqual({
      kind: 'internal',
      // `index.html` and the folder are one page, asked once as the folder.
      url: 'https://demo--7.org.readthedocs.build/en/7/',
      path: 'index.html',
      fragment: 'intro',
      html: true,
    });
    expect(resolveLink('#setup', PAGE, ROOT, none)).toMatchObject({ kind: 'internal', path: 'guide/install.html', fragment: 'setup' });
    expect(resolveLink('caf%C3%A9.html', PAGE, ROOT, none)).toMatchObject({ path: 'guide/café.html' });
    expect(resolveLink('#top', PAGE, ROOT, none)).not.toHaveProperty('fragment');
    expect(resolveLink('page.html#', PAGE, ROOT, none)).not.toHaveProperty('fragment');
  });

  it('never checked: another path of the host, other schemes, empty, unparsable; another site is external', () => {
    expect(resolveLink('/en/latest/index.html', PAGE, ROOT, none)).toEqual({
      kind: 'outside',
      url: 'https://demo--7.org.readthedocs.build/en/latest/index.html',
    });
    for (const href of ['mailto:a@b.org', 'tel:+123', 'javascript:alert(1)', 'data:text/html,hi', 'ftp://x/y'])
      expect(resolveLink(href, PAGE, ROOT, none)).toEqual({ kind: 'skipped', why: 'scheme' });
    expect(resolveLink('  ', PAGE, ROOT, none)).toEqual({ kind: 'skipped', why: 'self' });
    expect(resolveLink('http://[::1', PAGE, ROOT, none)).toEqual({ kind: 'skipped', why: 'invalid' });
    expect(resolveLink(`${'a'.repeat(3000)}.html`, PAGE, ROOT, none)).toEqual({ kind: 'skipped', why: 'invalid' });
    expect(resolveLink('https://example.org/x#frag', PAGE, ROOT, none)).toEqual({
      kind: 'external',
      url: 'https://example.org/x',
      host: 'example.org',
    });
    // Same host name, another scheme or port: another origin, so another site.
    expect(resolveLink('http://demo--7.org.readthedocs.build/en/7/a.html', PAGE, ROOT, none)).toMatchObject({ kind: 'external' });
  });

  it('resolves against <base href>', () => {
    expect(resolveLink('a.html', PAGE, ROOT, none, '../')).toMatchObject({ path: 'a.html' });
  });

  it('link-check-ignore: a pattern matches the path below the root or the whole URL, with or without the fragment', () => {
    const ignore = globList(['api/**', '**/*.png', 'https://example.org/*', 'index.html#gen-*']);
    expect(resolveLink('../api/v1/x.html', PAGE, ROOT, ignore)).toMatchObject({ kind: 'ignored' });
    expect(resolveLink('../_images/a.png', PAGE, ROOT, ignore)).toMatchObject({ kind: 'ignored' });
    expect(resolveLink('https://example.org/page', PAGE, ROOT, ignore)).toEqual({ kind: 'ignored', url: 'https://example.org/page' });
    expect(resolveLink('https://example.org/deep/page', PAGE, ROOT, ignore)).toMatchObject({ kind: 'external' });
    expect(resolveLink('../index.html#gen-42', PAGE, ROOT, ignore)).toMatchObject({ kind: 'ignored' });
    expect(resolveLink('../index.html#intro', PAGE, ROOT, ignore)).toMatchObject({ kind: 'internal' });
  });
});

describe('resolveLink: issue 46', () => {
  it('a single-version root: `/projects/` (subprojects) and `/_/` (the service) are outside the version', () => {
    const single = versionScope('https://docs.example.org/');
    const page = 'https://docs.example.org/guide/install.html';
    expect(resolveLink('/projects/sub/index.html', page, single, none)).toMatchObject({ kind: 'outside' });
    expect(resolveLink('/_/downloads/x.pdf', page, single, none)).toMatchObject({ kind: 'outside' });
    expect(resolveLink('/guide/projects/list.html', page, single, none)).toMatchObject({
      kind: 'internal',
      path: 'guide/projects/list.html',
    });
    // Below a multi-version root, `projects/` is a page like any other.
    expect(resolveLink('../projects/list.html', PAGE, ROOT, none)).toMatchObject({ kind: 'internal', path: 'projects/list.html' });
  });

  it('`X/index.html` is asked as `X/`, shown as written; a text fragment and a fragment into a file are no anchors', () => {
    expect(resolveLink('../api/index.html', PAGE, ROOT, none)).toMatchObject({
      url: 'https://demo--7.org.readthedocs.build/en/7/api/',
      path: 'api/index.html',
    });
    expect(resolveLink('usage.html#:~:text=run%20it', PAGE, ROOT, none)).not.toHaveProperty('fragment');
    expect(resolveLink('usage.html#run:~:text=it', PAGE, ROOT, none)).toMatchObject({ fragment: 'run' });
    const pdf = resolveLink('../_static/manual.pdf#page=2', PAGE, ROOT, none);
    expect(pdf).toMatchObject({ kind: 'internal', html: false });
    expect(pdf).not.toHaveProperty('fragment');
    expect(resolveLink('../guide/#setup', PAGE, ROOT, none)).toMatchObject({ html: true, fragment: 'setup' });
  });
});

describe('resolveLink: the edges', () => {
  it('a link of 2,048 characters is followed, a longer one is not; spaces around a link are no part of it', () => {
    const at = (length: number) => `${'a'.repeat(length - '.html'.length)}.html`;
    expect(resolveLink(at(2_048), PAGE, ROOT, none)).toMatchObject({ kind: 'internal' });
    expect(resolveLink(at(2_049), PAGE, ROOT, none)).toEqual({ kind: 'skipped', why: 'invalid' });
    expect(resolveLink(`  ${at(2_047)} `, PAGE, ROOT, none)).toMatchObject({ kind: 'internal', path: `guide/${at(2_047)}` });
    expect(resolveLink(' http://example.org/a ', PAGE, ROOT, none)).toEqual({
      kind: 'external',
      url: 'http://example.org/a',
      host: 'example.org',
    });
  });

  it('what names a page: a folder, `.html`, `.htm`, `.xhtml` in any case, a name without a dot; anything else is a file', () => {
    // Only the last segment's name counts: `v1.2/notes` is a page.
    for (const href of ['../api/', 'a.html', 'A.HTM', 'b.xhtml', 'changelog', '../', 'v1.2/notes'])
      expect(resolveLink(`${href}#x`, PAGE, ROOT, none), href).toMatchObject({ html: true, fragment: 'x' });
    for (const href of ['logo.png', 'a.html.bak', 'v1.2'])
      expect(resolveLink(`${href}#x`, PAGE, ROOT, none), href).toMatchObject({ html: false });
    // The version's root is a folder, asked as itself.
    expect(resolveLink('../index.html', PAGE, ROOT, none)).toMatchObject({
      url: 'https://demo--7.org.readthedocs.build/en/7/',
      path: 'index.html',
    });
    expect(resolveLink('../', PAGE, ROOT, none)).toMatchObject({ url: 'https://demo--7.org.readthedocs.build/en/7/', path: '' });
    // Only a whole `index.html` is the folder's page.
    expect(resolveLink('../myindex.html', PAGE, ROOT, none)).toMatchObject({
      url: 'https://demo--7.org.readthedocs.build/en/7/myindex.html',
    });
  });

  it('`#TOP` is the top in any case; a path that does not decode stays as written', () => {
    expect(resolveLink('#TOP', PAGE, ROOT, none)).not.toHaveProperty('fragment');
    expect(resolveLink('#topic', PAGE, ROOT, none)).toMatchObject({ fragment: 'topic' });
    expect(resolveLink('bad%E0%A4.html', PAGE, ROOT, none)).toMatchObject({ kind: 'internal', path: 'guide/bad%E0%A4.html' });
    expect(hasAnchor(new Set(['100%']), '100%')).toBe(true);
    expect(hasAnchor(new Set(['x']), '%E0%A4')).toBe(false);
  });

  it('an invalid <base href> is set aside: links resolve against the page', () => {
    expect(resolveLink('a.html', PAGE, ROOT, none, 'http://[::1')).toMatchObject({ path: 'guide/a.html' });
    expect(resolveLink('a.html', PAGE, ROOT, none, 'https://demo--7.org.readthedocs.build/en/7/api/')).toMatchObject({
      path: 'api/a.html',
    });
  });

  it('http and https are followed, other schemes never', () => {
    expect(resolveLink('https://example.org/', PAGE, ROOT, none)).toMatchObject({ kind: 'external' });
    expect(resolveLink('http://example.org/', PAGE, ROOT, none)).toMatchObject({ kind: 'external' });
    expect(resolveLink('ws://example.org/', PAGE, ROOT, none)).toEqual({ kind: 'skipped', why: 'scheme' });
  });

  it('link-check-ignore on another path of the host matches its whole path; a fragment pattern matches another site’s link', () => {
    const ignore = globList(['/en/latest/**', 'https://example.org/a#gen-*']);
    expect(resolveLink('/en/latest/x.html', PAGE, ROOT, ignore)).toEqual({
      kind: 'ignored',
      url: 'https://demo--7.org.readthedocs.build/en/latest/x.html',
    });
    expect(resolveLink('/en/stable/x.html', PAGE, ROOT, ignore)).toMatchObject({ kind: 'outside' });
    expect(resolveLink('https://example.org/a#gen-1', PAGE, ROOT, ignore)).toEqual({ kind: 'ignored', url: 'https://example.org/a' });
    expect(resolveLink('https://example.org/a#intro', PAGE, ROOT, ignore)).toMatchObject({ kind: 'external' });
    // The path below the root as written, and with its fragment.
    expect(resolveLink('../gen/x.html#a', PAGE, ROOT, globList(['gen/x.html#a']))).toMatchObject({ kind: 'ignored' });
    expect(resolveLink('../gen/x.html#a', PAGE, ROOT, globList(['https://demo--7.org.readthedocs.build/en/7/gen/x.html#a']))).toMatchObject(
      {
        kind: 'ignored',
      },
    );
    expect(resolveLink('../gen/x.html#a', PAGE, ROOT, globList(['https://demo--7.org.readthedocs.build/en/7/gen/x.html']))).toMatchObject({
      kind: 'ignored',
    });
  });

  it('a version scope: a single-version project asked so has the service’s paths outside its root too; another host is never in it', () => {
    const single = versionScope('https://docs.example.org/en/', true);
    expect(resolveLink('/en/_/x.html', 'https://docs.example.org/en/a.html', single, none)).toMatchObject({ kind: 'outside' });
    expect(resolveLink('/en/projects/x.html', 'https://docs.example.org/en/a.html', single, none)).toMatchObject({ kind: 'outside' });
    expect(resolveLink('/en/other/x.html', 'https://docs.example.org/en/a.html', single, none)).toMatchObject({ kind: 'internal' });
    expect(
      resolveLink('/en/_/x.html', 'https://docs.example.org/en/a.html', versionScope('https://docs.example.org/en/'), none),
    ).toMatchObject({
      kind: 'internal',
    });
  });
});

describe('isInScope', () => {
  it('a page of the version is on its host (scheme and port too), below its root, in none of its outside paths', () => {
    const single = versionScope('https://docs.example.org/');
    expect(isInScope(single, new URL('https://docs.example.org/guide/a.html'))).toBe(true);
    expect(isInScope(single, new URL('https://docs.example.org/_/api/'))).toBe(false);
    expect(isInScope(single, new URL('http://docs.example.org/guide/a.html'))).toBe(false);
    expect(isInScope(single, new URL('https://other.example.org/guide/a.html'))).toBe(false);
    expect(isInScope(ROOT, new URL('https://demo--7.org.readthedocs.build/en/7/a.html'))).toBe(true);
    expect(isInScope(ROOT, new URL('https://demo--7.org.readthedocs.build/en/70/a.html'))).toBe(false);
  });
});

describe('globList: the edges', () => {
  it('no pattern ignores nothing; `***` is `**`; `?` is never `/`; a pattern matches the whole text', () => {
    expect(globList([]).empty).toBe(true);
    expect(globList([]).matches('')).toBe(false);
    expect(globList(['a']).empty).toBe(false);
    expect(globList(['a/***']).matches('a/b/c')).toBe(true);
    expect(globList(['a?b']).matches('a/b')).toBe(false);
    expect(globList(['a?b']).matches('axb')).toBe(true);
    expect(globList(['a*']).matches('a/b')).toBe(false);
    expect(globList(['a*']).matches('abc')).toBe(true);
    expect(globList(['*']).matches('')).toBe(true);
    expect(globList(['ab']).matches('abc')).toBe(false);
    expect(globList(['bc']).matches('abc')).toBe(false);
    expect(globList(['x', 'a*c']).matches('abc')).toBe(true);
    expect(globList(['a**']).matches('a')).toBe(true);
    expect(globList(['**b']).matches('a/b')).toBe(true);
  });
});

describe('judge and its counts', () => {
  const scope = versionScope('https://docs.example.org/en/latest/');
  const page = 'https://docs.example.org/en/latest/index.html';
  const occurrence = (href: string, kind: Occurrence['kind'] = 'link', ignore = none): Occurrence => {
    const target = resolveLink(href, page, scope, ignore);
    if (target.kind === 'skipped') throw new Error(href);
    return {
      page: '/',
      kind,
      target,
      ...(target.kind === 'internal' && target.fragment !== undefined ? { fragment: target.fragment } : {}),
    };
  };

  it('a throttled or challenged answer is never a broken link: not checked; a missing resource is reported as one', () => {
    const answers = new Map([
      ['https://docs.example.org/en/latest/a.html', { status: 429, refused: 'throttled' as const }],
      ['https://docs.example.org/en/latest/b.html', { status: 403, refused: 'challenged' as const }],
      ['https://docs.example.org/en/latest/_static/custom.css', { status: 404 }],
      ['https://docs.example.org/en/latest/c.html', { status: 403 }],
    ]);
    const judged = judge(
      { external: false, anchors: true },
      [occurrence('a.html'), occurrence('b.html'), occurrence('_static/custom.css', 'resource'), occurrence('c.html')],
      (url) => answers.get(url),
    );
    expect(judged.notChecked).toBe(2);
    expect(judged.broken).toEqual([
      { page: '/', target: '_static/custom.css', problem: 'missing resource', kind: 'resource', external: false },
      { page: '/', target: 'c.html', problem: 'answered 403', kind: 'page', external: false },
    ]);
  });

  it('counts what is not checked for a reason of its own: other sites, ignored targets, another path of the host', () => {
    const ignore = globList(['genindex.html']);
    const judged = judge(
      { external: false, anchors: true },
      [
        occurrence('https://example.org/a'),
        occurrence('https://example.org/b'),
        occurrence('genindex.html', 'link', ignore),
        occurrence('/en/stable/index.html'),
        occurrence('/img/logo.png', 'image'),
      ],
      () => undefined,
    );
    expect(judged).toMatchObject({ checked: 0, notChecked: 0, otherSites: 2, ignored: 1, outsideVersion: 2 });
    expect(linkCounts({ ...judged, throttled: { docsHost: 3, otherSites: 0 }, privateAddresses: 0 })).toBe(
      '0 broken, 0 checked, 0 not checked, 2 to other sites not checked (`link-check-external: true` checks them; they never fail the step), ' +
        '1 ignored (`link-check-ignore`), 2 outside the version (not checked); the docs host throttled 3 request(s) (their links are not checked, never reported broken)',
    );
    // Issue 50: another site's target at a private address is not asked, and said.
    expect(
      linkCounts({
        ...judged,
        otherSites: 0,
        ignored: 0,
        outsideVersion: 0,
        throttled: { docsHost: 0, otherSites: 2 },
        privateAddresses: 4,
      }),
    ).toBe(
      '0 broken, 0 checked, 0 not checked; other sites throttled 2 request(s), 4 target(s) at a private address not asked (their links are not checked, never reported broken)',
    );
  });

  it("a fragment into a page that is not HTML (its media type) is no anchor; a page's missing anchor is", () => {
    const answers = new Map([
      ['https://docs.example.org/en/latest/data', { status: 200, html: false }],
      ['https://docs.example.org/en/latest/guide.html', { status: 200, html: true, anchors: new Set(['a']) }],
    ]);
    const judged = judge({ external: false, anchors: true }, [occurrence('data#x'), occurrence('guide.html#b')], (url) => answers.get(url));
    expect(judged.broken.map((link) => link.problem)).toEqual(['missing anchor']);
    expect(judged.checked).toBe(2);
  });

  const ok = { status: 200, html: true, anchors: new Set(['setup']) };
  const at = (status: number) => ({ status });

  it('judges a target once per page: again on another page, and apart as a link and as an image', () => {
    const judged = judge(
      { external: false, anchors: true },
      [
        occurrence('gone.html'),
        occurrence('gone.html'),
        { ...occurrence('gone.html'), page: 'other.html' },
        { ...occurrence('gone.html'), page: 'other.html' },
        // Back on the first page after another (a page's links come together): judged again, the image apart.
        occurrence('gone.html', 'image'),
        occurrence('gone.html'),
        occurrence('gone.html', 'image'),
      ],
      () => at(404),
    );
    expect(judged.broken.map((link) => [link.page, link.kind, link.problem])).toEqual([
      ['/', 'page', 'missing page'],
      ['other.html', 'page', 'missing page'],
      ['/', 'image', 'missing image'],
      ['/', 'page', 'missing page'],
    ]);
    expect(judged.checked).toBe(4);
  });

  it('a fragment is checked only on a link to the version’s own page, with anchors on; it is part of what is shown and judged', () => {
    const answers = (url: string) => (url === 'https://docs.example.org/en/latest/' ? ok : undefined);
    const links = [occurrence('#setup'), occurrence('./#gone'), occurrence('index.html#gone'), occurrence('#gone', 'image')];
    const judged = judge({ external: false, anchors: true }, links, answers);
    // Strictly: a link without a text has no `text` key.
    expect(judged.broken).toStrictEqual([
      { page: '/', target: '/#gone', problem: 'missing anchor', kind: 'anchor', external: false },
      { page: '/', target: 'index.html#gone', problem: 'missing anchor', kind: 'anchor', external: false },
    ]);
    // An image's fragment is no anchor: the image is judged, once.
    expect(judged.checked).toBe(4);
    // Anchors off: each link is its page, judged once and working.
    expect(judge({ external: false, anchors: false }, links, answers)).toMatchObject({ checked: 3, broken: [] });
  });

  it('another site’s link with `link-check-external`: 400 and above broken once confirmed, never missing nor a suspect; a 5xx unavailable', () => {
    const answers = new Map<string, { status: number }>([
      ['https://example.org/gone', at(404)],
      ['https://example.org/bad', at(400)],
      ['https://example.org/moved', at(399)],
      ['https://example.org/fine', at(200)],
      ['https://example.org/down', at(503)],
    ]);
    const occurrences = [...answers.keys()].map((url) => ({ ...occurrence(url), text: 'the text' }));
    // Asked once: the broken-looking ones wait for their second ask (issue 52), the 5xx tells nothing.
    const first = judge({ external: true, anchors: true }, occurrences, (url) => answers.get(url));
    expect(first.broken).toEqual([]);
    expect([...first.unconfirmed]).toEqual(['https://example.org/gone', 'https://example.org/bad']);
    expect(first).toMatchObject({ checked: 2, unavailable: 3, otherSites: 0 });
    // Asked again and still failing: broken.
    const confirmed = new Set(first.unconfirmed);
    const judged = judge({ external: true, anchors: true }, occurrences, (url) => answers.get(url), confirmed);
    expect(judged.broken).toStrictEqual([
      { page: '/', target: 'https://example.org/gone', problem: 'answered 404', kind: 'page', external: true, text: 'the text' },
      { page: '/', target: 'https://example.org/bad', problem: 'answered 400', kind: 'page', external: true, text: 'the text' },
    ]);
    expect(judged).toMatchObject({ checked: 4, unavailable: 1, otherSites: 0 });
    expect([...judged.suspects]).toEqual([]);
  });

  it('the version’s own target: 404 and 410 missing (suspects), 400–499 answered, a 5xx or a redirect tells nothing', () => {
    const statuses = { 'a.html': 404, 'b.html': 410, 'c.html': 400, 'd.html': 499, 'e.html': 500, 'f.html': 301, 'g.html': 200 };
    const url = (path: string) => `https://docs.example.org/en/latest/${path}`;
    const judged = judge(
      { external: false, anchors: true },
      Object.keys(statuses).map((path) => occurrence(path)),
      (asked) => at(Object.entries(statuses).find(([path]) => url(path) === asked)![1]),
    );
    expect(judged.broken.map((link) => [link.target, link.problem])).toEqual([
      ['a.html', 'missing page'],
      ['b.html', 'missing page'],
      ['c.html', 'answered 400'],
      ['d.html', 'answered 499'],
    ]);
    expect(judged).toMatchObject({ checked: 5, notChecked: 2 });
    expect([...judged.suspects]).toEqual([url('a.html'), url('b.html')]);
  });

  it('a missing anchor is a suspect; an anchor is not checked on a page read without its anchors', () => {
    const judged = judge({ external: false, anchors: true }, [occurrence('guide.html#x'), occurrence('plain.html#x')], (url) =>
      url.endsWith('guide.html') ? ok : { status: 200, html: true },
    );
    expect(judged).toMatchObject({ checked: 1, notChecked: 1 });
    expect([...judged.suspects]).toEqual(['https://docs.example.org/en/latest/guide.html']);
  });

  it('keeps the first 1,000 broken links and counts them all', () => {
    const links = Array.from({ length: 1_001 }, (_, index) => occurrence(`gone-${index}.html`));
    const judged = judge({ external: false, anchors: true }, links, () => at(404));
    expect(judged.broken).toHaveLength(1_000);
    expect(judged.broken.at(-1)!.target).toBe('gone-999.html');
    expect(judged.checked).toBe(1_001);
    expect(judged.suspects.size).toBe(1_001);
  });
});

describe('the ignore patterns docs/preview.md gives for anchors made by JavaScript', () => {
  it("cover MkDocs Material's `#__code_N` and API explorers' `#operation/…`, `#tag/…`, `#/…`, on the page or another", () => {
    const ignore = globList(['**#__code_*', '**#operation/**', '**#tag/**', '**#/**']);
    for (const href of [
      '#__code_3',
      '../api/index.html#__code_12',
      '../api.html#operation/getPet',
      'api.html#tag/pets',
      'api.html#/pets/getPet',
    ])
      expect(resolveLink(href, PAGE, ROOT, ignore), href).toMatchObject({ kind: 'ignored' });
    for (const href of ['#setup', '../api.html#get-pet', 'code.html'])
      expect(resolveLink(href, PAGE, ROOT, ignore), href).toMatchObject({ kind: 'internal' });
  });
});

describe('globList', () => {
  it('`*` stays in a segment, `**` crosses, `?` is one character, the rest literal', () => {
    const list = (pattern: string) => globList([pattern]);
    expect(list('a/*.html').matches('a/b.html')).toBe(true);
    expect(list('a/*.html').matches('a/b/c.html')).toBe(false);
    expect(list('a/**.html').matches('a/b/c.html')).toBe(true);
    expect(list('?.html').matches('ab.html')).toBe(false);
    expect(list('a.(x)+').matches('a.(x)+')).toBe(true);
    expect(list('a.(x)+').matches('aa(x)')).toBe(false);
  });

  it('matches a hostile text against many stars without blowing up', () => {
    const text = `${'a'.repeat(20_000)}b`;
    expect(globList(['*a*a*a*a*a*a*a*a*c']).matches(text)).toBe(false);
  });
});

describe('anchors and levels', () => {
  it('a fragment names an anchor as written or percent-decoded', () => {
    expect(hasAnchor(new Set(['café']), 'caf%C3%A9')).toBe(true);
    expect(hasAnchor(new Set(['a']), 'b')).toBe(false);
  });

  it('`auto` is `warn` in preview and `off` in health; anchors follow link-check unless set apart', () => {
    expect(linkLevels({ linkCheck: 'auto', linkCheckAnchors: 'auto' }, 'preview')).toEqual({ links: 'warn', anchors: 'warn' });
    expect(linkLevels({ linkCheck: 'auto', linkCheckAnchors: 'fail' }, 'health')).toEqual({ links: 'off', anchors: 'off' });
    expect(linkLevels({ linkCheck: 'fail', linkCheckAnchors: 'warn' }, 'health')).toEqual({ links: 'fail', anchors: 'warn' });
    const broken = [
      { kind: 'page' as const, external: false },
      { kind: 'anchor' as const, external: false },
      { kind: 'page' as const, external: true },
    ];
    expect(failingLinks(broken, { links: 'fail', anchors: 'warn' })).toEqual([broken[0]]);
    expect(failingLinks(broken, { links: 'warn', anchors: 'fail' })).toEqual([broken[1]]);
  });

  it('link-check `off` turns anchors off whatever they say; `auto` anchors follow each level, set ones stand', () => {
    expect(linkLevels({ linkCheck: 'off', linkCheckAnchors: 'fail' }, 'preview')).toEqual({ links: 'off', anchors: 'off' });
    expect(linkLevels({ linkCheck: 'warn', linkCheckAnchors: 'auto' }, 'health')).toEqual({ links: 'warn', anchors: 'warn' });
    expect(linkLevels({ linkCheck: 'fail', linkCheckAnchors: 'auto' }, 'preview')).toEqual({ links: 'fail', anchors: 'fail' });
    expect(linkLevels({ linkCheck: 'auto', linkCheckAnchors: 'off' }, 'preview')).toEqual({ links: 'warn', anchors: 'off' });
  });

  it('images and resources fail with the links’ level, another site’s links never', () => {
    const broken = [
      { kind: 'image' as const, external: false },
      { kind: 'resource' as const, external: false },
      { kind: 'anchor' as const, external: true },
      { kind: 'image' as const, external: true },
    ];
    expect(failingLinks(broken, { links: 'fail', anchors: 'fail' })).toEqual([broken[0], broken[1]]);
    expect(failingLinks(broken, { links: 'warn', anchors: 'warn' })).toEqual([]);
  });
});

describe('the link-check inputs', () => {
  const refusal = (raw: Record<string, string>): string => {
    try {
      parseInputs({ project: 'demo', ...raw });
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
      return (error as Error).message;
    }
    throw new Error('expected a refusal');
  };

  it('parse their defaults and values', () => {
    const defaults = parseInputs({ project: 'demo' });
    expect([defaults.linkCheck, defaults.linkCheckAnchors, defaults.linkCheckExternal, defaults.linkCheckPages]).toEqual([
      'auto',
      'auto',
      false,
      500,
    ]);
    expect(defaults.linkCheckIgnore).toEqual([]);
    const given = parseInputs({
      project: 'demo',
      'link-check': 'FAIL',
      'link-check-ignore': ' api/**\n\n**/*.png ',
      'link-check-pages': '20',
    });
    expect([given.linkCheck, given.linkCheckIgnore, given.linkCheckPages]).toEqual(['fail', ['api/**', '**/*.png'], 20]);
  });

  it('refuse what they do not accept, naming the input and what it accepts', () => {
    expect(refusal({ 'link-check': 'strict' })).toMatch(/link-check.*`auto`, `warn`, `fail`, `off`/);
    expect(refusal({ 'link-check-anchors': 'yes' })).toMatch(/link-check-anchors.*`auto`, `warn`, `fail`, `off`/);
    expect(refusal({ 'link-check-external': 'maybe' })).toMatch(/link-check-external.*`true` or `false`/);
    expect(refusal({ 'link-check-pages': '0' })).toMatch(/link-check-pages.*from 1 to 5000/);
    expect(refusal({ 'link-check-ignore': Array.from({ length: 101 }, (_, i) => `p${i}`).join('\n') })).toMatch(
      /link-check-ignore.*at most 100 glob patterns/,
    );
  });

  // Issue 52: the statuses other sites may answer that count as working, and when a dead-looking link is asked again.
  it('link-check-accept and link-check-recheck: their defaults, values and refusals', () => {
    const defaults = parseInputs({ project: 'demo' });
    expect([...defaults.linkCheckAccept]).toEqual([]);
    expect(defaults.linkCheckRecheck).toBe(30_000);
    const given = parseInputs({ project: 'demo', 'link-check-accept': ' 403, 999\n429 ,403', 'link-check-recheck': '1m' });
    expect([...given.linkCheckAccept]).toEqual([403, 999, 429]);
    expect(given.linkCheckRecheck).toBe(60_000);
    expect(parseInputs({ project: 'demo', 'link-check-accept': '100 999' }).linkCheckAccept).toEqual(new Set([100, 999]));
    for (const text of ['40', '1000', '099', '403x', 'forbidden', '403;999', Array.from({ length: 51 }, () => '403').join(',')])
      expect(refusal({ 'link-check-accept': text })).toMatch(/link-check-accept.*HTTP statuses \(100 to 999\)/);
    expect(refusal({ 'link-check-recheck': 'soon' })).toMatch(/link-check-recheck.*not a duration/);
    expect(refusal({ 'link-check-recheck': '0' })).toMatch(/link-check-recheck/);
  });
});
