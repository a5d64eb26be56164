// Read the Docs' own PR comment as the action reads it (src/github/service-comment.ts): only the
// service's app speaks for it, and the commit its body compares tells whether it is about the head.
import { describe, expect, it } from 'vitest';
import type { IssueComment } from '../src/github/api/rest.js';
import { isAboutCommit, serviceComments } from '../src/github/service-comment.js';

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
});
