// `operation: preview` as a new user meets it: the bundled action run as the runner runs it, on a
// pull_request event, against loopback stand-ins of Read the Docs and of GitHub's REST API.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commentMarker } from '../../src/github/comment-rows.js';
import { replaceMarkedBlock } from '../../src/github/pr-description.js';
import { renderComment } from '../../src/github/render-comment.js';
import { startGitHubStandin, type GitHubStandin, type StoredComment } from '../support/github-standin.ts';
import { startStandin, type Standin } from '../support/rtd-standin.ts';
import { GITHUB_TOKEN, runAction, type ActionRun } from '../support/run-action.ts';

const TOKEN = 'rtd_secret_token_abcdef123456';
const PR = 7;
const HEAD = '3f2a9c1d5e7b4a6c8d0e2f4a6b8c0d2e4f6a8b0c';
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

/** The preview host is reached through the template: the stand-in serves PR versions under /docs/. */
const previewOf = (language = 'en') => `${rtd.url}/docs/demo--${PR}/${language}/${PR}/`;

function inputs(extra: Record<string, string> = {}): Record<string, string> {
  return {
    operation: 'preview',
    project: 'demo',
    token: TOKEN,
    'base-url': rtd.url,
    'poll-interval': '200ms',
    'rate-limit': '600/1m',
    timeout: '20s',
    'preview-url-template': `${rtd.url}/docs/demo--{version}/{language}/{version}/`,
    ...extra,
  };
}

function pullRequestEvent(headRepo = 'octo/docs-repo') {
  return {
    name: 'pull_request',
    payload: {
      action: 'synchronize',
      number: PR,
      pull_request: { number: PR, head: { sha: HEAD, repo: { full_name: headRepo } }, base: { repo: { full_name: 'octo/docs-repo' } } },
    },
  };
}

