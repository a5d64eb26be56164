// From a broken link back to the pull request's line that writes it (issue 47): the page's source
// among the PR's files, for every builder's addresses, and the first line naming the target as
// reStructuredText, MyST, Markdown or a notebook write it; none found, the file without a line;
// a hostile file looked through in one pass.
import { describe, expect, it } from 'vitest';
import { locateBrokenLinks, type SourceReading } from '../src/operations/preview/link-sources.ts';
import type { BrokenLink } from '../src/reporting/broken-link.ts';
import type { ProjectLog } from '../src/reporting/project-log.ts';

const said: string[] = [];
const log = { info: (line: string) => said.push(line) } as unknown as ProjectLog;

const link = (page: string, target: string, kind: BrokenLink['kind'] = 'page', external = false): BrokenLink => ({
  page,
  target,
  problem: kind === 'anchor' ? 'missing anchor' : `missing ${kind}`,
  kind,
  external,
});

function reading(files: Record<string, string | undefined>, extra: Partial<SourceReading> = {}): SourceReading & { reads: string[] } {
  const reads: string[] = [];
  return {
    files: Object.keys(files),
    docsDir: 'docs',
    builder: 'sphinx',
    read: async (path) => {
      reads.push(path);
      return files[path];
    },
    reads,
    ...extra,
  };
}

const lineOf = async (text: string, broken: BrokenLink, file = 'docs/guide.rst') =>
  (await locateBrokenLinks([broken], reading({ [file]: text }), log))[0]!.source?.line;

/** `text` with `line` at line `at` (1-based), filler before it that names nothing. */
const at = (at: number, line: string, filler = 'Some prose about the guide.') =>
  [...Array.from({ length: at - 1 }, () => filler), line, 'More prose.'].join('\n');

