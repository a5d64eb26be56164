// `apply` and `export` as a new user runs them: the bundled action against the loopback stand-in,
// with the project file in a checked-out workspace. Through dist/ go issue 14's scenario (export,
// apply, three edits planned, dry run, applied, idempotent) and the failure path (a typo in the
// file, refused at its line before any request); partial failures, lost answers, fail-on-changes,
// several projects and the PR comment are tested in-process in test/operations/apply.test.ts.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { runAction, type ActionRun } from '../../harness/run-action.ts';

const TOKEN = 'rtd_secret_token_project_config';
const FILE = '.github/readthedocs-project.yml';

let standin: Standin;
let workspace: string;

beforeEach(async () => {
  standin = await startStandin({ tokens: [TOKEN] });
  standin.addProject({
    slug: 'acme',
    versions: [
      { slug: 'v1.0', active: true },
      { slug: 'v2.0', active: true },
    ],
  });
  standin.addProject({ slug: 'acme-api' });
  standin.addRedirect('acme', { type: 'page', from_url: '/install.html', to_url: '/getting-started/install.html' });
  standin.addRedirect('acme', { type: 'exact', from_url: '/en/v1/$rest', to_url: '/en/latest/', http_status: 301 });
  standin.addRedirect('acme', { type: 'clean_url_to_html' });
  standin.addSubproject('acme', 'acme-api', 'api');
  workspace = mkdtempSync(join(tmpdir(), 'rtd-workspace-'));
  mkdirSync(join(workspace, '.github'));
});
afterEach(async () => {
  await standin.close();
});

function run(extra: Record<string, string>): Promise<ActionRun> {
  return runAction({
    inputs: { token: TOKEN, 'base-url': standin.url, 'rate-limit': '600/1m', project: 'acme', ...extra },
    env: { GITHUB_WORKSPACE: workspace },
  });
}

const writes = () => standin.requests.filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
const fileText = () => readFileSync(join(workspace, FILE), 'utf8');

describe('operations export and apply', () => {
  it('export, apply with no change, then three edits: planned, dry run, applied (prune), and idempotent', async () => {
    const exported = await run({ operation: 'export' });
    expect(exported.code, exported.stdout).toBe(0);
    expect(writes()).toEqual([]);
    const text = fileText();
    expect(text).toContain('# yaml-language-server: $schema=');
    expect(text).toContain('/getting-started/install.html');
    expect(text).toContain('alias: api');
    expect(exported.outputs.config).toBe(text);

    const unchanged = await run({ operation: 'apply' });
    expect(unchanged.code, unchanged.stdout).toBe(0);
    expect(unchanged.outputs.changes).toBe('0');
    expect(writes()).toEqual([]);

    // Three edits: a redirect added, a setting changed, the subproject removed.
    const edited = text
      .replace(/default_branch: main/, 'default_branch: develop')
      .replace(/(redirects:\n)/, '$1  - type: page\n    from: /faq.html\n    to: /help/faq.html\n')
      .replace(/subprojects:\n( {2}- .*\n( {4}.*\n)*)/, 'subprojects: []\n');
    expect(edited).not.toBe(text);
    writeFileSync(join(workspace, FILE), edited);

    const dry = await run({ operation: 'apply', 'dry-run': 'true', prune: 'true' });
    expect(dry.code, dry.stdout).toBe(0);
    expect(writes()).toEqual([]);
    expect(dry.outputs.changes).toBe('3');
    const plan = JSON.parse(dry.outputs.plan!) as { project: string; changes: { symbol: string; kind: string; description: string }[] }[];
    expect(plan[0]!.changes.map((c) => `${c.symbol} ${c.kind}`)).toEqual(['~ settings', '+ redirect', '- subproject']);
    expect(plan[0]!.changes[0]!.description).toContain('default_branch "main" → "develop"');
    expect(dry.summary).toContain('Planned changes (dry run: nothing was written)');

    // Without prune, the subproject is reported as unmanaged and kept.
    const kept = await run({ operation: 'apply', 'dry-run': 'true' });
    expect(kept.outputs.changes).toBe('2');
    expect(kept.stdout).toContain('unmanaged, kept');

    const applied = await run({ operation: 'apply', prune: 'true' });
    expect(applied.code, applied.stdout).toBe(0);
    expect(writes().map((w) => `${w.method} ${w.path}`)).toEqual([
      'PATCH /api/v3/projects/acme/',
      'POST /api/v3/projects/acme/redirects/',
      'DELETE /api/v3/projects/acme/subprojects/api/',
    ]);
    expect(JSON.parse(writes()[0]!.body)).toEqual({ default_branch: 'develop' });
    expect(standin.redirects('acme').map((r) => r.from_url)).toEqual(['/faq.html', '/install.html', '/en/v1/$rest', '']);

    const again = await run({ operation: 'apply', prune: 'true' });
    expect(again.code, again.stdout).toBe(0);
    expect(again.outputs.changes).toBe('0');
    expect(writes()).toHaveLength(3);
  }, 60_000);

  it('refuses a typo with the file, the line and the key path, before any request', async () => {
    writeFileSync(
      join(workspace, 'rtd.yml'),
      'settings:\n  default_branch: main\nredirects:\n  - type: page\n    form: /a.html\n    to: /b.html\n',
    );
    const result = await run({ operation: 'apply', config: 'rtd.yml' });
    expect(result.code).toBe(1);
    expect(standin.requests).toEqual([]);
    const error = result.stdout.split('\n').find((line) => line.startsWith('::error') && line.includes('Invalid project file'));
    expect(error).toContain('file=rtd.yml');
    expect(error).toContain('line=5');
    expect(error).toContain('redirects[0].form');
  });

  it('refuses a `config` that holds a line break before any request: export never prints it as a command', async () => {
    const result = await run({ operation: 'export', config: 'docs.yml\n::error title=Forged::forged.yml' });
    expect(result.code).toBe(1);
    expect(standin.requests).toEqual([]);
    expect(result.annotations).toEqual([
      {
        level: 'error',
        title: 'Invalid input',
        message: 'Input `config`: holds a control character (a line break, a tab…): give a path on one line, of printable characters',
      },
    ]);
    expect(result.stdout).not.toContain('Forged');
    expect(result.outputs.config).toBe('');
  });
});
