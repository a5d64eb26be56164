// What the service's serializers can produce and the schemas must accept: a build whose version was
// deleted, a variable whose `public` is null, search hits without a path. An item the action cannot
// use is dropped from its page, never failing the page.
import { describe, expect, it } from 'vitest';
import { BuildSchema, EnvironmentVariableSchema, SearchResponseSchema, paginated } from '../src/readthedocs/schemas.js';

const build = (id: number, version: string | null) => ({
  id,
  project: 'demo',
  version,
  state: { code: 'finished', name: 'Finished' },
  success: true,
  commit: 'a'.repeat(40),
  created: '2026-11-23T08:00:00Z',
  finished: '2026-11-23T08:01:00Z',
  duration: 60,
  urls: {
    build: `https://app.readthedocs.org/projects/demo/builds/${id}/`,
    project: 'https://x/',
    version: version ? 'https://x/v/' : null,
  },
  _links: { version: version ? 'https://x/api/v3/.../' : null },
});

describe('nullable fields', () => {
  it('accepts a build whose version was deleted', () => {
    const parsed = BuildSchema.parse(build(1, null));
    expect(parsed.version).toBeNull();
    expect(parsed.urls.version).toBeNull();
  });

  it('reads a variable with `public: null` as private', () => {
    expect(EnvironmentVariableSchema.parse({ pk: 1, name: 'A', public: null }).public).toBe(false);
    expect(EnvironmentVariableSchema.parse({ pk: 2, name: 'B', public: true }).public).toBe(true);
  });

  it('accepts search hits whose path and domain are null', () => {
    const hit = { project: { slug: 'demo' }, version: { slug: 'latest' }, title: 'T', path: null, domain: null };
    expect(SearchResponseSchema.parse({ count: 1, next: null, previous: null, results: [hit] }).results).toHaveLength(1);
  });
});

describe('tolerant lists', () => {
  it('drops an unusable item and keeps the rest of the page', () => {
    const page = { count: 3, next: null, previous: null, results: [build(1, 'latest'), { id: 'broken' }, build(3, null)] };
    const parsed = paginated(BuildSchema).parse(page);
    expect(parsed.results.map((item) => item.id)).toEqual([1, 3]);
  });

  it('still refuses a page that is not a page', () => {
    expect(paginated(BuildSchema).safeParse({ results: 'nope' }).success).toBe(false);
  });
});
