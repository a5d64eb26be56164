// The verdict every report's heading gives first (src/reporting/verdict.ts): the outcomes counted,
// then what the results still have to tell (their notes), in words; notes turn a green verdict ⚠️.
import { describe, expect, it } from 'vitest';
import { verdict } from '../src/reporting/verdict.js';

describe('verdict', () => {
  it('a green result with nothing to tell is ✅; one with notes is ⚠️ with each counted in words, summed over the results', () => {
    expect(verdict([{ project: 'demo', outcome: 'success', notes: { problem: 0, 'not-checked': 0 } }])).toEqual({
      emoji: '✅',
      text: 'demo passed',
    });
    expect(
      verdict([
        { project: 'one', outcome: 'success', buildId: 1, notes: { 'broken-link': 1, 'not-checked': 1 } },
        { project: 'two', outcome: 'success', buildId: 2, notes: { 'broken-link': 2, unredirected: 1 } },
      ]),
    ).toEqual({
      emoji: '⚠️',
      text: 'all 2 built (1 page moved or removed without a redirect, 3 broken links, 1 check not made)',
    });
  });

  it('a failed result stays ❌ whatever the notes; the step’s own failure is ❌ and said first', () => {
    expect(verdict([{ project: 'demo', outcome: 'failed', notes: { problem: 1 } }])).toEqual({
      emoji: '❌',
      text: 'demo failed (1 problem found)',
    });
    expect(verdict([{ project: 'acme', outcome: 'success' }], { title: 'Health issue failed' })).toEqual({
      emoji: '❌',
      text: 'health issue failed; acme passed',
    });
  });

  // Issue 47: a gate that failed says which and how many, in the words the comment and the status use, not its notes again.
  it('a result a gate failed says the gate’s words instead of its notes; the others’ notes still counted, each project named', () => {
    const gated = {
      project: 'demo',
      outcome: 'failed' as const,
      previewUrl: 'https://demo--7.org.readthedocs.build/en/7/',
      notes: { 'broken-link': 5 },
      failedChecks: ['broken links: 3 to pages, 2 to anchors'],
    };
    expect(verdict([gated])).toEqual({ emoji: '❌', text: 'demo failed (broken links: 3 to pages, 2 to anchors)' });
    expect(verdict([gated, { project: 'api', outcome: 'success', previewUrl: 'https://x/', notes: { 'broken-link': 1 } }])).toEqual({
      emoji: '❌',
      text: '1 failed, 1 ready (demo: broken links: 3 to pages, 2 to anchors, 1 broken link)',
    });
  });

  // Issue 50: a changed page the link check could not read holds no broken link it found: said beside the gate's words.
  it('a result a gate failed still says its changed pages not read for links', () => {
    const gated = {
      project: 'demo',
      outcome: 'failed' as const,
      previewUrl: 'https://demo--7.org.readthedocs.build/en/7/',
      notes: { 'broken-link': 1, 'unread-page': 2 },
      failedChecks: ['broken links: 1 to a page'],
    };
    expect(verdict([gated])).toEqual({ emoji: '❌', text: 'demo failed (broken links: 1 to a page, 2 changed pages not read for links)' });
  });
});
