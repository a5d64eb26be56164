// Sphinx's warnings and errors in a failed build's output, turned into file/line annotations.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ANNOTATION_LIMITS,
  annotateSphinxProblems,
  parseSphinxProblems,
  repositoryPath,
  SCAN_LIMIT_CHARS,
  stoppedOnWarnings,
} from '../src/operations/shared/builds/sphinx-warnings.js';
import { actionsLog } from '../src/runner/actions.js';
import { parseAnnotations } from '../harness/run-action.ts';

const CHECKOUT = '/home/docs/checkouts/readthedocs.org/user_builds/acme-docs/checkouts/1234/';

// As Read the Docs shows a failing `python -m sphinx` command (Sphinx 8, with -W --keep-going).
const SPHINX_OUTPUT = [
  'Running Sphinx v8.1.3',
  'loading translations [en]... done',
  'making output directory... done',
  'building [html]: targets for 14 source files that are out of date',
  'reading sources... [100%] tutorial/install',
  `${CHECKOUT}docs/tutorial/install.rst:27: WARNING: undefined label: 'configuration-options' [ref.ref]`,
  `${CHECKOUT}docs/index.rst:12: WARNING: toctree contains reference to nonexisting document 'changelog' [toc.not_readable]`,
  `${CHECKOUT}docs/api.rst:40: ERROR: Unknown directive type "autofunctionx".`,
  `${CHECKOUT}docs/usage.rst:8: (ERROR/3) Unexpected indentation.`,
  `${CHECKOUT}docs/usage.rst:20: ERROR/3 Unexpected section title.`,
  `checking consistency... ${CHECKOUT}docs/orphan.rst: WARNING: document isn't included in any toctree [toc.not_included]`,
  `${CHECKOUT}src/acme/core.py:docstring of acme.core.connect:5: WARNING: Field list ends without a blank line; unexpected unindent.`,
  '/usr/lib/python3.12/site-packages/sphinx/ext/foo.py:10: WARNING: something in a library',
  "\u001b[91mWARNING: html_static_path entry '_static' does not exist\u001b[39;49;00m",
  `\u001b[91m${CHECKOUT}docs/colour.rst:3: WARNING: Title underline too short.\u001b[39;49;00m`,
  'build finished with problems, 6 warnings (with warnings treated as errors).',
].join('\n');

afterEach(() => vi.restoreAllMocks());

describe('parseSphinxProblems', () => {
  it('reads every Sphinx and docutils form, with repository-relative paths', () => {
    expect(parseSphinxProblems(SPHINX_OUTPUT)).toEqual([
      { level: 'warning', file: 'docs/tutorial/install.rst', line: 27, message: "undefined label: 'configuration-options' [ref.ref]" },
      {
        level: 'warning',
        file: 'docs/index.rst',
        line: 12,
        message: "toctree contains reference to nonexisting document 'changelog' [toc.not_readable]",
      },
      { level: 'error', file: 'docs/api.rst', line: 40, message: 'Unknown directive type "autofunctionx".' },
      { level: 'error', file: 'docs/usage.rst', line: 8, message: 'Unexpected indentation.' },
      { level: 'error', file: 'docs/usage.rst', line: 20, message: 'Unexpected section title.' },
      { level: 'warning', file: 'docs/orphan.rst', message: "document isn't included in any toctree [toc.not_included]" },
      {
        level: 'warning',
        file: 'src/acme/core.py',
        message: 'docstring of acme.core.connect, line 5: Field list ends without a blank line; unexpected unindent.',
      },
      // Outside the checkout: no file to point at, the path stays in the message.
      { level: 'warning', message: '/usr/lib/python3.12/site-packages/sphinx/ext/foo.py: something in a library' },
      { level: 'warning', file: 'docs/colour.rst', line: 3, message: 'Title underline too short.' },
    ]);
  });

  it('reads the older -W form: a bare `path:line: message` after "Warning, treated as error:"', () => {
    const output = [
      'Warning, treated as error:',
      `${CHECKOUT}docs/index.rst:3:Title underline too short.`,
      'next line: not a problem',
    ].join('\n');
    expect(parseSphinxProblems(output)).toEqual([
      { level: 'error', file: 'docs/index.rst', line: 3, message: 'Title underline too short.' },
    ]);
  });

  it('keeps relative paths (as the demo stand-in prints them) and refuses ones that climb out', () => {
    expect(repositoryPath('docs/index.rst')).toBe('docs/index.rst');
    expect(repositoryPath('./docs/index.rst')).toBe('docs/index.rst');
    expect(repositoryPath('../etc/passwd')).toBeUndefined();
    expect(repositoryPath('/home/docs/checkouts/readthedocs.com/user_builds/org-acme/checkouts/latest/docs/a.md')).toBe('docs/a.md');
    expect(repositoryPath('/etc/passwd')).toBeUndefined();
  });

  // How long this takes is measured by `npm run bench` (hostile text), not here.
  it('reads only the end of a huge output, and lines built to make a backtracking parser crawl', () => {
    const head = `${CHECKOUT}docs/early.rst:1: WARNING: far too early\n`;
    const filler = 'x'.repeat(999) + ': WARNING' + '\n';
    const output = head + filler.repeat(Math.ceil(SCAN_LIMIT_CHARS / filler.length) + 10) + `${CHECKOUT}docs/late.rst:2: WARNING: late`;
    const problems = parseSphinxProblems(output);
    expect(problems.map((p) => p.file)).toEqual(['docs/late.rst']);
    // Lines built to make a backtracking parser crawl: colons and digits before the level.
    const hostile = `${':1'.repeat(1_990)}:docstring of x: WARNING: y\n`.repeat(Math.ceil(SCAN_LIMIT_CHARS / 4_000));
    expect(parseSphinxProblems(hostile).length).toBeGreaterThan(0);
  });
});

