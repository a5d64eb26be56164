// Read the Docs' own PR comment as the action reads it (src/operations/preview/service-comment.ts): only the
// service's app speaks for it, and the commit its body compares tells whether it is about the head.
import { describe, expect, it } from 'vitest';
import type { IssueComment } from '../src/github/api/rest.js';
import { isAboutCommit, serviceComments } from '../src/operations/preview/service-comment.js';

const HEAD = '3f2a9c1d5e7b4a6c8d0e2f4a6b8c0d2e4f6a8b0c';
const OLDER = '9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d';

function comment(id: number, body: string, login = 'readthedocs[bot]', type = 'Bot'): IssueComment {
  return { id, body, user: { login, type } } as IssueComment;
}
const overview = (project: number, commit: string) =>
  `<!-- readthedocs-${project} -->\n### Documentation build overview\n\n> 📚 Demo | 🛠️ Build #9 | 📁 Comparing ${commit} against [latest](https://x/) (${'f'.repeat(40)})\n`;

describe('serviceComments', () => {
  it('reads the commit each project’s comment compares, full or abbreviated, the oldest comment per project', () => {
    const found = serviceComments(
      [comment(3, overview(1, OLDER)), comment(2, overview(1, HEAD)), comment(4, overview(2, HEAD.slice(0, 7).toUpperCase()))],
      'github-actions[bot]',
    );
    expect(found.get(1)).toEqual({ id: 2, commit: HEAD });
    expect(found.get(2)).toEqual({ id: 4, commit: HEAD.slice(0, 7) });
    expect(isAboutCommit(found.get(1)!, HEAD)).toBe(true);
    expect(isAboutCommit(found.get(2)!, HEAD.toUpperCase())).toBe(true);
    expect(isAboutCommit({ id: 5, commit: OLDER }, HEAD)).toBe(false);
  });

  it('a comment that names no commit is the service’s but about no commit', () => {
    const found = serviceComments([comment(1, '<!-- readthedocs-1 -->\nNo files changed.')], 'x');
    expect(found.get(1)).toEqual({ id: 1, commit: undefined });
    expect(isAboutCommit(found.get(1)!, HEAD)).toBe(false);
  });

  it.each([
    ['another app', 'some-app[bot]', 'Bot'],
    ['a user named like the app', 'readthedocs[bot]', 'User'],
    ['a person', 'readthedocs', 'User'],
  ])('%s posting the marker does not speak for the service', (_who, login, type) => {
    expect(serviceComments([comment(1, overview(1, HEAD), login, type)], 'github-actions[bot]').size).toBe(0);
  });

  it('the token’s own account is never the service, even when it is the service’s app', () => {
    expect(serviceComments([comment(1, overview(1, HEAD))], 'ReadTheDocs[bot]').size).toBe(0);
  });

  it('reads multi-digit project ids, up to 15 digits; a longer one (past exact integers) is no project', () => {
    const found = serviceComments(
      [comment(1, overview(74_213, HEAD)), comment(2, overview(123_456_789_012_345, OLDER)), comment(3, overview(74_214, OLDER))],
      'x',
    );
    expect([...found.keys()]).toEqual([74_213, 123_456_789_012_345, 74_214]);
    expect(found.get(74_213)).toEqual({ id: 1, commit: HEAD });
    expect(found.get(123_456_789_012_345)).toEqual({ id: 2, commit: OLDER });
    expect(serviceComments([comment(1, `<!-- readthedocs-${'9'.repeat(16)} -->\nComparing ${HEAD} against`)], 'x').size).toBe(0);
  });

  it('counts the marker only at the very start of the body, and the project id only as the whole of it', () => {
    const bodies = [
      ` ${overview(1, HEAD)}`,
      `hello\n${overview(1, HEAD)}`,
      `<!-- readthedocs-12a -->\nComparing ${HEAD} against`,
      '<!-- readthedocs- -->',
    ];
    for (const body of bodies) expect(serviceComments([comment(1, body)], 'x').size).toBe(0);
    expect(
      serviceComments([{ id: 1, body: null, user: { login: 'readthedocs[bot]', type: 'Bot' } } as unknown as IssueComment], 'x').size,
    ).toBe(0);
    expect(serviceComments([{ id: 1, body: overview(1, HEAD), user: null } as unknown as IssueComment], 'x').size).toBe(0);
  });

  it("the service's app in any case is the service", () => {
    expect(serviceComments([comment(1, overview(1, HEAD), 'ReadTheDocs[bot]')], 'github-actions[bot]').get(1)).toEqual({
      id: 1,
      commit: HEAD,
    });
  });

  it('reads the compared commit only as 7 to 40 hex digits, and only near the top of the body', () => {
    const compared = (text: string) => serviceComments([comment(1, `<!-- readthedocs-1 -->\n${text}`)], 'x').get(1)?.commit;
    expect(compared(`Comparing ${HEAD.slice(0, 6)} against latest`)).toBeUndefined();
    expect(compared(`Comparing ${HEAD}a against latest`)).toBeUndefined();
    expect(compared(`Comparing ${HEAD.slice(0, 7)}g against latest`)).toBeUndefined();
    expect(compared(`Comparing ${HEAD.toUpperCase()} against latest`)).toBe(HEAD);
    expect(compared(`${'x'.repeat(4000)} Comparing ${HEAD} against latest`)).toBe(HEAD);
    expect(compared(`${'x'.repeat(4100)} Comparing ${HEAD} against latest`)).toBeUndefined();
  });
});

describe('isAboutCommit', () => {
  it('is true when the head starts with the compared commit, in any case, and only then', () => {
    expect(isAboutCommit({ id: 1, commit: HEAD.slice(0, 7) }, HEAD)).toBe(true);
    expect(isAboutCommit({ id: 1, commit: HEAD.slice(0, 7) }, HEAD.toUpperCase())).toBe(true);
    expect(isAboutCommit({ id: 1, commit: HEAD.slice(1, 8) }, HEAD)).toBe(false);
    expect(isAboutCommit({ id: 1, commit: undefined }, HEAD)).toBe(false);
    // An unknown commit is about no head, whatever the head's text.
    expect(isAboutCommit({ id: 1, commit: undefined }, 'undefined')).toBe(false);
  });
});
