// `version_policy` in `apply` and `export`, in-process over the real client and the loopback stand-in:
// the plan (deactivations only with `prune`, kept otherwise), the writes sent, one read of the
// versions list, an entry under `versions:` overriding the policy, and `export` writing a policy
// that reproduces the project. Issue 24's "Done when" for the policy is "with prune" below.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyStep } from '../../src/operations/apply/apply.js';
import { exportStep } from '../../src/operations/export/export.js';
import { ConfigFileError, parseConfigFile } from '../../src/operations/shared/project-file/file.js';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { captureStdout, standinContext, type StandinTestContext } from './context.ts';

/** The project file, relative to the run's workspace (a temporary folder): `config` takes no absolute path. */
const CONFIG = 'readthedocs-project.yml';
const TOKEN = 'rtd_version_policy_token_0123456789';
const TAGS = ['v1.0.0', 'v1.0.1', 'v1.1.0', 'v1.1.1', 'v1.2.0', 'v2.0.0rc1'];
const POLICY = 'version_policy: {active: latest-patch, newest-minors: 2, prereleases: hidden}\n';

let standin: Standin;
let workspace: string;
let file: string;
const opened: StandinTestContext[] = [];
captureStdout();

beforeEach(async () => {
  standin = await startStandin({ tokens: [TOKEN] });
  standin.addProject({
    slug: 'acme',
    versions: [
      { slug: 'latest', active: true },
      { slug: 'stable', active: true },
      { slug: 'old-branch', active: true },
      ...TAGS.map((slug) => ({ slug: slug.toLowerCase(), verboseName: slug, type: 'tag' as const, active: true })),
    ],
  });
  workspace = mkdtempSync(join(tmpdir(), 'rtd-version-policy-'));
  file = join(workspace, CONFIG);
});
afterEach(async () => {
  for (const test of opened.splice(0)) await test.close();
  await standin.close();
  rmSync(workspace, { recursive: true, force: true });
});

function context(extra: Record<string, string>) {
  const test = standinContext(standin, { token: TOKEN, project: 'acme', config: CONFIG, operation: 'apply', ...extra }, { workspace });
  opened.push(test);
  return test.ctx;
}

const writes = () => standin.requests.filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
const versionsState = async () => {
  const test = standinContext(standin, { token: TOKEN, project: 'acme' });
  opened.push(test);
  const list = await test.ctx.api.versions('acme');
  return Object.fromEntries(list.map((v) => [v.slug, `${v.active ? 'active' : 'inactive'}${v.hidden ? ', hidden' : ''}`]));
};

describe('version_policy in the project file', () => {
  it('is read at the top and per project; a misspelt key or value is refused at its line', async () => {
    const { projects: single } = await parseConfigFile('f.yml', POLICY, ['acme']);
    expect(single.get('acme')!.versionPolicy).toEqual({ active: 'latest-patch', newestMinors: 2, prereleases: 'hidden' });
    const { projects: several } = await parseConfigFile('f.yml', 'projects:\n  acme:\n    version_policy: {active: all}\n', ['acme']);
    expect(several.get('acme')!.versionPolicy).toEqual({ active: 'all' });

    const refused = async (text: string) => {
      try {
        await parseConfigFile('f.yml', text, ['acme']);
      } catch (error) {
        if (error instanceof ConfigFileError) return error.problems.map((p) => `${p.line} ${p.path}: ${p.message}`);
        throw error;
      }
      return [];
    };
    expect(await refused('version_policy:\n  active: latest-patch\n  newest_minors: 2\n')).toEqual([
      '3 version_policy.newest_minors: unknown key `newest_minors` (did you mean `newest-minors`?)',
    ]);
    expect(await refused('version_policy:\n  active: newest\n')).toEqual(['2 version_policy.active: accepts "latest-patch", "all"']);
    expect(await refused('version_policy:\n  active: all\n  newest-minors: 0\n')).toHaveLength(1);
    expect(await refused('version_policy: {active: all}\nprojects:\n  acme: {}\n')).toEqual([
      expect.stringContaining('use either `projects` or `settings`/`redirects`/`subprojects`/`versions`/`version_policy`'),
    ]);
  });
});

