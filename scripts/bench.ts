// `npm run bench`: the performance goals of issue 7, measured on this machine against the loopback
// stand-in, with dist/index.js run as the runner runs it. Prints one table and exits non-zero when a
// goal fails. Run `npm run build` first: it measures the dist/ that is there.
//
// Scenarios (all requests the step makes to the service are counted):
//   (a) `operation: build` of one project as a new user writes it (no `version`): a 40-second build
//       after a 1.5-second pickup, with five 40-second builds in the version's history. Beside it the
//       same step without history, and with `poll-interval: 2s` and `10s`.
//   (b) `operation: build` of 12 projects (one and 11 translations, builds of 4.5–10 s with their
//       history, same pickup) under `rate-limit: 30/10s`, the stand-in throttling at 30/10s too.
//   (c) start-up: process start to the first request, against a bare `node -e "fetch(...)"`, both
//       spawned the same way in turns; the size of dist/.
//   (d) hostile text, in this process: the functions that read untrusted text (the tail of a build's
//       output, a variable's value, Sphinx's warnings) on input built to make a backtracking regex
//       crawl. The tests check what they return on it; how long they take is measured here.
// (a) and (b) run concurrently (each against its own stand-in), with 150 ms added to every answer.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../test/support/action-metadata.ts';
import { startStandin, type RecordedRequest, type Standin, type StandinOptions } from '../test/support/rtd-standin.ts';
import { runAction, type ActionRun } from '../test/support/run-action.ts';

const TOKEN = 'bench-token-0123456789';
const LATENCY_MS = 150;
const PICKUP_MS = 1_500;
const SECOND = 1_000;
const MB = 1024 * 1024;
const STARTUP_ROUNDS = 9;

interface Measured {
  run: ActionRun;
  standin: Standin;
  peakRssBytes: number;
  /** Build end (stand-in clock) by build id. */
  endsAt: Map<number, number>;
}

interface Row {
  label: string;
  values: string[];
  goal: string;
  pass?: boolean;
}

// ---------- measuring one run ----------

/** Peak resident memory of a child: VmHWM from /proc, read until it exits. */
function samplePeakRss(child: ChildProcess, onPeak: (bytes: number) => void): void {
  const pid = child.pid;
  if (pid === undefined) return;
  const read = () => {
    try {
      const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (match) onPeak(Number(match[1]) * 1024);
    } catch {
      // Gone, or no /proc on this system.
    }
  };
  const timer = setInterval(read, 10);
  child.once('exit', () => clearInterval(timer));
  read();
}

/**
 * Starts the step; `started` settles once its first request reached the stand-in, so that the
 * next run is not spawned while this one is still loading (start-up competes for the CPUs).
 */
function launch(standin: Standin, inputs: Record<string, string>): { started: Promise<void>; done: Promise<Measured> } {
  const done = measure(standin, inputs);
  const started = new Promise<void>((resolve) => {
    const check = setInterval(() => {
      if (standin.requests.length > 0) {
        clearInterval(check);
        resolve();
      }
    }, 20);
    void done.finally(() => {
      clearInterval(check);
      resolve();
    });
  });
  return { started, done };
}

async function measure(standin: Standin, inputs: Record<string, string>): Promise<Measured> {
  let peakRssBytes = 0;
  const run = await runAction({
    inputs: { token: TOKEN, 'base-url': standin.url, ...inputs },
    killAfterMs: 120_000,
    onSpawn: (child) => samplePeakRss(child, (bytes) => (peakRssBytes = Math.max(peakRssBytes, bytes))),
  });
  const endsAt = new Map<number, number>();
  for (const build of standin.builds()) {
    if (build.source === 'api') endsAt.set(build.id, build.createdAt + build.queueMs + build.durationMs);
  }
  return { run, standin, peakRssBytes, endsAt };
}

const isPoll = (r: RecordedRequest) => r.method === 'GET' && /\/builds\/\d+\/$/.test(r.path);
const isTrigger = (r: RecordedRequest) => r.method === 'POST' && /\/versions\/[^/]+\/builds\/$/.test(r.path);
const isSetup = (r: RecordedRequest) =>
  isTrigger(r) || (r.method === 'GET' && (/^\/api\/v3\/projects\/[^/]+\/$/.test(r.path) || /\/builds\/$/.test(r.path)));

