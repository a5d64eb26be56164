// `preview` in-process on a fake clock, against the loopback stand-ins of Read the Docs and of
// GitHub's REST API: the head commit's build found and followed, the preview verified, the sticky
// comment, commit statuses and the report. Asserted on the report, the stand-ins' states and the
// requests they received, never on time.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../../src/inputs/inputs.js';
import { T0 } from '../support/operation-context.ts';
import { captureStdout } from './context.ts';
import {
  commentBodies,
  GITHUB_TOKEN,
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
  RUN_URL,
} from './preview-context.ts';

const stdout = captureStdout();
let stage: PreviewStage;

beforeEach(async () => {
  stage = await previewStage({ pullRequest: false });
  stage.gh.addPullRequest({
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
  stage.gh.setFile(HEAD, '.readthedocs.yaml', 'version: 2\nsphinx:\n  configuration: docs/conf.py\n');
});
afterEach(async () => {
  await stage.close();
});

const LAST_LINE = 'build finished with problems, 1 warning (with warnings treated as errors) ``` and a fence in the output.';
const FAILING_OUTPUT = [
  'Running Sphinx v8.1.3',
  ...Array.from({ length: 30 }, (_, i) => `reading sources... [${Math.round(((i + 1) * 100) / 30)}%] page${i}`),
  '/home/docs/checkouts/readthedocs.org/user_builds/demo/checkouts/7/docs/install.rst:3: WARNING: undefined label: setup-guide',
  LAST_LINE,
].join('\n');

/** An older commit's build finished long ago (never to be reported), and the head's build. */
function seedBuilds(head: { outcome: 'success' | 'failure'; durationMs?: number } = { outcome: 'success' }): number {
  stage.rtd.addBuild('demo', String(PR), {
    durationMs: 1000,
    outcome: 'success',
    commit: OLDER,
    commitFromStart: true,
    startedAgoMs: 600_000,
  });
  return stage.rtd.addBuild('demo', String(PR), {
    durationMs: head.durationMs ?? 40_000,
    outcome: head.outcome,
    commit: HEAD,
    commitFromStart: true,
    ...(head.outcome === 'failure'
      ? { failingCommand: { command: 'python -m sphinx -W -b html docs $READTHEDOCS_OUTPUT/html', output: FAILING_OUTPUT, exit_code: 1 } }
      : {}),
  });
}

const warnings = () => stdout.annotations().filter((a) => a.level === 'warning');
const _errors = () => stdout.annotations().filter((a) => a.level === 'error');

describe('preview, in-process on a fake clock', () => {
  it('the head commit’s build: a verified link in one comment (building, then ready), a success status, the changed pages', async () => {
    const { rtd, gh } = stage;
    const headBuild = seedBuilds();
    // The removed page's redirect check is tested in preview-redirect-check.test.ts.
    const report = await runPreview(stage, { 'redirect-check': 'off' });

    const url = previewOf(rtd);
    expect(report.results).toEqual([
      expect.objectContaining({
        project: 'demo',
        outcome: 'success',
        previewUrl: url,
        buildId: headBuild,
        commit: HEAD,
        version: String(PR),
        details: {
          pullRequest: PR,
          headSha: HEAD,
          previewStatus: 'ready',
          pages: [
            { file: 'docs/guide/setup.md', url: `${url}guide/setup.html` },
            { file: 'docs/install.rst', url: `${url}install.html` },
          ],
          // `link-check: warn` by default: the changed pages' links (the stand-in's pages have none).
          links: {
            checked: 0,
            notChecked: 0,
            broken: [],
            redirected: [],
            otherSites: 0,
            ignored: 0,
            outsideVersion: 0,
            throttled: 0,
            unavailable: 0,
          },
        },
      }),
    ]);
    expect(report.outputs).toEqual({});
    const comment = onlyComment(gh);
    const [row] = tableRows(comment.body);
    expect(row).toContain('✅ Ready');
    expect(row).toContain(`[Preview](${url})`);
    expect(row).toContain(`/builds/${headBuild}/`);
    expect(row).not.toContain(HEAD.slice(0, 7)); // the commit is shown once, below the table
    expect(comment.body).toMatch(/ · updated 2026-11-23 08:0\d UTC/); // the row's time is the step's clock, said once
    expect(comment.body).toContain(`Commit: [\`${HEAD.slice(0, 7)}\`](https://github.com/octo/docs-repo/commit/${HEAD})`);
    expect(comment.body).toContain(`(${url}install.html)`);
    expect(comment.body).not.toContain('removed.rst');
    expect(comment.body).not.toContain(OLDER);
    // Posted once as building while the build ran, then edited.
    expect(commentBodies(gh, 'POST')).toHaveLength(1);
    expect(commentBodies(gh, 'POST')[0]).toContain('⏳');
    // Before a build is known, the row's link is the run waiting for it.
    expect(tableRows(commentBodies(gh, 'POST')[0]!)[0]).toContain(`| [run](${RUN_URL}) |`);
    expect(commentBodies(gh, 'PATCH').at(-1)).toBe(comment.body);

    const summary = summaryOf(report);
    expect(summary).toContain(`](${url})`);
    // The commit as everywhere else: 7 characters, linked to the full one (issue 47).
    expect(summary).toContain(
      `Pull request #${PR}, head commit [\`${HEAD.slice(0, 7)}\`](https://github.com/octo/docs-repo/commit/${HEAD})`,
    );
    expect(summary.split(HEAD)).toHaveLength(2); // the full SHA only in the link
    expect(summary).toContain(`[the preview comment](https://github.com/octo/docs-repo/pull/${PR}#issuecomment-${comment.id})`);
    expect(summary).toContain(`- [docs/install\\.rst](${url}install.html)`);

    // The status on the head commit, never on the merge commit or the older one.
    expect([...latestStatuses(gh, HEAD).keys()]).toEqual(['readthedocs-preview/demo']);
    expect(latestStatuses(gh, HEAD).get('readthedocs-preview/demo')).toMatchObject({ state: 'success', target_url: url });
    expect(gh.statuses(HEAD).map((status) => status.state)).toEqual(['pending', 'success']);
    // The pending status says the state the build was in when it was set, never "finished" while pending.
    expect(gh.statuses(HEAD)[0]!.description).toMatch(
      new RegExp(`^Build #${headBuild} (queued|in progress \\(\\w+\\)|finished: checking the preview)$`),
    );
    expect(gh.statuses('f'.repeat(40))).toEqual([]);
    expect(gh.statuses(OLDER)).toEqual([]);
    expect(stdout.annotations()).toEqual([]);

    // Looked up by the head SHA of the payload; the build followed until finished; the preview and
    // the changed pages fetched without the service's token; nothing written to the service.
    const lookups = rtd.requests.filter((r) => r.query.commit);
    expect(lookups.length).toBeGreaterThan(0);
    expect(lookups.every((r) => r.query.commit === HEAD)).toBe(true);
    expect(rtd.count('GET', `/api/v3/projects/demo/builds/${headBuild}/`)).toBeGreaterThan(1);
    const pages = rtd.requests.filter((r) => r.path.startsWith('/docs/')).map((r) => r.path);
    // Each changed page once: looked up (does it answer?) and read for its links (`link-check: warn`) in one GET.
    expect(pages.sort()).toEqual([`/docs/demo--7/en/7/`, `/docs/demo--7/en/7/guide/setup.html`, `/docs/demo--7/en/7/install.html`]);
    expect(rtd.requests.filter((r) => r.path.startsWith('/docs/')).every((r) => r.headers.authorization === undefined)).toBe(true);
    expect(rtd.count('POST', /.*/)).toBe(0);
    expect(gh.requests.every((r) => r.headers.authorization === `token ${GITHUB_TOKEN}`)).toBe(true);
    expect(gh.count('GET', '/pulls/7/files')).toBe(2); // two pages of two
    expect(gh.count('GET', '/contents/.readthedocs.yaml')).toBe(1);
  });

  it('without preview-url-template, the preview URL is the build’s docs_url as the service gives it (API v2)', async () => {
    const { rtd } = stage;
    const headBuild = seedBuilds();
    const report = await runPreview(stage, { 'preview-url-template': '' });

    const url = report.results[0]!.previewUrl!;
    expect(url.startsWith(`${rtd.url}/docs/`)).toBe(true);
    expect(rtd.count('GET', `/api/v2/build/${headBuild}/`)).toBeGreaterThan(0);
    expect(rtd.requests.filter((r) => r.path === new URL(url).pathname)).toHaveLength(1);
    expect(report.results[0]).toMatchObject({ outcome: 'success', details: { previewStatus: 'ready' } });
  });

  it('a failed build: comment and status say failed, with the notification, the output’s tail and the build link', async () => {
    const { rtd, gh } = stage;
    const headBuild = seedBuilds({ outcome: 'failure' });
    const report = await runPreview(stage);

    const [result] = report.results;
    expect(result).toMatchObject({ outcome: 'failed', title: 'Build failed', buildId: headBuild, details: { previewStatus: 'failed' } });
    expect(result!.previewUrl).toBeUndefined();
    const comment = onlyComment(gh);
    const [row] = tableRows(comment.body);
    expect(row).toContain('❌ Failed');
    expect(row).not.toContain('[Preview]');
    expect(row).not.toContain('UTC');
    expect(comment.body).toContain('### ❌ Read the Docs preview: failed');
    const bullets = comment.body.split('\n').filter((line) => line.startsWith('- ❌'));
    expect(bullets).toHaveLength(1);
    expect(bullets[0]).toContain('**demo**: Build failed\\: The command'); // the service's notification
    expect(bullets[0]).toContain('exited with code 1');
    expect(bullets[0]).toContain(`[build log](${rtd.url}/projects/demo/builds/${headBuild}/)`);
    // What to fix, unfolded below it: the warning as a link to its line of the head commit.
    const bullet = comment.body.indexOf(bullets[0]!);
    expect(comment.body.slice(bullet + bullets[0]!.length, comment.body.indexOf('<details>'))).toBe(
      `\n  - [\`docs/install.rst:3\`](https://github.com/octo/docs-repo/blob/${HEAD}/docs/install.rst#L3): warning: undefined label\\: setup\\-guide\n\n`,
    );
    // The tail in a collapsed block, trimmed from the top, in a fence its own backticks cannot close.
    const details = comment.body.slice(comment.body.indexOf('<details><summary>Last lines of the output</summary>\n\n````text\n'));
    expect(details.length).toBeLessThan(comment.body.length);
    expect(details).toContain(`undefined label: setup-guide\n${LAST_LINE}\n\`\`\`\`\n\n</details>`);
    expect(details).not.toContain('Running Sphinx');
    expect(comment.body.split(HEAD)).toHaveLength(3); // the commit's link below the table, the warning's link
    expect(latestStatuses(gh, HEAD).get('readthedocs-preview/demo')).toMatchObject({
      state: 'failure',
      description: `Build #${headBuild} failed`,
      target_url: `${rtd.url}/projects/demo/builds/${headBuild}/`,
    });
    // No preview page asked for, and the Sphinx warning lands on the repository's file.
    expect(rtd.requests.filter((r) => r.path.startsWith('/docs/'))).toEqual([]);
    expect(warnings()).toContainEqual(
      expect.objectContaining({ file: 'docs/install.rst', line: 3, message: 'undefined label: setup-guide' }),
    );
    expect(summaryOf(report)).toContain('### Build failed: demo');
  });

  it('a project and its Japanese translation share one comment, one row and one status each', async () => {
    const { rtd, gh } = stage;
    rtd.addProject({
      slug: 'demo-ja',
      name: 'Demo JA',
      language: 'ja',
      translationOf: 'demo',
      versions: [{ slug: String(PR), type: 'external' }],
    });
    seedBuilds();
    rtd.addBuild('demo-ja', String(PR), { durationMs: 20_000, outcome: 'success', commit: HEAD, commitFromStart: true });
    const report = await runPreview(stage, { translations: 'true' });

    expect(report.results.map((r) => [r.project, r.previewUrl])).toEqual([
      ['demo', previewOf(rtd, 'en')],
      ['demo-ja', previewOf(rtd, 'ja')],
    ]);
    const rows = tableRows(onlyComment(gh).body);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^\| demo \| ✅ Ready \| \[Preview\]\(.*\/docs\/demo--7\/en\/7\/\)/);
    expect(rows[1]).toMatch(/^\| demo\\-ja \| ✅ Ready \| \[Preview\]\(.*\/docs\/demo--7\/ja\/7\/\)/);
    expect(onlyComment(gh).body).toContain(
      '### ⚠️ Read the Docs previews: all 2 ready · 1 page moved or removed without a redirect in 2 projects',
    );
    const statuses = latestStatuses(gh, HEAD);
    expect(statuses.get('readthedocs-preview/demo')).toMatchObject({ state: 'success', target_url: previewOf(rtd, 'en') });
    expect(statuses.get('readthedocs-preview/demo-ja')).toMatchObject({ state: 'success', target_url: previewOf(rtd, 'ja') });
    expect(commentBodies(gh, 'POST')).toHaveLength(1);
    expect(rtd.count('GET', '/api/v3/projects/demo/translations/')).toBe(1);
  });

  it('translations with the same changed pages share one collapsed list, linked in the first one’s preview (issue 47)', async () => {
    const { rtd, gh } = stage;
    for (const language of ['fr', 'de']) {
      rtd.addProject({
        slug: `demo-${language}`,
        name: `Demo ${language}`,
        language,
        translationOf: 'demo',
        versions: [{ slug: String(PR), type: 'external' }],
      });
      rtd.addBuild(`demo-${language}`, String(PR), { durationMs: 20_000, outcome: 'success', commit: HEAD, commitFromStart: true });
    }
    seedBuilds();
    const report = await runPreview(stage, { translations: 'true' });

    expect(report.results.map((result) => result.outcome)).toEqual(['success', 'success', 'success']);
    const body = onlyComment(gh).body;
    const folds = body.split('\n').filter((line) => line.startsWith('<details><summary>Changed pages'));
    expect(folds).toEqual(['<details><summary>Changed pages in 3 projects: demo, demo-de, demo-fr (2)</summary>']);
    expect(body).toContain("The same pages in each; linked in demo's preview.");
    // Each page once, linked in the first project's preview (the others' are a click away in the table).
    expect(body).toContain(`- [\`docs/install.rst\`](${previewOf(rtd, 'en')}install.html)`);
    expect(body).not.toContain(`${previewOf(rtd, 'fr')}install.html`);
    // Each project's own pages stay in its results and the job summary.
    const pages = (project: string) =>
      (report.results.find((result) => result.project === project)!.details as { pages: { url: string }[] }).pages.map((page) => page.url);
    expect(pages('demo-fr')).toContain(`${previewOf(rtd, 'fr')}install.html`);
    expect(summaryOf(report)).toContain(`${previewOf(rtd, 'de')}install.html`);
  });

  it('the job summary lists the projects as the comment does: failed first, then by name; `results` keeps the input order (issue 47)', async () => {
    const { rtd, gh } = stage;
    for (const language of ['fr', 'de', 'ja']) {
      rtd.addProject({
        slug: `demo-${language}`,
        name: `Demo ${language}`,
        language,
        translationOf: 'demo',
        versions: [{ slug: String(PR), type: 'external' }],
      });
      const failing =
        language === 'ja' ? { outcome: 'failure' as const, failingCommand: { command: 'sphinx', output: 'boom', exit_code: 1 } } : {};
      rtd.addBuild(`demo-${language}`, String(PR), {
        durationMs: 20_000,
        outcome: 'success',
        commit: HEAD,
        commitFromStart: true,
        ...failing,
      });
    }
    seedBuilds();
    const report = await runPreview(stage, { translations: 'true' });

    const inputOrder = ['demo', 'demo-fr', 'demo-de', 'demo-ja'];
    expect(report.results.map((result) => result.project)).toEqual(inputOrder);
    const shownOrder = ['demo-ja', 'demo', 'demo-de', 'demo-fr'];
    expect(tableRows(onlyComment(gh).body).map((row) => row.split(' | ')[0]!.slice(2).replaceAll('\\', ''))).toEqual(shownOrder);
    const summary = summaryOf(report);
    expect(tableRows(summary).map((row) => row.split(' | ')[0]!.slice(2).replaceAll('\\', ''))).toEqual(shownOrder);
    // The summary's own sections follow it: the changed pages of the ready ones, by name.
    const lists = [...summary.matchAll(/^\*\*Changed pages in (.+)\*\*$/gm)].map((match) => match[1]!.replaceAll('\\', ''));
    expect(lists).toEqual(['demo', 'demo-de', 'demo-fr']);
  });

  it('a preview that does not answer is not reported as ready: error, looked at six times', async () => {
    const { rtd, gh } = stage;
    rtd.fault({ kind: 'status', status: 404, path: `/docs/demo--${PR}/`, times: 1000 });
    seedBuilds();
    const report = await runPreview(stage);

    const [result] = report.results;
    expect(result).toMatchObject({ outcome: 'error', title: 'Preview not answering', details: { previewStatus: 'error' } });
    expect(result!.previewUrl).toBeUndefined();
    expect(result!.reason).toContain('answered 404 (6 tries)');
    const comment = onlyComment(gh);
    expect(comment.body).not.toContain('[Preview]');
    expect(comment.body).not.toContain('✅');
    expect(comment.body).toContain('not reported as ready');
    expect(latestStatuses(gh, HEAD).get('readthedocs-preview/demo')).toMatchObject({
      state: 'error',
      description: 'Preview not answering',
    });
    expect(rtd.count('GET', `/docs/demo--${PR}/en/${PR}/`)).toBe(6);
    expect(gh.count('GET', '/pulls/7/files')).toBe(0); // no changed pages without a preview
  });

  it('time running out while the preview is checked: the reason says so, and that the build had succeeded (issue 49)', async () => {
    const { rtd } = stage;
    rtd.fault({ kind: 'status', status: 404, path: `/docs/demo--${PR}/`, times: 1000 });
    const head = seedBuilds();
    const report = await runPreview(stage, { timeout: '50s' });

    const [result] = report.results;
    expect(result).toMatchObject({ outcome: 'timed-out', buildId: head, state: 'finished' });
    expect(result!.reason).toMatch(
      /^timed out after 50s \(input `timeout`\) while checking that the preview \S+ answers\. The build #\d+ \(\S+\) had succeeded\.$/,
    );
  });

  it('follows a rebuild of the head commit that cancelled its build: green with the newer build', async () => {
    const { rtd, gh, clock } = stage;
    const original = seedBuilds({ outcome: 'success', durationMs: 60_000 });
    // Someone presses "Rebuild" 20 s in: an API-triggered build of the same commit, its commit null until cloned.
    rtd.onTrigger('demo', String(PR), { durationMs: 30_000, outcome: 'success', commit: HEAD });
    let newer: number | undefined;
    clock.at(T0 + 20_000, async () => {
      const answer = await fetch(`${rtd.url}/api/v3/projects/demo/versions/${PR}/builds/`, {
        method: 'POST',
        headers: { Authorization: 'Token test-token' },
      });
      newer = ((await answer.json()) as { build: { id: number } }).build.id;
    });
    const report = await runPreview(stage);

    expect(newer).toBeDefined();
    expect(rtd.builds('demo').find((b) => b.id === original)!.state).toBe('cancelled');
    expect(stdout.text()).toContain(`Build #${original} was cancelled: superseded by build #${newer}`);
    expect(report.results[0]).toMatchObject({ outcome: 'success', buildId: newer, commit: HEAD, previewUrl: previewOf(rtd) });
    const [row] = tableRows(onlyComment(gh).body);
    expect(row).toContain('✅ Ready');
    expect(row).toContain(`/builds/${newer}/`);
    // A pending status for each build, the last one green with the newer build.
    expect(gh.statuses(HEAD).map((s) => [s.state, s.target_url?.match(/builds\/(\d+)/)?.[1]])).toEqual([
      ['pending', String(original)],
      ['pending', String(newer)],
      ['success', undefined],
    ]);
  });

  it('with trigger: true, triggers the PR version once when no build of the head commit appears', async () => {
    const { rtd } = stage;
    rtd.addBuild('demo', String(PR), { durationMs: 500, outcome: 'success', commit: OLDER, commitFromStart: true, startedAgoMs: 600_000 });
    rtd.onTrigger('demo', String(PR), { durationMs: 20_000, outcome: 'success', commit: HEAD });
    const report = await runPreview(stage, { trigger: 'true' });

    expect(rtd.count('POST', `/versions/${PR}/builds/`)).toBe(1);
    const triggered = rtd.builds('demo').at(-1)!;
    expect(report.results[0]).toMatchObject({ outcome: 'success', buildId: triggered.id, previewUrl: previewOf(rtd) });
    expect(stdout.text()).toContain('triggering the pull request version');
  });

  it('without trigger, no build of the head commit within the timeout: not found, an error status, nothing triggered', async () => {
    const { rtd, gh } = stage;
    rtd.addBuild('demo', String(PR), { durationMs: 500, outcome: 'success', commit: OLDER, commitFromStart: true, startedAgoMs: 600_000 });
    const report = await runPreview(stage, { timeout: '2m' });

    expect(report.results[0]).toMatchObject({ outcome: 'timed-out', details: { previewStatus: 'not-found' } });
    expect(report.results[0]!.buildId).toBeUndefined();
    expect(rtd.count('POST', /.*/)).toBe(0);
    expect(latestStatuses(gh, HEAD).get('readthedocs-preview/demo')).toMatchObject({
      state: 'error',
      description: 'No build of this commit appeared',
    });
    expect(onlyComment(gh).body).not.toContain(OLDER);
  });
});

describe('preview of a project the service does not know (issue 49)', () => {
  it('a mistyped slug: Not found naming it, no build polled, nothing posted on the pull request', async () => {
    const { rtd, gh } = stage;
    const report = await runPreview(stage, { project: 'dcos', timeout: '30m' });

    expect(report.results).toEqual([expect.objectContaining({ project: 'dcos', outcome: 'error', title: 'Not found' })]);
    expect(report.results[0]!.reason).toMatch(/project `dcos` is not found.*Nothing is posted on pull request #7/s);
    // One read of the project, no list of builds polled to the timeout, no write on GitHub.
    expect(rtd.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v3/projects/dcos/']);
    expect(gh.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(gh.comments(PR)).toEqual([]);
    expect(gh.deployments()).toEqual([]);
    expect(latestStatuses(gh, HEAD).size).toBe(0);
  });

  it('beside a known project: the known one is previewed, the unknown one only named in the results', async () => {
    const { rtd, gh } = stage;
    seedBuilds();
    const report = await runPreview(stage, { project: 'demo, dcos' });

    expect(report.results.map((r) => [r.project, r.outcome, r.title])).toEqual([
      ['demo', 'success', undefined],
      ['dcos', 'error', 'Not found'],
    ]);
    expect(rtd.requests.filter((r) => r.path.includes('/dcos/')).map((r) => r.path)).toEqual(['/api/v3/projects/dcos/']);
    expect([...latestStatuses(gh, HEAD).keys()]).toEqual(['readthedocs-preview/demo']);
    expect(tableRows(onlyComment(gh).body).map((row) => row.split(' | ')[0])).toEqual([expect.stringContaining('demo')]);
    expect(gh.deployments().map((d) => d.environment)).not.toContainEqual(expect.stringContaining('dcos'));
  });
});

describe('preview refuses before any request', () => {
  it('on an event other than a pull request’s', async () => {
    const { rtd, gh } = stage;
    const refused = runPreview(stage, {}, { eventName: 'push', apiUrl: gh.url, repository: 'octo/docs-repo', pullRequest: undefined });

    await expect(refused).rejects.toThrow(InputError);
    await expect(refused).rejects.toThrow(/`preview` runs on `pull_request` or `pull_request_target` events; this run's event is `push`/);
    expect(rtd.requests).toEqual([]);
    expect(gh.requests).toEqual([]);
  });

  it('on a pull_request event whose payload has no pull request', async () => {
    const { rtd, gh } = stage;
    const refused = runPreview(stage, {}, { ...pullRequestRun(gh), pullRequest: undefined });

    await expect(refused).rejects.toThrow(/needs the pull request's number and head commit from the `pull_request` event payload/);
    expect(rtd.requests).toEqual([]);
    expect(gh.requests).toEqual([]);
  });

  it('a preview-url-template with an unknown placeholder, naming the input and the placeholder', async () => {
    const { rtd, gh } = stage;
    const refused = runPreview(stage, { 'preview-url-template': 'https://docs.example.com/{branch}/' });

    await expect(refused).rejects.toThrow(InputError);
    await expect(refused).rejects.toThrow(/preview-url-template.*\{branch\}/s);
    expect(rtd.requests).toEqual([]);
    expect(gh.requests).toEqual([]);
  });
});
