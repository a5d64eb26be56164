// The link check through dist/ (issue 40's "Done when"): a pull request whose file tree diff lists
// three changed pages, one linking a missing page, one `index.html#nope`, one showing a missing
// image, each with working links and anchors beside them: `link-check: fail` ends red with a
// comment naming each broken target and none of the working ones, and no request to the other
// site they link; `warn` gives the same report and a green step. `health` with `link-check: fail`
// on a project whose default version links a missing page opens the issue naming it, and closes it
// once fixed. Issue 47's: under `fail` the comment's heading is ❌ with no ✅ Ready row; a broken
// link written on line 8 of the PR's `docs/guide.rst` is annotated there; one page of 500 broken
// links is one short block in the comment and the job summary; `health` counts the root once.
// The cases are in test/operations/preview-link-check.test.ts and health-link-check.test.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startGitHubStandin, type GitHubStandin } from '../../harness/github-standin.ts';
import { BROKEN_PAGES, linkSite, rootLinkedManyWays } from '../../harness/link-site.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { GITHUB_TOKEN, runAction } from '../../harness/run-action.ts';
import { MAX_OUTPUT_LENGTH } from '../../src/reporting/output-values.ts';
import { HEAD, PR, pullRequestEvent, runPreview, TOKEN } from '../support/preview-e2e.ts';

// Grouped by page (issue 47): the page's line, then its link's text, target and problem.
// Each page's source is a file of the pull request (the stand-in serves none of their texts: no line).
const NAMED = [
  'guide/install.html) from [`docs/guide/install.rst`](https://github.com/octo/docs-repo/blob/${HEAD}/docs/guide/install.rst)\n  - “the next step” → `guide/gone.html`: missing page',
  'guide/usage.html) from [`docs/guide/usage.rst`](https://github.com/octo/docs-repo/blob/${HEAD}/docs/guide/usage.rst)\n  - “the overview” → `index.html#nope`: missing anchor',
].map((line) => line.replace('${HEAD}', HEAD));
const NAMED_IMAGE = `guide/images.html) from [\`docs/guide/images.rst\`](https://github.com/octo/docs-repo/blob/${HEAD}/docs/guide/images.rst)\n  - “diagram” → \`_images/diagram.png\`: missing image`;
const WORKING = ['index.html#intro', 'guide/usage.html#run', 'install.html#setup', 'logo.png', 'legacy-usage', 'other-site'];

async function withPreviewStands(
  test: (stands: { rtd: Standin; gh: GitHubStandin }) => Promise<void>,
  options: { docsRate?: null } = {},
): Promise<void> {
  const rtd = await startStandin({ tokens: [TOKEN], ...options });
  // `latest` built: the file tree diff's base (FACTS).
  rtd.addProject({
    slug: 'demo',
    name: 'Demo Docs',
    versions: [
      { slug: 'latest', built: true },
      { slug: String(PR), type: 'external' },
    ],
  });
  const gh = await startGitHubStandin({ token: GITHUB_TOKEN });
  gh.addPullRequest({
    number: PR,
    headSha: HEAD,
    files: BROKEN_PAGES.map((page) => ({ filename: `docs/${page.replace('.html', '.rst')}` })),
  });
  gh.setFile(HEAD, '.readthedocs.yaml', 'version: 2\nsphinx:\n  configuration: docs/conf.py\n');
  rtd.addBuild('demo', String(PR), { durationMs: 300, outcome: 'success', commit: HEAD, commitFromStart: true });
  rtd.setFileTreeDiff('demo', String(PR), { modified: [...BROKEN_PAGES] }, { writtenAfterMs: 0 });
  rtd.setSitePages('demo', String(PR), linkSite(`${gh.url}/other-site`));
  try {
    await test({ rtd, gh });
  } finally {
    await Promise.all([rtd.close(), gh.close()]);
  }
}

