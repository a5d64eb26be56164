// Link rot in the watchdog through dist/ (issue 52's "Done when"): `health` with
// `link-check-external`, other sites reached through the runner's proxy (HTTP_PROXY, a loopback
// forward proxy that resolves `rot.example` to a scripted site). The default version's page links
// one working, one dead (404), one flaky (503 once, then fine) and one throttled (429 every time)
// page there: one issue naming only the dead one, since when it is dead, kept across runs (a date
// planted three weeks back is kept, through a run where the site would not tell: 503, while a
// broken link of the docs' own keeps the issue open); once the page answers again, the issue
// closes. The decisions are unit-tested in test/link-judge-external.test.ts and
// test/dead-links.test.ts.
import { describe, expect, it } from 'vitest';
import { startForwardProxy, startOtherSite } from '../../harness/forward-proxy.ts';
import { startGitHubStandin } from '../../harness/github-standin.ts';
import { startStandin } from '../../harness/rtd-standin.ts';
import { GITHUB_TOKEN, runAction } from '../../harness/run-action.ts';

const TOKEN = 'rtd_secret_token_link_rot';
const HEAD = 'b'.repeat(40);
const SITE = 'http://rot.example';
const MARKER = '<!-- readthedocs-action:health -->';

const page = `<!doctype html><html><body><h1>Links</h1><p>
<a href="${SITE}/working.html">working</a> <a href="${SITE}/dead.html">dead</a>
<a href="${SITE}/flaky.html">flaky</a> <a href="${SITE}/throttled.html">throttled</a>
<a href="guide.html">the guide</a></p></body></html>`;

