// `health`'s report, pure: the step's table, the issue's title, body and line, the job summary's
// broken-link sections. What a reader sees, as exact text; which problems are listed, in which
// order, bounded to what GitHub holds of a body.
import { describe, expect, it } from 'vitest';
import type { CheckRow } from '../src/operations/health/checks.js';
import { deadKey, readSince, sinceComment } from '../src/operations/health/dead-links.js';
import {
  brokenLinksSections,
  closingComment,
  fixFor,
  healthTable,
  issueBody,
  issueLine,
  issueTitle,
  MAX_ISSUE_BODY,
} from '../src/operations/health/report.js';
import type { BrokenLink } from '../src/reporting/broken-link.js';
import { deadLink as dead } from './support/broken-links.ts';

const MARKER = '<!-- readthedocs-action:health -->';
const AT = Date.parse('2026-11-28T06:00:00Z');
const DAY = 86_400_000;
const FOOTER = '_Checked by the `health` operation of the Read the Docs action, on every scheduled run._';

const row = (fields: Partial<CheckRow> = {}): CheckRow => ({
  check: 'links work',
  state: 'problem',
  details: 'broken',
  links: [],
  ...fields,
});
const ok = (fields: Partial<CheckRow> = {}): CheckRow => row({ state: 'ok', details: 'fine', ...fields });
const own = (page: string, target: string): BrokenLink => ({ page, target, problem: 'missing page', kind: 'page', external: false });

describe('healthTable', () => {
  it('one healthy project: named in the title, no Project column, no Links column when no row has a link', () => {
    expect(healthTable([{ project: 'acme', rows: [ok({ check: 'latest is current' }), ok({ subject: 'v1' })] }])).toBe(
      [
        '### Health of acme',
        '',
        '✅ Healthy: every check passed.',
        '',
        '| Check | State | Details |',
        '| --- | --- | --- |',
        '| latest is current | ✅ passed | fine |',
        '| links work | ✅ passed | `v1`: fine |',
      ].join('\n'),
    );
  });

  it('several projects: each row names its project; links joined by a space; only the problem rows counted', () => {
    const links = [
      { label: 'a', url: 'https://app.readthedocs.org/a/' },
      { label: 'b', url: 'https://app.readthedocs.org/b/' },
    ];
    const table = healthTable([
      {
        project: 'acme',
        rows: [row({ check: 'the root works', details: 'no root' }), ok({ links }), row({ state: 'unknown', details: '?' })],
      },
      { project: 'beta', rows: [] },
    ]);
    expect(table).toBe(
      [
        '### Health',
        '',
        '❌ 1 problem found.',
        '',
        '| Project | Check | State | Details | Links |',
        '| --- | --- | --- | --- | --- |',
        '| acme | the root works | ❌ problem | no root |  |',
        '| acme | links work | ✅ passed | fine | [a](https://app.readthedocs.org/a/) [b](https://app.readthedocs.org/b/) |',
        '| acme | links work | ❔ not checked | ? |  |',
        '| beta | every check | ❔ not checked | the project could not be read (the reason is above) |  |',
      ].join('\n'),
    );
  });

  it('the verdict: problems over projects not read; each counted, singular and plural', () => {
    const verdict = (projects: Parameters<typeof healthTable>[0]) => healthTable(projects).split('\n')[2];
    expect(
      verdict([
        { project: 'a', rows: [row(), row(), ok()] },
        { project: 'b', rows: [] },
      ]),
    ).toBe('❌ 2 problems found.');
    expect(
      verdict([
        { project: 'a', rows: [ok()] },
        { project: 'b', rows: [row()] },
      ]),
    ).toBe('❌ 1 problem found.');
    expect(verdict([{ project: 'a', rows: [] }])).toBe('❔ 1 project could not be checked.');
    expect(
      verdict([
        { project: 'a', rows: [ok()] },
        { project: 'b', rows: [] },
        { project: 'c', rows: [] },
      ]),
    ).toBe('❔ 2 projects could not be checked.');
    expect(verdict([{ project: 'a', rows: [ok(), row({ state: 'unknown' })] }])).toBe('✅ Healthy: every check passed.');
  });
});

