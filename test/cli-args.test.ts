// The terminal's command line as values: what `parseCommandLine` refuses and what `helpText` lists.
// test/e2e/cli.test.ts runs dist/cli.js for what needs the process (exit codes, the token kept out
// of sight, the output without workflow commands).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readActionMetadata, ROOT } from '../harness/action-metadata.ts';
import { parseCommandLine, UsageError } from '../src/cli/args.ts';
import { helpText } from '../src/cli/help.ts';
import { INPUT_DECLARATIONS } from '../src/inputs/declarations.ts';
import { OPERATIONS } from '../src/inputs/inputs.ts';

describe('the command line', () => {
  it('refuses an option no input declares, naming it', () => {
    const parse = () => parseCommandLine(['build', '--project', 'demo', '--frobnicate', 'x'], {});
    expect(parse).toThrow(UsageError);
    expect(parse).toThrow(/^unknown option `--frobnicate`: every input of the action is an option of the same name/);
  });

  it('an unknown option near an input’s name says which one was meant (issue 49)', () => {
    const message = (argv: string[]) => {
      try {
        parseCommandLine(argv, {});
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('expected a refusal');
    };
    expect(message(['preview', '--link_check', 'fail'])).toMatch(/^unknown option `--link_check` \(did you mean `--link-check`\?\): /);
    expect(message(['build', '--projcet', 'demo'])).toContain('(did you mean `--project`?)');
    expect(message(['build', '--frobnicate', 'x'])).not.toContain('did you mean');
  });

  it('options without an operation (an empty `$OP`) are a usage error naming the operations; alone, or with --help, the help (issue 49)', () => {
    for (const argv of [['--project', 'acme-docs'], ['--json'], ['', '--project', 'x']]) {
      const parse = () => parseCommandLine(argv, {});
      expect(parse).toThrow(UsageError);
      // Every operation, the registry's last one included (a new operation needs no edit here).
      expect(parse).toThrow(`no operation given: one of ${OPERATIONS.map((name) => `\`${name}\``).join(', ')} comes first`);
    }
    expect(parseCommandLine([], {})).toEqual({ kind: 'help', operation: undefined });
    expect(parseCommandLine(['--project', 'x', '--help'], {})).toEqual({ kind: 'help', operation: undefined });
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

  it('a flag that defaults to true shows `--no-<name>` with what turning it off does, and every such flag has that text (issue 42)', () => {
    const text = (operation: Parameters<typeof helpText>[0]) => helpText(operation).replace(/\s+/g, ' ');
    expect(text('sync-versions')).toContain('--no-activate For `sync-versions` with `version`, leave an inactive version inactive');
    expect(text('sync-versions')).not.toContain('--no-activate For `sync-versions` with `version`, activate the version');
    expect(text('build')).toContain('--no-wait For `build`, return as soon as the build is created');
    expect(text('preview')).toContain('--no-deployment For `preview`, make no GitHub deployment.');
    expect(text('health')).toContain('--no-health-issue For `health`, keep no issue');
    for (const [name, declaration] of Object.entries(INPUT_DECLARATIONS) as [string, { kind: string; default: string; offText?: string }][])
      if (declaration.kind === 'flag' && declaration.default === 'true') expect(declaration.offText, name).toBeTruthy();
  });

  it('the docs and --help give the exit status of an interrupted run as it is: 130 (issue 42)', () => {
    const troubleshooting = readFileSync(join(ROOT, 'docs', 'troubleshooting.md'), 'utf8');
    const row = troubleshooting.split('\n').find((line) => line.startsWith('| **Interrupted**'))!;
    expect(row).toContain('exited 130 (143 for SIGTERM, 129 for SIGHUP)');
    expect(row).not.toMatch(/exited 1\b/);
    expect(helpText()).toContain('130 when interrupted (Ctrl-C)');
  });

  it("the *Interrupted* row names every signal docs/cli.md gives an exit status for, and merge-queue's deactivation after it", () => {
    const troubleshooting = readFileSync(join(ROOT, 'docs', 'troubleshooting.md'), 'utf8');
    const row = troubleshooting.split('\n').find((line) => line.startsWith('| **Interrupted**'))!;
    const cli = readFileSync(join(ROOT, 'docs', 'cli.md'), 'utf8').replace(/\s+/g, ' ');
    const signals = [...cli.matchAll(/`(\d{3})` for (SIG[A-Z]+)/g)].map((m) => [m[1]!, m[2]!] as const);
    expect(signals.map(([, signal]) => signal)).toEqual(expect.arrayContaining(['SIGTERM', 'SIGHUP']));
    for (const [status, signal] of signals) {
      expect(row).toContain(signal);
      expect(row).toContain(`${status} for ${signal}`);
    }
    // The one request after the signal: merge-queue's build mode undoes its activation.
    expect(row).toMatch(/`merge-queue`[^|]*deactivat/);
  });

  it('`preview --help` says that `--config` is read by preview too (issue 42)', () => {
    const text = helpText('preview').replace(/\s+/g, ' ');
    expect(text).toMatch(/--config <value> For [^.]*`preview`[^.]*, the project file/);
    expect(text).not.toContain('--config <value> For `apply` and `export`,');
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

  it('reads the operation as the `operation` input is read, so that its rule judges the same operation (issue 50)', () => {
    const run = parseCommandLine([' Build ', '--project', 'demo'], {});
    expect(run).toMatchObject({ kind: 'run', operation: 'build', inputs: { operation: 'build' } });
    expect(() => parseCommandLine(['BUILD', '--project', 'demo', '--dry-run'], {})).toThrow(
      /^`build` does not take `--dry-run`: it would do nothing here; only `env` and `apply` read it/,
    );
    expect(() => parseCommandLine(['deploy'], {})).toThrow(/^`deploy` is not an operation/);
  });

  it('prints no heading without lines under it: an operation with no options of its own has no `Options:` (issue 51)', () => {
    for (const operation of [undefined, ...OPERATIONS]) {
      const lines = helpText(operation).split('\n');
      const empty = lines.filter((line, index) => line.endsWith(':') && !line.startsWith(' ') && (lines[index + 1] ?? '') === '');
      expect(empty, `${operation ?? 'the overview'}: headings with nothing under them`).toEqual([]);
    }
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
