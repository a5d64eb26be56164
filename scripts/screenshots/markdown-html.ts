// The Markdown the action writes (the PR comment, the job summary) as HTML, for the README's
// pictures. marked parses it (CommonMark with GitHub's tables, escapes and autolinks); the renderer
// below is ours where the pictures need it: `<details>` collapsed, as GitHub shows them, a Mermaid block left for
// Mermaid itself to draw in the page (`pageHtml` with `mermaid`), as GitHub does, links only to
// http(s), anchors and mailto. Any HTML in the text but `<details>`, `<summary>` and `<br>` is
// escaped, never passed through.
import { Marked, type Tokens } from 'marked';

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

/** The few tags GitHub keeps that the action writes; every other tag is text. */
const KEPT_TAG = /<details>|<\/details>|<summary>([\s\S]*?)<\/summary>|<br\s*\/?>/gi;

/** Raw HTML from the text: the kept tags (`<details>` collapsed, a summary's text as Markdown), the rest escaped. */
function keptHtml(html: string): string {
  let out = '';
  let last = 0;
  for (const match of html.matchAll(KEPT_TAG)) {
    out += escapeHtml(html.slice(last, match.index));
    const tag = match[0].toLowerCase();
    if (match[1] !== undefined) out += `<summary>${inlineHtml(match[1])}</summary>`;
    else out += tag === '<details>' ? '<details>' : tag === '</details>' ? '</details>' : '<br>';
    last = match.index + match[0].length;
  }
  return out + escapeHtml(html.slice(last));
}

const markdown = new Marked({
  gfm: true,
  renderer: {
    html({ text, block }: Tokens.HTML | Tokens.Tag): string {
      return block ? `${keptHtml(text.trimEnd())}\n` : keptHtml(text);
    },
    link({ href, tokens }: Tokens.Link): string {
      const target = /^(https?:|#|mailto:)/i.test(href) ? href : '#';
      return `<a href="${escapeHtml(target)}">${this.parser.parseInline(tokens)}</a>`;
    },
    image({ text }: Tokens.Image): string {
      return escapeHtml(text); // the action writes no images; a page never loads one from the text
    },
    code({ text, lang }: Tokens.Code): string {
      const language = /^[\w-]*/.exec(lang ?? '')![0];
      // Mermaid reads the element's text: escaped here, it reads exactly what the action wrote.
      if (language === 'mermaid') return `<pre class="mermaid">${escapeCode(text)}</pre>\n`;
      return `<pre><code${language ? ` class="language-${language}"` : ''}>${escapeCode(text)}</code></pre>\n`;
    },
    table({ header, rows }: Tokens.Table): string {
      const row = (cells: Tokens.TableCell[], tag: 'th' | 'td') =>
        `<tr>${cells.map((cell) => `<${tag}${cell.align ? ` align="${cell.align}"` : ''}>${this.parser.parseInline(cell.tokens)}</${tag}>`).join('')}</tr>`;
      return `<table>\n<thead>${row(header, 'th')}</thead>\n<tbody>\n${rows.map((cells) => row(cells, 'td')).join('\n')}\n</tbody>\n</table>\n`;
    },
  },
});

/** Inline Markdown as HTML: code spans, escapes, links, bold, `<br>`. */
export function inlineHtml(text: string): string {
  return markdown.parseInline(text.replace(/\u0000/g, ''), { async: false });
}

/** Markdown as an HTML fragment (put it in a page with `pageHtml`). HTML comments are left out. */
export function markdownToHtml(text: string): string {
  return markdown.parse(text.replace(/<!--[\s\S]*?-->/g, ''), { async: false }).trimEnd();
}

/** A GitHub-like look: its fonts, borders, table stripes and code blocks, at a fixed width. */
const STYLESHEET = `
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
/* GitHub scrolls a long line of code sideways: the picture shows its start. */
pre code { padding: 0; background: none; font-size: 12px; white-space: pre; }
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
pre.terminal { background: #1e1e1e; color: #d4d4d4; font: 12px/1.45 "DejaVu Sans Mono", ui-monospace, monospace; white-space: pre-wrap; word-break: break-all; margin: 0; border-radius: 0; }
pre.mermaid { background: none; border: 1px solid #d1d9e0; padding: 8px; text-align: center; }
`;

/** The status emoji the action writes, drawn with CSS and a font every machine has (no emoji font needed). */
const EMOJI: Record<string, string> = {
  '✅': '<span class="emoji ok" role="img" aria-label="✅">✔</span>',
  '❌': '<span class="emoji no" role="img" aria-label="❌">✖</span>',
  '⏳': '<span class="emoji wait" role="img" aria-label="⏳">⧗</span>',
  '⚠️': '<span class="emoji warn" role="img" aria-label="⚠️">!</span>',
  '⏱️': '<span class="emoji wait" role="img" aria-label="⏱️">◷</span>',
  '🔀': '<span class="emoji wait" role="img" aria-label="🔀">⇄</span>',
  '🚫': '<span class="emoji no" role="img" aria-label="🚫">⊘</span>',
  '⏭️': '<span class="emoji wait" role="img" aria-label="⏭️">»</span>',
};

export function emojiHtml(html: string): string {
  return html.replace(/✅|❌|⏳|⚠️|⏱️|🔀|🚫|⏭️/g, (emoji) => EMOJI[emoji]!);
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
