// A whole build step in-process on a fake clock against a build whose output and notifications are
// hostile (a fork's `conf.py` writes them) on two projects at once, an output built to make regexes
// backtrack, and a service that answers without end. What the runner would do with stdout is read
// through a model of its command parsing (runner-commands.ts). One project's hostile output through
// the real process stays in test/e2e/hostile.test.ts.
import { describe, expect, it } from 'vitest';
import type { Standin } from '../../harness/rtd-standin.ts';
import { runnerCommands } from '../support/runner-commands.ts';
import { HOSTILE_OUTPUT } from '../support/hostile-output.ts';
import { answers, scriptedServer } from '../support/scripted-server.ts';
import { captureStdout, clockedStandin, runStep } from './context.ts';

const TOKEN = 'rtd_secret_token_hostile_0123456789';

const stdout = captureStdout();
const stage = clockedStandin({ tokens: [TOKEN] }, (standin) => {
  standin.addProject({ slug: 'demo', name: 'Demo Docs' });
  stage.standin.addProject({ slug: 'other', name: 'Other Docs' });
});

const step = (inputs: Record<string, string>, on: { url: string } = stage.standin) =>
  runStep(on as Standin, { 'poll-interval': '100ms', ...inputs }, { clock: stage.clock, token: TOKEN });

describe('hostile build output', () => {
  it("two projects at once: nothing from the service is acted on, and each project's failure annotation arrives", async () => {
    for (const project of ['demo', 'other'])
      stage.standin.onTrigger(project, 'latest', {
        durationMs: 400,
        outcome: 'failure',
        failingCommand: {
          command: 'python -m sphinx -W -b html docs out\n::error::forged in the command',
          output: HOSTILE_OUTPUT,
          exit_code: 2,
        },
        notifications: [
          { id: 'build:failed', header: '::add-mask::Build', body: 'see ##[warning]forged\n::error::forged notification', type: 'error' },
        ],
      });
    const run = await step({ project: 'demo\nother' });

    expect(run.code, stdout.text()).toBe(1);
    const commands = runnerCommands(stdout.text());
    // The action's own annotations and groups only: no mask, notice, output or forged annotation.
    const foreign = commands.filter(
      (command) =>
        !['group', 'endgroup', 'stop-commands', 'debug'].includes(command.command) &&
        !(command.command === 'error' && command.properties.title?.startsWith('Build failed: ')),
    );
    expect(foreign, stdout.text()).toEqual([]);
    const own = commands.filter((command) => command.command === 'error');
    expect(own.map((command) => command.properties.title).sort()).toEqual(['Build failed: demo latest', 'Build failed: other latest']);
    expect(own[0]!.data).toContain('::set-output name=success::true');
    const stops = commands.filter((command) => command.command === 'stop-commands');
    expect(stops.length).toBeGreaterThan(0);
    for (const stop of stops) expect(stop.data).toMatch(/^[0-9a-f]{32}$/);
    expect(stdout.text()).toContain('::error title=Forged,file=README.md,line=1::forged annotation');
    expect(run.outputs.success).toBe('false');
  });
});

describe('an output built to make regexes backtrack', () => {
  it('x, 200,000 spaces, x: the failure is reported, in linear time', async () => {
    stage.standin.onTrigger('demo', 'latest', {
      durationMs: 300,
      outcome: 'failure',
      failingCommand: { command: 'make html', output: `x${' '.repeat(200_000)}x`, exit_code: 1 },
    });
    const run = await step({ project: 'demo', timeout: '30s' });

    expect(run.code).toBe(1);
    const errors = runnerCommands(stdout.text()).filter((command) => command.command === 'error');
    expect(errors.map((command) => command.properties.title)).toEqual(['Build failed: demo latest']);
  });
});

describe('a service that answers without end', () => {
  it('ends the step with "response too large", after one request', async () => {
    const endless = await scriptedServer([answers.endless()]);
    try {
      const run = await step({ project: 'demo', timeout: '60s' }, endless);

      expect(run.code).toBe(1);
      const errors = runnerCommands(stdout.text()).filter((command) => command.command === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]!.data).toContain('response too large (over 32 MB); not read further');
      // One request, stopped by its size.
      expect(endless.hits).toHaveLength(1);
    } finally {
      await endless.close();
    }
  });
});
