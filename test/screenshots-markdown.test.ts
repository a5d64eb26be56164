// The Markdown→HTML converter behind `npm run screenshots` (the README's pictures), on the subset
// the action writes. Chromium is not run here: the pictures are made by hand, not in CI.
import { describe, expect, it } from 'vitest';
import { emojiHtml, escapeHtml, ganttHtml, inlineHtml, markdownToHtml, pageHtml } from '../scripts/screenshots/markdown-html.ts';
import { prettyUrls } from '../scripts/screenshots/scenarios.ts';

describe('markdownToHtml', () => {
  it('renders the preview comment: heading, table, escapes, links with code, details shown open, fenced code', () => {
    const markdown = [
      '<!-- readthedocs-action:preview: -->',
      '### ❌ Read the Docs preview: failed',
      '',
      '| Project | Status | Build |',
      '| --- | --- | --- |',
      '| acme\\-docs | ❌ Failed | [\\#8](https://app.readthedocs.org/projects/acme-docs/builds/8/) |',
      '| a \\| b | `x\\|y` | — |',
      '',
      'Commit: [`4f2c9e1`](https://github.com/octo/docs-repo/commit/4f2c9e1)',
      '',
      '- ❌ **acme\\-docs**: The command &quot;make html&quot; exited with code 1\\. ([build log](https://example.org/b/8/))',
      '',
      '<details><summary>Last lines of the output</summary>',
      '',
      '```text',
      'docs/index.rst:12: WARNING: <b>not bold</b> & co',
      'build finished with problems.',
      '```',
      '',
      '</details>',
    ].join('\n');
    const html = markdownToHtml(markdown);
    expect(html).not.toContain('<!--');
    expect(html).toContain('<h3>❌ Read the Docs preview: failed</h3>');
    expect(html).toContain('<thead><tr><th>Project</th><th>Status</th><th>Build</th></tr></thead>');
    expect(html).toContain(
      '<tr><td>acme-docs</td><td>❌ Failed</td><td><a href="https://app.readthedocs.org/projects/acme-docs/builds/8/">#8</a></td></tr>',
    );
    // An escaped pipe is a pipe in its cell, in a code span too, as GitHub reads tables.
    expect(html).toContain('<tr><td>a | b</td><td><code>x|y</code></td><td>—</td></tr>');
    expect(html).toContain('<p>Commit: <a href="https://github.com/octo/docs-repo/commit/4f2c9e1"><code>4f2c9e1</code></a></p>');
    expect(html).toContain(
      '<li>❌ <strong>acme-docs</strong>: The command &quot;make html&quot; exited with code 1. (<a href="https://example.org/b/8/">build log</a>)</li>',
    );
    expect(html).toContain('<details open><summary>Last lines of the output</summary>');
    // Code is text: its HTML is escaped, its last line kept.
    expect(html).toContain(
      '<pre><code class="language-text">docs/index.rst:12: WARNING: &lt;b&gt;not bold&lt;/b&gt; &amp; co\nbuild finished with problems.</code></pre>',
    );
    expect(html).toContain('</details>');
    expect(html).not.toContain('<b>');
  });

  it('joins the lines of a paragraph, separates paragraphs and lists, and reads headings of every level', () => {
    expect(markdownToHtml('## Read the Docs\\: build\n\nfirst\nsecond\n\nthird\n- a\n* b\n\nafter')).toBe(
      '<h2>Read the Docs: build</h2>\n<p>first\nsecond</p>\n<p>third</p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<p>after</p>',
    );
    expect(markdownToHtml('###### six')).toBe('<h6>six</h6>');
    // A line starting with a pipe but no delimiter row under it is not a table.
    expect(markdownToHtml('| not a table')).toBe('<p>| not a table</p>');
  });

  it('escapes any HTML in the text, keeps entities, and links only to http(s) and anchors', () => {
    expect(inlineHtml('<script>alert(1)</script> &amp; & "q"')).toBe('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &amp; &quot;q&quot;');
    expect(inlineHtml('[x](javascript:alert(1))')).toBe('<a href="#">x</a>)');
    expect(inlineHtml('[x](https://e.org/?a=1&b="2")')).toBe('<a href="https://e.org/?a=1&amp;b=&quot;2&quot;">x</a>');
    expect(inlineHtml('a<br>b')).toBe('a<br>b');
    // Escaped punctuation is literal: no bold, no link.
    expect(inlineHtml('\\*\\*not bold\\*\\* \\[no](link)')).toBe('**not bold** [no](link)');
    // Nothing inside a code span is Markdown.
    expect(inlineHtml('`**a** [b](c) <i>`')).toBe('<code>**a** [b](c) &lt;i&gt;</code>');
    expect(escapeHtml(`<a href='x'>&#39;&x</a>`)).toBe('&lt;a href=&#39;x&#39;&gt;&#39;&amp;x&lt;/a&gt;');
  });

  it('draws a Mermaid gantt chart of the build as bars, the failed command in red, and leaves other Mermaid as code', () => {
    const chart = ganttHtml(
      [
        'gantt',
        '  title Build 7 of acme-docs',
        '  dateFormat X',
        '  axisFormat %M:%S',
        '  git clone --depth 1 https#58;//github.com/octo/docs-repo . :c1, 0, 1s',
        '  python -m sphinx -b html <docs> :crit, c2, 1, 3s',
      ].join('\n'),
    );
    expect(chart).toContain('<figcaption>Build 7 of acme-docs</figcaption>');
    expect(chart).toContain('<span class="gantt-bar" style="margin-left:0.00%;width:25.00%">1s</span>');
    expect(chart).toContain('python -m sphinx -b html &lt;docs&gt;</span>');
    expect(chart).toContain('git clone --depth 1 https://github.com/octo/docs-repo .</span>');
    expect(chart).toContain('<span class="gantt-bar crit" style="margin-left:25.00%;width:75.00%">3s</span>');
    expect(markdownToHtml('```mermaid\ngraph TD\n  A --> B\n```')).toBe(
      '<pre><code class="language-mermaid">graph TD\n  A --&gt; B</code></pre>',
    );
  });

  it('draws the status emoji without an emoji font, and puts the fragment in a page that reports its height', () => {
    expect(emojiHtml('✅ Ready')).toBe('<span class="emoji ok" role="img" aria-label="✅">✔</span> Ready');
    expect(emojiHtml('❌')).toContain('class="emoji no"');
    const page = pageHtml({ header: '<strong>github-actions</strong>', body: '<p>✅</p>' });
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain('<div class="body">\n<p><span class="emoji ok"');
    expect(page).toContain('document.title = "height="');
  });
});

describe('prettyUrls (the pictures show the real service, not the stand-in on a loopback port)', () => {
  it('maps preview pages, docs and the dashboard, also in escaped link labels, and leaves other ports alone', () => {
    const origin = 'http://127.0.0.1:38833';
    const markdown = [
      '[Preview](http://127.0.0.1:38833/docs/acme-docs--42/en/42/)',
      '[\\#8](http://127.0.0.1:38833/projects/acme-docs/builds/8/)',
      '| [http\\://127\\.0\\.0\\.1\\:38833/docs/acme\\-docs/en/latest/](http://127.0.0.1:38833/docs/acme-docs/en/latest/) |',
      'http://127.0.0.1:9999/other',
    ].join('\n');
    expect(prettyUrls(markdown, origin).split('\n')).toEqual([
      '[Preview](https://acme-docs--42.org.readthedocs.build/en/42/)',
      '[\\#8](https://app.readthedocs.org/projects/acme-docs/builds/8/)',
      '| [https://acme-docs.readthedocs.io/en/latest/](https://acme-docs.readthedocs.io/en/latest/) |',
      'http://127.0.0.1:9999/other',
    ]);
  });
});
