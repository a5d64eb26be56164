// `apply` and `export` as a new user runs them: the bundled action against the loopback stand-in,
// with the project file in a checked-out workspace. Through dist/ go issue 14's scenario (export,
// apply, three edits planned, dry run, applied, idempotent), the failure path (a typo in the file,
// refused at its line before any request), and what needs the process of issue 21's "Done when": a
// pull_request event read from the runner's event file (no write, whatever dry-run says), a hostile
// file ending within the step's timeout, a `config` that could print a workflow command. Issue 20's
// scenarios (the service's write rules: a redirect in the service's stored form applied three
// times, refused redirect syntax, 100 redirects, an alias renamed, privacy_level on Community),
// partial failures, lost answers, fail-on-changes, several projects, the PR comment, the subproject
// kept without `prune` and a stored `$rest` redirect's notice are tested in-process in
// test/operations/apply.test.ts, where they assert more (issue 22 keeps one layer per assertion).
// Each test has its own stand-in and workspace, and they run at once.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startGitHubStandin } from '../../harness/github-standin.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { GITHUB_TOKEN, runAction, type ActionRun } from '../../harness/run-action.ts';
import { HEAD, PR, pullRequestEvent } from '../support/preview-e2e.ts';

const TOKEN = 'rtd_secret_token_project_config';
const FILE = '.github/readthedocs-project.yml';

/** A stand-in and a workspace of its own for each test, so that the tests (which wait on the child) run at once. */
interface Setup {
  standin: Standin;
  workspace: string;
  run: (
    extra: Record<string, string>,
    options?: { event?: { name: string; payload: unknown }; env?: Record<string, string> },
  ) => Promise<ActionRun>;
  writes: () => Standin['requests'];
  fileText: () => string;
}

async function withSetup(test: (setup: Setup) => Promise<void>): Promise<void> {
  const standin = await startStandin({ tokens: [TOKEN] });
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
  const workspace = mkdtempSync(join(tmpdir(), 'rtd-workspace-'));
  mkdirSync(join(workspace, '.github'));
  const setup: Setup = {
    standin,
    workspace,
    run: (extra, options = {}) =>
      runAction({
        inputs: { token: TOKEN, 'base-url': standin.url, 'rate-limit': '600/1m', project: 'acme', ...extra },
        env: { GITHUB_WORKSPACE: workspace, ...options.env },
        ...(options.event ? { event: options.event } : {}),
      }),
    writes: () => standin.requests.filter((r) => r.method !== 'GET' && r.method !== 'HEAD'),
    fileText: () => readFileSync(join(workspace, FILE), 'utf8'),
  };
  try {
    await test(setup);
  } finally {
    await standin.close();
  }
}

describe.concurrent('operations export and apply', () => {
  it('export, apply with no change, then three edits: planned, dry run, applied (prune), and idempotent', () =>
    withSetup(async ({ standin, workspace, run, writes, fileText }) => {
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
      const plan = JSON.parse(dry.outputs.plan!) as {
        project: string;
        changes: { symbol: string; kind: string; description: string }[];
      }[];
      expect(plan[0]!.changes.map((c) => `${c.symbol} ${c.kind}`)).toEqual(['~ settings', '+ redirect', '- subproject']);
      expect(plan[0]!.changes[0]!.description).toContain('default_branch "main" → "develop"');
      expect(dry.summary).toContain('Planned changes (dry run: nothing was written)');

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
    }));

  it('refuses a typo with the file, the line and the key path, before any request', () =>
    withSetup(async ({ standin, workspace, run }) => {
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
    }));

  it('refuses a `config` that holds a line break before any request: export never prints it as a command', () =>
    withSetup(async ({ standin, run }) => {
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
    }));
});

