// `preview`'s link check (issue 40), in-process on a fake clock against both stand-ins: the
// changed pages of the file tree diff read on the preview, their links, anchors and images asked
// once each; the broken ones in the comment, the summary, the annotations and `results`; `fail`
// turns the status and deployment red; another site is never asked without `link-check-external`.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BROKEN_PAGES, linkSite } from '../../harness/link-site.ts';
import { captureStdout } from './context.ts';
import {
  HEAD,
  latestStatuses,
  onlyComment,
  PR,
  type PreviewStage,
  previewOf,
  previewStage,
  runPreview,
  summaryOf,
} from './preview-context.ts';

const stdout = captureStdout();
let stage: PreviewStage;
const NO_TEMPLATE = { 'preview-url-template': '' };

beforeEach(async () => {
  stage = await previewStage({ pullRequest: false });
  stage.gh.addPullRequest({ number: PR, headSha: HEAD, files: [{ filename: 'docs/index.rst' }] });
  stage.rtd.addBuild('demo', String(PR), { durationMs: 20_000, outcome: 'success', commit: HEAD, commitFromStart: true });
  stage.rtd.setFileTreeDiff('demo', String(PR), { modified: [...BROKEN_PAGES] });
  stage.rtd.setSitePages('demo', String(PR), linkSite(`${stage.gh.url}/other-site`));
});
afterEach(async () => {
  await stage.close();
});

// In the order of the changed pages (the diff's, by name).
const BROKEN = [
  { page: 'guide/images.html', target: '_images/diagram.png', problem: 'missing image', kind: 'image', external: false, text: 'diagram' },
  { page: 'guide/install.html', target: 'guide/gone.html', problem: 'missing page', kind: 'page', external: false, text: 'the next step' },
  { page: 'guide/usage.html', target: 'index.html#nope', problem: 'missing anchor', kind: 'anchor', external: false, text: 'the overview' },
];
const WORKING = ['index.html#intro', 'guide/usage.html#run', 'guide/install.html#setup', '_images/logo.png', 'logo@2x.png', 'legacy-usage'];
const docsRequests = (path: string) => stage.rtd.requests.filter((r) => r.path === path);

