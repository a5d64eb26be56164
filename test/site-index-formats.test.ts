// The readers of the docs builders' search indexes (issue 46): Sphinx's searchindex.js (JSON, and
// the bare-word keys Sphinx wrote before 5), objects.inv and documentation_options.js, MkDocs'
// search_index.json. The fixtures are what Debian's Sphinx 5.3.0 and MkDocs 1.4.2 wrote for a small
// project (its sources in the comments); the property tests give them anything at all: an answer
// or an IndexFormatError, never another error, and in one pass (a hang is the test's timeout).
import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  mkdocsSearchIndex,
  sphinxInventory,
  sphinxLayout,
  sphinxPagePath,
  sphinxSearchIndex,
} from '../src/operations/shared/links/index-formats.ts';
import { IndexFormatError, type Literal, readObjectLiteral } from '../src/operations/shared/links/index-literal.ts';
import { anyText } from './support/arbitraries.ts';

// Sphinx 5.3.0, `sphinx-build -b html` of index.rst (a title, `.. _intro-label:` before the section
// "Introduction", an index entry, a section "Options & <flags>" with `py:function demo.run`,
// `py:class demo.Thing` and its method `go`, `option --verbose`, a glossary term "build step"),
// guide/install.rst ("Installing", `.. _install-steps:` before "Steps", "Café crème") and guide/index.rst.
const SPHINX_INDEX =
  'Search.setIndex({"docnames": ["guide/index", "guide/install", "index"], "filenames": ["guide/index.rst", "guide/install.rst", "index.rst"], "titles": ["Guide", "Installing", "Demo docs"], "terms": {"The": 0, "do": 1, "unicod": 1, "titl": 1, "read": 2, "step": 2, "instal": 2, "see": 2, "build": 2, "run": 2, "x": 2, "class": 2, "thing": 2, "go": 2, "verbos": 2, "sai": 2, "more": 2, "A": 2, "caf\\u00e9": 2, "cr\\u00e8me": 2, "guid": 2}, "objects": {"demo": [[2, 0, 1, "", "Thing"], [2, 2, 1, "", "run"]], "demo.Thing": [[2, 1, 1, "", "go"]], "": [[2, 3, 1, "cmdoption-verbose", "--verbose"]]}, "objtypes": {"0": "py:class", "1": "py:method", "2": "py:function", "3": "std:cmdoption"}, "objnames": {"0": ["py", "class", "Python class"], "1": ["py", "method", "Python method"], "2": ["py", "function", "Python function"], "3": ["std", "cmdoption", "program option"]}, "titleterms": {"guid": 0, "instal": 1, "step": 1, "caf\\u00e9": 1, "cr\\u00e8me": 1, "demo": 2, "doc": 2, "introduct": 2, "option": 2, "flag": 2}, "envversion": {"sphinx.domains.c": 2, "sphinx.domains.changeset": 1, "sphinx.domains.citation": 1, "sphinx.domains.cpp": 8, "sphinx.domains.index": 1, "sphinx.domains.javascript": 2, "sphinx.domains.math": 2, "sphinx.domains.python": 3, "sphinx.domains.rst": 2, "sphinx.domains.std": 2, "sphinx": 57}, "alltitles": {"Guide": [[0, "guide"]], "Installing": [[1, "installing"]], "Steps": [[1, "steps"]], "Caf\\u00e9 cr\\u00e8me": [[1, "cafe-creme"]], "Demo docs": [[2, "demo-docs"]], "Introduction": [[2, "introduction"]], "Options & <flags>": [[2, "options-flags"]]}, "indexentries": {"--verbose": [[2, "cmdoption-verbose"]], "build step": [[2, "term-build-step"]], "built-in function": [[2, "demo.run"]], "command line option": [[2, "cmdoption-verbose"]], "configuration": [[2, "index-0"]], "demo.thing (built-in class)": [[2, "demo.Thing"]], "demo.run()": [[2, "demo.run"]], "go() (demo.thing method)": [[2, "demo.Thing.go"]], "option": [[2, "index-0"]]}})';