/** The "Done when" of issue 20, through dist/ as the runner runs it. */
/** The "Done when" of issue 21 for `apply`, through dist/ as the runner runs it. */
describe.concurrent('apply and hostile input (issue 21)', () => {
  it('on a pull_request event: no write whatever dry-run says, and the plan shown (log, summary, PR comment)', () =>
    withSetup(async ({ workspace, run, writes }) => {
      const github = await startGitHubStandin({ token: GITHUB_TOKEN, owner: 'octo', repo: 'docs-repo' });
      try {
        github.addPullRequest({ number: PR, headSha: HEAD });
        writeFileSync(
          join(workspace, FILE),
          'settings:\n  default_branch: evil\nredirects:\n  - {type: page, from: /, to: "https://elsewhere.example/", force: true}\n',
        );
        const applied = await run(
          { operation: 'apply', 'dry-run': 'false' },
          { event: pullRequestEvent(), env: { GITHUB_API_URL: github.url } },
        );
        expect(applied.code, applied.stdout).toBe(0);
        expect(writes()).toEqual([]);
        expect(applied.outputs.changes).toBe('2');
        expect(applied.stdout).toContain('On a `pull_request` event `apply` only plans: nothing is written');
        expect(applied.summary).toContain('only plans: nothing was written');
        const comment = github.comments(PR).find((c) => c.body.includes('Read the Docs: planned changes'));
        expect(comment?.body).toContain('What merging this pull request will change');
        expect(comment?.body).toContain('default\\_branch');
      } finally {
        await github.close();
      }
    }));

  it(// One under the size limit, parsed: 50 annotations on their lines and one counting the rest, in
  // test/operations/apply.test.ts (15,000 bad keys).
  'a 515 KB file of bad keys is refused before any request, with a handful of annotations', () =>
    withSetup(async ({ standin, workspace, run }) => {
      const lines = ['versions:'];
      for (let i = 0, size = 10; size < 515_000; i += 1) {
        lines.push(`  v${i}: {x: 1}`);
        size += lines.at(-1)!.length + 1;
      }
      writeFileSync(join(workspace, FILE), `${lines.join('\n')}\n`);
      const huge = await run({ operation: 'apply' });
      expect(huge.code).toBe(1);
      expect(huge.annotations.length).toBeLessThanOrEqual(60);
      expect(huge.annotations.find((a) => a.level === 'error')?.message).toContain('larger than 256 KiB');
      expect(standin.requests).toEqual([]);
    }));
});

/**
 * The "Done when" of issue 29 §3 for `apply`, through dist/: what the service would refuse part-way
 * at merge is refused before any write, each at its line of the file. Two runs: one file whose
 * three projects each meet one of the service's state rules, and one `settings:` block the service
 * would refuse field by field.
 */
