// `export` and `apply` in-process: the step operations called with a context over the real client
// and the loopback stand-in; the assertions are on the report each returns and on the requests sent.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../../src/inputs/inputs.js';
import { readRunContext, type RunContext } from '../../src/inputs/github-context.js';
import { applyStep } from '../../src/operations/apply/apply.js';
import { INVALID_FILE_TITLE, PLAN_ONLY_TITLE } from '../../src/operations/apply/apply-report.js';
import { exportStep } from '../../src/operations/export/export.js';
import { MAX_FILE_BYTES } from '../../src/operations/shared/project-file/file.js';
import { startGitHubStandin } from '../../harness/github-standin.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { GITHUB_TOKEN } from '../../harness/run-action.ts';
import { captureStdout, runStep, standinContext, type StandinTestContext } from './context.ts';

/** The project file, relative to the run's workspace (a temporary folder): `config` takes no absolute path. */
const CONFIG = 'readthedocs-project.yml';
const TOKEN = 'rtd_apply_step_token_0123456789';

let standin: Standin;
let workspace: string;
let file: string;
const opened: StandinTestContext[] = [];
const stdout = captureStdout();

beforeEach(async () => {
  standin = await startStandin({ tokens: [TOKEN] });
  standin.addProject({ slug: 'acme', versions: [{ slug: 'v1.0', active: true }] });
  standin.addProject({ slug: 'acme-api' });
  standin.addRedirect('acme', { type: 'page', from_url: '/install.html', to_url: '/getting-started/install.html' });
  standin.addSubproject('acme', 'acme-api', 'api');
  workspace = mkdtempSync(join(tmpdir(), 'rtd-apply-step-'));
  file = join(workspace, CONFIG);
});
afterEach(async () => {
  for (const test of opened.splice(0)) await test.close();
  await standin.close();
  rmSync(workspace, { recursive: true, force: true });
});

