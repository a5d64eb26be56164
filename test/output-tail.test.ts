import { afterEach, describe, expect, it, vi } from 'vitest';
import { outputTailOf } from '../src/util/output-tail.js';

afterEach(() => vi.restoreAllMocks());

describe('outputTailOf', () => {
  const output = ['collecting', 'reading sources', 'writing output', 'ERROR: the decisive last line'].join('\n');

  it('keeps the last lines whole, the last one intact, and counts what it cut', () => {
    expect(outputTailOf(`${output}\n\n  \n`, { lines: 2, chars: 1000 })).toEqual({
      text: 'writing output\nERROR: the decisive last line',
      cutLines: 2,
      partial: false,
    });
    expect(outputTailOf(output, { lines: 10, chars: 1000 })).toEqual({ text: output, cutLines: 0, partial: false });
  });

  it('past the character budget keeps the last characters and says a line was cut in its middle', () => {
    const tail = outputTailOf(output, { lines: 10, chars: 40 });
    expect(tail.text).toBe('ing output\nERROR: the decisive last line');
    expect(tail.text).toHaveLength(40);
    expect(tail).toMatchObject({ cutLines: 3, partial: true });
  });

  it('with whole lines, drops a line that does not fit rather than cut it; only a last line too long alone is cut', () => {
    expect(outputTailOf(output, { lines: 10, chars: 40, wholeLines: true })).toEqual({
      text: 'ERROR: the decisive last line',
      cutLines: 3,
      partial: false,
    });
    expect(outputTailOf(`a\n${'x'.repeat(50)} END`, { lines: 5, chars: 9, wholeLines: true })).toEqual({
      text: 'xxxxx END',
      cutLines: 2,
      partial: true,
    });
  });

  it('a cut that lands on a line break keeps whole lines', () => {
    expect(outputTailOf('first\nsecond\nlast', { lines: 10, chars: 11 })).toEqual({ text: 'second\nlast', cutLines: 1, partial: false });
  });

  it('blank output gives an empty tail', () => {
    expect(outputTailOf('', { lines: 5, chars: 100 })).toEqual({ text: '', cutLines: 0, partial: false });
    expect(outputTailOf(' \n\t\n', { lines: 5, chars: 100 })).toEqual({ text: '', cutLines: 0, partial: false });
  });

  it('200,000 spaces, with or without a line at the end, take one step per kept line (no backtracking)', () => {
    const lastIndexOf = vi.spyOn(String.prototype, 'lastIndexOf');
    expect(outputTailOf(' '.repeat(200_000), { lines: 20, chars: 3000 })).toEqual({ text: '', cutLines: 0, partial: false });
    const tail = outputTailOf(`${' '.repeat(200_000)}x${' '.repeat(200_000)}`, { lines: 20, chars: 3000 });
    expect(tail).toEqual({ text: `${' '.repeat(2999)}x`, cutLines: 1, partial: true });
    const lines = outputTailOf(`${' \n'.repeat(100_000)}end`, { lines: 20, chars: 3000 });
    expect(lines.text).toBe(`${' \n'.repeat(19)}end`);
    expect(lines.cutLines).toBe(100_000 - 19);
    // One search per line looked at: 0 + 1 + 20 (the blank input needs none).
    expect(lastIndexOf).toHaveBeenCalledTimes(21);
  });
});
