// Which build `wait` takes as a push's build that failed before checkout (no commit for good).
import { describe, expect, it } from 'vitest';
import { failedBeforeCheckout } from '../src/operations/wait/wait.js';
import type { Build } from '../src/readthedocs/schemas.js';

const since = Date.parse('2026-11-23T09:00:00Z');
function build(over: Partial<Build>): Build {
  return {
    id: 1,
    project: 'demo',
    version: 'latest',
    state: { code: 'finished' },
    success: false,
    commit: null,
    created: '2026-11-23T09:00:10Z',
    duration: 3,
    urls: { build: 'https://app.readthedocs.org/projects/demo/builds/1/' },
    ...over,
  };
}

describe('failedBeforeCheckout', () => {
  it('takes a finished, failed, commit-less build of the version created since the push', () => {
    expect(failedBeforeCheckout(build({}), since, undefined)).toBe(true);
    expect(failedBeforeCheckout(build({}), since, 'latest')).toBe(true);
    expect(failedBeforeCheckout(build({ created: '2026-11-23T08:59:58Z' }), since, undefined)).toBe(true); // clock slack
  });
  it.each([
    ['with a commit', { commit: 'a'.repeat(40) }],
    ['successful', { success: true }],
    ['still running', { state: { code: 'cloning' }, success: null }],
    ['cancelled (a newer trigger, a 183 skip)', { state: { code: 'cancelled' } }],
    ['created before the push', { created: '2026-11-23T08:50:00Z' }],
    ['of a deleted version', { version: null }],
    ['without a creation time', { created: null }],
  ])('refuses a build %s', (_name, over) => {
    expect(failedBeforeCheckout(build(over as Partial<Build>), since, undefined)).toBe(false);
  });
  it('refuses another version when one is given', () => {
    expect(failedBeforeCheckout(build({ version: 'stable' }), since, 'latest')).toBe(false);
  });
});
