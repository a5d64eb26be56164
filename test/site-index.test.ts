// The version's build search index as the link check's first answer (src/operations/shared/links/
// site-index.ts), in-process against index files the test serves: which targets it answers (a page
// it lists with every anchor its links name) and which it never does (a page it does not list, an
// anchor it does not know, a place outside the root), when it is read at all (four targets, the
// builder, a 404, the time left), what it asks for (its bounds), a hostile or unusable index (every
// target asked then), objects.inv for the labels, the run's one read per version, and what it
// reports. The link check around it: test/link-checker.test.ts and test/operations/link-check-index.test.ts.
import { deflateSync } from 'node:zlib';
import pLimit from 'p-limit';
import { describe, expect, it } from 'vitest';
import { LinkAnswers } from '../src/operations/shared/links/link-answers.ts';
import type { Occurrence } from '../src/operations/shared/links/link-judge.ts';
import { indexAnswers, type SiteBuilder } from '../src/operations/shared/links/site-index.ts';
import type { PageFetcher } from '../src/readthedocs/page-fetcher.ts';
import type { RunnerLog } from '../src/runner/port.ts';
import { Deadline } from '../src/util/abort.ts';
import { FakeClock } from './support/operation-context.ts';

const ROOT = 'https://demo--7.org.readthedocs.build/en/7/';
const MB = 1024 * 1024;

type Served = { status: number; body?: string; bytes?: Uint8Array; problem?: string; tooLarge?: true };
type Request = Parameters<PageFetcher['get']>[1];

/** Sphinx's searchindex.js listing `documents` (name → anchors of its sections) in that order. */
function sphinxIndex(documents: Record<string, string[]>): Served {
  const names = Object.keys(documents);
  const titles = Object.fromEntries(
    names.flatMap((name, at) => documents[name]!.map((anchor) => [`${name} ${anchor}`, [[at, anchor]]] as const)),
  );
  return { status: 200, body: `Search.setIndex(${JSON.stringify({ docnames: names, alltitles: titles })})` };
}

/** documentation_options.js of a build by `builder`. */
const options = (builder: string): Served => ({
  status: 200,
  body: `var DOCUMENTATION_OPTIONS = {\n    BUILDER: '${builder}',\n    FILE_SUFFIX: '.html',\n};`,
});

/** MkDocs' search index listing `locations`. */
const mkdocsIndex = (...locations: string[]): Served => ({
  status: 200,
  body: JSON.stringify({ docs: locations.map((location) => ({ location, title: 'T', text: '' })) }),
});

/** objects.inv of `lines` (`name domain:role priority address display`). */
const inventory = (...lines: string[]): Uint8Array =>
  Buffer.concat([
    Buffer.from('# Sphinx inventory version 2\n# Project: Demo\n# Version: 1\n# The remainder of this file is compressed using zlib.\n'),
    deflateSync(`${lines.join('\n')}\n`),
  ]);

/** A link from the root's page to `path`, with `fragment`. */
const link = (path: string, fragment?: string, kind: Occurrence['kind'] = 'link'): Occurrence => ({
  page: ROOT,
  kind,
  target: { kind: 'internal', url: new URL(path, ROOT).href, path, html: true },
  ...(fragment === undefined ? {} : { fragment }),
});

interface Ask {
  builder?: SiteBuilder;
  /** The targets to answer (paths below the root); each linked once without a fragment. */
  pending: string[];
  /** More links: with their fragments. */
  links?: Occurrence[];
  anchors?: boolean;
  remainingMs?: () => number;
  answers?: LinkAnswers;
  root?: string;
  /** Served instead of a file's answer: what the fetcher does (throws, answers nothing). */
  get?: (url: string) => Promise<Served | undefined> | undefined;
}

