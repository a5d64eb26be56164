import { describe, expect, it } from 'vitest';
import type { ProjectLog } from '../src/reporting/project-log.ts';
import {
  BuildLogFollower,
  commandTitle,
  SLOW_BUILD_SECONDS,
  ganttSection,
  mermaidText,
  outputTail,
} from '../src/operations/shared/builds/build-log.ts';
import type { Build, BuildCommands } from '../src/readthedocs/schemas.ts';
import { runnerEffects } from './support/runner-commands.ts';

function build(id: number, state: string): Build {
  return {
    id,
    project: 'demo',
    version: 'latest',
    state: { code: state, name: state },
    urls: { build: `https://rtd/b/${id}` },
  } as unknown as Build;
}

function recordingLog(): ProjectLog & { sections: { title: string; body: string }[] } {
  const sections: { title: string; body: string }[] = [];
  return {
    sections,
    info() {},
    progress() {},
    warning() {},
    notice() {},
    debug() {},
    flush() {},
    section: (title, body) => sections.push({ title, body }),
  };
}

describe('outputTail', () => {
  it('keeps short output whole and cuts long output to its tail with a note', () => {
    expect(outputTail('a\nb\n')).toBe('a\nb');
    expect(outputTail('')).toBe('(no output)');
    const long = Array.from({ length: 500 }, (_, i) => `line ${i}`).join('\n');
    const tail = outputTail(long, 10);
    expect(tail.split('\n')).toHaveLength(11);
    expect(tail).toContain('490 earlier lines cut');
    expect(tail.endsWith('line 499')).toBe(true);
    const wide = outputTail('x'.repeat(100_000), 10, 1000);
    expect(wide.length).toBeLessThan(1100);
    expect(wide).toContain('cut');
  });
});

describe('commandTitle and mermaidText', () => {
  it('makes hostile names inert', () => {
    const title = commandTitle({ command: '::error::forged\nnext', output: '', exit_code: 2, run_time: 3 });
    expect(title).not.toMatch(/^\s*::/);
    expect(title).not.toContain('\n');
    expect(title).toContain('exit 2');
    expect(title).toContain('3s');
    const name = mermaidText('a:b#c;d\n`e`\u2028f');
    expect(name).toBe('a#58;b c d e f');
  });

  it('gantt: one task per command, durations, no syntax breakers', () => {
    const section = ganttSection('demo', 5, [
      { command: 'git clone x', output: '', exit_code: 0, run_time: 2 },
      { command: 'sphinx: build; #1', output: '', exit_code: 1, run_time: 7 },
    ]);
    expect(section).toContain('```mermaid\ngantt');
    expect(section).toContain('  git clone x :c1, 0, 2s');
    expect(section).toContain('  sphinx#58; build 1 :crit, c2, 2000, 7s');
    const tasks = section.split('\n').filter((line) => / :(crit, )?c\d/.test(line));
    for (const task of tasks) expect(task.split(':')).toHaveLength(2);
  });

  it('gantt: starts in milliseconds from the first command, under dateFormat x (Mermaid 12 reads a bare integer as milliseconds)', () => {
    const section = ganttSection('demo', 5, [
      { command: 'git clone', output: '', exit_code: 0, run_time: 3, start_time: '2026-11-02T10:00:00.250Z' },
      { command: 'pip install', output: '', exit_code: 0, run_time: 41, start_time: '2026-11-02T10:00:03.750Z' },
      { command: 'sphinx-build', output: '', exit_code: 0, run_time: 95, start_time: '2026-11-02T10:00:45.000Z' },
    ]);
    const header = section.split('\n').filter((line) => /^\s+(dateFormat|axisFormat) /.test(line));
    expect(header).toEqual(['  dateFormat x', '  axisFormat %M:%S']);
    expect(section).not.toMatch(/dateFormat X/);
    const tasks = section.split('\n').filter((line) => / :(crit, )?c\d/.test(line));
    expect(tasks).toEqual(['  git clone :c1, 0, 3s', '  pip install :c2, 3500, 41s', '  sphinx-build :c3, 44750, 95s']);
  });
});

describe('BuildLogFollower', () => {
  it('reads commands once per state change and prints each finished command once', async () => {
    const calls: number[] = [];
    const replies: BuildCommands['commands'][] = [
      [
        { command: 'git clone', output: 'ok', exit_code: 0, run_time: 1 },
        { command: 'pip install', output: null, exit_code: null },
      ],
      [
        { command: 'git clone', output: 'ok', exit_code: 0, run_time: 1 },
        { command: 'pip install', output: '::add-mask::x\n::stop-commands::t\n::error::forged', exit_code: 0, run_time: 4 },
        { command: 'sphinx', output: 'done', exit_code: 0, run_time: 9 },
      ],
    ];
    const api = { buildCommands: async (id: number) => ({ id, commands: replies[calls.push(id) - 1]! }) };
    const log = recordingLog();
    const follower = new BuildLogFollower({ api } as never, log);
    await follower.observe(build(1, 'triggered'), false);
    await follower.observe(build(1, 'building'), false);
    await follower.observe(build(1, 'building'), false);
    expect(calls).toHaveLength(1);
    expect(log.sections.map((s) => s.title)).toEqual(['$ git clone (1s)']);
    await follower.observe(build(1, 'finished'), true);
    expect(calls).toHaveLength(2);
    expect(log.sections.map((s) => s.title)).toEqual(['$ git clone (1s)', '$ pip install (4s)', '$ sphinx (9s)']);
    const chart = follower.chart('demo', { ...build(1, 'finished'), success: false, duration: 14 });
    expect(chart).toHaveLength(1);
    expect(chart[0]).toContain('gantt');
    // A green build gets its chart only when it was slow: the summary's verdict comes first.
    expect(follower.chart('demo', { ...build(1, 'finished'), success: true, duration: 14 })).toEqual([]);
    expect(follower.chart('demo', { ...build(1, 'finished'), success: true, duration: SLOW_BUILD_SECONDS })).toHaveLength(1);
  });
});

describe('runnerEffects', () => {
  it('sees commands, honours stop-commands', () => {
    const effects = runnerEffects('::add-mask::s\n::stop-commands::t\n::error::no\n::t::\n::warning::yes');
    expect(effects.masks).toEqual(['s']);
    expect(effects.annotations).toEqual([{ level: 'warning', message: 'yes' }]);
    expect(runnerEffects('::stop-commands::abc\nx').openStops).toEqual(['abc']);
  });
});

describe('BuildLogFollower and API v2, which the service does not throttle', () => {
  it('reads the commands at each state change while the build runs, with no budget to ask', async () => {
    const calls: string[] = [];
    const api = {
      buildCommands: async (id: number) => {
        calls.push(`${id}`);
        return { id, commands: [{ command: 'sphinx', output: 'done', exit_code: 0, run_time: 2 }] };
      },
    };
    const log = recordingLog();
    const follower = new BuildLogFollower({ api } as never, log);
    await follower.observe(build(1, 'cloning'), false);
    await follower.observe(build(1, 'building'), false);
    await follower.observe(build(1, 'finished'), true);
    expect(calls).toEqual(['1', '1', '1']);
    expect(log.sections.map((section) => section.title)).toEqual(['$ sphinx (2s)']);
  });
});
