// The warnings check's pure parts (input `warnings`, issue 48): reading Sphinx's and MkDocs'
// warnings from a build's output with repository paths, the comparison with a baseline (moved,
// repeated, checkout paths of another version), the gate's decision, and the words every report
// uses. The check against the stand-in runs in test/operations/warnings.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BuildWarnings, FileProblem } from '../src/domain/project-result.js';
import { compareWarnings, newMarker } from '../src/operations/shared/builds/warnings/compare.js';
import { failsOnWarnings, newWarningsCount, warningsFailure, warningsGate } from '../src/operations/shared/builds/warnings/gate.js';
import { MAX_WARNINGS, parseBuildWarnings, warningKey } from '../src/operations/shared/builds/warnings/parse.js';
import { SCAN_LIMIT_CHARS } from '../src/operations/shared/builds/sphinx-warnings.js';
import { warningsCount, warningsLine, warningsSection } from '../src/reporting/build-warnings.js';
import { verdict } from '../src/reporting/verdict.js';

const checkout = (version: string) => `/home/docs/checkouts/readthedocs.org/user_builds/demo/checkouts/${version}`;
const problems = (output: string, options?: { mkdocsDocsDir?: string }) =>
  parseBuildWarnings(output, options).warnings.map((warning) => warning.problem);

describe('parseBuildWarnings: Sphinx', () => {
  it('reads warnings on a place, without one, and errors apart, with repository paths', () => {
    const output = [
      'Running Sphinx v8.1.3',
      'reading sources... [100%] index',
      `${checkout('7')}/docs/guide.rst:22: WARNING: undefined label: 'setup' [ref.ref]`,
      `${checkout('7')}/docs/index.rst: WARNING: document isn't included in any toctree`,
      "WARNING: html_static_path entry '_static' does not exist",
      `${checkout('7')}/docs/api.rst:5: ERROR: Unknown directive type "autofoo".`,
      'CRITICAL: Title level inconsistent',
      `checking consistency... ${checkout('7')}/docs/old.rst: WARNING: document isn't included in any toctree`,
      'build succeeded, 5 warnings.',
    ].join('\n');

    expect(problems(output)).toEqual([
      { level: 'warning', file: 'docs/guide.rst', line: 22, message: "undefined label: 'setup' [ref.ref]" },
      { level: 'warning', file: 'docs/index.rst', message: "document isn't included in any toctree" },
      { level: 'warning', message: "html_static_path entry '_static' does not exist" },
      { level: 'error', file: 'docs/api.rst', line: 5, message: 'Unknown directive type "autofoo".' },
      { level: 'error', message: 'Title level inconsistent' },
      { level: 'warning', file: 'docs/old.rst', message: "document isn't included in any toctree" },
    ]);
  });

  it("a -W build's warnings are errors, as the failure path reads them", () => {
    const output = ['Warning, treated as error:', `${checkout('7')}/docs/guide.rst:3: WARNING: undefined label: intro`].join('\n');
    expect(problems(output)).toEqual([{ level: 'error', file: 'docs/guide.rst', line: 3, message: 'undefined label: intro' }]);
  });
});

describe('parseBuildWarnings: MkDocs', () => {
  it("reads `WARNING -  …` lines, joins the wrapped ones, and puts a page's warning on it below the docs folder", () => {
    const output = [
      'INFO    -  Cleaning site directory',
      "INFO    -  Doc file 'a.md' contains an unrecognized relative link 'x', it was left as is.",
      "WARNING -  Doc file 'guide/setup.md' contains a link 'missing.md', but the target",
      "           'guide/missing.md' is not found among documentation files.",
      "WARNING  -  Documentation file 'index.md' contains a link to 'gone.md' which is not found in the documentation files.",
      "WARNING -  A reference to 'nav.md' is included in the 'nav' configuration, which is not found in the documentation files.",
      'ERROR   -  Config value \'plugins\': The "nope" plugin is not installed',
      'INFO    -  Documentation built in 0.42 seconds',
    ].join('\n');

    expect(problems(output)).toEqual([
      {
        level: 'warning',
        file: 'docs/guide/setup.md',
        message:
          "Doc file 'guide/setup.md' contains a link 'missing.md', but the target 'guide/missing.md' is not found among documentation files.",
      },
      {
        level: 'warning',
        file: 'docs/index.md',
        message: "Documentation file 'index.md' contains a link to 'gone.md' which is not found in the documentation files.",
      },
      {
        level: 'warning',
        message: "A reference to 'nav.md' is included in the 'nav' configuration, which is not found in the documentation files.",
      },
      { level: 'error', message: 'Config value \'plugins\': The "nope" plugin is not installed' },
    ]);
    expect(problems("WARNING -  Doc file 'x.md' contains a link 'y.md'", { mkdocsDocsDir: 'site-src/docs' })[0]!.file).toBe(
      'site-src/docs/x.md',
    );
  });

  it('refuses a page that climbs out of the repository: the warning stays, without a file', () => {
    expect(problems("WARNING -  Doc file '../../etc/passwd' contains a link 'y'")).toEqual([
      { level: 'warning', message: "Doc file '../../etc/passwd' contains a link 'y'" },
    ]);
  });
});

