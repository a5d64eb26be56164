// Issue 24's "Done when" for `version_policy`, through dist/ against the stand-in: six tags, the
// policy {active: latest-patch, newest-minors: 2, prereleases: hidden}, a dry run that plans four
// changes, the apply with `prune`, and a second apply that writes nothing. The plan without `prune`
// (the deactivations kept) is tested in-process in test/operations/version-policy.test.ts.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { runAction, type ActionRun } from '../../harness/run-action.ts';

const TOKEN = 'rtd_secret_token_version_policy';
const TAGS = ['v1.0.0', 'v1.0.1', 'v1.1.0', 'v1.1.1', 'v1.2.0', 'v2.0.0rc1'];

let standin: Standin;
let workspace: string;

beforeEach(async () => {
  standin = await startStandin({ tokens: [TOKEN] });
  standin.addProject({
    slug: 'acme',
    versions: [{ slug: 'latest', active: true }, ...TAGS.map((slug) => ({ slug, type: 'tag' as const, active: true }))],
  });
  workspace = mkdtempSync(join(tmpdir(), 'rtd-workspace-'));
  mkdirSync(join(workspace, '.github'));
  writeFileSync(
    join(workspace, '.github/readthedocs-project.yml'),
    'version_policy: {active: latest-patch, newest-minors: 2, prereleases: hidden}\n',
  );
});
afterEach(async () => {
  await standin.close();
});

function run(extra: Record<string, string>): Promise<ActionRun> {
  return runAction({
    inputs: { token: TOKEN, 'base-url': standin.url, 'rate-limit': '600/1m', project: 'acme', operation: 'apply', ...extra },
    env: { GITHUB_WORKSPACE: workspace },
  });
}

const writes = () => standin.requests.filter((r) => r.method !== 'GET' && r.method !== 'HEAD');

describe('apply with a version_policy', () => {
  it('plans 4 changes in a dry run, applies them with prune, and a second apply writes nothing', async () => {
    const dry = await run({ 'dry-run': 'true', prune: 'true' });
    expect(dry.code, dry.stdout).toBe(0);
    expect(dry.outputs.changes).toBe('4');
    expect(writes()).toEqual([]);
    const plan = JSON.parse(dry.outputs.plan!) as { changes: { symbol: string; description: string }[] }[];
    expect(plan[0]!.changes.map((c) => `${c.symbol} ${c.description.split(' (')[0]}`)).toEqual([
      '~ version v2.0.0rc1: hidden false → true',
      '~ version v1.0.0: active true → false',
      '~ version v1.0.1: active true → false',
      '~ version v1.1.0: active true → false',
    ]);
    expect(dry.summary).toContain('Planned changes (dry run: nothing was written)');

    const applied = await run({ prune: 'true' });
    expect(applied.code, applied.stdout).toBe(0);
    expect(applied.outputs.changes).toBe('4');
    const list = (await (
      await fetch(`${standin.url}/api/v3/projects/acme/versions/?limit=100`, { headers: { authorization: `Token ${TOKEN}` } })
    ).json()) as { results: { slug: string; active: boolean; hidden: boolean }[] };
    const state = Object.fromEntries(list.results.map((v) => [v.slug, { active: v.active, hidden: v.hidden }]));
    expect(state).toEqual({
      latest: { active: true, hidden: false },
      'v1.0.0': { active: false, hidden: false },
      'v1.0.1': { active: false, hidden: false },
      'v1.1.0': { active: false, hidden: false },
      'v1.1.1': { active: true, hidden: false },
      'v1.2.0': { active: true, hidden: false },
      'v2.0.0rc1': { active: true, hidden: true },
    });
    expect(writes().some((w) => w.path.includes('/versions/latest/'))).toBe(false);

    const again = await run({ prune: 'true' });
    expect(again.code, again.stdout).toBe(0);
    expect(again.outputs.changes).toBe('0');
    expect(writes()).toHaveLength(4);
  }, 60_000);
});
