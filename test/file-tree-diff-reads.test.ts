// Reading the service's file tree diff (issue 38 §4, issue 39 §7: its failure paths): one read
// through `ctx.pages` and what each failure gives, and the re-reads within the window on a fake
// clock. The pages are a fake fetcher: what was asked, and what it answers, is the test's.
import { afterEach, describe, expect, it } from 'vitest';
import { parseFileTreeDiff, readCurrentFileTreeDiff, readFileTreeDiff } from '../src/operations/preview/file-tree-diff.js';
import type { PageFetcher } from '../src/readthedocs/page-fetcher.js';
import { DeadlineError } from '../src/util/abort.js';
import { FakeClock, operationContext, type OperationTestContext } from './support/operation-context.ts';

type Request = Parameters<PageFetcher['get']>[1];
type Answer = Awaited<ReturnType<PageFetcher['get']>>;

const PREVIEW = 'https://demo--7.org.readthedocs.build/en/7/';
const ADDONS = 'https://demo--7.org.readthedocs.build/_/addons/?api-version=1&project-slug=demo&version-slug=7';
const accept = (url: string) => (url.startsWith('https://') ? url : undefined);
const ARGS = { previewUrl: PREVIEW, project: 'demo', version: '7', accept };

const answer = (filetreediff: unknown): Answer => ({ status: 200, body: JSON.stringify({ addons: { filetreediff } }) });
const current = (pages: string[]) =>
  answer({ enabled: true, outdated: false, diff: { modified: pages.map((filename) => ({ filename })) } });
const outdated = (pages: string[]) =>
  answer({ enabled: true, outdated: true, diff: { modified: pages.map((filename) => ({ filename })) } });
const unwritten = answer({ enabled: true });

let test: OperationTestContext | undefined;
afterEach(async () => {
  await test?.close();
  test = undefined;
});

/** A context whose pages answer `answers` in turn (the last one again), recording each request; on a fake clock. */
function context(answers: (Answer | Error)[], options: { timeout?: string; clock?: FakeClock } = {}) {
  const clock = options.clock ?? new FakeClock();
  const asked: { url: string; request: Request; at: number }[] = [];
  const pages: PageFetcher = {
    get: async (url, request) => {
      asked.push({ url, request, at: clock.now() });
      const next = answers[Math.min(asked.length, answers.length) - 1]!;
      if (next instanceof Error) throw next;
      return next;
    },
    close: async () => {},
  };
  test = operationContext({
    baseUrl: 'http://127.0.0.1:9',
    clock,
    inputs: { operation: 'preview', project: 'demo', ...(options.timeout ? { timeout: options.timeout } : {}) },
    pages,
  });
  return { ctx: test.ctx, asked, clock };
}

describe('readFileTreeDiff: one read', () => {
  it('asks the preview host’s addons endpoint for JSON, bounded, with the step’s signal', async () => {
    const { ctx, asked } = context([current(['a.html'])]);
    const diff = await readFileTreeDiff(ctx, ARGS);

    expect(diff).toEqual({ added: [], deleted: [], modified: [{ filename: 'a.html' }], outdated: false });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.url).toBe(ADDONS);
    expect(asked[0]!.request).toEqual({
      signal: ctx.deadline.signal,
      timeoutMs: 10_000,
      accept: 'application/json',
      maxBodyBytes: 4 * 1024 * 1024,
    });
  });

  it('its timeout is the step’s time left when that is shorter, and never below 1 ms', async () => {
    const { ctx, asked, clock } = context([current([])], { timeout: '4s' });
    await readFileTreeDiff(ctx, ARGS);
    expect(asked[0]!.request.timeoutMs).toBe(4000);
    await clock.sleep(4000);
    await readFileTreeDiff(ctx, ARGS).catch(() => undefined);
    expect(asked).toHaveLength(2);
    expect(asked[1]!.request.timeoutMs).toBe(1);
  });

  it.each([
    ['a problem', { status: 404, problem: 'answered 404' }, "the preview host's addons endpoint answered 404"],
    ['no body and no problem', { status: 200 }, "the preview host's addons endpoint gave nothing"],
  ])('no body (%s): no diff, saying so', async (_name, reply, absent) => {
    const { ctx } = context([reply]);
    expect(await readFileTreeDiff(ctx, ARGS)).toEqual({ absent });
  });

  it('a fetch that throws: no diff, with its message; never a failure of the step', async () => {
    const { ctx } = context([new Error('socket hang up')]);
    expect(await readFileTreeDiff(ctx, ARGS)).toEqual({ absent: "the preview host's addons endpoint could not be read (socket hang up)" });
  });

  it('the step’s deadline passing during the read is thrown, not turned into "no diff"', async () => {
    const { ctx, clock } = context([new DeadlineError()], { timeout: '1s' });
    await clock.sleep(1000);
    expect(ctx.deadline.signal.aborted).toBe(true);
    await expect(readFileTreeDiff(ctx, ARGS)).rejects.toBeInstanceOf(DeadlineError);
  });
});

