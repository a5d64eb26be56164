// The Markdown→HTML converter behind `npm run screenshots` (the README's pictures), on the subset
// the action writes, and how it gets Mermaid. Chromium is not run here, nor the registry asked: the
// pictures are made by hand, not in CI.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emojiHtml, escapeHtml, inlineHtml, markdownToHtml, pageHtml } from '../../scripts/screenshots/markdown-html.ts';
import { fileIntegrity, MERMAID, unpackBundle } from '../../scripts/screenshots/mermaid.ts';
import { prettyUrls } from '../../scripts/screenshots/scenarios.ts';
import { summaryMarkdown } from '../../src/reporting/report.js';

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
    // Collapsed, as GitHub shows them.
    expect(html).toContain('<details><summary>Last lines of the output</summary>');
    // Code is text: its HTML is escaped, its last line kept.
    expect(html).toContain(
      '<pre><code class="language-text">docs/index.rst:12: WARNING: &lt;b&gt;not bold&lt;/b&gt; &amp; co\nbuild finished with problems.</code></pre>',
    );
    expect(html).toContain('</details>');
    expect(html).not.toContain('<b>');
  });

  it('joins the lines of a paragraph, separates paragraphs and lists, and reads headings of every level', () => {
    expect(markdownToHtml('## Read the Docs\\: build\n\nfirst\nsecond\n\nthird\n- a\n- b\n\nafter')).toBe(
      '<h2>Read the Docs: build</h2>\n<p>first\nsecond</p>\n<p>third</p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<p>after</p>',
    );
    expect(markdownToHtml('###### six')).toBe('<h6>six</h6>');
    // A line starting with a pipe but no delimiter row under it is not a table.
    expect(markdownToHtml('| not a table')).toBe('<p>| not a table</p>');
  });

  it('escapes any HTML in the text, keeps entities, and links only to http(s) and anchors', () => {
    expect(inlineHtml('<script>alert(1)</script> &amp; & "q"')).toBe('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &amp; &quot;q&quot;');
    // Parentheses in a link target balance, as GitHub reads them.
    expect(inlineHtml('[x](javascript:alert(1))')).toBe('<a href="#">x</a>');
    expect(inlineHtml('![x](https://e.org/track.png)')).toBe('x');
    expect(inlineHtml('[x](https://e.org/?a=1&b="2")')).toBe('<a href="https://e.org/?a=1&amp;b=&quot;2&quot;">x</a>');
    expect(inlineHtml('a<br>b')).toBe('a<br>b');
    // Escaped punctuation is literal: no bold, no link.
    expect(inlineHtml('\\*\\*not bold\\*\\* \\[no](link)')).toBe('**not bold** [no](link)');
    // Nothing inside a code span is Markdown.
    expect(inlineHtml('`**a** [b](c) <i>`')).toBe('<code>**a** [b](c) &lt;i&gt;</code>');
    expect(escapeHtml(`<a href='x'>&#39;&x</a>`)).toBe('&lt;a href=&#39;x&#39;&gt;&#39;&amp;x&lt;/a&gt;');
  });

  it('keeps what the service sent in its cell, as text: pipes, backticks, HTML, Markdown', () => {
    const hostile = 'a|b `c|d` <script>x</script> **e** [f](javascript:g) &amp;';
    const html = markdownToHtml(
      summaryMarkdown('Read the Docs: build', [
        { project: 'demo', outcome: 'failed', version: hostile, state: 'finished', buildId: 1, title: 'Build failed', reason: hostile },
      ]),
    );
    const row = /<tbody>\n(<tr>.*<\/tr>)\n<\/tbody>/.exec(html)![1]!;
    expect(row.match(/<td>/g)).toHaveLength(4);
    expect(row).toContain('<td>a|b `c|d` &lt;script&gt;x&lt;/script&gt; **e** [f](javascript:g) &amp;amp;</td>');
    expect(html).toContain(
      '<pre><code class="language-text">a|b `c|d` &lt;script&gt;x&lt;/script&gt; **e** [f](javascript:g) &amp;amp;</code></pre>',
    );
    expect(html).not.toMatch(/<script|<strong>e|href="javascript/);
  });

  it('leaves a Mermaid block to Mermaid, as its exact text (the build chart), and other code as code', () => {
    const chart = [
      'gantt',
      '  title Build 7 of acme-docs',
      '  dateFormat x',
      '  git clone --depth 1 https#58;//github.com/octo/docs-repo . :c1, 0, 1s',
      '  python -m sphinx -b html <docs> & co :crit, c2, 1000, 3s',
    ].join('\n');
    const html = markdownToHtml(`**Where the time went**\n\n\`\`\`mermaid\n${chart}\n\`\`\``);
    expect(html).toBe(
      '<p><strong>Where the time went</strong></p>\n<pre class="mermaid">gantt\n  title Build 7 of acme-docs\n  dateFormat x\n' +
        '  git clone --depth 1 https#58;//github.com/octo/docs-repo . :c1, 0, 1s\n' +
        '  python -m sphinx -b html &lt;docs&gt; &amp; co :crit, c2, 1000, 3s</pre>',
    );
    expect(markdownToHtml('```yaml\na: <b>\n```')).toBe('<pre><code class="language-yaml">a: &lt;b&gt;</code></pre>');
  });

  it('loads Mermaid only into a page with a chart, measures it once Mermaid has drawn, and reports a chart Mermaid refuses', () => {
    const body = markdownToHtml('```mermaid\ngantt\n  dateFormat x\n  a :c1, 0, 1s\n```');
    const page = pageHtml({ header: 'summary', body, mermaid: 'file:///cache/mermaid.min.js' });
    expect(page).toContain('<script src="file:///cache/mermaid.min.js"></script>');
    expect(page).toContain('mermaid.run().then(measure, (error) => { document.title = "error=" + error; })');
    expect(page).toContain('document.title = "error=Mermaid did not load"');
    expect(page).not.toMatch(/^measure\(\);$/m);
    const plain = pageHtml({ header: 'summary', body: '<p>no chart</p>', mermaid: 'file:///cache/mermaid.min.js' });
    expect(plain).not.toContain('<script src=');
    expect(plain).toMatch(/^measure\(\);$/m);
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

describe('the Mermaid bundle (npm pack, checked against the pinned integrity)', () => {
  /** A tarball laid out like npm's: package/dist/mermaid.min.js. */
  function tarball(content: string): { path: string; work: string } {
    const work = mkdtempSync(join(tmpdir(), 'mermaid-test-'));
    mkdirSync(join(work, 'package', 'dist'), { recursive: true });
    writeFileSync(join(work, 'package', 'dist', 'mermaid.min.js'), content);
    writeFileSync(join(work, 'package', 'README.md'), 'not wanted');
    execFileSync('tar', ['-czf', join(work, 'mermaid.tgz'), '-C', work, 'package']);
    return { path: join(work, 'mermaid.tgz'), work };
  }

  it('copies out the browser bundle of the pinned tarball, and refuses any other tarball before unpacking it', () => {
    const good = tarball('window.mermaid = {};');
    const target = join(good.work, 'bundle.js');
    try {
      unpackBundle(good.path, fileIntegrity(good.path), target);
      expect(readFileSync(target, 'utf8')).toBe('window.mermaid = {};');
      const other = join(good.work, 'other.js');
      expect(() => unpackBundle(good.path, MERMAID.integrity, other)).toThrow(/is not the pinned Mermaid: integrity sha512-/);
      expect(() => readFileSync(other)).toThrow();
    } finally {
      rmSync(good.work, { recursive: true, force: true });
    }
  });

  it('pins a version and a sha512 integrity', () => {
    expect(MERMAID.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(MERMAID.integrity).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/);
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