/** A site serving `files` (paths below the root; anything else 404), and the index's answers for `ask`. */
function served(files: Record<string, Served>) {
  const asked: { path: string; request: Request }[] = [];
  const debug: string[] = [];
  const clock = new FakeClock();
  const deadline = new Deadline(clock.now() + 3_600_000, new AbortController().signal, clock.now, clock.timer);
  const log: RunnerLog = {
    info: () => undefined,
    untrusted: () => undefined,
    debug: (line) => debug.push(line),
    error: () => undefined,
    warning: () => undefined,
    notice: () => undefined,
    startGroup: () => undefined,
    endGroup: () => undefined,
  };
  const run = async (ask: Ask) => {
    const root = ask.root ?? ROOT;
    const pages = {
      get: async (url: string, request: Request) => {
        asked.push({ path: url.startsWith(root) ? url.slice(root.length) : url, request });
        const instead = await ask.get?.(url);
        if (instead !== undefined) return instead;
        return files[url.slice(root.length)] ?? { status: 404, problem: 'missing (404)' };
      },
      close: async () => undefined,
    } as PageFetcher;
    const result = await indexAnswers(
      { pages, deadline, log },
      { ...(ask.builder === undefined ? {} : { builder: ask.builder }) },
      {
        root: new URL(root),
        answers: ask.answers ?? new LinkAnswers(),
        occurrences: [...ask.pending.map((path) => link(path)), ...(ask.links ?? [])],
        pending: ask.pending.map((path) => new URL(path, root).href),
        anchors: ask.anchors ?? true,
        limit: pLimit(2),
        remainingMs: ask.remainingMs ?? (() => 60_000),
      },
    );
    const answered = [...result.answers.keys()].map((url) => (url.startsWith(root) ? url.slice(root.length) : url)).sort();
    return { ...result, answered };
  };
  return { run, asked, debug, paths: () => asked.map(({ path }) => path) };
}

const SPHINX = {
  'searchindex.js': sphinxIndex({ index: ['welcome'], a: ['intro'], b: ['part', 'café'], 'guide/index': [], 'guide/install': ['steps'] }),
  '_static/documentation_options.js': options('html'),
};
/** Targets the Sphinx html build above lists, by the address the link check asks. */
const LISTED_HTML = ['', 'a.html', 'b.html', 'guide/', 'guide/install.html'];

