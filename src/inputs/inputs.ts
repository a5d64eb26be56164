import { z } from 'zod/mini';
import { INPUT_DECLARATIONS, INPUT_NAMES, OPERATIONS, type InputName, type Operation } from './declarations.js';

export { OPERATIONS, type Operation } from './declarations.js';
import { desiredVariables } from './env-desired.js';
import { VariablesInputError, type DesiredVariable } from './env-variables.js';
import { parseDuration } from './duration.js';
import { parseRateLimit, type RateLimit } from './rate-limit.js';
import { PROJECT_SLUG, splitList, versionSlug } from './slugs.js';

/** Every input of action.yml with the default the action applies when the runner gives none. */
/** Every input of action.yml with the default the action applies when the runner gives none (declared in declarations.ts). */
export const INPUT_DEFAULTS = Object.fromEntries(INPUT_NAMES.map((name) => [name, INPUT_DECLARATIONS[name].default])) as {
  readonly [K in InputName]: (typeof INPUT_DECLARATIONS)[K]['default'];
};

/** The service's limits: 60 requests a minute per token; 5 a minute per address without one. */
export const TOKEN_RATE_LIMIT: RateLimit = { limit: 60, windowMs: 60_000 };
export const ANONYMOUS_RATE_LIMIT: RateLimit = { limit: 5, windowMs: 60_000 };

export { INPUT_NAMES, type InputName };
export type RawInputs = Record<InputName, string>;

export interface Inputs {
  token: string | undefined;
  projects: string[];
  /** The version slug, already slugified; undefined means the project's default version. */
  version: string | undefined;
  /** The version as the user wrote it, when slugifying changed it. */
  versionGiven: string | undefined;
  operation: Operation;
  /** Origin of the service, without a trailing slash. */
  baseUrl: string;
  wait: boolean;
  timeoutMs: number;
  commit: string | undefined;
  githubToken: string | undefined;
  rateLimit: RateLimit;
  /** `auto` for predictive polling, or a fixed interval in ms. */
  pollInterval: 'auto' | number;
  activate: boolean;
  hidden: boolean | undefined;
  verify: 'warn' | 'strict' | 'none';
  verifyQuery: string | undefined;
  variables: string;
  publicVariables: string;
  /** For `env`: both variable inputs parsed and validated (empty for other operations). */
  desiredVariables: DesiredVariable[];
  prune: boolean;
  dryRun: boolean;
  translations: boolean;
  trigger: boolean;
  previewUrlTemplate: string | undefined;
  docsPath: string | undefined;
  comment: 'auto' | 'comment' | 'description' | 'none';
  commentHeader: string;
  /** For `apply` and `export`: the project file, relative to the repository. */
  config: string;
  failOnChanges: boolean;
  /** For `preview`: a GitHub deployment per project. */
  deployment: boolean;
  /** The deployment's environment, `{project}` replaced by the project's slug. */
  deploymentEnvironment: string;
  /** For `preview`: pages moved or removed without a redirect warn, fail the step, or are not looked for. */
  redirectCheck: 'warn' | 'fail' | 'off';
}

/** One or more inputs were refused; each line names the input and what it accepts. */
export class InputError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'InputError';
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A parser that refuses with a message saying what the input accepts. */
function parser<T>(parse: (text: string, refuse: (message: string) => never) => T) {
  return z.pipe(
    z.string(),
    z.transform((text: string, ctx) => {
      try {
        return parse(text, (message) => {
          throw new Refusal(message);
        });
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        ctx.issues.push({ code: 'custom', message: error.message, input: text });
        return z.NEVER;
      }
    }),
  );
}

class Refusal extends Error {}

function oneOf<const T extends readonly string[]>(values: T) {
  return parser((text, refuse): T[number] => {
    const value = text.trim().toLowerCase();
    if (!values.includes(value)) return refuse(`accepts ${values.map((v) => `\`${v}\``).join(', ')}; got \`${text}\``);
    return value;
  });
}

const booleanInput = parser((text, refuse) => {
  const value = text.trim().toLowerCase();
  if (value !== 'true' && value !== 'false') return refuse(`accepts \`true\` or \`false\`; got \`${text}\``);
  return value === 'true';
});

const optionalBoolean = parser((text, refuse) => {
  const value = text.trim().toLowerCase();
  if (value === '') return undefined;
  if (value !== 'true' && value !== 'false') return refuse(`accepts \`true\`, \`false\`, or nothing; got \`${text}\``);
  return value === 'true';
});

const UNEXPANDED_GITHUB_TOKEN = /^\s*\$\{\{\s*github\.token\s*\}\}\s*$/;

