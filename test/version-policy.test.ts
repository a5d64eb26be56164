// The versions policy (pure): tag names read as PEP 440 or SemVer versions, their order, what the
// policy wants for each tag, and the policy `export` finds for a project's current state.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  fitPolicy,
  minorOf,
  parseVersionTag,
  policyTargets,
  type PolicyVersion,
  type VersionPolicy,
} from '../src/operations/shared/project-file/version-policy.ts';
import { anyText } from './support/arbitraries.ts';

const tag = (name: string, state: Partial<PolicyVersion> = {}): PolicyVersion => ({
  slug: name.toLowerCase(),
  type: 'tag',
  verboseName: name,
  active: true,
  hidden: false,
  ...state,
});

const ISSUE_TAGS = ['v1.0.0', 'v1.0.1', 'v1.1.0', 'v1.1.1', 'v1.2.0', 'v2.0.0rc1'];

function targetsOf(versions: PolicyVersion[], policy: VersionPolicy, overridden?: Set<string>) {
  return Object.fromEntries(
    policyTargets(versions, policy, overridden).map((t) => [
      t.slug,
      t.hidden === undefined ? { active: t.active } : { active: t.active, hidden: t.hidden },
    ]),
  );
}

describe('parseVersionTag', () => {
  it.each([
    ['v1.2.3', false, '1.2'],
    ['1.2.3', false, '1.2'],
    ['V1.2', false, '1.2'],
    ['2', false, '2.0'],
    ['1.2.3rc1', true, '1.2'],
    ['v2.0.0rc1', true, '2.0'],
    ['1.2.3-rc.1', true, '1.2'],
    ['1.2.3-rc1', true, '1.2'],
    ['1.2.3a1', true, '1.2'],
    ['1.2.3b2', true, '1.2'],
    ['1.2.3.alpha1', true, '1.2'],
    ['1.2.3-beta.2', true, '1.2'],
    ['1.2.3-alpha', true, '1.2'],
    ['1.2.dev3', true, '1.2'],
    ['1.2.3-dev.1', true, '1.2'],
    ['1.2.3-snapshot', true, '1.2'],
    ['1.2.3.post1', false, '1.2'],
    ['1.2.3+local.7', false, '1.2'],
    ['1.2.3-rc.1+build.5', true, '1.2'],
  ])('%s is a version (pre-release: %s, minor %s)', (name, prerelease, minor) => {
    const parsed = parseVersionTag(name);
    expect(parsed).toBeDefined();
    expect(parsed!.prerelease).toBe(prerelease);
    expect(minorOf(parsed!)).toBe(minor);
  });

  it.each([
    'latest',
    'stable',
    'main',
    'release-1.0',
    'v',
    '',
    '1..2',
    '1.2.3-',
    'v1.2.3 extra',
    '1.2.3-constructor.x!',
    `1.${'9'.repeat(30)}`,
  ])('%j is not a version', (name) => {
    expect(parseVersionTag(name)).toBeUndefined();
  });

  it('orders versions as PEP 440 and SemVer do', () => {
    const ordered = [
      '1.0.dev1',
      '1.0a1',
      '1.0a2',
      '1.0b1',
      '1.0-rc.1',
      '1.0rc2',
      '1.0',
      '1.0.post1',
      '1.0.1',
      '1.1.0-alpha.1',
      '1.1.0-beta',
      '1.1.0',
      '1.10.0',
      '2.0.0',
    ];
    const parsed = ordered.map((name) => parseVersionTag(name)!);
    for (let i = 1; i < parsed.length; i += 1)
      expect(compareVersions(parsed[i - 1]!, parsed[i]!), `${ordered[i - 1]} < ${ordered[i]}`).toBe(-1);
    expect(compareVersions(parseVersionTag('v1.0')!, parseVersionTag('1.0.0')!)).toBe(0);
  });

  it("reads PEP 440's implicit post-release (`1.0-1` is `1.0.post1`, a release) and epochs (`1!2.0`)", () => {
    expect(parseVersionTag('1.0-1')).toMatchObject({ prerelease: false });
    expect(compareVersions(parseVersionTag('1.0-1')!, parseVersionTag('1.0.post1')!)).toBe(0);
    expect(compareVersions(parseVersionTag('v1.2.0-3')!, parseVersionTag('1.2.0')!)).toBe(1);
    const epoch = parseVersionTag('1!2.0');
    expect(epoch).toMatchObject({ prerelease: false });
    expect(minorOf(epoch!)).toBe('1!2.0');
    // Any epoch sorts after none: 1!1.0 is newer than 2024.1.
    expect(compareVersions(parseVersionTag('1!1.0')!, parseVersionTag('2024.1')!)).toBe(1);
    expect(compareVersions(parseVersionTag('1!1.0rc1')!, parseVersionTag('1!1.0')!)).toBe(-1);
    // Under `latest-patch` the post-release is the newest patch of 1.0, not a pre-release to hide.
    expect(targetsOf([tag('1.0'), tag('1.0-1')], { active: 'latest-patch', prereleases: 'hidden' })).toEqual({
      '1.0': { active: false },
      '1.0-1': { active: true },
    });
  });

  it('compares 20-digit version parts exactly (past what a JavaScript number holds)', () => {
    const a = parseVersionTag('12345678901234567890.1.0')!;
    const b = parseVersionTag('12345678901234567891.1.0')!;
    expect(compareVersions(a, b)).toBe(-1);
    expect(minorOf(a)).toBe('12345678901234567890.1');
    expect(minorOf(b)).toBe('12345678901234567891.1');
    expect(compareVersions(parseVersionTag('1.0.0rc99999999999999999998')!, parseVersionTag('1.0.0rc99999999999999999999')!)).toBe(-1);
    expect(compareVersions(parseVersionTag('1.0.post99999999999999999998')!, parseVersionTag('1.0.post99999999999999999999')!)).toBe(-1);
    // Two minors, each kept by `latest-patch`: not one group.
    expect(targetsOf([tag('12345678901234567890.1.0'), tag('12345678901234567891.1.0')], { active: 'latest-patch' })).toEqual({
      '12345678901234567890.1.0': { active: true },
      '12345678901234567891.1.0': { active: true },
    });
  });

  it('never throws on any text, and stays fast on long hostile names', () => {
    fc.assert(
      fc.property(anyText({ maxLength: 200 }), (name) => {
        const parsed = parseVersionTag(name);
        if (parsed) expect(parsed.release.length).toBeGreaterThanOrEqual(3);
      }),
    );
    expect(parseVersionTag(`1${'.1'.repeat(10_000)}rc`)).toBeUndefined();
  });

  it('orders any two generated versions consistently (antisymmetric, total, transitive on triples)', () => {
    const version = fc
      .tuple(
        fc.array(fc.nat(30), { minLength: 1, maxLength: 4 }),
        fc.constantFrom('', 'a1', 'b2', 'rc1', '-rc.2', '.dev1', '.post1', '-beta', '-alpha.3'),
        fc.boolean(),
      )
      .map(([release, suffix, v]) => `${v ? 'v' : ''}${release.join('.')}${suffix}`);
    fc.assert(
      fc.property(version, version, version, (a, b, c) => {
        const [pa, pb, pc] = [a, b, c].map((name) => parseVersionTag(name)!);
        expect(pa && pb && pc).toBeTruthy();
        expect(Math.sign(compareVersions(pa!, pb!))).toBe(-Math.sign(compareVersions(pb!, pa!)) || 0);
        if (compareVersions(pa!, pb!) <= 0 && compareVersions(pb!, pc!) <= 0) expect(compareVersions(pa!, pc!)).toBeLessThanOrEqual(0);
      }),
    );
  });
});

