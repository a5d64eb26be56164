// The link check's pages read off the main thread (issue 50's 1 and 3): the parser's worker under
// a CPU budget, a time limit and the step's signal (a page cut short, the worker ended and started
// again for the next one); what a run keeps of a page (its answer, the hashes of its anchors, its
// links), each page parsed once (the root is not read again as `index.html`), and at most the run's
// total of bytes parsed, past which a page is not read.
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LinkAnswers, type PageRead } from '../src/operations/shared/links/link-answers.js';
import { PageParser } from '../src/operations/shared/links/page-parser.js';

const open = () => new AbortController().signal;
const bytesOf = (html: string) => new TextEncoder().encode(html);
const deep = (depth: number) => bytesOf(`<p id="here">${'<b>'.repeat(depth)}<a href="end.html">end</a>`);

describe('PageParser', () => {
  it("reads a page's links and anchors in its worker, the bytes moved there, not copied", async () => {
    const parser = new PageParser();
    const bytes = bytesOf('<p id="a">x</p><a href="b.html#c" name="n">b</a><img src="i.png">');
    const outcome = await parser.parse(bytes, { signal: open() });
    expect(bytes.byteLength).toBe(0);
    expect(outcome).toMatchObject({
      page: {
        links: [
          { kind: 'link', href: 'b.html#c' },
          { kind: 'image', href: 'i.png' },
        ],
        dropped: 0,
      },
    });
    expect('page' in outcome && outcome.page.anchors.length).toBe(2);
    await parser.close();
  });

  it('a page over its CPU budget is cut short; the worker reads the next one', async () => {
    const parser = new PageParser();
    expect(await parser.parse(deep(1_300_000), { signal: open(), cpuBudgetMs: 0 })).toEqual({ cut: 'budget' });
    expect(await parser.parse(deep(240_000), { signal: open() })).toMatchObject({ page: { links: [{ href: 'end.html' }] } });
    await parser.close();
  });

  it('a page past its time limit is cut short and its worker ended; the next page starts another', async () => {
    const parser = new PageParser();
    expect(await parser.parse(deep(1_300_000), { signal: open(), timeLimitMs: 0 })).toEqual({ cut: 'time' });
    expect(await parser.parse(deep(10), { signal: open() })).toMatchObject({ page: { links: [{ href: 'end.html' }] } });
    await parser.close();
  });

  it("the step's signal ends the reading with its reason, at once or while it reads", async () => {
    const parser = new PageParser();
    const stopped = new AbortController();
    stopped.abort(new Error('cancelled by the workflow'));
    await expect(parser.parse(deep(10), { signal: stopped.signal })).rejects.toThrow('cancelled by the workflow');
    const later = new AbortController();
    const reading = parser.parse(deep(1_300_000), { signal: later.signal });
    // Given to the worker (a turn of the event loop), then stopped.
    await new Promise((resolve) => setImmediate(resolve));
    later.abort(new Error('the step timed out'));
    await expect(reading).rejects.toThrow('the step timed out');
    // Pages queued behind it are read by a new worker.
    expect(await parser.parse(deep(10), { signal: open() })).toMatchObject({ page: { links: [{ href: 'end.html' }] } });
    await parser.close();
  });

  it('pages are read one at a time, in turn', async () => {
    const parser = new PageParser();
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, (_, i) => parser.parse(bytesOf(`<a href="p${i}.html">${i}</a>`), { signal: open() })),
    );
    expect(outcomes.map((outcome) => ('page' in outcome ? outcome.page.links[0]!.href : outcome.cut))).toEqual([
      'p0.html',
      'p1.html',
      'p2.html',
      'p3.html',
      'p4.html',
    ]);
    await parser.close();
  });
});