describe.concurrent('apply refuses up front what the service would refuse at merge (issue 29)', () => {
  it('keeps the default version under a pruning policy and says why; refuses deactivating it at its line, with no write', () =>
    withSetup(async ({ standin, workspace, run, writes }) => {
      const tags = ['v1.0.0', 'v1.0.1', 'v1.1.0'].map((slug) => ({ slug, type: 'tag' as const, verboseName: slug, active: true }));
      standin.addProject({ slug: 'policy', defaultVersion: 'v1.0.0', versions: tags });
      standin.addProject({ slug: 'explicit', defaultVersion: 'v1.0.0', versions: tags });
      writeFileSync(
        join(workspace, 'rtd.yml'),
        [
          'projects:',
          '  policy:',
          '    version_policy: {active: latest-patch}',
          '  explicit:',
          '    versions:',
          '      v1.0.0: {active: false}',
          '',
        ].join('\n'),
      );
      const result = await run({ operation: 'apply', config: 'rtd.yml', project: 'policy, explicit', prune: 'true' });
      expect(result.code, result.stdout).toBe(1);
      expect(writes()).toEqual([]);
      // The policy keeps the default version active, and says why.
      expect(result.stdout).toMatch(/v1\.0\.0 kept active: the project's default version/);
      expect(result.summary).toMatch(/`v1\.0\.0` kept active: the project's default version/);
      const errors = result.annotations.filter((a) => a.level === 'error' && a.file === 'rtd.yml');
      expect(errors.map((a) => a.line)).toEqual([6]);
      expect(errors[0]!.message).toContain("`v1.0.0` is the project's default version");
    }));

  // Issue 49 item 2: a merge-queue run leaves a temporary version, `export` once wrote it into the
  // file, the service deleted it: every apply of the committed file ended in *Unexpected error*.
  it('export leaves out a gh-readonly-queue version; apply of a file naming v9.9 is refused at its line, naming it', () =>
    withSetup(async ({ standin, workspace, run, writes, fileText }) => {
      const queue = `gh-readonly-queue/main/pr-42-${'a'.repeat(40)}`;
      standin.addVersion('acme', { slug: queue.replaceAll('/', '-'), verboseName: queue, active: true });
      const exported = await run({ operation: 'export' });
      expect(exported.code, exported.stdout).toBe(0);
      expect(fileText()).not.toContain('gh-readonly-queue');
      expect(fileText()).toContain('v2.0:');

      writeFileSync(join(workspace, 'rtd.yml'), 'versions:\n  v1.0: {active: true}\n  v9.9: {hidden: true}\n');
      const result = await run({ operation: 'apply', config: 'rtd.yml' });
      expect(result.code, result.stdout).toBe(1);
      expect(writes()).toEqual([]);
      const errors = result.annotations.filter((a) => a.level === 'error' && a.file === 'rtd.yml');
      expect(errors.map((a) => [a.title, a.line])).toEqual([['Invalid project file', 3]]);
      expect(errors[0]!.message).toContain('version `v9.9` does not exist on acme');
      expect(result.stdout).not.toContain('Unexpected error');
      expect(result.summary).not.toContain('No changes');
    }));

  it('refuses 4 new redirects beside 98 unmanaged ones, naming the limit, with no write', () =>
    withSetup(async ({ standin, workspace, run, writes }) => {
      standin.addProject({ slug: 'full' });
      for (let i = 0; i < 98; i += 1) standin.addRedirect('full', { type: 'page', from_url: `/old${i}`, to_url: `/new${i}` });
      writeFileSync(
        join(workspace, 'rtd.yml'),
        ['redirects:', ...[1, 2, 3, 4].map((i) => `  - {type: page, from: /added${i}, to: /target${i}}`), ''].join('\n'),
      );
      const result = await run({ operation: 'apply', config: 'rtd.yml', project: 'full' });
      expect(result.code, result.stdout).toBe(1);
      expect(writes()).toEqual([]);
      const errors = result.annotations.filter((a) => a.level === 'error' && a.file === 'rtd.yml');
      expect(errors.map((a) => a.line)).toEqual([1]);
      expect(errors[0]!.message).toContain('102 redirects');
      expect(errors[0]!.message).toContain('at most 100 (the limit)');
    }));

  it('refuses a settings block the service would refuse, at each of its four lines, before any write', () =>
    withSetup(async ({ standin, workspace, run, writes }) => {
      writeFileSync(
        join(workspace, 'rtd.yml'),
        [
          'settings:',
          `  name: ${'n'.repeat(64)}`,
          `  analytics_code: ${'a'.repeat(51)}`,
          '  homepage: not a url',
          '  readthedocs_yaml_path: ../outside/.readthedocs.yaml',
          '',
        ].join('\n'),
      );
      const result = await run({ operation: 'apply', config: 'rtd.yml' });
      expect(result.code, result.stdout).toBe(1);
      expect(writes()).toEqual([]);
      expect(standin.requests).toEqual([]);
      const errors = result.annotations.filter((a) => a.level === 'error' && a.file === 'rtd.yml');
      expect(errors.map((a) => [a.line, a.message.split(':')[0]])).toEqual([
        [2, 'settings.name'],
        [3, 'settings.analytics_code'],
        [4, 'settings.homepage'],
        [5, 'settings.readthedocs_yaml_path'],
      ]);
    }));
});

/** The "Done when" of issue 30's first item, through dist/: events that may carry a PR's file write nothing. */
describe.concurrent('apply on events that may carry a pull request’s file (issue 30)', () => {
  const events: [string, { name: string; payload: unknown }, string][] = [
    [
      'an issue_comment on a pull request (a "/apply" chat-ops workflow)',
      {
        name: 'issue_comment',
        payload: { action: 'created', issue: { number: PR, pull_request: { url: 'x' } }, comment: { body: '/apply' } },
      },
      'refs/heads/main',
    ],
    [
      'a workflow_run started by a pull request',
      {
        name: 'workflow_run',
        payload: {
          action: 'completed',
          workflow_run: { event: 'pull_request', head_sha: HEAD, head_branch: 'feature', pull_requests: [] },
        },
      },
      'refs/heads/main',
    ],
    [
      'a workflow_dispatch on refs/pull/42/merge',
      { name: 'workflow_dispatch', payload: { ref: 'refs/pull/42/merge', inputs: {} } },
      'refs/pull/42/merge',
    ],
  ];
  for (const [what, event, ref] of events) {
    it(`${what}: no write with dry-run false, the plan shown and a notice saying why`, () =>
      withSetup(async ({ workspace, run, writes }) => {
        writeFileSync(join(workspace, FILE), 'settings:\n  default_branch: evil\n');
        const applied = await run({ operation: 'apply', 'dry-run': 'false' }, { event, env: { GITHUB_REF: ref } });
        expect(applied.code, applied.stdout).toBe(0);
        expect(writes()).toEqual([]);
        expect(applied.outputs.changes).toBe('1');
        const notice = applied.annotations.find((a) => a.level === 'notice' && a.title === 'apply only plans here');
        expect(notice?.message).toContain(`On a \`${event.name}\` event \`apply\` only plans: nothing is written`);
        expect(applied.summary).toContain(`Planned changes (on \`${event.name}\` \`apply\` only plans: nothing was written)`);
        expect(applied.summary).toContain('evil');
      }));
  }
});
