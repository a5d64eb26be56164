// Nothing dropped silently (issue 50's 5 and 8), in-process against both stand-ins: a changed page
// the link check cannot read (over 4 MB) counts as not checked and is said in the verdict (the
// comment's heading, the job summary's, the log) without failing the step under `fail` (the
// choice docs/preview.md explains); links past a page's 5,000th are counted as not checked; and
// `health`'s crawl that left more links unchecked than checked is *partial*: never an ok row, a
// problem under `fail` (the issue names it), not checked under `warn`.
import { afterEach, describe, expect, it } from 'vitest';
import { startGitHubStandin } from '../../harness/github-standin.ts';
import { linkSite } from '../../harness/link-site.ts';
import { startStandin } from '../../harness/rtd-standin.ts';
import { FakeClock, T0 } from '../support/operation-context.ts';
import { captureStdout, runStep } from './context.ts';
import { HEAD, latestStatuses, onlyComment, PR, type PreviewStage, previewStage, runPreview, summaryOf } from './preview-context.ts';

const stdout = captureStdout();
const NO_TEMPLATE = { 'preview-url-template': '' };
const page = (body: string) => `<!doctype html>\n<html><body><h1 id="top-heading">Page</h1>\n${body}\n</body></html>\n`;
type Links = { checked: number; notChecked: number; broken: { target: string }[] };

