// `operation: preview` as the end-to-end tests run it: the bundled action on a pull-request event,
// one project `demo` whose PR versions the Read the Docs stand-in serves under /docs/ (reached
// through `preview-url-template`), and the GitHub stand-in as GITHUB_API_URL.
import type { GitHubStandin } from '../../harness/github-standin.ts';
import type { Standin } from '../../harness/rtd-standin.ts';
import { runAction, type ActionRun } from '../../harness/run-action.ts';

export const TOKEN = 'rtd_secret_token_abcdef123456';
export const PR = 7;
export const HEAD = '3f2a9c1d5e7b4a6c8d0e2f4a6b8c0d2e4f6a8b0c';
export const BASE_REPO = 'octo/docs-repo';

/** Where the stand-in serves the PR's preview of `demo`. */
export const previewOf = (rtd: Standin, language = 'en') => `${rtd.url}/docs/demo--${PR}/${language}/${PR}/`;

/**
 * The inputs of a preview step: quick fixed polling, a generous budget, the stand-in's preview host,
 * and a `timeout` far above what a run needs (a few seconds alone, 25 s seen on a busy machine):
 * a test asserts on states, never on how fast the machine is (issue 49).
 */
export function previewInputs(rtd: Standin, extra: Record<string, string> = {}): Record<string, string> {
  return {
    operation: 'preview',
    project: 'demo',
    token: TOKEN,
    'base-url': rtd.url,
    'poll-interval': '200ms',
    'rate-limit': '600/1m',
    timeout: '3m',
    'preview-url-template': `${rtd.url}/docs/demo--{version}/{language}/{version}/`,
    ...extra,
  };
}

/** A `pull_request` event of PR #7 at HEAD (`merged` only for `closed`). */
export function pullRequestEvent(options: { action?: string; headRepo?: string; merged?: boolean } = {}) {
  return {
    name: 'pull_request',
    payload: {
      action: options.action ?? 'synchronize',
      number: PR,
      pull_request: {
        number: PR,
        ...(options.merged === undefined ? {} : { merged: options.merged }),
        head: { sha: HEAD, repo: { full_name: options.headRepo ?? BASE_REPO } },
        base: { repo: { full_name: BASE_REPO } },
      },
    },
  };
}

/** Runs dist/index.js as the runner does, with `event` and GitHub's stand-in as its API (and `env` beside). */
export function runPreview(
  stands: { rtd: Standin; gh: GitHubStandin },
  event: { name: string; payload: unknown },
  extra: Record<string, string> = {},
  env: Record<string, string> = {},
): Promise<ActionRun> {
  return runAction({ inputs: previewInputs(stands.rtd, extra), event, env: { GITHUB_API_URL: stands.gh.url, ...env } });
}