/** The build's log: its commands, read from API v2 (anonymous, not throttled by the service: no budget), at most once per state change. */
const isLogRead = (r: RecordedRequest) => r.method === 'GET' && r.path.startsWith('/api/v2/build/');

function requestCounts(m: Measured): {
  /** Requests to API v3, the budget the goal is about. */
  total: number;
  setup: number;
  polls: number;
  after: number;
  log: number;
  throttled: number;
} {
  const all = m.standin.requests;
  const log = all.filter(isLogRead).length;
  const setup = all.filter(isSetup).length;
  const polls = all.filter(isPoll).length;
  const total = all.length - log;
  return { total, setup, polls, after: total - setup - polls, log, throttled: all.filter((r) => r.status === 429).length };
}

/**
 * For each build: from its end to the answer that first showed it final (the stand-in answers
 * LATENCY_MS after a request arrives, and reads the build's state then).
 */
function detectionLags(m: Measured): number[] {
  const lags: number[] = [];
  for (const [id, end] of m.endsAt) {
    const seen = m.standin.requests.find(
      (r) => isPoll(r) && r.path.endsWith(`/builds/${id}/`) && r.status === 200 && r.at + LATENCY_MS >= end,
    );
    lags.push(seen ? seen.at + LATENCY_MS - end : Number.NaN);
  }
  return lags;
}

// ---------- scenarios ----------

async function standinFor(options: StandinOptions): Promise<Standin> {
  return startStandin({ tokens: [TOKEN], latencyMs: LATENCY_MS, indexDelayMs: 100, ...options });
}

/** (a) One project, a 40 s build with five 40 s builds before it (or none). */
async function singleBuild(pollInterval: string, withHistory: boolean): Promise<ReturnType<typeof launch>> {
  const standin = await standinFor({});
  standin.addProject({ slug: 'docs', name: 'Docs' });
  if (withHistory) {
    for (let i = 5; i >= 1; i -= 1) {
      standin.addBuild('docs', 'latest', { durationMs: 40 * SECOND, outcome: 'success', startedAgoMs: i * 3_600 * SECOND });
    }
  }
  standin.onTrigger('docs', 'latest', { durationMs: 40 * SECOND, queueMs: PICKUP_MS, outcome: 'success' });
  return launch(standin, { project: 'docs', 'poll-interval': pollInterval });
}

const LANGUAGES = ['es', 'fr', 'de', 'it', 'ja', 'ko', 'ru', 'nl', 'pl', 'pt-br', 'zh-cn'];
const FAN_OUT_LONGEST_MS = 10 * SECOND;

/** (b) A project and 11 translations, builds of 4.5–10 s, one budget of 30 requests per 10 s. */
async function fanOut(pollInterval: string): Promise<ReturnType<typeof launch>> {
  const standin = await standinFor({ rateLimit: { limit: 30, windowMs: 10 * SECOND } });
  const slugs = ['docs', ...LANGUAGES.map((lang) => `docs-${lang}`)];
  slugs.forEach((slug, i) => {
    standin.addProject({ slug, language: i === 0 ? 'en' : LANGUAGES[i - 1], translationOf: i === 0 ? undefined : 'docs' });
    const durationMs = FAN_OUT_LONGEST_MS - i * 500;
    for (let past = 5; past >= 1; past -= 1) {
      standin.addBuild(slug, 'latest', { durationMs, outcome: 'success', startedAgoMs: past * 3_600 * SECOND });
    }
    standin.onTrigger(slug, 'latest', { durationMs, queueMs: PICKUP_MS, outcome: 'success' });
  });
  return launch(standin, {
    project: slugs.join('\n'),
    version: 'latest',
    'rate-limit': '30/10s',
    'poll-interval': pollInterval,
  });
}

/** Spawns a process and says how long until the stand-in saw its first request. */
async function timeToFirstRequest(standin: Standin, start: () => Promise<number>): Promise<number> {
  const before = standin.requests.length;
  const startedAt = await start();
  const first = standin.requests[before];
  return (first?.at ?? Number.NaN) - startedAt;
}