describe('policyTargets', () => {
  it("the issue's example: the two newest minors keep their latest patch, the pre-release is hidden", () => {
    const versions = [tag('latest', { type: 'branch' }), tag('stable', { type: 'branch' }), ...ISSUE_TAGS.map((name) => tag(name))];
    expect(targetsOf(versions, { active: 'latest-patch', newestMinors: 2, prereleases: 'hidden' })).toEqual({
      'v1.0.0': { active: false },
      'v1.0.1': { active: false },
      'v1.1.0': { active: false },
      'v1.1.1': { active: true },
      'v1.2.0': { active: true },
      'v2.0.0rc1': { active: true, hidden: true },
    });
  });

  it('never names a branch, an external version or a tag that is not a version', () => {
    const versions = [
      tag('v1.0.0', { type: 'branch' }),
      tag('7', { type: 'external' }),
      tag('nightly'),
      tag('v0.1.0', { type: 'unknown' }),
      tag('v1.0.0'),
    ];
    expect(Object.keys(targetsOf(versions, { active: 'latest-patch', newestMinors: 1, prereleases: 'inactive' }))).toEqual(['v1.0.0']);
  });

  it('`all` keeps every release of the kept minors; without `newest-minors` every minor is kept', () => {
    const versions = ISSUE_TAGS.map((name) => tag(name, { active: false }));
    expect(targetsOf(versions, { active: 'all', newestMinors: 1 })).toEqual({
      'v1.0.0': { active: false },
      'v1.0.1': { active: false },
      'v1.1.0': { active: false },
      'v1.1.1': { active: false },
      'v1.2.0': { active: true },
    });
    expect(targetsOf(versions, { active: 'latest-patch' })).toEqual({
      'v1.0.0': { active: false },
      'v1.0.1': { active: true },
      'v1.1.0': { active: false },
      'v1.1.1': { active: true },
      'v1.2.0': { active: true },
    });
  });

  it('pre-releases: hidden, inactive, active, or left alone; deactivated once their release is out', () => {
    const versions = [tag('1.0.0'), tag('1.0.0rc1'), tag('1.1.0-beta.1'), tag('1.1.0.dev2')];
    expect(targetsOf(versions, { active: 'all', prereleases: 'active' })).toEqual({
      '1.0.0': { active: true },
      '1.0.0rc1': { active: false },
      '1.1.0-beta.1': { active: true, hidden: false },
      '1.1.0.dev2': { active: true, hidden: false },
    });
    expect(targetsOf(versions, { active: 'all', prereleases: 'inactive' })['1.1.0-beta.1']).toEqual({ active: false });
    expect(Object.keys(targetsOf(versions, { active: 'all' }))).toEqual(['1.0.0', '1.0.0rc1']);
  });

  it('an entry under `versions:` overrides the policy for that version', () => {
    const versions = ISSUE_TAGS.map((name) => tag(name));
    const targets = targetsOf(versions, { active: 'latest-patch', newestMinors: 2, prereleases: 'hidden' }, new Set(['v1.0.1']));
    expect(targets['v1.0.1']).toBeUndefined();
    expect(targets['v1.0.0']).toEqual({ active: false });
  });

  it('reads the slug when the name is not a version, and says why in each reason', () => {
    const targets = policyTargets([tag('Release 1.0', { slug: '1.0' }), tag('1.1')], { active: 'latest-patch', newestMinors: 1 });
    expect(targets.map((t) => `${t.slug}: ${t.reason}`)).toEqual(['1.0: 1.0 is older than the newest 1 minor', '1.1: latest patch of 1.1']);
  });

  it('property: applying the targets reaches a fixed point (a second plan wants nothing)', () => {
    const name = fc
      .tuple(fc.nat(3), fc.nat(4), fc.nat(4), fc.constantFrom('', '', 'rc1', '-beta.1', '.dev1'))
      .map(([a, b, c, s]) => `v${a}.${b}.${c}${s}`);
    const policy = fc.record({
      active: fc.constantFrom('latest-patch' as const, 'all' as const),
      newestMinors: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
      prereleases: fc.option(fc.constantFrom('hidden' as const, 'inactive' as const, 'active' as const), { nil: undefined }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { maxLength: 12 }),
        fc.array(fc.boolean(), { minLength: 24, maxLength: 24 }),
        policy,
        (names, bits, p) => {
          const versions = names.map((n, i) => tag(n, { active: bits[i]!, hidden: bits[i + 12]! }));
          const targets = policyTargets(versions, p);
          const after = versions.map((v) => {
            const t = targets.find((x) => x.slug === v.slug);
            return t ? { ...v, active: t.active, hidden: t.hidden ?? v.hidden } : v;
          });
          const again = policyTargets(after, p);
          for (const t of again) {
            const v = after.find((x) => x.slug === t.slug)!;
            expect(v.active).toBe(t.active);
            if (t.hidden !== undefined) expect(v.hidden).toBe(t.hidden);
          }
          // At most newestMinors minors keep an active release.
          if (p.newestMinors !== undefined) {
            const activeMinors = new Set(
              after
                .filter((v) => v.active && !parseVersionTag(v.verboseName!)!.prerelease)
                .map((v) => minorOf(parseVersionTag(v.verboseName!)!)),
            );
            expect(activeMinors.size).toBeLessThanOrEqual(p.newestMinors);
          }
        },
      ),
    );
  });
});

