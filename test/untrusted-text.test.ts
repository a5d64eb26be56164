import { describe, expect, it } from 'vitest';
import { codeSpan, escapeHtml, escapeMarkdown, fencedCode, markdownLink, outputTail } from '../src/reporting/markdown.js';
import { printUntrusted, safeLine, untrustedBlockLines, visibleControls } from '../src/util/untrusted-text.js';

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

describe('visibleControls and the paths that use it (issue 39, item 5)', () => {
  const HOSTILE = 'a\u202Eb\u202Cc \u2066d\u2069 \u2067e\u2068f\u2069 \u200Eg\u200Fh\u061Ci \u202Aj\u202Bk\u202Dl \u0085m\u009B2J\u0080';
  const RAW = /[\u0080-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

  it('writes every control character but tab and line feed as its \\uXXXX escape, as the JSON outputs do, and leaves the rest alone', () => {
    expect(visibleControls(HOSTILE)).toBe(
      'a\\u202eb\\u202cc \\u2066d\\u2069 \\u2067e\\u2068f\\u2069 \\u200eg\\u200fh\\u061ci \\u202aj\\u202bk\\u202dl \\u0085m\\u009b2J\\u0080',
    );
    // Issue 50's 7: ESC (OSC 8 links, SGR colours), BEL, NUL, CR, DEL and the separators too.
    expect(visibleControls('\u001b]8;;https://x.test\u0007link\u001b]8;;\u0007 \u001b[31mred\u0000\r\u007f\u2028\u2029')).toBe(
      '\\u001b]8;;https://x.test\\u0007link\\u001b]8;;\\u0007 \\u001b[31mred\\u0000\\u000d\\u007f\\u2028\\u2029',
    );
    for (const kept of ['plain ü ✓ 日本', 'tab\there', 'line\nbreak', '\u200b zero width', '\u00a0 nbsp', '\u2065 \u206a']) {
      expect(visibleControls(kept)).toBe(kept);
    }
    expect(visibleControls(visibleControls(HOSTILE))).toBe(visibleControls(HOSTILE));
  });

  it('reaches the log through safeLine and the untrusted block, and every Markdown helper', () => {
    expect(safeLine(HOSTILE)).not.toMatch(RAW);
    expect(safeLine('x\u202Ey')).toBe('x\\u202ey');
    expect(safeLine('x\u0085y\u009bz')).toBe('x\\u0085y\\u009bz');
    expect(untrustedBlockLines(`one\u202E\ntwo\u2066`).slice(1, 3)).toEqual(['one\\u202e', 'two\\u2066']);
    const written: string[] = [];
    printUntrusted(`a\u202Eb\nc\u2069d`, (text) => written.push(text));
    printUntrusted('e\u2067f', (text) => written.push(text));
    expect(written.join('\n')).not.toMatch(RAW);
    expect(written[1]).toBe('e\\u2067f');
    expect(escapeMarkdown('x\u202Ey')).toBe('x\\\\u202ey');
    expect(escapeHtml('x\u202Ey')).toBe('x\\u202ey');
    expect(codeSpan('x\u2066y')).toBe('`x\\u2066y`');
    expect(fencedCode('x\u2067y')).toBe('```text\nx\\u2067y\n```');
    expect(outputTail('first\nx\u202Ey', { lines: 5, chars: 100 })).toBe('first\nx\\u202ey');
    expect(markdownLink('x\u202Ey', 'https://example.org/')).toBe('[x\\\\u202ey](https://example.org/)');
  });
});
