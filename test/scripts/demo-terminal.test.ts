// The terminal rendering of the demo and local runs (pure functions), and run-local's .env reader
// and what it makes of the file (the refusal of an undeclared input, which npm run local prints).
import { describe, expect, it } from 'vitest';
import { fencedCode } from '../../src/reporting/markdown.js';
import { summaryMarkdown } from '../../src/reporting/report.js';
import { COLOURS, displayWidth, PLAIN, renderInline, renderLogLine, renderMarkdown, renderTable } from '../../scripts/demo/terminal.ts';
import { parseDotenv, splitDotenv } from '../../scripts/run-local.ts';
import { readActionMetadata } from '../../harness/action-metadata.ts';

describe('renderMarkdown', () => {
  it('aligns a table whose cells hold emoji, escapes and links, with links as footnotes', () => {
    const lines = renderTable(
      [
        '| Project | State | Build |',
        '| --- | --- | --- |',
        '| demo\\_docs | ✅ success | [#12](https://example.org/b/12/) |',
        '| ja | ❌ failed (finished) | [https://x.org/](https://x.org/) |',
      ],
      PLAIN,
    );
    expect(lines).toEqual([
      'Project    State                 Build',
      '─────────  ────────────────────  ──────────────',
      'demo_docs  ✅ success            #12 [1]',
      'ja         ❌ failed (finished)  https://x.org/',
      '  [1] https://example.org/b/12/',
    ]);
    // Every row starts its columns at the same terminal column.
    const starts = lines.slice(2, 4).map((line) => displayWidth(line.slice(0, line.search(/#12|https/))));
    expect(new Set(starts).size).toBe(1);
  });

  it('renders the summary the action writes: heading, table, a failure reason as an indented block', () => {
    const markdown = summaryMarkdown('Read the Docs: build', [
      {
        project: 'demo',
        outcome: 'failed',
        version: 'latest',
        state: 'finished',
        buildId: 3,
        buildUrl: 'http://127.0.0.1:1/b/3/',
        duration: 4,
        title: 'Build failed',
        reason: 'exit 1\n| not a table',
      },
    ]);
    const text = renderMarkdown(markdown, PLAIN);
    expect(text).toMatch(/^❌ READ THE DOCS: BUILD: DEMO FAILED$/m);
    expect(text).toMatch(/^demo\s+latest\s+❌ failed\s+4s\s+#3 \[1\]$/m); // plain words, never "(finished)"
    expect(text).toMatch(/^Build failed: demo$/m);
    expect(text).toContain('  │ | not a table');
    expect(text).not.toMatch(/\\[_:.-]/); // no Markdown escapes left
  });

  it('shows what the service sent as the text it was, in its own cell: pipes, backticks, HTML, Markdown', () => {
    const hostile = 'a|b `c|d` <script>x</script> **e** [f](javascript:g) &amp;';
    const markdown = summaryMarkdown('Read the Docs: build', [
      { project: 'demo', outcome: 'failed', version: hostile, state: 'finished', buildId: 3, title: 'Build failed', reason: hostile },
    ]);
    const text = renderMarkdown(markdown, COLOURS);
    const row = text.split('\n').find((line) => line.startsWith('demo '))!;
    expect(row).toBe(`demo     ${hostile}  ❌ failed  #3`);
    expect(text).toContain(`\u001b[2m  │ \u001b[22m${hostile}`);
  });

  it('makes headings bold with colours, and leaves plain text plain without', () => {
    expect(renderMarkdown('### Changed pages', COLOURS)).toBe('\u001b[1mChanged pages\u001b[22m');
    expect(renderMarkdown('### Changed pages', PLAIN)).toBe('Changed pages');
    expect(displayWidth(COLOURS.bold('abc'))).toBe(3);
  });

  it('turns inline Markdown into text', () => {
    expect(renderInline('**acme** built `4f2c9e1` \\(see [log](https://e.org/l)\\)<br>next', PLAIN)).toBe(
      'acme built 4f2c9e1 (see log <https://e.org/l>) / next',
    );
    expect(renderInline('&lt;b&gt; @\u200Bsomeone', PLAIN)).toBe('<b> @someone');
  });

  it('drops hidden markers and shows details as a titled list', () => {
    const text = renderMarkdown(
      '<!-- marker -->\n<details><summary>Changed pages in demo (1)</summary>\n\n- [`docs/a.md`](https://e.org/a/)\n\n</details>',
      PLAIN,
    );
    expect(text).toBe('▸ Changed pages in demo (1)\n\n  • docs/a.md <https://e.org/a/>');
  });

  it('keeps a fenced block whole, backticks included', () => {
    expect(renderMarkdown(fencedCode('a ``` b'), PLAIN)).toBe('  │ a ``` b');
  });
});

describe('renderLogLine', () => {
  it('shows groups, annotations with their title, and hides what the runner hides', () => {
    expect(renderLogLine('::group::demo', PLAIN)).toBe('▼ demo');
    expect(renderLogLine('::endgroup::', PLAIN)).toBeUndefined();
    expect(renderLogLine('::debug::GET /api/v3/', PLAIN)).toBeUndefined();
    expect(renderLogLine('::debug::GET /api/v3/', PLAIN, { debug: true })).toBe('[debug] GET /api/v3/');
    expect(renderLogLine('::error title=Build failed%3A demo latest::line one%0Aline two', PLAIN)).toBe(
      'Error: Build failed: demo latest\n    line one\n    line two',
    );
    expect(renderLogLine('::warning::careful', PLAIN)).toBe('Warning\n    careful');
    expect(renderLogLine('plain text', PLAIN)).toBe('plain text');
  });
});

describe('parseDotenv', () => {
  it('reads NAME=value lines, comments, quotes and hyphenated input names', () => {
    expect(
      parseDotenv(
        [
          '# comment',
          '',
          'INPUT_TOKEN=abc=def',
          'INPUT_BASE-URL=https://app.readthedocs.com # Business',
          "INPUT_VERSION='v1 # not a comment'",
          'INPUT_VARIABLES="A=1\\nB=2"',
          'export ACTIONS_STEP_DEBUG=true',
          '# INPUT_WAIT=true',
        ].join('\n'),
      ),
    ).toEqual({
      INPUT_TOKEN: 'abc=def',
      'INPUT_BASE-URL': 'https://app.readthedocs.com',
      INPUT_VERSION: 'v1 # not a comment',
      INPUT_VARIABLES: 'A=1\nB=2',
      ACTIONS_STEP_DEBUG: 'true',
    });
  });

  it('keeps the order of the file (the order the inputs are listed in)', () => {
    expect(Object.keys(parseDotenv('INPUT_TOKEN=x\nINPUT_PROJECT=p\nINPUT_BASE-URL=u\nINPUT_TOKEN=y'))).toEqual([
      'INPUT_TOKEN',
      'INPUT_PROJECT',
      'INPUT_BASE-URL',
    ]);
    expect(parseDotenv('INPUT_TOKEN=x\nINPUT_TOKEN=y').INPUT_TOKEN).toBe('y');
  });

  it('names the line it cannot read', () => {
    expect(() => parseDotenv('INPUT_TOKEN=x\nnot a variable')).toThrow('line 2');
    // Counted past a value of several lines.
    expect(() => parseDotenv('INPUT_VARIABLES="A=1\nB=2"\nINPUT_PROJECT=p\n= no name')).toThrow('line 4');
  });

  it('reads a double-quoted value over several lines, as Node and dotenv do', () => {
    expect(parseDotenv('INPUT_VARIABLES="A=1\nnot a variable line\nB=2"\nINPUT_PROJECT=demo # the slug')).toEqual({
      INPUT_VARIABLES: 'A=1\nnot a variable line\nB=2',
      INPUT_PROJECT: 'demo',
    });
  });
});

describe('the summary table', () => {
  it('says states in plain words and never "finished" for what is still on its way', () => {
    const markdown = summaryMarkdown('Read the Docs: preview', [
      { project: 'ok', outcome: 'success', version: 'pr-1', state: 'finished', buildId: 1 },
      { project: 'slow', outcome: 'timed-out', version: 'pr-1', state: 'building', buildId: 2 },
      { project: 'late', outcome: 'timed-out', version: 'pr-1', state: 'finished', buildId: 3 },
    ]);
    expect(markdown).toContain('| ok | pr\\-1 | ✅ built | \\#1 |');
    expect(markdown).toContain('| slow | pr\\-1 | ⏱️ timed out while building |');
    expect(markdown).toContain('| late | pr\\-1 | ⏱️ timed out |');
    expect(markdown).not.toContain('finished');
    // No duration and no docs URL for any project: those columns are left out.
    expect(markdown).toContain('| Project | Version | State | Build |\n');
  });
});

describe('splitDotenv (npm run local)', () => {
  const declared = readActionMetadata().inputs;

  it("gives INPUT_* lines as action.yml's inputs, hyphens kept, and the rest to the action's environment", () => {
    expect(splitDotenv({ INPUT_TOKEN: 't', 'INPUT_BASE-URL': 'u', INPUT_PROJECT: 'p', ACTIONS_STEP_DEBUG: 'true' }, declared)).toEqual({
      inputs: { token: 't', 'base-url': 'u', project: 'p' },
      env: { ACTIONS_STEP_DEBUG: 'true' },
    });
  });

  it('refuses an input action.yml does not declare, naming it (before anything runs: main returns 2 on it)', () => {
    expect(splitDotenv({ INPUT_TOKEN: 't', INPUT_PROJECT: 'acme-docs', INPUT_BASE_URL: 'x' }, declared)).toEqual({
      refused: 'INPUT_BASE_URL: action.yml declares no input `base_url` (inputs keep their hyphens: INPUT_BASE-URL).',
    });
  });
});