describe('the targets the index answers, and those it never does', () => {
  it('Sphinx html (its builder from documentation_options.js): the pages it lists, as 200 pages with their anchors; a page it does not list, a file and a folder address asked', async () => {
    const site = served(SPHINX);
    const result = await site.run({ pending: [...LISTED_HTML, 'missing.html', 'a/', 'guide/install/'] });
    expect(result.answered).toEqual(['', 'a.html', 'b.html', 'guide/', 'guide/install.html']);
    expect(result.answers.get(`${ROOT}a.html`)).toEqual({ status: 200, html: true, anchors: new Set(['intro']) });
    expect(result.answers.get(ROOT)).toEqual({ status: 200, html: true, anchors: new Set(['welcome']) });
    expect(result.use).toEqual({ file: 'searchindex.js', answered: 5, requests: 2 });
    expect(site.paths()).toEqual(['searchindex.js', '_static/documentation_options.js']);
    expect(site.debug).toEqual(['link check: searchindex.js answered 5 of 8 target(s)']);
  });

  it('a page whose links name an anchor it does not list (a raw id) is asked; one named as written or percent-decoded is answered', async () => {
    const site = served(SPHINX);
    const result = await site.run({
      pending: ['a.html', 'b.html', 'guide/install.html', 'missing.html'],
      links: [link('a.html', 'intro'), link('b.html', 'part'), link('b.html', 'caf%C3%A9'), link('guide/install.html', 'raw-id')],
    });
    expect(result.answered).toEqual(['a.html', 'b.html']);
    expect(result.use).toEqual({ file: 'searchindex.js', answered: 2, requests: 2 });
    // One page lacking an anchor: objects.inv would not save its own request.
    expect(site.paths()).not.toContain('objects.inv');
  });

  it('without anchors checked, or the fragment of an image or a resource, no anchor is asked of it', async () => {
    const links = [link('a.html', 'raw-id', 'image'), link('b.html', 'raw-id', 'resource'), link('guide/install.html', 'raw-id')];
    const checked = await served(SPHINX).run({ pending: ['a.html', 'b.html', 'guide/install.html', 'missing.html'], links });
    expect(checked.answered).toEqual(['a.html', 'b.html']);
    const unchecked = await served(SPHINX).run({
      pending: ['a.html', 'b.html', 'guide/install.html', 'missing.html'],
      links,
      anchors: false,
    });
    expect(unchecked.answered).toEqual(['a.html', 'b.html', 'guide/install.html']);
  });

  it('dirhtml (its builder from the configuration): `X/` answered, `X.html` asked; documentation_options.js not asked', async () => {
    const site = served({ 'searchindex.js': SPHINX['searchindex.js'] });
    const result = await site.run({
      builder: 'sphinx-dirhtml',
      pending: ['', 'a/', 'guide/', 'guide/install/', 'a.html', 'guide/install.html'],
    });
    expect(result.answered).toEqual(['', 'a/', 'guide/', 'guide/install/']);
    expect(site.paths()).toEqual(['searchindex.js']);
  });

  it('dirhtml from documentation_options.js (the service’s own builder name too)', async () => {
    for (const builder of ['dirhtml', 'readthedocsdirhtml']) {
      const site = served({ ...SPHINX, '_static/documentation_options.js': options(builder) });
      const result = await site.run({ pending: ['a/', 'b/', 'a.html', 'b.html'] });
      expect(result.answered, builder).toEqual(['a/', 'b/']);
    }
  });

  it('html from the configuration: `X.html` answered, no documentation_options.js asked', async () => {
    const site = served({ 'searchindex.js': SPHINX['searchindex.js'] });
    const result = await site.run({ builder: 'sphinx', pending: ['a.html', 'b.html', 'a/', 'missing.html'] });
    expect(result.answered).toEqual(['a.html', 'b.html']);
    expect(site.paths()).toEqual(['searchindex.js']);
  });

  it('MkDocs: its pages and their sections; only search/search_index.json asked when the configuration says mkdocs', async () => {
    const site = served({ 'search/search_index.json': mkdocsIndex('', '#home', 'guide/', 'guide/#steps', 'guide/#deep-one', 'api.html') });
    const result = await site.run({
      builder: 'mkdocs',
      pending: ['', 'guide/', 'api.html', 'other/', 'guide/install/'],
      links: [link('guide/', 'steps'), link('guide/', 'deep-one'), link('', 'home')],
    });
    expect(result.answered).toEqual(['', 'api.html', 'guide/']);
    expect(result.answers.get(`${ROOT}guide/`)).toEqual({ status: 200, html: true, anchors: new Set(['steps', 'deep-one']) });
    expect(result.use).toEqual({ file: 'search/search_index.json', answered: 3, requests: 1 });
    expect(site.paths()).toEqual(['search/search_index.json']);
  });

  it('a hostile index that names places outside the root answers none of them, even asked (`%2e%2e` is `..` to a URL)', async () => {
    const other = 'https://demo--7.org.readthedocs.build/en/latest/';
    const site = served({
      'search/search_index.json': mkdocsIndex('a/', '%2e%2e/latest/', '%2E%2e/latest/b/', 'a/%2e%2e/c/', 'x/%2e%2e/%2e%2e/latest/d/'),
    });
    const result = await site.run({ builder: 'mkdocs', pending: ['a/', 'c/', `${other}`, `${other}b/`, `${other}d/`] });
    // `a/%2e%2e/c/` stays below the root: it is `c/`.
    expect(result.answered).toEqual(['a/', 'c/']);
  });

  it('a Sphinx document with no address (a name outside the root, an empty one) lists nothing, not even a page named `undefined`', async () => {
    const site = served({
      'searchindex.js': sphinxIndex({ a: [], '../up': [], '': [], 'x/../../y': [] }),
      '_static/documentation_options.js': options('html'),
    });
    const result = await site.run({ pending: ['a.html', 'undefined', 'y.html', 'up.html'] });
    expect(result.answered).toEqual(['a.html']);
  });
});

