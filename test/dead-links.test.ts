// Issue 52: what `health`'s issue remembers of the dead links to other sites: since when each one is
// dead, hidden in its body, read back by the next run (a hostile body read safely), and the list
// grouped by site with the pages that link to each target.
import { describe, expect, it } from 'vitest';
import { deadKey, deadSites, readSince, sinceComment, sinceOfDead, sinceOfRun } from '../src/operations/health/dead-links.js';
import type { CheckRow } from '../src/operations/health/checks.js';
import { issueBody } from '../src/operations/health/report.js';
import type { BrokenLink } from '../src/reporting/broken-link.js';
import { deadLink as dead } from './support/broken-links.ts';

const DAY = 86_400_000;
const T = Date.parse('2026-03-02T06:00:00Z');

describe('the hidden state', () => {
  it('round-trips: days by key, written under one comment, read back', () => {
    const since = new Map([
      [deadKey('acme', 'https://a.example/x'), T],
      [deadKey('acme', 'https://b.example/y'), T - 21 * DAY],
    ]);
    const comment = sinceComment(since);
    expect(comment).toMatch(/^<!-- readthedocs-action:dead-links \{"[0-9a-f]{18}":"2026-03-02","[0-9a-f]{18}":"2026-02-09"\} -->$/);
    const read = readSince(`<!-- marker -->\n${comment}\n### body`);
    expect([...read.values()]).toEqual([Date.parse('2026-03-02T00:00:00Z'), Date.parse('2026-02-09T00:00:00Z')]);
    expect([...read.keys()]).toEqual([...since.keys()]);
    expect(sinceComment(new Map())).toBe('');
  });

  it('keys: one per project and target, 16 hex digits, nothing a page wrote', () => {
    expect(deadKey('acme', 'https://a.example/x')).toMatch(/^[0-9a-f]{18}$/);
    expect(deadKey('acme', 'https://a.example/x')).toBe(deadKey('acme', 'https://a.example/x'));
    expect(deadKey('beta', 'https://a.example/x')).not.toBe(deadKey('acme', 'https://a.example/x'));
    expect(deadKey('acme', 'https://a.example/y')).not.toBe(deadKey('acme', 'https://a.example/x'));
  });

  it.each([
    ['no body', undefined],
    ['no state', 'just text'],
    ['no end', '<!-- readthedocs-action:dead-links {"0123456789abcdef01":"2026-03-02"} '],
    // A state's JSON and end without its opening: not a state.
    ['no opening', `${'x'.repeat(34)}{"0123456789abcdef01":"2026-03-02"} -->`],
    ['not JSON', '<!-- readthedocs-action:dead-links {nope} -->'],
    ['an array', '<!-- readthedocs-action:dead-links [1,2] -->'],
    ['null', '<!-- readthedocs-action:dead-links null -->'],
    ['a number', '<!-- readthedocs-action:dead-links 3 -->'],
  ])('a body with %s: nothing', (_, body) => {
    expect(readSince(body).size).toBe(0);
  });

  it('the state those bodies cut is read whole: each of them is nothing only for what it lacks', () => {
    expect(readSince('<!-- readthedocs-action:dead-links {"0123456789abcdef01":"2026-03-02"} -->').size).toBe(1);
  });

  it('a planted state: only keys of 18 hex digits with a day are read, at most 1,000, within the body GitHub holds', () => {
    const good = '0123456789abcdef01';
    const entries = {
      [good]: '2026-01-05',
      '0123456789ABCDEF01': '2026-01-05',
      '0123456789abcdef0': '2026-01-05',
      '0123456789abcdef012': '2026-01-05',
      fedcba9876543210fe: '2026-01-05T00:00',
      aaaaaaaaaaaaaaaaaa: 20260105,
      bbbbbbbbbbbbbbbbbb: '2026-13-45',
      cccccccccccccccccc: ' 2026-01-05',
      // Days that `Date.parse` would read, written otherwise: an extended year, a trailing comment, a list of one day.
      dddddddddddddddddd: '+002026-01-05',
      eeeeeeeeeeeeeeeeee: '2026-01-05(',
      ffffffffffffffffff: ['2026-01-05'],
    };
    const read = readSince(`<!-- readthedocs-action:dead-links ${JSON.stringify(entries)} -->`);
    expect([...read]).toEqual([[good, Date.parse('2026-01-05T00:00:00Z')]]);
    const many = Object.fromEntries(Array.from({ length: 1_100 }, (_, i) => [i.toString(16).padStart(18, '0'), '2026-01-05']));
    expect(readSince(`<!-- readthedocs-action:dead-links ${JSON.stringify(many)} -->`).size).toBe(1_000);
    const full = sinceComment(new Map(Object.keys(many).map((key) => [key, T])));
    expect(full.match(/"[0-9a-f]{18}"/g)).toHaveLength(1_000);
    // The whole state leaves most of the 65,536 characters GitHub holds of a body to the issue's text.
    expect(full.length).toBeLessThanOrEqual(34_100);
    // Past what GitHub holds of a body, nothing is looked for.
    expect(readSince(`${'x'.repeat(70_000)}<!-- readthedocs-action:dead-links {"${good}":"2026-01-05"} -->`).size).toBe(0);
  });

  it('since: the previous day for a link it had, else now; no other link kept', () => {
    const sites = deadSites([dead('/', 'https://a.example/x'), dead('/', 'https://a.example/new')]);
    const previous = new Map([
      [deadKey('acme', 'https://a.example/x'), T - 21 * DAY],
      [deadKey('acme', 'https://a.example/fixed'), T - 9 * DAY],
    ]);
    expect(sinceOfDead('acme', sites, previous, T)).toEqual(
      new Map([
        [deadKey('acme', 'https://a.example/x'), T - 21 * DAY],
        [deadKey('acme', 'https://a.example/new'), T],
      ]),
    );
  });
});

