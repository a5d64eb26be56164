// Link rot on an https:// site through the runner's HTTPS_PROXY (dist/): the action asks the proxy
// for a CONNECT tunnel to the site's name (the proxy resolves it, never the action) and speaks TLS
// inside it, checking the site's certificate. Trusted (NODE_EXTRA_CA_CERTS, as a runner behind a
// corporate proxy sets it), the dead page is found and named in the health issue; not trusted, the
// site is unavailable, never dead: nothing is opened. The http:// case is test/e2e/link-rot.test.ts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startForwardProxy, startOtherSite } from '../../harness/forward-proxy.ts';
import { startGitHubStandin } from '../../harness/github-standin.ts';
import { startStandin } from '../../harness/rtd-standin.ts';
import { GITHUB_TOKEN, runAction } from '../../harness/run-action.ts';

const TOKEN = 'rtd_secret_token_link_rot_https';
const HEAD = 'c'.repeat(40);
const SITE = 'https://rot.example';
const MARKER = '<!-- readthedocs-action:health -->';
// A self-signed certificate for `rot.example` (valid until 2126), made for this test only.
const CERT = fileURLToPath(new URL('../support/tls/rot-example.cert.pem', import.meta.url));
const KEY = fileURLToPath(new URL('../support/tls/rot-example.key.pem', import.meta.url));

const page = `<!doctype html><html><body><p>
<a href="${SITE}/working.html">working</a> <a href="${SITE}/dead.html">dead</a></p></body></html>`;

describe('link rot on an https:// site, through dist/ and HTTPS_PROXY', () => {
  it('tunnels to the name through the proxy: a trusted site’s dead page is named, an untrusted site is unavailable, never dead', async ({
    onTestFinished,
  }) => {
    const rtd = await startStandin({ tokens: [TOKEN], rateLimit: null, docsRate: null });
    const gh = await startGitHubStandin({ token: GITHUB_TOKEN });
    const site = await startOtherSite({ tls: { key: readFileSync(KEY, 'utf8'), cert: readFileSync(CERT, 'utf8') } });
    const proxy = await startForwardProxy({ 'rot.example': site.port });
    onTestFinished(() => Promise.all([rtd.close(), gh.close(), site.close(), proxy.close()]).then(() => undefined));
    rtd.addProject({ slug: 'acme', versions: [] });
    rtd.addBuild('acme', 'latest', { durationMs: 1000, outcome: 'success', commit: HEAD, startedAgoMs: 60 * 60_000 });
    gh.setBranch('main', HEAD, Date.now() - 2 * 3_600_000);
    rtd.setSitePages('acme', 'latest', { 'index.html': page });
    site.script('/working.html', [200]);
    site.script('/dead.html', [404]);

    const health = (env: Record<string, string>) =>
      runAction({
        inputs: {
          token: TOKEN,
          'base-url': rtd.url,
          project: 'acme',
          operation: 'health',
          releases: '0',
          'link-check': 'fail',
          'link-check-external': 'true',
          'link-check-recheck': '1s',
        },
        env: {
          GITHUB_API_URL: gh.url,
          HTTPS_PROXY: proxy.url,
          NO_PROXY: '127.0.0.1,localhost',
          RTD_ACTION_PAGES_PER_SECOND: '1000',
          ...env,
        },
        event: { name: 'schedule', payload: { schedule: '17 6 * * *' } },
      });
    const open = () => gh.issues().filter((issue) => issue.state === 'open' && issue.body.startsWith(MARKER));

    // Not trusted: the tunnel is made, the handshake refused; no page was read, so nothing is dead.
    const untrusted = await health({});
    expect(untrusted.code, untrusted.stdout).toBe(0);
    expect(proxy.asked.length).toBeGreaterThan(0);
    expect(proxy.asked.every((ask) => ask.method === 'CONNECT' && ask.target === 'rot.example:443')).toBe(true);
    expect(site.requests).toEqual([]);
    expect(open()).toEqual([]);
    expect(untrusted.stdout).toMatch(
      /links to other sites: latest: no dead link to another site; 2 links not checked: the site was unavailable/,
    );

    // Trusted: the dead page answers 404 twice (asked again after `link-check-recheck`), the working one once.
    proxy.asked.length = 0;
    const trusted = await health({ NODE_EXTRA_CA_CERTS: CERT });
    expect(trusted.code, trusted.stdout).toBe(1);
    expect(proxy.asked.every((ask) => ask.method === 'CONNECT' && ask.target === 'rot.example:443')).toBe(true);
    expect(site.requests.filter((request) => request === 'GET /dead.html')).toHaveLength(2);
    expect(site.requests.filter((request) => request === 'GET /working.html')).toHaveLength(1);
    expect(open()).toHaveLength(1);
    expect(open()[0]!.body).toContain(`- \`rot.example\`\n  - \`${SITE}/dead.html\`: answered 404, dead since`);
    expect(open()[0]!.body).not.toContain(`${SITE}/working.html`);
  });
});
