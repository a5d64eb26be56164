// `health`'s `links work` row (src/operations/health/link-sweep.ts) over a site the test writes
// (test/support/scripted-site.ts), on a fake clock: what is crawled, the row's state and words for
// each outcome (broken links failing or warned, a partial crawl, a root that gave no page), and the
// annotations. The stand-in's scenarios (throttles, private docs, redirects) are in
// test/operations/health-link-check.test.ts and link-check-docs-hosts.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckRow } from '../src/operations/health/checks.js';
import { linkSweepRows } from '../src/operations/health/link-sweep.js';
import { LinkAnswers } from '../src/operations/shared/links/link-checker.js';
import type { InputName } from '../src/inputs/declarations.js';
import type { Version } from '../src/readthedocs/schemas.js';
import { operationContext, recordingLog, type OperationTestContext } from './support/operation-context.ts';
import { recordingPort } from './support/recording-port.ts';
import { type ScriptedPage, scriptedSite } from './support/scripted-site.ts';

const ROOT = 'https://acme.readthedocs.io/en/latest/';
const SINGLE = 'single_version_without_translations';

let test: OperationTestContext | undefined;
afterEach(async () => {
  await test?.close();
  test = undefined;
});

/** The default version `latest`, its documentation at `documentation`. */
function latest(documentation: string | null | undefined = ROOT): Version {
  return {
    id: 1,
    slug: 'latest',
    verbose_name: 'latest',
    active: true,
    built: true,
    type: 'branch',
    identifier: 'main',
    ...(documentation === undefined ? {} : { urls: { documentation } }),
  } as Version;
}

/** The row of a crawl of `site` with `inputs` (health's), and what was asked, logged and annotated. */
async function sweep(
  site: Record<string, ScriptedPage>,
  inputs: Partial<Record<InputName, string>>,
  facts: { versions?: Version[]; defaultVersion?: string; versioningScheme?: string } = {},
) {
  const { pages, asked } = scriptedSite(site);
  const port = recordingPort();
  test = operationContext({
    baseUrl: 'https://app.readthedocs.org',
    inputs: { operation: 'health', project: 'acme', ...inputs },
    pages,
    log: port.log,
  });
  const log = recordingLog();
  const rows = await linkSweepRows(
    test.ctx,
    { versions: facts.versions ?? [latest()], defaultVersion: facts.defaultVersion, versioningScheme: facts.versioningScheme },
    log,
    new LinkAnswers(),
  );
  return { rows, asked: asked.map(({ url }) => url), log, annotations: port.annotations };
}

const page = (body: string) => `<html><body>${body}</body></html>`;

/** The root links to a page that works, a missing page, a missing anchor on the page that works, and a missing image. */
const BROKEN_SITE = {
  [ROOT]: page(
    '<a href="guide.html">guide</a> <a href="gone.html">gone</a> <a href="guide.html#nowhere">deep</a> <img src="lost.png" alt="lost">',
  ),
  [`${ROOT}guide.html`]: page('<h2 id="here">Here</h2><a href="index.html">home</a> <a href="#here">here</a>'),
};
const BROKEN = [
  { page: '/', target: 'gone.html', problem: 'missing page', kind: 'page', external: false, text: 'gone' },
  { page: '/', target: 'guide.html#nowhere', problem: 'missing anchor', kind: 'anchor', external: false, text: 'deep' },
  { page: '/', target: 'lost.png', problem: 'missing image', kind: 'image', external: false, text: 'lost' },
];

