// `export` and `apply` in-process: the step operations called with a context over the real client
// and the loopback stand-in; the assertions are on the report each returns and on the requests sent.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../../src/inputs/inputs.js';
import { applyStep, INVALID_FILE_TITLE } from '../../src/operations/project-config/apply.js';
import { exportStep } from '../../src/operations/project-config/export.js';
import { startGitHubStandin } from '../../harness/github-standin.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { GITHUB_TOKEN } from '../../harness/run-action.ts';
import { captureStdout, runStep, standinContext, type TestContext } from './context.ts';

const TOKEN = 'rtd_apply_step_token_0123456789';

let standin: Standin;
let workspace: string;
let file: string;
const opened: TestContext[] = [];
const stdout = captureStdout();

beforeEach(async () => {
  standin = await startStandin({ tokens: [TOKEN] });
  standin.addProject({ slug: 'acme', versions: [{ slug: 'v1.0', active: true }] });
  standin.addProject({ slug: 'acme-api' });
  standin.addRedirect('acme', { type: 'page', from_url: '/install.html', to_url: '/getting-started/install.html' });
  standin.addSubproject('acme', 'acme-api', 'api');
  workspace = mkdtempSync(join(tmpdir(), 'rtd-apply-step-'));
  file = join(workspace, 'readthedocs-project.yml');
});
afterEach(async () => {
  for (const test of opened.splice(0)) await test.close();
  await standin.close();
  rmSync(workspace, { recursive: true, force: true });
});

function context(extra: Record<string, string>) {
  const test = standinContext(standin, { token: TOKEN, project: 'acme', config: file, ...extra });
  opened.push(test);
  return test.ctx;
}

const writes = () => standin.requests.filter((r) => r.method !== 'GET' && r.method !== 'HEAD').map((r) => `${r.method} ${r.path}`);

describe('exportStep', () => {
  it('writes the file when there is none, and returns its text as the `config` output', async () => {
    const report = await exportStep(context({ operation: 'export' }));

    const text = readFileSync(file, 'utf8');
    expect(text).toContain('# yaml-language-server: $schema=');
    expect(text).toContain('to: /getting-started/install.html');
    expect(report.outputs).toEqual({ config: text });
    expect(report.results).toEqual([{ project: 'acme', outcome: 'success', details: { config: file } }]);
    // The job summary shows the file, ready to copy: on a runner it goes away with the job.
    expect(report.summary).toHaveLength(1);
    expect(report.summary[0]).toContain('### The exported file');
    expect(report.summary[0]).toContain(`Written to \`${file}\` on the runner`);
    expect(report.summary[0]).toContain(`\`\`\`yaml\n${text}\n\`\`\``);
    expect(writes()).toEqual([]);
  });

  it('leaves an existing file as it is; the export is in the output, and `config` in the result is null', async () => {
    writeFileSync(file, '# mine\n');
    const report = await exportStep(context({ operation: 'export' }));

    expect(readFileSync(file, 'utf8')).toBe('# mine\n');
    expect(report.outputs.config).toContain('to: /getting-started/install.html');
    expect(report.results[0]!.details).toEqual({ config: null });
    expect(report.summary[0]).toContain('exists already and was left as it is: compare it with the export below.');
    expect(report.summary[0]).toContain(report.outputs.config);
    // The text goes to the log too, between stop-commands markers (a key of the service's cannot be a command).
    expect(stdout.text()).toContain('exists already and was left as it is');
    expect(stdout.text()).toMatch(/^::stop-commands::[0-9a-f]{32}$/m);
  });

  it('with a project that cannot be read, returns its error and no `config`', async () => {
    const report = await exportStep(context({ operation: 'export', project: 'acme, missing' }));

    expect(report.results.map((r) => r.outcome)).toEqual(['success', 'error']);
    expect(report.outputs).toEqual({});
    expect(() => readFileSync(file)).toThrow();
  });
});

