// Pages with links, anchors and images, for the link check's demo, tests and bench: a version's
// pages by path below its root (`Standin.setSitePages`). Each broken page has working links and
// anchors beside its broken one; `fixed` is the same site with the broken ones mended.

const page = (title: string, body: string) =>
  `<!doctype html>\n<html><head><title>${title}</title></head><body><h1 id="top-heading">${title}</h1>\n${body}\n</body></html>\n`;

/** The three changed pages of the demo pull request, each with one broken link. */
export const BROKEN_PAGES = ['guide/install.html', 'guide/usage.html', 'guide/images.html'] as const;

/**
 * A small Sphinx-like site: `index.html` (anchors `intro`, `usage`), `guide/install.html` linking a
 * missing page, `guide/usage.html` linking `index.html#nope`, `guide/images.html` showing a missing
 * image; and links to `elsewhere` (another site), `mailto:` and `tel:`, which are never fetched
 * (without `link-check-external`). With `fixed`, the three broken links work.
 */
export function linkSite(elsewhere: string, options: { fixed?: boolean } = {}): Record<string, string> {
  const fixed = options.fixed === true;
  return {
    'index.html': page(
      'Demo',
      `<section id="intro"><p>Start with <a href="guide/install.html">installing</a>, then <a href="guide/usage.html#run">usage</a> and <a href="guide/images.html">pictures</a>.</p></section>\n` +
        `<section id="usage"><a name="legacy-usage"></a><p>See <a href="#intro">the introduction</a> and <a href="${elsewhere}/elsewhere">another site</a>.</p></section>\n` +
        `<p><a href="mailto:docs@example.org">Mail us</a> · <a href="tel:+4930123">call</a> · <a href="javascript:void(0)">js</a></p>`,
    ),
    'guide/install.html': page(
      'Install',
      `<p id="setup">Read <a href="../index.html#intro">the introduction</a> and <a href="usage.html">usage</a>.</p>\n` +
        `<p>Then <a href="${fixed ? 'usage.html#run' : 'gone.html'}">the next step</a> or <a href="${elsewhere}/elsewhere/install">upstream</a>.</p>`,
    ),
    'guide/usage.html': page(
      'Usage',
      `<h2 id="run">Run</h2><p>After <a href="install.html#setup">setting up</a> (<a href="#run">here</a>), ` +
        `see <a href="../index.html#${fixed ? 'usage' : 'nope'}">the overview</a> and <a href="../index.html#legacy-usage">the old one</a>.</p>`,
    ),
    'guide/images.html': page(
      'Images',
      `<p><img src="../_images/logo.png" alt="logo" srcset="../_images/logo.png 1x, ../_images/logo@2x.png 2x"> ` +
        `<img src="../_images/${fixed ? 'logo.png' : 'diagram.png'}" alt="diagram"> <a href="install.html">install</a></p>`,
    ),
    '_images/logo.png': 'PNG',
    '_images/logo@2x.png': 'PNG',
  };
}

/**
 * `count` changed pages (`guide/page-00.html`…) of 8 working links each (issue 46's throttled
 * host): 3 to the next pages' anchors, 2 to later pages, 1 to the index's anchor, 1 to a shared
 * folder page written as `api/index.html`, 1 stylesheet. About `count` + 4 requests in all.
 */
export function workingPagesSite(count: number): { pages: Record<string, string>; changed: string[] } {
  const name = (i: number) => `guide/page-${String(i % count).padStart(2, '0')}.html`;
  const pages: Record<string, string> = {
    'index.html': page('Index', '<p id="start">Start</p>'),
    'api/index.html': page('API', '<p id="calls">Calls</p>'),
    '_static/theme.css': 'body { color: black }',
  };
  const changed: string[] = [];
  for (let i = 0; i < count; i++) {
    const sections = Array.from({ length: 3 }, (_, s) => `<h2 id="sec-${s}">Section ${s}</h2>`).join('');
    const links = [
      ...Array.from({ length: 3 }, (_, k) => `<a href="../${name(i + k + 1)}#sec-${k}">next ${k}</a>`),
      ...Array.from({ length: 2 }, (_, k) => `<a href="../${name(i + k + 4)}">later ${k}</a>`),
      '<a href="../index.html#start">index</a>',
      '<a href="../api/index.html#calls">api</a>',
    ];
    pages[name(i)] = page(`Page ${i}`, `<link rel="stylesheet" href="../_static/theme.css">${sections}<p>${links.join(' ')}</p>`);
    changed.push(name(i));
  }
  return { pages, changed };
}

/** A changed page whose stylesheet, script, `<object>` and `<source>` are lost (and an icon that is there). */
export function lostResourcesSite(): Record<string, string> {
  return {
    'index.html': page('Index', '<p>Start</p>'),
    '_static/theme.css': 'body {}',
    '_static/favicon.ico': 'ICO',
    'guide/media.html':
      '<!doctype html>\n<html><head><title>Media</title><link rel="stylesheet" href="../_static/theme.css">' +
      '<link rel="stylesheet" href="../_static/custom.css"><link rel="icon" href="../_static/favicon.ico">' +
      '<script src="../_static/custom.js"></script></head><body><h1>Media</h1>' +
      '<object data="../_images/graph.svg" type="image/svg+xml"></object>' +
      '<video controls><source src="../_static/clip.webm" type="video/webm"></video>' +
      '<p><a href="../index.html">home</a></p></body></html>\n',
  };
}