describe('issueTitle', () => {
  it('names the projects with a problem, at most three, the rest counted', () => {
    const p = (project: string, rows: CheckRow[]) => ({ project, rows });
    expect(issueTitle([p('a', [ok(), row()]), p('b', [ok()]), p('c', [])])).toBe('Read the Docs health: problems in a');
    expect(issueTitle([p('a', [row()]), p('b', [row()]), p('c', [row()])])).toBe('Read the Docs health: problems in a, b, c');
    expect(issueTitle(['a', 'b', 'c', 'd', 'e'].map((name) => p(name, [row()])))).toBe(
      'Read the Docs health: problems in a, b, c and 2 more',
    );
  });
});

describe('fixFor: each problem with its fix', () => {
  it.each<[Pick<CheckRow, 'check' | 'details' | 'subject'>, string]>([
    [
      { check: 'latest is current', details: 'no version tracks main: the project has no `latest`' },
      "Activate a version for the default branch (`latest`) in the project's *Versions*.",
    ],
    [
      { check: 'latest is current', details: 'last built aaaaaaa', subject: 'la|test' },
      "Build `la|test` again (`operation: build`); if pushes start no build, check the project's GitHub integration and its webhook deliveries (*Admin → Integrations*).",
    ],
    [
      { check: 'releases have docs', details: '`stable` does not follow the newest release' },
      'Sync the versions (`operation: sync-versions`) so that every release tag has a version, and check the automation rules that activate new tags; `stable` then follows the newest release.',
    ],
    [
      { check: 'releases have docs', details: 'v2 has no version on the service' },
      'Sync the versions (`operation: sync-versions`) so that every release tag has a version, and check the automation rules that activate new tags; `stable` then follows the newest release.',
    ],
    [
      { check: 'releases have docs', details: 'v2 is inactive' },
      'Activate and build the version (`operation: sync-versions`, or an automation rule that activates new tags).',
    ],
    [
      { check: 'active versions build', details: 'never built', subject: 'v1' },
      'Build `v1` (`operation: build`), or deactivate it if nobody reads it.',
    ],
    [
      { check: 'active versions build', details: 'its last build failed', subject: 'v1' },
      'Fix what the service says (below), then build `v1` again; or deactivate it if nobody reads it.',
    ],
    [
      { check: 'the root works', details: 'builds are disabled' },
      "Re-enable the project's builds (*Admin → Settings*); the notification quoted says why they stopped.",
    ],
    [
      { check: 'the root works', details: 'the default version is not built' },
      "Set the default version to an active version that builds (`apply`'s `default_version`, or *Admin → Settings*).",
    ],
    [
      { check: 'links work', details: 'partial: 3 pages not read' },
      'Make the crawl fit: fewer pages (`link-check-pages`), an endless part left out (`link-check-ignore`), or a host that answers at its pace.',
    ],
    [
      // "partial: " not at the start: a crawl that finished.
      { check: 'links work', details: 'broken links: 1 to a page; partial: no' },
      'Fix or remove the broken links (below) in the pages named, then build the default version again.',
    ],
    [
      { check: 'links to other sites', details: 'dead' },
      'Update or remove each dead link (below) in the pages named, then build the default version again. A site that answers robots with an error while its pages work (LinkedIn’s 999, a 403): list that status in `link-check-accept`, or leave the site out with `link-check-ignore`.',
    ],
  ])('%o', (problem, fix) => {
    expect(fixFor(problem)).toBe(fix);
  });
});

