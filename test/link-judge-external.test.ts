// Issue 52: what *dead* means for a link to another site, the same in `preview` and `health`. Dead
// is a 404, 410 or another client error `link-check-accept` does not accept, or a site that is not
// there (no such host, connection refused), and only once a second ask agrees (`confirmed`); a
// throttle, a challenge, a server error or no answer in time is unavailable, counted apart, never
// dead. And when the second ask is made (`recheckPlan`).
import { describe, expect, it } from 'vitest';
import type { Answer } from '../src/operations/shared/links/link-answers.js';
import { recheckPlan } from '../src/operations/shared/links/link-checker.js';
import { externalProblem, judge, type Occurrence } from '../src/operations/shared/links/link-judge.js';
import { linkCounts } from '../src/operations/shared/links/link-counts.js';
import { globList, resolveLink, versionScope } from '../src/operations/shared/links/resolve-link.js';

const NONE = new Set<number>();

describe('externalProblem', () => {
  it.each<[string, Answer | undefined, string | undefined]>([
    ['not asked (a bound, out of time)', undefined, 'not checked'],
    ['a private address, not asked', { refused: 'private' }, 'not checked'],
    ['200', { status: 200 }, undefined],
    ['a redirect, not followed', { status: 301 }, undefined],
    ['399', { status: 399 }, undefined],
    ['400', { status: 400 }, 'answered 400'],
    ['403', { status: 403 }, 'answered 403'],
    ['404', { status: 404 }, 'answered 404'],
    ['410', { status: 410 }, 'answered 410'],
    ['428', { status: 428 }, 'answered 428'],
    ['429', { status: 429 }, 'unavailable'],
    ['430', { status: 430 }, 'answered 430'],
    ['499', { status: 499 }, 'answered 499'],
    ['500', { status: 500 }, 'unavailable'],
    ['503', { status: 503 }, 'unavailable'],
    ['599', { status: 599 }, 'unavailable'],
    ['600', { status: 600 }, 'answered 600'],
    ["LinkedIn's 999", { status: 999 }, 'answered 999'],
    ['throttled beyond the wait', { status: 429, refused: 'throttled' }, 'unavailable'],
    ['a throttle that gave no turn', { refused: 'throttled' }, 'unavailable'],
    ['a challenge', { status: 403, refused: 'challenged' }, 'unavailable'],
    ['no answer in time', { failed: 'no answer' }, 'unavailable'],
    ['no such host', { failed: 'no such host' }, 'no such host'],
    ['connection refused', { failed: 'connection refused' }, 'connection refused'],
    ['no status and no reason', {}, 'not checked'],
  ])('%s', (_, answer, problem) => {
    expect(externalProblem(answer, NONE)).toBe(problem);
  });

  it('`link-check-accept` counts its statuses as working, a challenge and a throttle included', () => {
    const accept = new Set([403, 999, 429]);
    expect(externalProblem({ status: 403 }, accept)).toBeUndefined();
    expect(externalProblem({ status: 999 }, accept)).toBeUndefined();
    expect(externalProblem({ status: 403, refused: 'challenged' }, accept)).toBeUndefined();
    expect(externalProblem({ status: 429, refused: 'throttled' }, accept)).toBeUndefined();
    expect(externalProblem({ status: 404 }, accept)).toBe('answered 404');
    // A status accepted says nothing of a private address, which is never asked.
    expect(externalProblem({ refused: 'private' }, accept)).toBe('not checked');
  });
});

