// Nothing under src/ waits on its own: every wait goes through src/resilience/ (retry, pollUntil,
// findAfterLostWrite, waitUntil, sleepWithProgress, waitAsAsked), whose one real wait is
// src/util/abort's timer. So every wait of the action runs on a test's fake clock, ends with the
// step's cancellation, and is found in one place. This reads the sources as text: a timer, an
// import of the timer's `sleep`, or a call of a `sleep` (`ctx.sleep(…)`, `this.sleep(…)`) anywhere
// else fails it, naming the file and the line.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../harness/action-metadata.ts';

const SRC = join(ROOT, 'src');

/** Where waiting is made: the primitives, and the timer beneath them. */
const WAITING_LIVES_IN = [/^src\/resilience\//, /^src\/util\/abort\.ts$/];

/**
 * Timers that are not waits, each with why: nothing awaits them.
 * - step.ts: after the workflow's cancellation, the process exits within a grace period whatever
 *   is pending (an unref'd watchdog).
 */
const NOT_WAITS = [{ file: 'src/step.ts', line: /setTimeout\(\(\) => process\.exit\(/ }];

const WAYS_TO_WAIT: { what: string; pattern: RegExp }[] = [
  { what: 'a timer', pattern: /\b(setTimeout|setInterval|setImmediate)\s*\(/ },
  { what: "Node's promise timers", pattern: /['"](node:)?timers(\/promises)?['"]/ },
  { what: "the timer's sleep, imported", pattern: /import\s*\{[^}]*\bsleep\b[^}]*\}\s*from\s*['"][./]*(util\/)?abort\.js['"]/ },
  { what: 'a sleep, called', pattern: /(^|[^\w])sleep\s*\(/ },
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** Each line of code (comment lines left out) as `path:line: text`, when it waits on its own. */
function ownWaits(path: string, text: string): string[] {
  if (WAITING_LIVES_IN.some((place) => place.test(path))) return [];
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    const code = line.trim();
    if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return;
    if (NOT_WAITS.some((allowed) => allowed.file === path && allowed.line.test(code))) return;
    for (const way of WAYS_TO_WAIT) {
      if (way.pattern.test(code)) found.push(`${path}:${index + 1}: ${way.what}: ${code}`);
    }
  });
  return found;
}

describe('every wait goes through src/resilience/', () => {
  it('no file under src/ outside it waits on its own', () => {
    const files = sources(SRC);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) => ownWaits(relative(ROOT, file).split('\\').join('/'), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('finds each way of waiting on its own, and not a wait handed to a primitive', () => {
    const probe = (code: string) => ownWaits('src/operations/probe.ts', code);
    expect(probe('  await new Promise((resolve) => setTimeout(resolve, 1000));')).toHaveLength(1);
    expect(probe("import { setTimeout as delay } from 'node:timers/promises';")).toHaveLength(1);
    expect(probe("import { CancelledError, sleep } from '../util/abort.js';")).toHaveLength(1);
    expect(probe('    await ctx.sleep(wait, ctx.deadline.signal);')).toHaveLength(1);
    expect(probe('    await this.sleep(freeAt - now + 1, signal);')).toHaveLength(1);
    // Handing the wait on is how it should be; comments and the primitives' own files are not code that waits.
    expect(probe('    { intervalMs: 1000, signal: ctx.deadline.signal, sleep: ctx.sleep },')).toEqual([]);
    expect(probe('  const sleepTelling = sleepWithProgress(ctx.sleep, {')).toEqual([]);
    expect(probe('  // await ctx.sleep(1000);')).toEqual([]);
    expect(ownWaits('src/resilience/wait.ts', 'await wait(left, signal); setTimeout(() => 1, 5);')).toEqual([]);
    expect(ownWaits('src/step.ts', 'setTimeout(() => process.exit(process.exitCode ?? 1), CANCEL_GRACE_MS).unref();')).toEqual([]);
    expect(ownWaits('src/step.ts', 'setTimeout(resolve, 10);')).toHaveLength(1);
  });
});
