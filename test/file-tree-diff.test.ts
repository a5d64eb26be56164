// Parsing the service's file tree diff (the addons answer, "alpha": read tolerantly) and what
// `preview` makes of it, as pure functions.
import { describe, expect, it } from 'vitest';
import { changedPageLine } from '../src/operations/preview/changed-page-lines.js';
import { commentPages, diffChangedPages, diffLinks, MAX_COMMENT_PAGES, removedPages } from '../src/operations/preview/diff-pages.js';
import { addonsUrl, parseFileTreeDiff } from '../src/operations/preview/file-tree-diff.js';

const preview = 'https://demo--7.org.readthedocs.build/en/7/';
const links = diffLinks('https://readthedocs.org', preview, 'https://docs.demo.example/en/stable/');
const base = 'https://demo.readthedocs.io/en/latest/';
const file = (filename: string, urls: Record<string, unknown> = { current: `${preview}${filename}`, base: `${base}${filename}` }) => ({
  filename,
  urls,
});
const answer = (filetreediff: unknown) => JSON.stringify({ api_version: '1', addons: { filetreediff, other: { x: 1 } }, extra: [] });

describe('addonsUrl', () => {
  it('is on the preview’s own host, whatever the preview’s path', () => {
    expect(addonsUrl(preview, 'demo', '7')).toBe(
      'https://demo--7.org.readthedocs.build/_/addons/?api-version=1&project-slug=demo&version-slug=7',
    );
  });
});

describe('parseFileTreeDiff', () => {
  it('reads the three lists, sorted, with their links; unknown keys are ignored', () => {
    const diff = parseFileTreeDiff(
      answer({
        enabled: true,
        outdated: false,
        new_key: 1,
        diff: { added: [file('b.html'), file('a.html')], deleted: [file('old.html')], modified: [] },
      }),
      links,
    );
    expect(diff).toEqual({
      added: [
        { filename: 'a.html', current: `${preview}a.html`, base: `${base}a.html` },
        { filename: 'b.html', current: `${preview}b.html`, base: `${base}b.html` },
      ],
      modified: [],
      deleted: [{ filename: 'old.html', current: `${preview}old.html`, base: `${base}old.html` }],
      outdated: false,
    });
  });

  it.each([
    ['not JSON', '{', 'not JSON'],
    ['no filetreediff', JSON.stringify({ addons: {} }), 'no file tree diff'],
    ['filetreediff null', answer(null), 'no file tree diff'],
    ['off', answer({ enabled: false, diff: { added: [] } }), 'off'],
    ['a list that is not one', answer({ diff: { added: 'all' } }), 'no file tree diff'],
  ])('%s: no diff, and why', (_name, text, why) => {
    expect(parseFileTreeDiff(text, links)).toEqual({ absent: expect.stringContaining(why) });
  });

  it('enabled without a diff: none written yet (read again), or none at all', () => {
    expect(parseFileTreeDiff(answer({ enabled: true }), links)).toEqual({
      absent: 'the service gives no file tree diff for this build',
      unwritten: true,
    });
  });

  it('{enabled: false} without a diff: the addon is off, final', () => {
    expect(parseFileTreeDiff(answer({ enabled: false }), links)).toEqual({ absent: 'the file tree diff is off for this project' });
  });

  it('drops broken entries, climbing or control-character paths and duplicates; keeps only the service’s links', () => {
    const diff = parseFileTreeDiff(
      answer({
        diff: {
          modified: [
            { filename: 42 },
            'x.html',
            file('../secret.html'),
            file('a\nb.html'),
            file('./guide//x.html', { current: 'javascript:alert(1)', base: 'https://evil.example/x.html' }),
            file('guide/x.html'),
            file('y.html', { current: 7 }),
          ],
        },
      }),
      links,
    );
    expect(diff).toEqual({ added: [], deleted: [], modified: [{ filename: 'guide/x.html' }, { filename: 'y.html' }], outdated: false });
  });

  it('refuses an answer of too many JSON nodes before parsing it', () => {
    const text = answer({ diff: { added: Array.from({ length: 300_000 }, () => 0) } });
    expect(parseFileTreeDiff(text, links)).toEqual({ absent: 'the addons answer is too large' });
  });
});