describe('LinkAnswers.parse', () => {
  const html = '<h2 id="setup">Setup</h2><a href="a.html">a</a><base href="/en/7/">';

  it('an HTML page that answered 200 is read: its anchors (hashed), links, base and where it was served from', async () => {
    const read = await new LinkAnswers().parse({
      status: 200,
      bytes: bytesOf(html),
      url: 'https://x.org/en/7/b.html',
      contentType: 'text/html',
    });
    expect(read).toMatchObject({
      parsed: true,
      links: [{ kind: 'link', href: 'a.html' }],
      base: '/en/7/',
      url: 'https://x.org/en/7/b.html',
    });
    expect(read.answer).toMatchObject({ status: 200, html: true });
    expect(read.answer.anchors?.has('setup')).toBe(true);
    expect(read.answer.anchors?.has('Setup')).toBe(false);
    expect(read).not.toHaveProperty('dropped');
    expect(read).not.toHaveProperty('unreadable');
  });

  it('links past the 5,000th are counted as dropped', async () => {
    const read = await new LinkAnswers().parse({ status: 200, bytes: bytesOf('<a href="x.html">x</a>'.repeat(5_004)) });
    expect(read.links).toHaveLength(5_000);
    expect(read.dropped).toBe(4);
  });

  it('what is not read: another status, another media type, no body, a body over the size read, and why', async () => {
    const answers = new LinkAnswers();
    // Strictly: a field the answer did not have is not there, not even as `undefined`.
    expect(await answers.parse({ status: 404, bytes: bytesOf(html) })).toStrictEqual({ answer: { status: 404 }, links: [], parsed: false });
    expect(await answers.parse({ status: 200, bytes: bytesOf(html), contentType: 'application/pdf' })).toStrictEqual({
      answer: { status: 200, html: false },
      links: [],
      parsed: false,
    });
    expect(await answers.parse({ status: 200 })).toStrictEqual({ answer: { status: 200 }, links: [], parsed: false });
    // An HTML page not read says nothing of its anchors: not `html: true`, which only a page read says.
    expect(await answers.parse({ status: 200, tooLarge: true, url: 'https://x.org/big.html', contentType: 'text/html' })).toStrictEqual({
      answer: { status: 200 },
      links: [],
      url: 'https://x.org/big.html',
      parsed: false,
      unreadable: 'too large',
    });
    expect(await answers.parse({ refused: 'challenged', status: 403 })).toStrictEqual({
      answer: { status: 403, refused: 'challenged' },
      links: [],
      parsed: false,
    });
    // No status at all: a private address, not asked.
    expect(await answers.parse({ refused: 'private' })).toStrictEqual({ answer: { refused: 'private' }, links: [], parsed: false });
  });

  it('an XHTML page is read as a page; a page served from nowhere else has no `url`', async () => {
    const read = await new LinkAnswers().parse({ status: 200, bytes: bytesOf(html), contentType: 'application/xhtml+xml' });
    expect(read).toMatchObject({ parsed: true, links: [{ kind: 'link', href: 'a.html' }] });
    expect(read.answer).toMatchObject({ status: 200, html: true });
    expect(read).not.toHaveProperty('url');
  });

  it('a page the parser cut short (its CPU budget, its time, its heap) is not read: `too complex`, its bytes counted', async () => {
    const given: { bytes: number; signal: AbortSignal }[] = [];
    const signal = new AbortController().signal;
    const answers = new LinkAnswers({
      signal,
      maxParseBytes: 100,
      parser: {
        parse: (bytes, options) => {
          given.push({ bytes: bytes.byteLength, signal: options.signal });
          return Promise.resolve({ cut: 'budget' });
        },
      },
    });
    expect(
      await answers.parse({ status: 200, bytes: bytesOf(html), url: 'https://x.org/en/7/b.html', contentType: 'text/html' }),
    ).toStrictEqual({
      answer: { status: 200 },
      links: [],
      url: 'https://x.org/en/7/b.html',
      parsed: false,
      unreadable: 'too complex',
    });
    expect(given).toEqual([{ bytes: html.length, signal }]);
    // Its bytes count toward the run's total all the same.
    expect(await answers.parse({ status: 200, bytes: bytesOf(html) })).toMatchObject({ parsed: false, unreadable: 'run total' });
    expect(given).toHaveLength(1);
  });

  it("past the run's total of bytes parsed, a page is not read, and the run is spent", async () => {
    const answers = new LinkAnswers({ maxParseBytes: 100 });
    const page = (size: number) => bytesOf(`<a href="x.html">x</a>${' '.repeat(size - 22)}`);
    expect((await answers.parse({ status: 200, bytes: page(60) })).parsed).toBe(true);
    expect(answers.spent).toBe(false);
    expect(await answers.parse({ status: 200, bytes: page(60) })).toMatchObject({ parsed: false, unreadable: 'run total' });
    expect(answers.spent).toBe(true);
    // Spent: even a page that would fit is not read.
    expect(await answers.parse({ status: 200, bytes: page(30) })).toMatchObject({ parsed: false, unreadable: 'run total' });
  });

  it('exactly the total is still read', async () => {
    const answers = new LinkAnswers({ maxParseBytes: 22 });
    expect((await answers.parse({ status: 200, bytes: bytesOf('<a href="x.html">x</a>') })).parsed).toBe(true);
    expect(answers.spent).toBe(true);
  });
});

