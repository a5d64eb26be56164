// `operation: env` as a user runs it: the bundled action against the loopback stand-in. Through
// dist/ go issue 4's scenario and what needs the real process: values read verbatim from INPUT_*
// (a heredoc), masked before anything is printed (debug on), and two refusals of an input (the
// step's failure paths before any request). The rest of what the operation decides (the plan, the
// summary, prune, dry run, lost answers, every create failing with a 500, partial failures,
// several projects) is tested in-process in test/operations/env.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { GITHUB_TOKEN, runAction, type ActionRun } from '../../harness/run-action.ts';
import { listed } from '../../src/inputs/declarations.ts';
import { readersOf } from '../../src/operations/index.ts';

const TOKEN = 'rtd_secret_token_abcdef123456';
const OLD_API_KEY = 'old-api-key-Q7f3kP0x';
const KEEP_ME = 'keep-me-V9s2mL4c';
const OLD_THEME = 'dark-theme-old';
const NEW_API_KEY = 'new-api-key-Z8d1wR6t';
const NEW_ONE = 'new=one=value with spaces';
const THEME = 'light';
const CERTIFICATE = '-----BEGIN TEST KEY-----\nMIIBfirstLineOfTheKeyBody\nsecondLineOfTheKeyBody==\n-----END TEST KEY-----';
const DEBUG = { ACTIONS_STEP_DEBUG: 'true', RUNNER_DEBUG: '1' };

let standin: Standin;
let pks: { apiKey: number; keepMe: number; theme: number };

beforeEach(async () => {
  standin = await startStandin({ tokens: [TOKEN] });
  standin.addProject({ slug: 'demo', name: 'Demo Docs' });
  pks = {
    apiKey: standin.addEnvVar('demo', { name: 'API_KEY', value: OLD_API_KEY }),
    keepMe: standin.addEnvVar('demo', { name: 'KEEP_ME', value: KEEP_ME }),
    theme: standin.addEnvVar('demo', { name: 'THEME', value: OLD_THEME, public: true }),
  };
});
afterEach(async () => {
  await standin.close();
});

function inputs(extra: Record<string, string> = {}): Record<string, string> {
  return {
    token: TOKEN,
    'base-url': standin.url,
    'rate-limit': '600/1m',
    project: 'demo',
    operation: 'env',
    variables: `API_KEY=${NEW_API_KEY}\nNEW_ONE=${NEW_ONE}`,
    'public-variables': `THEME=${THEME}`,
    ...extra,
  };
}

/** Every value given is masked before anything else is printed, and shown nowhere. */
function expectNoValue(run: ActionRun, values: string[]): void {
  const lines = run.stdout.split('\n');
  const masks = lines.filter((line) => line.startsWith('::add-mask::'));
  expect(lines.slice(0, masks.length)).toEqual(masks);
  const shown = lines.filter((line) => !line.startsWith('::add-mask::')).join('\n');
  for (const secret of [TOKEN, GITHUB_TOKEN, ...values]) {
    expect(
      masks.some((mask) => mask.includes(secret.split('\n')[0]!)),
      `${secret} masked`,
    ).toBe(true);
    for (const piece of secret.split('\n')) {
      expect(shown, 'stdout').not.toContain(piece);
      expect(run.stderr, 'stderr').not.toContain(piece);
      expect(run.summary, 'summary').not.toContain(piece);
      expect(JSON.stringify(run.outputs), 'outputs').not.toContain(piece);
    }
  }
}

const byName = () => Object.fromEntries(standin.envVars('demo').map((v) => [v.name, v]));
const errors = (run: ActionRun) => run.annotations.filter((a) => a.level === 'error');

