import { describe, expect, it } from 'vitest';
import { messageOf } from '../src/util/message-of.js';

describe('messageOf', () => {
  it("gives an Error's message", () => {
    expect(messageOf(new TypeError('bad type'))).toBe('bad type');
  });

  it('gives anything else thrown as text', () => {
    expect(messageOf('plain words')).toBe('plain words');
    expect(messageOf(42)).toBe('42');
    expect(messageOf(undefined)).toBe('undefined');
  });
});
