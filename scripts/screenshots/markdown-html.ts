// The Markdown the action writes (the PR comment, the job summary) as HTML, for the README's
// pictures. Small on purpose, like the terminal renderer: headings, paragraphs, tables, flat lists,
// fenced code, `<details>`/`<summary>` (shown open), links, bold, inline code and backslash
// escapes; not all of CommonMark. A Mermaid block is left for Mermaid itself to draw in the page
// (`pageHtml` with `mermaid`), as GitHub does. Any other HTML in the text is escaped, never passed through.
import { isDelimiterRow, splitRow } from '../demo/markdown-table.ts';

/** `<`, `>`, `"` and `'` escaped; `&` too, except where it starts an entity (`&quot;`, `&#39;`). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&(?!(?:[a-z][a-z0-9]{1,30}|#\d{1,7}|#x[0-9a-f]{1,6});)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const escapeCode = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Inline Markdown: code spans first (nothing inside them is Markdown), then escapes, links, bold. */
export function inlineHtml(text: string): string {
  const held: string[] = [];
  const hold = (html: string) => `\u0000${held.push(html) - 1}\u0000`;
  let out = text
    .replace(/\u0000/g, '')
    .replace(/(`+)(.+?)\1/g, (_, _ticks: string, code: string) => hold(`<code>${escapeCode(code.replace(/^ (.*) $/, '$1'))}</code>`))
    .replace(/<br\s*\/?>/gi, () => hold('<br>'))
    .replace(/\\([!-/:-@[-`{-~])/g, (_, char: string) => hold(escapeHtml(char)));
  out = escapeHtml(out)
    .replace(/\[([^\]]*)\]\(([^)\s]+)\)/g, (_, label: string, url: string) => {
      const href = /^(https?:|#|mailto:)/i.test(url) ? url : '#';
      return hold(`<a href="${href}">${label}</a>`);
    })
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>');
  // Held pieces may hold others (a code span inside a link): restore until none is left.
  for (let pass = 0; pass < 3 && out.includes('\u0000'); pass += 1)
    out = out.replace(/\u0000(\d+)\u0000/g, (_, index: string) => held[Number(index)]!);
  return out;
}

function tableHtml(lines: string[]): string {
  const [header = '', , ...body] = lines;
  const row = (line: string, tag: 'th' | 'td') =>
    `<tr>${splitRow(line)
      .map((cell) => `<${tag}>${inlineHtml(cell)}</${tag}>`)
      .join('')}</tr>`;
  return `<table>\n<thead>${row(header, 'th')}</thead>\n<tbody>\n${body.map((line) => row(line, 'td')).join('\n')}\n</tbody>\n</table>`;
}

