// The bundled action run as the runner runs it, against a build whose output and notifications
// are hostile (a fork's `conf.py` writes them), and a service that answers without end. What the
// runner would do with stdout is read through a model of its command parsing (runner-commands.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { GITHUB_TOKEN, runAction, type ActionRun } from '../../harness/run-action.ts';
import { runnerCommands, type RunnerCommand } from '../support/runner-commands.ts';
import { answers, scriptedServer } from '../support/scripted-server.ts';

const TOKEN = 'rtd_secret_token_hostile_0123456789';
const HOSTILE_OUTPUT = [
  'Running Sphinx v8.1',
  '::add-mask::docs',
  '::error title=Forged,file=README.md,line=1::forged annotation',
  '   ::warning title=Forged::leading spaces',
  '::set-output name=success::true',
  '::notice::forged notice',
  'a line with ##[error]forged legacy form',
  '::stop-commands::t0k3n',
  'build finished with problems',
].join('\n');

let standin: Standin;

beforeEach(async () => {
  standin = await startStandin({ tokens: [TOKEN] });
  standin.addProject({ slug: 'demo', name: 'Demo Docs' });
  standin.addProject({ slug: 'other', name: 'Other Docs' });
});
afterEach(async () => {
  await standin.close();
});

function hostilePlan() {
  return {
    durationMs: 400,
    outcome: 'failure' as const,
    failingCommand: {
      command: 'python -m sphinx -W -b html docs out\n::error::forged in the command',
      output: HOSTILE_OUTPUT,
      exit_code: 2,
    },
    notifications: [
      {
        id: 'build:failed',
        header: '::add-mask::Build',
        body: 'see ##[warning]forged\n::error::forged notification',
        type: 'error' as const,
      },
    ],
  };
}

/** Commands the runner acts on that the action did not mean: anything but its own masks, groups, fences and failure annotations. */
function foreign(run: ActionRun): RunnerCommand[] {
  return runnerCommands(run.stdout).filter((command) => {
    if (command.command === 'add-mask') return command.data !== TOKEN && command.data !== GITHUB_TOKEN;
    if (['group', 'endgroup', 'stop-commands', 'debug'].includes(command.command)) return false;
    if (command.command === 'error') return !command.properties.title?.startsWith('Build failed: ');
    return true;
  });
}

describe('hostile build output', () => {
  for (const projects of ['demo', 'demo\nother']) {
    it(`acts on nothing from the service, and the action's own failure annotation still arrives (${projects.includes('\n') ? 'two projects' : 'one project'})`, async () => {
      for (const project of projects.split('\n')) standin.onTrigger(project, 'latest', hostilePlan());
      const run = await runAction({
        inputs: { token: TOKEN, 'base-url': standin.url, project: projects, 'poll-interval': '100ms', 'rate-limit': '600/1m' },
      });

      expect(run.code, run.stdout).toBe(1);
      // Raw, the runner would act on every hostile line: the model sees them.
      expect(runnerCommands(HOSTILE_OUTPUT).length).toBeGreaterThanOrEqual(6);
      expect(foreign(run), run.stdout).toEqual([]);
      const own = runnerCommands(run.stdout).filter((command) => command.command === 'error');
      expect(own.map((command) => command.properties.title)).toEqual(
        projects.split('\n').map((project) => `Build failed: ${project} latest`),
      );
      // The failure annotation tells the reason, forged lines included, as text.
      expect(own[0]!.data).toContain('::set-output name=success::true');
      // Every stop-commands block was ended: the action's own commands after it still count.
      const stops = runnerCommands(run.stdout).filter((command) => command.command === 'stop-commands');
      expect(stops.length).toBeGreaterThan(0);
      for (const stop of stops) expect(stop.data).toMatch(/^[0-9a-f]{32}$/);
      // The user still sees the output in the log.
      expect(run.stdout).toContain('::error title=Forged,file=README.md,line=1::forged annotation');
      expect(run.outputs.success).toBe('false');
      expect(Object.keys(run.outputs)).not.toContain('x');
    });
  }
});

describe('an output built to make regexes backtrack', () => {
  it('x, 200,000 spaces, x: the failure is reported at once, not after the step was killed', async () => {
    const output = `x${' '.repeat(200_000)}x`;
    standin.onTrigger('demo', 'latest', {
      durationMs: 300,
      outcome: 'failure',
      failingCommand: { command: 'make html', output, exit_code: 1 },
    });
    const run = await runAction({
      inputs: { token: TOKEN, 'base-url': standin.url, project: 'demo', 'poll-interval': '100ms', 'rate-limit': '600/1m', timeout: '30s' },
      killAfterMs: 15_000,
    });
    expect(run.signal).toBeNull();
    expect(run.code).toBe(1);
    const errors = runnerCommands(run.stdout).filter((command) => command.command === 'error');
    expect(errors.map((command) => command.properties.title)).toEqual(['Build failed: demo latest']);
  });
});

describe('a service that answers without end', () => {
  it('ends the step with "response too large", well within its timeout', async () => {
    const endless = await scriptedServer([answers.endless()]);
    try {
      const run = await runAction({
        inputs: { token: TOKEN, 'base-url': endless.url, project: 'demo', timeout: '60s', 'rate-limit': '600/1m' },
      });
      expect(run.code).toBe(1);
      const errors = runnerCommands(run.stdout).filter((command) => command.command === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]!.data).toContain('response too large (over 32 MB); not read further');
      // One request, stopped by its size: read on until the 60-s timeout, it would outlast this test's.
      expect(endless.hits).toHaveLength(1);
    } finally {
      await endless.close();
    }
  });
});
