import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProjectLog } from '../src/reporting/project-log.js';
import { actionsLog } from '../src/runner/actions.js';
import { tailLines } from '../src/operations/shared/failure-reason.js';
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
