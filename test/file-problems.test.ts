// The build's warnings as every report shows them: `file:line` first, a link to the line of the
// commit that was built, the message escaped; counted by level for the headings.
import { describe, expect, it } from 'vitest';
import { problemCount, problemList, problemMarkdown, problemText, sourceUrl } from '../src/reporting/file-problems.js';
import { summaryMarkdown } from '../src/reporting/report.js';

const SHA = '4f2c9e1b7a3d5f60812c4e9a7b3d1f0e2c5a8b96';
const REPO = 'https://github.com/octo/docs-repo';
const warning = {
  level: 'warning' as const,
  file: 'docs/tutorial/install.rst',
  line: 27,
  message: "undefined label: 'configuration-options'",
};

describe('file problems', () => {
  it('links `file:line` to the line of the commit built, compiler style', () => {
    expect(problemMarkdown(warning, { repoUrl: REPO, commit: SHA })).toBe(
      `[\`docs/tutorial/install.rst:27\`](${REPO}/blob/${SHA}/docs/tutorial/install.rst#L27): warning: undefined label\\: &#39;configuration\\-options&#39;`,
    );
    expect(problemText(warning)).toBe("docs/tutorial/install.rst:27: warning: undefined label: 'configuration-options'");
  });

  it('links nothing without a repository or a full commit, and encodes what a path could break a link with', () => {
    expect(problemMarkdown(warning, { commit: SHA })).toBe(
      '`docs/tutorial/install.rst:27`: warning: undefined label\\: &#39;configuration\\-options&#39;',
    );
    expect(sourceUrl(warning, { repoUrl: REPO, commit: 'main' })).toBeUndefined();
    expect(sourceUrl(warning, { repoUrl: 'javascript:alert(1)', commit: SHA })).toBeUndefined();
    expect(sourceUrl({ file: 'docs/a b)(#.rst', line: 3 }, { repoUrl: REPO, commit: SHA })).toBe(
      `${REPO}/blob/${SHA}/docs/a%20b)(%23.rst#L3`.replace(')(', '%29%28'),
    );
    expect(problemMarkdown({ level: 'error', message: '/etc/x.py: bad' }, {})).toBe('error: /etc/x\\.py\\: bad');
  });

  it('counts by level, and lists those beyond the first ones as a count', () => {
    expect(problemCount([warning, warning])).toBe('2 warnings');
    expect(problemCount([{ ...warning, level: 'error' }, warning], 3)).toBe('1 error and 4 warnings');
    expect(problemCount([{ ...warning, level: 'error' }], 2)).toBe('3 errors and warnings');
    expect(problemCount([])).toBe('');
    expect(problemList([warning], 4, {}, '  ').at(-1)).toBe("  - … and 4 more in the build's output");
  });

  it('the job summary lists them above the reason, linked when the repository is known', () => {
    const markdown = summaryMarkdown(
      'Read the Docs: build',
      [{ project: 'demo', outcome: 'failed', title: 'Build failed', commit: SHA, reason: 'build #8 failed', problems: [warning] }],
      [],
      undefined,
      { repoUrl: REPO },
    );
    const block = markdown.slice(markdown.indexOf('### Build failed: demo'));
    expect(block.split('\n').slice(0, 5)).toEqual([
      '### Build failed: demo',
      '',
      `- [\`docs/tutorial/install.rst:27\`](${REPO}/blob/${SHA}/docs/tutorial/install.rst#L27): warning: undefined label\\: &#39;configuration\\-options&#39;`,
      '',
      '```text',
    ]);
  });
});
