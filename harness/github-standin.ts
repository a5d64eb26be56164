// Loopback stand-in of GitHub's REST API (the parts `preview`, `apply` and `health` use) for in-process and
// end-to-end tests, the demo and `npm run standin -- --preview`: one file per resource in
// github-standin/, on the HTTP base it shares with the Read the Docs stand-in.
export { startGitHubStandin } from './github-standin/standin.ts';
export type { GitHubStandin } from './github-standin/standin.ts';
export type { PullRequestSeed } from './github-standin/pulls.ts';
export type { StoredComment } from './github-standin/store.ts';