describe('parseBuildWarnings: bounds', () => {
  it(`keeps at most ${MAX_WARNINGS} warnings and says the list is cut`, () => {
    const output = Array.from({ length: MAX_WARNINGS + 5 }, (_, i) => `docs/p${i}.rst:1: WARNING: w${i}`).join('\n');
    const parsed = parseBuildWarnings(output);
    expect(parsed.warnings).toHaveLength(MAX_WARNINGS);
    expect(parsed.truncated).toBe(true);
    expect(parseBuildWarnings(output.split('\n').slice(0, 10).join('\n')).truncated).toBe(false);
  });

  it('reads only the end of an output longer than the failure path reads, and says so', () => {
    const output = `docs/first.rst:1: WARNING: early\n${'x'.repeat(SCAN_LIMIT_CHARS)}\ndocs/last.rst:2: WARNING: late`;
    const parsed = parseBuildWarnings(output);
    expect(parsed.truncated).toBe(true);
    expect(parsed.warnings.map((warning) => warning.problem.file)).toEqual(['docs/last.rst']);
  });

  // How long this takes is measured by `npm run bench` (hostile text), not here.
  it('a long hostile output, built to make a backtracking parser crawl: read to its end, its bounds kept', () => {
    const line = (unit: string) => unit.repeat(Math.floor(3_900 / unit.length));
    const hostile = [
      line('/user_builds/'),
      line('/user_builds/a/checkouts/'),
      line(': WARNING'),
      line('WARNING -  '),
      line('a:1'),
      `${line(' ')}x`,
      `WARNING -  Doc file '${'a'.repeat(3_000)}`,
    ];
    const envs = '/home/docs/checkouts/readthedocs.org/user_builds/demo/envs/7/lib/m.py ';
    const last = `docs/x.rst:1: WARNING: ${envs.repeat(4)}`;
    const output = [...Array.from({ length: 60 }, (_, i) => hostile[i % hostile.length]), last].join('\n');
    expect(output.length).toBeGreaterThan(SCAN_LIMIT_CHARS);
    const parsed = parseBuildWarnings(output);
    expect(parsed.truncated).toBe(true);
    // The last line's warning is read, its checkout paths set aside in its key.
    const read = parsed.warnings.at(-1)!;
    expect(read.problem.file).toBe('docs/x.rst');
    expect(warningKey(read.problem)).not.toContain('user_builds');
  });

  it('any text: at most the bound, each message one line of at most 300 characters, each file repository-relative', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string({ maxLength: 80 }),
            fc.constantFrom(
              'WARNING: x',
              'WARNING -  y',
              '  wrapped',
              'a.rst:3: WARNING: z',
              'Warning, treated as error:',
              '/abs/x.rst:1: ERROR: q',
            ),
            fc.string({ maxLength: 20 }).map((text) => `${checkout('latest')}/${text}:4: WARNING: ${text}`),
            fc.string({ maxLength: 20 }).map((text) => `WARNING -  Doc file '${text}' contains a link`),
          ),
          { maxLength: 40 },
        ),
        (lines) => {
          const parsed = parseBuildWarnings(lines.join('\n'));
          expect(parsed.warnings.length).toBeLessThanOrEqual(MAX_WARNINGS);
          for (const { problem } of parsed.warnings) {
            expect(problem.message.length).toBeLessThanOrEqual(300);
            expect(problem.message).not.toMatch(/[\n\r]/);
            if (problem.file !== undefined) {
              expect(problem.file.startsWith('/')).toBe(false);
              expect(problem.file.split('/')).not.toContain('..');
            }
          }
        },
      ),
    );
  });
});

/** The keyed warnings of an output written with the checkout of `version`. */
const keyed = (version: string, lines: string[]) =>
  parseBuildWarnings(lines.map((line) => `${checkout(version)}/${line}`).join('\n')).warnings;