/** The same project's objects.inv, `-b html` and `-b dirhtml`. */
const HTML_INVENTORY =
  'IyBTcGhpbnggaW52ZW50b3J5IHZlcnNpb24gMgojIFByb2plY3Q6IERlbW8KIyBWZXJzaW9uOiAKIyBUaGUgcmVtYWluZGVyIG9mIHRoaXMgZmlsZSBpcyBjb21wcmVzc2VkIHVzaW5nIHpsaWIuCnjahZLLasMwEEX3+gpBu5VLt1kXShaFQPIDsmYqG/QwllTqv680ip2oTunOvnPOIF0b0PruMoxO82k5KCND4K98dIDf3RCteXrmgsEGddoXzmIcPPwBzskV5jM5FUfv9pQQXzj3PiAPEQ7Kgp/24BZvsGB9Gg1kCScyI86Wi8YqkSBMECaYRkdzMozs0RRlTcnix/LIdBoBX24weEXoLa70ewk2OkRpzCOeBut+esn9sd36u8VvuT2e48CuNt0h/Dr5bn3u9Fy4bMXZi0o2TtP/sVCQ6Nsw6+FBO9Mi1kE92UcWDF57upv+o52W/Ju41g4oZzW0Ys2qc67zk9TIfgChA+rU';
const DIRHTML_INVENTORY =
  'IyBTcGhpbnggaW52ZW50b3J5IHZlcnNpb24gMgojIFByb2plY3Q6IERlbW8KIyBWZXJzaW9uOiAKIyBUaGUgcmVtYWluZGVyIG9mIHRoaXMgZmlsZSBpcyBjb21wcmVzc2VkIHVzaW5nIHpsaWIuCnjafZFLTwQhDIDv/IomemUnXvdsYvZgssn6BxhaGRIeEx7G+fcC81Bc4wno97VpC5L1p7dJOwXzcpZGxAhP8PAInOGBTspXailNHjscsqvkPTuZtHc74/yDwugjQUx4lhb9vOPjcSicjVkbLCrNzU8ULPDi1gtvkDfImSKnHdJn84wYyVRxjw5wqQdTWSMN3yJ62bQWhpd6HE5Mwph7awO1YruULbC7gvBcdgDlEdnmtz7jr+66gmU/t+qUjBQ8X63OL8alMsxtp8x6/GPmeeE7GOC1yIa26X+Qf1KuS/lM12dGEkFOfdIaG+C2sqtQxL4A62TAxA==';
/** Its _static/documentation_options.js (`-b html`; `-b dirhtml` says `BUILDER: 'dirhtml'`). */
const OPTIONS = `var DOCUMENTATION_OPTIONS = {
    URL_ROOT: document.getElementById("documentation_options").getAttribute('data-url_root'),
    VERSION: '',
    LANGUAGE: 'en',
    COLLAPSE_INDEX: false,
    BUILDER: 'html',
    FILE_SUFFIX: '.html',
    LINK_SUFFIX: '.html',
    HAS_SOURCE: true,
    SOURCELINK_SUFFIX: '.txt',
    NAVIGATION_WITH_KEYS: false,
    SHOW_SEARCH_SUMMARY: true,
    ENABLE_SEARCH_SHORTCUTS: true,
};`;
// MkDocs 1.4.2 of index.md ("Home", "Getting started", "Café crème") and guide/install.md ("Install", "Steps", "Deep one").
const MKDOCS_INDEX =
  '{"config":{"indexing":"full","lang":["en"],"min_search_length":3,"prebuild_index":false,"separator":"[\\\\s\\\\-]+"},"docs":[{"location":"","text":"Home Getting started Hi guide . Caf\\u00e9 cr\\u00e8me text","title":"Home"},{"location":"#home","text":"","title":"Home"},{"location":"#getting-started","text":"Hi guide .","title":"Getting started"},{"location":"#cafe-creme","text":"text","title":"Caf\\u00e9 cr\\u00e8me"},{"location":"guide/install/","text":"Install Steps Do. Deep one x","title":"Install"},{"location":"guide/install/#install","text":"","title":"Install"},{"location":"guide/install/#steps","text":"Do.","title":"Steps"},{"location":"guide/install/#deep-one","text":"x","title":"Deep one"}]}';

