// Issue 24's "Done when" for the redirect guard, through dist/ with both stand-ins: a pull request
// that renames docs/install.rst to docs/getting-started/install.rst and removes docs/old-page.rst
// gets the redirects to paste in its comment, a warning annotation, and a green step; once the
// project has the redirect for /install.html, it is no longer suggested.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGitHubStandin, type GitHubStandin } from '../../harness/github-standin.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { HEAD, PR, pullRequestEvent, runPreview, TOKEN } from '../support/preview-e2e.ts';
import { GITHUB_TOKEN } from '../../harness/run-action.ts';

let rtd: Standin;
let gh: GitHubStandin;

beforeEach(async () => {
  rtd = await startStandin({ tokens: [TOKEN] });
  rtd.addProject({ slug: 'demo', name: 'Demo Docs', versions: [{ slug: String(PR), type: 'external' }] });
  gh = await startGitHubStandin({ token: GITHUB_TOKEN });
  gh.addPullRequest({
    number: PR,
    headSha: HEAD,
    files: [
      { filename: 'docs/getting-started/install.rst', status: 'renamed', previous_filename: 'docs/install.rst' },
      { filename: 'docs/old-page.rst', status: 'removed' },
    ],
  });
  gh.setFile(HEAD, '.readthedocs.yaml', 'version: 2\nsphinx:\n  configuration: docs/conf.py\n');
});
afterEach(async () => {
  await Promise.all([rtd.close(), gh.close()]);
});

const INSTALL = '- {type: page, from: /install.html, to: /getting-started/install.html}';
const warnings = (stdout: string) =>
  stdout.split('\n').filter((line) => line.startsWith('::warning') && line.includes('Page moved without a redirect'));

describe('preview: redirect-check', () => {
  it('suggests the redirects a rename and a removal need, warns on the files, stays green; a redirect added ends it', async () => {
    rtd.addBuild('demo', String(PR), { durationMs: 400, outcome: 'success', commit: HEAD, commitFromStart: true });
    const first = await runPreview({ rtd, gh }, pullRequestEvent());

    expect(first.code, first.stdout).toBe(0);
    const body = gh.comments(PR)[0]!.body;
    expect(body).toContain(INSTALL);
    expect(body).toContain('from: /old-page.html, to:}');
    expect(warnings(first.stdout)).toHaveLength(2);
    expect(warnings(first.stdout)[0]).toContain('file=docs/getting-started/install.rst');
    const results = JSON.parse(first.outputs.results!) as { unredirected: { from: string; to?: string }[] }[];
    expect(results[0]!.unredirected).toEqual([
      expect.objectContaining({ from: '/install.html', to: '/getting-started/install.html' }),
      expect.objectContaining({ from: '/old-page.html' }),
    ]);
    expect(first.summary).toContain(INSTALL);

    rtd.addRedirect('demo', { type: 'page', from_url: '/install.html', to_url: '/getting-started/install.html' });
    const second = await runPreview({ rtd, gh }, pullRequestEvent());
    expect(second.code, second.stdout).toBe(0);
    const after = gh.comments(PR)[0]!.body;
    expect(after).not.toContain('from: /install.html');
    expect(after).toContain('from: /old-page.html');
    expect(warnings(second.stdout)).toHaveLength(1);
  }, 60_000);
});