/**
 * A version whose root links a folder without its slash (`guide`, which the host redirects to
 * `guide/`) and an old address kept by a user redirect (`old/intro.html` → `guide/intro.html`):
 * each page they lead to links its neighbours relatively, so resolved against the address asked,
 * they would all be missing. `setup.html` is really missing.
 */
export function redirectedSite(options: { missing?: boolean } = {}): Record<string, string> {
  return {
    'index.html': page('Home', '<p><a href="guide">the guide</a> and <a href="old/intro.html">the old introduction</a></p>'),
    'guide/index.html': page('Guide', '<p><a href="intro.html">intro</a>, <a href="install.html#steps">install</a></p>'),
    'guide/intro.html': page(
      'Intro',
      `<p id="intro"><a href="install.html">install</a>, <a href="index.html">the guide</a>${options.missing ? ', <a href="setup.html">setup</a>' : ''}</p>`,
    ),
    'guide/install.html': page('Install', '<h2 id="steps">Steps</h2><p><a href="intro.html#intro">back</a></p>'),
  };
}

/** A page of `links` links to another site (`elsewhere/page-N`), then one missing page of the version's own. */
export function floodedPage(elsewhere: string, links: number): Record<string, string> {
  const others = Array.from({ length: links }, (_, i) => `<a href="${elsewhere}/page-${i}">elsewhere ${i}</a>`).join('\n');
  return {
    'index.html': page('Index', '<p>Start</p>'),
    'guide/links.html': page('Links', `${others}\n<p><a href="../index.html">home</a> <a href="gone.html">gone</a></p>`),
  };
}

/**
 * A version of `count` API pages (`api/mod-000.html`…) as Sphinx's autodoc writes them, for a
 * crawl's memory: each about 60 KB, 150 section ids, 90 links (40 to other pages' anchors, 40 to
 * other pages, 10 to another site) and 10 images; the index links every page.
 */
export function crawlSite(count: number, elsewhere: string): Record<string, string> {
  const name = (i: number) => `mod-${String(i % count).padStart(3, '0')}`;
  const filler = `<p>${'Returns the value of the parameter, converted as the caller asks; raises on a bad input. '.repeat(6)}</p>\n`;
  const pages: Record<string, string> = {
    'index.html': page(
      'API',
      `<ul>${Array.from({ length: count }, (_, i) => `<li><a href="api/${name(i)}.html">${name(i)}</a></li>`).join('')}</ul>`,
    ),
  };
  for (let k = 0; k < 10; k++) pages[`_images/figure-${k}.png`] = 'PNG';
  for (let i = 0; i < count; i++) {
    const sections = Array.from(
      { length: 150 },
      (_, k) => `<dt id="${name(i)}.func_${k}">func_${k}</dt><dd>${k % 2 === 0 ? filler : ''}</dd>`,
    );
    const links = [
      ...Array.from({ length: 40 }, (_, k) => `<a href="${name(i + k + 1)}.html#${name(i + k + 1)}.func_${k}">see ${k}</a>`),
      ...Array.from({ length: 40 }, (_, k) => `<a href="${name(i + 3 * k + 2)}.html">also ${k}</a>`),
      ...Array.from({ length: 10 }, (_, k) => `<a href="${elsewhere}/ref/${i}/${k}">ref ${k}</a>`),
      ...Array.from({ length: 10 }, (_, k) => `<img src="../_images/figure-${k}.png" alt="">`),
    ];
    pages[`api/${name(i)}.html`] = page(name(i), `<dl>${sections.join('\n')}</dl>\n<p>${links.join(' ')}</p>`);
  }
  return pages;
}

/**
 * `count` changed pages (`guide/big-000.html`…) of about `bytes` each, for the link check's memory
 * (issue 50's bench (i)): text with non-Latin-1 characters (`é`, `ü`, `—`, `中文`: the page decodes
 * to two bytes a character), a section id every few paragraphs, inline tags throughout, and 20
 * links: to the next pages' anchors, the index, one missing page of its own. The filler is one
 * string shared by every page (the stand-in holds a few MB, not gigabytes).
 */
