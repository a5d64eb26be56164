import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NAME_MAX_LENGTH,
  TOTAL_MAX_LENGTH,
  VALUE_MAX_LENGTH,
  VariablesInputError,
  parseVariables,
  storedLength,
  validateVariables,
  type DesiredVariable,
  type VariablesInput,
} from '../src/inputs/env-variables.js';
import { anyText } from './support/arbitraries.ts';

/** Runs `action`, expects a VariablesInputError and returns its message. */
function errorOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(VariablesInputError);
    return (error as VariablesInputError).message;
  }
  throw new Error('expected a VariablesInputError, but nothing was thrown');
}

function expectParseError(text: string, input: VariablesInput, line: number, secrets: string[] = []): string {
  const message = errorOf(() => parseVariables(text, input));
  expect(message).toMatch(new RegExp(`^Input \`${input}\`, line ${line}: `));
  for (const secret of secrets) expect(message).not.toContain(secret);
  return message;
}

function variable(name: string, value: string, line: number, input: VariablesInput = 'variables'): DesiredVariable {
  return { name, value, public: input === 'public-variables', input, line };
}

describe('parseVariables: the NAME=value form', () => {
  it('reads one variable per line, with line numbers and the public flag of its input', () => {
    expect(parseVariables('FOO=bar\nBAZ=qux', 'variables')).toEqual([variable('FOO', 'bar', 1), variable('BAZ', 'qux', 2)]);
    expect(parseVariables('FOO=bar', 'public-variables')).toEqual([variable('FOO', 'bar', 1, 'public-variables')]);
  });

  it('keeps everything after the first `=` verbatim, further `=` and surrounding spaces included', () => {
    const [only] = parseVariables('TOKEN= a=b==c ', 'variables');
    expect(only?.value).toBe(' a=b==c ');
  });

  it('keeps a value that starts with `#` or contains `<<` after the `=`', () => {
    expect(parseVariables('COLOR=#fff\nSHIFT=1<<3', 'variables').map((v) => v.value)).toEqual(['#fff', '1<<3']);
  });

  it('skips empty and whitespace-only lines but counts them', () => {
    const parsed = parseVariables('\n   \nA=1\n\t\n\nB=2\n', 'variables');
    expect(parsed.map((v) => [v.name, v.line])).toEqual([
      ['A', 3],
      ['B', 6],
    ]);
  });

  it('removes only the trailing `\\r` of CRLF lines', () => {
    expect(parseVariables('A=1\r\nB= 2 \r\n', 'variables').map((v) => v.value)).toEqual(['1', ' 2 ']);
    expect(parseVariables('A=x\ry\r\n', 'variables')[0]?.value).toBe('x\ry');
  });

  it('returns nothing for an empty input', () => {
    expect(parseVariables('', 'variables')).toEqual([]);
    expect(parseVariables('\n\r\n  ', 'public-variables')).toEqual([]);
  });
});

