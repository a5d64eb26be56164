// `env` in-process: environmentStep called with a context over the real client and the loopback
// stand-in; the assertions are on the report it returns and on the requests the stand-in received.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { environmentStep } from '../../src/operations/env/apply-environment.js';
import { startStandin, type Standin } from '../support/rtd-standin.ts';
import { captureStdout, standinContext, type TestContext } from './context.ts';

const TOKEN = 'rtd_env_step_token_0123456789';
const NEW_API_KEY = 'new-api-key-Z8d1wR6t';

let standin: Standin;
let pks: { apiKey: number; keepMe: number; theme: number };
let opened: TestContext | undefined;
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

    const [result] = report.results;
    expect(result).toMatchObject({ project: 'demo', outcome: 'error', title: 'Variables partly changed' });
    expect(result!.reason).toContain('demo: creating `NEW_ONE` failed');
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
    expect(report.outputs.variables).toBe('[]');
    expect(report.summary[0]).not.toContain('Environment variables: missing');
    expect(report.summary[0]).toContain('### Environment variables: demo');
    // The project is asked for first (a clear 404): its variables are never listed.
    expect(standin.count('GET', '/projects/missing/environmentvariables/')).toBe(0);
    expect(standin.count('GET', '/projects/demo/environmentvariables/')).toBe(1);
  });
});
