import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { doctypeOf } from '../src/readthedocs/schemas.js';
import {
  builderFromReadthedocsYaml,
  builderOfDoctype,
  changedPages,
  docsDirFromReadthedocsYaml,
  MAX_CHANGED_PAGES,
  MAX_READTHEDOCS_YAML_BYTES,
  readReadthedocsConfig,
} from '../src/operations/preview/changed-pages.js';

describe('docsDirFromReadthedocsYaml', async () => {
  it('reads the Sphinx configuration folder', async () => {
    const yaml = [
      'version: 2',
      'build:',
      '  os: ubuntu-24.04',
      '  tools:',
      '    python: "3.13"',
      'sphinx:',
      '  configuration: docs/conf.py',
      '  fail_on_warning: true',
    ].join('\n');
    expect(await docsDirFromReadthedocsYaml(yaml)).toBe('docs');
  });

  it('tolerates comments, quotes, CRLF, a BOM, a document marker and deeper indentation', async () => {
    const yaml =
      '\uFEFF---\r\n# Read the Docs\r\nversion: 2 # v2\r\n"sphinx": # the builder\r\n\r\n    # where conf.py lives\r\n    configuration: \'site/source/conf.py\'  # comment\r\n';
    expect(await docsDirFromReadthedocsYaml(yaml)).toBe('site/source');
    expect(await docsDirFromReadthedocsYaml('sphinx:\n  configuration: "doc s/#not a comment/conf.py"\n')).toBe('doc s/#not a comment');
  });

  it('reads a flow mapping', async () => {
    expect(await docsDirFromReadthedocsYaml('version: 2\nsphinx: {configuration: "docs/source/conf.py", fail_on_warning: true}\n')).toBe(
      'docs/source',
    );
  });

  it('gives "." for a conf.py at the top and normalises ./ prefixes', async () => {
    expect(await docsDirFromReadthedocsYaml('sphinx:\n  configuration: conf.py\n')).toBe('.');
    expect(await docsDirFromReadthedocsYaml('sphinx:\n  configuration: ./docs/conf.py\n')).toBe('docs');
  });

  it('does not take a nested configuration key of another section', async () => {
    const yaml = ['version: 2', 'mkdocs:', '  configuration: mkdocs.yml', 'other:', '  sphinx:', '    configuration: wrong/conf.py'].join(
      '\n',
    );
    expect(await docsDirFromReadthedocsYaml(yaml)).toBeUndefined();
  });

  it('does not take a key from a grandchild mapping', async () => {
    const yaml = ['sphinx:', '  builder: html', '  extra:', '    configuration: wrong/conf.py'].join('\n');
    expect(await docsDirFromReadthedocsYaml(yaml)).toBeUndefined();
  });

  it.each([
    ['MkDocs', 'version: 2\nmkdocs:\n  configuration: mkdocs.yml\n'],
    ['no builder', 'version: 2\nbuild:\n  os: ubuntu-24.04\n'],
    ['sphinx without configuration', 'version: 2\nsphinx:\n  builder: html\n'],
    ['null configuration', 'sphinx:\n  configuration: null\n'],
    ['a path climbing out', 'sphinx:\n  configuration: ../conf.py\n'],
    ['a commented-out section', '# sphinx:\n#   configuration: docs/conf.py\n'],
    ['empty text', ''],
  ])('gives undefined for %s', async (_name, yaml) => {
    expect(await docsDirFromReadthedocsYaml(yaml)).toBeUndefined();
  });
});

describe('builderFromReadthedocsYaml', async () => {
  it('names the builder section', async () => {
    expect(await builderFromReadthedocsYaml('version: 2\nsphinx:\n  configuration: docs/conf.py\n')).toBe('sphinx');
    expect(await builderFromReadthedocsYaml('version: 2\nmkdocs:\n  configuration: mkdocs.yml\n')).toBe('mkdocs');
    expect(await builderFromReadthedocsYaml('version: 2\nbuild:\n  commands: []\n')).toBeUndefined();
  });

  it("`htmldir` is the service's synonym of `dirhtml`: directory URLs", async () => {
    expect(await builderFromReadthedocsYaml('version: 2\nsphinx:\n  builder: htmldir\n')).toBe('sphinx-dirhtml');
    expect(await builderFromReadthedocsYaml('version: 2\nsphinx:\n  builder: dirhtml\n')).toBe('sphinx-dirhtml');
    expect(await builderFromReadthedocsYaml('version: 2\nsphinx:\n  builder: singlehtml\n')).toBe('sphinx-singlehtml');
  });
});

