// Every comment fits (issue 50's 4): a cell of outside text (a code span) is bounded wherever it is
// drawn, the preview comment's hidden state keeps the same bounded cells, the last fallback keeps
// counts and not rows, and what is sent is checked against GitHub's 65,536 (test/github-client.test.ts
// for the client's guard, test/e2e/link-check.test.ts for the comment through dist/).
import { describe, expect, it } from 'vitest';
import { readRows, type PreviewRow } from '../src/operations/preview/comment-rows.ts';
import { rowBrokenLinks } from '../src/operations/preview/link-check.ts';
import { renderComment } from '../src/operations/preview/render-comment.ts';
import type { PreviewLinkReport } from '../src/operations/preview/redirected-links.ts';
import { CELL_LIMIT, codeSpan, fitsGitHubBody, GITHUB_BODY_LIMIT } from '../src/reporting/markdown.ts';

const HEAD = 'a'.repeat(40);
const row = (project: string, extra: Partial<PreviewRow> = {}): PreviewRow => ({
  project,
  status: 'ready',
  previewUrl: `https://${project}--7.org.readthedocs.build/en/7/`,
  buildId: 8,
  buildUrl: `https://app.readthedocs.org/projects/${project}/builds/8/`,
  commit: HEAD,
  updatedAt: new Date('2026-11-25T10:00:00Z'),
  ...extra,
});

/** 1,500 broken links, 500 on each of three pages of 900 characters, each to its own 2,000-character target. */
function longLinks(): PreviewLinkReport {
  const pages = [0, 1, 2].map((index) => `guide/${'p'.repeat(887)}-${index}.html`);
  const broken = pages.flatMap((page, p) =>
    Array.from({ length: 500 }, (_, link) => ({
      page,
      target: `missing-${p}-${String(link).padStart(4, '0')}-${'t'.repeat(1_980)}.html`,
      problem: 'missing page',
      kind: 'page' as const,
      external: false,
    })),
  );
  return { pages: 3, checked: 1_500, notChecked: 0, broken, redirected: [] } as unknown as PreviewLinkReport;
}

const codePoints = (text: string) => [...text].length;

describe('a cell of outside text is bounded', () => {
  it(`a code span keeps ${CELL_LIMIT} characters, cut in its middle`, () => {
    const span = codeSpan(`${'a'.repeat(1_000)}/end.html`, { inTable: false });
    expect(codePoints(span.slice(1, -1))).toBeLessThanOrEqual(CELL_LIMIT);
    expect(span).toMatch(/^`a+ … a*\/end\.html`$/);
    expect(codeSpan('short.html')).toBe('`short.html`');
    expect(codeSpan('x'.repeat(500), { limit: 600 })).toBe(`\`${'x'.repeat(500)}\``);
  });
});

