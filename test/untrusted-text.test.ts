import { describe, expect, it } from 'vitest';
import { printUntrusted, safeLine, untrustedBlockLines } from '../src/util/untrusted-text.js';

/** What the runner would act on: a line starting `::` after leading whitespace, or `##[` anywhere. */
function commandLines(lines: string[]): string[] {
  return lines.filter((line) => line.trimStart().startsWith('::') || line.includes('##['));
}

describe('safeLine', () => {
  it('leaves ordinary text alone', () => {
    expect(safeLine('Build #12 finished: https://example.org/a?b=c')).toBe('Build #12 finished: https://example.org/a?b=c');
  });

  it('keeps a hostile field on one line that starts no command', () => {
    for (const hostile of [
      '::add-mask::docs',
      '  ::error title=Forged::x',
      'ok\n::set-output name=a::b',
      'a ##[error]x',
      'x\r::warning::y',
      'a\u2028::b::c',
    ]) {
      const line = safeLine(hostile);
      expect(line).not.toMatch(/[\r\n\u2028\u2029]/);
      expect(commandLines([line])).toEqual([]);
    }
  });

  it('bounds the length', () => {
    expect(safeLine('x'.repeat(10_000), 50)).toHaveLength(50);
  });
});

describe('untrustedBlockLines', () => {
  it('fences the text with a token the text does not hold and keeps every line', () => {
    const text = '::add-mask::docs\n::stop-commands::t0k3n\r\nlast line';
    const lines = untrustedBlockLines(text);
    const open = lines[0] ?? '';
    const token = open.replace('::stop-commands::', '');
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(lines.at(-1)).toBe(`::${token}::`);
    expect(lines.slice(1, -1)).toEqual(['::add-mask::docs', '::stop-commands::t0k3n', 'last line']);
    expect(lines.slice(1, -1).some((line) => line.toLowerCase().includes(token))).toBe(false);
  });
});

describe('printUntrusted', () => {
  it('writes one line through safeLine and several as one fenced write', () => {
    const writes: string[] = [];
    printUntrusted('::error::one', (message) => writes.push(message));
    printUntrusted('a\n::error::two', (message) => writes.push(message));
    expect(writes).toHaveLength(2);
    expect(commandLines([writes[0] ?? ''])).toEqual([]);
    const block = (writes[1] ?? '').split('\n');
    expect(block[0]).toMatch(/^::stop-commands::[0-9a-f]{32}$/);
    expect(block.slice(1, -1)).toEqual(['a', '::error::two']);
  });
});
