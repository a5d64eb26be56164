// The release workflow's decisions (scripts/release.ts): the CHANGELOG section that becomes the
// notes, the checks before anything is published, and which major tag moves.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { absoluteLinks, changelogSection } from '../../scripts/release/changelog.ts';
import { docsMajorTags } from '../../scripts/release/docs-major-tags.ts';
import { type ReleaseFacts, ReleaseRefused, releasePlan } from '../../scripts/release/plan.ts';
import { ROOT } from '../../harness/action-metadata.ts';
import { ACTION_VERSION } from '../../src/version.ts';

const CHANGELOG = `# Changelog

All notable changes.

## [Unreleased]

### Fixed
- Something not released yet.

## [1.3.0] - 2026-12-01

### Added
- \`operation: export\` shows the file in the job summary ([project as code](docs/project-as-code.md#export)).

### Security
- See [SECURITY.md](SECURITY.md) and [the advisory](https://github.com/o/r/security/advisories/1).

## [1.2.3] - 2026-11-20

### Fixed
- A fix.

[1.3.0]: https://github.com/o/r/releases/tag/v1.3.0
[1.2.3]: https://github.com/o/r/releases/tag/v1.2.3
`;

const SHA = 'a'.repeat(40);

function facts(overrides: Partial<ReleaseFacts> = {}): ReleaseFacts {
  return {
    tag: 'v1.3.0',
    packageVersion: '1.3.0',
    actionVersion: '1.3.0',
    changelog: CHANGELOG,
    tags: ['v1.2.3', 'v1.3.0'],
    repositoryUrl: 'https://github.com/o/r',
    commit: SHA,
    docsMajorTags: ['v1'],
    ...overrides,
  };
}

function refusal(overrides: Partial<ReleaseFacts>): string[] {
  try {
    releasePlan(facts(overrides));
  } catch (error) {
    if (error instanceof ReleaseRefused) return error.problems;
    throw error;
  }
  throw new Error('not refused');
}

