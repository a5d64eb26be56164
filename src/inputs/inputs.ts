import { z } from 'zod/mini';
import { INPUT_DECLARATIONS, INPUT_NAMES, type InputName, type Operation } from './declarations.js';

export { OPERATIONS, type Operation } from './declarations.js';
import { desiredVariables } from './env-desired.js';
import { VariablesInputError, type DesiredVariable } from './env-variables.js';
import type { RateLimit } from './rate-limit.js';

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
  /** For `merge-queue`: build the group's commit, or mirror the queued pull request's head build. */
  queueCheck: 'build' | 'mirror';
  /** For `merge-queue`: the commit status's context, `{project}` not yet replaced. */
  statusContext: string;
  /** For `health`: how long the default branch's head may wait for a build (ms). */
  gracePeriodMs: number;
  /** For `health`: how many of the newest release tags are looked at. */
  releases: number;
  /** For `health`: keep one issue open while a problem remains. */
  healthIssue: boolean;
  /** For `health`: a problem fails the step, or only warns. */
  onProblem: 'fail' | 'warn';
}

/** One or more inputs were refused; each line names the input and what it accepts. */
export class InputError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'InputError';
  }
}

/** Every input's schema, as declared with it (declarations.ts). */
const fieldSchemas = schemasOf(INPUT_DECLARATIONS);

/** `{ name: schema }` of the declarations, each schema's own type kept, so that what it parses to is inferred. */
function schemasOf<T extends Record<string, { schema: z.ZodMiniType }>>(declarations: T): { [K in keyof T]: T[K]['schema'] } {
  const shape: Partial<{ [K in keyof T]: T[K]['schema'] }> = {};
  for (const [name, declaration] of Object.entries(declarations) as [keyof T, T[keyof T]][]) shape[name] = declaration.schema;
  return shape as { [K in keyof T]: T[K]['schema'] };
}

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
    queueCheck: values['queue-check'],
    statusContext: values['status-context'],
    gracePeriodMs: values['grace-period'],
    releases: values.releases,
    healthIssue: values['health-issue'],
    onProblem: values['on-problem'],
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
