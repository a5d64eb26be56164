// `export`'s fitting of a versions policy (issue 30, item 8): the same policy as trying every
// candidate in order of preference, in time near-linear in the tags, stopped by the step's deadline.
// The 3000 tags through dist/ are in test/e2e/hostile-files.test.ts; the time in `npm run bench`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POLICY_ACTIVE, POLICY_PRERELEASES } from '../src/operations/shared/project-file/model.ts';
import {
  fitPolicy,
  minorOf,
  parseVersionTag,
  policyTargets,
  type PolicyVersion,
  type VersionPolicy,
} from '../src/operations/shared/project-file/version-policy.ts';

const tag = (name: string, state: Partial<PolicyVersion> = {}): PolicyVersion => ({
  slug: name.toLowerCase(),
  type: 'tag',
  verboseName: name,
  active: true,
  hidden: false,
  ...state,
});

/** Every candidate in the order of preference, each checked whole: the definition the fitting keeps. */
function bruteForce(versions: PolicyVersion[]): { policy: VersionPolicy; decided: Set<string> } | undefined {
  const parsed = versions.filter((v) => v.type === 'tag').flatMap((v) => parseVersionTag(v.verboseName ?? v.slug) ?? []);
  if (parsed.length === 0) return undefined;
  const minors = new Set(parsed.filter((p) => !p.prerelease).map(minorOf)).size;
  const choices = parsed.some((p) => p.prerelease) ? [...POLICY_PRERELEASES, undefined] : [undefined];
  const bySlug = new Map(versions.map((v) => [v.slug, v]));
  for (const active of POLICY_ACTIVE) {
    for (const newestMinors of [undefined, ...Array.from({ length: minors }, (_, i) => i + 1)]) {
      for (const prereleases of choices) {
        const policy: VersionPolicy = {
          active,
          ...(newestMinors === undefined ? {} : { newestMinors }),
          ...(prereleases ? { prereleases } : {}),
        };
        const targets = policyTargets(versions, policy);
        const fits = targets.every((t) => {
          const now = bySlug.get(t.slug)!;
          return now.active === t.active && (t.hidden === undefined || !t.active || now.hidden === t.hidden);
        });
        if (fits) {
          const decided = targets.filter((t) => t.hidden !== undefined || !t.active || !bySlug.get(t.slug)!.hidden).map((t) => t.slug);
          return { policy, decided: new Set(decided) };
        }
      }
    }
  }
  return undefined;
}

describe('fitPolicy: near-linear, the same policy as every candidate tried in order', () => {
  it('property: finds what trying every candidate finds', () => {
    const name = fc
      .tuple(fc.nat(2), fc.nat(4), fc.nat(2), fc.constantFrom('', '', 'rc1', 'b2', '.post1', '.dev1'), fc.boolean())
      .map(([a, b, c, s, v]) => `${v ? 'v' : ''}${a}.${b}.${c}${s}`);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(name, fc.boolean(), fc.boolean()), { maxLength: 14, selector: ([n]) => n }),
        fc.boolean(),
        (entries, withBranch) => {
          const versions = entries.map(([n, active, hidden]) => tag(n, { active, hidden }));
          if (withBranch) versions.push(tag('main', { type: 'branch' }));
          expect(fitPolicy(versions)).toEqual(bruteForce(versions));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('fits 3000 tags of 1500 minors (the 1000 newest all active) in passes, not per candidate', () => {
    const versions = Array.from({ length: 3000 }, (_, i) =>
      tag(`v${Math.floor(i / 200)}.${Math.floor(i / 2) % 100}.${i % 2}`, { active: i >= 1000 }),
    );
    versions.push(tag('v99.0.0rc1', { hidden: true }));
    let checkpoints = 0;
    const fit = fitPolicy(versions, () => {
      checkpoints += 1;
    });
    expect(fit?.policy).toEqual({ active: 'all', newestMinors: 1000, prereleases: 'hidden' });
    expect(fit?.decided.size).toBe(3001);
    expect(checkpoints).toBeGreaterThanOrEqual(2);
  });

  it("stops at the step's deadline: the checkpoint's error ends it", () => {
    const versions = [tag('v1.0.0'), tag('v1.1.0')];
    const past = new Error('the step timed out');
    expect(() =>
      fitPolicy(versions, () => {
        throw past;
      }),
    ).toThrow(past);
  });
});
