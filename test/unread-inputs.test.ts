// The rule both front ends apply (src/operations/unread-inputs.ts): an input given to an operation
// that does not read it is refused, or a warning when it would change nothing (issue 41). Through
// dist/: test/e2e/build.test.ts (refusals before any request) and test/e2e/env.test.ts (the warning).
import { describe, expect, it } from 'vitest';
import { declarationOf, INPUT_NAMES, type InputName } from '../src/inputs/declarations.ts';
import { INPUT_DEFAULTS, OPERATIONS } from '../src/inputs/inputs.ts';
import { COMMON_INPUTS, OPERATION_DESCRIPTORS, readersOf } from '../src/operations/index.ts';
import { givenInputs, unreadInputMessage, unreadInputs, unreadOnRunner } from '../src/operations/unread-inputs.ts';
import { readActionMetadata } from '../harness/action-metadata.ts';

/** What the runner passes when the workflow gives `given`: every input at action.yml's default, then those. */
function runnerInputs(given: Partial<Record<InputName, string>>): Record<InputName, string> {
  const { inputs } = readActionMetadata();
  const raw = Object.fromEntries(INPUT_NAMES.map((name) => [name, inputs[name]?.default ?? ''])) as Record<InputName, string>;
  raw['github-token'] = 'ghs_the_job_token_0123456789';
  return { ...raw, project: 'demo', ...given };
}

