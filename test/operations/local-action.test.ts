// `run()` as @github/local-action drives it (docs/development.md): it imports src/step.ts with its
// own stand-in for @actions/core, which has no `ExitCode`, and passes action.yml's defaults
// unexpanded (`github-token` is the literal `${{ github.token }}`). Every failure path must end
// cleanly: an annotation, `process.exitCode = 1`, and nothing thrown.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { run } from '../../src/step.js';
import { parseOutputFile } from '../../harness/run-action.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { captureStdout } from './context.ts';

vi.mock('@actions/core', async (importOriginal) => {
  const { ExitCode: _dropped, ...withoutExitCode } = await importOriginal<typeof import('@actions/core')>();
  return withoutExitCode;
});

const TOKEN = 'rtd_local_action_token_0123456789';
const dir = mkdtempSync(join(tmpdir(), 'rtd-local-action-'));
const outputFile = join(dir, 'output');
const stdout = captureStdout();
let standin: Standin;

beforeEach(async () => {
  standin = await startStandin({ tokens: [TOKEN] });
  standin.addProject({ slug: 'demo', name: 'Demo Docs' });
  writeFileSync(outputFile, '');
  for (const name of ['GITHUB_EVENT_PATH', 'GITHUB_EVENT_NAME', 'GITHUB_SHA', 'GITHUB_REPOSITORY', 'HTTPS_PROXY', 'HTTP_PROXY']) {
    vi.stubEnv(name, '');
  }
  vi.stubEnv('GITHUB_OUTPUT', outputFile);
  vi.stubEnv('GITHUB_STEP_SUMMARY', join(dir, 'summary'));
  writeFileSync(join(dir, 'summary'), '');
  // As local-action passes action.yml's default of github-token: unexpanded.
  vi.stubEnv('INPUT_GITHUB-TOKEN', '${{ github.token }}');
});
afterEach(async () => {
  vi.unstubAllEnvs();
  process.exitCode = undefined;
  await standin.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function giveInputs(inputs: Record<string, string>): void {
  for (const [name, value] of Object.entries(inputs)) vi.stubEnv(`INPUT_${name.toUpperCase()}`, value);
}
const errors = () => stdout.annotations().filter((a) => a.level === 'error');

describe('run() under a core without ExitCode, as @github/local-action gives it', () => {
  it('is really run without ExitCode', async () => {
    const core = await import('@actions/core');
    expect('ExitCode' in core).toBe(false);
  });

  it('an invalid input: an annotation and exit code 1, nothing thrown, no request', async () => {
    giveInputs({ token: TOKEN, 'base-url': standin.url, project: 'demo', operation: 'biuld' });

    await expect(run()).resolves.toBeUndefined();

    expect(process.exitCode).toBe(1);
    expect(errors()).toEqual([expect.objectContaining({ title: 'Invalid input', message: expect.stringContaining('`operation`') })]);
    expect(standin.requests).toEqual([]);
  });

  it('a build that fails: its annotation and exit code 1, nothing thrown', async () => {
    standin.onTrigger('demo', 'latest', { durationMs: 300, outcome: 'failure' });
    giveInputs({ token: TOKEN, 'base-url': standin.url, project: 'demo', operation: 'build', 'poll-interval': '1s' });

    await expect(run()).resolves.toBeUndefined();

    expect(process.exitCode).toBe(1);
    expect(errors().map((a) => a.title)).toContain('Build failed: demo latest');
    expect(parseOutputFile(readFileSync(outputFile, 'utf8'))).toMatchObject({ success: 'false', state: 'finished' });
  });

  it('a build that succeeds: exit code left alone', async () => {
    standin.onTrigger('demo', 'latest', { durationMs: 300, outcome: 'success' });
    giveInputs({ token: TOKEN, 'base-url': standin.url, project: 'demo', operation: 'build', 'poll-interval': '1s' });

    await run();

    expect(process.exitCode).toBeUndefined();
    expect(errors()).toEqual([]);
    expect(parseOutputFile(readFileSync(outputFile, 'utf8'))).toMatchObject({ success: 'true', state: 'finished' });
  });
});