/** A document's anchors by its name. */
function anchorsByName(index: ReturnType<typeof sphinxSearchIndex>): Record<string, string[]> {
  return Object.fromEntries(index.docnames.map((name, at) => [name, [...(index.anchors.get(at) ?? [])].sort()]));
}

describe("Sphinx's searchindex.js", () => {
  it('reads the documents and the anchors of their sections, objects and index entries', () => {
    const index = sphinxSearchIndex(SPHINX_INDEX);
    expect(index.docnames).toEqual(['guide/index', 'guide/install', 'index']);
    expect(anchorsByName(index)).toEqual({
      'guide/index': ['guide'],
      'guide/install': ['cafe-creme', 'installing', 'steps'],
      // The labels (`intro-label`, `install-steps`) are in objects.inv only.
      index: [
        'cmdoption-verbose',
        'demo-docs',
        'demo.Thing',
        'demo.Thing.go',
        'demo.run',
        'index-0',
        'introduction',
        'options-flags',
        'term-build-step',
      ],
    });
  });

  it('reads the bare-word keys of Sphinx before 5, objects by name, the `-` anchor and escaped names', () => {
    const old =
      'Search.setIndex({docnames:["index","api"],envversion:{sphinx:56},filenames:["index.rst","api.rst"],' +
      'objects:{"":{"--flag":[0,0,1,"cmdoption-flag"]},"ops":{"lt&lt;":[1,1,1,""],mod:[1,2,0,"-"]}},' +
      'objnames:{"0":["std","cmdoption","program option"],"1":["py","function","Python function"],"2":["py","module","Python module"]},' +
      'objtypes:{"0":"std:cmdoption"},terms:{a:[0,1]},titles:["Home","API"],titleterms:{}})';
    expect(anchorsByName(sphinxSearchIndex(old))).toEqual({ index: ['cmdoption-flag'], api: ['module-ops.mod', 'ops.lt<'] });
  });

  it('leaves out what is malformed: documents outside the root, entries of the wrong shape or document', () => {
    const index = sphinxSearchIndex(
      'Search.setIndex({"docnames":["ok","../up","/abs","https://x.org/a","a#b","a?b","","a\\\\b",7,"a/./b"],' +
        '"alltitles":{"T":[[0,"fine"],[0,null],[1,"up"],[99,"far"],[-1,"neg"],[0.5,"half"],["0","text"],[0,7],"x"],"U":"x"},' +
        '"objects":{"p":[[0,5,1,"-","n"],[0,0,1,"",7],[0,0,1,7,"n"]],"q":"x"},"objnames":{"0":["py","function","f"]},"indexentries":[]})',
    );
    // Every name but the first is no plain path below the root: it has no address.
    expect(index.docnames).toEqual(['ok', ...Array.from({ length: 9 }, () => '')]);
    expect(index.docnames.map((name) => sphinxPagePath(name, { builder: 'html', suffix: '.html' }))).toEqual([
      'ok.html',
      ...Array.from({ length: 9 }, () => undefined),
    ]);
    expect(anchorsByName(index).ok).toEqual(['fine']);
  });

  it('refuses what is no index: another script, no documents, text after it', () => {
    for (const text of [
      '',
      'var x = 1;',
      'Search.setIndex({})',
      'Search.setIndex({"docnames":[]})',
      `${SPHINX_INDEX};alert(1)`,
      'x' + SPHINX_INDEX,
    ]) {
      expect(() => sphinxSearchIndex(text), text.slice(0, 40)).toThrow(IndexFormatError);
    }
    expect(sphinxSearchIndex(`\n${SPHINX_INDEX};\n`).docnames).toHaveLength(3);
  });
});

