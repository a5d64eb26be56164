// `env` in-process: environmentStep called with a context over the real client and the loopback
// stand-in; the assertions are on the report it returns and on the requests the stand-in received.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InputError, parseInputs } from '../../src/inputs/inputs.js';
import { environmentStep } from '../../src/operations/env/write-variables.js';
import { reasonWithSubject } from '../../src/domain/project-result.js';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { captureStdout, runStep, standinContext, type StandinTestContext } from './context.ts';

const TOKEN = 'rtd_env_step_token_0123456789';
const NEW_API_KEY = 'new-api-key-Z8d1wR6t';
const NEW_ONE = 'new=one=value with spaces';

let standin: Standin;
let pks: { apiKey: number; keepMe: number; theme: number };
let opened: StandinTestContext | undefined;
const stdout = captureStdout();

beforeEach(async () => {
  standin = await startStandin({ tokens: [TOKEN] });
  standin.addProject({ slug: 'demo', name: 'Demo Docs' });
  pks = {
    apiKey: standin.addEnvVar('demo', { name: 'API_KEY', value: 'old-api-key' }),
    keepMe: standin.addEnvVar('demo', { name: 'KEEP_ME', value: 'keep-me' }),
    theme: standin.addEnvVar('demo', { name: 'THEME', value: 'dark', public: true }),
  };
});
afterEach(async () => {
  await opened?.close();
  opened = undefined;
  await standin.close();
});

function envStep(extra: Record<string, string> = {}) {
  opened = standinContext(standin, {
    token: TOKEN,
    project: 'demo',
    operation: 'env',
    variables: `API_KEY=${NEW_API_KEY}\nNEW_ONE=one`,
    'public-variables': 'THEME=light',
    ...extra,
  });
  return environmentStep(opened.ctx);
}