function bareFetch(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const startedAt = Date.now();
    const child = spawn(process.execPath, ['-e', `fetch(${JSON.stringify(url)}).then((r) => r.text())`], {
      stdio: 'ignore',
      env: { PATH: process.env.PATH ?? '' },
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(startedAt) : reject(new Error(`bare node exited with ${code}`))));
  });
}

/** (c) Process start to first request: the action (a `wait: false` build) and bare node, in turns. */
async function startUp(): Promise<{ action: number[]; bare: number[]; peakRssBytes: number }> {
  const standin = await startStandin({ tokens: [TOKEN], rateLimit: null, indexDelayMs: 100 });
  standin.addProject({ slug: 'docs' });
  const action: number[] = [];
  const bare: number[] = [];
  let peakRssBytes = 0;
  try {
    for (let round = 0; round < STARTUP_ROUNDS; round += 1) {
      bare.push(await timeToFirstRequest(standin, () => bareFetch(`${standin.url}/api/v3/projects/docs/`)));
      action.push(
        await timeToFirstRequest(standin, async () => {
          const run = await runAction({
            inputs: { token: TOKEN, 'base-url': standin.url, project: 'docs', wait: 'false' },
            onSpawn: (child) => samplePeakRss(child, (bytes) => (peakRssBytes = Math.max(peakRssBytes, bytes))),
          });
          if (run.code !== 0) throw new Error(`start-up run failed:\n${run.stdout}\n${run.stderr}`);
          return run.startedAt;
        }),
      );
    }
  } finally {
    await standin.close();
  }
  return { action, bare, peakRssBytes };
}

/** (d) CPU time of `work`, the best of three (the least disturbed by the rest of the machine). */
function cpuMs(work: () => unknown): number {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round += 1) {
    const started = process.cpuUsage();
    work();
    const used = process.cpuUsage(started);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

/** (d) The functions that read untrusted text, from lib/ (what `npm run build` compiled for dist/). */
async function hostileText(): Promise<{ tail: number; variables: number; sphinx: number }> {
  const lib = (path: string) => import(pathToFileURL(join(ROOT, 'lib', path)).href);
  const { tailLines } = (await lib('operations/failure-reason.js')) as typeof import('../src/operations/watching/failure-reason.ts');
  const { parseVariables, VALUE_MAX_LENGTH } = (await lib('inputs/env-variables.js')) as typeof import('../src/inputs/env-variables.ts');
  const { parseSphinxProblems, SCAN_LIMIT_CHARS } = (await lib(
    'operations/sphinx-warnings.js',
  )) as typeof import('../src/operations/watching/sphinx-warnings.ts');
  const spaces = `x${' '.repeat(200_000)}x${' '.repeat(1000)}`;
  const value = `A=x${' '.repeat(VALUE_MAX_LENGTH - 10)}x`;
  // Lines of colons and digits before the level, each just under the 4,000-character cap on a
  // line that is scanned, as many as the scanned end of an output holds.
  const sphinx = `${':1'.repeat(1_980)}:docstring of x: WARNING: y\n`.repeat(Math.ceil(SCAN_LIMIT_CHARS / 4_000));
  return {
    tail: cpuMs(() => tailLines(spaces, 20, 3000)),
    variables: cpuMs(() => parseVariables(value, 'variables')),
    sphinx: cpuMs(() => parseSphinxProblems(sphinx)),
  };
}

function distSizes(): { indexBytes: number; totalBytes: number } {
  const dist = join(ROOT, 'dist');
  const walk = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce(
      (sum, entry) => sum + (entry.isDirectory() ? walk(join(dir, entry.name)) : statSync(join(dir, entry.name)).size),
      0,
    );
  return { indexBytes: statSync(join(dist, 'index.js')).size, totalBytes: walk(dist) };
}

// ---------- formatting ----------

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / SECOND).toFixed(1)} s` : 'not seen');
const millis = (ms: number) => `${Math.round(ms)} ms`;
const megabytes = (bytes: number) => `${(bytes / MB).toFixed(2)} MB`;

function requestsCell(m: Measured): string {
  const c = requestCounts(m);
  return `${c.total} (${c.setup} + ${c.polls} + ${c.after}) + ${c.log} log`;
}

/** (b) has no run without history: its cells sit under auto, fixed 2 s and fixed 10 s. */
function byColumn(runs: Measured[], cell: (m: Measured) => string): string[] {
  const [auto, fixed2s, fixed10s] = runs.map(cell);
  return [auto ?? '', '–', fixed2s ?? '', fixed10s ?? ''];
}

/** BENCH_VERBOSE=1: every request of a run, seconds after the spawn, with its answer. */
function timeline(name: string, m: Measured): string {
  const ends = [...m.endsAt.entries()].map(([id, end]) => `#${id} ends ${seconds(end - m.run.startedAt)}`).join(', ');
  const lines = m.standin.requests.map(
    (r) => `  ${((r.at - m.run.startedAt) / SECOND).toFixed(2).padStart(6)} ${r.method} ${r.path} → ${r.status}`,
  );
  return `\n${name}: exit ${m.run.code} after ${seconds(m.run.durationMs)}, peak RSS ${megabytes(m.peakRssBytes)}; ${ends}\n${lines.join('\n')}\n`;
}