describe('when the index is read, and what is asked for it', () => {
  it('not for fewer than four targets: nothing asked, nothing reported', async () => {
    const site = served(SPHINX);
    expect(await site.run({ pending: ['a.html', 'b.html', 'guide/'] })).toEqual({ answers: new Map(), answered: [] });
    expect(site.asked).toEqual([]);
    expect((await site.run({ pending: ['a.html', 'b.html', 'guide/', 'missing.html'] })).answered).toEqual(['a.html', 'b.html', 'guide/']);
  });

  it('each file with a bound on its size, its time the time left up to 20 s, any media type; objects.inv as bytes', async () => {
    const site = served({ ...SPHINX, 'objects.inv': { status: 200, bytes: inventory('intro std:label -1 a.html#intro-label Intro') } });
    let remaining = 60_000;
    await site.run({
      pending: ['a.html', 'b.html', 'guide/install.html', 'missing.html'],
      links: [link('a.html', 'intro-label'), link('b.html', 'nope')],
      remainingMs: () => remaining,
      get: () => {
        remaining = 5_000;
        return undefined;
      },
    });
    const common = { signal: expect.any(AbortSignal), accept: '*/*' };
    expect(site.asked).toEqual([
      { path: 'searchindex.js', request: { ...common, timeoutMs: 20_000, waitMs: 60_000, maxBodyBytes: 20 * MB } },
      { path: '_static/documentation_options.js', request: { ...common, timeoutMs: 5_000, waitMs: 5_000, maxBodyBytes: 64 * 1024 } },
      { path: 'objects.inv', request: { ...common, timeoutMs: 5_000, waitMs: 5_000, maxBodyBytes: 5 * MB, bytes: true } },
    ]);
  });

  it('no time left: nothing asked and nothing counted, every target asked as without an index', async () => {
    const site = served(SPHINX);
    const result = await site.run({ pending: LISTED_HTML, remainingMs: () => 0 });
    expect(result).toEqual({ answers: new Map(), answered: [] });
    expect(site.asked).toEqual([]);
    expect(site.debug).toEqual(['link check: no search index read (searchindex.js: no answer); every target is asked']);
    // A millisecond left: asked.
    const more = served(SPHINX);
    expect((await more.run({ pending: LISTED_HTML, remainingMs: () => 1 })).answered).toEqual(LISTED_HTML.slice().sort());
  });

  it('the time ends after the index: documentation_options.js not asked, nothing answered', async () => {
    const site = served(SPHINX);
    let remaining = 60_000;
    const result = await site.run({ pending: LISTED_HTML, remainingMs: () => remaining, get: () => void (remaining = 0) });
    expect(result.answered).toEqual([]);
    expect(result.use).toEqual({ answered: 0, requests: 1 });
    expect(site.paths()).toEqual(['searchindex.js']);
  });

  it('no builder known: searchindex.js, then search/search_index.json when it answers 404; never the second after another answer', async () => {
    const mkdocs = served({ 'search/search_index.json': mkdocsIndex('a/', 'b/', 'c/') });
    const read = await mkdocs.run({ pending: ['a/', 'b/', 'c/', 'd/'] });
    expect(read.answered).toEqual(['a/', 'b/', 'c/']);
    expect(read.use).toEqual({ file: 'search/search_index.json', answered: 3, requests: 2 });
    expect(mkdocs.paths()).toEqual(['searchindex.js', 'search/search_index.json']);

    const none = served({});
    expect(await none.run({ pending: ['a/', 'b/', 'c/', 'd/'] })).toEqual({
      answers: new Map(),
      answered: [],
      use: { answered: 0, requests: 2 },
    });
    expect(none.debug).toEqual(['link check: no search index read (search/search_index.json: missing (404)); every target is asked']);

    const failing = served({ 'searchindex.js': { status: 503 }, 'search/search_index.json': mkdocsIndex('a/', 'b/', 'c/') });
    expect(await failing.run({ pending: ['a/', 'b/', 'c/', 'd/'] })).toMatchObject({ answered: [], use: { answered: 0, requests: 1 } });
    expect(failing.paths()).toEqual(['searchindex.js']);
    expect(failing.debug).toEqual(['link check: no search index read (searchindex.js: answered 503); every target is asked']);

    const unanswered = served({ 'search/search_index.json': mkdocsIndex('a/', 'b/', 'c/') });
    let remaining = 60_000;
    const result = await unanswered.run({
      pending: ['a/', 'b/', 'c/', 'd/'],
      remainingMs: () => remaining,
      get: () => void (remaining = 0),
    });
    expect(result.answered).toEqual([]);
    expect(unanswered.debug).toEqual(['link check: no search index read (search/search_index.json: no answer); every target is asked']);
  });

  it('a Sphinx build known: search/search_index.json never asked; a single page: nothing asked, nothing reported', async () => {
    for (const builder of ['sphinx', 'sphinx-dirhtml'] as const) {
      const site = served({ 'search/search_index.json': mkdocsIndex('a/', 'b/', 'c/', 'a.html', 'b.html', 'c.html') });
      const result = await site.run({ builder, pending: ['a/', 'b/', 'c/', 'a.html', 'b.html', 'c.html'] });
      expect(result, builder).toEqual({ answers: new Map(), answered: [], use: { answered: 0, requests: 1 } });
      expect(site.paths()).toEqual(['searchindex.js']);
    }
    const single = served(SPHINX);
    expect(await single.run({ builder: 'sphinx-singlehtml', pending: LISTED_HTML })).toEqual({ answers: new Map(), answered: [] });
    expect(single.asked).toEqual([]);
  });

  it('an index file that answered other than 200, or 200 cut short, is not read, whatever its body', async () => {
    const body = SPHINX['searchindex.js'].body!;
    for (const answer of [
      { status: 500, body, problem: 'server error (500)' },
      { status: 200, problem: 'over 20971520 bytes', tooLarge: true as const },
    ]) {
      const site = served({ ...SPHINX, 'searchindex.js': answer });
      const result = await site.run({ builder: 'sphinx', pending: LISTED_HTML });
      expect(result.answered).toEqual([]);
      expect(site.debug).toEqual([`link check: no search index read (searchindex.js: ${answer.problem}); every target is asked`]);
    }
    const mkdocs = served({ 'search/search_index.json': { ...mkdocsIndex('a/', 'b/', 'c/', 'd/'), status: 404 } });
    expect((await mkdocs.run({ builder: 'mkdocs', pending: ['a/', 'b/', 'c/', 'd/'] })).answered).toEqual([]);
  });
});

