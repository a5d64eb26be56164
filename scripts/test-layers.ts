// How the tests' time splits between the layers: the summed file time (endTime - startTime of each
// test file, as vitest's JSON reporter gives it) of the end-to-end files (test/e2e/) against all.
// Issue 22 wants end-to-end files at most 40% of it.
//   npm run test:layers                 # runs `vitest run` (build dist/ first) with the JSON reporter
//   npm run test:layers -- report.json  # reads a report already written by --reporter=json
// Exits 1 when the share is above the limit (or the run has failed files), 0 otherwise.
import './node-check.ts';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { ROOT } from '../harness/action-metadata.ts';

export const E2E_LIMIT = 0.4;

interface FileResult {
  name: string;
  startTime: number;
  endTime: number;
  status: string;
}

export interface LayerShare {
  files: { name: string; ms: number; e2e: boolean }[];
  totalMs: number;
  e2eMs: number;
  share: number;
}

export function layerShare(report: { testResults: FileResult[] }): LayerShare {
  const files = report.testResults.map((file) => {
    const name = relative(ROOT, file.name);
    return { name, ms: file.endTime - file.startTime, e2e: name.startsWith('test/e2e/') };
  });
  const totalMs = files.reduce((sum, file) => sum + file.ms, 0);
  const e2eMs = files.filter((file) => file.e2e).reduce((sum, file) => sum + file.ms, 0);
  return { files, totalMs, e2eMs, share: totalMs === 0 ? 0 : e2eMs / totalMs };
}

function readReport(path: string | undefined): { testResults: FileResult[] } {
  if (path !== undefined) return JSON.parse(readFileSync(path, 'utf8')) as { testResults: FileResult[] };
  const dir = mkdtempSync(join(tmpdir(), 'rtd-test-layers-'));
  try {
    const out = join(dir, 'report.json');
    spawnSync(join(ROOT, 'node_modules/.bin/vitest'), ['run', '--reporter=json', `--outputFile=${out}`], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    return JSON.parse(readFileSync(out, 'utf8')) as { testResults: FileResult[] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  const report = readReport(process.argv[2]);
  const { files, totalMs, e2eMs, share } = layerShare(report);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const e2e = files.filter((file) => file.e2e).sort((a, b) => b.ms - a.ms);
  for (const file of e2e) process.stdout.write(`${seconds(file.ms).padStart(8)}  ${file.name}\n`);
  process.stdout.write(
    `end to end: ${e2e.length} of ${files.length} files, ${seconds(e2eMs)} of ${seconds(totalMs)} summed file time: ` +
      `${(share * 100).toFixed(1)}% (at most ${E2E_LIMIT * 100}%)\n`,
  );
  const failed = report.testResults.filter((file) => file.status === 'failed');
  if (failed.length > 0)
    process.stdout.write(
      `${failed.length} test files did not pass: the share is of a broken run (${failed.map((file) => relative(ROOT, file.name)).join(', ')})\n`,
    );
  process.exitCode = share > E2E_LIMIT || failed.length > 0 ? 1 : 0;
}