describe('compareWarnings', () => {
  it('a warning that moved two lines is old, one of another message is new, one gone is fixed', () => {
    const base = keyed('latest', [
      'docs/guide.rst:40: WARNING: duplicate label intro',
      'docs/index.rst:5: WARNING: undefined label: setup',
      'docs/old.rst:9: WARNING: image file not readable: a.png',
    ]);
    const head = keyed('7', [
      'docs/guide.rst:22: WARNING: undefined label: install',
      'docs/guide.rst:42: WARNING: duplicate label intro',
      'docs/index.rst:5: WARNING: undefined label: setup',
    ]);
    expect(compareWarnings(head, base)).toEqual({
      new: [{ level: 'warning', file: 'docs/guide.rst', line: 22, message: 'undefined label: install', new: true }],
      fixed: 1,
    });
  });

  it('the checkout paths of another version and the numbers in a message are set aside', () => {
    const base = parseBuildWarnings(`WARNING: ${checkout('latest')}/docs/conf.py:12: 3 files could not be read`).warnings;
    const head = parseBuildWarnings(`WARNING: ${checkout('7')}/docs/conf.py:14: 4 files could not be read`).warnings;
    expect(compareWarnings(head, base)).toEqual({ new: [], fixed: 0 });
    // The file tells warnings apart: the same words on another file are new.
    const other = keyed('7', ['docs/b.rst:1: WARNING: undefined label: x']);
    expect(compareWarnings(other, keyed('latest', ['docs/a.rst:1: WARNING: undefined label: x'])).new).toHaveLength(1);
  });

  it('the same warning more times than the baseline has it is new that many times; the one on a new line is the new one', () => {
    const base = keyed('latest', ['docs/a.rst:10: WARNING: dup', 'docs/a.rst:30: WARNING: dup']);
    const head = keyed('7', ['docs/a.rst:10: WARNING: dup', 'docs/a.rst:20: WARNING: dup', 'docs/a.rst:30: WARNING: dup']);
    expect(compareWarnings(head, base)).toEqual({ new: [expect.objectContaining({ line: 20, new: true })], fixed: 0 });
    // Fewer than the baseline: the difference is fixed.
    expect(compareWarnings(head.slice(0, 1), base)).toEqual({ new: [], fixed: 1 });
  });

  it('of two on a line the baseline has one on, the second is new, not a later one on another line the baseline has', () => {
    const base = keyed('latest', ['docs/a.rst:10: WARNING: dup', 'docs/a.rst:30: WARNING: dup']);
    const head = keyed('7', ['docs/a.rst:10: WARNING: dup', 'docs/a.rst:10: WARNING: dup', 'docs/a.rst:30: WARNING: dup']);
    expect(compareWarnings(head, base).new).toEqual([expect.objectContaining({ line: 10, new: true })]);
  });

  it('warnings without a line are matched by key, in order; the baseline’s left over are fixed, summed over its keys', () => {
    const base = parseBuildWarnings(
      ['WARNING: html_static_path entry does not exist', 'WARNING: html_static_path entry does not exist', 'WARNING: no theme'].join('\n'),
    ).warnings;
    const head = parseBuildWarnings(['WARNING: html_static_path entry does not exist', 'WARNING: a new one'].join('\n')).warnings;
    expect(compareWarnings(head, base)).toEqual({ new: [{ level: 'warning', message: 'a new one', new: true }], fixed: 2 });
    expect(compareWarnings(head, [])).toEqual({ new: head.map(({ problem }) => ({ ...problem, new: true })), fixed: 0 });
    expect(compareWarnings([], base)).toEqual({ new: [], fixed: 3 });
  });

  it('newMarker marks the failure path’s problems that are new, each new warning once', () => {
    const fresh: FileProblem[] = [{ level: 'warning', file: 'docs/a.rst', line: 3, message: 'undefined label: x', new: true }];
    const isNew = newMarker(fresh);
    expect(isNew({ level: 'error', file: 'docs/a.rst', line: 3, message: 'undefined label: x' })).toBe(true);
    expect(isNew({ level: 'error', file: 'docs/a.rst', line: 3, message: 'undefined label: x' })).toBe(false);
    expect(newMarker(fresh)({ level: 'warning', file: 'docs/a.rst', line: 4, message: 'undefined label: x' })).toBe(false);
    // The failure path's problem as the output has it: its long message is matched as the reports cut it.
    const long = `undefined label: ${'x'.repeat(400)}`;
    const [cut] = parseBuildWarnings(`${checkout('7')}/docs/a.rst:3: WARNING: ${long}`).warnings;
    expect(newMarker([{ ...cut!.problem, new: true }])({ level: 'error', file: 'docs/a.rst', line: 3, message: long })).toBe(true);
  });
});