describe('parseVariables: the heredoc form', () => {
  it('joins the lines up to the delimiter with \\n', () => {
    const text = 'KEY<<EOF\n-----BEGIN-----\nabc=def\n\n  indented\n-----END-----\nEOF\nNEXT=1';
    expect(parseVariables(text, 'variables')).toEqual([
      variable('KEY', '-----BEGIN-----\nabc=def\n\n  indented\n-----END-----', 1),
      variable('NEXT', '1', 8),
    ]);
  });

  it('reads CRLF text like LF text', () => {
    const text = 'KEY<<EOF\r\nline one\r\nline=two\r\nEOF\r\nNEXT=1\r\n';
    expect(parseVariables(text, 'variables').map((v) => v.value)).toEqual(['line one\nline=two', '1']);
  });

  it('closes only on a line that is exactly the delimiter', () => {
    const text = 'KEY<<END\n END\nEND \nENDING\nEND';
    expect(parseVariables(text, 'variables')[0]?.value).toBe(' END\nEND \nENDING');
  });

  it('takes `<<` before the first `=` as a heredoc, with `=` allowed in the delimiter', () => {
    expect(parseVariables('KEY<<a=b\nx\na=b', 'variables')[0]).toEqual(variable('KEY', 'x', 1));
  });

  it('refuses an empty heredoc, as the service refuses empty values', () => {
    expectParseError('A=1\nKEY<<EOF\nEOF', 'variables', 2);
  });

  it('fails on a heredoc that is never closed, naming the line where it began and not its text', () => {
    const message = expectParseError('A=1\nKEY<<EOF\nsecret-line-one\nsecret=line-two', 'public-variables', 2, [
      'secret-line-one',
      'line-two',
      'KEY',
      'EOF',
    ]);
    expect(message).toBe(
      'Input `public-variables`, line 2: the value started here is never closed: add a line that is exactly its delimiter (what follows `<<`)',
    );
  });

  it('fails on a heredoc without a delimiter or without a name', () => {
    expectParseError('KEY<<\nvalue', 'variables', 1, ['value']);
    expectParseError('\n<<EOF\nvalue\nEOF', 'variables', 2, ['value']);
  });
});

describe('parseVariables: lines that are not variables', () => {
  it('fails on a line without `=`, without echoing it', () => {
    const message = expectParseError('A=1\nthis-is-a-secret', 'variables', 2, ['this-is-a-secret']);
    expect(message).toContain('has no `=`');
  });

  it('refuses lines starting with `#`: there are no comments', () => {
    expectParseError('# FOO=hunter22', 'variables', 1, ['hunter22']);
    expectParseError('A=1\n#hunter22', 'public-variables', 2, ['hunter22']);
  });

  it('fails on a line with nothing before `=`', () => {
    expectParseError('=orphan-value', 'variables', 1, ['orphan-value']);
  });
});

