import { describe, expect, it } from 'vitest';
import { InputError, parseInputs, type RawInputs } from '../src/inputs/inputs.js';
import { desiredVariables, valuesToMask } from '../src/inputs/env-desired.js';
import { VariablesInputError } from '../src/inputs/env-variables.js';

const env = (raw: Partial<RawInputs>) => parseInputs({ project: 'demo', operation: 'env', ...raw });
const refusal = (raw: Partial<RawInputs>): string => {
  try {
    env(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
};

describe('desiredVariables', () => {
  it('reads both inputs, private first, each with its flag', () => {
    expect(desiredVariables('A=1\nB=2', 'C=3').map((v) => [v.name, v.value, v.public, v.input])).toEqual([
      ['A', '1', false, 'variables'],
      ['B', '2', false, 'variables'],
      ['C', '3', true, 'public-variables'],
    ]);
  });

  it('refuses a name given in both inputs', () => {
    expect(() => desiredVariables('A=1', 'A=2')).toThrow(VariablesInputError);
    expect(() => desiredVariables('A=1', 'A=2')).toThrow('Input `public-variables`, line 1');
  });

  it('accepts two empty inputs', () => {
    expect(desiredVariables('', '')).toEqual([]);
  });
});

describe('valuesToMask', () => {
  const masks = (text: string) => valuesToMask(desiredVariables(text, ''));

  it('masks each value whole, but never anything shorter than 4 characters (a mask of `=` would mask every `=`)', () => {
    expect(masks('A=secret-value\nB=1\nC=abc')).toEqual(['secret-value']);
    expect(masks('K<<EOF\nlong-line\n=\nab\nEOF')).toEqual(['long-line\n=\nab', 'long-line']);
  });

  it('also masks the stripped form, which is what the service stores', () => {
    expect(masks('A=  padded value  ')).toEqual(['  padded value  ', 'padded value']);
  });

  it('masks every line of a multi-line value, since the runner masks the log line by line', () => {
    const secrets = masks('KEY<<EOF\nfirst-line\n  second-line\n}\nEOF');
    expect(secrets).toContain('first-line\n  second-line\n}');
    expect(secrets).toContain('first-line');
    expect(secrets).toContain('second-line');
    // A line this short would mask ordinary text everywhere; the whole value still covers it.
    expect(secrets).not.toContain('}');
  });
});

describe('parseInputs for operation env', () => {
  it('keeps values verbatim and carries them typed', () => {
    const inputs = env({ variables: '\nA= spaced =value \n', 'public-variables': 'B=2' });
    expect(inputs.desiredVariables.map((v) => [v.name, v.value, v.public, v.line])).toEqual([
      ['A', ' spaced =value ', false, 2],
      ['B', '2', true, 1],
    ]);
  });

  it('names the input and the line of a bad variable, not its value', () => {
    const message = refusal({ variables: 'A=1\nno-equals-s3cr3t-text' });
    expect(message).toContain('Input `variables`, line 2');
    expect(message).not.toContain('s3cr3t');
  });

  it('reports a bad variable together with the other bad inputs', () => {
    const message = refusal({ variables: '__X=1', timeout: 'soon' });
    expect(message).toContain('Input `timeout`');
    expect(message).toContain('Input `variables`, line 1');
  });

  it('refuses prune with no variable named, which would delete everything', () => {
    expect(refusal({ prune: 'true' })).toContain('Input `prune`');
    expect(env({ prune: 'false' }).desiredVariables).toEqual([]);
    expect(env({ prune: 'true', 'public-variables': 'A=1' }).prune).toBe(true);
  });

  it('leaves the variables alone for other operations', () => {
    expect(parseInputs({ project: 'demo', operation: 'build', variables: 'bad name=1' }).desiredVariables).toEqual([]);
  });
});
