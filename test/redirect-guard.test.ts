// The redirect guard (pure): the pages a pull request moves or removes, whether a redirect covers
// each (matched as the service matches, in its normal form), the entry to paste, and the
// redirects a project file lists.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  coverage,
  coveringRule,
  isCovered,
  movedPages,
  normalisePath,
  redirectEntry,
  type PullRequestFile,
} from '../src/operations/preview/redirect-guard.ts';
import { ConfigFileError, MAX_FILE_BYTES, parseConfigFile } from '../src/operations/shared/project-file/file.ts';
import { projectFileRedirects } from '../src/operations/shared/project-file/redirects-of.ts';
import { anyText } from './support/arbitraries.ts';

const ISSUE_FILES: PullRequestFile[] = [
  { filename: 'docs/getting-started/install.rst', status: 'renamed', previousFilename: 'docs/install.rst' },
  { filename: 'docs/old-page.rst', status: 'removed' },
  { filename: 'docs/index.rst', status: 'modified' },
  { filename: 'src/module.py', status: 'removed' },
];

describe('movedPages', () => {
  it("finds the issue's renamed and removed pages, with the new address of the renamed one", () => {
    expect(movedPages({ files: ISSUE_FILES, docsDir: 'docs' })).toEqual([
      { file: 'docs/install.rst', newFile: 'docs/getting-started/install.rst', from: '/install.html', to: '/getting-started/install.html' },
      { file: 'docs/old-page.rst', from: '/old-page.html' },
    ]);
  });

  it('dirhtml and MkDocs give directory addresses; singlehtml has no pages', () => {
    expect(movedPages({ files: ISSUE_FILES, docsDir: 'docs', builder: 'sphinx-dirhtml' }).map((p) => [p.from, p.to])).toEqual([
      ['/install/', '/getting-started/install/'],
      ['/old-page/', undefined],
    ]);
    expect(movedPages({ files: [{ filename: 'docs/a/index.md', status: 'removed' }], docsDir: 'docs', builder: 'mkdocs' })[0]!.from).toBe(
      '/a/',
    );
    expect(movedPages({ files: ISSUE_FILES, docsDir: 'docs', builder: 'sphinx-singlehtml' })).toEqual([]);
  });

  it('an address that another file of the pull request still builds does not disappear', () => {
    const files: PullRequestFile[] = [
      { filename: 'docs/install.md', status: 'renamed', previousFilename: 'docs/install.rst' },
      { filename: 'docs/faq.md', status: 'added' },
      { filename: 'docs/faq.rst', status: 'removed' },
      { filename: 'docs/moved-out.rst', status: 'renamed', previousFilename: 'other/moved-out.rst' },
    ];
    expect(movedPages({ files, docsDir: 'docs' })).toEqual([]);
  });

  it('a page renamed out of the docs folder has no new address', () => {
    const files = [{ filename: 'archive/install.rst', status: 'renamed', previousFilename: 'docs/install.rst' }];
    expect(movedPages({ files, docsDir: 'docs' })).toEqual([
      { file: 'docs/install.rst', newFile: 'archive/install.rst', from: '/install.html' },
    ]);
  });

  it("an html builder's index page is two addresses, each with its own entry; dirhtml's and MkDocs' one", () => {
    const removed: PullRequestFile[] = [{ filename: 'docs/guide/index.rst', status: 'removed' }];
    expect(movedPages({ files: removed, docsDir: 'docs' })).toEqual([
      { file: 'docs/guide/index.rst', from: '/guide/' },
      { file: 'docs/guide/index.rst', from: '/guide/index.html' },
    ]);
    expect(movedPages({ files: removed, docsDir: 'docs', builder: 'sphinx-dirhtml' }).map((p) => p.from)).toEqual(['/guide/']);
    const renamed = (to: string): PullRequestFile[] => [{ filename: to, status: 'renamed', previousFilename: 'docs/guide/index.rst' }];
    expect(movedPages({ files: renamed('docs/manual/index.rst'), docsDir: 'docs' }).map((p) => [p.from, p.to])).toEqual([
      ['/guide/', '/manual/'],
      ['/guide/index.html', '/manual/index.html'],
    ]);
    expect(movedPages({ files: renamed('docs/guide.rst'), docsDir: 'docs' }).map((p) => [p.from, p.to])).toEqual([
      ['/guide/', '/guide.html'],
      ['/guide/index.html', '/guide.html'],
    ]);
    // The version's root is no page a redirect replaces; an index page built again keeps both addresses.
    expect(movedPages({ files: [{ filename: 'docs/index.rst', status: 'removed' }], docsDir: 'docs' }).map((p) => p.from)).toEqual([
      '/index.html',
    ]);
    expect(movedPages({ files: [...removed, { filename: 'docs/guide/index.md', status: 'added' }], docsDir: 'docs' })).toEqual([]);
  });

  it('leaves out paths too long to be a page anyone links to', () => {
    const long = `docs/${'a'.repeat(600)}.rst`;
    expect(movedPages({ files: [{ filename: long, status: 'removed' }], docsDir: 'docs' })).toEqual([]);
  });

  it('property: any file list gives pages whose old address no remaining file builds', () => {
    const path = fc
      .tuple(
        fc.constantFrom('docs', 'docs/a', 'src', 'docs/.hidden'),
        fc.constantFrom('x', 'y', 'index'),
        fc.constantFrom('.rst', '.md', '.py'),
      )
      .map(([d, n, e]) => `${d}/${n}${e}`);
    const file = fc.record({
      filename: path,
      status: fc.constantFrom('added', 'modified', 'removed', 'renamed'),
      previousFilename: fc.option(path, { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(file, { maxLength: 12 }), (files) => {
        const moved = movedPages({ files, docsDir: 'docs' });
        const stays = files
          .filter((f) => f.status !== 'removed')
          .map((f) => f.filename.replace(/^docs\//, '/').replace(/\.(rst|md)$/, '.html'));
        for (const page of moved) {
          expect(stays).not.toContain(page.from);
          expect(page.from.startsWith('/')).toBe(true);
        }
        expect(new Set(moved.map((p) => p.from)).size).toBe(moved.length);
      }),
    );
  });
});

describe('coveringRule', () => {
  it('names the redirect that covers a page: the first in the list that matches, the disabled ones skipped', () => {
    const first = { type: 'page', from: '/guide/*', to: '/manual/' };
    const rules = [
      { type: 'page', from: '/guide/install.html', to: '/off.html', enabled: false },
      first,
      { type: 'page', from: '/guide/install.html', to: '/later.html' },
      { type: 'exact', from: '/en/latest/api/old.html', to: '/en/latest/api/new.html' },
    ];
    const covering = coveringRule(rules, '/en/latest');
    expect(covering('/guide/install.html')).toBe(first);
    expect(covering('/api/old.html')).toBe(rules[3]);
    expect(covering('/api/new.html')).toBeUndefined();
    // The clean-URL types name themselves when they cover a move.
    const clean = { type: 'clean_url_to_html', from: '' };
    expect(coveringRule([clean], undefined)({ from: '/guide/', to: '/guide.html' })).toBe(clean);
    expect(coveringRule([clean], undefined)('/guide/')).toBeUndefined();
  });
});

describe('isCovered', () => {
  it('matches page redirects in the normal form: one leading slash, no trailing slash', () => {
    expect(isCovered('/install.html', [{ type: 'page', from: '/install.html' }], undefined)).toBe(true);
    expect(isCovered('/install.html', [{ type: 'page', from: 'install.html' }], undefined)).toBe(true);
    expect(isCovered('/install.html', [{ type: 'page', from: '//install.html/' }], undefined)).toBe(true);
    expect(isCovered('/install/', [{ type: 'page', from: '/install' }], undefined)).toBe(true);
    expect(isCovered('/install/', [{ type: 'page', from: '/install/' }], undefined)).toBe(true);
    expect(isCovered('/install.html', [{ type: 'page', from: '/Install.html' }], undefined)).toBe(false);
    expect(isCovered('/install.html', [{ type: 'page', from: '/install.htm' }], undefined)).toBe(false);
  });

  it('a trailing * matches by prefix; disabled redirects and the clean-URL types cover no address alone', () => {
    expect(isCovered('/guide/install.html', [{ type: 'page', from: '/guide/*' }], undefined)).toBe(true);
    expect(isCovered('/guides/install.html', [{ type: 'page', from: '/guide/*' }], undefined)).toBe(false);
    expect(isCovered('/install.html', [{ type: 'page', from: '*' }], undefined)).toBe(true);
    expect(isCovered('/install.html', [{ type: 'page', from: '/install.html', enabled: false }], undefined)).toBe(false);
    expect(
      isCovered(
        '/install.html',
        [
          { type: 'html_to_clean_url', from: '' },
          { type: 'clean_url_to_html', from: '' },
        ],
        undefined,
      ),
    ).toBe(false);
  });

  it('exact redirects match the full path under the given prefix', () => {
    const rules = [{ type: 'exact', from: '/en/latest/install.html' }];
    expect(isCovered('/install.html', rules, '/en/latest')).toBe(true);
    expect(isCovered('/install.html', rules, '/en/stable/')).toBe(false);
    expect(isCovered('/install.html', rules, undefined)).toBe(false);
    expect(isCovered('/install.html', [{ type: 'exact', from: '/en/*' }], '/en/latest')).toBe(true);
  });

  it('exact redirects match under every prefix the project serves (versions, a subproject path), and no other', () => {
    const prefixes = ['/en/latest', '/en/stable', '/en/v2.0'];
    expect(isCovered('/install.html', [{ type: 'exact', from: '/en/v2.0/install.html' }], prefixes)).toBe(true);
    expect(isCovered('/install.html', [{ type: 'exact', from: '/en/stable/install.html/' }], prefixes)).toBe(true);
    expect(isCovered('/install.html', [{ type: 'exact', from: '/en/v3.0/install.html' }], prefixes)).toBe(false);
    expect(isCovered('/install.html', [{ type: 'exact', from: '/ja/latest/install.html' }], prefixes)).toBe(false);
    expect(isCovered('/install.html', [{ type: 'exact', from: '/en/v*' }], prefixes)).toBe(true);
    expect(isCovered('/guide/a.html', [{ type: 'exact', from: '/en/stable/guide/*' }], prefixes)).toBe(true);
    expect(isCovered('/guides/a.html', [{ type: 'exact', from: '/en/stable/guide/*' }], prefixes)).toBe(false);
    const sub = ['/projects/api/en/latest'];
    expect(isCovered('/install.html', [{ type: 'exact', from: '/projects/api/en/latest/install.html' }], sub)).toBe(true);
    expect(isCovered('/install.html', [{ type: 'exact', from: '/en/latest/install.html' }], sub)).toBe(false);
    expect(isCovered('/install.html', [{ type: 'exact', from: '/install.html' }], [''])).toBe(true);
  });

  it('property: exact redirects brought below the root match as the full path would, for any prefixes', () => {
    const part = fc.constantFrom('en', 'latest', 'v1', 'projects', 'api', 'guide', 'a.html', '');
    const path = fc.array(part, { maxLength: 4 }).map((parts) => parts.join('/'));
    const naive = (from: string, full: string) => {
      const rule = normalisePath(from);
      const target = `/${full.replace(/^\/+/, '')}`;
      return rule.endsWith('*') ? target.startsWith(rule.slice(0, -1)) : normalisePath(target) === rule;
    };
    fc.assert(
      fc.property(fc.array(path, { minLength: 1, maxLength: 3 }), fc.tuple(path, fc.boolean()), path, (prefixes, [from, star], page) => {
        const rule = { type: 'exact', from: star ? `/${from}*` : `/${from}` };
        const pagePath = `/${page.replace(/^\/+/, '') || 'x.html'}`;
        const expected = prefixes.some((prefix) => {
          const base = prefix.replace(/^\/+|\/+$/g, '');
          return naive(rule.from, base === '' ? pagePath : `/${base}${pagePath}`);
        });
        expect(isCovered(pagePath, [rule], prefixes)).toBe(expected);
      }),
    );
  });

  it('an exact redirect with `//` right after a prefix covers no page (fast-check seed 384168728)', () => {
    expect(isCovered('/x.html', [{ type: 'exact', from: '/a.html//*' }], ['a.html'])).toBe(false);
    expect(isCovered('/b.html', [{ type: 'exact', from: '/en/latest//b.html' }], ['/en/latest'])).toBe(false);
    expect(isCovered('/b.html', [{ type: 'exact', from: '/en/latest/b.html' }], ['/en/latest'])).toBe(true);
  });

  it('clean_url_to_html and html_to_clean_url cover the moves whose new address is where they send the old one', () => {
    const toHtml = [{ type: 'clean_url_to_html', from: '' }];
    const toClean = [{ type: 'html_to_clean_url', from: '' }];
    expect(isCovered({ from: '/guide/index.html', to: '/guide.html' }, toHtml, undefined)).toBe(true);
    expect(isCovered({ from: '/guide/', to: '/guide.html' }, toHtml, undefined)).toBe(true);
    expect(isCovered({ from: '/guide/', to: '/manual.html' }, toHtml, undefined)).toBe(false);
    expect(isCovered({ from: '/guide/' }, toHtml, undefined)).toBe(false);
    expect(isCovered({ from: '/guide.html', to: '/guide/index.html' }, toHtml, undefined)).toBe(false);
    expect(isCovered({ from: '/install.html', to: '/install/index.html' }, toClean, undefined)).toBe(true);
    expect(isCovered({ from: '/install.html', to: '/install/' }, toClean, undefined)).toBe(true);
    expect(isCovered({ from: '/install.html', to: '/setup/' }, toClean, undefined)).toBe(false);
    expect(isCovered({ from: '/guide/index.html', to: '/guide/' }, toClean, undefined)).toBe(false);
    expect(isCovered({ from: '/install.html', to: '/install/' }, [{ ...toClean[0]!, enabled: false }], undefined)).toBe(false);
    // The version's root has no page of its own to go to.
    expect(isCovered({ from: '/index.html', to: '/.html' }, toHtml, undefined)).toBe(false);
  });

  it('stays linear with many versions: the exact redirects are brought below the root once', () => {
    const prefixes = Array.from({ length: 2000 }, (_, i) => `/en/v${i}`);
    const rules = Array.from({ length: 500 }, (_, i) => ({ type: 'exact', from: `/en/v${i}/page-${i}.html` }));
    const covers = coverage(rules, prefixes);
    const pages = Array.from({ length: 3000 }, (_, i) => `/page-${i}.html`);
    expect(pages.filter((page) => covers(page))).toHaveLength(500);
  });

  it('stays linear on a hostile run of slashes (a regex anchored at the end would not)', () => {
    const from = `${'/'.repeat(200_000)}x`;
    expect(normalisePath(from)).toBe('/x');
    expect(isCovered('/x', [{ type: 'page', from }], undefined)).toBe(true);
    expect(normalisePath(`/a${'/'.repeat(200_000)}`)).toBe('/a');
  });

  it('is its own normal form when white space and slashes mix at the ends (fast-check seed 1273664844)', () => {
    for (const text of ['\u0000\t/', 'x /', ' / x / \n/', '\t/\t'])
      expect(normalisePath(normalisePath(text)), JSON.stringify(text)).toBe(normalisePath(text));
    expect(normalisePath('\u0000\t/')).toBe('/\u0000');
    expect(normalisePath(` /${' /'.repeat(100_000)}x/ `)).toBe('/x');
  });

  it('property: the normal form is idempotent and a page is covered by a redirect from its own normal form', () => {
    fc.assert(
      fc.property(anyText({ maxLength: 60 }), (text) => {
        const once = normalisePath(text);
        expect(normalisePath(once)).toBe(once);
        expect(once.startsWith('/')).toBe(true);
        expect(once === '/' || !once.endsWith('/')).toBe(true);
        const page = `/${text.trim().replace(/^\/+/, '')}`;
        if (!once.endsWith('*')) expect(isCovered(page, [{ type: 'page', from: once }], undefined)).toBe(true);
      }),
    );
  });
});

describe('redirectEntry', () => {
  it('is the line to paste: `to` for a renamed page, left empty for a removed one', () => {
    const [renamed, removed] = movedPages({ files: ISSUE_FILES, docsDir: 'docs' });
    expect(redirectEntry(renamed!)).toBe(
      '- {type: page, from: /install.html, to: /getting-started/install.html}  # docs/install.rst → docs/getting-started/install.rst',
    );
    expect(redirectEntry(removed!)).toBe('- {type: page, from: /old-page.html, to:}  # docs/old-page.rst removed: choose where it goes');
  });

  it('pasted into the project file, a renamed page is a valid redirect and a removed one is refused until `to` is filled in', async () => {
    const [renamed, removed] = movedPages({ files: ISSUE_FILES, docsDir: 'docs' });
    const { projects: desired } = await parseConfigFile('f.yml', `redirects:\n  ${redirectEntry(renamed!)}\n`, ['acme']);
    expect(desired.get('acme')!.redirects).toEqual([
      expect.objectContaining({ type: 'page', from: '/install.html', to: '/getting-started/install.html' }),
    ]);
    await expect(parseConfigFile('f.yml', `redirects:\n  ${redirectEntry(removed!)}\n`, ['acme'])).rejects.toBeInstanceOf(ConfigFileError);
  });

  it('quotes a hostile path and keeps the entry on one line', async () => {
    const entry = redirectEntry({ file: 'docs/a\n::error::x.rst', from: '/a b}, {type: exact.html', to: '/x\ny.html' });
    expect(entry.split('\n')).toHaveLength(1);
    const { parse } = await import('yaml');
    const parsed = parse(entry) as { type: string; from: string; to: string }[];
    expect(parsed).toEqual([{ type: 'page', from: '/a b}, {type: exact.html', to: '/x\ny.html' }]);
  });
});

describe('projectFileRedirects', () => {
  it('reads the redirects at the top, or under the project in `projects`', async () => {
    const top =
      'redirects:\n  - {type: page, from: /install.html, to: /getting-started/install.html}\n  - {type: exact, from_url: /en/v1/*, to: /en/latest/, enabled: false}\n';
    expect(await projectFileRedirects(top, 'acme')).toEqual([
      { type: 'page', from: '/install.html' },
      { type: 'exact', from: '/en/v1/*', enabled: false },
    ]);
    const several = 'projects:\n  acme:\n    redirects: [{type: page, from: /a.html, to: /b.html}]\n  other: {}\n';
    expect(await projectFileRedirects(several, 'acme')).toEqual([{ type: 'page', from: '/a.html' }]);
    expect(await projectFileRedirects(several, 'other')).toBeUndefined();
  });

  it('is undefined for a file that is not YAML, manages no redirects, or is too large', async () => {
    expect(await projectFileRedirects('settings: {name: x}\n', 'acme')).toBeUndefined();
    expect(await projectFileRedirects('redirects: [\n', 'acme')).toBeUndefined();
    expect(await projectFileRedirects(`# ${'x'.repeat(600 * 1024)}\nredirects: []\n`, 'acme')).toBeUndefined();
    // One limit for every reader of the file: past `apply`'s, the redirect check reads none either.
    const past = `redirects: [{type: page, from: /a.html, to: /b.html}]\n# ${'x'.repeat(MAX_FILE_BYTES)}\n`;
    expect(await projectFileRedirects(past, 'acme')).toBeUndefined();
    expect(await projectFileRedirects(past.slice(0, MAX_FILE_BYTES - 1), 'acme')).toEqual([{ type: 'page', from: '/a.html' }]);
    expect(
      await projectFileRedirects(
        'a: &a [1]\nb: [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nredirects: []\n',
        'acme',
      ),
    ).toBeUndefined();
  });
});
