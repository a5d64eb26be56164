import type { RunnerPort } from '../runner/port.js';
import { formatDuration } from '../util/format-duration.js';
import { GREEN_OUTCOMES, NOTED_OUTCOMES, reasonWithSubject, type ProjectResult } from '../domain/project-result.js';
import { problemList, type SourceLinks } from './file-problems.js';
import { warningsSection } from './build-warnings.js';
import { escapeMarkdown, fencedCode, markdownLink } from './markdown.js';
import { OUTCOME_WORDS, outcomeWords, verdict } from './verdict.js';
import { fitJsonList, fitText } from './output-fit.js';
import { checkedResult, MAX_OUTPUT_LENGTH, OUTPUT_NAMES, type OutputName, ruleProblem, serviceDomains } from './output-values.js';
import { messageOf } from '../util/message-of.js';
import { inertJson } from '../util/untrusted-text.js';
import { plural } from '../util/plural.js';

export { OUTPUT_NAMES, type OutputName } from './output-values.js';

/**
 * GitHub refuses a job summary over 1024k ("upload aborted"): the summary stays below that, what
 * does not fit left out with a note.
 */
const MAX_SUMMARY_BYTES = 1000 * 1024;
/** A reason in an annotation or the summary: its beginning (the notification) and its end (the output's last lines). */
const MAX_REASON_LENGTH = 16 * 1024;
/** An annotation's title: a few words, the project and the version. */
const MAX_TITLE_LENGTH = 300;

/**
 * What a step returns: every project's result, the step's own sections of the job summary
 * (below the table and the projects' own `summarySections`), and the outputs it sets beyond those
 * every result carries (`variables`, `plan`, `changes`, `config`).
 */
export interface StepReport<D extends object = object> {
  results: ProjectResult<D>[];
  summary: string[];
  outputs: Partial<Record<OutputName, string>>;
  /**
   * What failed the step besides its projects (`health`'s issue that could not be kept): an error
   * annotation and a red step, with the results, the summary and the outputs still written.
   */
  failure?: { title: string; message: string };
  /** The order the job summary lists the projects in (`preview`'s: failures first, as its comment); the results' own order without it. */
  summaryOrder?: (a: ProjectResult, b: ProjectResult) => number;
}

/** The results as the job summary lists them: in the step's {@link StepReport.summaryOrder}, when it gives one. */
export function summaryResults<D extends object>(report: Pick<StepReport<D>, 'results' | 'summaryOrder'>): ProjectResult<D>[] {
  return report.summaryOrder ? [...report.results].sort(report.summaryOrder) : report.results;
}

/** A build's state in plain words, for a build still on its way; final states need no words. */
const RUNNING_STATE_WORDS: Record<string, string> = {
  triggered: 'queued',
  cloning: 'cloning',
  installing: 'installing',
  building: 'building',
  uploading: 'uploading',
};

/** The summary's state: plain words ("✅ built", "⏱️ timed out while building"), never a raw state like "finished". */
function stateLabel(result: ProjectResult): string {
  const running = result.state === undefined ? undefined : RUNNING_STATE_WORDS[result.state];
  const label = `${OUTCOME_WORDS[result.outcome].emoji} ${outcomeWords(result)}`;
  return running !== undefined && (result.outcome === 'timed-out' || result.outcome === 'aborted') ? `${label} while ${running}` : label;
}

/**
 * A version's name in the summary's table: a commit in it (a merge queue's version,
 * `gh-readonly-queue-main-pr-42-<40 hex>`) cut to its first 7 characters, so the table fits a
 * phone's width (an unbreakable 40 characters pushed its last columns out of sight at 420 px).
 * The full name is in the outputs and the operation's own section.
 */
function tableVersion(version: string): string {
  return version.replace(/(?<![0-9a-f])([0-9a-f]{7})[0-9a-f]{33}(?![0-9a-f])/gi, '$1…');
}

/** Outputs made by the action from numbers and fixed words, never from text a secret could be in. */
const VERBATIM_OUTPUTS: ReadonlySet<OutputName> = new Set(['build-id', 'state', 'success', 'duration', 'commit', 'changes']);
/** Outputs that hold JSON: secrets are removed from their strings, so the JSON stays valid. */
const JSON_OUTPUTS: ReadonlySet<OutputName> = new Set(['results', 'variables', 'plan']);

/**
 * Removes secrets from every string inside a JSON value. Redacting the serialised text instead
 * could turn `true` or a quote into `***` when a short value equals it, breaking the JSON.
 */
function redactStrings(value: unknown, redact: (text: string) => string): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((item) => redactStrings(item, redact));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactStrings(item, redact)]));
  }
  return value;
}