// C0 (tab and line breaks included), DEL, C1 and the Unicode line and paragraph separators.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * A path input (a file or folder of the repository): trimmed, and refused when it holds a control
 * character. A path is printed in the log (`Wrote <config>`), where a line break would start a line
 * the runner reads as a command; and no path of a repository needs one. The refusal does not
 * print the path.
 */
function pathInput<T>(parse: (path: string, refuse: (message: string) => never) => T) {
  return parser((text, refuse) => {
    const path = text.trim();
    if (CONTROL_CHARACTER.test(path)) {
      return refuse('holds a control character (a line break, a tab…): give a path on one line, of printable characters');
    }
    return parse(path, refuse);
  });
}
const optionalText = parser((text) => (text.trim() === '' ? undefined : text.trim()));

const durationInput = parser((text, refuse) => {
  const ms = parseDuration(text);
  if (ms === undefined || ms <= 0) return refuse(`\`${text}\` is not a duration: use seconds (\`600\`) or \`90s\`, \`15m\`, \`1h\``);
  return ms;
});

const fieldSchemas = {
  token: optionalText,
  project: parser((text, refuse) => {
    const projects = splitList(text);
    if (projects.length === 0) return refuse('is required: a project slug, or several (one per line or comma-separated)');
    for (const slug of projects) {
      if (!PROJECT_SLUG.test(slug)) {
        return refuse(`\`${slug}\` is not a project slug: use lowercase letters, digits, \`-\` and \`_\` (the slug in the project's URL)`);
      }
    }
    return [...new Set(projects)];
  }),
  version: parser((text, refuse) => {
    if (text.trim() === '') return undefined;
    const slug = versionSlug(text);
    if (slug === undefined) {
      return refuse(`\`${text}\` has letters whose slug cannot be told here: give the version's slug as its Read the Docs URL shows it`);
    }
    if (slug === '') return refuse(`\`${text}\` cannot be a version slug: use letters, digits, \`.\`, \`_\`, \`-\``);
    return slug;
  }),
  operation: oneOf(OPERATIONS),
  'base-url': parser((text, refuse) => {
    let url: URL;
    try {
      url = new URL(text.trim());
    } catch {
      return refuse(`\`${text}\` is not a URL: use \`https://app.readthedocs.org\` or \`https://app.readthedocs.com\``);
    }
    const loopback = LOOPBACK_HOSTS.has(url.hostname) || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
      return refuse(`\`${text}\` must use https:// (plain http:// is accepted only for loopback addresses)`);
    }
    if (url.username || url.password) return refuse('must not carry credentials: give the token in `token`');
    return url.origin;
  }),
  wait: booleanInput,
  timeout: durationInput,
  commit: parser((text, refuse) => {
    const sha = text.trim().toLowerCase();
    if (sha === '') return undefined;
    if (!/^([0-9a-f]{40}|[0-9a-f]{64})$/.test(sha)) {
      return refuse(`\`${text}\` is not a full commit SHA: give all 40 hexadecimal characters (the service filters on the exact SHA)`);
    }
    return sha;
  }),
  // Tools that run the action outside a runner (`@github/local-action`) pass action.yml's default
  // verbatim: the unexpanded expression is no token.
  'github-token': parser((text) => (text.trim() === '' || UNEXPANDED_GITHUB_TOKEN.test(text) ? undefined : text.trim())),
  'rate-limit': parser((text, refuse): RateLimit | undefined => {
    if (text.trim() === '') return undefined;
    const limit = parseRateLimit(text);
    if (!limit) return refuse(`\`${text}\` is not a rate: use requests per minute (\`60\`) or requests per period (\`60/1m\`, \`30/10s\`)`);
    return limit;
  }),
  'poll-interval': parser((text, refuse): 'auto' | number => {
    if (text.trim() === '' || text.trim().toLowerCase() === 'auto') return 'auto';
    const ms = parseDuration(text);
    if (ms === undefined || ms < 100)
      return refuse(`\`${text}\` is not accepted: use \`auto\` (predictive) or a fixed interval such as \`5s\``);
    return ms;
  }),
  activate: booleanInput,
  hidden: optionalBoolean,
  verify: oneOf(['warn', 'strict', 'none'] as const),
  'verify-query': optionalText,
  variables: z.string(),
  'public-variables': z.string(),
  prune: booleanInput,
  'dry-run': booleanInput,
  translations: booleanInput,
  trigger: booleanInput,
  'preview-url-template': optionalText,
  'docs-path': pathInput((path) => (path === '' ? undefined : path)),
  comment: oneOf(['auto', 'comment', 'description', 'none'] as const),
  'comment-header': parser((text) => text.trim()),
  config: pathInput((path, refuse) => {
    if (path.split(/[\\/]/).includes('..')) return refuse(`\`${path}\` must stay inside the repository: give a path without \`..\``);
    if (!/\.ya?ml$/i.test(path)) return refuse(`\`${path}\` is not a YAML file: give a path ending in \`.yml\` or \`.yaml\``);
    return path;
  }),
  'fail-on-changes': booleanInput,
  deployment: booleanInput,
  'deployment-environment': parser((text, refuse) => {
    const name = text.trim();
    if (name.length > 255 || /[\u0000-\u001f]/.test(name))
      return refuse('is not an environment name: use up to 255 characters on one line, e.g. `readthedocs-preview/{project}`');
    return name;
  }),
  'redirect-check': oneOf(['warn', 'fail', 'off'] as const),
} satisfies Record<InputName, z.ZodMiniType>;

