// Which of the file tree diff's deleted pages the redirect guard asks a redirect for
// (src/operations/preview/deleted-pages.ts, issue 46): the base's live docs asked once per page
// (200 served, 404 and 410 gone, anything else tells nothing), then the pull request's files. The
// page fetcher is scripted here; the same decisions against the stand-ins are in
// test/operations/preview-diff-timing.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import type { ChangedPage } from '../src/operations/preview/changed-pages.ts';
import { deletedPagesToGuard } from '../src/operations/preview/deleted-pages.ts';
import type { ChangedSources } from '../src/operations/preview/pull-request.ts';
import type { MovedPage } from '../src/operations/preview/redirect-guard.ts';
import type { PageFetcher } from '../src/readthedocs/page-fetcher.ts';
import type { ProjectLog } from '../src/reporting/project-log.ts';
import { type OperationTestContext, operationContext } from './support/operation-context.ts';

const BASE = 'https://demo.readthedocs.io/en/latest/';

/** A page fetcher answering each live page with its status (none: no answer), recording what was asked. */
function livePages(statuses: Record<string, number | undefined>): PageFetcher & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    get: async (url) => {
      asked.push(url.slice(BASE.length));
      const status = statuses[url.slice(BASE.length)];
      return status === undefined
        ? { problem: 'connection reset' }
        : { status, ...(status === 200 ? {} : { problem: `answered ${status}` }) };
    },
    close: async () => undefined,
  };
}

function logOf(): ProjectLog & { lines: string[]; debugs: string[] } {
  const lines: string[] = [];
  const debugs: string[] = [];
  return {
    lines,
    debugs,
    info: (message) => lines.push(message),
    progress: () => undefined,
    warning: () => undefined,
    notice: () => undefined,
    debug: (message) => debugs.push(message),
    section: () => undefined,
    flush: () => undefined,
  };
}

/** A page the diff lists as deleted: the guard's entry, and the diff's page with its address on the base. */
const deleted = (file: string): { moved: MovedPage; page: ChangedPage } => ({
  moved: { file, from: `/${file}`, builtOnly: true },
  page: { file, url: `https://demo--7.org.readthedocs.build/en/7/${file}`, change: 'deleted', before: `${BASE}${file}` },
});

/** The pull request's files: each removed one named. */
const removing = (...files: string[]): ChangedSources => ({
  files: [],
  entries: files.map((filename) => ({ filename, status: 'removed' })) as ChangedSources['entries'],
  docsDir: 'docs',
  builder: undefined,
});

let opened: OperationTestContext | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

async function guard(
  pages: ReturnType<typeof deleted>[] | { removed: MovedPage[]; pages: ChangedPage[] },
  sources: ChangedSources | undefined,
  live: Record<string, number | undefined>,
  inputs: Record<string, string> = {},
) {
  const diff = Array.isArray(pages) ? { removed: pages.map(({ moved }) => moved), pages: pages.map(({ page }) => page) } : pages;
  const fetcher = livePages(live);
  opened = operationContext({ baseUrl: 'http://127.0.0.1:9', pages: fetcher, inputs: { project: 'demo', ...inputs } });
  const log = logOf();
  const guarded = await deletedPagesToGuard(opened.ctx, log, { ...diff, sources });
  return { guarded, log, asked: fetcher.asked };
}

