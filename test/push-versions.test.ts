// Which versions' builds `wait` takes as a push's (the decisions with the service are in
// test/operations/wait.test.ts).
import { describe, expect, it } from 'vitest';
import { ofPushVersions } from '../src/operations/wait/push-versions.js';

describe('ofPushVersions', () => {
  it('any version without slugs; else only the listed ones, never a deleted version', () => {
    expect(ofPushVersions({ slugs: undefined }, null)).toBe(true);
    expect(ofPushVersions({ slugs: ['feature', 'latest'] }, 'latest')).toBe(true);
    expect(ofPushVersions({ slugs: ['feature'] }, 'main')).toBe(false);
    expect(ofPushVersions({ slugs: ['feature'] }, null)).toBe(false);
  });
});
