// The preview comment as a reviewer reads it in two seconds (issue 43): the heading gives the
// verdict and counts what is left to fix, failures come first, nothing repeats per project.
import { describe, expect, it } from 'vitest';
import type { PreviewRow } from '../src/operations/preview/comment-rows.ts';
import { renderComment } from '../src/operations/preview/render-comment.ts';
import { naturalCompare } from '../src/util/natural-order.ts';

const HEAD = 'a'.repeat(40);
const REPO = 'https://github.com/octo/docs-repo';
const RUN = `${REPO}/actions/runs/4242`;
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
// Stored in code-unit order (page-10 before page-2): the comment puts them in natural order.
const removed = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    file: `docs/page-${index + 1}.rst`,
    from: `/page-${index + 1}.html`,
    entry: `- {type: page, from: /page-${index + 1}.html, to:}  # no longer built: choose where it goes`,
  })).sort((a, b) => (a.from < b.from ? -1 : 1));
const failed = (project: string) =>
  row(project, {
    status: 'failed',
    previewUrl: undefined,
    reason: 'Build failed: The command "python -m sphinx -W" exited with code 1.',
    problems: [
      { level: 'warning', file: 'docs/tutorial/install.rst', line: 27, message: "undefined label: 'configuration-options'" },
      { level: 'warning', file: 'docs/index.rst', line: 12, message: "toctree contains reference to nonexisting document 'changelog'" },
    ],
  });
const headingOf = (body: string) => body.split('\n').find((line) => line.startsWith('### '));

describe('the comment’s heading gives the verdict and counts what is left to fix', () => {
  it('a failed build counts its warnings', () => {
    expect(headingOf(renderComment({ header: '', rows: [failed('demo')], headSha: HEAD }))).toBe(
      '### ❌ Read the Docs preview: failed · 2 warnings',
    );
  });

  it('a ready preview with pages removed without a redirect is not “✅ ready”', () => {
    expect(headingOf(renderComment({ header: '', rows: [row('demo', { unredirected: removed(12) })], headSha: HEAD }))).toBe(
      '### ⚠️ Read the Docs preview: ready · 12 pages moved or removed without a redirect',
    );
    expect(headingOf(renderComment({ header: '', rows: [row('demo')], headSha: HEAD }))).toBe('### ✅ Read the Docs preview: ready');
    const broken = row('demo', {
      brokenPages: [{ page: 'index.html', total: 3, links: [{ target: 'gone.html', problem: 'missing page' }] }],
      brokenCounts: { page: 2, anchor: 1 },
    });
    expect(headingOf(renderComment({ header: '', rows: [broken], headSha: HEAD }))).toBe(
      '### ⚠️ Read the Docs preview: ready · 3 broken links',
    );
  });

  // Issue 47: `link-check: fail` ended red while the comment said ⚠️ over a ✅ Ready row, as `warn` does.
  it('a ready preview a gate turned red: ❌ and the gate’s words in the heading and the row, the preview still linked', () => {
    const gated = row('demo', {
      brokenPages: [{ page: 'index.html', total: 5, links: [{ target: 'gone.html', problem: 'missing page' }] }],
      brokenCounts: { page: 3, anchor: 2 },
      failedChecks: ['broken links: 3 to pages, 2 to anchors'],
    });
    const body = renderComment({ header: '', rows: [gated], headSha: HEAD });
    expect(headingOf(body)).toBe('### ❌ Read the Docs preview: broken links: 3 to pages, 2 to anchors');
    expect(body).not.toContain('✅');
    expect(body).toContain(
      '| demo | ❌ Broken links\\: 3 to pages, 2 to anchors | [Preview](https://demo--7.org.readthedocs.build/en/7/) | [\\#8](https://app.readthedocs.org/projects/demo/builds/8/) |',
    );
    // Among others: counted with the failed ones, first, named with its words; the others' notes still told.
    const rows = [row('one', { unredirected: removed(2) }), gated, row('three')];
    const several = renderComment({ header: '', rows, headSha: HEAD });
    expect(headingOf(several)).toBe(
      '### ❌ Read the Docs previews: 1 failed, 2 ready · demo: broken links: 3 to pages, 2 to anchors · 2 pages moved or removed without a redirect',
    );
    expect(several.split('\n').filter((line) => /^\| (one|demo|three) \|/.test(line))[0]).toMatch(/^\| demo \| ❌ Broken links/);
  });

  it('several projects: each status counted, the worst first, then the warnings and the pages', () => {
    const rows = [row('one', { unredirected: removed(2) }), failed('two'), row('three')];
    expect(headingOf(renderComment({ header: '', rows, headSha: HEAD }))).toBe(
      '### ❌ Read the Docs previews: 1 failed, 2 ready · 2 warnings · 2 pages moved or removed without a redirect',
    );
  });
});

