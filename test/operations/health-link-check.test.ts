// `health`'s link sweep (issue 40), in-process: the default version crawled from its root within
// that version, its broken links a problem row with `link-check: fail` (the issue names them and
// closes once they are fixed), warnings with `warn`, nothing read with the default (`off`).
import { afterEach, describe, expect, it } from 'vitest';
import { startGitHubStandin, type GitHubStandin } from '../../harness/github-standin.ts';
import { linkSite } from '../../harness/link-site.ts';
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
type Row = { check: string; state: string; details: string; reason?: string };
const linkRow = (result: { results: { details?: unknown }[] }) =>
  (result.results[0]!.details as { checks: Row[] }).checks.find((row) => row.check === 'links work');

describe('health link sweep', () => {
  it('with `fail`: the crawl finds the broken links, the issue names them; once fixed, it closes', async () => {
    const { rtd, gh } = await healthyStage();
    const first = await health({ 'link-check': 'fail' });
    expect(first.code).toBe(1);
    const row = linkRow(first)!;
    expect(row.state).toBe('problem');
    expect(row.details).toContain('3 broken link(s)');
    const [issue] = gh.issues().filter((candidate) => candidate.state === 'open');
    expect(issue!.body).toContain('guide/install.html → guide/gone.html: missing page');
    expect(issue!.body).toContain('guide/usage.html → index.html#nope: missing anchor');
    expect(issue!.body).toContain('guide/images.html → _images/diagram.png: missing image');
    expect(issue!.body).not.toContain('index.html#intro');
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
    expect(linkRow(warned)).toMatchObject({ state: 'ok', details: expect.stringContaining('3 broken, told as warnings') });
    expect(stdout.annotations().filter((a) => a.title === 'Broken link')).toHaveLength(3);
    expect(gh.issues()).toEqual([]);

    const before = rtd.requests.length;
    const quiet = await health({});
    expect(linkRow(quiet)).toBeUndefined();
    expect(rtd.requests.slice(before).filter((r) => r.path.startsWith('/docs/'))).toEqual([]);
  });

  it('`link-check-pages` bounds the crawl: the pages beyond it are not read', async () => {
    const { rtd } = await healthyStage();
    const result = await health({ 'link-check': 'fail', 'link-check-pages': '1' });
    // The root read; the three guide pages it links to asked once each as targets, their links never followed.
    const guide = rtd.requests.filter((r) => r.path.includes('/guide/')).map((r) => r.path.slice(r.path.indexOf('/guide/')));
    expect(guide.sort()).toEqual(['/guide/images.html', '/guide/install.html', '/guide/usage.html']);
    expect(linkRow(result)!.details).toContain('1 page(s) read');
  });

  it('two projects linking to the same page of another site: it is asked once in the run', async () => {
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
    expect(details[0]).toMatch(/^4 page\(s\) read, .*; 5 broken, told as warnings/);
    expect(details[1]).toBe(details[0]);
    const asked = gh.requests.filter((r) => r.path.startsWith('/other-site')).map((r) => r.path);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((path, index) => asked.indexOf(path) !== index)).toEqual([]);
  });
});
