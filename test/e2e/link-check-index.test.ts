// The link check with the build's search index through dist/ (issue 46's "Done when": about one
// request per changed page): a preview of 100 changed pages of 20 links each, linking 200 pages
// nobody changed, on a docs host that throttles above 4 requests a second (the stand-in's default,
// FACTS *Docs hosts*), the action at its real pace. Every link is checked with at most 115 requests
// to the docs host and none throttled, and the one missing page and the one missing section among
// them are still reported, each found by its own request. Asking each target instead (the code
// before, or `index: false`) needs 306 requests: 241 fitted in the check's 60 s at that pace, and
// 402 of the 2,000 links were not checked. The logic, on a fake clock: test/operations/link-check-index.test.ts.
import { describe, expect, it } from 'vitest';
import { startGitHubStandin } from '../../harness/github-standin.ts';
import { indexedSite } from '../../harness/link-site.ts';
import { startStandin } from '../../harness/rtd-standin.ts';
import { GITHUB_TOKEN } from '../../harness/run-action.ts';
import { HEAD, PR, pullRequestEvent, runPreview, TOKEN } from '../support/preview-e2e.ts';

type Links = { checked: number; notChecked: number; throttled: number; broken: { page: string; target: string; problem: string }[] };

describe('the link check with the build’s search index, through dist/', () => {
  it('100 changed pages × 20 links at 4 requests a second: every link checked in at most 115 requests, none throttled, the broken ones found', async () => {
    const rtd = await startStandin({ tokens: [TOKEN] });
    const gh = await startGitHubStandin({ token: GITHUB_TOKEN });
    try {
      const site = indexedSite(100);
      rtd.addProject({ slug: 'demo', name: 'Demo Docs', versions: [{ slug: String(PR), type: 'external' }] });
      gh.addPullRequest({ number: PR, headSha: HEAD, files: [{ filename: 'docs/index.rst' }] });
      rtd.addBuild('demo', String(PR), { durationMs: 300, outcome: 'success', commit: HEAD, commitFromStart: true });
      rtd.setFileTreeDiff('demo', String(PR), { modified: site.changed }, { writtenAfterMs: 0 });
      rtd.setSitePages('demo', String(PR), site.pages);
      // The service's own preview host (no template), where its file tree diff is read; the pace is the action's own.
      const run = await runPreview({ rtd, gh }, pullRequestEvent(), { 'preview-url-template': '', 'link-check': 'warn', timeout: '3m' });
      expect(run.code, run.stdout).toBe(0);
      const links = (JSON.parse(run.outputs.results!) as { links: Links }[])[0]!.links;
      expect(links).toMatchObject({ checked: 2_000, notChecked: 0, throttled: 0 });
      expect(links.broken.map(({ page, target, problem }) => ({ page, target, problem }))).toEqual(site.broken);
      const host = rtd.requests.filter((request) => request.path.startsWith(`/docs/demo--${PR}/`));
      expect(host.length, host.map((request) => request.path).join('\n')).toBeLessThanOrEqual(115);
      expect([...rtd.docsRefused().values()]).toEqual([]);
      expect(host.every((request) => request.status !== 429)).toBe(true);
      // Each broken link confirmed by its own request: the missing page's 404, the page read for its missing section.
      const answered = (path: string) => host.filter((request) => request.path.endsWith(path)).map((request) => request.status);
      expect(answered('/ref/retired.html')).toEqual([404]);
      expect(answered('/ref/topic-001.html')).toEqual([200]);
      expect(answered('/searchindex.js')).toEqual([200]);
      expect(run.stdout).toMatch(/The build's search index \(searchindex\.js\) answered \d+ target\(s\) of the changed pages/);
    } finally {
      await Promise.all([rtd.close(), gh.close()]);
    }
  });
});
