import { describe, expect, it } from 'vitest';
import { formatDuration } from '../src/util/format-duration.js';

describe('formatDuration', () => {
  it('formats for people', () => {
    expect(formatDuration(95_000)).toBe('1m35s');
    expect(formatDuration(3_600_000)).toBe('1h');
    expect(formatDuration(0)).toBe('0ms');
    expect(formatDuration(4000)).toBe('4s');
  });
});
