import type { ProjectResult } from '../domain/project-result.js';

/**
 * Outputs are pasted by workflows into `run:` scripts (`${{ steps.x.outputs.build-url }}`), so a
 * value the service chose must not be able to carry shell syntax or line breaks. Every output is
 * checked against what it can legitimately be, by the rules below; anything else is emptied, with
 * a warning. Every output is bounded in size too.
 */

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
 * The most characters one output holds: GitHub keeps at most 1 MB of a job's outputs, counted in
 * UTF-16 (two bytes a character).
 */
export const MAX_OUTPUT_LENGTH = 512 * 1024;

/** Build states the service reports. */
const BUILD_STATES: ReadonlySet<string> = new Set(['triggered', 'cloning', 'installing', 'building', 'uploading', 'finished', 'cancelled']);

// An http(s) URL of characters that mean nothing to a shell but `#`/`?` (inert): no quotes, `$`,
// backticks, parentheses, `;`, `&`, `|`, `<`, `>`, spaces or line breaks.
const PLAIN_URL = /^https?:\/\/[A-Za-z0-9\-._~:/?#@%+=,]+$/;
// A SHA-1 or SHA-256 commit id, or an abbreviation of one.
const COMMIT = /^[0-9a-f]{7,64}$/i;
// A version slug as the service makes them (`latest`, `v2.0.1`, `7_a` for a pull request's), in a
// slug column of 255 characters.
const VERSION_SLUG = /^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/;
const WHOLE_NUMBER = /^[0-9]{1,15}$/;
const SECONDS = /^[0-9]{1,15}(\.[0-9]{1,6})?$/;

interface OutputRule {
  /** What the output holds, for the warning: "is not …". */
  expected: string;
  accepts: (value: string, serviceDomains: string[] | undefined) => boolean;
}

const url = (expected: string, onService: boolean): OutputRule => ({
  expected,
  accepts: (value, domains) => plainUrl(value, onService ? domains : undefined) !== undefined,
});
const json: OutputRule = { expected: 'JSON', accepts: isJson };

/** What each output may hold besides nothing. */
const RULES: Record<OutputName, OutputRule> = {
  'build-id': { expected: 'a whole number', accepts: (value) => WHOLE_NUMBER.test(value) },
  'build-url': url('a plain http(s) URL on the service', true),
  state: { expected: 'a known build state', accepts: (value) => BUILD_STATES.has(value) },
  success: { expected: '`true` or `false`', accepts: (value) => value === 'true' || value === 'false' },
  commit: { expected: 'a hexadecimal commit SHA', accepts: (value) => COMMIT.test(value) },
  version: { expected: 'a version slug (letters, digits, `.`, `_`, `-`)', accepts: (value) => VERSION_SLUG.test(value) },
  duration: { expected: 'a number of seconds', accepts: (value) => SECONDS.test(value) },
  'docs-url': url('a plain http(s) URL', false),
  'preview-url': url('a plain http(s) URL', false),
  variables: json,
  results: json,
  plan: json,
  changes: { expected: 'a whole number', accepts: (value) => WHOLE_NUMBER.test(value) },
  // The project file's text, lines and all: the runner writes it with a delimiter of its own.
  config: { expected: 'text', accepts: () => true },
};

/**
 * What is wrong with `value` as output `name` ("is not …", "holds … characters"), or undefined.
 * The empty value (unknown) is always right.
 */
export function outputProblem(name: OutputName, value: string, serviceDomains: string[] | undefined): string | undefined {
  if (value.length > MAX_OUTPUT_LENGTH) {
    return (
      `holds ${groupDigits(value.length)} characters, more than the ${groupDigits(MAX_OUTPUT_LENGTH)} one output may hold ` +
      '(GitHub keeps at most 1 MB of outputs, counted in UTF-16)'
    );
  }
  return ruleProblem(name, value, serviceDomains);
}

/** What is wrong with `value` as output `name` ("is not …") whatever its size, or undefined. */
export function ruleProblem(name: OutputName, value: string, serviceDomains: string[] | undefined): string | undefined {
  const rule = RULES[name];
  return value === '' || rule.accepts(value, serviceDomains) ? undefined : `is not ${rule.expected}`;
}

/** `url` when it is a plain http(s) URL (on `hosts`' domains when given), else undefined. */
export function plainUrl(url: string, domains?: string[]): string | undefined {
  if (!PLAIN_URL.test(url) || !URL.canParse(url)) return undefined;
  if (!domains) return url;
  const host = new URL(url).hostname.toLowerCase();
  return domains.some((domain) => host === domain || host.endsWith(`.${domain}`)) ? url : undefined;
}

/**
 * The domains a build page may be on for the service at `baseUrl`: its host and, for `app.…`,
 * the parent domain (the community API at app.readthedocs.org links builds on readthedocs.org).
 */
export function serviceDomains(baseUrl: string): string[] {
  const host = new URL(baseUrl).hostname.toLowerCase();
  return host.startsWith('app.') ? [host, host.slice(4)] : [host];
}

/** The fields of a result that become outputs of their own. */
const RESULT_OUTPUTS = {
  buildUrl: 'build-url',
  docsUrl: 'docs-url',
  previewUrl: 'preview-url',
  state: 'state',
  commit: 'commit',
  version: 'version',
} as const satisfies Partial<Record<keyof ProjectResult, OutputName>>;

/**
 * A copy of `result` whose service-given fields (build URL, docs and preview URLs, state, commit,
 * version) are what they claim to be, by the rules of their outputs; a field that is not becomes
 * undefined and `warn` says which. The `results` output is made of these.
 */
export function checkedResult(result: ProjectResult, baseUrl: string | undefined, warn: (message: string) => void): ProjectResult {
  const checked = { ...result };
  const domains = baseUrl ? serviceDomains(baseUrl) : undefined;
  for (const [field, output] of Object.entries(RESULT_OUTPUTS) as [keyof typeof RESULT_OUTPUTS, OutputName][]) {
    const value = result[field];
    if (value === undefined || outputProblem(output, value, domains) === undefined) continue;
    delete checked[field];
    warn(`${result.project}: the service's value for output \`${output}\` is not ${RULES[output].expected}; the output is left empty`);
  }
  return checked;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function groupDigits(value: number): string {
  return value.toLocaleString('en-US');
}
