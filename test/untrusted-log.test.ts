import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProjectLog } from '../src/reporting/project-log.js';
import { actionsLog } from '../src/runner/actions.js';
import { tailLines } from '../src/operations/shared/builds/failure-reason.js';
import { runnerCommands } from './support/runner-commands.js';

const HOSTILE_OUTPUT = [
  'Running Sphinx',
  '::add-mask::docs',
  '  ::error title=Forged,file=README.md,line=1::forged annotation',
  '::set-output name=success::true',
  'text ##[error]legacy form',
  '::stop-commands::t0k3n',
  'the end',
].join('\n');

function captureStdout(): { text: () => string } {
  let text = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    text += String(chunk);
    return true;
  });
  return { text: () => text };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ProjectLog', () => {
  for (const concurrent of [false, true]) {
    it(`prints hostile text so that the runner acts on none of it (${concurrent ? 'several projects' : 'one project'})`, () => {
      const out = captureStdout();
      const log = createProjectLog('docs', concurrent, actionsLog);
      log.info(`Build #1 failed\n${HOSTILE_OUTPUT}`);
      log.progress('::warning::state ##[error]x');
      log.info('https://docs.example/::add-mask::x');
      log.flush();
      process.stdout.write('::error title=Own::the action itself\n');
      const commands = runnerCommands(out.text()).filter((command) => command.command !== 'group' && command.command !== 'endgroup');
      // Only the fences (each stop matched by its resume) and the action's own annotation act.
      const acted = commands.filter((command) => command.command !== 'stop-commands');
      expect(acted.map((command) => command.data)).toEqual(['the action itself']);
      // and every hostile line still reaches the log as text
      expect(out.text()).toContain('::set-output name=success::true');
    });
  }
});

describe('ProjectLog with a hostile project name', () => {
  it('the live `[project]` prefix of several projects goes through the neutraliser too', () => {
    const out = captureStdout();
    const log = createProjectLog('fr\n::error title=Forged::forged\n::add-mask::Docs ##[add-mask]x', true, actionsLog);
    log.progress('Build #1: building');
    log.progress('two lines\nof state');
    log.flush();
    const acted = runnerCommands(out.text()).filter((command) => !['group', 'endgroup', 'stop-commands'].includes(command.command));
    expect(acted).toEqual([]);
    expect(out.text()).toContain('[fr ::error title=Forged::forged ::add-mask::Docs ##(add-mask]x] Build #1: building');
  });
});

describe('runnerCommands (the test model of the runner)', () => {
  it('sees the hostile output as commands when printed raw', () => {
    const commands = runnerCommands(`${HOSTILE_OUTPUT}\n::error::after`);
    expect(commands.map((command) => command.command)).toEqual(['add-mask', 'error', 'set-output', 'error', 'stop-commands']);
  });
});

describe('tailLines', () => {
  // How long this takes is measured by `npm run bench` (hostile text); the old regex took 42 s here,
  // past the test's timeout.
  it('handles 200,000 trailing spaces', () => {
    const text = `x${' '.repeat(200_000)}x${' '.repeat(1000)}`;
    expect(tailLines(text, 20, 3000)).toMatch(/x$/);
  });

  it('looks only at the last 64 KB of a huge output', () => {
    const text = `first line\n${'y'.repeat(10_000_000)}\nlast line\n`;
    const tail = tailLines(text, 20, 3000);
    expect(tail.endsWith('last line')).toBe(true);
    expect(tail).not.toContain('first line');
  });
});

// Issue 50's 7: ESC (an OSC 8 link, SGR colours), BEL, NUL, CR and U+2028 from a link target reached
// `::error` reasons and the inside of `::stop-commands` blocks raw.
describe('the runner adapter leaves no control character raw, whatever path a text takes', () => {
  const TARGET = 'a\u001b]8;;https://evil.test/\u0007click\u001b]8;;\u0007\u001b[31mred\u0000\r\u2028b\u0085\u202ec';
  // Tab and line feed are the only controls a line may hold (line feeds end lines or are escaped as %0A).
  const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

  it('info, untrusted lines and blocks, debug, annotations (message, title, file) and group titles', () => {
    const out = captureStdout();
    process.env.RUNNER_DEBUG = '1';
    try {
      actionsLog.info(`link ${TARGET}`);
      actionsLog.untrusted(TARGET);
      actionsLog.untrusted(`2 broken links:\n${TARGET}\n${TARGET}`, '[demo]');
      actionsLog.debug(`link check: ${TARGET}`);
      actionsLog.error(`reason\n${TARGET}`, { title: `Broken links: ${TARGET}`, file: `docs/${TARGET}.rst`, startLine: 3 });
      actionsLog.warning(TARGET, { title: TARGET });
      actionsLog.notice(TARGET);
      actionsLog.startGroup(TARGET);
      actionsLog.endGroup();
    } finally {
      delete process.env.RUNNER_DEBUG;
    }
    const text = out.text();
    expect(text).not.toMatch(RAW);
    expect(text).toContain('\\u001b]8;;https://evil.test/\\u0007click');
    expect(text).toContain('\\u2028b\\u0085\\u202ec');
    // In a block, each line of the text is a line (its CR ends one, as the runner reads it), written visibly.
    const blocks = text.slice(text.indexOf('::stop-commands::'));
    expect(blocks.split('\n').filter((line) => line.startsWith('a\\u001b]8;;https://evil.test/\\u0007click'))).toHaveLength(3);
    expect(blocks).toContain('\n\\u2028b\\u0085\\u202ec\n');
  });
});
