// The pictures of the README and docs/ (made by `npm run screenshots`, see docs/development.md):
// every image a page shows exists, is a small PNG with a description, and every picture in
// docs/images/ is shown somewhere. Chromium is not needed: this reads the committed files.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../harness/action-metadata.ts';
import { docFiles, readDoc } from './support/markdown-docs.ts';

interface Image {
  file: string;
  line: number;
  alt: string;
  target: string;
}

/** `![alt](target)` and `<img src="target" alt="...">`, outside fenced blocks. */
function images(markdown: string, file: string): Image[] {
  const found: Image[] = [];
  let fenced = false;
  for (const [index, line] of markdown.split('\n').entries()) {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced) continue;
    for (const match of line.matchAll(/!\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      found.push({ file, line: index + 1, alt: match[1]!, target: match[2]! });
    }
    for (const match of line.matchAll(/<img\b[^>]*>/g)) {
      const src = /\bsrc="([^"]*)"/.exec(match[0])?.[1] ?? '';
      found.push({ file, line: index + 1, alt: /\balt="([^"]*)"/.exec(match[0])?.[1] ?? '', target: src });
    }
  }
  return found;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_BYTES = 150 * 1024;

describe('the pictures of the README and docs/', () => {
  const all = docFiles().flatMap((file) => images(readDoc(file), file));
  const local = all.filter((image) => !/^[a-z][a-z0-9+.-]*:/i.test(image.target));
  const path = (image: Image) => normalize(join(dirname(image.file), decodeURIComponent(image.target)));

  it('exist, as PNG files under 150 KB, each with a description', () => {
    const problems: string[] = [];
    for (const image of local) {
      const where = `${image.file}:${image.line}: ${image.target}`;
      const file = join(ROOT, path(image));
      if (!existsSync(file)) {
        problems.push(`${where} does not exist`);
        continue;
      }
      if (!readFileSync(file).subarray(0, 8).equals(PNG_SIGNATURE)) problems.push(`${where} is not a PNG`);
      if (statSync(file).size > MAX_BYTES) problems.push(`${where} is ${Math.round(statSync(file).size / 1024)} KB (at most 150)`);
      if (image.alt.trim() === '') problems.push(`${where} has no alt text`);
    }
    expect(problems).toEqual([]);
  });

  it('include the preview comment in the README, and every picture of docs/images/ is shown somewhere', () => {
    expect(local.filter((image) => image.file === 'README.md').map(path)).toContain('docs/images/preview-comment.png');
    const shown = new Set(local.map(path));
    const pictures = readdirSync(join(ROOT, 'docs/images')).map((name) => `docs/images/${name}`);
    expect(pictures.length).toBeGreaterThanOrEqual(3);
    expect(pictures.filter((picture) => !shown.has(picture))).toEqual([]);
  });

  it('are found by the reader: Markdown images and <img> tags, not those in code blocks', () => {
    expect(
      images('![A](docs/a.png) [link](b.md)\n<img src="c.png" alt="C" width="400">\n```\n![no](d.png)\n```\n![](e.png "t")', 'README.md'),
    ).toEqual([
      { file: 'README.md', line: 1, alt: 'A', target: 'docs/a.png' },
      { file: 'README.md', line: 2, alt: 'C', target: 'c.png' },
      { file: 'README.md', line: 6, alt: '', target: 'e.png' },
    ]);
  });
});
