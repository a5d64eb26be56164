/**
 * The docs builders' own lists of a version's pages and anchors, read from the files a build
 * publishes beside its pages (FACTS, *Docs hosts*): Sphinx's `searchindex.js` (its documents, and
 * the anchors of their sections, objects and index entries), `objects.inv` (its labels and objects,
 * each with the address it is served at) and `_static/documentation_options.js` (the builder, which
 * says how a document is served: `guide/install.html` or `guide/install/`); MkDocs'
 * `search/search_index.json` (each page and section by address). Each is a pull request's text on a
 * preview: bounded, read in one pass, every entry checked for its shape and the malformed ones
 * left out. Pure, but for `objects.inv`'s decompression (zlib, bounded in what it gives).
 */
import { inflate } from 'node:zlib';
import { IndexFormatError, type Literal, readObjectLiteral } from './index-literal.js';

/** Values one index may keep (a large API reference keeps a few hundred thousand). */
const MAX_INDEX_VALUES = 2_000_000;
/** A document's name, an anchor or an address longer than this is left out. */
const MAX_NAME_LENGTH = 1_024;
/** What `objects.inv`'s compressed part may give at most. */
const MAX_INVENTORY_BYTES = 32 * 1024 * 1024;

/** Where a Sphinx document is: its name, and the anchors the index knows on it. */
export interface SphinxDocuments {
  docnames: string[];
  /** By document (its position in `docnames`). */
  anchors: Map<number, Set<string>>;
}

const SPHINX_PREFIX = 'Search.setIndex(';
const SPHINX_PICK = { docnames: true, alltitles: true, objects: true, objnames: true, indexentries: true } as const;

/**
 * Sphinx's `searchindex.js`: `Search.setIndex({…})`, JSON since Sphinx 7 and bare-word keys before.
 * Its documents by name, and the anchors of each: the sections (`alltitles`: title → [[document,
 * id]]), the objects (`objects`: prefix → [[document, type, priority, anchor, name]], the anchor
 * short for the full name (`''`) or the type and full name (`'-'`), as Sphinx's search page builds
 * them; the names HTML-escaped) and the index entries (`indexentries`: entry → [[document, id,
 * main]]). Throws an IndexFormatError when the text is no such index.
 */
export function sphinxSearchIndex(text: string): SphinxDocuments {
  const start = text.indexOf(SPHINX_PREFIX);
  if (start < 0 || text.slice(0, start).trim() !== '') throw new IndexFormatError(`expected ${SPHINX_PREFIX}`, 0);
  const { value, end } = readObjectLiteral(text, start + SPHINX_PREFIX.length, SPHINX_PICK, { maxValues: MAX_INDEX_VALUES });
  if (!/^\s*\)\s*;?\s*$/.test(text.slice(end, end + 64)) || text.length > end + 64) throw new IndexFormatError("expected ')'", end);
  const docnames = listOf(value.get('docnames')).map((name) => (typeof name === 'string' && isName(name) ? name : ''));
  if (docnames.length === 0) throw new IndexFormatError('no documents', start);
  const anchors = new Map<number, Set<string>>();
  const add = (doc: Literal | undefined, anchor: string | undefined) => {
    if (typeof doc !== 'number' || !Number.isInteger(doc) || doc < 0 || doc >= docnames.length) return;
    if (anchor === undefined || anchor === '' || anchor.length > MAX_NAME_LENGTH) return;
    const set = anchors.get(doc) ?? new Set<string>();
    anchors.set(doc, set.add(anchor));
  };
  for (const entries of mapOf(value.get('alltitles')).values()) {
    for (const entry of listOf(entries)) {
      const [doc, id] = listOf(entry);
      add(doc, typeof id === 'string' ? id : undefined);
    }
  }
  for (const entries of mapOf(value.get('indexentries')).values()) {
    for (const entry of listOf(entries)) {
      const [doc, id] = listOf(entry);
      add(doc, typeof id === 'string' ? id : undefined);
    }
  }
  const typeNames = new Map<string, string>();
  for (const [key, names] of mapOf(value.get('objnames'))) {
    const type = listOf(names)[1];
    if (typeof type === 'string') typeNames.set(key, type);
  }
  for (const [prefix, entries] of mapOf(value.get('objects'))) {
    for (const [doc, anchor] of objectAnchors(prefix, entries, typeNames)) add(doc, anchor);
  }
  return { docnames, anchors };
}

