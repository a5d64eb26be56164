// A GitHubRepo over a scripted `request(route, params)` instead of a server: Octokit's own client
// (its typed `rest` methods and `paginate`), each request answered by the script, with the route as
// a template (`GET /repos/{owner}/{repo}/issues/{issue_number}/comments`) and the call's parameters.
import { getOctokit } from '@actions/github';
import type { GitHubRepo } from '../../src/github/api/client.js';

export type ScriptedRequest = (
  route: string,
  params: Record<string, unknown>,
) => Promise<{ data: unknown; headers: Record<string, string> }>;

export function scriptedRepo(request: ScriptedRequest, repo = { owner: 'octo', repo: 'docs' }): GitHubRepo {
  const octokit = getOctokit('scripted-token', { baseUrl: 'http://scripted.invalid' });
  octokit.hook.wrap('request', async (_send, options) => {
    const { method, url, baseUrl: _baseUrl, headers: _headers, mediaType: _mediaType, request: _request, ...params } = options;
    const { data, headers } = await request(`${method} ${url}`, params);
    return { status: 200, url: String(url), headers, data };
  });
  // One page per list: the script answers a list in one go.
  const paginate = Object.assign(octokit.paginate, {
    iterator: async function* (send: (params: unknown) => Promise<unknown>, params: unknown) {
      yield await send(params);
    },
  });
  return { octokit: Object.assign(octokit, { paginate }), ...repo, limits: { signal: new AbortController().signal } };
}
