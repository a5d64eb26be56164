import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { codeSpan, escapeHtml, escapeMarkdown, fencedCode, markdownLink, outputTail } from '../src/reporting/markdown.js';
import { commentMarker, mergeRows, readRows, type PreviewRow } from '../src/operations/preview/comment-rows.js';
import { replaceMarkedBlock } from '../src/operations/preview/pr-description.js';
import { renderComment } from '../src/operations/preview/render-comment.js';
import { problemsToShow } from '../src/operations/shared/builds/sphinx-warnings.js';
import { anyText } from './support/arbitraries.ts';

const SHA_A = '0123456789abcdef0123456789abcdef01234567';
const SHA_B = 'fedcba9876543210fedcba9876543210fedcba98';
const REPO = 'https://github.com/octo/docs';

const row = (overrides: Partial<PreviewRow> = {}): PreviewRow => ({
  project: 'docs',
  status: 'ready',
  previewUrl: 'https://docs--42.org.readthedocs.build/en/42/',
  buildUrl: 'https://app.readthedocs.org/projects/docs/builds/1234/',
  buildId: 1234,
  commit: SHA_A,
  updatedAt: new Date('2026-11-02T10:03:59Z'),
  ...overrides,
});

/** Table rows of a rendered comment (lines starting with `|`, minus header and separator). */
const tableRows = (body: string) =>
  body
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2);

/** Splits a table row into cells the way GitHub does: on pipes not preceded by a backslash. */
const cells = (line: string) =>
  line
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());

/** Whether every `|` in the text is escaped (an odd run of backslashes before it). */
const pipesEscaped = (text: string) => [...text.matchAll(/(\\*)\|/g)].every((match) => match[1]!.length % 2 === 1);

describe('escapeMarkdown', () => {
  it('escapes Markdown punctuation and HTML', () => {
    expect(escapeMarkdown('a | b')).toBe('a \\| b');
    expect(escapeMarkdown('[click](javascript:alert(1))')).toBe('\\[click\\]\\(javascript\\:alert\\(1\\)\\)');
    expect(escapeMarkdown('<script>alert("x")</script>')).toBe('&lt;script&gt;alert\\(&quot;x&quot;\\)&lt;/script&gt;');
    expect(escapeMarkdown('`code` *b* _i_ ~s~ # + - . ! {x} \\')).toBe(
      '\\`code\\` \\*b\\* \\_i\\_ \\~s\\~ \\# \\+ \\- \\. \\! \\{x\\} \\\\',
    );
    expect(escapeMarkdown('-->')).toBe('\\-\\-&gt;');
    expect(escapeMarkdown('AT&T')).toBe('AT&amp;T');
  });

  it('turns line breaks into <br> and drops control characters', () => {
    expect(escapeMarkdown('one\r\ntwo\nthree\rfour')).toBe('one<br>two<br>three<br>four');
    expect(escapeMarkdown('a\u0000b\u001bc')).toBe('abc');
  });

  it('breaks @mentions but not e-mail addresses', () => {
    expect(escapeMarkdown('ping @octocat and @org/team')).toBe('ping @\u200Boctocat and @\u200Borg/team');
    expect(escapeMarkdown('mail me@example.com')).toBe('mail me@example\\.com');
  });

  it('property: no raw HTML, no unescaped pipe, no line break survives', () => {
    fc.assert(
      fc.property(anyText(), (text) => {
        const escaped = escapeMarkdown(text);
        expect(escaped.replace(/<br>/g, '')).not.toMatch(/[<>\n\r]/);
        expect(pipesEscaped(escaped)).toBe(true);
        expect(escaped).not.toContain('](');
        expect(escaped).not.toContain('-->');
      }),
    );
  });
});

describe('escapeHtml', () => {
  it('escapes HTML without Markdown backslashes', () => {
    expect(escapeHtml('my_docs <b>"x"</b> & \'y\'\nz')).toBe('my_docs &lt;b&gt;&quot;x&quot;&lt;/b&gt; &amp; &#39;y&#39; z');
  });
});