describe('judge: links to other sites', () => {
  const scope = versionScope('https://docs.example.org/en/latest/');
  const occurrence = (href: string, page = '/', kind: Occurrence['kind'] = 'link'): Occurrence => {
    const target = resolveLink(href, 'https://docs.example.org/en/latest/index.html', scope, globList([]));
    if (target.kind === 'skipped') throw new Error(href);
    return { page, kind, target };
  };
  const answers = new Map<string, Answer>([
    ['https://a.example/ok', { status: 200 }],
    ['https://a.example/gone', { status: 404 }],
    ['https://b.example/slow', { status: 503 }],
    ['https://b.example/busy', { status: 429, refused: 'throttled' }],
    ['https://c.example/', { failed: 'no such host' }],
    ['https://a.example/own', { status: 404 }],
  ]);
  const links = [
    occurrence('https://a.example/ok'),
    occurrence('https://a.example/gone'),
    occurrence('https://a.example/gone', 'guide.html'),
    occurrence('https://b.example/slow'),
    occurrence('https://b.example/busy'),
    occurrence('https://c.example/', 'guide.html', 'image'),
  ];
  const plan = { external: true, anchors: true };

  it('asked once, a broken-looking link is unavailable and to be asked again, never broken', () => {
    const judged = judge(plan, links, (url) => answers.get(url));
    expect(judged).toMatchObject({ checked: 1, notChecked: 0, unavailable: 5, broken: [] });
    expect([...judged.unconfirmed]).toEqual(['https://a.example/gone', 'https://c.example/']);
    // Not judged, each target once: the unavailable and the unconfirmed alike; the working one is judged.
    expect([...judged.unjudged]).toEqual([
      'https://a.example/gone',
      'https://b.example/slow',
      'https://b.example/busy',
      'https://c.example/',
    ]);
    // The version's own suspects (the CDN's lag) are another thing.
    expect(judged.suspects.size).toBe(0);
  });

  it('confirmed by a second ask, it is broken, with its page each time; the unavailable stay unavailable', () => {
    // A second answer that is a server error too (another project's ask, in the run) confirms nothing.
    const confirmed = new Set(['https://a.example/gone', 'https://c.example/', 'https://b.example/slow']);
    const judged = judge(plan, links, (url) => answers.get(url), confirmed);
    expect(judged).toMatchObject({ checked: 4, notChecked: 0, unavailable: 2 });
    expect(judged.unconfirmed.size).toBe(0);
    // The confirmed are judged (dead); the unavailable are not.
    expect([...judged.unjudged]).toEqual(['https://b.example/slow', 'https://b.example/busy']);
    expect(judged.broken).toEqual([
      { page: '/', target: 'https://a.example/gone', problem: 'answered 404', kind: 'page', external: true },
      { page: 'guide.html', target: 'https://a.example/gone', problem: 'answered 404', kind: 'page', external: true },
      { page: 'guide.html', target: 'https://c.example/', problem: 'no such host', kind: 'image', external: true },
    ]);
    expect(linkCounts({ ...judged, throttled: { docsHost: 0, otherSites: 1 }, privateAddresses: 0 })).toBe(
      '3 broken, 4 checked, 0 not checked, 2 to other sites not checked (unavailable: throttled, a server error or no answer; never broken); ' +
        'other sites throttled 1 request(s) (their links are not checked, never reported broken)',
    );
  });

  it('a confirmed target that works again is working', () => {
    const judged = judge(plan, [occurrence('https://a.example/ok')], (url) => answers.get(url), new Set(['https://a.example/ok']));
    expect(judged).toMatchObject({ checked: 1, unavailable: 0, broken: [] });
  });

  it("`accept` makes a status working on other sites only; the version's own 403 stays broken", () => {
    const own = occurrence('page.html');
    const judged = judge({ ...plan, accept: new Set([404]) }, [occurrence('https://a.example/gone'), own], (url) =>
      url === own.target.url ? { status: 403 } : answers.get(url),
    );
    expect(judged.checked).toBe(2);
    expect(judged.broken.map((link) => `${link.target}: ${link.problem}`)).toEqual(['page.html: answered 403']);
  });

  it('without `link-check-external`, other sites are counted apart, never judged', () => {
    const judged = judge({ external: false, anchors: true }, links, (url) => answers.get(url));
    expect(judged).toMatchObject({ checked: 0, unavailable: 0, otherSites: 6, broken: [] });
    expect(judged.unconfirmed.size).toBe(0);
    // Not asked for want of the input: no date of theirs to keep either.
    expect(judged.unjudged.size).toBe(0);
  });

  it("not asked (a bound, out of time, a private address): not checked, and not judged; the version's own not checked are not another site's", () => {
    const own = occurrence('later.html');
    const unasked = occurrence('unasked.html');
    const judged = judge(
      plan,
      [occurrence('https://d.example/unasked'), occurrence('http://localhost:9/'), own, unasked, occurrence('https://a.example/ok')],
      (url) => (url === 'http://localhost:9/' ? { refused: 'private' } : url === own.target.url ? {} : answers.get(url)),
    );
    expect(judged).toMatchObject({ checked: 1, notChecked: 4, unavailable: 0 });
    expect([...judged.unjudged]).toEqual(['https://d.example/unasked', 'http://localhost:9/']);
  });

  it('at most 2,000 targets not judged are named (the count goes on)', () => {
    const many = Array.from({ length: 2_003 }, (_, i) => occurrence(`https://b.example/${i}`));
    const judged = judge(plan, many, () => ({ status: 503 }));
    expect(judged.unavailable).toBe(2_003);
    expect(judged.unjudged.size).toBe(2_000);
    expect([...judged.unjudged].at(-1)).toBe('https://b.example/1999');
  });
});

