// `operation: preview` as a new user meets it: the bundled action run as the runner runs it, on a
// pull_request event, against loopback stand-ins of Read the Docs and of GitHub's REST API. Only
// the main success and failure paths run here (exit code, annotations, what the runner acts on in
// the log, the outputs and summary files); every other scenario of the operation, deployments
// included, runs in-process in test/operations/preview*.test.ts.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startGitHubStandin, type GitHubStandin, type PullRequestSeed } from '../../harness/github-standin.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { HEAD, PR, previewOf as previewOfPr, pullRequestEvent, runPreview, TOKEN } from '../support/preview-e2e.ts';
import { GITHUB_TOKEN, type ActionRun } from '../../harness/run-action.ts';
import { runnerCommands, runnerEffects } from '../support/runner-commands.ts';
import { MAX_OUTPUT_LENGTH } from '../../src/reporting/output-values.ts';

const OLDER = '9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d';
const MERGE = 'f'.repeat(40); // GITHUB_SHA on pull_request events: the merge commit, never the one to report

interface Stands {
  rtd: Standin;
  gh: GitHubStandin;
}

/** Both stand-ins, of their own for each test, so that the two (which wait on the child) run at once. */
async function withStands(
  test: (stands: Stands) => Promise<void>,
  pr: { files?: PullRequestSeed['files']; readthedocsYaml?: string } = {},
): Promise<void> {
  const rtd = await startStandin({ tokens: [TOKEN] });
  // `latest` built: the file tree diff's base (FACTS: the diff needs a built base), whose live docs serve every page unless a test gives them.
  const versions = [
    { slug: 'latest', built: true },
    { slug: String(PR), type: 'external' as const },
  ];
  rtd.addProject({ slug: 'demo', name: 'Demo Docs', versions });
  // Two items a page, so every list the action reads is paginated.
  const gh = await startGitHubStandin({ token: GITHUB_TOKEN, maxPerPage: 2 });
  gh.addPullRequest({
    number: PR,
    headSha: HEAD,
    body: 'Fixes the install guide.',
    files: pr.files ?? [
      { filename: 'docs/install.rst' },
      { filename: 'docs/guide/setup.md', status: 'added' },
      { filename: 'docs/removed.rst', status: 'removed' },
      { filename: 'src/package/module.py' },
    ],
  });
  gh.setFile(HEAD, '.readthedocs.yaml', pr.readthedocsYaml ?? 'version: 2\nsphinx:\n  configuration: docs/conf.py\n');
  try {
    await test({ rtd, gh });
  } finally {
    await Promise.all([rtd.close(), gh.close()]);
  }
}

function preview(stands: Stands): Promise<ActionRun> {
  return runPreview(stands, pullRequestEvent());
}

const tableRows = (body: string) =>
  body
    .split('\n')
    .filter((line) => line.startsWith('| '))
    .slice(2);
const LAST_LINE = 'build finished with problems, 1 warning (with warnings treated as errors) ``` and a fence in the output.';
const FAILING_OUTPUT = [
  'Running Sphinx v8.1.3',
  // Workflow commands in the build's output: the runner must act on none of them.
  '::add-mask::x',
  '::error::forged',
  '::stop-commands::t',
  '  ::warning::indented',
  ...Array.from({ length: 30 }, (_, i) => `reading sources... [${Math.round(((i + 1) * 100) / 30)}%] page${i}`),
  '/home/docs/checkouts/readthedocs.org/user_builds/demo/checkouts/7/docs/install.rst:3: WARNING: undefined label: setup-guide',
  LAST_LINE,
].join('\n');

function seedBuilds(
  rtd: Standin,
  headPlan: { outcome: 'success' | 'failure' | 'cancelled'; durationMs?: number } = { outcome: 'success' },
): number {
  // An older commit's build, finished long ago: it must never be reported for this head.
  rtd.addBuild('demo', String(PR), { durationMs: 1000, outcome: 'success', commit: OLDER, commitFromStart: true, startedAgoMs: 600_000 });
  return rtd.addBuild('demo', String(PR), {
    durationMs: headPlan.durationMs ?? 500,
    outcome: headPlan.outcome,
    commit: HEAD,
    commitFromStart: true,
    ...(headPlan.outcome === 'failure'
      ? { failingCommand: { command: 'python -m sphinx -W -b html docs $READTHEDOCS_OUTPUT/html', output: FAILING_OUTPUT, exit_code: 1 } }
      : {}),
  });
}