describe('the comment links the workflow run', () => {
  it('beside the commit, and from a row with no build yet', () => {
    const body = renderComment({
      header: '',
      rows: [row('demo', { status: 'building', buildId: undefined, buildUrl: undefined, previewUrl: undefined, runUrl: RUN })],
      headSha: HEAD,
      repoUrl: REPO,
      runUrl: RUN,
    });
    expect(body).toContain(`| [run](${RUN}) |`);
    expect(body).toContain(` · [workflow run](${RUN})\n`);
  });
});

describe('nothing repeats per project; failures first; paths in natural order', () => {
  const ten = Array.from({ length: 10 }, (_, index) => row(`project-${index + 1}`, { unredirected: removed(12) }));

  it('ten projects losing the same twelve pages: one section naming them, one list, one YAML block', () => {
    const body = renderComment({ header: '', rows: ten, headSha: HEAD });
    expect(body.match(/^#### Pages moved or removed without a redirect/gm)).toHaveLength(1);
    expect(body).toContain(
      '#### Pages moved or removed without a redirect (10 projects: project\\-1, project\\-2, project\\-3, project\\-4, project\\-5, project\\-6, project\\-7, project\\-8, project\\-9, project\\-10)',
    );
    expect(body.match(/^```yaml$/gm)).toHaveLength(1);
    expect(headingOf(body)).toBe(
      '### ⚠️ Read the Docs previews: all 10 ready · 12 pages moved or removed without a redirect in 10 projects',
    );
    expect(body).toContain('12 pages lose their address. Add under');
    // In natural order: page-2 before page-10.
    const entries = body.split('\n').filter((line) => line.startsWith('- {type: page'));
    expect(entries.map((line) => /from: \/page-(\d+)/.exec(line)![1])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
    ]);
    expect(body).toContain('Add under `redirects:` in the project file of each (`apply`)');
  });

  it('projects losing different pages keep a section each', () => {
    const body = renderComment({
      header: '',
      rows: [row('one', { unredirected: removed(1) }), row('two', { unredirected: removed(2) })],
      headSha: HEAD,
    });
    expect(body.match(/^#### Pages moved or removed without a redirect \((one|two)\)$/gm)).toEqual([
      '#### Pages moved or removed without a redirect (one)',
      '#### Pages moved or removed without a redirect (two)',
    ]);
  });

  it('the failed project comes first in the table and the reasons, whatever the stored order', () => {
    const body = renderComment({ header: '', rows: [row('alpha'), row('beta'), failed('gamma')], headSha: HEAD });
    const table = body.split('\n').filter((line) => /^\| (alpha|beta|gamma) \|/.test(line));
    expect(table.map((line) => line.split(' | ')[0])).toEqual(['| gamma', '| alpha', '| beta']);
  });
});

describe('naturalCompare', () => {
  it('page-2 before page-10, and a stable order for paths equal but for case', () => {
    expect(['page-10.html', 'page-2.html', 'page-1.html', 'index.html'].sort(naturalCompare)).toEqual([
      'index.html',
      'page-1.html',
      'page-2.html',
      'page-10.html',
    ]);
    expect(naturalCompare('A.html', 'a.html')).not.toBe(0);
  });
});
