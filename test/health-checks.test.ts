// `health`'s checks and report, pure: the facts of one project in, rows out; the issue's body.
import { describe, expect, it } from 'vitest';
import {
  checkActiveBuilds,
  checkLatest,
  checkReleases,
  checkRoot,
  newestRelease,
  type ProjectFacts,
} from '../src/operations/health/checks.js';
import { issueMarker } from '../src/operations/health/health.js';
import { healthTable, issueBody, MAX_ISSUE_BODY } from '../src/operations/health/report.js';
import type { Build, Version } from '../src/readthedocs/schemas.js';

const NOW = Date.parse('2026-11-23T08:00:00Z');
const HOUR = 3_600_000;
const HEAD = 'b'.repeat(40);
const OLD = 'a'.repeat(40);

let nextId = 1;
function build(version: string, fields: Partial<Build> & { ago?: number } = {}): Build {
  const { ago = HOUR, ...rest } = fields;
  const id = nextId++;
  return {
    id,
    project: 'acme',
    version,
    state: { code: 'finished' },
    success: true,
    commit: OLD,
    created: new Date(NOW - ago).toISOString(),
    duration: 60,
    urls: { build: `https://app.readthedocs.org/projects/acme/builds/${id}/` },
    ...rest,
  };
}

function version(slug: string, fields: Partial<Version> = {}): Version {
  return {
    id: nextId++,
    slug,
    verbose_name: slug,
    active: true,
    built: true,
    type: slug === 'latest' ? 'branch' : 'tag',
    identifier: `${slug}-sha`,
    ...fields,
  };
}

function facts(fields: Partial<ProjectFacts> = {}): ProjectFacts {
  return {
    defaultBranch: 'main',
    defaultVersion: 'latest',
    versions: [version('latest')],
    builds: [],
    trackingBuilds: [],
    buildsDisabled: undefined,
    head: { sha: HEAD, date: NOW - 3 * HOUR },
    releases: [],
    failureReasons: new Map(),
    ...fields,
  };
}

const options = { now: NOW, graceMs: HOUR };
const states = (rows: { state: string }[]) => rows.map((row) => row.state);

describe('latest is current', () => {
  it('is current when its last successful build is of the head, or a build of the head runs', () => {
    expect(states(checkLatest(facts({ trackingBuilds: [build('latest', { commit: HEAD })] }), options))).toEqual(['ok']);
    const running = build('latest', { commit: HEAD, state: { code: 'building' }, success: null });
    expect(states(checkLatest(facts({ trackingBuilds: [running, build('latest')] }), options))).toEqual(['ok']);
    // A webhook's build has no commit until it is cloned: one made after the head counts.
    const cloning = build('latest', { commit: null, state: { code: 'triggered' }, success: null, ago: HOUR });
    expect(states(checkLatest(facts({ trackingBuilds: [cloning, build('latest')] }), options))).toEqual(['ok']);
  });

  it('gives a young head its grace period, then names the head, its age, and what latest last built', () => {
    const young = facts({ head: { sha: HEAD, date: NOW - 10 * 60_000 }, trackingBuilds: [build('latest')] });
    expect(states(checkLatest(young, options))).toEqual(['ok']);
    const [row] = checkLatest(facts({ trackingBuilds: [build('latest')] }), options);
    expect(row).toMatchObject({ state: 'problem', subject: 'latest' });
    expect(row!.details).toBe('last built aaaaaaa; the head of main, bbbbbbb, is 3h old and has no build');
    // An older running build (of another commit, before the head) is not the head's.
    const stale = build('latest', { commit: null, state: { code: 'triggered' }, success: null, ago: 5 * HOUR });
    expect(states(checkLatest(facts({ trackingBuilds: [stale, build('latest')] }), options))).toEqual(['problem']);
  });

  it("names the head's failed build", () => {
    const failed = build('latest', { commit: HEAD, success: false, ago: 2 * HOUR });
    const [row] = checkLatest(facts({ trackingBuilds: [failed, build('latest', { ago: 30 * HOUR })] }), options);
    expect(row!.details).toContain(`its build #${failed.id} failed`);
    expect(row!.links.map((link) => link.url)).toContain(failed.urls.build);
  });

  it('is not checked without GitHub, and a problem without a version that tracks the branch', () => {
    expect(states(checkLatest(facts({ head: 'GitHub was not read' }), options))).toEqual(['unknown']);
    expect(states(checkLatest(facts({ versions: [version('v1.0')] }), options))).toEqual(['problem']);
    const branch = facts({ versions: [version('main', { type: 'branch' })], trackingBuilds: [build('main', { commit: HEAD })] });
    expect(checkLatest(branch, options)[0]).toMatchObject({ state: 'ok', subject: 'main' });
  });
});

