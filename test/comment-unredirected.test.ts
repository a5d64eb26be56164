// The preview comment's `redirect-check` section: rendered for a ready row of the head commit only,
// hostile paths kept inert, and carried through the comment's stored rows (so another job's update
// keeps it).
import { describe, expect, it } from 'vitest';
import { dataComment, mergeRows, readRows, type PreviewRow } from '../src/operations/preview/comment-rows.ts';
import { renderComment } from '../src/operations/preview/render-comment.ts';

const HEAD = 'a'.repeat(40);
const row = (extra: Partial<PreviewRow> = {}): PreviewRow => ({
  project: 'demo',
  status: 'ready',
  previewUrl: 'https://demo--7.org.readthedocs.build/en/7/',
  commit: HEAD,
  updatedAt: new Date('2026-11-25T10:00:00Z'),
  unredirected: [
    {
      file: 'docs/install.rst',
      from: '/install.html',
      to: '/getting-started/install.html',
      entry:
        '- {type: page, from: /install.html, to: /getting-started/install.html}  # docs/install.rst → docs/getting-started/install.rst',
    },
  ],
  ...extra,
});

describe('the comment: pages moved or removed without a redirect', () => {
  it('counts the pages and lists the entries to paste in a YAML block, each page once', () => {
    const body = renderComment({ header: '', rows: [row()], headSha: HEAD });
    expect(body).toContain('#### Pages moved or removed without a redirect (demo)\n\n1 page loses its address. Add under `redirects:`');
    expect(body).toContain('```yaml\n- {type: page, from: /install.html, to: /getting-started/install.html}');
    expect(body.split('/install.html,')).toHaveLength(2);
  });

  it('is left out for a row that is not ready or is of an older commit', () => {
    expect(renderComment({ header: '', rows: [row({ status: 'failed' })], headSha: HEAD })).not.toContain('without a redirect');
    expect(renderComment({ header: '', rows: [row({ commit: 'b'.repeat(40) })], headSha: HEAD })).not.toContain('without a redirect');
  });

  it('keeps hostile paths inert: no fence closed early, HTML only inside code', () => {
    const body = renderComment({
      header: '',
      rows: [
        row({
          unredirected: [{ file: '<img src=x>`', from: '/a````b.html', entry: '- {type: page, from: "/a````b.html", to:}\n```\n<script>' }],
        }),
      ],
      headSha: HEAD,
    });
    // The block's fence is longer than any backtick run in it; the file name stays in a code span.
    expect(body).toContain('`````yaml\n');
    expect(body.split('\n').filter((line) => line.startsWith('<img') || line.startsWith('<script'))).toEqual(['<script>']);
  });

  it('travels in the stored rows, so another job that updates the comment keeps it', () => {
    const body = dataComment('', [row()]);
    expect(readRows(body, '')[0]!.unredirected).toEqual(row().unredirected);
    const merged = mergeRows(body, '', [row({ project: 'other', unredirected: undefined })]);
    expect(merged.map((r) => [r.project, r.unredirected?.length ?? 0])).toEqual([
      ['demo', 1],
      ['other', 0],
    ]);
  });

  it('counts the pages beyond the list after another job rewrites the comment, once for projects that share them', () => {
    const stored = mergeRows(renderComment({ header: '', rows: [row({ moreUnredirected: 4999 })], headSha: HEAD }), '', []);
    expect(stored[0]!.moreUnredirected).toBe(4999);
    const body = renderComment({ header: '', rows: [...stored, row({ project: 'twin', moreUnredirected: 4999 })], headSha: HEAD });
    expect(body.split('\n').find((line) => line.startsWith('### '))).toContain(
      '5000 pages moved or removed without a redirect in 2 projects',
    );
    expect(body).toContain('(2 projects: demo, twin)\n\n5000 pages lose their address (the first 1 below).');
  });
});