describe('deletedPagesToGuard', () => {
  it('a page the live docs serve is guarded as this pull request’s, one they answer 404 or 410 for is not, whatever the files', async () => {
    const pages = ['served.html', 'gone.html', 'also-gone.html'].map(deleted);
    const { guarded, log, asked } = await guard(pages, removing('docs/gone.rst'), {
      'served.html': 200,
      'gone.html': 404,
      'also-gone.html': 410,
    });

    expect(guarded).toEqual([{ ...pages[0]!.moved, served: true }]);
    expect(asked.sort()).toEqual(['also-gone.html', 'gone.html', 'served.html']);
    expect(log.lines).toEqual([
      "2 pages the file tree diff lists as deleted (/gone.html, /also-gone.html): the base's live docs no longer serve them: they moved on the base since this pull request's first build (the diff compares with a snapshot of it), so no redirect is asked for them",
    ]);
    expect(log.debugs).toEqual(["The base's live docs asked for 3 deleted pages: 3 answered"]);
  });

  it('a page without an answer (a 5xx, a 403, none) is judged by the files: guarded when one of them built it, else said and left', async () => {
    const pages = ['ours.html', 'theirs.html', 'refused.html'].map(deleted);
    const { guarded, log } = await guard(pages, removing('docs/ours.rst'), { 'ours.html': 503, 'refused.html': 403 });

    expect(guarded).toEqual([pages[0]!.moved]);
    expect(log.lines).toEqual([
      "2 pages the file tree diff lists as deleted (/theirs.html, /refused.html): are built by no file this pull request removes or renames and the base's live docs did not tell: they may have moved on the base since this pull request's first build (the diff compares with a snapshot of it), so no redirect is asked for them",
    ]);
    expect(log.debugs).toEqual(["The base's live docs asked for 3 deleted pages: 0 answered"]);
  });

  it('the pull request’s files unknown: a page without an answer is guarded, marked unconfirmed; a served one is confirmed', async () => {
    const pages = ['unknown.html', 'served.html'].map(deleted);
    const { guarded, log } = await guard(pages, undefined, { 'served.html': 200 });
    expect(guarded).toEqual([
      { ...pages[0]!.moved, unconfirmed: true },
      { ...pages[1]!.moved, served: true },
    ]);
    expect(log.lines).toEqual([]);
  });

  it('without `token` nothing is asked of the live docs: the files decide', async () => {
    const pages = ['ours.html', 'theirs.html'].map(deleted);
    const { guarded, asked, log } = await guard(pages, removing('docs/ours.rst'), { 'ours.html': 200, 'theirs.html': 200 }, { token: '' });
    expect(asked).toEqual([]);
    expect(guarded).toEqual([pages[0]!.moved]);
    expect(log.lines).toEqual([
      expect.stringMatching(/^1 page the file tree diff lists as deleted \(\/theirs\.html\): are built by no file/),
    ]);
    expect(log.debugs).toEqual([]);
  });

  it('no deleted page: nothing asked, nothing said', async () => {
    const { guarded, asked, log } = await guard([], removing('docs/a.rst'), {});
    expect(guarded).toEqual([]);
    expect(asked).toEqual([]);
    expect(log.debugs).toEqual([]);
  });

  it('names the first five pages of a group and marks that there are more', async () => {
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => deleted(`${name}.html`));
    const gone = Object.fromEntries(six.map(({ moved }) => [moved.file, 404]));
    const many = await guard(six, undefined, gone);
    expect(many.log.lines[0]).toMatch(
      /^6 pages the file tree diff lists as deleted \(\/a\.html, \/b\.html, \/c\.html, \/d\.html, \/e\.html, …\): the base's/,
    );
    await opened?.close();
    const five = await guard(six.slice(0, 5), undefined, gone);
    expect(five.log.lines[0]).toMatch(
      /^5 pages the file tree diff lists as deleted \(\/a\.html, \/b\.html, \/c\.html, \/d\.html, \/e\.html\): the base's/,
    );
  });

  it('asks each built page once (an index page’s two addresses are one), only a deleted page with an address on the base', async () => {
    const index = deleted('guide/index.html');
    const folder = { ...index.moved, from: '/guide/' };
    const noBase = deleted('nobase.html');
    const modified = deleted('modified.html');
    const { guarded, asked } = await guard(
      {
        removed: [index.moved, folder, noBase.moved, modified.moved],
        pages: [index.page, { file: 'nobase.html', url: noBase.page.url, change: 'deleted' }, { ...modified.page, change: 'modified' }],
      },
      undefined,
      { 'guide/index.html': 200, 'nobase.html': 200, 'modified.html': 200 },
    );
    expect(asked).toEqual(['guide/index.html']);
    expect(guarded).toEqual([
      { ...index.moved, served: true },
      { ...folder, served: true },
      { ...noBase.moved, unconfirmed: true },
      { ...modified.moved, unconfirmed: true },
    ]);
  });

  it('a deleted page without an address on the base is not asked: nothing asked, no count of answers', async () => {
    const page = deleted('nobase.html');
    const { guarded, asked, log } = await guard(
      { removed: [page.moved], pages: [{ file: 'nobase.html', url: page.page.url, change: 'deleted' }] },
      removing('docs/nobase.rst'),
      { 'nobase.html': 200 },
    );
    expect(asked).toEqual([]);
    expect(guarded).toEqual([page.moved]);
    expect(log.debugs).toEqual([]);
  });

  it('the pull request’s files unknown: of more than 50 pages, the first 50 in the diff’s order are asked', async () => {
    const pages = Array.from({ length: 60 }, (_, index) => deleted(`p${String(index).padStart(2, '0')}.html`));
    const { asked, guarded } = await guard(pages, undefined, {});
    expect(asked.sort()).toEqual(pages.slice(0, 50).map(({ moved }) => moved.file));
    expect(guarded).toHaveLength(60);
  });

  it('asks at most 50 pages, those the pull request’s files do not explain first; the others are judged by the files', async () => {
    const ours = deleted('ours.html');
    const others = Array.from({ length: 50 }, (_, index) => deleted(`p${index}.html`));
    const { guarded, asked, log } = await guard([ours, ...others], removing('docs/ours.rst'), {});
    expect(asked).toHaveLength(50);
    expect(asked).not.toContain('ours.html');
    expect(guarded).toEqual([ours.moved]);
    expect(log.debugs).toEqual(["The base's live docs asked for 50 deleted pages: 0 answered"]);
  });
});
