// The words of the gates that failed (src/operations/gates.ts), as the commit status, the
// deployment and the comment say them: one sentence, each gate's words in order, capitalised once.
import { describe, expect, it } from 'vitest';
import { gateWords } from '../src/operations/gates.ts';

describe('gateWords', () => {
  it('joins the failed gates’ words with a semicolon, in their order, and capitalises only the first letter', () => {
    expect(gateWords(['broken links: 3 to pages, 2 to anchors', '2 new warnings'])).toBe(
      'Broken links: 3 to pages, 2 to anchors; 2 new warnings',
    );
  });

  it('one gate’s words are that gate’s sentence; none is an empty sentence', () => {
    expect(gateWords(['1 redirect that does not work'])).toBe('1 redirect that does not work');
    expect(gateWords(['redirects: 1 broken'])).toBe('Redirects: 1 broken');
    expect(gateWords([])).toBe('');
  });
});
