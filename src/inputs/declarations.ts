import { posix, win32 } from 'node:path';
import { z } from 'zod/mini';
import { parseDuration } from './duration.js';
import {
  booleanInput,
  durationInput,
  LOOPBACK_HOSTS,
  oneOf,
  optionalBoolean,
  optionalText,
  parser,
  pathInput,
  UNEXPANDED_GITHUB_TOKEN,
} from './parsers.js';
import { parseRateLimit, type RateLimit } from './rate-limit.js';
import { OPERATIONS, type Operation } from './operations.js';
import { PROJECT_SLUG, splitList, versionSlug } from './slugs.js';

export { OPERATIONS, type Operation } from './operations.js';

/**
 * How an input is given: `text`; `list` (several values, one per line or comma-separated); `flag`
 * (`true` or `false`); `optional-flag` (`true`, `false` or empty); `secret` (text never printed).
 */
type InputKind = 'text' | 'list' | 'flag' | 'optional-flag' | 'secret';

/** What the registry of operations (src/operations/index.ts) tells the inputs whose description names them. */
export interface RegistryFacts {
  /** Every operation, in the docs' order. */
  operations: readonly Operation[];
  /** The operations whose descriptor needs `token`. */
  needToken: readonly Operation[];
  /** The operations that read the input being described (their descriptors' `inputs`). */
  readers: readonly Operation[];
}

export interface InputDeclaration {
  kind: InputKind;
  /** What the text becomes, or a refusal that names what the input accepts. */
  schema: z.ZodMiniType;
  /** What the action applies when the runner gives nothing (action.yml's default, but `github-token`'s). */
  default: string;
  /**
   * One line, Markdown: action.yml's description and `--help`'s (`npm run generate` writes action.yml
   * from it). A function when it names operations: the registry gives them (`inputDescription`).
   */
  description: string | ((registry: RegistryFacts) => string);
  /** A flag that defaults to `true`: what `--no-<name>` does, `--help`'s text for it. */
  offText?: string;
  /** Read as given, spaces and blank lines kept (a value's own); every other input is trimmed. */
  verbatim?: true;
  /**
   * Given to an operation that does not read it: `warning` when it changes neither what is written
   * nor what is decided (how often to poll); else an *Invalid input* error (`dry-run` on `build`
   * would build for real). src/operations/unread-inputs.ts applies it.
   */
  whenUnread?: 'warning';
  /**
   * action.yml's default when it is an expression the runner expands (`${{ github.token }}`): the
   * step cannot tell it from a given value, so it is never taken for one.
   */
  runnerDefault?: string;
}

/** The operation of a step that names none (but on pull-request events: `operationMissing`). */
export const DEFAULT_OPERATION: Operation = 'build';

/** `a`, `b` and `c` (or `or`), each as code. */
export const listed = (names: readonly string[], last: 'and' | 'or') =>
  names.length < 2
    ? names.map((name) => `\`${name}\``).join('')
    : `${names
        .slice(0, -1)
        .map((name) => `\`${name}\``)
        .join(', ')} ${last} \`${names.at(-1)}\``;

/** A description that starts with the operations that read the input: "For `env` and `apply`" + `rest`. */
const forReaders =
  (rest: string) =>
  ({ readers }: RegistryFacts): string =>
    `For ${listed(readers, 'and')}${rest}`;

/**
 * Every input of action.yml, in its order: kind, default and description, declared once.
 * test/declarations.test.ts checks action.yml against it; the terminal's `--help` is made from it,
 * `INPUT_DEFAULTS` too, and `parseInputs` parses every input with its `schema` in one zod object
 * whose type is inferred.
 */