const envWrites = () =>
  standin.requests.filter((r) => r.path.includes('/environmentvariables/') && r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

describe('environmentStep', () => {
  it('returns the variables done as details and as the `variables` output, and one table as its summary', async () => {
    const report = await envStep();

    expect(report.results).toHaveLength(1);
    const [result] = report.results;
    expect(result).toMatchObject({ project: 'demo', outcome: 'success' });
    const done = [
      { name: 'API_KEY', public: false, action: 'replaced' },
      { name: 'NEW_ONE', public: false, action: 'created' },
      { name: 'THEME', public: true, action: 'replaced' },
      { name: 'KEEP_ME', public: false, action: 'kept' },
    ];
    expect(result!.details).toEqual({ variables: done, dryRun: false });
    expect(report.outputs).toEqual({ variables: JSON.stringify(done) });
    expect(report.summary).toHaveLength(1);
    expect(report.summary[0]).toMatch(/^### Environment variables: demo\n\n\| Name \| Public \| Action \|\n\| --- \| --- \| --- \|\n/);
    expect(report.summary[0]).toContain('| API\\_KEY | no | replaced |\n| NEW\\_ONE | no | created |\n| THEME | yes | replaced |\n');
    expect(report.summary[0]).not.toContain(NEW_API_KEY);
    expect(result!.summarySections).toBeUndefined();

    // Every create before the first delete; only the replaced variables' old copies deleted.
    const base = '/api/v3/projects/demo/environmentvariables/';
    expect(envWrites()).toEqual([
      `POST ${base}`,
      `POST ${base}`,
      `POST ${base}`,
      `DELETE ${base}${pks.apiKey}/`,
      `DELETE ${base}${pks.theme}/`,
    ]);
    expect(standin.envVars('demo').find((v) => v.name === 'API_KEY')?.value).toBe(NEW_API_KEY);
  });

  it('with dry-run sends no write and reports the plan as planned', async () => {
    const report = await envStep({ 'dry-run': 'true', prune: 'true' });

    expect(envWrites()).toEqual([]);
    expect(report.results[0]).toMatchObject({ outcome: 'success', details: { dryRun: true } });
    expect(JSON.parse(report.outputs.variables!)).toContainEqual({ name: 'KEEP_ME', public: false, action: 'deleted' });
    expect(report.summary[0]).toContain('### Environment variables: demo (dry run)');
    expect(report.summary[0]).toContain('| KEEP\\_ME | no | deleted (planned) |');
    expect(report.summary[0]).toContain('Dry run: nothing was changed');
    expect(standin.envVars('demo').map((v) => v.value)).toEqual(['old-api-key', 'keep-me', 'dark']);
    expect(stdout.text()).toContain('Plan: 1 created, 2 replaced, 1 deleted (dry run: nothing will be changed)');
    expect(JSON.parse(report.outputs.variables!)).toEqual([
      { name: 'API_KEY', public: false, action: 'replaced' },
      { name: 'NEW_ONE', public: false, action: 'created' },
      { name: 'THEME', public: true, action: 'replaced' },
      { name: 'KEEP_ME', public: false, action: 'deleted' },
    ]);
  });

  it('when a later create is refused, reports what changed and what did not, in the result and the output', async () => {
    standin.fault({
      kind: 'status',
      status: 400,
      method: 'POST',
      path: '/environmentvariables/',
      after: 1,
      body: '["The total size of all environment variables in the project cannot exceed 256 KB."]',
    });
    const report = await envStep({ prune: 'true' });

    // The reason as every reporter prints it: its subject (the project) first.
    const [result] = report.results.map((shown) => ({ ...shown, reason: reasonWithSubject(shown) }));
    expect(result).toMatchObject({ project: 'demo', outcome: 'error', title: 'Variables partly changed' });
    expect(result!.reason).toContain('demo: creating `NEW_ONE` failed');
    expect(result!.reason).toContain('counts the value being replaced');
    expect(result!.reason).toContain('Changed: `API_KEY` (replaced).');
    expect(result!.reason).toContain('Not changed: `NEW_ONE` (not created), `THEME` (old value kept), `KEEP_ME` (not deleted).');
    expect(JSON.parse(report.outputs.variables!)).toEqual([
      { name: 'API_KEY', public: false, action: 'replaced' },
      { name: 'THEME', public: true, action: 'kept' },
      { name: 'KEEP_ME', public: false, action: 'kept' },
    ]);
    // The one replacement created lost its old copy; nothing else was deleted.
    const base = '/api/v3/projects/demo/environmentvariables/';
    expect(envWrites()).toEqual([`POST ${base}`, `POST ${base}`, `DELETE ${base}${pks.apiKey}/`]);
    const after = Object.fromEntries(standin.envVars('demo').map((v) => [v.name, v]));
    expect(standin.envVars('demo').filter((v) => v.name === 'API_KEY')).toEqual([expect.objectContaining({ value: NEW_API_KEY })]);
    expect(after.NEW_ONE).toBeUndefined();
    expect(after.THEME).toEqual({ pk: pks.theme, name: 'THEME', value: 'dark', public: true });
    expect(after.KEEP_ME).toEqual({ pk: pks.keepMe, name: 'KEEP_ME', value: 'keep-me', public: false });
    expect(stdout.annotations()).toEqual([]); // the step annotates from the report, not the operation
  });

  it('one unknown project fails alone; the output describes the first project', async () => {
    opened = standinContext(standin, { token: TOKEN, project: 'missing, demo', operation: 'env', variables: 'NEW_ONE=one' });
    const report = await environmentStep(opened.ctx);

    expect(report.results.map((r) => [r.project, r.outcome])).toEqual([
      ['missing', 'error'],
      ['demo', 'success'],
    ]);
    expect(report.results[0]!.details).toBeUndefined();
    expect(report.results[0]!.reason).toContain('not found');
    expect(envWrites().every((write) => write.includes('/projects/demo/'))).toBe(true);
    expect(report.outputs.variables).toBe('[]');
    expect(report.summary[0]).not.toContain('Environment variables: missing');
    expect(report.summary[0]).toContain('### Environment variables: demo');
    // The project is asked for first (a clear 404): its variables are never listed.
    expect(standin.count('GET', '/projects/missing/environmentvariables/')).toBe(0);
    expect(standin.count('GET', '/projects/demo/environmentvariables/')).toBe(1);
  });
});

/** The whole step with the env inputs of `envStep`, reported as step.ts reports it. */
const step = (extra: Record<string, string> = {}) =>
  runStep(
    standin,
    {
      project: 'demo',
      operation: 'env',
      variables: `API_KEY=${NEW_API_KEY}\nNEW_ONE=${NEW_ONE}`,
      'public-variables': 'THEME=light',
      ...extra,
    },
    { token: TOKEN },
  );
const byName = () => Object.fromEntries(standin.envVars('demo').map((v) => [v.name, v]));
/** No value given reaches the log, the outputs or the summary. */
function expectNoValue(run: { outputs: Record<string, string>; summary: string }, values: string[]): void {
  for (const value of values) {
    expect(stdout.text()).not.toContain(value);
    expect(run.summary).not.toContain(value);
    expect(JSON.stringify(run.outputs)).not.toContain(value);
  }
}

describe('env, reported as the step reports it', () => {
  it('the plan in the log; the summary’s first table keeps only columns with a value, the variables’ table below', async () => {
    const run = await step();

    expect(run.code).toBe(0);
    expect(stdout.text()).toContain('Plan: 1 created, 2 replaced, 1 kept');
    // An env run has no version, build or docs.
    expect(run.summary).toContain('| Project | State |\n| --- | --- |\n| demo | ✅ passed |\n');
    expect(run.summary).toContain('| API\\_KEY | no | replaced |');
    expect(run.summary).toContain('| THEME | yes | replaced |');
    expect(run.summary).toContain('| KEEP\\_ME | no | kept |');
    expect(run.summary).toContain('re-created on each run');
    expect(stdout.annotations().filter((a) => a.level === 'error')).toEqual([]);
  });

  it('prune deletes the variables not named, after the creates', async () => {
    const run = await step({ prune: 'true' });

    expect(run.code).toBe(0);
    expect(Object.keys(byName()).sort()).toEqual(['API_KEY', 'NEW_ONE', 'THEME']);
    expect(JSON.parse(run.outputs.variables!)).toContainEqual({ name: 'KEEP_ME', public: false, action: 'deleted' });
    expect(envWrites().at(-1)).toBe(`DELETE /api/v3/projects/demo/environmentvariables/${pks.keepMe}/`);
    expectNoValue(run, [NEW_API_KEY, NEW_ONE]);
  });

  it('the outputs stay valid JSON when a value equals a word they use (true, false), masked as it is', async () => {
    const run = await step({ variables: 'FLAG=true\nOTHER=false', 'public-variables': '' });

    expect(run.code).toBe(0);
    expect(run.outputs.success).toBe('true');
    expect(JSON.parse(run.outputs.variables!)).toContainEqual({ name: 'FLAG', public: false, action: 'created' });
    expect(JSON.parse(run.outputs.results!)[0]).toMatchObject({ project: 'demo', success: true });
    expect(byName().FLAG!.value).toBe('true');
  });

  it('a create whose answer was lost is adopted, not created twice', async () => {
    standin.fault({ kind: 'reset-after-processing', method: 'POST', path: '/environmentvariables/' });
    const run = await step();

    expect(run.code).toBe(0);
    expect(standin.count('POST', '/environmentvariables/')).toBe(3);
    expect(standin.envVars('demo').filter((v) => v.name === 'API_KEY')).toEqual([expect.objectContaining({ value: NEW_API_KEY })]);
    expect(
      stdout
        .annotations()
        .filter((a) => a.level === 'warning')
        .map((a) => a.title),
    ).toEqual(['Answer lost']);
  });

  it('keeps every old value and says what did not change when every create fails with a 500', async () => {
    standin.fault({ kind: 'status', status: 500, method: 'POST', path: '/environmentvariables/', times: 100 });
    const run = await step({ prune: 'true' });

    expect(run.code).toBe(1);
    expect(standin.envVars('demo')).toEqual([
      { pk: pks.apiKey, name: 'API_KEY', value: 'old-api-key', public: false },
      { pk: pks.keepMe, name: 'KEEP_ME', value: 'keep-me', public: false },
      { pk: pks.theme, name: 'THEME', value: 'dark', public: true },
    ]);
    expect(standin.count('DELETE', '/environmentvariables/')).toBe(0);
    // The first create was tried three times, looking for a lost create in between; no other was tried.
    expect(standin.count('POST', '/environmentvariables/')).toBe(3);
    const [error] = stdout.annotations().filter((a) => a.level === 'error');
    expect(error!.title).toBe('Variables not changed: demo');
    expect(error!.message).toMatch(/^creating `API_KEY` failed/); // the title names the project (issue 35)
    expect(error!.message).toContain('Nothing was changed.');
    expect(error!.message).toContain(
      'Not changed: `API_KEY` (old value kept), `NEW_ONE` (not created), `THEME` (old value kept), `KEEP_ME` (not deleted).',
    );
    expect(JSON.parse(run.outputs.variables!)).toEqual([
      { name: 'API_KEY', public: false, action: 'kept' },
      { name: 'THEME', public: true, action: 'kept' },
      { name: 'KEEP_ME', public: false, action: 'kept' },
    ]);
    expect(run.summary).toContain('Nothing was changed.');
    expectNoValue(run, [NEW_API_KEY, NEW_ONE]);
  });

  it('the same variables on several projects, each reported', async () => {
    standin.addProject({ slug: 'other' });
    const run = await step({ project: 'demo, other' });

    expect(run.code).toBe(0);
    expect(standin.envVars('other').map((v) => [v.name, v.value, v.public])).toEqual([
      ['API_KEY', NEW_API_KEY, false],
      ['NEW_ONE', NEW_ONE, false],
      ['THEME', 'light', true],
    ]);
    const results = JSON.parse(run.outputs.results!) as { project: string; variables: unknown }[];
    expect(results.map((r) => r.project)).toEqual(['demo', 'other']);
    expect(results[0]!.variables).toEqual(JSON.parse(run.outputs.variables!));
    expect(results[1]!.variables).toEqual([
      { name: 'API_KEY', public: false, action: 'created' },
      { name: 'NEW_ONE', public: false, action: 'created' },
      { name: 'THEME', public: true, action: 'created' },
    ]);
    expect(run.summary).toContain('### Environment variables: other');
    expectNoValue(run, [NEW_API_KEY, NEW_ONE]);
  });
});

describe('env inputs refused before any request', () => {
  // Through dist/ go a reserved name and a line without `=` (test/e2e/env.test.ts); every rule is
  // tested on its own in test/env-variables.test.ts and test/env-desired.test.ts.
  const base = {
    token: TOKEN,
    project: 'demo',
    operation: 'env',
    variables: `API_KEY=${NEW_API_KEY}\nNEW_ONE=${NEW_ONE}`,
    'public-variables': 'THEME=light',
  };
  it.each([
    ['a name with a space', { variables: `API_KEY=${NEW_API_KEY}\nbad name=1` }, 'Input `variables`, line 2: the name is not valid'],
    ['a name starting with __', { 'public-variables': '\n__X=1' }, 'Input `public-variables`, line 2: the name is not allowed'],
    [
      'a name in both inputs',
      { 'public-variables': 'API_KEY=light' },
      'Input `public-variables`, line 1: the name is already set at input `variables`, line 1',
    ],
    [
      'a name twice in one input',
      { variables: `API_KEY=${NEW_API_KEY}\nAPI_KEY=${NEW_ONE}` },
      'Input `variables`, line 2: the name is already set',
    ],
    ['an empty value (a missing secret)', { variables: 'API_KEY=' }, 'Input `variables`, line 1: the value is empty'],
    [
      'prune with no variable named',
      { variables: '', 'public-variables': '', prune: 'true' },
      'Input `prune`: `true` needs at least one variable',
    ],
  ])('%s', (_case, given, message) => {
    let refusal: unknown;
    try {
      parseInputs({ ...base, 'base-url': standin.url, ...given });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(InputError);
    expect((refusal as Error).message).toContain(message);
    for (const value of [NEW_API_KEY, NEW_ONE]) expect((refusal as Error).message).not.toContain(value);
  });
});