/** The `results` output: one plain object per project, secrets removed. */
function resultsJson(results: ProjectResult[], redact: (text: string) => string): string {
  return JSON.stringify(
    redactStrings(
      results.map((result) => ({
        project: result.project,
        outcome: result.outcome,
        version: result.version ?? null,
        buildId: result.buildId ?? null,
        buildUrl: result.buildUrl ?? null,
        state: result.state ?? null,
        success: result.success ?? result.outcome === 'success',
        commit: result.commit ?? null,
        duration: result.duration ?? null,
        docsUrl: result.docsUrl ?? null,
        previewUrl: result.previewUrl ?? null,
        reason: result.reason === undefined ? null : abridged(reasonWithSubject(result)!, MAX_REASON_LENGTH),
        ...(result.supersededBy ? { supersededBy: result.supersededBy } : {}),
        ...(result.warnings ? { warnings: result.warnings } : {}),
        ...result.details,
      })),
      redact,
    ),
  );
}

/**
 * Sets every output; the single-value ones describe the first project. Values the service gave
 * (URLs, state, commit, version) are checked first against `baseUrl`'s service (`checkedResult`),
 * and every output, as it is set, by the rules of `ruleProblem`: one that breaks them is left
 * empty with a warning. One past the runner's limit is shortened to fit (`shortened`).
 */
export function setOutputs(
  port: Pick<RunnerPort, 'log' | 'setOutput' | 'saveOutput'>,
  unchecked: ProjectResult[],
  redact: (text: string) => string,
  extra: Partial<Record<OutputName, string>> = {},
  baseUrl?: string,
): void {
  const withheld = (message: string) => port.log.warning(redact(message), { title: 'Output withheld' });
  const results = unchecked.map((result) => checkedResult(result, baseUrl, withheld));
  const first = results[0];
  const values: Record<OutputName, string> = {
    'build-id': first?.buildId?.toString() ?? '',
    'build-url': first?.buildUrl ?? '',
    state: first?.state ?? '',
    success: String(first?.outcome === 'success'),
    commit: first?.commit ?? '',
    version: first?.version ?? '',
    duration: first?.duration?.toString() ?? '',
    'docs-url': first?.docsUrl ?? '',
    'preview-url': first?.previewUrl ?? '',
    variables: '[]',
    results: resultsJson(results, redact),
    plan: '[]',
    changes: '',
    config: '',
    ...extra,
  };
  const domains = baseUrl ? serviceDomains(baseUrl) : undefined;
  for (const name of OUTPUT_NAMES) {
    let value = values[name];
    // A value that is not JSON cannot be redacted string by string: it is withheld below.
    if (JSON_OUTPUTS.has(name) && ruleProblem(name, value, domains) === undefined) {
      value = inertJson(redactStrings(JSON.parse(value) as unknown, redact));
    } else if (!VERBATIM_OUTPUTS.has(name)) value = redact(value);
    const problem = ruleProblem(name, value, domains);
    if (problem !== undefined) {
      withheld(`The value for output \`${name}\` ${problem}; the output is left empty`);
      value = '';
    } else if (value.length > MAX_OUTPUT_LENGTH) value = shortened(port, name, value, redact);
    port.setOutput(name, value);
  }
}

/**
 * `value` (already redacted, within the output's rules) shortened to the runner's limit: the whole
 * value saved to a file first, a JSON list's lists cut (`fitJsonList`), `config`'s text cut at
 * its end (`fitText`), anything else (a URL cut is no URL) left empty; a notice says what and where.
 */
function shortened(
  port: Pick<RunnerPort, 'log' | 'saveOutput'>,
  name: OutputName,
  value: string,
  redact: (text: string) => string,
): string {
  const file = port.saveOutput?.(name, value);
  const fitted = JSON_OUTPUTS.has(name)
    ? fitJsonList([JSON.parse(value) as unknown].flat(), MAX_OUTPUT_LENGTH, file)
    : name === 'config'
      ? fitText(value, MAX_OUTPUT_LENGTH, file)
      : { text: '', leftOut: 'left empty' };
  port.log.notice(
    redact(
      `Output \`${name}\` would hold ${value.length.toLocaleString('en-US')} characters, more than the ` +
        `${MAX_OUTPUT_LENGTH.toLocaleString('en-US')} one output may hold (GitHub keeps at most 1 MB of an output, counted in UTF-16): ` +
        `${fitted.leftOut}; ${file ? `the whole value is in ${file}` : 'the whole value could not be saved to a file'}`,
    ),
    { title: 'Output shortened' },
  );
  return fitted.text;
}

/**
 * One `::error` annotation per project that is not green, titled, with the reason (abridged past its
 * bound); a `::notice` for one that is green with nothing built for its commit (skipped, superseded).
 * The title names the project and version, the reason's subject: the message does not repeat it.
 */
export function annotateFailures(port: Pick<RunnerPort, 'log'>, results: ProjectResult[], redact: (text: string) => string): void {
  for (const result of results) {
    const title = redact(
      abridged(`${result.title ?? 'Failed'}: ${result.project}${result.version ? ` ${result.version}` : ''}`, MAX_TITLE_LENGTH),
    );
    if (NOTED_OUTCOMES.has(result.outcome) && result.reason) {
      port.log.notice(redact(abridged(result.reason, MAX_REASON_LENGTH)), { title });
    }
    if (GREEN_OUTCOMES.has(result.outcome)) continue;
    port.log.error(redact(abridged(result.reason ?? result.outcome, MAX_REASON_LENGTH)), { title });
  }
}

