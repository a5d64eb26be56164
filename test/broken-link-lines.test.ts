// A broken link as every report shows it (issue 47): its one plain line (annotations); the links
// counted by kind, another site's apart (`broken links: 3 to pages, 2 to anchors`); grouped by page, each
// page once with its first links (where the pull request writes each, its text), in Markdown (the
// comment, the job summary, the issue) and plain text (a failure's reason), every cell bounded.
import { describe, expect, it } from 'vitest';
import {
  brokenLinksWords,
  brokenLinkText,
  type BrokenLink,
  countKinds,
  listedPages,
  listedPagesMarkdown,
  listedPagesText,
  pageOnSite,
} from '../src/reporting/broken-link.ts';

const link = (page: string, target: string, extra: Partial<BrokenLink> = {}): BrokenLink => ({
  page,
  target,
  problem: 'missing page',
  kind: 'page',
  external: false,
  ...extra,
});
const REPO = { repoUrl: 'https://github.com/octo/docs-repo', commit: 'a'.repeat(40) };

describe('broken link lines', () => {
  it('plain text: page → target: problem, as written', () => {
    expect(brokenLinkText(link('guide/install.html', 'guide/gone.html#a_b'))).toBe(
      'guide/install.html → guide/gone.html#a_b: missing page',
    );
  });

  it('counted by kind, another site’s apart, in one order', () => {
    const links = [
      link('a.html', 'x.html'),
      link('a.html', 'a.html#n', { kind: 'anchor', problem: 'missing anchor' }),
      link('b.html', 'y.html'),
      link('b.html', '_static/c.css', { kind: 'resource', problem: 'missing resource' }),
      link('b.html', 'https://x.test/', { external: true, problem: 'answered 404' }),
      link('c.html', 'img.png', { kind: 'image', problem: 'missing image' }),
    ];
    expect(brokenLinksWords(countKinds(links))).toBe(
      'broken links: 2 to pages, 1 to an anchor, 1 to an image, 1 to a resource, 1 to another site',
    );
    expect(brokenLinksWords(countKinds([links[1]!, links[1]!]))).toBe('broken links: 2 to anchors');
  });

  it('grouped by page: each page once, linked; each link at its line, its text, target and problem; how many more', () => {
    const links = [
      link('guide/install.html', 'guide/gone.html', { text: 'the next step', source: { file: 'docs/guide/install.rst', line: 8 } }),
      link('index.html', 'x.html', { source: { file: 'docs/index.rst' } }),
      link('guide/install.html', 'guide/also.html'),
      link('guide/install.html', 'guide/third.html'),
    ];
    const { pages, morePages } = listedPages(links, { pages: 1, perPage: 2, root: 'https://p--7.org.readthedocs.build/en/7/' });
    expect(morePages).toBe(1);
    expect(listedPagesMarkdown(pages, { links: REPO, morePages, elsewhere: ': the job summary lists them' })).toEqual([
      `- [\`guide/install.html\`](https://p--7.org.readthedocs.build/en/7/guide/install.html) from [\`docs/guide/install.rst\`](https://github.com/octo/docs-repo/blob/${'a'.repeat(40)}/docs/guide/install.rst) · 3 broken`,
      `  - [\`docs/guide/install.rst:8\`](https://github.com/octo/docs-repo/blob/${'a'.repeat(40)}/docs/guide/install.rst#L8): “the next step” → \`guide/gone.html\`: missing page`,
      '  - `guide/also.html`: missing page',
      '  - … and 1 more on this page: the job summary lists them',
      '- … and 1 more page: the job summary lists them',
    ]);
    expect(listedPagesText(links, { pages: 5, perPage: 1 })).toEqual([
      'guide/install.html (docs/guide/install.rst):',
      '  docs/guide/install.rst:8: “the next step” → guide/gone.html: missing page',
      '  … and 2 more on this page',
      'index.html (docs/index.rst):',
      '  x.html: missing page',
    ]);
  });

  it('hostile text stays text, each cell bounded: a code span, escaped words, a page address encoded', () => {
    const hostile = link('a`b.html', 'https://x.test/`<img>`', {
      problem: 'answered *404*',
      text: '@someone [click](javascript:alert(1)) <b>',
      source: { file: `docs/${'f'.repeat(500)}.rst`, line: 3 },
    });
    const { pages } = listedPages([hostile], { pages: 1, perPage: 1, root: 'https://p.test/en/7/' });
    const [head, item] = listedPagesMarkdown(pages, { links: {}, morePages: 0, elsewhere: '' });
    expect(head).toMatch(/^- \[``a`b\.html``\]\(https:\/\/p\.test\/en\/7\/a%60b\.html\) from `docs\/f+ … f+\.rst`$/);
    expect([...head!.slice(head!.indexOf(' from ') + 7, -1)]).toHaveLength(200);
    expect(item).toContain(
      '“@\u200bsomeone \\[click\\]\\(javascript\\:alert\\(1\\)\\) &lt;b&gt;” → `` https://x.test/`<img>` ``: answered \\*404\\*',
    );
    expect(item!.length).toBeLessThan(600);
    expect(pageOnSite('https://p.test/en/7/', '/')).toBe('https://p.test/en/7/');
    expect(pageOnSite('javascript:alert(1)', 'a.html')).toBeUndefined();
  });
});
