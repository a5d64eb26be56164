// The pure pieces of `sync-versions`: which search hits prove the version is live, how they are
// linked and shown, and which build is the version's.
import { describe, expect, it } from 'vitest';
import {
  deepLink,
  hitsFromVersion,
  plainLine,
  searchHitsMarkdown,
  searchTextFromName,
  verifySearchQuery,
} from '../src/operations/sync-versions/search-hits.js';
import { buildCreatedAfter, newestBuildId } from '../src/operations/shared/builds/build-ids.js';
import { queuedBuild } from '../src/operations/sync-versions/queued-build.js';
import type { Build, SearchResponse } from '../src/readthedocs/schemas.js';

function result(project: string, version: string, title: string, path: string, domain = 'https://demo.readthedocs.io') {
  return { type: 'page', project: { slug: project, alias: null }, version: { slug: version }, title, path, domain };
}

function response(results: SearchResponse['results']): SearchResponse {
  return { count: results.length, next: null, previous: null, results };
}

function build(id: number, state: string): Build {
  return {
    id,
    project: 'demo',
    version: 'v2.0',
    state: { code: state },
    success: state === 'finished' ? true : null,
    commit: null,
    created: null,
    duration: null,
    urls: { build: `https://app.readthedocs.org/projects/demo/builds/${id}/` },
  };
}

describe('search hits', () => {
  it('puts the project and version in the query before the text', () => {
    expect(verifySearchQuery('demo', 'v2.0', 'Demo Docs')).toBe('project:demo/v2.0 Demo Docs');
  });

  it('quotes a project name that the service would read as a filter', () => {
    expect(searchTextFromName('Demo Docs')).toBe('Demo Docs');
    expect(searchTextFromName('Ops project:internal')).toBe('"Ops project:internal"');
    expect(searchTextFromName('The "User:" guide')).toBe('"The  User:  guide"');
  });

  it('keeps a hit whose path or domain is null, without a link', () => {
    const hits = hitsFromVersion(
      response([
        { ...result('demo', 'v2.0', 'Nowhere', '/x'), path: null },
        { ...result('demo', 'v2.0', 'No host', '/y'), domain: null },
      ]),
      'demo',
      'v2.0',
    );
    expect(hits).toEqual([
      { title: 'Nowhere', url: undefined },
      { title: 'No host', url: undefined },
    ]);
  });

  it('counts only hits from the project and version being verified', () => {
    const hits = hitsFromVersion(
      response([
        result('demo', 'latest', 'Old home', '/en/latest/'),
        result('other', 'v2.0', 'Someone else', '/en/v2.0/'),
        result('demo', 'v2.0', 'Install', '/en/v2.0/install.html'),
        result('demo', 'v2.0_a', 'Clash', '/en/v2.0_a/'),
      ]),
      'demo',
      'v2.0',
    );
    expect(hits).toEqual([{ title: 'Install', url: 'https://demo.readthedocs.io/en/v2.0/install.html' }]);
    expect(hitsFromVersion(response([]), 'demo', 'v2.0')).toEqual([]);
  });

  it('links domain and path, and never to another host', () => {
    expect(deepLink('https://docs.example.io', '/en/v2.0/a.html#part')).toBe('https://docs.example.io/en/v2.0/a.html#part');
    expect(deepLink('docs.example.io', 'en/v2.0/')).toBe('https://docs.example.io/en/v2.0/');
    expect(deepLink('https://docs.example.io', '//evil.example/x')).toBe('https://docs.example.io//evil.example/x');
    expect(deepLink('https://docs.example.io', 'https://evil.example/x')).toMatch(/^https:\/\/docs\.example\.io\//);
    expect(deepLink('javascript:alert(1)', '/x')).toBeUndefined();
    expect(deepLink('ftp://docs.example.io', '/x')).toBeUndefined();
    expect(deepLink('https://docs.example.io', '/a (b)|c')).toBe('https://docs.example.io/a%20%28b%29%7Cc');
  });

  it('lists the top hits as links with every service text escaped', () => {
    const markdown = searchHitsMarkdown('demo', 'v2.0', 'Demo', [
      { title: 'Home', url: 'https://demo.readthedocs.io/en/v2.0/' },
      { title: '<script>x</script> [a](javascript:b) @team', url: 'https://demo.readthedocs.io/en/v2.0/x.html' },
      { title: 'No link', url: undefined },
      ...Array.from({ length: 5 }, (_, i) => ({ title: `Extra ${i}`, url: undefined })),
    ]);
    expect(markdown).toContain('### Found through search: demo v2\\.0');
    expect(markdown).toContain('- [Home](https://demo.readthedocs.io/en/v2.0/)');
    expect(markdown).toContain('&lt;script&gt;');
    expect(markdown).not.toContain('<script>');
    expect(markdown).not.toContain('](javascript:');
    expect(markdown).toContain('@\u200Bteam');
    expect(markdown).toContain('- No link');
    expect(markdown.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(5);
  });

  it('keeps untrusted text on one log line', () => {
    expect(plainLine('Title\n::error::x\r\u2028y')).toBe('Title ::error::x y');
    expect(plainLine('x'.repeat(300))).toHaveLength(160);
  });
});

describe('the version build', () => {
  it('after activation, takes the newest build created after the sync began', () => {
    expect(newestBuildId([])).toBe(0);
    expect(newestBuildId([build(7, 'finished'), build(9, 'finished')])).toBe(9);
    expect(buildCreatedAfter([build(12, 'triggered'), build(11, 'building'), build(9, 'finished')], 10)?.id).toBe(12);
    expect(buildCreatedAfter([build(9, 'building')], 10)).toBeUndefined();
  });

  it('for an active version, adopts a running build or a new one, never the previous release', () => {
    expect(queuedBuild([build(9, 'building'), build(5, 'finished')], 10)?.id).toBe(9);
    expect(queuedBuild([build(11, 'finished'), build(9, 'finished')], 10)?.id).toBe(11);
    expect(queuedBuild([build(9, 'finished'), build(8, 'cancelled')], 10)).toBeUndefined();
  });
});