/** Every input's schema in one object: what it parses to is inferred from it. */
const inputSchema = z.object(fieldSchemas);
type ParsedInputs = z.infer<typeof inputSchema>;

/**
 * Validates every input at once and returns them typed. Empty inputs take the action's default,
 * so a local run without the runner's defaults behaves like a workflow run.
 */
export function parseInputs(raw: Partial<RawInputs>): Inputs {
  const texts = Object.fromEntries(
    INPUT_NAMES.map((name) => {
      const given = raw[name] ?? '';
      return [name, given.trim() === '' && name !== 'token' ? INPUT_DEFAULTS[name] : given];
    }),
  );
  const parsed = inputSchema.safeParse(texts);
  const problems = parsed.success ? [] : inputProblems(parsed.error.issues);
  // The variables of `env` are checked even when another input is refused: every problem at once.
  const fields = inputSchema.shape;
  const desired =
    fields.operation.safeParse(texts.operation).data === 'env'
      ? environmentProblems(
          {
            variables: texts.variables ?? '',
            'public-variables': texts['public-variables'] ?? '',
            prune: fields.prune.safeParse(texts.prune).data === true,
          },
          problems,
        )
      : [];
  if (!parsed.success || problems.length > 0) throw new InputError(problems);

  const values: ParsedInputs = parsed.data;
  const version = values.version;
  const versionText = (raw.version ?? '').trim();
  return {
    token: values.token,
    projects: values.project,
    version,
    versionGiven: version !== undefined && version !== versionText ? versionText : undefined,
    operation: values.operation,
    baseUrl: values['base-url'],
    wait: values.wait,
    timeoutMs: values.timeout,
    commit: values.commit,
    githubToken: values['github-token'],
    rateLimit: values['rate-limit'] ?? (values.token ? TOKEN_RATE_LIMIT : ANONYMOUS_RATE_LIMIT),
    pollInterval: values['poll-interval'],
    activate: values.activate,
    hidden: values.hidden,
    verify: values.verify,
    verifyQuery: values['verify-query'],
    variables: values.variables,
    publicVariables: values['public-variables'],
    desiredVariables: desired,
    prune: values.prune,
    dryRun: values['dry-run'],
    translations: values.translations,
    trigger: values.trigger,
    previewUrlTemplate: values['preview-url-template'],
    docsPath: values['docs-path'],
    comment: values.comment,
    commentHeader: values['comment-header'],
    config: values.config,
    failOnChanges: values['fail-on-changes'],
    deployment: values.deployment,
    deploymentEnvironment: values['deployment-environment'],
    redirectCheck: values['redirect-check'],
  };
}

/** One line per refused input, in the inputs' order: `Input `name`: what it accepts`. */
function inputProblems(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string[] {
  const byInput = new Map<string, string[]>();
  for (const issue of issues) {
    const name = String(issue.path[0] ?? '');
    byInput.set(name, [...(byInput.get(name) ?? []), issue.message]);
  }
  return INPUT_NAMES.filter((name) => byInput.has(name)).map((name) => `Input \`${name}\`: ${byInput.get(name)!.join('; ')}`);
}

/** Parses the variables of `env` (values kept verbatim), adding what is wrong to `problems`. */
function environmentProblems(
  values: { variables: string; 'public-variables': string; prune: boolean },
  problems: string[],
): DesiredVariable[] {
  let desired: DesiredVariable[] = [];
  try {
    desired = desiredVariables(values.variables, values['public-variables']);
  } catch (error) {
    if (!(error instanceof VariablesInputError)) throw error;
    problems.push(error.message);
    return [];
  }
  // An empty secret (a fork's pull request, a renamed secret) must not turn into "delete everything".
  if (desired.length === 0 && values.prune === true) {
    problems.push(
      'Input `prune`: `true` needs at least one variable in `variables` or `public-variables`; with none it would delete every variable of the project. Delete them in the dashboard instead',
    );
  }
  return desired;
}
