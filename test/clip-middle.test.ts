import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clipMiddle } from '../src/util/clip-middle.js';

const REASON =
  'Build failed: The command "python -m sphinx -T -W --keep-going -b html -d _build/doctrees -D language=en ' +
  'docs $READTHEDOCS_OUTPUT/html" exited with code 2. (build:commands:failed)';

describe('clipMiddle', () => {
  it('leaves text that fits alone', () => {
    expect(clipMiddle(REASON, REASON.length)).toBe(REASON);
    expect(clipMiddle('', 10)).toBe('');
  });

  it('keeps the beginning and the end whole, cuts the middle between words', () => {
    const clipped = clipMiddle(REASON, 120);
    expect(clipped.length).toBeLessThanOrEqual(120);
    expect(clipped).toBe(
      'Build failed: The command "python -m sphinx -T -W --keep-going -b html -d … exited with code 2. (build:commands:failed)',
    );
    const [start, end] = clipped.split(' … ');
    expect(REASON.startsWith(`${start} `)).toBe(true);
    expect(REASON.endsWith(` ${end}`)).toBe(true);
    expect(end!.endsWith('exited with code 2. (build:commands:failed)')).toBe(true);
  });

  it('cuts inside a word only when no space is near the cut', () => {
    const path = `/srv/docs/${'a'.repeat(200)}/conf.py`;
    const clipped = clipMiddle(path, 61);
    expect([...clipped]).toHaveLength(61);
    expect(clipped.startsWith('/srv/docs/aaa')).toBe(true);
    expect(clipped.endsWith('aaa/conf.py')).toBe(true);
  });

  it('counts characters, not UTF-16 units, and never splits a surrogate pair', () => {
    const clipped = clipMiddle('😀'.repeat(100), 21);
    expect([...clipped]).toHaveLength(21);
    expect(clipped).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('for any text and limit: within the limit, a prefix and a suffix of the text around one mark', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), fc.integer({ min: 1, max: 300 }), (text, limit) => {
        const clipped = clipMiddle(text, limit);
        expect([...clipped].length).toBeLessThanOrEqual(limit);
        if ([...text].length <= limit) {
          expect(clipped).toBe(text);
        } else if (limit < 5) {
          expect(text.startsWith(clipped.slice(0, -1))).toBe(true);
        } else {
          const mark = clipped.indexOf(' … ');
          expect(mark).toBeGreaterThan(-1);
          expect(text.startsWith(clipped.slice(0, mark))).toBe(true);
          expect(text.endsWith(clipped.slice(mark + 3))).toBe(true);
        }
      }),
    );
  });
});
