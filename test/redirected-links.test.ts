// The project's redirects beside the preview's link check (issue 46): which broken links a redirect
// of the project keeps working in production, set apart with the redirect that does; the rest stay
// broken. The stand-in's end of it is in test/operations/preview-link-check.test.ts.
import { describe, expect, it } from 'vitest';
import type { BrokenLink } from '../src/reporting/broken-link.ts';
import type { ProjectLog } from '../src/reporting/project-log.ts';
import type { LinkReport } from '../src/operations/shared/links/link-checker.ts';
import type { ProjectRedirects } from '../src/operations/preview/redirect-check.ts';
import type { RedirectRule } from '../src/operations/preview/redirect-guard.ts';
import { setRedirectedApart } from '../src/operations/preview/redirected-links.ts';

function quietLog(lines: string[] = []): ProjectLog {
  return {
    info: (message) => lines.push(message),
    progress: () => undefined,
    warning: () => undefined,
    notice: () => undefined,
    debug: () => undefined,
    section: () => undefined,
    flush: () => undefined,
  };
}

const link = (target: string, problem = 'missing page', extra: Partial<BrokenLink> = {}): BrokenLink => ({
  page: 'guide/index.html',
  target,
  problem,
  kind: problem === 'missing image' ? 'image' : problem === 'missing anchor' ? 'anchor' : 'page',
  external: false,
  ...extra,
});

const report = (broken: BrokenLink[]): LinkReport => ({
  checked: 10,
  notChecked: 1,
  unavailable: 0,
  unjudged: new Set(),
  broken,
  pages: 2,
  requests: 5,
  otherSites: 0,
  ignored: 0,
  outsideVersion: 0,
  throttled: { docsHost: 0, otherSites: 0 },
  privateAddresses: 0,
  unreadPages: 0,
  unread: [],
});

function redirectsOf(rules: RedirectRule[] | Error, prefixes: string[] = ['/en/latest']): ProjectRedirects & { reads: number } {
  const reads = { count: 0 };
  return {
    get reads() {
      return reads.count;
    },
    rules: () => {
      reads.count += 1;
      return rules instanceof Error ? Promise.reject(rules) : Promise.resolve(rules);
    },
    prefixes: () => Promise.resolve(prefixes),
  };
}

