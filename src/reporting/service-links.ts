import { plainUrl, serviceDomains } from './output-values.js';

/** Where the service serves every pull request's preview (`org.` Community, `com.` Business), custom domain or not. */
export const PREVIEW_DOMAIN = 'readthedocs.build';

/** The service's own documentation domains (Community, Business), where a version is served without a custom domain. */
const DOCS_DOMAINS = ['readthedocs.io', 'readthedocs-hosted.com'];

/**
 * Links the service gives that the action hands on: in commit statuses and deployments, the PR
 * comment, the job summary and the outputs. Each must be a plain http(s) URL on the host it belongs
 * to; anything else (`javascript:`, another site) is dropped and the caller says so:
 * - a build's page is on the service: `base-url`'s host, or for `app.…` its parent domain
 *   (`app.readthedocs.org` links builds on `readthedocs.org`);
 * - a pull request's preview, as API v2 gives it, is on `*.readthedocs.build` or on the service;
 * - a version's documentation, where the action makes a link of it for people (`health`'s issue
 *   and summary), is on the service or its documentation domains (`*.readthedocs.io`,
 *   `*.readthedocs-hosted.com`), or exactly on the host of the project's own documentation URL as
 *   the service's API gives it for that project (`docsOf`: its custom domain); any other host is
 *   left out.
 *
 * A version's documentation URL (`docs-url`) may be on the project's own custom domain, which only
 * the service knows: it is held to the plain http(s) form only (`checkedResult`), and never becomes
 * a status or deployment link. A preview URL the action computes, or fills from
 * `preview-url-template` (the workflow's own choice of host), is not the service's and is not
 * checked here.
 */
export interface ServiceLinks {
  build(url: string | undefined): string | undefined;
  preview(url: string | undefined): string | undefined;
  docs(url: string | undefined): string | undefined;
  /**
   * `docs`, with the host of `projectDocs` (the project's `urls.documentation`) allowed too, that
   * host only (not its subdomains), when it is a plain http(s) URL.
   */
  docsOf(projectDocs: string | undefined): (url: string | undefined) => string | undefined;
}

export function serviceLinks(baseUrl: string): ServiceLinks {
  const service = serviceDomains(baseUrl);
  return {
    build: (url) => (url ? plainUrl(url, service) : undefined),
    preview: (url) => (url ? plainUrl(url, [...service, PREVIEW_DOMAIN]) : undefined),
    docs: (url) => (url ? plainUrl(url, [...service, ...DOCS_DOMAINS]) : undefined),
    docsOf: (projectDocs) => {
      const own = projectDocs && plainUrl(projectDocs) ? new URL(projectDocs).hostname.toLowerCase() : undefined;
      return (url) => {
        if (!url) return undefined;
        const onService = plainUrl(url, [...service, ...DOCS_DOMAINS]);
        if (onService !== undefined || own === undefined) return onService;
        return plainUrl(url) !== undefined && new URL(url).hostname.toLowerCase() === own ? url : undefined;
      };
    },
  };
}
