// The release workflow never runs the tag's code with a token that can write or sign (issue 30):
// .github/workflows/release.yml parsed, each job's permissions and steps read. A job holding
// `contents: write`, `id-token: write` or `attestations: write` runs no npm install, no node, no
// script of the repository and keeps no checkout credentials; the job that runs the tag's code
// checks that the tag is on main before anything is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../harness/action-metadata.ts';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
}
interface Job {
  permissions?: string | Record<string, string>;
  environment?: string | { name: string };
  needs?: string | string[];
  if?: string;
  steps?: Step[];
}
interface Workflow {
  permissions?: string | Record<string, string>;
  jobs: Record<string, Job>;
}

const SIGNING = ['contents', 'id-token', 'attestations'];

/** Whether the job's token can write contents, mint an OIDC token or store attestations. */
function canWrite(job: Job, workflow: Workflow): boolean {
  const permissions = job.permissions ?? workflow.permissions;
  if (permissions === undefined || permissions === 'write-all') return true; // the repository's default may be write
  if (typeof permissions === 'string') return permissions !== 'read-all' && permissions !== '{}';
  return SIGNING.some((scope) => permissions[scope] === 'write');
}

/** What runs code of the checkout: an install, node, npx, another package manager, a script of the repository. */
const RUNS_CODE = [
  /(?:^|[\s;&|(`])(?:npx|node|yarn|pnpm|bun|make|source)(?=\s|$)/m,
  /(?:^|[\s;&|(`])(?:bash|sh)\s+(?!-c\b)\S/m,
  /(?:^|[\s;&|(`])\.{1,2}\/[\w.-]/m,
  /\bscripts\//,
];
/** npm's commands a writing job may run: its version, a look at the registry, publishing a tarball without scripts. */
const NPM = /(?:^|[\s;&|(`])npm\s+([^\s)"'`;]+)([^\n;&|]*)/gm;

/** A step's script without its comments and messages (a quoted string with a space in it is one). */
function commands(run: string): string {
  return run.replace(/^\s*#.*$/gm, '').replace(/"[^"\n]*\s[^"\n]*"/g, '""');
}

/** What a writing job does that runs the tag's code or leaves it credentials. */
function writingJobProblems(name: string, job: Job): string[] {
  const problems: string[] = [];
  for (const [index, step] of (job.steps ?? []).entries()) {
    const where = `${name} step ${index + 1} (${step.name ?? step.uses ?? 'run'})`;
    if (step.uses?.startsWith('./')) problems.push(`${where}: a local action is the tag's code`);
    if (step.uses?.startsWith('actions/checkout@') && step.with?.['persist-credentials'] !== false) {
      problems.push(`${where}: checkout without persist-credentials: false`);
    }
    const run = commands(step.run ?? '');
    for (const pattern of RUNS_CODE) {
      const match = pattern.exec(run);
      if (match) problems.push(`${where}: runs \`${match[0].trim()}\``);
    }
    for (const match of run.matchAll(NPM)) {
      const [command, rest] = [match[1]!, match[2]!];
      const allowed =
        command === '--version' ||
        command === 'view' ||
        (command === 'publish' && /\.tgz|\$TARBALL/.test(rest) && rest.includes('--ignore-scripts'));
      if (!allowed) problems.push(`${where}: runs \`npm ${command}\``);
    }
  }
  return problems;
}

/**
 * Where a job checks that the tag is on main, the first step that installs or runs the checkout's
 * code, and the steps before the check that are not a checkout.
 */
function mainCheckOrder(job: Job): { check: number; install: number; beforeCheck: string[] } {
  const steps = job.steps ?? [];
  const check = steps.findIndex((step) => /git merge-base --is-ancestor\b[^\n]*refs\/remotes\/origin\/main/.test(step.run ?? ''));
  const install = steps.findIndex(
    (step) =>
      /(?:^|\s)(?:npm\s+(?:ci|install|i|run|test|pack|exec|rebuild)|npx|node)\s/m.test(step.run ?? '') || step.uses?.startsWith('./'),
  );
  const beforeCheck = steps
    .slice(0, Math.max(check, 0))
    .flatMap((step) => (step.uses?.startsWith('actions/checkout@') ? [] : [step.name ?? step.uses ?? step.run ?? '?']));
  return { check, install, beforeCheck };
}

const text = readFileSync(join(ROOT, '.github', 'workflows', 'release.yml'), 'utf8');
const workflow = parse(text) as Workflow;
const jobs = Object.entries(workflow.jobs);
const writing = jobs.filter(([, job]) => canWrite(job, workflow));
const reading = jobs.filter(([, job]) => !canWrite(job, workflow));

describe('release.yml (issue 30)', () => {
  it('reads only, by default; one job writes, after the job that checks', () => {
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(writing.map(([name]) => name)).toEqual(['publish']);
    expect(reading.map(([name]) => name)).toEqual(['check']);
    const [, publish] = writing[0]!;
    expect([publish.needs].flat()).toEqual(['check']);
    expect(publish.if).toBeUndefined();
  });

  it('no job holding contents, id-token or attestations write runs npm, node or scripts of the tag, or keeps credentials', () => {
    expect(writing.flatMap(([name, job]) => writingJobProblems(name, job))).toEqual([]);
    // It does attest, release, publish and move the major tag.
    const runs = writing.flatMap(([, job]) => job.steps ?? []);
    expect(runs.some((step) => step.uses?.startsWith('actions/attest@'))).toBe(true);
    expect(runs.some((step) => /gh release create/.test(step.run ?? ''))).toBe(true);
    expect(runs.some((step) => /npm publish "\$TARBALL" --provenance/.test(step.run ?? ''))).toBe(true);
    expect(runs.some((step) => /git\/refs\/tags\/\$MAJOR/.test(step.run ?? ''))).toBe(true);
  });

  it('the job that runs the tag’s code checks that the tag is on main first, before any install, with no credentials kept', () => {
    const installing = jobs.filter(([, job]) => mainCheckOrder(job).install >= 0);
    expect(installing.map(([name]) => name)).toEqual(['check']);
    for (const [name, job] of installing) {
      const order = mainCheckOrder(job);
      expect(order.check, name).toBeGreaterThanOrEqual(0);
      expect(order.install, name).toBeGreaterThan(order.check);
      expect(order.beforeCheck, name).toEqual([]);
      for (const step of job.steps ?? []) {
        if (step.uses?.startsWith('actions/checkout@')) expect(step.with?.['persist-credentials'], name).toBe(false);
      }
    }
  });

  it('the checks refuse what they must: an install or a script in a writing job, a check after the install', () => {
    const bad: Job = {
      steps: [
        { uses: 'actions/checkout@x', with: {} },
        { run: 'npm ci --no-audit' },
        { run: 'node scripts/release.ts "$TAG"' },
        { run: 'npx something' },
        { run: './build.sh' },
        { run: 'npm publish' },
        { uses: './' },
      ],
    };
    expect(writingJobProblems('bad', bad)).toEqual([
      'bad step 1 (actions/checkout@x): checkout without persist-credentials: false',
      'bad step 2 (run): runs `npm ci`',
      'bad step 3 (run): runs `node`',
      'bad step 3 (run): runs `scripts/`',
      'bad step 4 (run): runs `npx`',
      'bad step 5 (run): runs `./b`',
      'bad step 6 (run): runs `npm publish`',
      "bad step 7 (./): a local action is the tag's code",
    ]);
    expect(canWrite({ permissions: { contents: 'read', 'id-token': 'write' } }, workflow)).toBe(true);
    expect(canWrite({}, { jobs: {} })).toBe(true);
    const late = mainCheckOrder({
      steps: [
        { uses: 'actions/checkout@x' },
        { uses: 'actions/setup-node@x' },
        { run: 'npm ci' },
        { run: 'git merge-base --is-ancestor "$c" refs/remotes/origin/main' },
      ],
    });
    expect(late.install).toBeLessThan(late.check);
    expect(late.beforeCheck).toEqual(['actions/setup-node@x', 'npm ci']);
    expect(mainCheckOrder({ steps: [{ run: 'npm publish "$TARBALL" --ignore-scripts' }, { run: 'npm --version' }] }).install).toBe(-1);
  });
});

/**
 * A step of `publish` run as the runner runs it (`bash -eo pipefail`), with `gh` and `npm` replaced
 * by stand-ins that answer from `state` (what GitHub and npm hold) and record every call.
 */
function runPublishStep(
  stepName: string,
  state: { notes?: string; asset?: string; npmShasum?: string; immutable?: boolean },
): { code: number | null; stdout: string; calls: string[] } {
  const step = workflow.jobs.publish!.steps!.find((candidate) => candidate.name === stepName)!;
  const dir = mkdtempSync(join(tmpdir(), 'rtd-release-'));
  try {
    const bin = join(dir, 'bin');
    mkdirSync(join(dir, 'release'), { recursive: true });
    mkdirSync(bin);
    writeFileSync(join(dir, TARBALL), 'the tarball checked');
    writeFileSync(join(dir, 'release', 'notes.md'), 'notes');
    if (state.notes !== undefined) writeFileSync(join(dir, 'published-body'), state.notes);
    if (state.asset !== undefined) writeFileSync(join(dir, 'published-asset'), state.asset);
    if (state.immutable === true) writeFileSync(join(dir, 'immutable'), '');
    const stub = (name: string, body: string) =>
      writeFileSync(join(bin, name), `#!/usr/bin/env bash\necho "${name} $*" >> "$STUB_CALLS"\n${body}\n`, { mode: 0o755 });
    stub(
      'gh',
      [
        'case "$1 $2" in',
        '  "release view") [ -f "$STUB_DIR/published-body" ] || exit 1; cat "$STUB_DIR/published-body" ;;',
        '  "release download")',
        '    while [ $# -gt 0 ]; do case "$1" in --pattern) pattern=$2; shift ;; --dir) out=$2; shift ;; esac; shift; done',
        '    [ -f "$STUB_DIR/published-asset" ] || { echo "no assets match the file pattern" >&2; exit 1; }',
        '    mkdir -p "$out" && cp "$STUB_DIR/published-asset" "$out/$pattern" ;;',
        // The release as the API gives it (`--jq .immutable`): GitHub's immutable releases.
        '  "api repos/"*) if [ -f "$STUB_DIR/immutable" ]; then echo true; else echo false; fi ;;',
        'esac',
      ].join('\n'),
    );
    stub(
      'npm',
      [
        'case "$1" in',
        '  --version) echo 11.6.2 ;;',
        '  view) [ -n "$STUB_SHASUM" ] || exit 1; if [ "$3" = dist.shasum ]; then echo "$STUB_SHASUM"; else echo "$VERSION"; fi ;;',
        'esac',
      ].join('\n'),
    );
    const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run!], {
      cwd: dir,
      encoding: 'utf8',
      env: {
        PATH: `${bin}:${process.env.PATH}`,
        STUB_DIR: dir,
        STUB_CALLS: join(dir, 'calls'),
        STUB_SHASUM: state.npmShasum ?? '',
        GITHUB_REF_NAME: 'v1.2.3',
        GITHUB_REPOSITORY: 'octo/action',
        GITHUB_ENV: join(dir, 'env'),
        COMMIT,
        VERSION: '1.2.3',
        PRERELEASE: 'false',
        MAJOR: 'v1',
        TARBALL,
      },
    });
    const calls = existsSync(join(dir, 'calls')) ? readFileSync(join(dir, 'calls'), 'utf8').split('\n').filter(Boolean) : [];
    return { code: result.status, stdout: result.stdout, calls };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const COMMIT = 'a'.repeat(40);
const TARBALL = 'release/readthedocs-action-1.2.3.tgz';
const notesPinning = (commit: string) => `## 1.2.3\n\nPin this release by its commit: \`uses: octo/action@${commit} # v1.2.3\`.\n`;
const SHA1_OF_TARBALL = createHash('sha1').update('the tarball checked').digest('hex');

describe('release.yml: a version tag moved to another commit (issue 39)', () => {
  it('publish runs in the protected environment `release`', () => {
    expect(workflow.jobs.publish!.environment).toBe('release');
  });

  it('is refused before its release is touched: no upload, no --clobber, no new notes', () => {
    const run = runPublishStep('Create the GitHub release', { notes: notesPinning('b'.repeat(40)), asset: 'an older tarball' });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('::error title=Release refused::v1.2.3 was released from another commit than');
    expect(run.calls.filter((call) => /release (upload|edit|create)/.test(call))).toEqual([]);
  });

  it('a re-run on the same commit: a different published tarball is refused, never replaced', () => {
    const run = runPublishStep('Create the GitHub release', { notes: notesPinning(COMMIT), asset: 'another tarball' });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("the release's readthedocs-action-1.2.3.tgz is not this one");
    expect(run.calls.filter((call) => /release (upload|edit)/.test(call))).toEqual([]);
  });

  it('a re-run on the same commit: the same tarball stays, a missing one is uploaded without --clobber, the notes updated', () => {
    const same = runPublishStep('Create the GitHub release', { notes: notesPinning(COMMIT), asset: 'the tarball checked' });
    expect(same.code, same.stdout).toBe(0);
    expect(same.calls.filter((call) => /release upload/.test(call))).toEqual([]);
    expect(same.calls).toContainEqual(expect.stringMatching(/^gh release edit v1\.2\.3 .*--notes-file release\/notes\.md$/));
    const missing = runPublishStep('Create the GitHub release', { notes: notesPinning(COMMIT) });
    expect(missing.code, missing.stdout).toBe(0);
    expect(missing.calls).toContainEqual(`gh release upload v1.2.3 ${TARBALL} --repo octo/action`);
    expect(workflow.jobs.publish!.steps!.filter((step) => commands(step.run ?? '').includes('--clobber'))).toEqual([]);
  });

  it('a re-run onto an immutable release without its tarball: refused, saying why, no upload GitHub would refuse (issue 49)', () => {
    const run = runPublishStep('Create the GitHub release', { notes: notesPinning(COMMIT), immutable: true });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      '::error title=Release refused::v1.2.3 is published without readthedocs-action-1.2.3.tgz, and the release is immutable',
    );
    expect(run.calls.filter((call) => /release (upload|edit|create)/.test(call))).toEqual([]);
    const mutable = runPublishStep('Create the GitHub release', { notes: notesPinning(COMMIT), immutable: false });
    expect(mutable.calls).toContainEqual(`gh release upload v1.2.3 ${TARBALL} --repo octo/action`);
  });

  it('a first release is created with its tarball', () => {
    const run = runPublishStep('Create the GitHub release', {});
    expect(run.code, run.stdout).toBe(0);
    expect(run.calls).toContainEqual(expect.stringMatching(/^gh release create v1\.2\.3 release\/readthedocs-action-1\.2\.3\.tgz /));
  });

  it('npm: a version published from another tarball is refused; the same one is not published again', () => {
    const moved = runPublishStep('Publish the tarball to npm with provenance', { npmShasum: 'f'.repeat(40) });
    expect(moved.code).toBe(1);
    expect(moved.stdout).toContain('::error title=Release refused::readthedocs-action@1.2.3 on npm is another tarball');
    expect(moved.calls.filter((call) => call.startsWith('npm publish'))).toEqual([]);
    const rerun = runPublishStep('Publish the tarball to npm with provenance', { npmShasum: SHA1_OF_TARBALL });
    expect(rerun.code, rerun.stdout).toBe(0);
    expect(rerun.calls.filter((call) => call.startsWith('npm publish'))).toEqual([]);
    const first = runPublishStep('Publish the tarball to npm with provenance', {});
    expect(first.code, first.stdout).toBe(0);
    expect(first.calls).toContainEqual(`npm publish ${TARBALL} --provenance --access public --ignore-scripts`);
  });

  it('the major tag moves only after both checks, and only when every step before it passed', () => {
    const names = workflow.jobs.publish!.steps!.map((step) => step.name);
    const major = names.indexOf('Move the major tag');
    expect(major).toBeGreaterThan(names.indexOf('Create the GitHub release'));
    expect(major).toBeGreaterThan(names.indexOf('Publish the tarball to npm with provenance'));
    expect(workflow.jobs.publish!.steps![major]!.if).toBe("env.MAJOR != ''");
  });
});
