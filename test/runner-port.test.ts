// The step through the port (src/runner/port.ts), in-process with a recording port: what the
// runner and the terminal adapters are given, on the paths that stop before any request.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRunContext } from '../src/inputs/github-context.js';
import { runWith } from '../src/step.js';
import { OUTPUT_NAMES } from '../src/reporting/report.js';
import { recordingPort } from './support/recording-port.ts';

const TOKEN = 'rtd_port_secret_token_0123456789';

describe('runWith(port)', () => {
  it('an invalid input: one `Invalid input` error naming it, a usage failure, every output set, no summary', async () => {
    const port = recordingPort({ operation: 'build', project: 'demo', token: TOKEN, timeout: 'ten minutes' });
    await runWith(port);
    expect(port.masked).toContain(TOKEN);
    expect(port.annotations).toEqual([
      {
        level: 'error',
        title: 'Invalid input',
        message: 'Input `timeout`: `ten minutes` is not a duration: use seconds (`600`) or `90s`, `15m`, `1h`',
      },
    ]);
    expect(port.failures).toEqual(['usage']);
    expect(Object.keys(port.outputs).sort()).toEqual([...OUTPUT_NAMES].sort());
    expect(port.outputs.results).toBe('[]');
    expect(port.summaries).toEqual([]);
  });

  it('the token rule comes from the operation descriptors: `build` refuses to run without one', async () => {
    const port = recordingPort({ operation: 'build', project: 'demo' });
    await runWith(port);
    expect(port.annotations.map((annotation) => annotation.message)).toEqual([
      'Input `token` is required for operation `build`: a Read the Docs API token, stored as a secret',
    ]);
    expect(port.failures).toEqual(['usage']);
  });

  it('reads the environment from the port, not the process: the run context and the proxy passwords to mask (issue 31.5)', async () => {
    const proxyPassword = 'port-proxy-password-0123';
    const env = { GITHUB_EVENT_NAME: 'schedule', HTTPS_PROXY: `http://user:${proxyPassword}@127.0.0.1:9` };
    const port = recordingPort({ operation: 'preview', project: 'demo' }, env);
    await runWith(port);
    expect(process.env.HTTPS_PROXY).toBeUndefined();
    expect(port.masked).toContain(proxyPassword);
    expect(port.annotations.map((annotation) => annotation.message).join('\n')).toContain("this run's event is `schedule`");
  });

  it('gives the operations the workspace of the environment it reads, else the current folder', () => {
    expect(readRunContext({ GITHUB_WORKSPACE: '/runner/work/docs/docs' }).workspace).toBe(resolve('/runner/work/docs/docs'));
    expect(readRunContext({}).workspace).toBe(process.cwd());
  });
});
