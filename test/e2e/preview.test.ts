// `operation: preview` as a new user meets it: the bundled action run as the runner runs it, on a
// pull_request event, against loopback stand-ins of Read the Docs and of GitHub's REST API. Only
// the main success and failure paths run here (exit code, annotations, the outputs and summary
// files); every other scenario of the operation runs in-process in test/operations/preview*.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGitHubStandin, type GitHubStandin, type StoredComment } from '../../harness/github-standin.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { HEAD, PR, previewOf as previewOfPr, pullRequestEvent, runPreview, TOKEN } from '../support/preview-e2e.ts';
import { GITHUB_TOKEN, type ActionRun } from '../../harness/run-action.ts';

const OLDER = '9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d';
const MERGE = 'f'.repeat(40); // GITHUB_SHA on pull_request events: the merge commit, never the one to report

let rtd: Standin;
let gh: GitHubStandin;

beforeEach(async () => {
  rtd = await startStandin({ tokens: [TOKEN] });
  rtd.addProject({ slug: 'demo', name: 'Demo Docs', versions: [{ slug: String(PR), type: 'external' }] });
  // Two items a page, so every list the action reads is paginated.
  gh = await startGitHubStandin({ token: GITHUB_TOKEN, maxPerPage: 2 });
  gh.addPullRequest({
    number: PR,
    headSha: HEAD,
    body: 'Fixes the install guide.',
    files: [
      { filename: 'docs/install.rst' },
      { filename: 'docs/guide/setup.md', status: 'added' },
      { filename: 'docs/removed.rst', status: 'removed' },
      { filename: 'src/package/module.py' },
    ],
  });
  gh.setFile(HEAD, '.readthedocs.yaml', 'version: 2\nsphinx:\n  configuration: docs/conf.py\n');
});
afterEach(async () => {
  await Promise.all([rtd.close(), gh.close()]);
});

const previewOf = (language = 'en') => previewOfPr(rtd, language);

function preview(extra: Record<string, string> = {}, headRepo?: string): Promise<ActionRun> {
  return runPreview({ rtd, gh }, pullRequestEvent({ headRepo }), extra);
}

/** The newest status of each context on a commit, as GitHub shows them. */
function latestStatuses(sha: string): Map<string, { state: string; target_url: string | null; description: string | null }> {
  const latest = new Map<string, { state: string; target_url: string | null; description: string | null }>();
  for (const status of gh.statuses(sha)) latest.set(status.context, status);
  return latest;
}

const tableRows = (body: string) =>
  body
    .split('\n')
    .filter((line) => line.startsWith('| '))
    .slice(2);
const postedBodies = (method: 'POST' | 'PATCH') =>
  gh.requests
    .filter((r) => r.method === method && /\/issues\/(\d+\/)?comments/.test(r.path))
    .map((r) => (JSON.parse(r.body) as { body: string }).body);

function onlyComment(): StoredComment {
  const comments = gh.comments(PR);
  expect(comments).toHaveLength(1);
  return comments[0]!;
}

const LAST_LINE = 'build finished with problems, 1 warning (with warnings treated as errors) ``` and a fence in the output.';
const FAILING_OUTPUT = [
  'Running Sphinx v8.1.3',
  ...Array.from({ length: 30 }, (_, i) => `reading sources... [${Math.round(((i + 1) * 100) / 30)}%] page${i}`),
  '/home/docs/checkouts/readthedocs.org/user_builds/demo/checkouts/7/docs/install.rst:3: WARNING: undefined label: setup-guide',
  LAST_LINE,
].join('\n');

function seedBuilds(headPlan: { outcome: 'success' | 'failure' | 'cancelled'; durationMs?: number } = { outcome: 'success' }): number {
  // An older commit's build, finished long ago: it must never be reported for this head.
  rtd.addBuild('demo', String(PR), { durationMs: 1000, outcome: 'success', commit: OLDER, commitFromStart: true, startedAgoMs: 600_000 });
  return rtd.addBuild('demo', String(PR), {
    durationMs: headPlan.durationMs ?? 1200,
    outcome: headPlan.outcome,
    commit: HEAD,
    commitFromStart: true,
    ...(headPlan.outcome === 'failure'
      ? { failingCommand: { command: 'python -m sphinx -W -b html docs $READTHEDOCS_OUTPUT/html', output: FAILING_OUTPUT, exit_code: 1 } }
      : {}),
  });
}

