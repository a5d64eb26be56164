// The link check on real docs hosts through dist/ (issue 46's "Done when", its core): a preview of
// 40 changed pages of 8 working links on a host that throttles above 4 requests a second (the
// stand-in's default, FACTS *Docs hosts*), green under `link-check: fail` with every link checked
// and at most 3 requests throttled; a host that challenges (403, `cf-mitigated`): green, the
// challenged links not checked, none broken; a lost stylesheet, script, `<object>` and `<source>`
// reported; `health` on private docs (401) naming the 401; a crawl through a folder redirect and a
// user redirect without a false missing page; with `link-check-external`, 2,100 links to another
// site do not hide the page's own missing link. The action runs at its real pace (4 a second);
// only the last case asks another site faster, which is not what it proves.
import { describe, expect, it } from 'vitest';
import { startGitHubStandin, type GitHubStandin } from '../../harness/github-standin.ts';
import { floodedPage, lostResourcesSite, redirectedSite, workingPagesSite } from '../../harness/link-site.ts';
import { type DocsRate, startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { GITHUB_TOKEN, runAction } from '../../harness/run-action.ts';
import { HEAD, PR, pullRequestEvent, runPreview, TOKEN } from '../support/preview-e2e.ts';

type Links = { checked: number; notChecked: number; throttled: number; broken: { page: string; target: string; problem: string }[] };

/** Both stand-ins, project `demo` with PR 7 built, its diff listing `changed`, serving `pages`. */
async function withPreview(
  site: { pages: Record<string, string> | ((elsewhere: string) => Record<string, string>); changed: string[]; docsRate?: DocsRate },
  test: (stands: { rtd: Standin; gh: GitHubStandin }) => Promise<void>,
): Promise<void> {
  const rtd = await startStandin({ tokens: [TOKEN], ...(site.docsRate ? { docsRate: site.docsRate } : {}) });
  const gh = await startGitHubStandin({ token: GITHUB_TOKEN });
  try {
    rtd.addProject({ slug: 'demo', name: 'Demo Docs', versions: [{ slug: String(PR), type: 'external' }] });
    gh.addPullRequest({ number: PR, headSha: HEAD, files: [{ filename: 'docs/index.rst' }] });
    rtd.addBuild('demo', String(PR), { durationMs: 300, outcome: 'success', commit: HEAD, commitFromStart: true });
    rtd.setFileTreeDiff('demo', String(PR), { modified: site.changed }, { writtenAfterMs: 0 });
    rtd.setSitePages('demo', String(PR), typeof site.pages === 'function' ? site.pages(`${gh.url}/elsewhere`) : site.pages);
    await test({ rtd, gh });
  } finally {
    await Promise.all([rtd.close(), gh.close()]);
  }
}

const linksOf = (results: string | undefined) => (JSON.parse(results!) as { links: Links }[])[0]!.links;
const refused = (rtd: Standin) => [...rtd.docsRefused().values()].reduce((sum, count) => sum + count, 0);
/** The service's own preview URL (no template), a budget far above what the pages need. */
const INPUTS = { 'preview-url-template': '', 'link-check': 'fail', timeout: '3m' };

describe.concurrent('the link check on real docs hosts, through dist/', () => {
  it('40 changed pages of 8 working links on a host that throttles above 4 a second: green, every link checked, at most 3 throttled', () => {
    const site = workingPagesSite(40);
    return withPreview(site, async ({ rtd, gh }) => {
      const run = await runPreview({ rtd, gh }, pullRequestEvent(), INPUTS);
      expect(run.code, run.stdout).toBe(0);
      expect(linksOf(run.outputs.results)).toMatchObject({ checked: 320, notChecked: 0, broken: [] });
      expect(refused(rtd)).toBeLessThanOrEqual(3);
      // Every page request names the action.
      const pages = rtd.requests.filter((request) => request.path.startsWith('/docs/'));
      expect(pages.length).toBeGreaterThan(40);
      expect(pages.every((request) => /^readthedocs-action\/\d+\.\d+\.\d+/.test(request.headers['user-agent'] ?? ''))).toBe(true);
    });
  });

  // A host far stricter than the action's pace (one request in 5 s after 2): challenged however slow the machine is.
  it('a host that challenges (403, cf-mitigated) above its rate: green, the challenged links not checked and said, none broken', () => {
    const site = { ...workingPagesSite(8), docsRate: { perSecond: 0.2, burst: 2, answer: 'challenge' as const } };
    return withPreview(site, async ({ rtd, gh }) => {
      const run = await runPreview({ rtd, gh }, pullRequestEvent(), INPUTS);
      expect(run.code, run.stdout).toBe(0);
      const links = linksOf(run.outputs.results);
      expect(refused(rtd)).toBeGreaterThan(0);
      expect(links.broken).toEqual([]);
      expect(links.throttled).toBeGreaterThan(0);
      expect(links.notChecked).toBeGreaterThan(0);
      expect(run.stdout).toMatch(/the docs host throttled \d+ request\(s\)/);
      expect(run.stdout).not.toContain('answered 403');
    });
  });

  it('a lost stylesheet, script, <object> and <source> are reported, and turn `fail` red', () =>
    withPreview({ pages: lostResourcesSite(), changed: ['guide/media.html'] }, async ({ rtd, gh }) => {
      const run = await runPreview({ rtd, gh }, pullRequestEvent(), INPUTS);
      expect(run.code, run.stdout).toBe(1);
      expect(linksOf(run.outputs.results).broken.map((link) => `${link.target}: ${link.problem}`)).toEqual([
        '_static/custom.css: missing resource',
        '_static/custom.js: missing resource',
        '_images/graph.svg: missing resource',
        '_static/clip.webm: missing resource',
      ]);
      const [comment] = gh.comments(PR);
      expect(comment!.body).toContain('#### Broken links (demo): 4 to resources');
      expect(comment!.body).toContain('guide/media.html)\n  - `_static/custom.css`: missing resource');
    }));

  it('with `link-check-external`: a page with 2,100 links to another site and one missing page of its own reports that page and fails', () =>
    withPreview({ pages: (elsewhere) => floodedPage(elsewhere, 2_100), changed: ['guide/links.html'] }, async ({ rtd, gh }) => {
      const run = await runAction({
        inputs: {
          operation: 'preview',
          project: 'demo',
          token: TOKEN,
          'base-url': rtd.url,
          'poll-interval': '200ms',
          'rate-limit': '600/1m',
          ...INPUTS,
          'link-check-external': 'true',
          // Its 404s asked again a second after their first answer (issue 52), not 30 s.
          'link-check-recheck': '1s',
        },
        event: pullRequestEvent(),
        // The other site's 100 targets faster than the docs hosts' pace: the case is the order, not the pace.
        env: { GITHUB_API_URL: gh.url, RTD_ACTION_PAGES_PER_SECOND: '50' },
      });
      expect(run.code, run.stdout).toBe(1);
      const links = linksOf(run.outputs.results);
      expect(links.broken.filter((link) => !link.target.startsWith('http'))).toEqual([
        expect.objectContaining({ page: 'guide/links.html', target: 'guide/gone.html', problem: 'missing page' }),
      ]);
      // 100 targets asked (the per-site cap), each dead-looking one once more to confirm it.
      const asked = gh.requests.filter((request) => request.path.startsWith('/elsewhere/')).map((request) => request.path);
      expect(new Set(asked).size).toBe(100);
      expect(asked).toHaveLength(200);
      // Under `fail`, the missing page's own annotation is an error too; the other site's 404s stay warnings.
      expect(run.annotations.filter((a) => a.level === 'error').map((a) => a.title)).toEqual(['Broken link', 'Broken links: demo 7']);
    }));
});

describe.concurrent('health on real docs hosts, through dist/', () => {
  async function healthRun(options: {
    private?: boolean;
    site: Record<string, string>;
    redirect?: boolean;
  }): Promise<{ code: number | null; stdout: string; row: { state: string; details: string; broken?: unknown[] } }> {
    const rtd = await startStandin({ tokens: [TOKEN], rateLimit: null });
    const gh = await startGitHubStandin({ token: GITHUB_TOKEN });
    try {
      rtd.addProject({
        slug: 'acme',
        latest: false,
        versions: [{ slug: 'latest', ...(options.private ? { privacy: 'private' as const } : {}) }],
      });
      rtd.addBuild('acme', 'latest', { durationMs: 1000, outcome: 'success', commit: HEAD, startedAgoMs: 60 * 60_000 });
      if (options.redirect)
        rtd.addRedirect('acme', { type: 'page', from_url: '/old/intro.html', to_url: '/guide/intro.html', http_status: 302 });
      rtd.setSitePages('acme', 'latest', options.site);
      gh.setBranch('main', HEAD, Date.now() - 2 * 3_600_000);
      const run = await runAction({
        inputs: {
          token: TOKEN,
          'base-url': rtd.url,
          project: 'acme',
          operation: 'health',
          releases: '0',
          'link-check': 'fail',
          'health-issue': 'false',
        },
        env: { GITHUB_API_URL: gh.url },
        event: { name: 'schedule', payload: { schedule: '17 6 * * *' } },
      });
      type Checks = { checks: { check: string; state: string; details: string; broken?: unknown[] }[] };
      const [result] = JSON.parse(run.outputs.results!) as Checks[];
      return { code: run.code, stdout: run.stdout, row: result!.checks.find((row) => row.check === 'links work')! };
    } finally {
      await Promise.all([rtd.close(), gh.close()]);
    }
  }

  it('private docs (401): never "links work", the 401 named', async () => {
    const { row, stdout } = await healthRun({ private: true, site: redirectedSite() });
    expect(row.state, stdout).toBe('unknown');
    expect(row.details).toContain('answered 401: the docs are private');
    expect(row.details).not.toMatch(/pages? read/);
  });

  it('a crawl through a folder redirect and a user redirect: no false missing page, the real one found', async () => {
    const { row, code, stdout } = await healthRun({ redirect: true, site: redirectedSite({ missing: true }) });
    expect(code, stdout).toBe(1);
    expect(row.state).toBe('problem');
    expect(row.details).toMatch(/^1 broken link \(1 to a page\) on 1 of the 4 pages read; /);
    expect(row.broken).toEqual([
      expect.objectContaining({ page: 'guide/intro.html', target: 'guide/setup.html', problem: 'missing page' }),
    ]);
  });
});
