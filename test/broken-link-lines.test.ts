// One broken link, one line: the same `page → target: problem` in annotations, `health`'s issue
// and check rows, the failure's reason (plain text), the comment and the job summary (Markdown).
import { describe, expect, it } from 'vitest';
import { brokenLinkMarkdown, brokenLinkText } from '../src/reporting/broken-link.ts';

const link = { page: 'guide/install.html', target: 'guide/gone.html#a_b', problem: 'missing page' };

describe('broken link lines', () => {
  it('plain text: page → target: problem, as written', () => {
    expect(brokenLinkText(link)).toBe('guide/install.html → guide/gone.html#a_b: missing page');
  });

  it('Markdown: page and target as code spans, the problem escaped', () => {
    expect(brokenLinkMarkdown(link)).toBe('`guide/install.html` → `guide/gone.html#a_b`: missing page');
    const hostile = { page: 'a`b.html', target: 'https://x.test/`<img>`', problem: 'answered *404*' };
    expect(brokenLinkMarkdown(hostile)).toBe('``a`b.html`` → `` https://x.test/`<img>` ``: answered \\*404\\*');
  });
});