describe('LinkAnswers.keep', () => {
  it('a page kept once is not parsed again under another address of it (the root and its `index.html`)', async () => {
    const answers = new LinkAnswers();
    const first = bytesOf('<a href="a.html">a</a>');
    await answers.keep('https://x.org/en/7/', { status: 200, bytes: first, url: 'https://x.org/en/7/' });
    // Moved to the worker: parsed.
    expect(first.byteLength).toBe(0);
    const again = bytesOf('<a href="b.html">b</a>');
    await answers.keep('https://x.org/en/7/index.html', { status: 200, bytes: again, url: 'https://x.org/en/7/index.html' });
    expect(again.byteLength).toBeGreaterThan(0);
    const served = bytesOf('<a href="c.html">c</a>');
    await answers.keep('https://x.org/en/7/old.html', { status: 200, bytes: served, url: 'https://x.org/en/7/' });
    expect(served.byteLength).toBeGreaterThan(0);
    const read = await answers.read('https://x.org/en/7/index.html', { body: true, external: false, links: true }, () => {
      throw new Error('fetched again');
    });
    expect(read?.links).toEqual([{ kind: 'link', href: 'a.html', text: 'a' }]);
  });

  it('a page kept without its body is parsed when it comes with one', async () => {
    const answers = new LinkAnswers();
    void answers.read('https://x.org/en/7/p.html', { body: false, external: false }, () =>
      Promise.resolve({ answer: { status: 200 }, links: [], parsed: false }),
    );
    const bytes = bytesOf('<a href="a.html">a</a>');
    await answers.keep('https://x.org/en/7/p.html', { status: 200, bytes });
    expect(bytes.byteLength).toBe(0);
  });

  it('a page the run has not seen, kept without the address it was served from, is parsed and kept under its own', async () => {
    const answers = new LinkAnswers();
    const bytes = bytesOf('<a href="a.html">a</a>');
    await answers.keep('https://x.org/en/7/p.html', { status: 200, bytes });
    expect(bytes.byteLength).toBe(0);
    const read = await answers.read('https://x.org/en/7/p.html', { body: true, external: false, links: true }, () => {
      throw new Error('fetched again');
    });
    expect(read?.links).toEqual([{ kind: 'link', href: 'a.html', text: 'a' }]);
  });

  it('a page the run read with its body is not parsed again when a check kept it at that address', async () => {
    const answers = new LinkAnswers();
    const fetched = await answers.read('https://x.org/en/7/p.html', { body: true, external: false }, () =>
      Promise.resolve(pageRead('a.html')),
    );
    const bytes = bytesOf('<a href="b.html">b</a>');
    await answers.keep('https://x.org/en/7/p.html', { status: 200, bytes });
    expect(bytes.byteLength).toBeGreaterThan(0);
    expect(await answers.read('https://x.org/en/7/p.html', { body: true, external: false }, fails)).toBe(fetched);
  });
});

/** A page read that links to `href`, served from `url` when given. */
function pageRead(href: string, url?: string): PageRead {
  return {
    answer: { status: 200, html: true },
    links: [{ kind: 'link', href, text: href }],
    base: '/en/7/',
    ...(url === undefined ? {} : { url }),
    parsed: true,
    dropped: 3,
  };
}

const fails = (): Promise<PageRead | undefined> => {
  throw new Error('fetched again');
};

/** A fetch that counts its calls. */
function counted(answer: () => PageRead | undefined) {
  const fetch = Object.assign(
    () => {
      fetch.calls += 1;
      return Promise.resolve(answer());
    },
    { calls: 0 },
  );
  return fetch;
}

describe('LinkAnswers.read', () => {
  const url = 'https://x.org/en/7/p.html';

  it("each address is fetched once per run; a read without its body does not stand for one with it, nor another site's for the version's", async () => {
    const answers = new LinkAnswers();
    const fetch = counted(() => pageRead('a.html'));
    await answers.read(url, { body: false, external: false }, fetch);
    await answers.read(`${url}#setup`, { body: false, external: false }, fetch);
    expect(fetch.calls).toBe(1);
    await answers.read(url, { body: true, external: false }, fetch);
    expect(fetch.calls).toBe(2);
    // With its body, it serves a read without one too.
    await answers.read(url, { body: false, external: false }, fetch);
    await answers.read(url, { body: true, external: false }, fetch);
    expect(fetch.calls).toBe(2);
    await answers.read(url, { body: false, external: true }, fetch);
    expect(fetch.calls).toBe(3);
  });

  it('a page is found under the address it was served from; a later page served from there does not take its place', async () => {
    const answers = new LinkAnswers();
    const first = await answers.read('https://x.org/en/7/old.html', { body: true, external: false }, () =>
      Promise.resolve(pageRead('a.html', 'https://x.org/en/7/p.html')),
    );
    expect(await answers.read(url, { body: true, external: false, links: true }, fails)).toBe(first);
    await answers.read('https://x.org/en/7/older.html', { body: true, external: false }, () =>
      Promise.resolve(pageRead('b.html', 'https://x.org/en/7/p.html')),
    );
    expect(await answers.read(url, { body: true, external: false, links: true }, fails)).toBe(first);
  });

  it("another site's answer is kept apart, not under the address it was served from", async () => {
    const answers = new LinkAnswers();
    await answers.read('https://y.org/old', { body: false, external: true }, () =>
      Promise.resolve(pageRead('a.html', 'https://y.org/new')),
    );
    const fetch = counted(() => pageRead('b.html'));
    await answers.read('https://y.org/new', { body: false, external: false }, fetch);
    expect(fetch.calls).toBe(1);
  });
});

