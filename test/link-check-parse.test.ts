// The link check's pure parts (issue 40): what a page links to and can be linked to (htmlparser2),
// where a link leads for the version being checked, the ignore patterns, and the levels.
import { describe, expect, it } from 'vitest';
import { InputError, parseInputs } from '../src/inputs/inputs.js';
import { pageLinks } from '../src/operations/shared/links/html-links.js';
import { failingLinks, linkLevels } from '../src/operations/shared/links/levels.js';
import { globList, hasAnchor, resolveLink } from '../src/operations/shared/links/resolve-link.js';

const ROOT = new URL('https://demo--7.org.readthedocs.build/en/7/');
const PAGE = 'https://demo--7.org.readthedocs.build/en/7/guide/install.html';
const none = globList([]);

describe('pageLinks', () => {
  it('finds <a href>, <img src> and every srcset candidate, ids and <a name>, entities decoded', async () => {
    const found = await pageLinks(
      `<html><body><h2 id="setup">Setup</h2><a name="old"></a><A HREF="a.html?x=1&amp;y=2#setup">a</A>` +
        `<img src="logo.png" srcset="logo.png 1x, logo%402x.png 2x,big.png,  wide.png 800w">` +
        `<p id="">empty id</p><a>no href</a><div id="x&lt;y"></div></body></html>`,
    );
    expect(found.links).toEqual([
      { kind: 'link', href: 'a.html?x=1&y=2#setup' },
      { kind: 'image', href: 'logo.png' },
      { kind: 'image', href: 'logo.png' },
      { kind: 'image', href: 'logo%402x.png' },
      { kind: 'image', href: 'big.png' },
      { kind: 'image', href: 'wide.png' },
    ]);
    expect([...found.anchors].sort()).toEqual(['old', 'setup', 'x<y']);
  });

  it('takes the first <base href>, ignores links in comments and scripts, and keeps at most 5,000 links', async () => {
    const found = await pageLinks(
      `<base href="/en/7/"><base href="/other/"><!-- <a href="commented.html"> --><script>var a = '<a href="script.html">';</script>`,
    );
    expect(found.base).toBe('/en/7/');
    expect(found.links).toEqual([]);
    const many = await pageLinks('<a href="x.html">x</a>'.repeat(5_003));
    expect(found.dropped).toBe(0);
    expect(many.links).toHaveLength(5_000);
    expect(many.dropped).toBe(3);
  });

  it('reads a large hostile page in linear time (a long unclosed attribute, deep nesting)', async () => {
    const hostile = `<a href="${'x'.repeat(200_000)}` + '<div>'.repeat(50_000) + '<a id="end" href="end.html">';
    const found = await pageLinks(hostile);
    expect(found.links.length).toBeLessThanOrEqual(1);
  });
});

describe('resolveLink', () => {
  it('internal: the preview host below the version root, fragment apart and decoded path', () => {
    expect(resolveLink('../index.html#intro', PAGE, ROOT, none)).toEqual({
      kind: 'internal',
      url: 'https://demo--7.org.readthedocs.build/en/7/index.html',
      path: 'index.html',
      fragment: 'intro',
    });
    expect(resolveLink('#setup', PAGE, ROOT, none)).toMatchObject({ kind: 'internal', path: 'guide/install.html', fragment: 'setup' });
    expect(resolveLink('caf%C3%A9.html', PAGE, ROOT, none)).toMatchObject({ path: 'guide/café.html' });
    expect(resolveLink('#top', PAGE, ROOT, none)).not.toHaveProperty('fragment');
    expect(resolveLink('page.html#', PAGE, ROOT, none)).not.toHaveProperty('fragment');
  });

  it('never checked: another path of the host, other schemes, empty, unparsable; another site is external', () => {
    expect(resolveLink('/en/latest/index.html', PAGE, ROOT, none)).toEqual({ kind: 'skipped', why: 'outside-root' });
    for (const href of ['mailto:a@b.org', 'tel:+123', 'javascript:alert(1)', 'data:text/html,hi', 'ftp://x/y'])
      expect(resolveLink(href, PAGE, ROOT, none)).toEqual({ kind: 'skipped', why: 'scheme' });
    expect(resolveLink('  ', PAGE, ROOT, none)).toEqual({ kind: 'skipped', why: 'self' });
    expect(resolveLink('http://[::1', PAGE, ROOT, none)).toEqual({ kind: 'skipped', why: 'invalid' });
    expect(resolveLink(`${'a'.repeat(3000)}.html`, PAGE, ROOT, none)).toEqual({ kind: 'skipped', why: 'invalid' });
    expect(resolveLink('https://example.org/x#frag', PAGE, ROOT, none)).toEqual({
      kind: 'external',
      url: 'https://example.org/x',
      host: 'example.org',
    });
    // Same host name, another scheme or port: another origin, so another site.
    expect(resolveLink('http://demo--7.org.readthedocs.build/en/7/a.html', PAGE, ROOT, none)).toMatchObject({ kind: 'external' });
  });

  it('resolves against <base href>', () => {
    expect(resolveLink('a.html', PAGE, ROOT, none, '../')).toMatchObject({ path: 'a.html' });
  });

  it('link-check-ignore: a pattern matches the path below the root or the whole URL, with or without the fragment', () => {
    const ignore = globList(['api/**', '**/*.png', 'https://example.org/*', 'index.html#gen-*']);
    expect(resolveLink('../api/v1/x.html', PAGE, ROOT, ignore)).toEqual({ kind: 'skipped', why: 'ignored' });
    expect(resolveLink('../_images/a.png', PAGE, ROOT, ignore)).toEqual({ kind: 'skipped', why: 'ignored' });
    expect(resolveLink('https://example.org/page', PAGE, ROOT, ignore)).toEqual({ kind: 'skipped', why: 'ignored' });
    expect(resolveLink('https://example.org/deep/page', PAGE, ROOT, ignore)).toMatchObject({ kind: 'external' });
    expect(resolveLink('../index.html#gen-42', PAGE, ROOT, ignore)).toEqual({ kind: 'skipped', why: 'ignored' });
    expect(resolveLink('../index.html#intro', PAGE, ROOT, ignore)).toMatchObject({ kind: 'internal' });
  });
});