describe('fitPolicy (export)', () => {
  it("finds the issue's policy in the state it leaves", () => {
    const versions = [
      tag('latest', { type: 'branch' }),
      tag('v1.0.0', { active: false }),
      tag('v1.0.1', { active: false }),
      tag('v1.1.0', { active: false }),
      tag('v1.1.1'),
      tag('v1.2.0'),
      tag('v2.0.0rc1', { hidden: true }),
    ];
    const fit = fitPolicy(versions);
    expect(fit?.policy).toEqual({ active: 'latest-patch', newestMinors: 2, prereleases: 'hidden' });
    expect([...fit!.decided].sort()).toEqual(['v1.0.0', 'v1.0.1', 'v1.1.0', 'v1.1.1', 'v1.2.0', 'v2.0.0rc1']);
  });

  it('prefers no limit, leaves a hidden release to its entry, and finds nothing when no policy fits or no tag is a version', () => {
    expect(fitPolicy([tag('1.0.0'), tag('1.1.0', { hidden: true })])).toEqual({
      policy: { active: 'latest-patch' },
      decided: new Set(['1.0.0']),
    });
    expect(fitPolicy([tag('1.0.0', { active: false }), tag('1.0.1', { active: true }), tag('1.1.0', { active: false })])).toBeUndefined();
    expect(fitPolicy([tag('main', { type: 'branch' }), tag('nightly')])).toBeUndefined();
  });

  it('property: a policy it finds changes nothing when applied', () => {
    const name = fc.tuple(fc.nat(2), fc.nat(3), fc.nat(3), fc.constantFrom('', 'rc1')).map(([a, b, c, s]) => `${a}.${b}.${c}${s}`);
    fc.assert(
      fc.property(fc.uniqueArray(name, { maxLength: 8 }), fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }), (names, bits) => {
        const versions = names.map((n, i) => tag(n, { active: bits[i]!, hidden: bits[i + 8]! }));
        const fit = fitPolicy(versions);
        if (!fit) return;
        for (const t of policyTargets(versions, fit.policy)) {
          const v = versions.find((x) => x.slug === t.slug)!;
          expect(v.active).toBe(t.active);
          if (t.hidden !== undefined && t.active) expect(v.hidden).toBe(t.hidden);
        }
      }),
    );
  });
});