function okRun(m: Measured, label: string): void {
  if (m.run.code !== 0) {
    process.stderr.write(`${label}: the step failed (exit ${m.run.code})\n${m.run.stdout}\n${m.run.stderr}\n`);
  }
}

function printTable(rows: Row[], headers: string[]): void {
  const lines = [
    `| Measure | ${headers.join(' | ')} | Goal | |`,
    `| --- | ${headers.map(() => '---').join(' | ')} | --- | --- |`,
    ...rows.map(
      (row) =>
        `| ${row.label} | ${row.values.join(' | ')} | ${row.goal} | ${row.pass === undefined ? '' : row.pass ? 'pass' : '**FAIL**'} |`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

// ---------- main ----------

async function main(): Promise<void> {
  const benchStarted = Date.now();
  const machine = `${availableParallelism()} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}`;
  process.stderr.write(`bench on ${machine}\n(c) start-up: ${STARTUP_ROUNDS} rounds...\n`);
  const startup = await startUp();

  process.stderr.write('(d) hostile text...\n');
  const hostile = await hostileText();

  process.stderr.write('(a) and (b) concurrently, about a minute...\n');
  const starts: (() => Promise<ReturnType<typeof launch>>)[] = [
    () => singleBuild('auto', true),
    () => singleBuild('auto', false),
    () => singleBuild('2s', true),
    () => singleBuild('10s', true),
    () => fanOut('auto'),
    () => fanOut('2s'),
    () => fanOut('10s'),
  ];
  const runs: Promise<Measured>[] = [];
  for (const start of starts) {
    const { started, done } = await start();
    runs.push(done);
    await started;
  }
  const [aAuto, aNoHistory, a2s, a10s, bAuto, b2s, b10s] = (await Promise.all(runs)) as [
    Measured,
    Measured,
    Measured,
    Measured,
    Measured,
    Measured,
    Measured,
  ];
  const single = [aAuto, aNoHistory, a2s, a10s];
  const fan = [bAuto, b2s, b10s];
  if (process.env.BENCH_VERBOSE) {
    const names = ['a auto', 'a auto, no history', 'a 2s', 'a 10s', 'b auto', 'b 2s', 'b 10s'];
    for (const [i, m] of [...single, ...fan].entries()) process.stderr.write(timeline(names[i]!, m));
  }
  for (const [m, label] of [...single, ...fan].map((m, i) => [m, `run ${i}`] as const)) okRun(m, label);
  await Promise.all([...single, ...fan].map((m) => m.standin.close()));

  const lag = (m: Measured) => Math.max(...detectionLags(m));
  const throttled = (m: Measured) => requestCounts(m).throttled;
  const sizes = distSizes();
  const bareMs = median(startup.bare);
  const actionMs = median(startup.action);
  const ratio = actionMs / bareMs;
  const peak = Math.max(startup.peakRssBytes, ...[...single, ...fan].map((m) => m.peakRssBytes));
  const allGreen = [...single, ...fan].every((m) => m.run.code === 0);

  const rows: Row[] = [
    {
      label: '(a) 40-s build: API v3 requests (setup + polls + after) + log reads',
      values: [requestsCell(aAuto), requestsCell(aNoHistory), requestsCell(a2s), requestsCell(a10s)],
      // The log is read at most once per state change: cloning, installing, building, uploading, finished.
      goal: 'auto ≤ 8 + ≤ 5 log',
      pass: requestCounts(aAuto).total <= 8 && single.every((m) => requestCounts(m).log <= 5),
    },
    {
      label: '(a) detection lag',
      values: single.map((m) => seconds(lag(m))),
      goal: 'auto ≤ 2 s',
      pass: lag(aAuto) <= 2 * SECOND,
    },
    { label: '(a) wall time', values: single.map((m) => seconds(m.run.durationMs)), goal: '' },
    { label: '(a) 429s', values: single.map((m) => String(throttled(m))), goal: '0', pass: single.every((m) => throttled(m) === 0) },
    {
      label: '(b) 12 projects, 30/10s: wall time',
      values: byColumn(fan, (m) => seconds(m.run.durationMs)),
      goal: `auto ≤ ${seconds(FAN_OUT_LONGEST_MS + 5 * SECOND)}`,
      pass: bAuto.run.durationMs <= FAN_OUT_LONGEST_MS + 5 * SECOND,
    },
    { label: '(b) API v3 requests (setup + polls + after) + log reads', values: byColumn(fan, requestsCell), goal: '' },
    { label: '(b) slowest detection lag', values: byColumn(fan, (m) => seconds(lag(m))), goal: '' },
    { label: '(b) 429s', values: byColumn(fan, (m) => String(throttled(m))), goal: '0', pass: fan.every((m) => throttled(m) === 0) },
    {
      label: `(c) first request: action / bare node (median of ${STARTUP_ROUNDS})`,
      values: [`${millis(actionMs)} / ${millis(bareMs)} = ${ratio.toFixed(2)}×`, '', '', ''],
      goal: '≤ 3×',
      pass: ratio <= 3,
    },
    {
      label: '(c) dist/index.js · all of dist/',
      values: [`${megabytes(sizes.indexBytes)} · ${megabytes(sizes.totalBytes)}`, '', '', ''],
      goal: '≤ 1.2 MB · ≤ 2.6 MB',
      pass: sizes.indexBytes <= 1.2 * 1e6 && sizes.totalBytes <= 2.6 * 1e6,
    },
    {
      label: 'peak RSS of the step (largest of all runs)',
      values: [megabytes(peak), '', '', ''],
      goal: '< 80 MB',
      pass: peak > 0 && peak < 80 * MB,
    },
    {
      label: '(d) tail of an output ending in 200,000 spaces (CPU)',
      values: [`${hostile.tail.toFixed(1)} ms`, '', '', ''],
      goal: '< 500 ms',
      pass: hostile.tail < 500,
    },
    {
      label: '(d) a variable of 48,000 characters, nearly all spaces (CPU)',
      values: [`${hostile.variables.toFixed(1)} ms`, '', '', ''],
      goal: '< 1000 ms',
      pass: hostile.variables < 1000,
    },
    {
      label: "(d) Sphinx's warnings in 200,000 hostile characters (CPU)",
      values: [`${hostile.sphinx.toFixed(1)} ms`, '', '', ''],
      goal: '< 2000 ms',
      pass: hostile.sphinx < 2000,
    },
    { label: 'every step succeeded', values: [String(allGreen), '', '', ''], goal: 'true', pass: allGreen },
  ];

  process.stdout.write(`\nMachine: ${machine}. Bench took ${seconds(Date.now() - benchStarted)}.\n`);
  process.stdout.write(
    `Answers delayed ${LATENCY_MS} ms; builds wait ${PICKUP_MS / SECOND} s for a builder. API v3 requests: setup (project, history, trigger) + polls of the build + after (docs URL, failure reasons); log reads: the build's commands from API v2 (anonymous, not throttled: no budget, at most one per state change).\n` +
      `First-request samples: action ${startup.action.map(Math.round).join(', ')}; bare ${startup.bare.map(Math.round).join(', ')} ms.\n\n`,
  );
  printTable(rows, ['auto', 'auto, no history', 'fixed 2 s', 'fixed 10 s']);
  const failed = rows.filter((row) => row.pass === false);
  if (failed.length > 0) {
    process.stderr.write(`\nGoals not met: ${failed.map((row) => row.label).join('; ')}\n`);
    process.exitCode = 1;
  }
}

await main();