describe('readCurrentFileTreeDiff: until current, within the window', () => {
  const window = { intervalMs: 5000, windowMs: 60_000 };

  it('current at once: one read, no wait', async () => {
    const { ctx, asked, clock } = context([current(['a.html'])]);
    const read = await readCurrentFileTreeDiff(ctx, { ...ARGS, ...window });
    expect(read).toEqual({ result: expect.objectContaining({ outdated: false, modified: [{ filename: 'a.html' }] }), reads: 1 });
    expect(asked).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('outdated twice, then current: three reads, the interval apart, the current one returned', async () => {
    const { ctx, asked } = context([outdated(['old.html']), outdated(['old.html']), current(['new.html'])]);
    const read = await readCurrentFileTreeDiff(ctx, { ...ARGS, ...window });
    expect(read.reads).toBe(3);
    expect(read.result).toMatchObject({ outdated: false, modified: [{ filename: 'new.html' }] });
    expect(asked.map((a) => a.at - asked[0]!.at)).toEqual([0, 5000, 10_000]);
  });

  it('outdated for ever: read until the window ends (the last read at its end), the outdated one returned', async () => {
    const { ctx, asked } = context([outdated(['old.html'])]);
    const read = await readCurrentFileTreeDiff(ctx, { ...ARGS, intervalMs: 5000, windowMs: 12_000 });
    expect(read.result).toMatchObject({ outdated: true, modified: [{ filename: 'old.html' }] });
    expect(asked.map((a) => a.at - asked[0]!.at)).toEqual([0, 5000, 10_000, 12_000]);
    expect(read.reads).toBe(4);
  });

  it('no diff yet: read for a third of the window only (a base without a manifest never gets one)', async () => {
    const { ctx, asked } = context([unwritten]);
    const read = await readCurrentFileTreeDiff(ctx, { ...ARGS, ...window });
    expect(read.result).toEqual({ absent: 'the service gives no file tree diff for this build', unwritten: true });
    expect(asked.map((a) => a.at - asked[0]!.at)).toEqual([0, 5000, 10_000, 15_000, 20_000]);
  });

  it('no diff at first, then an outdated one: the whole window counts again', async () => {
    const { ctx, asked } = context([unwritten, outdated(['old.html'])]);
    const read = await readCurrentFileTreeDiff(ctx, { ...ARGS, intervalMs: 10_000, windowMs: 30_000 });
    expect(read.result).toMatchObject({ outdated: true });
    expect(asked.map((a) => a.at - asked[0]!.at)).toEqual([0, 10_000, 20_000, 30_000]);
  });

  it.each([
    ['off', answer({ enabled: false })],
    ['not JSON', { status: 200, body: '{' }],
    ['an error answer', { status: 500, problem: 'answered 500' }],
  ])('a final answer (%s): read once', async (_name, reply) => {
    const { ctx, asked } = context([reply]);
    const read = await readCurrentFileTreeDiff(ctx, { ...ARGS, ...window });
    expect(read.reads).toBe(1);
    expect(asked).toHaveLength(1);
    expect(read.result).toEqual({ absent: expect.any(String) });
  });

  it('the window is at most half the step’s time left', async () => {
    const { ctx, asked } = context([outdated(['old.html'])], { timeout: '20s' });
    await readCurrentFileTreeDiff(ctx, { ...ARGS, intervalMs: 5000, windowMs: 60_000 });
    expect(asked.map((a) => a.at - asked[0]!.at)).toEqual([0, 5000, 10_000]);
  });

  it('the step’s deadline during the reads is thrown, not taken for the window’s end', async () => {
    const cancellation = new AbortController();
    const clock = new FakeClock();
    const asked: number[] = [];
    const pages: PageFetcher = {
      get: async () => {
        asked.push(clock.now());
        if (asked.length === 2) cancellation.abort(new DeadlineError('cancelled'));
        return outdated(['old.html']);
      },
      close: async () => {},
    };
    test = operationContext({
      baseUrl: 'http://127.0.0.1:9',
      clock,
      inputs: { operation: 'preview', project: 'demo' },
      pages,
      cancellation: cancellation.signal,
    });
    await expect(readCurrentFileTreeDiff(test.ctx, { ...ARGS, ...window })).rejects.toThrow('cancelled');
    expect(asked).toHaveLength(2);
  });
});

describe('parseFileTreeDiff: the bounds', () => {
  const entries = (names: string[]) =>
    JSON.stringify({ addons: { filetreediff: { diff: { added: names.map((filename) => ({ filename })) } } } });

  it('at most 5000 pages a kind, counted before broken entries are dropped', () => {
    const names = Array.from({ length: 5002 }, (_, i) => `p${String(i).padStart(5, '0')}.html`);
    const diff = parseFileTreeDiff(entries(names), accept);
    expect('added' in diff && diff.added.map((page) => page.filename)).toEqual(names.slice(0, 5000));
  });

  it('at most 200,000 JSON nodes: one more and the answer is refused before it is parsed', () => {
    // Four objects and a list, then a comma before each value but the first: n + 4 nodes.
    const zeros = (n: number) => `{"addons":{"filetreediff":{"diff":{"added":[${Array.from({ length: n }, () => '0').join(',')}]}}}}`;
    expect(parseFileTreeDiff(zeros(199_996), accept)).toEqual({ added: [], modified: [], deleted: [], outdated: false });
    expect(parseFileTreeDiff(zeros(199_997), accept)).toEqual({ absent: 'the addons answer is too large' });
  });

  it('a kind the diff leaves out is an empty list', () => {
    expect(parseFileTreeDiff(JSON.stringify({ addons: { filetreediff: { diff: { added: [{ filename: 'a.html' }] } } } }), accept)).toEqual({
      added: [{ filename: 'a.html' }],
      modified: [],
      deleted: [],
      outdated: false,
    });
  });

  it('a filename up to 1024 characters is kept, a longer one dropped', () => {
    const kept = `${'a'.repeat(1019)}.html`;
    const diff = parseFileTreeDiff(entries([kept, `${'b'.repeat(1020)}.html`]), accept);
    expect('added' in diff && diff.added.map((page) => page.filename)).toEqual([kept]);
  });

  it.each([
    ['a leading slash and dot segments', '/./guide/./x.html', 'guide/x.html'],
    ['a backslash', 'guide\\x.html', undefined],
    ['DEL', 'guide/x\u007f.html', undefined],
    ['a tab', 'guide/\tx.html', undefined],
    ['only slashes', '//', undefined],
    ['a climbing segment in the middle', 'guide/../x.html', undefined],
  ])('a built path with %s', (_name, filename, kept) => {
    const diff = parseFileTreeDiff(entries([filename]), accept);
    expect('added' in diff && diff.added.map((page) => page.filename)).toEqual(kept === undefined ? [] : [kept]);
  });

  it('sorted by filename, a repeated one kept once (its first entry’s links)', () => {
    const text = JSON.stringify({
      addons: {
        filetreediff: {
          diff: {
            modified: [
              { filename: 'b.html', urls: { current: 'https://x/b1' } },
              { filename: 'a.html' },
              { filename: 'b.html', urls: { current: 'https://x/b2' } },
              { filename: 'c.html' },
            ],
          },
        },
      },
    });
    const diff = parseFileTreeDiff(text, accept);
    expect('modified' in diff && diff.modified).toEqual([
      { filename: 'a.html' },
      { filename: 'b.html', current: 'https://x/b1' },
      { filename: 'c.html' },
    ]);
  });

  it('`outdated` only when it is true (not a truthy string)', () => {
    const of = (value: unknown) => parseFileTreeDiff(JSON.stringify({ addons: { filetreediff: { outdated: value, diff: {} } } }), accept);
    expect(of(true)).toMatchObject({ outdated: true });
    expect(of('true')).toMatchObject({ outdated: false });
    expect(of(undefined)).toMatchObject({ outdated: false });
  });

  it('a `current` or `base` link that is not a string, or that `accept` refuses, is left out', () => {
    const text = JSON.stringify({
      addons: {
        filetreediff: {
          diff: {
            deleted: [
              { filename: 'x.html', urls: { current: 'http://plain/x', base: 'https://ok/x' } },
              { filename: 'y.html', urls: { base: 5 } },
            ],
          },
        },
      },
    });
    expect(parseFileTreeDiff(text, accept)).toMatchObject({
      deleted: [{ filename: 'x.html', base: 'https://ok/x' }, { filename: 'y.html' }],
    });
  });
});
