// `health`'s checks and report, pure: the facts of one project in, rows out; the issue's body.
import { describe, expect, it } from 'vitest';
import {
  checkActiveBuilds,
  checkLatest,
  checkReleases,
  checkRoot,
  failedLastBuilds,
  newestRelease,
  type ProjectFacts,
} from '../src/operations/health/checks.js';
import { issueMarker } from '../src/operations/health/health.js';
import { fixFor, healthTable, issueBody, MAX_ISSUE_BODY } from '../src/operations/health/report.js';
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
/** The `stable` row of the releases check: its state and details. */
const stableRow = (list: Version[], releases: string[]) => {
  const row = checkReleases(facts({ versions: list, releases })).find((r) => r.subject === 'stable');
  return row && [row.state, row.details];
};

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

  // Issue 46: `ref` and `aliases` (FACTS, Versions) say which stable is the service's, and what it serves.
  it("reads stable's `aliases`, else its `ref`: the service's serves them; `ref: null` is the project's own, whatever its identifier", () => {
    const releases = ['v1.2', 'v1.1'];
    const list = (stable: Partial<Version>) => [
      version('v1.1', { identifier: 'c11' }),
      version('v1.2'),
      version('stable', { identifier: 'c11', ...stable }),
    ];
    // A user's own `stable` tag at v1.1's commit: not the service's serving v1.1.
    expect(stableRow(list({ ref: null, aliases: [] }), releases)).toEqual([
      'ok',
      "a branch or tag of the project's own, which the service never moves",
    ]);
    // The service's: what `aliases` names, else what `ref` names (by slug; its own name when the list lacks it).
    expect(stableRow(list({ ref: 'v1.2', aliases: [{ slug: 'v1.1' }] }), releases)).toEqual([
      'problem',
      'serves v1.1, older than the newest release v1.2',
    ]);
    expect(stableRow(list({ ref: 'v1.2', aliases: [] }), releases)).toEqual(['ok', 'serves v1.2, not older than the newest release v1.2']);
    expect(stableRow(list({ ref: '1.0' }), releases)).toEqual(['problem', 'serves 1.0, older than the newest release v1.2']);
    expect(stableRow(list({ aliases: [{ slug: 'gone', verbose_name: 'v0.9' }] }), releases)).toEqual([
      'problem',
      'serves v0.9, older than the newest release v1.2',
    ]);
    // Without `ref` (the documented answer) and without an alias: its `identifier` names it, as before.
    expect(stableRow(list({ aliases: [] }), releases)).toEqual(['problem', 'serves v1.1, older than the newest release v1.2']);
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
    // Two names of one version at the commit: the first listed is named.
    const twins = [version('v1.1', { identifier: 'c11' }), version('1.1', { identifier: 'c11' }), stable];
    expect(stableRow(twins, ['v1.1'])![1]).toBe('serves v1.1, not older than the newest release v1.1');
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

  it('builds disabled or not is unknown while the notifications were not read: a row says so, beside the root that works or not', () => {
    const why = 'the token is not an admin of acme';
    expect(checkRoot(facts({ notificationsUnread: why })).map((row) => [row.state, row.details])).toEqual([
      ['ok', 'latest is active and built'],
      ['unknown', `whether the project's builds are disabled is not known: ${why}`],
    ]);
    expect(states(checkRoot(facts({ notificationsUnread: why, versions: [version('latest', { built: false })] })))).toEqual([
      'problem',
      'unknown',
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
    const table = healthTable([{ project: 'acme', rows: [hostile] }]).split('\n');
    // One project: named in the heading, no column repeating it.
    expect(table[0]).toBe('### Health of acme');
    expect(table.filter((line) => line.startsWith('| active versions build |'))).toHaveLength(1);
  });

  it('never calls healthy a project that could not be read', () => {
    const table = healthTable([{ project: 'acme', rows: [] }]);
    expect(table).toContain('1 project could not be checked.');
    expect(table).not.toContain('Healthy');
    expect(table).toContain('| every check | ❔ not checked |');
    // Several projects: each row names its own, and no Links column when no row has a link.
    const two = healthTable([
      { project: 'acme', rows: [] },
      { project: 'beta', rows: [] },
    ]);
    expect(two).toContain('| Project | Check | State | Details |\n');
    expect(two).toContain('| beta | every check | ❔ not checked |');
  });

  it('bounds the issue body, saying what was left out', () => {
    const rows = Array.from({ length: 400 }, (_, i) => ({ ...hostile, subject: `v${i}`, reason: 'x'.repeat(3000) }));
    const body = issueBody(issueMarker('docs'), [{ project: 'acme', rows }]);
    expect(body.length).toBeLessThanOrEqual(MAX_ISSUE_BODY);
    expect(body).toMatch(/more problems left out: an issue holds at most 64 KB/);
    expect(body.startsWith('<!-- readthedocs-action:health:docs -->')).toBe(true);
  });
});

describe('the issue: problem, evidence, fix', () => {
  const stale = {
    check: 'latest is current' as const,
    state: 'problem' as const,
    subject: 'latest',
    details: 'built from 1a2b3c4 two days ago; the head of main, 9f8e7d6, was pushed 3 hours ago and has no build',
    links: [{ label: 'build #41', url: 'https://app.readthedocs.org/projects/acme/builds/41/' }],
  };
  const failing = {
    check: 'active versions build' as const,
    state: 'problem' as const,
    subject: 'v2.0',
    details: 'its last build #40 failed: Build failed',
    links: [],
    reason: 'build #40 failed\nLast lines of its output:\ndocs/index.rst:12: WARNING: toctree …',
  };
  const body = issueBody(issueMarker(''), [{ project: 'acme', rows: [stale, { ...stale, state: 'ok' as const }, failing] }], {
    at: Date.parse('2026-11-28T06:00:00Z'),
    runUrl: 'https://github.com/octo/docs/actions/runs/4242',
  });

  it('gives the verdict, then when and by which run it was last checked', () => {
    expect(body.split('\n').slice(1, 4)).toEqual([
      '### ❌ Read the Docs health: 2 problems in acme',
      '',
      'Last checked 2026-11-28 06:00 UTC ([workflow run](https://github.com/octo/docs/actions/runs/4242)). This issue is updated while a problem lasts, and closed once every check passes again.',
    ]);
  });

  it('each problem: what is wrong, what was found (with its links and the service’s words folded), and its fix; no table of one state', () => {
    expect(body).toContain(
      [
        '#### 1. ❌ acme: `latest` is behind the default branch',
        '',
        '- **Found:** built from 1a2b3c4 two days ago; the head of main, 9f8e7d6, was pushed 3 hours ago and has no build · [build \\#41](https://app.readthedocs.org/projects/acme/builds/41/)',
        "- **Fix:** Build `latest` again (`operation: build`); if pushes start no build, check the project's GitHub integration and its webhook deliveries (*Admin → Integrations*).",
      ].join('\n'),
    );
    expect(body).toContain('#### 2. ❌ acme · `v2.0`: an active version does not build');
    expect(body).toContain('- **Fix:** Fix what the service says (below), then build `v2.0` again; or deactivate it if nobody reads it.');
    expect(body).toContain('<details><summary>What the service said</summary>\n\n```text\nbuild #40 failed');
    expect(body).not.toContain('| ❌ problem |');
  });

  it('has a fix for every check', () => {
    for (const check of ['latest is current', 'releases have docs', 'active versions build', 'the root works', 'links work'] as const) {
      expect(fixFor({ check, details: '' })).toMatch(/^[A-Z].+\.$/);
    }
  });
});

// Issue 39, item 7: tests that fail on the mutants of checks.ts that survived, where PR and
// inactive versions were not excluded, and `latest` and the release order held only by the
// fixtures' order.
describe('checks that do not hold by the order of a list or the kind of a version', () => {
  const failed = (slug: string, fields: Partial<Build> & { ago?: number } = {}) => build(slug, { success: false, ...fields });

  it('takes latest over the branch version of the default branch, wherever each is listed', () => {
    const main = version('main', { type: 'branch' });
    for (const versions of [
      [main, version('latest')],
      [version('latest'), main],
    ]) {
      expect(checkLatest(facts({ versions, trackingBuilds: [build('latest', { commit: HEAD })] }), options)[0]).toMatchObject({
        state: 'ok',
        subject: 'latest',
      });
    }
  });

  it("without latest, only a branch of the default branch's name tracks it, found by verbose_name", () => {
    const tracked = (versions: Version[]) => checkLatest(facts({ versions, trackingBuilds: [build('x', { commit: HEAD })] }), options)[0]!;
    expect(tracked([version('main', { type: 'tag' })])).toMatchObject({
      state: 'problem',
      details: expect.stringContaining('no version tracks main'),
    });
    expect(tracked([version('trunk', { type: 'branch', verbose_name: 'main' })])).toMatchObject({ state: 'ok', subject: 'trunk' });
    expect(tracked([version('main', { type: 'branch', verbose_name: 'other' })]).state).toBe('problem');
    expect(tracked([version('main', { type: 'branch', verbose_name: undefined })])).toMatchObject({ state: 'ok', subject: 'main' });
    expect(tracked([])).toMatchObject({ state: 'problem', details: 'no version tracks main: the project has no `latest`' });
    expect(checkLatest(facts({ versions: [], defaultBranch: undefined }), options)[0]!.details).toBe(
      'no version tracks the default branch: the project has no `latest`',
    );
  });

  it("reads latest's builds newest first: the newest success decides, not the first of the fixture", () => {
    const atHead = build('latest', { commit: HEAD, ago: HOUR });
    const older = build('latest', { commit: OLD, ago: 2 * HOUR });
    expect(checkLatest(facts({ trackingBuilds: [atHead, older] }), options)[0]).toMatchObject({
      state: 'ok',
      details: 'built at the head of main, bbbbbbb',
      links: [{ label: `build #${atHead.id}`, url: atHead.urls.build }],
    });
    // A newer success of another commit (a rebuild of an old one) is what latest serves.
    const rebuilt = build('latest', { commit: OLD, ago: HOUR / 2 });
    const [row] = checkLatest(facts({ trackingBuilds: [rebuilt, atHead] }), options);
    expect(row!.state).toBe('problem');
    expect(row!.details).toBe('last built aaaaaaa; the head of main, bbbbbbb, is 3h old and has no build');
    expect(row!.links).toEqual([{ label: `build #${rebuilt.id}`, url: rebuilt.urls.build }]);
  });

  it('counts a running build of the head, or one with no commit yet made since the head; never a final one', () => {
    const states = (b: Build) => checkLatest(facts({ trackingBuilds: [b, build('latest')] }), options)[0]!;
    const running = states(build('latest', { commit: HEAD, state: { code: 'cloning' }, success: null }));
    expect(running.details).toMatch(/^build #\d+ of the head of main is running$/);
    expect(states(build('latest', { commit: OLD, state: { code: 'building' }, success: null })).state).toBe('problem');
    expect(states(build('latest', { commit: null, state: { code: 'triggered' }, success: null, ago: HOUR })).state).toBe('ok');
    expect(states(build('latest', { commit: null, state: { code: 'cancelled' }, success: false, ago: HOUR })).state).toBe('problem');
    expect(states(build('latest', { commit: null, state: { code: 'finished' }, success: false, ago: HOUR })).state).toBe('problem');
    // Made at the head's very moment counts; an unknown creation time counts too.
    expect(states(build('latest', { commit: null, state: { code: 'triggered' }, success: null, ago: 3 * HOUR })).state).toBe('ok');
    expect(states(build('latest', { commit: null, state: { code: 'triggered' }, success: null, created: null })).state).toBe('ok');
    const unknownHead = facts({
      head: { sha: HEAD, date: Number.NaN },
      trackingBuilds: [build('latest', { commit: null, state: { code: 'triggered' }, success: null, ago: 9 * HOUR })],
    });
    expect(checkLatest(unknownHead, options)[0]!.state).toBe('ok');
  });

  it('ends the grace period at the grace period, in whole minutes, and says so when the age is unknown', () => {
    const at = (minutes: number) =>
      checkLatest(facts({ head: { sha: HEAD, date: NOW - minutes * 60_000 }, trackingBuilds: [] }), options)[0]!;
    expect(at(59)).toMatchObject({
      state: 'ok',
      details: 'the head of main, bbbbbbb, is 59m old (within the grace period); has no successful build among its recent ones',
    });
    expect(at(60).state).toBe('problem');
    expect(at(60).details).toBe('has no successful build among its recent ones; the head of main, bbbbbbb, is 1h old and has no build');
    const unknown = checkLatest(facts({ head: { sha: HEAD, date: Number.NaN, url: 'https://github.com/o/r/commit/b' } }), options)[0]!;
    expect(unknown).toMatchObject({
      state: 'problem',
      details: 'has no successful build among its recent ones; the head of main, bbbbbbb, has no build',
    });
    expect(unknown.links).toEqual([{ label: 'bbbbbbb', url: 'https://github.com/o/r/commit/b' }]);
  });

  it("names only a finished failure of the head, not a cancelled one nor another commit's", () => {
    const cancelled = build('latest', { commit: HEAD, state: { code: 'cancelled' }, success: false });
    expect(checkLatest(facts({ trackingBuilds: [cancelled, build('latest', { ago: 30 * HOUR })] }), options)[0]!.details).toContain(
      'has no build',
    );
    const otherFailed = failed('latest', { commit: OLD });
    expect(checkLatest(facts({ trackingBuilds: [otherFailed] }), options)[0]!.details).toContain('has no build');
  });

  it('leaves PR versions and inactive versions out of the active versions, whatever their builds', () => {
    const pr = version('7', { type: 'external' });
    const inactive = version('old', { active: false });
    const rows = checkActiveBuilds(
      facts({
        versions: [version('latest'), pr, inactive, version('never', { type: 'external', built: false })],
        builds: [failed('7'), failed('old'), build('latest')],
      }),
    );
    expect(rows).toEqual([{ check: 'active versions build', state: 'ok', details: '1 active version: last builds succeeded', links: [] }]);
    expect(
      failedLastBuilds(facts({ versions: [pr, inactive, version('v1')], builds: [failed('7'), failed('old'), failed('v1')] })).map(
        (b) => b.version,
      ),
    ).toEqual(['v1']);
    expect(checkActiveBuilds(facts({ versions: [version('a'), version('b')] }))[0]!.details).toBe(
      '2 active versions: last builds succeeded',
    );
  });

  it("judges each version by its newest finished build, builds listed newest first; a build of a deleted version is nobody's", () => {
    const newerSuccess = [build('v1', { ago: HOUR }), failed('v1', { ago: 2 * HOUR })];
    expect(states(checkActiveBuilds(facts({ versions: [version('v1')], builds: newerSuccess })))).toEqual(['ok']);
    const newerFailure = [failed('v1', { ago: HOUR }), build('v1', { ago: 2 * HOUR })];
    expect(checkActiveBuilds(facts({ versions: [version('v1')], builds: newerFailure }))[0]).toMatchObject({
      state: 'problem',
      subject: 'v1',
      details: `its last build #${newerFailure[0]!.id} failed`,
    });
    // A running build is not final: the finished one before it decides.
    const running = build('v1', { state: { code: 'building' }, success: null });
    expect(states(checkActiveBuilds(facts({ versions: [version('v1')], builds: [running, failed('v1')] })))).toEqual(['problem']);
    expect(
      states(checkActiveBuilds(facts({ versions: [version('v1')], builds: [build('x', { version: null, success: false })] }))),
    ).toEqual(['ok']);
  });

  it('calls a version never built only when it is unbuilt and has no recent build at all', () => {
    const unbuilt = version('v2', { built: false });
    const withCancelled = facts({ versions: [unbuilt], builds: [build('v2', { state: { code: 'cancelled' }, success: false })] });
    expect(states(checkActiveBuilds(withCancelled))).toEqual(['ok']);
    expect(states(checkActiveBuilds(facts({ versions: [version('v2', { built: undefined })] })))).toEqual(['ok']);
    expect(checkActiveBuilds(facts({ versions: [unbuilt] }))).toEqual([
      { check: 'active versions build', state: 'problem', subject: 'v2', details: 'active, but never built', links: [] },
    ]);
  });

  it('finds a release only among tag versions, and takes `built` absent as built', () => {
    const rows = (versions: Version[]) => checkReleases(facts({ versions, releases: ['v1.0'] })).map((row) => [row.state, row.details]);
    expect(rows([version('v1.0', { type: 'branch' })])).toEqual([
      ['problem', 'the release has no version on the service (sync the versions; check the automation rules)'],
    ]);
    expect(rows([version('v1.0', { built: undefined })])).toEqual([['ok', 'v1.0: active and built']]);
    const docs = 'https://acme.readthedocs.io/en/v1.0/';
    const inactive = checkReleases(
      facts({ versions: [version('v1.0', { active: false, urls: { documentation: docs } })], releases: ['v1.0'] }),
    );
    expect(inactive[0]).toEqual({
      check: 'releases have docs',
      state: 'problem',
      subject: 'v1.0',
      details: 'its version v1.0 is inactive',
      links: [{ label: 'docs', url: docs }],
    });
  });

  it('takes the newest release by version, whatever the order GitHub lists them in', () => {
    expect(newestRelease(['v1.0', 'v1.10', 'v1.9'])).toBe('v1.10');
    expect(newestRelease(['v1.9', 'v1.10', 'v1.0'])).toBe('v1.10');
    expect(newestRelease(['v1.10', 'v2.0rc1', 'v1.9'])).toBe('v1.10');
    expect(newestRelease([])).toBeUndefined();
    const list = [version('v1.9'), version('v1.10'), version('stable', { identifier: 'v1.9-sha' })];
    for (const releases of [
      ['v1.9', 'v1.10'],
      ['v1.10', 'v1.9'],
    ]) {
      expect(checkReleases(facts({ versions: list, releases })).find((row) => row.subject === 'stable')).toMatchObject({
        state: 'problem',
        details: 'serves v1.9, older than the newest release v1.10',
      });
    }
  });

  it('has no stable row without a stable or without a release that reads as a version', () => {
    expect(checkReleases(facts({ versions: [version('v1.0')], releases: ['v1.0'] })).map((row) => row.subject)).toEqual([undefined]);
    const stable = version('stable', { identifier: 'docs-sha' });
    expect(checkReleases(facts({ versions: [version('docs'), stable], releases: ['docs'] })).map((row) => row.subject)).toEqual([
      undefined,
    ]);
    expect(checkReleases(facts({ versions: [stable], releases: [] }))).toEqual([
      { check: 'releases have docs', state: 'ok', details: 'no release tag to look at', links: [] },
    ]);
  });

  it('links the root to the default version and names both the default version and disabled builds', () => {
    const docs = 'https://acme.readthedocs.io/en/latest/';
    expect(checkRoot(facts({ versions: [version('latest', { urls: { documentation: docs } })] }))).toEqual([
      {
        check: 'the root works',
        state: 'ok',
        details: 'latest is active and built; builds are enabled',
        links: [{ label: 'docs', url: docs }],
      },
    ]);
    const both = checkRoot(facts({ defaultVersion: undefined, versions: [version('latest', { active: false })], buildsDisabled: 'off' }));
    expect(both.map((row) => [row.subject, row.details])).toEqual([
      ['latest', 'the default version is inactive: the docs root answers 404'],
      [undefined, "the project's builds are disabled: off"],
    ]);
  });

  it('gives each latest row exactly its fields and links', () => {
    expect(checkLatest(facts({ versions: [] }), options)).toStrictEqual([
      { check: 'latest is current', state: 'problem', details: 'no version tracks main: the project has no `latest`', links: [] },
    ]);
    const running = build('latest', { commit: HEAD, state: { code: 'building' }, success: null });
    expect(checkLatest(facts({ trackingBuilds: [running] }), options)[0]!.links).toEqual([
      { label: `build #${running.id}`, url: running.urls.build },
    ]);
    // A successful build whose commit is not known.
    expect(checkLatest(facts({ trackingBuilds: [build('latest', { commit: null })] }), options)[0]!.details).toBe(
      'last built an unknown commit; the head of main, bbbbbbb, is 3h old and has no build',
    );
  });

  it("finds a release's version by its verbose_name even when the slug is another (a clash: `_a`)", () => {
    const clash = [
      version('release-1.0', { verbose_name: 'release-1.0' }),
      version('release-1.0_a', { verbose_name: 'Release/1.0', active: false }),
    ];
    expect(checkReleases(facts({ versions: clash, releases: ['Release/1.0'] }))[0]!.details).toBe('its version release-1.0_a is inactive');
  });

  it("matches what stable serves by the tag's commit or the branch's name or commit, never another kind or another branch", () => {
    const stable = (identifier: string | null, type = 'tag') => version('stable', { identifier, type });
    const row = (list: Version[], releases = ['v1.1']) => stableRow(list, releases)!;
    // A version that names no verbose_name is named (and read) by its slug.
    expect(row([version('v1.0', { verbose_name: undefined, identifier: 'c10' }), stable('c10')])).toEqual([
      'problem',
      'serves v1.0, older than the newest release v1.1',
    ]);
    // A branch that reads as no version is not older than anything.
    expect(row([version('dev', { type: 'branch', identifier: 'dev' }), stable('dev', 'branch')])).toEqual([
      'ok',
      'serves dev, not older than the newest release v1.1',
    ]);
    // No identifier: no version is taken for it, not even one without an identifier.
    expect(row([version('v1.0', { identifier: null }), stable(null)])[0]).toBe('ok');
    // Another kind of version at the commit, or another branch, is not what stable serves.
    const others = [
      version('v9.0', { type: 'unknown', identifier: 'c11' }),
      version('v8.0', { type: 'branch', identifier: 'v8.0' }),
      version('v1.0', { identifier: 'c11' }),
      stable('c11'),
    ];
    expect(row(others)).toEqual(['problem', 'serves v1.0, older than the newest release v1.1']);
    // An older answer gives a branch's commit as its identifier, and stable the same.
    expect(row([version('1.2', { type: 'branch', identifier: 'c12', verbose_name: '1.2' }), stable('c12', 'branch')])).toEqual([
      'ok',
      'serves 1.2, not older than the newest release v1.1',
    ]);
  });

  it('keeps the first of two equal releases as the newest', () => {
    expect(newestRelease(['v1.1', '1.1', 'v1.0'])).toBe('v1.1');
  });

  it('calls a version never built though other versions have builds', () => {
    expect(states(checkActiveBuilds(facts({ versions: [version('v2', { built: false })], builds: [build('latest')] })))).toEqual([
      'problem',
    ]);
  });

  it('finds latest for the root wherever it is listed, and leaves the language out when it is not known', () => {
    const details = (fields: Partial<ProjectFacts>) =>
      checkRoot(facts({ defaultVersion: 'v1', versioningScheme: 'multiple_versions_with_translations', ...fields }))[0]!.details;
    expect(details({ language: 'en', versions: [version('v1', { active: false }), version('latest')] })).toBe(
      'the default version is inactive: the docs root quietly serves `latest` instead, and /en/v1/ answers 404',
    );
    expect(details({ language: undefined, versions: [version('latest')] })).toBe(
      'the default version does not exist: the docs root quietly serves `latest` instead, and /v1/ answers 404',
    );
  });
});
