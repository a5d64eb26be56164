// Runs dist/index.js as the runner does and shows it on this terminal: the log as it streams, then
// the outputs and the job summary. Shared by the demo and by local runs against the real service.
import { runAction, type ActionRun, type RunOptions } from '../../harness/run-action.ts';
import { renderLogLine, renderMarkdown, styleFor } from './terminal.ts';

export const style = styleFor(process.stdout);
// Piped into `head` or a pager that quits: stop quietly.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});
export const say = (text = ''): void => {
  process.stdout.write(`${text}\n`);
};
export const rule = (title: string): void => say(`\n${style.bold(`━━ ${title} ${'━'.repeat(Math.max(3, 72 - title.length))}`)}`);

/** Runs the action, printing each line of its log as the runner would show it (secrets masked). */
export async function runAndShow(options: Omit<RunOptions, 'onLine'> & { debug?: boolean }): Promise<ActionRun> {
  rule('Log (node dist/index.js, as the runner runs it)');
  const secrets: string[] = [];
  let pendingMasks = 0;
  let printed = 0;
  const mask = (text: string) => secrets.reduce((masked, secret) => masked.split(secret).join('***'), text);
  let stoppedUntil: string | undefined;
  const show = (line: string) => {
    // Between `::stop-commands::<token>` and `::<token>::` the runner acts on nothing: plain text.
    if (stoppedUntil !== undefined) {
      if (line === `::${stoppedUntil}::`) stoppedUntil = undefined;
      else say(mask(line));
      return;
    }
    const stop = /^::stop-commands::(.+)$/.exec(line)?.[1];
    if (stop !== undefined) {
      stoppedUntil = stop;
      return;
    }
    // The runner consumes `::add-mask::` lines and hides those values from then on; so do we.
    const secret = /^::add-mask::(.*)$/.exec(line)?.[1];
    if (secret !== undefined) {
      if (secret !== '') secrets.push(secret);
      pendingMasks += 1;
      return;
    }
    if (pendingMasks > 0) {
      say(style.dim(`(${pendingMasks} secret${pendingMasks > 1 ? 's' : ''} registered with the runner: masked in every later line)`));
      pendingMasks = 0;
    }
    const text = renderLogLine(mask(line), style, { debug: options.debug });
    if (text !== undefined) say(text);
  };
  const run = await runAction({
    killAfterMs: 120_000,
    ...options,
    onLine: (line) => {
      printed += 1;
      show(line);
    },
  });
  // The last line has no newline after it, so the line callback never saw it.
  for (const line of run.stdout.split('\n').slice(printed)) if (line !== '') show(line);
  if (run.stderr.trim() !== '') say(style.dim(mask(run.stderr.trimEnd())));
  run.outputs = Object.fromEntries(Object.entries(run.outputs).map(([name, value]) => [name, mask(value)]));
  run.summary = mask(run.summary);
  return run;
}

/** The outputs as `steps.<id>.outputs` would hold them, then the job summary. */
export function showResults(run: ActionRun): void {
  rule('Outputs (steps.<id>.outputs)');
  const names = Object.keys(run.outputs);
  const width = Math.max(0, ...names.map((name) => name.length));
  for (const name of names) {
    const value = run.outputs[name]!;
    const shown = name === 'results' || name === 'variables' ? formatJson(value, width + 2) : value === '' ? style.dim('(empty)') : value;
    say(`${style.bold(name.padEnd(width))}  ${shown}`);
  }
  rule('Job summary (GITHUB_STEP_SUMMARY)');
  say(run.summary.trim() === '' ? style.dim('(no summary)') : renderMarkdown(run.summary, style));
}

/** Pretty JSON; long strings (a failure's reason) are cut for the screen: the summary shows them whole. */
function formatJson(text: string, indent: number): string {
  const cut = (_key: string, value: unknown) =>
    typeof value === 'string' && value.length > 100 ? `${value.slice(0, 100)}… (${value.length} characters)` : value;
  try {
    return JSON.stringify(JSON.parse(text), cut, 2)
      .split('\n')
      .join(`\n${' '.repeat(indent)}`);
  } catch {
    return text;
  }
}
