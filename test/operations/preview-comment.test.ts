// `preview` in-process on a fake clock, against the loopback stand-ins of Read the Docs and of
// GitHub's REST API: where the report goes on GitHub (the sticky comment, re-runs, the PR
// description, a fork's read-only token) and which comments and rows are the token's own to edit.
// Asserted on the stand-ins' states and the requests they received, never on time.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commentMarker } from '../../src/operations/preview/comment-rows.js';
import { replaceMarkedBlock } from '../../src/operations/preview/pr-description.js';
import { renderComment } from '../../src/operations/preview/render-comment.js';
import { captureStdout } from './context.ts';
import {
  HEAD,
  latestStatuses,
  OLDER,
  onlyComment,
  PR,
  type PreviewStage,
  previewOf,
  previewStage,
  pullRequestRun,
  runPreview,
  summaryOf,
  tableRows,
} from './preview-context.ts';

const stdout = captureStdout();
let stage: PreviewStage;

beforeEach(async () => {
  stage = await previewStage({ pullRequest: false });
  stage.gh.addPullRequest({
    number: PR,
    headSha: HEAD,
    body: 'Fixes the install guide.',
  });
});
afterEach(async () => {
  await stage.close();
});

/** An older commit's build finished long ago (never to be reported), and the head's build: a success. */
function seedBuilds(): void {
  stage.rtd.addBuild('demo', String(PR), {
    durationMs: 1000,
    outcome: 'success',
    commit: OLDER,
    commitFromStart: true,
    startedAgoMs: 600_000,
  });
  stage.rtd.addBuild('demo', String(PR), { durationMs: 40_000, outcome: 'success', commit: HEAD, commitFromStart: true });
}

const warnings = () => stdout.annotations().filter((a) => a.level === 'warning');
const errors = () => stdout.annotations().filter((a) => a.level === 'error');