export const INPUT_DECLARATIONS = {
  token: {
    kind: 'secret',
    default: '',
    description: ({ operations, needToken }) =>
      `Read the Docs API token, stored as a secret. Required for ${listed(needToken, 'and')}; optional for public projects with ${listed(
        operations.filter((name) => !needToken.includes(name)),
        'and',
      )}.`,
    schema: optionalText,
  },
  project: {
    kind: 'list',
    default: '',
    description: 'Project slug, or several (one per line or comma-separated), e.g. a project and its translations.',
    schema: parser((text, refuse) => {
      const projects = splitList(text);
      if (projects.length === 0) return refuse('is required: a project slug, or several (one per line or comma-separated)');
      for (const slug of projects) {
        if (!PROJECT_SLUG.test(slug)) {
          return refuse(
            `\`${slug}\` is not a project slug: use lowercase letters, digits, \`-\` and \`_\` (the slug in the project's URL)`,
          );
        }
      }
      return [...new Set(projects)];
    }),
  },
  version: {
    kind: 'text',
    default: '',
    description:
      "Version slug; a ref name such as `v2.0` (e.g. the pushed tag) is slugified the way the service does. Empty means the project's default version.",
    schema: parser((text, refuse) => {
      if (text.trim() === '') return undefined;
      const slug = versionSlug(text);
      if (slug === undefined) {
        return refuse(`\`${text}\` has letters whose slug cannot be told here: give the version's slug as its Read the Docs URL shows it`);
      }
      if (slug === '') return refuse(`\`${text}\` cannot be a version slug: use letters, digits, \`.\`, \`_\`, \`-\``);
      return slug;
    }),
  },
  operation: {
    kind: 'text',
    // Empty, so that the step tells "not given" from `build`: on pull-request events it must be given.
    default: '',
    description: ({ operations }) =>
      `What to do: ${listed(operations, 'or')}. When left out, \`${DEFAULT_OPERATION}\`; on \`pull_request\` and \`pull_request_target\` events it must be given (\`preview\` or \`wait\`: \`build\` there builds the default branch, not the pull request).`,
    schema: parser((text, refuse): Operation => {
      const value = text.trim().toLowerCase() || DEFAULT_OPERATION;
      const operation = OPERATIONS.find((name) => name === value);
      return operation ?? refuse(`accepts ${OPERATIONS.map((name) => `\`${name}\``).join(', ')}; got \`${text}\``);
    }),
  },
  'base-url': {
    kind: 'text',
    default: 'https://app.readthedocs.org',
    description: 'The service. `https://app.readthedocs.com` for Read the Docs for Business. Plain `http://` only for loopback addresses.',
    schema: parser((text, refuse) => {
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
  },
  wait: {
    kind: 'flag',
    default: 'true',
    description: forReaders(', with `false`, return as soon as the build is created, with `build-id` set.'),
    offText: 'For `build`, return as soon as the build is created, with `build-id` set; do not wait for it.',
    schema: booleanInput,
  },
  timeout: {
    kind: 'text',
    default: '30m',
    description: 'How long the step may wait in all, in seconds (`600`) or as `90s`, `15m`, `1h`.',
    schema: durationInput,
  },
  commit: {
    kind: 'text',
    default: '',
    description: forReaders(
      ": with `wait`, the full SHA whose build to wait for (empty: the pull request's head SHA on pull-request events, else `GITHUB_SHA`); with `merge-queue` run by hand, the group's commit.",
    ),
    schema: parser((text, refuse) => {
      const sha = text.trim().toLowerCase();
      if (sha === '') return undefined;
      if (!/^([0-9a-f]{40}|[0-9a-f]{64})$/.test(sha)) {
        return refuse(`\`${text}\` is not a full commit SHA: give all 40 hexadecimal characters (the service filters on the exact SHA)`);
      }
      return sha;
    }),
  },
  'github-token': {
    kind: 'secret',
    default: '',
    runnerDefault: '${{ github.token }}',
    description:
      "Token for GitHub's API: `preview`'s comment and statuses, `merge-queue`'s status, `apply`'s plan comment, `health`'s reads and issue.",
    // Tools that run the action outside a runner (`@github/local-action`) pass action.yml's default
    // verbatim: the unexpanded expression is no token.
    schema: parser((text) => (text.trim() === '' || UNEXPANDED_GITHUB_TOKEN.test(text) ? undefined : text.trim())),
  },
  'rate-limit': {
    kind: 'text',
    // Empty: 60/1m with a token, 5/1m without (the service's anonymous limit, shared with search).
    default: '',
    description:
      "The request budget of the whole step, per minute (`60`) or per period (`30/10s`). Empty: the service's own, `60/1m` with a token, `5/1m` without.",
    schema: parser((text, refuse): RateLimit | undefined => {
      if (text.trim() === '') return undefined;
      const limit = parseRateLimit(text);
      if (!limit)
        return refuse(`\`${text}\` is not a rate: use requests per minute (\`60\`) or requests per period (\`60/1m\`, \`30/10s\`)`);
      return limit;
    }),
  },
  'poll-interval': {
    kind: 'text',
    default: 'auto',
    whenUnread: 'warning',
    description: "`auto` polls predictively from the version's recent build times; a duration (`5s`) polls at that fixed interval.",
    schema: parser((text, refuse): 'auto' | number => {
      if (text.trim() === '' || text.trim().toLowerCase() === 'auto') return 'auto';
      const ms = parseDuration(text);
      if (ms === undefined || ms < 100)
        return refuse(`\`${text}\` is not accepted: use \`auto\` (predictive) or a fixed interval such as \`5s\``);
      return ms;
    }),
  },
  activate: {
    kind: 'flag',
    default: 'true',
    description: forReaders(' with `version`, activate the version when it is inactive (which queues its build).'),
    offText: 'For `sync-versions` with `version`, leave an inactive version inactive: no build is queued.',
    schema: booleanInput,
  },
  hidden: {
    kind: 'optional-flag',
    default: '',
    description: forReaders(' with `version`, set the version hidden (`true`) or listed (`false`); empty leaves it as it is.'),
    schema: optionalBoolean,
  },
  verify: {
    kind: 'text',
    default: 'warn',
    description: forReaders(
      ' with `version`: `warn` or `strict` checks through search that the new docs are live (a warning or a failure when not); `none` skips it.',
    ),
    schema: oneOf(['warn', 'strict', 'none'] as const),
  },
  'verify-query': {
    kind: 'text',
    default: '',
    description: forReaders(", the search query that must find the version's pages. Empty means the project's name."),
    schema: optionalText,
  },
  variables: {
    kind: 'text',
    default: '',
    verbatim: true,
    description: forReaders(
      ', private environment variables, one `NAME=value` per line, or `NAME<<EOF` … `EOF` for a value over several lines.',
    ),
    schema: z.string(),
  },
  'public-variables': {
    kind: 'text',
    default: '',
    verbatim: true,
    description: forReaders(', variables that pull-request builds may see too, in the same form.'),
    schema: z.string(),
  },
  prune: {
    kind: 'flag',
    default: 'false',
    description: forReaders(
      ", delete what is not given: with `env`, the project's variables not named; with `apply`, the redirects and subprojects the file does not list, and it deactivates the versions its `version_policy` turns off.",
    ),
    schema: booleanInput,
  },

  'dry-run': {
    kind: 'flag',
    default: 'false',
    description: forReaders(', print the plan and change nothing.'),
    schema: booleanInput,
  },
  translations: {
    kind: 'flag',
    default: 'false',
    description: forReaders(', also report each translation of the project.'),
    schema: booleanInput,
  },
  trigger: {
    kind: 'flag',
    default: 'false',
    description: forReaders(', trigger the PR version when the service started no build for the head commit.'),
    schema: booleanInput,
  },
  'preview-url-template': {
    kind: 'text',
    default: '',
    description: forReaders(', the preview URL with placeholders `{project}`, `{version}` and `{language}`, replacing the computed one.'),
    schema: optionalText,
  },
  'docs-path': {
    kind: 'text',
    default: '',
    description: forReaders(', the docs source folder used to link changed pages when `.readthedocs.yaml` does not tell.'),
    schema: pathInput((path) => (path === '' ? undefined : path)),
  },
  comment: {
    kind: 'text',
    default: 'auto',
    description: forReaders(
      ": `auto` (a sticky PR comment, none when every project is ready at the head commit and Read the Docs' own comment is about that commit), `comment` (always), `description` (a block in the PR description) or `none`.",
    ),
    schema: oneOf(['auto', 'comment', 'description', 'none'] as const),
  },

  'comment-header': {
    kind: 'text',
    default: '',
    description: forReaders(', tells apart several uses in one repository (each keeps its own comment or issue).'),
    schema: parser((text) => text.trim()),
  },
  config: {
    kind: 'text',
    default: '.github/readthedocs-project.yml',
    description: forReaders(', the project file (settings, redirects, subprojects, versions), relative to the repository.'),
    schema: pathInput((path, refuse) => {
      if (path.split(/[\\/]/).includes('..')) return refuse(`\`${path}\` must stay inside the repository: give a path without \`..\``);
      // `/etc/x.yml`, `C:\x.yml` (or `C:x.yml`), `\\server\x.yml`: `export` would write wherever it points.
      if (posix.isAbsolute(path) || win32.isAbsolute(path) || /^[A-Za-z]:/.test(path)) {
        return refuse(
          `\`${path}\` must stay inside the repository: give a path relative to it (from the command line, to the current folder)`,
        );
      }
      if (!/\.ya?ml$/i.test(path)) return refuse(`\`${path}\` is not a YAML file: give a path ending in \`.yml\` or \`.yaml\``);
      return path;
    }),
  },
  'fail-on-changes': {
    kind: 'flag',
    default: 'false',
    description: forReaders(', fail the step when the plan is not empty (drift check; with `dry-run` nothing is written).'),
    schema: booleanInput,
  },
  deployment: {
    kind: 'flag',
    default: 'true',
    description: forReaders(", a GitHub deployment per project on the PR's head commit (needs `deployments: write`)."),
    offText: 'For `preview`, make no GitHub deployment.',
    schema: booleanInput,
  },
  'deployment-environment': {
    kind: 'text',
    default: 'readthedocs-preview/{project}',
    description: forReaders(", the deployments' environment; `{project}` is replaced by the project's slug."),
    schema: parser((text, refuse) => {
      const name = text.trim();
      if (name.length > 255 || /[\u0000-\u001f]/.test(name))
        return refuse('is not an environment name: use up to 255 characters on one line, e.g. `readthedocs-preview/{project}`');
      return name;
    }),
  },
  'redirect-check': {
    kind: 'text',
    default: 'warn',
    description: forReaders(', pages moved or removed without a redirect: `warn`, `fail` (red step and status) or `off`.'),
    schema: oneOf(['warn', 'fail', 'off'] as const),
  },
  warnings: {
    kind: 'text',
    default: 'warn',
    description: forReaders(
      " (its `build` check), Sphinx and MkDocs warnings new since the base branch's build (a branch: the version's previous one): `warn`, `fail` (red step and status on new ones only) or `off`.",
    ),
    schema: oneOf(['warn', 'fail', 'off'] as const),
  },
  'link-check': {
    kind: 'text',
    default: 'auto',
    description: forReaders(
      ', broken links and images: `warn`, `fail` (red step on a broken internal one), `off`, or `auto` (`warn` for `preview`, `off` for `health`).',
    ),
    schema: oneOf(['auto', 'warn', 'fail', 'off'] as const),
  },
  'link-check-anchors': {
    kind: 'text',
    default: 'auto',
    description: forReaders(', broken anchors (`#fragment`) apart: `warn`, `fail`, `off`, or `auto` (as `link-check`).'),
    schema: oneOf(['auto', 'warn', 'fail', 'off'] as const),
  },
  'link-check-external': {
    kind: 'flag',
    default: 'false',
    description: forReaders(' with `link-check`, check links to other sites too (reported, never failing the step).'),
    schema: booleanInput,
  },
  'link-check-ignore': {
    kind: 'list',
    default: '',
    description: forReaders(', link targets not to check: glob patterns, one per line (`*` within a path segment, `**` across).'),
    schema: parser((text, refuse) => {
      const patterns = text
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '');
      if (patterns.length > 100 || patterns.some((pattern) => pattern.length > 500))
        return refuse('accepts at most 100 glob patterns of up to 500 characters, one per line');
      return patterns;
    }),
  },
  'link-check-accept': {
    kind: 'list',
    default: '',
    description: forReaders(
      ' with `link-check-external`, statuses that other sites may answer and that count as working (`403, 999`): a site that refuses robots.',
    ),
    schema: parser((text, refuse) => {
      const words = text.split(/[\s,]+/).filter((word) => word !== '');
      if (words.length > 50 || !words.every((word) => /^[1-9]\d\d$/.test(word)))
        return refuse(`\`${text.slice(0, 100)}\` is not accepted: give HTTP statuses (100 to 999), separated by commas or spaces`);
      return new Set(words.map(Number));
    }),
  },
  'link-check-recheck': {
    kind: 'text',
    default: '30s',
    description: forReaders(
      ' with `link-check-external`, how long after its first answer a link to another site that looked dead is asked again, after the rest of the check; dead only when it still fails.',
    ),
    schema: durationInput,
  },
  'link-check-pages': {
    kind: 'text',
    default: '500',
    description: forReaders(' with `link-check`, how many pages of the default version are crawled at most.'),
    schema: parser((text, refuse) => {
      const count = /^\s*(\d{1,5})\s*$/.exec(text);
      if (!count || Number(count[1]) < 1 || Number(count[1]) > 5000)
        return refuse(`\`${text}\` is not accepted: give a whole number from 1 to 5000`);
      return Number(count[1]);
    }),
  },
  'queue-check': {
    kind: 'text',
    default: 'build',
    description: forReaders(": `build` (build the group's commit) or `mirror` (carry the queued PR's build result)."),
    schema: oneOf(['build', 'mirror'] as const),
  },
  'status-context': {
    kind: 'text',
    default: 'docs/readthedocs.org:{project}',
    description: forReaders(
      ", the status context on the group's commit (`{project}`: the slug); for Business, `docs/readthedocs.com:{project}`, which we expect but have not seen: check it on one of your PRs.",
    ),
    schema: parser((text, refuse) => {
      const name = text.trim();
      if (name === '' || name.length > 255 || /[\u0000-\u001f]/.test(name))
        return refuse('is not a status context: use up to 255 characters on one line, e.g. `docs/readthedocs.org:{project}`');
      return name;
    }),
  },

  // `health`
  'grace-period': {
    kind: 'text',
    default: '1h',
    description: forReaders(", how long the branch's head may wait for its build."),
    schema: durationInput,
  },
  releases: {
    kind: 'text',
    default: '3',
    description: forReaders(', how many newest release tags must have docs.'),
    schema: parser((text, refuse) => {
      const count = /^\s*(\d{1,2})\s*$/.exec(text);
      if (!count || Number(count[1]) > 50) return refuse(`\`${text}\` is not accepted: give a whole number from 0 to 50`);
      return Number(count[1]);
    }),
  },
  'health-issue': {
    kind: 'flag',
    default: 'true',
    description: forReaders(', keep one issue open while a problem remains (needs `issues: write`).'),
    offText: 'For `health`, keep no issue: the summary and the exit status only.',
    schema: booleanInput,
  },
  'on-problem': {
    kind: 'text',
    default: 'fail',
    description: forReaders(', while a problem remains: `fail` (a red step) or `warn`.'),
    schema: oneOf(['fail', 'warn'] as const),
  },
} as const satisfies Record<string, InputDeclaration>;

export type InputName = keyof typeof INPUT_DECLARATIONS;

/** Every input's name, in action.yml's order. */
export const INPUT_NAMES = Object.keys(INPUT_DECLARATIONS) as InputName[];

/** An input's declaration as the common shape (its optional fields readable whatever the input). */
export const declarationOf = (name: InputName): InputDeclaration => INPUT_DECLARATIONS[name];
