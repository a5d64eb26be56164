import type { ProjectResult } from './project-result.js';

/**
 * Outputs are pasted by workflows into `run:` scripts (`${{ steps.x.outputs.build-url }}`), so a
 * value the service chose must not be able to carry shell syntax or line breaks. Each field is
 * checked against what it can legitimately be; anything else is emptied, with a warning.
 */

/** Build states the service reports. */
export const BUILD_STATES: ReadonlySet<string> = new Set([
  'triggered',
  'cloning',
  'installing',
  'building',
  'uploading',
  'finished',
  'cancelled',
]);

// An http(s) URL of characters that mean nothing to a shell but `#`/`?` (inert): no quotes, `$`,
// backticks, parentheses, `;`, `&`, `|`, `<`, `>`, spaces or line breaks.
const PLAIN_URL = /^https?:\/\/[A-Za-z0-9\-._~:/?#@%+=,]+$/;
// A SHA-1 or SHA-256 commit id, or an abbreviation of one.
const COMMIT = /^[0-9a-f]{7,64}$/i;

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

/**
 * A copy of `result` whose service-given fields (build URL, docs and preview URLs, state, commit)
 * are what they claim to be; a field that is not becomes undefined and `warn` says which.
 */
export function checkedResult(result: ProjectResult, baseUrl: string | undefined, warn: (message: string) => void): ProjectResult {
  const checked = { ...result };
  const drop = (field: 'buildUrl' | 'docsUrl' | 'previewUrl' | 'state' | 'commit', output: string, expected: string) => {
    delete checked[field];
    warn(`${result.project}: the service's value for output \`${output}\` is not ${expected}; the output is left empty`);
  };
  if (result.buildUrl !== undefined && !plainUrl(result.buildUrl, baseUrl ? serviceDomains(baseUrl) : undefined)) {
    drop('buildUrl', 'build-url', 'a plain http(s) URL on the service');
  }
  if (result.docsUrl !== undefined && !plainUrl(result.docsUrl)) drop('docsUrl', 'docs-url', 'a plain http(s) URL');
  if (result.previewUrl !== undefined && !plainUrl(result.previewUrl)) drop('previewUrl', 'preview-url', 'a plain http(s) URL');
  if (result.state !== undefined && !BUILD_STATES.has(result.state)) drop('state', 'state', 'a known build state');
  if (result.commit !== undefined && !COMMIT.test(result.commit)) drop('commit', 'commit', 'a hexadecimal commit SHA');
  return checked;
}