describe('preview reports on the pull request, in-process', () => {
  it('a re-run edits the same comment (found on page 3), and another comment-header keeps its own', async () => {
    const { gh } = stage;
    for (let i = 0; i < 5; i += 1) gh.addComment(PR, `Looks good ${i}`, { login: 'reviewer', type: 'User' });
    seedBuilds();
    await runPreview(stage);
    const ours = () => gh.comments(PR).filter((comment) => comment.body.startsWith(commentMarker('')));
    const [first] = ours();
    expect(ours()).toHaveLength(1);

    const before = gh.requests.length;
    const rerun = await runPreview(stage);
    expect(rerun.results[0]!.outcome).toBe('success');
    expect(ours().map((comment) => comment.id)).toEqual([first!.id]);
    expect(gh.comments(PR)).toHaveLength(6);
    expect(tableRows(ours()[0]!.body)).toHaveLength(1);
    // The re-run posted nothing: it read the three pages of 2 and edited the comment it found.
    const rerunRequests = gh.requests.slice(before);
    expect(rerunRequests.filter((r) => r.method === 'POST' && r.path.endsWith('/comments'))).toEqual([]);
    expect(rerunRequests.filter((r) => r.method === 'GET' && r.path.endsWith('/issues/7/comments')).length).toBeGreaterThanOrEqual(3);
    expect(rerunRequests.filter((r) => r.method === 'PATCH').every((r) => r.path.endsWith(`/issues/comments/${first!.id}`))).toBe(true);
    const edited = ours()[0]!.body;

    await runPreview(stage, { 'comment-header': 'api reference' });
    expect(gh.comments(PR)).toHaveLength(7);
    expect(gh.comments(PR).find((comment) => comment.id === first!.id)!.body).toBe(edited);
    expect(gh.comments(PR).at(-1)!.body.startsWith(commentMarker('api reference'))).toBe(true);
  });

  it('a fork PR whose token may not comment or set statuses: one warning each, refused once, and green when the build is fine', async () => {
    const { rtd, gh } = stage;
    gh.refuse('POST', /\/issues\/\d+\/comments$/);
    gh.refuse('POST', /\/statuses\//);
    seedBuilds();
    const report = await runPreview(stage, {}, pullRequestRun(gh, { headRepo: 'contributor/docs-repo-fork' }));

    expect(report.results[0]).toMatchObject({ outcome: 'success', previewUrl: previewOf(rtd) });
    expect(gh.comments(PR)).toEqual([]);
    expect(gh.statuses(HEAD)).toEqual([]);
    expect(warnings().map((w) => w.title)).toEqual(['GitHub refused the report', 'GitHub refused the report']);
    expect(warnings()[0]!.message).toContain('403');
    expect(errors()).toEqual([]);
    const summary = summaryOf(report);
    expect(summary).toContain(`](${previewOf(rtd)})`);
    expect(summary).toContain('> ⚠️');
    expect(summary).toContain('403');
    // Refused once each: no retry storm.
    expect(gh.count('POST', /\/issues\/\d+\/comments$/)).toBe(1);
    expect(gh.count('POST', /\/statuses\//)).toBe(1);
  });

  it('comment: description writes one marked block into the PR description, twice over, and keeps the author’s text', async () => {
    const { rtd, gh } = stage;
    seedBuilds();
    await runPreview(stage, { comment: 'description' });
    await runPreview(stage, { comment: 'description' });

    const body = gh.pullRequestBody(PR);
    expect(body.startsWith('Fixes the install guide.\n\n')).toBe(true);
    expect(body.split(':start -->').length - 1).toBe(1);
    expect(body).toContain(`[Preview](${previewOf(rtd)})`);
    expect(gh.comments(PR)).toEqual([]);
    expect(gh.count('GET', /\/issues\/\d+\/comments/)).toBe(0);
  });

  it('comment: none posts nothing, and the status is still set', async () => {
    const { gh } = stage;
    seedBuilds();
    const report = await runPreview(stage, { comment: 'none' });

    expect(report.results[0]!.outcome).toBe('success');
    expect(gh.comments(PR)).toEqual([]);
    expect(gh.pullRequestBody(PR)).toBe('Fixes the install guide.');
    expect(latestStatuses(gh, HEAD).get('readthedocs-preview/demo')?.state).toBe('success');
  });

  it('a failure whose reason is a very long command keeps the reason’s end ("exited with code 2") and cuts the command between words', async () => {
    const { rtd, gh } = stage;
    const command = `python -m sphinx -T -W --keep-going -b html ${Array.from({ length: 40 }, (_, i) => `-D option_${i}=value_${i}`).join(' ')} docs out`;
    rtd.addBuild('demo', String(PR), {
      durationMs: 40_000,
      outcome: 'failure',
      commit: HEAD,
      commitFromStart: true,
      failingCommand: { command, output: 'Warning, treated as error', exit_code: 2 },
    });
    const report = await runPreview(stage);

    expect(report.results[0]!.outcome).toBe('failed');
    const reasonLine = onlyComment(gh)
      .body.split('\n')
      .find((line) => line.startsWith('- ❌ **demo**: '))!;
    // The line as a reader sees it: Markdown escapes and entities undone.
    const text = reasonLine
      .slice('- ❌ **demo**: '.length)
      .replace(/ \(\[build log\]\(.*\)\)$/, '')
      .replace(/\\(.)/g, '$1')
      .replaceAll('&quot;', '"');
    expect([...text].length).toBeLessThanOrEqual(300);
    expect(text.startsWith('Build failed: The command "python -m sphinx -T -W')).toBe(true);
    expect(text.endsWith('" exited with code 2. (build:commands:failed)')).toBe(true);
    // The middle went, and the cut fell between two words of the command.
    const [start, end, ...more] = text.split(' … ');
    expect(more).toEqual([]);
    const kept = { start: start!.slice(start!.indexOf('"') + 1), end: end!.slice(0, end!.lastIndexOf('"')) };
    expect(command.startsWith(`${kept.start} `)).toBe(true);
    expect(command.endsWith(` ${kept.end}`)).toBe(true);
    expect(kept.end.length).toBeGreaterThan(80);
  });

  it('a build that Sphinx’s `-W` stopped says so first (issue 47), the warnings under it, not the service’s generic notification', async () => {
    const { rtd, gh } = stage;
    const checkout = '/home/docs/checkouts/readthedocs.org/user_builds/demo/checkouts/7/';
    rtd.addBuild('demo', String(PR), {
      durationMs: 40_000,
      outcome: 'failure',
      commit: HEAD,
      commitFromStart: true,
      failingCommand: {
        command: 'python -m sphinx -T -W --keep-going -b html docs $READTHEDOCS_OUTPUT/html',
        output: [
          `${checkout}docs/install.rst:27: WARNING: undefined label: 'configuration-options'`,
          `${checkout}docs/index.rst:12: WARNING: toctree contains reference to nonexisting document 'changelog'`,
          'build finished with problems, 2 warnings (with warnings treated as errors).',
        ].join('\n'),
        exit_code: 1,
      },
    });
    await runPreview(stage);

    const body = onlyComment(gh).body;
    const bullets = body.split('\n').filter((line) => line.startsWith('- ❌'));
    expect(bullets).toHaveLength(1);
    expect(bullets[0]!.startsWith('- ❌ **demo**: Sphinx stopped on 2 warnings \\(\\`\\-W\\`\\) ([build log](')).toBe(true);
    expect(bullets[0]).not.toContain('exited with code');
    // The two warnings it stopped on, each at its line, right below.
    const after = body
      .slice(body.indexOf(bullets[0]!) + bullets[0]!.length)
      .split('\n')
      .slice(1, 3);
    expect(after.map((line) => /`(docs\/[a-z]+\.rst:\d+)`/.exec(line)?.[1])).toEqual(['docs/install.rst:27', 'docs/index.rst:12']);
    // The status says the build failed, as before.
    expect(latestStatuses(gh, HEAD).get('readthedocs-preview/demo')).toMatchObject({ state: 'failure' });
  });
});

describe('preview adopts only its own comment', () => {
  const stamp = new Date('2026-11-02T10:00:00Z');
  const row = (project: string, previewUrl: string) => ({ project, status: 'ready' as const, previewUrl, commit: HEAD, updatedAt: stamp });

  it('merges and removes a duplicate comment left by two jobs racing, leaving people’s comments alone', async () => {
    const { gh } = stage;
    const kept = gh.addComment(PR, renderComment({ header: '', rows: [] }));
    const duplicate = gh.addComment(
      PR,
      renderComment({ header: '', rows: [row('other-docs', 'https://other-docs--7.org.readthedocs.build/en/7/')] }),
    );
    const quoted = gh.addComment(PR, `${commentMarker('')} quoting the bot`, { login: 'reviewer', type: 'User' });
    seedBuilds();
    await runPreview(stage);

    expect(gh.comments(PR).map((comment) => comment.id)).toEqual([kept, quoted]);
    expect(gh.count('DELETE', `/issues/comments/${duplicate}`)).toBe(1);
    const rows = tableRows(gh.comments(PR)[0]!.body);
    // Both ready: in natural order, whichever job wrote first.
    expect(rows.map((r) => r.split(' | ')[0])).toEqual(['| demo', '| other\\-docs']);
  });

  it('never takes over a comment, or rows, planted by someone without write access', async () => {
    const { gh } = stage;
    const body = renderComment({ header: '', rows: [row('evil-docs', 'https://evil.example/phish')] });
    const forkComment = gh.addComment(PR, body, { login: 'fork-author', type: 'User' }, 'CONTRIBUTOR');
    seedBuilds();
    await runPreview(stage);

    const comments = gh.comments(PR);
    expect(comments).toHaveLength(2);
    expect(comments[0]).toMatchObject({ id: forkComment, body }); // left as it was
    expect(comments[1]!.user.type).toBe('Bot');
    expect(comments[1]!.body).toContain('demo');
    expect(comments[1]!.body).not.toContain('evil');
  });

  it('a member’s (or another bot’s) copy with a forged row is neither edited nor merged', async () => {
    const { rtd, gh } = stage;
    const body = renderComment({
      header: '',
      rows: [row('demo', 'https://phish.example/login'), row('evil-docs', 'https://phish.example/other')],
    });
    const memberCopy = gh.addComment(PR, body, { login: 'org-member', type: 'User' }, 'MEMBER');
    const botCopy = gh.addComment(PR, body, { login: 'other-app[bot]', type: 'Bot' }, 'NONE');
    seedBuilds();
    await runPreview(stage);

    const comments = gh.comments(PR);
    expect(comments.map((comment) => comment.id).slice(0, 2)).toEqual([memberCopy, botCopy]);
    expect(comments[0]!.body).toBe(body);
    expect(comments[1]!.body).toBe(body);
    expect(gh.count('PATCH', new RegExp(`/comments/(${memberCopy}|${botCopy})$`))).toBe(0);
    expect(gh.count('DELETE', /\/comments\//)).toBe(0);
    expect(comments).toHaveLength(3);
    expect(comments[2]!.user.login).toBe('github-actions[bot]');
    expect(comments[2]!.body).not.toContain('phish');
    expect(comments[2]!.body).toContain(previewOf(rtd));
  });

  it('comment: description keeps no rows of an author who may not write, whatever GitHub’s association says', async () => {
    const { rtd, gh } = stage;
    gh.addPullRequest({
      number: PR,
      headSha: HEAD,
      body: replaceMarkedBlock('Hi', '', renderComment({ header: '', rows: [row('evil-docs', 'https://evil.example/phish')] })),
      authorAssociation: 'MEMBER',
      author: 'read-only-member',
      authorPermission: 'read',
    });
    seedBuilds();
    await runPreview(stage, { comment: 'description' });

    expect(gh.count('GET', /\/collaborators\/read-only-member\/permission$/)).toBe(1);
    const description = gh.pullRequestBody(PR);
    expect(description).toContain(`[Preview](${previewOf(rtd)})`);
    expect(description).not.toContain('evil');
  });

  it('comment: description ignores rows in a description written by someone without write access', async () => {
    const { rtd, gh } = stage;
    gh.addPullRequest({
      number: PR,
      headSha: HEAD,
      body: replaceMarkedBlock('Hi', '', renderComment({ header: '', rows: [row('evil-docs', 'https://evil.example/phish')] })),
      authorAssociation: 'FIRST_TIME_CONTRIBUTOR',
    });
    seedBuilds();
    await runPreview(stage, { comment: 'description' });

    const description = gh.pullRequestBody(PR);
    expect(description.startsWith('Hi')).toBe(true);
    expect(description.split(':start -->').length - 1).toBe(1); // the planted block was replaced
    expect(description).toContain(`[Preview](${previewOf(rtd)})`);
    expect(description).not.toContain('evil');
  });

  // Issue 30, item 7: under a GitHub App's token (GET /user refused), the action learns who it is
  // (GraphQL's viewer) before adopting a comment: the workflow token's copy is not its own.
  it('under a GitHub App’s token: its own older comment is edited, the workflow token’s copy is left alone', async () => {
    await stage.close();
    stage = await previewStage({ pullRequest: false, tokenApp: 'docs-app' });
    const { rtd, gh } = stage;
    gh.addPullRequest({ number: PR, headSha: HEAD });
    const copy = renderComment({ header: '', rows: [row('evil-docs', 'https://phish.example/login')] });
    const workflowCopy = gh.addComment(PR, copy, { login: 'github-actions[bot]', type: 'Bot' }, 'NONE');
    const ours = gh.addComment(PR, renderComment({ header: '', rows: [] }), { login: 'docs-app[bot]', type: 'Bot' }, 'NONE');
    seedBuilds();
    await runPreview(stage);

    expect(gh.comments(PR).map((comment) => comment.id)).toEqual([workflowCopy, ours]);
    expect(gh.comments(PR)[0]!.body).toBe(copy);
    expect(gh.requests.filter((r) => r.path.endsWith(`/comments/${workflowCopy}`))).toEqual([]);
    expect(gh.count('POST', /\/comments$/)).toBe(0);
    expect(tableRows(gh.comments(PR)[1]!.body)[0]).toContain(`[Preview](${previewOf(rtd)})`);
    expect(gh.count('POST', '/graphql')).toBe(1);
  });
});