/**
 * `text`, or when longer than `max` its beginning and its end with what was left out between
 * them said: the first line of a reason names the failure, its last lines are the command's output.
 */
export function abridged(text: string, max: number): string {
  if (text.length <= max) return text;
  // The note takes fewer than 64 characters, whatever the count.
  const half = Math.max(0, Math.floor((max - 64) / 2));
  const note = `\n… ${(text.length - 2 * half).toLocaleString('en-US')} characters left out …\n`;
  return `${text.slice(0, half)}${note}${text.slice(text.length - half)}`;
}

/**
 * The job summary: a table of the projects, the reasons of those that are not green, each
 * project's own sections, then the step's (`extraSections`). At most `maxBytes`: a row, a reason
 * or a section that does not fit is left out, and a note at the end says how many were.
 */
export function summaryMarkdown(
  heading: string,
  results: ProjectResult[],
  extraSections: string[] = [],
  maxBytes = MAX_SUMMARY_BYTES,
  options: Pick<SourceLinks, 'repoUrl'> & { listProblems?: boolean; failure?: { title: string } } = {},
): string {
  const { listProblems = true, failure, ...links } = options;
  const columns = ['Project', 'Version', 'State', 'Duration', 'Build', 'Docs'];
  const table = results.map((result) => {
    const docsUrl = result.previewUrl ?? result.docsUrl;
    return [
      escapeMarkdown(result.project),
      escapeMarkdown(tableVersion(result.version ?? '')),
      stateLabel(result),
      result.duration !== undefined ? formatDuration(result.duration * 1000) : '',
      result.buildId !== undefined ? markdownLink(`#${result.buildId}`, result.buildUrl) : '',
      docsUrl ? markdownLink(docsUrl, docsUrl) : '',
    ];
  });
  // Columns no project has a value for (an `env` run has no build, duration or docs) are left out.
  const shown = columns.map((_, index) => index <= 0 || columns[index] === 'State' || table.some((cells) => cells[index] !== ''));
  const pick = (cells: string[]) => cells.filter((_, index) => shown[index]);
  // The verdict first: what happened, to how many, and the warnings to fix.
  const { emoji, text } = verdict(results, failure);
  const head = [
    `## ${emoji} ${escapeMarkdown(heading)}: ${escapeMarkdown(text)}`,
    '',
    `| ${pick(columns).join(' | ')} |`,
    `| ${pick(columns)
      .map(() => '---')
      .join(' | ')} |`,
  ].join('\n');
  // Each block follows the one before it on a line of its own.
  const blocks = table.map((cells) => `| ${pick(cells).join(' | ')} |`);
  for (const result of results) {
    const problems = listProblems ? problemList(result.problems ?? [], result.moreProblems ?? 0, { ...links, commit: result.commit }) : [];
    if ((GREEN_OUTCOMES.has(result.outcome) && !NOTED_OUTCOMES.has(result.outcome)) || (!result.reason && problems.length === 0)) continue;
    const title = `### ${escapeMarkdown(result.title ?? 'Failed')}: ${escapeMarkdown(result.project)}`;
    // What to fix first, as links to the lines; then the whole reason.
    const fix = problems.length === 0 ? '' : `\n\n${problems.join('\n')}`;
    const reason = result.reason ? `\n\n${fencedCode(abridged(reasonWithSubject(result)!, MAX_REASON_LENGTH))}` : '';
    blocks.push(`\n${title}${fix}${reason}`);
  }
  // Input `warnings`: each project's new warnings, at its lines (a terminal has them as annotations).
  for (const result of results) {
    const section = listProblems ? warningsSection(result, { ...links, commit: result.commit }) : undefined;
    if (section !== undefined) blocks.push(`\n${section}`);
  }
  for (const result of results) for (const section of result.summarySections ?? []) blocks.push(`\n${section}`);
  for (const section of extraSections) blocks.push(`\n${section}`);
  return `${fitted(head, blocks, maxBytes)}\n`;
}

/** `head`, then each block that still fits in `maxBytes` (a note about the others kept room for). */
function fitted(head: string, blocks: string[], maxBytes: number): string {
  const noteRoom = 200;
  const kept = [head];
  let size = Buffer.byteLength(head);
  let left = 0;
  for (const block of blocks) {
    const blockSize = Buffer.byteLength(block) + 1;
    if (size + blockSize + noteRoom > maxBytes) {
      left++;
      continue;
    }
    kept.push(block);
    size += blockSize;
  }
  if (left > 0) kept.push(`\n_${plural(left, 'part')} of this summary left out: a job summary holds at most 1 MB._`);
  return kept.join('\n');
}

export async function writeSummary(
  port: Pick<RunnerPort, 'log' | 'writeSummary'>,
  markdown: string,
  redact: (text: string) => string,
): Promise<void> {
  try {
    await port.writeSummary(redact(markdown));
  } catch (error) {
    port.log.warning(`The job summary could not be written: ${messageOf(error)}`);
  }
}
