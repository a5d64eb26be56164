import { describe, expect, it } from 'vitest';
import { formatDuration } from '../src/util/format-duration.js';

describe('formatDuration (the one duration formatter)', () => {
  it('formats for people', () => {
    expect(formatDuration(95_000)).toBe('1m35s');
    expect(formatDuration(3_600_000)).toBe('1h');
    expect(formatDuration(3_661_000)).toBe('1h1m1s');
    expect(formatDuration(0)).toBe('0ms');
    expect(formatDuration(250)).toBe('250ms');
    expect(formatDuration(4000)).toBe('4s');
  });

  it('rounds to whole seconds, carrying into minutes', () => {
    expect(formatDuration(95_500)).toBe('1m36s');
    expect(formatDuration(59_600)).toBe('1m');
    expect(formatDuration(1500)).toBe('2s');
    expect(formatDuration(12.7)).toBe('13ms');
  });

  it('keeps tenths of a second below ten seconds when asked (retry waits)', () => {
    expect(formatDuration(612, { tenths: true })).toBe('612ms');
    expect(formatDuration(1500, { tenths: true })).toBe('1.5s');
    expect(formatDuration(2000, { tenths: true })).toBe('2s');
    expect(formatDuration(12_300, { tenths: true })).toBe('12s');
    expect(formatDuration(600_000, { tenths: true })).toBe('10m');
  });
});