/**
 * The anchors of one prefix's objects: a list of [document, type, priority, anchor, name] (Sphinx
 * 4 and later), or a map of name → [document, type, priority, anchor] (before).
 */
function objectAnchors(prefix: string, entries: Literal, typeNames: ReadonlyMap<string, string>): [Literal | undefined, string][] {
  const found: [Literal | undefined, string][] = [];
  const one = (doc: Literal | undefined, type: Literal | undefined, short: Literal | undefined, name: Literal | undefined) => {
    if (typeof short !== 'string' || typeof name !== 'string') return;
    const full = unescapeHtml(prefix === '' ? name : `${prefix}.${name}`);
    if (short === '') found.push([doc, full]);
    else if (short === '-') {
      const typeName = typeNames.get(String(type));
      if (typeName !== undefined) found.push([doc, `${typeName}-${full}`]);
    } else found.push([doc, short]);
  };
  if (entries instanceof Map) {
    for (const [name, entry] of entries) {
      const [doc, type, , short] = listOf(entry);
      one(doc, type, short, name);
    }
  } else {
    for (const entry of listOf(entries)) {
      const [doc, type, , short, name] = listOf(entry);
      one(doc, type, short, name);
    }
  }
  return found;
}

/** How a Sphinx build serves its documents (its `documentation_options.js`). */
export type SphinxLayout = { builder: 'html'; suffix: string } | { builder: 'dirhtml' | 'singlehtml' };

/** The builders' names as Sphinx (and the service's own older builders) write them. */
const BUILDERS: Readonly<Record<string, SphinxLayout['builder']>> = {
  html: 'html',
  readthedocs: 'html',
  dirhtml: 'dirhtml',
  readthedocsdirhtml: 'dirhtml',
  singlehtml: 'singlehtml',
  readthedocssinglehtml: 'singlehtml',
  readthedocssinglehtmllocalmedia: 'singlehtml',
};

/**
 * `_static/documentation_options.js`'s `BUILDER` and `FILE_SUFFIX` (Sphinx 2.3 and later):
 * undefined when it names neither a known builder nor, for `html`, a plain suffix (`.html`).
 */
