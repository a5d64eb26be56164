// The files a docs build publishes beside its pages that list them (FACTS.md, *Docs hosts*: "Sphinx
// builds publish `searchindex.js` and `objects.inv`, MkDocs builds `search/search_index.json` and
// `sitemap.xml`: each lists the version's pages (and the search index their section anchors) in one
// file"), made from the pages a test gives (`setSitePages`) as the builders make them from theirs:
//   - Sphinx (`html`, `dirhtml`): `searchindex.js` (`Search.setIndex({…})`, JSON as Sphinx 7 and later
//     write it: `docnames`, `filenames`, `titles`, `alltitles` (each section: its title → [[document,
//     its first id]]), `objects` (an autodoc object, `<dt id>`), `objnames`, `objtypes`, `terms`,
//     `titleterms`, `indexentries`, `envversion`); `objects.inv` (version 2: four lines of header and
//     zlib-compressed lines, each document (`std:doc`), label (`std:label`: the extra ids Sphinx
//     writes as `<span id>`) and object with its address); `_static/documentation_options.js` (its
//     `BUILDER` and `FILE_SUFFIX`).
//   - MkDocs: `search/search_index.json` (`{config, docs: [{location, title, text}]}`, a page at
//     `guide/`, each heading with an id at `guide/#id`). Its `sitemap.xml` is not made: nothing reads it.
// What a section is in the test's HTML: a `<section id>`, or a heading with an id. Any other id (a
// `<p id>`, an `<a name>`) is in no index, as in a real build, where only the page has it.
import { deflateSync } from 'node:zlib';

/** Which builder's files a version publishes: none with `false`. */
export type SiteIndexKind = 'sphinx' | 'sphinx-dirhtml' | 'mkdocs' | false;

interface Doc {
  /** Sphinx's document name (`guide/install`), MkDocs' location (`guide/`). */
  name: string;
  /** Its address below the root (`guide/install.html`, `guide/install/`). */
  address: string;
  title: string;
  text: string;
  sections: { id: string; title: string }[];
  labels: string[];
  objects: string[];
}

/** A version's files by path below its root: text, or bytes (`objects.inv`). */
export type SiteFiles = Record<string, string | Buffer>;

/** The pages with the index files of `kind` added (a file the test gave is kept as given: a hostile index). */
export function withSiteIndex(pages: SiteFiles, kind: SiteIndexKind): SiteFiles {
  if (kind === false) return pages;
  const docs = documents(pages, kind);
  const files: SiteFiles =
    kind === 'mkdocs'
      ? { 'search/search_index.json': mkdocsIndex(docs) }
      : {
          'searchindex.js': sphinxIndex(docs),
          'objects.inv': inventory(docs),
          '_static/documentation_options.js': documentationOptions(kind),
        };
  return { ...files, ...pages };
}

function documents(pages: SiteFiles, kind: Exclude<SiteIndexKind, false>): Doc[] {
  const docs: Doc[] = [];
  for (const [path, html] of Object.entries(pages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!path.endsWith('.html') || typeof html !== 'string') continue;
    const name = documentName(path, kind);
    if (name === undefined) continue;
    // An html build's address is its file (`index.html`); a dirhtml or MkDocs one its folder (`guide/`).
    docs.push({ name, address: kind === 'sphinx' ? path : addressOf(path), ...readPage(html, name) });
  }
  return docs;
}

/** `guide/install.html` → `guide/install` (html); `guide/install/index.html` → `guide/install` (dirhtml); MkDocs: `guide/install/`. */
function documentName(path: string, kind: Exclude<SiteIndexKind, false>): string | undefined {
  if (kind === 'mkdocs') return addressOf(path);
  if (kind === 'sphinx') return path.slice(0, -'.html'.length);
  if (path === 'index.html') return 'index';
  return path.endsWith('/index.html') ? path.slice(0, -'/index.html'.length) : undefined;
}

/** A folder is served from its `index.html`: `guide/index.html` is at `guide/`. */
function addressOf(path: string): string {
  return path === 'index.html' ? '' : path.endsWith('/index.html') ? path.slice(0, -'index.html'.length) : path;
}