describe('recheckPlan', () => {
  const none = { suspects: new Set<string>(), unconfirmed: new Set<string>() };
  const clock = { askedAt: new Map([['https://a.example/gone', 10_000]]), now: 25_000, endsAt: 300_000 };

  it('nothing to ask again: none', () => {
    expect(recheckPlan({ external: true, recheckAfterMs: 5_000 }, none, clock)).toBeUndefined();
  });

  it("another site's: at least `externalRecheckMs` after its first answer, 30 s by default", () => {
    const judged = { ...none, unconfirmed: new Set(['https://a.example/gone']) };
    expect(recheckPlan({ external: true, externalRecheckMs: 20_000 }, judged, clock)).toEqual({
      at: 30_000,
      urls: ['https://a.example/gone'],
    });
    expect(recheckPlan({ external: true }, judged, clock)).toEqual({ at: 40_000, urls: ['https://a.example/gone'] });
    // Asked long enough ago: at once, never before now.
    expect(recheckPlan({ external: true, externalRecheckMs: 1_000 }, judged, clock)).toEqual({
      at: 25_000,
      urls: ['https://a.example/gone'],
    });
    // The last of them counts; one whose time is unknown counts as now.
    const two = { ...none, unconfirmed: new Set(['https://a.example/gone', 'https://b.example/x']) };
    expect(recheckPlan({ external: true, externalRecheckMs: 20_000 }, two, clock)?.at).toBe(45_000);
    // Without `external` set, none (never the case in a check, but the plan decides).
    expect(recheckPlan({ external: false, externalRecheckMs: 20_000 }, judged, clock)).toBeUndefined();
  });

  it('only what ends before the budget: the rest is not asked again (and stays unavailable)', () => {
    const judged = { suspects: new Set(['https://docs.example.org/x.html']), unconfirmed: new Set(['https://a.example/gone']) };
    const both = recheckPlan({ external: true, recheckAfterMs: 5_000, externalRecheckMs: 20_000 }, judged, clock);
    expect(both).toEqual({ at: 30_000, urls: ['https://docs.example.org/x.html', 'https://a.example/gone'] });
    // Another site's would end past the budget: only the version's own.
    const tight = recheckPlan({ external: true, recheckAfterMs: 5_000, externalRecheckMs: 30_000 }, judged, { ...clock, endsAt: 35_000 });
    expect(tight).toEqual({ at: 30_000, urls: ['https://docs.example.org/x.html'] });
    // Ending exactly at the budget's end is past it.
    expect(
      recheckPlan({ external: true, recheckAfterMs: 5_000, externalRecheckMs: 20_000 }, judged, { ...clock, endsAt: 30_000 }),
    ).toBeUndefined();
    expect(recheckPlan({ external: true, recheckAfterMs: 5_000 }, judged, { ...clock, endsAt: 29_000 })).toBeUndefined();
    // The version's own only with `recheckAfterMs`.
    expect(recheckPlan({ external: false }, judged, clock)).toBeUndefined();
  });
});