describe('name rules', () => {
  it('accepts letters, digits and underscores, up to 128 characters', () => {
    const longest = 'A'.repeat(NAME_MAX_LENGTH);
    expect(parseVariables(`a_1=x\n_B=y\n9=z\n${longest}=w`, 'variables').map((v) => v.name)).toEqual(['a_1', '_B', '9', longest]);
  });

  it('refuses an invalid name that looks like a typo by its line and the rule, without showing it', () => {
    const message = expectParseError('A=1\nB=2\nbad name=hunter22', 'variables', 3, ['hunter22', 'bad name']);
    expect(message).toBe('Input `variables`, line 3: the name is not valid: use letters, digits and underscores only');
    expect(expectParseError('my-var=hunter22', 'variables', 1, ['hunter22', 'my-var'])).toBe(
      'Input `variables`, line 1: the name is not valid: use letters, digits and underscores only',
    );
  });

  it('points at spaces around `=`', () => {
    expect(expectParseError('FOO = hunter22', 'variables', 1, ['hunter22', 'FOO'])).toContain('remove the spaces');
  });

  it('does not echo a name that could be a stray line of a secret', () => {
    const stray = 'MIIBOgIBAAJBAKj34GkxFhD9/0+aB';
    const message = expectParseError(`${stray}==`, 'variables', 1, [stray]);
    expect(message).toContain('looks like the end of a value');
    expect(message).toContain('NAME<<EOF');
    expect(expectParseError(`${stray}=x`, 'variables', 1, [stray])).toContain('NAME<<EOF');
  });

  it('refuses the further lines of a secret of several lines given as NAME=value, pointing to NAME<<EOF', () => {
    // KEY=${{ secrets.X }} where X has several lines: its second line would become a variable.
    const secret = 'MIIBOgIBAAJBAKj34GkxFhD9aB1\nQm9vdHN0cmFwQ29uZmlnMTIzNDU2Nzg5\nAbCdEfGh==\n==';
    for (const [text, line] of [
      [`KEY=${secret}`, 2],
      ['KEY=value\n==', 2],
      ['KEY=value\n=', 2],
      ['KEY=value\nQm9vdHN0cmFwQ29uZmlnMTIzNDU2Nzg5=rest', 2],
      ['KEY=value\nAbCdEfGh==', 2],
    ] as const) {
      const message = expectParseError(text, 'variables', line, []);
      expect(message, text).toContain('NAME<<EOF');
    }
    // Names people choose stay fine.
    expect(parseVariables('SPHINX_OPTS=-W\nMyToken2=x\nA==b', 'variables').map((v) => v.name)).toEqual(['SPHINX_OPTS', 'MyToken2', 'A']);
  });

  it('refuses a name longer than 128 characters without echoing it', () => {
    const name = 'N'.repeat(NAME_MAX_LENGTH + 1);
    const message = expectParseError(`${name}=x`, 'variables', 1, [name]);
    expect(message).toContain('129 characters');
  });

  it('refuses names starting with `__`', () => {
    expect(expectParseError('A=1\n__PRIVATE=hunter22', 'variables', 2, ['hunter22', 'PRIVATE'])).toContain('must not start with `__`');
    expect(parseVariables('_ONE=1', 'variables')).toHaveLength(1);
  });

  it('refuses names starting with READTHEDOCS, case-sensitively as the service does', () => {
    for (const name of ['READTHEDOCS', 'READTHEDOCS_LANGUAGE']) {
      expect(expectParseError(`${name}=hunter22`, 'public-variables', 1, ['hunter22', 'READTHEDOCS_'])).toContain(
        'the name is reserved: a name must not start with `READTHEDOCS`',
      );
    }
    expect(parseVariables('READTHEDOC=1\nMY_READTHEDOCS=2\nreadthedocs_x=3\nReadTheDocsFoo=4', 'variables')).toHaveLength(4);
  });

  it('applies the same rules to heredoc names', () => {
    expectParseError('bad name<<EOF\nhunter22\nEOF', 'variables', 1, ['hunter22']);
    expectParseError('READTHEDOCS_X<<EOF\nhunter22\nEOF', 'variables', 1, ['hunter22']);
  });
});

describe('a secret pasted without the heredoc form', () => {
  // A Fernet key: 32 bytes in URL-safe base64, `-` and `_` included, ending in `=`.
  const FERNET = 'T3yJ-kP9qW2zLm8Xv4Rb7Nc1Hs6Ud0Ge5Ya3Fo_Wt8Q=';

  /** Every piece of `secret` of `length` characters. */
  function pieces(secret: string, length = 12): string[] {
    return Array.from({ length: Math.max(0, secret.length - length + 1) }, (_, start) => secret.slice(start, start + length));
  }

  it('is refused naming the line and the rule, with no 12-character piece of it in the message', () => {
    expect(FERNET).toHaveLength(44);
    for (const [text, line] of [
      [`KEYS=abc=\n${FERNET}`, 2],
      [`KEYS=abc\n${FERNET.slice(0, 20)}\n${FERNET.slice(20)}`, 2],
      [`A=1\n${FERNET.slice(0, -1)}=x`, 2],
      [`A=1\n${FERNET.replaceAll('-', 'a').replaceAll('_', 'b').toLowerCase()}=`, 2],
      [`KEYS<<${FERNET}\nvalue`, 1],
    ] as const) {
      const message = expectParseError(text, 'variables', line);
      for (const piece of pieces(FERNET)) expect(message, text).not.toContain(piece);
      for (const piece of pieces(FERNET.toLowerCase().replaceAll('-', 'a').replaceAll('_', 'b')))
        expect(message, text).not.toContain(piece);
    }
  });

  it('shows no piece of any line it refuses: names, delimiters and values alike', () => {
    const line = fc.stringMatching(/^[A-Za-z0-9+/_=<-]{12,60}$/);
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 4 }), inputName, (lines, input) => {
        const text = lines.join('\n');
        let message: string | undefined;
        try {
          parseVariables(text, input);
        } catch (error) {
          if (!(error instanceof VariablesInputError)) throw error;
          message = error.message;
        }
        if (message === undefined) return;
        for (const given of lines) for (const piece of pieces(given)) expect(message).not.toContain(piece);
      }),
      { numRuns: 500 },
    );
  });
});