describe('preview: what the link check could not read is counted and said', () => {
  let stage: PreviewStage | undefined;
  afterEach(async () => {
    await stage?.close();
    stage = undefined;
  });

  async function previewOfPages(pages: Record<string, string>, changed: string[]) {
    stage = await previewStage({ pullRequest: false });
    stage.gh.addPullRequest({ number: PR, headSha: HEAD, files: [{ filename: 'docs/index.rst' }] });
    stage.rtd.addBuild('demo', String(PR), { durationMs: 20_000, outcome: 'success', commit: HEAD, commitFromStart: true });
    stage.rtd.setFileTreeDiff('demo', String(PR), { modified: changed });
    stage.rtd.setSitePages('demo', String(PR), { 'index.html': page('<p id="start">Start</p>'), ...pages });
    return stage;
  }

  it('a changed page over 4 MB: not read, one link not checked, said in the verdict beside the broken ones', async () => {
    const big = page(`<a href="gone.html">gone</a>${'<p>filler</p>'.repeat(330_000)}`);
    expect(big.length).toBeGreaterThan(4 * 1024 * 1024);
    const { gh } = await previewOfPages(
      { 'guide/big.html': big, 'guide/small.html': page('<a href="../index.html#start">home</a> <a href="missing.html">gone</a>') },
      ['guide/big.html', 'guide/small.html'],
    );
    const report = await runPreview(stage!, { ...NO_TEMPLATE, 'link-check': 'fail' });

    const links = (report.results[0]!.details as { links: Links }).links;
    // The small page's two links checked (one broken); the big page counted as one not checked.
    expect(links).toMatchObject({ checked: 2, notChecked: 1 });
    expect(links.broken.map((link) => link.target)).toEqual(['guide/missing.html']);
    expect(stdout.text()).toContain('changed pages not read: 1 (over 4 MB)');
    expect(report.results[0]!.notes).toMatchObject({ 'unread-page': 1 });
    expect(report.results[0]).toMatchObject({ outcome: 'failed', title: 'Broken links' });
    // The gate's words stand for the broken link; the unread page is said beside them.
    expect(onlyComment(gh).body).toMatch(/^### ❌ Read the Docs preview: broken links: 1 to a page · 1 changed page not read for links$/m);
    expect(summaryOf(report)).toContain('1 changed page not read for links');
  });

  it('under `fail`, a page it could not read alone turns the heading ⚠️, never red', async () => {
    const big = page(`<a href="gone.html">gone</a>${'<p>filler</p>'.repeat(330_000)}`);
    const { gh } = await previewOfPages({ 'guide/big.html': big }, ['guide/big.html']);
    const report = await runPreview(stage!, { ...NO_TEMPLATE, 'link-check': 'fail' });
    expect(report.results[0]).toMatchObject({ outcome: 'success' });
    expect(latestStatuses(gh, HEAD).get('readthedocs-preview/demo')).toMatchObject({ state: 'success' });
    expect(onlyComment(gh).body).toMatch(/^### ⚠️ Read the Docs preview: ready · 1 changed page not read for links$/m);
  });

  it('links past the 5,000th of a page are counted as not checked', async () => {
    const many = Array.from({ length: 5_010 }, (_, i) => `<a href="#top-heading">${i}</a>`).join('');
    await previewOfPages({ 'guide/many.html': page(many) }, ['guide/many.html']);
    const report = await runPreview(stage!, { ...NO_TEMPLATE, 'link-check': 'warn' });
    // 5,000 links to one place are one link checked; the 10 beyond the page's limit are not checked.
    expect((report.results[0]!.details as { links: Links }).links).toMatchObject({ checked: 1, notChecked: 10, broken: [] });
  });
});

describe('health: a partial crawl is never ok', () => {
  const GITHUB_TOKEN = 'ghs_health_partial_in_process_token_01';
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  });

  /** `acme`'s root links one anchor 5,000 times and 20 pages beyond its limit: 1 link checked, 20 not. */
  async function partialSite() {
    const clock = new FakeClock();
    const rtd = await startStandin({ now: clock.now, rateLimit: null });
    const gh = await startGitHubStandin({ token: GITHUB_TOKEN });
    cleanups.push(
      () => rtd.close(),
      () => gh.close(),
    );
    rtd.addProject({ slug: 'acme', versions: [] });
    rtd.addBuild('acme', 'latest', { durationMs: 60_000, outcome: 'success', commit: HEAD, startedAgoMs: 60 * 60_000 });
    gh.setBranch('main', HEAD, T0 - 2 * 3_600_000);
    const root = `${'<a href="#top-heading">top</a>'.repeat(5_000)}${Array.from({ length: 20 }, (_, i) => `<a href="p${i}.html">${i}</a>`).join('')}`;
    rtd.setSitePages('acme', 'latest', { ...linkSite(`${gh.url}/other-site`, { fixed: true }), 'index.html': page(root) });
    return (inputs: Record<string, string>) =>
      runStep(
        rtd,
        { operation: 'health', project: 'acme', 'github-token': GITHUB_TOKEN, releases: '0', ...inputs },
        { clock, run: { eventName: 'schedule', repository: 'octo/docs-repo', apiUrl: gh.url } },
      ).then((run) => ({ run, gh }));
  }
  type Row = { check: string; state: string; details: string };
  const linkRow = (result: { results: { details?: unknown }[] }) =>
    (result.results[0]!.details as { checks: Row[] }).checks.find((row) => row.check === 'links work')!;

  it('with `fail`: a problem row, and the issue names the partial check and how to make it fit', async () => {
    const health = await partialSite();
    const { run, gh } = await health({ 'link-check': 'fail' });
    const row = linkRow(run);
    expect(row.state).toBe('problem');
    expect(row.details).toMatch(/^partial: 1 page read, 1 link checked, 20 not checked; more links were left unchecked than checked/);
    const [issue] = gh.issues();
    expect(issue!.body).toContain('acme · `latest`: a partial link check');
    expect(issue!.body).toContain('fewer pages (`link-check-pages`)');
  });

  it('with `warn`: not checked, never ok, no issue', async () => {
    const health = await partialSite();
    const { run, gh } = await health({ 'link-check': 'warn' });
    expect(linkRow(run)).toMatchObject({ state: 'unknown', details: expect.stringMatching(/^partial: /) });
    expect(stdout.annotations().filter((a) => a.title === 'Health not checked')).toHaveLength(1);
    expect(gh.issues()).toEqual([]);
  });
});
