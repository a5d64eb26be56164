// The release workflow never runs the tag's code with a token that can write or sign (issue 30):
// .github/workflows/release.yml parsed, each job's permissions and steps read. A job holding
// `contents: write`, `id-token: write` or `attestations: write` runs no npm install, no node, no
// script of the repository and keeps no checkout credentials; the job that runs the tag's code
// checks that the tag is on main before anything is installed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../harness/action-metadata.ts';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  permissions?: string | Record<string, string>;
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