describe('releases have docs', () => {
  const versions = [version('latest'), version('v1.0'), version('v1.1', { active: false }), version('v1.2', { built: false })];

  it('names a tag without a version, an inactive one and one not built', () => {
    const rows = checkReleases(facts({ versions, releases: ['v1.3', 'v1.2', 'v1.1', 'v1.0'] }));
    expect(rows.filter((row) => row.state === 'problem').map((row) => row.details)).toEqual([
      'the release has no version on the service (sync the versions; check the automation rules)',
      'its version v1.2 is active but not built',
      'its version v1.1 is inactive',
    ]);
  });

  it('finds a tag by the slug the service makes of it', () => {
    const byName = [version('release-1.0', { verbose_name: 'Release/1.0' })];
    expect(states(checkReleases(facts({ versions: byName, releases: ['Release/1.0'] })))).toEqual(['ok']);
    const bySlug = [version('release-1.0', { verbose_name: 'renamed' })];
    expect(states(checkReleases(facts({ versions: bySlug, releases: ['Release/1.0'] })))).toEqual(['ok']);
    expect(states(checkReleases(facts({ versions: bySlug, releases: ['Release/2.0'] })))).toEqual(['problem']);
  });

  it('checks that stable is not older than the newest release, and says which one it serves', () => {
    const on10 = [...versions.slice(0, 2), version('v1.1'), version('stable', { identifier: 'v1.0-sha' })];
    const rows = checkReleases(facts({ versions: on10, releases: ['v1.1', 'v1.0'] }));
    expect(rows.find((row) => row.subject === 'stable')).toMatchObject({
      state: 'problem',
      details: 'serves v1.0, older than the newest release v1.1',
    });
    const following = [...on10.slice(0, 3), version('stable', { identifier: 'v1.1-sha' })];
    expect(stableRow(following, ['v1.1', 'v1.0'])).toEqual(['ok', 'serves v1.1, not older than the newest release v1.1']);
  });

  const stableRow = (list: Version[], releases: string[]) => {
    const row = checkReleases(facts({ versions: list, releases })).find((r) => r.subject === 'stable');
    return row && [row.state, row.details];
  };

  it("takes stable's version among all tags and branches (FACTS): newer than every GitHub release is no problem", () => {
    // v2.0 was tagged without a GitHub release: the service's stable serves it.
    const list = [version('v1.1'), version('v2.0'), version('stable', { identifier: 'v2.0-sha' })];
    expect(stableRow(list, ['v1.1'])).toEqual(['ok', 'serves v2.0, not older than the newest release v1.1']);
    // A branch's identifier is its name.
    const branch = [
      version('v1.1'),
      version('1.2', { type: 'branch', identifier: '1.2' }),
      version('stable', { type: 'branch', identifier: '1.2' }),
    ];
    expect(stableRow(branch, ['v1.1'])).toEqual(['ok', 'serves 1.2, not older than the newest release v1.1']);
    expect(stableRow(branch, ['v1.3', 'v1.1'])).toEqual(['problem', 'serves 1.2, older than the newest release v1.3']);
    // An older answer gives a branch's commit: its name is still matched.
    const byName = [version('1.2', { type: 'branch', identifier: 'abc' }), version('stable', { type: 'branch', identifier: '1.2' })];
    expect(stableRow(byName, ['v1.3'])).toEqual(['problem', 'serves 1.2, older than the newest release v1.3']);
  });

  it("never blames a stable of the project's own, which the service never moves", () => {
    const own = [version('v1.0'), version('v1.1'), version('stable', { type: 'branch', identifier: 'stable' })];
    expect(stableRow(own, ['v1.1'])).toEqual(['ok', "a branch or tag of the project's own, which the service never moves"]);
    expect(stableRow([version('v1.1'), version('stable', { identifier: null })], ['v1.1'])![0]).toBe('ok');
  });

  it('of two tags at the commit stable names, takes the higher, whatever the order of the list', () => {
    const rc = version('v1.1rc1', { identifier: 'c11' });
    const final = version('v1.1', { identifier: 'c11' });
    const stable = version('stable', { identifier: 'c11' });
    for (const list of [
      [rc, final, stable],
      [final, rc, stable],
      [stable, final, rc],
    ]) {
      expect(stableRow(list, ['v1.1', 'v1.0'])).toEqual(['ok', 'serves v1.1, not older than the newest release v1.1']);
    }
    // latest and stable themselves are never what stable serves.
    const latest = version('latest', { type: 'tag', identifier: 'c12', verbose_name: 'v9.0' });
    expect(stableRow([latest, version('v1.0', { identifier: 'c12' }), version('stable', { identifier: 'c12' })], ['v1.1'])).toEqual([
      'problem',
      'serves v1.0, older than the newest release v1.1',
    ]);
  });

  it('takes the highest release by PEP 440 for stable, pre-releases left out', () => {
    expect(newestRelease(['v2.0rc1', 'v1.10', 'v1.9', 'nightly'])).toBe('v1.10');
    expect(newestRelease(['v2.0.0-beta.1', 'docs'])).toBeUndefined();
  });

  it('is not checked without GitHub', () => {
    expect(states(checkReleases(facts({ releases: 'GitHub was not read' })))).toEqual(['unknown']);
  });
});

