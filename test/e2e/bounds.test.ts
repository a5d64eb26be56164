// Issue 21's "Done when" for sizes, through dist/ as the runner runs it: a service whose list goes
// on without end, each page a 30 MB name. Before, 51 such pages took the step out of memory at
// 4.3 GB with no output and no summary. Now the list ends at its bound with a clear error, every
// output is set, the summary is written, all well within the timeout and under 1 GB of memory
// (the child's own peak, as the kernel counts it: test/support/peak-rss.cjs). Issue 30's, for
// GitHub's answers counted in objects, not only bytes: endless pages of a million `{}` each (3 MB
// a page, well under the byte caps) once grew the step to 5 GB and crashed it with no output.
import { mkdtempSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OUTPUT_NAMES } from '../../src/reporting/report.js';
import { ROOT } from '../../harness/action-metadata.ts';
import { startGitHubStandin } from '../../harness/github-standin.ts';
import { startStandin } from '../../harness/rtd-standin.ts';
import { GITHUB_TOKEN, runAction } from '../../harness/run-action.ts';
import { BASE_REPO, HEAD, PR, previewInputs, pullRequestEvent, TOKEN as PREVIEW_TOKEN } from '../support/preview-e2e.ts';
import { answers, scriptedServer, type ScriptedServer } from '../support/scripted-server.ts';

const TOKEN = 'rtd_secret_token_bounds_0123456789';
const NAME = Buffer.alloc(30 * 1024 * 1024, 'N');
const GB = 1024 * 1024 * 1024;

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
});

/** One page of the project's variables: a variable with a 30 MB name, and a `next` link to the same list. */
function pageOfNames(res: ServerResponse, offset: number): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write(
    `{"count":1000000,"next":"${server!.url}/api/v3/projects/demo/environmentvariables/?limit=100&offset=${offset + 100}",` +
      `"previous":null,"results":[{"pk":${offset + 1},"public":false,"name":"`,
  );
  res.write(NAME);
  res.end('"}]}');
}

describe('endless pages of 30 MB names', () => {
  it('end with a clear error (the bound, not the step timeout), every output set, under 1 GB of memory', async () => {
    server = await scriptedServer([
      (req, res) => {
        const url = new URL(req.url ?? '/', 'http://x');
        if (url.pathname === '/api/v3/projects/demo/') {
          answers.json(200, { id: 1, slug: 'demo', name: 'Demo', language: { code: 'en' } })(req, res, undefined as never);
        } else if (url.pathname === '/api/v3/projects/demo/environmentvariables/') {
          pageOfNames(res, Number(url.searchParams.get('offset') ?? 0));
        } else {
          answers.json(404, { detail: 'Not found.' })(req, res, undefined as never);
        }
      },
    ]);
    const peakFile = join(mkdtempSync(join(tmpdir(), 'rtd-peak-')), 'peak');
    const run = await runAction({
      inputs: {
        token: TOKEN,
        'base-url': server.url,
        project: 'demo',
        operation: 'env',
        variables: 'KEEP=value-kept-secret',
        prune: 'true',
        timeout: '10m',
        'rate-limit': '600/1m',
      },
      env: { NODE_OPTIONS: `--require "${ROOT}test/support/peak-rss.cjs"`, PEAK_RSS_FILE: peakFile },
      killAfterMs: 200_000,
    });

    expect(run.signal, run.stderr).toBeNull();
    expect(run.code, run.stdout.slice(-2000)).toBe(1);
    const errors = run.annotations.filter((annotation) => annotation.level === 'error');
    expect(errors).toEqual([
      expect.objectContaining({
        message: expect.stringContaining('the list is over 32 MB, its pages together (page 2 was not read to its end); not read further'),
      }),
    ]);
    expect(Object.keys(run.outputs).sort()).toEqual([...OUTPUT_NAMES].sort());
    expect(JSON.parse(run.outputs.results!)).toEqual([expect.objectContaining({ project: 'demo', outcome: 'error' })]);
    expect(run.summary).toContain('| demo |');
    expect(Buffer.byteLength(run.summary)).toBeLessThan(1024 * 1024);
    // The project, then two pages: the second was cut at the list's bound.
    expect(server.hits.map((hit) => new URL(hit.url, 'http://x').pathname)).toEqual([
      '/api/v3/projects/demo/',
      '/api/v3/projects/demo/environmentvariables/',
      '/api/v3/projects/demo/environmentvariables/',
    ]);
    const peak = Number(readFileSync(peakFile, 'utf8'));
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThan(GB);
  });
});

describe('endless GitHub pages of a million `{}`', () => {
  it('end with a clear error, every output set, under 600 MB of memory', async ({ onTestFinished }) => {
    const rtd = await startStandin({ tokens: [PREVIEW_TOKEN] });
    const gh = await startGitHubStandin({ token: GITHUB_TOKEN });
    onTestFinished(() => Promise.all([rtd.close(), gh.close()]).then(() => undefined));
    rtd.addProject({ slug: 'demo', name: 'Demo Docs', versions: [{ slug: String(PR), type: 'external' }] });
    rtd.addBuild('demo', String(PR), { durationMs: 400, outcome: 'success', commit: HEAD, commitFromStart: true });
    gh.addPullRequest({ number: PR, headSha: HEAD });
    // Every page of the pull request's comments: a million empty objects, and a link to the next page.
    const comments = new RegExp(`/issues/${PR}/comments`);
    const page = `[${'{},'.repeat(999_999)}{}]`;
    gh.fault({ kind: 'rewrite', method: 'GET', path: comments, times: 1000, transform: () => page });
    gh.addHeaders('GET', comments, { link: `<${gh.url}/repos/${BASE_REPO}/issues/${PR}/comments?page=2>; rel="next"` });
    const peakFile = join(mkdtempSync(join(tmpdir(), 'rtd-peak-')), 'peak');
    const run = await runAction({
      inputs: previewInputs(rtd),
      event: pullRequestEvent(),
      env: { GITHUB_API_URL: gh.url, NODE_OPTIONS: `--require "${ROOT}test/support/peak-rss.cjs"`, PEAK_RSS_FILE: peakFile },
      killAfterMs: 120_000,
    });

    expect(run.signal, run.stderr.slice(-2000)).toBeNull();
    const said = run.annotations.map((annotation) => `${annotation.level}: ${annotation.message}`).join('\n');
    // GitHub's report failing is a warning: the preview itself is ready, and said so in every output.
    expect(run.code).toBe(0);
    expect(said).toContain(
      'warning: The PR comment could not be written: GET issues/{n}/comments: over 1,000,000 objects, lists and values in one answer; not parsed',
    );
    expect(Object.keys(run.outputs).sort()).toEqual([...OUTPUT_NAMES].sort());
    expect(JSON.parse(run.outputs.results!)).toEqual([expect.objectContaining({ project: 'demo', outcome: 'success' })]);
    expect(run.summary).toContain('demo');
    // Each reading of the comments stopped at its first page, refused unparsed: no next page was asked for.
    const pages = gh.requests.filter((request) => request.method === 'GET' && comments.test(request.path));
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.map((request) => request.query.page ?? '1')).toEqual(pages.map(() => '1'));
    const peak = Number(readFileSync(peakFile, 'utf8'));
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThan(600 * 1024 * 1024);
  });
});