describe('setRedirectedApart', () => {
  it('sets apart missing pages and images a redirect covers (the fragment left out), with that redirect', async () => {
    const redirects = redirectsOf([
      { type: 'page', from: '/old/*', to: '/new/' },
      { type: 'exact', from: '/en/latest/img/old.png', to: '/en/latest/img/new.png' },
      { type: 'page', from: '/guide/gone', to: '/guide/' },
    ]);
    const broken = [
      link('old/page.html#setup'),
      link('img/old.png', 'missing image'),
      link('guide/gone/'),
      link('still/missing.html'),
      // An anchor is the page's own; another site's link is never the project's; another 4xx is no 404.
      link('old/anchor.html#nope', 'missing anchor'),
      link('https://elsewhere.example/old/page.html', 'answered 404', { external: true }),
      link('old/private.html', 'answered 403'),
    ];
    const lines: string[] = [];
    const result = await setRedirectedApart(quietLog(lines), report(broken), { redirects, token: true });

    expect(result.broken.map((l) => l.target)).toEqual([
      'still/missing.html',
      'old/anchor.html#nope',
      'https://elsewhere.example/old/page.html',
      'old/private.html',
    ]);
    expect(result.redirected.map((l) => [l.target, l.redirect])).toEqual([
      ['old/page.html#setup', { type: 'page', from: '/old/*', to: '/new/' }],
      ['img/old.png', { type: 'exact', from: '/en/latest/img/old.png', to: '/en/latest/img/new.png' }],
      ['guide/gone/', { type: 'page', from: '/guide/gone', to: '/guide/' }],
    ]);
    // The counts stay: a redirected link was checked.
    expect(result).toMatchObject({ checked: 10, notChecked: 1, pages: 2, requests: 5 });
    expect(lines).toContain('guide/index.html → old/page.html#setup: works in production through the page redirect /old/* → /new/');
    expect(redirects.reads).toBe(1);
  });

  it('logs each redirected link with its redirect (no arrow without a target, `/` for an empty from), then one line counting them', async () => {
    const redirects = redirectsOf([
      { type: 'page', from: '/gone/' },
      { type: 'page', from: '/empty-to/', to: '' },
      { type: 'exact', from: '/en/latest/long/*', to: `/en/latest/${'x'.repeat(400)}` },
    ]);
    const lines: string[] = [];
    const result = await setRedirectedApart(quietLog(lines), report([link('gone/'), link('long/page.html'), link('empty-to/')]), {
      redirects,
      token: true,
    });

    // A redirect without `to` stays without one (the service's rule as it holds it).
    expect(result.redirected[0]!.redirect).toStrictEqual({ type: 'page', from: '/gone/' });
    expect(lines[0]).toBe('guide/index.html → gone/: works in production through the page redirect /gone/');
    // A `to` longer than the service stores is cut.
    expect(lines[1]).toMatch(
      /^guide\/index\.html → long\/page\.html: works in production through the exact redirect \/en\/latest\/long\/\* → \/en\/latest\/x+…$/,
    );
    expect(lines[1]!.split(' → /en/latest/').at(-1)).toHaveLength(300 - '/en/latest/'.length);
    // An empty `to` is no target either.
    expect(lines[2]).toBe('guide/index.html → empty-to/: works in production through the page redirect /empty-to/');
    expect(lines[3]).toBe(
      "3 links answer 404 on the preview, which applies no redirects, but work in production through the project's redirects",
    );
    expect(lines).toHaveLength(4);

    const one: string[] = [];
    await setRedirectedApart(quietLog(one), report([link('gone/')]), { redirects, token: true });
    expect(one.at(-1)).toBe(
      "1 link answers 404 on the preview, which applies no redirects, but works in production through the project's redirects",
    );
    // Nothing redirected, nothing said.
    const none: string[] = [];
    await setRedirectedApart(quietLog(none), report([link('kept.html')]), {
      redirects: redirectsOf([{ type: 'page', from: '/gone/' }]),
      token: true,
    });
    expect(none).toEqual([]);
  });

  it('a link to the version’s root is matched as the root; a redirect with an empty `from` is shown from `/`', async () => {
    const lines: string[] = [];
    const result = await setRedirectedApart(quietLog(lines), report([link('/')]), {
      redirects: redirectsOf([{ type: 'page', from: '', to: '/start/' }]),
      token: true,
    });
    expect(result.redirected.map((l) => l.target)).toEqual(['/']);
    expect(lines[0]).toBe('guide/index.html → /: works in production through the page redirect / → /start/');
  });

  it('logs at most 50 redirected links one by one; the count line counts them all', async () => {
    const lines: string[] = [];
    const broken = Array.from({ length: 51 }, (_, index) => link(`old/page-${index}.html`));
    const result = await setRedirectedApart(quietLog(lines), report(broken), {
      redirects: redirectsOf([{ type: 'page', from: '/old/*', to: '/new/' }]),
      token: true,
    });
    expect(result.redirected).toHaveLength(51);
    expect(lines).toHaveLength(51);
    expect(lines.at(-2)).toContain('old/page-49.html');
    expect(lines.at(-1)).toMatch(/^51 links answer 404/);
  });

  it('another site’s link is never the project’s, whatever its problem', async () => {
    const external = link('https://elsewhere.example/old/page.html', 'missing page', { external: true });
    const redirects = redirectsOf([{ type: 'page', from: '*' }]);
    const result = await setRedirectedApart(quietLog(), report([external]), { redirects, token: true });
    expect(result.broken).toEqual([external]);
    expect(redirects.reads).toBe(0);
  });

  it('reads no redirect when no link may be one, nor without a token; a refused read leaves every link broken', async () => {
    const none = redirectsOf([{ type: 'page', from: '*' }]);
    const anchors = await setRedirectedApart(quietLog(), report([link('a.html#x', 'missing anchor')]), { redirects: none, token: true });
    expect(anchors.redirected).toEqual([]);
    expect(none.reads).toBe(0);

    const lines: string[] = [];
    const anonymous = await setRedirectedApart(quietLog(lines), report([link('a.html')]), { redirects: none, token: false });
    expect(anonymous.broken).toHaveLength(1);
    expect(none.reads).toBe(0);
    expect(lines).toEqual([
      "1 missing target may work in production through a redirect: the project's redirects are not read without `token`",
    ]);

    const refused = await setRedirectedApart(quietLog(), report([link('a.html')]), {
      redirects: redirectsOf(new Error('403 Forbidden')),
      token: true,
    });
    expect(refused.broken).toHaveLength(1);
    expect(refused.redirected).toEqual([]);
  });
});
