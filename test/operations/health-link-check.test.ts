// `health`'s link sweep (issue 40), in-process: the default version crawled from its root within
// that version, its broken links a problem row with `link-check: fail` (the issue names them and
// closes once they are fixed), warnings with `warn`, nothing read with the default (`off`).
import { afterEach, describe, expect, it } from 'vitest';
import { startGitHubStandin, type GitHubStandin } from '../../harness/github-standin.ts';
import { linkSite, rootLinkedManyWays } from '../../harness/link-site.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { FakeClock, T0 } from '../support/operation-context.ts';
import { captureStdout, runStep } from './context.ts';

const GITHUB_TOKEN = 'ghs_health_links_in_process_token_0123';
const HEAD = 'b'.repeat(40);

const stdout = captureStdout();
let stage: { rtd: Standin; gh: GitHubStandin; clock: FakeClock } | undefined;
afterEach(async () => {
  await Promise.all([stage?.rtd.close(), stage?.gh.close()]);
  stage = undefined;
});

/** Project `acme`, healthy but for its links: `latest` built at the head of `main`, serving {@link linkSite}. */
async function healthyStage() {
  const clock = new FakeClock();
  const rtd = await startStandin({ now: clock.now, rateLimit: null });
  rtd.addProject({ slug: 'acme', versions: [] });
  rtd.addBuild('acme', 'latest', { durationMs: 60_000, outcome: 'success', commit: HEAD, startedAgoMs: 60 * 60_000 });
  const gh = await startGitHubStandin({ token: GITHUB_TOKEN });
  gh.setBranch('main', HEAD, T0 - 2 * 3_600_000);
  rtd.setSitePages('acme', 'latest', linkSite(`${gh.url}/other-site`));
  stage = { rtd, gh, clock };
  return stage;
}

const health = (inputs: Record<string, string>) =>
  runStep(
    stage!.rtd,
    { operation: 'health', project: 'acme', 'github-token': GITHUB_TOKEN, releases: '0', ...inputs },
    { clock: stage!.clock, run: { eventName: 'schedule', repository: 'octo/docs-repo', apiUrl: stage!.gh.url } },
  );
type Row = { check: string; state: string; details: string; reason?: string; broken?: { page: string; target: string }[] };
const linkRow = (result: { results: { details?: unknown }[] }) =>
  (result.results[0]!.details as { checks: Row[] }).checks.find((row) => row.check === 'links work');