describe('the diff’s pages', () => {
  const diff = {
    added: [{ filename: 'new.html' }],
    modified: [{ filename: 'm.html', current: `${preview}m.html`, base: `${base}m.html` }],
    deleted: [{ filename: 'api/index.html', base: `${base}api/index.html` }, { filename: 'nolink.html' }],
    outdated: false,
  };

  it('added, modified, deleted: a deleted page without a before link is not linked', () => {
    expect(diffChangedPages(diff, preview)).toEqual([
      { file: 'new.html', url: `${preview}new.html`, change: 'added' },
      {
        file: 'm.html',
        url: `${preview}m.html`,
        change: 'modified',
        before: `${base}m.html`,
        diff: `${preview}m.html?readthedocs-diff=true`,
      },
      { file: 'api/index.html', url: `${base}api/index.html`, change: 'deleted', before: `${base}api/index.html` },
    ]);
  });

  it('the redirect guard gets every deleted address, an index page’s folder too', () => {
    expect(removedPages(diff.deleted).map((page) => page.from)).toEqual(['/api/index.html', '/api/', '/nolink.html']);
  });

  it('the comment shows the first pages and counts the rest, without the visual diff links its lines make again', () => {
    const modified = {
      file: 'm.html',
      url: `${preview}m.html`,
      change: 'modified' as const,
      diff: `${preview}m.html?readthedocs-diff=true`,
    };
    expect(commentPages([modified])).toEqual({ pages: [{ file: 'm.html', url: `${preview}m.html`, change: 'modified' }] });
    const pages = Array.from({ length: MAX_COMMENT_PAGES + 3 }, (_, i) => ({ file: `${i}.html`, url: `${preview}${i}.html` }));
    expect(commentPages(pages)).toEqual({ pages: pages.slice(0, MAX_COMMENT_PAGES), morePages: 3 });
    expect(commentPages(pages.slice(0, 2))).toEqual({ pages: pages.slice(0, 2) });
    expect(commentPages([])).toEqual({});
  });

  it('a line per page, links only to http(s); a modified page’s visual diff (issue 47) between the page and the one before', () => {
    expect(changedPageLine({ file: 'm.html', url: `${preview}m.html`, change: 'modified', before: `${base}m.html` }, 'M')).toBe(
      `[M](${preview}m.html) · [diff](${preview}m.html?readthedocs-diff=true) · [before](${base}m.html)`,
    );
    // The query joins one the page already has; the fragment stays last.
    expect(changedPageLine({ file: 'q.html', url: `${preview}q.html?v=2#intro`, change: 'modified' }, 'Q')).toBe(
      `[Q](${preview}q.html?v=2#intro) · [diff](${preview}q.html?v=2&readthedocs-diff=true#intro)`,
    );
    // A new page has nothing to compare with, a removed one no page to show it on.
    expect(changedPageLine({ file: 'n.html', url: `${preview}n.html`, change: 'added' }, 'N')).not.toContain('diff');
    expect(changedPageLine({ file: 'd.html', url: `${base}d.html`, change: 'deleted', before: `${base}d.html` }, 'D')).not.toContain(
      'diff',
    );
    expect(changedPageLine({ file: 'd.html', url: `${base}d.html`, change: 'deleted', before: `${base}d.html` }, 'D')).toBe(
      `D (removed) · [before](${base}d.html)`,
    );
    expect(changedPageLine({ file: 'x', url: 'javascript:alert(1)' }, 'X')).toBe('X');
  });
});

describe('diffLinks', () => {
  it('the preview, the service’s and its documentation domains, the project’s own domain; nothing else', () => {
    const accepted = [
      `${preview}a.html`,
      'https://other--7.org.readthedocs.build/a.html',
      'https://demo.readthedocs.io/en/latest/a.html',
      'https://demo.readthedocs-hosted.com/en/latest/a.html',
      'https://docs.demo.example/en/latest/a.html',
      'https://readthedocs.org/a.html',
    ];
    for (const url of accepted) expect(links(url)).toBe(url);
    for (const url of [
      'javascript:alert(1)',
      'https://evil.example/a.html',
      'http://docs.demo.example:8080/a.html',
      'https://readthedocs.io.evil.example/',
    ]) {
      expect(links(url)).toBeUndefined();
    }
  });
});
