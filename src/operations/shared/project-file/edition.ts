/**
 * What the `base-url` input says about the service. Read the Docs Community
 * (`https://app.readthedocs.org`, the default) refuses or drops some things that Read the Docs for
 * Business (`https://app.readthedocs.com`) takes (FACTS.md, "Rules the service enforces on
 * writes"). Any other URL (a proxy, a test server) says nothing: the rules of both apply as the
 * service enforces them, and the read-back after writing tells what did not take.
 */
export type Edition = 'community' | 'business' | 'unknown';

export function editionOf(baseUrl: string): Edition {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return 'unknown';
  }
  if (host === 'app.readthedocs.org' || host === 'readthedocs.org') return 'community';
  if (host === 'app.readthedocs.com' || host === 'readthedocs.com') return 'business';
  return 'unknown';
}

/** FACTS: "Community projects may hold 100 redirects: a create is refused while the project has 100". */
export const COMMUNITY_REDIRECT_LIMIT = 100;