/** The problem blocks of a body: from each heading to the next (or the footer). */
function blocksOf(body: string): string[] {
  return body
    .split(/\n\n(?=#### )/)
    .slice(1)
    .map((block) => block.replace(/\n+(_\d+ more problems? left out[^\n]*\n+)?\n_Checked by[\s\S]*$/, ''));
}

describe('issueBody: the problems, in order, each with its evidence', () => {
  it('a body in full: the marker, the verdict, "Checked" without a run, the problems only, the footer', () => {
    const body = issueBody(MARKER, [
      { project: 'acme', rows: [ok(), row({ check: 'the root works', details: 'not built', links: [] })] },
      { project: 'beta', rows: [ok()] },
    ]);
    expect(body).toBe(
      [
        MARKER,
        '### ❌ Read the Docs health: 1 problem in acme',
        '',
        'Checked. This issue is updated while a problem lasts, and closed once every check passes again.',
        '',
        "#### 1. ❌ acme: the project's root does not work",
        '',
        '- **Found:** not built',
        "- **Fix:** Set the default version to an active version that builds (`apply`'s `default_version`, or *Admin → Settings*).",
        '',
        FOOTER,
        '',
      ].join('\n'),
    );
  });

  it('the problems of every project in order, numbered; their headings say what is wrong', () => {
    const body = issueBody(
      MARKER,
      [
        {
          project: 'acme',
          rows: [
            row({ check: 'latest is current', subject: 'latest', details: 'behind' }),
            row({ check: 'releases have docs', subject: 'v|2', details: 'partial: not one' }),
            ok({ check: 'active versions build' }),
            row({ check: 'active versions build', subject: 'v1', details: 'failed' }),
          ],
        },
        {
          project: 'beta',
          rows: [
            row({ check: 'the root works', details: 'off' }),
            row({ check: 'links work', details: 'partial: 2 pages not read' }),
            row({ check: 'links work', details: 'broken links: 1 to a page (partial: no)' }),
            row({ check: 'links to other sites', details: '1 dead' }),
          ],
        },
      ],
      { at: AT },
    );
    expect(body.split('\n').slice(1, 4)).toEqual([
      '### ❌ Read the Docs health: 7 problems in acme, beta',
      '',
      'Last checked 2026-11-28 06:00 UTC. This issue is updated while a problem lasts, and closed once every check passes again.',
    ]);
    expect(body.split('\n').filter((line) => line.startsWith('#### '))).toEqual([
      '#### 1. ❌ acme: `latest` is behind the default branch',
      '#### 2. ❌ acme · `v|2`: a release has no docs',
      '#### 3. ❌ acme · `v1`: an active version does not build',
      "#### 4. ❌ beta: the project's root does not work",
      '#### 5. ❌ beta: a partial link check',
      '#### 6. ❌ beta: broken links',
      '#### 7. ❌ beta: dead links to other sites',
    ]);
    // A row of other sites with no link listed: its block ends with its fix.
    expect(blocksOf(body)[6]!.split('\n').at(-1)).toMatch(/^- \*\*Fix:\*\* Update or remove each dead link/);
  });

  it('a problem’s links follow what was found, each after a dot', () => {
    const links = [
      { label: 'build #4', url: 'https://app.readthedocs.org/b/4/' },
      { label: 'v1', url: 'https://app.readthedocs.org/v1/' },
    ];
    const body = issueBody(MARKER, [{ project: 'acme', rows: [row({ details: 'gone', links })] }]);
    expect(body).toContain(
      '\n- **Found:** gone · [build \\#4](https://app.readthedocs.org/b/4/) · [v1](https://app.readthedocs.org/v1/)\n',
    );
  });

  it('the service’s words under a fold, the crawl’s links under another: first 10 pages, first 5 links of each', () => {
    const reason = issueBody(MARKER, [
      { project: 'acme', rows: [row({ check: 'active versions build', subject: 'v1', reason: 'it failed' })] },
    ]);
    expect(blocksOf(reason)[0]!.split('\n').slice(4)).toEqual([
      '',
      '<details><summary>What the service said</summary>',
      '',
      '```text',
      'it failed',
      '```',
      '',
      '</details>',
    ]);
    const broken = [
      ...Array.from({ length: 7 }, (_, i) => own('index.html', `gone${i}.html`)),
      ...Array.from({ length: 11 }, (_, i) => own(`p${i}.html`, 'x.html')),
    ];
    const crawl = issueBody(MARKER, [{ project: 'acme', rows: [row({ broken, reason: 'not shown' })] }]);
    expect(blocksOf(crawl)[0]!.split('\n').slice(4)).toEqual([
      '',
      '<details><summary>What the crawl found</summary>',
      '',
      '- `index.html` · 7 broken',
      ...Array.from({ length: 5 }, (_, i) => `  - \`gone${i}.html\`: missing page`),
      '  - … and 2 more on this page: the job summary of the run lists them all',
      ...Array.from({ length: 9 }, (_, i) => [`- \`p${i}.html\``, '  - `x.html`: missing page']).flat(),
      '- … and 2 more pages: the job summary of the run lists them all',
      '',
      '</details>',
    ]);
  });

  it('dead links by site: each target with its answer, its first day, the pages linking to it; at most 50', () => {
    const project = 'acme';
    const broken = [
      dead('a.html', 'https://one.example/x|y', 'answered 410'),
      dead('b.html', 'https://one.example/x|y', 'answered 410'),
      ...Array.from({ length: 6 }, (_, i) => dead(`p${i}.html`, 'https://one.example/many')),
      dead('c|d.html', 'https://two.example/z'),
      // No URL: its own site.
      dead('e.html', 'mail|to'),
    ];
    const previous = sinceComment(new Map([[deadKey(project, 'https://one.example/x|y'), AT - 21 * DAY]]));
    const body = issueBody(MARKER, [{ project, rows: [row({ check: 'links to other sites', broken })] }], {
      at: AT,
      previous: `${MARKER}\n${previous}\n`,
    });
    expect(blocksOf(body)[0]!.split('\n').slice(4)).toEqual([
      '',
      'Dead links, by site (each confirmed by a second request later in the run):',
      '',
      '- `one.example`',
      '  - `https://one.example/x|y`: answered 410, dead since 2026-11-07 · linked from `a.html`, `b.html`',
      '  - `https://one.example/many`: answered 404, dead since 2026-11-28 · linked from `p0.html`, `p1.html`, `p2.html`, `p3.html`, `p4.html` and 1 more',
      '- `two.example`',
      '  - `https://two.example/z`: answered 404, dead since 2026-11-28 · linked from `c|d.html`',
      '- `mail|to`',
      '  - `mail|to`: answered 404, dead since 2026-11-28 · linked from `e.html`',
    ]);
    // Without a run's time, no day: none is known.
    const undated = issueBody(MARKER, [{ project, rows: [row({ check: 'links to other sites', broken })] }]);
    expect(undated).not.toContain('dead since');
    expect(undated).toContain('  - `https://two.example/z`: answered 404 · linked from `c|d.html`\n');
    expect(undated).not.toContain('<!-- readthedocs-action:dead-links');
  });

  it('past 50 dead targets, the rest counted (a site with none left is not named)', () => {
    const targets = (site: string, count: number) => Array.from({ length: count }, (_, i) => dead('/', `https://${site}/${i}`));
    const listed = (broken: BrokenLink[]) =>
      blocksOf(issueBody(MARKER, [{ project: 'acme', rows: [row({ check: 'links to other sites', broken })] }]))[0]!
        .split('\n')
        .slice(7);
    const fifty = listed([...targets('one.example', 49), ...targets('two.example', 1)]);
    expect(fifty).toHaveLength(52);
    expect(fifty.at(-1)).toBe('  - `https://two.example/0`: answered 404 · linked from `/`');
    const over = listed([...targets('one.example', 50), ...targets('two.example', 1)]);
    expect(over).toHaveLength(52);
    expect(over.filter((line) => line.startsWith('- '))).toEqual([
      '- `one.example`',
      '- … and 1 more dead link: the job summary of the run lists them all',
    ]);
    expect(listed([...targets('one.example', 48), ...targets('two.example', 4)]).slice(-3)).toEqual([
      '  - `https://two.example/0`: answered 404 · linked from `/`',
      '  - `https://two.example/1`: answered 404 · linked from `/`',
      '- … and 2 more dead links: the job summary of the run lists them all',
    ]);
  });
});

describe('issueBody: the hidden state of the dead links', () => {
  const target = 'https://one.example/x';
  const previousBody = (...keys: [string, string][]) =>
    `${MARKER}\n${sinceComment(new Map(keys.map(([project, link]) => [deadKey(project, link), AT - 9 * DAY])))}\n`;

  it('placed on the line under the marker, the heading after it once', () => {
    const body = issueBody(MARKER, [{ project: 'acme', rows: [row({ check: 'links to other sites', broken: [dead('/', target)] })] }], {
      at: AT,
      runUrl: 'https://github.com/o/r/actions/runs/1',
    });
    const lines = body.split('\n');
    expect(lines[0]).toBe(MARKER);
    expect(lines[1]).toBe(sinceComment(new Map([[deadKey('acme', target), AT]])));
    expect(lines[2]).toBe('### ❌ Read the Docs health: 1 problem in acme');
    expect(lines[4]).toBe(
      'Last checked 2026-11-28 06:00 UTC ([workflow run](https://github.com/o/r/actions/runs/1)). This issue is updated while a problem lasts, and closed once every check passes again.',
    );
    expect(body.split(MARKER)).toHaveLength(2);
    // No state to keep: nothing between the marker and the heading.
    expect(issueBody(MARKER, [{ project: 'acme', rows: [row()] }], { at: AT }).split('\n')[1]).toMatch(/^### /);
  });

  it("drops a crawled project's link that works again; keeps the days of a project not crawled and of a target not judged", () => {
    const previous = previousBody(['acme', target], ['beta', target], ['gamma', target], ['gamma', 'https://g.example/busy']);
    const body = issueBody(
      MARKER,
      [
        { project: 'acme', rows: [ok({ check: 'links to other sites' })] },
        { project: 'beta', rows: [ok({ check: 'links to other sites' })] },
        { project: 'gamma', rows: [row({ check: 'links to other sites', details: 'not judged', unjudged: ['https://g.example/busy'] })] },
        { project: 'delta', rows: [row({ check: 'the root works' })] },
      ],
      { at: AT, previous },
    );
    expect([...readSince(body).keys()]).toEqual([deadKey('gamma', 'https://g.example/busy')]);
    const notCrawled = issueBody(MARKER, [{ project: 'acme', rows: [row({ check: 'the root works' })] }], { at: AT, previous });
    expect([...readSince(notCrawled).keys()]).toEqual([deadKey('acme', target)]);
  });
});

describe('issueBody: bounded to what GitHub holds', () => {
  /** Problems of about 120 characters each, all of one size. */
  const rows = (count: number) =>
    Array.from({ length: count }, (_, i) => row({ check: 'the root works', subject: `v${String(i).padStart(4, '0')}`, details: 'x' }));

  it('keeps each problem while the body, 200 characters kept for the count, fits in 60,000; the rest counted', () => {
    const body = issueBody(MARKER, [{ project: 'acme', rows: rows(600) }], { at: AT });
    const head = body.slice(0, body.indexOf('\n\n#### '));
    const blocks = blocksOf(body);
    // Each kept block and the line break joining it; the next one (numbered with as many digits) of the last one's size.
    const kept = blocks.reduce((sum, block) => sum + block.length + 2, 0);
    const next = blocks.at(-1)!.length + 2;
    const fixed = head.length + `\n${FOOTER}`.length + 200;
    expect(fixed + kept).toBeLessThanOrEqual(MAX_ISSUE_BODY);
    expect(fixed + kept + next).toBeGreaterThan(MAX_ISSUE_BODY);
    expect(body.length).toBeLessThanOrEqual(MAX_ISSUE_BODY);
    expect(body).toContain(
      `\n\n_${600 - blocks.length} more problems left out: an issue holds at most 64 KB; the job summary of the run has them all._\n\n${FOOTER}\n`,
    );
    // In order: the first ones kept.
    expect(blocks.at(-1)).toContain(`\`v${String(blocks.length - 1).padStart(4, '0')}\``);
  });

  it('to the character: a problem that fills the bound exactly is kept; one character more, it is left out', () => {
    const measure = (body: string) => {
      const head = body.slice(0, body.indexOf('\n\n#### '));
      const blocks = blocksOf(body);
      return {
        count: blocks.length,
        slack: MAX_ISSUE_BODY - (head.length + `\n${FOOTER}`.length + 200) - blocks.reduce((sum, block) => sum + block.length + 2, 0),
      };
    };
    const fill = rows(600);
    const { count, slack } = measure(issueBody(MARKER, [{ project: 'acme', rows: fill }], { at: AT }));
    const padded = (extra: number) => [{ ...fill[0]!, details: 'x'.repeat(1 + extra) }, ...fill.slice(1)];
    const exact = measure(issueBody(MARKER, [{ project: 'acme', rows: padded(slack) }], { at: AT }));
    expect(exact).toEqual({ count, slack: 0 });
    const over = measure(issueBody(MARKER, [{ project: 'acme', rows: padded(slack + 1) }], { at: AT }));
    expect(over.count).toBe(count - 1);
  });

  it('one problem left out is one; a smaller one after it still listed; none left out, no count', () => {
    const fill = rows(600);
    const body = issueBody(MARKER, [{ project: 'acme', rows: fill }], { at: AT });
    const kept = blocksOf(body).length;
    const big = row({ check: 'active versions build', subject: 'big', reason: 'y'.repeat(3_000) });
    const one = issueBody(
      MARKER,
      [{ project: 'acme', rows: [...fill.slice(0, kept - 1), big, row({ check: 'the root works', subject: 'last' })] }],
      {
        at: AT,
      },
    );
    expect(one).toContain('\n_1 more problem left out: an issue holds at most 64 KB; the job summary of the run has them all._\n');
    expect(one).not.toContain('`big`');
    expect(one).toContain(`#### ${kept + 1}. ❌ acme · \`last\``);
    const all = issueBody(MARKER, [{ project: 'acme', rows: fill.slice(0, kept) }], { at: AT });
    expect(all).not.toContain('left out');
    expect(blocksOf(all)).toHaveLength(kept);
  });
});

describe('brokenLinksSections: the job summary lists every page', () => {
  it('a section per row with links: every page, its first 20 links, the rest counted', () => {
    const broken = [
      ...Array.from({ length: 21 }, (_, i) => own('index.html', `g${i}.html`)),
      ...Array.from({ length: 14 }, (_, i) => own(`p${i}.html`, '#top')),
    ];
    const sections = brokenLinksSections([
      { project: 'acme', rows: [ok({ check: 'latest is current' }), row({ subject: 'v|1', broken })] },
      { project: 'beta', rows: [row()] },
    ]);
    expect(sections).toHaveLength(1);
    expect(sections[0]!.split('\n')).toEqual([
      '### Broken links in acme (`v|1`)',
      '',
      '35 broken links (35 to pages) on 15 pages:',
      '',
      '- `index.html` · 21 broken',
      ...Array.from({ length: 20 }, (_, i) => `  - \`g${i}.html\`: missing page`),
      '  - … and 1 more on this page (every one in the `results` output)',
      ...Array.from({ length: 14 }, (_, i) => [`- \`p${i}.html\``, '  - `#top`: missing page']).flat(),
    ]);
  });

  it('one link on one page; the dead links to other sites headed as such', () => {
    const sections = brokenLinksSections([
      {
        project: 'acme',
        rows: [
          row({ broken: [own('a.html', 'b.html')] }),
          row({ check: 'links to other sites', broken: [dead('a.html', 'https://x.example/')] }),
        ],
      },
    ]);
    expect(sections).toEqual([
      ['### Broken links in acme', '', '1 broken link (1 to a page) on 1 page:', '', '- `a.html`', '  - `b.html`: missing page'].join('\n'),
      [
        '### Dead links to other sites in acme',
        '',
        '1 broken link (1 to another site) on 1 page:',
        '',
        '- `a.html`',
        '  - `https://x.example/`: answered 404',
      ].join('\n'),
    ]);
  });
});

describe('issueLine: what the run did to the issue', () => {
  const url = 'https://github.com/o/r/issues/7';
  it.each([
    ['opened', 'Health issue [\\#7](https://github.com/o/r/issues/7): opened by this run: it lists every problem with its fix.'],
    ['updated', 'Health issue [\\#7](https://github.com/o/r/issues/7): updated by this run.'],
    ['unchanged', 'Health issue [\\#7](https://github.com/o/r/issues/7): unchanged: it already lists these problems.'],
    ['closed', 'Health issue [\\#7](https://github.com/o/r/issues/7): closed by this run: every check passes again.'],
    ['adopted', 'Health issue [\\#7](https://github.com/o/r/issues/7): adopted.'],
  ])('%s', (action, line) => {
    expect(issueLine({ action, number: 7, url })).toBe(line);
  });

  it('no line without an issue, or when the run did nothing to it', () => {
    expect(issueLine({ action: 'none', number: 7, url })).toBeUndefined();
    expect(issueLine({ action: 'opened', url })).toBeUndefined();
    expect(issueLine({ action: 'opened', number: 7 })).toBe('Health issue \\#7: opened by this run: it lists every problem with its fix.');
  });
});

describe('closingComment', () => {
  it('names every project', () => {
    expect(closingComment(['acme', 'be_ta'])).toBe('Every health check passes again for acme, be\\_ta: closing.');
  });
});