describe('markdownLink', () => {
  it('links http(s) URLs only', () => {
    expect(markdownLink('Preview', 'https://docs--1.org.readthedocs.build/en/1/')).toBe(
      '[Preview](https://docs--1.org.readthedocs.build/en/1/)',
    );
    expect(markdownLink('x', 'javascript:alert(1)')).toBe('x');
    expect(markdownLink('x', 'data:text/html,<b>')).toBe('x');
    expect(markdownLink('x', '/relative')).toBe('x');
    expect(markdownLink('x', undefined)).toBe('x');
  });

  it('escapes the text and encodes characters that would end the link or split a cell', () => {
    expect(markdownLink('a]b', 'https://example.com/a)b|c d')).toBe('[a\\]b](https://example.com/a%29b%7Cc%20d)');
  });
});

describe('outputTail and fencedCode', () => {
  it('trims from the top in whole lines: the last line stays intact', () => {
    const text = ['first line', 'second line', 'third line', 'the decisive last line'].join('\n');
    expect(outputTail(text, { lines: 2, chars: 1000 })).toBe('third line\nthe decisive last line');
    expect(outputTail(text, { lines: 10, chars: 40 })).toBe('third line\nthe decisive last line');
    expect(outputTail(`${text}\n\n  \n`, { lines: 1, chars: 1000 })).toBe('the decisive last line');
  });

  it('cuts a last line longer than the limit at its start, never at its end', () => {
    expect(outputTail(`a\n${'x'.repeat(50)} END`, { lines: 5, chars: 10 })).toBe('…xxxxx END');
  });

  it('picks a fence longer than any backtick run in the text', () => {
    expect(fencedCode('plain')).toBe('```text\nplain\n```');
    const hostile = 'a ``` b\n`````\n</details> @admin';
    const block = fencedCode(hostile);
    expect(block.startsWith('``````text\n')).toBe(true);
    expect(block.endsWith('\n``````')).toBe(true);
    expect(block.slice(11, -7)).toBe(hostile);
  });
});

describe('codeSpan', () => {
  it('wraps text in a fence longer than any backtick run', () => {
    expect(codeSpan('abc')).toBe('`abc`');
    expect(codeSpan('a`b')).toBe('``a`b``');
    expect(codeSpan('`x`')).toBe('`` `x` ``');
    expect(codeSpan('a``b')).toBe('```a``b```');
  });

  it('is safe in a table cell and on one line', () => {
    expect(codeSpan('a|b\nc')).toBe('`a\\|b c`');
    expect(codeSpan('a|b', { inTable: false })).toBe('`a|b`');
  });
});

describe('commentMarker', () => {
  it('is a hidden HTML comment that names the header', () => {
    expect(commentMarker('docs')).toBe('<!-- readthedocs-action:preview:docs -->');
  });

  it('cannot be closed early by a hostile header and keeps headers apart', () => {
    const marker = commentMarker('x --> <img src=x onerror=alert(1)> --!>');
    expect(marker.startsWith('<!-- ')).toBe(true);
    expect(marker.slice(4, -4)).not.toMatch(/--!?>|[<>]/);
    expect(commentMarker('a b')).not.toBe(commentMarker('a-b'));
    // The publisher finds its comment by `startsWith(marker)`: one header's marker never prefixes another's.
    expect(`${commentMarker('docs-2')}\nbody`.startsWith(commentMarker('docs'))).toBe(false);
  });
});