describe('preview link check', () => {
  it('with `fail`: each broken target named once, none of the working ones, a red status and deployment, no other site asked', async () => {
    const report = await runPreview(stage, { ...NO_TEMPLATE, 'link-check': 'fail' });
    const preview = previewOf(stage.rtd);
    const root = new URL(preview).pathname;

    expect(report.results[0]).toMatchObject({ outcome: 'failed', title: 'Broken links' });
    const details = report.results[0]!.details as { links: { checked: number; notChecked: number; broken: unknown[] } };
    expect(details.links.broken).toEqual(BROKEN);
    expect(details.links.notChecked).toBe(0);
    expect(details.links.checked).toBeGreaterThan(10);

    const body = onlyComment(stage.gh).body;
    // One verdict (issue 47): ❌ with the gate's words in the heading and the row, the preview still linked.
    const words = 'broken links: 1 to a page, 1 to an anchor, 1 to an image';
    expect(body).toContain(`### ❌ Read the Docs preview: ${words}\n`);
    expect(body).toMatch(/^\| demo \| ❌ Broken links\\: 1 to a page, 1 to an anchor, 1 to an image \| \[Preview\]\(http/m);
    expect(body).not.toContain('✅');
    // Grouped by page: each page once, linked on the preview, its link's text, target and problem under it.
    expect(body).toContain('#### Broken links (demo): 1 to a page, 1 to an anchor, 1 to an image');
    expect(body).toContain(
      `- [\`guide/install.html\`](${preview}guide/install.html)\n  - “the next step” → \`guide/gone.html\`: missing page`,
    );
    expect(body).toContain(
      `- [\`guide/usage.html\`](${preview}guide/usage.html)\n  - “the overview” → \`index.html#nope\`: missing anchor`,
    );
    expect(body).toContain(
      `- [\`guide/images.html\`](${preview}guide/images.html)\n  - “diagram” → \`_images/diagram.png\`: missing image`,
    );
    const section = body.slice(body.indexOf('#### Broken links'), body.indexOf('<details>'));
    for (const working of WORKING) expect(section).not.toContain(working);

    // The same words on the commit status, the deployment, the job summary's verdict and the error annotation.
    const described = {
      state: 'failure',
      description: 'Broken links: 1 to a page, 1 to an anchor, 1 to an image (build #1; the preview is ready)',
    };
    expect(latestStatuses(stage.gh, HEAD).get('readthedocs-preview/demo')).toMatchObject(described);
    expect(stage.gh.deployments()[0]!.statuses.at(-1)).toMatchObject(described);
    expect(summaryOf(report).split('\n')[0]).toBe(
      `## ❌ Read the Docs preview: demo failed \\(broken links\\: 1 to a page, 1 to an anchor, 1 to an image\\)`,
    );
    expect(report.results[0]!.failedChecks).toEqual([words]);
    expect(report.results[0]!.reason!.split('\n')[0]).toBe(`${words} (input \`link-check: fail\`):`);
    // Under `fail`, each broken link is an error annotation, titled by what it leads to.
    const titles = stdout.annotations().filter((a) => a.title?.startsWith('Broken ') && a.title !== 'Broken links: demo 7');
    expect(titles.map((a) => [a.level, a.title])).toEqual([
      ['error', 'Broken image'],
      ['error', 'Broken link'],
      ['error', 'Broken anchor'],
    ]);
    expect(summaryOf(report)).toContain('**Broken links in demo** (1 to a page, 1 to an anchor, 1 to an image): 3 broken');

    // Each target asked once; the other site, mailto and tel never. `index.html` is the root, read
    // once by the look-up that the preview answers (issue 46: `X/` and `X/index.html` are one page).
    expect(docsRequests(root)).toHaveLength(1);
    expect(docsRequests(`${root}index.html`)).toHaveLength(0);
    expect(docsRequests(`${root}_images/logo.png`)).toHaveLength(1);
    expect(stage.gh.requests.filter((r) => r.path.startsWith('/other-site'))).toEqual([]);
    // No token to the preview host.
    expect(docsRequests(`${root}guide/gone.html`)[0]!.headers.authorization).toBeUndefined();
  });

  it('with `warn` (the default): the same report, a green step and status', async () => {
    const report = await runPreview(stage, NO_TEMPLATE);
    expect(report.results[0]).toMatchObject({ outcome: 'success' });
    expect((report.results[0]!.details as { links: { broken: unknown[] } }).links.broken).toEqual(BROKEN);
    // The job summary's verdict counts the broken links as the comment's heading does: ⚠️, never ✅.
    expect(summaryOf(report).split('\n')[0]).toBe('## ⚠️ Read the Docs preview: demo ready \\(3 broken links\\)');
    const body = onlyComment(stage.gh).body;
    expect(body).toContain('### ⚠️ Read the Docs preview: ready · 3 broken links\n');
    expect(body).toContain('| demo | ✅ Ready |');
    expect(body).toContain('  - “the overview” → `index.html#nope`: missing anchor');
    expect(latestStatuses(stage.gh, HEAD).get('readthedocs-preview/demo')).toMatchObject({ state: 'success' });
    expect(
      stdout
        .annotations()
        .filter((a) => a.title?.startsWith('Broken '))
        .map((a) => a.level),
    ).toEqual(['warning', 'warning', 'warning']);
  });

  it('anchors apart: `link-check-anchors: off` leaves fragments alone, `warn` keeps a broken anchor from failing', async () => {
    const off = await runPreview(stage, { ...NO_TEMPLATE, 'link-check': 'fail', 'link-check-anchors': 'off' });
    expect((off.results[0]!.details as { links: { broken: { kind: string }[] } }).links.broken.map((l) => l.kind)).toEqual([
      'image',
      'page',
    ]);

    stage.rtd.setSitePages('demo', String(PR), linkSite(`${stage.gh.url}/other-site`, { fixed: true }));
    const site = linkSite(`${stage.gh.url}/other-site`, { fixed: true });
    site['guide/usage.html'] = site['guide/usage.html']!.replace('#usage', '#nope');
    stage.rtd.setSitePages('demo', String(PR), site);
    const warned = await runPreview(stage, { ...NO_TEMPLATE, 'link-check': 'fail', 'link-check-anchors': 'warn' });
    expect(warned.results[0]).toMatchObject({ outcome: 'success' });
    expect((warned.results[0]!.details as { links: { broken: unknown[] } }).links.broken).toEqual([BROKEN[2]]);
  });

  it('a clean push removes the section; `link-check-ignore` skips a target; `off` reads no page', async () => {
    await runPreview(stage, NO_TEMPLATE);
    expect(onlyComment(stage.gh).body).toContain('#### Broken links');
    stage.rtd.setSitePages('demo', String(PR), linkSite(`${stage.gh.url}/other-site`, { fixed: true }));
    const clean = await runPreview(stage, NO_TEMPLATE);
    expect((clean.results[0]!.details as { links: { broken: unknown[] } }).links.broken).toEqual([]);
    expect(onlyComment(stage.gh).body).not.toContain('Broken links');

    stage.rtd.setSitePages('demo', String(PR), linkSite(`${stage.gh.url}/other-site`));
    const ignored = await runPreview(stage, { ...NO_TEMPLATE, 'link-check-ignore': 'guide/gone.html\n**/*.png\n' });
    expect((ignored.results[0]!.details as { links: { broken: unknown[] } }).links.broken).toEqual([BROKEN[2]]);

    const before = stage.rtd.requests.length;
    const off = await runPreview(stage, { ...NO_TEMPLATE, 'link-check': 'off' });
    expect(off.results[0]!.details).not.toHaveProperty('links');
    const root = new URL(previewOf(stage.rtd)).pathname;
    expect(stage.rtd.requests.slice(before).filter((r) => r.path.startsWith(`${root}guide/`))).toEqual([]);
  });

  it("a comment with broken links is never handed over to the service's own comment (`comment: auto`); a clean one is", async () => {
    const { rtd, gh } = stage;
    const res = await fetch(`${rtd.url}/api/v3/projects/demo/`, { headers: { authorization: 'Token test-token' } });
    const service = gh.addServiceComment(PR, ((await res.json()) as { id: number }).id, { commit: HEAD });
    await runPreview(stage, NO_TEMPLATE);
    const ours = gh.comments(PR).filter((comment) => comment.id !== service);
    expect(ours).toHaveLength(1);
    expect(ours[0]!.body).toContain('#### Broken links (demo)');

    rtd.setSitePages('demo', String(PR), linkSite(`${gh.url}/other-site`, { fixed: true }));
    await runPreview(stage, NO_TEMPLATE);
    expect(gh.comments(PR).map((comment) => comment.id)).toEqual([service]);
  });

  it('with `link-check-external`: the other site is asked once per target, and its broken one again later; reported but never failing', async () => {
    const report = await runPreview(stage, { ...NO_TEMPLATE, 'link-check': 'fail', 'link-check-external': 'true' });
    const asked = stage.gh.requests.filter((r) => r.path.startsWith('/other-site'));
    // Only the changed pages' links: `index.html`'s link to the other site is not on one. Dead only when a second ask agrees.
    expect(asked.map((r) => r.path)).toEqual(['/other-site/elsewhere/install', '/other-site/elsewhere/install']);
    expect(asked.every((r) => r.headers.authorization === undefined)).toBe(true);
    const broken = (report.results[0]!.details as { links: { broken: { external: boolean; problem: string }[] } }).links.broken;
    expect(broken.filter((l) => l.external).map((l) => l.problem)).toEqual([expect.stringMatching(/^answered 4\d\d$/)]);
    expect(report.results[0]).toMatchObject({ outcome: 'failed' });
    expect(broken.filter((l) => !l.external)).toEqual(BROKEN);
    expect(stdout.annotations().filter((a) => a.title === 'Broken external link')).toHaveLength(1);
  });

  // The review's SSRF finding: a fork's page must not make a self-hosted runner probe this machine
  // or its network. The preview's host (a loopback stand-in here) stays checked.
  it('with `link-check-external`: links to this machine or private addresses are never asked, counted as not checked', async ({
    onTestFinished,
  }) => {
    const probed: string[] = [];
    const inside = createServer((req, res) => {
      probed.push(`${req.headers.host} ${req.url}`);
      res.end('secret');
    });
    await new Promise<void>((resolve) => inside.listen(0, '::', resolve));
    onTestFinished(() => new Promise<void>((resolve) => inside.close(() => resolve())));
    const port = (inside.address() as AddressInfo).port;
    const targets = [
      `http://127.0.0.1:${port}/a`,
      `http://127.0.0.2:${port}/b`,
      `http://localhost:${port}/c`,
      `http://[::1]:${port}/d`,
      `http://0x7f.1:${port}/e`,
      `http://2130706433:${port}/f`,
      'http://169.254.169.254/latest/meta-data/',
    ];
    const site = linkSite(`${stage.gh.url}/other-site`, { fixed: true });
    const links = targets.map((target) => `<a href="${target}">in</a>`).join(' ');
    stage.rtd.setSitePages('demo', String(PR), {
      ...site,
      'guide/install.html': site['guide/install.html']!.replace('</body>', `${links}</body>`),
    });
    const report = await runPreview(stage, { ...NO_TEMPLATE, 'link-check-external': 'true' });
    expect(probed).toEqual([]);
    const details = report.results[0]!.details as { links: { checked: number; notChecked: number; broken: { target: string }[] } };
    expect(details.links.notChecked).toBe(targets.length);
    expect(details.links.broken.map((link) => link.target)).toEqual([`${stage.gh.url}/other-site/elsewhere/install`]);
    // The preview's own pages, on 127.0.0.1 too, were read and checked.
    expect(details.links.checked).toBeGreaterThan(5);
  });

  it("changed pages from the pull request's files (no file tree diff): each fetched once, its body reused for its links; a broken target asked once more", async () => {
    stage.rtd.setFileTreeDiff('demo', String(PR), 'absent');
    const files = ['install', 'usage', 'images'].map((name) => ({ filename: `docs/guide/${name}.rst` }));
    stage.gh.addPullRequest({ number: PR, headSha: HEAD, files });
    const report = await runPreview(stage, { ...NO_TEMPLATE, 'docs-path': 'docs' });
    const root = new URL(previewOf(stage.rtd)).pathname;
    expect((report.results[0]!.details as { pages: { url: string }[] }).pages).toHaveLength(3);
    // Each a page of the pull request's files: its source (the stand-in serves none of their texts: no line).
    const sources = ['docs/guide/images.rst', 'docs/guide/install.rst', 'docs/guide/usage.rst'];
    expect((report.results[0]!.details as { links: { broken: unknown[] } }).links.broken).toEqual(
      BROKEN.map((link, index) => ({ ...link, source: { file: sources[index] } })),
    );
    // Each changed page once: looked up (does it answer) and read for its links in the same GET.
    for (const page of BROKEN_PAGES) expect(docsRequests(`${root}${page}`), page).toHaveLength(1);
    // Without the diff, the CDN may still serve the previous build (issue 46): each broken target
    // (a missing page, a missing image, the root lacking `#nope`) is asked once more before it is reported.
    for (const target of ['guide/gone.html', '_images/diagram.png', '']) expect(docsRequests(`${root}${target}`), target).toHaveLength(2);
    expect(docsRequests(`${root}_images/logo.png`)).toHaveLength(1);
  });

  // Issue 47: from the built page back to the line of the pull request that writes the link.
  it("each broken link at the line of the PR's source that writes it: an annotation there, a file:line link in the comment, the page's file", async () => {
    const files = ['install', 'usage', 'images'].map((name) => ({ filename: `docs/guide/${name}.rst` }));
    stage.gh.addPullRequest({ number: PR, headSha: HEAD, files });
    stage.gh.setFile(HEAD, 'docs/guide/install.rst', 'Install\n=======\n\nRead :doc:`../index`.\n\nThen :doc:`the next step <gone>`.\n');
    stage.gh.setFile(HEAD, 'docs/guide/usage.rst', 'Usage\n=====\n\nSee `the overview <../index.html#nope>`_.\n');
    // The image's source names it nowhere (a directive of an extension, say): the file without a line.
    stage.gh.setFile(HEAD, 'docs/guide/images.rst', 'Images\n======\n\n.. diagram:: flow\n');
    const report = await runPreview(stage, { ...NO_TEMPLATE, 'link-check': 'fail', 'docs-path': 'docs' });

    const broken = (report.results[0]!.details as { links: { broken: { source?: unknown }[] } }).links.broken;
    expect(broken.map((link) => link.source)).toEqual([
      { file: 'docs/guide/images.rst' },
      { file: 'docs/guide/install.rst', line: 6 },
      { file: 'docs/guide/usage.rst', line: 4 },
    ]);
    // Those with a line first, each an error on its file and line (the Files tab shows it there).
    const placed = stdout.annotations().filter((a) => a.title?.startsWith('Broken ') && a.title !== 'Broken links: demo 7');
    expect(placed.map((a) => [a.level, a.title, a.file, a.line])).toEqual([
      ['error', 'Broken link', 'docs/guide/install.rst', 6],
      ['error', 'Broken anchor', 'docs/guide/usage.rst', 4],
      ['error', 'Broken image', 'docs/guide/images.rst', undefined],
    ]);
    const body = onlyComment(stage.gh).body;
    const blob = `https://github.com/octo/docs-repo/blob/${HEAD}`;
    expect(body).toContain(
      `from [\`docs/guide/install.rst\`](${blob}/docs/guide/install.rst)\n  - [\`docs/guide/install.rst:6\`](${blob}/docs/guide/install.rst#L6): “the next step” → \`guide/gone.html\`: missing page`,
    );
    expect(body).toContain(
      `from [\`docs/guide/images.rst\`](${blob}/docs/guide/images.rst)\n  - “diagram” → \`_images/diagram.png\`: missing image`,
    );
    expect(report.results[0]!.reason).toContain(
      'guide/install.html (docs/guide/install.rst):\n  docs/guide/install.rst:6: “the next step” → guide/gone.html: missing page',
    );
    // One request per source file, at the head commit.
    const reads = stage.gh.requests.filter((r) => decodeURIComponent(r.path).includes('/contents/docs/guide/'));
    expect(reads.map((r) => `${decodeURIComponent(r.path).split('/contents/')[1]} at ${r.query.ref}`).sort()).toEqual([
      `docs/guide/images.rst at ${HEAD}`,
      `docs/guide/install.rst at ${HEAD}`,
      `docs/guide/usage.rst at ${HEAD}`,
    ]);
  });

  it('two projects linking to the same target: fetched once in the run; each page once; both reported', async () => {
    stage.rtd.addProject({ slug: 'api-docs', versions: [{ slug: String(PR), type: 'external' }] });
    stage.rtd.addBuild('api-docs', String(PR), { durationMs: 20_000, outcome: 'success', commit: HEAD, commitFromStart: true });
    stage.rtd.setFileTreeDiff('api-docs', String(PR), { modified: [...BROKEN_PAGES] });
    stage.rtd.setSitePages('api-docs', String(PR), linkSite(`${stage.gh.url}/other-site`));
    const report = await runPreview(stage, { ...NO_TEMPLATE, project: 'demo, api-docs', 'link-check-external': 'true' });
    for (const result of report.results) {
      const broken = (result.details as { links: { broken: { external: boolean }[] } }).links.broken;
      expect(
        broken.filter((link) => !link.external),
        result.project,
      ).toEqual(BROKEN);
      expect(
        broken.filter((link) => link.external),
        result.project,
      ).toHaveLength(1);
    }
    // Both projects' changed pages link to the other site's page: asked once, and once more to confirm it is dead, in the run.
    expect(stage.gh.requests.filter((r) => r.path.startsWith('/other-site')).map((r) => r.path)).toEqual([
      '/other-site/elsewhere/install',
      '/other-site/elsewhere/install',
    ]);
    for (const project of ['demo', 'api-docs']) {
      const root = new URL(previewOf(stage.rtd, 'en', project)).pathname;
      const paths = stage.rtd.requests.filter((r) => r.path.startsWith(root)).map((r) => r.path);
      expect(paths.length, project).toBeGreaterThan(7);
      expect(
        paths.filter((path, index) => paths.indexOf(path) !== index),
        project,
      ).toEqual([]);
    }
  });
});

// Issue 46: a preview host never applies the project's redirects (FACTS, *Docs hosts*): a link to
// an old address that production redirects answers 404 there. It is a note naming the redirect,
// never a broken link; a really missing target still is.
describe('preview link check and the project’s redirects', () => {
  type Redirected = { page: string; target: string; redirect: { type: string; from: string; to?: string } };
  type Links = { checked: number; broken: typeof BROKEN; redirected: Redirected[] };
  const linksOf = (report: Awaited<ReturnType<typeof runPreview>>) => (report.results[0]!.details as { links: Links }).links;
  const redirectReads = () => stage.rtd.requests.filter((r) => r.method === 'GET' && r.path === '/api/v3/projects/demo/redirects/');

  it('with `fail`: a missing page a `page` redirect covers and an image an `exact` one covers are notes; the missing anchor fails', async () => {
    stage.rtd.addRedirect('demo', { type: 'page', from_url: '/guide/gone.html', to_url: '/guide/usage.html' });
    stage.rtd.addRedirect('demo', { type: 'exact', from_url: '/en/latest/_images/diagram.png', to_url: '/en/latest/_images/logo.png' });
    // A disabled redirect covers nothing.
    stage.rtd.addRedirect('demo', { type: 'page', from_url: '/index.html', to_url: '/guide/usage.html', enabled: false });
    // A deleted page too: the redirect check reads the same redirects, once for both.
    stage.rtd.setFileTreeDiff('demo', String(PR), { modified: [...BROKEN_PAGES], deleted: ['old.html'] });
    const report = await runPreview(stage, { ...NO_TEMPLATE, 'link-check': 'fail' });

    const links = linksOf(report);
    expect(links.broken).toEqual([BROKEN[2]]);
    expect(links.redirected).toEqual([
      { ...BROKEN[0], redirect: { type: 'exact', from: '/en/latest/_images/diagram.png', to: '/en/latest/_images/logo.png' } },
      { ...BROKEN[1], redirect: { type: 'page', from: '/guide/gone.html', to: '/guide/usage.html' } },
    ]);
    expect(report.results[0]).toMatchObject({ outcome: 'failed', title: 'Broken links' });
    expect(latestStatuses(stage.gh, HEAD).get('readthedocs-preview/demo')).toMatchObject({
      state: 'failure',
      description: 'Broken links: 1 to an anchor (build #1; the preview is ready)',
    });
    expect(
      stdout
        .annotations()
        .filter((a) => a.title === 'Broken anchor' || a.title === 'Broken link' || a.title === 'Broken image')
        .map((a) => a.message),
    ).toEqual(['guide/usage.html → index.html#nope: missing anchor (“the overview”)']);

    const body = onlyComment(stage.gh).body;
    const section = body.slice(body.indexOf('#### Links kept working by redirects (demo)'));
    expect(section).toContain(
      '- `guide/install.html` → `guide/gone.html`: works in production through the page redirect `/guide/gone.html` → `/guide/usage.html`',
    );
    expect(section).toContain(
      '- `guide/images.html` → `_images/diagram.png`: works in production through the exact redirect `/en/latest/_images/diagram.png` → `/en/latest/_images/logo.png`',
    );
    expect(body.slice(body.indexOf('#### Broken links (demo)'), body.indexOf('#### Links kept working'))).not.toContain('gone.html');
    const summary = summaryOf(report);
    expect(summary).toContain('**Broken links in demo** (1 to an anchor): 1 broken, 2 redirected in production');
    expect(summary).toContain(
      '- `guide/install.html` → `guide/gone.html`: works in production through the page redirect `/guide/gone.html`',
    );
    expect(stdout.text()).toContain(
      'guide/install.html → guide/gone.html: works in production through the page redirect /guide/gone.html → /guide/usage.html',
    );
    expect(redirectReads()).toHaveLength(1);
  });

  it('with `fail`: when every missing target is redirected in production, the step, status and deployment stay green', async () => {
    const site = linkSite(`${stage.gh.url}/other-site`, { fixed: true });
    site['guide/install.html'] = site['guide/install.html']!.replace('usage.html#run', 'old-name.html#setup');
    stage.rtd.setSitePages('demo', String(PR), site);
    stage.rtd.addRedirect('demo', { type: 'page', from_url: '/guide/old-name.html', to_url: '/guide/install.html' });
    const report = await runPreview(stage, { ...NO_TEMPLATE, 'link-check': 'fail' });

    expect(report.results[0]).toMatchObject({ outcome: 'success' });
    expect(linksOf(report).broken).toEqual([]);
    expect(linksOf(report).redirected.map((link) => [link.target, link.redirect.from])).toEqual([
      ['guide/old-name.html#setup', '/guide/old-name.html'],
    ]);
    expect(latestStatuses(stage.gh, HEAD).get('readthedocs-preview/demo')).toMatchObject({ state: 'success' });
    expect(stage.gh.deployments()[0]!.statuses.at(-1)).toMatchObject({ state: 'success' });
    // Not a warning: the heading counts no broken link.
    expect(
      onlyComment(stage.gh)
        .body.split('\n')
        .find((line) => line.startsWith('### ')),
    ).not.toContain('broken');
  });

  it('without `token`, or when the redirects cannot be read, every missing target stays broken and the log says why', async () => {
    stage.rtd.addRedirect('demo', { type: 'page', from_url: '/guide/gone.html', to_url: '/guide/usage.html' });
    const anonymous = await runPreview(stage, { ...NO_TEMPLATE, token: '' });
    expect(linksOf(anonymous).broken).toEqual(BROKEN);
    expect(redirectReads()).toEqual([]);
    expect(stdout.text()).toContain("the project's redirects are not read without `token`");

    stage.rtd.fault({
      path: '/api/v3/projects/demo/redirects/',
      kind: 'status',
      status: 403,
      body: '{"detail": "You do not have permission."}',
    });
    const refused = await runPreview(stage, NO_TEMPLATE);
    expect(linksOf(refused).broken).toEqual(BROKEN);
    expect(linksOf(refused).redirected).toEqual([]);
    expect(stdout.text()).toContain("The project's redirects could not be read");
  });
});
