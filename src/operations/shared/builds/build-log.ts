import { formatDuration } from '../../../util/format-duration.js';
import type { ProjectLog } from '../../../reporting/project-log.js';
import type { Build, BuildCommands } from '../../../readthedocs/schemas.js';
import { safeLine } from '../../../util/untrusted-text.js';
import { outputTailOf } from '../../../util/output-tail.js';
import type { OperationContext } from '../../types.js';
import { notRead } from '../../../util/message-of.js';
import { plural } from '../../../util/plural.js';

/** The tail of a command's output kept in the log; the build page has the rest. */
const OUTPUT_TAIL_LINES = 200;
const OUTPUT_TAIL_CHARS = 20_000;
/** A green build this long (seconds, as the service counts them) gets its timeline chart in the job summary. */
export const SLOW_BUILD_SECONDS = 300;
/** A command line longer than this is cut in the group's title. */
const TITLE_MAX = 200;

export type BuildCommand = BuildCommands['commands'][number];

/**
 * The build's own log in the job: each command that has finished, once, in its own collapsed
 * group with its duration and the bounded tail of its output. The commands are read at most once
 * per state change of the build, from API v2, which the service does not throttle (so they take
 * nothing from the polls' budget).
 */
export class BuildLogFollower {
  private printed = 0;
  private lastState = '';
  private commands: BuildCommand[] = [];

  constructor(
    private readonly ctx: Pick<OperationContext, 'api'>,
    private readonly log: ProjectLog,
  ) {}

  /** The commands last read (for the summary's chart). */
  get seen(): BuildCommand[] {
    return this.commands;
  }

  /**
   * The watch ended on `build`: a finished build's commands, as a Mermaid gantt chart for the
   * project's job summary, when there is something to look for in it: the build failed or was slow
   * (none when it ran none; a quick green build's chart would only push the verdict's details down).
   */
  chart(project: string, build: Build): string[] {
    const worthAChart = build.success !== true || (build.duration ?? 0) >= SLOW_BUILD_SECONDS;
    return worthAChart && FINISHED.has(build.state.code) && this.commands.length > 0
      ? [ganttSection(project, build.id, this.commands)]
      : [];
  }

  /** Whether the log showed every command of the finished `build` with its output (so a failure's last lines are there). */
  shownInFull(build: Build): boolean {
    return FINISHED.has(build.state.code) && this.commands.length > 0 && this.printed === this.commands.length;
  }

  /** Called with each build polled; reads the commands when its state changed, prints the new finished ones. */
  async observe(build: Build, final: boolean): Promise<void> {
    if (build.state.code === this.lastState) return;
    this.lastState = build.state.code;
    // Nothing has run before the build leaves the queue.
    if (!final && NOT_STARTED.has(build.state.code)) return;
    let commands: BuildCommand[];
    try {
      commands = (await this.ctx.api.buildCommands(build.id, { bestEffort: true })).commands;
    } catch (error) {
      this.log.debug(notRead(`build #${build.id}'s commands`, error));
      return;
    }
    this.commands = commands;
    // A command still running has no exit code yet; once the build is over every one is shown.
    while (this.printed < commands.length) {
      const command = commands[this.printed]!;
      if (!final && (command.exit_code === null || command.exit_code === undefined)) break;
      this.log.section(commandTitle(command), outputTail(command.output ?? ''));
      this.printed += 1;
    }
  }
}

const FINISHED = new Set(['finished', 'cancelled']);
const NOT_STARTED = new Set(['triggered', 'queued']);
/** Commands shown in the chart at most (the build page lists them all). */
const GANTT_MAX_TASKS = 50;

/**
 * A Mermaid `gantt` block of the build's commands, one after another with their durations.
 * Starts are milliseconds from the first command's start, under `dateFormat x` (Unix time in
 * milliseconds), which Mermaid 10, 11 and 12 read alike: Mermaid 12 reads a bare integer as
 * milliseconds even under `dateFormat X` (seconds), and drew every bar at 0. Names keep only
 * characters that cannot break Mermaid's or Markdown's syntax.
 */
export function ganttSection(project: string, buildId: number, commands: BuildCommand[]): string {
  const lines = ['```mermaid', 'gantt', `  title ${mermaidText(`Build ${buildId} of ${project}`)}`, '  dateFormat x', '  axisFormat %M:%S'];
  let offset = 0;
  const first = commands.map((command) => Date.parse(command.start_time ?? '')).find((time) => Number.isFinite(time));
  commands.slice(0, GANTT_MAX_TASKS).forEach((command, index) => {
    const started = Date.parse(command.start_time ?? '');
    const start = first !== undefined && Number.isFinite(started) ? Math.max(0, Math.round(started - first)) : offset;
    const seconds = Math.max(1, Math.round(typeof command.run_time === 'number' ? command.run_time : 0));
    const failed = typeof command.exit_code === 'number' && command.exit_code !== 0;
    lines.push(
      `  ${mermaidText(command.command ?? 'command') || 'command'} :${failed ? 'crit, ' : ''}c${index + 1}, ${start}, ${seconds}s`,
    );
    offset = start + seconds * 1000;
  });
  lines.push('```');
  return [`**Where the time went in build #${buildId} of ${mermaidText(project)}**`, '', ...lines].join('\n');
}

/**
 * One short line of letters, digits and harmless punctuation: no `#`, `;`, backtick or line break.
 * A colon (`https://…`) is written as Mermaid's entity `#58;`: a bare one would end a task's name.
 */
export function mermaidText(text: string, max = 60): string {
  const plain = text
    .slice(0, max * 4)
    .replace(/[^A-Za-z0-9 ._/=+,()@:-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const short = plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
  return short.replaceAll(':', '#58;');
}

/** `$ command (12s)`, one safe line, with the exit code when it failed. */
export function commandTitle(command: BuildCommand): string {
  const took = typeof command.run_time === 'number' ? ` (${formatDuration(Math.max(0, command.run_time) * 1000)})` : '';
  const failed = typeof command.exit_code === 'number' && command.exit_code !== 0 ? ` exit ${command.exit_code}` : '';
  return `$ ${safeLine(command.command ?? '(command)', TITLE_MAX)}${took}${failed}`;
}

/**
 * The last lines of `output`, bounded in lines and characters, with a note of what was cut.
 * Linear in the output: one scan from the end.
 */
export function outputTail(output: string, maxLines = OUTPUT_TAIL_LINES, maxChars = OUTPUT_TAIL_CHARS): string {
  const tail = outputTailOf(output, { lines: maxLines, chars: maxChars });
  if (tail.text === '') return '(no output)';
  if (tail.cutLines === 0) return tail.text;
  return `[… ${plural(tail.cutLines, 'earlier line')} cut; the build page has the full output]\n${tail.text}`;
}
