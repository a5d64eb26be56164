// The link check through dist/ (issue 40's "Done when"): a pull request whose file tree diff lists
// three changed pages, one linking a missing page, one `index.html#nope`, one showing a missing
// image, each with working links and anchors beside them: `link-check: fail` ends red with a
// comment naming each broken target and none of the working ones, and no request to the other
// site they link; `warn` gives the same report and a green step. `health` with `link-check: fail`
// on a project whose default version links a missing page opens the issue naming it, and closes it
// once fixed. The cases are in test/operations/preview-link-check.test.ts and health-link-check.test.ts.
import { describe, expect, it } from 'vitest';
import { startGitHubStandin, type GitHubStandin } from '../../harness/github-standin.ts';
import { BROKEN_PAGES, linkSite } from '../../harness/link-site.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { GITHUB_TOKEN, runAction } from '../../harness/run-action.ts';
import { HEAD, PR, pullRequestEvent, runPreview, TOKEN } from '../support/preview-e2e.ts';

const NAMED = ['`guide/install.html` → `guide/gone.html`: missing page', '`guide/usage.html` → `index.html#nope`: missing anchor'];
const NAMED_IMAGE = '`guide/images.html` → `_images/diagram.png`: missing image';
const WORKING = ['index.html#intro', 'guide/usage.html#run', 'install.html#setup', 'logo.png', 'legacy-usage', 'other-site'];

async function withPreviewStands(test: (stands: { rtd: Standin; gh: GitHubStandin }) => Promise<void>): Promise<void> {
  const rtd = await startStandin({ tokens: [TOKEN] });
  rtd.addProject({ slug: 'demo', name: 'Demo Docs', versions: [{ slug: String(PR), type: 'external' }] });
  const gh = await startGitHubStandin({ token: GITHUB_TOKEN });
  gh.addPullRequest({
    number: PR,
    headSha: HEAD,
    files: BROKEN_PAGES.map((page) => ({ filename: `docs/${page.replace('.html', '.rst')}` })),
  });
  gh.setFile(HEAD, '.readthedocs.yaml', 'version: 2\nsphinx:\n  configuration: docs/conf.py\n');
  rtd.addBuild('demo', String(PR), { durationMs: 300, outcome: 'success', commit: HEAD, commitFromStart: true });
  rtd.setFileTreeDiff('demo', String(PR), { modified: [...BROKEN_PAGES] }, { writtenAfterMs: 0 });
  rtd.setSitePages('demo', String(PR), linkSite(`${gh.url}/other-site`));
  try {
    await test({ rtd, gh });
  } finally {
    await Promise.all([rtd.close(), gh.close()]);
  }
}

describe.concurrent('link check through dist/', () => {
  for (const level of ['fail', 'warn'] as const) {
    it(`preview with \`link-check: ${level}\`: each broken target named, none of the working ones, ${level === 'fail' ? 'a red' : 'a green'} step`, () =>
      withPreviewStands(async ({ rtd, gh }) => {
        // The service's own preview URL (no template): where its file tree diff is read.
        const run = await runPreview({ rtd, gh }, pullRequestEvent(), { 'preview-url-template': '', 'link-check': level });
        expect(run.code, run.stdout).toBe(level === 'fail' ? 1 : 0);
        const [comment] = gh.comments(PR);
        const section = comment!.body.slice(comment!.body.indexOf('#### Broken links (demo)'));
        expect(comment!.body).toContain('#### Broken links (demo)');
        for (const line of [...NAMED, NAMED_IMAGE]) expect(section).toContain(line);
        for (const working of WORKING) expect(section).not.toContain(working);
        expect(run.annotations.filter((a) => a.title === 'Broken link')).toHaveLength(3);
        expect(gh.requests.filter((r) => r.path.startsWith('/other-site'))).toEqual([]);
        const status = gh.statuses(HEAD).at(-1);
        expect(status?.state).toBe(level === 'fail' ? 'failure' : 'success');
        const results = JSON.parse(run.outputs.results!) as { links: { broken: unknown[]; checked: number } }[];
        expect(results[0]!.links.broken).toHaveLength(3);
        if (level === 'fail') {
          expect(run.annotations.filter((a) => a.level === 'error').map((a) => a.title)).toEqual(['Broken links: demo 7']);
          expect(status?.description).toBe('3 broken link(s) on the changed pages');
        }
      }));
  }

  it('health with `link-check: fail`: the issue names the missing page, and closes once the link is fixed', async ({ onTestFinished }) => {
    const rtd = await startStandin({ tokens: [TOKEN], rateLimit: null });
    const gh = await startGitHubStandin({ token: GITHUB_TOKEN });
    onTestFinished(() => Promise.all([rtd.close(), gh.close()]).then(() => undefined));
    rtd.addProject({ slug: 'acme', versions: [] });
    rtd.addBuild('acme', 'latest', { durationMs: 1000, outcome: 'success', commit: HEAD, startedAgoMs: 60 * 60_000 });
    gh.setBranch('main', HEAD, Date.now() - 2 * 3_600_000);
    const site = linkSite(`${gh.url}/other-site`, { fixed: true });
    rtd.setSitePages('acme', 'latest', { ...site, 'index.html': site['index.html']!.replace('guide/install.html', 'guide/missing.html') });
    const run = () =>
      runAction({
        inputs: { token: TOKEN, 'base-url': rtd.url, project: 'acme', operation: 'health', releases: '0', 'link-check': 'fail' },
        env: { GITHUB_API_URL: gh.url },
        event: { name: 'schedule', payload: { schedule: '17 6 * * *' } },
      });

    const first = await run();
    expect(first.code, first.stdout).toBe(1);
    const [issue] = gh.issues().filter((candidate) => candidate.state === 'open');
    expect(issue!.body).toContain('/ → guide/missing.html: missing page');
    expect(issue!.body).not.toContain('guide/usage.html');

    rtd.setSitePages('acme', 'latest', site);
    const second = await run();
    expect(second.code, second.stdout).toBe(0);
    expect(gh.issues().map((candidate) => candidate.state)).toEqual(['closed']);
  });
});
