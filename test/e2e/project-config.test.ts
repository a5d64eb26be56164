// `apply` and `export` as a new user runs them: the bundled action against the loopback stand-in,
// with the project file in a checked-out workspace.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGitHubStandin } from '../support/github-standin.ts';
import { startStandin, type Standin } from '../support/rtd-standin.ts';
import { GITHUB_TOKEN, runAction, type ActionRun } from '../support/run-action.ts';

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

  it('a 500 on the second of three writes ends red, saying what was done and what was not', async () => {
    writeFileSync(
      join(workspace, FILE),
      [
        'settings:',
        '  homepage: https://acme.example.org',
        'redirects:',
        '  - {type: page, from: /install.html, to: /getting-started/install.html}',
        '  - {type: exact, from: /en/v1/$rest, to: /en/latest/, http_status: 301}',
        '  - {type: clean_url_to_html}',
        '  - {type: page, from: /new.html, to: /newer.html}',
        'versions:',
        '  v1.0: {active: false}',
        '',
      ].join('\n'),
    );
    standin.fault({ method: 'PATCH', path: /^\/api\/v3\/projects\/acme\/$/, kind: 'status', status: 500, times: 10 });
    // A short step timeout makes the client give up on the 500s at once instead of backing off for a minute.
    const result = await run({ operation: 'apply', timeout: '3s' });
    expect(result.code).toBe(1);
    // Version first, then settings (fails after retries), the redirect never created.
    expect(standin.count('PATCH', '/versions/v1.0/')).toBe(1);
    expect(standin.count('POST', '/redirects/')).toBe(0);
    const error = result.annotations.find((a) => a.level === 'error');
    expect(error?.title).toContain('Project partly changed');
    expect(error?.message).toMatch(/done +~ version v1\.0/);
    expect(error?.message).toMatch(/failed +~ settings/);
    expect(error?.message).toMatch(/not done +\+ redirect page \/new\.html/);
    expect(result.summary).toContain('| not done |');
  }, 60_000);

  it('after a lost answer to a redirect create, looks before creating it again (one redirect)', async () => {
    writeFileSync(join(workspace, FILE), 'redirects:\n  - {type: page, from: /lost.html, to: /found.html}\n');
    standin.fault({ method: 'POST', path: '/redirects/', kind: 'reset-after-processing' });
    const result = await run({ operation: 'apply' });
    expect(result.code, result.stdout).toBe(0);
    expect(standin.redirects('acme').filter((r) => r.from_url === '/lost.html')).toHaveLength(1);
    expect(standin.count('POST', '/redirects/')).toBe(1);
  }, 60_000);

  it('on a pull request, posts one "planned changes" comment and edits it on the next push; ignores a planted copy', async () => {
    const github = await startGitHubStandin({ token: GITHUB_TOKEN, owner: 'octo', repo: 'docs-repo' });
    try {
      const head = 'a'.repeat(40);
      github.addPullRequest({ number: 7, headSha: head });
      // Someone else's comment carrying the marker must not be taken for ours.
      github.addComment(7, '<!-- readthedocs-action:project-plan -->\nplanted', { login: 'mallory', type: 'User' }, 'CONTRIBUTOR');
      writeFileSync(join(workspace, FILE), 'settings:\n  default_branch: develop\n');
      const repo = { full_name: 'octo/docs-repo' };
      const event = {
        name: 'pull_request',
        payload: { number: 7, pull_request: { number: 7, head: { sha: head, repo }, base: { repo } } },
      };
      const options = (extra: Record<string, string>) => ({
        inputs: {
          token: TOKEN,
          'base-url': standin.url,
          'rate-limit': '600/1m',
          project: 'acme',
          operation: 'apply',
          'dry-run': 'true',
          ...extra,
        },
        env: { GITHUB_WORKSPACE: workspace, GITHUB_API_URL: github.url },
        event,
      });
      const first = await runAction(options({}));
      expect(first.code, first.stdout).toBe(0);
      const ours = () => github.comments(7).filter((c) => c.user.login === 'github-actions[bot]');
      expect(ours()).toHaveLength(1);
      expect(ours()[0]!.body).toContain('Read the Docs: planned changes');
      expect(ours()[0]!.body).toContain('default\\_branch &quot;main&quot; → &quot;develop&quot;');
      writeFileSync(join(workspace, FILE), 'settings:\n  default_branch: main\n');
      const second = await runAction(options({}));
      expect(second.code, second.stdout).toBe(0);
      expect(ours()).toHaveLength(1);
      expect(ours()[0]!.body).toContain('No changes');
      expect(github.comments(7).find((c) => c.user.login === 'mallory')!.body).toContain('planted');
      expect(writes()).toEqual([]);
    } finally {
      await github.close();
    }
  }, 60_000);

  it('export leaves an existing file alone and gives the text in the output and the log', async () => {
    writeFileSync(join(workspace, FILE), '# mine\n');
    const result = await run({ operation: 'export' });
    expect(result.code, result.stdout).toBe(0);
    expect(fileText()).toBe('# mine\n');
    expect(result.outputs.config).toContain('redirects:');
    expect(result.stdout).toContain('exists already and was left as it is');
    expect(result.stdout).toMatch(/^::stop-commands::[0-9a-f]{32}$/m);
  });

  it('fail-on-changes turns a non-empty plan red (drift check) and a matching project green', async () => {
    writeFileSync(join(workspace, FILE), 'settings:\n  default_branch: develop\n');
    const drift = await run({ operation: 'apply', 'dry-run': 'true', 'fail-on-changes': 'true' });
    expect(drift.code).toBe(1);
    expect(drift.annotations.find((a) => a.level === 'error')?.title).toBe('Project differs from the file: acme');
    expect(writes()).toEqual([]);
    writeFileSync(join(workspace, FILE), 'settings:\n  default_branch: main\n');
    const clean = await run({ operation: 'apply', 'dry-run': 'true', 'fail-on-changes': 'true' });
    expect(clean.code, clean.stdout).toBe(0);
  });

  it('a missing file is an invalid input, before any request', async () => {
    const result = await run({ operation: 'apply', config: 'nope.yml' });
    expect(result.code).toBe(1);
    expect(result.annotations.find((a) => a.level === 'error')).toMatchObject({ title: 'Invalid input' });
    expect(standin.requests).toEqual([]);
  });

  it('after a lost answer to a subproject create, finds it instead of adding it again', async () => {
    standin.addProject({ slug: 'acme-cli' });
    writeFileSync(join(workspace, FILE), 'subprojects:\n  - {child: acme-api, alias: api}\n  - {child: acme-cli, alias: cli}\n');
    standin.fault({ method: 'POST', path: '/subprojects/', kind: 'reset-after-processing' });
    const result = await run({ operation: 'apply' });
    expect(result.code, result.stdout).toBe(0);
    expect(standin.count('POST', '/subprojects/')).toBe(1);
    expect(result.annotations.some((a) => a.level === 'warning' && a.title === 'Answer lost')).toBe(true);
  });

  it('several projects: export writes a `projects` map, and applying it plans nothing', async () => {
    standin.addRedirect('acme-api', { type: 'html_to_clean_url' });
    const exported = await run({ operation: 'export', project: 'acme, acme-api' });
    expect(exported.code, exported.stdout).toBe(0);
    expect(fileText()).toMatch(/^projects:\n {2}acme:\n/m);
    expect(fileText()).toMatch(/^ {2}acme-api:\n/m);
    const applied = await run({ operation: 'apply', project: 'acme, acme-api', prune: 'true' });
    expect(applied.code, applied.stdout).toBe(0);
    expect(applied.outputs.changes).toBe('0');
    expect(writes()).toEqual([]);
  });
});
