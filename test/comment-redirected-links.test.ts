// The preview comment's section of links a redirect of the project keeps working (issue 46):
// rendered for a ready row of the head commit only, never counted as broken in the heading, its
// hostile redirect text kept inert, and carried through the comment's stored rows.
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
  redirectedLinks: [
    { page: 'guide/install.html', target: 'old.html#setup', redirect: { type: 'page', from: '/old.html', to: '/new.html' } },
    { page: 'index.html', target: 'api/', redirect: { type: 'exact', from: '/en/latest/api/*' } },
  ],
  ...extra,
});

describe('the comment: links kept working by redirects', () => {
  it('names each redirect, and counts no broken link in the heading', () => {
    const body = renderComment({
      header: '',
      rows: [row({ moreRedirectedLinks: 3 })],
      headSha: HEAD,
      runUrl: 'https://github.com/o/r/actions/runs/1',
    });
    expect(body).toContain('#### Links kept working by redirects (demo)');
    expect(body).toContain(
      '- `guide/install.html` → `old.html#setup`: works in production through the page redirect `/old.html` → `/new.html`',
    );
    expect(body).toContain('- `index.html` → `api/`: works in production through the exact redirect `/en/latest/api/*`\n');
    expect(body).toContain('- … and 3 more: [the job summary of this run](https://github.com/o/r/actions/runs/1) lists them all');
    expect(body.split('\n').find((line) => line.startsWith('### '))).toBe('### ✅ Read the Docs preview: ready');
    expect(renderComment({ header: '', rows: [row({ commit: 'b'.repeat(40) })], headSha: HEAD })).not.toContain('Links kept working');
  });

  it("keeps a redirect's hostile text inert: code spans, escaped type", () => {
    const body = renderComment({
      header: '',
      rows: [
        row({
          redirectedLinks: [
            { page: 'a.html', target: 'b.html', redirect: { type: '<b>page</b>', from: '/x`<img src=y>', to: 'https://e.example/`z' } },
          ],
        }),
      ],
      headSha: HEAD,
    });
    const line = body.split('\n').find((text) => text.startsWith('- `a.html`'))!;
    expect(line).toContain('``/x`<img src=y>``');
    expect(line).toContain('&lt;b&gt;page&lt;/b&gt;');
  });

  it('travels in the stored rows, so another job that updates the comment keeps it', () => {
    const body = dataComment('', [row({ moreRedirectedLinks: 2 })]);
    const [stored] = readRows(body, '');
    expect(stored!.redirectedLinks).toEqual(row().redirectedLinks);
    expect(stored!.moreRedirectedLinks).toBe(2);
    expect(mergeRows(body, '', [row({ project: 'other', redirectedLinks: undefined })]).map((r) => r.redirectedLinks?.length ?? 0)).toEqual(
      [2, 0],
    );
  });
});
