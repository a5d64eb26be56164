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
