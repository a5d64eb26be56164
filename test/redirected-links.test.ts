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
