// Issue 50's "Done when" through dist/, against the stand-ins: a pull request's page must not make
// the runner probe its own network by name, nor stall the step.
// - `link-check-external: true`: links to the runner's own host name (its hosts file makes it
//   127.0.0.1), protocol-relative and backslash forms, a tab in the scheme, `<img src>`/`srcset` on
//   such names, a `<base href>` there, `localhost.` and the loopback address: a recording loopback
//   server on that port sees 0 requests, and the links are counted as not checked.
// - A 720-KB changed page of 240,000 nested elements is read in all (htmlparser2's `Parser` took
//   85 s, twice, on the main thread): its broken link is found, the commit status final.
// - A 3.9-MB page of 1.3 million nested elements as the preview's root: the step ends by itself
//   within its `timeout`; SIGINT while it is read ends the process by itself, its outputs set and
//   the commit status final, never `pending` (the step was still on the CPU at 445 s, deaf to
//   SIGINT and SIGTERM).
import type { ChildProcess } from 'node:child_process';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { startGitHubStandin, type GitHubStandin } from '../../harness/github-standin.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { GITHUB_TOKEN, runAction } from '../../harness/run-action.ts';
import { HEAD, PR, previewInputs, pullRequestEvent, runPreview, TOKEN } from '../support/preview-e2e.ts';
import { scriptedServer } from '../support/scripted-server.ts';

const page = (body: string) =>
  `<!doctype html>\n<html><head><title>Page</title></head><body><h1 id="top-heading">Page</h1>\n${body}\n</body></html>\n`;

/** A preview of pull request #7 of `demo` whose file tree diff names `changed`, its pages `pages`. */
async function withPreview(
  pages: Record<string, string>,
  changed: string[],
  test: (stands: { rtd: Standin; gh: GitHubStandin }) => Promise<void>,
): Promise<void> {
  const rtd = await startStandin({ tokens: [TOKEN], docsRate: null });
  const gh = await startGitHubStandin({ token: GITHUB_TOKEN });
  rtd.addProject({
    slug: 'demo',
    name: 'Demo Docs',
    versions: [
      { slug: 'latest', built: true },
      { slug: String(PR), type: 'external' },
    ],
  });
  gh.addPullRequest({ number: PR, headSha: HEAD, files: changed.map((path) => ({ filename: `docs/${path.replace('.html', '.rst')}` })) });
  gh.setFile(HEAD, '.readthedocs.yaml', 'version: 2\nsphinx:\n  configuration: docs/conf.py\n');
  rtd.addBuild('demo', String(PR), { durationMs: 300, outcome: 'success', commit: HEAD, commitFromStart: true });
  rtd.setFileTreeDiff('demo', String(PR), { modified: changed }, { writtenAfterMs: 0 });
  rtd.setSitePages('demo', String(PR), pages);
  try {
    await test({ rtd, gh });
  } finally {
    await Promise.all([rtd.close(), gh.close()]);
  }
}