/** Markdown as an HTML fragment (put it in a page with `pageHtml`). */
export function markdownToHtml(markdown: string): string {
  const out: string[] = [];
  const lines = markdown.replace(/<!--[\s\S]*?-->/g, '').split('\n');
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) out.push(`<p>${paragraph.map(inlineHtml).join('\n')}</p>`);
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const fence = /^(`{3,}|~{3,})\s*([\w-]*)/.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      for (i += 1; i < lines.length && !lines[i]!.startsWith(fence[1]!); i += 1) code.push(lines[i]!);
      const text = code.join('\n');
      const language = fence[2] ?? '';
      // Mermaid reads the element's text: escaped here, it reads exactly what the action wrote.
      if (language === 'mermaid') out.push(`<pre class="mermaid">${escapeCode(text)}</pre>`);
      else out.push(`<pre><code${language ? ` class="language-${language}"` : ''}>${escapeCode(text)}</code></pre>`);
      continue;
    }
    if (line.trimStart().startsWith('|') && isDelimiterRow(lines[i + 1] ?? '')) {
      flush();
      const table: string[] = [];
      for (; i < lines.length && lines[i]!.trimStart().startsWith('|'); i += 1) table.push(lines[i]!);
      i -= 1;
      out.push(tableHtml(table));
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const level = heading[1]!.length;
      out.push(`<h${level}>${inlineHtml(heading[2]!)}</h${level}>`);
      continue;
    }
    const details = /^\s*<details>\s*(?:<summary>(.*)<\/summary>)?\s*$/.exec(line);
    if (details) {
      flush();
      out.push(`<details open>${details[1] === undefined ? '' : `<summary>${inlineHtml(details[1])}</summary>`}`);
      continue;
    }
    const summary = /^\s*<summary>(.*)<\/summary>\s*$/.exec(line);
    if (summary) {
      flush();
      out.push(`<summary>${inlineHtml(summary[1]!)}</summary>`);
      continue;
    }
    if (/^\s*<\/details>\s*$/.test(line)) {
      flush();
      out.push('</details>');
      continue;
    }
    if (/^\s*[-*]\s+/.test(line)) {
      flush();
      const items: string[] = [];
      for (; i < lines.length && /^\s*[-*]\s+/.test(lines[i]!); i += 1) items.push(lines[i]!.replace(/^\s*[-*]\s+/, ''));
      i -= 1;
      out.push(`<ul>\n${items.map((item) => `<li>${inlineHtml(item)}</li>`).join('\n')}\n</ul>`);
      continue;
    }
    if (line.trim() === '') flush();
    else paragraph.push(line);
  }
  flush();
  return out.join('\n');
}

/** A GitHub-like look: its fonts, borders, table stripes and code blocks, at a fixed width. */
export const STYLESHEET = `
* { box-sizing: border-box; }
html { background: #fff; }
body { margin: 0; font: 14px/1.5 -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, "DejaVu Sans", sans-serif; color: #1f2328; }
.frame { margin: 12px; border: 1px solid #d1d9e0; border-radius: 6px; overflow: hidden; }
.frame > header { padding: 8px 16px; background: #f6f8fa; border-bottom: 1px solid #d1d9e0; color: #59636e; }
.frame > header strong { color: #1f2328; }
.body { padding: 8px 16px 4px; }
.body > :first-child { margin-top: 8px; }
h1, h2, h3 { margin: 16px 0 12px; font-weight: 600; line-height: 1.25; }
h2 { font-size: 1.5em; padding-bottom: .3em; border-bottom: 1px solid #d1d9e0; }
h3 { font-size: 1.25em; }
p, ul, table, pre, details { margin: 0 0 14px; }
ul { padding-left: 2em; }
a { color: #0969da; text-decoration: none; }
code { font: 85%/1.45 ui-monospace, "DejaVu Sans Mono", monospace; padding: .2em .4em; background: #eff1f3; border-radius: 6px; }
pre { padding: 12px 16px; background: #f6f8fa; border-radius: 6px; overflow: hidden; }
pre code { padding: 0; background: none; font-size: 12px; white-space: pre-wrap; word-break: break-all; }
table { border-collapse: collapse; display: block; width: max-content; max-width: 100%; }
th, td { padding: 6px 13px; border: 1px solid #d1d9e0; }
th { font-weight: 600; }
tbody tr:nth-child(2n) { background: #f6f8fa; }
a code { color: #0969da; }
.emoji { display: inline-block; width: 1.15em; height: 1.15em; line-height: 1.15em; border-radius: 3px; text-align: center; font-size: .9em; font-weight: 700; vertical-align: -.15em; }
.emoji.ok { background: #2da44e; color: #fff; }
.emoji.no { color: #d1242f; font-size: 1.1em; }
.emoji.wait { color: #9a6700; }
.emoji.warn { background: #d4a72c; color: #fff; border-radius: 50%; }
summary { cursor: pointer; margin-bottom: 8px; }
pre.mermaid { background: none; border: 1px solid #d1d9e0; padding: 8px; text-align: center; }
`;

/** The status emoji the action writes, drawn with CSS and a font every machine has (no emoji font needed). */
const EMOJI: Record<string, string> = {
  '✅': '<span class="emoji ok" role="img" aria-label="✅">✔</span>',
  '❌': '<span class="emoji no" role="img" aria-label="❌">✖</span>',
  '⏳': '<span class="emoji wait" role="img" aria-label="⏳">⧗</span>',
  '⚠️': '<span class="emoji warn" role="img" aria-label="⚠️">!</span>',
};

export function emojiHtml(html: string): string {
  return html.replace(/✅|❌|⏳|⚠️/g, (emoji) => EMOJI[emoji]!);
}

/**
 * A whole page: the fragment inside a frame like GitHub's (a comment's header, or the summary's),
 * with a script that writes the page's height into its title, for cropping the screenshot. With
 * `mermaid` (the URL of Mermaid's browser bundle), Mermaid draws the page's Mermaid blocks first;
 * when it cannot, the title says `error=` and why, and no picture is taken.
 */
export function pageHtml(options: { header: string; body: string; mermaid?: string }): string {
  const charts = options.body.includes('<pre class="mermaid">');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>screenshot</title>',
    `<style>${STYLESHEET}</style></head>`,
    `<body><div class="frame"><header>${options.header}</header><div class="body">`,
    emojiHtml(options.body),
    '</div></div>',
    ...(charts && options.mermaid ? [`<script src="${escapeHtml(options.mermaid)}"></script>`] : []),
    '<script>',
    'const measure = () => { document.title = "height=" + Math.ceil(document.documentElement.getBoundingClientRect().height + 1); };',
    charts
      ? [
          'if (typeof mermaid === "undefined") document.title = "error=Mermaid did not load";',
          'else { mermaid.initialize({ startOnLoad: false }); mermaid.run().then(measure, (error) => { document.title = "error=" + error; }); }',
        ].join('\n')
      : 'measure();',
    '</script>',
    '</body></html>',
    '',
  ].join('\n');
}