describe('an index that cannot be used: every target asked', () => {
  it('a searchindex.js that is no index: search/search_index.json not tried, the reason in the log', async () => {
    const site = served({
      ...SPHINX,
      'searchindex.js': { status: 200, body: 'alert(1)' },
      'search/search_index.json': mkdocsIndex('a.html', 'b.html', 'c.html'),
    });
    const result = await site.run({ pending: ['a.html', 'b.html', 'c.html', 'd.html'] });
    expect(result).toEqual({ answers: new Map(), answered: [], use: { answered: 0, requests: 1 } });
    expect(site.paths()).toEqual(['searchindex.js']);
    expect(site.debug).toHaveLength(1);
    expect(site.debug[0]).toMatch(/^link check: searchindex\.js is not a search index this check reads \(.+\); every target is asked$/);
  });

  it('Sphinx’s index without how its documents are served: no documentation_options.js, one not 200 or cut short, another builder, a single page', async () => {
    const served404 = { ...options('html'), status: 404 };
    for (const answer of [
      undefined,
      served404,
      { status: 200, problem: 'too large', tooLarge: true as const },
      options('epub'),
      options('singlehtml'),
    ]) {
      const files: Record<string, Served> = { 'searchindex.js': SPHINX['searchindex.js'] };
      if (answer !== undefined) files['_static/documentation_options.js'] = answer;
      const site = served(files);
      const result = await site.run({ pending: LISTED_HTML, links: [link('a.html', 'raw'), link('b.html', 'raw')] });
      expect(result, JSON.stringify(answer)).toEqual({ answers: new Map(), answered: [], use: { answered: 0, requests: 2 } });
      expect(site.paths()).toEqual(['searchindex.js', '_static/documentation_options.js']);
      expect(site.debug).toEqual([
        'link check: searchindex.js read, but not how its documents are served (a single page, or no documentation_options.js); every target is asked',
      ]);
    }
  });

  it('the step cancelled while a file is on its way: the check ends with the cancellation', async () => {
    const cancelled = new Error('the step was cancelled');
    const site = served(SPHINX);
    const asking = site.run({
      pending: LISTED_HTML,
      get: (url) => (url.endsWith('.js') && url.includes('_static') ? Promise.reject(cancelled) : undefined),
    });
    await expect(asking).rejects.toBe(cancelled);
  });

  it('hostile text of an answer reaches the log as one line', async () => {
    const site = served({ 'searchindex.js': { status: 502, problem: 'bad\n::error::x ##[group]y' } });
    await site.run({ builder: 'sphinx', pending: LISTED_HTML });
    expect(site.debug).toEqual(['link check: no search index read (searchindex.js: bad ::error::x ##(group]y); every target is asked']);
  });
});

