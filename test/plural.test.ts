// Counts in the reader's grammar (issue 47): `1 broken link`, `2 pages`, never `link(s)`, through
// the one helper (src/util/plural.ts), and no message of src/ writing `(s)` instead.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forCount, plural } from '../src/util/plural.js';

/**
 * Left to the link checker's rewrite (issue 47's broken-link parts, another branch): its messages
 * are rewritten there, with this helper. Paths, or folders ending with `/`.
 */
const REWRITTEN_ELSEWHERE = ['src/operations/preview/link-check.ts', 'src/operations/health/link-sweep.ts', 'src/operations/shared/links/'];

/** Every `.ts` file under `dir`, as a path from the repository's root. */
function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(dir, name));
}

describe('plural', () => {
  it('says one as one and every other count, zero included, as many', () => {
    expect(plural(1, 'page')).toBe('1 page');
    expect(plural(0, 'page')).toBe('0 pages');
    expect(plural(2, 'broken link')).toBe('2 broken links');
    expect(plural(3, 'new page address', 'new page addresses')).toBe('3 new page addresses');
    expect(plural(1, 'new page address', 'new page addresses')).toBe('1 new page address');
    expect(forCount(1, 'was', 'were')).toBe('was');
    expect(forCount(4, 'was', 'were')).toBe('were');
    expect(forCount(2, 'placeholder')).toBe('placeholders');
  });

  it('no message in src/ writes a count as `word(s)` (comments aside)', () => {
    const found: string[] = [];
    for (const file of sources('src')) {
      if (REWRITTEN_ELSEWHERE.some((path) => file === path || (path.endsWith('/') && file.startsWith(path)))) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          const code = line.trim();
          if (code.startsWith('*') || code.startsWith('//') || code.startsWith('/*')) return;
          if (/[a-z]\((?:s|es)\)/.test(code.replaceAll('http(s)', 'https'))) found.push(`${file}:${index + 1}: ${code}`);
        });
    }
    expect(found).toEqual([]);
  });
});