export function largePagesSite(count: number, bytes: number): { pages: Record<string, string>; changed: string[] } {
  const name = (i: number) => `guide/big-${String(i % count).padStart(3, '0')}.html`;
  const paragraph = (k: number) =>
    `<p id="para-${k}">Le paramètre <em>über</em> — <code>valeur</code> 中文文档 <a href="#para-${k}">¶</a> ` +
    `${'Returns the value of the parameter, converted as the caller asks; raises on a bad input. '.repeat(3)}</p>\n`;
  const parts: string[] = [];
  for (let size = 0, k = 0; size < bytes - 4_096; k++) {
    const part = paragraph(k);
    parts.push(part);
    size += Buffer.byteLength(part);
  }
  const filler = parts.join('');
  const pages: Record<string, string> = { 'index.html': page('Index', '<p id="start">Start</p>') };
  const changed: string[] = [];
  for (let i = 0; i < count; i++) {
    const links = [
      ...Array.from({ length: 17 }, (_, k) => `<a href="../${name(i + k + 1)}#para-${k}">next ${k}</a>`),
      '<a href="../index.html#start">index</a>',
      `<a href="missing-${i}.html">gone</a>`,
      `<a href="big-${String(i % count).padStart(3, '0')}.html#para-1">here</a>`,
    ];
    pages[name(i)] = page(`Big ${i}`, `<p>${links.join(' ')}</p>\n${filler}`);
    changed.push(name(i));
  }
  return { pages, changed };
}

/**
 * A Sphinx-like version of `count` changed pages (`guide/page-000.html`…) of 20 links each and
 * `2 × count` reference pages nobody changed (`ref/topic-000.html`…, five sections each), for the
 * link check with the build's search index (issue 46): each changed page links 8 reference
 * sections, 4 reference pages, 3 other changed pages' sections, 2 sections of its own, 2 of 4
 * shared images and the index's start. Among them, page 0 links a page that is not there
 * (`ref/retired.html`) and page 1 a section that is not there (`ref/topic-001.html#no-such-section`).
 * With its index: about one request per changed page; without, one per reference page too.
 */
export function indexedSite(count: number): {
  pages: Record<string, string>;
  changed: string[];
  broken: { page: string; target: string; problem: string }[];
} {
  const changedName = (i: number) => `guide/page-${String(i % count).padStart(3, '0')}.html`;
  const refs = 2 * count;
  const refName = (i: number) => `ref/topic-${String(i % refs).padStart(3, '0')}.html`;
  const sections = (count: number) =>
    Array.from({ length: count }, (_, s) => `<section id="sec-${s}"><h2>Section ${s}</h2><p>Text of section ${s}.</p></section>`).join(
      '\n',
    );
  const pages: Record<string, string> = {
    'index.html': page('Index', '<section id="start"><h2>Start</h2><p>Welcome.</p></section>'),
  };
  for (let k = 0; k < 4; k++) pages[`_images/figure-${k}.png`] = 'PNG';
  for (let i = 0; i < refs; i++) pages[refName(i)] = page(`Topic ${i}`, sections(5));
  const changed: string[] = [];
  for (let i = 0; i < count; i++) {
    const links = [
      ...Array.from({ length: 8 }, (_, k) => `<a href="../${refName(2 * i + k)}#sec-${k % 5}">topic ${k}</a>`),
      ...Array.from({ length: 4 }, (_, k) => `<a href="../${refName(2 * i + 8 + k)}">topic page ${k}</a>`),
      ...Array.from({ length: 3 }, (_, k) => `<a href="../${changedName(i + k + 1)}#sec-${k}">next ${k}</a>`),
      ...Array.from({ length: 2 }, (_, k) => `<a href="#sec-${k + 1}">here ${k}</a>`),
      ...Array.from({ length: 2 }, (_, k) => `<img src="../_images/figure-${(i + k) % 4}.png" alt="">`),
      '<a href="../index.html#start">start</a>',
    ];
    if (i === 0) links[11] = '<a href="../ref/retired.html">a retired topic</a>';
    if (i === 1 % count) links[10] = '<a href="../ref/topic-001.html#no-such-section">a lost section</a>';
    pages[changedName(i)] = page(`Page ${i}`, `${sections(3)}\n<p>${links.join(' ')}</p>`);
    changed.push(changedName(i));
  }
  const broken = [
    { page: changedName(0), target: 'ref/retired.html', problem: 'missing page' },
    { page: changedName(1), target: 'ref/topic-001.html#no-such-section', problem: 'missing anchor' },
  ];
  return { pages, changed, broken };
}

/**
 * A version whose root is linked every way a page can name it (`./`, `index.html`, `../index.html`,
 * `../`, its own `#top`), with 2 broken links of its own (a missing page, a missing anchor), and a
 * folder page linked as `guide` (which the host redirects to `guide/`), `guide/` and
 * `guide/index.html`, with 1 (issue 47: the root read twice counted 3 broken links as 5).
 */
export function rootLinkedManyWays(): Record<string, string> {
  return {
    'index.html': page(
      'Home',
      '<p id="intro"><a href="./">home</a> <a href="index.html#intro">here</a> <a href="guide">the guide</a> ' +
        '<a href="guide/index.html">again</a> <a href="gone.html">gone</a> <a href="#nope">nowhere</a></p>',
    ),
    'guide/index.html': page(
      'Guide',
      '<p><a href="../index.html">home</a> <a href="../">home again</a> <a href="../index.html#intro">intro</a> ' +
        '<a href="page.html">a page</a> <a href="missing.html">missing</a></p>',
    ),
    'guide/page.html': page('Page', '<p><a href="./">the guide</a> <a href="index.html">the guide</a> <a href="../#intro">intro</a></p>'),
  };
}