describe('applyStep', () => {
  const edited = () =>
    readFileSync(file, 'utf8')
      .replace(/default_branch: main/, 'default_branch: develop')
      .replace(/(redirects:\n)/, '$1  - type: page\n    from: /faq.html\n    to: /help/faq.html\n')
      .replace(/subprojects:\n( {2}- .*\n( {4}.*\n)*)/, 'subprojects: []\n');

  it('a dry run sends no write and returns the plan: summary table, `plan` and `changes` outputs', async () => {
    await exportStep(context({ operation: 'export' }));
    writeFileSync(file, edited());
    const before = standin.requests.length;

    const report = await applyStep(context({ operation: 'apply', 'dry-run': 'true' }));

    expect(standin.requests.slice(before).every((r) => r.method === 'GET')).toBe(true);
    expect(report.outputs.changes).toBe('2');
    const plan = JSON.parse(report.outputs.plan!) as { project: string; changes: { symbol: string; kind: string; status: string }[] }[];
    expect(plan.map((p) => p.project)).toEqual(['acme']);
    expect(plan[0]!.changes.map((c) => `${c.symbol} ${c.kind} ${c.status}`)).toEqual([
      '~ settings planned',
      '+ redirect planned',
      '= subproject kept',
    ]);
    const [result] = report.results;
    expect(result).toMatchObject({ project: 'acme', outcome: 'success', details: { changes: 2, dryRun: true } });
    expect(result!.details!.plan).toEqual(plan[0]!.changes);
    expect(report.summary).toHaveLength(1);
    expect(report.summary[0]).toMatch(/^### Planned changes \(dry run: nothing was written\)\n/);
    expect(report.summary[0]).toContain('#### acme\n\n| | Change |\n| --- | --- |\n| `~` | settings\\: default\\_branch &quot;main&quot;');
    expect(report.summary[0]).toContain('| · | subproject acme\\-api as api \\(unmanaged, kept');
  });

  it('applies the plan in order and reports each write as done', async () => {
    await exportStep(context({ operation: 'export' }));
    writeFileSync(file, edited());

    const report = await applyStep(context({ operation: 'apply', prune: 'true' }));

    expect(writes()).toEqual([
      'PATCH /api/v3/projects/acme/',
      'POST /api/v3/projects/acme/redirects/',
      'DELETE /api/v3/projects/acme/subprojects/api/',
    ]);
    expect(report.results[0]).toMatchObject({ outcome: 'success', details: { changes: 3, dryRun: false } });
    expect(report.results[0]!.details!.plan.map((entry) => entry.status)).toEqual(['done', 'done', 'done']);
    expect(report.outputs.changes).toBe('3');
    expect(report.summary[0]).toMatch(/^### Changes\n/);
    expect(report.summary[0]).toContain('| | Change | Result |');
  });

  it('an invalid file: every project errs with no request sent, `changes` is 0, and the problem is annotated at its line', async () => {
    writeFileSync(file, 'settings:\n  default_branch: main\nredirects:\n  - type: page\n    form: /a.html\n    to: /b.html\n');

    const report = await applyStep(context({ operation: 'apply' }));

    expect(standin.requests).toEqual([]);
    expect(report.results).toEqual([
      expect.objectContaining({
        project: 'acme',
        outcome: 'error',
        title: INVALID_FILE_TITLE,
        details: { plan: [], changes: 0, dryRun: false },
      }),
    ]);
    expect(report.outputs).toEqual({ plan: '[{"project":"acme","changes":[]}]', changes: '0' });
    expect(report.summary).toEqual([]);
    const [annotation] = stdout.annotations();
    expect(annotation).toMatchObject({ level: 'error', title: INVALID_FILE_TITLE, line: 5 });
    expect(annotation!.message).toContain('redirects[0].form');
  });

  it('a missing file is an input error, thrown before any request', async () => {
    await expect(applyStep(context({ operation: 'apply' }))).rejects.toThrow(InputError);
    expect(standin.requests).toEqual([]);
  });
});

/** The whole step, reported as main.ts reports it. */
const step = (extra: Record<string, string>, run = {}) =>
  runStep(standin, { project: 'acme', config: file, ...extra }, { token: TOKEN, run });
const writeLines = () => standin.requests.filter((r) => r.method !== 'GET' && r.method !== 'HEAD');

describe('apply and export, reported as the step reports them', () => {
  it('a 500 on the second of three writes: red, saying which write was done, which failed and which was not done', async () => {
    writeFileSync(
      file,
      [
        'settings:',
        '  homepage: https://acme.example.org',
        'redirects:',
        '  - {type: page, from: /install.html, to: /getting-started/install.html}',
        '  - {type: page, from: /new.html, to: /newer.html}',
        'versions:',
        '  v1.0: {active: false}',
        '',
      ].join('\n'),
    );
    standin.fault({ method: 'PATCH', path: /^\/api\/v3\/projects\/acme\/$/, kind: 'status', status: 500, times: 10 });
    const run = await step({ operation: 'apply' });

    expect(run.code).toBe(1);
    // Version first, then settings (fails after retries), the redirect never created.
    expect(standin.count('PATCH', '/versions/v1.0/')).toBe(1);
    expect(standin.count('PATCH', /^\/api\/v3\/projects\/acme\/$/)).toBeGreaterThan(1);
    expect(standin.count('POST', '/redirects/')).toBe(0);
    const error = stdout.annotations().find((a) => a.level === 'error');
    expect(error?.title).toBe('Project partly changed: acme');
    expect(error?.message).toMatch(/done +~ version v1\.0/);
    expect(error?.message).toMatch(/failed +~ settings/);
    expect(error?.message).toMatch(/not done +\+ redirect page \/new\.html/);
    expect(run.summary).toContain('| not done |');
  });

  it('a lost answer to a redirect create: looked for before creating it again, one redirect', async () => {
    writeFileSync(file, 'redirects:\n  - {type: page, from: /lost.html, to: /found.html}\n');
    standin.fault({ method: 'POST', path: '/redirects/', kind: 'reset-after-processing' });
    const run = await step({ operation: 'apply' });

    expect(run.code).toBe(0);
    expect(standin.redirects('acme').filter((r) => r.from_url === '/lost.html')).toHaveLength(1);
    expect(standin.count('POST', '/redirects/')).toBe(1);
  });

  it('a lost answer to a subproject create: found instead of added again', async () => {
    standin.addProject({ slug: 'acme-cli' });
    writeFileSync(file, 'subprojects:\n  - {child: acme-api, alias: api}\n  - {child: acme-cli, alias: cli}\n');
    standin.fault({ method: 'POST', path: '/subprojects/', kind: 'reset-after-processing' });
    const run = await step({ operation: 'apply' });

    expect(run.code).toBe(0);
    expect(standin.count('POST', '/subprojects/')).toBe(1);
    expect(stdout.annotations().some((a) => a.level === 'warning' && a.title === 'Answer lost')).toBe(true);
  });

  it('fail-on-changes: a plan with changes is red (drift), a matching project green', async () => {
    writeFileSync(file, 'settings:\n  default_branch: develop\n');
    const drift = await step({ operation: 'apply', 'dry-run': 'true', 'fail-on-changes': 'true' });
    expect(drift.code).toBe(1);
    expect(stdout.annotations().find((a) => a.level === 'error')?.title).toBe('Project differs from the file: acme');
    expect(writeLines()).toEqual([]);

    writeFileSync(file, 'settings:\n  default_branch: main\n');
    const clean = await step({ operation: 'apply', 'dry-run': 'true', 'fail-on-changes': 'true' });
    expect(clean.code).toBe(0);
    expect(clean.outputs.changes).toBe('0');
  });

  it('several projects: export writes a `projects` map, and applying it plans nothing', async () => {
    standin.addRedirect('acme-api', { type: 'html_to_clean_url' });
    const exported = await step({ operation: 'export', project: 'acme, acme-api' });
    expect(exported.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^projects:\n {2}acme:\n/m);
    expect(readFileSync(file, 'utf8')).toMatch(/^ {2}acme-api:\n/m);

    const applied = await step({ operation: 'apply', project: 'acme, acme-api', prune: 'true' });
    expect(applied.code).toBe(0);
    expect(applied.outputs.changes).toBe('0');
    expect(writeLines()).toEqual([]);
  });

  it('on a pull request: one "planned changes" comment, edited on the next push; a planted copy is left alone', async () => {
    const github = await startGitHubStandin({ token: GITHUB_TOKEN, owner: 'octo', repo: 'docs-repo' });
    try {
      const head = 'a'.repeat(40);
      github.addPullRequest({ number: 7, headSha: head });
      // Someone else's comment carrying the marker must not be taken for ours.
      github.addComment(7, '<!-- readthedocs-action:project-plan -->\nplanted', { login: 'mallory', type: 'User' }, 'CONTRIBUTOR');
      const run = {
        eventName: 'pull_request',
        repository: 'octo/docs-repo',
        apiUrl: github.url,
        pullRequest: { number: 7, headSha: head, baseRepo: 'octo/docs-repo', headRepo: 'octo/docs-repo' },
      };
      const inputs = { operation: 'apply', 'dry-run': 'true', 'github-token': GITHUB_TOKEN };
      const ours = () => github.comments(7).filter((c) => c.user.login === 'github-actions[bot]');

      writeFileSync(file, 'settings:\n  default_branch: develop\n');
      expect((await step(inputs, run)).code).toBe(0);
      expect(ours()).toHaveLength(1);
      expect(ours()[0]!.body).toContain('Read the Docs: planned changes');
      expect(ours()[0]!.body).toContain('default\\_branch &quot;main&quot; → &quot;develop&quot;');

      writeFileSync(file, 'settings:\n  default_branch: main\n');
      expect((await step(inputs, run)).code).toBe(0);
      expect(ours()).toHaveLength(1);
      expect(ours()[0]!.body).toContain('No changes');
      expect(github.comments(7).find((c) => c.user.login === 'mallory')!.body).toContain('planted');
      expect(writeLines()).toEqual([]);
    } finally {
      await github.close();
    }
  });
});