describe('value rules', () => {
  it('refuses empty and whitespace-only values (the API answers "may not be blank")', () => {
    expect(expectParseError('A=1\nEMPTY=', 'variables', 2, ['EMPTY'])).toContain('the value is empty or only whitespace');
    // What most likely emptied it (issue 49): a secret missing to this run.
    expect(expectParseError('API_KEY=', 'variables', 1, ['API_KEY'])).toContain(
      'the secret it comes from is not set, or not given to this run',
    );
    expectParseError('BLANK=   ', 'variables', 1);
    expectParseError('BLANK=\u3000\x1c', 'variables', 1);
  });

  it('measures values as the service stores them: stripped, then shell-quoted, in code points', () => {
    expect(storedLength('abc')).toBe(3);
    expect(storedLength('https://x.org/a-b_c,d:e@f%g+h=i')).toBe(31); // all shell-safe: unquoted
    expect(storedLength('https://x.org/a?b=c')).toBe(21); // `?` is not: quoted
    expect(storedLength('a b')).toBe(5);
    expect(storedLength("a'b")).toBe(9); // 'a'"'"'b'
    expect(storedLength('  abc \t')).toBe(3);
    expect(storedLength('\u{1F600}')).toBe(3); // one code point, quoted
    expect(storedLength('')).toBe(2);
  });

  it('accepts a value of exactly 48,000 stored characters and refuses one more', () => {
    const limit = 'a'.repeat(VALUE_MAX_LENGTH);
    expect(parseVariables(`BIG=${limit}`, 'variables')).toHaveLength(1);
    const message = expectParseError(`A=1\nBIG=${limit}b`, 'variables', 2, ['aaaa']);
    expect(message).toContain('48,001');
    expect(message).not.toContain('BIG');
  });

  it('counts the quotes the service adds', () => {
    // 47,998 characters with a space: stored as 48,000 with its quotes.
    const fits = `${'a'.repeat(VALUE_MAX_LENGTH - 4)} b`;
    expect(storedLength(fits)).toBe(VALUE_MAX_LENGTH);
    expect(parseVariables(`Q=${fits}`, 'variables')).toHaveLength(1);
    expectParseError(`Q=${fits}c`, 'variables', 1, ['aaaa']);
  });

  // How long this takes is measured by `npm run bench` (hostile text); here, runs of spaces far
  // longer than any value: a measure that backtracks on them would outlast the test's timeout.
  it('measures a value with a long run of spaces', () => {
    expect(parseVariables(`A=x${' '.repeat(VALUE_MAX_LENGTH - 10)}x`, 'variables')).toHaveLength(1);
    expect(storedLength(`x${' '.repeat(300_000)}x`)).toBe(300_004);
    expect(storedLength(`${' '.repeat(300_000)}x${' '.repeat(300_000)}`)).toBe(1);
  });

  it('refuses values that together take more than 256,000 characters, naming where the limit is crossed', () => {
    const chunk = 'v'.repeat(VALUE_MAX_LENGTH);
    const lines = Array.from({ length: 6 }, (_, index) => `V${index}=${chunk}`).join('\n');
    const fitting = Array.from({ length: 5 }, (_, index) => `V${index}=${chunk}`).join('\n');
    expect(parseVariables(fitting, 'variables')).toHaveLength(5);
    const message = expectParseError(lines, 'variables', 6, ['vvvv']);
    expect(message).toContain('288,000');
    expect(message).toContain('256,000');
  });

  it('checks the total across both inputs', () => {
    const chunk = 'v'.repeat(VALUE_MAX_LENGTH);
    const first = parseVariables(['A', 'B', 'C'].map((name) => `${name}=${chunk}`).join('\n'), 'variables');
    const second = parseVariables(['D', 'E', 'F'].map((name) => `${name}=${chunk}`).join('\n'), 'public-variables');
    expect(3 * VALUE_MAX_LENGTH).toBeLessThanOrEqual(TOTAL_MAX_LENGTH);
    const message = errorOf(() => validateVariables([...first, ...second]));
    expect(message).toMatch(/^Input `public-variables`, line 3: /);
    expect(message).not.toContain('vvvv');
  });
});

