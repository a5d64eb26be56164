// The preview comment's collapsed lists of changed pages (issue 47): one list shared by the projects
// whose pages are the same (a project's translations), a list of its own for any other, and the
// service's visual diff on each modified page.
import { describe, expect, it } from 'vitest';
import type { PreviewRow, RowPage } from '../src/operations/preview/comment-rows.ts';
import { renderComment } from '../src/operations/preview/render-comment.ts';

const HEAD = 'a'.repeat(40);
const pagesOf = (project: string, files: string[]): RowPage[] =>
  files.map((file) => ({ file, url: `https://${project}--7.org.readthedocs.build/en/7/${file}`, change: 'modified' }));
const row = (project: string, files: string[], extra: Partial<PreviewRow> = {}): PreviewRow => ({
  project,
  status: 'ready',
  previewUrl: `https://${project}--7.org.readthedocs.build/en/7/`,
  commit: HEAD,
  updatedAt: new Date('2026-11-25T10:00:00Z'),
  pages: pagesOf(project, files),
  ...extra,
});
const folds = (body: string) => body.split('\n').filter((line) => line.startsWith('<details><summary>Changed pages'));

describe('the comment: changed pages', () => {
  it('projects with the same pages share one list; another list is its own; a failed row lists none', () => {
    const rows = [
      row('acme-ja', ['guide.html', 'index.html']),
      row('acme', ['guide.html', 'index.html']),
      row('acme-api', ['api.html']),
      row('acme-fr', ['guide.html', 'index.html']),
      row('acme-cli', ['cli.html'], { status: 'failed' }),
    ];
    const body = renderComment({ header: '', rows, headSha: HEAD });
    expect(folds(body)).toEqual([
      "<details><summary>Changed pages in 3 projects: acme, acme-fr, acme-ja (2, from Read the Docs' file tree diff)</summary>",
      "<details><summary>Changed pages in acme-api (1, from Read the Docs' file tree diff)</summary>",
    ]);
    // Each page once, linked in the first project's preview, with its visual diff.
    expect(body.match(/\[`guide\.html`\]/g)).toHaveLength(1);
    expect(body).toContain(
      '- [`guide.html`](https://acme--7.org.readthedocs.build/en/7/guide.html) · [diff](https://acme--7.org.readthedocs.build/en/7/guide.html?readthedocs-diff=true)',
    );
    expect(body).not.toContain('cli.html');
  });

  it('lists that differ only in what is not shown (how many more, another change) are not shared', () => {
    const same = ['guide.html'];
    const rows = [
      row('acme', same),
      row('acme-fr', same, { morePages: 3 }),
      row('acme-de', same, { pages: [{ ...pagesOf('acme-de', same)[0]!, change: 'added' }] }),
    ];
    expect(folds(renderComment({ header: '', rows, headSha: HEAD }))).toHaveLength(3);
  });
});
