// Runs dist/index.js the way the runner does: a child process with INPUT_* (action.yml defaults
// applied), GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, GITHUB_EVENT_PATH and friends.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, readActionMetadata } from './action-metadata.ts';

export const GITHUB_TOKEN = 'ghs_faketoken_for_tests_0123456789';

export interface Annotation {
  level: 'error' | 'warning' | 'notice';
  title?: string;
  /** `file=` and `line=` (annotations on a repository file). */
  file?: string;
  line?: number;
  message: string;
}

export interface ActionRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  annotations: Annotation[];
  durationMs: number;
  /** When the child was spawned (ms epoch). */
  startedAt: number;
}

export interface RunOptions {
  inputs: Record<string, string>;
  env?: Record<string, string>;
  event?: { name: string; payload: unknown };
  /** Called for every line the action prints, with the child (e.g. to send SIGINT). */
  onLine?: (line: string, child: ChildProcess) => void;
  /** Kills the child after this long (a safety net for a test, never the thing measured). */
  killAfterMs?: number;
  /** Called once the child is spawned (e.g. to sample its memory). */
  onSpawn?: (child: ChildProcess) => void;
}

export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const heredoc = /^([^<=]+)<<(.+)$/.exec(lines[i]!);
    if (heredoc) {
      const [, name, delimiter] = heredoc as unknown as [string, string, string];
      const value: string[] = [];
      for (i += 1; i < lines.length && lines[i] !== delimiter; i += 1) value.push(lines[i]!);
      outputs[name] = value.join('\n');
    } else if (lines[i]!.includes('=')) {
      const at = lines[i]!.indexOf('=');
      outputs[lines[i]!.slice(0, at)] = lines[i]!.slice(at + 1);
    }
  }
  return outputs;
}

function unescapeCommand(text: string): string {
  return text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
}

export function parseAnnotations(stdout: string): Annotation[] {
  const annotations: Annotation[] = [];
  for (const line of stdout.split('\n')) {
    const match = /^::(error|warning|notice)( [^:]*)?::(.*)$/.exec(line);
    if (!match) continue;
    const title = /(?:^| |,)title=([^,]*)/.exec(match[2] ?? '')?.[1];
    const file = /(?:^| |,)file=([^,]*)/.exec(match[2] ?? '')?.[1];
    const lineNumber = /(?:^| |,)line=([^,]*)/.exec(match[2] ?? '')?.[1];
    annotations.push({
      level: match[1] as Annotation['level'],
      title: title === undefined ? undefined : unescapeCommand(title),
      ...(file === undefined ? {} : { file: unescapeCommand(file) }),
      ...(lineNumber === undefined ? {} : { line: Number(lineNumber) }),
      message: unescapeCommand(match[3]!),
    });
  }
  return annotations;
}

/**
 * V8's compile cache for the child, where Node keeps it by default (`module.enableCompileCache()`):
 * the 1.7 MB bundle is compiled once per machine instead of once per run. It changes no behaviour
 * (Node checks each entry against the file's content), and the runner's own runs go without it.
 */
export const COMPILE_CACHE = { NODE_COMPILE_CACHE: join(tmpdir(), 'node-compile-cache') };

/** The environment the runner gives an action: defaults from action.yml, then the given inputs. */
export function runnerEnv(options: RunOptions, dir: string): Record<string, string> {
  const meta = readActionMetadata();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    RUNNER_TEMP: dir,
    GITHUB_OUTPUT: join(dir, 'output'),
    GITHUB_STEP_SUMMARY: join(dir, 'summary'),
    GITHUB_STATE: join(dir, 'state'),
    GITHUB_ENV: join(dir, 'env'),
    GITHUB_REPOSITORY: 'octo/docs-repo',
    GITHUB_SHA: 'f'.repeat(40),
    GITHUB_EVENT_NAME: options.event?.name ?? 'push',
    GITHUB_REF: 'refs/heads/main',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: 'https://api.github.com',
    GITHUB_RUN_ID: '1',
    ...COMPILE_CACHE,
  };
  for (const file of ['output', 'summary', 'state', 'env']) writeFileSync(join(dir, file), '');
  const eventPath = join(dir, 'event.json');
  writeFileSync(eventPath, JSON.stringify(options.event?.payload ?? {}));
  env.GITHUB_EVENT_PATH = eventPath;
  for (const [name, input] of Object.entries(meta.inputs)) {
    const value = name in options.inputs ? options.inputs[name]! : (input.default ?? '');
    env[`INPUT_${name.toUpperCase()}`] = value.replace('${{ github.token }}', GITHUB_TOKEN);
  }
  for (const name of Object.keys(options.inputs)) {
    if (!(name in meta.inputs)) throw new Error(`test passes input ${name}, which action.yml does not declare`);
  }
  return { ...env, ...options.env };
}

export function runAction(options: RunOptions): Promise<ActionRun> {
  const dir = mkdtempSync(join(tmpdir(), 'rtd-action-'));
  const env = runnerEnv(options, dir);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'dist/index.js')], { env, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    options.onSpawn?.(child);
    let stdout = '';
    let stderr = '';
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) options.onLine?.(line, child);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const killer = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? 120_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      resolve({
        code,
        signal,
        stdout,
        stderr,
        outputs: parseOutputFile(readFileSync(env.GITHUB_OUTPUT!, 'utf8')),
        summary: readFileSync(env.GITHUB_STEP_SUMMARY!, 'utf8'),
        annotations: parseAnnotations(stdout),
        durationMs: Date.now() - started,
        startedAt: started,
      });
    });
  });
}
