// `npm run test:layers`: the end-to-end files' share of the summed file time, from vitest's JSON report.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../harness/action-metadata.ts';
import { E2E_LIMIT, layerShare } from '../../scripts/test-layers.ts';

const file = (name: string, startTime: number, endTime: number) => ({ name: join(ROOT, name), startTime, endTime, status: 'passed' });

describe('layerShare', () => {
  it('sums each file’s end minus its start, end to end (test/e2e/) against all', () => {
    const share = layerShare({
      testResults: [
        file('test/e2e/build.test.ts', 0, 3000),
        file('test/inputs.test.ts', 500, 1500),
        file('test/e2e-like.test.ts', 0, 6000),
      ],
    });
    expect(share.files.map((f) => [f.name, f.ms, f.e2e])).toEqual([
      ['test/e2e/build.test.ts', 3000, true],
      ['test/inputs.test.ts', 1000, false],
      ['test/e2e-like.test.ts', 6000, false],
    ]);
    expect(share).toMatchObject({ totalMs: 10_000, e2eMs: 3000, share: 0.3 });
    expect(share.share).toBeLessThanOrEqual(E2E_LIMIT);
  });

  it('is 0 of an empty run', () => {
    expect(layerShare({ testResults: [] }).share).toBe(0);
  });
});