describe('objects.inv: the labels Sphinx’s search index lacks', () => {
  const INVENTORY = inventory(
    'intro-label std:label -1 a.html#intro-label Intro',
    'steps-label std:label -1 guide/install.html#steps-label Steps',
    // A label on a page the build did not list (not a document): no page, no anchor.
    'lost std:label -1 ghost.html#lost Lost',
    // A document the search index left out (`:nosearch:`).
    'hidden std:doc -1 hidden.html Hidden',
    'hidden-part std:label -1 hidden.html#part Part',
  );

  it('read when two pages it lists lack an anchor: the labels confirmed, a page it adds answered, a label on an unlisted page not', async () => {
    const site = served({ ...SPHINX, 'objects.inv': { status: 200, bytes: INVENTORY } });
    const result = await site.run({
      pending: ['a.html', 'guide/install.html', 'hidden.html', 'ghost.html', 'b.html'],
      links: [
        link('a.html', 'intro-label'),
        link('guide/install.html', 'steps-label'),
        link('hidden.html', 'part'),
        link('b.html', 'raw-id'),
      ],
    });
    expect(result.answered).toEqual(['a.html', 'guide/install.html', 'hidden.html']);
    expect(result.answers.get(`${ROOT}a.html`)).toEqual({ status: 200, html: true, anchors: new Set(['intro', 'intro-label']) });
    expect(result.use).toEqual({ file: 'searchindex.js', answered: 3, requests: 3 });
    expect(site.paths()).toEqual(['searchindex.js', '_static/documentation_options.js', 'objects.inv']);
  });

  it('a page it adds alone (no anchor) is answered too', async () => {
    const site = served({ ...SPHINX, 'objects.inv': { status: 200, bytes: inventory('hidden std:doc -1 hidden.html Hidden') } });
    const result = await site.run({
      pending: ['a.html', 'b.html', 'hidden.html', 'missing.html'],
      links: [link('a.html', 'raw-id'), link('b.html', 'raw-id')],
    });
    expect(result.answered).toEqual(['hidden.html']);
  });

  it('not read for one page lacking an anchor; read once in a run', async () => {
    const files = { ...SPHINX, 'objects.inv': { status: 200, bytes: INVENTORY } };
    const one = served(files);
    await one.run({ pending: ['a.html', 'b.html', 'hidden.html', 'missing.html'], links: [link('a.html', 'intro-label')] });
    expect(one.paths()).not.toContain('objects.inv');

    const twice = served(files);
    const answers = new LinkAnswers();
    const ask = {
      answers,
      pending: ['a.html', 'guide/install.html', 'b.html', 'missing.html'],
      links: [link('a.html', 'intro-label'), link('guide/install.html', 'steps-label')],
    };
    await twice.run(ask);
    const again = await twice.run(ask);
    expect(again.answered).toEqual(['a.html', 'b.html', 'guide/install.html']);
    expect(again.use).toEqual({ file: 'searchindex.js', answered: 3, requests: 0 });
    expect(twice.paths()).toEqual(['searchindex.js', '_static/documentation_options.js', 'objects.inv']);
  });

  it('no time left for it: not asked, the anchors still asked', async () => {
    const site = served({ ...SPHINX, 'objects.inv': { status: 200, bytes: INVENTORY } });
    let remaining = 60_000;
    const result = await site.run({
      pending: ['a.html', 'guide/install.html', 'b.html', 'missing.html'],
      links: [link('a.html', 'intro-label'), link('guide/install.html', 'steps-label')],
      remainingMs: () => remaining,
      get: (url) => void (url.endsWith('documentation_options.js') && (remaining = 0)),
    });
    expect(result.answered).toEqual(['b.html']);
    expect(result.use).toEqual({ file: 'searchindex.js', answered: 1, requests: 2 });
    expect(site.paths()).toEqual(['searchindex.js', '_static/documentation_options.js']);
  });

  it('one that answered other than 200, was cut short or is no inventory: the anchors still asked, the reason in the log', async () => {
    const cases: Served[] = [
      { status: 404, bytes: INVENTORY },
      { status: 200, problem: 'over 5242880 bytes', tooLarge: true },
      { status: 200, bytes: Buffer.from('# Sphinx inventory version 1\n# Project: X\n# Version: 1\nx mod x.html\n') },
    ];
    for (const answer of cases) {
      const site = served({ ...SPHINX, 'objects.inv': answer });
      const result = await site.run({
        pending: ['a.html', 'guide/install.html', 'b.html', 'missing.html'],
        links: [link('a.html', 'intro-label'), link('guide/install.html', 'steps-label')],
      });
      expect(result.answered, JSON.stringify(answer.status)).toEqual(['b.html']);
      expect(result.use).toEqual({ file: 'searchindex.js', answered: 1, requests: 3 });
    }
    const site = served({ ...SPHINX, 'objects.inv': cases[2]! });
    await site.run({
      pending: ['a.html', 'guide/install.html', 'b.html', 'missing.html'],
      links: [link('a.html', 'x'), link('guide/install.html', 'y')],
    });
    expect(site.debug[0]).toMatch(/^link check: objects\.inv is not an inventory this check reads \(.+\)$/);
  });
});

