import { z } from 'zod/mini';
import { INPUT_DECLARATIONS, INPUT_NAMES, type InputName } from './declarations.js';

export { OPERATIONS, type Operation } from './declarations.js';
import { desiredVariables } from './env-desired.js';
import { VariablesInputError, type DesiredVariable } from './env-variables.js';
import type { RateLimit } from './rate-limit.js';
import { nearMiss } from '../util/near-miss.js';

/** Every input of action.yml with the default the action applies when the runner gives none (declared in declarations.ts). */
export const INPUT_DEFAULTS = Object.fromEntries(INPUT_NAMES.map((name) => [name, INPUT_DECLARATIONS[name].default])) as {
  readonly [K in InputName]: (typeof INPUT_DECLARATIONS)[K]['default'];
};

/** The service's limits: 60 requests a minute per token; 5 a minute per address without one. */
const TOKEN_RATE_LIMIT: RateLimit = { limit: 60, windowMs: 60_000 };
const ANONYMOUS_RATE_LIMIT: RateLimit = { limit: 5, windowMs: 60_000 };

export { INPUT_NAMES, type InputName };
export type RawInputs = Record<InputName, string>;

/** `dry-run` → `dryRun`. */
type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

/** The inputs whose field is named or made otherwise (`Inputs` below); every other input is its parsed value, camelCased. */
const SHAPED = ['project', 'timeout', 'rate-limit', 'grace-period'] as const satisfies readonly InputName[];

/**
 * Every input parsed, as the operations read it: an input's field is its name camelCased
 * (`dry-run` → `dryRun`) holding what its declaration's schema parses it to, so that a new input
 * needs nothing here. The few below are shaped otherwise.
 */
export type Inputs = { [K in Exclude<InputName, (typeof SHAPED)[number]> as CamelCase<K>]: ParsedInputs[K] } & {
  projects: string[];
  /** The version as the user wrote it, when slugifying changed it. */
  versionGiven: string | undefined;
  timeoutMs: number;
  /** `rate-limit`, else the service's own limit (with a token or without). */
  rateLimit: RateLimit;
  /** For `env`: both variable inputs parsed and validated (empty for other operations). */
  desiredVariables: DesiredVariable[];
  /** For `health`: how long the default branch's head may wait for a build (ms). */
  gracePeriodMs: number;
};

/** The events on which `build`, the default operation, would build the default branch instead of the pull request. */
const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);

/**
 * `operation` left out on a pull-request event: the default, `build`, would build the default
 * version (the default branch), not the pull request, on every push to it, and may cancel the
 * build a push to that branch waits for. The refusal, naming what to give; undefined otherwise.
 * An explicit `operation: build` still runs.
 */
export function operationMissing(operation: string, eventName: string | undefined): string | undefined {
  if (operation.trim() !== '' || eventName === undefined || !PULL_REQUEST_EVENTS.has(eventName)) return undefined;
  return (
    `Input \`operation\` is not given: on a \`${eventName}\` event, set \`operation: preview\` (the pull request's preview, verified and ` +
    "reported on it) or `operation: wait` (wait for the build of its head). Left out, it would be `build`, which builds the project's " +
    'default version (the default branch), not the pull request: give `operation: build` to do that anyway'
  );
}

/**
 * The `INPUT_*` variables of `env` that name no input of the action (the runner passes a `with:`
 * key the action does not declare as one, warning only "Unexpected input"), each as the workflow
 * most likely wrote it (`link_check` for INPUT_LINK_CHECK) and the input it is near, if any.
 */
export function undeclaredInputs(env: NodeJS.ProcessEnv): { name: string; near: InputName | undefined }[] {
  const declared = new Set(INPUT_NAMES.map((name) => `INPUT_${name.toUpperCase()}`));
  return Object.keys(env)
    .filter((key) => key.startsWith('INPUT_') && key.length > 'INPUT_'.length && !declared.has(key.toUpperCase()))
    .sort()
    .map((key) => {
      const name = key.slice('INPUT_'.length).toLowerCase();
      return { name, near: nearMiss(name, INPUT_NAMES) as InputName | undefined };
    });
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
  const plain = Object.fromEntries(
    INPUT_NAMES.filter((name) => !(SHAPED as readonly InputName[]).includes(name)).map((name) => [camelCase(name), values[name]]),
  ) as Omit<Inputs, 'projects' | 'versionGiven' | 'timeoutMs' | 'rateLimit' | 'desiredVariables' | 'gracePeriodMs'>;
  const versionText = (raw.version ?? '').trim();
  return {
    ...plain,
    projects: values.project,
    versionGiven: values.version !== undefined && values.version !== versionText ? versionText : undefined,
    timeoutMs: values.timeout,
    rateLimit: values['rate-limit'] ?? (values.token ? TOKEN_RATE_LIMIT : ANONYMOUS_RATE_LIMIT),
    desiredVariables: desired,
    gracePeriodMs: values['grace-period'],
    statusContext: statusContextFor(values['status-context'], values['base-url']),
  };
}

/**
 * The default follows `base-url` to Business: what we expect its check to be named, the hosted
 * Community service's pattern (`docs/readthedocs.org:{slug}`, as seen: FACTS) with Business's
 * domain. Not seen: docs/merge-queue.md asks users to check it and set `status-context` if it differs.
 */
function statusContextFor(context: string, baseUrl: string): string {
  if (context !== INPUT_DEFAULTS['status-context']) return context;
  const host = new URL(baseUrl).hostname;
  return host === 'readthedocs.com' || host.endsWith('.readthedocs.com') ? 'docs/readthedocs.com:{project}' : context;
}

const camelCase = (name: string) => name.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());

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