describe.concurrent('link check through dist/', () => {
  for (const level of ['fail', 'warn'] as const) {
    it(`preview with \`link-check: ${level}\`: each broken target named, none of the working ones, ${level === 'fail' ? 'a red' : 'a green'} step`, () =>
      withPreviewStands(async ({ rtd, gh }) => {
        // The service's own preview URL (no template): where its file tree diff is read.
        const run = await runPreview({ rtd, gh }, pullRequestEvent(), { 'preview-url-template': '', 'link-check': level });
        expect(run.code, run.stdout).toBe(level === 'fail' ? 1 : 0);
        const [comment] = gh.comments(PR);
        const section = comment!.body.slice(comment!.body.indexOf('#### Broken links (demo)'), comment!.body.indexOf('<details>'));
        expect(comment!.body).toContain('#### Broken links (demo): 1 to a page, 1 to an anchor, 1 to an image');
        for (const line of [...NAMED, NAMED_IMAGE]) expect(section).toContain(line);
        for (const working of WORKING) expect(section).not.toContain(working);
        const titles = ['Broken image', 'Broken link', 'Broken anchor'];
        expect(run.annotations.filter((a) => titles.includes(a.title ?? '')).map((a) => a.level)).toEqual(
          Array(3).fill(level === 'fail' ? 'error' : 'warning'),
        );
        expect(gh.requests.filter((r) => r.path.startsWith('/other-site'))).toEqual([]);
        const status = gh.statuses(HEAD).at(-1);
        expect(status?.state).toBe(level === 'fail' ? 'failure' : 'success');
        const results = JSON.parse(run.outputs.results!) as { links: { broken: unknown[]; checked: number } }[];
        expect(results[0]!.links.broken).toHaveLength(3);
        const heading = comment!.body.split('\n').find((line) => line.startsWith('### '));
        if (level === 'fail') {
          // One verdict (issue 47): ❌ with the gate's words in the heading and the row, no ✅ Ready; the same words everywhere.
          expect(heading).toBe('### ❌ Read the Docs preview: broken links: 1 to a page, 1 to an anchor, 1 to an image');
          expect(comment!.body).not.toContain('✅ Ready');
          expect(comment!.body).toMatch(/^\| demo \| ❌ Broken links\\: 1 to a page, 1 to an anchor, 1 to an image \| \[Preview\]\(http/m);
          expect(run.annotations.filter((a) => a.level === 'error' && !titles.includes(a.title ?? '')).map((a) => a.title)).toEqual([
            'Broken links: demo 7',
          ]);
          expect(status?.description).toBe('Broken links: 1 to a page, 1 to an anchor, 1 to an image (build #1; the preview is ready)');
          expect(gh.deployments()[0]?.statuses.at(-1)?.description).toBe(status?.description);
          expect(run.summary.split('\n')[0]).toBe(
            '## ❌ Read the Docs preview: demo failed \\(broken links\\: 1 to a page, 1 to an anchor, 1 to an image\\)',
          );
        } else {
          expect(heading).toBe('### ⚠️ Read the Docs preview: ready · 3 broken links');
          expect(comment!.body).toContain('| demo | ✅ Ready |');
        }
      }));
  }

  // Issue 46: the preview host applies no redirects (FACTS), so a link production redirects answers
  // 404 there: a note naming the redirect, never broken; the really missing image and anchor still fail.
  it('a preview link that production redirects is a note naming the redirect; the really missing ones fail under `link-check: fail`', () =>
    withPreviewStands(async ({ rtd, gh }) => {
      rtd.addRedirect('demo', { type: 'page', from_url: '/guide/gone.html', to_url: '/guide/usage.html' });
      const run = await runPreview({ rtd, gh }, pullRequestEvent(), { 'preview-url-template': '', 'link-check': 'fail' });

      expect(run.code, run.stdout).toBe(1);
      const body = gh.comments(PR)[0]!.body;
      const broken = body.slice(body.indexOf('#### Broken links (demo)'), body.indexOf('#### Links kept working by redirects (demo)'));
      for (const line of [NAMED[1]!, NAMED_IMAGE]) expect(broken).toContain(line);
      expect(broken).toContain('#### Broken links (demo): 1 to an anchor, 1 to an image');
      expect(broken).not.toContain('gone.html');
      expect(body).toContain(
        '- `guide/install.html` → `guide/gone.html`: works in production through the page redirect `/guide/gone.html` → `/guide/usage.html`',
      );
      type Links = { broken: { target: string }[]; redirected: { target: string; redirect: { from: string; to: string } }[] };
      const [result] = JSON.parse(run.outputs.results!) as { links: Links }[];
      expect(result!.links.broken.map((link) => link.target)).toEqual(['_images/diagram.png', 'index.html#nope']);
      expect(result!.links.redirected).toEqual([
        expect.objectContaining({
          target: 'guide/gone.html',
          redirect: { type: 'page', from: '/guide/gone.html', to: '/guide/usage.html' },
        }),
      ]);
      expect(run.annotations.filter((a) => a.title === 'Broken anchor' || a.title === 'Broken image')).toHaveLength(2);
      expect(run.annotations.filter((a) => a.title === 'Broken link')).toEqual([]);
      expect(gh.statuses(HEAD).at(-1)?.description).toBe('Broken links: 1 to an anchor, 1 to an image (build #1; the preview is ready)');
    }));

  // Issue 39's 3, as the review found it: `results[].links.broken` is one level down; 1,000 broken
  // links of ~2 KB each are cut there, counted by path, instead of emptying `results`. Missing
  // anchors of one page (issue 49): one fetch, not 1,000, so the link check's own time bound is
  // never what a busy machine reaches.
  it('1,000 long broken links: a parseable, non-empty `results` under the limit, `links.broken` cut and counted', () =>
    withPreviewStands(async ({ rtd, gh }) => {
      const missing = Array.from({ length: 1000 }, (_, i) => `index.html#missing-${'x'.repeat(1_900)}-${i}`);
      const links = missing.map((target) => `<a href="../${target}">gone</a>`).join('\n');
      rtd.setSitePages('demo', String(PR), {
        ...linkSite(`${gh.url}/other-site`, { fixed: true }),
        'guide/install.html': `<!doctype html>\n<html><body><h1>Install</h1>\n${links}\n</body></html>\n`,
      });
      // A step's time far above what 1,000 requests to the loopback stand-in take: 20 s ran out on a busy machine.
      const run = await runPreview({ rtd, gh }, pullRequestEvent(), { 'preview-url-template': '', 'link-check': 'warn', timeout: '10m' });
      expect(run.code, run.stdout).toBe(0);
      const text = run.outputs.results!;
      expect(text.length).toBeLessThanOrEqual(MAX_OUTPUT_LENGTH);
      type Result = { project: string; links: { broken: { target: string }[] }; leftOut?: Record<string, number>; fullOutputFile?: string };
      const [result] = JSON.parse(text) as Result[];
      expect(result!.project).toBe('demo');
      expect(result!.links.broken.length).toBeGreaterThan(0);
      expect(result!.links.broken.length + result!.leftOut!['links.broken']!).toBe(1000);
      const [full] = JSON.parse(readFileSync(result!.fullOutputFile!, 'utf8')) as Result[];
      expect(full!.links.broken.map((link) => link.target).sort()).toEqual([...missing].sort());
      expect(run.annotations).toContainEqual(expect.objectContaining({ level: 'notice', title: 'Output shortened' }));
    }));

  // Issue 50's 4: each broken link was drawn twice (its Markdown and the hidden state) at full
  // length; such pages made a 69,961-character body, GitHub's 422 (the stand-in's too), and the
  // comment stayed "building" while the step was green.
  it('1,500 broken links of 2,000-character targets on 900-character pages: the comment is written, under 65,536', () =>
    withPreviewStands(async ({ rtd, gh }) => {
      const pages = [0, 1, 2].map((index) => `guide/${'p'.repeat(887)}-${index}.html`);
      const target = (page: number, link: number) => `missing-${String(page)}-${String(link).padStart(4, '0')}-${'t'.repeat(1_980)}.html`;
      expect(pages[0]).toHaveLength(900);
      expect(target(0, 0)).toHaveLength(2_000);
      const html = (page: number) =>
        `<!doctype html>\n<html><body><h1>Long</h1>\n${Array.from({ length: 500 }, (_, link) => `<a href="${target(page, link)}">gone</a>`).join('\n')}\n</body></html>\n`;
      rtd.setFileTreeDiff('demo', String(PR), { modified: pages }, { writtenAfterMs: 0 });
      rtd.setSitePages('demo', String(PR), {
        ...linkSite(`${gh.url}/other-site`, { fixed: true }),
        ...Object.fromEntries(pages.map((page, index) => [page, html(index)])),
      });
      // A step's time far above what 1,500 requests to the loopback stand-in take, on a busy machine too.
      const run = await runPreview({ rtd, gh }, pullRequestEvent(), { 'preview-url-template': '', 'link-check': 'warn', timeout: '10m' });
      expect(run.code, run.stdout).toBe(0);
      expect(run.annotations.filter((a) => a.title === 'GitHub report failed')).toEqual([]);
      const [comment] = gh.comments(PR);
      expect(comment!.body.length).toBeLessThanOrEqual(65_536);
      // The check's minute may end before every page is read on a busy machine: the unread one is then said too.
      expect(comment!.body).toMatch(/^### ⚠️ Read the Docs preview: ready · \d+ broken links( · \d changed pages? not read for links)?$/m);
      const section = comment!.body.slice(comment!.body.indexOf('#### Broken links (demo)'));
      expect(section).toContain(' … ');
      expect(gh.statuses(HEAD).at(-1)?.state).toBe('success');
    }));

  // Issue 50's 7: a link target's ESC (an OSC 8 link, SGR colours), BEL, NUL and U+2028 reached the
  // `::error` reason and the inside of a `::stop-commands` block raw; `results` carried raw U+202E,
  // U+2066–U+2069, U+2028 and U+0085.
  it('control characters of a link target reach no log line, annotation, block, summary, comment or `results` raw', () =>
    withPreviewStands(async ({ rtd, gh }) => {
      const encoded = 'gone-%1B]8;;https://evil.test/%07click%1B]8;;%07-%1B[31mred-%00-%E2%80%A8-%E2%80%AE%E2%81%A6%E2%81%A9-%C2%85.html';
      const decoded = decodeURIComponent(encoded);
      const site = linkSite(`${gh.url}/other-site`, { fixed: true });
      rtd.setSitePages('demo', String(PR), {
        ...site,
        'guide/install.html': site['guide/install.html']!.replace(
          '<a href="usage.html">',
          // Its text too (issue 47: shown beside it): ESC, BEL and a right-to-left override, as entities.
          `<a href="${encoded}">x&#27;[31m&#7;&#x202E;y</a> <a href="usage.html">`,
        ),
      });
      const run = await runPreview({ rtd, gh }, pullRequestEvent(), { 'preview-url-template': '', 'link-check': 'fail' });
      expect(run.code, run.stdout).toBe(1);
      // Tab and line feed are the only controls a line holds (any line: log, annotation, stop-commands
      // block; test/untrusted-log.test.ts drives each path of the runner adapter); nothing reorders what is read.
      const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
      expect(run.stdout).not.toMatch(RAW);
      expect(run.stderr).not.toMatch(RAW);
      expect(run.summary).not.toMatch(RAW);
      expect(gh.comments(PR)[0]!.body).not.toMatch(RAW);
      const error = run.annotations.find((a) => a.title === 'Broken links: demo 7')!;
      expect(error.message).toContain(
        'guide/install.html (docs/guide/install.rst):\n  “x\\u001b[31m\\u0007\\u202ey” → guide/gone-\\u001b]8;;https://evil.test/\\u0007click',
      );
      expect(run.stdout).toContain('\\u001b[31mred-\\u0000-\\u2028-\\u202e\\u2066\\u2069-\\u0085.html');
      // `results` writes them as JSON's own escapes: the same value once parsed.
      expect(run.outputs.results).not.toMatch(RAW);
      const [result] = JSON.parse(run.outputs.results!) as { links: { broken: { target: string }[] } }[];
      expect(result!.links.broken.map((link) => link.target)).toEqual([`guide/${decoded}`]);
    }));

  // Issue 47: a broken link's annotation had no file, so it never reached the pull request's Files tab.
  it("a broken link written on line 8 of the PR's `docs/guide.rst` is annotated at `file=docs/guide.rst,line=8`, and linked there from the comment", () =>
    withPreviewStands(async ({ rtd, gh }) => {
      gh.addPullRequest({ number: PR, headSha: HEAD, files: [{ filename: 'docs/guide.rst' }, { filename: 'src/app.py' }] });
      const source = ['Guide', '=====', '', 'Start with :doc:`index`.', '', 'Setup', '-----', 'Then read :doc:`the next step <gone>`.', ''];
      gh.setFile(HEAD, 'docs/guide.rst', source.join('\n'));
      rtd.setFileTreeDiff('demo', String(PR), { modified: ['guide.html'] }, { writtenAfterMs: 0 });
      const page =
        '<!doctype html>\n<html><body><h1>Guide</h1><p><a href="index.html">Start</a>, then <a href="gone.html">the next step</a>.</p></body></html>\n';
      rtd.setSitePages('demo', String(PR), { ...linkSite(`${gh.url}/other-site`, { fixed: true }), 'guide.html': page });
      const run = await runPreview({ rtd, gh }, pullRequestEvent(), { 'preview-url-template': '', 'link-check': 'fail' });

      expect(run.code, run.stdout).toBe(1);
      expect(run.stdout).toContain(
        '::error title=Broken link,file=docs/guide.rst,line=8::guide.html → gone.html: missing page (“the next step”)',
      );
      expect(run.annotations.filter((a) => a.title === 'Broken link')).toEqual([
        {
          level: 'error',
          title: 'Broken link',
          file: 'docs/guide.rst',
          line: 8,
          message: 'guide.html → gone.html: missing page (“the next step”)',
        },
      ]);
      // One request for the source, at the head commit.
      expect(gh.requests.filter((r) => decodeURIComponent(r.path).includes('/contents/docs/guide.rst'))).toHaveLength(1);
      const body = gh.comments(PR)[0]!.body;
      expect(body).toContain(
        `  - [\`docs/guide.rst:8\`](https://github.com/octo/docs-repo/blob/${HEAD}/docs/guide.rst#L8): “the next step” → \`gone.html\`: missing page`,
      );
      const [result] = JSON.parse(run.outputs.results!) as { links: { broken: unknown[] } }[];
      expect(result!.links.broken).toEqual([
        {
          page: 'guide.html',
          target: 'gone.html',
          problem: 'missing page',
          kind: 'page',
          external: false,
          text: 'the next step',
          source: { file: 'docs/guide.rst', line: 8 },
        },
      ]);
    }));

  // Issue 47: one page with 500 broken links named that page 500 times in a 13,600-px job summary.
  it('one page with 500 broken links: a comment under 12 KB and a job summary under 40 KB that names the page at most 10 times', () =>
    withPreviewStands(
      async ({ rtd, gh }) => {
        const links = Array.from({ length: 500 }, (_, i) => `<a href="missing-${String(i).padStart(3, '0')}.html">step ${i}</a>`);
        rtd.setSitePages('demo', String(PR), {
          ...linkSite(`${gh.url}/other-site`, { fixed: true }),
          'guide/install.html': `<!doctype html>\n<html><body><h1 id="setup">Install</h1>\n${links.join('\n')}\n</body></html>\n`,
        });
        const inputs = { 'preview-url-template': '', 'link-check': 'fail', timeout: '10m' };
        // The stand-in's docs host unthrottled and the action's pace lifted: 500 targets asked at once, not at 4 a second.
        const run = await runPreview({ rtd, gh }, pullRequestEvent(), inputs, { RTD_ACTION_PAGES_PER_SECOND: '1000' });

        expect(run.code, run.stdout).toBe(1);
        const body = gh.comments(PR)[0]!.body;
        expect(Buffer.byteLength(body)).toBeLessThan(12_000);
        expect(body).toContain('### ❌ Read the Docs preview: broken links: 500 to pages\n');
        expect(body).toContain('  - … and 495 more on this page: [the job summary of this run]');
        expect(Buffer.byteLength(run.summary)).toBeLessThan(40_000);
        const named = run.summary.split('guide/install.html').length - 1;
        expect(named).toBeLessThanOrEqual(10);
        expect(run.summary).toContain('  - … and 480 more on this page (every one in the `results` output)');
        const [result] = JSON.parse(run.outputs.results!) as { links: { broken: unknown[] } }[];
        expect(result!.links.broken).toHaveLength(500);
      },
      { docsRate: null },
    ));

  // Issue 47: the version's root was read as `/` and as `index.html`, and 3 broken links counted as 5.
  it('health on a site whose root has 2 broken links and another page 1 counts 3, in the issue, the job summary and `results`', async ({
    onTestFinished,
  }) => {
    const rtd = await startStandin({ tokens: [TOKEN], rateLimit: null, docsRate: null });
    const gh = await startGitHubStandin({ token: GITHUB_TOKEN });
    onTestFinished(() => Promise.all([rtd.close(), gh.close()]).then(() => undefined));
    rtd.addProject({ slug: 'acme', versions: [] });
    rtd.addBuild('acme', 'latest', { durationMs: 1000, outcome: 'success', commit: HEAD, startedAgoMs: 60 * 60_000 });
    gh.setBranch('main', HEAD, Date.now() - 2 * 3_600_000);
    rtd.setSitePages('acme', 'latest', rootLinkedManyWays());
    const run = await runAction({
      inputs: { token: TOKEN, 'base-url': rtd.url, project: 'acme', operation: 'health', releases: '0', 'link-check': 'fail' },
      env: { GITHUB_API_URL: gh.url, RTD_ACTION_PAGES_PER_SECOND: '1000' },
      event: { name: 'schedule', payload: { schedule: '17 6 * * *' } },
    });

    expect(run.code, run.stdout).toBe(1);
    const counted = '3 broken links (2 to pages, 1 to an anchor) on 2 of the 3 pages read';
    expect(run.stdout).toContain(`PROBLEM · links work: latest: ${counted}`);
    const [issue] = gh.issues();
    expect(issue!.body).toContain(`- **Found:** ${counted.replace(/[()]/g, '\\$&')}`);
    expect(run.summary).toContain('### Broken links in acme (`latest`)\n\n3 broken links (2 to pages, 1 to an anchor) on 2 pages:');
    expect(run.summary).toMatch(/^Health issue \[\\#1\]\(https:\/\/github\.com\/octo\/docs-repo\/issues\/1\): opened by this run/m);
    type Checks = { checks: { check: string; broken?: { page: string; target: string }[] }[] };
    const [result] = JSON.parse(run.outputs.results!) as Checks[];
    const links = result!.checks.find((row) => row.check === 'links work')!;
    expect(links.broken!.map((link) => `${link.page} → ${link.target}`)).toEqual([
      '/ → gone.html',
      '/ → /#nope',
      'guide/ → guide/missing.html',
    ]);
  });

  it('health with `link-check: fail`: the issue names the missing page, and closes once the link is fixed', async ({ onTestFinished }) => {
    const rtd = await startStandin({ tokens: [TOKEN], rateLimit: null });
    const gh = await startGitHubStandin({ token: GITHUB_TOKEN });
    onTestFinished(() => Promise.all([rtd.close(), gh.close()]).then(() => undefined));
    rtd.addProject({ slug: 'acme', versions: [] });
    rtd.addBuild('acme', 'latest', { durationMs: 1000, outcome: 'success', commit: HEAD, startedAgoMs: 60 * 60_000 });
    gh.setBranch('main', HEAD, Date.now() - 2 * 3_600_000);
    const site = linkSite(`${gh.url}/other-site`, { fixed: true });
    rtd.setSitePages('acme', 'latest', { ...site, 'index.html': site['index.html']!.replace('guide/install.html', 'guide/missing.html') });
    const run = () =>
      runAction({
        inputs: { token: TOKEN, 'base-url': rtd.url, project: 'acme', operation: 'health', releases: '0', 'link-check': 'fail' },
        env: { GITHUB_API_URL: gh.url },
        event: { name: 'schedule', payload: { schedule: '17 6 * * *' } },
      });

    const first = await run();
    expect(first.code, first.stdout).toBe(1);
    const [issue] = gh.issues().filter((candidate) => candidate.state === 'open');
    expect(issue!.body).toContain('- `/`\n  - “installing” → `guide/missing.html`: missing page');
    expect(issue!.body).not.toContain('guide/usage.html');

    rtd.setSitePages('acme', 'latest', site);
    const second = await run();
    expect(second.code, second.stdout).toBe(0);
    expect(gh.issues().map((candidate) => candidate.state)).toEqual(['closed']);
  });
});
