// Issue 21's "Done when" for sizes, through dist/ as the runner runs it: a service whose list goes
// on without end, each page a 30 MB name. Before, 51 such pages took the step out of memory at
// 4.3 GB with no output and no summary. Now the list ends at its bound with a clear error, every
// output is set, the summary is written, all well within the timeout and under 1 GB of memory
// (the child's own peak, as the kernel counts it: test/support/peak-rss.cjs).
import { mkdtempSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OUTPUT_NAMES } from '../../src/reporting/report.js';
import { ROOT } from '../../harness/action-metadata.ts';
import { runAction } from '../../harness/run-action.ts';
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