const report = (overrides: Partial<BuildWarnings> = {}): BuildWarnings => ({
  total: 3,
  new: [{ level: 'warning', file: 'docs/guide.rst', line: 22, message: 'undefined label: install', new: true }],
  fixed: 2,
  baseline: { build: 5, commit: 'c'.repeat(40), version: 'latest' },
  ...overrides,
});

describe('the gate and the words', () => {
  it('fails only with `fail`, only on new warnings, only when compared', () => {
    expect(failsOnWarnings(report(), 'fail')).toBe(true);
    expect(failsOnWarnings(report(), 'warn')).toBe(false);
    expect(failsOnWarnings(report(), 'off')).toBe(false);
    expect(failsOnWarnings(report({ new: [] }), 'fail')).toBe(false);
    expect(failsOnWarnings(report({ baseline: null, notCompared: 'no build' }), 'fail')).toBe(false);
    expect(failsOnWarnings(undefined, 'fail')).toBe(false);
    expect(warningsFailure('demo', report())).toEqual({
      outcome: 'failed',
      title: 'New warnings',
      subject: 'demo',
      reason:
        'the build has 1 new warning than build #5 of latest (input `warnings: fail`):\ndocs/guide.rst:22: new warning: undefined label: install',
    });
  });

  it('the gate fails a project with the failure and the verdict’s words, and only when failsOnWarnings says so', () => {
    const two = report({
      new: [...report().new, { level: 'error', file: 'docs/a.rst', line: 1, message: 'unknown directive', new: true }],
    });
    expect(warningsGate('demo', two, 'fail')).toEqual({ ...warningsFailure('demo', two), words: '2 new warnings' });
    expect(warningsGate('demo', two, 'warn')).toBeUndefined();
    expect(warningsGate('demo', report({ baseline: null, notCompared: 'no build' }), 'fail')).toBeUndefined();
    expect(warningsGate('demo', undefined, 'fail')).toBeUndefined();
    expect(newWarningsCount(1)).toBe('1 new warning');
    expect(newWarningsCount(3)).toBe('3 new warnings');
  });

  it('the reason lists the first 20 new warnings and counts the others; without a baseline it names none', () => {
    const many = (count: number) =>
      Array.from(
        { length: count },
        (_, index): FileProblem => ({
          level: 'warning',
          file: `docs/p${index + 1}.rst`,
          line: 1,
          message: 'undefined label: x',
          new: true,
        }),
      );
    const cut = warningsFailure('demo', report({ new: many(21) })).reason.split('\n');
    expect(cut).toHaveLength(22);
    expect(cut[0]).toBe('the build has 21 new warnings than build #5 of latest (input `warnings: fail`):');
    expect(cut[20]).toBe('docs/p20.rst:1: new warning: undefined label: x');
    expect(cut[21]).toBe('… and 1 more (the job summary lists them)');
    const whole = warningsFailure('demo', report({ new: many(20) })).reason.split('\n');
    expect(whole).toHaveLength(21);
    expect(whole.at(-1)).toBe('docs/p20.rst:1: new warning: undefined label: x');
    // Not reached by the gate (an uncompared build never fails), but the words stay true.
    expect(warningsFailure('demo', report({ baseline: null })).reason.split('\n')[0]).toBe(
      'the build has 1 new warning (input `warnings: fail`):',
    );
  });

  it('the counts, the verdict and the job summary’s section', () => {
    expect(warningsLine(report())).toBe('3 warnings, 1 new, 2 fixed (compared with build #5 of latest)');
    expect(warningsLine(report({ baseline: null, new: [], fixed: 0, notCompared: 'latest has no successful build' }))).toBe(
      '3 warnings, not compared: latest has no successful build',
    );
    expect(warningsCount([{ warnings: report() }, {}])).toBe('3 warnings, 1 new, 2 fixed');
    expect(warningsCount([{ warnings: report({ total: 0, new: [], fixed: 0 }) }])).toBe('');
    const green = { project: 'demo', outcome: 'success' as const, buildId: 9, warnings: report() };
    expect(verdict([green])).toEqual({ emoji: '⚠️', text: 'demo built (3 warnings, 1 new, 2 fixed)' });
    expect(verdict([{ ...green, warnings: report({ new: [], total: 2 }) }]).emoji).toBe('✅');
    const section = warningsSection(green, { repoUrl: 'https://github.com/octo/docs-repo', commit: 'a'.repeat(40) })!;
    expect(section).toContain('### New warnings: demo');
    expect(section).toContain(
      `- [\`docs/guide.rst:22\`](https://github.com/octo/docs-repo/blob/${'a'.repeat(40)}/docs/guide.rst#L22): new warning: undefined label\\: install`,
    );
    expect(warningsSection({ project: 'demo', warnings: report({ new: [] }) }, {})).toBeUndefined();
  });
});