describe('sinceOfRun: the state a run writes', () => {
  const key = (project: string, target: string) => deadKey(project, target);
  const previous = new Map([
    [key('acme', 'https://a.example/dead'), T - 21 * DAY],
    [key('acme', 'https://a.example/busy'), T - 14 * DAY],
    [key('acme', 'https://a.example/back'), T - 7 * DAY],
    [key('beta', 'https://b.example/busy'), T - 3 * DAY],
  ]);

  it('the dead ones (their first day, else now), then the days of the targets not judged that it had; a working one dropped', () => {
    const since = sinceOfRun(
      [
        {
          project: 'acme',
          sites: deadSites([dead('/', 'https://a.example/dead'), dead('/', 'https://a.example/new')]),
          // Not judged and never dead: no day to keep.
          unjudged: ['https://a.example/busy', 'https://a.example/never'],
        },
        { project: 'beta', sites: deadSites([dead('/', 'https://b.example/new')]), unjudged: ['https://b.example/busy'] },
      ],
      previous,
      T,
    );
    // Every project's dead ones before any target not judged: the bound keeps them first.
    expect([...since]).toEqual([
      [key('acme', 'https://a.example/dead'), T - 21 * DAY],
      [key('acme', 'https://a.example/new'), T],
      [key('beta', 'https://b.example/new'), T],
      [key('acme', 'https://a.example/busy'), T - 14 * DAY],
      [key('beta', 'https://b.example/busy'), T - 3 * DAY],
    ]);
  });

  it("a target not judged is kept by its own project's key only", () => {
    // beta's busy target under acme's name: another key, not in the previous state.
    expect(sinceOfRun([{ project: 'acme', sites: [], unjudged: ['https://b.example/busy'] }], previous, T).size).toBe(0);
  });

  it("a project not crawled keeps every day it had, after the crawled ones'; a crawled project's working target is dropped", () => {
    const since = sinceOfRun([{ project: 'beta', sites: [], unjudged: [] }], previous, T, ['acme']);
    expect([...since]).toEqual([
      [key('acme', 'https://a.example/dead'), T - 21 * DAY],
      [key('acme', 'https://a.example/busy'), T - 14 * DAY],
      [key('acme', 'https://a.example/back'), T - 7 * DAY],
    ]);
    // Its dead ones found again are not written twice, nor moved: the crawled project's day stands first.
    const again = sinceOfRun([{ project: 'acme', sites: deadSites([dead('/', 'https://a.example/dead')]), unjudged: [] }], previous, T, [
      'beta',
    ]);
    expect([...again]).toEqual([
      [key('acme', 'https://a.example/dead'), T - 21 * DAY],
      [key('beta', 'https://b.example/busy'), T - 3 * DAY],
    ]);
    // Keys start with their project's part, the same for every target of one project, another for another project.
    expect(key('acme', 'https://a.example/x').slice(0, 6)).toBe(key('acme', 'https://b.example/y').slice(0, 6));
    expect(key('beta', 'https://a.example/x').slice(0, 6)).not.toBe(key('acme', 'https://a.example/x').slice(0, 6));
  });

  it('nothing dead and nothing not judged: an empty state', () => {
    expect(sinceOfRun([], previous, T).size).toBe(0);
    expect(sinceOfRun([{ project: 'acme', sites: [], unjudged: [] }], previous, T).size).toBe(0);
  });
});