function preview(extra: Record<string, string> = {}, headRepo?: string): Promise<ActionRun> {
  return runAction({ inputs: inputs(extra), event: pullRequestEvent(headRepo), env: { GITHUB_API_URL: gh.url } });
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
    expect(comment.body).not.toContain('removed.rst');
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

  it('a re-run edits the same comment, and another comment-header keeps its own', async () => {
    for (let i = 0; i < 5; i += 1) gh.addComment(PR, `Looks good ${i}`, { login: 'reviewer', type: 'User' });
    seedBuilds();
    expect((await preview()).code).toBe(0);
    const first = gh.comments(PR).filter((comment) => comment.body.startsWith(commentMarker('')));
    expect(first).toHaveLength(1);

    const rerun = await preview();
    expect(rerun.code, rerun.stdout).toBe(0);
    const after = gh.comments(PR).filter((comment) => comment.body.startsWith(commentMarker('')));
    expect(after.map((comment) => comment.id)).toEqual([first[0]!.id]);
    expect(gh.comments(PR)).toHaveLength(6);
    expect(tableRows(after[0]!.body)).toHaveLength(1);
    // The marked comment sits on page 3 of 2-item pages: found all the same.
    expect(gh.count('GET', '/issues/7/comments')).toBeGreaterThanOrEqual(6);

    const other = await preview({ 'comment-header': 'api reference' });
    expect(other.code).toBe(0);
    expect(gh.comments(PR)).toHaveLength(7);
    expect(gh.comments(PR).find((comment) => comment.id === first[0]!.id)!.body).toBe(after[0]!.body);
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

  it('a project and its Japanese translation share one comment, one row each', async () => {
    rtd.addProject({
      slug: 'demo-ja',
      name: 'Demo JA',
      language: 'ja',
      translationOf: 'demo',
      versions: [{ slug: String(PR), type: 'external' }],
    });
    seedBuilds();
    rtd.addBuild('demo-ja', String(PR), { durationMs: 800, outcome: 'success', commit: HEAD, commitFromStart: true });
    const run = await preview({ translations: 'true' });

    expect(run.code, run.stdout).toBe(0);
    const rows = tableRows(onlyComment().body);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^\| demo \| ✅ Ready \| \[Preview\]\(.*\/docs\/demo--7\/en\/7\/\)/);
    expect(rows[1]).toMatch(/^\| demo\\-ja \| ✅ Ready \| \[Preview\]\(.*\/docs\/demo--7\/ja\/7\/\)/);
    expect(onlyComment().body).toContain('### ✅ Read the Docs previews: all 2 ready');
    const statuses = latestStatuses(HEAD);
    expect(statuses.get('readthedocs-preview/demo')).toMatchObject({ state: 'success', target_url: previewOf('en') });
    expect(statuses.get('readthedocs-preview/demo-ja')).toMatchObject({ state: 'success', target_url: previewOf('ja') });
    expect(run.outputs['preview-url']).toBe(previewOf('en'));
    const results = JSON.parse(run.outputs.results!) as { project: string; previewUrl: string }[];
    expect(results.map((r) => [r.project, r.previewUrl])).toEqual([
      ['demo', previewOf('en')],
      ['demo-ja', previewOf('ja')],
    ]);
  });

  it('a fork PR whose token may not comment or set statuses: a warning, and green when the build is fine', async () => {
    gh.refuse('POST', /\/issues\/\d+\/comments$/);
    gh.refuse('POST', /\/statuses\//);
    seedBuilds();
    const run = await preview({}, 'contributor/docs-repo-fork');

    expect(run.code, run.stdout).toBe(0);
    expect(gh.comments(PR)).toEqual([]);
    expect(gh.statuses(HEAD)).toEqual([]);
    const warnings = run.annotations.filter((a) => a.level === 'warning');
    expect(warnings.map((w) => w.title)).toEqual(['GitHub refused the report', 'GitHub refused the report']);
    expect(warnings[0]!.message).toContain('403');
    expect(run.annotations.filter((a) => a.level === 'error')).toEqual([]);
    expect(run.outputs['preview-url']).toBe(previewOf());
    expect(run.summary).toContain(`](${previewOf()})`);
    expect(run.summary).toContain('403');
    // Refused once each: no retry storm.
    expect(gh.count('POST', /\/issues\/\d+\/comments$/)).toBe(1);
    expect(gh.count('POST', /\/statuses\//)).toBe(1);
  });

  it('comment: description writes one marked block into the PR description, and keeps the author’s text', async () => {
    seedBuilds();
    expect((await preview({ comment: 'description' })).code).toBe(0);
    expect((await preview({ comment: 'description' })).code).toBe(0);

    const body = gh.pullRequestBody(PR);
    expect(body.startsWith('Fixes the install guide.\n\n')).toBe(true);
    expect(body.split(':start -->').length - 1).toBe(1);
    expect(body).toContain(`[Preview](${previewOf()})`);
    expect(gh.comments(PR)).toEqual([]);
  });

  it('a preview that does not answer is not reported as ready', async () => {
    rtd.fault({ kind: 'status', status: 404, path: `/docs/demo--${PR}/`, times: 1000 });
    seedBuilds();
    const run = await preview();

    expect(run.code).toBe(1);
    expect(run.outputs['preview-url']).toBe('');
    const comment = onlyComment();
    expect(comment.body).not.toContain('[Preview]');
    expect(comment.body).not.toContain('✅');
    expect(comment.body).toContain('not reported as ready');
    expect(latestStatuses(HEAD).get('readthedocs-preview/demo')?.state).toBe('error');
    const error = run.annotations.find((a) => a.level === 'error')!;
    expect(error.title).toBe(`Preview not answering: demo ${PR}`);
    expect(error.message).toContain('answered 404');
    // It looked more than once before giving up: the page may lag behind the build.
    expect(rtd.count('GET', `/docs/demo--${PR}/en/${PR}/`)).toBeGreaterThan(1);
  });

  it('follows a rebuild of the head commit that cancelled its build: green with the newer build', async () => {
    const original = seedBuilds({ outcome: 'success', durationMs: 4000 });
    // Someone presses "Rebuild": an API-triggered build of the same commit, its commit null until cloned.
    rtd.onTrigger('demo', String(PR), { durationMs: 1200, outcome: 'success', commit: HEAD });
    let rebuild: Promise<Response> | undefined;
    const run = await runAction({
      inputs: inputs(),
      event: pullRequestEvent(),
      env: { GITHUB_API_URL: gh.url },
      onLine: (line) => {
        if (rebuild || !line.includes(`build #${original}: `)) return;
        rebuild = fetch(`${rtd.url}/api/v3/projects/demo/versions/${PR}/builds/`, {
          method: 'POST',
          headers: { Authorization: `Token ${TOKEN}` },
        });
      },
    });
    expect(rebuild, run.stdout).toBeDefined();
    const newer = ((await (await rebuild!).json()) as { build: { id: number } }).build.id;

    expect(run.code, run.stdout).toBe(0);
    expect(rtd.builds('demo').find((b) => b.id === original)!.state).toBe('cancelled');
    expect(run.stdout).toContain(`Build #${original} was cancelled: superseded by build #${newer}`);
    expect(run.outputs['build-id']).toBe(String(newer));
    expect(run.outputs.commit).toBe(HEAD);
    expect(run.outputs['preview-url']).toBe(previewOf());
    const [row] = tableRows(onlyComment().body);
    expect(row).toContain('✅ Ready');
    expect(row).toContain(`/builds/${newer}/`);
    expect(latestStatuses(HEAD).get('readthedocs-preview/demo')).toMatchObject({ state: 'success' });
  });

  it('with trigger: true, triggers the PR version when no build of the head commit appears', async () => {
    rtd.addBuild('demo', String(PR), { durationMs: 500, outcome: 'success', commit: OLDER, commitFromStart: true, startedAgoMs: 600_000 });
    rtd.onTrigger('demo', String(PR), { durationMs: 800, outcome: 'success', commit: HEAD });
    const run = await preview({ trigger: 'true' });

    expect(run.code, run.stdout).toBe(0);
    expect(rtd.count('POST', `/versions/${PR}/builds/`)).toBe(1);
    const triggered = rtd.builds('demo').at(-1)!;
    expect(run.outputs['build-id']).toBe(String(triggered.id));
    expect(run.outputs['preview-url']).toBe(previewOf());
    expect(run.stdout).toContain('triggering the pull request version');
  });

  it('merges and removes a duplicate comment left by two jobs racing, leaving people’s comments alone', async () => {
    const stamp = new Date('2026-11-02T10:00:00Z');
    const otherRow = {
      project: 'other-docs',
      status: 'ready' as const,
      previewUrl: 'https://other-docs--7.org.readthedocs.build/en/7/',
      commit: HEAD,
      updatedAt: stamp,
    };
    const kept = gh.addComment(PR, renderComment({ header: '', rows: [] }));
    gh.addComment(PR, renderComment({ header: '', rows: [otherRow] }));
    const quoted = gh.addComment(PR, `${commentMarker('')} quoting the bot`, { login: 'reviewer', type: 'User' });
    seedBuilds();
    const run = await preview();

    expect(run.code, run.stdout).toBe(0);
    expect(gh.comments(PR).map((comment) => comment.id)).toEqual([kept, quoted]);
    const rows = tableRows(gh.comments(PR)[0]!.body);
    expect(rows.map((row) => row.split(' | ')[0])).toEqual(['| other\\-docs', '| demo']);
  });

  it('never takes over a comment, or rows, planted by someone without write access', async () => {
    const stamp = new Date('2026-11-02T10:00:00Z');
    const planted = {
      project: 'evil-docs',
      status: 'ready' as const,
      previewUrl: 'https://evil.example/phish',
      commit: HEAD,
      updatedAt: stamp,
    };
    const body = renderComment({ header: '', rows: [planted] });
    const forkComment = gh.addComment(PR, body, { login: 'fork-author', type: 'User' }, 'CONTRIBUTOR');
    seedBuilds();
    const run = await preview();

    expect(run.code, run.stdout).toBe(0);
    const comments = gh.comments(PR);
    expect(comments).toHaveLength(2);
    expect(comments[0]).toMatchObject({ id: forkComment, body }); // left as it was
    expect(comments[1]!.user.type).toBe('Bot');
    expect(comments[1]!.body).toContain('demo');
    expect(comments[1]!.body).not.toContain('evil');
  });

  it('adopts only the token’s own comment: a member’s (or another bot’s) copy with a forged row is neither edited nor merged', async () => {
    const stamp = new Date('2026-11-02T10:00:00Z');
    const forged = { project: 'demo', status: 'ready' as const, previewUrl: 'https://phish.example/login', commit: HEAD, updatedAt: stamp };
    const extra = {
      project: 'evil-docs',
      status: 'ready' as const,
      previewUrl: 'https://phish.example/other',
      commit: HEAD,
      updatedAt: stamp,
    };
    const body = renderComment({ header: '', rows: [forged, extra] });
    const memberCopy = gh.addComment(PR, body, { login: 'org-member', type: 'User' }, 'MEMBER');
    const botCopy = gh.addComment(PR, body, { login: 'other-app[bot]', type: 'Bot' }, 'NONE');
    seedBuilds();
    const run = await preview();

    expect(run.code, run.stdout).toBe(0);
    const comments = gh.comments(PR);
    expect(comments.map((comment) => comment.id).slice(0, 2)).toEqual([memberCopy, botCopy]);
    expect(comments[0]!.body).toBe(body);
    expect(comments[1]!.body).toBe(body);
    expect(gh.count('PATCH', new RegExp(`/comments/(${memberCopy}|${botCopy})$`))).toBe(0);
    expect(gh.count('DELETE', /\/comments\//)).toBe(0);
    expect(comments).toHaveLength(3);
    expect(comments[2]!.user.login).toBe('github-actions[bot]');
    expect(comments[2]!.body).not.toContain('phish');
    expect(comments[2]!.body).toContain(previewOf());
  });

  it('comment: description keeps no rows of an author who may not write, whatever GitHub’s association says', async () => {
    const stamp = new Date('2026-11-02T10:00:00Z');
    const planted = {
      project: 'evil-docs',
      status: 'ready' as const,
      previewUrl: 'https://evil.example/phish',
      commit: HEAD,
      updatedAt: stamp,
    };
    gh.addPullRequest({
      number: PR,
      headSha: HEAD,
      body: replaceMarkedBlock('Hi', '', renderComment({ header: '', rows: [planted] })),
      authorAssociation: 'MEMBER',
      author: 'read-only-member',
      authorPermission: 'read',
    });
    seedBuilds();
    const run = await preview({ comment: 'description' });

    expect(run.code, run.stdout).toBe(0);
    expect(gh.count('GET', /\/collaborators\/read-only-member\/permission$/)).toBe(1);
    const description = gh.pullRequestBody(PR);
    expect(description).toContain(`[Preview](${previewOf()})`);
    expect(description).not.toContain('evil');
  });

  it('comment: description ignores rows in a description written by someone without write access', async () => {
    const stamp = new Date('2026-11-02T10:00:00Z');
    const planted = {
      project: 'evil-docs',
      status: 'ready' as const,
      previewUrl: 'https://evil.example/phish',
      commit: HEAD,
      updatedAt: stamp,
    };
    gh.addPullRequest({
      number: PR,
      headSha: HEAD,
      body: replaceMarkedBlock('Hi', '', renderComment({ header: '', rows: [planted] })),
      authorAssociation: 'FIRST_TIME_CONTRIBUTOR',
    });
    seedBuilds();
    const run = await preview({ comment: 'description' });

    expect(run.code, run.stdout).toBe(0);
    const description = gh.pullRequestBody(PR);
    expect(description.startsWith('Hi')).toBe(true);
    expect(description.split(':start -->').length - 1).toBe(1); // the planted block was replaced
    expect(description).toContain(`[Preview](${previewOf()})`);
    expect(description).not.toContain('evil');
  });

  it('refuses to run on other events, before any request', async () => {
    const run = await runAction({ inputs: inputs(), event: { name: 'push', payload: {} }, env: { GITHUB_API_URL: gh.url } });

    expect(run.code).toBe(1);
    expect(rtd.requests).toEqual([]);
    expect(gh.requests).toEqual([]);
    const error = run.annotations.find((a) => a.level === 'error')!;
    expect(error.message).toMatch(/`preview` runs on `pull_request` or `pull_request_target` events; this run's event is `push`/);
  });

  it('refuses a preview-url-template with an unknown placeholder, before any request', async () => {
    const run = await preview({ 'preview-url-template': 'https://docs.example.com/{branch}/' });

    expect(run.code).toBe(1);
    expect(rtd.requests).toEqual([]);
    expect(gh.requests).toEqual([]);
    const error = run.annotations.find((a) => a.level === 'error')!;
    expect(error.title).toBe('Invalid input');
    expect(error.message).toContain('preview-url-template');
    expect(error.message).toContain('{branch}');
  });
});