describe("Sphinx's layout and addresses", () => {
  it('documentation_options.js: the builder and the suffix, Sphinx 5 and 8, the service’s own builders', () => {
    expect(sphinxLayout(OPTIONS)).toEqual({ builder: 'html', suffix: '.html' });
    expect(sphinxLayout(OPTIONS.replace("'html'", "'dirhtml'"))).toEqual({ builder: 'dirhtml' });
    expect(sphinxLayout(OPTIONS.replace("'html'", "'readthedocsdirhtml'"))).toEqual({ builder: 'dirhtml' });
    expect(sphinxLayout(OPTIONS.replace("'html'", "'readthedocs'").replace("'.html',\n    LINK", "'.htm',\n    LINK"))).toEqual({
      builder: 'html',
      suffix: '.htm',
    });
    expect(sphinxLayout(OPTIONS.replace("'html'", "'singlehtml'"))).toEqual({ builder: 'singlehtml' });
    expect(sphinxLayout(`const DOCUMENTATION_OPTIONS = {\n    BUILDER: "html",\n    FILE_SUFFIX: ".html",\n};`)).toEqual({
      builder: 'html',
      suffix: '.html',
    });
    for (const text of [
      '',
      OPTIONS.replace("'html'", "'epub'"),
      OPTIONS.replace("'html'", "'toString'"),
      OPTIONS.replace("FILE_SUFFIX: '.html'", "FILE_SUFFIX: '/../x'"),
      OPTIONS.replace("FILE_SUFFIX: '.html'", "FILE_SUFFIX: ''"),
    ]) {
      expect(sphinxLayout(text)).toBeUndefined();
    }
  });

  it('a document’s address: html, dirhtml (index documents as their folder), none in a single page', () => {
    const html = { builder: 'html', suffix: '.html' } as const;
    const dirhtml = { builder: 'dirhtml' } as const;
    expect(['index', 'guide/index', 'guide/install'].map((name) => sphinxPagePath(name, html))).toEqual([
      'index.html',
      'guide/index.html',
      'guide/install.html',
    ]);
    expect(['index', 'guide/index', 'guide/install'].map((name) => sphinxPagePath(name, dirhtml))).toEqual([
      '',
      'guide/',
      'guide/install/',
    ]);
    expect(sphinxPagePath('index', { builder: 'singlehtml' })).toBeUndefined();
  });
});

describe("Sphinx's objects.inv", () => {
  it('html and dirhtml: documents as pages, labels, objects, terms (a name with a space), the `$` and the empty address', async () => {
    const html = await sphinxInventory(Buffer.from(HTML_INVENTORY, 'base64'));
    expect(html).toContainEqual({ path: 'guide/install.html', page: true });
    expect(html).toContainEqual({ path: 'guide/install.html', anchor: 'install-steps', page: false });
    expect(html).toContainEqual({ path: 'index.html', anchor: 'intro-label', page: false });
    expect(html).toContainEqual({ path: 'index.html', anchor: 'demo.Thing.go', page: false });
    expect(html).toContainEqual({ path: 'index.html', anchor: 'term-build-step', page: false });
    // A label of a page the build need not have written (no module, no module index): not a page.
    expect(html).toContainEqual({ path: 'py-modindex.html', page: false });
    const dirhtml = await sphinxInventory(Buffer.from(DIRHTML_INVENTORY, 'base64'));
    expect(dirhtml.filter((place) => place.page).map((place) => place.path)).toEqual(['guide/', 'guide/install/', '']);
    expect(dirhtml).toContainEqual({ path: '', anchor: 'intro-label', page: false });
  });

  it('refuses another file, another version, data that is not zlib, and stops a zip bomb at its bound', async () => {
    const header = '# Sphinx inventory version 2\n# Project: X\n# Version: 1\n# The remainder of this file is compressed using zlib.\n';
    const bomb = Buffer.concat([Buffer.from(header), deflateSync(Buffer.alloc(64 * 1024 * 1024, 0x20))]);
    for (const bytes of [
      Buffer.from('<!doctype html><html></html>'),
      Buffer.from('# Sphinx inventory version 1\n# Project: X\n# Version: 1\nx mod x.html\n'),
      Buffer.from(`${header}not zlib at all`),
      Buffer.from(`${'#'.repeat(100_000)}\n`),
      bomb,
    ]) {
      await expect(sphinxInventory(bytes)).rejects.toThrow(IndexFormatError);
    }
    const odd = Buffer.concat([
      Buffer.from(header),
      deflateSync('a b c\nname std:label -1 ../up.html#x X\nname std:label -1 https://evil.example/#x X\nok std:doc -1 ok.html OK\n'),
    ]);
    expect(await sphinxInventory(odd)).toEqual([{ path: 'ok.html', page: true }]);
  });
});