describe('health link sweep', () => {
  it('with `fail`: the crawl finds the broken links, the issue names them; once fixed, it closes', async () => {
    const { rtd, gh } = await healthyStage();
    const first = await health({ 'link-check': 'fail' });
    expect(first.code).toBe(1);
    const row = linkRow(first)!;
    expect(row.state).toBe('problem');
    // One readable line (issue 47), the links themselves in `results` and below it.
    expect(row.details).toMatch(
      /^3 broken links \(1 to a page, 1 to an anchor, 1 to an image\) on 3 of the 4 pages read; 15 links checked, /,
    );
    expect(row.broken!.map((link) => `${link.page} → ${link.target}`)).toEqual([
      'guide/install.html → guide/gone.html',
      'guide/usage.html → index.html#nope',
      'guide/images.html → _images/diagram.png',
    ]);
    const [issue] = gh.issues().filter((candidate) => candidate.state === 'open');
    // Each problem: its heading, Found and Fix; what the crawl found grouped by page under a heading saying so.
    expect(issue!.body).toContain('- **Found:** 3 broken links \\(1 to a page, 1 to an anchor, 1 to an image\\) on 3 of the 4 pages read');
    expect(issue!.body).toContain('<details><summary>What the crawl found</summary>');
    expect(issue!.body).not.toContain('What the service said');
    expect(issue!.body).toContain('- `guide/install.html`\n  - “the next step” → `guide/gone.html`: missing page');
    expect(issue!.body).toContain('- `guide/usage.html`\n  - “the overview” → `index.html#nope`: missing anchor');
    expect(issue!.body).toContain('- `guide/images.html`\n  - “diagram” → `_images/diagram.png`: missing image');
    expect(issue!.body).not.toContain('index.html#intro');
    // The job summary links the issue it opened, and lists every broken link grouped by page.
    const summary = first.summary;
    expect(summary).toMatch(
      new RegExp(
        `^Health issue \\[\\\\#${issue!.number}\\]\\(https://github\\.com/octo/docs-repo/issues/${issue!.number}\\): opened by this run`,
        'm',
      ),
    );
    expect(summary).toContain('### Broken links in acme (`latest`)');
    expect(summary).toContain('- `guide/install.html`\n  - “the next step” → `guide/gone.html`: missing page');
    // Within the version: the crawl read the four pages, never another site's.
    expect(gh.requests.filter((r) => r.path.startsWith('/other-site'))).toEqual([]);
    expect(rtd.requests.filter((r) => r.path.endsWith('/guide/usage.html'))).toHaveLength(1);

    rtd.setSitePages('acme', 'latest', linkSite(`${gh.url}/other-site`, { fixed: true }));
    const second = await health({ 'link-check': 'fail' });
    expect(second.code).toBe(0);
    expect(linkRow(second)).toMatchObject({ state: 'ok' });
    expect(gh.issues()[0]!.state).toBe('closed');
  });

  it('with `warn`: an ok row, a warning per broken link, no issue; with the default, nothing crawled', async () => {
    const { rtd, gh } = await healthyStage();
    const warned = await health({ 'link-check': 'warn' });
    expect(warned.code).toBe(0);
    expect(linkRow(warned)).toMatchObject({
      state: 'ok',
      details: expect.stringContaining(
        '; 3 broken links (1 to a page, 1 to an anchor, 1 to an image), told as warnings (`link-check: warn`)',
      ),
    });
    expect(
      stdout
        .annotations()
        .filter((a) => a.title?.startsWith('Broken '))
        .map((a) => [a.level, a.title]),
    ).toEqual([
      ['warning', 'Broken link'],
      ['warning', 'Broken anchor'],
      ['warning', 'Broken image'],
    ]);
    expect(gh.issues()).toEqual([]);
    // What the log promises is true: the job summary and `results` have every one.
    expect(warned.summary).toContain(
      '### Broken links in acme (`latest`)\n\n3 broken links (1 to a page, 1 to an anchor, 1 to an image) on 3 pages:',
    );
    expect(linkRow(warned)!.broken).toHaveLength(3);

    const before = rtd.requests.length;
    const quiet = await health({});
    expect(linkRow(quiet)).toBeUndefined();
    expect(rtd.requests.slice(before).filter((r) => r.path.startsWith('/docs/'))).toEqual([]);
  });

  // Issue 47: the root was read as `/` and as `index.html`, so 3 broken links were counted as 5.
  it('the root read once however it is linked (`./`, `index.html`, `../index.html`, `../`): 2 broken links on it and 1 on a folder page count 3', async () => {
    const { rtd, gh } = await healthyStage();
    rtd.setSitePages('acme', 'latest', rootLinkedManyWays());
    const run = await health({ 'link-check': 'fail' });
    const row = linkRow(run)!;
    expect(row.broken!.map((link) => `${link.page} → ${link.target}`)).toEqual([
      '/ → gone.html',
      '/ → /#nope',
      'guide/ → guide/missing.html',
    ]);
    expect(row.details).toMatch(/^3 broken links \(2 to pages, 1 to an anchor\) on 2 of the 3 pages read; /);
    // The root asked once, as `/`, never as `index.html`; the folder never as `guide/index.html`.
    const asked = (path: string) => rtd.requests.filter((r) => r.path === `/docs/acme/en/latest/${path}`).length;
    expect([asked(''), asked('index.html'), asked('guide/index.html'), asked('guide/page.html')]).toEqual([1, 0, 0, 1]);
    expect(gh.issues()[0]!.body).toContain('3 broken links (2 to pages, 1 to an anchor) on 2 of the 3 pages read'.replace(/[()]/g, '\\$&'));
  });

  it('`link-check-pages` bounds the crawl: the pages beyond it are not read', async () => {
    const { rtd } = await healthyStage();
    const result = await health({ 'link-check': 'fail', 'link-check-pages': '1' });
    // The root read; the three guide pages it links to asked once each as targets, their links never followed.
    const guide = rtd.requests.filter((r) => r.path.includes('/guide/')).map((r) => r.path.slice(r.path.indexOf('/guide/')));
    expect(guide.sort()).toEqual(['/guide/images.html', '/guide/install.html', '/guide/usage.html']);
    expect(linkRow(result)!.details).toContain('1 page read');
  });

  it('two projects linking to the same page of another site: it is asked once in the run (a dead one twice)', async () => {
    const { rtd, gh } = await healthyStage();
    rtd.addProject({ slug: 'beta', versions: [] });
    rtd.addBuild('beta', 'latest', { durationMs: 60_000, outcome: 'success', commit: HEAD, startedAgoMs: 60 * 60_000 });
    rtd.setSitePages('beta', 'latest', linkSite(`${gh.url}/other-site`));
    const run = await health({ project: 'acme, beta', 'link-check': 'warn', 'link-check-external': 'true' });
    expect(run.results.map((result) => result.project)).toEqual(['acme', 'beta']);
    // The same site under two projects: the same report for both, the second from the run's answers.
    const details = run.results.map(
      (result) => (result.details as { checks: Row[] }).checks.find((row) => row.check === 'links work')!.details,
    );
    // The root and `index.html` are one page (issue 46): its link to the other site is counted once.
    expect(details[0]).toMatch(/^4 pages read, .*; 3 broken links \(1 to a page, 1 to an anchor, 1 to an image\), told as warnings/);
    expect(details[1]).toBe(details[0]);
    const others = run.results.map(
      (result) => (result.details as { checks: Row[] }).checks.find((row) => row.check === 'links to other sites')!.details,
    );
    expect(others).toEqual([
      '2 dead links to 1 other site, on 2 pages, told as warnings (`link-check: warn`)',
      '2 dead links to 1 other site, on 2 pages, told as warnings (`link-check: warn`)',
    ]);
    // Each asked once in the run, and each dead one once more to confirm it (not again for the second project).
    const asked = gh.requests.filter((r) => r.path.startsWith('/other-site')).map((r) => r.path);
    expect(asked.sort()).toEqual([
      '/other-site/elsewhere',
      '/other-site/elsewhere',
      '/other-site/elsewhere/install',
      '/other-site/elsewhere/install',
    ]);
  });

  // Issue 52: dead links to other sites, confirmed by a second ask 30 s later (the default), in the issue by site with since when.
  it('with `link-check-external` and `fail`: the dead links to other sites in the issue since their first day; one that works again leaves', async () => {
    const { rtd, gh, clock } = await healthyStage();
    rtd.setSitePages('acme', 'latest', linkSite(`${gh.url}/other-site`, { fixed: true }));
    const inputs = { 'link-check': 'fail', 'link-check-external': 'true' };
    const first = await health(inputs);
    expect(first.code).toBe(1);
    const others = (result: typeof first) =>
      (result.results[0]!.details as { checks: Row[] }).checks.find((row) => row.check === 'links to other sites')!;
    expect(others(first)).toMatchObject({ state: 'problem', details: '2 dead links to 1 other site, on 2 pages' });
    expect(linkRow(first)).toMatchObject({ state: 'ok' });
    // Each asked twice: the second at least 30 s after the first answer, after the rest of the crawl.
    const asked = gh.requests.filter((r) => r.path.startsWith('/other-site'));
    expect(asked.map((r) => r.path).sort()).toEqual([
      '/other-site/elsewhere',
      '/other-site/elsewhere',
      '/other-site/elsewhere/install',
      '/other-site/elsewhere/install',
    ]);
    expect(clock.sleeps.some((ms) => ms >= 29_000 && ms <= 30_000)).toBe(true);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const firstDay = day(T0);
    const issue = () => gh.issues().filter((candidate) => candidate.state === 'open');
    expect(issue()).toHaveLength(1);
    const at = `${gh.url}/other-site/elsewhere`;
    expect(issue()[0]!.body).toContain(
      `- \`${new URL(gh.url).host}\`\n  - \`${at}\`: answered 401, dead since ${firstDay} · linked from \`/\`\n` +
        `  - \`${at}/install\`: answered 401, dead since ${firstDay} · linked from \`guide/install.html\``,
    );

    // A week on: one page answers again, the other is still dead since its first day.
    await clock.sleep(7 * 86_400_000);
    gh.fault({ kind: 'status', path: /^\/other-site\/elsewhere$/, status: 200, body: 'back', times: 10 });
    const second = await health(inputs);
    expect(others(second)).toMatchObject({ state: 'problem', details: '1 dead link to 1 other site, on 1 page' });
    expect(issue()).toHaveLength(1);
    expect(issue()[0]!.body).not.toContain(`\`${at}\`:`);
    expect(issue()[0]!.body).toContain(`\`${at}/install\`: answered 401, dead since ${firstDay}`);
    expect(day(clock.now())).not.toBe(firstDay);

    // Throttled (429 beyond the wait): unavailable, never dead; the issue closes.
    gh.fault({ kind: 'status', path: '/other-site/elsewhere/install', status: 429, headers: { 'retry-after': '600' }, times: 10 });
    const third = await health(inputs);
    expect(third.code).toBe(0);
    expect(others(third)).toMatchObject({
      state: 'ok',
      details: expect.stringMatching(/^no dead link to another site; 1 link not checked: /),
    });
    expect(issue()).toEqual([]);
  });
});
