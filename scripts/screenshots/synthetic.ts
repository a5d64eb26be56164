// The pictures no demo scenario runs to: ten projects in one comment, a preview that removes pages
// without a redirect, an unhealthy project's issue. Drawn by the action's own renderers (the
// built lib/, as dist/ bundles them) from rows like those a run stores, never from Markdown
// written here by hand.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { ROOT } from '../../harness/action-metadata.ts';
import type { PreviewRow } from '../../src/operations/preview/comment-rows.ts';
import type { ProjectRows } from '../../src/operations/health/report.ts';

type RenderComment = typeof import('../../src/operations/preview/render-comment.ts');
type HealthReport = typeof import('../../src/operations/health/report.ts');

const built = async <T>(path: string): Promise<T> => (await import(pathToFileURL(join(ROOT, 'lib', path)).href)) as T;

const REPO = 'https://github.com/octo/docs-repo';
const RUN = `${REPO}/actions/runs/4242`;
const HEAD = '4f2c9e1b7a3d5f60812c4e9a7b3d1f0e2c5a8b96';
const UPDATED = new Date('2026-11-23T11:52:00Z');

/** The pages a restructuring moved (twelve, page-1 to page-12, listed in natural order). */
function removedPages(count: number): NonNullable<PreviewRow['unredirected']> {
  return Array.from({ length: count }, (_, index) => {
    const page = `guide/page-${index + 1}`;
    return {
      file: `docs/${page}.rst`,
      from: `/${page}.html`,
      to: `/tutorial/page-${index + 1}.html`,
      entry: `- {type: page, from: /${page}.html, to: /tutorial/page-${index + 1}.html}  # docs/${page}.rst → docs/tutorial/page-${index + 1}.rst`,
    };
  });
}

/** The file tree diff's pages of that restructuring in `project`'s preview: the same in every project built from the source tree. */
function changedPages(project: string, count: number): NonNullable<PreviewRow['pages']> {
  const preview = `https://${project}--42.org.readthedocs.build/en/42/`;
  const base = `https://${project}.readthedocs.io/en/latest/`;
  const moved = Array.from({ length: count }, (_, index) => index + 1);
  return [
    ...moved.map((n) => ({ file: `tutorial/page-${n}.html`, url: `${preview}tutorial/page-${n}.html`, change: 'added' as const })),
    { file: 'index.html', url: `${preview}index.html`, change: 'modified', before: `${base}index.html` },
    ...moved.map((n) => ({
      file: `guide/page-${n}.html`,
      url: `${base}guide/page-${n}.html`,
      change: 'deleted' as const,
      before: `${base}guide/page-${n}.html`,
    })),
  ];
}

function readyRow(project: string, buildId: number, extra: Partial<PreviewRow> = {}): PreviewRow {
  return {
    project,
    status: 'ready',
    previewUrl: `https://${project}--42.org.readthedocs.build/en/42/`,
    buildId,
    buildUrl: `https://app.readthedocs.org/projects/${project}/builds/${buildId}/`,
    commit: HEAD,
    updatedAt: UPDATED,
    runUrl: RUN,
    ...extra,
  };
}

function failedRow(project: string, buildId: number): PreviewRow {
  return {
    ...readyRow(project, buildId),
    status: 'failed',
    previewUrl: undefined,
    // The row's one line, as a run stores it: what stopped the build (its headline).
    reason: 'Sphinx stopped on 1 warning (`-W`)',
    tail: "docs/tutorial/install.rst:27: WARNING: undefined label: 'configuration-options' [ref.ref]\nbuild finished with problems, 1 warning (with warnings treated as errors).",
    problems: [
      { level: 'warning', file: 'docs/tutorial/install.rst', line: 27, message: "undefined label: 'configuration-options' [ref.ref]" },
    ],
  };
}

/** The comment of a ready preview that removes twelve pages without a redirect. */
export async function removedPagesComment(): Promise<string> {
  const { renderComment } = await built<RenderComment>('operations/preview/render-comment.js');
  return renderComment({
    header: '',
    rows: [readyRow('acme-docs', 2741, { unredirected: removedPages(12) })],
    repoUrl: REPO,
    headSha: HEAD,
    runUrl: RUN,
  });
}

/** Ten projects of one repository (one source tree): one failed, nine ready, changing and losing the same six pages. */
export async function tenProjectsComment(): Promise<string> {
  const { renderComment } = await built<RenderComment>('operations/preview/render-comment.js');
  const names = ['acme', 'acme-api', 'acme-cli', 'acme-de', 'acme-es', 'acme-fr', 'acme-ja', 'acme-ko', 'acme-pt', 'acme-zh'];
  const rows = names.map((name, index) =>
    name === 'acme-cli'
      ? failedRow(name, 2750 + index)
      : readyRow(name, 2750 + index, { unredirected: removedPages(6), pages: changedPages(name, 6) }),
  );
  return renderComment({ header: '', rows, repoUrl: REPO, headSha: HEAD, runUrl: RUN });
}

/** The health issue of a project whose `latest` is behind, whose release does not build, and whose pages link what is gone. */
export async function unhealthyIssue(): Promise<string> {
  const { issueBody } = await built<HealthReport>('operations/health/report.js');
  const projects: ProjectRows[] = [
    {
      project: 'acme-docs',
      rows: [
        {
          check: 'latest is current',
          state: 'problem',
          subject: 'latest',
          details: 'built from 1a2b3c4 two days ago; the head of main, 9f8e7d6, was pushed 3 hours ago and has no build',
          links: [{ label: 'build #2738', url: 'https://app.readthedocs.org/projects/acme-docs/builds/2738/' }],
        },
        { check: 'releases have docs', state: 'ok', details: 'v2.1, v2.0: active and built', links: [] },
        {
          check: 'active versions build',
          state: 'problem',
          subject: 'v2.1',
          details: 'its last build #2736 failed: Sphinx stopped on its first warning (`-W`)',
          links: [{ label: 'build #2736', url: 'https://app.readthedocs.org/projects/acme-docs/builds/2736/' }],
          problems: [
            { level: 'error', file: 'docs/index.rst', line: 12, message: "toctree contains reference to nonexisting document 'changelog'" },
          ],
          commit: '9f8e7d6c5b4a39281706f5e4d3c2b1a098765432',
          reason:
            'acme-docs v2.1: build #2736 failed in 41s\nSphinx stopped on its first warning (`-W`)\nBuild failed: The command "python -m sphinx -W …" exited with code 1.\n' +
            "Last lines of its output:\nWarning, treated as error:\ndocs/index.rst:12:toctree contains reference to nonexisting document 'changelog'",
        },
        {
          check: 'links work',
          state: 'problem',
          subject: 'latest',
          details: '3 broken links (2 to pages, 1 to an anchor) on 2 of the 48 pages read; 1,204 links checked, 0 not checked',
          links: [],
          broken: [
            { page: '/', target: 'installation.html', problem: 'missing page', kind: 'page', external: false, text: 'installing Acme' },
            { page: '/', target: 'changelog.html', problem: 'missing page', kind: 'page', external: false, text: 'what changed' },
            {
              page: 'guide/configuration.html',
              target: 'reference/options.html#retries',
              problem: 'missing anchor',
              kind: 'anchor',
              external: false,
              text: 'retries',
            },
          ],
        },
      ],
    },
  ];
  return issueBody('<!-- readthedocs-action:health -->', projects, { at: Date.parse('2026-11-28T06:00:00Z'), runUrl: RUN, repoUrl: REPO });
}