describe("the build's resolved configuration (`?expand=config`)", () => {
  it('names the builder by its doctype, else by sphinx.builder; anything else tells nothing', () => {
    expect(builderOfDoctype(doctypeOf({ doctype: 'sphinx_htmldir' }))).toBe('sphinx-dirhtml');
    expect(builderOfDoctype(doctypeOf({ doctype: 'sphinx_singlehtml' }))).toBe('sphinx-singlehtml');
    expect(builderOfDoctype(doctypeOf({ doctype: 'mkdocs', mkdocs: { configuration: 'mkdocs.yml' } }))).toBe('mkdocs');
    expect(builderOfDoctype(doctypeOf({ doctype: 'sphinx', sphinx: { builder: 'sphinx' } }))).toBe('sphinx');
    expect(builderOfDoctype(doctypeOf({ sphinx: { builder: 'sphinx_htmldir' } }))).toBe('sphinx-dirhtml');
    expect(builderOfDoctype(doctypeOf({ sphinx: { builder: 'htmldir' } }))).toBe('sphinx-dirhtml');
    expect(doctypeOf({ doctype: 'generic', build: { commands: ['make html'] } })).toBe('generic');
    expect(builderOfDoctype('generic')).toBeUndefined();
    for (const odd of [
      null,
      undefined,
      {},
      [],
      'sphinx',
      { doctype: 7 },
      { doctype: 'toString' },
      { sphinx: { builder: 'constructor' } },
    ]) {
      expect(builderOfDoctype(doctypeOf(odd))).toBeUndefined();
    }
  });
});

describe('changedPages', () => {
  const base = 'https://docs--42.org.readthedocs.build/en/42/';

  it('maps Sphinx sources under the docs folder to .html pages and ignores everything else', () => {
    const pages = changedPages({
      changedFiles: [
        'README.md',
        'src/app.ts',
        'docs/conf.py',
        'docs/index.rst',
        'docs/guide/index.rst',
        'docs/usage.md',
        'docs/tour.ipynb',
        'docs/_static/x.css',
        'docsextra/page.rst',
      ],
      docsDir: 'docs',
      previewUrl: base,
    });
    expect(pages).toEqual([
      { file: 'docs/guide/index.rst', url: `${base}guide/index.html` },
      { file: 'docs/index.rst', url: `${base}index.html` },
      { file: 'docs/tour.ipynb', url: `${base}tour.html` },
      { file: 'docs/usage.md', url: `${base}usage.html` },
    ]);
  });

  it('joins with or without a trailing slash on the preview URL and docs folder', () => {
    const expected = [{ file: 'docs/a.rst', url: 'https://x--1.org.readthedocs.build/1/a.html' }];
    expect(changedPages({ changedFiles: ['docs/a.rst'], docsDir: 'docs/', previewUrl: 'https://x--1.org.readthedocs.build/1' })).toEqual(
      expected,
    );
    expect(changedPages({ changedFiles: ['docs/a.rst'], docsDir: './docs', previewUrl: 'https://x--1.org.readthedocs.build/1/' })).toEqual(
      expected,
    );
  });

  it('treats "." as the whole repository but skips hidden folders and _build', () => {
    const pages = changedPages({
      changedFiles: ['index.rst', '.github/PULL_REQUEST_TEMPLATE.md', '_build/html/x.md', 'sub/.ipynb_checkpoints/n.ipynb'],
      docsDir: '.',
      previewUrl: base,
    });
    expect(pages.map((page) => page.file)).toEqual(['index.rst']);
  });

  it('percent-encodes each path segment', () => {
    const [page] = changedPages({ changedFiles: ['docs/Guide Book/(draft) #1?.md'], docsDir: 'docs', previewUrl: base });
    expect(page?.url).toBe(`${base}Guide%20Book/%28draft%29%20%231%3F.html`);
  });

  it('keeps extension case out of the way', () => {
    expect(changedPages({ changedFiles: ['docs/README.MD'], docsDir: 'docs', previewUrl: base })).toEqual([
      { file: 'docs/README.MD', url: `${base}README.html` },
    ]);
  });

  it('uses directory URLs for MkDocs', () => {
    const pages = changedPages({
      changedFiles: ['docs/index.md', 'docs/guide/setup.md', 'docs/guide/README.md', 'docs/api.rst'],
      docsDir: 'docs',
      previewUrl: base,
      builder: 'mkdocs',
    });
    expect(pages).toEqual([
      { file: 'docs/guide/README.md', url: `${base}guide/` },
      { file: 'docs/guide/setup.md', url: `${base}guide/setup/` },
      { file: 'docs/index.md', url: base },
    ]);
  });

  it('drops the hash of the preview URL', () => {
    expect(changedPages({ changedFiles: ['docs/a.rst'], docsDir: 'docs', previewUrl: `${base}#top` })[0]?.url).toBe(`${base}a.html`);
  });

  it('returns at most 20 pages in a stable order, without duplicates', () => {
    const files = Array.from({ length: 30 }, (_, index) => `docs/page-${String(index).padStart(2, '0')}.rst`);
    const shuffled = [...files].reverse();
    const pages = changedPages({ changedFiles: [...shuffled, files[0]!], docsDir: 'docs', previewUrl: base });
    expect(pages).toHaveLength(MAX_CHANGED_PAGES);
    expect(pages.map((page) => page.file)).toEqual(files.slice(0, 20));
    expect(changedPages({ changedFiles: files, docsDir: 'docs', previewUrl: base })).toEqual(pages);
  });

  it('property: every URL stays under the preview URL and parses', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 3 }), fc.constantFrom('.rst', '.md', '.ipynb', '.py')),
        ),
        (entries) => {
          const files = entries.map(([folders, extension]) => ['docs', ...folders, `p${extension}`].join('/'));
          for (const page of changedPages({ changedFiles: files, docsDir: 'docs', previewUrl: base })) {
            expect(page.url.startsWith(base)).toBe(true);
            expect(new URL(page.url).href).toBe(page.url);
            expect(page.url.endsWith('.html')).toBe(true);
          }
        },
      ),
    );
  });
});

