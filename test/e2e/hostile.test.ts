// The bundled action run as the runner runs it, against a build whose output and notifications
// are hostile (a fork's `conf.py` writes them). What the runner would do with stdout is read
// through a model of its command parsing (runner-commands.ts). Two projects at once, an output
// built to make regexes backtrack and a service that answers without end run in-process, in
// test/operations/hostile-output.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { GITHUB_TOKEN, runAction, type ActionRun } from '../../harness/run-action.ts';
import { runnerCommands, type RunnerCommand } from '../support/runner-commands.ts';
import { HOSTILE_OUTPUT } from '../support/hostile-output.ts';

const TOKEN = 'rtd_secret_token_hostile_0123456789';

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
  it("acts on nothing from the service, and the action's own failure annotation still arrives", async () => {
    standin.onTrigger('demo', 'latest', hostilePlan());
    const run = await runAction({
      inputs: { token: TOKEN, 'base-url': standin.url, project: 'demo', 'poll-interval': '100ms', 'rate-limit': '600/1m' },
    });

    expect(run.code, run.stdout).toBe(1);
    // Raw, the runner would act on every hostile line: the model sees them.
    expect(runnerCommands(HOSTILE_OUTPUT).length).toBeGreaterThanOrEqual(6);
    expect(foreign(run), run.stdout).toEqual([]);
    const own = runnerCommands(run.stdout).filter((command) => command.command === 'error');
    expect(own.map((command) => command.properties.title)).toEqual(['Build failed: demo latest']);
    // The output's `::set-output` wrote nothing to GITHUB_OUTPUT. (How the log shows the output,
    // its stop-commands tokens and the annotation's text: test/operations/hostile-output.test.ts.)
    expect(run.outputs.success).toBe('false');
    expect(Object.keys(run.outputs)).not.toContain('x');
  });
});
