// The terminal's port (src/runner/terminal.ts): what the runner shows as workflow commands becomes
// readable lines; colours only on a terminal without NO_COLOR; `--json` keeps stdout for the results.
import { describe, expect, it } from 'vitest';
import { markdownForTerminal } from '../src/runner/terminal-markdown.js';
import { terminalPort, type TerminalOptions } from '../src/runner/terminal.js';
import { createProjectLog } from '../src/reporting/project-log.js';

function streams(tty = false) {
  const out = { text: '', isTTY: tty, write: (chunk: string) => (out.text += chunk) };
  const err = { text: '', isTTY: tty, write: (chunk: string) => (err.text += chunk) };
  return { out, err };
}

function port(options: Partial<TerminalOptions> & { tty?: boolean } = {}) {
  const { out, err } = streams(options.tty);
  const terminal = terminalPort({ out, err, env: {}, inputs: {}, json: false, verbose: false, ...options });
  return { terminal, out, err };
}

describe('terminalPort', () => {
  it('prints annotations as `level: title: message` (`file:line: level: message (title)` on a file), groups as headed blocks, debug only when verbose', () => {
    const { terminal, out } = port();
    terminal.log.error('broken', { title: 'Sphinx error: docs', file: 'docs/index.rst', startLine: 12 });
    terminal.log.warning('slow', { title: 'Slow' });
    terminal.log.notice('no pull request');
    terminal.log.debug('hidden');
    terminal.log.startGroup('Last lines of its output');
    terminal.log.untrusted('one\n::error::two\n\u001b[31mthree');
    terminal.log.endGroup();
    terminal.log.info('after');
    expect(out.text.split('\n')).toEqual([
      'docs/index.rst:12: error: broken (Sphinx error: docs)',
      'warning: Slow: slow',
      'notice: no pull request',
      '▸ Last lines of its output',
      '  one',
      '  :\u200b:error::two',
      '   [31mthree',
      'after',
      '',
    ]);
  });

  it('shows C1 and bidi controls as visible escapes in every line: info, annotations, groups, untrusted text (issue 39, item 5)', () => {
    const { terminal, out } = port();
    terminal.log.info('own \u202Eline');
    terminal.log.error('broken \u2066x\u2069', { title: 'Sphinx \u202Eerror' });
    terminal.log.startGroup('group \u2067');
    terminal.log.untrusted('one \u202E\ntwo \u009b2J');
    terminal.log.endGroup();
    terminal.log.untrusted('single \u200F');
    expect(out.text).not.toMatch(/[\u0080-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    expect(out.text.split('\n')).toEqual([
      'own \\u202eline',
      'error: Sphinx \\u202eerror: broken \\u2066x\\u2069',
      '▸ group \\u2067',
      '  one \\u202e',
      '  two \\u009b2J',
      'single \\u200f',
      '',
    ]);
  });

  it('colours only a terminal, and not with NO_COLOR', () => {
    const tty = port({ tty: true });
    tty.terminal.log.error('x');
    expect(tty.out.text).toBe('\u001b[31merror:\u001b[39m x\n');
    const noColour = port({ tty: true, env: { NO_COLOR: '1' } });
    noColour.terminal.log.error('x');
    expect(noColour.out.text).toBe('error: x\n');
    const piped = port({ tty: false });
    piped.terminal.log.error('x');
    expect(piped.out.text).toBe('error: x\n');
  });

  it('masks secrets in every line, and with json prints only the results on stdout', async () => {
    const { terminal, out, err } = port({ json: true, inputs: { token: ' secret-token-1 ' } });
    expect(terminal.input('token')).toBe('secret-token-1');
    expect(terminal.input('token', { trim: false })).toBe(' secret-token-1 ');
    terminal.mask('secret-token-1');
    terminal.log.info('token secret-token-1 here');
    terminal.setOutput('build-id', '7');
    terminal.setOutput('results', '[{"outcome":"success"}]');
    await terminal.writeSummary('## Read the Docs\\: build\n\n| Project | State |\n| --- | --- |\n| demo | ✅ built |\n');
    terminal.finish();
    expect(out.text).toBe('[{"outcome":"success"}]\n');
    expect(err.text).toContain('token *** here');
    expect(err.text).toContain('Read the Docs: build');
    expect(err.text).toContain('demo     ✅ built');
  });

  it('ends with the verdict and each project’s preview (or docs) URL, once each', async () => {
    const { terminal, out } = port();
    terminal.setOutput(
      'results',
      JSON.stringify([
        { project: 'demo', outcome: 'success', previewUrl: 'https://demo--7.org.readthedocs.build/en/7/', docsUrl: null },
        { project: 'api', outcome: 'failed', previewUrl: null, docsUrl: 'https://api.readthedocs.io/en/latest/' },
        { project: 'bare', outcome: 'failed', previewUrl: null, docsUrl: null },
      ]),
    );
    await terminal.writeSummary(
      '## ❌ Read the Docs preview: 1 failed, 1 ready\n\n| Project | Docs |\n| --- | --- |\n| demo | [https\\://demo\\-\\-7.org.readthedocs.build/en/7/](https://demo--7.org.readthedocs.build/en/7/) |\n',
    );
    terminal.finish();
    const lines = out.text.trimEnd().split('\n');
    expect(lines.slice(-4)).toEqual([
      '',
      '❌ Read the Docs preview: 1 failed, 1 ready',
      'Preview of demo: https://demo--7.org.readthedocs.build/en/7/',
      'Docs of api: https://api.readthedocs.io/en/latest/',
    ]);
    // The verdict once, at the end; the URL once, on its last line: the table's column of it is left out (issue 47).
    expect(out.text.split('Read the Docs preview: 1 failed')).toHaveLength(2);
    expect(out.text.split('https://demo--7.org.readthedocs.build/en/7/')).toHaveLength(2);
    expect(out.text).not.toContain('Docs  ');
  });

  it('exits 0 green, 1 for a failure, 2 for a usage error whatever came after it', () => {
    const { terminal } = port();
    expect(terminal.exitCode()).toBe(0);
    terminal.fail('failure');
    expect(terminal.exitCode()).toBe(1);
    terminal.fail('usage');
    terminal.fail('failure');
    expect(terminal.exitCode()).toBe(2);
  });
});

describe('markdownForTerminal', () => {
  it('takes linear time over a long run of line breaks inside the text (no backtracking trim)', () => {
    const hostile = `a${'\n'.repeat(200_000)}b\n\n`;
    // Backtracking over 200,000 line breaks (the old `/\n+$/`) takes minutes: the test's own timeout ends it.
    const lines = markdownForTerminal(hostile, (text) => text);
    expect(lines.at(-1)).toBe('b');
  });

  it('aligns tables, shows links as text (url), indents code, leaves out Mermaid and HTML tags', () => {
    const plain = (text: string) => text;
    const lines = markdownForTerminal(
      [
        '## Read the Docs\\: build',
        '',
        '| Project | Build |',
        '| --- | --- |',
        '| demo | [#7](https://rtd.example/7) |',
        '',
        '```mermaid',
        'gantt',
        '```',
        '<details><summary>Output</summary>',
        '',
        '````text',
        '::error::x',
        '````',
        '</details>',
      ].join('\n'),
      plain,
    );
    expect(lines).toEqual([
      'Read the Docs: build',
      '',
      'Project  Build',
      'demo     #7 (https://rtd.example/7)',
      '',
      'Output',
      '',
      '    :\u200b:error::x',
      '',
    ]);
  });
});

describe('the terminal’s summary is plain text (issue 35)', () => {
  const plain = (text: string) => text;

  it('decodes HTML entities and Markdown escapes once, drops quote marks, and never brings back a control or bidi character', () => {
    const lines = markdownForTerminal(
      [
        'name &quot;Acme \\\\&quot;Docs\\\\&quot; &lt;new&gt; &amp; co&quot; &#39;x&#39; &#x41;',
        'written as an entity: &amp;lt; stays &lt;',
        '> Dry run: nothing was changed.',
        'no control: &#27;[2J &#x202E;evil &#128;',
      ].join('\n'),
      plain,
    );
    expect(lines).toEqual([
      'name "Acme \\"Docs\\" <new> & co" \'x\' A',
      'written as an entity: &lt; stays <',
      'Dry run: nothing was changed.',
      'no control: &#27;[2J &#x202E;evil &#128;',
    ]);
  });

  it('leaves out the heading that announced a chart with the chart', () => {
    const lines = markdownForTerminal(
      ['Before', '', '**Where the time went in build #7 of demo**', '', '```mermaid', 'gantt', '```', 'After'].join('\n'),
      plain,
    );
    expect(lines).toEqual(['Before', '', 'After']);
  });

  it('fits a table to the width: one `Column: value` line each when it is wider', () => {
    const table = [
      '| Project | Build |',
      '| --- | --- |',
      '| demo | [#7](https://rtd.example/projects/demo/builds/7/) |',
      '| two | |',
    ].join('\n');
    expect(markdownForTerminal(table, plain, 100)).toEqual([
      'Project  Build',
      'demo     #7 (https://rtd.example/projects/demo/builds/7/)',
      'two',
    ]);
    expect(markdownForTerminal(table, plain, 40)).toEqual([
      'Project: demo',
      'Build: #7 (https://rtd.example/projects/demo/builds/7/)',
      '',
      'Project: two',
    ]);
  });

  it('an annotation does not print again the lines the log showed, nor a label whose lines all were', () => {
    const { terminal, out } = port();
    terminal.log.untrusted('Running Sphinx\nbuild finished with problems');
    terminal.log.info('demo latest: build #7 failed');
    terminal.log.error(
      'build #7 failed\nCommand failed (exit code 1): sphinx\nLast lines of its output:\nRunning Sphinx\nbuild finished with problems',
      {
        title: 'Build failed: demo latest',
      },
    );
    expect(out.text.split('\n').slice(2)).toEqual([
      'demo latest: build #7 failed',
      // The reason the log showed just before is not said again (issue 42): the title only.
      'error: Build failed: demo latest',
      '  Command failed (exit code 1): sphinx',
      '',
    ]);
  });

  it('a timeout’s reason, said by the log with the project, is not said again by its annotation titled with the project and version (issue 49)', () => {
    const { terminal, out } = port();
    const reason =
      'timed out after 3s (input `timeout`). Last state of build #9 (https://x/9/): cloning. The build keeps running on Read the Docs.';
    terminal.log.info(`acme-docs: ${reason}`);
    terminal.log.error(reason, { title: 'Timed out: acme-docs latest' });
    terminal.log.error(reason, { title: 'Timed out: other latest' });
    expect(out.text.split('\n').filter((line) => line.includes('timed out after 3s'))).toHaveLength(2);
    expect(out.text).toContain('\nerror: Timed out: acme-docs latest\n');
    expect(out.text).toContain('error: Timed out: other latest: timed out after 3s');
  });

  it('prints each URL once (issue 47): a log line ending with one already printed ends before it, the summary’s table links it by its text', async () => {
    const { terminal, out } = port();
    const build = 'https://app.readthedocs.org/projects/demo/builds/7/';
    const docs = 'https://demo.readthedocs.io/en/latest/';
    terminal.log.untrusted(`Build #7 created: ${build}`);
    terminal.log.untrusted(`Build #7 succeeded in 21s: ${build}`);
    terminal.log.untrusted(`demo latest: build #7 failed in 21s (${build})\nthe service's reason`);
    // A URL said once, however it ends a line, is said in full: only a repeat is cut.
    terminal.log.untrusted(`Build #8 created: https://app.readthedocs.org/projects/demo/builds/8/.`);
    terminal.setOutput('results', JSON.stringify([{ project: 'demo', outcome: 'success', previewUrl: null, docsUrl: docs }]));
    await terminal.writeSummary(
      `## ✅ Read the Docs build: demo built\n\n| Project | Build | Docs |\n| --- | --- | --- |\n| demo | [\\#7](${build}) | [${docs}](${docs}) |\n`,
    );
    terminal.finish();
    expect(out.text.split('\n')).toEqual([
      `Build #7 created: ${build}`,
      'Build #7 succeeded in 21s',
      'demo latest: build #7 failed in 21s',
      "the service's reason",
      'Build #8 created: https://app.readthedocs.org/projects/demo/builds/8/.',
      '',
      'Project  Build',
      'demo     #7',
      '',
      '✅ Read the Docs build: demo built',
      `Docs of demo: ${docs}`,
      '',
    ]);
  });

  it('masks a secret and says inputs as options in the title it prints instead of a reason already shown', () => {
    const { terminal, out } = port();
    terminal.mask('secret-token-1');
    terminal.log.info('demo: build #7 failed');
    terminal.log.error('build #7 failed', { title: 'Input `token` secret-token-1 refused: demo' });
    expect(out.text.split('\n')).toEqual(['demo: build #7 failed', 'error: `--token` (or READTHEDOCS_TOKEN) *** refused: demo', '']);
  });
});

describe('the terminal’s words and summary (issue 42)', () => {
  it('says an input as its option, a token with its variable, and nothing is "on the runner"', () => {
    const { terminal, out } = port();
    terminal.log.warning("Input `github-token` is empty: no commit status on the group's commit", { title: 'Commit status not set' });
    terminal.log.info('demo: timed out after 5s (input `timeout`). Input `frobnicate` stays.');
    terminal.log.info('Written to `.github/readthedocs-project.yml` on the runner: commit it.');
    terminal.log.info('pull request #42 cannot be read: `github-token` is empty');
    expect(out.text.split('\n')).toEqual([
      "warning: Commit status not set: `--github-token` (or GITHUB_TOKEN) is empty: no commit status on the group's commit",
      'demo: timed out after 5s (`--timeout`). Input `frobnicate` stays.',
      'Written to `.github/readthedocs-project.yml`: commit it.',
      'pull request #42 cannot be read: `--github-token` (or GITHUB_TOKEN) is empty',
      '',
    ]);
  });

  it('an escaped backtick opens no code span, and a link whose text is its URL shows the URL once', () => {
    const lines = markdownForTerminal(
      [
        'the preview is on a host of \\`preview\\-url\\-template\\`, and `a\\|b` is code',
        'Docs: [http\\://127\\.0\\.0\\.1/docs/latest/](http://127.0.0.1/docs/latest/)',
        'Build: [#7](http://127.0.0.1/builds/7/)',
      ].join('\n'),
      (text) => text,
    );
    expect(lines).toEqual([
      'the preview is on a host of `preview-url-template`, and a|b is code',
      'Docs: http://127.0.0.1/docs/latest/',
      'Build: #7 (http://127.0.0.1/builds/7/)',
    ]);
  });

  it('with several projects, a progress line echoed live is not replayed by the project’s group', () => {
    const { terminal, out } = port();
    const demo = createProjectLog('demo', true, terminal.log);
    demo.progress('[1s] build #1: Cloning');
    demo.info('Triggering a build of demo');
    demo.progress('[4s] build #1: Finished');
    demo.flush();
    expect(out.text.split('\n')).toEqual([
      '[demo] [1s] build #1: Cloning',
      '[demo] [4s] build #1: Finished',
      '▸ demo',
      '  Triggering a build of demo',
      '',
    ]);
  });
});
