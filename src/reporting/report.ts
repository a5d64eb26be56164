import type { RunnerPort } from '../runner/port.js';
import { formatDuration } from '../util/format-duration.js';
import { GREEN_OUTCOMES, type ProjectResult } from './project-result.js';
import { escapeMarkdown, markdownLink } from './markdown.js';
import { checkedResult } from './output-values.js';

/** Every output the action declares; all are set on every path, empty when unknown. */
export const OUTPUT_NAMES = [
  'build-id',
  'build-url',
  'state',
  'success',
  'commit',
  'version',
  'duration',
  'docs-url',
  'preview-url',
  'variables',
  'results',
  'plan',
  'changes',
  'config',
] as const;
export type OutputName = (typeof OUTPUT_NAMES)[number];

/**
 * What a step returns: every project's result, the step's own sections of the job summary
 * (below the table and the projects' own `summarySections`), and the outputs it sets beyond those
 * every result carries (`variables`, `plan`, `changes`, `config`).
 */
export interface StepReport<D extends object = object> {
  results: ProjectResult<D>[];
  summary: string[];
  outputs: Partial<Record<OutputName, string>>;
}

const OUTCOME_LABEL: Record<ProjectResult['outcome'], string> = {
  success: '✅ done',
  triggered: '🚀 triggered',
  skipped: '⏭️ skipped',
  failed: '❌ failed',
  cancelled: '🚫 cancelled',
  'timed-out': '⌛ timed out',
  aborted: '⏹️ stopped',
  error: '⚠️ error',
};

/** A build's state in plain words, for a build still on its way; final states need no words. */
const RUNNING_STATE_WORDS: Record<string, string> = {
  triggered: 'queued',
  cloning: 'cloning',
  installing: 'installing',
  building: 'building',
  uploading: 'uploading',
};

/** The summary's state: plain words ("✅ built", "⌛ timed out while building"), never a raw state like "finished". */
export function stateLabel(result: ProjectResult): string {
  if (result.outcome === 'success' && result.buildId !== undefined) return '✅ built';
  const running = result.state === undefined ? undefined : RUNNING_STATE_WORDS[result.state];
  const label = OUTCOME_LABEL[result.outcome];
  return running !== undefined && (result.outcome === 'timed-out' || result.outcome === 'aborted') ? `${label} while ${running}` : label;
}

/** Outputs made by the action from numbers and fixed words, never from text a secret could be in. */
const VERBATIM_OUTPUTS: ReadonlySet<OutputName> = new Set(['build-id', 'state', 'success', 'duration', 'commit', 'changes']);
/** Outputs that hold JSON: secrets are removed from their strings, so the JSON stays valid. */
const JSON_OUTPUTS: ReadonlySet<OutputName> = new Set(['results', 'variables', 'plan']);

/**
 * Removes secrets from every string inside a JSON value. Redacting the serialised text instead
 * could turn `true` or a quote into `***` when a short value equals it, breaking the JSON.
 */
export function redactStrings(value: unknown, redact: (text: string) => string): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((item) => redactStrings(item, redact));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactStrings(item, redact)]));
  }
  return value;
}

/** The `results` output: one plain object per project, secrets removed. */
export function resultsJson(results: ProjectResult[], redact: (text: string) => string): string {
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
        reason: result.reason ?? null,
        ...result.details,
      })),
      redact,
    ),
  );
}

/**
 * Sets every output; the single-value ones describe the first project. Values the service gave
 * (URLs, state, commit) are checked first against `baseUrl`'s service (`checkedResult`).
 */
export function setOutputs(
  port: Pick<RunnerPort, 'log' | 'setOutput'>,
  unchecked: ProjectResult[],
  redact: (text: string) => string,
  extra: Partial<Record<OutputName, string>> = {},
  baseUrl?: string,
): void {
  const results = unchecked.map((result) =>
    checkedResult(result, baseUrl, (message) => port.log.warning(redact(message), { title: 'Output withheld' })),
  );
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
  for (const name of OUTPUT_NAMES) {
    const value = values[name];
    if (VERBATIM_OUTPUTS.has(name)) port.setOutput(name, value);
    else if (JSON_OUTPUTS.has(name)) port.setOutput(name, JSON.stringify(redactStrings(JSON.parse(value) as unknown, redact)));
    else port.setOutput(name, redact(value));
  }
}

/** One `::error` annotation per project that is not green, titled, with the reason. */
export function annotateFailures(port: Pick<RunnerPort, 'log'>, results: ProjectResult[], redact: (text: string) => string): void {
  for (const result of results) {
    if (GREEN_OUTCOMES.has(result.outcome)) continue;
    port.log.error(redact(result.reason ?? `${result.project}: ${result.outcome}`), {
      title: redact(`${result.title ?? 'Failed'}: ${result.project}${result.version ? ` ${result.version}` : ''}`),
    });
  }
}

/**
 * The job summary: a table of the projects, the reasons of those that are not green, each
 * project's own sections, then the step's (`extraSections`).
 */
export function summaryMarkdown(heading: string, results: ProjectResult[], extraSections: string[] = []): string {
  const columns = ['Project', 'Version', 'State', 'Duration', 'Build', 'Docs'];
  const table = results.map((result) => {
    const docsUrl = result.previewUrl ?? result.docsUrl;
    return [
      escapeMarkdown(result.project),
      escapeMarkdown(result.version ?? ''),
      stateLabel(result),
      result.duration !== undefined ? formatDuration(result.duration * 1000) : '',
      result.buildId !== undefined ? markdownLink(`#${result.buildId}`, result.buildUrl) : '',
      docsUrl ? markdownLink(docsUrl, docsUrl) : '',
    ];
  });
  // Columns no project has a value for (an `env` run has no build, duration or docs) are left out.
  const shown = columns.map((_, index) => index <= 0 || columns[index] === 'State' || table.some((cells) => cells[index] !== ''));
  const pick = (cells: string[]) => cells.filter((_, index) => shown[index]);
  const lines = [
    `## ${escapeMarkdown(heading)}`,
    '',
    `| ${pick(columns).join(' | ')} |`,
    `| ${pick(columns)
      .map(() => '---')
      .join(' | ')} |`,
    ...table.map((cells) => `| ${pick(cells).join(' | ')} |`),
  ];
  for (const result of results) {
    if (GREEN_OUTCOMES.has(result.outcome) || !result.reason) continue;
    lines.push('', `### ${escapeMarkdown(result.title ?? 'Failed')}: ${escapeMarkdown(result.project)}`, '', fencedBlock(result.reason));
  }
  const sections = [...results.flatMap((result) => result.summarySections ?? []), ...extraSections];
  lines.push(...sections.flatMap((section) => ['', section]));
  return `${lines.join('\n')}\n`;
}

export async function writeSummary(
  port: Pick<RunnerPort, 'log' | 'writeSummary'>,
  markdown: string,
  redact: (text: string) => string,
): Promise<void> {
  try {
    await port.writeSummary(redact(markdown));
  } catch (error) {
    port.log.warning(`The job summary could not be written: ${(error as Error).message}`);
  }
}

/** A code block that untrusted text cannot close early. */
export function fencedBlock(text: string): string {
  const longestRun = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  return `${fence}text\n${text}\n${fence}`;
}
