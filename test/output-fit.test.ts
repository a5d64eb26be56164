// Outputs past the runner's limit are cut by rule (issue 39's 3): lists keep their first items and
// count the rest, a text keeps its beginning; nothing is emptied for its size.
import { describe, expect, it } from 'vitest';
import { fitJsonList, fitText } from '../src/reporting/output-fit.ts';

const page = (i: number) => ({ file: `page-${String(i).padStart(4, '0')}.html`, url: `https://example.org/${'x'.repeat(50)}/${i}` });

describe('fitJsonList', () => {
  it('cuts every list of every item to the largest common cap that fits, counting what each lost', () => {
    const items = [
      { project: 'one', pages: Array.from({ length: 500 }, (_, i) => page(i)), unredirected: [page(1)] },
      { project: 'two', pages: Array.from({ length: 30 }, (_, i) => page(i)) },
    ];
    const fitted = fitJsonList(items, 10_000, '/tmp/x/results.json');
    expect(fitted.text.length).toBeLessThanOrEqual(10_000);
    const [one, two] = JSON.parse(fitted.text) as { pages: unknown[]; leftOut?: Record<string, number>; fullOutputFile?: string }[];
    const cap = one!.pages.length;
    expect(cap).toBeGreaterThan(10);
    expect(one!.pages).toEqual(items[0]!.pages.slice(0, cap));
    expect(one!.leftOut).toEqual({ pages: 500 - cap });
    expect(one!.fullOutputFile).toBe('/tmp/x/results.json');
    // The largest cap: one more item for each does not fit.
    expect(fitJsonList(items, fitted.text.length - 1, '/tmp/x/results.json').text).not.toBe(fitted.text);
    expect(two!.pages).toHaveLength(Math.min(30, cap));
    expect(fitted.leftOut).toContain(
      `lists cut to their first ${cap} items (left out: \`pages\` ${(500 - cap + Math.max(0, 30 - cap)).toLocaleString('en-US')})`,
    );
  });

  it('leaves an item with no list past the cap as it is, without `leftOut`', () => {
    const items = [
      { project: 'one', pages: Array.from({ length: 2000 }, (_, i) => page(i)) },
      { project: 'two', pages: [page(1)] },
    ];
    const [, two] = JSON.parse(fitJsonList(items, 20_000, undefined).text) as Record<string, unknown>[];
    expect(two).toEqual(items[1]);
  });

  it('leaves items out from the end only when empty lists do not fit either, and says how many', () => {
    const items = Array.from({ length: 100 }, (_, i) => ({ project: `p${i}`, reason: 'r'.repeat(1000), pages: [page(i)] }));
    const fitted = fitJsonList(items, 20_000, undefined);
    const kept = JSON.parse(fitted.text) as { project: string; pages: unknown[] }[];
    expect(fitted.text.length).toBeLessThanOrEqual(20_000);
    expect(kept.length).toBeGreaterThan(10);
    expect(kept.map((item) => item.project)).toEqual(items.slice(0, kept.length).map((item) => item.project));
    expect(kept.every((item) => item.pages.length === 0)).toBe(true);
    expect(fitted.leftOut).toContain(`the last ${100 - kept.length} of its 100 items left out`);
  });
  // Review of issue 39's 3: `results[].links.broken` is a list one level down, up to 1,000 targets of 2 KB.
  it("cuts lists nested in an item's objects too, naming each by its path, instead of leaving the item out", () => {
    const broken = Array.from({ length: 1000 }, (_, i) => ({
      page: 'index.html',
      target: `https://example.org/${'t'.repeat(2000)}/${i}`,
      problem: 'HTTP 404',
    }));
    const items = [{ project: 'one', pages: [page(1), page(2)], links: { checked: 1000, notChecked: 0, broken } }];
    const fitted = fitJsonList(items, 100_000, '/tmp/x/results.json');
    expect(fitted.text.length).toBeLessThanOrEqual(100_000);
    type Cut = {
      project: string;
      pages: unknown[];
      links: { checked: number; broken: unknown[] };
      leftOut: Record<string, number>;
      fullOutputFile: string;
    };
    const [one] = JSON.parse(fitted.text) as Cut[];
    expect(one!.project).toBe('one');
    const cap = one!.links.broken.length;
    expect(cap).toBeGreaterThan(10);
    expect(one!.links.broken).toEqual(broken.slice(0, cap));
    expect(one!.links.checked).toBe(1000);
    expect(one!.pages).toHaveLength(2);
    expect(one!.leftOut).toEqual({ 'links.broken': 1000 - cap });
    expect(one!.fullOutputFile).toBe('/tmp/x/results.json');
    expect(fitted.leftOut).toContain(`(left out: \`links.broken\` ${(1000 - cap).toLocaleString('en-US')})`);
  });

  it('walks nested objects only to a bounded depth, leaving deeper values as they are', () => {
    let deep: Record<string, unknown> = { list: Array.from({ length: 50 }, (_, i) => i) };
    for (let level = 0; level < 100; level++) deep = { next: deep };
    const fitted = fitJsonList([{ project: 'one', deep, pages: Array.from({ length: 100 }, (_, i) => page(i)) }], 5_000, undefined);
    const [one] = JSON.parse(fitted.text) as { leftOut: Record<string, number> }[];
    expect(Object.keys(one!.leftOut)).toEqual(['pages']);
  });
});

describe('fitText', () => {
  it('keeps the beginning and says, in a YAML comment, how many characters follow and where they are', () => {
    const text = 'a'.repeat(5_000);
    const fitted = fitText(text, 1_000, '/tmp/x/config.yml');
    expect(fitted.text.length).toBeLessThanOrEqual(1_000);
    const kept = fitted.text.slice(0, fitted.text.indexOf('\n# '));
    expect(text.startsWith(kept)).toBe(true);
    expect(fitted.text.slice(kept.length)).toBe(
      `\n# … ${(5_000 - kept.length).toLocaleString('en-US')} more characters left out: the whole text is in /tmp/x/config.yml\n`,
    );
    expect(fitted.leftOut).toBe(`its last ${(5_000 - kept.length).toLocaleString('en-US')} characters left out`);
  });
});