describe('the preview comment fits in GitHub’s 65,536', () => {
  it('1,500 broken links of 2,000-character targets on 900-character pages: the links shown, each cell bounded, in the body and its state', () => {
    const report = longLinks();
    expect(report.broken[0]!.page).toHaveLength(900);
    expect(report.broken[0]!.target).toHaveLength(2_000);
    const body = renderComment({ header: '', rows: [row('demo', rowBrokenLinks(report))], headSha: HEAD });
    expect(body.length).toBeLessThanOrEqual(GITHUB_BODY_LIMIT);
    // Grouped by page (issue 47): each page once, its first five links, how many more it has.
    const section = body.slice(body.indexOf('#### Broken links (demo)'));
    expect(section.split('\n').filter((line) => line.startsWith('- [`'))).toHaveLength(3);
    expect(section.split('\n').filter((line) => line.startsWith('  - `'))).toHaveLength(15);
    expect(section.split('\n').filter((line) => line.startsWith('  - … and 495 more on this page'))).toHaveLength(3);
    const [stored] = readRows(body, '');
    expect(stored!.brokenPages).toHaveLength(3);
    expect(stored!.brokenCounts).toEqual({ page: 1_500 });
    for (const page of stored!.brokenPages!) {
      expect(codePoints(page.page)).toBeLessThanOrEqual(CELL_LIMIT);
      expect(page.total).toBe(500);
      expect(page.links).toHaveLength(5);
      for (const link of page.links) {
        expect(codePoints(link.target)).toBeLessThanOrEqual(CELL_LIMIT);
        expect(link.target).toMatch(/^missing-\d-\d{4}-t+ … t+\.html$/);
      }
    }
    expect(stored!.moreBrokenPages).toBeUndefined();
  });

  it('a hidden state planted with long cells reads back bounded', () => {
    const planted = {
      ...row('demo'),
      updatedAt: row('demo').updatedAt.toISOString(),
      brokenPages: [
        {
          page: 'p'.repeat(5_000),
          total: 1,
          links: [{ target: 't', problem: 'x', text: 'x'.repeat(5_000), source: { file: 'f'.repeat(5_000) } }],
        },
      ],
    };
    const data = Buffer.from(JSON.stringify({ version: 1, rows: [planted] })).toString('base64');
    const [read] = readRows(`<!-- readthedocs-action:preview-data: ${data} -->`, '');
    const [page] = read!.brokenPages!;
    expect(codePoints(page!.page)).toBe(CELL_LIMIT);
    expect(codePoints(page!.links[0]!.text!)).toBe(CELL_LIMIT);
    expect(codePoints(page!.links[0]!.source!.file)).toBe(CELL_LIMIT);
  });

  it('many projects with every list full: the last fallback keeps counts, not rows, in the body and its state', () => {
    const links = rowBrokenLinks(longLinks());
    const unredirected = Array.from({ length: 100 }, (_, index) => ({
      file: `docs/${'f'.repeat(300)}-${index}.rst`,
      from: `/${'f'.repeat(300)}-${index}.html`,
      entry: `- {type: page, from: /${'f'.repeat(300)}-${index}.html, to:}  # no longer built: choose where it goes`,
    }));
    const problems = Array.from({ length: 20 }, (_, index) => ({
      level: 'warning' as const,
      file: `docs/${'w'.repeat(400)}.rst`,
      line: index + 1,
      message: 'm'.repeat(1_000),
    }));
    const rows = Array.from({ length: 30 }, (_, index) =>
      row(`project-${index}`, { ...links, unredirected, problems, reason: 'r'.repeat(5_000), tail: 'line\n'.repeat(2_000) }),
    );
    const body = renderComment({ header: '', rows, headSha: HEAD });
    expect(fitsGitHubBody(body)).toBe(true);
    // The counts as the full comment would give them (errors and warnings alike: their levels went with the rows).
    expect(body).toContain(
      '### ⚠️ Read the Docs previews: all 30 ready · 600 errors and warnings · 100 pages moved or removed without a redirect in 30 projects · 45000 broken links\n',
    );
    expect(body).toContain('100 pages lose their address: the job summary of this run lists them, with the entries to paste.');
    expect(body).toContain("- 20 warnings or errors in the build's output");
    expect(body).toContain('- 1500 broken links: the job summary of this run lists them all');
    expect(body).not.toContain('- `guide/');
    const stored = readRows(body, '');
    expect(stored).toHaveLength(30);
    expect(stored[0]).toMatchObject({ moreBrokenPages: 3, brokenCounts: { page: 1_500 }, moreUnredirected: 100, moreProblems: 20 });
    expect(stored[0]!.brokenPages).toBeUndefined();
    expect(stored[0]!.unredirected).toBeUndefined();
  });

  it('within the room a pull request description leaves', () => {
    const rows = Array.from({ length: 3 }, (_, index) => row(`project-${index}`, rowBrokenLinks(longLinks())));
    const room = 20_000;
    expect(renderComment({ header: '', rows, headSha: HEAD }).length).toBeGreaterThan(room);
    expect(fitsGitHubBody(renderComment({ header: '', rows, headSha: HEAD }, room), room)).toBe(true);
  });
});