describe('operation env', () => {
  it('replaces the named variables, creates the new one (a heredoc read verbatim), keeps the others, without printing a value (debug on)', async () => {
    const run = await runAction({
      inputs: inputs({ variables: `API_KEY=${NEW_API_KEY}\nNEW_ONE=${NEW_ONE}\nSIGNING_KEY<<EOF\n${CERTIFICATE}\nEOF\n` }),
      env: DEBUG,
    });

    expect(run.code, run.stdout).toBe(0);
    const after = standin.envVars('demo');
    expect(after.map((v) => v.name).sort()).toEqual(['API_KEY', 'KEEP_ME', 'NEW_ONE', 'SIGNING_KEY', 'THEME']);
    expect(byName().SIGNING_KEY).toMatchObject({ value: CERTIFICATE, public: false });
    expect(byName().API_KEY).toMatchObject({ value: NEW_API_KEY, public: false });
    expect(byName().NEW_ONE).toMatchObject({ value: NEW_ONE, public: false });
    expect(byName().KEEP_ME).toEqual({ pk: pks.keepMe, name: 'KEEP_ME', value: KEEP_ME, public: false });
    expect(byName().THEME).toMatchObject({ value: THEME, public: true });
    // GITHUB_OUTPUT and the summary file (what they hold is tested in-process, test/operations/env.test.ts).
    expect(JSON.parse(run.outputs.variables!)).toContainEqual({ name: 'SIGNING_KEY', public: false, action: 'created' });
    expect(run.summary).toContain('| SIGNING\\_KEY | no | created |');
    expect(run.stdout).toContain('::debug::'); // debug output was on
    expect(errors(run)).toEqual([]);
    expectNoValue(run, [NEW_API_KEY, NEW_ONE, THEME, CERTIFICATE]);
  });

  it('warns of an input it does not read that would change nothing (`poll-interval`), and writes the variables (issue 41)', async () => {
    const run = await runAction({ inputs: inputs({ 'poll-interval': '5s' }) });

    expect(run.code, run.stdout).toBe(0);
    expect(byName().NEW_ONE).toMatchObject({ value: NEW_ONE });
    expect(errors(run)).toEqual([]);
    const warnings = run.annotations.filter((a) => a.title === 'Input not read');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 'warning' });
    expect(warnings[0]!.message).toBe(
      `Input \`poll-interval\`: \`env\` does not read it, so it is ignored (only ${listed(readersOf('poll-interval'), 'and')} read it)`,
    );
    expect(readersOf('poll-interval')).not.toContain('env');
  });

  // Each refusal's wording is unit-tested (test/env-variables.test.ts); through the process goes one.
  it.each([['a reserved name', { variables: 'READTHEDOCS_X=1' }, 'Input `variables`, line 1: the name is reserved']])(
    'refuses %s before any request',
    async (_case, given, message) => {
      const run = await runAction({ inputs: inputs(given), env: DEBUG });

      expect(run.code).toBe(1);
      expect(standin.requests).toEqual([]);
      expect(errors(run)).toHaveLength(1);
      expect(errors(run)[0]).toMatchObject({ title: 'Invalid input' });
      expect(errors(run)[0]!.message).toContain(message);
      expect(standin.envVars('demo').map((v) => v.value)).toEqual([OLD_API_KEY, KEEP_ME, OLD_THEME]);
      const shown = run.stdout
        .split('\n')
        .filter((line) => !line.startsWith('::add-mask::'))
        .join('\n');
      for (const value of [NEW_API_KEY, NEW_ONE, NEW_ONE.replaceAll('=', ' ')]) expect(shown).not.toContain(value);
    },
  );

  it('refuses a secret of several lines pasted without the heredoc form, with no 12-character piece of it anywhere', async () => {
    // `KEYS=${{ secrets.KEYS }}` where the secret holds two Fernet keys: the second line reads as a
    // name, and the runner masks the secret's lines only whole.
    const fernet = 'T3yJ-kP9qW2zLm8Xv4Rb7Nc1Hs6Ud0Ge5Ya3Fo_Wt8Q=';
    const run = await runAction({ inputs: inputs({ variables: `KEYS=abc=\n${fernet}` }), env: DEBUG });

    expect(run.code).toBe(1);
    expect(standin.requests).toEqual([]);
    expect(errors(run).map((error) => error.message)).toEqual([
      expect.stringMatching(
        /^Input `variables`, line 2: the name is not valid: use letters, digits and underscores only; or a value of several lines/,
      ),
    ]);
    const everything = [run.stdout, run.stderr, run.summary, ...Object.values(run.outputs)].join('\n');
    for (let start = 0; start + 12 <= fernet.length; start++) expect(everything).not.toContain(fernet.slice(start, start + 12));
    expect(Object.keys(run.outputs)).toContain('results');
  });
});