describe("MkDocs' search_index.json", () => {
  it('every page and section by address, `use_directory_urls` or not', () => {
    expect(mkdocsSearchIndex(MKDOCS_INDEX)).toEqual([
      { path: '', page: true },
      { path: '', anchor: 'home', page: true },
      { path: '', anchor: 'getting-started', page: true },
      { path: '', anchor: 'cafe-creme', page: true },
      { path: 'guide/install/', page: true },
      { path: 'guide/install/', anchor: 'install', page: true },
      { path: 'guide/install/', anchor: 'steps', page: true },
      { path: 'guide/install/', anchor: 'deep-one', page: true },
    ]);
    const flat = MKDOCS_INDEX.replaceAll('"location":"', '"location":"index.html').replaceAll(
      'index.htmlguide/install/',
      'guide/install.html',
    );
    expect(mkdocsSearchIndex(flat).map((place) => place.path)).toContain('guide/install.html');
  });

  it('Material’s fields and a prebuilt index are stepped over; malformed entries left out; anything else refused', () => {
    const material = `{"config":{"lang":["en"]},"docs":[{"location":"a/","title":"A","text":"x","tags":["t"],"boost":2},{"location":7},{"title":"no location"},{"location":"../x/"},"x"],"index":{"fields":{},"pipeline":[],"invertedIndex":[["a",{"_index":0}]]}}`;
    expect(mkdocsSearchIndex(material)).toEqual([{ path: 'a/', page: true }]);
    for (const text of ['', '[]', '{"docs":{}}', `${MKDOCS_INDEX}x`, '{"docs":[]'])
      expect(() => mkdocsSearchIndex(text), text).toThrow(IndexFormatError);
  });
});

/** A kept value as plain JSON again: maps to objects. */
function plain(value: Literal): unknown {
  if (value instanceof Map) return Object.fromEntries([...value].map(([key, inner]) => [key, plain(inner)]));
  return Array.isArray(value) ? value.map(plain) : value;
}