describe('each name once', () => {
  it('refuses a name set twice in one input, naming both lines', () => {
    const message = expectParseError('FOO=first-value\nBAR=1\nFOO=second-value', 'variables', 3, ['first-value', 'second-value']);
    expect(message).toBe('Input `variables`, line 3: the name is already set at input `variables`, line 1: set each name once');
  });

  it('refuses a name set in both inputs, naming both places', () => {
    const all = [...parseVariables('A=1\nSHARED=private-value', 'variables'), ...parseVariables('SHARED=public-value', 'public-variables')];
    const message = errorOf(() => validateVariables(all));
    expect(message).toBe('Input `public-variables`, line 1: the name is already set at input `variables`, line 2: set each name once');
    expect(message).not.toContain('value');
  });

  it('treats names as case-sensitive, as the service does', () => {
    expect(() => validateVariables([variable('foo', 'x', 1), variable('FOO', 'y', 2)])).not.toThrow();
  });
});

describe('validateVariables', () => {
  it('applies the per-variable rules to variables built elsewhere', () => {
    expect(errorOf(() => validateVariables([variable('OK', '1', 1), variable('no good', 'hunter22', 7)]))).toMatch(
      /^Input `variables`, line 7: the name is not valid/,
    );
    expect(() => validateVariables([])).not.toThrow();
  });

  it('accepts what parseVariables returned for both inputs', () => {
    const all = [...parseVariables('A=1\nB<<EOF\nx\nEOF', 'variables'), ...parseVariables('C=3', 'public-variables')];
    expect(() => validateVariables(all)).not.toThrow();
  });
});

describe('masking', () => {
  it('masks a value that happens to appear in a message, like the runner masks secrets', () => {
    // The value is also the input's name and part of the invalid name on line 2.
    const message = errorOf(() => parseVariables('A=variables\nvariables x=1', 'variables'));
    expect(message).not.toContain('variables');
    expect(message).toContain('line 2');
    expect(message).toContain('***');
  });

  it('masks a heredoc line reused as a name', () => {
    const message = errorOf(() => parseVariables('KEY<<EOF\nhunter two\nEOF\nhunter two=x', 'variables'));
    expect(message).not.toContain('hunter two');
  });
});

// Pieces that names, values and stray lines are made of, chosen so that they collide with each other
// and with the wording of messages.
const token = fc.constantFrom(
  'abcd',
  'ab cd',
  'FOO',
  'FOO_BAR',
  'Input',
  'line',
  'variables',
  'public-variables',
  'READTHEDOCS_X',
  '__x',
  '#x',
  'x-y.z',
  'EOF',
  'a=b',
  '<<',
  'bad name',
  ' ',
  '',
  'name',
  'value',
  'characters',
  '48,000',
  '1',
  '\r',
  "it's",
  '`',
);
const piece = fc.oneof(token, fc.string({ maxLength: 8 }));
const fragment = fc.array(piece, { maxLength: 3 }).map((parts) => parts.join(''));
const rawLine = fc.oneof(
  fc.tuple(fragment, fc.constantFrom('=', '<<', '=='), fragment).map(([name, sign, value]) => name + sign + value),
  fragment,
  fc.constant('EOF'),
  fc.constant(''),
);
const inputText = fc.tuple(fc.array(rawLine, { maxLength: 12 }), fc.constantFrom('\n', '\r\n')).map(([lines, end]) => lines.join(end));
const inputName = fc.constantFrom<VariablesInput>('variables', 'public-variables');

