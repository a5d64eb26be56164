import { describe, expect, it } from 'vitest';
import { messageOf, notRead } from '../src/util/message-of.js';

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

describe('notRead', () => {
  it('says what could not be read, and why, in one style', () => {
    expect(notRead('the project', new Error('404 Not Found'))).toBe('the project could not be read (404 Not Found)');
  });
});