describe('changelogSection', () => {
  it('takes a version’s section, from its heading to the next one, with its date', () => {
    expect(changelogSection(CHANGELOG, '1.2.3')).toEqual({ label: '2026-11-20', body: '### Fixed\n- A fix.' });
    const section = changelogSection(CHANGELOG, '1.3.0')!;
    expect(section.label).toBe('2026-12-01');
    expect(section.body.startsWith('### Added\n- `operation: export`')).toBe(true);
    expect(section.body.endsWith('[the advisory](https://github.com/o/r/security/advisories/1).')).toBe(true);
    expect(section.body).not.toContain('1.2.3');
  });

  it('stops at the link definitions at the end, reads an unreleased label, and finds no section of another version', () => {
    expect(changelogSection(CHANGELOG, '1.2.3')!.body).not.toContain(']: https://');
    expect(changelogSection('## [0.1.0] - Unreleased\n\nThe first.\n', '0.1.0')).toEqual({ label: 'Unreleased', body: 'The first.' });
    expect(changelogSection('## v2.0.0 – 2027-01-02\r\n- CRLF\r\n', '2.0.0')).toEqual({ label: '2027-01-02', body: '- CRLF' });
    expect(changelogSection(CHANGELOG, '1.3')).toBeUndefined();
    expect(changelogSection(CHANGELOG, '1.3.0.1')).toBeUndefined();
  });

  it('every `@vN` of the project’s docs is the major tag package.json’s version moves (issue 42)', () => {
    const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    expect(Number(version.split('.')[0])).toBeGreaterThanOrEqual(1);
    expect(docsMajorTags(ROOT, 'readthedocs-action/readthedocs-action')).toEqual([`v${version.split('.')[0]}`]);
  });

  it('the project’s own CHANGELOG.md has a section for package.json’s version', () => {
    const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    const section = changelogSection(readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8'), version);
    expect(section?.body.length).toBeGreaterThan(100);
  });

  it('src/version.ts names package.json’s version once its section is dated, `<version>-dev` before (issue 49)', () => {
    // An unreleased commit's `--version` and User-Agent claimed the release. Read from the sources
    // alone, so that dist/ stays the same bytes on every machine; the release refuses another.
    const actionVersion = (version: string, changelog: string) =>
      /^\d{4}-\d{2}-\d{2}$/.test(changelogSection(changelog, version)?.label ?? '') ? version : `${version}-dev`;
    const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    expect(ACTION_VERSION).toBe(actionVersion(version, readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8')));
    expect(actionVersion('1.2.3', '## [1.2.3] - Unreleased\n\n- A change.\n')).toBe('1.2.3-dev');
    expect(actionVersion('1.2.3', '## [Unreleased]\n\n## [1.2.3] - 2026-11-30\n\n- A change.\n')).toBe('1.2.3');
  });
});

describe('absoluteLinks', () => {
  it('points relative links into the tag’s tree and leaves absolute ones, anchors and mail alone', () => {
    const base = 'https://github.com/o/r/blob/v1.3.0/';
    expect(absoluteLinks('[a](docs/a.md#x) [b](./SECURITY.md) [c](https://e.org/) [d](#top) [e](mailto:x@e.org)', base)).toBe(
      '[a](https://github.com/o/r/blob/v1.3.0/docs/a.md#x) [b](https://github.com/o/r/blob/v1.3.0/SECURITY.md) ' +
        '[c](https://e.org/) [d](#top) [e](mailto:x@e.org)',
    );
  });
});

describe('releasePlan', () => {
  it('a release: its section as notes (links absolute), the pin and the verify command, and the major tag', () => {
    const plan = releasePlan(facts());
    expect(plan).toMatchObject({ version: '1.3.0', prerelease: false, majorTag: 'v1' });
    expect(plan.notes).toContain('([project as code](https://github.com/o/r/blob/v1.3.0/docs/project-as-code.md#export))');
    expect(plan.notes).toContain(`\`uses: o/r@${SHA} # v1.3.0\``);
    expect(plan.notes).toContain(
      '`gh attestation verify dist/action/index.js --repo o/r --signer-workflow o/r/.github/workflows/release.yml`',
    );
    expect(plan.notes).not.toContain('A fix.');
  });

  it('moves no major tag for a pre-release, a 0.y.z release, or a fix of an older minor', () => {
    const rc = `${CHANGELOG}\n## [2.0.0-rc.1] - 2026-12-10\n\n- Candidate.\n`.replace(/\n\[1\.3\.0\]:.*\n\[1\.2\.3\]:.*\n/, '\n');
    expect(
      releasePlan(facts({ tag: 'v2.0.0-rc.1', packageVersion: '2.0.0-rc.1', actionVersion: '2.0.0-rc.1', changelog: rc })),
    ).toMatchObject({ prerelease: true, majorTag: undefined });
    const zero = '## [0.4.0] - 2026-11-30\n\n- Early.\n';
    expect(
      releasePlan(facts({ tag: 'v0.4.0', packageVersion: '0.4.0', actionVersion: '0.4.0', changelog: zero, docsMajorTags: [] })).majorTag,
    ).toBeUndefined();
    // v1.2.4 after v1.3.0: v1 stays on v1.3.0.
    const patch = `## [1.2.4] - 2026-12-02\n\n- Backport.\n\n${CHANGELOG}`;
    const older = facts({
      tag: 'v1.2.4',
      packageVersion: '1.2.4',
      actionVersion: '1.2.4',
      changelog: patch,
      tags: ['v1.2.3', 'v1.3.0', 'v1.2.4'],
    });
    expect(releasePlan(older).majorTag).toBeUndefined();
    // Pre-release tags and other majors do not count against it.
    expect(releasePlan(facts({ tags: ['v1.3.0', 'v1.4.0-rc.1', 'v2.0.0', 'v1.2.3'] })).majorTag).toBe('v1');
  });

  it('refuses, naming every problem: versions that differ, an undated or missing section, a tag that is not a version', () => {
    expect(refusal({ packageVersion: '1.2.3', actionVersion: '1.3.1' })).toEqual([
      "package.json's version is 1.2.3, not 1.3.0",
      "src/version.ts's ACTION_VERSION is 1.3.1, not 1.3.0",
    ]);
    expect(refusal({ changelog: CHANGELOG.replace('## [1.3.0] - 2026-12-01', '## [1.3.0] - Unreleased') })).toEqual([
      "CHANGELOG.md's section of 1.3.0 is dated `Unreleased`, not YYYY-MM-DD: date it when releasing",
    ]);
    expect(refusal({ changelog: CHANGELOG.replace('## [1.3.0] - 2026-12-01', '## [1.3.1] - 2026-12-01') })).toEqual([
      'CHANGELOG.md has no section `## [1.3.0] - YYYY-MM-DD`',
    ]);
    expect(refusal({ changelog: '## [1.3.0] - 2026-12-01\n\n## [1.2.3] - 2026-11-20\n' })).toEqual([
      "CHANGELOG.md's section of 1.3.0 is empty",
    ]);
    expect(refusal({ commit: 'abc123' })).toEqual(['commit `abc123` is not a full SHA']);
    // The docs' `@v1` would not resolve after a 0.y.z or a v2 release (issue 42).
    const zero = '## [0.4.0] - 2026-11-30\n\n- Early.\n';
    expect(refusal({ tag: 'v0.4.0', packageVersion: '0.4.0', actionVersion: '0.4.0', changelog: zero })).toEqual([
      "the docs' examples use `@v1`, which a 0.y.z release does not move: release 1.y.z, or change the examples",
    ]);
    const two = '## [2.0.0] - 2026-12-30\n\n- Breaking.\n';
    expect(
      refusal({ tag: 'v2.0.0', packageVersion: '2.0.0', actionVersion: '2.0.0', changelog: two, docsMajorTags: ['v1', 'v2'] }),
    ).toEqual(["the docs' examples use `@v1`, which this release (major tag v2) does not move: release 1.y.z, or change the examples"]);
    for (const tag of ['1.3.0', 'v1.3', 'v01.3.0', 'v1.3.0+build', 'v1.3.0-'])
      expect(refusal({ tag })[0]).toContain('is not vMAJOR.MINOR.PATCH');
  });
});

describe('scripts/release.ts, as the workflow runs it', () => {
  let work: string | undefined;
  afterEach(() => {
    if (work) rmSync(work, { recursive: true, force: true });
    work = undefined;
  });

  /** A repository like ours at `version`, with CHANGELOG.md and the tags given. */
  function repository(version: string, changelog: string, tags: string[], pages: Record<string, string> = {}): string {
    work = mkdtempSync(join(tmpdir(), 'release-test-'));
    mkdirSync(join(work, 'src'));
    mkdirSync(join(work, 'docs'));
    for (const [page, text] of Object.entries(pages)) writeFileSync(join(work, page), text);
    writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'x', version }));
    writeFileSync(join(work, 'src', 'version.ts'), `export const ACTION_VERSION = '${version}';\n`);
    writeFileSync(join(work, 'CHANGELOG.md'), changelog);
    const git = (...args: string[]) =>
      execFileSync(
        'git',
        ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', '-c', 'tag.gpgSign=false', '-c', 'commit.gpgSign=false', ...args],
        {
          cwd: work,
          stdio: 'ignore',
        },
      );
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'release');
    for (const tag of tags) git('tag', tag);
    return work;
  }

  function run(cwd: string, args: string[]) {
    const output = join(cwd, 'github-output');
    writeFileSync(output, '');
    const env = {
      ...process.env,
      GITHUB_OUTPUT: output,
      GITHUB_ACTIONS: 'true',
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_REPOSITORY: 'o/r',
    };
    const child = spawnSync(process.execPath, [join(ROOT, 'scripts', 'release.ts'), ...args], { cwd, env, encoding: 'utf8' });
    return { code: child.status, stdout: child.stdout, outputs: readFileSync(output, 'utf8') };
  }

  it('writes the notes and the step outputs for a pushed tag', () => {
    const cwd = repository('1.3.0', CHANGELOG, ['v1.2.3', 'v1.3.0']);
    const result = run(cwd, ['v1.3.0', '--notes', join(cwd, 'notes.md')]);
    expect(result.code).toBe(0);
    expect(result.outputs).toBe('version=1.3.0\nprerelease=false\nmajor-tag=v1\n');
    const notes = readFileSync(join(cwd, 'notes.md'), 'utf8');
    expect(notes.startsWith('### Added\n')).toBe(true);
    expect(notes).toMatch(/`uses: o\/r@[0-9a-f]{40} # v1\.3\.0`/);
    expect(result.stdout).toContain('major tag:   v1 moves here');
  });

  it('reads the docs’ `@vN`: a 0.y.z release under docs that say `@v1` is refused', () => {
    const zero = '## [0.4.0] - 2026-11-30\n\n- Early.\n';
    const cwd = repository('0.4.0', zero, ['v0.4.0'], {
      'README.md': '- uses: o/r@v1 # or o/r@v1.2.3\n',
      'docs/a.md': 'x/o/r@v9 is not ours\n',
    });
    const result = run(cwd, ['v0.4.0']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("the docs' examples use `@v1`, which a 0.y.z release does not move");
    expect(result.stdout).not.toContain('v9');
  });

  it('refuses an undated section with an annotation, sets no output and writes no notes', () => {
    const cwd = repository('1.3.0', CHANGELOG.replace('- 2026-12-01', '- Unreleased'), ['v1.3.0']);
    const result = run(cwd, ['v1.3.0', '--notes', join(cwd, 'notes.md')]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('::error title=Release refused::');
    expect(result.stdout).toContain('dated `Unreleased`');
    expect(result.outputs).toBe('');
    expect(() => readFileSync(join(cwd, 'notes.md'))).toThrow();
  });
});

describe('a stray high tag never stops the major tag (issue 30)', () => {
  let work: string | undefined;
  afterEach(() => {
    if (work) rmSync(work, { recursive: true, force: true });
    work = undefined;
  });

  it('v1.99.0 on another branch, or on a commit whose package.json is another version, is no release: v1 moves', () => {
    work = mkdtempSync(join(tmpdir(), 'release-stray-'));
    const cwd = work;
    const git = (...args: string[]) =>
      execFileSync(
        'git',
        ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', '-c', 'tag.gpgSign=false', '-c', 'commit.gpgSign=false', ...args],
        { cwd, stdio: 'ignore' },
      );
    const commitAt = (version: string) => {
      mkdirSync(join(cwd, 'src'), { recursive: true });
      writeFileSync(join(cwd, 'package.json'), JSON.stringify({ name: 'x', version }));
      writeFileSync(join(cwd, 'src', 'version.ts'), `export const ACTION_VERSION = '${version}';\n`);
      writeFileSync(join(cwd, 'CHANGELOG.md'), CHANGELOG);
      git('add', '.');
      git('commit', '-qm', version);
    };
    git('init', '-q', '-b', 'main');
    commitAt('1.2.3');
    git('tag', 'v1.2.3');
    // A stray tag on a commit of main that is not its version, and one on a branch main never merged.
    git('tag', 'v1.98.0');
    git('switch', '-qc', 'side');
    commitAt('1.99.0');
    git('tag', 'v1.99.0');
    git('switch', '-q', 'main');
    commitAt('1.3.0');
    git('tag', 'v1.3.0');

    const output = join(cwd, 'github-output');
    writeFileSync(output, '');
    const child = spawnSync(process.execPath, [join(ROOT, 'scripts', 'release.ts'), 'v1.3.0', '--main', 'main'], {
      cwd,
      env: { ...process.env, GITHUB_OUTPUT: output, GITHUB_ACTIONS: 'true', GITHUB_REPOSITORY: 'o/r' },
      encoding: 'utf8',
    });
    expect(child.status, child.stdout + child.stderr).toBe(0);
    expect(readFileSync(output, 'utf8')).toContain('major-tag=v1\n');
    expect(child.stdout).toContain('major tag:   v1 moves here');
  });
});

describe('the release of package.json’s version (issue 42)', () => {
  it('moves the major tag every `@vN` of the docs names, so the examples resolve the day it is tagged', () => {
    const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    const changelog = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8');
    const label = changelogSection(changelog, version)!.label;
    const docs = docsMajorTags(ROOT, 'readthedocs-action/readthedocs-action');
    const plan = releasePlan({
      tag: `v${version}`,
      packageVersion: version,
      actionVersion: version,
      changelog: changelog.replace(`## [${version}] - ${label}`, `## [${version}] - 2026-12-01`),
      tags: [`v${version}`],
      repositoryUrl: 'https://github.com/readthedocs-action/readthedocs-action',
      commit: 'a'.repeat(40),
      docsMajorTags: docs,
    });
    expect(docs.length).toBeGreaterThan(0);
    expect([plan.majorTag]).toEqual(docs);
    // The workflow's check step runs that script with the tag, and the publish job moves its output.
    const workflow = readFileSync(join(ROOT, '.github', 'workflows', 'release.yml'), 'utf8');
    expect(workflow).toContain('node scripts/release.ts "$TAG"');
  });
});