describe('renderComment', () => {
  it('starts with the marker and has a heading, a table row per project, the short SHA linked and the date', () => {
    const later = new Date('2026-11-02T10:07:00Z');
    const body = renderComment({
      header: 'docs',
      rows: [row(), row({ project: 'api', status: 'building', buildId: 99, updatedAt: later })],
      repoUrl: REPO,
    });
    expect(body.startsWith(commentMarker('docs'))).toBe(true);
    expect(body).toMatch(/^### ⏳ .*1 building, 1 ready$/m);
    expect(body).toContain('| Project | Status | Preview | Build | Updated (UTC) |');
    const rows = tableRows(body);
    expect(rows).toHaveLength(2);
    // What is still moving comes before what is ready.
    expect(cells(rows[1]!)).toEqual([
      'docs',
      '✅ Ready',
      '[Preview](https://docs--42.org.readthedocs.build/en/42/)',
      '[\\#1234](https://app.readthedocs.org/projects/docs/builds/1234/)',
      '2026-11-02 10:03',
    ]);
    expect(cells(rows[0]!)[1]).toBe('⏳ Building');
    // The commit once, below the table, 7 characters linked to the full one; no "UTC" in any cell.
    for (const line of rows) expect(line).not.toContain(SHA_A.slice(0, 7));
    expect(body).toContain(`Commit: [\`${SHA_A.slice(0, 7)}\`](${REPO}/commit/${SHA_A})\n`);
    for (const line of rows) expect(line).not.toContain('UTC');
  });

  it('no Updated column when every row has the same time: it is said once, beside the commit', () => {
    const body = renderComment({ header: 'docs', rows: [row(), row({ project: 'api' })] });
    expect(body).toContain('| Project | Status | Preview | Build |\n| --- | --- | --- | --- |\n');
    expect(body).toContain(`Commit: \`${SHA_A.slice(0, 7)}\` · updated 2026-11-02 10:03 UTC\n`);
    expect(tableRows(body)[0]).not.toContain(SHA_A.slice(0, 7));
  });

  it.each([
    [[row()], '✅'],
    [[row(), row({ project: 'api' })], '✅'],
    [[row(), row({ project: 'api', status: 'failed' })], '❌'],
    [[row({ status: 'building' }), row({ project: 'api', status: 'error' })], '⚠️'],
    [[row({ status: 'building' }), row({ project: 'api' })], '⏳'],
    [[row({ status: 'timed-out' })], '⏱️'],
    [[row({ status: 'superseded' })], '🔀'],
    [[row({ status: 'cancelled' })], '🚫'],
    [[row({ status: 'not-found' })], '❔'],
  ] as const)('heading emoji for %j is %s', (rows, emoji) => {
    const heading = renderComment({ header: 'h', rows: [...rows] })
      .split('\n')
      .find((line) => line.startsWith('### '));
    expect(heading?.startsWith(`### ${emoji} `)).toBe(true);
  });

  it('links the preview only when ready, and the build log even on failure', () => {
    const body = renderComment({
      header: 'docs',
      rows: [row({ status: 'failed', reason: 'Sphinx exited with 2' }), row({ project: 'api', status: 'building' })],
    });
    for (const line of tableRows(body)) {
      expect(cells(line)[2]).toBe('—');
      expect(cells(line)[3]).toContain('(https://app.readthedocs.org/projects/docs/builds/1234/)');
    }
    expect(body).not.toContain('readthedocs.build');
    expect(body).toMatch(
      /^- ❌ \*\*docs\*\*: Sphinx exited with 2 \(\[build log\]\(https:\/\/app\.readthedocs\.org\/projects\/docs\/builds\/1234\/\)\)$/m,
    );
  });

  it('a failure: one line in the list, the output tail collapsed in a code block with its last line whole', () => {
    const tail = [
      'Running Sphinx v8.1.3',
      ...Array.from({ length: 40 }, (_, i) => `line ${i}`),
      '``` fence in the output',
      'build finished with problems, 2 warnings (with warnings treated as errors).',
    ].join('\n');
    const body = renderComment({
      header: 'docs',
      rows: [row({ status: 'failed', reason: 'Command failed (exit code 1): python -m sphinx -W docs out', tail })],
    });
    const bullet = body.split('\n').find((line) => line.startsWith('- ❌'));
    expect(bullet).toContain('**docs**: Command failed');
    expect(bullet).toContain('[build log](https://app.readthedocs.org/projects/docs/builds/1234/)');
    expect(bullet).not.toContain('<br>');
    const details = body.slice(body.indexOf('<details><summary>Last lines of the output</summary>'), body.indexOf('</details>'));
    expect(details).toContain('\n\n````text\n'); // longer than the output's own ``` run
    expect(details).toContain(
      '``` fence in the output\nbuild finished with problems, 2 warnings (with warnings treated as errors).\n````\n',
    );
    expect(details).not.toContain('Running Sphinx'); // trimmed from the top
    expect(details).not.toContain('<br>');
    for (const line of tableRows(body)) expect(line).not.toContain('UTC'); // the header says it once
  });

  it('a reason of several lines without a tail: the first line in the list, the rest collapsed', () => {
    const body = renderComment({ header: 'docs', rows: [row({ status: 'error', reason: 'GitHub said no\nsecond line' })] });
    expect(body).toMatch(/^- ⚠️ \*\*docs\*\*: GitHub said no/m);
    expect(body).toContain('<details><summary>More about it</summary>\n\n```text\nsecond line\n```');
  });

  it('marks rows of another commit as outdated when the head SHA is known', () => {
    const body = renderComment({ header: 'docs', headSha: SHA_B, rows: [row(), row({ project: 'api', commit: SHA_B })] });
    // Both ready: by name, `api` first.
    const [current, old] = tableRows(body).map(cells);
    expect(old![1]).toBe('✅ Ready (older commit)');
    expect(old![2]).toBe('—');
    expect(current![2]).toContain('[Preview]');
    expect(body).toContain(`- docs: \`${SHA_A.slice(0, 7)}\``);
    expect(body).toContain(`- api: \`${SHA_B.slice(0, 7)}\``);
  });

  it('keeps hostile text inside its cell and out of HTML', () => {
    const hostile = 'evil | col ]() [x](javascript:alert(1)) <script>alert(1)</script> `tick` --> @admin\nnext';
    const body = renderComment({
      header: 'docs',
      rows: [
        row({ project: hostile, status: 'failed', reason: hostile, previewUrl: 'javascript:alert(1)', buildUrl: 'javascript:alert(2)' }),
      ],
    });
    const [line] = tableRows(body);
    expect(cells(line!)).toHaveLength(4);
    expect(body).not.toContain('<script>');
    expect(body).not.toContain('javascript:alert(2)');
    expect(body).not.toMatch(/\]\(javascript/);
    expect(body).not.toContain('@admin');
    // The only HTML comments are the marker and the data, each closed once at the end of its line.
    expect(body.match(/-->/g)).toHaveLength(2);
  });

  it('lists changed pages in a details block for ready previews', () => {
    const pages = [
      { file: 'docs/index.rst', url: 'https://docs--42.org.readthedocs.build/en/42/index.html' },
      { file: 'docs/a|b.md', url: 'https://docs--42.org.readthedocs.build/en/42/a%7Cb.html' },
    ];
    const body = renderComment({
      header: 'docs',
      rows: [row({ project: 'my_docs <b>', pages }), row({ project: 'api', status: 'building', pages })],
    });
    expect(body).toContain('<details><summary>Changed pages in my_docs &lt;b&gt; (2)</summary>');
    expect(body).toContain('- [`docs/index.rst`](https://docs--42.org.readthedocs.build/en/42/index.html)');
    expect(body).toContain('- [`docs/a|b.md`](https://docs--42.org.readthedocs.build/en/42/a%7Cb.html)');
    expect(body.match(/<details>/g)).toHaveLength(1);
    expect(body).toContain('</details>');
  });

  it('stays under the GitHub size limit', () => {
    const pages = Array.from({ length: 20 }, (_, index) => ({
      file: `docs/${'x'.repeat(200)}${index}.rst`,
      url: `https://docs--1.org.readthedocs.build/${'x'.repeat(200)}${index}.html`,
    }));
    const rows = Array.from({ length: 20 }, (_, index) => row({ project: `p${index}`, pages, reason: 'r'.repeat(5000) }));
    const body = renderComment({ header: 'docs', rows });
    expect(body.length).toBeLessThanOrEqual(65_536);
    expect(tableRows(body)).toHaveLength(20);
  });

  it('says so when there is nothing to report', () => {
    const body = renderComment({ header: 'docs', rows: [] });
    expect(body.startsWith(commentMarker('docs'))).toBe(true);
    expect(tableRows(body)).toHaveLength(0);
  });
});

describe('mergeRows', () => {
  it('keeps rows of other projects and replaces the same project in place', () => {
    const existing = renderComment({
      header: 'docs',
      rows: [row({ project: 'api', status: 'building' }), row({ project: 'docs', status: 'failed', reason: 'boom' })],
    });
    const merged = mergeRows(existing, 'docs', [row({ project: 'api', commit: SHA_B }), row({ project: 'guide' })]);
    expect(merged.map((r) => [r.project, r.status, r.commit])).toEqual([
      ['api', 'ready', SHA_B],
      ['docs', 'failed', SHA_A],
      ['guide', 'ready', SHA_A],
    ]);
    expect(merged[1]).toEqual(row({ status: 'failed', reason: 'boom' }));
    expect(merged[1]!.updatedAt).toBeInstanceOf(Date);
  });

  it('round-trips rows with hostile strings and pages', () => {
    const hostile = row({ project: '--> <!-- ]( |', reason: 'a\n-->\u2028', pages: [{ file: 'docs/x.rst', url: 'https://e.org/x.html' }] });
    const body = renderComment({ header: 'docs', rows: [hostile] });
    expect(readRows(body, 'docs')).toEqual([hostile]);
  });

  it('round-trips the pages of an earlier build with their note', () => {
    const pages = [{ file: 'docs/x.rst', url: 'https://e.org/x.html', change: 'modified' as const, earlierBuild: true as const }];
    const body = renderComment({ header: 'docs', rows: [row({ pages })] });
    expect(readRows(body, 'docs')).toEqual([row({ pages })]);
  });

  it('a failed row whose build output names a 609-character path reads back (the problem without the file)', () => {
    const path = `docs/${'a'.repeat(600)}.rst`;
    expect(path).toHaveLength(609);
    const { problems } = problemsToShow(`${path}:3: WARNING: Title underline too short.\ndocs/b.rst:4: WARNING: short.`);
    const failed = row({ status: 'failed', reason: 'boom', problems });
    const read = readRows(renderComment({ header: 'docs', rows: [failed] }), 'docs');
    expect(read).toEqual([failed]);
    expect(read[0]!.problems).toEqual([
      { level: 'warning', message: 'Title underline too short.' },
      { level: 'warning', file: 'docs/b.rst', line: 4, message: 'short.' },
    ]);
  });

  it('drops a stored problem that does not read back, not its row', () => {
    const stored = {
      ...row({ status: 'failed' }),
      updatedAt: row().updatedAt.toISOString(),
      problems: [
        { level: 'warning', file: 'x'.repeat(609), message: 'too long a file' },
        { level: 'error', file: 'docs/a.rst', line: 2, message: 'kept' },
      ],
    };
    const data = Buffer.from(JSON.stringify({ version: 1, rows: [stored] })).toString('base64');
    expect(readRows(`<!-- readthedocs-action:preview-data:docs ${data} -->`, 'docs')).toEqual([
      row({ status: 'failed', problems: [{ level: 'error', file: 'docs/a.rst', line: 2, message: 'kept' }] }),
    ]);
  });

  it('reads only the rows of its own header', () => {
    const other = renderComment({ header: 'other', rows: [row({ project: 'elsewhere' })] });
    expect(mergeRows(other, 'docs', [row()]).map((r) => r.project)).toEqual(['docs']);
  });

  it('ignores missing, malformed and tampered data', () => {
    expect(mergeRows(undefined, 'docs', [row()])).toEqual([row()]);
    expect(mergeRows('no data here', 'docs', [row()])).toEqual([row()]);
    expect(mergeRows('<!-- readthedocs-action:preview-data:docs !!! -->', 'docs', [row()])).toEqual([row()]);
    const bad = Buffer.from(
      JSON.stringify({
        version: 1,
        rows: [
          { project: 'x', status: 'exploded' },
          { ...row({ project: 'ok' }), updatedAt: row().updatedAt.toISOString() },
        ],
      }),
    ).toString('base64');
    expect(mergeRows(`<!-- readthedocs-action:preview-data:docs ${bad} -->`, 'docs', []).map((r) => r.project)).toEqual(['ok']);
  });

  it('property: merging keeps every project once and the newest row for each', () => {
    const names = fc.constantFrom<string>('a', 'b', 'c', 'd');
    fc.assert(
      fc.property(fc.uniqueArray(names), fc.uniqueArray(names), (before, after) => {
        const existing = renderComment({ header: 'h', rows: before.map((project) => row({ project, status: 'building' })) });
        const merged = mergeRows(
          existing,
          'h',
          after.map((project) => row({ project, status: 'ready' })),
        );
        expect(new Set(merged.map((r) => r.project))).toEqual(new Set([...before, ...after]));
        expect(merged).toHaveLength(new Set([...before, ...after]).size);
        for (const r of merged) expect(r.status).toBe(after.includes(r.project) ? 'ready' : 'building');
      }),
    );
  });
});

describe('replaceMarkedBlock', () => {
  const block = renderComment({ header: 'docs', rows: [row()] });

  it('appends the block to a description without one, leaving the text intact', () => {
    const result = replaceMarkedBlock('Fixes #1.\r\n\r\nMore text.', 'docs', block);
    expect(result.startsWith('Fixes #1.\r\n\r\nMore text.\n\n<!-- readthedocs-action:preview:docs:start -->\n')).toBe(true);
    expect(result.endsWith('\n<!-- readthedocs-action:preview:docs:end -->')).toBe(true);
    expect(replaceMarkedBlock('', 'docs', block).startsWith('<!-- readthedocs-action:preview:docs:start -->')).toBe(true);
  });

  it('is idempotent: applying twice gives one block', () => {
    const once = replaceMarkedBlock('Description', 'docs', block);
    const twice = replaceMarkedBlock(once, 'docs', block);
    expect(twice).toBe(once);
    expect(twice.split(commentMarker('docs'))).toHaveLength(2);
  });

  it('replaces the block in place and keeps text on both sides', () => {
    const first = replaceMarkedBlock('Before', 'docs', 'old block');
    const withAfter = `${first}\n\nAfter`;
    const updated = replaceMarkedBlock(withAfter, 'docs', 'new block');
    expect(updated).toBe(
      'Before\n\n<!-- readthedocs-action:preview:docs:start -->\nnew block\n<!-- readthedocs-action:preview:docs:end -->\n\nAfter',
    );
  });

  it('keeps the blocks of other headers and removes extra copies of its own', () => {
    const withOther = replaceMarkedBlock(replaceMarkedBlock('Text', 'other', 'other block'), 'docs', 'one');
    const duplicated = `${withOther}\n${withOther.slice(withOther.indexOf('<!-- readthedocs-action:preview:docs:start'))}`;
    const result = replaceMarkedBlock(duplicated, 'docs', 'two');
    expect(result.match(/preview:docs:start/g)).toHaveLength(1);
    expect(result).toContain('two');
    expect(result).not.toContain('\none\n');
    expect(result).toContain('other block');
  });

  it('never swallows user text after an orphaned start marker', () => {
    const orphan = 'Intro\n<!-- readthedocs-action:preview:docs:start -->\nleft by an edit\nUser text';
    const result = replaceMarkedBlock(orphan, 'docs', 'block');
    expect(result).toContain('User text');
    expect(replaceMarkedBlock(result, 'docs', 'block')).toBe(result);
  });

  it('property: idempotent for any surrounding text and block', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (description, text) => {
        const once = replaceMarkedBlock(description, 'docs', text);
        expect(replaceMarkedBlock(once, 'docs', text)).toBe(once);
      }),
    );
  });
});
