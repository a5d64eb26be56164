// Property-based garbage through a whole step, in-process on a fake clock: any answer from the
// network ends in a clear, named error (or, for a garbled trigger answer, the build found and
// followed), never an unhandled exception or a stack trace in what the user reads.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyText } from '../support/arbitraries.ts';
import { captureStdout, clockedStandin, runStep, type StepRun } from './context.ts';

const TOKEN = 'rtd_fuzz_token_0123456789';
const STACK_LINE = /\n\s+at /;
const stdout = captureStdout();
const stage = clockedStandin({ tokens: [TOKEN] }, (standin) => standin.addProject({ slug: 'demo' }));

const step = (more: Record<string, string> = {}) =>
  runStep(stage.standin, { operation: 'build', project: 'demo', 'poll-interval': '200ms', ...more }, { clock: stage.clock, token: TOKEN });

function expectCleanFailure(run: StepRun): void {
  expect(run.code).toBe(1);
  const annotations = stdout.annotations();
  const errors = annotations.filter((annotation) => annotation.level === 'error');
  expect(errors).toHaveLength(1);
  expect(errors[0]!.title).toMatch(/^[A-Z][\w ]+: demo/);
  expect(errors[0]!.title).not.toMatch(/^Unexpected error/);
  for (const annotation of annotations) expect(annotation.message).not.toMatch(STACK_LINE);
  expect(stdout.text()).not.toMatch(STACK_LINE);
  expect(run.outputs.success).toBe('false');
  expect(run.outputs.results).not.toBe('');
}

describe('a whole step meets garbage', () => {
  // A fixed seed: the same garbage on every run, chosen by fast-check rather than by hand.
  const garbage = fc.sample(anyText({ minLength: 1, maxLength: 300 }), { numRuns: 3, seed: 20261122 });

  for (const [index, text] of garbage.entries()) {
    it(`garbage #${index + 1} in every answer: a named error after a few attempts, nothing created`, async () => {
      stage.standin.fault({ kind: 'status', status: 200, body: text, contentType: 'application/json', times: 1000 });
      expectCleanFailure(await step({ timeout: '3s' }));
      // Never more attempts than the client's limit (6), and nothing past the first read.
      expect(stage.standin.requests.length).toBeLessThanOrEqual(6);
      expect(new Set(stage.standin.requests.map((request) => request.path))).toEqual(new Set(['/api/v3/projects/demo/']));
      expect(stage.standin.builds('demo')).toHaveLength(0);
    });
  }

  it('a build answer of the wrong shape: "Unexpected response", one build', async () => {
    stage.standin.onTrigger('demo', 'latest', { durationMs: 3000, outcome: 'success' });
    stage.standin.fault({
      kind: 'status',
      method: 'GET',
      path: /\/builds\/\d+\/$/,
      status: 200,
      body: JSON.stringify({ id: 'one', state: 'building' }),
    });
    expectCleanFailure(await step({ version: 'latest' }));
    expect(stdout.annotations().find((annotation) => annotation.level === 'error')!.title).toBe(
      'Unexpected response from Read the Docs: demo latest',
    );
    expect(stage.standin.builds('demo')).toHaveLength(1);
  });

  it('a garbled answer to the trigger: the build it made is found and followed, one build, green', async () => {
    stage.standin.onTrigger('demo', 'latest', { durationMs: 1000, outcome: 'success' });
    stage.standin.fault({
      kind: 'rewrite',
      method: 'POST',
      path: /\/builds\/$/,
      transform: () => JSON.stringify({ triggered: true, build: { id: 'x' } }),
    });
    const run = await step({ version: 'latest' });
    expect(run.code, stdout.text()).toBe(0);
    expect(stage.standin.count('POST', /\/builds\/$/)).toBe(1);
    expect(stage.standin.builds('demo')).toHaveLength(1);
    expect(run.outputs['build-id']).toBe(String(stage.standin.builds('demo')[0]!.id));
    expect(stdout.annotations().find((annotation) => annotation.level === 'warning')!.title).toBe('Answer lost');
  });
});