describe('active versions build', () => {
  it('names an active version whose last finished build failed, with its reason; a cancelled build is no failure', () => {
    const failed = build('v1.0', { success: false });
    const cancelled = build('v1.1', { state: { code: 'cancelled' }, success: false });
    const rows = checkActiveBuilds(
      facts({
        versions: [version('latest'), version('v1.0'), version('v1.1'), version('old', { active: false })],
        builds: [cancelled, build('latest'), failed, build('v1.1', { ago: 2 * HOUR }), build('old', { success: false })],
        failureReasons: new Map([[failed.id, { headline: 'Build failed (build:commands:failed)', reason: 'Build failed\nlast lines' }]]),
      }),
    );
    expect(rows).toEqual([
      {
        check: 'active versions build',
        state: 'problem',
        subject: 'v1.0',
        details: `its last build #${failed.id} failed: Build failed (build:commands:failed)`,
        links: [{ label: `build #${failed.id}`, url: failed.urls.build }],
        reason: 'Build failed\nlast lines',
      },
    ]);
  });

  it('judges a version with no recent build by `built`', () => {
    const rows = checkActiveBuilds(facts({ versions: [version('latest'), version('v0.1'), version('v0.2', { built: false })] }));
    expect(rows.map((row) => row.details)).toEqual(['active, but never built']);
  });
});