describe('the line that writes a broken link', () => {
  it('a page, as reStructuredText, MyST and Markdown write it (`gone.html` written `gone`)', async () => {
    for (const written of [
      ':doc:`gone`',
      'See :doc:`the next step <gone>` then.',
      '`the next step <gone.html>`_',
      'Read [the next step](gone.md).',
      'Read [the next step](./gone.md#setup "Title").',
      '{doc}`../guide/gone`',
      '<a href="gone.html">raw</a>',
      'see gone.html, then',
    ]) {
      expect(await lineOf(at(8, written), link('guide.html', 'gone.html')), written).toBe(8);
    }
  });

  it('a word that only reads like the name is no link: the file without a line', async () => {
    const [located] = await locateBrokenLinks(
      [link('guide.html', 'gone.html')],
      reading({ 'docs/guide.rst': at(3, 'It is gone, gone.') }),
      log,
    );
    expect(located!.source).toEqual({ file: 'docs/guide.rst' });
  });

  it('an anchor (`index.html#nope`), an image (`_images/diagram.png`), another site’s URL', async () => {
    const anchor = link('guide.html', 'index.html#nope', 'anchor');
    for (const written of ['[the overview](index.md#nope)', ':ref:`overview <nope>`', '{ref}`nope`', '`x <index.html#Nope>`_', '(nope)=']) {
      expect(await lineOf(at(5, written), anchor), written).toBe(5);
    }
    expect(await lineOf(at(4, ':ref:`my_label`'), link('guide.html', 'guide.html#my-label', 'anchor'))).toBe(4);
    expect(await lineOf(at(6, '.. image:: ../img/diagram.png'), link('guide.html', '_images/diagram.png', 'image'))).toBe(6);
    expect(await lineOf(at(7, '.. figure:: img/Diagram.PNG'), link('guide.html', '_images/diagram.png', 'image'))).toBe(7);
    const external = link('guide.html', 'https://example.org/docs/api', 'page', true);
    expect(await lineOf(at(9, 'See <https://example.org/docs/api/>`_.'), external)).toBe(9);
    expect(await lineOf(at(9, '[API](https://example.org/docs/api#x)'), external)).toBe(9);
  });

  it('the first line that names it, counted in a file of CRLF lines; a notebook’s JSON line', async () => {
    const text = ['Title', '=====', '', 'First :doc:`gone`.', 'Again :doc:`gone`.'].join('\r\n');
    expect(await lineOf(text, link('guide.html', 'gone.html'))).toBe(4);
    const notebook = ['{', ' "cells": [', '  {', '   "source": [', '    "Read [the next step](gone.md)\\n",', '   ]'].join('\n');
    expect(await lineOf(notebook, link('guide.html', 'gone.html'), 'docs/guide.ipynb')).toBe(5);
  });

  it('the page’s source for each builder: `guide/install.html`, `guide/install/`, a folder’s index, the root', async () => {
    const files = {
      'docs/index.rst': at(2, ':doc:`gone`'),
      'docs/guide/install.rst': at(3, ':doc:`gone`'),
      'docs/guide/index.md': at(4, '[x](gone.md)'),
      'src/code.py': 'gone.html',
    };
    const broken = [
      link('/', 'gone.html'),
      link('guide/install.html', 'guide/gone.html'),
      link('guide/', 'guide/gone/'),
      link('guide/install/', 'guide/gone/'),
      link('other.html', 'gone.html'),
    ];
    const sphinx = await locateBrokenLinks(broken, reading(files), log);
    // Sphinx serves `guide/index.html` as `guide/` too.
    expect(sphinx.map((located) => located.source)).toEqual([
      { file: 'docs/index.rst', line: 2 },
      { file: 'docs/guide/install.rst', line: 3 },
      { file: 'docs/guide/index.md', line: 4 },
      undefined,
      undefined,
    ]);
    const dirhtml = await locateBrokenLinks(broken, reading(files, { builder: 'sphinx-dirhtml' }), log);
    expect(dirhtml.map((located) => located.source)).toEqual([
      { file: 'docs/index.rst', line: 2 },
      undefined,
      { file: 'docs/guide/index.md', line: 4 },
      { file: 'docs/guide/install.rst', line: 3 },
      undefined,
    ]);
    // The builder unknown: every builder's address is tried.
    const unknown = await locateBrokenLinks(broken, reading(files, { builder: undefined }), log);
    expect(unknown.map((located) => located.source?.file)).toEqual([
      'docs/index.rst',
      'docs/guide/install.rst',
      'docs/guide/index.md',
      'docs/guide/install.rst',
      undefined,
    ]);
  });

  it('one request per file, at most 20 files; a file that cannot be read gives the file without a line', async () => {
    const files = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`docs/p${i}.rst`, ':doc:`gone`']));
    const broken = Array.from({ length: 25 }, (_, i) => [
      link(`p${i}.html`, 'gone.html'),
      link(`p${i}.html`, 'gone.html#x', 'anchor'),
    ]).flat();
    const source = reading({ ...files, 'docs/p0.rst': undefined });
    const located = await locateBrokenLinks(broken, source, log);
    expect(source.reads).toHaveLength(20);
    expect(new Set(source.reads).size).toBe(20);
    expect(located[0]!.source).toEqual({ file: 'docs/p0.rst' });
    expect(located[2]!.source).toEqual({ file: 'docs/p1.rst', line: 1 });
    // Past the 20 files read: the file, without a line.
    expect(located[48]!.source).toEqual({ file: 'docs/p24.rst' });
  });

  it('a hostile file is looked through in one pass, its first million characters only', async () => {
    const hostile = [
      `${'.'.repeat(2_000)}a `.repeat(100),
      '('.repeat(100_000),
      'a'.repeat(250_000),
      `${'#'.repeat(100_000)} ${'/'.repeat(100_000)}`,
      `${'https://x/'.repeat(10_000)} `,
      'x<'.repeat(50_000),
    ].join('\n');
    expect(hostile.length).toBeGreaterThan(900_000);
    const broken = [link('guide.html', 'gone.html'), link('guide.html', 'index.html#nope', 'anchor')];
    // A quadratic pass over this text takes minutes: the test's own time limit ends it; the linear one, milliseconds.
    const found = await locateBrokenLinks(broken, reading({ 'docs/guide.rst': `${hostile}\n:doc:\`gone\`` }), log);
    expect(found[0]!.source).toEqual({ file: 'docs/guide.rst', line: 7 });
    expect(found[1]!.source).toEqual({ file: 'docs/guide.rst' });
    // Past the first million characters nothing is looked at.
    const past = await locateBrokenLinks(broken, reading({ 'docs/guide.rst': `${'x '.repeat(500_000)}\n:doc:\`gone\`` }), log);
    expect(past[0]!.source).toEqual({ file: 'docs/guide.rst' });
  });
});