describe('apply with a version_policy', () => {
  it('without prune: the hiding is applied, the three deactivations are kept and reported', async () => {
    writeFileSync(file, POLICY);
    const report = await applyStep(context({ 'dry-run': 'true' }));

    expect(report.outputs.changes).toBe('1');
    expect(report.results[0]!.details!.plan.map((e) => `${e.symbol} ${e.status} ${e.description}`)).toEqual([
      '~ planned version v2.0.0rc1: hidden false → true (version_policy: pre-release: hidden)',
      '= kept version v1.0.0: active true → false (version_policy: 1.0 is older than the newest 2 minors) (kept: set `prune` to deactivate)',
      '= kept version v1.0.1: active true → false (version_policy: 1.0 is older than the newest 2 minors) (kept: set `prune` to deactivate)',
      '= kept version v1.1.0: active true → false (version_policy: older patch of 1.1) (kept: set `prune` to deactivate)',
    ]);
    expect(writes()).toEqual([]);
    // One read of the versions list (limit=100), never a GET per version.
    const versionReads = standin.requests.filter((r) => r.method === 'GET' && r.path.includes('/versions/'));
    expect(versionReads.map((r) => r.path)).toEqual(['/api/v3/projects/acme/versions/']);
    expect(versionReads[0]!.query.limit).toBe('100');

    await applyStep(context({}));
    expect(writes().map((w) => `${w.method} ${w.path} ${w.body}`)).toEqual([
      'PATCH /api/v3/projects/acme/versions/v2.0.0rc1/ {"hidden":true}',
    ]);
  });

  it('with prune: four writes, deactivations last; branches untouched; a second apply writes nothing', async () => {
    writeFileSync(file, POLICY);
    const dry = await applyStep(context({ 'dry-run': 'true', prune: 'true' }));
    expect(dry.outputs.changes).toBe('4');
    expect(writes()).toEqual([]);

    const applied = await applyStep(context({ prune: 'true' }));
    expect(applied.results[0]!.outcome).toBe('success');
    expect(writes().map((w) => `${w.method} ${w.path} ${w.body}`)).toEqual([
      'PATCH /api/v3/projects/acme/versions/v2.0.0rc1/ {"hidden":true}',
      'PATCH /api/v3/projects/acme/versions/v1.0.0/ {"active":false}',
      'PATCH /api/v3/projects/acme/versions/v1.0.1/ {"active":false}',
      'PATCH /api/v3/projects/acme/versions/v1.1.0/ {"active":false}',
    ]);
    expect(await versionsState()).toEqual({
      latest: 'active',
      stable: 'active',
      'old-branch': 'active',
      'v1.0.0': 'inactive',
      'v1.0.1': 'inactive',
      'v1.1.0': 'inactive',
      'v1.1.1': 'active',
      'v1.2.0': 'active',
      'v2.0.0rc1': 'active, hidden',
    });

    const again = await applyStep(context({ prune: 'true' }));
    expect(again.outputs.changes).toBe('0');
    expect(writes()).toHaveLength(4);
  });

  it('an entry under `versions:` overrides the policy for that version', async () => {
    writeFileSync(file, `${POLICY}versions:\n  v1.0.1: {active: true}\n  v2.0.0rc1: {hidden: false}\n`);
    const report = await applyStep(context({ 'dry-run': 'true', prune: 'true' }));
    expect(report.results[0]!.details!.plan.map((e) => e.description)).toEqual([
      'version v1.0.0: active true → false (version_policy: 1.0 is older than the newest 2 minors)',
      'version v1.1.0: active true → false (version_policy: older patch of 1.1)',
    ]);
  });
});

describe('export with versions a policy reproduces', () => {
  it('writes the policy, lists only the versions it does not decide, and applying the export changes nothing', async () => {
    writeFileSync(file, POLICY);
    await applyStep(context({ prune: 'true' }));
    rmSync(file);
    const before = writes().length;

    await exportStep(context({ operation: 'export' }));
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('version_policy:\n  active: latest-patch\n  newest-minors: 2\n  prereleases: hidden\n');
    expect(text).toContain('versions:\n  latest:');
    expect(text).not.toMatch(/^ {2}v1\./m);

    const reapplied = await applyStep(context({ prune: 'true' }));
    expect(reapplied.outputs.changes).toBe('0');
    expect(writes()).toHaveLength(before);
  });

  it('writes no policy when none fits', async () => {
    await exportStep(context({ operation: 'export' }));
    // Every release active: `all` fits, with the active pre-release.
    expect(readFileSync(file, 'utf8')).toContain('version_policy:\n  active: all\n  prereleases: active\n');
    rmSync(file);
    standin.addProject({
      slug: 'odd',
      versions: [
        { slug: 'v1.0.0', type: 'tag', active: false },
        { slug: 'v1.0.1', type: 'tag', active: true },
        { slug: 'v1.1.0', type: 'tag', active: false },
      ],
    });
    await exportStep(context({ operation: 'export', project: 'odd' }));
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('version_policy');
    expect(text).toContain('v1.0.1:');
  });
});
