// A GitHubRepo over a scripted `request(route, params)` instead of a server: enough of Octokit for
// the client's calls, lists included (paginate's iterator over one page, as `callPages` drives it).
import type { GitHubRepo } from '../../src/github/api/client.js';

type Octokit = GitHubRepo['octokit'];
export type ScriptedRequest = (
  route: string,
  params: Record<string, unknown>,
) => Promise<{ data: unknown; headers: Record<string, string> }>;

export function scriptedRepo(request: ScriptedRequest, repo = { owner: 'octo', repo: 'docs' }): GitHubRepo {
  const paginate = {
    iterator: async function* (send: ScriptedRequest, params: Record<string, unknown>) {
      const { method, url, ...rest } = params;
      yield await send(`${String(method)} ${String(url)}`, rest);
    },
  };
  const octokit = { request: Object.assign(request, { defaults: () => request }), paginate };
  return { octokit: octokit as unknown as Octokit, ...repo };
}
