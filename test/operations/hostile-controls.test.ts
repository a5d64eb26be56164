// Bidi and C1 controls from the service (issue 39, item 5) in `preview`, in-process: a failed build
// whose command and output hold U+202E and U+2066-2069 reaches the PR comment, the commit status,
// the deployment, the job summary, the annotations and the log only as visible escapes. The same
// through dist/ for `health`'s issue: test/e2e/health-issue.test.ts; the escaping itself:
// test/untrusted-text.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureStdout } from './context.ts';
import { HEAD, onlyComment, PR, type PreviewStage, previewStage, runPreview, summaryOf } from './preview-context.ts';

const stdout = captureStdout();
let stage: PreviewStage;

beforeEach(async () => {
  stage = await previewStage();
});
afterEach(async () => {
  await stage.close();
});

const RAW = /[\u0080-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe('controls that reorder text, from a failed build', () => {
  it('reach no comment, status, deployment, summary, annotation or log line raw', async () => {
    const { rtd, gh } = stage;
    rtd.addBuild('demo', String(PR), {
      durationMs: 30_000,
      outcome: 'failure',
      commit: HEAD,
      commitFromStart: true,
      failingCommand: {
        command: 'sphinx-build \u202Egnp.exe\u202C docs',
        output: 'Warning, treated as error:\n\u2066isolated\u2069 \u2067rtl\u2069 \u2068first\u2069 \u202Etxt.exe \u009b2J',
        exit_code: 2,
      },
    });
    const report = await runPreview(stage);
    expect(report.results[0]).toMatchObject({ project: 'demo', outcome: 'failed' });
    const comment = onlyComment(gh).body;
    // The comment's line says what stopped Sphinx (its `-W`); the summary quotes the command, its controls shown as escapes.
    expect(comment).toContain('Sphinx stopped on its first warning');
    expect(summaryOf(report)).toContain('sphinx-build \\u202egnp.exe\\u202c docs');
    expect(comment).toContain('\\u2066isolated\\u2069');
    const written = [
      comment,
      summaryOf(report),
      stdout.text(),
      ...gh.statuses(HEAD).map((s) => s.description ?? ''),
      ...gh.deployments().flatMap((d) => [d.description ?? '', ...d.statuses.map((s) => s.description)]),
      ...gh.requests.map((r) => r.body ?? ''),
    ];
    for (const text of written) expect(text).not.toMatch(RAW);
  });
});
