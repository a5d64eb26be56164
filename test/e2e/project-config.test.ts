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