function context(extra: Record<string, string>) {
  const test = standinContext(standin, { token: TOKEN, project: 'acme', config: CONFIG, ...extra }, { workspace });
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
    expect(report.results).toEqual([{ project: 'acme', outcome: 'success', details: { config: CONFIG } }]);
    // The job summary shows the file, ready to copy: on a runner it goes away with the job.
    expect(report.summary).toHaveLength(1);
    expect(report.summary[0]).toContain('### The exported file');
    expect(report.summary[0]).toContain(`Written to \`${CONFIG}\` on the runner`);
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
    // The job summary lists the problems one per line: where, which key, what is expected.
    expect(report.summary).toHaveLength(1);
    expect(report.summary[0]).toContain('| Where | Key | What is expected |');
    expect(report.summary[0]).toMatch(/^\| `[^`]*:5` \| `redirects\[0\]\.form` \| .+ \|$/m);
    expect(report.summary[0]).not.toContain(' | | ');
    expect(report.results[0]!.reason).toMatch(/^1 problem in \S+:\n\S+:5: redirects\[0\]\.form: /);
    const [annotation] = stdout.annotations();
    expect(annotation).toMatchObject({ level: 'error', title: INVALID_FILE_TITLE, line: 5 });
    expect(annotation!.message).toContain('redirects[0].form');
  });

  it('a missing file is an input error, thrown before any request', async () => {
    await expect(applyStep(context({ operation: 'apply' }))).rejects.toThrow(InputError);
    expect(standin.requests).toEqual([]);
  });
});

/** The whole step, reported as step.ts reports it. */
const step = (extra: Record<string, string>, run = {}) =>
  runStep(standin, { project: 'acme', config: CONFIG, ...extra }, { token: TOKEN, run: { ...run, workspace } });
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
        '  v1.0: {hidden: true}',
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

  it('a lost answer to a redirect create: looked for (in the form the service stores) before creating it again, one redirect', async () => {
    writeFileSync(file, 'redirects:\n  - {type: page, from: lost.html/, to: found.html}\n');
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

// Issue 50's 4: a plan too long for one comment (GitHub refuses a body over 65,536 characters, the
// stand-in too) is written as each project's count of entries, which the job summary lists.
describe('the plan comment fits', () => {
  it('a plan of 99 long redirects: the comment is written, the count instead of the table', async () => {
    const github = await startGitHubStandin({ token: GITHUB_TOKEN, owner: 'octo', repo: 'docs-repo' });
    try {
      const head = 'a'.repeat(40);
      github.addPullRequest({ number: 7, headSha: head });
      const run = {
        eventName: 'pull_request',
        repository: 'octo/docs-repo',
        apiUrl: github.url,
        pullRequest: { number: 7, headSha: head, baseRepo: 'octo/docs-repo', headRepo: 'octo/docs-repo' },
      };
      const redirects = Array.from(
        { length: 99 },
        (_, index) => `  - {type: page, from: /${'a-'.repeat(120)}${index}.html, to: /${'b-'.repeat(120)}${index}.html}\n`,
      );
      writeFileSync(file, `redirects:\n${redirects.join('')}`);
      const applied = await step({ operation: 'apply', 'dry-run': 'true', 'github-token': GITHUB_TOKEN }, run);
      expect(applied.code).toBe(0);
      expect(stdout.annotations().filter((a) => a.title === 'Plan comment not written')).toEqual([]);
      const [comment] = github.comments(7);
      expect(comment!.body.length).toBeLessThanOrEqual(65_536);
      expect(comment!.body).toMatch(
        /^#### acme\n\n\d+ entries in the plan: too many for a comment, the job summary of this run lists them\.$/m,
      );
    } finally {
      await github.close();
    }
  });
});

/** What each of the service's rules does to a plan (FACTS.md, "Rules the service enforces on writes"): issue 20's "Done when" for `apply`. */
describe("apply against the service's rules (issue 20)", () => {
  const redirectsOf = (project: string) => standin.redirects(project).map((x) => `${x.type} ${x.from_url} → ${x.to_url}`);

  it('a redirect written as the service does not store it: three applies leave one, and the drift check is green', async () => {
    writeFileSync(file, 'redirects:\n  - {type: page, from: /docs/, to: guide/intro.html}\n');
    for (let run = 0; run < 3; run += 1) expect((await step({ operation: 'apply' })).code).toBe(0);

    // Created once, at the top: the file's redirects come first, the unmanaged one after them.
    expect(redirectsOf('acme')).toEqual(['page /docs → /guide/intro.html', 'page /install.html → /getting-started/install.html']);
    expect(writeLines().map((w) => `${w.method} ${w.path}`)).toEqual(['POST /api/v3/projects/acme/redirects/']);
    const drift = await step({ operation: 'apply', 'dry-run': 'true', 'fail-on-changes': 'true' });
    expect(drift.code).toBe(0);
    expect(drift.outputs.changes).toBe('0');
    const pruned = await step({ operation: 'apply', prune: 'true', 'fail-on-changes': 'true' });
    expect(pruned.outputs.changes).toBe('1');
    expect(redirectsOf('acme')).toEqual(['page /docs → /guide/intro.html']);
    expect((await step({ operation: 'apply', prune: 'true', 'fail-on-changes': 'true' })).code).toBe(0);
  });

  for (const dryRun of ['true', 'false']) {
    it(`$rest, an inner *, :splat without * and a javascript: target: refused at their lines before any request (dry-run: ${dryRun})`, async () => {
      writeFileSync(
        file,
        [
          'redirects:',
          '  - {type: exact, from: /en/v1/$rest, to: /en/latest/}',
          '  - {type: page, from: /a/*/b.html, to: /c.html}',
          '  - {type: exact, from: /old/, to: /new/:splat}',
          '  - {type: page, from: /x, to: "javascript:alert(document.cookie)"}',
          '',
        ].join('\n'),
      );
      const run = await step({ operation: 'apply', 'dry-run': dryRun });

      expect(run.code).toBe(1);
      expect(standin.requests).toEqual([]);
      const errors = stdout.annotations().filter((a) => a.title === INVALID_FILE_TITLE);
      expect(errors.map((a) => [a.file, a.line])).toEqual([
        [CONFIG, 2],
        [CONFIG, 3],
        [CONFIG, 4],
        [CONFIG, 5],
      ]);
      expect(errors[0]!.message).toContain('write `/en/v1/*`, and `/en/latest/:splat` as `to`');
      expect(errors[1]!.message).toContain('write `/a/*`');
      expect(errors[2]!.message).toContain('end `from` with `*`');
      expect(errors[3]!.message).toContain('`javascript:` is refused');
      expect(run.outputs.changes).toBe('0');
    });
  }

  it('a redirect stored with $rest, spelled with * and :splat in the file: left as it is, with a notice; export writes that spelling', async () => {
    standin.addRedirect('acme', { type: 'exact', from_url: '/en/v1/$rest', to_url: '/en/latest/', http_status: 301 });
    standin.addRedirect('acme', { type: 'exact', from_url: '/en/v0/$rest', to_url: '/en/old/' });
    const exported = await step({ operation: 'export' });
    expect(exported.code).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('from: /en/v1/*\n    to: /en/latest/:splat');
    // The file lists v1 only; v0 stays unmanaged.
    writeFileSync(file, text.replace(/ {2}- type: exact\n {4}from: \/en\/v0\/\*\n {4}to: \/en\/old\/:splat\n/, ''));

    const run = await step({ operation: 'apply' });
    expect(run.code).toBe(0);
    expect(writeLines()).toEqual([]);
    const notices = stdout.annotations().filter((a) => a.level === 'notice');
    expect(notices.map((a) => a.title)).toEqual(['Old redirect syntax', 'Old redirect syntax']);
    expect(notices[0]!.message).toContain(
      '/en/v1/$rest → /en/latest/ uses the removed `$rest` syntax. The service still lists it, but it removed that wildcard',
    );
    expect(notices[0]!.message).not.toContain('serves it');
    expect(notices[0]!.message).toContain("the file's /en/v1/* → /en/latest/:splat stands for it");
    expect(notices[1]!.message).toContain('it is not in the file (kept)');
  });

  it('at 100 redirects on Community, dropping the first and adding one: one delete, then one create; then nothing', async () => {
    standin.addProject({ slug: 'full' });
    for (let i = 0; i < 100; i += 1) standin.addRedirect('full', { type: 'page', from_url: `/p${i}.html`, to_url: `/q${i}.html` });
    const listed = Array.from({ length: 99 }, (_, i) => `  - {type: page, from: /p${i + 1}.html, to: /q${i + 1}.html}`);
    writeFileSync(file, ['redirects:', ...listed, '  - {type: page, from: /new.html, to: /newer.html}', ''].join('\n'));

    const run = await step({ operation: 'apply', project: 'full', prune: 'true' });
    expect(run.code).toBe(0);
    expect(writeLines().map((w) => w.method)).toEqual(['DELETE', 'POST']);
    expect(standin.redirects('full').map((x) => x.from_url)).toEqual([...listed.map((_, i) => `/p${i + 1}.html`), '/new.html']);
    expect((await step({ operation: 'apply', project: 'full', prune: 'true' })).outputs.changes).toBe('0');
    expect(writeLines()).toHaveLength(2);
  });

  it('a subproject alias renamed: deleted, then created; applied again, nothing', async () => {
    writeFileSync(file, 'subprojects:\n  - {child: acme-api, alias: reference}\n');
    const run = await step({ operation: 'apply' });

    expect(run.code).toBe(0);
    expect(writeLines().map((w) => `${w.method} ${w.path}`)).toEqual([
      'DELETE /api/v3/projects/acme/subprojects/api/',
      'POST /api/v3/projects/acme/subprojects/',
    ]);
    expect((await step({ operation: 'apply' })).outputs.changes).toBe('0');
    expect(writeLines()).toHaveLength(2);
  });

  it('privacy_level on a Community project: sent, read back, and a warning names the key and the value kept', async () => {
    writeFileSync(file, 'settings:\n  privacy_level: private\n  homepage: https://acme.example.org\n');
    const run = await step({ operation: 'apply' });

    expect(run.code).toBe(0);
    expect(writeLines().map((w) => JSON.parse(w.body))).toEqual([{ privacy_level: 'private', homepage: 'https://acme.example.org' }]);
    const warnings = stdout.annotations().filter((a) => a.title === 'Setting not kept');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain('`settings.privacy_level` did not take: asked for "private", the service kept "public"');
    expect(warnings[0]!.message).toContain('Business only');
    expect(run.summary).toContain('The service did not keep: `settings.privacy_level` (it kept `"public"`)');
    expect(JSON.parse(run.outputs.results!)[0].notKept).toEqual([{ key: 'settings.privacy_level', wanted: 'private', kept: 'public' }]);
  });

  it('a read-back that fails: the writes stay done, and a warning says the kept values are not known', async () => {
    writeFileSync(file, 'settings:\n  privacy_level: private\n');
    // The first read of the project plans; the second, after the PATCH, is refused.
    standin.fault({ method: 'GET', path: /^\/api\/v3\/projects\/acme\/$/, kind: 'status', status: 404, after: 1 });
    const run = await step({ operation: 'apply' });

    expect(run.code).toBe(0);
    expect(writeLines()).toHaveLength(1);
    expect(stdout.annotations().map((a) => a.title)).toEqual(['Project not read back']);
    expect(JSON.parse(run.outputs.plan!)[0].changes[0].status).toBe('done');
  });

  it('with the Community base URL, the Business-only keys are refused before any request', async () => {
    writeFileSync(file, 'settings:\n  privacy_level: private\nversions:\n  v1.0: {privacy_level: private}\n');
    const report = await applyStep(context({ operation: 'apply', 'base-url': 'https://app.readthedocs.org' }));

    expect(report.results).toEqual([expect.objectContaining({ outcome: 'error', title: INVALID_FILE_TITLE })]);
    expect(stdout.annotations().map((a) => a.line)).toEqual([2, 4]);
    expect(stdout.annotations()[0]!.message).toContain('Read the Docs for Business only');
  });

  it("a connected repository: the file's URL of it is the clone URL the service keeps; a public one keeps PR builds public", async () => {
    standin.addProject({
      slug: 'linked',
      plan: 'business',
      remoteRepository: { cloneUrl: 'https://github.com/acme/linked.git' },
    });
    writeFileSync(file, 'settings:\n  repository: {url: "https://github.com/acme/linked"}\n  external_builds_privacy_level: private\n');
    const first = await step({ operation: 'apply', project: 'linked' });

    expect(first.code).toBe(0);
    expect(writeLines().map((w) => JSON.parse(w.body))).toEqual([{ external_builds_privacy_level: 'private' }]);
    const warning = stdout.annotations().find((a) => a.title === 'Setting not kept');
    expect(warning?.message).toContain(
      '`settings.external_builds_privacy_level` did not take: asked for "private", the service kept "public"',
    );
    expect(warning?.message).toContain('forced to `public` for a public repository');
  });

  it('readthedocs_yaml_path, show_version_warning (a notice: no effect, not sent), and a version privacy_level on Business', async () => {
    standin.addProject({ slug: 'biz', plan: 'business', versions: [{ slug: 'v2' }] });
    writeFileSync(
      file,
      'settings:\n  readthedocs_yaml_path: docs/.readthedocs.yaml\n  show_version_warning: true\nversions:\n  v2: {privacy_level: private}\n',
    );
    const run = await step({ operation: 'apply', project: 'biz' });

    expect(run.code).toBe(0);
    expect(writeLines().map((w) => `${w.method} ${w.path} ${w.body}`)).toEqual([
      'PATCH /api/v3/projects/biz/versions/v2/ {"privacy_level":"private"}',
      'PATCH /api/v3/projects/biz/ {"readthedocs_yaml_path":"docs/.readthedocs.yaml"}',
    ]);
    expect(stdout.annotations().filter((a) => a.level === 'warning')).toEqual([]);
    expect(stdout.annotations().filter((a) => a.level === 'notice')).toEqual([
      expect.objectContaining({ line: 3, message: expect.stringContaining('show_version_warning: has no effect') }),
    ]);
    // Again: nothing to send.
    const again = await step({ operation: 'apply', project: 'biz' });
    expect(again.outputs.changes).toBe('0');
    expect(writeLines()).toHaveLength(2);
  });

  it('versions are read from the list: 300 versions are 3 requests, none per version', async () => {
    standin.addProject({ slug: 'many', versions: Array.from({ length: 299 }, (_, i) => ({ slug: `v${i}` })) });
    writeFileSync(file, 'versions:\n  v5: {hidden: true}\n  v250: {active: false}\n');
    const run = await step({ operation: 'apply', project: 'many', 'dry-run': 'true' });

    expect(run.outputs.changes).toBe('2');
    expect(standin.count('GET', /^\/api\/v3\/projects\/many\/versions\/$/)).toBe(3);
    expect(standin.count('GET', /^\/api\/v3\/projects\/many\/versions\/[^/]+\/$/)).toBe(0);
  });

  it('export leaves out the fallback default_branch of a project that sets none; applying its file writes nothing', async () => {
    standin.addProject({ slug: 'unset', defaultBranch: null });
    expect((await step({ operation: 'export', project: 'unset' })).code).toBe(0);
    expect(readFileSync(file, 'utf8')).not.toContain('default_branch');
    expect((await step({ operation: 'apply', project: 'unset', prune: 'true' })).outputs.changes).toBe('0');
    expect(writeLines()).toEqual([]);
  });
});

describe('a version the project does not have (issue 49)', () => {
  it('apply of a file naming v9.9: Invalid project file at its line, naming it; no Unexpected error, no "No changes", nothing written', async () => {
    writeFileSync(file, 'settings:\n  default_branch: develop\nversions:\n  v1.0: {hidden: true}\n  v9.9: {active: true}\n');
    const run = await step({ operation: 'apply' });

    expect(run.code).toBe(1);
    expect(run.results).toEqual([expect.objectContaining({ project: 'acme', outcome: 'error', title: INVALID_FILE_TITLE })]);
    expect(run.results[0]!.reason).toMatch(/:5: versions\["v9\.9"\]: version `v9\.9` does not exist on acme/);
    const lines = stdout.annotations().filter((a) => a.title === INVALID_FILE_TITLE && a.line !== undefined);
    expect(lines).toEqual([expect.objectContaining({ level: 'error', file: CONFIG, line: 5 })]);
    expect(stdout.text()).not.toContain('Unexpected error');
    expect(run.summary).not.toContain('No changes');
    expect(run.summary).toContain('Not planned: Invalid project file.');
    expect(run.outputs.changes).toBe('0');
    expect(writeLines()).toEqual([]);
  });

  it('export leaves out a merge queue’s temporary version; its file applies with no change', async () => {
    const queue = `gh-readonly-queue-main-pr-42-${'a'.repeat(40)}`;
    standin.addVersion('acme', { slug: queue, verboseName: `gh-readonly-queue/main/pr-42-${'a'.repeat(40)}`, active: true });
    expect((await step({ operation: 'export' })).code).toBe(0);

    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('gh-readonly-queue');
    expect(text).toContain('v1.0:');
    expect((await step({ operation: 'apply', 'dry-run': 'true' })).outputs.changes).toBe('0');
  });
});

describe('apply never writes from a pull request (issue 21), decided by an allow-list (issue 30)', () => {
  const planOnly: [string, Partial<RunContext>][] = [
    ['pull_request', { eventName: 'pull_request', githubRef: 'refs/pull/42/merge' }],
    ['pull_request_target', { eventName: 'pull_request_target', githubRef: 'refs/heads/main' }],
    ['merge_group', { eventName: 'merge_group', githubRef: 'refs/heads/gh-readonly-queue/main/pr-42-abc' }],
    ['issue_comment', { eventName: 'issue_comment', githubRef: 'refs/heads/main' }],
    ['workflow_run', { eventName: 'workflow_run', githubRef: 'refs/heads/main' }],
    ['repository_dispatch', { eventName: 'repository_dispatch', githubRef: 'refs/heads/main' }],
    ['workflow_dispatch', { eventName: 'workflow_dispatch', githubRef: 'refs/pull/42/merge' }],
    ['workflow_dispatch', { eventName: 'workflow_dispatch' }],
    ['push', { eventName: 'push', githubRef: 'refs/heads/gh-readonly-queue/main/pr-42-abc' }],
    ['push', { eventName: 'push', githubRef: 'refs/heads/main', pullRequestNamedBy: 'the payload names a pull request (`pull_request`)' }],
  ];
  for (const [eventName, run] of planOnly) {
    it(`on \`${eventName}\` of ${run.githubRef ?? 'no ref'}${run.pullRequestNamedBy ? ' naming a PR' : ''}, with dry-run false: the plan, a notice, and no write`, async () => {
      writeFileSync(
        file,
        'settings:\n  default_branch: develop\nredirects:\n  - {type: page, from: /x, to: "https://elsewhere.example/"}\n',
      );
      const result = await step({ operation: 'apply', 'dry-run': 'false' }, run);

      expect(result.code).toBe(0);
      expect(writeLines()).toEqual([]);
      expect(result.outputs.changes).toBe('2');
      expect(JSON.parse(result.outputs.plan!)[0].changes.map((c: { status: string }) => c.status)).toEqual(['planned', 'planned', 'kept']);
      const notice = stdout.annotations().find((a) => a.title === PLAN_ONLY_TITLE);
      expect(notice?.level).toBe('notice');
      expect(notice?.message).toContain(`On a \`${eventName}\` event \`apply\` only plans: nothing is written, whatever \`dry-run\` says`);
      expect(notice?.message).toContain(
        '`apply` writes on `push` to a branch or tag, `schedule`, `release` and `workflow_dispatch` of a branch or tag',
      );
      expect(result.summary).toContain(`Planned changes (on \`${eventName}\` \`apply\` only plans: nothing was written)`);
    });
  }

  const writing: Partial<RunContext>[] = [
    { eventName: 'push', githubRef: 'refs/heads/main' },
    { eventName: 'push', githubRef: 'refs/tags/v1.2.0' },
    { eventName: 'schedule', githubRef: 'refs/heads/main' },
    { eventName: 'release', githubRef: 'refs/tags/v1.2.0' },
    { eventName: 'workflow_dispatch', githubRef: 'refs/heads/main' },
    { eventName: 'workflow_dispatch', githubRef: 'refs/tags/v1.2.0' },
    // The command line, run by a person: no GitHub event.
    { eventName: '' },
  ];
  for (const run of writing) {
    it(`on \`${run.eventName || '(no event)'}\` of ${run.githubRef ?? 'no ref'}, it writes`, async () => {
      writeFileSync(file, 'settings:\n  default_branch: develop\n');
      expect((await step({ operation: 'apply' }, run)).code).toBe(0);
      expect(writeLines()).toHaveLength(1);
      expect(stdout.annotations().filter((a) => a.title === PLAN_ONLY_TITLE)).toEqual([]);
    });
  }

  it('outside GitHub, a GitLab merge request pipeline only plans', async () => {
    writeFileSync(file, 'settings:\n  default_branch: develop\n');
    const run = readRunContext({ CI_MERGE_REQUEST_IID: '7' });
    const result = await step({ operation: 'apply' }, run);
    expect(writeLines()).toEqual([]);
    expect(stdout.annotations().find((a) => a.title === PLAN_ONLY_TITLE)?.message).toContain(
      'Here `apply` only plans: nothing is written, whatever `dry-run` says (a GitLab merge request pipeline (`CI_MERGE_REQUEST_IID` is set))',
    );
    expect(result.summary).toContain('Planned changes (`apply` only plans: nothing was written)');
  });
});

describe('a hostile project file (issue 21)', () => {
  it('15,000 bad keys: 50 annotations on their lines, then one saying how many more', async () => {
    writeFileSync(file, `versions:\n${Array.from({ length: 15_000 }, (_, i) => `  v${i}: {x: 1}\n`).join('')}`);
    const run = await step({ operation: 'apply' });

    expect(run.code).toBe(1);
    expect(standin.requests).toEqual([]);
    const annotations = stdout.annotations().filter((a) => a.title === INVALID_FILE_TITLE);
    expect(annotations).toHaveLength(51);
    expect(annotations.slice(0, 50).map((a) => a.line)).toEqual(Array.from({ length: 50 }, (_, i) => i + 2));
    expect(annotations[50]!.message).toBe('… and 14950 more problems: fix the 50 shown and run again to see the rest');
  });

  it('a file over the size limit is refused before it is read', async () => {
    writeFileSync(file, `# ${'x'.repeat(MAX_FILE_BYTES)}\n`);
    await expect(applyStep(context({ operation: 'apply' }))).rejects.toThrow(/larger than 256 KiB/);
    expect(standin.requests).toEqual([]);
  });
});

describe('apply refuses up front what the service would refuse at merge (issue 29)', () => {
  it('refuses deactivating the default version the file sets, and takes deactivating the one it replaces, after moving the default', async () => {
    const tags = ['v1.0.0', 'v1.1.0'].map((slug) => ({ slug, type: 'tag' as const, verboseName: slug, active: true }));
    standin.addProject({ slug: 'moving', defaultVersion: 'v1.0.0', versions: tags });
    writeFileSync(file, 'settings:\n  default_version: v1.1.0\nversions:\n  v1.1.0: {active: false}\n');
    const refused = await step({ operation: 'apply', project: 'moving' });
    expect(refused.code).toBe(1);
    expect(writeLines()).toEqual([]);
    expect(stdout.annotations().filter((a) => a.level === 'error' && a.line !== undefined)).toEqual([
      expect.objectContaining({
        title: 'Refused before any write',
        line: 4,
        message: expect.stringContaining("`v1.1.0` is the project's default version"),
      }),
    ]);
    writeFileSync(file, 'settings:\n  default_version: v1.1.0\nversions:\n  v1.0.0: {active: false}\n');
    const moved = await step({ operation: 'apply', project: 'moving' });
    expect(moved.code).toBe(0);
    expect(writeLines().map((w) => `${w.method} ${w.path} ${w.body}`)).toEqual([
      'PATCH /api/v3/projects/moving/ {"default_version":"v1.1.0"}',
      'PATCH /api/v3/projects/moving/versions/v1.0.0/ {"active":false}',
    ]);
  });

  it('the redirect limit: 98 kept and 4 new are refused, in a dry run too; 98 and 2 are taken', async () => {
    standin.addProject({ slug: 'full' });
    for (let i = 0; i < 98; i += 1) standin.addRedirect('full', { type: 'page', from_url: `/old${i}`, to_url: `/new${i}` });
    writeFileSync(file, ['redirects:', ...[1, 2, 3, 4].map((i) => `  - {type: page, from: /a${i}, to: /b${i}}`), ''].join('\n'));
    const refused = await step({ operation: 'apply', project: 'full' });
    expect(refused.code).toBe(1);
    expect(writeLines()).toEqual([]);
    const [error] = stdout.annotations().filter((a) => a.level === 'error');
    expect(error).toMatchObject({ line: 1, title: 'Refused before any write' });
    expect(error!.message).toContain('102 redirects (98 now, 0 deleted, 4 created, 98 of them not in the file and kept without `prune`)');
    expect(refused.summary).toContain('Nothing was written: the service would refuse 1 part of this plan');
    // The dry run on a pull request says so too: a plan green there would fail at merge.
    expect((await step({ operation: 'apply', project: 'full', 'dry-run': 'true' })).code).toBe(1);
    // Listing two of the 98 instead of two new ones: 100, taken.
    writeFileSync(file, ['redirects:', '  - {type: page, from: /a1, to: /b1}', '  - {type: page, from: /a2, to: /b2}', ''].join('\n'));
    expect((await step({ operation: 'apply', project: 'full' })).code).toBe(0);
    expect(standin.redirects('full')).toHaveLength(100);
  });

  it('takes an alias in any script, so prune keeps one the service lists; a new alias with `/` waits for the flag', async () => {
    standin.addProject({ slug: 'acme-fr' });
    standin.addSubproject('acme', 'acme-fr', 'données');
    writeFileSync(file, 'subprojects:\n  - {child: acme-api, alias: api}\n  - {child: acme-fr, alias: données}\n');
    const kept = await step({ operation: 'apply', prune: 'true' });
    expect(kept.code).toBe(0);
    expect(kept.outputs.changes).toBe('0');
    expect(writeLines()).toEqual([]);

    standin.addProject({ slug: 'acme-py' });
    writeFileSync(
      file,
      'subprojects:\n  - {child: acme-api, alias: api}\n  - {child: acme-fr, alias: données}\n  - {child: acme-py, alias: api/python}\n',
    );
    const refused = await step({ operation: 'apply' });
    expect(refused.code).toBe(1);
    expect(writeLines()).toEqual([]);
    expect(stdout.annotations().find((a) => a.level === 'error')).toMatchObject({
      line: 4,
      message: expect.stringContaining('`/` in an alias needs a feature flag'),
    });
  });
});