describe('operation preview', () => {
  it('reports the head commit’s build: green step, one comment with the verified link, success status, summary', async () => {
    const headBuild = seedBuilds();
    const run = await preview();

    expect(run.code, run.stdout).toBe(0);
    const url = previewOf();
    // Outputs and summary.
    expect(run.outputs['preview-url']).toBe(url);
    expect(run.outputs['build-id']).toBe(String(headBuild));
    expect(run.outputs.commit).toBe(HEAD);
    expect(run.outputs.version).toBe(String(PR));
    const results = JSON.parse(run.outputs.results!) as Record<string, unknown>[];
    expect(results).toEqual([
      expect.objectContaining({
        project: 'demo',
        outcome: 'success',
        previewUrl: url,
        buildId: headBuild,
        commit: HEAD,
        previewStatus: 'ready',
        pages: [
          { file: 'docs/guide/setup.md', url: `${url}guide/setup.html` },
          { file: 'docs/install.rst', url: `${url}install.html` },
        ],
      }),
    ]);
    expect(run.summary).toContain(`](${url})`);
    expect(run.summary).toContain(HEAD);
    expect(run.summary).toContain(`${url}install.html`);

    // One comment: posted as building while waiting, then edited to ready.
    const comment = onlyComment();
    const [row] = tableRows(comment.body);
    expect(row).toContain('✅ Ready');
    expect(row).toContain(`[Preview](${url})`);
    expect(row).toContain(`/builds/${headBuild}/`);
    expect(row).not.toContain(HEAD.slice(0, 7)); // the commit is shown once, below the table
    expect(comment.body).toContain(`Commit: [\`${HEAD}\`](https://github.com/octo/docs-repo/commit/${HEAD})`);
    expect(comment.body).toContain(`(${url}install.html)`);
    // The removed file is not linked as a changed page; redirect-check (default `warn`) names its page.
    expect(comment.body).not.toContain(`${url}removed.html`);
    expect(comment.body).toContain('- {type: page, from: /removed.html, to:}');
    expect(comment.body).not.toContain(OLDER);
    expect(postedBodies('POST')).toHaveLength(1);
    expect(postedBodies('POST')[0]).toContain('⏳');
    expect(run.summary).toContain(`[the preview comment](https://github.com/octo/docs-repo/pull/${PR}#issuecomment-${comment.id})`);

    // The status on the head commit, never on the merge commit or the older one.
    const statuses = latestStatuses(HEAD);
    expect([...statuses.keys()]).toEqual(['readthedocs-preview/demo']);
    expect(statuses.get('readthedocs-preview/demo')).toMatchObject({ state: 'success', target_url: url });
    expect(gh.statuses(HEAD).map((status) => status.state)).toEqual(['pending', 'success']);
    expect(gh.statuses(MERGE)).toEqual([]);
    expect(gh.statuses(OLDER)).toEqual([]);

    // Looked up by the head SHA from the payload; the preview fetched without the service token.
    const lookups = rtd.requests.filter((r) => r.query.commit);
    expect(lookups.length).toBeGreaterThan(0);
    expect(lookups.every((r) => r.query.commit === HEAD)).toBe(true);
    const pageFetches = rtd.requests.filter((r) => r.path.startsWith('/docs/'));
    expect(pageFetches.length).toBeGreaterThanOrEqual(3);
    expect(pageFetches.every((r) => r.headers.authorization === undefined)).toBe(true);
    expect(gh.requests.every((r) => r.headers.authorization === `token ${GITHUB_TOKEN}`)).toBe(true);
    // The comments were read page by page (two a page) and the files likewise.
    expect(gh.count('GET', '/pulls/7/files')).toBe(2);
    expect(rtd.count('POST', /.*/)).toBe(0);
  });

  it('a failed build: the comment and the status say failed, with the reason and build link; the step fails', async () => {
    const headBuild = seedBuilds({ outcome: 'failure' });
    const run = await preview();

    expect(run.code).toBe(1);
    expect(run.outputs['preview-url']).toBe('');
    const comment = onlyComment();
    const [row] = tableRows(comment.body);
    expect(row).toContain('❌ Failed');
    expect(row).not.toContain('[Preview]');
    expect(comment.body).toContain('### ❌ Read the Docs preview: failed');
    // One line for the reason, the output's tail in a collapsed code block: trimmed from the top,
    // its last line whole, in a fence the output's own backticks cannot close.
    const bullets = comment.body.split('\n').filter((line) => line.startsWith('- ❌'));
    expect(bullets).toHaveLength(1);
    expect(bullets[0]).toContain('**demo**: Build failed\\: The command'); // the service's notification
    expect(bullets[0]).toContain('exited with code 1');
    expect(bullets[0]).toContain(`[build log](${rtd.url}/projects/demo/builds/${headBuild}/)`);
    const details = comment.body.slice(comment.body.indexOf('<details><summary>Last lines of the output</summary>\n\n````text\n'));
    expect(details.length).toBeLessThan(comment.body.length);
    expect(details).toContain(`undefined label: setup-guide\n${LAST_LINE}\n\`\`\`\`\n\n</details>`);
    expect(details).not.toContain('Running Sphinx');
    expect(comment.body).not.toContain('<br>');
    // The commit once, below the table; no "UTC" in the rows.
    expect(comment.body.split(HEAD)).toHaveLength(3); // `Commit: [`sha`](…/commit/sha)`
    expect(row).not.toContain(HEAD.slice(0, 7));
    expect(row).not.toContain('UTC');
    // The Sphinx warning lands on the repository's file.
    expect(run.annotations).toContainEqual(
      expect.objectContaining({ level: 'warning', file: 'docs/install.rst', line: 3, message: 'undefined label: setup-guide' }),
    );
    expect(latestStatuses(HEAD).get('readthedocs-preview/demo')).toMatchObject({
      state: 'failure',
      description: `Build #${headBuild} failed`,
      target_url: `${rtd.url}/projects/demo/builds/${headBuild}/`,
    });
    const error = run.annotations.find((a) => a.level === 'error')!;
    expect(error.title).toBe(`Build failed: demo ${PR}`);
  });
});