describe('deadSites', () => {
  it('by site, then by target, each page once; the version’s own links left out', () => {
    const sites = deadSites([
      dead('/', 'https://a.example/x'),
      dead('guide.html', 'https://b.example:8443/y', 'no such host'),
      dead('guide.html', 'https://a.example/x'),
      dead('guide.html', 'https://a.example/x'),
      { page: '/', target: 'gone.html', problem: 'missing page', kind: 'page', external: false },
      dead('/', 'https://a.example/z'),
    ]);
    expect(sites).toEqual([
      {
        site: 'a.example',
        links: [
          { site: 'a.example', target: 'https://a.example/x', problem: 'answered 404', pages: ['/', 'guide.html'], morePages: 0 },
          { site: 'a.example', target: 'https://a.example/z', problem: 'answered 404', pages: ['/'], morePages: 0 },
        ],
      },
      {
        site: 'b.example:8443',
        links: [
          { site: 'b.example:8443', target: 'https://b.example:8443/y', problem: 'no such host', pages: ['guide.html'], morePages: 0 },
        ],
      },
    ]);
  });

  it('five pages named per target, the rest counted; a target that is no URL is its own site', () => {
    const links = Array.from({ length: 8 }, (_, i) => dead(`p${i}.html`, 'https://a.example/x'));
    expect(deadSites(links)[0]!.links[0]).toMatchObject({ pages: ['p0.html', 'p1.html', 'p2.html', 'p3.html', 'p4.html'], morePages: 3 });
    expect(deadSites([dead('/', 'not a url')])[0]!.site).toBe('not a url');
  });
});