describe('the root works', () => {
  it('needs the default version active and built, and the builds enabled', () => {
    expect(states(checkRoot(facts()))).toEqual(['ok']);
    expect(checkRoot(facts({ versions: [version('latest', { built: false })] }))[0]!.details).toContain('is not built');
    expect(checkRoot(facts({ buildsDisabled: 'Builds disabled' })).map((row) => row.details)).toEqual([
      "the project's builds are disabled: Builds disabled",
    ]);
  });

  it('says what the root really does without an active default version: multi-version quietly serves latest, single-version answers 404', () => {
    const multi = { language: 'en', versioningScheme: 'multiple_versions_with_translations' };
    const details = (fields: Partial<ProjectFacts>) => checkRoot(facts({ ...multi, ...fields })).map((row) => [row.state, row.details]);
    expect(details({ defaultVersion: 'v1' })).toEqual([
      ['problem', 'the default version does not exist: the docs root quietly serves `latest` instead, and /en/v1/ answers 404'],
    ]);
    expect(details({ defaultVersion: 'v1', language: 'ja', versions: [version('latest'), version('v1', { active: false })] })).toEqual([
      ['problem', 'the default version is inactive: the docs root quietly serves `latest` instead, and /ja/v1/ answers 404'],
    ]);
    expect(details({ defaultVersion: 'v1', versioningScheme: 'multiple_versions_without_translations' })[0]![1]).toContain(
      'and /v1/ answers 404',
    );
    // latest cannot serve it either: inactive, not built, or missing.
    for (const latest of [[version('latest', { active: false })], [version('latest', { built: false })], []]) {
      expect(details({ defaultVersion: 'v1', versions: latest })[0]![1]).toBe(
        'the default version does not exist: the docs root falls back to `latest`, which has nothing to serve either: it answers 404, and /en/v1/ answers 404',
      );
    }
    expect(
      details({
        defaultVersion: 'v1',
        versioningScheme: 'single_version_without_translations',
        versions: [version('v1', { active: false })],
      }),
    ).toEqual([['problem', 'the default version is inactive: the docs root answers 404 (a single-version project)']]);
    expect(details({ versions: [version('latest', { active: false })] })).toEqual([
      ['problem', 'the default version is inactive: the docs root answers 404'],
    ]);
    expect(details({ defaultVersion: 'v1', versions: [version('latest'), version('v1')] })).toEqual([
      ['ok', 'v1 is active and built; builds are enabled'],
    ]);
  });
});

describe('the report', () => {
  const hostile = {
    check: 'active versions build' as const,
    state: 'problem' as const,
    subject: 'v1.0`|x',
    details: '@octo <img src=x> | ##[error]oops',
    links: [{ label: 'build', url: 'javascript:alert(1)' }],
    reason: '```\n@team see [link](https://evil.example)',
  };

  it('keeps hostile text as text: escaped cells, no mention, no script link, the reason fenced', () => {
    const body = issueBody(issueMarker(''), [{ project: 'acme', rows: [hostile] }]);
    expect(body.startsWith('<!-- readthedocs-action:health -->\n')).toBe(true);
    expect(body).not.toContain('<img');
    expect(body).not.toContain('@octo');
    expect(body).not.toContain('javascript:');
    expect(body).toContain('````text\n```\n@team');
    expect(
      healthTable([{ project: 'acme', rows: [hostile] }])
        .split('\n')
        .filter((line) => line.startsWith('| acme')),
    ).toHaveLength(1);
  });

  it('never calls healthy a project that could not be read', () => {
    const table = healthTable([{ project: 'acme', rows: [] }]);
    expect(table).toContain('1 project could not be checked.');
    expect(table).not.toContain('Healthy');
    expect(table).toContain('| acme | every check | ❔ not checked |');
  });

  it('bounds the issue body, saying what was left out', () => {
    const rows = Array.from({ length: 400 }, (_, i) => ({ ...hostile, subject: `v${i}`, reason: 'x'.repeat(3000) }));
    const body = issueBody(issueMarker('docs'), [{ project: 'acme', rows }]);
    expect(body.length).toBeLessThanOrEqual(MAX_ISSUE_BODY);
    expect(body).toMatch(/more parts left out: an issue holds at most 64 KB/);
    expect(body.startsWith('<!-- readthedocs-action:health:docs -->')).toBe(true);
  });
});