describe.concurrent('hostile pages through dist/ (issue 50)', () => {
  it("`link-check-external: true`: the runner's own names and addresses, in every spelling, are never asked", async ({
    onTestFinished,
  }) => {
    const server = await scriptedServer([(_req, res) => res.end('<p id="x">here</p>')]);
    onTestFinished(() => server.close());
    const own = hostname();
    const port = server.port;
    const links = [
      `<a href="http://${own}:${port}/by-name">name</a>`,
      `<a href="//${own}:${port}/protocol-relative">protocol-relative</a>`,
      `<a href="http:\\\\${own}:${port}\\backslashes">backslashes</a>`,
      `<a href="ht\ttp://${own}:${port}/tab">tab in the scheme</a>`,
      `<a href="http://${own.toUpperCase()}.:${port}/upper">trailing dot</a>`,
      `<a href="http://localhost.:${port}/localhost-dot">localhost.</a>`,
      `<a href="http://127.0.0.1:${port}/loopback">loopback</a>`,
      `<a href="http://[::ffff:127.0.0.1]:${port}/mapped">mapped</a>`,
      `<img src="http://${own}:${port}/image.png" srcset="http://${own}:${port}/image-2x.png 2x, //${own}:${port}/image-3x.png 3x">`,
    ].join('\n');
    await withPreview(
      {
        'index.html': page('<p>Start</p>'),
        'guide/ssrf.html': page(links),
        // Every relative link of this page would go to the runner's own name.
        'guide/based.html': `<!doctype html>\n<html><head><base href="http://${own}:${port}/"></head><body><a href="based-relative.html">rel</a> <img src="based.png"></body></html>\n`,
      },
      ['guide/ssrf.html', 'guide/based.html'],
      async ({ rtd, gh }) => {
        const run = await runPreview({ rtd, gh }, pullRequestEvent(), {
          'preview-url-template': '',
          'link-check': 'fail',
          'link-check-external': 'true',
          'link-check-recheck': '1s',
        });

        expect(server.hits, run.stdout).toEqual([]);
        expect(run.code, run.stdout).toBe(0);
        type Links = { checked: number; notChecked: number; broken: { problem: string }[] };
        const [result] = JSON.parse(run.outputs.results!) as { links: Links }[];
        // Each link of the two pages is counted, none left out: not checked (a private address), or, a name the DNS
        // does not know (the hosts file is not read), dead as "no such host" (issue 52); never reached, never working.
        const { checked, notChecked, broken } = result!.links;
        expect(broken.every((link) => link.problem === 'no such host')).toBe(true);
        expect(checked).toBe(broken.length);
        expect(notChecked + broken.length).toBeGreaterThanOrEqual(12);
        expect(run.stdout).toMatch(/target\(s\) at a private address not asked/);
        expect(gh.statuses(HEAD).at(-1)?.state).toBe('success');
      },
    );
  });

  it('a 720-KB changed page of 240,000 nested elements is read in all: its broken link found, the status final', () =>
    withPreview(
      {
        'index.html': page('<p>Start</p>'),
        'guide/deep.html': page(`${'<b>'.repeat(240_000)}<a href="../index.html">home</a> <a href="gone.html">gone</a>`),
      },
      ['guide/deep.html'],
      async ({ rtd, gh }) => {
        const run = await runPreview({ rtd, gh }, pullRequestEvent(), { 'preview-url-template': '', 'link-check': 'fail' });

        expect(run.code, run.stdout).toBe(1);
        const [result] = JSON.parse(run.outputs.results!) as { links: { checked: number; broken: { page: string; target: string }[] } }[];
        expect(result!.links.broken).toEqual([expect.objectContaining({ page: 'guide/deep.html', target: 'guide/gone.html' })]);
        expect(result!.links.checked).toBe(2);
        const status = gh.statuses(HEAD).at(-1);
        expect(status?.state).toBe('failure');
        expect(status?.description).toBe('Broken links: 1 to a page (build #1; the preview is ready)');
      },
    ));

  const huge = page(`${'<b>'.repeat(1_300_000)}<a href="gone.html">gone</a>`);

  it('a 3.9-MB root of 1.3 million nested elements: the step ends by itself within its `timeout`, the status final', () =>
    withPreview({ 'index.html': huge }, ['index.html'], async ({ rtd, gh }) => {
      const run = await runPreview({ rtd, gh }, pullRequestEvent(), { 'preview-url-template': '', 'link-check': 'fail', timeout: '2m' });

      expect(run.signal, run.stdout).toBeNull();
      expect(run.outputs.results).toBeTruthy();
      expect(gh.statuses(HEAD).at(-1)?.state).not.toBe('pending');
      expect(gh.statuses(HEAD).at(-1)?.state).not.toBeUndefined();
    }));

  it('SIGINT while the 3.9-MB root is read: the process ends by itself, its outputs set, the status final (not pending)', () =>
    withPreview({ 'index.html': huge }, ['index.html'], async ({ rtd, gh }) => {
      let signalled = false;
      const run = await runAction({
        inputs: previewInputs(rtd, { 'preview-url-template': '', 'link-check': 'fail', timeout: '10m' }),
        event: pullRequestEvent(),
        env: { GITHUB_API_URL: gh.url },
        onLine: (line: string, child: ChildProcess) => {
          // The root is read for its links right after this line.
          if (signalled || !line.includes('Preview ready:')) return;
          signalled = true;
          child.kill('SIGINT');
        },
      });

      expect(signalled, run.stdout).toBe(true);
      expect(run.signal, run.stdout).toBeNull();
      expect(run.stdout).toContain('SIGINT received');
      expect(run.code).toBe(1);
      expect(run.outputs.results).toBeTruthy();
      const status = gh.statuses(HEAD).at(-1);
      expect(status?.state, JSON.stringify(gh.statuses(HEAD))).toBe('error');
    }));
});
