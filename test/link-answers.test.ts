// The link check's pages read off the main thread (issue 50's 1 and 3): the parser's worker under
// a CPU budget, a time limit and the step's signal (a page cut short, the worker ended and started
// again for the next one); what a run keeps of a page (its answer, the hashes of its anchors, its
// links), each page parsed once (the root is not read again as `index.html`), and at most the run's
// total of bytes parsed, past which a page is not read.
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LinkAnswers } from '../src/operations/shared/links/link-answers.js';
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
    expect(await answers.parse({ status: 404, bytes: bytesOf(html) })).toEqual({ answer: { status: 404 }, links: [], parsed: false });
    expect(await answers.parse({ status: 200, bytes: bytesOf(html), contentType: 'application/pdf' })).toEqual({
      answer: { status: 200, html: false },
      links: [],
      parsed: false,
    });
    expect(await answers.parse({ status: 200 })).toEqual({ answer: { status: 200 }, links: [], parsed: false });
    expect(await answers.parse({ status: 200, tooLarge: true, url: 'https://x.org/big.html' })).toEqual({
      answer: { status: 200 },
      links: [],
      url: 'https://x.org/big.html',
      parsed: false,
      unreadable: 'too large',
    });
    expect(await answers.parse({ refused: 'challenged', status: 403 })).toEqual({
      answer: { status: 403, refused: 'challenged' },
      links: [],
      parsed: false,
    });
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