describe('the issue body', () => {
  const marker = '<!-- readthedocs-action:health -->';
  const row = (broken: BrokenLink[]): CheckRow => ({
    check: 'links to other sites',
    state: 'problem',
    subject: 'latest',
    details: '2 dead links to 1 other site, on 2 pages',
    links: [],
    broken,
  });

  it('lists the dead links by site with since when, and keeps the dates hidden under the marker', () => {
    const rows = [{ project: 'acme', rows: [row([dead('/', 'https://a.example/x'), dead('guide.html', 'https://a.example/new')])] }];
    const previous = sinceComment(new Map([[deadKey('acme', 'https://a.example/x'), T - 21 * DAY]]));
    const body = issueBody(marker, rows, { at: T, previous: `${marker}\n${previous}\nold` });
    expect(body.startsWith(`${marker}\n<!-- readthedocs-action:dead-links {`)).toBe(true);
    expect(body).toContain('#### 1. ❌ acme · `latest`: dead links to other sites');
    expect(body).toContain(
      '- `a.example`\n' +
        '  - `https://a.example/x`: answered 404, dead since 2026-02-09 · linked from `/`\n' +
        '  - `https://a.example/new`: answered 404, dead since 2026-03-02 · linked from `guide.html`',
    );
    expect(body).toContain('`link-check-accept`');
    // The next run reads back both dates.
    expect(readSince(body)).toEqual(
      new Map([
        [deadKey('acme', 'https://a.example/x'), Date.parse('2026-02-09T00:00:00Z')],
        [deadKey('acme', 'https://a.example/new'), Date.parse('2026-03-02T00:00:00Z')],
      ]),
    );
  });

  it('at most 50 dead targets listed, the rest counted; every date kept', () => {
    const many = Array.from({ length: 60 }, (_, i) => dead('/', `https://s${i % 2}.example/${i}`));
    const body = issueBody(marker, [{ project: 'acme', rows: [row(many)] }], { at: T });
    expect(body.match(/: answered 404, dead since/g)).toHaveLength(50);
    expect(body).toContain('- … and 10 more dead links: the job summary of the run lists them all');
    expect(readSince(body).size).toBe(60);
  });

  it('dead, then unavailable (another problem keeps the issue open), then dead again: its first day comes back', () => {
    const target = 'https://a.example/x';
    const internal: CheckRow = { check: 'links work', state: 'problem', subject: 'latest', details: '1 broken link', links: [] };
    const first = issueBody(marker, [{ project: 'acme', rows: [row([dead('/', target)])] }], { at: T - 21 * DAY });
    expect(first).toContain(`\`${target}\`: answered 404, dead since 2026-02-09`);
    // Not judged a week on: not listed (not confirmed), its day kept hidden; a target that answered is gone from the state.
    const unavailable: CheckRow = {
      check: 'links to other sites',
      state: 'ok',
      subject: 'latest',
      details: 'no dead link',
      links: [],
      unjudged: [target],
    };
    const second = issueBody(marker, [{ project: 'acme', rows: [internal, unavailable] }], { at: T - 14 * DAY, previous: first });
    expect(second).not.toContain(target);
    expect(second).not.toContain('dead since');
    expect(readSince(second)).toEqual(new Map([[deadKey('acme', target), Date.parse('2026-02-09T00:00:00Z')]]));
    const third = issueBody(marker, [{ project: 'acme', rows: [row([dead('/', target)])] }], { at: T, previous: second });
    expect(third).toContain(`\`${target}\`: answered 404, dead since 2026-02-09`);
    // Working (neither dead nor unjudged) on the fourth: dropped, and dead again after that, a new day.
    const working: CheckRow = { ...unavailable, unjudged: [] };
    const fourth = issueBody(marker, [{ project: 'acme', rows: [internal, working] }], { at: T + DAY, previous: third });
    expect(fourth).not.toContain('dead-links');
    const fifth = issueBody(marker, [{ project: 'acme', rows: [row([dead('/', target)])] }], { at: T + 2 * DAY, previous: fourth });
    expect(fifth).toContain(`\`${target}\`: answered 404, dead since 2026-03-04`);
  });

  it('a project whose docs the run did not crawl (no row of other sites) keeps every day; a crawled one keeps only what it found', () => {
    const previous = sinceComment(
      new Map([
        [deadKey('acme', 'https://a.example/x'), T - 21 * DAY],
        [deadKey('beta', 'https://b.example/y'), T - 9 * DAY],
        [deadKey('beta', 'https://b.example/fixed'), T - 5 * DAY],
      ]),
    );
    // acme's root did not answer this run (a `links work` row, no row of other sites); beta was crawled and found y dead again.
    const unread: CheckRow = { check: 'links work', state: 'unknown', subject: 'latest', details: 'the root did not answer', links: [] };
    const body = issueBody(
      marker,
      [
        { project: 'acme', rows: [unread] },
        { project: 'beta', rows: [row([dead('/', 'https://b.example/y')])] },
      ],
      {
        at: T,
        previous,
      },
    );
    expect(body).not.toContain('https://a.example/x');
    expect(readSince(body)).toEqual(
      new Map([
        [deadKey('beta', 'https://b.example/y'), Date.parse('2026-02-21T00:00:00Z')],
        [deadKey('acme', 'https://a.example/x'), Date.parse('2026-02-09T00:00:00Z')],
      ]),
    );
  });

  it("a problem row's targets not judged keep their days beside the dead ones; a row told as warnings keeps no dead one's", () => {
    const previous = sinceComment(
      new Map([
        [deadKey('acme', 'https://a.example/busy'), T - 9 * DAY],
        [deadKey('acme', 'https://a.example/warned'), T - 9 * DAY],
      ]),
    );
    const problem = { ...row([dead('/', 'https://a.example/x')]), unjudged: ['https://a.example/busy'] };
    const body = issueBody(marker, [{ project: 'acme', rows: [problem] }], { at: T, previous });
    expect(body).not.toContain('https://a.example/busy');
    expect(readSince(body)).toEqual(
      new Map([
        [deadKey('acme', 'https://a.example/x'), Date.parse('2026-03-02T00:00:00Z')],
        [deadKey('acme', 'https://a.example/busy'), Date.parse('2026-02-21T00:00:00Z')],
      ]),
    );
    // `warn`: the dead ones are no problem of the issue's, and no day of theirs is written; a target not judged keeps its own.
    const internal: CheckRow = { check: 'links work', state: 'problem', subject: 'latest', details: '1 broken link', links: [] };
    const warned: CheckRow = { ...row([dead('/', 'https://a.example/warned')]), state: 'ok', unjudged: ['https://a.example/busy'] };
    const kept = issueBody(marker, [{ project: 'acme', rows: [internal, warned] }], { at: T, previous });
    expect(readSince(kept)).toEqual(new Map([[deadKey('acme', 'https://a.example/busy'), Date.parse('2026-02-21T00:00:00Z')]]));
  });

  it('without dead links or a date, no state', () => {
    const internal: CheckRow = { check: 'links work', state: 'problem', subject: 'latest', details: 'x', links: [] };
    expect(issueBody(marker, [{ project: 'acme', rows: [internal] }], { at: T })).not.toContain('dead-links');
    expect(issueBody(marker, [{ project: 'acme', rows: [row([dead('/', 'https://a.example/x')])] }])).not.toContain('dead-links');
  });
});