describe('link rot in health, through dist/ and a proxy', () => {
  it('one issue naming only the dead link, since when it is dead, kept across runs; closed once the page answers again', async ({
    onTestFinished,
  }) => {
    const rtd = await startStandin({ tokens: [TOKEN], rateLimit: null, docsRate: null });
    const gh = await startGitHubStandin({ token: GITHUB_TOKEN });
    const site = await startOtherSite();
    const proxy = await startForwardProxy({ 'rot.example': site.port });
    onTestFinished(() => Promise.all([rtd.close(), gh.close(), site.close(), proxy.close()]).then(() => undefined));
    rtd.addProject({ slug: 'acme', versions: [] });
    rtd.addBuild('acme', 'latest', { durationMs: 1000, outcome: 'success', commit: HEAD, startedAgoMs: 60 * 60_000 });
    gh.setBranch('main', HEAD, Date.now() - 2 * 3_600_000);
    rtd.setSitePages('acme', 'latest', { 'index.html': page, 'guide.html': '<p>Guide</p>' });
    site.script('/working.html', [200]);
    site.script('/dead.html', [404]);
    site.script('/flaky.html', [503, 200]);
    // A throttle that says to come back at once: the action waits it out three times, then counts it unavailable.
    site.script('/throttled.html', [{ status: 429, headers: { 'retry-after': '0' } }]);

    const health = () =>
      runAction({
        inputs: {
          token: TOKEN,
          'base-url': rtd.url,
          project: 'acme',
          operation: 'health',
          releases: '0',
          'link-check': 'fail',
          'link-check-external': 'true',
          // The dead link is asked again a second after its first answer (30 s by default).
          'link-check-recheck': '1s',
        },
        // Other sites through the proxy; the stand-ins (the service, its docs host, GitHub) on loopback, directly.
        env: { GITHUB_API_URL: gh.url, HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1,localhost', RTD_ACTION_PAGES_PER_SECOND: '1000' },
        event: { name: 'schedule', payload: { schedule: '17 6 * * *' } },
      });

    const first = await health();
    expect(first.code, first.stdout).toBe(1);
    // Every request to the other site went through the proxy, as absolute URIs; the dead page asked twice, a second apart at least.
    expect(proxy.asked.every((ask) => ask.method === 'GET' && ask.target.startsWith(`${SITE}/`))).toBe(true);
    expect(site.requests.filter((request) => request === 'GET /dead.html')).toHaveLength(2);
    expect(site.requests.filter((request) => request === 'GET /working.html')).toHaveLength(1);
    expect(site.requests.filter((request) => request === 'GET /flaky.html')).toHaveLength(1);
    const open = () => gh.issues().filter((issue) => issue.state === 'open' && issue.body.startsWith(MARKER));
    expect(open()).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    const body = open()[0]!.body;
    expect(body).toContain('dead links to other sites');
    expect(body).toContain(`- \`rot.example\`\n  - \`${SITE}/dead.html\`: answered 404, dead since ${today} · linked from \`/\``);
    for (const other of ['working', 'flaky', 'throttled']) expect(body).not.toContain(`${SITE}/${other}.html`);
    expect(first.stdout).toContain('PROBLEM · links to other sites: latest: 1 dead link to 1 other site, on 1 page; 2 links not checked');

    // A link dead for three weeks: the date the issue keeps (planted three weeks back, as an earlier run would have written it).
    const number = open()[0]!.number;
    const weeksAgo = new Date(Date.now() - 21 * 86_400_000).toISOString().slice(0, 10);
    const planted = body.replace(/("[0-9a-f]{18}":")\d{4}-\d{2}-\d{2}(")/, `$1${weeksAgo}$2`);
    expect(planted).not.toBe(body);
    await editIssue(gh.url, number, planted);

    site.script('/flaky.html', [503, 200]);
    const second = await health();
    expect(second.code, second.stdout).toBe(1);
    expect(open().map((issue) => issue.number)).toEqual([number]);
    expect(open()[0]!.body).toContain(`\`${SITE}/dead.html\`: answered 404, dead since ${weeksAgo}`);
    expect(gh.count('POST', /\/issues$/)).toBe(1);

    // A run that cannot judge it (503: unavailable), while a broken link of the docs' own keeps the issue open: the dead link is
    // not listed (not confirmed this run), and its date stays in the hidden state...
    const state = (text: string) => text.match(/<!-- readthedocs-action:dead-links (\{.*?\}) -->/)?.[1];
    const plantedState = state(planted);
    expect(plantedState).toContain(`":"${weeksAgo}"`);
    rtd.setSitePages('acme', 'latest', {
      'index.html': page.replace('</p>', '<a href="missing.html">missing</a></p>'),
      'guide.html': '<p>Guide</p>',
    });
    site.script('/dead.html', [503]);
    site.script('/flaky.html', [503, 200]);
    const unavailable = await health();
    expect(unavailable.code, unavailable.stdout).toBe(1);
    expect(unavailable.stdout).toContain('links to other sites: latest: no dead link to another site; 3 links not checked');
    expect(open().map((issue) => issue.number)).toEqual([number]);
    const kept = open()[0]!.body;
    expect(kept).toContain('broken links');
    expect(kept).not.toContain(`${SITE}/dead.html`);
    expect(kept).not.toContain('dead since');
    expect(state(kept)).toBe(plantedState);

    // ...so that dead again on the next run, it is dead since its first day, not since today.
    rtd.setSitePages('acme', 'latest', { 'index.html': page, 'guide.html': '<p>Guide</p>' });
    site.script('/dead.html', [404]);
    site.script('/flaky.html', [503, 200]);
    const again = await health();
    expect(again.code, again.stdout).toBe(1);
    expect(open().map((issue) => issue.number)).toEqual([number]);
    expect(open()[0]!.body).toContain(`\`${SITE}/dead.html\`: answered 404, dead since ${weeksAgo}`);
    expect(open()[0]!.body).not.toContain(`dead since ${today}`);
    expect(gh.count('POST', /\/issues$/)).toBe(1);

    site.script('/dead.html', [200]);
    const third = await health();
    expect(third.code, third.stdout).toBe(0);
    expect(open()).toEqual([]);
    expect(gh.issues().find((issue) => issue.number === number)!.state).toBe('closed');
  });
});

/** The issue's body edited as the token may (the stand-in's API). */
async function editIssue(api: string, number: number, body: string): Promise<void> {
  const response = await fetch(`${api}/repos/octo/docs-repo/issues/${number}`, {
    method: 'PATCH',
    headers: { authorization: `token ${GITHUB_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ body }),
  });
  expect(response.status).toBe(200);
}
