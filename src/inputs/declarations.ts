/**
 * The operations, in the order the docs list them. Each has its folder under src/operations/ and
 * a line in the registry (src/operations/index.ts), which TypeScript holds to this list.
 */
export const OPERATIONS = ['build', 'wait', 'sync-versions', 'env', 'preview', 'apply', 'export'] as const;
export type Operation = (typeof OPERATIONS)[number];

/**
 * How an input is given: `text`; `list` (several values, one per line or comma-separated); `flag`
 * (`true` or `false`); `optional-flag` (`true`, `false` or empty); `secret` (text never printed).
 */
export type InputKind = 'text' | 'list' | 'flag' | 'optional-flag' | 'secret';

export interface InputDeclaration {
  kind: InputKind;
  /** What the action applies when the runner gives nothing (action.yml's default, but `github-token`'s). */
  default: string;
  /** One line, Markdown: action.yml's description (test/declarations.test.ts keeps them equal). */
  description: string;
}

/**
 * Every input of action.yml, in its order: kind, default and description, declared once.
 * test/declarations.test.ts checks action.yml against it; the terminal's `--help` is made from it,
 * `INPUT_DEFAULTS` too. Its parser is its zod schema in `inputs.ts` (`fieldSchemas`, which the type
 * holds to the same names).
 */
export const INPUT_DECLARATIONS = {
  token: {
    kind: 'secret',
    default: '',
    description:
      'Read the Docs API token, stored as a secret. Required for `build`, `sync-versions`, `env`, `apply` and `export`; optional for public projects with `wait` and `preview`.',
  },
  project: {
    kind: 'list',
    default: '',
    description: 'Project slug, or several (one per line or comma-separated), e.g. a project and its translations.',
  },
  version: {
    kind: 'text',
    default: '',
    description:
      "Version slug; a ref name such as `v2.0` (e.g. the pushed tag) is slugified the way the service does. Empty means the project's default version.",
  },
  operation: {
    kind: 'text',
    default: 'build',
    description: 'What to do: `build`, `wait`, `sync-versions`, `env`, `preview`, `apply` or `export`.',
  },
  'base-url': {
    kind: 'text',
    default: 'https://app.readthedocs.org',
    description: 'The service. `https://app.readthedocs.com` for Read the Docs for Business. Plain `http://` only for loopback addresses.',
  },
  wait: {
    kind: 'flag',
    default: 'true',
    description: 'With `false`, `build` returns as soon as the build is created, with `build-id` set.',
  },
  timeout: { kind: 'text', default: '30m', description: 'How long the step may wait in all, in seconds (`600`) or as `90s`, `15m`, `1h`.' },
  commit: {
    kind: 'text',
    default: '',
    description:
      "For `wait`, the full SHA whose build to wait for. Empty means the pull request's head SHA on pull-request events, else `GITHUB_SHA`.",
  },
  'github-token': {
    kind: 'secret',
    default: '',
    description: "Token for GitHub's API, used by `preview` for the PR comment and commit statuses, and by `apply` for the plan comment.",
  },
  'rate-limit': {
    kind: 'text',
    // Empty: 60/1m with a token, 5/1m without (the service's anonymous limit, shared with search).
    default: '',
    description:
      "The request budget shared by everything the step sends to the service, as requests per minute (`60`) or per period (`30/10s`). Empty means the service's own limit, `60/1m` with a token and `5/1m` without one.",
  },
  'poll-interval': {
    kind: 'text',
    default: 'auto',
    description: "`auto` polls predictively from the version's recent build times; a duration (`5s`) polls at that fixed interval.",
  },
  activate: {
    kind: 'flag',
    default: 'true',
    description: 'For `sync-versions` with `version`, activate the version when it is inactive (which queues its build).',
  },
  hidden: {
    kind: 'optional-flag',
    default: '',
    description: 'For `sync-versions` with `version`, set the version hidden (`true`) or listed (`false`); empty leaves it as it is.',
  },
  verify: {
    kind: 'text',
    default: 'warn',
    description:
      'For `sync-versions` with `version`: `warn` or `strict` checks through search that the new docs are live (a warning or a failure when not); `none` skips it.',
  },
  'verify-query': {
    kind: 'text',
    default: '',
    description: "For `sync-versions`, the search query that must find the version's pages. Empty means the project's name.",
  },
  variables: {
    kind: 'text',
    default: '',
    description:
      'For `env`, private environment variables, one `NAME=value` per line, or `NAME<<EOF` … `EOF` for a value over several lines.',
  },
  'public-variables': {
    kind: 'text',
    default: '',
    description: 'For `env`, variables that pull-request builds may see too, in the same form.',
  },
  prune: {
    kind: 'flag',
    default: 'false',
    description:
      "For `env`, delete the project's variables that are not named; for `apply`, delete the redirects and subprojects the file does not list, and deactivate the versions its `version_policy` turns off.",
  },

  'dry-run': { kind: 'flag', default: 'false', description: 'For `env` and `apply`, print the plan and change nothing.' },
  translations: { kind: 'flag', default: 'false', description: 'For `preview`, also report each translation of the project.' },
  trigger: {
    kind: 'flag',
    default: 'false',
    description: 'For `preview`, trigger the PR version when the service started no build for the head commit.',
  },
  'preview-url-template': {
    kind: 'text',
    default: '',
    description: 'For `preview`, the preview URL with placeholders `{project}`, `{version}` and `{language}`, replacing the computed one.',
  },
  'docs-path': {
    kind: 'text',
    default: '',
    description: 'For `preview`, the docs source folder used to link changed pages when `.readthedocs.yaml` does not tell.',
  },
  comment: {
    kind: 'text',
    default: 'auto',
    description:
      "For `preview`: `auto` (a sticky PR comment, none when Read the Docs' own comment covers every project), `comment` (always), `description` (a block in the PR description) or `none`.",
  },

  'comment-header': {
    kind: 'text',
    default: '',
    description: 'For `preview`, tells apart several independent uses in one repository (each keeps its own comment).',
  },
  config: {
    kind: 'text',
    default: '.github/readthedocs-project.yml',
    description: 'For `apply` and `export`, the project file (settings, redirects, subprojects, versions), relative to the repository.',
  },
  'fail-on-changes': {
    kind: 'flag',
    default: 'false',
    description: 'For `apply`, fail the step when the plan is not empty (drift check; with `dry-run` nothing is written).',
  },
  deployment: {
    kind: 'flag',
    default: 'true',
    description: "For `preview`, a GitHub deployment per project on the PR's head commit (needs `deployments: write`).",
  },
  'deployment-environment': {
    kind: 'text',
    default: 'readthedocs-preview/{project}',
    description: "For `preview`, the deployments' environment; `{project}` is replaced by the project's slug.",
  },
  'redirect-check': {
    kind: 'text',
    default: 'warn',
    description: 'For `preview`, pages moved or removed without a redirect: `warn`, `fail` (red step and status) or `off`.',
  },
} as const satisfies Record<string, InputDeclaration>;

export type InputName = keyof typeof INPUT_DECLARATIONS;

/** Every input's name, in action.yml's order. */
export const INPUT_NAMES = Object.keys(INPUT_DECLARATIONS) as InputName[];
