// The per-project runner is the one place a project's result is made (issue 31): from what the
// operation returns, or from what ended it with the last state the operation recorded.
import { describe, expect, it } from 'vitest';
import { continueFrom, forEachProject } from '../src/operations/run-projects.js';
import type { OperationContext, ProjectOperation } from '../src/operations/types.js';
import type { Build } from '../src/readthedocs/schemas.js';
import { DeadlineError } from '../src/util/abort.js';
import { recordingPort } from './support/recording-port.js';

const BASE = 'https://app.readthedocs.org';

function context() {
  const port = recordingPort();
  const ctx = { inputs: { baseUrl: BASE, timeoutMs: 60_000 }, log: port.log } as unknown as OperationContext;
  return { ctx, lines: port.lines };
}

function build(state: string, extra: Partial<Build> = {}): Build {
  return {
    id: 7,
    project: 'demo',
    version: 'latest',
    state: { code: state },
    success: null,
    commit: 'a'.repeat(40),
    created: null,
    duration: null,
    urls: { build: 'https://app.readthedocs.org/projects/demo/builds/7/', project: null, version: null },
    ...extra,
  } as Build;
}

describe('forEachProject', () => {
  it("makes each result from the operation's conclusion and what it saw", async () => {
    const { ctx } = context();
    const operation: ProjectOperation<{ n: number }> = async (_ctx, { name, seen }) => {
      seen.build(build('finished', { success: true, duration: 12 }));
      return { outcome: 'success', details: { n: name.length }, summarySections: [] };
    };
    const results = await forEachProject(ctx, ['demo', 'other'], operation);
    expect(results).toEqual([
      {
        project: 'demo',
        outcome: 'success',
        version: 'latest',
        buildId: 7,
        buildUrl: 'https://app.readthedocs.org/projects/demo/builds/7/',
        state: 'finished',
        success: true,
        commit: 'a'.repeat(40),
        duration: 12,
        details: { n: 4 },
      },
      expect.objectContaining({ project: 'other', outcome: 'success', details: { n: 5 } }),
    ]);
  });

  it('a timeout reports the last state recorded: the build that keeps running', async () => {
    const { ctx, lines } = context();
    const results = await forEachProject(ctx, ['demo'], async (_ctx, { seen }) => {
      seen.build(build('building'));
      throw new DeadlineError();
    });
    expect(results[0]).toMatchObject({ project: 'demo', outcome: 'timed-out', title: 'Timed out', buildId: 7, state: 'building' });
    expect(results[0]!.reason).toContain('Last state of build #7');
    expect(lines.some((line) => line.includes('Last state of build #7'))).toBe(true);
  });

  it('a timeout after the build ended says what the step was doing, and not that the build keeps running (issue 49)', async () => {
    const { ctx } = context();
    const results = await forEachProject(ctx, ['demo'], async (_ctx, { seen }) => {
      seen.build(build('finished', { success: true }));
      seen.doing('checking the links of the changed pages (the link check)');
      throw new DeadlineError();
    });
    expect(results[0]).toMatchObject({ outcome: 'timed-out', state: 'finished' });
    expect(results[0]!.reason).toMatch(
      /^timed out after \S+ \(input `timeout`\) while checking the links of the changed pages \(the link check\)\. /,
    );
    expect(results[0]!.reason).toContain('build #7 (https://app.readthedocs.org/projects/demo/builds/7/) had succeeded');
    expect(results[0]!.reason).not.toContain('keeps running');
    expect(results[0]).not.toHaveProperty('activity');
  });

  it('a service link that is not a page of the service is dropped, and said once', async () => {
    const { ctx, lines } = context();
    const results = await forEachProject(ctx, ['demo'], async (_ctx, { seen }) => {
      const elsewhere = build('building', { urls: { build: 'javascript:alert(1)', project: null, version: null } as Build['urls'] });
      seen.build(elsewhere);
      seen.build(elsewhere);
      return { outcome: 'triggered' };
    });
    expect(results[0]!.buildUrl).toBeUndefined();
    expect(lines.filter((line) => line.includes('not an http(s) page of the service'))).toHaveLength(1);
  });
});

describe('continueFrom', () => {
  it("keeps what was concluded (links, chart) when a later check throws, with the error's outcome", async () => {
    const { ctx } = context();
    const results = await forEachProject(ctx, ['demo'], async (c, run) => {
      run.seen.build(build('finished', { success: true }));
      const built = { outcome: 'success' as const, previewUrl: 'https://demo--7.org.readthedocs.build/en/7/', summarySections: ['chart'] };
      return continueFrom(c, run, built, async () => {
        throw new DeadlineError();
      });
    });
    expect(results[0]).toMatchObject({
      outcome: 'timed-out',
      previewUrl: 'https://demo--7.org.readthedocs.build/en/7/',
      summarySections: ['chart'],
      buildId: 7,
    });
  });
});