describe('the literal reader', () => {
  it('property: any JSON object is read as JSON.parse reads it', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 6 })), fc.boolean(), (object, spaced) => {
        const text = JSON.stringify(object, null, spaced ? 2 : undefined);
        const { value, end } = readObjectLiteral(text, 0, true, { maxValues: 1_000_000 });
        expect(end).toBe(text.length);
        expect(plain(value)).toEqual(JSON.parse(text));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps only what its pick names; a key `__proto__` is a key', () => {
    const text = '{"a":{"b":[1,{"c":2,"d":3}],"e":"x"},"f":[1,2],"__proto__":{"polluted":true}}';
    const { value } = readObjectLiteral(text, 0, { a: { b: { '[]': { c: true } } }, ['__proto__']: true }, { maxValues: 100 });
    // An object's pick leaves a plain value in its place as it is.
    expect(plain(value)).toEqual({ a: { b: [1, { c: 2 }] }, ['__proto__']: { polluted: true } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('bounds the values kept and the depth, and refuses what JSON refuses but bare keys', () => {
    expect(() => readObjectLiteral(`{"a":[${'1,'.repeat(100)}1]}`, 0, true, { maxValues: 50 })).toThrow(/over 50 values/);
    // Values not kept are not counted.
    expect(() => readObjectLiteral(`{"a":[${'1,'.repeat(100)}1]}`, 0, { b: true }, { maxValues: 50 })).not.toThrow();
    expect(() => readObjectLiteral(`{"a":${'['.repeat(17)}${']'.repeat(17)}}`, 0, true, { maxValues: 100 })).toThrow(/nested too deep/);
    expect(readObjectLiteral(`{"a":${'['.repeat(15)}${']'.repeat(15)}}`, 0, true, { maxValues: 100 }).end).toBe(36);
    for (const text of [
      '{',
      '{"a"}',
      '{"a":}',
      '{"a":1,}',
      "{'a':1}",
      '{"a":"\\x"}',
      '{"a":"\\u12"}',
      '{"a":NaN}',
      '{"a":1 2}',
      '{"a":"\u0000',
      '[]',
    ])
      expect(() => readObjectLiteral(text, 0, true, { maxValues: 100 }), text).toThrow(IndexFormatError);
    expect(plain(readObjectLiteral('{a:1,$b:"\\ud83d\\ude00",c_0:[true,false,null,-1.5e3]}', 0, true, { maxValues: 100 }).value)).toEqual({
      a: 1,
      $b: '😀',
      c_0: [true, false, null, -1500],
    });
  });
});

describe('hostile indexes: an answer or an IndexFormatError, in one pass', () => {
  const readers: [string, (text: string) => unknown][] = [
    ['searchindex.js', sphinxSearchIndex],
    ['search_index.json', mkdocsSearchIndex],
    ['documentation_options.js', sphinxLayout],
  ];

  it('property: any text, and any text spliced into a real index', () => {
    const spliced = (real: string) =>
      fc
        .tuple(fc.nat(real.length), fc.nat(40), anyText({ maxLength: 40 }))
        .map(([at, cut, text]) => real.slice(0, at) + text + real.slice(Math.min(real.length, at + cut)));
    fc.assert(
      fc.property(fc.oneof(anyText({ maxLength: 200 }), spliced(SPHINX_INDEX), spliced(MKDOCS_INDEX), spliced(OPTIONS)), (text) => {
        for (const [, read] of readers) {
          try {
            read(text);
          } catch (error) {
            expect(error).toBeInstanceOf(IndexFormatError);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('property: any bytes after an inventory’s header', async () => {
    const header = '# Sphinx inventory version 2\n# Project: X\n# Version: 1\n# The remainder of this file is compressed using zlib.\n';
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 200 }),
          anyText({ maxLength: 200 }).map((text) => deflateSync(text)),
        ),
        async (bytes) => {
          try {
            await sphinxInventory(Buffer.concat([Buffer.from(header), bytes]));
          } catch (error) {
            expect(error).toBeInstanceOf(IndexFormatError);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  // Each about 5 MB: a reader that went back over its text would take hours (the test's timeout is the guard).
  const large: [string, string][] = [
    ['an escape-filled string', `Search.setIndex({"docnames":["${'\\"\\\\'.repeat(1_250_000)}"]})`],
    ['five million commas', `Search.setIndex({"terms":{"a":[${'0,'.repeat(2_500_000)}0]},"docnames":["x"]})`],
    ['an open bracket after another', `Search.setIndex({"docnames":["x"],"terms":${'[1,'.repeat(3_000_000)}`],
    ['keys without end', `{"docs":[{${'"location":"a/",'.repeat(300_000)}"x":1}]}`],
    ['a location of spaces', `{"docs":[{"location":"${' '.repeat(5_000_000)}"}]}`],
    ['unicode escapes', `{"docs":[{"location":"${'\\u00e9'.repeat(850_000)}"}]}`],
  ];

  it.each(large)('%s', (_, text) => {
    for (const [, read] of readers) {
      try {
        read(text);
      } catch (error) {
        expect(error).toBeInstanceOf(IndexFormatError);
      }
    }
  });

  it('an inventory line of 4.5 million spaces and colons (a name with spaces, as a glossary term has)', async () => {
    const header = '# Sphinx inventory version 2\n# Project: X\n# Version: 1\n# The remainder of this file is compressed using zlib.\n';
    const line = `${'a: '.repeat(1_500_000)}std:doc -1 ok.html OK\n`;
    expect(await sphinxInventory(Buffer.concat([Buffer.from(header), deflateSync(line)]))).toEqual([{ path: 'ok.html', page: true }]);
  });
});
