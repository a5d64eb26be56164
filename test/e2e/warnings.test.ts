// Input `warnings` (issue 48) through dist/, as the runner runs the action: a pull request's green
// build with three warnings, two of which the base branch's build has (one of them two lines
// lower), under `fail` and `warn`; and `build` on a push whose build adds a warning to the
// version's previous build. The annotations the runner acts on, the exit code, the PR comment and
// the outputs; every other case of the check runs in-process (test/operations/warnings.test.ts).
import { describe, expect, it } from 'vitest';
import { startGitHubStandin, type GitHubStandin } from '../../harness/github-standin.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { GITHUB_TOKEN, runAction } from '../../harness/run-action.ts';
import { HEAD, PR, pullRequestEvent, runPreview, TOKEN } from '../support/preview-e2e.ts';
import { runnerCommands } from '../support/runner-commands.ts';

const HOUR = 3_600_000;
const checkout = (version: string) => `/home/docs/checkouts/readthedocs.org/user_builds/demo/checkouts/${version}`;
/** A green Sphinx build's output: its warnings at their places in the checkout of `version`. */
const sphinx = (version: string, lines: string[]) => ({
  builderCommand: {
    output: [
      'Running Sphinx v8.1.3',
      ...lines.map((line) => `${checkout(version)}/${line}`),
      `build succeeded, ${lines.length} warnings.`,
    ].join('\n'),
  },
});
const BASE = ['docs/guide.rst:40: WARNING: duplicate label: intro', 'docs/index.rst:5: WARNING: undefined label: setup'];
const HEAD_WARNINGS = [
  'docs/guide.rst:22: WARNING: undefined label: install-guide',
  'docs/guide.rst:42: WARNING: duplicate label: intro',
  'docs/index.rst:5: WARNING: undefined label: setup',
];

/** The annotations the runner acts on (`::error`/`::warning` lines), as [level, file, line, message]. */
const acted = (stdout: string) =>
  runnerCommands(stdout)
    .filter((c) => c.command === 'error' || c.command === 'warning')
    .map((c) => [c.command, c.properties.file ?? '', c.properties.line ?? '', c.data]);

async function withStands(test: (stands: { rtd: Standin; gh: GitHubStandin }) => Promise<void>): Promise<void> {
  const rtd = await startStandin({ tokens: [TOKEN] });
  rtd.addProject({ slug: 'demo', name: 'Demo Docs', versions: [{ slug: String(PR), type: 'external' }] });
  // The base branch's (main, which `latest` builds) last green build, then the pull request's.
  rtd.addBuild('demo', 'latest', { durationMs: 1000, outcome: 'success', startedAgoMs: HOUR, ...sphinx('latest', BASE) });
  rtd.addBuild('demo', String(PR), {
    durationMs: 500,
    outcome: 'success',
    commit: HEAD,
    commitFromStart: true,
    ...sphinx(String(PR), HEAD_WARNINGS),
  });
  const gh = await startGitHubStandin({ token: GITHUB_TOKEN });
  gh.addPullRequest({ number: PR, headSha: HEAD });
  try {
    await test({ rtd, gh });
  } finally {
    await Promise.all([rtd.close(), gh.close()]);
  }
}

describe.concurrent('input warnings, through dist/', () => {
  it('preview, `warnings: fail`: red, one error on docs/guide.rst line 22 naming the new warning, none for the old two; the comment names it', () =>
    withStands(async ({ rtd, gh }) => {
      const run = await runPreview({ rtd, gh }, pullRequestEvent(), { warnings: 'fail' });

      expect(run.code, run.stdout).toBe(1);
      const onFiles = acted(run.stdout).filter(([, file]) => file !== '');
      expect(onFiles).toEqual([['error', 'docs/guide.rst', '22', 'undefined label: install-guide']]);
      // The project's own failure (no file) names the new warning alone.
      const failure = acted(run.stdout).find(([level, file]) => level === 'error' && file === '')!;
      expect(failure[3]).toContain('docs/guide.rst:22: new warning: undefined label: install-guide');
      expect(failure[3]).not.toContain('duplicate label');
      const [comment] = gh.comments(PR);
      expect(comment!.body).toContain('#### New warnings (demo)');
      expect(comment!.body).toContain(
        `](https://github.com/octo/docs-repo/blob/${HEAD}/docs/guide.rst#L22): new warning: undefined label\\: install\\-guide`,
      );
      expect(comment!.body).not.toContain('duplicate label');
      expect(gh.statuses(HEAD).at(-1)).toMatchObject({ state: 'failure', description: '1 new warning (build #2; the preview is ready)' });
      // One verdict (issue 47): ❌ and the gate's words, not ⚠️ over a ✅ Ready row.
      expect(comment!.body).toContain('### ❌ Read the Docs preview: 1 new warning\n');
      expect(comment!.body).not.toContain('✅ Ready');
      const [result] = JSON.parse(run.outputs.results!) as { warnings: { total: number; fixed: number; new: unknown[] } }[];
      expect(result!.warnings).toMatchObject({ total: 3, fixed: 0, new: [expect.objectContaining({ file: 'docs/guide.rst', line: 22 })] });
    }));

  it('preview, `warnings: warn`: green, the new warning a warning annotation, the comment still names it', () =>
    withStands(async ({ rtd, gh }) => {
      const run = await runPreview({ rtd, gh }, pullRequestEvent(), { warnings: 'warn' });

      expect(run.code, run.stdout).toBe(0);
      expect(acted(run.stdout).filter(([, file]) => file !== '')).toEqual([
        ['warning', 'docs/guide.rst', '22', 'undefined label: install-guide'],
      ]);
      expect(acted(run.stdout).filter(([level]) => level === 'error')).toEqual([]);
      expect(gh.comments(PR)[0]!.body).toContain('#### New warnings (demo)');
      expect(gh.statuses(HEAD).at(-1)!.state).toBe('success');
    }));

  it('build on a push, `warnings: fail`: the build that adds a warning to the version’s previous build fails, naming only the new one', async () => {
    const rtd = await startStandin({ tokens: [TOKEN] });
    try {
      rtd.addProject({ slug: 'demo', name: 'Demo Docs' });
      rtd.addBuild('demo', 'latest', { durationMs: 1000, outcome: 'success', startedAgoMs: HOUR, ...sphinx('latest', BASE) });
      rtd.onTrigger('demo', 'latest', { durationMs: 500, outcome: 'success', commit: 'e'.repeat(40), ...sphinx('latest', HEAD_WARNINGS) });
      const run = await runAction({
        inputs: { token: TOKEN, 'base-url': rtd.url, project: 'demo', 'poll-interval': '200ms', 'rate-limit': '600/1m', warnings: 'fail' },
        event: { name: 'push', payload: { ref: 'refs/heads/main' } },
      });

      expect(run.code, run.stdout).toBe(1);
      expect(acted(run.stdout)).toEqual([
        ['error', 'docs/guide.rst', '22', 'undefined label: install-guide'],
        ['error', '', '', expect.stringContaining('docs/guide.rst:22: new warning: undefined label: install-guide')],
      ]);
      expect(run.annotations.find((a) => a.file === undefined)!.title).toBe('New warnings: demo latest');
      expect(run.stdout).not.toMatch(/new warning: duplicate label|new warning: undefined label: setup/);
      expect(run.summary).toContain('demo failed \\(3 warnings, 1 new, 0 fixed\\)');
    } finally {
      await rtd.close();
    }
  });
});
