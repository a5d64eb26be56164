// A page fetcher over a site the test writes (address → answer), recording each request: the link
// check's unit tests read pages through it, with no server and no socket (the stand-in's own
// scenarios are in test/operations/). A string is an HTML page that answers 200; an address the
// site does not hold answers 404; a list is one answer per request of that address, the last one
// repeated (a page that changes between two looks).
import type { PageFetcher } from '../../src/readthedocs/page-fetcher.js';

type Request = Parameters<PageFetcher['get']>[1];
type Answer = Awaited<ReturnType<PageFetcher['get']>>;

/** An HTML page (200), or an answer as the fetcher gives it (no answer at all: `{}`); a list: the answers in turn. */
export type ScriptedPage = string | Answer | readonly (string | Answer)[];

export interface ScriptedSite {
  pages: PageFetcher;
  /** Every request, in order. */
  asked: { url: string; request: Request }[];
}

export function scriptedSite(site: Record<string, ScriptedPage>): ScriptedSite {
  const asked: ScriptedSite['asked'] = [];
  const pages: PageFetcher = {
    get: async (url, request) => {
      const turn = asked.filter((one) => one.url === url).length;
      asked.push({ url, request });
      const scripted = site[url];
      const page = Array.isArray(scripted) ? scripted[Math.min(turn, scripted.length - 1)] : (scripted as string | Answer | undefined);
      if (page === undefined) return { status: 404, url, contentType: 'text/html', problem: 'answered 404' };
      if (typeof page !== 'string') return page;
      return { status: 200, url, contentType: 'text/html', ...(request.bytes ? { bytes: new TextEncoder().encode(page) } : {}) };
    },
    close: async () => {},
  };
  return { pages, asked };
}