export function sphinxLayout(text: string): SphinxLayout | undefined {
  const head = text.slice(0, 64 * 1024);
  const builder = /\bBUILDER\s*:\s*['"]([A-Za-z0-9_-]{1,40})['"]/.exec(head)?.[1];
  const known = builder === undefined ? undefined : BUILDERS[builder];
  if (known === undefined || !Object.hasOwn(BUILDERS, builder!)) return undefined;
  if (known !== 'html') return { builder: known };
  const suffix = /\bFILE_SUFFIX\s*:\s*['"]([^'"\n]{0,20})['"]/.exec(head)?.[1];
  return suffix !== undefined && /^\.[A-Za-z0-9]{1,10}$/.test(suffix) ? { builder: 'html', suffix } : undefined;
}

/**
 * The address of Sphinx document `docname` below the version's root, as its builder serves it
 * (`guide/install.html`, `guide/install/`, `guide/` for `guide/index`, `` for `index`); undefined
 * for a single-page build (every document is in one page) or a name that is no plain path.
 */
export function sphinxPagePath(docname: string, layout: SphinxLayout): string | undefined {
  if (!isName(docname) || layout.builder === 'singlehtml') return undefined;
  if (layout.builder === 'html') return `${docname}${layout.suffix}`;
  if (docname === 'index') return '';
  return docname.endsWith('/index') ? docname.slice(0, -'index'.length) : `${docname}/`;
}

/**
 * An address below the version's root and an anchor on it (`guide/install.html`, `setup`); `page`:
 * the address is a page the build made (not only the target of a label: Sphinx's inventory names
 * `py-modindex.html` whether or not the build wrote it).
 */
export interface IndexedPlace {
  path: string;
  anchor?: string;
  page: boolean;
}

const MKDOCS_PICK = { docs: { '[]': { location: true } } } as const;

/**
 * MkDocs' `search/search_index.json` (Material's too): `{docs: [{location, title, text}], config}`,
 * each page at `guide/` (or `guide.html`) and each section at `guide/#id`. Throws an
 * IndexFormatError when the text is no such index.
 */
export function mkdocsSearchIndex(text: string): IndexedPlace[] {
  const { value, end } = readObjectLiteral(text, 0, MKDOCS_PICK, { maxValues: MAX_INDEX_VALUES });
  if (text.slice(end).trim() !== '') throw new IndexFormatError('text after the index', end);
  const docs = value.get('docs');
  if (!Array.isArray(docs)) throw new IndexFormatError('no docs', 0);
  const places: IndexedPlace[] = [];
  for (const doc of docs) {
    const location = doc instanceof Map ? doc.get('location') : undefined;
    if (typeof location !== 'string' || location.length > MAX_NAME_LENGTH * 2) continue;
    const hash = location.indexOf('#');
    const path = hash < 0 ? location : location.slice(0, hash);
    const anchor = hash < 0 ? '' : location.slice(hash + 1);
    if (path !== '' && !isName(path)) continue;
    places.push({ path, page: true, ...(anchor === '' || anchor.length > MAX_NAME_LENGTH ? {} : { anchor }) });
  }
  return places;
}

const INVENTORY_HEADER = '# Sphinx inventory version 2';

/**
 * Sphinx's `objects.inv` (version 2): four lines of header, then zlib-compressed lines of `name
 * domain:role priority address display-name`, the address below the root with its anchor (a `$`
 * at its end standing for the name). The places of its entries, a document's (`std:doc`) a page;
 * it throws an IndexFormatError on anything else, or when the compressed part would give more than
 * {@link MAX_INVENTORY_BYTES}.
 */
export async function sphinxInventory(file: Uint8Array): Promise<IndexedPlace[]> {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  let offset = 0;
  const header: string[] = [];
  for (let line = 0; line < 4; line++) {
    const end = bytes.indexOf(0x0a, offset);
    if (end < 0 || end - offset > 4_096) throw new IndexFormatError('no inventory header', offset);
    header.push(bytes.subarray(offset, end).toString('utf8').trimEnd());
    offset = end + 1;
  }
  if (header[0] !== INVENTORY_HEADER || !header[3]!.includes('zlib')) throw new IndexFormatError('not an inventory of version 2', 0);
  const text = await new Promise<string>((resolve, reject) => {
    inflate(bytes.subarray(offset), { maxOutputLength: MAX_INVENTORY_BYTES }, (error, out) =>
      error ? reject(new IndexFormatError(`not zlib data (${error.message})`, offset)) : resolve(out.toString('utf8')),
    );
  });
  const places: IndexedPlace[] = [];
  for (const line of text.split('\n')) {
    const place = inventoryPlace(line);
    if (place !== undefined) places.push(place);
  }
  return places;
}

/**
 * One line's place. The name may hold spaces (a glossary term), so the role is the first word
 * after it that has a `:` and is followed by a priority and an address, found in one pass.
 */
function inventoryPlace(line: string): IndexedPlace | undefined {
  const words = line.trimEnd().split(' ');
  for (let i = 1; i + 2 < words.length; i++) {
    if (!words[i]!.includes(':') || !/^-?\d+$/.test(words[i + 1]!)) continue;
    const name = words.slice(0, i).join(' ');
    const written = words[i + 2]!;
    const address = written.endsWith('$') ? written.slice(0, -1) + name : written;
    const hash = address.indexOf('#');
    const path = hash < 0 ? address : address.slice(0, hash);
    const anchor = hash < 0 ? '' : address.slice(hash + 1);
    if ((path !== '' && !isName(path)) || anchor.length > MAX_NAME_LENGTH) return undefined;
    return { path, page: words[i] === 'std:doc', ...(anchor === '' ? {} : { anchor }) };
  }
  return undefined;
}

/** A relative path below the root and nothing else: no scheme, query, fragment, backslash or `..`. */
function isName(path: string): boolean {
  return (
    path.length > 0 &&
    path.length <= MAX_NAME_LENGTH &&
    !path.startsWith('/') &&
    !/[?#\\\u0000-\u001f]|^[A-Za-z][A-Za-z0-9+.-]*:/.test(path) &&
    !path.split('/').some((segment) => segment === '..' || segment === '.')
  );
}

function listOf(value: Literal | undefined): Literal[] {
  return Array.isArray(value) ? value : [];
}

function mapOf(value: Literal | undefined): Map<string, Literal> {
  return value instanceof Map ? value : new Map();
}

const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };

/** What Python's `html.escape` did to an object's name, undone. */
function unescapeHtml(text: string): string {
  return text.includes('&') ? text.replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity]!) : text;
}