describe('readReadthedocsConfig (the yaml package)', () => {
  it('links Sphinx dirhtml pages as page/ and gives no page links for singlehtml', async () => {
    const config = await readReadthedocsConfig('version: 2\nsphinx:\n  configuration: docs/conf.py\n  builder: dirhtml\n');
    expect(config).toEqual({ docsDir: 'docs', builder: 'sphinx-dirhtml' });
    const pages = changedPages({
      changedFiles: ['docs/guide/setup.rst', 'docs/index.rst', 'docs/guide/index.md'],
      docsDir: 'docs',
      previewUrl: 'https://demo--7.org.readthedocs.build/en/7/',
      builder: config.builder,
    });
    expect(pages.map((page) => page.url)).toEqual([
      'https://demo--7.org.readthedocs.build/en/7/guide/',
      'https://demo--7.org.readthedocs.build/en/7/guide/setup/',
      'https://demo--7.org.readthedocs.build/en/7/',
    ]);
    const single = await readReadthedocsConfig('sphinx:\n  configuration: docs/conf.py\n  builder: singlehtml\n');
    expect(
      changedPages({ changedFiles: ['docs/a.rst'], docsDir: 'docs', previewUrl: 'https://x.example/', builder: single.builder }),
    ).toEqual([]);
  });

  it('refuses a file over 64 KB, an alias bomb and text that is not a mapping, without throwing', async () => {
    const big = `sphinx:\n  configuration: docs/conf.py\n#${'x'.repeat(MAX_READTHEDOCS_YAML_BYTES)}\n`;
    expect(await readReadthedocsConfig(big)).toEqual({ docsDir: undefined, builder: undefined });
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x]',
      ...Array.from(
        { length: 12 },
        (_, i) =>
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}]`,
      ),
      'sphinx: {configuration: docs/conf.py}',
    ].join('\n');
    expect((await readReadthedocsConfig(bomb)).docsDir).toBeUndefined();
    expect(await readReadthedocsConfig('- a\n- b\n')).toEqual({ docsDir: undefined, builder: undefined });
    expect(await readReadthedocsConfig('sphinx: [unclosed\n')).toEqual({ docsDir: undefined, builder: undefined });
  });
});