describe('stoppedOnWarnings (issue 47: what stopped a `-W` build, said before the generic notification)', () => {
  it('reads the count from Sphinx’s last line, colours and a trailing blank line aside', () => {
    expect(stoppedOnWarnings(SPHINX_OUTPUT)).toBe('Sphinx stopped on 6 warnings (`-W`)');
    const one = 'x\n\u001b[01mbuild finished with problems, 1 warning (with warnings treated as errors).\u001b[39;49;00m\r\n';
    expect(stoppedOnWarnings(one)).toBe('Sphinx stopped on 1 warning (`-W`)');
  });

  it('says the first warning when Sphinx without --keep-going stopped at its notice', () => {
    const output = [
      'reading sources... [ 50%] index',
      'Warning, treated as error:',
      `${CHECKOUT}docs/index.rst:3:Title underline too short.`,
    ];
    expect(stoppedOnWarnings(output.join('\n'))).toBe('Sphinx stopped on its first warning (`-W`)');
  });

  it('says nothing of any other failure, nor of a count Sphinx did not write last', () => {
    expect(stoppedOnWarnings('Traceback (most recent call last):\nImportError: No module named sphinx_rtd_theme')).toBeUndefined();
    expect(stoppedOnWarnings('build succeeded, 2 warnings.')).toBeUndefined();
    const earlier = [
      'build finished with problems, 2 warnings (with warnings treated as errors).',
      ...Array(10).fill('make: *** [html] Error 1'),
    ];
    expect(stoppedOnWarnings(earlier.join('\n'))).toBeUndefined();
    expect(stoppedOnWarnings('')).toBeUndefined();
  });
});

describe('annotateSphinxProblems', () => {
  it('annotates at most 10 warnings and 5 errors, neutralised, and counts the rest', () => {
    let stdout = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      stdout += String(chunk);
      return true;
    });
    const lines = Array.from({ length: 13 }, (_, i) => `${CHECKOUT}docs/p${i}.rst:${i + 1}: WARNING: ::error::forged ##[set-output] ${i}`);
    for (let i = 0; i < 7; i += 1) lines.push(`${CHECKOUT}docs/bad.rst:${4 + i}: ERROR: broken`);
    const info: string[] = [];

    const made = annotateSphinxProblems(lines.join('\n'), 'acme-docs', (message) => info.push(message), actionsLog);

    vi.restoreAllMocks();
    expect(made).toBe(ANNOTATION_LIMITS.warning + ANNOTATION_LIMITS.error);
    const annotations = parseAnnotations(stdout);
    expect(annotations).toHaveLength(ANNOTATION_LIMITS.warning + ANNOTATION_LIMITS.error);
    expect(annotations[0]).toEqual({ level: 'error', title: 'Sphinx error: acme-docs', file: 'docs/bad.rst', line: 4, message: 'broken' });
    expect(annotations.filter((a) => a.level === 'error')).toHaveLength(5);
    expect(annotations[5]).toEqual({
      level: 'warning',
      title: 'Sphinx warning: acme-docs',
      file: 'docs/p0.rst',
      line: 1,
      message: ':\u200b:error::forged ##(set-output] 0',
    });
    // Nothing the output says became a command of its own.
    expect(stdout.split('\n').filter((line) => line.startsWith('::'))).toHaveLength(ANNOTATION_LIMITS.warning + ANNOTATION_LIMITS.error);
    expect(info).toEqual([
      "2 more Sphinx errors of acme-docs are in the build's output (the first 5 are annotated)",
      "3 more Sphinx warnings of acme-docs are in the build's output (the first 10 are annotated)",
    ]);
  });
});
