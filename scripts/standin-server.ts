// Keeps the loopback stand-ins of Read the Docs and GitHub running with the demo project, for trying
// the action or the command line by hand, or from a workflow (`uses: ./` in .github/workflows/self-test.yml).
//
//   npm run standin                # prints `url=http://127.0.0.1:PORT`, how to point the action and
//                                  # the command line at it, and a command per operation it serves
//   npm run standin -- --preview   # also writes the pull_request event and a .env for `preview`
//
// Projects: `acme-docs` (each trigger of `latest` succeeds after a few seconds) and `acme-broken`
// (each trigger fails in Sphinx). The token it accepts: demo-token-not-a-secret. Beside them, for the
// operations the docs show: a tag `v2.0` that a sync creates (`sync-versions`), a merge queue's
// branch for pull request #42 that a sync creates (`merge-queue`, `queue-check: build`), the PR's
// own build (`mirror`, `preview`), and GitHub's REST API with the repository octo/docs-repo (the
// PR, its files, .readthedocs.yaml, comments, statuses, deployments, the default branch).
//
// With --preview, it writes the pull_request event and a .env file for `npm run local` into a
// temporary folder and prints both paths: `npm run local -- <that .env>` runs `preview` end to end.
import './node-check.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGitHubStandin, type GitHubStandin } from '../harness/github-standin.ts';
import {
  DEMO_BUILD_MS_REFUSED,
  DEMO_HEAD_SHA,
  DEMO_PR,
  DEMO_PROJECT,
  DEMO_TOKEN,
  demoBuildMs,
  pullRequestEvent,
  startTrialService,
  TRIAL_PROJECTS,
} from '../harness/demo-scenario.ts';
import { seedOperations, trialHints } from '../harness/trial-scenario.ts';

/** Not a secret: only the GitHub stand-in accepts it. */
export const DEMO_GITHUB_TOKEN = 'ghs_demo_token_not_a_secret';

const preview = process.argv.slice(2).includes('--preview');
const buildMs = demoBuildMs(process.env.DEMO_BUILD_MS, 3000);
if (buildMs === undefined) {
  process.stderr.write(`${DEMO_BUILD_MS_REFUSED}\n`);
  process.exit(2);
}
const standin = await startTrialService(buildMs);
const repo = { owner: 'octo', repo: 'docs-repo' };
const github: GitHubStandin = await startGitHubStandin({ token: DEMO_GITHUB_TOKEN, ...repo });
seedOperations(standin, github, buildMs);
let folder: string | undefined;

process.stdout.write(`url=${standin.url}\n`);
process.stdout.write(`token=${DEMO_TOKEN}\nprojects=${TRIAL_PROJECTS.join(',')}\n`);
process.stdout.write(`github-api-url=${github.url}\ngithub-token=${DEMO_GITHUB_TOKEN}\n`);
process.stdout.write(trialHints(standin.url, github.url));

if (preview) {
  folder = mkdtempSync(join(tmpdir(), 'rtd-standin-preview-'));
  const event = pullRequestEvent();
  const eventPath = join(folder, 'event.json');
  writeFileSync(eventPath, JSON.stringify(event.payload, null, 2));
  const envPath = join(folder, 'preview.env');
  writeFileSync(envPath, previewEnv(standin.url, github.url, eventPath, event.name));
  process.stdout.write(`pull-request=${DEMO_PR} (head ${DEMO_HEAD_SHA})\nevent=${eventPath}\nenv-file=${envPath}\n`);
  process.stdout.write(
    `Its link check seen failing: add the line INPUT_LINK-CHECK=fail to ${envPath} and run it again (the options ` +
      'reference links configuration.html#timeouts, an anchor that page does not have; by default it is a warning)\n',
  );
  process.stdout.write(`Run the preview:  npm run local -- ${envPath}\n`);
}

/** The .env of a `preview` run against both stand-ins: what the runner would set for a pull_request event. */
function previewEnv(rtdUrl: string, githubUrl: string, eventPath: string, eventName: string): string {
  return [
    '# Written by `npm run standin -- --preview`: the preview step of a pull_request workflow, against the stand-ins.',
    'INPUT_OPERATION=preview',
    `INPUT_PROJECT=${DEMO_PROJECT}`,
    `INPUT_TOKEN=${DEMO_TOKEN}`,
    `INPUT_BASE-URL=${rtdUrl}`,
    `INPUT_GITHUB-TOKEN=${DEMO_GITHUB_TOKEN}`,
    // No `preview-url-template`: the stand-in gives its own address as the build's preview URL (the
    // real host, acme-docs--42.org.readthedocs.build, is not reachable offline), and serves the
    // service's file tree diff there, as `npm run demo -- preview` shows.
    `GITHUB_API_URL=${githubUrl}`,
    `GITHUB_EVENT_NAME=${eventName}`,
    `GITHUB_EVENT_PATH=${eventPath}`,
    'GITHUB_REPOSITORY=octo/docs-repo',
    `GITHUB_SHA=${DEMO_HEAD_SHA}`,
    '',
  ].join('\n');
}

const stop = (signal: string) => {
  process.stdout.write(`${signal}: stopping after ${standin.requests.length} requests, GitHub ${github.requests.length}\n`);
  if (folder) rmSync(folder, { recursive: true, force: true });
  void Promise.all([standin.close(), github.close()]).then(() => process.exit(0));
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
