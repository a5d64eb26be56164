// `npm run demo` as a new user runs it: `node scripts/demo.ts` as a child process, offline, in its four
// variants (an unknown one is refused before anything starts: test/scripts/demo-variants.test.ts).
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DEMO_HEAD_SHA } from '../../harness/demo-scenario.ts';
import { ROOT } from '../../harness/action-metadata.ts';
import { COMPILE_CACHE, GITHUB_TOKEN } from '../../harness/run-action.ts';

interface DemoRun {
  code: number | null;
  output: string;
}

function demo(...args: string[]): Promise<DemoRun> {
  return new Promise((resolve, reject) => {
    // No token and no proxy from this machine: the demo must need neither.
    // A half-second build (the least it takes) instead of the demo's 6 s, through the demo's own setting.
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NO_COLOR: '1',
      DEMO_BUILD_MS: '500',
      ...COMPILE_CACHE,
    };
    const child = spawn(process.execPath, ['scripts/demo.ts', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, output });
    });
  });
}

/** The value a demo printed for an output (its outputs section: `name  value`). */
const output = (run: DemoRun, name: string) => new RegExp(`^${name}\\s+(.*)$`, 'm').exec(run.output)?.[1];

describe('npm run demo', () => {
  // All variants at once: each starts its own stand-ins on their own ports.
  const runs = Promise.all([demo(), demo('failure'), demo('preview'), demo('apply')]);

  it('shows a finished, successful build with its log, outputs and summary, and exits 0', async () => {
    const [run] = await runs;
    expect(run.code, run.output).toBe(0);
    // The log, streamed: the trigger and the states, with the build link.
    expect(run.output).toMatch(/Triggering a build of acme-docs, version latest/);
    expect(run.output).toMatch(/build #\d+: Finished/);
    expect(run.output).toMatch(/Build #\d+ succeeded in \d+s: http:\/\/127\.0\.0\.1:\d+\/projects\/acme-docs\/builds\/\d+\//);
    // The outputs.
    expect(output(run, 'success')).toBe('true');
    expect(output(run, 'state')).toBe('finished');
    expect(output(run, 'build-id')).toMatch(/^\d+$/);
    expect(output(run, 'docs-url')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/docs\/acme-docs\/en\/latest\/$/);
    expect(output(run, 'commit')).toMatch(/^[0-9a-f]{40}$/);
    // The summary, rendered: heading, aligned table with the build row, links as footnotes.
    expect(run.output).toContain('READ THE DOCS BUILD: ACME-DOCS BUILT');
    expect(run.output).toMatch(/^Project\s+Version\s+State\s+Duration\s+Build\s+Docs$/m);
    expect(run.output).toMatch(
      /^acme-docs\s+latest\s+✅ built\s+\d+s\s+#\d+ \[1\]\s+http:\/\/127\.0\.0\.1:\d+\/docs\/acme-docs\/en\/latest\/$/m,
    );
    expect(run.output).toMatch(/^ {2}\[1\] http:\/\/127\.0\.0\.1:\d+\/projects\/acme-docs\/builds\/\d+\/$/m);
    expect(run.output).toContain('The action exited 0');
    // The runner's mask lines are consumed, not shown; the fake token only appears as the secret reference.
    expect(run.output).not.toContain('::add-mask::');
    expect(run.output).not.toContain('demo-token-not-a-secret');
  });

  it('shows a failed build with the failing command and its output, and exits 0 itself', async () => {
    const [, run] = await runs;
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/Error: Build failed: acme-docs latest/);
    expect(run.output).toContain('Command failed (exit code 1): python -m sphinx');
    expect(run.output).toContain("toctree contains reference to nonexisting document 'changelog'");
    expect(output(run, 'success')).toBe('false');
    expect(run.output).toMatch(/^acme-docs\s+latest\s+❌ failed\s/m);
    // The Sphinx warnings as annotations on their files (new: yesterday's green build had none, input
    // `warnings`); the output's block shown as plain text.
    expect(run.output).toContain('Warning: New warning: acme-docs (docs/index.rst:12)');
    expect(run.output).not.toContain('::stop-commands::');
    expect(run.output).toContain('The action exited 1');
  });

  it('apply: shows the plan of seven changes, writes nothing on the dry run, exactly those seven on apply, none after', async () => {
    const [, , , run] = await runs;
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('+ redirect page /faq.html → /help/faq.html (302) at position 1');
    expect(run.output).toContain('- subproject acme-api as api');
    // The version_policy: the newest minor's latest patch on, older releases off, the candidate hidden.
    expect(run.output).toContain('version v1.1.1: active false → true (version_policy: latest patch of 1.1)');
    expect(run.output).toContain('version v1.0: active true → false (version_policy: 1.0 is older than the newest 1 minor)');
    expect(run.output).toContain('version v1.2.0rc1: hidden false → true (version_policy: pre-release: hidden)');
    expect(run.output).toMatch(/^ {2}PATCH \/api\/v3\/projects\/acme-docs\/ /m);
    expect(run.output).toContain('acme-docs: no changes');
    expect(run.output).toContain('the second apply wrote nothing');
    expect(run.output).not.toContain('demo-token-not-a-secret');
  });

  it('shows a pull-request preview: finished build, verified link, the sticky comment and the commit status, and exits 0', async () => {
    const [, , run] = await runs;
    expect(run.code, run.output).toBe(0);
    // The workflow it prints grants what preview uses by default (README, Permissions).
    const printed = run.output.slice(run.output.indexOf('  permissions:\n'), run.output.indexOf('  ...\n'));
    expect(
      printed
        .split('\n')
        .slice(1, -1)
        .map((line) => line.trim().replace(/\s+#.*$/, '')),
    ).toEqual(['contents: read', 'pull-requests: write', 'statuses: write', 'deployments: write']);
    // The head commit's build, found and followed to the end.
    expect(run.output).toContain(`Looking for the build of pull request #42 at ${DEMO_HEAD_SHA}`);
    expect(run.output).toMatch(/Build #\d+ succeeded in \d+s/);
    const buildId = output(run, 'build-id');
    expect(buildId).toMatch(/^\d+$/);
    expect(output(run, 'commit')).toBe(DEMO_HEAD_SHA);
    // The verified preview link: the output, and the demo's own fetch of it.
    const previewUrl = output(run, 'preview-url');
    expect(previewUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/docs\/acme-docs--42\/en\/42\/$/);
    expect(run.output).toContain(`${previewUrl}  answers 200`);
    // The sticky comment, rendered: heading, the row with the link, build and short SHA as footnotes, the full SHA, the changed pages.
    // A ready preview that loses a page and has a broken link is not ✅: the heading counts them.
    expect(run.output).toMatch(/^⚠️ Read the Docs preview: ready · 1 page moved or removed without a redirect · 1 broken link$/m);
    // One row, one time: the time is said once, beside the commit.
    expect(run.output).toMatch(new RegExp(`^acme-docs\\s+✅ Ready\\s+Preview \\[1\\]\\s+#${buildId} \\[2\\]$`, 'm'));
    expect(run.output).toContain(`  [1] ${previewUrl}\n`);
    expect(run.output).toContain(
      `Commit: ${DEMO_HEAD_SHA.slice(0, 7)} <https://github.com/octo/docs-repo/commit/${DEMO_HEAD_SHA}> · updated `,
    );
    // The changed pages from the service's file tree diff: preview, visual diff (issue 47) and before links (issue 33).
    expect(run.output).toContain(`• configuration.html <${previewUrl}configuration.html> (new)`);
    const before = previewUrl!.replace('/acme-docs--42/en/42/', '/acme-docs/en/latest/');
    expect(run.output).toContain(
      `• reference/options.html <${previewUrl}reference/options.html> · diff <${previewUrl}reference/options.html?readthedocs-diff=true> · before <${before}reference/options.html>`,
    );
    // The removed page is not linked, but redirect-check names it with the redirect to paste.
    expect(run.output).not.toContain('docs/legacy-options.rst <');
    expect(run.output).toContain('- {type: page, from: /legacy-options.html, to:}');
    expect(run.output).not.toContain('<!--');
    expect(run.output).toMatch(/Posted once \("building" while the build ran\), then edited in place/);
    // The link check (issue 40): the one broken anchor of the changed pages, the step still green (`warn`).
    expect(run.output).toContain('reference/options.html → configuration.html#timeouts: missing anchor');
    // The commit status on the head commit: success, pointing at the preview.
    expect(run.output).toContain(`Commit status on ${DEMO_HEAD_SHA.slice(0, 7)}`);
    expect(run.output).toContain(`✔ success  readthedocs-preview/acme-docs — Preview ready (build #${buildId})`);
    expect(run.output).toContain(`Details → ${previewUrl}\n`);
    expect(run.output).toContain('states set: pending → success');
    expect(run.output).toContain('The action exited 0');
    // Neither fake token is shown.
    expect(run.output).not.toContain('demo-token-not-a-secret');
    expect(run.output).not.toContain(GITHUB_TOKEN);
  });
});