describe("the run's one read per version", () => {
  it('a later check of the run takes the index read, for any number of targets, without a request; another version or run reads its own', async () => {
    const site = served({ 'search/search_index.json': mkdocsIndex('a/', 'b/', 'c/', 'd/') });
    const answers = new LinkAnswers();
    expect((await site.run({ builder: 'mkdocs', answers, pending: ['a/', 'b/', 'c/', 'x/'] })).use).toEqual({
      file: 'search/search_index.json',
      answered: 3,
      requests: 1,
    });
    const later = await site.run({ builder: 'mkdocs', answers, pending: ['d/'] });
    expect(later.answered).toEqual(['d/']);
    expect(later.use).toEqual({ file: 'search/search_index.json', answered: 1, requests: 0 });
    expect(site.paths()).toEqual(['search/search_index.json']);
    expect(site.debug).toEqual([
      'link check: search/search_index.json answered 3 of 4 target(s)',
      'link check: search/search_index.json answered 1 of 1 target(s)',
    ]);

    await site.run({ builder: 'mkdocs', answers: new LinkAnswers(), pending: ['a/', 'b/', 'c/', 'd/'] });
    const latest = 'https://demo--7.org.readthedocs.build/en/latest/';
    await site.run({ builder: 'mkdocs', answers, root: latest, pending: ['a/', 'b/', 'c/', 'd/'] });
    expect(site.paths()).toEqual(['search/search_index.json', 'search/search_index.json', 'search/search_index.json']);
  });

  it('an index that could not be used is not asked again in the run, nor reported again', async () => {
    const site = served({});
    const answers = new LinkAnswers();
    expect((await site.run({ answers, pending: ['a/', 'b/', 'c/', 'd/'] })).use).toEqual({ answered: 0, requests: 2 });
    expect(await site.run({ answers, pending: ['a/', 'b/', 'c/', 'd/', 'e/'] })).toEqual({ answers: new Map(), answered: [] });
    expect(site.asked).toHaveLength(2);
  });
});