describe('LinkAnswers.linksTaken', () => {
  const url = 'https://x.org/en/7/p.html';

  it('the run keeps the answer of a page whose links a check took, not its links; a read for its links fetches it again', async () => {
    const answers = new LinkAnswers();
    const fetch = counted(() => pageRead('a.html', url));
    await answers.read(url, { body: true, external: false, links: true }, fetch);
    answers.linksTaken(url);
    const kept = { answer: { status: 200, html: true }, links: [], url, parsed: true };
    expect(await answers.read(url, { body: true, external: false }, fails)).toStrictEqual(kept);
    // Taken twice: the same.
    answers.linksTaken(url);
    expect(await answers.read(url, { body: true, external: false }, fails)).toStrictEqual(kept);
    expect(fetch.calls).toBe(1);
    expect(await answers.read(url, { body: true, external: false, links: true }, fetch)).toStrictEqual(pageRead('a.html', url));
    expect(fetch.calls).toBe(2);
  });

  it('of a page with no address it was served from, or no answer, or not read at all', async () => {
    const answers = new LinkAnswers();
    await answers.read(url, { body: true, external: false }, () => Promise.resolve(pageRead('a.html')));
    answers.linksTaken(url);
    expect(await answers.read(url, { body: true, external: false }, fails)).toStrictEqual({
      answer: { status: 200, html: true },
      links: [],
      parsed: true,
    });
    const gone = 'https://x.org/en/7/gone.html';
    await answers.read(gone, { body: true, external: false }, () => Promise.resolve(undefined));
    answers.linksTaken(gone);
    expect(await answers.read(gone, { body: true, external: false }, fails)).toBeUndefined();
    expect(() => answers.linksTaken('https://x.org/en/7/never.html')).not.toThrow();
    const fetch = counted(() => pageRead('a.html'));
    await answers.read('https://x.org/en/7/never.html', { body: true, external: false, links: true }, fetch);
    expect(fetch.calls).toBe(1);
  });
});

describe('LinkAnswers.again', () => {
  const url = 'https://y.org/p';

  it("asks a target a second time once in the run: another check's second ask gets that answer, and it is the target's answer", async () => {
    const answers = new LinkAnswers();
    const statuses = [404, 200, 500];
    const fetch = counted(() => ({ answer: { status: statuses[fetch.calls - 1] }, links: [], parsed: false }));
    expect((await answers.read(url, { body: false, external: true }, fetch))?.answer.status).toBe(404);
    expect(answers.askedAgain(url, true)).toBe(false);
    expect((await answers.again(url, { body: false, external: true }, fetch))?.answer.status).toBe(200);
    expect((await answers.again(url, { body: false, external: true }, fetch))?.answer.status).toBe(200);
    expect((await answers.read(url, { body: false, external: true }, fetch))?.answer.status).toBe(200);
    expect(fetch.calls).toBe(2);
    expect(answers.askedAgain(url, true)).toBe(true);
    expect(answers.askedAgain(url, false)).toBe(false);
  });
});

describe('what a run keeps of a page', () => {
  it("holds nothing of the page's text: 20 pages of 1 MB with non-Latin-1 text kept read add well under 1 MB to the heap", async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const answers = new LinkAnswers();
    // Each anchor and link a long value, as a slice of the page would pin the page: 1 MB each, 2 bytes a character.
    const page = (i: number) =>
      bytesOf(`<p id="é-${i}-${'x'.repeat(2_000)}">${'中文'.repeat(250_000)}</p><a href="page-${i}.html#é-${'y'.repeat(2_000)}">next</a>`);
    const kept = [];
    gc();
    const before = getHeapStatistics().used_heap_size;
    for (let i = 0; i < 20; i++) kept.push(await answers.parse({ status: 200, bytes: page(i) }));
    gc();
    const grown = getHeapStatistics().used_heap_size - before;
    expect(kept.every((read) => read.parsed && read.links.length === 1)).toBe(true);
    expect(grown).toBeLessThan(1024 * 1024);
  });
});