describe.concurrent('operation preview', () => {
  it('reports the head commit’s build: green step, the outputs and the summary file, one comment, the status on the head', () =>
    withStands(async ({ rtd, gh }) => {
      const headBuild = seedBuilds(rtd);
      const run = await preview({ rtd, gh });

      expect(run.code, run.stdout).toBe(0);
      const url = previewOfPr(rtd);
      // GITHUB_OUTPUT and the job summary file (their content is tested in-process).
      expect(run.outputs['preview-url']).toBe(url);
      expect(run.outputs['build-id']).toBe(String(headBuild));
      expect(run.outputs.commit).toBe(HEAD);
      expect(run.outputs.version).toBe(String(PR));
      const results = JSON.parse(run.outputs.results!) as Record<string, unknown>[];
      expect(results).toEqual([
        expect.objectContaining({ project: 'demo', outcome: 'success', previewUrl: url, buildId: headBuild, previewStatus: 'ready' }),
      ]);
      const [comment] = gh.comments(PR);
      expect(gh.comments(PR)).toHaveLength(1);
      expect(run.summary).toContain(`](${url})`);
      expect(run.summary).toContain(`[the preview comment](https://github.com/octo/docs-repo/pull/${PR}#issuecomment-${comment!.id})`);
      expect(run.annotations.filter((a) => a.level === 'error')).toEqual([]);
      // The redirect guard (issue 24): the removed page named in the comment and the results, a
      // warning on its file, the step green (the rest of the guard: preview-redirect-check.test.ts).
      expect(comment!.body).toContain('from: /removed.html');
      expect(results[0]!.unredirected).toEqual([expect.objectContaining({ from: '/removed.html' })]);
      expect(run.annotations.filter((a) => a.level === 'warning').map((a) => a.file)).toEqual(['docs/removed.rst']);
      // The head SHA read from the event file, never GITHUB_SHA (the merge commit); the GitHub token
      // from the `github-token` input's default; the service's token never sent to the preview pages.
      const lookups = rtd.requests.filter((r) => r.query.commit);
      expect(lookups.length).toBeGreaterThan(0);
      expect(lookups.every((r) => r.query.commit === HEAD)).toBe(true);
      expect(gh.statuses(HEAD).at(-1)).toMatchObject({ context: 'readthedocs-preview/demo', state: 'success', target_url: url });
      expect(gh.statuses(MERGE)).toEqual([]);
      expect(gh.requests.every((r) => r.headers.authorization === `token ${GITHUB_TOKEN}`)).toBe(true);
      expect(rtd.requests.filter((r) => r.path.startsWith('/docs/')).every((r) => r.headers.authorization === undefined)).toBe(true);
    }));

  it('a failed build: the step fails with its annotation, the output’s workflow commands inert, the comment says failed', () =>
    withStands(async ({ rtd, gh }) => {
      const headBuild = seedBuilds(rtd, { outcome: 'failure' });
      const run = await preview({ rtd, gh });

      expect(run.code).toBe(1);
      expect(run.outputs['preview-url']).toBe('');
      expect(run.outputs['build-id']).toBe(String(headBuild));
      expect(tableRows(gh.comments(PR)[0]!.body)[0]).toContain('❌ Failed');
      expect(gh.statuses(HEAD).at(-1)!.state).toBe('failure');
      // The annotations the runner acts on (the output's own workflow commands are inert): the Sphinx
      // warning, on the repository's file, and the failure.
      const acted = runnerCommands(run.stdout).filter((c) => c.command === 'warning' || c.command === 'error');
      expect(acted.map((c) => [c.command, c.properties.title ?? '', c.properties.file ?? '', c.properties.line ?? '', c.data])).toEqual([
        ['warning', expect.any(String), 'docs/install.rst', '3', 'undefined label: setup-guide'],
        ['error', `Build failed: demo ${PR}`, '', '', expect.any(String)],
      ]);
      // The action masks its own secrets; nothing from the build's output adds a mask or leaves
      // command processing stopped.
      const effects = runnerEffects(run.stdout);
      expect(effects.masks).toEqual([TOKEN, GITHUB_TOKEN]);
      expect(effects.openStops).toEqual([]);
    }));

  // Issue 49 item 1, through dist/: a mistyped `project` is *Not found* before anything is posted,
  // with the 30-minute default timeout (no build is polled toward it).
  it('a mistyped project: red, the slug named, no comment, status or deployment, no build polled', () =>
    withStands(async ({ rtd, gh }) => {
      seedBuilds(rtd);
      const run = await runPreview({ rtd, gh }, pullRequestEvent(), { project: 'dcos', timeout: '30m' });

      expect(run.code, run.stdout).toBe(1);
      const errors = run.annotations.filter((a) => a.level === 'error');
      expect(errors.map((a) => a.title)).toEqual(['Not found: dcos']);
      expect(errors[0]!.message).toContain('project `dcos` is not found');
      expect(gh.requests.filter((r) => r.method !== 'GET')).toEqual([]);
      expect(gh.comments(PR)).toEqual([]);
      expect(gh.statuses(HEAD)).toEqual([]);
      expect(gh.deployments()).toEqual([]);
      expect(rtd.requests.filter((r) => r.path.includes('/builds/'))).toEqual([]);
      expect(JSON.parse(run.outputs.results!)).toEqual([expect.objectContaining({ project: 'dcos', outcome: 'error' })]);
    }));

  // Issue 29 §1 and issue 30 item 7, through dist/: `comment: auto` (the default) never lets the
  // service's stale comment, or another app's copy of its marker, stand for the head's result.
  it('the head’s build fails while the service’s comment shows an older green build: our comment says failed, the service’s untouched, red', () =>
    withStands(async ({ rtd, gh }) => {
      seedBuilds(rtd, { outcome: 'failure' });
      const id = await projectId(rtd);
      // FACTS: written after the older commit's success; the head's failure leaves it as it was.
      const service = gh.serviceBuildEnded(PR, id, { commit: OLDER, success: true })!;
      expect(gh.serviceBuildEnded(PR, id, { commit: HEAD, success: false })).toBe(service);
      const before = gh.comments(PR)[0]!.body;
      const run = await preview({ rtd, gh });

      expect(run.code).toBe(1);
      const comments = gh.comments(PR);
      expect(comments).toHaveLength(2);
      expect(comments[0]).toMatchObject({ id: service, body: before });
      expect(gh.requests.filter((r) => r.path.endsWith(`/comments/${service}`))).toEqual([]);
      expect(tableRows(comments[1]!.body)[0]).toContain('❌ Failed');
      expect(run.annotations.filter((a) => a.level === 'error').map((a) => a.title)).toContain(`Build failed: demo ${PR}`);
    }));

  it('another app’s comment with the service’s marker does not silence ours', () =>
    withStands(async ({ rtd, gh }) => {
      seedBuilds(rtd);
      const copy = gh.addComment(
        PR,
        `<!-- readthedocs-${await projectId(rtd)} -->\nComparing ${HEAD} against latest: https://evil.example/`,
        { login: 'some-app[bot]', type: 'Bot' },
        'NONE',
      );
      const run = await preview({ rtd, gh });

      expect(run.code, run.stdout).toBe(0);
      const comments = gh.comments(PR);
      expect(comments.map((c) => c.id)[0]).toBe(copy);
      expect(comments).toHaveLength(2);
      expect(tableRows(comments[1]!.body)[0]).toContain(`[Preview](${previewOfPr(rtd)})`);
      expect(comments[1]!.body).not.toContain(`issuecomment-${copy}`);
      expect(run.summary).toContain('[the preview comment]');
    }));

  // Issue 33's "Done when": the service's file tree diff, not the source files, says which pages changed.
  it('the file tree diff: 25 modified pages with before links, the added and deleted ones, a redirect for api/legacy.html', () =>
    withStands(
      async ({ rtd, gh }) => {
        seedBuilds(rtd);
        const modified = Array.from({ length: 25 }, (_, i) => `reference/item-${String(i + 1).padStart(2, '0')}.html`);
        // Written as the build ends: current at the first read.
        rtd.setFileTreeDiff(
          'demo',
          String(PR),
          { modified, added: ['tutorial.html'], deleted: ['api/legacy.html'] },
          { writtenAfterMs: 0 },
        );
        // The service's own preview URL (API v2's docs_url): the diff is read on its host.
        const run = await runPreview({ rtd, gh }, pullRequestEvent(), { 'preview-url-template': '' });

        expect(run.code, run.stdout).toBe(0);
        const url = previewOfPr(rtd);
        const before = `${rtd.url}/docs/demo/en/latest/`;
        const body = gh.comments(PR)[0]!.body;
        for (const page of modified.slice(0, 19))
          expect(body).toContain(
            `- [\`${page}\`](${url}${page}) · [diff](${url}${page}?readthedocs-diff=true) · [before](${before}${page})`,
          );
        expect(body).toContain(
          'and 7 more: [the job summary of this run](https://github.com/octo/docs-repo/actions/runs/1) lists them all',
        );
        expect(body).toContain('- {type: page, from: /api/legacy.html, to:}');
        for (const page of modified)
          expect(run.summary).toContain(`](${url}${page}) · [diff](${url}${page}?readthedocs-diff=true) · [before](${before}${page})`);
        const [result] = JSON.parse(run.outputs.results!) as { pages: { change?: string }[]; unredirected: { from: string }[] }[];
        expect(result!.pages.filter((page) => page.change === 'modified')).toHaveLength(25);
        expect(result!.unredirected).toEqual([expect.objectContaining({ from: '/api/legacy.html' })]);
        expect(rtd.requests.filter((r) => r.path === '/_/addons/').map((r) => r.headers.authorization)).toEqual([undefined]);
      },
      // The PR removes the page's source (a `.txt` source suffix the mapping does not know).
      { files: [{ filename: 'docs/index.rst' }, { filename: 'docs/api/legacy.txt', status: 'removed' }] },
    ));

  // Issue 38 §4's "Done when": the service writes a push's diff after its build ends (FACTS); until
  // then it answers with the previous push's, `outdated: true`. Only this push's pages are listed.
  it('the diff is outdated for the first two reads: only the current push’s pages, no redirect asked for the earlier push’s deletion', () =>
    withStands(
      async ({ rtd, gh }) => {
        seedBuilds(rtd);
        rtd.setFileTreeDiff('demo', String(PR), { modified: ['older-push.html'], deleted: ['api/older-gone.html'] }, { commit: OLDER });
        rtd.setFileTreeDiff(
          'demo',
          String(PR),
          { modified: ['install.html'], added: ['tutorial.html'] },
          {
            commit: HEAD,
            writtenAfterMs: 0,
            writtenAfterReads: 2,
          },
        );
        const run = await runPreview({ rtd, gh }, pullRequestEvent(), { 'preview-url-template': '' });

        expect(run.code, run.stdout).toBe(0);
        const reads = rtd.requests.filter((r) => r.path === '/_/addons/');
        expect(reads).toHaveLength(3);
        expect(reads.every((r) => r.query['api-version'] === '1')).toBe(true);
        const [result] = JSON.parse(run.outputs.results!) as {
          pages: { file: string }[];
          fileTreeDiff: unknown;
          unredirected: unknown[];
        }[];
        expect(result!.pages.map((page) => page.file).sort()).toEqual(['install.html', 'tutorial.html']);
        expect(result!.fileTreeDiff).toMatchObject({ outdated: false });
        expect(result!.unredirected).toEqual([]);
        const body = gh.comments(PR)[0]!.body;
        expect(body).not.toContain('older-push.html');
        expect(body).not.toContain('older-gone');
        expect(run.summary).not.toContain('older-push.html');
        expect(run.annotations.filter((a) => a.title === 'Page moved without a redirect')).toEqual([]);
      },
      { files: [{ filename: 'docs/index.rst' }] },
    ));

  // Issue 46: the base's live docs say which deleted page this pull request removes (still served:
  // an autodoc module deleted from the code, no documentation source removed) and which moved on the
  // base since the diff's snapshot (no longer served): only the first gets a redirect asked.
  it('a deleted page the live docs serve gets its redirect entry with no removed source file; one they no longer serve does not', () =>
    withStands(
      async ({ rtd, gh }) => {
        seedBuilds(rtd);
        rtd.setFileTreeDiff('demo', String(PR), { deleted: ['api/module-gone.html', 'api/moved-on-base.html'] }, { writtenAfterMs: 0 });
        rtd.setSitePages('demo', 'latest', { 'index.html': '<p>home</p>', 'api/module-gone.html': '<p>module</p>' });
        const run = await runPreview({ rtd, gh }, pullRequestEvent(), { 'preview-url-template': '' });

        expect(run.code, run.stdout).toBe(0);
        const body = gh.comments(PR)[0]!.body;
        expect(body).toContain('- {type: page, from: /api/module-gone.html, to:}');
        expect(body).not.toContain('from: /api/moved-on-base.html');
        const [result] = JSON.parse(run.outputs.results!) as { unredirected: { from: string }[] }[];
        expect(result!.unredirected.map((page) => page.from)).toEqual(['/api/module-gone.html']);
        expect(run.annotations.filter((a) => a.title === 'Page moved without a redirect').map((a) => a.message)).toEqual([
          expect.stringContaining(
            "/api/module-gone.html is no longer built (the service's file tree diff), the base's live docs still serve it",
          ),
        ]);
        expect(run.stdout).toContain("(/api/moved-on-base.html): the base's live docs no longer serve them");
      },
      { files: [{ filename: 'docs/index.rst' }] },
    ));

  // Issue 39's 3: the step's own report never turns it red; `results` is cut to the output's limit,
  // with a count of what was left out and the whole value in a file of the runner's temp folder.
  it('5000 deleted pages with long names: a parseable `results` under the output limit, the rest counted and kept in a file', () =>
    withStands(
      async ({ rtd, gh }) => {
        seedBuilds(rtd);
        const deleted = Array.from({ length: 5000 }, (_, i) => `reference/${'a-long-section-name-'.repeat(7)}page-${i}.html`);
        // Written as the build ends: this test is about the output's size, not the diff's timing.
        rtd.setFileTreeDiff('demo', String(PR), { modified: [], added: [], deleted }, { writtenAfterMs: 0 });
        const run = await runPreview({ rtd, gh }, pullRequestEvent(), { 'preview-url-template': '' });

        expect(run.code, run.stdout).toBe(0);
        expect(run.annotations.filter((a) => a.level === 'error')).toEqual([]);
        const text = run.outputs.results!;
        expect(text.length).toBeLessThanOrEqual(MAX_OUTPUT_LENGTH);
        type Result = { pages: { file: string }[]; leftOut?: Record<string, number>; fullOutputFile?: string };
        const [result] = JSON.parse(text) as Result[];
        expect(result!.pages.length).toBeGreaterThan(0);
        expect(result!.pages.length + result!.leftOut!.pages!).toBe(5000);
        // The whole value in the file the cut result names: every page, the kept ones first.
        expect(result!.fullOutputFile).toMatch(/readthedocs-action[/\\]step[/\\]results\.json$/);
        const [full] = JSON.parse(readFileSync(result!.fullOutputFile!, 'utf8')) as Result[];
        expect(full!.pages.map((page) => page.file).sort()).toEqual([...deleted].sort());
        expect(result!.pages).toEqual(full!.pages.slice(0, result!.pages.length));
        expect(full!.leftOut).toBeUndefined();
        expect(run.annotations).toContainEqual(expect.objectContaining({ level: 'notice', title: 'Output shortened' }));
      },
      { files: [{ filename: 'docs/index.rst' }] },
    ));

  // Issue 29 §4: pages as the service serves them (the rest in test/operations/preview-redirect-check.test.ts).
  it('an htmldir project: the renamed docs/install.rst gets from: /install/ → to: /getting-started/install/', () =>
    withStands(
      async ({ rtd, gh }) => {
        rtd.addBuild('demo', String(PR), {
          durationMs: 500,
          outcome: 'success',
          commit: HEAD,
          commitFromStart: true,
          config: { version: 2, doctype: 'sphinx_htmldir', sphinx: { builder: 'sphinx_htmldir', configuration: 'docs/conf.py' } },
        });
        const run = await preview({ rtd, gh });
        expect(run.code, run.stdout).toBe(0);
        const entry = '- {type: page, from: /install/, to: /getting-started/install/}';
        expect(gh.comments(PR)[0]!.body).toContain(entry);
        const [result] = JSON.parse(run.outputs.results!) as { unredirected: { from: string; to?: string }[] }[];
        expect(result!.unredirected).toEqual([expect.objectContaining({ from: '/install/', to: '/getting-started/install/' })]);
      },
      {
        files: [{ filename: 'docs/getting-started/install.rst', status: 'renamed', previous_filename: 'docs/install.rst' }],
        readthedocsYaml: 'version: 2\nsphinx:\n  configuration: docs/conf.py\n  builder: htmldir\n',
      },
    ));

  // Issue 30's 5, through dist/: a page of the preview answering 302 to another host (an internal
  // address) is not followed there, and whether that host answers reaches no comment.
  it('a changed page redirecting off the preview host: the other host is never asked, the page is reported as such', () =>
    withStands(async ({ rtd, gh }) => {
      let asked = 0;
      const internal = createServer((_req, res) => {
        asked += 1;
        res.end('internal');
      });
      await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = internal.address() as AddressInfo;
        seedBuilds(rtd);
        rtd.fault({ kind: 'redirect', location: `http://127.0.0.1:${port}/admin/`, method: 'GET', path: 'install.html', times: 1000 });
        const run = await preview({ rtd, gh });

        expect(run.code, run.stdout).toBe(0);
        expect(asked).toBe(0);
        expect(rtd.requests.some((r) => r.path.endsWith('/install.html'))).toBe(true);
        expect(run.stdout).toContain('redirects off the preview host; not followed');
        expect(gh.comments(PR)[0]!.body).not.toContain(`127.0.0.1:${port}`);
      } finally {
        await new Promise<void>((resolve) => internal.close(() => resolve()));
      }
    }));

  // Issue 30's 4: the guard's look-ups are few and at once; the test's 40-s limit is the issue's bound.
  it('60 renamed pages whose new address 404s: preview ends green, the new addresses looked up a bounded number of times', () =>
    withStands(
      async ({ rtd, gh }) => {
        seedBuilds(rtd);
        rtd.fault({ kind: 'status', status: 404, method: 'GET', path: '/moved/', times: 1000 });
        const run = await preview({ rtd, gh });
        expect(run.code, run.stdout).toBe(0);
        const [result] = JSON.parse(run.outputs.results!) as { outcome: string; unredirected: { to?: string }[] }[];
        expect(result!.outcome).toBe('success');
        expect(result!.unredirected).toHaveLength(50);
        expect(result!.unredirected.every((page) => page.to === undefined)).toBe(true);
        // The changed pages (20, two tries each) and the guard's own look-ups (20, once each).
        const lookups = rtd.requests.filter((r) => r.path.includes('/moved/'));
        expect(lookups.length).toBeLessThanOrEqual(2 * 20 + 20);
        expect(lookups.filter((r) => /\/moved\/page-([2-5]\d)\.html$/.test(r.path))).toHaveLength(20);
      },
      {
        files: Array.from({ length: 60 }, (_, i) => {
          const name = `page-${String(i).padStart(2, '0')}.rst`;
          return { filename: `docs/moved/${name}`, status: 'renamed' as const, previous_filename: `docs/${name}` };
        }),
      },
    ));
});

/** The project's numeric id as API v3 gives it (the service's comment names it). */
async function projectId(rtd: Standin): Promise<number> {
  const res = await fetch(`${rtd.url}/api/v3/projects/demo/`, { headers: { authorization: `Token ${TOKEN}` } });
  return ((await res.json()) as { id: number }).id;
}