describe('globList', () => {
  it('`*` stays in a segment, `**` crosses, `?` is one character, the rest literal', () => {
    const list = (pattern: string) => globList([pattern]);
    expect(list('a/*.html').matches('a/b.html')).toBe(true);
    expect(list('a/*.html').matches('a/b/c.html')).toBe(false);
    expect(list('a/**.html').matches('a/b/c.html')).toBe(true);
    expect(list('?.html').matches('ab.html')).toBe(false);
    expect(list('a.(x)+').matches('a.(x)+')).toBe(true);
    expect(list('a.(x)+').matches('aa(x)')).toBe(false);
  });

  it('matches a hostile text against many stars without blowing up', () => {
    const text = `${'a'.repeat(20_000)}b`;
    expect(globList(['*a*a*a*a*a*a*a*a*c']).matches(text)).toBe(false);
  });
});

describe('anchors and levels', () => {
  it('a fragment names an anchor as written or percent-decoded', () => {
    expect(hasAnchor(new Set(['café']), 'caf%C3%A9')).toBe(true);
    expect(hasAnchor(new Set(['a']), 'b')).toBe(false);
  });

  it('`auto` is `warn` in preview and `off` in health; anchors follow link-check unless set apart', () => {
    expect(linkLevels({ linkCheck: 'auto', linkCheckAnchors: 'auto' }, 'preview')).toEqual({ links: 'warn', anchors: 'warn' });
    expect(linkLevels({ linkCheck: 'auto', linkCheckAnchors: 'fail' }, 'health')).toEqual({ links: 'off', anchors: 'off' });
    expect(linkLevels({ linkCheck: 'fail', linkCheckAnchors: 'warn' }, 'health')).toEqual({ links: 'fail', anchors: 'warn' });
    const broken = [
      { kind: 'page' as const, external: false },
      { kind: 'anchor' as const, external: false },
      { kind: 'page' as const, external: true },
    ];
    expect(failingLinks(broken, { links: 'fail', anchors: 'warn' })).toEqual([broken[0]]);
    expect(failingLinks(broken, { links: 'warn', anchors: 'fail' })).toEqual([broken[1]]);
  });
});

describe('the link-check inputs', () => {
  const refusal = (raw: Record<string, string>): string => {
    try {
      parseInputs({ project: 'demo', ...raw });
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
      return (error as Error).message;
    }
    throw new Error('expected a refusal');
  };

  it('parse their defaults and values', () => {
    const defaults = parseInputs({ project: 'demo' });
    expect([defaults.linkCheck, defaults.linkCheckAnchors, defaults.linkCheckExternal, defaults.linkCheckPages]).toEqual([
      'auto',
      'auto',
      false,
      500,
    ]);
    expect(defaults.linkCheckIgnore).toEqual([]);
    const given = parseInputs({
      project: 'demo',
      'link-check': 'FAIL',
      'link-check-ignore': ' api/**\n\n**/*.png ',
      'link-check-pages': '20',
    });
    expect([given.linkCheck, given.linkCheckIgnore, given.linkCheckPages]).toEqual(['fail', ['api/**', '**/*.png'], 20]);
  });

  it('refuse what they do not accept, naming the input and what it accepts', () => {
    expect(refusal({ 'link-check': 'strict' })).toMatch(/link-check.*`auto`, `warn`, `fail`, `off`/);
    expect(refusal({ 'link-check-anchors': 'yes' })).toMatch(/link-check-anchors.*`auto`, `warn`, `fail`, `off`/);
    expect(refusal({ 'link-check-external': 'maybe' })).toMatch(/link-check-external.*`true` or `false`/);
    expect(refusal({ 'link-check-pages': '0' })).toMatch(/link-check-pages.*from 1 to 5000/);
    expect(refusal({ 'link-check-ignore': Array.from({ length: 101 }, (_, i) => `p${i}`).join('\n') })).toMatch(
      /link-check-ignore.*at most 100 glob patterns/,
    );
  });
});
