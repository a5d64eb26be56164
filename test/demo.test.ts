// `npm run demo` as a new user runs it: `node scripts/demo.ts` as a child process, offline.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/action-metadata.ts';

interface DemoRun {
  code: number | null;
  output: string;
}

function demo(...args: string[]): Promise<DemoRun> {
  return new Promise((resolve, reject) => {
    // No token and no proxy from this machine: the demo must need neither.
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NO_COLOR: '1' };
    const child = spawn(process.execPath, ['scripts/demo.ts', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, output });
    });
  });
}

/** The value a demo printed for an output (its outputs section: `name  value`). */
const output = (run: DemoRun, name: string) => new RegExp(`^${name}\\s+(.*)$`, 'm').exec(run.output)?.[1];

describe('npm run demo', () => {
  // Both variants at once: each starts its own stand-in on its own port.
  const runs = Promise.all([demo(), demo('failure')]);

  it('shows a finished, successful build with its log, outputs and summary, and exits 0', async () => {
    const [run] = await runs;
    expect(run.code, run.output).toBe(0);
    // The log, streamed: the trigger and the states, with the build link.
    expect(run.output).toMatch(/Triggering a build of acme-docs, version latest/);
    expect(run.output).toMatch(/build #\d+: Finished/);
    expect(run.output).toMatch(/Build #\d+ succeeded in \d+s: http:\/\/127\.0\.0\.1:\d+\/projects\/acme-docs\/builds\/\d+\//);
    // The outputs.
    expect(output(run, 'success')).toBe('true');
    expect(output(run, 'state')).toBe('finished');
    expect(output(run, 'build-id')).toMatch(/^\d+$/);
    expect(output(run, 'docs-url')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/docs\/acme-docs\/en\/latest\/$/);
    expect(output(run, 'commit')).toMatch(/^[0-9a-f]{40}$/);
    // The summary, rendered: heading, aligned table with the build row, links as footnotes.
    expect(run.output).toContain('READ THE DOCS: BUILD');
    expect(run.output).toMatch(/^Project\s+Version\s+State\s+Duration\s+Build\s+Docs$/m);
    expect(run.output).toMatch(/^acme-docs\s+latest\s+✅ success \(finished\)\s+\d+s\s+#\d+ \[1\]\s+http:\/\/127\.0\.0\.1:\d+\/docs\/acme-docs\/en\/latest\/$/m);
    expect(run.output).toMatch(/^ {2}\[1\] http:\/\/127\.0\.0\.1:\d+\/projects\/acme-docs\/builds\/\d+\/$/m);
    expect(run.output).toContain('The action exited 0');
    // The runner's mask lines are consumed, not shown; the fake token only appears as the secret reference.
    expect(run.output).not.toContain('::add-mask::');
    expect(run.output).not.toContain('demo-token-not-a-secret');
  });

  it('shows a failed build with the failing command and its output, and exits 0 itself', async () => {
    const [, run] = await runs;
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/Error: Build failed: acme-docs latest/);
    expect(run.output).toContain('Command failed (exit code 1): python -m sphinx');
    expect(run.output).toContain("toctree contains reference to nonexisting document 'changelog'");
    expect(output(run, 'success')).toBe('false');
    expect(run.output).toMatch(/^acme-docs\s+latest\s+❌ failed \(finished\)/m);
    expect(run.output).toContain('The action exited 1');
  });

  it('refuses an unknown variant', async () => {
    const run = await demo('nonsense');
    expect(run.code).toBe(2);
    expect(run.output).toContain('npm run demo -- failure');
  });

  it('runs the preview variant once the GitHub stand-in exists, and says what it needs until then', async () => {
    const run = await demo('preview');
    if (existsSync(`${ROOT}test/support/github-standin.ts`)) {
      expect(run.code, run.output).toBe(0);
      expect(run.output).toMatch(/PR #42 comment/);
      expect(run.output).toMatch(/Ready/);
    } else {
      expect(run.code).toBe(2);
      expect(run.output).toContain('test/support/github-standin.ts');
    }
  });
});
