// The terminal's command line as values: what `parseCommandLine` refuses and what `helpText` lists.
// test/e2e/cli.test.ts runs dist/cli.js for what needs the process (exit codes, the token kept out
// of sight, the output without workflow commands).
import { describe, expect, it } from 'vitest';
import { readActionMetadata } from '../harness/action-metadata.ts';
import { parseCommandLine, UsageError } from '../src/cli/args.ts';
import { helpText } from '../src/cli/help.ts';

describe('the command line', () => {
  it('refuses an option no input declares, naming it', () => {
    const parse = () => parseCommandLine(['build', '--project', 'demo', '--frobnicate', 'x'], {});
    expect(parse).toThrow(UsageError);
    expect(parse).toThrow(/^unknown option `--frobnicate`: every input of the action is an option of the same name/);
  });

  it('an operation’s help lists its options with action.yml’s descriptions, and not another operation’s', () => {
    const text = helpText('env').replace(/\s+/g, ' ');
    const { inputs } = readActionMetadata();
    for (const name of ['variables', 'public-variables', 'prune', 'dry-run', 'token', 'project']) {
      expect(text).toContain(`--${name} `);
      expect(text).toContain(inputs[name]!.description);
    }
    expect(text).not.toContain('--deployment-environment'); // a preview input
  });

  it('refuses an option the operation does not take, naming it: it would do nothing (issue 35)', () => {
    const refusal = (argv: string[]) => {
      try {
        parseCommandLine(argv, {});
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        return (error as Error).message;
      }
      return undefined;
    };
    expect(refusal(['build', '--project', 'demo', '--dry-run'])).toMatch(
      /^`build` does not take `--dry-run`: it would do nothing here; only `env` and `apply` read it/,
    );
    expect(refusal(['wait', '--no-wait'])).toMatch(/^`wait` does not take `--no-wait`: it would do nothing here; only `build` reads it/);
    expect(refusal(['build', '--variables', 'A=1'])).toMatch(/^`build` does not take `--variables`/);
    // One that would change nothing (how often to poll) is the step's warning, as on a runner (src/operations/unread-inputs.ts).
    expect(refusal(['apply', '--poll-interval', '1s'])).toBeUndefined();
    expect(refusal(['build', '--force'])).toMatch(/^`build` does not take `--force`/);
    expect(refusal(['wait', '--variables-file', 'vars.env'])).toMatch(/^`wait` does not take `--variables-file`/);
    expect(refusal(['env', '--variables', 'A=1', '--variables-file', 'vars.env'])).toBe(
      'give `--variables` or `--variables-file`, not both',
    );
    expect(refusal(['build', '--timeout', '-5'])).toMatch(/^option `--timeout` needs a value/);
    // Their own and the common options pass.
    expect(refusal(['env', '--project', 'demo', '--dry-run', '--variables-file', '-', '--timeout', '5m'])).toBeUndefined();
    expect(refusal(['export', '--force', '--config', 'p.yml'])).toBeUndefined();
  });

  it('each operation’s help lists only the options it takes', () => {
    expect(helpText('build')).not.toContain('--dry-run');
    expect(helpText('build')).not.toContain('--variables-file');
    expect(helpText('env')).toContain('--variables-file <path>');
    expect(helpText('export')).toContain('--force');
    expect(helpText('apply')).not.toContain('--force');
  });
});

describe('`--version` (issue 35)', () => {
  it('alone, with no operation, asks for the tool’s version; the overview says so', () => {
    expect(parseCommandLine(['--version'], {})).toEqual({ kind: 'version' });
    expect(helpText()).toContain('`readthedocs-action --version` alone prints the tool’s version'.replace('’', "'"));
  });

  it('after an operation, or with a value, it stays the `version` input', () => {
    const after = parseCommandLine(['build', '--project', 'demo', '--version', 'latest'], {});
    expect(after.kind === 'run' && after.inputs.version).toBe('latest');
    const before = parseCommandLine(['--version', 'stable', 'wait', '--project', 'demo'], {});
    expect(before.kind === 'run' && before.inputs.version).toBe('stable');
    expect(() => parseCommandLine(['build', '--version'], {})).toThrow('option `--version` needs a value');
  });
});