/** Every text that appeared after a `=` on some line: what must never be shown. */
function valuesAfterEquals(...texts: string[]): string[] {
  return texts
    .flatMap((text) => text.split('\n'))
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line.includes('='))
    .map((line) => line.slice(line.indexOf('=') + 1))
    .filter((value) => value.length > 3);
}

describe('properties', () => {
  it('returns or throws a VariablesInputError for any text', () => {
    fc.assert(
      fc.property(fc.oneof(anyText({ maxLength: 120 }), inputText), inputName, (text, input) => {
        try {
          parseVariables(text, input);
        } catch (error) {
          if (!(error instanceof VariablesInputError)) throw error;
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never shows a value longer than 3 characters that appeared after `=`', () => {
    const messageOf = (action: () => unknown): string | undefined => {
      try {
        action();
        return undefined;
      } catch (error) {
        if (!(error instanceof VariablesInputError)) throw error;
        return error.message;
      }
    };
    const expectNoValueShown = (message: string | undefined, ...texts: string[]) => {
      if (message === undefined) return;
      for (const value of valuesAfterEquals(...texts)) expect(message).not.toContain(value);
    };
    fc.assert(
      fc.property(inputText, inputText, (first, second) => {
        expectNoValueShown(
          messageOf(() => parseVariables(first, 'variables')),
          first,
        );
        expectNoValueShown(
          messageOf(() => parseVariables(second, 'public-variables')),
          second,
        );
        // Across inputs: line-by-line valid texts, so that the shared rules get their turn.
        // Only the lines it is given count: a refused line's text (`=Input`) may be a word of the message.
        const given: string[] = [];
        const all = [first, second].flatMap((text, index) => {
          const input: VariablesInput = index === 0 ? 'variables' : 'public-variables';
          return text.split('\n').flatMap((line, lineIndex) => {
            try {
              const parsed = parseVariables(line, input).map((variable) => ({ ...variable, line: lineIndex + 1 }));
              given.push(line);
              return parsed;
            } catch {
              return [];
            }
          });
        });
        expectNoValueShown(
          messageOf(() => validateVariables(all)),
          ...given,
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('reads back what was written, both forms', () => {
    const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,20}$/).filter((n) => !/^readthedocs/i.test(n));
    const singleLine = fc
      .string({ minLength: 1, maxLength: 40 })
      // A value of only `=` is refused as the base64 padding of a value of several lines.
      .filter((value) => !/[\n]/.test(value) && !value.endsWith('\r') && value.trim() !== '' && !/^=+$/.test(value.trimEnd()));
    const multiLine = fc
      .array(
        fc.string({ maxLength: 20 }).filter((line) => !/[\r\n]/.test(line) && line !== 'END'),
        {
          minLength: 1,
          maxLength: 5,
        },
      )
      .map((lines) => lines.join('\n'))
      // A single line of only `=` is written as NAME==, refused like the single-line form above.
      .filter((value) => value.trim() !== '' && (value.includes('\n') || !/^=+$/.test(value.trimEnd())));
    const entries = fc.uniqueArray(fc.tuple(name, fc.oneof(singleLine, multiLine)), {
      selector: ([n]) => n,
      maxLength: 8,
    });
    fc.assert(
      fc.property(entries, inputName, (pairs, input) => {
        const text = pairs
          .map(([n, value]) => (value.includes('\n') || value.includes('<<') ? `${n}<<END\n${value}\nEND` : `${n}=${value}`))
          .join('\n');
        const parsed = parseVariables(text, input);
        expect(parsed.map((v) => [v.name, v.value, v.public])).toEqual(pairs.map(([n, value]) => [n, value, input === 'public-variables']));
      }),
      { numRuns: 500 },
    );
  });
});