function readPage(html: string, name: string): Omit<Doc, 'name' | 'address'> {
  const sections: Doc['sections'] = [];
  for (const match of html.matchAll(/<(section|h[1-6])\b[^>]*\bid="([^"]+)"[^>]*>([\s\S]*?)<\/\1>/g)) {
    const heading = match[1] === 'section' ? /<h[1-6][^>]*>([\s\S]*?)<\/h[1-6]>/.exec(match[3]!)?.[1] : match[3];
    sections.push({ id: match[2]!, title: plain(heading ?? match[2]!) });
  }
  const labels = [...html.matchAll(/<span\b[^>]*\bid="([^"]+)"/g)].map((match) => match[1]!);
  const objects = [...html.matchAll(/<dt\b[^>]*\bid="([^"]+)"/g)].map((match) => match[1]!);
  const title = plain(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? name);
  return { title, text: plain(html.replace(/<(script|style|title)\b[\s\S]*?<\/\1>/g, '')), sections, labels, objects };
}

function plain(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function sphinxIndex(docs: Doc[]): string {
  const alltitles: Record<string, [number, string | null][]> = {};
  const objects: Record<string, [number, number, number, string, string][]> = {};
  const terms: Record<string, number | number[]> = {};
  const titleterms: Record<string, number | number[]> = {};
  for (const [at, doc] of docs.entries()) {
    // Every section: the page's own (its first heading) among them.
    for (const section of doc.sections) alltitles[section.title] = [...(alltitles[section.title] ?? []), [at, section.id]];
    for (const id of doc.objects) {
      const dot = id.lastIndexOf('.');
      const prefix = dot < 0 ? '' : id.slice(0, dot);
      // The anchor is the full name: written as '' (Sphinx's shorthand).
      objects[prefix] = [...(objects[prefix] ?? []), [at, 0, 1, '', id.slice(dot + 1)]];
    }
    addTerms(terms, doc.text, at);
    addTerms(titleterms, doc.title, at);
  }
  const index = {
    alltitles,
    docnames: docs.map((doc) => doc.name),
    envversion: { sphinx: 66, 'sphinx.domains.python': 4, 'sphinx.domains.std': 2 },
    filenames: docs.map((doc) => `${doc.name}.rst`),
    indexentries: {},
    objects,
    objnames: { 0: ['py', 'function', 'Python function'] },
    objtypes: { 0: 'py:function' },
    terms,
    titles: docs.map((doc) => doc.title),
    titleterms,
  };
  return `Search.setIndex(${JSON.stringify(index)})`;
}

function addTerms(terms: Record<string, number | number[]>, text: string, at: number): void {
  for (const word of new Set(text.toLowerCase().match(/[a-z]{3,}/g) ?? [])) {
    const known = terms[word];
    terms[word] = known === undefined ? at : Array.isArray(known) ? [...known, at] : [known, at];
  }
}

function inventory(docs: Doc[]): Buffer {
  const lines: string[] = [];
  for (const doc of docs) {
    lines.push(`${doc.name} std:doc -1 ${doc.address} ${doc.title}`);
    for (const label of doc.labels) lines.push(`${label} std:label -1 ${doc.address}#$ ${doc.title}`);
    for (const object of doc.objects) lines.push(`${object} py:function 1 ${doc.address}#$ -`);
  }
  const header = '# Sphinx inventory version 2\n# Project: Demo\n# Version: \n# The remainder of this file is compressed using zlib.\n';
  return Buffer.concat([Buffer.from(header), deflateSync(`${lines.join('\n')}\n`, { level: 9 })]);
}

function documentationOptions(kind: 'sphinx' | 'sphinx-dirhtml'): string {
  return [
    'const DOCUMENTATION_OPTIONS = {',
    "    VERSION: '1.0',",
    "    LANGUAGE: 'en',",
    '    COLLAPSE_INDEX: false,',
    `    BUILDER: '${kind === 'sphinx' ? 'html' : 'dirhtml'}',`,
    "    FILE_SUFFIX: '.html',",
    "    LINK_SUFFIX: '.html',",
    '    HAS_SOURCE: true,',
    "    SOURCELINK_SUFFIX: '.txt',",
    '    NAVIGATION_WITH_KEYS: false,',
    '    SHOW_SEARCH_SUMMARY: true,',
    '    ENABLE_SEARCH_SHORTCUTS: true,',
    '};',
    '',
  ].join('\n');
}

function mkdocsIndex(docs: Doc[]): string {
  const entries = docs.flatMap((doc) => [
    { location: doc.name, text: doc.text, title: doc.title },
    ...doc.sections.map((section) => ({ location: `${doc.name}#${section.id}`, text: '', title: section.title })),
  ]);
  return JSON.stringify({ config: { lang: ['en'], separator: '[\\s\\-]+', pipeline: ['stopWordFilter'] }, docs: entries });
}
