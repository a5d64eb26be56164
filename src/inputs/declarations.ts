import type { InputName } from './inputs.js';

/**
 * How an input is given: `text`; `list` (several values, one per line or comma-separated); `flag`
 * (`true` or `false`); `optional-flag` (`true`, `false` or empty); `secret` (text never printed).
 */
export type InputKind = 'text' | 'list' | 'flag' | 'optional-flag' | 'secret';

export interface InputDeclaration {
  kind: InputKind;
  /** One line, Markdown: action.yml's description (test/declarations.test.ts keeps them equal). */
  description: string;
}

/**
 * Every input's description and kind, declared once: action.yml is checked against it, and the
 * terminal's `--help` and `.env.example` are made from it. The default and the parser are in
 * `inputs.ts` (`INPUT_DEFAULTS`, the zod schemas).
 */
export const INPUT_DECLARATIONS = {
  token: {
    kind: 'secret',
    description:
      'Read the Docs API token, stored as a secret. Required for `build`, `sync-versions`, `env`, `apply` and `export`; optional for public projects with `wait` and `preview`.',
  },
  project: {
    kind: 'list',
    description: 'Project slug, or several (one per line or comma-separated), e.g. a project and its translations.',
  },
  version: {
    kind: 'text',
    description:
      "Version slug; a ref name such as `v2.0` (e.g. the pushed tag) is slugified the way the service does. Empty means the project's default version.",
  },
  operation: { kind: 'text', description: 'What to do: `build`, `wait`, `sync-versions`, `env`, `preview`, `apply` or `export`.' },
  'base-url': {
    kind: 'text',
    description: 'The service. `https://app.readthedocs.com` for Read the Docs for Business. Plain `http://` only for loopback addresses.',
  },
  wait: { kind: 'flag', description: 'With `false`, `build` returns as soon as the build is created, with `build-id` set.' },
  timeout: { kind: 'text', description: 'How long the step may wait in all, in seconds (`600`) or as `90s`, `15m`, `1h`.' },
  commit: {
    kind: 'text',
    description:
      "For `wait`, the full SHA whose build to wait for. Empty means the pull request's head SHA on pull-request events, else `GITHUB_SHA`.",
  },
  'github-token': {
    kind: 'secret',
    description: "Token for GitHub's API, used by `preview` for the PR comment and commit statuses, and by `apply` for the plan comment.",
  },
  'rate-limit': {
    kind: 'text',
    description:
      "The request budget shared by everything the step sends to the service, as requests per minute (`60`) or per period (`30/10s`). Empty means the service's own limit, `60/1m` with a token and `5/1m` without one.",
  },
  'poll-interval': {
    kind: 'text',
    description: "`auto` polls predictively from the version's recent build times; a duration (`5s`) polls at that fixed interval.",
  },
  activate: {
    kind: 'flag',
    description: 'For `sync-versions` with `version`, activate the version when it is inactive (which queues its build).',
  },
  hidden: {
    kind: 'optional-flag',
    description: 'For `sync-versions` with `version`, set the version hidden (`true`) or listed (`false`); empty leaves it as it is.',
  },
  verify: {
    kind: 'text',
    description:
      'For `sync-versions` with `version`: `warn` or `strict` checks through search that the new docs are live (a warning or a failure when not); `none` skips it.',
  },
  'verify-query': {
    kind: 'text',
    description: "For `sync-versions`, the search query that must find the version's pages. Empty means the project's name.",
  },
  variables: {
    kind: 'text',
    description:
      'For `env`, private environment variables, one `NAME=value` per line, or `NAME<<EOF` … `EOF` for a value over several lines.',
  },
  'public-variables': { kind: 'text', description: 'For `env`, variables that pull-request builds may see too, in the same form.' },
  prune: {
    kind: 'flag',
    description:
      "For `env`, delete the project's variables that are not named; for `apply`, delete the redirects and subprojects the file does not list, and deactivate the versions its `version_policy` turns off.",
  },

  'dry-run': { kind: 'flag', description: 'For `env` and `apply`, print the plan and change nothing.' },
  translations: { kind: 'flag', description: 'For `preview`, also report each translation of the project.' },
  trigger: { kind: 'flag', description: 'For `preview`, trigger the PR version when the service started no build for the head commit.' },
  'preview-url-template': {
    kind: 'text',
    description: 'For `preview`, the preview URL with placeholders `{project}`, `{version}` and `{language}`, replacing the computed one.',
  },
  'docs-path': {
    kind: 'text',
    description: 'For `preview`, the docs source folder used to link changed pages when `.readthedocs.yaml` does not tell.',
  },
  comment: {
    kind: 'text',
    description:
      "For `preview`: `auto` (a sticky PR comment, none when Read the Docs' own comment covers every project), `comment` (always), `description` (a block in the PR description) or `none`.",
  },

  'comment-header': {
    kind: 'text',
    description: 'For `preview`, tells apart several independent uses in one repository (each keeps its own comment).',
  },
  config: {
    kind: 'text',
    description: 'For `apply` and `export`, the project file (settings, redirects, subprojects, versions), relative to the repository.',
  },
  'fail-on-changes': {
    kind: 'flag',
    description: 'For `apply`, fail the step when the plan is not empty (drift check; with `dry-run` nothing is written).',
  },
  deployment: {
    kind: 'flag',
    description: "For `preview`, a GitHub deployment per project on the PR's head commit (needs `deployments: write`).",
  },
  'deployment-environment': {
    kind: 'text',
    description: "For `preview`, the deployments' environment; `{project}` is replaced by the project's slug.",
  },
  'redirect-check': {
    kind: 'text',
    description: 'For `preview`, pages moved or removed without a redirect: `warn`, `fail` (red step and status) or `off`.',
  },
} as const satisfies Record<InputName, InputDeclaration>;