describe('an input the operation does not read (issue 41)', () => {
  it('is nothing when every input is at its default, as the runner passes them', () => {
    for (const operation of OPERATIONS) expect(unreadOnRunner(runnerInputs({ operation }))).toEqual([]);
    expect(givenInputs(runnerInputs({}))).toEqual(['project']);
  });

  it('counts as given only when it means something else than its default', () => {
    const given = givenInputs(runnerInputs({ 'dry-run': 'False', timeout: '1800', wait: ' true ', prune: 'true', comment: 'none' }));
    expect(given).toEqual(['project', 'prune', 'comment']);
    // Empty is "not given": the action applies the default.
    expect(givenInputs(runnerInputs({ 'poll-interval': '', config: '', 'dry-run': '  ' }))).toEqual(['project']);
    // A value its schema refuses counts as given (parseInputs names what it accepts too).
    expect(givenInputs(runnerInputs({ 'dry-run': 'maybe' }))).toContain('dry-run');
    // ...whatever its default reads as: `hidden`'s empty default reads as nothing (a refused value
    // reads as nothing too), `project` has none its schema accepts (neither does a refused value).
    expect(givenInputs(runnerInputs({ hidden: 'maybe', 'rate-limit': 'lots' }))).toEqual(['project', 'rate-limit', 'hidden']);
    expect(givenInputs(runnerInputs({ project: 'Not a slug!' }))).toEqual(['project']);
    // The runner expands `github-token`'s default: a PAT and the job's token cannot be told apart.
    expect(givenInputs(runnerInputs({ 'github-token': 'ghp_a_personal_token' }))).not.toContain('github-token');
  });

  it('is refused when it changes what is written, naming it and the operations that read it', () => {
    const unread = unreadOnRunner(runnerInputs({ 'dry-run': 'true', variables: 'A=1', prune: 'true', activate: 'false' }));
    expect(unread.map(({ input, severity }) => [input, severity])).toEqual([
      ['activate', 'error'],
      ['variables', 'error'],
      ['prune', 'error'],
      ['dry-run', 'error'],
    ]);
    expect(unreadInputMessage(unread.find(({ input }) => input === 'dry-run')!)).toBe(
      'Input `dry-run`: `build` does not read it, so it would do nothing here (only `env` and `apply` read it): remove it, or set the `operation` it is meant for',
    );
    expect(unreadInputMessage(unread[0]!)).toMatch(/\(only `sync-versions` reads it\)/);
    // The same inputs are read by `env`, but for `prune` and `dry-run`... and `activate`, which only `sync-versions` reads.
    expect(unreadOnRunner(runnerInputs({ operation: 'env', 'dry-run': 'true', variables: 'A=1', prune: 'true' }))).toEqual([]);
    expect(unreadOnRunner(runnerInputs({ operation: 'sync-versions', 'dry-run': 'true' }))).toMatchObject([
      { input: 'dry-run', operation: 'sync-versions', readers: ['env', 'apply'], severity: 'error' },
    ]);
  });

  it('is a warning when it changes neither what is written nor what is decided (the declaration says so)', () => {
    const [unread] = unreadOnRunner(runnerInputs({ operation: 'apply', 'poll-interval': '5s' }));
    expect(unread).toMatchObject({ input: 'poll-interval', severity: 'warning' });
    expect(unreadInputMessage(unread!)).toMatch(/^Input `poll-interval`: `apply` does not read it, so it is ignored \(only `build`, /);
    const warned = INPUT_NAMES.filter((name) => declarationOf(name).whenUnread === 'warning');
    expect(warned).toEqual(['poll-interval']);
  });

  it('is judged for the operation the inputs name, none when that one is refused', () => {
    expect(unreadOnRunner(runnerInputs({ operation: 'deploy', 'dry-run': 'true' }))).toEqual([]);
    // Blank is the default operation, `build`.
    expect(unreadOnRunner(runnerInputs({ operation: '  ', 'dry-run': 'true' }))).toMatchObject([{ input: 'dry-run', operation: 'build' }]);
    expect(unreadOnRunner(runnerInputs({ operation: ' env ', wait: 'false' }))).toMatchObject([{ input: 'wait', operation: 'env' }]);
  });

  // Issue 50's 6: the rule read the operation exactly while `oneOf` lowercases it (`Build` built for
  // real with `dry-run: true`), and compared paths as written (the default spelled `./…` was refused).
  it('reads the operation as its input does: `Build` with `dry-run` is refused as `build` is', () => {
    for (const spelled of ['Build', ' BUILD ', 'bUiLd']) {
      expect(unreadOnRunner(runnerInputs({ operation: spelled, 'dry-run': 'true' })), spelled).toMatchObject([
        { input: 'dry-run', operation: 'build', severity: 'error' },
      ]);
    }
    expect(unreadOnRunner(runnerInputs({ operation: 'ENV', 'dry-run': 'true', variables: 'A=1' }))).toEqual([]);
  });

  it('reads a path as its input does: the default spelled otherwise is not given, another path is', () => {
    for (const spelled of ['./.github/readthedocs-project.yml', '.github//readthedocs-project.yml', '.github/./readthedocs-project.yml']) {
      expect(givenInputs(runnerInputs({ config: spelled })), spelled).toEqual(['project']);
      expect(unreadOnRunner(runnerInputs({ config: spelled })), spelled).toEqual([]);
    }
    expect(unreadOnRunner(runnerInputs({ config: './docs/project.yml' }))).toMatchObject([{ input: 'config', operation: 'build' }]);
  });

  it('the operations that read an input are every one for a common input, else those whose descriptor names it', () => {
    for (const name of COMMON_INPUTS) expect(readersOf(name)).toEqual([...OPERATIONS]);
    expect(readersOf('config')).toEqual(['preview', 'apply', 'export']);
    for (const operation of OPERATIONS) {
      const own = new Set<string>([...COMMON_INPUTS, ...OPERATION_DESCRIPTORS[operation].inputs, 'operation']);
      const refused = unreadInputs(operation, INPUT_NAMES).map(({ input }) => input);
      expect(refused.sort()).toEqual(INPUT_NAMES.filter((name) => !own.has(name)).sort());
    }
  });

  it('each description that starts with operations names exactly those that read the input', () => {
    const { inputs } = readActionMetadata();
    for (const name of INPUT_NAMES) {
      const start = /^For ((?:`[a-z-]+`(?:, | and )?)+)/.exec(inputs[name]!.description ?? '');
      if (start === null) continue;
      const named = [...start[1]!.matchAll(/`([a-z-]+)`/g)].map((match) => match[1]);
      expect(named, name).toEqual(readersOf(name));
    }
    expect(inputs.config!.description).toMatch(/^For `preview`, `apply` and `export`, /);
    expect(INPUT_DEFAULTS['dry-run']).toBe('false');
  });
});