describe('the links work row of health', () => {
  it('is none, and nothing is asked, unless link-check is set (`auto` is off in health)', async () => {
    const { rows, asked } = await sweep(BROKEN_SITE, {});
    expect(rows).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('with `fail`: a problem naming the failing links and their pages, anchors at `warn` told as warnings apart', async () => {
    const { rows, asked, log, annotations } = await sweep(BROKEN_SITE, { 'link-check': 'fail', 'link-check-anchors': 'warn' });
    expect(rows).toEqual([
      {
        check: 'links work',
        state: 'problem',
        subject: 'latest',
        details:
          '2 broken links (1 to a page, 1 to an image) on 1 of the 2 pages read, and 1 more broken link told as warnings; ' +
          '6 links checked, 0 not checked',
        links: [],
        broken: BROKEN,
      },
    ]);
    // The root once, then the page it links to (crawled), then the targets that are no pages read.
    expect(asked.slice(0, 2)).toEqual([ROOT, `${ROOT}guide.html`]);
    expect(asked.slice(2).sort()).toEqual([`${ROOT}gone.html`, `${ROOT}lost.png`]);
    expect(log.lines[0]).toBe(`Crawling ${ROOT} for broken links (at most 500 pages)`);
    // Only the warned link is annotated here: the failing ones are the issue's.
    expect(annotations).toEqual([{ level: 'warning', message: '/ → guide.html#nowhere: missing anchor (“deep”)', title: 'Broken anchor' }]);
  });

  it('with `fail` and more than one failing page: the pages counted, no warnings said when none', async () => {
    const site = {
      ...BROKEN_SITE,
      [`${ROOT}guide.html`]: page('<a href="gone.html">again</a>'),
    };
    const [row] = (await sweep(site, { 'link-check': 'fail', 'link-check-anchors': 'off' })).rows;
    expect(row!.details).toBe('3 broken links (2 to pages, 1 to an image) on 2 of the 2 pages read; 4 links checked, 0 not checked');
  });

  it('with `warn`: ok, every broken link told as a warning and kept on the row', async () => {
    const { rows, annotations } = await sweep(BROKEN_SITE, { 'link-check': 'warn' });
    expect(rows).toEqual([
      {
        check: 'links work',
        state: 'ok',
        subject: 'latest',
        details:
          '2 pages read, 6 links checked, 0 not checked; 3 broken links (1 to a page, 1 to an anchor, 1 to an image), told as warnings (`link-check: warn`)',
        links: [],
        broken: BROKEN,
      },
    ]);
    expect(annotations.map(({ level, title }) => [level, title])).toEqual([
      ['warning', 'Broken link'],
      ['warning', 'Broken anchor'],
      ['warning', 'Broken image'],
    ]);
  });

  it('ok with no broken link: the counts alone, one page and one link in the singular', async () => {
    const site = { [ROOT]: page('<a href="guide.html">guide</a>'), [`${ROOT}guide.html`]: page('<p>no links</p>') };
    const { rows } = await sweep(site, { 'link-check': 'fail' });
    expect(rows).toEqual([
      { check: 'links work', state: 'ok', subject: 'latest', details: '2 pages read, 1 link checked, 0 not checked', links: [] },
    ]);
    const single = await sweep({ [ROOT]: page('<p>nothing</p>') }, { 'link-check': 'fail' });
    expect(single.rows[0]!.details).toBe('1 page read, 0 links checked, 0 not checked');
  });

  it('crawls from the version root with a slash added, within `link-check-pages`', async () => {
    const site = { ...BROKEN_SITE, [`${ROOT}guide.html`]: page('<a href="gone.html">again</a>') };
    const { rows, asked } = await sweep(site, { 'link-check': 'fail', 'link-check-pages': '1' }, { versions: [latest(ROOT.slice(0, -1))] });
    expect(asked[0]).toBe(ROOT);
    // The page beyond the bound is asked as a target (its status), never read for its links.
    expect(rows[0]!.details).toBe(
      '3 broken links (1 to a page, 1 to an anchor, 1 to an image) on 1 of the 1 page read; 4 links checked, 0 not checked',
    );
  });

  it('says the counts apart: other sites (asked only with link-check-external), ignored targets, outside the version', async () => {
    const site = {
      'https://acme.readthedocs.io/': page(
        '<a href="https://example.org/x">x</a> <a href="skip/me.html">skip</a> <a href="/_/api/">api</a> <a href="/projects/sub/">sub</a>',
      ),
      'https://example.org/x': page('elsewhere'),
    };
    const single = { versions: [latest('https://acme.readthedocs.io/')], versioningScheme: SINGLE };
    const inputs = { 'link-check': 'fail', 'link-check-ignore': 'skip/**' } as const;
    const without = await sweep(site, inputs, single);
    expect(without.rows[0]!.details).toBe(
      '1 page read, 0 links checked, 0 not checked, 1 to other sites not checked (`link-check-external: true` checks them; they never fail the step), ' +
        '1 ignored (`link-check-ignore`), 2 outside the version (not checked)',
    );
    expect(without.asked).toEqual(['https://acme.readthedocs.io/']);
    const other = await sweep(site, { ...inputs, 'link-check-external': 'true' }, single);
    expect(other.rows[0]!.details).toBe(
      '1 page read, 1 link checked, 0 not checked, 1 ignored (`link-check-ignore`), 2 outside the version (not checked)',
    );
    expect(other.asked).toEqual(['https://acme.readthedocs.io/', 'https://example.org/x']);
  });

  it('leaves `projects/` below a single-version root out (subprojects), and reads it below a version of many', async () => {
    const site = { [ROOT]: page('<a href="projects/sub.html">sub</a>'), [`${ROOT}projects/sub.html`]: page('') };
    const single = await sweep(site, { 'link-check': 'fail' }, { versioningScheme: SINGLE });
    expect(single.rows[0]!.details).toBe('1 page read, 0 links checked, 0 not checked, 1 outside the version (not checked)');
    const multi = await sweep(site, { 'link-check': 'fail' }, { versioningScheme: 'multiple_versions_with_translations' });
    expect(multi.rows[0]!.details).toBe('2 pages read, 1 link checked, 0 not checked');
  });

  it('checks no anchor with link-check-anchors off', async () => {
    const { rows } = await sweep(BROKEN_SITE, { 'link-check': 'fail', 'link-check-anchors': 'off' });
    expect(rows[0]!.broken?.map(({ kind }) => kind)).toEqual(['page', 'image']);
  });

  it('says what a host refused: throttled requests and other sites at a private address, never broken', async () => {
    const site = {
      [ROOT]: page(
        '<a href="slow.html">slow</a> <a href="http://localhost:9/">here</a> <a href="guide.html">guide</a> <a href="more.html">more</a>',
      ),
      [`${ROOT}slow.html`]: { refused: 'throttled' as const, problem: 'throttled' },
      [`${ROOT}guide.html`]: page(''),
      [`${ROOT}more.html`]: page(''),
    };
    const [row] = (await sweep(site, { 'link-check': 'fail', 'link-check-external': 'true' })).rows;
    expect(row).toMatchObject({ state: 'ok' });
    expect(row!.details).toBe(
      '3 pages read, 2 links checked, 2 not checked; the docs host throttled 1 request(s), 1 target(s) at a private address not asked ' +
        '(their links are not checked, never reported broken)',
    );
  });

  it('calls a crawl that left more links unchecked than checked partial: a problem with `fail`, not checked with `warn`', async () => {
    const site = {
      [ROOT]: page('<a href="guide.html">guide</a> <a href="a.html">a</a> <a href="b.html">b</a>'),
      [`${ROOT}guide.html`]: page(''),
      [`${ROOT}a.html`]: {},
      [`${ROOT}b.html`]: {},
    };
    const partial =
      'partial: 2 pages read, 1 link checked, 2 not checked; more links were left unchecked than checked, so this crawl does not vouch for the links: ' +
      'crawl fewer pages (`link-check-pages`) or leave an endless part out (`link-check-ignore`)';
    expect((await sweep(site, { 'link-check': 'fail' })).rows[0]).toMatchObject({ state: 'problem', details: partial });
    expect((await sweep(site, { 'link-check': 'warn' })).rows[0]).toMatchObject({ state: 'unknown', details: partial });
    // As many checked as not: the crawl vouches for what it checked.
    const even = { ...site, [ROOT]: page('<a href="guide.html">guide</a> <a href="a.html">a</a>') };
    expect((await sweep(even, { 'link-check': 'fail' })).rows[0]).toMatchObject({
      state: 'ok',
      details: '2 pages read, 1 link checked, 1 not checked',
    });
    // A partial crawl's broken links still fail, its words after the counts.
    const broken = { ...site, [`${ROOT}guide.html`]: page('<a href="gone.html">gone</a> <a href="c.html">c</a>'), [`${ROOT}c.html`]: {} };
    expect((await sweep(broken, { 'link-check': 'fail' })).rows[0]).toMatchObject({
      state: 'problem',
      details: expect.stringMatching(
        /^1 broken link \(1 to a page\) on 1 of the partial: 2 pages read; 2 links checked, 3 not checked; more links/,
      ),
    });
  });
});

// Issue 52: the row of links to other sites (`link-check-external`): the dead ones, and the targets not judged.
describe('the links to other sites row of health', () => {
  /** The root links to a dead page, a page that answers 503, one at a private address, and a page that works, all of other sites. */
  const OTHERS = {
    [ROOT]: page(
      '<a href="https://a.example/gone">gone</a> <a href="https://b.example/slow">slow</a> ' +
        '<a href="http://localhost:9/">here</a> <a href="https://a.example/ok">ok</a>',
    ),
    'https://a.example/ok': page('fine'),
    'https://b.example/slow': { status: 503, url: 'https://b.example/slow', contentType: 'text/html', problem: 'answered 503' },
  };
  const GONE = [{ page: '/', target: 'https://a.example/gone', problem: 'answered 404', kind: 'page', external: true, text: 'gone' }];
  const others = (rows: readonly CheckRow[]) => rows.find((row) => row.check === 'links to other sites');

  it('with `fail`: a problem with the dead ones, carrying the targets it could not judge (unavailable, not asked), not the working one', async () => {
    const { rows, asked, annotations } = await sweep(OTHERS, { 'link-check': 'fail', 'link-check-external': 'true' });
    expect(others(rows)).toEqual({
      check: 'links to other sites',
      state: 'problem',
      subject: 'latest',
      details:
        '1 dead link to 1 other site, on 1 page; 1 link not checked: the site was unavailable (throttled, a server error or no answer), never dead',
      links: [],
      broken: GONE,
      unjudged: ['https://b.example/slow', 'http://localhost:9/'],
    });
    // The dead one asked twice (confirmed), the others once; the private one never.
    expect(asked.filter((url) => url === 'https://a.example/gone')).toHaveLength(2);
    expect(asked).not.toContain('http://localhost:9/');
    expect(annotations).toEqual([]);
  });

  it('counts the sites of the dead ones: two targets of one site, one of another', async () => {
    const site = {
      [ROOT]: page(
        '<a href="https://a.example/gone">gone</a> <a href="https://a.example/lost">lost</a> <a href="https://c.example/x">x</a>',
      ),
    };
    const { rows } = await sweep(site, { 'link-check': 'fail', 'link-check-external': 'true' });
    expect(others(rows)!.details).toBe('3 dead links to 2 other sites, on 1 page');
  });

  it('with `warn`: ok, the dead ones told as warnings, the targets not judged carried all the same', async () => {
    const { rows, annotations } = await sweep(OTHERS, { 'link-check': 'warn', 'link-check-external': 'true' });
    expect(others(rows)).toMatchObject({
      state: 'ok',
      details: expect.stringMatching(
        /^1 dead link to 1 other site, on 1 page, told as warnings \(`link-check: warn`\); 1 link not checked/,
      ),
      broken: GONE,
      unjudged: ['https://b.example/slow', 'http://localhost:9/'],
    });
    expect(annotations.map(({ title }) => title)).toEqual(['Broken external link']);
  });

  it('no dead link: ok, still carrying the targets not judged; none of them: no list at all', async () => {
    const alive = { ...OTHERS, 'https://a.example/gone': page('back') };
    const { rows } = await sweep(alive, { 'link-check': 'fail', 'link-check-external': 'true' });
    expect(others(rows)).toMatchObject({ state: 'ok', unjudged: ['https://b.example/slow', 'http://localhost:9/'] });
    expect(others(rows)!.details).toMatch(/^no dead link to another site; 1 link not checked: the site was unavailable/);
    const fine = { [ROOT]: page('<a href="https://a.example/ok">ok</a>'), 'https://a.example/ok': page('fine') };
    expect(others((await sweep(fine, { 'link-check': 'fail', 'link-check-external': 'true' })).rows)).toEqual({
      check: 'links to other sites',
      state: 'ok',
      subject: 'latest',
      details: 'no dead link to another site',
      links: [],
    });
  });
});

describe('a root that gave no page to read', () => {
  const root = (answer: ScriptedPage) => sweep({ [ROOT]: answer }, { 'link-check': 'fail' });
  const start = `the root ${ROOT}`;
  it.each<[string, ScriptedPage, string]>([
    [
      'private docs (401)',
      { status: 401, problem: 'answered 401' },
      `${start} answered 401: the docs are private, and private docs open only to a sharing token (the project's Sharing settings), ` +
        'which this action does not send; the API token does not open them, so the links are not checked',
    ],
    [
      'a challenge (403)',
      { status: 403, refused: 'challenged' },
      `${start} answered 403 with a challenge: the docs host's bot protection blocked this runner`,
    ],
    [
      'a challenge without a status',
      { refused: 'challenged' },
      `${start} answered 403 with a challenge: the docs host's bot protection blocked this runner`,
    ],
    [
      'a throttle (429)',
      { status: 429 },
      `${start} answered 429: the docs host throttled this runner (it asks for at most 4 requests a second)`,
    ],
    [
      'a throttle that outlasted the wait',
      { refused: 'throttled' },
      `${start} was throttled: the docs host throttled this runner (it asks for at most 4 requests a second)`,
    ],
    ['a plain 403', { status: 403 }, `${start} answered 403: the docs host blocked this runner, or the docs are not public`],
    ['a 404', { status: 404 }, `${start} answered 404: the default version has no page there (not built, or its root is elsewhere)`],
    ['a 200 that is no HTML page', { status: 200, contentType: 'application/pdf' }, `${start} answered 200 with no HTML page to read`],
    ['another status', { status: 500 }, `${start} answered 500: no page was read`],
    ['no answer', {}, `${start} could not be read (no answer in time)`],
  ])('%s: not checked, saying why', async (_, answer, details) => {
    expect((await root(answer)).rows).toEqual([{ check: 'links work', state: 'unknown', subject: 'latest', details, links: [] }]);
  });

  it('a default version without a documentation address (or not http) is not crawled', async () => {
    const details = 'the default version has no documentation address to crawl (not built, or not an http(s) URL)';
    const none = { check: 'links work', state: 'unknown', subject: 'latest', details, links: [] };
    const { urls: _, ...unbuilt } = latest();
    for (const versions of [[latest(null)], [unbuilt as Version], [latest('ftp://acme.example/')], []]) {
      const { rows, asked } = await sweep({}, { 'link-check': 'fail' }, { versions });
      expect(rows).toEqual([none]);
      expect(asked).toEqual([]);
    }
    // The default version by its slug; `latest` without one.
    const stable = { ...latest('https://acme.readthedocs.io/en/stable/'), slug: 'stable' };
    const { rows, asked } = await sweep({}, { 'link-check': 'fail' }, { versions: [latest(), stable], defaultVersion: 'stable' });
    expect(rows[0]).toMatchObject({ subject: 'stable' });
    expect(asked).toEqual(['https://acme.readthedocs.io/en/stable/']);
  });
});
